/** Placeholder (issue #8): replaced by the page itself. */
import { Empty } from "antd";
export function PrepareFormPage() {
  return <Empty description="建设中" />;
}

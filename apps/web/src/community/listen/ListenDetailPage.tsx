/** Placeholder (issue #9): replaced by the page itself. */
import { Empty } from "antd";
export function ListenDetailPage() {
  return <Empty description="建设中" />;
}

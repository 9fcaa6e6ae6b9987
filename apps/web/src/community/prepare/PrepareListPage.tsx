/** Placeholder (issue #8): replaced by the page itself. */
import { Empty } from "antd";
export function CommunityPreparePage() {
  return <Empty description="建设中" />;
}
export function BlogPreparePage() {
  return <Empty description="建设中" />;
}

/** Placeholder (issue #9): replaced by the page itself. */
import { Empty } from "antd";
export function CommunityListenPage() {
  return <Empty description="建设中" />;
}
export function BlogListenPage() {
  return <Empty description="建设中" />;
}

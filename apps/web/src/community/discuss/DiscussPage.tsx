/** Placeholder (issue #9): replaced by the page itself. */
import { Empty } from "antd";
export function CommunityDiscussPage() {
  return <Empty description="建设中" />;
}
export function BlogDiscussPage() {
  return <Empty description="建设中" />;
}
export function DiscussDetailPage() {
  return <Empty description="建设中" />;
}

/** Placeholder (issue #9): replaced by the page itself. */
import { Empty } from "antd";
export function HomeworkDetailPage() {
  return <Empty description="建设中" />;
}
export function HomeworkTwoPage() {
  return <Empty description="建设中" />;
}
export function MyHomeworkDetailPage() {
  return <Empty description="建设中" />;
}
export function TeachingDetailPage() {
  return <Empty description="建设中" />;
}

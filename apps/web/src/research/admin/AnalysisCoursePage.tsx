/** Placeholder. OWNER: web-admin helper. */
import { Empty } from "antd";

export function AnalysisCoursePage() {
  return <Empty description="课堂分析建设中" />;
}
export function MyAnalysisPage() {
  return <Empty description="我的课例分析建设中" />;
}

/** Placeholder. OWNER: web-admin helper. */
import { Empty } from "antd";

export function AnalysisCensusPage() {
  return <Empty description="分析统计建设中" />;
}

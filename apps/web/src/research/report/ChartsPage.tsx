/** Placeholder. OWNER: web-report helper. */
import { Empty } from "antd";

export function ChartsPage() {
  return <Empty description="对比分析建设中" />;
}

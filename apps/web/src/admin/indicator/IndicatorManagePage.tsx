/** Placeholder (issue #9): the evaluation-indicator screen (IndicatorManage), replaced by the page itself. */
import { Empty } from "antd";

export function IndicatorManagePage() {
  return <Empty description="建设中" />;
}

/** Placeholder (issue #8): the AI diagnosis panel of a preparation's lesson plan, owned by the textbook web helper. */
import { Empty } from "antd";

export function DiagnosisPanel(_props: { preparationId: number; /** The caller may start a diagnosis. */ canRun: boolean; /** The plan diagnosed (0 = the main plan). */ docId?: number }) {
  return <Empty description="AI 诊断（建设中）" />;
}

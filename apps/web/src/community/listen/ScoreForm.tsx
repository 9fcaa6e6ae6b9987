/** Placeholder (issue #9): an evaluator's scoring form for a listen record (indicator items, comment, submit), owned by the listen web helper. */
import { Empty } from "antd";

export function ScoreForm(_props: { recordId: number; /** Called after a save or submit. */ onSaved?: () => void }) {
  return <Empty description="评分（建设中）" />;
}

/** AI comments on a lesson from its analysis (c291 aiListenCommentInfo, report summaries). Pure. OWNER: engine-metrics helper. */
import type { AiComment, AnalysisResult } from "@yanke/protocol";

/** Chinese comments, one or more per available section; none for unavailable sections. */
export function lessonComments(result: AnalysisResult): AiComment[] {
  void result;
  throw new Error("not implemented");
}

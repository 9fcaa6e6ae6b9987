/** ai_scoring: scores a lesson against a lecture_indicator tree (#9) from its analysis. Pure. OWNER: engine-metrics helper. */
import type { AnalysisResult, ScoringSection } from "@yanke/protocol";

export interface IndicatorNode {
  id: number;
  pid: number;
  name: string;
  /** weight of the item within its parent (0–100) */
  weight: number;
  max_score: number;
  /** leaf items are scored; dimensions sum their children */
  children: IndicatorNode[];
}

/**
 * Scores each leaf the analysis can judge (by what the item's name asks: 提问/互动 → questions and Ch, 讲授/时间 → Rt and
 * talk shares, 学生参与/主体 → student talk and autonomous time, 评价/反馈/理答 → 理答, 板书/教态/走动 → behaviour …);
 * the others are listed with score null and the reason. Never invents a score for a section that is unavailable.
 */
export function scoreLesson(schemeId: number, schemeName: string, tree: readonly IndicatorNode[], result: Omit<AnalysisResult, "scoring" | "stages" | "elapsed">): ScoringSection & { available: true } {
  void schemeId; void schemeName; void tree; void result;
  throw new Error("not implemented");
}

/**
 * Evaluation indicators (评课指标, the lecture_indicator tree: scheme → dimensions → items) and listen targets (听课目标,
 * the TPK tags); issue #9; docs/api/indicator.md. #10's ai_scoring reads the same tree.
 */
export const INDICATOR_CALLS = {
  /** c130 */ indicatorSave: "/research/lecture_indicator/save",
  /** c131 */ indicatorUpdate: "/research/lecture_indicator/update",
  /** c132 */ indicatorDelete: "/research/lecture_indicator/delete",
  /** new: the schemes the caller may use, or one scheme's tree */ indicatorList: "/research/lecture_indicator/list",
  /** new: one row (a scheme with its tree) */ indicatorRead: "/research/lecture_indicator/read",
  /** c294 */ listenTargetList: "/v2/listen_target/list",
  /** c295 */ listenTargetSave: "/v2/listen_target/save",
  /** c296 */ listenTargetUpdate: "/v2/listen_target/update",
  /** c297 */ listenTargetDelete: "/v2/listen_target/delete",
} as const;

/** S-T analysis (docs/analysis-method.md §S-T). Pure functions. OWNER: engine-metrics helper. */
import type { SpeechSegment, StCode, StSection, TeachingMode } from "@yanke/protocol";

/** Codes the moment (i + 0.5) × interval for i = 0 … ⌊duration / interval⌋ − 1: T when the teacher speaks then, else S. */
export function stSample(segments: readonly SpeechSegment[], duration: number, interval: number): StCode[] {
  void segments; void duration; void interval;
  throw new Error("not implemented");
}

/** 练习型 Rt ≤ 0.3, 讲授型 Rt ≥ 0.7, 对话型 Ch ≥ 0.4, otherwise 混合型 (in that order). */
export function teachingMode(rt: number, ch: number): TeachingMode {
  void rt; void ch;
  throw new Error("not implemented");
}

/** Rt, Ch, runs, mode and the S-T curve of a coded sample sequence. */
export function stMetrics(samples: readonly StCode[], interval: number): StSection {
  void samples; void interval;
  throw new Error("not implemented");
}

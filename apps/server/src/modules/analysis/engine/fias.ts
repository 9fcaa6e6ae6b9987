/** Flanders interaction analysis (FIAS) every 3 s where a transcript exists. Pure. OWNER: engine-metrics helper. */
import type { FiasSection, SpeechSegment, TranscriptLine } from "@yanke/protocol";

/** One code 1–10 per window of `interval` seconds (docs/analysis-method.md §FIAS for the rules). */
export function fiasCode(lines: readonly TranscriptLine[], speech: readonly SpeechSegment[], duration: number, interval = 3): number[] {
  void lines; void speech; void duration; void interval;
  throw new Error("not implemented");
}

/** The 10 × 10 matrix of consecutive pairs, counts and ratios. */
export function fiasMatrix(codes: readonly number[], interval = 3): FiasSection & { available: true } {
  void codes; void interval;
  throw new Error("not implemented");
}

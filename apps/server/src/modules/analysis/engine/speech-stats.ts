/** Speech shares and students' autonomous-learning spans from the speech segments. Pure. OWNER: engine-metrics helper. */
import type { AutonomousSection, SpeechSection, SpeechSegment } from "@yanke/protocol";

export function speechSection(segments: readonly SpeechSegment[], duration: number, vadMethod: string, roleMethod: string): SpeechSection & { available: true } {
  void segments; void duration; void vadMethod; void roleMethod;
  throw new Error("not implemented");
}

/** Spans of at least minSeconds with no teacher speech (students working, practising, discussing). */
export function autonomousSpans(segments: readonly SpeechSegment[], duration: number, minSeconds = 30): AutonomousSection & { available: true } {
  void segments; void duration; void minSeconds;
  throw new Error("not implemented");
}

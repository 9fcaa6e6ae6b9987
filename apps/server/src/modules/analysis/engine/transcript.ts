/** Transcript import: SRT, WebVTT and timed or plain TXT (docs/analysis-method.md §Transcript). Pure. OWNER: engine-metrics helper. */
import type { SpeechSegment, StCode } from "@yanke/protocol";

export interface ParsedLine {
  start: number;
  end: number;
  text: string;
  /** from a speaker prefix (老师：/教师：/T：, 学生：/生：/S：…), else null */
  role: StCode | null;
}

export class TranscriptError extends Error {}

/**
 * Parses a transcript file's text. `fileName` picks the format by extension (.srt, .vtt, .txt); a .txt line may carry
 * a time ("[00:01:02] 老师：…" or "00:01:02 …"); lines without any time are spread over `duration` in order.
 * Throws TranscriptError (Chinese message) when nothing can be read.
 */
export function parseTranscript(text: string, fileName: string, duration: number): { source: "srt" | "vtt" | "txt"; lines: ParsedLine[] } {
  void text; void fileName; void duration;
  throw new Error("not implemented");
}

/** Lines without a prefixed role take the role of the speech segment they overlap most (T when none). */
export function assignLineRoles(lines: readonly ParsedLine[], speech: readonly SpeechSegment[]): Array<ParsedLine & { role: StCode }> {
  void lines; void speech;
  throw new Error("not implemented");
}

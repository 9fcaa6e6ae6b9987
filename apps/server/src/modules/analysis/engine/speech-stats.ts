/** Speech shares and students' autonomous-learning spans from the speech segments. Pure. OWNER: engine-metrics helper. */
import type { AutonomousSection, SpeechSection, SpeechSegment } from "@yanke/protocol";
import { round3 } from "./st.js";

export type Span = { start: number; end: number };

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The union of spans clipped to [0, duration], sorted and merged. */
export function unionSpans(spans: readonly Span[], duration: number): Span[] {
  const clipped = spans
    .map((s) => ({ start: Math.max(0, s.start), end: Math.min(duration, s.end) }))
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of clipped) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

export const spanTotal = (spans: readonly Span[]) => spans.reduce((a, s) => a + (s.end - s.start), 0);

/** Length of a ∩ b for two merged span lists. */
export function overlapTotal(a: readonly Span[], b: readonly Span[]): number {
  let i = 0;
  let j = 0;
  let total = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]!.start, b[j]!.start);
    const hi = Math.min(a[i]!.end, b[j]!.end);
    if (hi > lo) total += hi - lo;
    if (a[i]!.end < b[j]!.end) i++;
    else j++;
  }
  return total;
}

/**
 * Teacher, student and silence time and their shares of the duration. Where a teacher and a student segment overlap
 * the teacher wins (the time counts once, as teacher). Shares are rounded to 3 decimals; silence_ratio is
 * 1 − teacher_ratio − student_ratio so the three sum to 1. Throws when the duration is not positive.
 */
export function speechSection(
  segments: readonly SpeechSegment[],
  duration: number,
  vadMethod: string,
  roleMethod: string,
): SpeechSection & { available: true } {
  if (!(duration > 0)) throw new Error("课堂时长为 0，无法统计师生话语时间");
  const teacher = unionSpans(
    segments.filter((s) => s.role === "T"),
    duration,
  );
  const student = unionSpans(
    segments.filter((s) => s.role === "S"),
    duration,
  );
  const t = spanTotal(teacher);
  const s = spanTotal(student) - overlapTotal(teacher, student);
  const silence = Math.max(0, duration - t - s);
  const teacher_ratio = round3(t / duration);
  const student_ratio = round3(s / duration);
  const sorted = segments
    .filter((x) => x.end > x.start)
    .map((x) => ({ start: x.start, end: x.end, role: x.role }))
    .sort((a, b) => a.start - b.start);
  return {
    available: true,
    segments: sorted,
    teacher_seconds: round2(t),
    student_seconds: round2(s),
    silence_seconds: round2(silence),
    teacher_ratio,
    student_ratio,
    silence_ratio: round3(1 - teacher_ratio - student_ratio),
    vad_method: vadMethod,
    role_method: roleMethod,
  };
}

/**
 * Spans of at least minSeconds with no teacher speech (students working, practising, discussing): the gaps between
 * the teacher's merged segments within [0, duration]. ratio = total / duration (3 decimals).
 */
export function autonomousSpans(segments: readonly SpeechSegment[], duration: number, minSeconds = 30): AutonomousSection & { available: true } {
  if (!(duration > 0)) throw new Error("课堂时长为 0，无法统计学生自主学习时间");
  const teacher = unionSpans(
    segments.filter((s) => s.role === "T"),
    duration,
  );
  const spans: Span[] = [];
  let cursor = 0;
  for (const t of [...teacher, { start: duration, end: duration }]) {
    if (t.start - cursor >= minSeconds - 1e-9) spans.push({ start: round2(cursor), end: round2(t.start) });
    cursor = Math.max(cursor, t.end);
  }
  const total = spans.reduce((a, s) => a + (s.end - s.start), 0);
  return { available: true, min_seconds: minSeconds, spans, total_seconds: round2(total), ratio: round3(total / duration) };
}

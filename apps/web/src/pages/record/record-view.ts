/** Pure helpers of the 录制计划 screen. */
import type { BatchResult, SupervisionRow } from "@yanke/protocol";

/** The supervision list is read this often while something records or is being processed. */
export const LIVE_REFRESH_MS = 3_000;
/** …and this often otherwise, to notice a recording that started by itself (a timetable slot). */
export const IDLE_REFRESH_MS = 10_000;

export interface SupervisionFilters {
  school_id?: number;
  class_id?: number;
  equipment_id?: number;
  record_type?: number;
  transcribe_status?: number;
  course_name: string;
  /** "YYYY-MM-DD" each, both or neither. */
  range?: [string, string];
}

export const BLANK_FILTERS: SupervisionFilters = { course_name: "" };

/** The c126 payload of the filters (empty ones left out). */
export function filterPayload(f: SupervisionFilters): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ["school_id", "class_id", "equipment_id", "record_type", "transcribe_status"] as const)
    if (f[k] !== undefined && f[k] !== null) out[k] = f[k];
  const name = f.course_name.trim();
  if (name) out.course_name = name;
  if (f.range) {
    out.start_date = f.range[0];
    out.end_date = f.range[1];
  }
  return out;
}

export const hasFilters = (f: SupervisionFilters): boolean => Object.keys(filterPayload(f)).length > 0;

/** Seconds → "1:02:03" / "12:05"; 0 → "". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (!s) return "";
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** What the 时长 column shows: the joined length, or the time so far while recording. */
export function durationOf(r: Pick<SupervisionRow, "duration" | "transcribe_status" | "start_date" | "end_date">, now: number): string {
  if (r.duration > 0) return formatDuration(r.duration);
  const start = shanghaiMs(r.start_date);
  if (r.transcribe_status === 0 && start !== null) return formatDuration((now - start) / 1000);
  const end = shanghaiMs(r.end_date);
  return start !== null && end !== null && end > start && r.transcribe_status !== 3 ? `约 ${formatDuration((end - start) / 1000)}` : "—";
}

/** "YYYY-MM-DD HH:mm:ss" in Asia/Shanghai → epoch ms (null when unreadable). */
export function shanghaiMs(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]! - 8, +m[5]!, +(m[6] ?? 0));
}

/** The colour of a transcribe_status tag. */
export const STATUS_COLORS: Readonly<Record<number, string>> = { 0: "red", 1: "processing", 2: "success", 3: "error" };

/** Whether the list should be read again soon (something records or is being processed). */
export const needsRefresh = (rows: readonly Pick<SupervisionRow, "transcribe_status">[]): boolean =>
  rows.some((r) => r.transcribe_status === 0 || r.transcribe_status === 1);

/** A batch answer split into the ids done and the refusals. */
export function splitBatch(answer: readonly BatchResult[]): { ok: number[]; failed: BatchResult[] } {
  const list = Array.isArray(answer) ? answer : [];
  return { ok: list.filter((x) => x.ok).map((x) => x.id), failed: list.filter((x) => !x.ok) };
}

/** "HH:mm" of a "YYYY-MM-DD HH:mm:ss" time. */
export const clockOf = (text: string): string => text.slice(11, 16);

/** Minutes of recordings in words: "约 25 分钟", "不足 1 分钟". */
export const minutesText = (minutes: number): string => (minutes >= 1 ? `约 ${minutes} 分钟` : "不足 1 分钟");

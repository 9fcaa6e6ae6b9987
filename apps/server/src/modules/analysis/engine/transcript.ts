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

/** Assumed speaking speed used to estimate the end of a line that has only a start: 4 characters per second. */
export const CHARS_PER_SECOND = 4;

const TEACHER_PREFIX = /^(?:[\u4e00-\u9fa5]{0,4}老师|教师|师|T|Teacher)(?=\s*[:：])/i;
const STUDENT_PREFIX =
  /^(?:学生[甲乙丙丁戊己庚辛壬癸一二三四五六七八九十0-9A-Za-z]{0,3}|生[甲乙丙丁0-9]{0,3}|S[0-9]{0,3}|Student\s*[0-9A-Za-z]{0,3}|全班|众生|齐答|齐|众)(?=\s*[:：])/i;

/** Splits "老师：…" into a role and the rest; also 【老师】… and [学生] …. */
export function speakerOf(text: string): { role: StCode | null; text: string } {
  const t = text.trim();
  const bracket = /^[【[]\s*([^】\]]{1,10})\s*[】\]]\s*[:：]?\s*/.exec(t);
  if (bracket) {
    const r = roleOfName(bracket[1]!);
    if (r) return { role: r, text: t.slice(bracket[0].length).trim() };
  }
  const m = TEACHER_PREFIX.exec(t) ?? STUDENT_PREFIX.exec(t);
  if (!m) return { role: null, text: t };
  const role: StCode = TEACHER_PREFIX.test(t) ? "T" : "S";
  const rest = t.slice(m[0].length).replace(/^\s*[:：]\s*/, "");
  return { role, text: rest.trim() };
}

/** A speaker name (VTT <v 老师>, 【学生甲】) → role, or null when it is neither. */
export function roleOfName(name: string): StCode | null {
  const n = name.trim();
  if (TEACHER_PREFIX.test(`${n}：`)) return "T";
  if (STUDENT_PREFIX.test(`${n}：`)) return "S";
  return null;
}

/** "01:02:03,456", "01:02:03.456", "02:03.456", "02:03" → seconds; null when unreadable. */
export function parseTime(s: string): number | null {
  const m = /^\s*(?:(\d{1,2}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?\s*$/.exec(s);
  if (!m) return null;
  const h = Number(m[1] ?? 0);
  const min = Number(m[2]);
  const sec = Number(m[3]);
  if (min >= 60 || sec >= 60) return null;
  const frac = m[4] ? Number(m[4].padEnd(3, "0")) / 1000 : 0;
  return h * 3600 + min * 60 + sec + frac;
}

/** Characters that count as speech: letters (汉字 included) and digits. */
export function speechChars(text: string): number {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

/** A line is readable text: at least one letter or digit, and no more than 10 % control or replacement characters. */
function readable(text: string): boolean {
  if (speechChars(text) === 0) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: counting control characters is the point (a binary file read as text).
  const bad = (text.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g) ?? []).length;
  return bad / text.length <= 0.1;
}

const joinText = (parts: string[]) => parts.reduce((acc, p) => (acc && /[A-Za-z0-9]$/.test(acc) && /^[A-Za-z0-9]/.test(p) ? `${acc} ${p}` : acc + p), "");

/**
 * SRT and WebVTT cues: a timing line "a --> b" followed by text lines up to a blank line or the next timing line (files
 * that leave out the blank line between cues still parse; a number right before a timing line is the cue's index).
 * WebVTT NOTE, STYLE and REGION blocks run to the next blank line and are skipped.
 */
function parseCues(text: string, vtt: boolean): ParsedLine[] {
  const out: ParsedLine[] = [];
  const rows = text.split("\n").map((r) => r.trim());
  let cue: { start: number; end: number; parts: string[]; voice: StCode | null } | null = null;
  let skipping = false;
  const flush = () => {
    if (!cue) return;
    const sp = speakerOf(joinText(cue.parts));
    const line = { start: cue.start, end: cue.end, text: sp.text, role: cue.voice ?? sp.role };
    if (readable(line.text)) out.push(line);
    cue = null;
  };
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r === "") {
      flush();
      skipping = false;
      continue;
    }
    if (skipping) continue;
    if (vtt && !cue && /^(NOTE|STYLE|REGION)\b/.test(r)) {
      skipping = true;
      continue;
    }
    if (r.includes("-->")) {
      flush();
      const [a, rest] = r.split("-->");
      const start = parseTime(a ?? "");
      const end = parseTime((rest ?? "").trim().split(/\s+/)[0] ?? ""); // VTT cue settings follow the end time
      // a broken timing line: skip its text up to the next blank line
      if (start === null || end === null || end <= start) skipping = true;
      else cue = { start, end, parts: [], voice: null };
      continue;
    }
    if (!cue) continue; // header, cue identifier, text of a broken cue
    if (/^\d+$/.test(r) && (rows[i + 1] ?? "").includes("-->")) continue; // the next cue's index
    const voice = /<v(?:\.[^\s>]*)?\s+([^>]+)>/.exec(r);
    if (voice && cue.voice === null) cue.voice = roleOfName(voice[1]!);
    const clean = r
      .replace(/<[^>]*>/g, "")
      .replace(/\{\\[^}]*\}/g, "")
      .trim();
    if (clean) cue.parts.push(clean);
  }
  flush();
  return out;
}

const TXT_TIME = /^\s*\[?\s*((?:\d{1,2}:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?)\s*(?:(?:-->|-|–|~|至)\s*((?:\d{1,2}:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?))?\s*\]?\s*/;

/** TXT: one utterance per non-blank line, optionally starting with a time or a time range, then an optional speaker. */
function parseTxt(text: string, duration: number): { lines: ParsedLine[]; timed: boolean } {
  type Raw = { start: number | null; end: number | null; text: string; role: StCode | null };
  const raws: Raw[] = [];
  for (const row of text.split("\n")) {
    if (row.trim() === "") continue;
    let start: number | null = null;
    let end: number | null = null;
    let rest = row;
    const m = TXT_TIME.exec(row);
    if (m) {
      start = parseTime(m[1]!);
      end = m[2] ? parseTime(m[2]) : null;
      if (start !== null) rest = row.slice(m[0].length);
      if (end !== null && start !== null && end <= start) end = null;
    }
    const sp = speakerOf(rest);
    if (!readable(sp.text)) continue;
    raws.push({ start, end, text: sp.text, role: sp.role });
  }
  const timed = raws.some((r) => r.start !== null);
  const lines: ParsedLine[] = [];
  if (!timed) {
    // No time anywhere: spread the lines in order over the duration, each a slot proportional to its characters.
    const chars = raws.map((r) => Math.max(1, speechChars(r.text)));
    const total = chars.reduce((a, b) => a + b, 0);
    const span = duration > 0 ? duration : total / CHARS_PER_SECOND;
    let t = 0;
    raws.forEach((r, i) => {
      const len = (chars[i]! / total) * span;
      lines.push({ start: t, end: t + len, text: r.text, role: r.role });
      t += len;
    });
    return { lines, timed };
  }
  // Some times: a timed line starts at its time; untimed lines between two anchors (0 and the duration at the ends)
  // share the time between them evenly; a line without an end ends at the next line's start or after its characters
  // at CHARS_PER_SECOND, whichever is earlier.
  const starts: number[] = new Array(raws.length);
  let i = 0;
  while (i < raws.length) {
    if (raws[i]!.start !== null) {
      starts[i] = raws[i]!.start!;
      i++;
      continue;
    }
    let j = i;
    while (j < raws.length && raws[j]!.start === null) j++;
    const from = i > 0 ? starts[i - 1]! : 0;
    const to = j < raws.length ? raws[j]!.start! : Math.max(duration, from + (j - i + 1));
    const step = (to - from) / (j - i + (i > 0 ? 1 : 0));
    for (let k = i; k < j; k++) starts[k] = from + step * (k - i + (i > 0 ? 1 : 0));
    i = j;
  }
  raws.forEach((r, k) => {
    const start = starts[k]!;
    const estimated = start + Math.max(1, speechChars(r.text) / CHARS_PER_SECOND);
    const next = starts.slice(k + 1).find((s) => s > start);
    let end = r.end ?? Math.min(estimated, next ?? estimated);
    if (end <= start) end = estimated;
    lines.push({ start, end, text: r.text, role: r.role });
  });
  lines.sort((a, b) => a.start - b.start);
  return { lines, timed };
}

/** Times are kept to the millisecond. */
const roundMs = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Parses a transcript file's text. `fileName` picks the format by extension (.srt, .vtt, .txt; any other name is
 * recognised by content: "WEBVTT" → vtt, a "-->" timing line → srt, else txt); a .txt line may carry a time
 * ("[00:01:02] 老师：…" or "00:01:02 …"); lines without any time are spread over `duration` in order.
 * A BOM, CRLF line ends, blank lines and unreadable cues are skipped. `timed` is false when no line had a time (the
 * times are then an estimate). Throws TranscriptError (Chinese message) when nothing can be read.
 */
export function parseTranscript(text: string, fileName: string, duration: number): { source: "srt" | "vtt" | "txt"; lines: ParsedLine[]; timed: boolean } {
  if (typeof text !== "string") throw new TranscriptError("课堂实录文件无法读取");
  const clean = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (clean.includes("\u0000")) throw new TranscriptError("课堂实录文件不是文本文件（支持 SRT、WebVTT、TXT）");
  const ext = /\.([A-Za-z0-9]+)\s*$/.exec(fileName)?.[1]?.toLowerCase() ?? "";
  let source: "srt" | "vtt" | "txt";
  if (ext === "srt" || ext === "vtt" || ext === "txt") source = ext;
  else if (/^\s*WEBVTT/.test(clean)) source = "vtt";
  else if (/^[^\n]*\d+:\d+[.,]?\d*\s*-->\s*[^\n]*\d+:\d+/m.test(clean)) source = "srt";
  else source = "txt";
  let lines: ParsedLine[];
  let timed = true;
  if (source === "txt") ({ lines, timed } = parseTxt(clean, duration));
  else lines = parseCues(clean, source === "vtt").sort((a, b) => a.start - b.start);
  if (lines.length === 0) {
    const what =
      source === "txt" ? "没有可读的文字" : `没有可读的${source === "srt" ? "SRT" : "WebVTT"}字幕条目（时间轴格式应为 00:00:01,000 --> 00:00:03,000）`;
    throw new TranscriptError(`未能从课堂实录文件中读出内容：${what}`);
  }
  return { source, lines: lines.map((l) => ({ ...l, start: roundMs(l.start), end: roundMs(l.end) })), timed };
}

/**
 * Lines without a prefixed role take the role of the speech segments they overlap most (seconds of overlap summed per
 * role; a tie goes to T), and T when they overlap no segment.
 */
export function assignLineRoles(lines: readonly ParsedLine[], speech: readonly SpeechSegment[]): Array<ParsedLine & { role: StCode }> {
  return lines.map((l) => {
    if (l.role) return { ...l, role: l.role };
    let t = 0;
    let s = 0;
    for (const seg of speech) {
      const o = Math.min(l.end, seg.end) - Math.max(l.start, seg.start);
      if (o > 0) {
        if (seg.role === "T") t += o;
        else s += o;
      }
    }
    return { ...l, role: s > t ? "S" : "T" };
  });
}

/** Pure helpers of the analysis admin screens (课堂分析, 我的课例分析, 分析统计): formats, transcript checks, c153 counts. */
import { ANALYSIS_STATUS, TEACHING_MODES, type CourseCensusAnswer, type TeachingMode } from "@yanke/protocol";

/** S-T sampling intervals offered (seconds): 30 s is the method's default, finer ones follow short lessons better. */
export const INTERVAL_OPTIONS = [
  { value: 30, label: "30 秒（默认）" },
  { value: 15, label: "15 秒" },
  { value: 10, label: "10 秒" },
  { value: 5, label: "5 秒" },
];

export const MODE_COLORS: Record<TeachingMode, string> = { 练习型: "gold", 讲授型: "blue", 对话型: "green", 混合型: "purple" };

/** 1:05:09 / 12:04 */
export function clockOf(seconds: number): string {
  const s = Math.max(0, Math.round(seconds || 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

export const ratio = (v: number | null | undefined, digits = 2) => (v === null || v === undefined || !Number.isFinite(v) ? "—" : v.toFixed(digits));
export const percent = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? "—" : `${(v * 100).toFixed(1)}%`);

export const TRANSCRIPT_EXTS = ["srt", "vtt", "txt"];
const TRANSCRIPT_MAX = 5 * 1024 * 1024;

/** A refusal (Chinese) for a transcript file the browser can already tell is wrong, else null. */
export function checkTranscript(file: { name: string; size: number }): string | null {
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  if (!file.name.includes(".") || !TRANSCRIPT_EXTS.includes(ext)) return "课堂实录只支持 .srt、.vtt 或 .txt 文件";
  if (file.size === 0) return "课堂实录文件是空的";
  if (file.size > TRANSCRIPT_MAX) return "课堂实录文件不能超过 5MB";
  return null;
}

/** One count of /research/course/census (c153). */
interface CountCard {
  key: string;
  label: string;
  value: number;
  color?: string;
}

const STATUS_COLORS: Record<number, string> = { 0: "#8a9690", 1: "#1677ff", 2: "#1f6f5c", 3: "#cf1322" };

/** c153's counts as cards: all, by status, by mode of the finished lessons, by source. */
export function censusCards(a: CourseCensusAnswer | undefined): CountCard[] {
  if (!a) return [];
  const out: CountCard[] = [{ key: "total", label: "全部", value: a.total }];
  for (const s of [0, 1, 2, 3]) {
    const v = a.by_status.find((x) => x.status === s);
    out.push({
      key: `s${s}`,
      label: v?.name || ANALYSIS_STATUS[s] || "",
      value: v?.count ?? 0,
      color: s === 3 && !(v?.count ?? 0) ? undefined : STATUS_COLORS[s],
    });
  }
  for (const m of TEACHING_MODES) out.push({ key: `m${m}`, label: m, value: a.by_mode.find((x) => x.mode === m)?.count ?? 0 });
  out.push({ key: "recording", label: "录制", value: a.by_source.recording }, { key: "local", label: "上传", value: a.by_source.local });
  return out;
}

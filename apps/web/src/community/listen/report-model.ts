/**
 * Pure helpers of the listening report pages (远程听评课, 听评课中心, 评课报告, 精准评课报告, 作业 / 授课详情):
 * the time-window state of a record, the comment density along the lesson video by minute, clock labels and the
 * most used listen-target tags. Unit-tested in report-model.test.ts.
 */

export type WindowState = "upcoming" | "running" | "ended";

export const WINDOW_STATE_NAMES: Record<WindowState, string> = { upcoming: "未开始", running: "进行中", ended: "已结束" };
export const WINDOW_STATE_COLORS: Record<WindowState, string> = { upcoming: "blue", running: "green", ended: "default" };

/** "YYYY-MM-DD HH:mm:ss" in Asia/Shanghai (as the server writes times) → ms since the epoch; NaN when unreadable. */
export function shanghaiMs(t: string | null | undefined): number {
  const s = (t ?? "").trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(s);
  if (!m) return Number.NaN;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]! - 8, +m[5]!, +(m[6] ?? 0));
}

/** Where a record's time window stands at `now`: 未开始 before start, 进行中 until end, then 已结束. */
export function windowState(start: string, end: string, now: number = Date.now()): WindowState {
  const a = shanghaiMs(start);
  const b = shanghaiMs(end);
  if (!Number.isNaN(a) && now < a) return "upcoming";
  if (!Number.isNaN(b) && now > b) return "ended";
  return "running";
}

/** Seconds → "m:ss" (or "h:mm:ss" past an hour); negatives and NaN read as 0. */
export function clock(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/**
 * Comments per minute of the lesson video: one bucket per started minute up to the later of the video's length and
 * the last comment (at least one bucket). Times that are null or negative are left out.
 */
export function densityByMinute(times: readonly (number | null | undefined)[], durationSeconds = 0): { labels: string[]; counts: number[] } {
  const valid = times.filter((t): t is number => typeof t === "number" && Number.isFinite(t) && t >= 0);
  const last = Math.max(durationSeconds > 0 ? durationSeconds - 1 : 0, ...valid, 0);
  const buckets = Math.floor(last / 60) + 1;
  const counts = new Array<number>(buckets).fill(0);
  for (const t of valid) counts[Math.floor(t / 60)]! += 1;
  return { labels: counts.map((_, i) => `${i}′`), counts };
}

/** The `limit` most used tags (name → count), most used first, ties by name. Empty names are left out. */
export function topTags(names: readonly (string | null | undefined)[], limit = 5): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const n of names) {
    const k = (n ?? "").trim();
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, "zh-CN"))
    .slice(0, limit);
}

/** A score as shown: at most two decimals, no trailing zeros; "—" for none. */
export function scoreText(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  return String(Math.round(n * 100) / 100);
}

/** The grade of a total out of 100 (docs/decisions/0950): 优秀 ≥ 85, 良好 ≥ 75, 合格 ≥ 60, else 待改进; "" for none. */
export function gradeOf(total: number | null | undefined): string {
  if (total === null || total === undefined || !Number.isFinite(total)) return "";
  if (total >= 85) return "优秀";
  if (total >= 75) return "良好";
  if (total >= 60) return "合格";
  return "待改进";
}

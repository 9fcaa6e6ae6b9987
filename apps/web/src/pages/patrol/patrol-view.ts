/** Pure helpers of the 直播巡课 screen (unit-tested in patrol-view.test.ts). */
import type { EquipmentRow } from "@yanke/protocol";

export type Camera = "teacher" | "student";
export type Protocol = "hls" | "flv";

/** Grid layouts: columns per row; a page holds columns × columns tiles. */
export const LAYOUTS = [1, 2, 3] as const;
export type Layout = (typeof LAYOUTS)[number];
export const layoutLabel = (n: Layout): string => `${n}×${n}`;
export const tilesPerPage = (n: Layout): number => n * n;

/** 自动轮巡 intervals in seconds. */
export const ROTATION_SECONDS = [10, 20, 30, 60] as const;

/** The list is read again this often: devices coming online appear, those going away turn to the placeholder. */
export const PATROL_REFRESH_MS = 10_000;

/** A kept signed address is replaced this long before its signature expires (the server signs for 6 h). */
export const RESIGN_BEFORE_MS = 10 * 60_000;

/** The fields of a row that hold playback addresses. */
export const URL_FIELDS = ["teacherStreamUrl", "studentStreamUrl", "teacherFlvUrl", "studentFlvUrl", "liveStream_url"] as const;
type UrlField = (typeof URL_FIELDS)[number];

/** `/live/7/teacher/index.m3u8?exp=…&sig=…` → `/live/7/teacher/index.m3u8` (what identifies the stream). */
export function streamPath(url: string | null | undefined): string {
  const u = (url ?? "").trim();
  const cut = u.search(/[?#]/);
  return cut < 0 ? u : u.slice(0, cut);
}

/** The expiry of a signed address in ms since the epoch (its `exp` in seconds), or null when it carries none. */
export function signedExpiry(url: string): number | null {
  const m = /[?&]exp=(\d{1,12})(?:&|#|$)/.exec(url);
  return m ? Number(m[1]) * 1000 : null;
}

/**
 * The rows of a new list read with the playback addresses of the previous read kept where the stream is the same:
 * the server signs every address again on each read (a new `exp`), and a new address would restart the player.
 * An address is replaced when the device's liveStreamStatus changed, when its path changed (another stream), when
 * the kept signature is about to expire, or when `renew(id, field)` says its player failed (a fresh start).
 * A camera that stopped (empty address) is empty at once.
 */
export function keepStableUrls(
  previous: ReadonlyMap<number, EquipmentRow>,
  rows: readonly EquipmentRow[],
  now: number,
  renew: (id: number, field: UrlField) => boolean = () => false,
): EquipmentRow[] {
  return rows.map((row) => {
    const old = previous.get(row.id);
    if (!old || old.liveStreamStatus !== row.liveStreamStatus) return row;
    let out: EquipmentRow | undefined;
    for (const field of URL_FIELDS) {
      const next = row[field];
      const kept = old[field];
      if (!next || !kept || kept === next || streamPath(kept) !== streamPath(next)) continue;
      const exp = signedExpiry(kept);
      if (exp !== null && exp - now < RESIGN_BEFORE_MS) continue;
      if (renew(row.id, field)) continue;
      out ??= { ...row };
      out[field] = kept;
    }
    return out ?? row;
  });
}

/** Whether a device publishes at least one camera (its tile can show a picture). */
export const isLive = (r: Pick<EquipmentRow, "liveStreamStatus">): boolean => r.liveStreamStatus === 1;

/** The address of one camera over one protocol ("" when that camera does not publish). */
export function cameraUrl(r: EquipmentRow, camera: Camera, protocol: Protocol = "hls"): string {
  if (protocol === "flv") return camera === "teacher" ? r.teacherFlvUrl : r.studentFlvUrl;
  return camera === "teacher" ? r.teacherStreamUrl : r.studentStreamUrl;
}

export const hasCamera = (r: EquipmentRow, camera: Camera): boolean => Boolean(cameraUrl(r, camera, "hls") || cameraUrl(r, camera, "flv"));

/** The camera a tile shows: the chosen one while it publishes, else the other one when that one does. */
export function shownCamera(r: EquipmentRow, chosen: Camera): Camera {
  if (hasCamera(r, chosen)) return chosen;
  const other: Camera = chosen === "teacher" ? "student" : "teacher";
  return hasCamera(r, other) ? other : chosen;
}

export const CAMERA_NAMES: Readonly<Record<Camera, string>> = { teacher: "教师机位", student: "学生机位" };

/** The placeholder's words for a tile without a picture. */
export function noSignalText(r: Pick<EquipmentRow, "status" | "heartbeat_state" | "liveStreamStatus">, camera: Camera): string {
  if (r.status === 0) return "设备已停用";
  if (r.heartbeat_state !== 1 && r.liveStreamStatus !== 1) return "设备离线";
  if (r.liveStreamStatus !== 1) return "设备在线，未推流";
  return `${CAMERA_NAMES[camera]}暂无直播信号`;
}

/** "银川市第一中学 · 七年级1班" (the class when bound). */
export const schoolClass = (r: Pick<EquipmentRow, "school_name" | "new_class_name">): string =>
  [r.school_name, r.new_class_name || "未绑定班级"].filter(Boolean).join(" · ");

export interface PatrolCounts {
  total: number;
  online: number;
  live: number;
  /** 巡课设备 online: is_tour and heartbeat_state both 1. */
  patrol: number;
}

export function patrolCounts(rows: readonly Pick<EquipmentRow, "heartbeat_state" | "liveStreamStatus" | "is_tour">[]): PatrolCounts {
  let online = 0;
  let live = 0;
  let patrol = 0;
  for (const r of rows) {
    if (r.heartbeat_state === 1) online++;
    if (r.liveStreamStatus === 1) live++;
    if (r.is_tour === 1 && r.heartbeat_state === 1) patrol++;
  }
  return { total: rows.length, online, live, patrol };
}

export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / Math.max(1, perPage)));

/** A page number brought inside 1…pages (the list shrank, or the layout holds more tiles now). */
export const clampPage = (page: number, pages: number): number => Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pages));

/** The next page of the tour, back to the first after the last. */
export const nextPage = (page: number, pages: number): number => (clampPage(page, pages) % Math.max(1, pages)) + 1;

export function pageTiles<T>(rows: readonly T[], page: number, perPage: number): T[] {
  const p = clampPage(page, pageCount(rows.length, perPage));
  return rows.slice((p - 1) * perPage, p * perPage);
}

/** The page that holds the first tile of `page` at `fromPerPage` tiles once a page holds `toPerPage` (layout change). */
export const pageAfterLayout = (page: number, fromPerPage: number, toPerPage: number): number =>
  Math.floor(((Math.max(1, page) - 1) * fromPerPage) / Math.max(1, toPerPage)) + 1;

/** The list's payload: `is_tour` only when the toggle is on, the school when one is chosen. */
export function allListPayload(f: { school_id?: number | undefined; tourOnly: boolean }): Record<string, number> {
  return { ...(f.school_id ? { school_id: f.school_id } : {}), ...(f.tourOnly ? { is_tour: 1 } : {}) };
}

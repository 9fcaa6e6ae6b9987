/** Pure helpers of the 课表管理 screen: weeks, time rows, status colours, form ⇄ payload. */
import { SLOT_STATUS, SLOT_STATUS_NAMES, type EquipmentRow, type TimetableRow, type WeekDay } from "@yanke/protocol";
import dayjs, { type Dayjs } from "../../dayjs";

export const WEEKDAY_NAMES = ["", "周一", "周二", "周三", "周四", "周五", "周六", "周日"] as const;

/** The Monday of the week holding `d` (weeks start on Monday). */
export function mondayOf(d: Dayjs): Dayjs {
  const back = (d.day() + 6) % 7;
  return d.startOf("day").subtract(back, "day");
}

/** "YYYY-MM-DD" */
export const ymd = (d: Dayjs): string => d.format("YYYY-MM-DD");

/** The seven days of a week, Monday first, as the server would answer them when it has not yet. */
export function blankWeek(monday: Dayjs): WeekDay[] {
  return Array.from({ length: 7 }, (_, i) => ({ date: ymd(monday.add(i, "day")), week: i + 1, list: [] }));
}

/** "HH:mm" of a "YYYY-MM-DD HH:mm:ss" time. */
export const clock = (t: string): string => (t.length >= 16 ? t.slice(11, 16) : t.slice(0, 5));

/** The time rows of a week grid: every distinct start–end pair, earliest first. */
export function timeRows(days: readonly WeekDay[]): { key: string; start: string; end: string }[] {
  const seen = new Map<string, { key: string; start: string; end: string }>();
  for (const d of days)
    for (const r of d.list) {
      const start = clock(r.start_date);
      const end = clock(r.end_date);
      const key = `${start}-${end}`;
      if (!seen.has(key)) seen.set(key, { key, start, end });
    }
  return [...seen.values()].sort((a, b) => (a.start === b.start ? a.end.localeCompare(b.end) : a.start.localeCompare(b.start)));
}

/** The slots of one day in one time row. */
export function slotsAt(day: WeekDay, row: { start: string; end: string }): TimetableRow[] {
  return day.list.filter((r) => clock(r.start_date) === row.start && clock(r.end_date) === row.end);
}

/** antd Tag colours of the slot statuses. */
export const STATUS_COLORS: Readonly<Record<number, string>> = {
  [SLOT_STATUS.scheduled]: "blue",
  [SLOT_STATUS.recording]: "red",
  [SLOT_STATUS.done]: "green",
  [SLOT_STATUS.cancelled]: "default",
  [SLOT_STATUS.missed]: "orange",
  [SLOT_STATUS.failed]: "volcano",
};

export const statusName = (r: Pick<TimetableRow, "status" | "status_name">): string => r.status_name || SLOT_STATUS_NAMES[r.status] || `状态 ${r.status}`;

export const STATUS_OPTIONS = Object.entries(SLOT_STATUS_NAMES).map(([value, label]) => ({ value: Number(value), label }));

/** The flags a slot card shows. */
export function slotFlags(
  r: Pick<TimetableRow, "is_ai" | "is_live" | "is_research" | "is_observe" | "is_upload" | "is_active" | "kind">,
): { key: string; label: string; color: string }[] {
  const out: { key: string; label: string; color: string }[] = [];
  if (r.kind === "reservation") out.push({ key: "reservation", label: "预约", color: "purple" });
  if (r.is_active === 0) out.push({ key: "inactive", label: "不录制", color: "default" });
  if (r.is_ai === 1) out.push({ key: "ai", label: "AI", color: "geekblue" });
  if (r.is_live === 1) out.push({ key: "live", label: "直播", color: "magenta" });
  if (r.is_research === 1) out.push({ key: "research", label: "教研", color: "cyan" });
  if (r.is_observe === 1) out.push({ key: "observe", label: "观摩", color: "gold" });
  if (r.is_upload === 1) out.push({ key: "upload", label: "上传", color: "lime" });
  return out;
}

/** Whether the class has a device the recorder would use (decision 0621): enabled, recording on. */
export function classDevice(devices: readonly EquipmentRow[], classId: number): { state: "ok" | "none" | "off"; device?: EquipmentRow } {
  const mine = devices.filter((d) => d.new_class_id === classId).sort((a, b) => a.id - b.id);
  const enabled = mine.filter((d) => d.status === 1);
  const first = enabled[0];
  if (!first) return { state: "none", device: mine[0] };
  return first.is_record === 1 ? { state: "ok", device: first } : { state: "off", device: first };
}

/** A slot may be created on a day that has not passed. */
export const dayOpen = (date: string, today: string): boolean => date >= today;

export const FLAG_KEYS = ["is_active", "is_live", "is_ai", "is_research", "is_observe", "is_upload"] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];
export const FLAG_LABELS: Readonly<Record<FlagKey, string>> = {
  is_active: "启用录制",
  is_live: "直播",
  is_ai: "AI 分析",
  is_research: "教研课",
  is_observe: "观摩课",
  is_upload: "上传资源库",
};

export interface SlotFormValues {
  course_name: string;
  chapter_name?: string;
  subject_id?: number;
  account_id?: number;
  date: Dayjs;
  start: Dayjs;
  end: Dayjs;
  resolution: "1080P" | "720P" | "480P";
  record_model: number;
  cover_url?: string;
  is_active: boolean;
  is_live: boolean;
  is_ai: boolean;
  is_research: boolean;
  is_observe: boolean;
  is_upload: boolean;
}

/** The form's starting values: a new slot on `date` (at `start`–`end` when a time row was clicked), or a slot. */
export function formValues(slot: TimetableRow | null, date: string, time?: { start: string; end: string }): SlotFormValues {
  if (slot)
    return {
      course_name: slot.course_name,
      chapter_name: slot.chapter_name,
      subject_id: slot.subject_id || undefined,
      account_id: slot.account_id || undefined,
      date: dayjs(slot.currency_date),
      start: dayjs(slot.start_date),
      end: dayjs(slot.end_date),
      resolution: (["1080P", "720P", "480P"].includes(slot.resolution) ? slot.resolution : "1080P") as SlotFormValues["resolution"],
      record_model: slot.record_model || 1,
      cover_url: slot.cover_url,
      is_active: slot.is_active === 1,
      is_live: slot.is_live === 1,
      is_ai: slot.is_ai === 1,
      is_research: slot.is_research === 1,
      is_observe: slot.is_observe === 1,
      is_upload: slot.is_upload === 1,
    };
  const day = dayjs(date);
  const at = (hm: string) =>
    day
      .hour(Number(hm.slice(0, 2)))
      .minute(Number(hm.slice(3, 5)))
      .second(0);
  return {
    course_name: "",
    chapter_name: "",
    date: day,
    start: at(time?.start ?? "08:00"),
    end: at(time?.end ?? "08:45"),
    resolution: "1080P",
    record_model: 1,
    cover_url: "",
    is_active: true,
    is_live: false,
    is_ai: false,
    is_research: false,
    is_observe: false,
    is_upload: false,
  };
}

/** The c062 payload of the form (times as HH:mm with currency_date). */
export function createPayload(classId: number, v: SlotFormValues) {
  return {
    class_id: classId,
    course_name: v.course_name.trim(),
    chapter_name: (v.chapter_name ?? "").trim(),
    subject_id: v.subject_id ?? 0,
    account_id: v.account_id ?? 0,
    currency_date: v.date.format("YYYY-MM-DD"),
    start_date: v.start.format("HH:mm"),
    end_date: v.end.format("HH:mm"),
    resolution: v.resolution,
    record_model: v.record_model,
    cover_url: (v.cover_url ?? "").trim(),
    is_active: v.is_active ? 1 : 0,
    is_live: v.is_live ? 1 : 0,
    is_ai: v.is_ai ? 1 : 0,
    is_research: v.is_research ? 1 : 0,
    is_observe: v.is_observe ? 1 : 0,
    is_upload: v.is_upload ? 1 : 0,
  };
}

/**
 * The c063 payload: only what changed (a slot that started may still change its names and flags, not its time).
 * Empty when nothing changed.
 */
export function updatePayload(slot: TimetableRow, classId: number, v: SlotFormValues): Record<string, unknown> {
  const next = createPayload(classId, v);
  const out: Record<string, unknown> = {};
  const before: Record<string, unknown> = {
    course_name: slot.course_name,
    chapter_name: slot.chapter_name,
    subject_id: slot.subject_id,
    account_id: slot.account_id,
    resolution: slot.resolution,
    record_model: slot.record_model,
    cover_url: slot.cover_url,
    is_active: slot.is_active,
    is_live: slot.is_live,
    is_ai: slot.is_ai,
    is_research: slot.is_research,
    is_observe: slot.is_observe,
    is_upload: slot.is_upload,
  };
  for (const [k, old] of Object.entries(before)) {
    const now = (next as Record<string, unknown>)[k];
    if (now !== old) out[k] = now;
  }
  const moved = next.currency_date !== slot.currency_date || next.start_date !== clock(slot.start_date) || next.end_date !== clock(slot.end_date);
  if (moved) {
    out.currency_date = next.currency_date;
    out.start_date = next.start_date;
    out.end_date = next.end_date;
  }
  return out;
}

/** "周二 03-10 08:00–08:45" */
export function slotWhen(r: Pick<TimetableRow, "currency_date" | "start_date" | "end_date" | "week">): string {
  return `${r.currency_date} ${WEEKDAY_NAMES[r.week] ?? ""} ${clock(r.start_date)}–${clock(r.end_date)}`;
}

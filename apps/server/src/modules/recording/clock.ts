/**
 * Wall-clock helpers of the timetable: the wire's times are Asia/Shanghai ("YYYY-MM-DD HH:mm:ss"), stored instants.
 */
import { TIME_FORMAT, TIME_ZONE } from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";

const DATE_FMT = "YYYY-MM-DD";

/** "YYYY-MM-DD" of an instant, in the wire's time zone. */
export function dateOf(d: Date): string {
  return dayjs(d).tz(TIME_ZONE).format(DATE_FMT);
}

/** 1–7, Monday 1, of a "YYYY-MM-DD". */
export function weekdayOf(date: string): number {
  const day = dayjs.tz(`${date} 12:00:00`, TIME_FORMAT, TIME_ZONE).day();
  return day === 0 ? 7 : day;
}

/** The instant of "YYYY-MM-DD HH:mm[:ss]" (or "HH:mm[:ss]" on `date`) in the wire's time zone; undefined when invalid. */
export function parseWhen(when: string, date?: string): Date | undefined {
  const v = when.trim().replace("T", " ");
  let full: string;
  if (/^\d{2}:\d{2}(:\d{2})?$/.test(v)) {
    if (!date) return undefined;
    full = `${date} ${v.length === 5 ? `${v}:00` : v}`;
  } else {
    full = v.length === 16 ? `${v}:00` : v;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(full);
  if (!m) return undefined;
  const [, , mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  const parsed = dayjs.tz(full, TIME_FORMAT, TIME_ZONE);
  if (!parsed.isValid() || parsed.format(TIME_FORMAT) !== full) return undefined;
  return parsed.toDate();
}

/** Midnight starting the day "YYYY-MM-DD" (wire time zone). */
export function dayStart(date: string): Date {
  return dayjs.tz(`${date} 00:00:00`, TIME_FORMAT, TIME_ZONE).toDate();
}

/** "YYYY-MM-DD" `n` days after `date`. */
export function addDays(date: string, n: number): string {
  return dayjs.tz(`${date} 12:00:00`, TIME_FORMAT, TIME_ZONE).add(n, "day").format(DATE_FMT);
}

/** Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

/** The clock hour holding `d`: [start, end). */
export function hourOf(d: Date): { start: Date; end: Date } {
  const start = dayjs(d).tz(TIME_ZONE).startOf("hour");
  return { start: start.toDate(), end: start.add(1, "hour").toDate() };
}

/** First day and the day after the last of "YYYY-MM". */
export function monthRange(month: string): { from: string; to: string } {
  const first = `${month}-01`;
  const next = dayjs.tz(`${first} 12:00:00`, TIME_FORMAT, TIME_ZONE).add(1, "month").format(DATE_FMT);
  return { from: first, to: next };
}

/** "HH:mm" of an instant. */
export function clockOf(d: Date): string {
  return dayjs(d).tz(TIME_ZONE).format("HH:mm");
}

/**
 * Small SQL helpers of the big screens and portraits (portal.service.ts): raw rows, Asia/Shanghai day/month keys,
 * optional school filters.
 */
import { TIME_ZONE } from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { type SQL, sql } from "drizzle-orm";

export type Raw = Record<string, unknown>;

export function rowsOf(result: unknown): Raw[] {
  return (result as { rows: Raw[] }).rows;
}

export const int = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const round2 = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100);

const TZ = sql.raw(`'${TIME_ZONE}'`);
export const dayKey = (col: SQL | unknown): SQL => sql`to_char(${col} at time zone ${TZ}, 'YYYY-MM-DD')`;
export const monthKey = (col: SQL | unknown): SQL => sql`to_char(${col} at time zone ${TZ}, 'YYYY-MM')`;
/** The Monday of the week, "YYYY-MM-DD". */
export const weekKey = (col: SQL | unknown): SQL => sql`to_char(date_trunc('week', ${col} at time zone ${TZ}), 'YYYY-MM-DD')`;

/** `col in (schools)`; undefined = every school (no condition); [] = nothing. */
export function schoolsSql(col: unknown, schools: readonly number[] | undefined): SQL {
  if (schools === undefined) return sql`true`;
  if (!schools.length) return sql`false`;
  return sql`${col} in (${sql.join(
    schools.map((s) => sql`${s}`),
    sql`, `,
  )})`;
}

/** The instant a Shanghai day starts. */
export function dayStart(date: string): Date {
  return dayjs.tz(date, TIME_ZONE).toDate();
}

/** The instant after a Shanghai day ends. */
export function dayAfter(date: string): Date {
  return dayjs.tz(date, TIME_ZONE).add(1, "day").toDate();
}

export function shanghai(d: Date): dayjs.Dayjs {
  return dayjs(d).tz(TIME_ZONE);
}

/** The last n months (Asia/Shanghai), oldest first, and the instant the first starts. */
export function lastMonths(now: Date, n = 12): { keys: string[]; start: Date } {
  const m = shanghai(now).startOf("month");
  const keys: string[] = [];
  for (let i = n - 1; i >= 0; i--) keys.push(m.subtract(i, "month").format("YYYY-MM"));
  return { keys, start: m.subtract(n - 1, "month").toDate() };
}

/** "YYYY-MM-DD HH:mm" in Asia/Shanghai. */
export function minuteOf(d: Date | string | null | undefined): string {
  return d ? shanghai(new Date(d)).format("YYYY-MM-DD HH:mm") : "";
}

/** The teacher of a listen record (授课教师; 0 = the creator), in SQL. */
export const TEACHER_OF = sql.raw(`coalesce(nullif(le.teacher_account_id, 0), le.account_id)`);

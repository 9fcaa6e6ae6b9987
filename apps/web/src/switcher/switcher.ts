/**
 * School identity, study period and course filter of the top bar (platform.md §2, §3, §4) as
 * pure rules. See docs/decisions/0312.
 */
import type { SchoolIdentityEntry } from "@yanke/protocol";
import type { StoredSession } from "../session/session-info";

export interface CourseItem {
  id: number;
  name: string;
}

/** §3 Course filter item: the synthetic first entry. */
export const ALL_COURSES: CourseItem = { id: 0, name: "全部" };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
const num = (v: unknown): number => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : 0);
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** Reads the c046 answer defensively; entries without a school id are dropped. */
export function normalizeSchoolEntries(raw: unknown): SchoolIdentityEntry[] {
  if (!Array.isArray(raw)) return [];
  const out: SchoolIdentityEntry[] = [];
  for (const e of raw) {
    if (!isRecord(e) || num(e.id) <= 0) continue;
    const info = isRecord(e.info) ? e.info : {};
    const periods = Array.isArray(e.period_arr) ? e.period_arr : [];
    out.push({
      id: num(e.id),
      url: str(e.url),
      ident: num(e.ident),
      title: str(e.title),
      period_arr: periods
        .filter(isRecord)
        .map((p) => ({ id: num(p.id), name: str(p.name) }))
        .filter((p) => p.id > 0),
      info: { realname: str(info.realname), account_school_user_id: num(info.account_school_user_id), type: num(info.type) },
    });
  }
  return out;
}

/** The entry of the session's current school identity (account-school-user row first, then school). */
export function currentSchoolEntry(
  entries: readonly SchoolIdentityEntry[],
  s: Pick<StoredSession, "school_id" | "account_school_user_id">,
): SchoolIdentityEntry | undefined {
  return (
    (s.account_school_user_id ? entries.find((e) => e.info.account_school_user_id === s.account_school_user_id) : undefined) ??
    entries.find((e) => e.id === s.school_id)
  );
}

/** A stable key of an entry (one account may hold several identities in one school). */
export function schoolEntryKey(e: SchoolIdentityEntry): string {
  return `${e.id}:${e.info.account_school_user_id}`;
}

export type SessionPatch = Partial<StoredSession>;

/**
 * §4 Switching school identity: school id, real name, identity, account-school-user id, school
 * url and identity code (from info.type); the top period is the school's first period or 0. The
 * period index is reset, so the selected period is that first period as well.
 */
export function schoolSwitchPatch(e: SchoolIdentityEntry): { session: SessionPatch; periodIndex: number } {
  const firstPeriod = e.period_arr[0]?.id ?? 0;
  const identity = e.ident || e.info.type;
  return {
    periodIndex: 0,
    session: {
      school_id: e.id,
      realname: e.info.realname,
      identity,
      ident: identity,
      account_school_user_id: e.info.account_school_user_id,
      // '/' is where the guard sends a user to his home url, so it cannot be one: keep the current home then.
      ...(e.url && e.url !== "/" ? { url: e.url } : {}),
      identityCode: e.info.type ? [e.info.type] : [],
      period_id_top: firstPeriod,
      period_id: firstPeriod,
      ...(e.title ? { school_index_name: e.title } : {}),
    },
  };
}

/** §4 Switching period: the period id (and its index in the school's list). */
export function periodSwitchPatch(e: SchoolIdentityEntry | undefined, periodId: number): { session: SessionPatch; periodIndex: number } {
  const i = e ? e.period_arr.findIndex((p) => p.id === periodId) : -1;
  return { session: { period_id: periodId }, periodIndex: Math.max(0, i) };
}

/** The course filter's options: 全部 first, then the period's courses (duplicates and id 0 dropped). */
export function courseOptions(raw: unknown): CourseItem[] {
  const out: CourseItem[] = [ALL_COURSES];
  const list = Array.isArray(raw) ? raw : isRecord(raw) && Array.isArray(raw.list) ? raw.list : [];
  for (const c of list) {
    if (!isRecord(c)) continue;
    const id = num(c.id);
    const name = str(c.name) || str(c.title);
    if (id > 0 && name && !out.some((o) => o.id === id)) out.push({ id, name });
  }
  return out;
}

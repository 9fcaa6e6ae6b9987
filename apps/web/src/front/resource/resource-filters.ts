/**
 * The front course list's filters and the URL query that carries them (docs/decisions/1110-front-resource-filters-in-url.md):
 * period, subject, grade, region, school, type, q, order, page, limit.
 */
import { COURSE_TYPE_NAMES, PAGE } from "@yanke/protocol";

export interface BrowserFilters {
  period: number;
  subject: number;
  grade: number;
  region: string;
  school: number;
  type: number;
  q: string;
  order: "new" | "hot";
  page: number;
  limit: number;
}

const num = (v: string | null) => {
  const n = Number(v ?? 0);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** The filters a URL query names (unknown or bad values read as 全部 / the defaults). */
export function filtersOf(params: URLSearchParams, fixedType = 0): BrowserFilters {
  const type = fixedType || num(params.get("type"));
  const limit = num(params.get("limit"));
  return {
    period: num(params.get("period")),
    subject: num(params.get("subject")),
    grade: num(params.get("grade")),
    region: (params.get("region") ?? "").slice(0, 12),
    school: num(params.get("school")),
    type: COURSE_TYPE_NAMES[type] ? type : 0,
    q: (params.get("q") ?? "").trim().slice(0, 60),
    order: params.get("order") === "hot" ? "hot" : "new",
    page: num(params.get("page")) || 1,
    limit: (PAGE.limitChoices as readonly number[]).includes(limit) ? limit : PAGE.defaultLimit,
  };
}

/** The c076 payload of the filters (全部 sends nothing). */
export function payloadOf(f: BrowserFilters): Record<string, unknown> {
  return {
    page: f.page,
    limit: f.limit,
    order: f.order,
    ...(f.period ? { period_id: f.period } : {}),
    ...(f.subject ? { subject_id: f.subject } : {}),
    ...(f.grade ? { grade_id: f.grade } : {}),
    ...(f.region ? { region_code: f.region } : {}),
    ...(f.school ? { school_id: f.school } : {}),
    ...(f.type ? { course_type: f.type } : {}),
    ...(f.q ? { name: f.q } : {}),
  };
}

/** The query after a change of some filters: defaults are left out; any change but paging goes back to page 1. */
export function nextQuery(params: URLSearchParams, patch: Partial<Record<keyof BrowserFilters, string | number>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    if (v === 0 || v === "" || v === undefined || (k === "order" && v === "new") || (k === "limit" && v === PAGE.defaultLimit)) next.delete(k);
    else next.set(k, String(v));
  }
  if (!("page" in patch)) next.delete("page");
  if (next.get("page") === "1") next.delete("page");
  return next;
}

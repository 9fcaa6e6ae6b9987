/** Pure helpers of the entity screens. */
import type { ImportRowError } from "@yanke/protocol";

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export interface BatchSummary {
  okIds: number[];
  failed: { id: number; msg: string }[];
}

/**
 * A batch delete's answer: a per-id list [{id, ok, msg}] (or {list: […]}); any other answer means all
 * requested ids went.
 */
export function batchSummary(answer: unknown, requested: readonly number[]): BatchSummary {
  const list = Array.isArray(answer) ? answer : isRecord(answer) && Array.isArray(answer.list) ? answer.list : null;
  if (!list) return { okIds: [...requested], failed: [] };
  const okIds: number[] = [];
  const failed: { id: number; msg: string }[] = [];
  for (const r of list) {
    if (!isRecord(r)) continue;
    const id = Number(r.id);
    if (!Number.isInteger(id)) continue;
    if (r.ok === true || r.ok === 1) okIds.push(id);
    else failed.push({ id, msg: typeof r.msg === "string" ? r.msg : "" });
  }
  return { okIds, failed };
}

/** Drops undefined, null, "" and blank strings from a filter object (list and export payloads); trims strings. */
export function compact(filters: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(filters)) {
    if (v === undefined || v === null) continue;
    if (typeof v === "string") {
      if (v.trim() !== "") out[key] = v.trim();
      continue;
    }
    out[key] = v;
  }
  return out;
}

/** Entry years offered by class forms and filters: this year and the 12 before it, newest first. */
export function entryYears(now: Date = new Date(), back = 12): number[] {
  const y = now.getFullYear();
  return Array.from({ length: back + 1 }, (_, i) => y - i);
}

/** What every import call answers (accounts, schools, students), read defensively. */
export interface ImportReportView {
  total: number;
  imported: number;
  skipped: number;
  errors: ImportRowError[];
  /** Generated initial passwords (account imports), shown once. */
  passwords: { row: number; username: string; password: string }[];
}

/** Any import answer as an ImportReportView (missing numbers 0, malformed rows dropped). */
export function normalizeImportReport(raw: unknown): ImportReportView {
  const r = isRecord(raw) ? raw : {};
  const errors: ImportRowError[] = Array.isArray(r.errors)
    ? r.errors.filter(isRecord).map((e) => ({ row: Number(e.row) || 0, field: String(e.field ?? ""), msg: String(e.msg ?? "") }))
    : [];
  const passwords = Array.isArray(r.accounts)
    ? r.accounts
        .filter(isRecord)
        .filter((a) => typeof a.password === "string" && a.password !== "")
        .map((a) => ({ row: Number(a.row) || 0, username: String(a.username ?? ""), password: String(a.password) }))
    : [];
  return { total: Number(r.total) || 0, imported: Number(r.imported) || 0, skipped: Number(r.skipped) || 0, errors, passwords };
}

/**
 * Rows an administrator manages by the scope written on them (review activities, questionnaires, training
 * programmes …: account_id, school_id, region_code set from the creator). A row is managed by its creator and by
 * administrators whose scope covers it: platform administrators every row; a district administrator the rows of the
 * schools below his region and the region-level rows (school_id 0) at or below it; a school administrator his
 * school's rows.
 */
import { type SQL, and, eq, inArray, or } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.js";
import { scopeOf } from "../rbac/permission.js";
import { region, school } from "./org.schema.js";
import type { Caller } from "../../http/caller.js";

/** Region codes at or below `code` (the region itself included). */
export async function regionsUnder(db: Db | Tx, code: string): Promise<string[]> {
  if (!code) return [];
  const rows = await db
    .select({ c: region.region_code })
    .from(region)
    .where(or(eq(region.region_code, code), eq(region.province_code, code), eq(region.city_code, code), eq(region.area_code, code)));
  return [...new Set([code, ...rows.map((r) => r.c)])];
}

/** The schools below a region code (province, city or area). */
export async function schoolsUnder(db: Db | Tx, code: string): Promise<number[]> {
  if (!code) return [];
  const rows = await db
    .select({ id: school.id })
    .from(school)
    .where(or(eq(school.area_code, code), eq(school.city_code, code), eq(school.province_code, code)));
  return rows.map((r) => r.id);
}

export interface OwnedColumns {
  account_id: PgColumn;
  school_id: PgColumn;
  region_code: PgColumn;
}

/** SQL for the rows the caller manages (undefined = every row). */
export async function managedWhere(db: Db | Tx, c: Caller, cols: OwnedColumns): Promise<SQL | undefined> {
  const sc = scopeOf(c);
  const mine = eq(cols.account_id, c.id);
  if (sc.kind === "all") return undefined;
  if (sc.kind === "school") return or(mine, eq(cols.school_id, sc.schoolId));
  if (sc.kind === "region") {
    const [schools, regions] = await Promise.all([schoolsUnder(db, sc.code), regionsUnder(db, sc.code)]);
    return or(mine, schools.length ? inArray(cols.school_id, schools) : undefined, and(eq(cols.school_id, 0), inArray(cols.region_code, regions)));
  }
  return mine;
}

export interface OwnedRow {
  account_id: number;
  school_id: number;
  region_code: string;
}

/**
 * Whether the caller manages the row. `cache` (one per request) keeps a district administrator's school and region
 * lists across the rows of a list.
 */
export async function manages(db: Db | Tx, c: Caller | null, row: OwnedRow, cache?: Map<string, Promise<unknown>>): Promise<boolean> {
  if (!c) return false;
  if (row.account_id === c.id) return true;
  const sc = scopeOf(c);
  if (sc.kind === "all") return true;
  if (sc.kind === "school") return row.school_id !== 0 && row.school_id === sc.schoolId;
  if (sc.kind === "region") {
    const memo = <T>(k: string, f: () => Promise<T>): Promise<T> => {
      if (!cache) return f();
      if (!cache.has(k)) cache.set(k, f());
      return cache.get(k) as Promise<T>;
    };
    if (row.school_id) return (await memo(`schools:${sc.code}`, () => schoolsUnder(db, sc.code))).includes(row.school_id);
    return row.region_code !== "" && (await memo(`regions:${sc.code}`, () => regionsUnder(db, sc.code))).includes(row.region_code);
  }
  return false;
}

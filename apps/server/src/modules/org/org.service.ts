import { asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { scopeOf } from "../rbac/permission.js";
import { period, school } from "./org.schema.js";

export interface SchoolSummary {
  id: number;
  title: string;
  area_code: string;
  school_type: string;
  school_index_name: string;
  school_index_logo: string;
}

export class OrgService {
  constructor(private readonly db: Db) {}

  /**
   * Schools a caller manages (docs/decisions/0302): undefined = every school (SF_ADMIN, SF_PINGTAI); a district
   * administrator the schools of his region; a school administrator his own; others none.
   */
  async schoolsInScope(who: { identity: number; school_id: number; region_code: string }): Promise<number[] | undefined> {
    const scope = scopeOf(who);
    switch (scope.kind) {
      case "all":
        return undefined;
      case "school":
        return [scope.schoolId];
      case "region":
        return this.schoolIdsInRegion(scope.code);
      case "none":
        return [];
    }
  }

  /** Is the school within the caller's scope? (school 0 only for callers who manage everything) */
  async inScope(who: { identity: number; school_id: number; region_code: string }, schoolId: number): Promise<boolean> {
    const schools = await this.schoolsInScope(who);
    return schools === undefined || (schoolId !== 0 && schools.includes(schoolId));
  }

  async schoolSummary(id: number): Promise<SchoolSummary | undefined> {
    if (!id) return undefined;
    const [row] = await this.db
      .select({
        id: school.id,
        title: school.title,
        area_code: school.area_code,
        school_type: school.school_type,
        school_index_name: school.school_index_name,
        school_index_logo: school.school_index_logo,
      })
      .from(school)
      .where(eq(school.id, id));
    return row;
  }

  /** Schools whose area, city or province code is `code` (a district administrator's region). */
  async schoolIdsInRegion(code: string): Promise<number[]> {
    if (!code) return [];
    const rows = await this.db
      .select({ id: school.id })
      .from(school)
      .where(or(eq(school.area_code, code), eq(school.city_code, code), eq(school.province_code, code)));
    return rows.map((r) => r.id);
  }

  async schoolTitles(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: school.id, title: school.title })
      .from(school)
      .where(inArray(school.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  async schoolIdByCode(code: string): Promise<number | undefined> {
    if (!code) return undefined;
    const [row] = await this.db.select({ id: school.id }).from(school).where(eq(school.code, code));
    return row?.id;
  }

  async schoolCode(id: number): Promise<string | undefined> {
    const [row] = await this.db.select({ code: school.code }).from(school).where(eq(school.id, id));
    return row?.code || undefined;
  }

  async allSchoolIds(): Promise<number[]> {
    return (await this.db.select({ id: school.id }).from(school)).map((r) => r.id);
  }

  async periodsOf(schoolIds: readonly number[]): Promise<Map<number, { id: number; name: string }[]>> {
    const out = new Map<number, { id: number; name: string }[]>();
    if (!schoolIds.length) return out;
    const rows = await this.db
      .select({ id: period.id, name: period.name, school_id: period.school_id })
      .from(period)
      .where(inArray(period.school_id, [...schoolIds]))
      .orderBy(asc(period.sort), asc(period.id));
    for (const r of rows) {
      const list = out.get(r.school_id) ?? [];
      list.push({ id: r.id, name: r.name });
      out.set(r.school_id, list);
    }
    return out;
  }
}

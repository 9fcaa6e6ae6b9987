/**
 * The organization a statistic covers (docs/decisions/0707): region → schools → teachers.
 *
 *   platform administrators (identity 1, 5): the whole platform;
 *   a district administrator: his region (region_code) — its schools and the regions below it;
 *   a school administrator, and a teacher: his school.
 *
 * A payload may narrow it with region_id or school_id, which must lie inside (403 otherwise, 404 when unknown).
 */
import type { ScopeInfo, ScopePayload } from "@yanke/protocol";
import { type SQL, eq, inArray, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.js";
import { forbidden, notFound } from "../../http/errors.js";
import { region, school } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { scopeOf } from "../rbac/permission.js";

export type RegionRow = typeof region.$inferSelect;

export interface OrgScope {
  /** The whole platform. */
  all: boolean;
  /** Schools covered (meaningless when all). */
  schools: number[];
  /** Regions covered (the scope's region and those below it; empty for a school). */
  regions: number[];
  info: ScopeInfo;
  /** The region at the top of the scope (undefined for all / a school). */
  root?: RegionRow;
}

export const ALL_INFO: ScopeInfo = { kind: "all", id: 0, name: "全平台", level: 0 };
export const OUT_OF_ORG = "不在您的组织范围内";

/** `column IN ids`, or nothing when the list is empty. */
export function within(column: PgColumn, ids: readonly number[]): SQL {
  return ids.length ? inArray(column, [...ids]) : sql`false`;
}

export class OrgScopes {
  constructor(private readonly db: Db) {}

  async regionById(id: number): Promise<RegionRow | undefined> {
    const [r] = await this.db.select().from(region).where(eq(region.id, id));
    return r;
  }

  async regionByCode(code: string): Promise<RegionRow | undefined> {
    if (!code) return undefined;
    const [r] = await this.db.select().from(region).where(eq(region.region_code, code));
    return r;
  }

  /** The scope of a region: its schools (by code) and the regions at or below it. */
  async ofRegion(r: RegionRow): Promise<OrgScope> {
    const code = r.region_code;
    const schools = await this.db
      .select({ id: school.id })
      .from(school)
      .where(or(eq(school.area_code, code), eq(school.city_code, code), eq(school.province_code, code)));
    const regions = await this.db
      .select({ id: region.id })
      .from(region)
      .where(or(eq(region.id, r.id), eq(region.province_code, code), eq(region.city_code, code), eq(region.area_code, code)));
    return {
      all: false,
      schools: schools.map((s) => s.id),
      regions: [...new Set(regions.map((x) => x.id))],
      info: { kind: "region", id: r.id, name: r.name, level: r.level },
      root: r,
    };
  }

  async ofSchool(id: number): Promise<OrgScope> {
    const [s] = id ? await this.db.select({ id: school.id, title: school.title }).from(school).where(eq(school.id, id)) : [];
    if (!s) return { all: false, schools: [], regions: [], info: { kind: "school", id: 0, name: "未设置学校", level: 0 } };
    return { all: false, schools: [s.id], regions: [], info: { kind: "school", id: s.id, name: s.title, level: 0 } };
  }

  /** The caller's whole organization. */
  async of(c: Caller): Promise<OrgScope> {
    const sc = scopeOf(c);
    if (sc.kind === "all") return { all: true, schools: [], regions: [], info: ALL_INFO };
    if (sc.kind === "region") {
      const r = await this.regionByCode(sc.code);
      if (r) return this.ofRegion(r);
      return this.ofSchool(c.school_id);
    }
    if (sc.kind === "school") return this.ofSchool(sc.schoolId);
    return this.ofSchool(c.school_id);
  }

  /** The caller's organization narrowed by region_id / school_id (which must lie inside it). */
  async resolve(c: Caller, p: Partial<ScopePayload> = {}): Promise<OrgScope> {
    const base = await this.of(c);
    if (p.school_id) {
      const [s] = await this.db.select({ id: school.id }).from(school).where(eq(school.id, p.school_id));
      if (!s) throw notFound("学校不存在");
      if (!base.all && !base.schools.includes(s.id)) throw forbidden(`该学校${OUT_OF_ORG}`);
      return this.ofSchool(s.id);
    }
    if (p.region_id) {
      const r = await this.regionById(p.region_id);
      if (!r) throw notFound("区域不存在");
      if (!base.all && !base.regions.includes(r.id)) throw forbidden(`该区域${OUT_OF_ORG}`);
      return this.ofRegion(r);
    }
    return base;
  }

  /** Region ids of a school's district and city (by its codes), 0 when unknown. */
  async schoolRegions(schoolId: number, db: Db | Tx = this.db): Promise<{ area_id: number; city_id: number; province_id: number }> {
    const none = { area_id: 0, city_id: 0, province_id: 0 };
    if (!schoolId) return none;
    const [s] = await db.select().from(school).where(eq(school.id, schoolId));
    if (!s) return none;
    const codes = [s.area_code, s.city_code, s.province_code].filter(Boolean);
    if (!codes.length) return none;
    const rows = await db.select({ id: region.id, code: region.region_code }).from(region).where(inArray(region.region_code, codes));
    const idOf = (code: string) => rows.find((r) => r.code === code)?.id ?? 0;
    return { area_id: idOf(s.area_code), city_id: idOf(s.city_code), province_id: idOf(s.province_code) };
  }
}

/**
 * Regions (c038–c041): the province → city → district tree, its codes and who may change it.
 *
 * Wiring (app.ts createServices):
 *   const orgPorts: OrgAdminPorts = {
 *     accountsInSchool: (id) => accounts.countInSchool(id),          // school_id = id or an account_school_user row
 *     accountsWithRegionCode: (code) => accounts.countWithRegionCode(code),
 *   };
 *   const regions = new RegionService(db, orgPorts);
 *   const schools = new SchoolService(db, org, regions, orgPorts);
 *   routes: orgAdminRoutes(app, host, { regions, schools, accounts })   (org-admin.routes.ts)
 *
 * Codes (docs/decisions/0411): a region's region_code is its 6-digit administrative division code; level 1
 * (province) `dd0000`, level 2 (city) `dddd00` under the province's first 2 digits, level 3
 * (district) under the city's first 4. province_code / city_code / area_code are derived from the parent and
 * region_code; a client may send them, but they must agree.
 *
 * Scope (docs/decisions/0412): SF_ADMIN and SF_PINGTAI everything; a district administrator sees his region
 * (the region whose region_code is his) and everything below it, and changes only the regions below it; others
 * see nothing and change nothing.
 */
// Until @yanke/protocol exports schemas/org (lead: index.ts), straight from the file.
import { REGION_MAX_LEVEL, type RegionList, type RegionNode, type RegionSave, type RegionUpdate } from "@yanke/protocol";
import { and, asc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { scopeOf } from "../rbac/permission.js";
import { region, school } from "./org.schema.js";

export type RegionRow = typeof region.$inferSelect;
type Who = { identity: number; school_id: number; region_code: string };

/** What the org administration needs from the account module (injected to keep modules apart). */
export interface OrgAdminPorts {
  /** Accounts that belong to the school: school_id = id, or an account-school-user row for it. */
  accountsInSchool(schoolId: number): Promise<number>;
  /** Accounts whose region_code is this code (district administrators are scoped by it). */
  accountsWithRegionCode(code: string): Promise<number>;
}

/** Where a caller stands in the region tree. */
export type RegionScope = { kind: "all" } | { kind: "region"; root: RegionRow } | { kind: "none" };

export const NO_REGION_RIGHTS = "只有平台管理员或区级管理员可以管理区域";

/** A unique-index violation (PostgreSQL 23505), however deeply the driver wrapped it. */
export function isUniqueViolation(e: unknown): boolean {
  for (let cur: unknown = e, i = 0; cur instanceof Error && i < 5; cur = cur.cause, i++) {
    if ("code" in cur && cur.code === "23505") return true;
  }
  return false;
}

export function escapeLike(s: string): string {
  return `%${s.replace(/[%_\\]/g, "\\$&")}%`;
}

/** The region column that holds a level's code (1 province_code, 2 city_code, 3 area_code). */
function regionCodeColumn(level: number) {
  return level === 1 ? region.province_code : level === 2 ? region.city_code : region.area_code;
}

function schoolCodeColumn(level: number) {
  return level === 1 ? school.province_code : level === 2 ? school.city_code : school.area_code;
}

function codeAtLevel(r: Pick<RegionRow, "province_code" | "city_code" | "area_code">, level: number): string {
  return level === 1 ? r.province_code : level === 2 ? r.city_code : r.area_code;
}

/** Is `r` the region `root` or below it? */
export function isWithin(root: RegionRow, r: Pick<RegionRow, "id" | "province_code" | "city_code" | "area_code">): boolean {
  return r.id === root.id || codeAtLevel(r, root.level) === root.region_code;
}

export interface RegionCodes {
  province_code: string;
  city_code: string;
  area_code: string;
}

/**
 * The codes of a region of `level` with `code` under `parent`, or the reason they are not consistent
 * (docs/decisions/0411).
 */
export function deriveRegionCodes(level: number, code: string, parent: RegionRow | undefined): RegionCodes | string {
  if (!/^\d{6}$/.test(code)) return "区域编码为 6 位数字（行政区划代码，如 640104）";
  if (level === 1) {
    if (!code.endsWith("0000")) return `省级区域编码应以 0000 结尾，如 640000`;
    return { province_code: code, city_code: "", area_code: "" };
  }
  if (!parent) return "缺少上级区域";
  if (level === 2) {
    const prefix = parent.region_code.slice(0, 2);
    if (!code.startsWith(prefix) || !code.endsWith("00") || code.endsWith("0000")) {
      return `市级区域编码应以上级编码的前 2 位「${prefix}」开头、以 00 结尾，如 ${prefix}0100`;
    }
    return { province_code: parent.province_code, city_code: code, area_code: "" };
  }
  const prefix = parent.region_code.slice(0, 4);
  if (!code.startsWith(prefix) || code.endsWith("00")) return `区县编码应以上级编码的前 4 位「${prefix}」开头且不以 00 结尾，如 ${prefix}04`;
  return { province_code: parent.province_code, city_code: parent.city_code, area_code: code };
}

const CODE_LABELS = { province_code: "省级编码", city_code: "市级编码", area_code: "区县编码" } as const;

/** Codes the client sent must be the derived ones. */
function checkGivenCodes(given: Partial<RegionCodes>, derived: RegionCodes): void {
  for (const key of ["province_code", "city_code", "area_code"] as const) {
    const v = given[key];
    if (v !== undefined && v !== derived[key]) {
      throw badInput(`${CODE_LABELS[key]}(${key}): 应为「${derived[key] || "空"}」，与上级区域和区域编码一致`);
    }
  }
}

export class RegionService {
  constructor(
    private readonly db: Db,
    private readonly ports: Pick<OrgAdminPorts, "accountsWithRegionCode">,
  ) {}

  async byId(id: number): Promise<RegionRow | undefined> {
    if (!id) return undefined;
    const [row] = await this.db.select().from(region).where(eq(region.id, id));
    return row;
  }

  async byCode(code: string): Promise<RegionRow | undefined> {
    if (!code) return undefined;
    const [row] = await this.db.select().from(region).where(eq(region.region_code, code));
    return row;
  }

  async scope(s: Who): Promise<RegionScope> {
    const sc = scopeOf(s);
    if (sc.kind === "all") return { kind: "all" };
    if (sc.kind === "region") {
      const root = await this.byCode(sc.code);
      if (root) return { kind: "region", root };
    }
    return { kind: "none" };
  }

  /** Regions `r` and below (SQL on the region table). */
  private subtree(r: RegionRow): SQL | undefined {
    return or(eq(region.id, r.id), eq(regionCodeColumn(r.level), r.region_code));
  }

  /** Schools in region `r` or below it (SQL on the school table). */
  schoolsUnder(r: RegionRow): SQL | undefined {
    return or(eq(school.region_id, r.id), eq(schoolCodeColumn(r.level), r.region_code));
  }

  /** May the caller put a school into region `r`? */
  async mayPlace(s: Who, r: RegionRow): Promise<boolean> {
    const sc = await this.scope(s);
    return sc.kind === "all" || (sc.kind === "region" && isWithin(sc.root, r));
  }

  /** c038: the children of `pid` (0: the top the caller sees), or the regions whose name contains `name`. */
  async list(s: Who, q: z.output<typeof RegionList>): Promise<RegionNode[]> {
    const sc = await this.scope(s);
    if (sc.kind === "none") return [];
    const conds: (SQL | undefined)[] = [];
    let parent: RegionRow | undefined;
    if (q.pid) {
      parent = await this.byId(q.pid);
      if (!parent || (sc.kind === "region" && !isWithin(sc.root, parent))) throw notFound("上级区域不存在或不在您的管理范围");
    }
    let rows: RegionRow[];
    if (q.name) {
      conds.push(sql`${region.name} ilike ${escapeLike(q.name)}`);
      if (sc.kind === "region") conds.push(this.subtree(sc.root));
      if (parent) conds.push(this.subtree(parent), ne(region.id, parent.id));
      rows = await this.db
        .select()
        .from(region)
        .where(and(...conds))
        .orderBy(asc(region.level), asc(region.sort), asc(region.region_code))
        .limit(200);
    } else if (parent) {
      rows = await this.children(parent.id);
    } else {
      rows = sc.kind === "all" ? await this.children(0) : [sc.root];
    }
    return this.toNodes(rows);
  }

  private children(pid: number): Promise<RegionRow[]> {
    return this.db.select().from(region).where(eq(region.pid, pid)).orderBy(asc(region.sort), asc(region.region_code));
  }

  async toNodes(rows: RegionRow[]): Promise<RegionNode[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const kids = await this.db.select({ pid: region.pid, n: sql<number>`count(*)::int` }).from(region).where(inArray(region.pid, ids)).groupBy(region.pid);
    const hasKids = new Set(kids.filter((k) => k.n > 0).map((k) => k.pid));
    const schoolCounts = await this.schoolCounts(rows);
    const names = await this.namesOf(rows.flatMap((r) => [r.province_code, r.city_code]));
    return rows.map((r) => ({
      id: r.id,
      pid: r.pid,
      name: r.name,
      level: r.level,
      region_code: r.region_code,
      province_code: r.province_code,
      city_code: r.city_code,
      area_code: r.area_code,
      sort: r.sort,
      has_children: hasKids.has(r.id),
      school_count: schoolCounts.get(r.id) ?? 0,
      full_name: this.fullName(r, names),
      created_at: formatTime(r.created_at),
    }));
  }

  fullName(r: Pick<RegionRow, "level" | "name" | "province_code" | "city_code">, names: ReadonlyMap<string, string>): string {
    const parts: string[] = [];
    if (r.level > 1) parts.push(names.get(r.province_code) ?? "");
    if (r.level > 2) parts.push(names.get(r.city_code) ?? "");
    parts.push(r.name);
    return parts.filter(Boolean).join("/");
  }

  /** region_code → name of the regions with these codes. */
  async namesOf(codes: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(codes.filter(Boolean))];
    if (!wanted.length) return new Map();
    const rows = await this.db.select({ code: region.region_code, name: region.name }).from(region).where(inArray(region.region_code, wanted));
    return new Map(rows.map((r) => [r.code, r.name]));
  }

  /** Schools in each region and below, by region id. */
  private async schoolCounts(rows: RegionRow[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const level of [1, 2, 3]) {
      const atLevel = rows.filter((r) => r.level === level);
      if (!atLevel.length) continue;
      const col = schoolCodeColumn(level);
      const counts = await this.db
        .select({ code: col, n: sql<number>`count(*)::int` })
        .from(school)
        .where(
          inArray(
            col,
            atLevel.map((r) => r.region_code),
          ),
        )
        .groupBy(col);
      const byCode = new Map(counts.map((c) => [c.code, c.n]));
      for (const r of atLevel) out.set(r.id, byCode.get(r.region_code) ?? 0);
    }
    return out;
  }

  /** The region a write targets: 404 when the caller does not see it, 403 when it is his own or above. */
  private async managed(s: Who, id: number): Promise<RegionRow> {
    const sc = await this.scope(s);
    if (sc.kind === "none") throw forbidden(NO_REGION_RIGHTS);
    const row = await this.byId(id);
    if (!row || (sc.kind === "region" && !isWithin(sc.root, row))) throw notFound("区域不存在或不在您的管理范围");
    if (sc.kind === "region" && row.id === sc.root.id) throw forbidden("不能修改或删除您所属的区域，请联系上级管理员");
    return row;
  }

  private async codeFree(code: string, selfId?: number): Promise<void> {
    const other = await this.byCode(code);
    if (other && other.id !== selfId) throw conflict(`区域编码「${code}」已被「${other.name}」使用`);
  }

  private async nameFree(pid: number, name: string, selfId?: number): Promise<void> {
    const [other] = await this.db
      .select({ id: region.id })
      .from(region)
      .where(and(eq(region.pid, pid), eq(region.name, name), selfId ? ne(region.id, selfId) : undefined));
    if (other) throw conflict(`同一上级区域下已有名为「${name}」的区域`);
  }

  /** c039 */
  async save(s: Who, p: z.output<typeof RegionSave>): Promise<{ id: number }> {
    const sc = await this.scope(s);
    if (sc.kind === "none") throw forbidden(NO_REGION_RIGHTS);
    let parent: RegionRow | undefined;
    if (p.pid) {
      parent = await this.byId(p.pid);
      if (!parent) throw badInput("上级区域(pid): 上级区域不存在");
    }
    if (sc.kind === "region" && (!parent || !isWithin(sc.root, parent))) throw forbidden("只能在您所属的区域下新增下级区域");
    const level = parent ? parent.level + 1 : 1;
    if (level > REGION_MAX_LEVEL) throw badInput("上级区域(pid): 区县下不能再添加下级区域");
    const codes = deriveRegionCodes(level, p.region_code, parent);
    if (typeof codes === "string") throw badInput(`区域编码(region_code): ${codes}`);
    checkGivenCodes(p, codes);
    await this.codeFree(p.region_code);
    await this.nameFree(p.pid, p.name);
    try {
      const [row] = await this.db
        .insert(region)
        .values({ pid: p.pid, name: p.name, level, region_code: p.region_code, ...codes, sort: p.sort })
        .returning({ id: region.id });
      if (!row) throw new Error("region insert failed");
      return row;
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(`区域编码「${p.region_code}」已存在`);
      throw e;
    }
  }

  /** What still hangs on a region: child regions, schools, accounts scoped by its code. */
  private async dependents(r: RegionRow): Promise<string | undefined> {
    const [{ n: kids } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(region).where(eq(region.pid, r.id));
    if (kids) return `区域「${r.name}」下还有 ${kids} 个下级区域`;
    const [{ n: schools } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(school).where(this.schoolsUnder(r));
    if (schools) return `区域「${r.name}」下还有 ${schools} 所学校`;
    const accounts = await this.ports.accountsWithRegionCode(r.region_code);
    if (accounts) return `还有 ${accounts} 个账号属于区域「${r.name}」（区域编码 ${r.region_code}）`;
    return undefined;
  }

  /** c040: name, sort and (while nothing hangs on it) region_code; a region does not move. */
  async update(s: Who, p: z.output<typeof RegionUpdate>): Promise<void> {
    const row = await this.managed(s, p.id);
    const code = p.region_code ?? row.region_code;
    const parent = row.pid ? await this.byId(row.pid) : undefined;
    const codes = deriveRegionCodes(row.level, code, parent);
    if (typeof codes === "string") throw badInput(`区域编码(region_code): ${codes}`);
    checkGivenCodes(p, codes);
    if (code !== row.region_code) {
      const blocker = await this.dependents(row);
      if (blocker) throw conflict(`${blocker}，不能修改区域编码`);
      await this.codeFree(code, row.id);
    }
    if (p.name !== undefined && p.name !== row.name) await this.nameFree(row.pid, p.name, row.id);
    try {
      await this.db
        .update(region)
        .set({ name: p.name ?? row.name, sort: p.sort ?? row.sort, region_code: code, ...codes })
        .where(eq(region.id, row.id));
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(`区域编码「${code}」已存在`);
      throw e;
    }
  }

  /** c041: 409 while child regions, schools or accounts hang on it. */
  async remove(s: Who, id: number): Promise<void> {
    const row = await this.managed(s, id);
    const blocker = await this.dependents(row);
    if (blocker) throw conflict(`${blocker}，不能删除`);
    await this.db.delete(region).where(eq(region.id, row.id));
  }
}

/**
 * School administration: /middle/school/* (list, read, save, update, delete, batch_delete, quick_operate,
 * import, export) and the community edition's /v2/school/* (c359–c364), which are the same operations.
 *
 * Constructor: new SchoolService(db, org: OrgService, regions: RegionService, ports: OrgAdminPorts) — see
 * region.service.ts for the wiring.
 *
 * Scope (docs/decisions/0412): SF_ADMIN / SF_PINGTAI every school; a district administrator the schools of his
 * region (OrgService.schoolsInScope), and he creates or moves schools only into his region; a school
 * administrator reads his own school and changes only its profile fields (SCHOOL_PROFILE_FIELDS); others
 * nothing. Out-of-scope schools answer 404 (their existence is not revealed).
 */
import type { BatchResult, FileAnswer } from "@yanke/protocol";
// Until @yanke/protocol exports schemas/org (lead: index.ts), straight from the file.
import {
  type RegionSchoolList,
  SCHOOL_PROFILE_FIELDS,
  type SchoolExport,
  type SchoolImportReport,
  type SchoolList,
  type SchoolOption,
  type SchoolRow,
  type SchoolSave,
  type SchoolUpdate,
} from "@yanke/protocol";
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { AppError, badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { scopeOf } from "../rbac/permission.js";
import { grade, period, region, school, schoolClass, subject } from "./org.schema.js";
import type { OrgService } from "./org.service.js";
import { type OrgAdminPorts, type RegionRow, type RegionService, escapeLike, isUniqueViolation, isWithin } from "./region.service.js";
import { type RegionRef, buildSchoolExport, parseSchoolImport } from "./school-xlsx.js";
import { XLSX_MIME } from "../../infra/xlsx.js";

type Who = { id: number; identity: number; school_id: number; region_code: string };
type DbSchool = typeof school.$inferSelect;
type SaveInput = z.output<typeof SchoolSave>;
type UpdateInput = z.output<typeof SchoolUpdate>;
type Filter = z.output<typeof SchoolExport>;

const PROFILE = new Set<string>(SCHOOL_PROFILE_FIELDS);
export const MSG = {
  notFound: "学校不存在或不在您的管理范围",
  adminsOnly: "只有平台管理员或区级管理员可以新增、删除或启用禁用学校",
  profileOnly: "校级管理员只能修改本校的学校名称、首页名称、首页标志、地址和联系电话",
  outsideRegion: "只能把学校设在您所属的区域内",
} as const;

const CODE_FIELDS = [
  ["area_code", "区县编码", 3],
  ["city_code", "市级编码", 2],
  ["province_code", "省级编码", 1],
] as const;

export class SchoolService {
  constructor(
    private readonly db: Db,
    private readonly org: OrgService,
    private readonly regions: RegionService,
    private readonly ports: Pick<OrgAdminPorts, "accountsInSchool">,
  ) {}

  private isAdminOfAll(s: Who): boolean {
    return scopeOf(s).kind === "all";
  }

  /** May the caller create, delete and switch schools (platform or district administrators)? */
  private mayAdminister(s: Who): boolean {
    const kind = scopeOf(s).kind;
    return kind === "all" || kind === "region";
  }

  private async target(s: Who, id: number): Promise<DbSchool> {
    const [row] = await this.db.select().from(school).where(eq(school.id, id));
    if (!row || !(await this.org.inScope(s, row.id))) throw notFound(MSG.notFound);
    return row;
  }

  private async whereFor(s: Who, q: Filter): Promise<SQL | undefined> {
    const conds: (SQL | undefined)[] = [];
    const inScope = await this.org.schoolsInScope(s);
    if (inScope !== undefined) conds.push(inScope.length ? inArray(school.id, inScope) : sql`false`);
    if (q.title) conds.push(sql`${school.title} ilike ${escapeLike(q.title)}`);
    if (q.code) conds.push(sql`${school.code} ilike ${escapeLike(q.code)}`);
    if (q.region_id) {
      const r = await this.regions.byId(q.region_id);
      conds.push(r ? this.regions.schoolsUnder(r) : sql`false`);
    }
    if (q.region_code) {
      const r = await this.regions.byCode(q.region_code);
      conds.push(r ? this.regions.schoolsUnder(r) : sql`false`);
    }
    if (q.area_code) conds.push(eq(school.area_code, q.area_code));
    if (q.school_type) conds.push(eq(school.school_type, q.school_type));
    if (q.status !== undefined && q.status !== "") conds.push(eq(school.status, q.status));
    return conds.length ? and(...conds) : undefined;
  }

  async toRows(rows: DbSchool[]): Promise<SchoolRow[]> {
    const names = await this.regions.namesOf(rows.flatMap((r) => [r.province_code, r.city_code, r.area_code]));
    return rows.map((r) => {
      const province_name = names.get(r.province_code) ?? "";
      const city_name = names.get(r.city_code) ?? "";
      const area_name = names.get(r.area_code) ?? "";
      return {
        id: r.id,
        title: r.title,
        code: r.code,
        province_code: r.province_code,
        city_code: r.city_code,
        area_code: r.area_code,
        region_id: r.region_id ?? 0,
        province_name,
        city_name,
        area_name,
        region_name: [province_name, city_name, area_name].filter(Boolean).join("/"),
        school_type: r.school_type,
        school_index_name: r.school_index_name,
        school_index_logo: r.school_index_logo,
        address: r.address,
        telephone: r.telephone,
        status: r.status,
        created_at: formatTime(r.created_at),
      };
    });
  }

  /** /middle/school/list, c359 */
  async list(s: Who, q: z.output<typeof SchoolList>) {
    const where = await this.whereFor(s, q);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(school).where(where);
    const rows = await this.db
      .select()
      .from(school)
      .where(where)
      .orderBy(desc(school.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: await this.toRows(rows), total: n, page: q.page, limit: q.limit };
  }

  /** /middle/school/read, c360 */
  async read(s: Who, id: number): Promise<SchoolRow> {
    const [row] = await this.toRows([await this.target(s, id)]);
    if (!row) throw notFound(MSG.notFound);
    return row;
  }

  /**
   * The school's region: region_id, else the most specific of area_code, city_code, province_code (the other
   * codes sent must agree with it). undefined when none of them is given.
   */
  private async resolveRegion(p: { region_id?: number; province_code?: string; city_code?: string; area_code?: string }): Promise<RegionRow | undefined> {
    if (p.region_id) {
      const r = await this.regions.byId(p.region_id);
      if (!r) throw badInput("所属区域(region_id): 区域不存在");
      return r;
    }
    for (const [field, label, level] of CODE_FIELDS) {
      const code = p[field];
      if (!code) continue;
      const r = await this.regions.byCode(code);
      if (!r || r.level !== level) throw badInput(`${label}(${field}): 未找到编码为 ${code} 的${label.replace("编码", "")}区域`);
      for (const [other, otherLabel] of CODE_FIELDS) {
        const v = p[other];
        if (v && v !== r[other]) throw badInput(`${otherLabel}(${other}): 与${label} ${code} 所属的区域不一致`);
      }
      return r;
    }
    return undefined;
  }

  private async codeFree(code: string, selfId?: number): Promise<void> {
    if (!code) return;
    const [other] = await this.db
      .select({ id: school.id })
      .from(school)
      .where(and(eq(school.code, code), selfId ? ne(school.id, selfId) : undefined));
    if (other) throw conflict(`学校编码「${code}」已存在`);
  }

  private async titleFree(r: RegionRow, title: string, selfId?: number): Promise<void> {
    const [other] = await this.db
      .select({ id: school.id })
      .from(school)
      .where(and(eq(school.region_id, r.id), eq(school.title, title), selfId ? ne(school.id, selfId) : undefined));
    if (other) throw conflict(`区域「${r.name}」已有名为「${title}」的学校`);
  }

  private placement(r: RegionRow) {
    return { region_id: r.id, province_code: r.province_code, city_code: r.city_code, area_code: r.area_code };
  }

  /** /middle/school/save, c361 */
  async save(s: Who, p: SaveInput): Promise<{ id: number }> {
    if (!this.mayAdminister(s)) throw forbidden(MSG.adminsOnly);
    const r = await this.resolveRegion(p);
    if (!r) throw badInput("所属区域(region_id): 请选择学校所属的区域");
    if (!(await this.regions.mayPlace(s, r))) throw forbidden(MSG.outsideRegion);
    await this.codeFree(p.code);
    await this.titleFree(r, p.title);
    try {
      const [row] = await this.db
        .insert(school)
        .values({
          title: p.title,
          code: p.code,
          ...this.placement(r),
          school_type: p.school_type,
          school_index_name: p.school_index_name,
          school_index_logo: p.school_index_logo,
          address: p.address,
          telephone: p.telephone,
          status: p.status,
        })
        .returning({ id: school.id });
      if (!row) throw new Error("school insert failed");
      return row;
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict("学校已存在");
      throw e;
    }
  }

  /** /middle/school/update, c362: only the fields sent change. */
  async update(s: Who, p: UpdateInput): Promise<void> {
    const { id, ...fields } = p;
    const before = await this.target(s, id);
    if (!this.mayAdminister(s)) {
      // A school administrator: his own school's profile fields only; unchanged values of others may come along.
      for (const [key, value] of Object.entries(fields)) {
        if (value === undefined || PROFILE.has(key)) continue;
        const current = key === "region_id" ? (before.region_id ?? 0) : Reflect.get(before, key);
        if (value !== current) throw forbidden(MSG.profileOnly);
      }
    }
    const moving =
      (fields.region_id !== undefined && fields.region_id !== 0 && fields.region_id !== before.region_id) ||
      CODE_FIELDS.some(([f]) => fields[f] !== undefined && fields[f] !== before[f]);
    let r: RegionRow | undefined;
    if (moving) {
      r = await this.resolveRegion(fields);
      if (!r) throw badInput("所属区域(region_id): 请选择学校所属的区域");
      if (!(await this.regions.mayPlace(s, r))) throw forbidden(MSG.outsideRegion);
      // Region usage and allocations are counted along the region chain (docs/decisions/0407, 0415).
      if (r.id !== before.region_id && before.used_bytes > 0) throw conflict(`学校「${before.title}」已使用存储空间，不能迁移到其他区域`);
      if (r.id !== before.region_id && before.quota_bytes > 0) {
        throw conflict(`学校「${before.title}」设有存储空间配额，请先在存储空间中改为不限再迁移区域`);
      }
    } else if (before.region_id) {
      r = await this.regions.byId(before.region_id);
    }
    if (fields.code !== undefined && fields.code !== before.code) await this.codeFree(fields.code, id);
    const title = fields.title ?? before.title;
    if (r && (title !== before.title || r.id !== before.region_id)) await this.titleFree(r, title, id);
    const set: Partial<typeof school.$inferInsert> = {};
    if (fields.title !== undefined) set.title = fields.title;
    if (fields.code !== undefined) set.code = fields.code;
    if (fields.school_type !== undefined) set.school_type = fields.school_type;
    if (fields.school_index_name !== undefined) set.school_index_name = fields.school_index_name;
    if (fields.school_index_logo !== undefined) set.school_index_logo = fields.school_index_logo;
    if (fields.address !== undefined) set.address = fields.address;
    if (fields.telephone !== undefined) set.telephone = fields.telephone;
    if (fields.status !== undefined) set.status = fields.status;
    if (moving && r) Object.assign(set, this.placement(r));
    if (!Object.keys(set).length) return;
    try {
      await this.db.update(school).set(set).where(eq(school.id, id));
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict("学校已存在");
      throw e;
    }
  }

  /** /middle/school/delete, c363: 409 while accounts, classes or stored files belong to it; its periods, subjects and grades go with it. */
  async remove(s: Who, id: number): Promise<void> {
    if (!this.mayAdminister(s)) throw forbidden(MSG.adminsOnly);
    const row = await this.target(s, id);
    const accounts = await this.ports.accountsInSchool(row.id);
    if (accounts) throw conflict(`学校「${row.title}」下还有 ${accounts} 个账号，请先删除或转移这些账号`);
    const [{ n: classes } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(schoolClass).where(eq(schoolClass.school_id, row.id));
    if (classes) throw conflict(`学校「${row.title}」下还有 ${classes} 个班级，请先删除这些班级`);
    if (row.used_bytes > 0) throw conflict(`学校「${row.title}」仍占用存储空间，请先清理文件`);
    await this.db.transaction(async (tx) => {
      const periods = (await tx.select({ id: period.id }).from(period).where(eq(period.school_id, row.id))).map((x) => x.id);
      await tx.delete(grade).where(eq(grade.school_id, row.id));
      if (periods.length) {
        await tx.delete(grade).where(inArray(grade.period_id, periods));
        await tx.delete(subject).where(inArray(subject.period_id, periods));
        await tx.delete(period).where(inArray(period.id, periods));
      }
      await tx.delete(school).where(eq(school.id, row.id));
    });
  }

  /** /middle/school/batch_delete: a result per id; one refusal does not stop the others. */
  async batchDelete(s: Who, ids: number[]): Promise<BatchResult[]> {
    const out: BatchResult[] = [];
    for (const id of [...new Set(ids)]) {
      try {
        await this.remove(s, id);
        out.push({ id, ok: true, msg: "删除成功" });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        out.push({ id, ok: false, msg: e.message });
      }
    }
    return out;
  }

  /** /middle/school/quick_operate: enable or disable. */
  async setStatus(s: Who, id: number, value: number): Promise<void> {
    if (!this.mayAdminister(s)) throw forbidden(MSG.adminsOnly);
    const row = await this.target(s, id);
    await this.db.update(school).set({ status: value }).where(eq(school.id, row.id));
  }

  /** /middle/school/export: the filtered list as .xlsx (importable again). */
  async exportWorkbook(s: Who, q: Filter): Promise<FileAnswer> {
    const where = await this.whereFor(s, q);
    const rows = await this.db.select().from(school).where(where).orderBy(asc(school.id)).limit(50_000);
    const buf = await buildSchoolExport(await this.toRows(rows));
    return { filename: `学校列表-${formatTime(new Date()).slice(0, 10)}.xlsx`, mime: XLSX_MIME, file: buf.toString("base64") };
  }

  /** /middle/school/import: every row checked; mode all imports only when all are valid, valid the valid ones. */
  async importWorkbook(s: Who, file: Buffer, mode: "all" | "valid"): Promise<SchoolImportReport> {
    if (!this.mayAdminister(s)) throw forbidden(MSG.adminsOnly);
    const scope = await this.regions.scope(s);
    const allRegions = await this.db.select().from(region);
    const byCode = new Map(allRegions.map((r) => [r.region_code, r]));
    const byId = new Map(allRegions.map((r) => [r.id, r]));
    const taken = await this.db.select({ code: school.code, title: school.title, region_id: school.region_id }).from(school);
    const parsed = await parseSchoolImport(file, {
      regionByCode: (code) => byCode.get(code),
      mayPlace: (ref: RegionRef) => {
        const r = byId.get(ref.id);
        return r !== undefined && (scope.kind === "all" || (scope.kind === "region" && isWithin(scope.root, r)));
      },
      existingCodes: new Set(taken.map((t) => t.code).filter(Boolean)),
      existingTitles: new Set(taken.map((t) => `${t.region_id ?? 0}|${t.title}`)),
    });
    const report: SchoolImportReport = { total: parsed.total, imported: 0, skipped: parsed.total, errors: parsed.errors, schools: [] };
    if (mode === "all" && parsed.errors.length) return report;
    if (!parsed.rows.length) return report;
    try {
      // One transaction: a failure half-way leaves nothing imported.
      await this.db.transaction(async (tx) => {
        for (const { row, values: v, region: r } of parsed.rows) {
          const [ins] = await tx
            .insert(school)
            .values({
              title: v.title,
              code: v.code,
              region_id: r.id,
              province_code: r.province_code,
              city_code: r.city_code,
              area_code: r.area_code,
              school_type: v.school_type,
              school_index_name: v.school_index_name,
              school_index_logo: v.school_index_logo,
              address: v.address,
              telephone: v.telephone,
              status: v.status,
            })
            .returning({ id: school.id });
          if (!ins) throw new Error("school insert failed");
          report.schools.push({ row, id: ins.id, title: v.title });
        }
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict("导入时学校已被他人修改，请重新导入");
      throw e;
    }
    report.imported = report.schools.length;
    report.skipped = report.total - report.imported;
    return report;
  }

  /** c364: every school of the region and below it, within the caller's scope (pickers). */
  async regionSchools(s: Who, q: z.output<typeof RegionSchoolList>): Promise<SchoolOption[]> {
    const r = q.region_id ? await this.regions.byId(q.region_id) : await this.regions.byCode(q.region_code ?? "");
    if (!r) throw notFound("区域不存在");
    const conds: (SQL | undefined)[] = [this.regions.schoolsUnder(r)];
    if (!this.isAdminOfAll(s)) {
      const inScope = (await this.org.schoolsInScope(s)) ?? [];
      conds.push(inScope.length ? inArray(school.id, inScope) : sql`false`);
    }
    const rows = await this.db
      .select()
      .from(school)
      .where(and(...conds))
      .orderBy(asc(school.area_code), asc(school.code), asc(school.id))
      .limit(5000);
    return rows.map((x) => ({
      id: x.id,
      title: x.title,
      code: x.code,
      region_id: x.region_id ?? 0,
      province_code: x.province_code,
      city_code: x.city_code,
      area_code: x.area_code,
      school_type: x.school_type,
      status: x.status,
    }));
  }
}

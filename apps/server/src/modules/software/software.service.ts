/**
 * The software version registry (软件版本; issue #12; docs/api/software.md): versions of the classroom device
 * software and the clients, each with a package uploaded through #5 (file_name, size and sha256 copied from the
 * stored file). Equipment c103/c104 read it through UpgradeRegistry (set on EquipmentService by software.routes).
 *
 * Device counts (devices running / targeting a version, the `running` chart) cover the devices of the schools the
 * caller administers (OrgService.schoolsInScope).
 */
import {
  DEVICE_PRODUCT,
  type Page,
  SOFTWARE_PRODUCTS,
  SOFTWARE_PRODUCT_KEYS,
  SOFTWARE_STATUS_NAMES,
  type SoftwareDownloadAnswer,
  type SoftwareIdPayload,
  type SoftwareListAnswer,
  type SoftwareListPayload,
  type SoftwareProduct,
  type SoftwareProductRow,
  type SoftwareSavePayload,
  type SoftwareUpdatePayload,
  type SoftwareVersionRow,
  type SoftwareWithdrawPayload,
  compareVersions,
} from "@yanke/protocol";
import { type SQL, and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { type AppError, badInput, conflict, isUniqueViolation, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import type { AccountService } from "../account/account.service.js";
import { equipment } from "../equipment/equipment.schema.js";
import type { UpgradeRegistry, UpgradeVersion } from "../equipment/equipment.service.js";
import type { FileService } from "../file/file.service.js";
import type { OrgService } from "../org/org.service.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { softwareVersion } from "./software.schema.js";

type VersionRecord = typeof softwareVersion.$inferSelect;
/** The part of the caller (http/caller.ts) the software calls read. */
export type SoftwareCaller = Pick<Caller, "id" | "identity" | "school_id" | "region_code">;

export const VERSION_NOT_FOUND = "软件版本不存在";
export const FILE_NOT_YOURS = "安装包(file_id)：文件不存在或不是您上传的，请重新上传";

export interface SoftwareDeps {
  db: Db;
  files: FileService;
  accounts: AccountService;
  org: OrgService;
  now?: () => Date;
}

export class SoftwareService implements UpgradeRegistry {
  private readonly db: Db;
  constructor(private readonly d: SoftwareDeps) {
    this.db = d.db;
  }

  private now(): Date {
    return this.d.now ? this.d.now() : new Date();
  }

  // ── reads ────────────────────────────────────────────────────────────────────────────────────────────────

  private async row(id: number): Promise<VersionRecord> {
    const [r] = await this.db.select().from(softwareVersion).where(eq(softwareVersion.id, id));
    if (!r) throw notFound(VERSION_NOT_FOUND);
    return r;
  }

  /** Devices of the caller's schools: a condition on equipment (undefined = all). */
  private async deviceScope(c: SoftwareCaller): Promise<SQL | undefined | false> {
    const schools = await this.d.org.schoolsInScope(c);
    if (schools === undefined) return undefined;
    if (schools.length === 0) return false;
    return inArray(equipment.school_id, schools);
  }

  /** Devices per reported version and per target version, in the caller's scope. */
  private async deviceCounts(c: SoftwareCaller): Promise<{ running: Map<string, number>; targeting: Map<string, number> }> {
    const scope = await this.deviceScope(c);
    const running = new Map<string, number>();
    const targeting = new Map<string, number>();
    if (scope === false) return { running, targeting };
    const a = await this.db.select({ v: equipment.version, n: sql<number>`count(*)::int` }).from(equipment).where(scope).groupBy(equipment.version);
    for (const r of a) running.set(r.v, r.n);
    const b = await this.db
      .select({ v: equipment.target_version, n: sql<number>`count(*)::int` })
      .from(equipment)
      .where(and(scope, ne(equipment.target_version, "")))
      .groupBy(equipment.target_version);
    for (const r of b) targeting.set(r.v, r.n);
    return { running, targeting };
  }

  private async names(ids: number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const id of new Set(ids.filter((x) => x > 0))) {
      const a = await this.d.accounts.byId(id);
      if (a) out.set(id, a.realname || a.username);
    }
    return out;
  }

  private toRow(
    r: VersionRecord,
    names: ReadonlyMap<number, string>,
    counts?: { running: Map<string, number>; targeting: Map<string, number> },
  ): SoftwareVersionRow {
    const device = r.product === DEVICE_PRODUCT;
    return {
      id: r.id,
      product: r.product as SoftwareProduct,
      product_name: SOFTWARE_PRODUCTS[r.product as SoftwareProduct] ?? r.product,
      version: r.version,
      file_id: r.file_id,
      file_name: r.file_name,
      size: r.size,
      sha256: r.sha256,
      notes: r.notes,
      models: r.models,
      is_current: r.is_current,
      status: r.status,
      status_name: SOFTWARE_STATUS_NAMES[r.status] ?? String(r.status),
      account_id: r.account_id,
      account_name: names.get(r.account_id) ?? "",
      released_at: formatTime(r.released_at),
      updated_at: formatTime(r.updated_at),
      devices_running: device ? (counts?.running.get(r.version) ?? 0) : 0,
      devices_targeting: device ? (counts?.targeting.get(r.version) ?? 0) : 0,
    };
  }

  /** Versions of a product, newest version first (numerically), with device counts. */
  async list(c: SoftwareCaller, p: z.output<typeof SoftwareListPayload>): Promise<SoftwareListAnswer> {
    const kw = p.keyword ? containsPattern(p.keyword) : undefined;
    const where = and(
      eq(softwareVersion.product, p.product),
      p.status !== undefined ? eq(softwareVersion.status, p.status) : undefined,
      kw
        ? or(sql`${softwareVersion.version} ilike ${kw}`, sql`${softwareVersion.file_name} ilike ${kw}`, sql`${softwareVersion.notes} ilike ${kw}`)
        : undefined,
    );
    const all = (await this.db.select().from(softwareVersion).where(where)).sort((a, b) => compareVersions(b.version, a.version) || b.id - a.id);
    const pageRows = all.slice((p.page - 1) * p.limit, p.page * p.limit);
    const device = p.product === DEVICE_PRODUCT;
    const counts = device ? await this.deviceCounts(c) : undefined;
    const names = await this.names(pageRows.map((r) => r.account_id));
    const [cur] = await this.db
      .select({ version: softwareVersion.version })
      .from(softwareVersion)
      .where(and(eq(softwareVersion.product, p.product), eq(softwareVersion.is_current, 1)));
    let running: SoftwareListAnswer["running"] = [];
    if (counts) {
      const registered = new Set(
        (await this.db.select({ v: softwareVersion.version }).from(softwareVersion).where(eq(softwareVersion.product, DEVICE_PRODUCT))).map((r) => r.v),
      );
      running = [...counts.running.entries()]
        .map(([version, count]) => ({ version, count, registered: registered.has(version) }))
        .sort((a, b) => (a.version === "" ? 1 : b.version === "" ? -1 : compareVersions(b.version, a.version)));
    }
    const page: Page<SoftwareVersionRow> = { list: pageRows.map((r) => this.toRow(r, names, counts)), total: all.length, page: p.page, limit: p.limit };
    return { ...page, current: cur?.version ?? "", running };
  }

  async products(): Promise<SoftwareProductRow[]> {
    const rows = await this.db
      .select({ product: softwareVersion.product, id: softwareVersion.id, version: softwareVersion.version, is_current: softwareVersion.is_current })
      .from(softwareVersion);
    return SOFTWARE_PRODUCT_KEYS.map((product) => {
      const mine = rows.filter((r) => r.product === product);
      const cur = mine.find((r) => r.is_current === 1);
      return { product, name: SOFTWARE_PRODUCTS[product], current_version: cur?.version ?? "", current_id: cur?.id ?? 0, versions: mine.length };
    });
  }

  /** The device models (distinct equipment.producer) of the caller's devices, for the models field's suggestions. */
  async models(c: SoftwareCaller): Promise<string[]> {
    const scope = await this.deviceScope(c);
    const fromDevices =
      scope === false
        ? []
        : (
            await this.db
              .selectDistinct({ p: equipment.producer })
              .from(equipment)
              .where(and(scope, ne(equipment.producer, "")))
          ).map((r) => r.p);
    const fromVersions = (await this.db.select({ m: softwareVersion.models }).from(softwareVersion).where(eq(softwareVersion.product, DEVICE_PRODUCT))).flatMap(
      (r) => r.m,
    );
    return [...new Set([...fromDevices, ...fromVersions])].sort((a, b) => a.localeCompare(b, "zh-CN"));
  }

  async download(id: number): Promise<SoftwareDownloadAnswer> {
    const r = await this.row(id);
    if (!r.file_id || !(await this.d.files.fileRow(r.file_id))) throw notFound("安装包文件已不存在");
    return this.address(r);
  }

  private address(r: VersionRecord): SoftwareDownloadAnswer {
    const url = this.d.files.signedPath(r.file_id);
    const exp = Number(new URL(url, "http://x").searchParams.get("exp") ?? 0);
    return { url, file_name: r.file_name, size: r.size, sha256: r.sha256, expires_at: formatTime(new Date(exp * 1000)) };
  }

  // ── changes ──────────────────────────────────────────────────────────────────────────────────────────────

  /** The package: a file the caller uploaded (400 otherwise). */
  private async packageFile(c: SoftwareCaller, fileId: number) {
    const f = await this.d.files.fileRow(fileId);
    if (!f || f.account_id !== c.id) throw badInput(FILE_NOT_YOURS);
    return { file_id: f.id, file_name: f.real_file_name, size: f.size, sha256: f.sha256 };
  }

  private duplicate(product: string, version: string): AppError {
    return conflict(`${SOFTWARE_PRODUCTS[product as SoftwareProduct] ?? product} ${version} 已存在`);
  }

  private async exists(product: string, version: string, except = 0): Promise<boolean> {
    const [r] = await this.db
      .select({ id: softwareVersion.id })
      .from(softwareVersion)
      .where(and(eq(softwareVersion.product, product), eq(softwareVersion.version, version), except ? ne(softwareVersion.id, except) : undefined));
    return !!r;
  }

  /** Devices (all schools) whose target is this device version. */
  private async targetingCount(r: VersionRecord): Promise<number> {
    if (r.product !== DEVICE_PRODUCT) return 0;
    const [n] = await this.db.select({ n: sql<number>`count(*)::int` }).from(equipment).where(eq(equipment.target_version, r.version));
    return n?.n ?? 0;
  }

  async save(c: SoftwareCaller, p: z.output<typeof SoftwareSavePayload>): Promise<{ id: number }> {
    const file = await this.packageFile(c, p.file_id);
    if (await this.exists(p.product, p.version)) throw this.duplicate(p.product, p.version);
    const now = this.now();
    try {
      const [r] = await this.db
        .insert(softwareVersion)
        .values({
          product: p.product,
          version: p.version,
          ...file,
          notes: p.notes,
          models: p.models,
          account_id: c.id,
          released_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: softwareVersion.id });
      return { id: r!.id };
    } catch (e) {
      if (isUniqueViolation(e)) throw this.duplicate(p.product, p.version);
      throw e;
    }
  }

  async update(c: SoftwareCaller, p: z.output<typeof SoftwareUpdatePayload>): Promise<{ id: number }> {
    const r = await this.row(p.id);
    const set: Partial<VersionRecord> = { updated_at: this.now() };
    if (p.version !== undefined && p.version !== r.version) {
      if (await this.exists(r.product, p.version, r.id)) throw this.duplicate(r.product, p.version);
      const n = await this.targetingCount(r);
      if (n > 0) throw conflict(`有 ${n} 台设备以 ${r.version} 为目标版本，不能修改版本号`);
      set.version = p.version;
    }
    if (p.file_id !== undefined && p.file_id !== r.file_id) Object.assign(set, await this.packageFile(c, p.file_id));
    if (p.notes !== undefined) set.notes = p.notes;
    if (p.models !== undefined) set.models = p.models;
    try {
      await this.db.update(softwareVersion).set(set).where(eq(softwareVersion.id, r.id));
    } catch (e) {
      if (isUniqueViolation(e)) throw this.duplicate(r.product, p.version ?? r.version);
      throw e;
    }
    return { id: r.id };
  }

  async remove(p: z.output<typeof SoftwareIdPayload>): Promise<{ id: number }> {
    const r = await this.row(p.id);
    if (r.is_current) throw conflict("当前版本不能删除，请先将其他版本设为当前版本");
    const n = await this.targetingCount(r);
    if (n > 0) throw conflict(`有 ${n} 台设备以 ${r.version} 为目标版本，不能删除（可先下架）`);
    await this.db.delete(softwareVersion).where(eq(softwareVersion.id, r.id));
    return { id: r.id };
  }

  /** One statement sets every version of the product (1 for this one, 0 for the others): one current, always. */
  async setCurrent(p: z.output<typeof SoftwareIdPayload>): Promise<{ id: number; version: string }> {
    const r = await this.row(p.id);
    if (r.status !== 1) throw conflict("已下架的版本不能设为当前版本，请先重新上架");
    await this.db
      .update(softwareVersion)
      .set({ is_current: sql`case when ${softwareVersion.id} = ${r.id} then 1 else 0 end`, updated_at: this.now() })
      .where(and(eq(softwareVersion.product, r.product), or(eq(softwareVersion.is_current, 1), eq(softwareVersion.id, r.id))));
    return { id: r.id, version: r.version };
  }

  async withdraw(p: z.output<typeof SoftwareWithdrawPayload>): Promise<{ id: number; status: number; targeting: number }> {
    const r = await this.row(p.id);
    if (p.status === 0 && r.is_current) throw conflict("当前版本不能下架，请先将其他版本设为当前版本");
    await this.db.update(softwareVersion).set({ status: p.status, updated_at: this.now() }).where(eq(softwareVersion.id, r.id));
    return { id: r.id, status: p.status, targeting: await this.targetingCount(r) };
  }

  // ── UpgradeRegistry (equipment c103/c104) ───────────────────────────────────────────────────────────────

  private upgradeVersion(r: VersionRecord | undefined): UpgradeVersion | undefined {
    if (!r || r.product !== DEVICE_PRODUCT) return undefined;
    return { id: r.id, version: r.version, models: r.models, status: r.status, sha256: r.sha256, size: r.size, file_id: r.file_id };
  }

  async deviceVersion(q: { id?: number; version?: string }): Promise<UpgradeVersion | undefined> {
    const where =
      q.id !== undefined
        ? eq(softwareVersion.id, q.id)
        : q.version !== undefined
          ? and(eq(softwareVersion.product, DEVICE_PRODUCT), eq(softwareVersion.version, q.version))
          : undefined;
    if (!where) return undefined;
    const [r] = await this.db.select().from(softwareVersion).where(where);
    return this.upgradeVersion(r);
  }

  async currentDeviceVersion(): Promise<UpgradeVersion | undefined> {
    const [r] = await this.db
      .select()
      .from(softwareVersion)
      .where(and(eq(softwareVersion.product, DEVICE_PRODUCT), eq(softwareVersion.is_current, 1), eq(softwareVersion.status, 1)));
    return this.upgradeVersion(r);
  }

  packageUrl(v: UpgradeVersion): string {
    return this.d.files.signedPath(v.file_id);
  }
}

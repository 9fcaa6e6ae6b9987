/**
 * Storage quotas of regions, schools and accounts (issue #4; c021–c023, c042–c045) and the upload charging API of #5.
 *
 * Wiring (app.ts):
 *   const quota = new QuotaService(db, org);            // db: Db, org: OrgService
 *   quotaRoutes(app, host, { quota, accounts });         // accounts: AccountService (for the caller's Subject)
 *
 * Uploads (#5): `await quota.charge(accountId, bytes)` before keeping a file (413 AppError when a level is full),
 * `await quota.release(accountId, bytes)` when it is deleted; both accept `{ tx }` to run inside the caller's
 * transaction (as a savepoint). `available(accountId)` answers what one upload could still take.
 *
 * Rules (docs/decisions/0401–0409): bytes are stored, 0 = not limited; an upload charges the account, its school
 * (account.school_id) and every region from the school's district (school.region_id) up to the root, in one
 * transaction of conditional UPDATEs, always child before parent (the lock order every write here follows).
 */
import {
  type AccountSpace,
  type AccountSpaceRow,
  type AccountSpaceStatistics,
  type AccountSpaceStatisticsQuery,
  Code,
  MAX_QUOTA_BYTES,
  type ParentSpaceFigures,
  type RegionSpace,
  type SchoolSpace,
  type SetAccountSpace,
  type SetRegionSpace,
  type SetSchoolSpace,
  type SpaceChild,
  type SpaceFigures,
  type SpaceUnit,
  formatBytes,
  fromBytes,
  isSpaceUnit,
  toBytes,
} from "@yanke/protocol";
import { type Column, and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { AppError, badInput, forbidden, notFound } from "../../http/errors.js";
import { account } from "../account/account.schema.js";
import { region, school } from "../org/org.schema.js";
import type { OrgService } from "../org/org.service.js";
import { scopeOf } from "../rbac/permission.js";
import type { Subject } from "../rbac/rbac.service.js";

/** Tx is a Db too: reads take either. */
type Q = Db;
type RegionRow = typeof region.$inferSelect;
type SchoolRow = typeof school.$inferSelect;
type AccountRow = typeof account.$inferSelect;
/** Who calls: the fields the scope rule reads. */
type Who = Pick<Subject, "id" | "identity" | "school_id" | "region_code">;

/** Region chains are province → city → district; a longer walk means a cycle in the data. */
const MAX_DEPTH = 16;

function unitOf(v: string): SpaceUnit {
  return isSpaceUnit(v) ? v : "GB";
}

export function spaceFigures(quota: number, used: number, unitName: string): SpaceFigures {
  const unit = unitOf(unitName);
  const unlimited = quota === 0;
  const surplus = unlimited ? null : quota - used;
  return {
    space_size: fromBytes(quota, unit),
    space_size_type: unit,
    used_space_size: fromBytes(used, unit),
    surplus_space_size: surplus === null ? null : fromBytes(surplus, unit),
    quota_bytes: quota,
    used_bytes: used,
    surplus_bytes: surplus,
    unlimited,
    used_percent: unlimited ? null : Math.round((used / quota) * 1000) / 10,
  };
}

export function parentFigures(quota: number, used: number, unitName: string, allocated: number): ParentSpaceFigures {
  const f = spaceFigures(quota, used, unitName);
  const unallocated = quota === 0 ? null : quota - allocated;
  return {
    ...f,
    allocated_space_size: fromBytes(allocated, f.space_size_type),
    allocated_bytes: allocated,
    unallocated_space_size: unallocated === null ? null : fromBytes(unallocated, f.space_size_type),
    unallocated_bytes: unallocated,
  };
}

/** used + n fits the quota (or there is none). */
function fits(quota: Column, used: Column, n: number) {
  return or(eq(quota, 0), sql`${used} + ${n}::bigint <= ${quota}`);
}

function full(who: string, quota: number, used: number, need: number, data: { level: "account" | "school" | "region"; id: number }): AppError {
  const left = Math.max(0, quota - used);
  return new AppError(Code.TOO_LARGE, `存储空间不足：${who}剩余 ${formatBytes(left)}，本次需要 ${formatBytes(need)}`, {
    ...data,
    surplus_bytes: left,
    need_bytes: need,
  });
}

function refuse(msg: string, data: Record<string, number>): AppError {
  return new AppError(Code.CONFLICT, msg, data);
}

function checkBytes(bytes: number): void {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw badInput(`字节数(bytes): 必须是不小于 0 的整数`);
}

const sumOf = (col: Column) => sql<number>`coalesce(sum(${col}), 0)`.mapWith(Number);

export class QuotaService {
  constructor(
    private readonly db: Db,
    private readonly org: OrgService,
  ) {}

  // ── charging (#5) ────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Reserves `bytes` on the account, its school and the school's regions up to the root, atomically: each level is
   * one conditional UPDATE (used + n ≤ quota, or quota 0), so concurrent uploads never overdraw. Refuses with 413
   * naming the full level and what it has left; nothing is charged then.
   */
  async charge(accountId: number, bytes: number, opts: { tx?: Tx } = {}): Promise<void> {
    checkBytes(bytes);
    if (bytes === 0) return;
    const n = bytes;
    const run = async (tx: Tx) => {
      const [acc] = await tx
        .update(account)
        .set({ used_bytes: sql`${account.used_bytes} + ${n}::bigint` })
        .where(and(eq(account.id, accountId), fits(account.quota_bytes, account.used_bytes, n)))
        .returning({ school_id: account.school_id });
      if (!acc) {
        const [cur] = await tx.select({ q: account.quota_bytes, u: account.used_bytes }).from(account).where(eq(account.id, accountId));
        if (!cur) throw notFound("账号不存在");
        throw full("个人空间", cur.q, cur.u, n, { level: "account", id: accountId });
      }
      if (!acc.school_id) return;
      const [sch] = await tx
        .update(school)
        .set({ used_bytes: sql`${school.used_bytes} + ${n}::bigint` })
        .where(and(eq(school.id, acc.school_id), fits(school.quota_bytes, school.used_bytes, n)))
        .returning({ region_id: school.region_id });
      if (!sch) {
        const [cur] = await tx.select({ q: school.quota_bytes, u: school.used_bytes }).from(school).where(eq(school.id, acc.school_id));
        if (cur) throw full("学校", cur.q, cur.u, n, { level: "school", id: acc.school_id });
        return; // the account names a school that is gone: nothing above it to charge
      }
      let regionId = sch.region_id ?? 0;
      for (let depth = 0; regionId && depth < MAX_DEPTH; depth++) {
        const [reg] = await tx
          .update(region)
          .set({ used_bytes: sql`${region.used_bytes} + ${n}::bigint` })
          .where(and(eq(region.id, regionId), fits(region.quota_bytes, region.used_bytes, n)))
          .returning({ pid: region.pid });
        if (!reg) {
          const [cur] = await tx.select({ name: region.name, q: region.quota_bytes, u: region.used_bytes }).from(region).where(eq(region.id, regionId));
          if (!cur) return;
          throw full(cur.name, cur.q, cur.u, n, { level: "region", id: regionId });
        }
        regionId = reg.pid;
      }
    };
    await (opts.tx ? opts.tx.transaction(run) : this.db.transaction(run));
  }

  /**
   * Gives back `bytes` (at most what the account has used) on the account and the same chain as charge, never
   * below 0. Unknown account: nothing.
   */
  async release(accountId: number, bytes: number, opts: { tx?: Tx } = {}): Promise<void> {
    checkBytes(bytes);
    if (bytes === 0) return;
    const run = async (tx: Tx) => {
      const acc = await this.accountRow(tx, accountId, true);
      if (!acc) return;
      const n = Math.min(bytes, acc.used_bytes);
      if (n === 0) return;
      await tx
        .update(account)
        .set({ used_bytes: sql`greatest(${account.used_bytes} - ${n}::bigint, 0)` })
        .where(eq(account.id, accountId));
      if (!acc.school_id) return;
      const [sch] = await tx
        .update(school)
        .set({ used_bytes: sql`greatest(${school.used_bytes} - ${n}::bigint, 0)` })
        .where(eq(school.id, acc.school_id))
        .returning({ region_id: school.region_id });
      let regionId = sch?.region_id ?? 0;
      for (let depth = 0; regionId && depth < MAX_DEPTH; depth++) {
        const [reg] = await tx
          .update(region)
          .set({ used_bytes: sql`greatest(${region.used_bytes} - ${n}::bigint, 0)` })
          .where(eq(region.id, regionId))
          .returning({ pid: region.pid });
        regionId = reg?.pid ?? 0;
      }
    };
    await (opts.tx ? opts.tx.transaction(run) : this.db.transaction(run));
  }

  /** What one upload by the account could still take: the least surplus along its chain; null when nothing limits it. */
  async available(accountId: number, q: Q = this.db): Promise<number | null> {
    const [acc] = await q.select().from(account).where(eq(account.id, accountId));
    if (!acc) throw notFound("账号不存在");
    const levels: { quota: number; used: number }[] = [{ quota: acc.quota_bytes, used: acc.used_bytes }];
    const sch = acc.school_id ? await this.schoolRow(q, acc.school_id) : undefined;
    if (sch) {
      levels.push({ quota: sch.quota_bytes, used: sch.used_bytes });
      for (const r of await this.regionChain(q, sch.region_id ?? 0)) levels.push({ quota: r.quota_bytes, used: r.used_bytes });
    }
    let least: number | null = null;
    for (const l of levels) if (l.quota > 0) least = Math.min(least ?? Infinity, Math.max(0, l.quota - l.used));
    return least;
  }

  /** The account's own figures without a scope check (session fields, personal centre). */
  async ownSpace(accountId: number): Promise<AccountSpace> {
    const acc = await this.accountRow(this.db, accountId);
    if (!acc) throw notFound("账号不存在");
    return this.accountAnswer(acc);
  }

  // ── rows and sums ───────────────────────────────────────────────────────────────────────────────────────────

  private async regionRow(q: Q, id: number, lock = false): Promise<RegionRow | undefined> {
    const base = q.select().from(region).where(eq(region.id, id));
    const [row] = lock ? await base.for("update") : await base;
    return row;
  }

  private async schoolRow(q: Q, id: number, lock = false): Promise<SchoolRow | undefined> {
    const base = q.select().from(school).where(eq(school.id, id));
    const [row] = lock ? await base.for("update") : await base;
    return row;
  }

  private async accountRow(q: Q, id: number, lock = false): Promise<AccountRow | undefined> {
    const base = q.select().from(account).where(eq(account.id, id));
    const [row] = lock ? await base.for("update") : await base;
    return row;
  }

  /** The region and its ancestors, nearest first. */
  private async regionChain(q: Q, regionId: number): Promise<RegionRow[]> {
    const out: RegionRow[] = [];
    let id = regionId;
    for (let depth = 0; id && depth < MAX_DEPTH; depth++) {
      const row = await this.regionRow(q, id);
      if (!row) break;
      out.push(row);
      id = row.pid;
    }
    return out;
  }

  /** Sum of the quotas a region has handed down (child regions and its schools), leaving out one child. */
  private async allocatedOfRegion(q: Q, regionId: number, except: { region?: number; school?: number } = {}): Promise<number> {
    const [r] = await q
      .select({ n: sumOf(region.quota_bytes) })
      .from(region)
      .where(and(eq(region.pid, regionId), except.region ? ne(region.id, except.region) : undefined));
    const [s] = await q
      .select({ n: sumOf(school.quota_bytes) })
      .from(school)
      .where(and(eq(school.region_id, regionId), except.school ? ne(school.id, except.school) : undefined));
    return (r?.n ?? 0) + (s?.n ?? 0);
  }

  /** Sum of the quotas of the school's accounts (account.school_id), leaving out one account. */
  private async allocatedOfSchool(q: Q, schoolId: number, exceptAccount?: number): Promise<number> {
    const [r] = await q
      .select({ n: sumOf(account.quota_bytes) })
      .from(account)
      .where(and(eq(account.school_id, schoolId), exceptAccount ? ne(account.id, exceptAccount) : undefined));
    return r?.n ?? 0;
  }

  // ── scope ───────────────────────────────────────────────────────────────────────────────────────────────────

  /** A region at or under the caller's region (codes as OrgService reads them); everything for SF_ADMIN/SF_PINGTAI. */
  private regionInScope(s: Who, r: RegionRow): boolean {
    const scope = scopeOf(s);
    if (scope.kind === "all") return true;
    if (scope.kind !== "region") return false;
    return [r.region_code, r.province_code, r.city_code, r.area_code].includes(scope.code);
  }

  private async regionTarget(s: Who, id: number): Promise<RegionRow> {
    const row = await this.regionRow(this.db, id);
    if (!row) throw notFound("区域不存在");
    if (!this.regionInScope(s, row)) throw notFound("区域不存在或不在您的管理范围");
    return row;
  }

  private async schoolTarget(s: Who, id: number): Promise<SchoolRow> {
    const row = await this.schoolRow(this.db, id);
    if (!row) throw notFound("学校不存在");
    if (!(await this.org.inScope(s, row.id))) throw notFound("学校不存在或不在您的管理范围");
    return row;
  }

  /** An account in the caller's scope (his own account too when only reading). */
  private async accountTarget(s: Who, id: number, reading = false): Promise<AccountRow> {
    const row = await this.accountRow(this.db, id);
    if (!row) throw notFound("账号不存在");
    if (!(reading && row.id === s.id) && !(await this.org.inScope(s, row.school_id))) throw notFound("账号不存在或不在您的管理范围");
    return row;
  }

  // ── answers ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async regionAnswer(s: Who, row: RegionRow): Promise<RegionSpace> {
    const allocated = await this.allocatedOfRegion(this.db, row.id);
    const parent = row.pid ? await this.regionRow(this.db, row.pid) : undefined;
    const max = parent && parent.quota_bytes > 0 ? parent.quota_bytes - (await this.allocatedOfRegion(this.db, parent.id, { region: row.id })) : null;
    const childRegions = await this.db.select().from(region).where(eq(region.pid, row.id)).orderBy(asc(region.sort), asc(region.id));
    const inScope = await this.org.schoolsInScope(s);
    const schools = await this.db
      .select()
      .from(school)
      .where(and(eq(school.region_id, row.id), inScope === undefined ? undefined : inScope.length ? inArray(school.id, inScope) : sql`false`))
      .orderBy(asc(school.id));
    const children: SpaceChild[] = [
      ...childRegions.map((c) => ({ type: "region" as const, id: c.id, name: c.name, ...spaceFigures(c.quota_bytes, c.used_bytes, c.space_size_type) })),
      ...schools.map((c) => ({ type: "school" as const, id: c.id, name: c.title, ...spaceFigures(c.quota_bytes, c.used_bytes, c.space_size_type) })),
    ];
    return {
      id: row.id,
      name: row.name,
      region_code: row.region_code,
      level: row.level,
      pid: row.pid,
      ...parentFigures(row.quota_bytes, row.used_bytes, row.space_size_type, allocated),
      min_quota_bytes: Math.max(row.used_bytes, allocated),
      max_quota_bytes: max,
      children,
    };
  }

  private async schoolAnswer(row: SchoolRow): Promise<SchoolSpace> {
    const allocated = await this.allocatedOfSchool(this.db, row.id);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(account).where(eq(account.school_id, row.id));
    const parent = row.region_id ? await this.regionRow(this.db, row.region_id) : undefined;
    const max = parent && parent.quota_bytes > 0 ? parent.quota_bytes - (await this.allocatedOfRegion(this.db, parent.id, { school: row.id })) : null;
    return {
      id: row.id,
      title: row.title,
      region_id: row.region_id ?? 0,
      region_name: parent?.name ?? "",
      ...parentFigures(row.quota_bytes, row.used_bytes, row.space_size_type, allocated),
      account_count: n,
      min_quota_bytes: Math.max(row.used_bytes, allocated),
      max_quota_bytes: max,
    };
  }

  private async accountAnswer(row: AccountRow): Promise<AccountSpace> {
    const sch = row.school_id ? await this.schoolRow(this.db, row.school_id) : undefined;
    let schoolFigures: AccountSpace["school"] = null;
    let max: number | null = null;
    if (sch) {
      const allocated = await this.allocatedOfSchool(this.db, sch.id);
      schoolFigures = { id: sch.id, title: sch.title, ...parentFigures(sch.quota_bytes, sch.used_bytes, sch.space_size_type, allocated) };
      if (sch.quota_bytes > 0) max = sch.quota_bytes - (allocated - row.quota_bytes);
    }
    return {
      id: row.id,
      username: row.username,
      realname: row.realname,
      school_id: row.school_id,
      school_title: sch?.title ?? "",
      ...spaceFigures(row.quota_bytes, row.used_bytes, row.space_size_type),
      min_quota_bytes: row.used_bytes,
      max_quota_bytes: max,
      available_bytes: await this.available(row.id),
      school: schoolFigures,
    };
  }

  // ── calls ───────────────────────────────────────────────────────────────────────────────────────────────────

  /** c043 */
  async regionSpace(s: Who, id: number): Promise<RegionSpace> {
    return this.regionAnswer(s, await this.regionTarget(s, id));
  }

  /** c044 */
  async schoolSpace(s: Who, id: number): Promise<SchoolSpace> {
    return this.schoolAnswer(await this.schoolTarget(s, id));
  }

  /** c021 */
  async accountSpace(s: Who, id: number): Promise<AccountSpace> {
    return this.accountAnswer(await this.accountTarget(s, id, true));
  }

  /** The new quota in bytes and its unit (the entity's current unit when none is given). */
  private requested(p: { space_size: number; space_size_type?: SpaceUnit }, current: string): { bytes: number; unit: SpaceUnit } {
    const unit = p.space_size_type ?? unitOf(current);
    const bytes = toBytes(p.space_size, unit);
    if (bytes > MAX_QUOTA_BYTES) throw badInput("空间大小(space_size): 不能超过 1024 TB");
    return { bytes, unit };
  }

  /** A new quota must cover what is used and what is already handed down (unless it is 0: not limited). */
  private checkFloor(bytes: number, used: number, allocated: number, children: string): void {
    if (bytes === 0) return;
    if (bytes < used) {
      throw refuse(`存储空间不能小于已用空间：已用 ${formatBytes(used)}，本次设置 ${formatBytes(bytes)}`, { used_bytes: used, quota_bytes: bytes });
    }
    if (bytes < allocated) {
      throw refuse(`存储空间不能小于已分配给${children}的空间：已分配 ${formatBytes(allocated)}，本次设置 ${formatBytes(bytes)}`, {
        allocated_bytes: allocated,
        quota_bytes: bytes,
      });
    }
  }

  /** A limited parent cannot hand out more than it has left (an unlimited child is allowed: docs/decisions/0403). */
  private checkCeiling(bytes: number, parentName: string, parentQuota: number, othersAllocated: number): void {
    if (bytes === 0 || parentQuota === 0) return;
    const left = parentQuota - othersAllocated;
    if (bytes > left) {
      throw refuse(`超出${parentName}可分配的存储空间：剩余可分配 ${formatBytes(Math.max(0, left))}，本次设置 ${formatBytes(bytes)}`, {
        unallocated_bytes: Math.max(0, left),
        quota_bytes: bytes,
      });
    }
  }

  /** c042: SF_ADMIN/SF_PINGTAI any region; a regional administrator only the regions below his own. */
  async setRegionSpace(s: Who, p: z.output<typeof SetRegionSpace>): Promise<RegionSpace> {
    const target = await this.regionTarget(s, p.id);
    const scope = scopeOf(s);
    if (scope.kind === "region" && target.region_code === scope.code) throw forbidden("不能设置本区域的存储空间，请联系上级管理员");
    const { bytes, unit } = this.requested(p, target.space_size_type);
    await this.db.transaction(async (tx) => {
      const row = await this.regionRow(tx, p.id, true);
      if (!row) throw notFound("区域不存在");
      this.checkFloor(bytes, row.used_bytes, await this.allocatedOfRegion(tx, row.id), "下级区域和学校");
      const parent = row.pid ? await this.regionRow(tx, row.pid, true) : undefined;
      if (parent) this.checkCeiling(bytes, parent.name, parent.quota_bytes, await this.allocatedOfRegion(tx, parent.id, { region: row.id }));
      await tx.update(region).set({ quota_bytes: bytes, space_size_type: unit }).where(eq(region.id, row.id));
    });
    return this.regionSpace(s, p.id);
  }

  /** c045: the school's quota within what its region has left; a school administrator cannot set his own school's. */
  async setSchoolSpace(s: Who, p: z.output<typeof SetSchoolSpace>): Promise<SchoolSpace> {
    const target = await this.schoolTarget(s, p.id);
    if (scopeOf(s).kind === "school") throw forbidden("不能设置本校的存储空间，请联系区级管理员");
    const { bytes, unit } = this.requested(p, target.space_size_type);
    await this.db.transaction(async (tx) => {
      const row = await this.schoolRow(tx, p.id, true);
      if (!row) throw notFound("学校不存在");
      this.checkFloor(bytes, row.used_bytes, await this.allocatedOfSchool(tx, row.id), "账号");
      const parent = row.region_id ? await this.regionRow(tx, row.region_id, true) : undefined;
      if (parent) this.checkCeiling(bytes, parent.name, parent.quota_bytes, await this.allocatedOfRegion(tx, parent.id, { school: row.id }));
      await tx.update(school).set({ quota_bytes: bytes, space_size_type: unit }).where(eq(school.id, row.id));
    });
    return this.schoolSpace(s, p.id);
  }

  /** c022: the account's quota within what its school has left. */
  async setAccountSpace(s: Who, p: z.output<typeof SetAccountSpace>): Promise<AccountSpace> {
    const target = await this.accountTarget(s, p.id);
    const { bytes, unit } = this.requested(p, target.space_size_type);
    await this.db.transaction(async (tx) => {
      const row = await this.accountRow(tx, p.id, true);
      if (!row) throw notFound("账号不存在");
      this.checkFloor(bytes, row.used_bytes, 0, "");
      const parent = row.school_id ? await this.schoolRow(tx, row.school_id, true) : undefined;
      if (parent) this.checkCeiling(bytes, "学校", parent.quota_bytes, await this.allocatedOfSchool(tx, parent.id, row.id));
      await tx.update(account).set({ quota_bytes: bytes, space_size_type: unit }).where(eq(account.id, row.id));
    });
    return this.accountAnswer(await this.accountTarget(s, p.id));
  }

  /** Schools of a region's subtree (by pid and school.region_id: where its uploads are charged). */
  private async schoolsUnderRegion(regionId: number): Promise<number[]> {
    const ids = [regionId];
    let frontier = [regionId];
    for (let depth = 0; frontier.length && depth < MAX_DEPTH; depth++) {
      const next = (await this.db.select({ id: region.id }).from(region).where(inArray(region.pid, frontier)))
        .map((r) => r.id)
        .filter((id) => !ids.includes(id));
      ids.push(...next);
      frontier = next;
    }
    return (await this.db.select({ id: school.id }).from(school).where(inArray(school.region_id, ids))).map((r) => r.id);
  }

  /** c023: the largest consumers among the accounts of a school, a region or the caller's whole scope. */
  async statistics(s: Who, q: z.output<typeof AccountSpaceStatisticsQuery>): Promise<AccountSpaceStatistics> {
    let schools = await this.org.schoolsInScope(s);
    let scopeName = "全部";
    const narrow = (ids: number[]) => (schools === undefined ? ids : ids.filter((id) => schools?.includes(id)));
    if (q.region_id) {
      const r = await this.regionTarget(s, q.region_id);
      schools = narrow(await this.schoolsUnderRegion(r.id));
      scopeName = r.name;
    }
    if (q.school_id) {
      const sch = await this.schoolTarget(s, q.school_id);
      schools = narrow([sch.id]);
      scopeName = sch.title;
    }
    const where = schools === undefined ? undefined : schools.length ? inArray(account.school_id, schools) : sql`false`;
    const [totals] = await this.db
      .select({ n: sql<number>`count(*)::int`, used: sumOf(account.used_bytes) })
      .from(account)
      .where(where);
    const rows = await this.db
      .select()
      .from(account)
      .where(where)
      .orderBy(desc(account.used_bytes), asc(account.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const titles = await this.org.schoolTitles([...new Set(rows.map((r) => r.school_id))].filter(Boolean));
    const list: AccountSpaceRow[] = rows.map((r) => ({
      id: r.id,
      username: r.username,
      realname: r.realname,
      school_id: r.school_id,
      school_title: titles.get(r.school_id) ?? "",
      ...spaceFigures(r.quota_bytes, r.used_bytes, r.space_size_type),
    }));
    return { list, total: totals?.n ?? 0, page: q.page, limit: q.limit, total_used_bytes: totals?.used ?? 0, scope_name: scopeName };
  }
}

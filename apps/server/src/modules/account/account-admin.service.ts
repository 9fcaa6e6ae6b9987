import {
  type AccountExport,
  type AccountList,
  type AccountRow,
  type AccountSave,
  type AccountUpdate,
  type BatchResult,
  type FileAnswer,
  type ImportReport,
  ROLE_NAMES,
  type SchoolIdentityEntry,
} from "@yanke/protocol";
import { and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { AppError, badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import type { AuthService } from "../auth/auth.service.js";
import type { QuotaService } from "../quota/quota.service.js";
import { hashPassword } from "../auth/password.js";
import type { OrgService } from "../org/org.service.js";
import { assignableIdentities, scopeOf } from "../rbac/permission.js";
import type { RbacService, Subject } from "../rbac/rbac.service.js";
import { account, accountSchoolUser } from "./account.schema.js";
import type { AccountRow as DbAccount, AccountService } from "./account.service.js";
import { type ImportKind, buildExport, generatePassword, parseImport } from "./account-xlsx.js";

type SaveInput = z.output<typeof AccountSave>;
type UpdateInput = z.output<typeof AccountUpdate>;
type Membership = { school_id: number; period_ids: number[]; identity: number };

/** Account administration (c010–c020, list, c046) with scope and no-escalation checks. */
export class AccountAdminService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly rbac: RbacService,
    private readonly org: OrgService,
    private readonly auth: AuthService,
    private readonly quota: QuotaService,
  ) {}

  private async target(s: Subject, id: number): Promise<DbAccount> {
    const row = await this.accounts.byId(id);
    if (!row || !(await this.org.inScope(s, row.school_id))) throw notFound("账号不存在或不在您的管理范围");
    return row;
  }

  private async memberships(ids: readonly number[]): Promise<Map<number, Membership[]>> {
    const out = new Map<number, Membership[]>();
    if (!ids.length) return out;
    const rows = await this.db
      .select()
      .from(accountSchoolUser)
      .where(inArray(accountSchoolUser.account_id, [...ids]))
      .orderBy(asc(accountSchoolUser.id));
    for (const r of rows) {
      const list = out.get(r.account_id) ?? [];
      list.push({ school_id: r.school_id, period_ids: r.period_ids, identity: r.identity });
      out.set(r.account_id, list);
    }
    return out;
  }

  private async toRows(rows: DbAccount[]): Promise<AccountRow[]> {
    const ms = await this.memberships(rows.map((r) => r.id));
    const schoolIds = new Set<number>();
    for (const r of rows) schoolIds.add(r.school_id);
    for (const list of ms.values()) for (const m of list) schoolIds.add(m.school_id);
    const titles = await this.org.schoolTitles([...schoolIds].filter(Boolean));
    const groupTitles = new Map<number, string>();
    for (const gid of new Set(rows.map((r) => r.group_id))) groupTitles.set(gid, await this.rbac.groupTitle(gid));
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      realname: r.realname,
      telephone: r.telephone,
      head_portrait_url: r.head_portrait_url,
      status: r.status,
      group_id: r.group_id,
      group_title: groupTitles.get(r.group_id) ?? "",
      school_id: r.school_id,
      school_name: titles.get(r.school_id) ?? "",
      period_id: r.period_id,
      subject_id: r.subject_id,
      community_level: r.community_level,
      region_code: r.region_code,
      reputation: r.reputation,
      rules: r.rules,
      rules_special: r.rules_special,
      apply_auth_list: r.apply_auth_list,
      entry_year: r.entry_year,
      identity: r.identity,
      identity_name: ROLE_NAMES[r.identity] ?? "",
      identity_level: r.identity_level,
      identity_area_id: r.identity_area_id,
      province_id: r.province_id,
      city_id: r.city_id,
      area_id: r.area_id,
      njy_area_id: r.njy_area_id,
      es_account_id: r.es_account_id ?? "",
      school_list: (ms.get(r.id) ?? []).map((m) => ({ ...m, school_name: titles.get(m.school_id) ?? "" })),
      created_at: formatTime(r.created_at),
    }));
  }

  private async whereFor(s: Subject, q: z.output<typeof AccountExport>) {
    const schools = await this.org.schoolsInScope(s);
    const conds = [];
    if (schools !== undefined) conds.push(schools.length ? inArray(account.school_id, schools) : sql`false`);
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[%_\\]/g, "\\$&")}%`;
      conds.push(or(sql`${account.username} ilike ${like}`, sql`${account.realname} ilike ${like}`, sql`${account.telephone} ilike ${like}`));
    }
    if (q.school_id) conds.push(eq(account.school_id, q.school_id));
    if (q.group_id) conds.push(eq(account.group_id, q.group_id));
    if (q.identity) conds.push(eq(account.identity, q.identity));
    if (q.status !== undefined && q.status !== "") conds.push(eq(account.status, q.status));
    return conds.length ? and(...conds) : undefined;
  }

  async list(s: Subject, q: z.output<typeof AccountList>) {
    const where = await this.whereFor(s, q);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(account).where(where);
    const rows = await this.db
      .select()
      .from(account)
      .where(where)
      .orderBy(desc(account.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: await this.toRows(rows), total: n, page: q.page, limit: q.limit };
  }

  /** c013: the account, with `rules` = its effective rule ids. */
  async read(s: Subject, id: number): Promise<AccountRow> {
    const row = id === s.id ? await this.accounts.byId(id) : await this.target(s, id);
    if (!row) throw notFound("账号不存在");
    const [out] = await this.toRows([row]);
    const eff = await this.rbac.effective(row);
    return { ...out!, rules: eff.all ? [] : [...eff.ids].sort((a, b) => a - b) };
  }

  /** Everything an administrator may set must stay within his own standing. */
  private async checkGrants(
    s: Subject,
    p: Partial<Pick<SaveInput, "identity" | "school_id" | "group_id" | "rules_special" | "apply_auth_list" | "school_list">>,
  ): Promise<void> {
    if (p.identity !== undefined && !assignableIdentities(s.identity).includes(p.identity)) {
      throw forbidden(`不能设置身份「${ROLE_NAMES[p.identity] ?? p.identity}」`);
    }
    if (p.school_id !== undefined) {
      if (p.school_id && !(await this.org.schoolSummary(p.school_id))) throw badInput("学校(school_id): 学校不存在");
      if (!(await this.org.inScope(s, p.school_id))) throw forbidden("只能管理本辖区学校的账号");
    }
    for (const m of p.school_list ?? []) {
      if (!(await this.org.schoolSummary(m.school_id))) throw badInput(`所属学校(school_list): 学校 ${m.school_id} 不存在`);
      if (!(await this.org.inScope(s, m.school_id))) throw forbidden("所属学校只能是本辖区的学校");
      if (!assignableIdentities(s.identity).includes(m.identity)) throw forbidden(`不能设置身份「${ROLE_NAMES[m.identity] ?? m.identity}」`);
    }
    if (p.group_id) await this.rbac.assertAssignable(s, p.group_id);
    if (p.rules_special?.length) await this.rbac.assertGrantable(s, p.rules_special, "特殊规则");
    if (p.apply_auth_list?.length) await this.rbac.assertAppsUsable(s, p.apply_auth_list);
  }

  private async usernameFree(username: string, selfId?: number): Promise<void> {
    const other = await this.accounts.byUsername(username);
    if (other && other.id !== selfId) throw conflict(`账号「${username}」已存在`);
  }

  private membershipRows(accountId: number, primary: Membership | undefined, extra: Membership[]) {
    const bySchool = new Map<number, Membership>();
    if (primary?.school_id) bySchool.set(primary.school_id, primary);
    for (const m of extra) bySchool.set(m.school_id, m);
    return [...bySchool.values()].map((m) => ({ account_id: accountId, school_id: m.school_id, period_ids: m.period_ids, identity: m.identity }));
  }

  async save(s: Subject, p: SaveInput): Promise<{ id: number }> {
    const schoolId = scopeOf(s).kind === "school" ? s.school_id : p.school_id;
    const input = { ...p, school_id: schoolId };
    await this.checkGrants(s, input);
    await this.usernameFree(p.username);
    return this.insert(input);
  }

  private insert(p: SaveInput): Promise<{ id: number }> {
    return this.db.transaction((tx) => this.insertWith(tx, p));
  }

  private async insertWith(tx: Tx, p: SaveInput): Promise<{ id: number }> {
    const { password, password_confirmation: _c, school_list, ...fields } = p;
    const password_hash = await hashPassword(password);
    const [row] = await tx
      .insert(account)
      .values({ ...fields, password_hash })
      .returning({ id: account.id });
    if (!row) throw new Error("insert failed");
    const ms = this.membershipRows(row.id, { school_id: p.school_id, period_ids: p.period_id ? [p.period_id] : [], identity: p.identity }, school_list);
    if (ms.length) await tx.insert(accountSchoolUser).values(ms);
    return row;
  }

  async update(s: Subject, p: UpdateInput): Promise<void> {
    const { id, password, password_confirmation: _c, school_list, ...fields } = p;
    const before = await this.target(s, id);
    if (fields.school_id !== undefined && fields.school_id !== before.school_id && before.used_bytes > 0) {
      throw conflict("该账号已使用存储空间，不能更换学校：请先清理其文件");
    }
    if (
      id === s.id &&
      ((fields.identity !== undefined && fields.identity !== before.identity) || (fields.group_id !== undefined && fields.group_id !== before.group_id))
    ) {
      throw forbidden("不能修改自己的身份或角色");
    }
    await this.checkGrants(s, { ...fields, school_list });
    if (fields.username !== undefined) await this.usernameFree(fields.username, id);
    if (fields.status === 0) await this.assertNotLastAdmin(before, "禁用");
    const set: Partial<DbAccount> = { ...fields, updated_at: new Date() };
    if (password) {
      set.password_hash = await hashPassword(password);
      set.password_changed_at = null;
    }
    await this.db.transaction(async (tx) => {
      await tx.update(account).set(set).where(eq(account.id, id));
      if (school_list !== undefined || fields.school_id !== undefined) {
        const after = { ...before, ...fields };
        await tx.delete(accountSchoolUser).where(eq(accountSchoolUser.account_id, id));
        const ms = this.membershipRows(
          id,
          { school_id: after.school_id, period_ids: after.period_id ? [after.period_id] : [], identity: after.identity },
          school_list ?? [],
        );
        if (ms.length) await tx.insert(accountSchoolUser).values(ms);
      }
    });
    if (password) await this.auth.endSessions(id, "password_changed");
  }

  private async assertNotLastAdmin(row: DbAccount, verb: string): Promise<void> {
    if (row.identity !== 1) return;
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(account)
      .where(and(eq(account.identity, 1), eq(account.status, 1), ne(account.id, row.id)));
    if (n === 0) throw conflict(`不能${verb}最后一个超级管理员`);
  }

  async remove(s: Subject, id: number): Promise<void> {
    if (id === s.id) throw conflict("不能删除自己的账号");
    const row = await this.target(s, id);
    if (row.identity === 1 && s.identity !== 1) throw forbidden("不能删除超级管理员");
    await this.assertNotLastAdmin(row, "删除");
    await this.db.transaction(async (tx) => {
      // Give the account's used space back to its school and regions.
      await this.quota.release(id, row.used_bytes, { tx });
      await tx.delete(account).where(eq(account.id, id));
    });
  }

  private async batch(ids: number[], fn: (id: number) => Promise<Partial<BatchResult> | undefined>): Promise<BatchResult[]> {
    const out: BatchResult[] = [];
    for (const id of [...new Set(ids)]) {
      try {
        out.push({ id, ok: true, msg: "成功", ...(await fn(id)) });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        out.push({ id, ok: false, msg: e.message });
      }
    }
    return out;
  }

  batchDelete(s: Subject, ids: number[]): Promise<BatchResult[]> {
    return this.batch(ids, async (id) => {
      await this.remove(s, id);
      return undefined;
    });
  }

  async setStatus(s: Subject, id: number, value: number): Promise<void> {
    if (id === s.id && value === 0) throw conflict("不能禁用自己的账号");
    const row = await this.target(s, id);
    if (row.identity === 1 && s.identity !== 1) throw forbidden("不能修改超级管理员的状态");
    if (value === 0) await this.assertNotLastAdmin(row, "禁用");
    await this.accounts.setStatus(id, value);
    if (value === 0) await this.auth.endSessions(id, "account_disabled");
  }

  /** c010: a new random password per account, shown once; the account's sessions end (1028). */
  resetPasswords(s: Subject, ids: number[]): Promise<BatchResult[]> {
    return this.batch(ids, async (id) => {
      const row = await this.target(s, id);
      if (row.identity === 1 && s.identity !== 1) throw forbidden("不能重置超级管理员的密码");
      const password = generatePassword();
      await this.db
        .update(account)
        .set({ password_hash: await hashPassword(password), password_changed_at: null, updated_at: new Date() })
        .where(eq(account.id, id));
      await this.auth.endSessions(id, "password_changed");
      return { password, msg: "已重置" };
    });
  }

  /** c018/c019: validates every row; imports all (mode all, only when every row is valid) or the valid ones. */
  async importWorkbook(s: Subject, kind: ImportKind, file: Buffer, mode: "all" | "valid", schoolId?: number): Promise<ImportReport> {
    const existing = new Set((await this.db.select({ u: account.username }).from(account)).map((r) => r.u.toLowerCase()));
    const scopeSchools = await this.org.schoolsInScope(s);
    const schoolTitles = await this.org.schoolTitles(scopeSchools ?? (await this.org.allSchoolIds()));
    const byTitle = new Map([...schoolTitles].map(([id, t]) => [t, id]));
    const groups = new Map((await this.rbac.groupOptions(s)).map((g) => [g.title, g.id]));
    const parsed = await parseImport(kind, file, {
      schoolIdByTitle: (t) => byTitle.get(t.trim()),
      groupIdByTitle: (t) => groups.get(t.trim()),
      existingUsernames: existing,
    });
    const errors = [...parsed.errors];
    const teacherSchool = kind === "teacher" ? (scopeOf(s).kind === "school" ? s.school_id : (schoolId ?? s.school_id)) : undefined;
    const good: typeof parsed.rows = [];
    for (const r of parsed.rows) {
      const values = teacherSchool !== undefined ? { ...r.values, school_id: teacherSchool, identity: 2 } : r.values;
      try {
        await this.checkGrants(s, values);
        good.push({ ...r, values });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push({ row: r.row, field: "", msg: e.message });
      }
    }
    errors.sort((a, b) => a.row - b.row);
    const report: ImportReport = { total: parsed.total, imported: 0, skipped: parsed.total, errors, accounts: [] };
    if (mode === "all" && errors.length) return report;
    // One transaction: a failure half-way leaves nothing imported.
    await this.db.transaction(async (tx) => {
      for (const r of good) {
        const { id } = await this.insertWith(tx, r.values);
        report.accounts.push({ row: r.row, id, username: r.values.username, ...(r.generatedPassword ? { password: r.values.password } : {}) });
      }
    });
    report.imported = report.accounts.length;
    report.skipped = report.total - report.imported;
    return report;
  }

  async exportWorkbook(s: Subject, q: z.output<typeof AccountExport>): Promise<FileAnswer> {
    const where = await this.whereFor(s, q);
    const rows = await this.db.select().from(account).where(where).orderBy(asc(account.id)).limit(50_000);
    const buf = await buildExport(await this.toRows(rows));
    return {
      filename: `账号列表-${formatTime(new Date()).slice(0, 10)}.xlsx`,
      mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      file: buf.toString("base64"),
    };
  }

  /** c046: the caller's school identities for the switcher. */
  async schoolList(s: Subject): Promise<SchoolIdentityEntry[]> {
    const me = await this.accounts.byId(s.id);
    if (!me) return [];
    const ms = (await this.memberships([s.id])).get(s.id) ?? [];
    if (!ms.length && me.school_id) ms.push({ school_id: me.school_id, period_ids: me.period_id ? [me.period_id] : [], identity: me.identity });
    const ids = ms.map((m) => m.school_id);
    const [titles, periods] = await Promise.all([this.org.schoolTitles(ids), this.org.periodsOf(ids)]);
    const rows = await this.db
      .select({ id: accountSchoolUser.id, school_id: accountSchoolUser.school_id })
      .from(accountSchoolUser)
      .where(eq(accountSchoolUser.account_id, s.id));
    const rowId = new Map(rows.map((r) => [r.school_id, r.id]));
    const url = await this.auth.homeUrl(me);
    return ms.map((m) => {
      const all = periods.get(m.school_id) ?? [];
      return {
        id: m.school_id,
        url,
        ident: m.identity,
        title: titles.get(m.school_id) ?? "",
        period_arr: m.period_ids.length ? all.filter((p) => m.period_ids.includes(p.id)) : all,
        info: { realname: me.realname, account_school_user_id: rowId.get(m.school_id) ?? 0, type: m.identity },
      };
    });
  }
}

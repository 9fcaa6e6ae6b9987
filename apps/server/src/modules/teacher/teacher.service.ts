import { randomBytes } from "node:crypto";
import type { EsBindAnswer, EsSyncRow, EsSyncReport, EsTeacherSyncPayload } from "@yanke/protocol";
import { badInput, conflict, forbidden, isUniqueViolation, notFound } from "../../http/errors.js";

export { isUniqueViolation };
import type { AccountRow, AccountService } from "../account/account.service.js";
import type { EsTeacher } from "./es-directory.js";
import type { TeacherDirectory } from "./local-directory.js";

/** Who is acting (a subset of the session's Auth). */
export interface Actor {
  accountId: number;
  identity: number;
}

/** How directory school codes and platform schools correspond. Absent: they do not (new teachers get school 0). */
export interface SchoolMapping {
  /** Platform school for a directory school code. */
  idOf(schoolCode: string): Promise<number | undefined>;
  /** Directory school code of a platform school. */
  codeOf(schoolId: number): Promise<string | undefined>;
}

export interface TeacherServiceOptions {
  accounts: AccountService;
  directory: TeacherDirectory;
  schools?: SchoolMapping;
  /**
   * May `actor` bind or unbind the account `targetId` (not his own)? Default: SF_ADMIN and SF_PINGTAI
   * (identities 1 and 5), as `access: "admin"` does. The rbac module can pass a rule- and scope-aware check.
   */
  mayManage?: (actor: Actor, targetId: number) => Promise<boolean>;
  /** The role given to teachers created by a sync (0 = none). */
  teacherGroupId?: () => Promise<number>;
}

export const TEACHER_MESSAGES = {
  forbidden: "无权限",
  noAccount: "账号不存在",
  notBound: "该账号未绑定区域教育云账号",
  boundElsewhere: "该区域教育云账号已绑定其他平台账号，请先在原账号解除绑定",
  alreadyBound: "该账号已绑定其他区域教育云账号，请先解除绑定",
  syncRunning: "区域教育云教师同步正在进行，请稍后再试",
  noSchoolCode: "学校(school_id): 该学校未关联区域教育云学校编码，请同时填写区域教育云学校编码(school_code)",
} as const;

const ADMIN_IDENTITIES = new Set([1, 5]);
const USERNAME_RULE = /^[A-Za-z0-9_.@-]{2,64}$/;
const REALNAME_MAX = 30;
const PHONE_MAX = 20;

/** A unique-index violation (PostgreSQL 23505), however deeply the driver wrapped it. */

/** A password nobody knows: synced teachers sign in after an administrator resets it (or by SSO). */
function randomPassword(): string {
  return `${randomBytes(24).toString("base64url")}a1`;
}

/**
 * The regional education cloud account (c035–c037): binding a platform account to a verified directory
 * account, unbinding it, and syncing the directory's teachers into platform accounts.
 */
export class TeacherService {
  private readonly accounts: AccountService;
  private readonly directory: TeacherDirectory;
  private readonly schools: SchoolMapping | undefined;
  private readonly mayManage: (actor: Actor, targetId: number) => Promise<boolean>;
  private readonly teacherGroupId: () => Promise<number>;
  private syncing = false;

  constructor(o: TeacherServiceOptions) {
    this.accounts = o.accounts;
    this.directory = o.directory;
    this.schools = o.schools;
    this.mayManage = o.mayManage ?? (async (actor) => ADMIN_IDENTITIES.has(actor.identity));
    this.teacherGroupId = o.teacherGroupId ?? (async () => 0);
  }

  /** The account a bind/unbind acts on: the actor's own by default; another's only when he may manage it (403 无权限). */
  async targetFor(actor: Actor, accountId: number | undefined): Promise<number> {
    if (accountId === undefined || accountId === actor.accountId) return actor.accountId;
    if (!(await this.mayManage(actor, accountId))) throw forbidden(TEACHER_MESSAGES.forbidden);
    return accountId;
  }

  /**
   * c036: verifies the credentials with the directory and stores its id on the account. Binding again to the
   * same directory account is a no-op; 409 when the account is bound to another one or the directory account
   * is bound to another platform account. The password is passed on, never stored or logged.
   */
  async bind(accountId: number, esAccount: string, esPassword: string): Promise<EsBindAnswer> {
    const acct = await this.accounts.byId(accountId);
    if (!acct) throw notFound(TEACHER_MESSAGES.noAccount);
    const verified = await this.directory.verify(esAccount, esPassword);
    const answer: EsBindAnswer = { account_id: acct.id, es_account_id: verified.id, es_account: verified.account, es_name: verified.name };
    if (acct.es_account_id === verified.id) return answer;
    if (acct.es_account_id) throw conflict(TEACHER_MESSAGES.alreadyBound);
    const holder = await this.accounts.byEsAccountId(verified.id);
    if (holder && holder.id !== acct.id) throw conflict(TEACHER_MESSAGES.boundElsewhere);
    try {
      await this.accounts.setEsAccountId(acct.id, verified.id);
    } catch (e) {
      // Another request bound it between the check and the write (account_es_account_uq).
      if (isUniqueViolation(e)) throw conflict(TEACHER_MESSAGES.boundElsewhere);
      throw e;
    }
    return answer;
  }

  /** c037: clears the binding (404 when there is none). Needs no directory. */
  async unbind(accountId: number): Promise<{ account_id: number }> {
    const acct = await this.accounts.byId(accountId);
    if (!acct) throw notFound(TEACHER_MESSAGES.noAccount);
    if (!acct.es_account_id) throw notFound(TEACHER_MESSAGES.notBound);
    await this.accounts.setEsAccountId(acct.id, null);
    return { account_id: acct.id };
  }

  /**
   * c035: upserts the directory's teachers by their directory id. Missing ones become teacher accounts
   * (identity 2, a random password); a bound account gets the directory's name and (non-empty) phone when
   * they differ; an account already equal is not written at all, so a second run reports every row unchanged.
   * Nothing is deleted. One sync at a time per process (409).
   */
  async sync(p: EsTeacherSyncPayload): Promise<EsSyncReport> {
    if (this.syncing) throw conflict(TEACHER_MESSAGES.syncRunning);
    this.syncing = true;
    try {
      let schoolCode = p.school_code;
      if (p.school_id !== undefined && schoolCode === undefined) {
        schoolCode = await this.schools?.codeOf(p.school_id);
        // Without a code the whole region's teachers would land in this one school.
        if (!schoolCode) throw badInput(TEACHER_MESSAGES.noSchoolCode);
      }
      const entries = await this.directory.teachers(schoolCode);
      const list: EsSyncRow[] = [];
      for (const e of entries) {
        if (!e.ok) {
          list.push({ external_id: e.external_id, account: e.account, realname: e.name, action: "failed", account_id: 0, username: "", msg: e.msg });
          continue;
        }
        list.push(await this.syncOne(e.teacher, p.school_id));
      }
      const count = (a: EsSyncRow["action"]) => list.filter((r) => r.action === a).length;
      return { total: list.length, created: count("created"), updated: count("updated"), unchanged: count("unchanged"), failed: count("failed"), list };
    } finally {
      this.syncing = false;
    }
  }

  private async syncOne(t: EsTeacher, schoolId: number | undefined): Promise<EsSyncRow> {
    const row = { external_id: t.id, account: t.account, realname: t.name };
    const failed = (msg: string): EsSyncRow => ({ ...row, action: "failed", account_id: 0, username: "", msg });
    if (t.name === "") return failed("姓名为空");
    if (t.name.length > REALNAME_MAX) return failed(`姓名超过 ${REALNAME_MAX} 个字符`);
    if (t.phone.length > PHONE_MAX) return failed(`手机号超过 ${PHONE_MAX} 个字符`);

    const existing = await this.accounts.byEsAccountId(t.id);
    if (existing) return this.refresh(existing, t, row);

    const username = await this.freeUsername(t);
    if (!username) return failed(`无法为账号 ${t.account} 生成未占用的登录名`);
    const school = schoolId ?? (t.school_code ? await this.schools?.idOf(t.school_code) : undefined) ?? 0;
    try {
      const created = await this.accounts.create({
        username,
        realname: t.name,
        telephone: t.phone,
        password: randomPassword(),
        identity: 2,
        group_id: await this.teacherGroupId(),
        school_id: school,
        es_account_id: t.id,
      });
      const renamed = username === t.account ? "" : `（${t.account} 已被占用或不合规，登录名改为 ${username}）`;
      return { ...row, action: "created", account_id: created.id, username, msg: `已创建教师账号${renamed}` };
    } catch (e) {
      if (isUniqueViolation(e)) return failed("创建账号冲突（登录名或区域教育云账号刚被占用），请重新同步");
      throw e;
    }
  }

  private async refresh(acct: AccountRow, t: EsTeacher, row: Pick<EsSyncRow, "external_id" | "account" | "realname">): Promise<EsSyncRow> {
    const set: { realname?: string; telephone?: string } = {};
    const changed: string[] = [];
    if (acct.realname !== t.name) {
      set.realname = t.name;
      changed.push("姓名");
    }
    // An empty phone in the directory does not erase one kept on the platform.
    if (t.phone !== "" && acct.telephone !== t.phone) {
      set.telephone = t.phone;
      changed.push("手机号");
    }
    const base = { ...row, account_id: acct.id, username: acct.username };
    if (changed.length === 0) return { ...base, action: "unchanged", msg: "无变化" };
    await this.accounts.updateProfile(acct.id, set);
    return { ...base, action: "updated", msg: `已更新${changed.join("、")}` };
  }

  /** The directory login name when it is valid and free; else name_2, name_3 … (or es_<id> for invalid names). */
  private async freeUsername(t: EsTeacher): Promise<string | undefined> {
    const base = USERNAME_RULE.test(t.account) ? t.account : `es_${t.id.replace(/[^A-Za-z0-9_.@-]/g, "_")}`.slice(0, 60);
    for (let n = 1; n <= 20; n++) {
      const candidate = n === 1 ? base : `${base.slice(0, 60)}_${n}`;
      if (!(await this.accounts.byUsername(candidate))) return candidate;
    }
    return undefined;
  }
}

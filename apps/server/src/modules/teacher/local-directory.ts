import type { DirectoryKind, RosterListAnswer, RosterListPayload, RosterRow, RosterSave, RosterUpdate } from "@yanke/protocol";
import { and, asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { account, school } from "../../db/schema.js";
import { badInput, conflict, forbidden, isUniqueViolation, notFound } from "../../http/errors.js";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../auth/password.js";
import type { Caller } from "../../http/caller.js";
import { ES_MESSAGES, type EsAccount, type EsTeacherEntry } from "./es-directory.js";
import { directoryTeacher } from "./teacher.schema.js";

/** What sync (c035) and bind (c036) need of a teacher directory: the remote one (EsDirectory) or the local roster. */
export interface TeacherDirectory {
  readonly kind: DirectoryKind;
  /** The account when the password is right (400 wrong password, 404 unknown account). */
  verify(account: string, password: string): Promise<EsAccount>;
  /** Every teacher, or those of one school code. */
  teachers(schoolCode?: string): Promise<EsTeacherEntry[]>;
}

/** The directory id of a roster entry, as stored in account.es_account_id. */
export const LOCAL_ID_PREFIX = "local-";
export const localDirectoryId = (id: number): string => `${LOCAL_ID_PREFIX}${id}`;

export const ROSTER_MESSAGES = {
  remote: "本平台已接入区域教育云目录服务，教师名册由教育云维护",
  notFound: "名册记录不存在",
  duplicate: "名册账号(account): 已存在",
  outOfScope: "学校编码(school_code): 只能登记本人管辖学校的教师",
  noCode: "学校编码(school_code): 请填写本人管辖学校的学校编码",
  bound: (username: string) => `该名册教师已绑定平台账号 ${username}，请先解除绑定再删除`,
} as const;

/** The local directory (docs/decisions/0443-local-teacher-directory.md): the roster table answers as the remote contract would. */
export class LocalDirectory implements TeacherDirectory {
  readonly kind = "local" as const;

  constructor(private readonly db: Db) {}

  async verify(accountName: string, password: string): Promise<EsAccount> {
    const [row] = await this.db.select().from(directoryTeacher).where(eq(directoryTeacher.account, accountName));
    if (!row) {
      // Same time as a real check: an unknown account is not told apart by timing.
      await burnPasswordCheck(password);
      throw notFound(ES_MESSAGES.unknownAccount);
    }
    if (!(await verifyPassword(row.password_hash, password))) throw badInput(ES_MESSAGES.wrongPassword);
    return { id: localDirectoryId(row.id), account: row.account, name: row.name, phone: row.phone, school_code: row.school_code };
  }

  async teachers(schoolCode?: string): Promise<EsTeacherEntry[]> {
    const rows = await this.db
      .select()
      .from(directoryTeacher)
      .where(schoolCode ? eq(directoryTeacher.school_code, schoolCode) : undefined)
      .orderBy(asc(directoryTeacher.id));
    return rows.map((r) => ({
      ok: true as const,
      teacher: { id: localDirectoryId(r.id), account: r.account, name: r.name, phone: r.phone, school_code: r.school_code, subject: r.subject },
    }));
  }
}

/** Where a caller may keep roster entries: every code (undefined), or the codes of the schools he administers. */
type CodeScope = string[] | undefined;

/**
 * 本地教师名册 administration (/middle/teacher/roster/*). A platform administrator keeps every entry; a district or
 * school administrator the entries whose school code is one of his schools'. Answers 404 while the platform talks to
 * a remote directory (its roster lives there).
 */
export class RosterService {
  constructor(
    private readonly db: Db,
    private readonly directory: TeacherDirectory,
    private readonly schoolsInScope: (c: Caller) => Promise<number[] | undefined>,
  ) {}

  private local(): void {
    if (this.directory.kind !== "local") throw notFound(ROSTER_MESSAGES.remote);
  }

  private async codeScope(c: Caller): Promise<CodeScope> {
    const ids = await this.schoolsInScope(c);
    if (ids === undefined) return undefined;
    if (ids.length === 0) return [];
    const rows = await this.db.select({ code: school.code }).from(school).where(inArray(school.id, ids));
    return rows.map((r) => r.code).filter((code) => code !== "");
  }

  private checkCode(scope: CodeScope, code: string): void {
    if (scope === undefined) return;
    if (code === "") throw forbidden(ROSTER_MESSAGES.noCode);
    if (!scope.includes(code)) throw forbidden(ROSTER_MESSAGES.outOfScope);
  }

  /** The entry, 404 when it does not exist or lies outside the caller's schools (not told apart). */
  private async entry(c: Caller, id: number) {
    const [row] = await this.db.select().from(directoryTeacher).where(eq(directoryTeacher.id, id));
    const scope = await this.codeScope(c);
    if (!row || (scope !== undefined && !scope.includes(row.school_code))) throw notFound(ROSTER_MESSAGES.notFound);
    return { row, scope };
  }

  async list(c: Caller, p: RosterListPayload): Promise<RosterListAnswer> {
    if (this.directory.kind !== "local") return { list: [], total: 0, directory: this.directory.kind };
    const scope = await this.codeScope(c);
    if (scope !== undefined && scope.length === 0) return { list: [], total: 0, directory: "local" };
    const kw = p.keyword ? `%${p.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined;
    const where = and(
      scope === undefined ? undefined : inArray(directoryTeacher.school_code, scope),
      p.school_code ? eq(directoryTeacher.school_code, p.school_code) : undefined,
      kw ? or(ilike(directoryTeacher.account, kw), ilike(directoryTeacher.name, kw)) : undefined,
    );
    const [counted] = await this.db.select({ n: count() }).from(directoryTeacher).where(where);
    const rows = await this.db
      .select({
        t: directoryTeacher,
        school_title: school.title,
        bound_id: account.id,
        bound_username: account.username,
      })
      .from(directoryTeacher)
      .leftJoin(school, and(eq(school.code, directoryTeacher.school_code), sql`${directoryTeacher.school_code} <> ''`))
      .leftJoin(account, eq(account.es_account_id, sql`${LOCAL_ID_PREFIX} || ${directoryTeacher.id}`))
      .where(where)
      .orderBy(asc(directoryTeacher.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    const list: RosterRow[] = rows.map((r) => ({
      id: r.t.id,
      directory_id: localDirectoryId(r.t.id),
      account: r.t.account,
      name: r.t.name,
      phone: r.t.phone,
      school_code: r.t.school_code,
      school_title: r.school_title ?? "",
      subject: r.t.subject,
      bound_account_id: r.bound_id ?? 0,
      bound_username: r.bound_username ?? "",
      update_time: r.t.updated_at.toISOString(),
    }));
    return { list, total: Number(counted?.n ?? 0), directory: "local" };
  }

  async save(c: Caller, p: RosterSave): Promise<{ id: number; directory_id: string }> {
    this.local();
    this.checkCode(await this.codeScope(c), p.school_code);
    const password_hash = await hashPassword(p.password);
    try {
      const [row] = await this.db
        .insert(directoryTeacher)
        .values({ account: p.account, name: p.name, phone: p.phone, school_code: p.school_code, subject: p.subject, password_hash })
        .returning({ id: directoryTeacher.id });
      return { id: row!.id, directory_id: localDirectoryId(row!.id) };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(ROSTER_MESSAGES.duplicate);
      throw e;
    }
  }

  async update(c: Caller, p: RosterUpdate, sent: Partial<RosterUpdate>): Promise<{ id: number }> {
    this.local();
    const { scope } = await this.entry(c, p.id);
    if (sent.school_code !== undefined) this.checkCode(scope, sent.school_code);
    const set: Partial<typeof directoryTeacher.$inferInsert> = { updated_at: new Date() };
    if (sent.account !== undefined) set.account = sent.account;
    if (sent.name !== undefined) set.name = sent.name;
    if (sent.phone !== undefined) set.phone = sent.phone;
    if (sent.school_code !== undefined) set.school_code = sent.school_code;
    if (sent.subject !== undefined) set.subject = sent.subject;
    if (sent.password !== undefined) set.password_hash = await hashPassword(sent.password);
    try {
      await this.db.update(directoryTeacher).set(set).where(eq(directoryTeacher.id, p.id));
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(ROSTER_MESSAGES.duplicate);
      throw e;
    }
    return { id: p.id };
  }

  /** Refused (409) while a platform account is bound to the entry: its binding would point nowhere. */
  async remove(c: Caller, id: number): Promise<{ id: number }> {
    this.local();
    await this.entry(c, id);
    const [bound] = await this.db
      .select({ username: account.username })
      .from(account)
      .where(eq(account.es_account_id, localDirectoryId(id)));
    if (bound) throw conflict(ROSTER_MESSAGES.bound(bound.username));
    await this.db.delete(directoryTeacher).where(eq(directoryTeacher.id, id));
    return { id };
  }
}

import type { ChangePasswordPayload } from "@yanke/protocol";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { badInput, notFound, sessionInvalid } from "../../http/errors.js";
import { hashPassword, verifyPassword } from "../auth/password.js";
import { account, accountSchoolUser } from "./account.schema.js";

export type AccountRow = typeof account.$inferSelect;
export type NewAccount = typeof account.$inferInsert;

export class AccountService {
  constructor(private readonly db: Db) {}

  async byId(id: number): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(account).where(eq(account.id, id));
    return row;
  }

  /** The caller's account row (a session whose account is gone answers 1025). */
  async subject(id: number): Promise<AccountRow> {
    const row = await this.byId(id);
    if (!row) throw sessionInvalid();
    return row;
  }

  async countInGroup(groupId: number): Promise<number> {
    const [r] = await this.db.select({ n: sql<number>`count(*)::int` }).from(account).where(eq(account.group_id, groupId));
    return r?.n ?? 0;
  }

  /** The account-school-user row id of the account at a school (0 when none). */
  async membershipId(accountId: number, schoolId: number): Promise<number> {
    if (!schoolId) return 0;
    const [row] = await this.db
      .select({ id: accountSchoolUser.id })
      .from(accountSchoolUser)
      .where(and(eq(accountSchoolUser.account_id, accountId), eq(accountSchoolUser.school_id, schoolId)));
    return row?.id ?? 0;
  }

  /** Accounts that belong to a school: primary school or an account-school-user row. */
  async countInSchool(schoolId: number): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(account)
      .where(
        or(
          eq(account.school_id, schoolId),
          inArray(account.id, this.db.select({ id: accountSchoolUser.account_id }).from(accountSchoolUser).where(eq(accountSchoolUser.school_id, schoolId))),
        ),
      );
    return r?.n ?? 0;
  }

  async countWithRegionCode(code: string): Promise<number> {
    const [r] = await this.db.select({ n: sql<number>`count(*)::int` }).from(account).where(eq(account.region_code, code));
    return r?.n ?? 0;
  }

  async countsByGroup(groupIds: readonly number[]): Promise<Map<number, number>> {
    if (!groupIds.length) return new Map();
    const rows = await this.db
      .select({ g: account.group_id, n: sql<number>`count(*)::int` })
      .from(account)
      .where(inArray(account.group_id, [...groupIds]))
      .groupBy(account.group_id);
    return new Map(rows.map((r) => [r.g, r.n]));
  }

  async byUsername(username: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(account).where(sql`lower(${account.username}) = lower(${username.trim()})`);
    return row;
  }

  async bySsoSubject(sub: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(account).where(eq(account.sso_subject, sub));
    return row;
  }

  async byEsAccountId(esId: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(account).where(eq(account.es_account_id, esId));
    return row;
  }

  /** Binds (or, with null, unbinds) the regional education cloud account. */
  async setEsAccountId(id: number, esId: string | null): Promise<void> {
    await this.db.update(account).set({ es_account_id: esId, updated_at: new Date() }).where(eq(account.id, id));
  }

  async count(): Promise<number> {
    const [r] = await this.db.select({ n: sql<number>`count(*)::int` }).from(account);
    return r?.n ?? 0;
  }

  /** Creates an account; with a school, also its account-school-user row for that school. */
  async create(values: Omit<NewAccount, "password_hash"> & { password: string }): Promise<AccountRow> {
    const { password, ...rest } = values;
    const password_hash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(account)
        .values({ ...rest, password_hash })
        .returning();
      if (!row) throw new Error("account insert returned nothing");
      if (row.school_id) {
        await tx
          .insert(accountSchoolUser)
          .values({ account_id: row.id, school_id: row.school_id, period_ids: row.period_id ? [row.period_id] : [], identity: row.identity });
      }
      return row;
    });
  }

  async updateProfile(
    id: number,
    values: Partial<Pick<AccountRow, "realname" | "telephone" | "head_portrait_url" | "school_id" | "subject_id" | "reputation">>,
  ): Promise<void> {
    await this.db
      .update(account)
      .set({ ...values, updated_at: new Date() })
      .where(eq(account.id, id));
  }

  /** Checks the old password and stores the new hash. The caller ends the account's other sessions. */
  async changePassword(id: number, p: ChangePasswordPayload): Promise<void> {
    const row = await this.byId(id);
    if (!row) throw notFound("账号不存在");
    if (!(await verifyPassword(row.password_hash, p.old_password))) throw badInput("旧密码(old_password): 旧密码不正确");
    const set: Partial<AccountRow> = { password_hash: await hashPassword(p.password), password_changed_at: new Date(), updated_at: new Date() };
    if (p.head_portrait_url !== undefined) set.head_portrait_url = p.head_portrait_url;
    await this.db.update(account).set(set).where(eq(account.id, id));
  }

  async setStatus(id: number, status: number): Promise<void> {
    await this.db.update(account).set({ status, updated_at: new Date() }).where(eq(account.id, id));
  }
}

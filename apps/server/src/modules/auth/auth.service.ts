import { ROLE_NAMES, type SessionEndReason, type SessionInfo, isProfileComplete } from "@yanke/protocol";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { Auth } from "../../http/call.js";
import { AppError, sessionEnded, sessionInvalid } from "../../http/errors.js";
import type { AccountRow, AccountService } from "../account/account.service.js";
import type { OrgService } from "../org/org.service.js";
import { type RbacService, firstMenuUrl } from "../rbac/rbac.service.js";
import { account } from "../account/account.schema.js";
import { session } from "./auth.schema.js";
import { burnPasswordCheck, verifyPassword } from "./password.js";
import type { LoginThrottle } from "./throttle.js";
import { hashToken, newToken } from "./token.js";

const END_REASONS = new Set<string>(["password_changed", "account_disabled", "logged_in_elsewhere"]);
function isEndReason(r: string): r is SessionEndReason {
  return END_REASONS.has(r);
}

export interface AuthDeps {
  db: Db;
  accounts: AccountService;
  rbac: RbacService;
  org: OrgService;
  throttle: LoginThrottle;
  sessionTtlMs: number;
  singleSession: boolean;
  defaultHome: string;
  /** Storage figures of an account (quota module). */
  space(accountId: number): Promise<{ quota_bytes: number; used_bytes: number; available_bytes: number | null }>;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface SsoTokens {
  id_token?: string;
  access_token?: string;
}

export type SsoUserInfo = SessionInfo & { profile_complete: boolean };

export class AuthService {
  constructor(private readonly d: AuthDeps) {}

  /** c001: a wrong password never says whether the account exists. */
  async login(username: string, password: string, client: ClientInfo): Promise<SessionInfo> {
    const acct = await this.verifyCredentials(username, password, client);
    const token = await this.openSession(acct, client, {});
    return this.sessionInfo(acct, token, {});
  }

  /** Checks a login name and password with throttling; the answer never says whether the account exists. */
  async verifyCredentials(username: string, password: string, client: ClientInfo): Promise<AccountRow> {
    await this.d.throttle.check(username, client.ip);
    const acct = await this.d.accounts.byUsername(username);
    const ok = acct ? await verifyPassword(acct.password_hash, password) : await burnPasswordCheck(password).then(() => false);
    if (!acct || !ok) {
      await this.d.throttle.fail(username, client.ip);
      throw new AppError(400, "账号或密码错误");
    }
    if (acct.status !== 1) throw new AppError(403, "账号已被禁用，请联系管理员");
    await this.d.throttle.succeed(username);
    return acct;
  }

  /** Creates a session; with SINGLE_SESSION the account's other live sessions end (1028). */
  async openSession(acct: AccountRow, client: ClientInfo, sso: SsoTokens): Promise<string> {
    const token = newToken();
    await this.d.db.transaction(async (tx) => {
      if (this.d.singleSession) {
        await tx
          .update(session)
          .set({ ended_at: new Date(), ended_reason: "logged_in_elsewhere" })
          .where(and(eq(session.account_id, acct.id), isNull(session.ended_at)));
      }
      await tx.insert(session).values({
        token_hash: hashToken(token),
        account_id: acct.id,
        expires_at: new Date(Date.now() + this.d.sessionTtlMs),
        ip: client.ip.slice(0, 64),
        user_agent: client.userAgent.slice(0, 300),
        id_token: sso.id_token ?? null,
        access_token: sso.access_token ?? null,
      });
    });
    return token;
  }

  /** TOKEN → caller. Missing, expired or logged out → 1025; ended by the server → 1028 with the reason. */
  async resolve(token: string): Promise<Auth> {
    const [row] = await this.d.db
      .select({
        id: session.id,
        ended_reason: session.ended_reason,
        expires_at: session.expires_at,
        account_id: account.id,
        status: account.status,
        identity: account.identity,
        realname: account.realname,
      })
      .from(session)
      .innerJoin(account, eq(account.id, session.account_id))
      .where(eq(session.token_hash, hashToken(token)));
    if (!row) throw sessionInvalid();
    if (row.ended_reason) {
      if (isEndReason(row.ended_reason)) throw sessionEnded(row.ended_reason);
      throw sessionInvalid();
    }
    if (row.expires_at.getTime() <= Date.now()) throw sessionInvalid();
    if (row.status !== 1) {
      await this.endSessions(row.account_id, "account_disabled");
      throw sessionEnded("account_disabled");
    }
    return { sessionId: row.id, accountId: row.account_id, identity: row.identity, realname: row.realname, token };
  }

  async sessionTokens(sessionId: number): Promise<SsoTokens> {
    const [row] = await this.d.db.select({ id_token: session.id_token, access_token: session.access_token }).from(session).where(eq(session.id, sessionId));
    return { id_token: row?.id_token ?? undefined, access_token: row?.access_token ?? undefined };
  }

  /** c002: revokes this token (later use answers 1025). */
  async logout(sessionId: number): Promise<void> {
    await this.d.db
      .update(session)
      .set({ ended_at: new Date(), ended_reason: "logout" })
      .where(and(eq(session.id, sessionId), isNull(session.ended_at)));
  }

  /** Ends every live session of an account, except one when given. */
  async endSessions(accountId: number, reason: SessionEndReason, exceptSessionId?: number): Promise<void> {
    const conds = [eq(session.account_id, accountId), isNull(session.ended_at)];
    if (exceptSessionId) conds.push(ne(session.id, exceptSessionId));
    await this.d.db
      .update(session)
      .set({ ended_at: new Date(), ended_reason: reason })
      .where(and(...conds));
  }

  async sessionInfo(acct: AccountRow, token: string, sso: SsoTokens): Promise<SessionInfo> {
    const [groupTitle, school, url, membership, space] = await Promise.all([
      this.d.rbac.groupTitle(acct.group_id),
      this.d.org.schoolSummary(acct.school_id),
      this.homeUrl(acct),
      this.d.accounts.membershipId(acct.id, acct.school_id),
      this.d.space(acct.id),
    ]);
    const identityName = ROLE_NAMES[acct.identity] ?? "";
    return {
      token,
      username: [groupTitle, acct.realname].filter(Boolean).join(" "),
      realname: acct.realname,
      account_id: acct.id,
      id: acct.id,
      school_id: acct.school_id,
      school_id_top: acct.school_id,
      period_id: acct.period_id,
      period_id_top: acct.period_id,
      apply_id: 0,
      area_code: school?.area_code ?? "",
      region_code: acct.region_code,
      type: acct.identity,
      ident: acct.identity,
      identityCode: [acct.identity],
      identity: acct.identity,
      identity_name: identityName,
      account_school_user_id: membership,
      is_reset_pass: acct.password_changed_at ? 0 : 1,
      url,
      userToken: "",
      userUuid: "",
      access_token: sso.access_token ?? "",
      id_token: sso.id_token ?? "",
      njy_id_token: "",
      njy_token: "",
      reputation: acct.reputation,
      school_index_name: school?.school_index_name || school?.title || "",
      school_index_logo: school?.school_index_logo ?? "",
      // Bytes (docs/decisions/0111): total 0 = not limited; surplus −1 = nothing limits this account's uploads.
      total_space: space.quota_bytes,
      disk_space: space.used_bytes,
      surplus_space_size: space.available_bytes ?? -1,
      school_type: school?.school_type ?? "MOSHI_k12",
      community_level: acct.community_level,
      province_id: acct.province_id,
      city_id: acct.city_id,
      area_id: acct.area_id,
      njy_area_id: acct.njy_area_id,
      identity_area_id: acct.identity_area_id,
      head_portrait_url: acct.head_portrait_url,
      isFullScreen: 0,
      subject_id: acct.subject_id,
      entry_year: acct.entry_year,
      identity_level: acct.identity_level,
    };
  }

  /** The home route (docs/decisions/0101): administrators their first menu entry, others the public home. */
  async homeUrl(acct: AccountRow): Promise<string> {
    if (acct.identity !== 1 && acct.identity !== 5) return this.d.defaultHome;
    return firstMenuUrl(await this.d.rbac.menuTree(acct)) ?? this.d.defaultHome;
  }

  async ssoUserInfo(acct: AccountRow, token: string, sso: SsoTokens): Promise<SsoUserInfo> {
    const info = await this.sessionInfo(acct, token, sso);
    return { ...info, profile_complete: isProfileComplete(info) };
  }
}

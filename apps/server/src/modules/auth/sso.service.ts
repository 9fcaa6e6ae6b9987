import { eq, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { AppError, badInput } from "../../http/errors.js";
import type { AccountService } from "../account/account.service.js";
import { ssoState } from "./auth.schema.js";
import type { AuthService, ClientInfo } from "./auth.service.js";

type OidcSettings = NonNullable<Config["oidc"]>;
const STATE_TTL_MS = 10 * 60_000;

function isLoopback(u: URL): boolean {
  return u.hostname === "localhost" || u.hostname === "127.0.0.1" || u.hostname === "[::1]";
}

/**
 * OpenID Connect authorization-code flow with PKCE (openid-client). The provider is discovered on first use,
 * so the server starts even when the provider is down; a failed discovery is retried on the next call.
 */
export class SsoService {
  private configPromise: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly s: OidcSettings,
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly auth: AuthService,
  ) {}

  private config(): Promise<oidc.Configuration> {
    if (!this.configPromise) {
      const issuer = new URL(this.s.issuer);
      const p = oidc.discovery(issuer, this.s.clientId, this.s.clientSecret, undefined, {
        // Plain http is allowed only for a provider on this machine (development and tests).
        execute: isLoopback(issuer) && issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      });
      this.configPromise = p;
      p.catch(() => {
        if (this.configPromise === p) this.configPromise = undefined;
      });
    }
    return this.configPromise.catch(() => {
      throw new AppError(503, "统一身份认证服务暂不可用，请稍后再试");
    });
  }

  /** openid profile, plus phone when the provider offers it (name and phone fill the account). */
  private scope(config: oidc.Configuration): string {
    const supported = config.serverMetadata().scopes_supported;
    return supported?.includes("phone") ? "openid profile phone" : "openid profile";
  }

  /** A provider that answered with an error refused the request; anything else means it could not be reached. */
  private failure(e: unknown, refused: string): AppError {
    if (e instanceof oidc.ResponseBodyError || e instanceof oidc.AuthorizationResponseError) {
      return new AppError(400, `${refused}（${e.error}）`);
    }
    if (e instanceof Error && e.name === "OperationProcessingError") return new AppError(400, `${refused}（${e.message.slice(0, 120)}）`);
    return new AppError(503, "统一身份认证服务暂不可用，请稍后再试");
  }

  /** GET /sso/start: remembers state, nonce and PKCE verifier, answers the provider's authorization address. */
  async authorizationUrl(): Promise<string> {
    const config = await this.config();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const code_verifier = oidc.randomPKCECodeVerifier();
    await this.db.delete(ssoState).where(lt(ssoState.created_at, new Date(Date.now() - STATE_TTL_MS)));
    await this.db.insert(ssoState).values({ state, nonce, code_verifier });
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: this.s.redirectUri,
        scope: this.scope(config),
        code_challenge: await oidc.calculatePKCECodeChallenge(code_verifier),
        code_challenge_method: "S256",
        state,
        nonce,
      })
      .toString();
  }

  /** c175: code (+ state) → a session of the account bound to the provider's subject. */
  async exchange(code: string, state: string, iss: string | undefined, client: ClientInfo): Promise<{ token: string; id_token: string }> {
    const [pending] = await this.db.delete(ssoState).where(eq(ssoState.state, state)).returning();
    if (!pending || pending.created_at.getTime() < Date.now() - STATE_TTL_MS) {
      throw badInput("state: 登录请求已失效或不存在，请重新发起统一身份认证登录");
    }
    const config = await this.config();
    const current = new URL(this.s.redirectUri);
    current.searchParams.set("code", code);
    current.searchParams.set("state", state);
    const meta = config.serverMetadata();
    if (meta.authorization_response_iss_parameter_supported) current.searchParams.set("iss", iss ?? meta.issuer);
    let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.code_verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (e) {
      throw this.failure(e, "统一身份认证登录失败：授权码无效或已使用");
    }
    const claims = tokens.claims();
    if (!claims?.sub || !tokens.id_token) throw new AppError(400, "统一身份认证登录失败：身份令牌缺少用户标识");
    // Name and preferred_username usually come only from the userinfo endpoint.
    let profile: Record<string, unknown> = { ...claims };
    if (!(await this.accounts.bySsoSubject(claims.sub))) {
      try {
        profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      } catch (e) {
        throw this.failure(e, "统一身份认证用户信息获取失败");
      }
    }
    const acct = await this.accountFor(claims.sub, profile);
    if (acct.status !== 1) throw new AppError(403, "账号已被禁用，请联系管理员");
    const token = await this.auth.openSession(acct, client, { id_token: tokens.id_token, access_token: tokens.access_token });
    return { token, id_token: tokens.id_token };
  }

  /** An account bound to the subject, created as a teacher on first sign-in. */
  private async accountFor(sub: string, claims: Record<string, unknown>) {
    const existing = await this.accounts.bySsoSubject(sub);
    if (existing) return existing;
    const name = typeof claims.name === "string" ? claims.name : "";
    const preferred = typeof claims.preferred_username === "string" ? claims.preferred_username : "";
    const username = preferred && !(await this.accounts.byUsername(preferred)) ? preferred : `sso_${sub}`.slice(0, 64);
    return this.accounts.create({
      username,
      realname: name || username,
      telephone: typeof claims.phone_number === "string" ? claims.phone_number : "",
      password: `${crypto.randomUUID()}A1`,
      identity: 2,
      sso_subject: sub,
    });
  }

  /** c176: the provider's user info refreshes name and phone of the bound account. */
  async refreshFromUserInfo(accountId: number, sub: string | undefined, accessToken: string): Promise<void> {
    const config = await this.config();
    const acct = await this.accounts.byId(accountId);
    if (!acct?.sso_subject) return;
    let info: oidc.UserInfoResponse;
    try {
      info = await oidc.fetchUserInfo(config, accessToken, sub ?? acct.sso_subject);
    } catch (e) {
      throw this.failure(e, "统一身份认证用户信息获取失败，请重新登录");
    }
    const update: { realname?: string; telephone?: string } = {};
    if (typeof info.name === "string" && info.name) update.realname = info.name;
    if (typeof info.phone_number === "string") update.telephone = info.phone_number;
    if (Object.keys(update).length) await this.accounts.updateProfile(accountId, update);
  }

  /** The end-session address for logout, with id_token_hint and post_logout_redirect_uri. */
  async endSessionUrl(idToken: string | undefined): Promise<string> {
    const config = await this.config().catch(() => undefined);
    if (!config?.serverMetadata().end_session_endpoint) return "";
    const params: Record<string, string> = { post_logout_redirect_uri: this.s.postLogoutRedirectUri, client_id: this.s.clientId };
    if (idToken) params.id_token_hint = idToken;
    return oidc.buildEndSessionUrl(config, params).toString();
  }
}

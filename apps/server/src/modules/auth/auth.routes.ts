import { CALLS, EmptyPayload, GET_ROUTES, LoginPayload, SsoCodeExchangePayload } from "@yanke/protocol";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import { AppError, notFound, sessionInvalid } from "../../http/errors.js";
import type { AccountService } from "../account/account.service.js";
import type { AuthService, ClientInfo } from "./auth.service.js";
import type { SsoService } from "./sso.service.js";

export function clientInfo(req: FastifyRequest): ClientInfo {
  const ua = req.headers["user-agent"];
  return { ip: req.ip, userAgent: typeof ua === "string" ? ua : "" };
}

export function authRoutes(app: FastifyInstance, host: CallHost, deps: { auth: AuthService; accounts: AccountService; sso: SsoService | undefined }): void {
  const { auth, accounts, sso } = deps;

  defineCall(app, host, {
    id: "c001",
    path: CALLS.login,
    summary: "账号密码登录，返回会话信息（含 token 与首页 url）",
    access: "public",
    schema: LoginPayload,
    message: "登录成功",
    handler: ({ payload, req }) => auth.login(payload.username, payload.password, clientInfo(req)),
  });

  defineCall(app, host, {
    id: "c002",
    path: CALLS.logout,
    summary: "退出登录：吊销当前 token；配置了单点登录时 data.url 为身份提供方的结束会话地址",
    access: "user",
    schema: EmptyPayload,
    message: "已退出登录",
    handler: async ({ auth: who }) => {
      const tokens = await auth.sessionTokens(who.sessionId);
      await auth.logout(who.sessionId);
      return { url: sso ? await sso.endSessionUrl(tokens.id_token) : "" };
    },
  });

  defineCall(app, host, {
    id: "c175",
    path: CALLS.ssoCodeExchange,
    summary: "单点登录：用地址中的 code 与 state 换取 token",
    access: "public",
    schema: SsoCodeExchangePayload,
    message: "登录成功",
    handler: async ({ payload, req }) => {
      if (!sso) throw notFound("未配置统一身份认证");
      return sso.exchange(payload.code, payload.state, payload.iss, clientInfo(req));
    },
  });

  defineCall(app, host, {
    id: "c176",
    path: CALLS.ssoUserInfo,
    summary: "单点登录：获取完整用户信息（含资料完整性 profile_complete）",
    access: "user",
    schema: EmptyPayload,
    handler: async ({ auth: who }) => {
      const tokens = await auth.sessionTokens(who.sessionId);
      if (sso && tokens.access_token) await sso.refreshFromUserInfo(who.accountId, undefined, tokens.access_token);
      const acct = await accounts.byId(who.accountId);
      if (!acct) throw sessionInvalid();
      return auth.ssoUserInfo(acct, who.token, tokens);
    },
  });

  app.get(GET_ROUTES.ssoStart, async (_req, res) => {
    if (!sso) throw notFound("未配置统一身份认证");
    const url = await sso.authorizationUrl().catch((e: unknown) => {
      throw e instanceof AppError ? e : new AppError(503, "统一身份认证服务暂不可用，请稍后再试");
    });
    return res.redirect(url, 302);
  });
}

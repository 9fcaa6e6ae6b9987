import { CALLS, ChangePasswordPayload } from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { AuthService } from "../auth/auth.service.js";
import type { AccountService } from "./account.service.js";

export function accountRoutes(app: FastifyInstance, host: CallHost, deps: { accounts: AccountService; auth: AuthService }): void {
  defineCall(app, host, {
    id: "c017",
    path: CALLS.changePassword,
    summary: "修改本人密码；成功后该账号的其他会话均以 1028「密码已修改，请重新登录」结束",
    access: "user",
    schema: ChangePasswordPayload,
    message: "修改成功",
    handler: async ({ payload, auth }) => {
      await deps.accounts.changePassword(auth.accountId, payload);
      await deps.auth.endSessions(auth.accountId, "password_changed", auth.sessionId);
      return null;
    },
  });
}

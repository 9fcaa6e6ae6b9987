import { CALLS, EmptyPayload } from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import { sessionInvalid } from "../../http/errors.js";
import type { AccountService } from "../account/account.service.js";
import type { RbacService } from "./rbac.service.js";

export function rbacRoutes(app: FastifyInstance, host: CallHost, deps: { rbac: RbacService; accounts: AccountService }): void {
  defineCall(app, host, {
    id: "c003",
    path: CALLS.menuTree,
    summary: "当前用户的菜单树（管理员为全部规则，其他用户为角色与账号规则之并）",
    access: "user",
    schema: EmptyPayload,
    handler: async ({ auth }) => {
      const acct = await deps.accounts.byId(auth.accountId);
      if (!acct) throw sessionInvalid();
      return deps.rbac.menuTree(acct);
    },
  });
}

import {
  ApplyIndexPayload,
  CALLS,
  EmptyPayload,
  GetRulesPayload,
  IdPayload,
  OccupationApplyList,
  OccupationApplySave,
  OccupationApplyUpdate,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall, pickSent } from "../../http/call.js";
import { sessionInvalid } from "../../http/errors.js";
import type { AccountService } from "../account/account.service.js";
import type { AuthService } from "../auth/auth.service.js";
import { clientInfo } from "../auth/auth.routes.js";
import type { ApplyService } from "./apply.service.js";

export function applyRoutes(app: FastifyInstance, host: CallHost, deps: { apply: ApplyService; accounts: AccountService; auth: AuthService }): void {
  const { apply, accounts, auth: authService } = deps;
  // c050 may name its account by username and password instead of a session: looked up here, not via ctx.caller().
  const accountOf = (accountId: number) => accounts.subject(accountId);

  defineCall(app, host, {
    id: "c050",
    path: CALLS.applyList,
    summary: "应用列表，按 apply_type 分组（list1–list5、list7）；以 TOKEN 或 username+password 识别用户",
    access: "public",
    schema: OccupationApplyList,
    handler: async ({ auth, payload, req }) => {
      let accountId = auth?.accountId;
      if (!accountId && payload.username && payload.password) {
        accountId = (await authService.verifyCredentials(payload.username, payload.password, clientInfo(req))).id;
      }
      if (!accountId) throw sessionInvalid();
      const type = typeof payload.search_apply_type === "number" && payload.search_apply_type > 0 ? payload.search_apply_type : undefined;
      return apply.groups(await accountOf(accountId), payload.limit, type);
    },
  });
  defineCall(app, host, {
    id: "c051",
    path: CALLS.applySave,
    rule: CALLS.applySave,
    summary: "新增应用",
    access: "user",
    schema: OccupationApplySave,
    message: "添加成功",
    handler: async ({ payload, caller }) => apply.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c052",
    path: CALLS.applyUpdate,
    rule: CALLS.applyUpdate,
    summary: "修改应用",
    access: "user",
    schema: OccupationApplyUpdate,
    message: "修改成功",
    handler: async ({ payload, sent, caller }) => {
      await apply.update(await caller(), { ...pickSent(payload, sent), id: payload.id });
      return null;
    },
  });
  defineCall(app, host, {
    id: "c053",
    path: CALLS.applyDelete,
    rule: CALLS.applyDelete,
    summary: "删除应用",
    access: "user",
    schema: IdPayload,
    message: "删除成功",
    handler: async ({ payload }) => {
      await apply.remove(payload.id);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c054",
    path: CALLS.applyAuthRuleList,
    rule: CALLS.applyAuthRuleList,
    summary: "应用的规则：可授予的规则树与已选规则",
    access: "user",
    schema: IdPayload,
    handler: async ({ payload, caller }) => apply.authRuleList(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c055",
    path: CALLS.applyAuthGroupList,
    rule: CALLS.applyAuthGroupList,
    summary: "应用的角色：可选角色与已选角色",
    access: "user",
    schema: IdPayload,
    handler: async ({ payload, caller }) => apply.authGroupList(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c056",
    path: CALLS.applyIndex,
    summary: "当前用户的应用入口与模式标签（每个标签的规则与首个路由）",
    access: "user",
    schema: ApplyIndexPayload,
    handler: async ({ caller }) => apply.index(await caller()),
  });
  defineCall(app, host, {
    id: "c057",
    path: CALLS.applyRulesAndApply,
    rule: CALLS.applyRulesAndApply,
    summary: "可授予的规则树与全部应用",
    access: "user",
    schema: EmptyPayload,
    handler: async ({ caller }) => apply.rulesAndApply(await caller()),
  });
  defineCall(app, host, {
    id: "c058",
    path: CALLS.applyGetRules,
    summary: "路由切换：某上级规则下当前用户拥有的规则及其所属应用分组",
    access: "user",
    schema: GetRulesPayload,
    handler: async ({ payload, caller }) => apply.getRules(await caller(), payload.rules_id),
  });
}

import {
  AuthGroupList,
  AuthGroupSave,
  AuthGroupUpdate,
  AuthRuleSave,
  AuthRuleSetAttribute,
  AuthRuleUpdate,
  CALLS,
  EmptyPayload,
  IdPayload,
  QuickOperate,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall, pickSent } from "../../http/call.js";
import type { AccountService } from "../account/account.service.js";
import type { RbacService } from "./rbac.service.js";

export function rbacRoutes(app: FastifyInstance, host: CallHost, deps: { rbac: RbacService; accounts: AccountService }): void {
  const { rbac } = deps;

  defineCall(app, host, {
    id: "c003",
    path: CALLS.menuTree,
    summary: "当前用户的菜单与权限树（超级管理员为全部规则，其他用户为角色规则 ∪ 特殊规则，受可用应用限制）",
    access: "user",
    schema: EmptyPayload,
    handler: async ({ caller }) => rbac.menuTree(await caller()),
  });

  // ── rules ──
  defineCall(app, host, {
    id: "c004",
    path: CALLS.ruleList,
    rule: CALLS.ruleList,
    summary: "全部规则（菜单与权限）树，含已禁用",
    access: "user",
    schema: EmptyPayload,
    handler: () => rbac.ruleTree(),
  });
  defineCall(app, host, {
    id: "c005",
    path: CALLS.ruleUseList,
    rule: CALLS.ruleUseList,
    summary: "可授予的启用规则树（不超过调用者自己的权限）",
    access: "user",
    schema: EmptyPayload,
    handler: async ({ caller }) => rbac.grantableTree(await caller()),
  });
  defineCall(app, host, {
    id: "c006",
    path: CALLS.ruleSave,
    rule: CALLS.ruleSave,
    summary: "新增规则",
    access: "user",
    schema: AuthRuleSave,
    message: "添加成功",
    handler: ({ payload }) => rbac.saveRule(payload),
  });
  defineCall(app, host, {
    id: "c007",
    path: CALLS.ruleUpdate,
    rule: CALLS.ruleUpdate,
    summary: "修改规则",
    access: "user",
    schema: AuthRuleUpdate,
    message: "修改成功",
    handler: async ({ payload, sent }) => {
      await rbac.updateRule({ ...pickSent(payload, sent), id: payload.id });
      return null;
    },
  });
  defineCall(app, host, {
    id: "c008",
    path: CALLS.ruleDelete,
    rule: CALLS.ruleDelete,
    summary: "删除规则（有子规则时拒绝）；同时从角色与应用中移除",
    access: "user",
    schema: IdPayload,
    message: "删除成功",
    handler: async ({ payload }) => {
      await rbac.deleteRule(payload.id);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c009",
    path: CALLS.ruleSetAttribute,
    rule: CALLS.ruleSetAttribute,
    summary: "设置规则属性（status、is_menu、sort）",
    access: "user",
    schema: AuthRuleSetAttribute,
    message: "设置成功",
    handler: async ({ payload }) => {
      await rbac.setRuleAttribute(payload.id, payload.attribute, payload.value);
      return null;
    },
  });

  // ── roles ──
  defineCall(app, host, {
    id: "c024",
    path: CALLS.groupList,
    rule: CALLS.groupList,
    summary: "角色列表（本辖区与全平台角色）",
    access: "user",
    schema: AuthGroupList,
    handler: async ({ payload, caller }) => rbac.listGroups(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c025",
    path: CALLS.groupRead,
    rule: CALLS.groupRead,
    summary: "角色详情",
    access: "user",
    schema: IdPayload,
    handler: async ({ payload, caller }) => rbac.readGroup(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c026",
    path: CALLS.groupSave,
    rule: CALLS.groupSave,
    summary: "新增角色（规则不能超过调用者自己的权限）",
    access: "user",
    schema: AuthGroupSave,
    message: "添加成功",
    handler: async ({ payload, caller }) => rbac.saveGroup(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c027",
    path: CALLS.groupUpdate,
    rule: CALLS.groupUpdate,
    summary: "修改角色",
    access: "user",
    schema: AuthGroupUpdate,
    message: "修改成功",
    handler: async ({ payload, sent, caller }) => {
      await rbac.updateGroup(await caller(), { ...pickSent(payload, sent), id: payload.id });
      return null;
    },
  });
  defineCall(app, host, {
    id: "c028",
    path: CALLS.groupDelete,
    rule: CALLS.groupDelete,
    summary: "删除角色（仍有账号使用时拒绝）",
    access: "user",
    schema: IdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => {
      await rbac.deleteGroup(await caller(), payload.id);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c029",
    path: CALLS.groupQuickOperate,
    rule: CALLS.groupQuickOperate,
    summary: "启用或禁用角色",
    access: "user",
    schema: QuickOperate,
    message: "设置成功",
    handler: async ({ payload, caller }) => {
      await rbac.setGroupStatus(await caller(), payload.id, payload.value);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c030",
    path: CALLS.groupOptions,
    rule: CALLS.groupOptions,
    summary: "可分配的角色（本辖区、启用、权限不超过调用者）",
    access: "user",
    schema: EmptyPayload,
    handler: async ({ caller }) => rbac.groupOptions(await caller()),
  });
  defineCall(app, host, {
    id: "c031",
    path: CALLS.groupAuthRole,
    rule: CALLS.groupAuthRole,
    summary: "角色的规则：可授予的规则树与已选规则",
    access: "user",
    schema: IdPayload,
    handler: async ({ payload, caller }) => rbac.groupAuthRole(await caller(), payload.id),
  });
}

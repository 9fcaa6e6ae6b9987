import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";

/** A list of ids as the client sends it: an array, or a comma-separated string ("1,2,3"). */
export const zIdList = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? [] : v.split(",").map((s) => s.trim())) : v),
      z.array(z.coerce.number().int("必须是整数").positive("必须大于 0")).max(5000, "最多 5000 项"),
    )
    .describe(label);

const zFlag = (label: string) => z.coerce.number().int().min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe(label);

/** Auth rule (menu or permission) fields of platform.md §3. `name` is the permission key (a call path for permissions). */
export const AuthRuleFields = z.object({
  name: z.string().trim().min(1, "请输入规则标识").max(120).describe("规则标识"),
  title: z.string().trim().min(1, "请输入名称").max(60).describe("名称"),
  pid: z.coerce.number().int().min(0).default(0).describe("上级"),
  sort: z.coerce.number().int().min(0).max(100000).default(0).describe("排序"),
  status: zFlag("状态").default(1),
  url: z.string().trim().max(300).default("").describe("路由地址"),
  is_menu: zFlag("是否菜单").default(1),
  componentsUrl: z.string().trim().max(200).default("").describe("组件路径"),
  activeMenu: z.string().trim().max(200).default("").describe("高亮菜单"),
  icon: z.string().trim().max(60).default("").describe("图标"),
  redirect: z.string().trim().max(300).default("").describe("重定向"),
});
export const AuthRuleSave = AuthRuleFields;
export const AuthRuleUpdate = AuthRuleFields.partial().extend({ id: zId("规则编号") });
export const AuthRuleSetAttribute = z.object({
  id: zId("规则编号"),
  attribute: z.enum(["status", "is_menu", "sort"], { message: "只能设置 status、is_menu 或 sort" }).describe("属性"),
  value: z.coerce.number().int().min(0).max(100000).describe("值"),
});
export const IdPayload = z.object({ id: zId() });
export const IdsPayload = z.object({ ids: zIdList("编号列表").refine((a) => a.length > 0, "请至少选择一项") });

/** Auth group (role) of platform.md §3. */
export const AuthGroupFields = z.object({
  title: z.string().trim().min(1, "请输入角色名称").max(60).describe("角色名称"),
  status: zFlag("状态").default(1),
  rules: zIdList("权限规则").default([]),
  rules_special: zIdList("特殊规则").default([]),
  apply_auth_list: zIdList("可用应用").default([]),
  school_id: z.coerce.number().int().min(0).default(0).describe("所属学校"),
});
export const AuthGroupSave = AuthGroupFields;
export const AuthGroupUpdate = AuthGroupFields.partial().extend({ id: zId("角色编号") });
export const AuthGroupList = z.object({
  page: zPage,
  limit: zLimit,
  title: z.string().trim().max(60).optional().describe("角色名称"),
  status: z.coerce.number().int().min(0).max(1).optional().describe("状态"),
  school_id: z.coerce.number().int().min(0).optional().describe("学校"),
});
/** quick_operate: toggles one attribute (status) of a record (§4). */
export const QuickOperate = z.object({
  id: zId(),
  field: z.enum(["status"], { message: "只能切换 status" }).default("status").describe("字段"),
  value: z.coerce.number().int().min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe("值"),
});

export interface AuthRuleRow {
  id: number;
  name: string;
  title: string;
  pid: number;
  level: number;
  sort: number;
  status: number;
  url: string;
  is_menu: number;
  componentsUrl: string;
  activeMenu: string;
  icon: string;
  redirect: string;
}

export interface AuthGroupRow {
  id: number;
  title: string;
  status: number;
  rules: number[];
  rules_special: number[];
  apply_auth_list: number[];
  school_id: number;
  school_name: string;
  account_count: number;
  created_at: string;
}

/** Per-id outcome of batch calls (reset_password, batch_delete). */
export interface BatchResult {
  id: number;
  ok: boolean;
  msg: string;
  /** reset_password: the new password, shown once. */
  password?: string;
}

import { z } from "zod";
import { zId } from "./common.js";
import { zIdList } from "./rbac.js";

/** apply_type: 1–5 are the mode tabs (1 教研管理, 2 设备管理, 3 基础数据管理, 4 个人研修, 5 设备中心); 7 = standalone ability entries. */
export const APPLY_TYPES = [1, 2, 3, 4, 5, 7] as const;
export const APPLY_TYPE_NAMES: Record<number, string> = { 1: "教研管理", 2: "设备管理", 3: "基础数据管理", 4: "个人研修", 5: "设备中心", 7: "应用能力" };

const zApplyType = z.coerce
  .number()
  .int()
  .refine((v) => (APPLY_TYPES as readonly number[]).includes(v), "只能是 1、2、3、4、5 或 7")
  .describe("应用分组");

/** Application entry (occupation apply) of platform.md §3. */
export const OccupationApplyFields = z.object({
  name: z.string().trim().min(1, "请输入应用名称").max(60).describe("应用名称"),
  icon: z.string().trim().max(300).default("").describe("图标"),
  rules: zIdList("包含规则").default([]),
  group_ids: zIdList("可用角色").default([]),
  type: z.coerce.number().int().min(0).max(9).default(1).describe("打开方式"),
  is_display: z.coerce.number().int().min(0).max(1).default(1).describe("是否显示"),
  apply_type: zApplyType,
});
export const OccupationApplySave = OccupationApplyFields;
export const OccupationApplyUpdate = OccupationApplyFields.partial().extend({ id: zId("应用编号") });

/** c050: the bare path lists applications, grouped by apply_type; limit 100 by default. */
export const OccupationApplyList = z.object({
  username: z.string().max(64).optional().describe("账号"),
  password: z.string().max(128).optional().describe("密码"),
  limit: z.coerce.number().int().min(1).max(500).default(100).describe("条数"),
  search_apply_type: z
    .union([z.literal(""), z.literal(0), zApplyType])
    .optional()
    .describe("应用分组"),
});

/** c056: the current user's application entries (the mode tabs). */
export const ApplyIndexPayload = z.object({
  id: z.coerce.number().int().min(0).optional().describe("应用编号"),
  school_id: z.coerce.number().int().min(0).optional().describe("学校"),
  account_id: z.coerce.number().int().min(0).optional().describe("账号"),
  period_id: z.coerce.number().int().min(0).optional().describe("学段"),
  ident: z.coerce.number().int().min(0).optional().describe("身份"),
  type: z.coerce.number().int().min(0).optional().describe("类型"),
});

/** c058: rules of a route's pid (route change, §4). */
export const GetRulesPayload = z.object({ rules_id: zId("规则编号") });

export interface OccupationApplyRow {
  id: number;
  name: string;
  icon: string;
  rules: number[];
  group_ids: number[];
  type: number;
  is_display: number;
  apply_type: number;
}

/** c050 answer: one list per apply_type. */
export type OccupationApplyGroups = Record<"list1" | "list2" | "list3" | "list4" | "list5" | "list7", OccupationApplyRow[]>;

/** c056 answer: the user's visible entries and, per tab, the rule ids it opens. */
export interface ApplyIndexAnswer {
  list: OccupationApplyRow[];
  tabs: { mode: number; name: string; rules: number[]; first_url: string }[];
}

/** c058 answer. */
export interface GetRulesAnswer {
  auth_rule_list: number[];
  apply_type: number;
}

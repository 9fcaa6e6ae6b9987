import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { zIdList } from "./rbac.js";
import { zNewPassword } from "./auth.js";

const zInt0 = (label: string) => z.coerce.number().int("必须是整数").min(0, "不能为负数").default(0).describe(label);
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).default("").describe(label);

/** One school membership of an account (account-school-user row). */
export const AccountSchoolEntry = z.object({
  school_id: zId("学校"),
  period_ids: zIdList("学段").default([]),
  identity: z.coerce.number().int().min(1).max(5).describe("身份"),
});

/** Account fields of platform.md §3 that an administrator sets. */
export const AccountFields = z.object({
  username: z
    .string()
    .trim()
    .min(2, "账号至少 2 个字符")
    .max(64, "账号不能超过 64 个字符")
    .regex(/^[A-Za-z0-9_.@-]+$/, "账号只能包含字母、数字和 _ . @ -")
    .describe("账号"),
  realname: z.string().trim().min(1, "请输入姓名").max(30, "姓名不能超过 30 个字符").describe("姓名"),
  telephone: z
    .string()
    .trim()
    .regex(/^(|1\d{10}|\+?[\d\s-]{6,20})$/, "请输入正确的手机号")
    .default("")
    .describe("手机号"),
  head_portrait_url: zText("头像", 500),
  status: z.coerce.number().int().min(0).max(1).default(1).describe("状态"),
  group_id: z.coerce.number().int().min(0).default(0).describe("角色"),
  school_id: zInt0("学校"),
  period_id: zInt0("学段"),
  subject_id: zInt0("学科"),
  community_level: z.coerce.number().int().min(1).max(9).default(1).describe("社区级别"),
  region_code: zText("区域编码", 20),
  reputation: zText("职称", 30),
  rules_special: zIdList("特殊规则").default([]),
  apply_auth_list: zIdList("可用应用").default([]),
  entry_year: z.coerce.number().int().min(0).max(2100, "入职年份不正确").default(0).describe("入职年份"),
  identity: z.coerce.number().int().min(1, "身份只能是 1–5").max(5, "身份只能是 1–5").default(2).describe("身份"),
  identity_level: zInt0("身份级别"),
  identity_area_id: zInt0("身份区域"),
  province_id: zInt0("省"),
  city_id: zInt0("市"),
  area_id: zInt0("区县"),
  njy_area_id: zInt0("所属区域"),
  school_list: z.array(AccountSchoolEntry).max(50).default([]).describe("所属学校"),
});

export const AccountSave = AccountFields.extend({
  password: zNewPassword.describe("密码"),
  password_confirmation: z.string().min(1, "请再次输入密码").describe("确认密码"),
}).refine((v) => v.password === v.password_confirmation, { message: "两次输入的密码不一致", path: ["password_confirmation"] });

export const AccountUpdate = AccountFields.partial()
  .extend({
    id: zId("账号编号"),
    password: zNewPassword.optional().describe("密码"),
    password_confirmation: z.string().optional().describe("确认密码"),
  })
  .refine((v) => v.password === undefined || v.password === v.password_confirmation, {
    message: "两次输入的密码不一致",
    path: ["password_confirmation"],
  });

/** /middle/account/list (the spec shows no list call; see docs/api/accounts.md). */
export const AccountList = z.object({
  page: zPage,
  limit: zLimit,
  keyword: z.string().trim().max(60).optional().describe("关键字"),
  school_id: z.coerce.number().int().min(0).optional().describe("学校"),
  group_id: z.coerce.number().int().min(0).optional().describe("角色"),
  identity: z.coerce.number().int().min(0).max(5).optional().describe("身份"),
  // "" (any status) first: the number coercion would read it as 0.
  status: z
    .union([z.literal(""), z.coerce.number().int().min(0).max(1)])
    .optional()
    .describe("状态"),
});

/** c018/c019: an .xlsx workbook, base64, through the envelope (≤ 5 MB). */
export const AccountImport = z.object({
  filename: z
    .string()
    .trim()
    .min(1, "请选择文件")
    .max(200)
    .regex(/\.xlsx$/i, "只支持 .xlsx 文件")
    .describe("文件名"),
  file: z.string().min(1, "文件内容为空").max(7_000_000, "文件不能超过 5MB").describe("文件内容"),
  /** all: import only when every row is valid; valid: import the valid rows, report the others. */
  mode: z.enum(["all", "valid"]).default("all").describe("导入方式"),
  /** Teacher import: the school of the imported teachers (default: the caller's own school). */
  school_id: z.coerce.number().int().min(0).optional().describe("学校"),
});

export const AccountExport = AccountList.omit({ page: true, limit: true });

/** c046: the school switcher's entries. */
export const AccountSchoolListPayload = z.object({
  account_id: z.coerce.number().int().min(0).optional().describe("账号"),
  type: z.coerce.number().int().min(0).optional().describe("身份"),
  area_code: z.string().max(20).optional().describe("区域编码"),
});

export interface AccountRow {
  id: number;
  username: string;
  realname: string;
  telephone: string;
  head_portrait_url: string;
  status: number;
  group_id: number;
  group_title: string;
  school_id: number;
  school_name: string;
  period_id: number;
  subject_id: number;
  community_level: number;
  region_code: string;
  reputation: string;
  rules: number[];
  rules_special: number[];
  apply_auth_list: number[];
  entry_year: number;
  identity: number;
  identity_name: string;
  identity_level: number;
  identity_area_id: number;
  province_id: number;
  city_id: number;
  area_id: number;
  njy_area_id: number;
  es_account_id: string;
  school_list: { school_id: number; school_name: string; period_ids: number[]; identity: number }[];
  created_at: string;
}

export interface ImportRowError {
  row: number;
  field: string;
  msg: string;
}

export interface ImportReport {
  total: number;
  imported: number;
  skipped: number;
  errors: ImportRowError[];
  /** The imported accounts; `password` only when it was generated (shown once). */
  accounts: { row: number; id: number; username: string; password?: string }[];
}

/** A generated file handed back through the envelope. */
export interface FileAnswer {
  filename: string;
  mime: string;
  /** base64 */
  file: string;
}

/** School identity entry of platform.md §3 (the switcher). */
export interface SchoolIdentityEntry {
  id: number;
  url: string;
  ident: number;
  title: string;
  period_arr: { id: number; name: string }[];
  info: { realname: string; account_school_user_id: number; type: number };
}

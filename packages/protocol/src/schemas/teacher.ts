import { z } from "zod";
import { zId } from "./common.js";
import { call } from "../contract.js";

/**
 * The regional education cloud (区域教育云, 恩施) account calls c035–c037.
 * The directory these calls talk to is described in docs/api/es-directory.md.
 */

/** c035 /middle/teacher/esTeacherSync */
export const EsTeacherSyncPayload = z.object({
  /** Our school that newly created teachers join; without it each row's school_code is mapped (or 0). */
  school_id: zId("学校").optional(),
  /** Directory school code: only that school's teachers are fetched. */
  school_code: z.string().trim().min(1, "学校编码不能为空").max(64, "学校编码不能超过 64 个字符").optional().describe("区域教育云学校编码"),
});
export type EsTeacherSyncPayload = z.infer<typeof EsTeacherSyncPayload>;

/** c036 /middle/teacher/bindEsAccount */
export const EsBindPayload = z.object({
  /** The platform account to bind; default the caller's own. Another account needs an administrator. */
  account_id: zId("账号").optional(),
  es_account: z.string().trim().min(1, "请输入区域教育云账号").max(64, "区域教育云账号不能超过 64 个字符").describe("区域教育云账号"),
  es_password: z.string().min(1, "请输入区域教育云密码").max(128, "区域教育云密码不能超过 128 个字符").describe("区域教育云密码"),
});
export type EsBindPayload = z.infer<typeof EsBindPayload>;

/** c037 /middle/teacher/unbind (calls.tsv: payload account_id; default the caller's own). */
export const EsUnbindPayload = z.object({
  account_id: zId("账号").optional(),
});
export type EsUnbindPayload = z.infer<typeof EsUnbindPayload>;

/** c036 answer. */
export interface EsBindAnswer {
  account_id: number;
  /** The directory's id of the verified account (what is stored). */
  es_account_id: string;
  es_account: string;
  /** Name the directory holds for that account. */
  es_name: string;
}

export type EsSyncAction = "created" | "updated" | "unchanged" | "failed";

/** One directory teacher in the c035 report. */
export interface EsSyncRow {
  external_id: string;
  /** The directory's login name of the teacher. */
  account: string;
  realname: string;
  action: EsSyncAction;
  /** Platform account id, 0 when failed. */
  account_id: number;
  /** Platform login name (may differ from `account` when that was taken), "" when failed. */
  username: string;
  /** What was done or why it failed, in Chinese. */
  msg: string;
}

/** c035 answer. */
export interface EsSyncReport {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  list: EsSyncRow[];
}

// ── the local teacher directory (本地教师名册; docs/api/es-directory.md "Local directory") ──────────────────────

/** The roster calls: only while the platform uses its local directory (no ES_DIRECTORY_URL). */
export const ROSTER_CALLS = {
  rosterList: "/middle/teacher/roster/list",
  rosterSave: "/middle/teacher/roster/save",
  rosterUpdate: "/middle/teacher/roster/update",
  rosterDelete: "/middle/teacher/roster/delete",
} as const;

/** Which directory the platform talks to: its own roster, or the regional cloud over HTTP. */
export type DirectoryKind = "local" | "remote";

const zRosterAccount = z
  .string({ message: "必填" })
  .trim()
  .min(2, "至少 2 个字符")
  .max(64, "不能超过 64 个字符")
  .regex(/^[A-Za-z0-9_.@-]+$/, "只能包含字母、数字和 _ . @ -")
  .describe("名册账号");
const zRosterName = z.string({ message: "必填" }).trim().min(1, "不能为空").max(30, "不能超过 30 个字符").describe("姓名");
const zRosterPhone = z
  .string()
  .trim()
  .max(20, "不能超过 20 个字符")
  .regex(/^[0-9+\- ]*$/, "只能包含数字、+、- 和空格")
  .describe("手机号");
const zRosterCode = z.string().trim().max(64, "不能超过 64 个字符").describe("学校编码");
const zRosterSubject = z.string().trim().max(30, "不能超过 30 个字符").describe("学科");
const zRosterPassword = z.string({ message: "必填" }).min(8, "至少 8 位").max(128, "不能超过 128 位").describe("名册密码");

export const RosterListPayload = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(64).optional().describe("账号或姓名"),
  school_code: z.string().trim().max(64).optional(),
});
export type RosterListPayload = z.infer<typeof RosterListPayload>;

export const RosterSave = z.object({
  account: zRosterAccount,
  name: zRosterName,
  phone: zRosterPhone.default(""),
  school_code: zRosterCode.default(""),
  subject: zRosterSubject.default(""),
  password: zRosterPassword,
});
export type RosterSave = z.infer<typeof RosterSave>;

export const RosterUpdate = z.object({
  id: zId("名册记录"),
  account: zRosterAccount.optional(),
  name: zRosterName.optional(),
  phone: zRosterPhone.optional(),
  school_code: zRosterCode.optional(),
  subject: zRosterSubject.optional(),
  /** Only when it changes. */
  password: zRosterPassword.optional(),
});
export type RosterUpdate = z.infer<typeof RosterUpdate>;

export const RosterIdPayload = z.object({ id: zId("名册记录") });

export interface RosterRow {
  id: number;
  /** The id sync and bind store on the account (account.es_account_id). */
  directory_id: string;
  account: string;
  name: string;
  phone: string;
  school_code: string;
  /** Our school with that code, "" when none. */
  school_title: string;
  subject: string;
  /** The platform account bound to this entry (0: none). */
  bound_account_id: number;
  bound_username: string;
  update_time: string;
}

export interface RosterListAnswer {
  list: RosterRow[];
  total: number;
  directory: DirectoryKind;
}

/** The calls of ROSTER_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const ROSTER = {
  rosterList: call<RosterListAnswer>()(ROSTER_CALLS.rosterList, RosterListPayload),
  rosterSave: call<{ id: number; directory_id: string }>()(ROSTER_CALLS.rosterSave, RosterSave),
  rosterUpdate: call<{ id: number }>()(ROSTER_CALLS.rosterUpdate, RosterUpdate),
  rosterDelete: call<{ id: number }>()(ROSTER_CALLS.rosterDelete, RosterIdPayload),
} as const;

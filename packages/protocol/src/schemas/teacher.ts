import { z } from "zod";
import { zId } from "./common.js";

/**
 * The regional education cloud (区域教育云, 恩施) account calls c035–c037.
 * The directory these calls talk to is described in docs/api/es-directory.md.
 */

/** c035 /middle/teacher/esTeacherSync */
export const EsTeacherSyncPayload = z.object({
  /** Our school that newly created teachers join; without it each row's school_code is mapped (or 0). */
  school_id: zId("学校").optional(),
  /** Directory school code: only that school's teachers are fetched. */
  school_code: z
    .string()
    .trim()
    .min(1, "学校编码不能为空")
    .max(64, "学校编码不能超过 64 个字符")
    .optional()
    .describe("区域教育云学校编码"),
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

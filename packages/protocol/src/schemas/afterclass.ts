/** After-class reflection (课后反思; community.md §3 After-class record, §7 After-class; issue #9; docs/api/afterclass.md). */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import type { DiscussMessage } from "./preparation.js";

export const AFTER_CLASS_CALLS = {
  /** c298: public list */ afterClassList: "/v2/after_class/index",
  /** c299 */ userAfterList: "/v2/after_class/userAfterList",
  /** c300: a reflection on a listened lesson (record_id) */ afterClassSave: "/v2/after_class/save",
  /** c301 */ afterClassUpdate: "/v2/after_class/update",
  /** c302 */ afterClassDelete: "/v2/after_class/delete",
  /** c303 */ afterClassDetail: "/v2/after_class/detail",
  /** c304: a reflection created directly (no record) */ afterClassCreateDirectly: "/v2/after_class/createDirectly",
  /** c305 */ afterClassUpdateDirectly: "/v2/after_class/updateDirectly",
  /** c306 */ afterFileSave: "/v2/after_class/afterFileSave",
  /** c307 */ afterFileList: "/v2/after_class/afterFileList",
  /** c308 */ afterFileDelete: "/v2/after_class/afterFileDelete",
  /** c309 */ afterClassIsDisplay: "/v2/after_class/isDisplay",
  /** c310: comment on a reflection */ afterClassComment: "/v2/after_class/afterClassComment",
  /** c311 */ delAfterClassComment: "/v2/after_class/delAfterClassComment",
  /** c312 */ afterClassDiscussStatistics: "/v2/after_class/discussStatistics",
  /** c313: delete one of the reflection's files (by the reflection's author or a manager) */ deleteAfterFile: "/v2/after_class/deleteAfterFile",
  /** c314: count a read (and answer the detail) */ afterClassRead: "/v2/after_class/read",
} as const;

/** after_class_file.type */
export const AFTER_CLASS_FILE_TYPES: Readonly<Record<number, string>> = { 1: "反思材料", 2: "课件", 3: "其他" };
export const AFTER_CLASS_NOT_FOUND = "课后反思不存在或已删除";

const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const zInt0 = (label: string) => z.coerce.number().int("必须是整数").min(0, "不能为负数").describe(label);
const zIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);
const zFlag = (label: string) => z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe(label);
const zUrl = (label: string) =>
  zText(label, 500).refine(
    (v) => v === "" || /^\/files\/\d+([?#].*)?$/.test(v) || /^https?:\/\/\S+$/i.test(v),
    "应为上传的图片或以 http:// 或 https:// 开头的地址",
  );
const zTitle = z.string({ message: "请输入反思标题" }).trim().min(1, "请输入反思标题").max(100, "反思标题不能超过 100 个字符").describe("反思标题");

/** One file (File record): the caller's own upload named by file_id or file_path "/files/<id>". */
export const AfterClassFileItem = z
  .object({
    file_id: zIdFilter("文件编号"),
    file_path: zText("文件地址", 500).optional(),
    file_name: zText("文件名称", 200).optional(),
    type: z.coerce
      .number()
      .int("必须是整数")
      .refine((v) => v in AFTER_CLASS_FILE_TYPES, "只能是 1（反思材料）、2（课件）或 3（其他）")
      .default(1)
      .describe("文件类别"),
  })
  .refine((f) => Boolean(f.file_id) || Boolean(f.file_path), "请上传文件（file_id 或 file_path）");
export type AfterClassFileItem = z.infer<typeof AfterClassFileItem>;
const zFileArr = z.array(AfterClassFileItem).max(50, "一次最多 50 个文件").describe("反思文件");

const Fields = {
  title: zTitle,
  title_supplement: zText("副标题", 200).default(""),
  after_logo_url: zUrl("封面").default(""),
  /** Rich text (sanitized on save). */
  content: z.string().max(200_000, "反思内容过长").default("").describe("反思内容"),
  equiment_id: zInt0("设备").default(0),
  period_id: zInt0("学段").default(0),
  subject_id: zInt0("学科").default(0),
  grade_name: zText("年级", 50).default(""),
  fileArr: zFileArr.optional(),
};
const Optional = {
  title: zTitle.optional(),
  title_supplement: zText("副标题", 200).optional(),
  after_logo_url: zUrl("封面").optional(),
  content: z.string().max(200_000, "反思内容过长").optional().describe("反思内容"),
  equiment_id: zInt0("设备").optional(),
  period_id: zInt0("学段").optional(),
  subject_id: zInt0("学科").optional(),
  grade_name: zText("年级", 50).optional(),
  /** Replaces the file list (rows kept when named again). */
  fileArr: zFileArr.optional(),
};

/** c300: a reflection on a listen record the caller teaches or organises; community, subject … from the record. */
export const AfterClassSavePayload = z.object({ record_id: zId("听评课id"), ...Fields });
export type AfterClassSavePayload = z.infer<typeof AfterClassSavePayload>;
/** c304: a reflection with no record, in a community the caller may post in. */
export const AfterClassCreateDirectlyPayload = z.object({ community_id: zId("社区id"), ...Fields });
export type AfterClassCreateDirectlyPayload = z.infer<typeof AfterClassCreateDirectlyPayload>;
/** c301: change any reflection (fields sent); the record and community stay. */
export const AfterClassUpdatePayload = z.object({ id: zId("课后反思id"), ...Optional });
export type AfterClassUpdatePayload = z.infer<typeof AfterClassUpdatePayload>;
/** c305: change a reflection created directly; it may move to another community the caller may post in. */
export const AfterClassUpdateDirectlyPayload = z.object({ id: zId("课后反思id"), community_id: zIdFilter("社区id"), ...Optional });
export type AfterClassUpdateDirectlyPayload = z.infer<typeof AfterClassUpdateDirectlyPayload>;
/** c302, c303, c314 */
export const AfterClassIdPayload = z.object({ id: zId("课后反思id") });
const ListFilters = {
  page: zPage,
  limit: zLimit,
  community_id: zIdFilter("社区"),
  title: zText("反思标题", 60).optional(),
  subject_id: zIdFilter("学科"),
  period_id: zIdFilter("学段"),
  record_id: zIdFilter("听评课id"),
};
/** c298: the reflections the caller may see, newest first. */
export const AfterClassIndexPayload = z.object({ ...ListFilters, account_id: zIdFilter("作者") });
export type AfterClassIndexPayload = z.infer<typeof AfterClassIndexPayload>;
/** c299: the caller's own reflections; source 1 on a listen record, 2 created directly. */
export const UserAfterListPayload = z.object({
  ...ListFilters,
  source: z
    .preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(1, "只能是 1 或 2").max(2, "只能是 1 或 2").optional())
    .describe("来源"),
});
export type UserAfterListPayload = z.infer<typeof UserAfterListPayload>;
/** c306: attach the caller's uploads. */
export const AfterFileSavePayload = z.object({ after_class_id: zId("课后反思id"), fileArr: zFileArr.min(1, "请上传文件") });
export type AfterFileSavePayload = z.infer<typeof AfterFileSavePayload>;
/** c307 */
export const AfterFileListPayload = z.object({
  after_class_id: zId("课后反思id"),
  page: zPage,
  limit: zLimit,
  type: z
    .preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.coerce.number().int("必须是整数").min(1, "只能是 1、2 或 3").max(3, "只能是 1、2 或 3").optional(),
    )
    .describe("文件类别"),
});
export type AfterFileListPayload = z.infer<typeof AfterFileListPayload>;
/** c308 (the uploader withdraws his file) and c313 (the reflection's author or a manager removes one): a file row id. */
export const AfterFileDeletePayload = z.object({ id: zId("文件编号") });
/** c309 */
export const AfterClassDisplayPayload = z.object({ id: zId("课后反思id"), is_display: zFlag("是否展示") });
/** c310: a comment on a reflection (a discuss_comment of kind after_class). */
export const AfterClassCommentPayload = z.object({
  after_class_id: zId("课后反思id"),
  pid: zInt0("上级评论").default(0),
  content: z.string().max(5000, "评论内容不能超过 5000 个字符").default("").describe("评论内容"),
  content_img: z
    .preprocess(
      (v) =>
        typeof v === "string"
          ? v.trim() === ""
            ? []
            : v
                .split(",")
                .map((s) => s.trim())
                .filter(Boolean)
          : v === null || v === undefined
            ? []
            : v,
      z.array(z.string().max(500, "图片地址过长")).max(9, "最多 9 张图片"),
    )
    .describe("评论图片"),
  reply_person: zInt0("回复对象").default(0),
});
export type AfterClassCommentPayload = z.infer<typeof AfterClassCommentPayload>;
/** c311: the author deletes his comment. */
export const DelAfterClassCommentPayload = z.object({ id: zId("评论编号") });
/** c312: comment statistics of a community's reflections (or the caller's own when no community). */
export const AfterClassDiscussStatisticsPayload = z.object({
  community_id: zIdFilter("社区"),
  days: z.coerce.number().int("必须是整数").min(1, "至少 1 天").max(366, "最多 366 天").default(30).describe("天数"),
});
export type AfterClassDiscussStatisticsPayload = z.infer<typeof AfterClassDiscussStatisticsPayload>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/** A reflection in a list (community.md §3 After-class record fields, with names and counts). */
export interface AfterClassRow {
  id: number;
  title: string;
  title_supplement: string;
  after_logo_url: string;
  community_id: number;
  equiment_id: number;
  record_id: number;
  period_id: number;
  subject_id: number;
  grade_name: string;
  community_name: string;
  subject_name: string;
  period_name: string;
  /** The listen record's name (record_id ≠ 0). */
  record_name: string;
  account: { id: number; realname: string; head_portrait_url: string };
  is_display: number;
  view_count: number;
  comment_count: number;
  file_count: number;
  created_at: string;
  updated_at: string;
  /** The author. */
  can_edit: boolean;
  /** The author or a manager. */
  can_delete: boolean;
  can_manage: boolean;
}
export interface AfterClassPage {
  list: AfterClassRow[];
  total: number;
  page: number;
  limit: number;
}
/** A file of a reflection: file_path is a signed address its readers can open. */
export interface AfterClassFileRow {
  id: number;
  after_class_id: number;
  file_id: number;
  file_path: string;
  file_name: string;
  file_type: string;
  type: number;
  type_name: string;
  size: number;
  account_id: number;
  account_name: string;
  /** The uploader (c308) or the reflection's author / a manager (c313). */
  can_delete: boolean;
  created_at: string;
}
export interface AfterClassFilePage {
  list: AfterClassFileRow[];
  total: number;
  page: number;
  limit: number;
}
/** c303 / c314 / c300 …: a reflection with its content (sanitized rich text), files and the caller's power. */
export interface AfterClassDetail extends AfterClassRow {
  content: string;
  fileArr: AfterClassFileRow[];
  /** The caller may comment (1 read-write) or only read (2). */
  discuss_status: number;
}
/** c312 */
export interface AfterClassDiscussStatistics {
  community_id: number;
  /** Comments (not deleted) on the reflections counted, and the reflections. */
  total_comments: number;
  total_reflections: number;
  /** Per reflection, most commented first (at most 50). */
  reflections: { id: number; title: string; comment_count: number }[];
  /** The last `days` days, oldest first (Asia/Shanghai dates), comments written each day. */
  days: { date: string; count: number }[];
}

/** The calls of AFTER_CLASS_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const AFTER_CLASS = {
  afterClassList: call<AfterClassPage>()(AFTER_CLASS_CALLS.afterClassList, AfterClassIndexPayload),
  userAfterList: call<AfterClassPage>()(AFTER_CLASS_CALLS.userAfterList, UserAfterListPayload),
  afterClassSave: call<AfterClassDetail>()(AFTER_CLASS_CALLS.afterClassSave, AfterClassSavePayload),
  afterClassUpdate: call<AfterClassDetail>()(AFTER_CLASS_CALLS.afterClassUpdate, AfterClassUpdatePayload),
  afterClassDelete: call<{ id: number }>()(AFTER_CLASS_CALLS.afterClassDelete, AfterClassIdPayload),
  afterClassDetail: call<AfterClassDetail>()(AFTER_CLASS_CALLS.afterClassDetail, AfterClassIdPayload),
  afterClassCreateDirectly: call<AfterClassDetail>()(AFTER_CLASS_CALLS.afterClassCreateDirectly, AfterClassCreateDirectlyPayload),
  afterClassUpdateDirectly: call<AfterClassDetail>()(AFTER_CLASS_CALLS.afterClassUpdateDirectly, AfterClassUpdateDirectlyPayload),
  afterFileSave: call<AfterClassFileRow[]>()(AFTER_CLASS_CALLS.afterFileSave, AfterFileSavePayload),
  afterFileList: call<AfterClassFilePage>()(AFTER_CLASS_CALLS.afterFileList, AfterFileListPayload),
  afterFileDelete: call<{ id: number }>()(AFTER_CLASS_CALLS.afterFileDelete, AfterFileDeletePayload),
  afterClassIsDisplay: call<AfterClassDetail>()(AFTER_CLASS_CALLS.afterClassIsDisplay, AfterClassDisplayPayload),
  afterClassComment: call<DiscussMessage>()(AFTER_CLASS_CALLS.afterClassComment, AfterClassCommentPayload),
  delAfterClassComment: call<{ id: number }>()(AFTER_CLASS_CALLS.delAfterClassComment, DelAfterClassCommentPayload),
  afterClassDiscussStatistics: call<AfterClassDiscussStatistics>()(AFTER_CLASS_CALLS.afterClassDiscussStatistics, AfterClassDiscussStatisticsPayload),
  deleteAfterFile: call<{ id: number }>()(AFTER_CLASS_CALLS.deleteAfterFile, AfterFileDeletePayload),
  afterClassRead: call<AfterClassDetail>()(AFTER_CLASS_CALLS.afterClassRead, AfterClassIdPayload),
} as const;

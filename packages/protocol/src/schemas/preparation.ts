/**
 * Collective lesson preparation (集体备课; community.md §3 Preparation, §4, §7 Preparation; issue #8;
 * docs/api/preparation.md). The lesson-plan calls (upWpsFile … wpsFileVersion) are in lessonplan.ts, the AI
 * diagnosis in diagnosis.ts, the textbook catalogue in textbook.ts.
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";

export const PREPARATION_CALLS = {
  /** c233: public list (anonymous visitors see open, displayed, approved ones) */ preparationIndex: "/v2/preparation/index",
  /** c234: the caller's own and joined preparations */ userPreparationList: "/v2/preparation/userPreparationList",
  /** c235: create (the full form) */ preparationSave: "/v2/preparation/preparationSave",
  /** c236 */ preparationUpdate: "/v2/preparation/preparationUpdate",
  /** c237 */ preparationSaveLite: "/v2/preparation/save",
  /** c238 */ preparationUpdateLite: "/v2/preparation/update",
  /** c239 */ preparationDelete: "/v2/preparation/delete",
  /** c240 */ preparationDetail: "/v2/preparation/detail",
  /** c245: like toggle */ preparationLikeNums: "/v2/preparation/likeNums",
  /** c247 */ preparationStatistics: "/v2/preparation/preparationStatistics",
  /** c248: the caller's identity and communities (the create form's choices) */ preparationIdentityAndCommunityList:
    "/v2/preparation/identityAndCommunityList",
  /** c249 */ preparationRecommendSource: "/v2/preparation/recommendSource",
  /** c250 */ preparationDiscuss: "/v2/preparation/preparationDiscuss",
  /** c251 */ preparationDiscussList: "/v2/preparation/preparationDiscussList",
  /** c254 */ preparationVerify: "/v2/preparation/preparationVerify",
  /** c255 */ preparationIsDisplay: "/v2/preparation/isDisplay",
  /** c256 */ preparationIsRecommend: "/v2/preparation/isRecommend",
  /** c257 */ preparationFileSave: "/v2/preparation/fileSave",
  /** c258 */ preparationFileList: "/v2/preparation/fileList",
  /** c259 */ preparationFileDelete: "/v2/preparation/fileDelete",
  /** c260: a short list for pickers (meeting, listen record) */ selPreparation: "/v2/preparation/selPreparation",
  /** c263: delete a discussion message */ delPreparationMsg: "/v2/preparation/delPreparationMsg",
} as const;

// ---------------------------------------------------------------------------------------------------------
// Enumerations (docs/api/preparation.md, docs/decisions/0800–0804)

/** type */
export const PREPARATION_TYPES: Readonly<Record<number, string>> = { 1: "集体备课", 2: "个人备课" };
/** open_model: who may read it besides its members and managers. */
export const PREPARATION_OPEN_MODELS: Readonly<Record<number, string>> = { 1: "公开", 2: "社区内", 3: "仅参与人" };
/** verify_status (docs/decisions/0801). */
export const PREPARATION_VERIFY_STATUS: Readonly<Record<number, string>> = { 0: "待审核", 1: "已通过", 2: "未通过" };
/** preparation_member.role */
export const PREPARATION_MEMBER_ROLES: Readonly<Record<number, string>> = { 1: "主备人", 2: "参与人" };
/** preparation_file.type (File record type). */
export const PREPARATION_FILE_TYPES: Readonly<Record<number, string>> = { 1: "备课资料", 2: "课件", 3: "教学设计", 4: "其他" };
/** Where a preparation stands, from its time window (not stored). */
export const PREPARATION_PHASES: Readonly<Record<string, string>> = { upcoming: "未开始", running: "进行中", ended: "已结束" };
export type PreparationPhase = "upcoming" | "running" | "ended";

/** The discussion's refusals (community.md §5), said exactly so. */
export const DISCUSS_MESSAGES = {
  empty: "请先输入内容",
  notJoined: "请先加入空间后评论！",
  imageTooLarge: "上传文件大小限制：100MB",
  imageFormat: "评论图片只能是 png、jpg 或 jpeg 格式",
  notAuthor: "只有研讨的作者可以删除该条研讨",
  gone: "该条研讨不存在或已删除",
  deleted: "该条研讨已删除",
  confirmDelete: "是否确认删除该条研讨?",
} as const;
/** Comment images: png, jpg or jpeg, ≤ 100 MB each (community.md §5), at most this many per message. */
export const DISCUSS_IMAGE_MAX_COUNT = 9;
export const DISCUSS_IMAGE_EXTS = ["png", "jpg", "jpeg"] as const;

// ---------------------------------------------------------------------------------------------------------
// Payloads

const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const zInt0 = (label: string) => z.coerce.number().int("必须是整数").min(0, "不能为负数").describe(label);
const zIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);
const zEnumInt = (label: string, values: Readonly<Record<number, string>>) => {
  const keys = Object.keys(values).map(Number);
  const text = keys.map((k) => `${k}（${values[k]}）`).join("、");
  return z.coerce
    .number()
    .int("必须是整数")
    .refine((v) => keys.includes(v), `只能是 ${text}`)
    .describe(label);
};
const zEnumFilter = (label: string, values: Readonly<Record<number, string>>) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), zEnumInt(label, values).optional()).describe(label);
const zFlag = (label: string) => z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe(label);
const zWhen = (label: string) =>
  z
    .string({ message: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .regex(DATETIME, "格式应为 YYYY-MM-DD HH:mm:ss")
    .describe(label);
/** Ids as a list or "1,2,3". */
const zIdList = (label: string, max: number) =>
  z
    .preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? [] : v.split(/[,，\s]+/).filter(Boolean)) : v === null || v === undefined ? [] : v),
      z.array(z.coerce.number().int("必须是整数").positive("必须大于 0")).max(max, `最多 ${max} 个`),
    )
    .describe(label);
/** An image address: an upload ("/files/<id>") or an http(s) address; "" = none. */
const zUrl = (label: string) =>
  zText(label, 500).refine(
    (v) => v === "" || /^\/files\/\d+([?#].*)?$/.test(v) || /^https?:\/\/\S+$/i.test(v),
    "应为上传的图片或以 http:// 或 https:// 开头的地址",
  );

/**
 * One file of fileArr (community.md §3 File record): the caller's own upload named by file_id, or by file_path
 * "/files/<id>" (as /file/upload answers it). file_name defaults to the uploaded name, file_type and size come from
 * the stored file.
 */
export const PreparationFileItem = z
  .object({
    file_id: zIdFilter("文件编号"),
    file_path: zText("文件地址", 500).optional(),
    file_name: zText("文件名称", 200).optional(),
    file_type: zText("文件类型", 20).optional(),
    type: zEnumInt("文件类别", PREPARATION_FILE_TYPES).default(1),
    size: zInt0("文件大小").optional(),
  })
  .refine((f) => Boolean(f.file_id) || Boolean(f.file_path), "请上传文件（file_id 或 file_path）")
  .describe("文件");
export type PreparationFileItem = z.infer<typeof PreparationFileItem>;
const zFileArr = z.array(PreparationFileItem).max(50, "一次最多 50 个文件").describe("备课文件");

/**
 * The textbook binding (the 备课 step of /addBKDetail): edition (editon_id, the spec's spelling), book (bookId),
 * catalogue node (book_catalog_id, catalogCode, catalogCodeIds), grade and period of the book. njy_structure is built
 * from the book and catalogue when not given.
 */
const BindingFields = {
  editon_id: zInt0("教材版本").optional(),
  bookId: zInt0("教材册次").optional(),
  book_catalog_id: zInt0("教材目录").optional(),
  catalogCode: zText("目录编码", 100).optional(),
  catalogCodeIds: zIdList("目录节点", 50).optional(),
  gradeId: zInt0("年级").optional(),
  periodId: zInt0("学段").optional(),
  njy_structure: zText("教材结构", 500).optional(),
};

const PreparationFields = {
  theme: z.string({ message: "请输入备课主题" }).trim().min(1, "请输入备课主题").max(100, "备课主题不能超过 100 个字符").describe("备课主题"),
  type: zEnumInt("备课类型", PREPARATION_TYPES).default(1),
  open_model: zEnumInt("公开范围", PREPARATION_OPEN_MODELS).default(2),
  cover_url: zUrl("封面").default(""),
  logo_url: zUrl("图标").default(""),
  /** 0 = a preparation of the creator's school, in no community. */
  community_id: zInt0("社区").default(0),
  /** Participants besides the creator (who is always 主备人). */
  accountIds: zIdList("参与人", 200).default([]),
  start_time: zWhen("开始时间"),
  end_time: zWhen("结束时间"),
  period_id: zInt0("学段").default(0),
  subject_id: zInt0("学科").default(0),
  grade_name: zText("年级", 50).default(""),
  introduction: zText("备课说明", 5000).default(""),
};

/** c235: create a preparation (the full form), optionally bound to the textbook with files. */
export const PreparationSave = z.object({ ...PreparationFields, ...BindingFields, fileArr: zFileArr.optional() });
export type PreparationSave = z.infer<typeof PreparationSave>;

/** c236: change a preparation: only the fields sent change (accountIds replaces the participants). */
export const PreparationUpdate = z.object({
  id: zId("集体备课id"),
  theme: PreparationFields.theme.optional(),
  type: PreparationFields.type.unwrap().optional(),
  open_model: PreparationFields.open_model.unwrap().optional(),
  cover_url: zUrl("封面").optional(),
  logo_url: zUrl("图标").optional(),
  community_id: zInt0("社区").optional(),
  accountIds: zIdList("参与人", 200).optional(),
  start_time: zWhen("开始时间").optional(),
  end_time: zWhen("结束时间").optional(),
  period_id: zInt0("学段").optional(),
  subject_id: zInt0("学科").optional(),
  grade_name: zText("年级", 50).optional(),
  introduction: zText("备课说明", 5000).optional(),
  ...BindingFields,
  /** Replaces the preparation's file list (files kept when named again). */
  fileArr: zFileArr.optional(),
});
export type PreparationUpdate = z.infer<typeof PreparationUpdate>;

/** c237 save: the 备课 step — bind the textbook and add files (fileArr is appended). */
export const PreparationBindSave = z.object({ id: zId("集体备课id"), ...BindingFields, fileArr: zFileArr.optional() });
export type PreparationBindSave = z.infer<typeof PreparationBindSave>;
/** c238 update: change the binding (fields sent) and, when fileArr is sent, replace the file list with it. */
export const PreparationBindUpdate = PreparationBindSave;
export type PreparationBindUpdate = PreparationBindSave;

export const PreparationIdPayload = z.object({ id: zId("集体备课id") });

const zPhase = z
  .preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(["upcoming", "running", "ended"], { message: "只能是 upcoming、running 或 ended" }).optional(),
  )
  .describe("阶段");
const ListFilters = {
  page: zPage,
  limit: zLimit,
  community_id: zIdFilter("社区"),
  theme: zText("备课主题", 60).optional(),
  subject_id: zIdFilter("学科"),
  period_id: zIdFilter("学段"),
  grade_name: zText("年级", 50).optional(),
  book_id: zIdFilter("教材册次"),
  type: zEnumFilter("备课类型", PREPARATION_TYPES),
  phase: zPhase,
};
/**
 * c233: the preparations the caller may see (anonymous visitors: open ones with open_model 1), newest start first.
 * verify_status filters only for managers (others see approved ones, and their own).
 */
export const PreparationIndexPayload = z.object({
  ...ListFilters,
  verify_status: zEnumFilter("审核状态", PREPARATION_VERIFY_STATUS),
  is_recommend: zEnumFilter("推荐", { 0: "未推荐", 1: "已推荐" }),
});
export type PreparationIndexPayload = z.infer<typeof PreparationIndexPayload>;
/** c234: the caller's preparations: role 1 created, 2 joined as a participant, absent both. */
export const UserPreparationListPayload = z.object({
  ...ListFilters,
  role: zEnumFilter("角色", PREPARATION_MEMBER_ROLES),
  verify_status: zEnumFilter("审核状态", PREPARATION_VERIFY_STATUS),
});
export type UserPreparationListPayload = z.infer<typeof UserPreparationListPayload>;
/** c249: recommended (is_recommend 1), open preparations the caller may see. */
export const PreparationRecommendPayload = z.object({
  page: zPage,
  limit: zLimit,
  community_id: zIdFilter("社区"),
  subject_id: zIdFilter("学科"),
  period_id: zIdFilter("学段"),
});
export type PreparationRecommendPayload = z.infer<typeof PreparationRecommendPayload>;
/** c260: a short list for pickers: preparations the caller may link (he is a member, or manages them). */
export const SelPreparationPayload = z.object({
  community_id: zIdFilter("社区"),
  keyword: zText("备课主题", 60).optional(),
  limit: z.coerce.number().int("必须是整数").min(1, "至少 1 条").max(200, "最多 200 条").default(50).describe("条数"),
});
export type SelPreparationPayload = z.infer<typeof SelPreparationPayload>;
/** c248: no fields (community_id narrows the communities answered). */
export const PreparationIdentityPayload = z.object({ community_id: zIdFilter("社区") });

/** c254: managers approve (1) or reject (2, with a reason). */
export const PreparationVerifyPayload = z.object({
  id: zId("集体备课id"),
  verify_status: z.coerce.number().int("必须是整数").min(1, "只能是 1（通过）或 2（不通过）").max(2, "只能是 1（通过）或 2（不通过）").describe("审核结果"),
  reason: zText("原因", 500).default(""),
});
export type PreparationVerifyPayload = z.infer<typeof PreparationVerifyPayload>;
/** c255 */
export const PreparationDisplayPayload = z.object({ id: zId("集体备课id"), is_display: zFlag("是否展示") });
/** c256 */
export const PreparationRecommendTogglePayload = z.object({ id: zId("集体备课id"), is_recommend: zFlag("是否推荐") });
/** c245: toggles the caller's like. */
export const PreparationLikePayload = z.object({ id: zId("集体备课id") });
/** c247: one community (community_id), else the caller's scope (administrators: their school or region; teachers: their own). */
export const PreparationStatisticsPayload = z.object({ community_id: zIdFilter("社区") });

/**
 * c250: a discussion message on a preparation (community.md §3 Discussion message; §5 rules). content_img: images the
 * caller uploaded (/file/upload module comment: png, jpg, jpeg ≤ 100 MB) as "/files/<id>" (a list or "a,b").
 */
export const PreparationDiscussPayload = z.object({
  preparation_id: zId("集体备课id"),
  pid: zInt0("上级研讨").default(0),
  content: z.string().max(5000, "研讨内容不能超过 5000 个字符").default("").describe("研讨内容"),
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
      z.array(z.string().max(500, "图片地址过长")).max(DISCUSS_IMAGE_MAX_COUNT, `最多 ${DISCUSS_IMAGE_MAX_COUNT} 张图片`),
    )
    .describe("研讨图片"),
  reply_person: zInt0("回复对象").default(0),
  /** The listen target tag (listen_target.id; TPK). */
  target_id: zInt0("听课维度").default(0),
  /** The lesson plan discussed (lesson_doc id as text). */
  wps_file_key: zText("教案", 100).default(""),
});
export type PreparationDiscussPayload = z.infer<typeof PreparationDiscussPayload>;
/** c251: top-level messages newest first, paged, each with its replies (children). */
export const PreparationDiscussListPayload = z.object({
  preparation_id: zId("集体备课id"),
  page: zPage,
  limit: zLimit,
  target_id: zIdFilter("听课维度"),
  wps_file_key: zText("教案", 100).optional(),
});
export type PreparationDiscussListPayload = z.infer<typeof PreparationDiscussListPayload>;
/** c263: the author deletes his message (its replies stay). */
export const DelPreparationMsgPayload = z.object({ id: zId("研讨编号") });

/** c257: attach files (the caller's own uploads) to a preparation. */
export const PreparationFileSavePayload = z.object({ preparation_id: zId("集体备课id"), fileArr: zFileArr.min(1, "请上传文件") });
export type PreparationFileSavePayload = z.infer<typeof PreparationFileSavePayload>;
/** c258 */
export const PreparationFileListPayload = z.object({
  preparation_id: zId("集体备课id"),
  page: zPage,
  limit: zLimit,
  type: zEnumFilter("文件类别", PREPARATION_FILE_TYPES),
});
export type PreparationFileListPayload = z.infer<typeof PreparationFileListPayload>;
/** c259: the preparation file row id. */
export const PreparationFileDeletePayload = z.object({ id: zId("文件编号") });

// ---------------------------------------------------------------------------------------------------------
// Answers

export interface PreparationMemberRow {
  account_id: number;
  realname: string;
  /** 1 主备人, 2 参与人. */
  role: number;
  role_name: string;
}

/** A file of a preparation (File record): file_path is a signed address its readers can open. */
export interface PreparationFileRow {
  id: number;
  preparation_id: number;
  file_id: number;
  file_path: string;
  file_name: string;
  file_type: string;
  /** PREPARATION_FILE_TYPES */
  type: number;
  type_name: string;
  size: number;
  account_id: number;
  account_name: string;
  /** The uploader or a manager of the preparation. */
  can_delete: boolean;
  created_at: string;
}

/** A preparation in a list (community.md §3 Preparation fields, with names and counts). */
export interface PreparationRow {
  id: number;
  theme: string;
  type: number;
  type_name: string;
  open_model: number;
  open_model_name: string;
  cover_url: string;
  logo_url: string;
  community_id: number;
  community_name: string;
  /** The creator (主备人). */
  account_id: number;
  account_name: string;
  school_id: number;
  school_name: string;
  start_time: string;
  end_time: string;
  /** PREPARATION_PHASES key. */
  phase: PreparationPhase;
  phase_name: string;
  period_id: number;
  period_name: string;
  subject_id: number;
  subject_name: string;
  grade_name: string;
  editon_id: number;
  bookId: number;
  book_name: string;
  book_catalog_id: number;
  catalogCode: string;
  njy_structure: string;
  introduction: string;
  is_display: number;
  is_recommend: number;
  verify_status: number;
  verify_status_name: string;
  status: number;
  like_count: number;
  view_count: number;
  member_count: number;
  /** Lesson plans (lesson_doc, not deleted). */
  plan_count: number;
  /** Discussion messages (not deleted). */
  discuss_count: number;
  created_at: string;
}

/** What the caller may do with a preparation (PreparationAccess). */
export interface PreparationPowerAnswer {
  preparation_id: number;
  is_author: boolean;
  is_member: boolean;
  is_manager: boolean;
  can_view: boolean;
  can_edit: boolean;
  can_discuss: boolean;
  can_manage: boolean;
  can_verify: boolean;
  can_recommend: boolean;
}

/** c240 (and the answer of c235–c238, c254–c256): every §3 field with names, members, files, counts and the caller's power. */
export interface PreparationDetail extends PreparationRow {
  /** Participants' ids, the creator included. */
  accountIds: number[];
  members: PreparationMemberRow[];
  catalogCodeIds: number[];
  gradeId: number;
  periodId: number;
  fileArr: PreparationFileRow[];
  verify_reason: string;
  verified_at: string;
  liked: boolean;
  collected: boolean;
  power: PreparationPowerAnswer;
  updated_at: string;
}

/** c245 */
export interface PreparationLikeAnswer {
  id: number;
  liked: boolean;
  like_count: number;
}

/** c260 */
export interface SelPreparationRow {
  id: number;
  theme: string;
  community_id: number;
}

/** c248: the caller's identity and where he may create a preparation, with the participants he may pick. */
export interface PreparationIdentityAnswer {
  account_id: number;
  realname: string;
  identity: number;
  identity_name: string;
  school_id: number;
  school_name: string;
  /** Communities where he can post, each with its joined members. */
  communities: {
    id: number;
    name: string;
    level: number;
    level_name: string;
    /** Preparations created there by him wait for verification (docs/decisions/0801). */
    needs_verify: boolean;
    members: PreparationMemberPick[];
  }[];
  /** For a preparation in no community (community_id 0): the accounts of his school. */
  school_members: PreparationMemberPick[];
}
export interface PreparationMemberPick {
  account_id: number;
  realname: string;
}

/** c247 */
export interface PreparationStatistics {
  /** "community" | "platform" | "region" | "school" | "self" */
  scope: string;
  scope_name: string;
  totals: {
    count: number;
    upcoming: number;
    running: number;
    ended: number;
    /** Distinct participants (creators included). */
    participants: number;
    plans: number;
    versions: number;
    messages: number;
    files: number;
    likes: number;
  };
  /** The last 12 months, oldest first: preparations starting in each month (Asia/Shanghai). */
  months: { month: string; count: number }[];
  subjects: { subject_id: number; subject_name: string; count: number }[];
  verify: { verify_status: number; name: string; count: number }[];
}

/**
 * A discussion message (community.md §3 Discussion message). reputation: the author's 职称 (account.reputation;
 * docs/decisions/0803). A deleted message keeps its place (deleted true, content "该条研讨已删除") while it has
 * replies.
 */
export interface DiscussMessage {
  id: number;
  pid: number;
  content: string;
  content_img: string[];
  reply_person: number;
  reply_person_name: string;
  created_at: string;
  target_id: number;
  wps_file_key: string;
  account: { id: number; realname: string; head_portrait_url: string };
  account_id: number;
  identity: number;
  identity_name: string;
  reputation: string;
  like_count: number;
  /** The caller likes it (c320 toggles). */
  is_like: boolean;
  /** Seconds into the lesson video where it was written (null = none; issue #9's review timeline). */
  video_time: number | null;
  /** 1 the thread is unfolded, 0 folded (c316). */
  expand_status: number;
  deleted: boolean;
  /** Only the author (community.md §6). */
  can_delete: boolean;
  children: DiscussMessage[];
}

/** c251: a page of top-level messages (each with its replies), with the total of messages not deleted. */
export interface DiscussPage {
  list: DiscussMessage[];
  total: number;
  page: number;
  limit: number;
  count: number;
  /** The caller may write (can_discuss): the panel is read-write (status 1) or read-only (status 2). */
  status: number;
}

/** The calls of PREPARATION_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const PREPARATION = {
  preparationIndex: call<Page<PreparationRow>>()(PREPARATION_CALLS.preparationIndex, PreparationIndexPayload),
  userPreparationList: call<Page<PreparationRow>>()(PREPARATION_CALLS.userPreparationList, UserPreparationListPayload),
  preparationSave: call<PreparationDetail>()(PREPARATION_CALLS.preparationSave, PreparationSave),
  preparationUpdate: call<PreparationDetail>()(PREPARATION_CALLS.preparationUpdate, PreparationUpdate),
  preparationSaveLite: call<PreparationDetail>()(PREPARATION_CALLS.preparationSaveLite, PreparationBindSave),
  preparationUpdateLite: call<PreparationDetail>()(PREPARATION_CALLS.preparationUpdateLite, PreparationBindUpdate),
  preparationDelete: call<{ id: number }>()(PREPARATION_CALLS.preparationDelete, PreparationIdPayload),
  preparationDetail: call<PreparationDetail>()(PREPARATION_CALLS.preparationDetail, PreparationIdPayload),
  preparationLikeNums: call<PreparationLikeAnswer>()(PREPARATION_CALLS.preparationLikeNums, PreparationLikePayload),
  preparationStatistics: call<PreparationStatistics>()(PREPARATION_CALLS.preparationStatistics, PreparationStatisticsPayload),
  preparationIdentityAndCommunityList: call<PreparationIdentityAnswer>()(PREPARATION_CALLS.preparationIdentityAndCommunityList, PreparationIdentityPayload),
  preparationRecommendSource: call<Page<PreparationRow>>()(PREPARATION_CALLS.preparationRecommendSource, PreparationRecommendPayload),
  preparationDiscuss: call<DiscussMessage>()(PREPARATION_CALLS.preparationDiscuss, PreparationDiscussPayload),
  preparationDiscussList: call<DiscussPage>()(PREPARATION_CALLS.preparationDiscussList, PreparationDiscussListPayload),
  preparationVerify: call<PreparationDetail>()(PREPARATION_CALLS.preparationVerify, PreparationVerifyPayload),
  preparationIsDisplay: call<PreparationDetail>()(PREPARATION_CALLS.preparationIsDisplay, PreparationDisplayPayload),
  preparationIsRecommend: call<PreparationDetail>()(PREPARATION_CALLS.preparationIsRecommend, PreparationRecommendTogglePayload),
  preparationFileSave: call<PreparationFileRow[]>()(PREPARATION_CALLS.preparationFileSave, PreparationFileSavePayload),
  preparationFileList: call<Page<PreparationFileRow>>()(PREPARATION_CALLS.preparationFileList, PreparationFileListPayload),
  preparationFileDelete: call<{ id: number }>()(PREPARATION_CALLS.preparationFileDelete, PreparationFileDeletePayload),
  selPreparation: call<SelPreparationRow[]>()(PREPARATION_CALLS.selPreparation, SelPreparationPayload),
  delPreparationMsg: call<{ id: number }>()(PREPARATION_CALLS.delPreparationMsg, DelPreparationMsgPayload),
} as const;

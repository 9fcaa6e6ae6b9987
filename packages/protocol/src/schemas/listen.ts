/**
 * Listening and evaluation (听评课; community.md §3 Listen-evaluate record, §4, §7 Listen-evaluate; issue #9;
 * docs/api/listen.md). Indicators and listen targets are in indicator.ts, discussion in discuss.ts.
 * c291 aiListenCommentInfo is #10's.
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";
import type { DiscussMessage, DiscussPage } from "./preparation.js";

export const LISTEN_CALLS = {
  /** c264: public list */ listenList: "/v2/listen_evaluate/list",
  /** c265 */ listenRead: "/v2/listen_evaluate/read",
  /** c266: create a record */ listenSave: "/v2/listen_evaluate/save",
  /** c267 */ listenUpdate: "/v2/listen_evaluate/update",
  /** c268: an evaluator saves (or submits) his evaluation: scores per indicator item and a comment */ listenRecordSave: "/v2/listen_evaluate/recordSave",
  /** c269 */ listenRecordUpdate: "/v2/listen_evaluate/recordUpdate",
  /** c270 */ listenDelete: "/v2/listen_evaluate/delete",
  /** c271: the caller's records (organised, teaching or evaluating) */ listenUserRecordList: "/v2/listen_evaluate/userRecordList",
  /** c272: attach an evaluation file */ listenEvaluateFile: "/v2/listen_evaluate/evaluateFile",
  /** c273 */ listenEvaluateFileList: "/v2/listen_evaluate/evaluateFileList",
  /** c274: the listen targets offered for a record's TPK tags */ listenTargetOptions: "/v2/listen_evaluate/listenTarget",
  /** c275 */ listenRecommendSource: "/v2/listen_evaluate/recommendSource",
  /** c276 */ listenDeleteEvaluateFile: "/v2/listen_evaluate/deleteEvaluateFile",
  /** c277 */ listenAddEvaluateVoice: "/v2/listen_evaluate/addEvaluateVoice",
  /** c278 (capital E as in the source) */ listenEvaluateVoiceList: "/v2/listen_evaluate/EvaluateVoiceList",
  /** c279 */ listenDeleteEvaluateVoice: "/v2/listen_evaluate/deleteEvaluateVoice",
  /** c280: post a discussion message on a record (time-stamped when watching) */ listenClassroomDiscussion: "/v2/listen_evaluate/classroomDiscussion",
  /** c281 */ listenEvaluateStatistics: "/v2/listen_evaluate/listenEvaluateStatistics",
  /** c282 */ listenIsDisplay: "/v2/listen_evaluate/isDisplay",
  /** c283 */ listenIsRecommend: "/v2/listen_evaluate/isRecommend",
  /** c284 */ listenRecordVerify: "/v2/listen_evaluate/recordVerify",
  /** c285: delete one of the record's own files */ listenDeleteRecordFile: "/v2/listen_evaluate/deleteRecordFile",
  /** c286: a community's listening summary for the public site */ listenWebCommunityInfo: "/v2/listen_evaluate_index/webCommunityInfo",
  /** c287: a community's records for the public site */ listenWebListenList: "/v2/listen_evaluate_index/webListenList",
  /** c288: a record's discussion */ listenClassroomDiscussionList: "/v2/listen_evaluate_index/classroomDiscussionList",
  /** c289: the aggregate score of the teacher of a record, with the spread between evaluators */ listenCourseTeacherScore:
    "/v2/listen_evaluate_index/courseTeacherScore",
  /** c290: recent activity of a record (evaluations, messages, files) */ listenDynamic: "/v2/listen_evaluate_index/dynamic",
  /** c292: the evaluation scores of a record, per evaluator and per indicator */ listenGetEvaluationScore: "/v2/listen_evaluate_index/getEvaluationScore",
  /** c293: delete a discussion message of a record */ listenDelEvaluateMsg: "/v2/listen_evaluate_index/delEvaluateMsg",
} as const;

/** The caller's power over a record (ListenDetail.power; docs/decisions/0900-listen-access.md). */
export interface ListenPowerAnswer {
  record_id: number;
  is_organiser: boolean;
  is_teacher: boolean;
  /** The organiser, the teacher or a participant. */
  is_member: boolean;
  /** Manages its community (or its school / region when in no community). */
  is_manager: boolean;
  can_view: boolean;
  /** Evaluators (role 3) and the organiser, never the teacher, while the record is in use. */
  can_evaluate: boolean;
  can_discuss: boolean;
  can_manage: boolean;
  can_verify: boolean;
  can_recommend: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Enumerations (docs/api/listen.md, docs/decisions/0900–0905)

/** is_type */
export const LISTEN_TYPES: Readonly<Record<number, string>> = { 1: "远程听评课", 2: "精准听评课", 3: "现场听评课" };
/** evaluation_type */
export const LISTEN_EVALUATION_TYPES: Readonly<Record<number, string>> = { 1: "指标评分", 2: "自由评议", 3: "问卷评价" };
/** open_model: who may read it besides its members and managers. */
export const LISTEN_OPEN_MODELS: Readonly<Record<number, string>> = { 1: "公开", 2: "社区内", 3: "仅参与人" };
/** verify_status (as preparations, docs/decisions/0801). */
export const LISTEN_VERIFY_STATUS: Readonly<Record<number, string>> = { 0: "待审核", 1: "已通过", 2: "未通过" };
/** listen_member.role */
export const LISTEN_MEMBER_ROLES: Readonly<Record<number, string>> = { 1: "组织者", 2: "授课教师", 3: "评课人" };
/** listen_evaluation.status */
export const LISTEN_EVALUATION_STATUS: Readonly<Record<number, string>> = { 0: "草稿", 1: "已提交" };
/** listen_file.type */
export const LISTEN_FILE_TYPES: Readonly<Record<number, string>> = { 1: "评课材料", 2: "课堂资料" };
/** Where a record stands, from its time window (not stored). */
export const LISTEN_PHASES: Readonly<Record<string, string>> = { upcoming: "未开始", running: "进行中", ended: "已结束" };
export type ListenPhase = "upcoming" | "running" | "ended";

// ---------------------------------------------------------------------------------------------------------
// Payloads

const L_DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const lText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const lInt0 = (label: string) => z.coerce.number().int("必须是整数").min(0, "不能为负数").describe(label);
const lIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);
const lEnum = (label: string, values: Readonly<Record<number, string>>) => {
  const keys = Object.keys(values).map(Number);
  const text = keys.map((k) => `${k}（${values[k]}）`).join("、");
  return z.coerce
    .number()
    .int("必须是整数")
    .refine((v) => keys.includes(v), `只能是 ${text}`)
    .describe(label);
};
const lEnumFilter = (label: string, values: Readonly<Record<number, string>>) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), lEnum(label, values).optional()).describe(label);
const lFlag = (label: string) => z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe(label);
const lWhen = (label: string) =>
  z
    .string({ message: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .regex(L_DATETIME, "格式应为 YYYY-MM-DD HH:mm:ss")
    .describe(label);
const lIds = (label: string, max: number) =>
  z
    .preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? [] : v.split(/[,，\s]+/).filter(Boolean)) : v === null || v === undefined ? [] : v),
      z.array(z.coerce.number().int("必须是整数").positive("必须大于 0")).max(max, `最多 ${max} 个`),
    )
    .describe(label);
const lUrl = (label: string) =>
  lText(label, 500).refine(
    (v) => v === "" || /^\/files\/\d+([?#].*)?$/.test(v) || /^https?:\/\/\S+$/i.test(v),
    "应为上传的图片或以 http:// 或 https:// 开头的地址",
  );
const lSeconds = (label: string) =>
  z
    .preprocess(
      (v) => (v === "" || v === undefined ? undefined : v),
      z.coerce.number().min(0, "不能为负数").max(86400, "不能超过 24 小时").nullable().optional(),
    )
    .describe(label);
const recordId = () =>
  z
    .preprocess(
      (v) => (v === undefined || v === null || v === "" ? 0 : v),
      z.coerce.number({ message: "听评课id不能为空" }).int("必须是整数").positive("听评课id不能为空"),
    )
    .describe("听评课id");

/** A file of a record (the caller's own upload, by file_id or "/files/<id>"). */
export const ListenFileItem = z
  .object({ file_id: lIdFilter("文件编号"), file_path: lText("文件地址", 500).optional(), file_name: lText("文件名称", 200).optional() })
  .refine((f) => Boolean(f.file_id) || Boolean(f.file_path), "请上传文件（file_id 或 file_path）")
  .describe("文件");
export type ListenFileItem = z.infer<typeof ListenFileItem>;
const lFiles = z.array(ListenFileItem).max(50, "一次最多 50 个文件").describe("文件");

const ListenFields = {
  name: z.string({ message: "请输入听评课名称" }).trim().min(1, "请输入听评课名称").max(100, "听评课名称不能超过 100 个字符").describe("听评课名称"),
  introduction: lText("说明", 5000).default(""),
  /** The preparation the lesson comes from (#8; one the caller may view), 0 = none. */
  preparation_id: lInt0("集体备课").default(0),
  preparation_alias_id: lInt0("备课别名").default(0),
  /** A lesson_doc_version of that preparation (the lesson plan shown), 0 = none. */
  wps_file_version_id: lInt0("教案版本").default(0),
  is_type: lEnum("听评课类型", LISTEN_TYPES).default(3),
  /** 精准: the video (#6) played; my_video_ids more of them (the first is my_video_id). */
  my_video_id: lInt0("视频").default(0),
  my_video_ids: lIds("视频", 20).default([]),
  logo_url: lUrl("封面").default(""),
  /** 0 = a record of the creator's school, in no community. */
  community_id: lInt0("社区").default(0),
  /** 远程: the classroom device (#6) watched live (the spec's spelling). */
  equiment_id: lInt0("教室设备").default(0),
  period_id: lInt0("学段").default(0),
  subject_id: lInt0("学科").default(0),
  grade_name: lText("年级", 50).default(""),
  start_time: lWhen("开始时间"),
  end_time: lWhen("结束时间"),
  /** "YYYY-MM-DD"; default the start day. */
  record_date: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), "格式应为 YYYY-MM-DD")
    .default("")
    .describe("上课日期"),
  evaluation_type: lEnum("评价方式", LISTEN_EVALUATION_TYPES).default(1),
  /** 指标评分: a lecture_indicator scheme (root, in use; the platform's or the caller's school's). */
  indicator_id: lInt0("评价量表").default(0),
  questionnaire_ids: lIds("问卷", 20).default([]),
  /** 评课人 (evaluators): community members, or accounts of the school when in no community. */
  participation_account_ids: lIds("评课人", 200).default([]),
  /** 授课教师; 0 = the creator. */
  teacher_account_id: lInt0("授课教师").default(0),
  open_model: lEnum("公开范围", LISTEN_OPEN_MODELS).default(2),
  /** Accepted for compatibility; the record's area comes from its community or school. */
  area_id: lInt0("区域").optional(),
  /** 课堂资料 (type 2): the caller's own uploads. */
  fileArr: lFiles.optional(),
};

/** c266 */
export const ListenSave = z.object(ListenFields);
export type ListenSave = z.infer<typeof ListenSave>;

/** c267: only the fields sent change (participation_account_ids replaces the evaluators, fileArr the record's files). */
export const ListenUpdate = z.object({
  id: recordId(),
  name: ListenFields.name.optional(),
  introduction: lText("说明", 5000).optional(),
  preparation_id: lInt0("集体备课").optional(),
  preparation_alias_id: lInt0("备课别名").optional(),
  wps_file_version_id: lInt0("教案版本").optional(),
  is_type: lEnum("听评课类型", LISTEN_TYPES).optional(),
  my_video_id: lInt0("视频").optional(),
  my_video_ids: lIds("视频", 20).optional(),
  logo_url: lUrl("封面").optional(),
  community_id: lInt0("社区").optional(),
  equiment_id: lInt0("教室设备").optional(),
  period_id: lInt0("学段").optional(),
  subject_id: lInt0("学科").optional(),
  grade_name: lText("年级", 50).optional(),
  start_time: lWhen("开始时间").optional(),
  end_time: lWhen("结束时间").optional(),
  record_date: ListenFields.record_date.unwrap().optional(),
  evaluation_type: lEnum("评价方式", LISTEN_EVALUATION_TYPES).optional(),
  indicator_id: lInt0("评价量表").optional(),
  questionnaire_ids: lIds("问卷", 20).optional(),
  participation_account_ids: lIds("评课人", 200).optional(),
  teacher_account_id: lInt0("授课教师").optional(),
  open_model: lEnum("公开范围", LISTEN_OPEN_MODELS).optional(),
  area_id: lInt0("区域").optional(),
  fileArr: lFiles.optional(),
});
export type ListenUpdate = z.infer<typeof ListenUpdate>;

/** c265, c270 */
export const ListenIdPayload = z.object({ id: recordId() });

const zListenPhase = z
  .preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(["upcoming", "running", "ended"], { message: "只能是 upcoming、running 或 ended" }).optional(),
  )
  .describe("阶段");
const ListenFilters = {
  page: zPage,
  limit: zLimit,
  community_id: lIdFilter("社区"),
  /** Name keyword. */
  name: lText("听评课名称", 60).optional(),
  is_type: lEnumFilter("听评课类型", LISTEN_TYPES),
  subject_id: lIdFilter("学科"),
  period_id: lIdFilter("学段"),
  phase: zListenPhase,
  /** 授课教师 */
  teacher_account_id: lIdFilter("授课教师"),
};
/** c264: what the caller (or an anonymous visitor) may see, newest start first. */
export const ListenListPayload = z.object({
  ...ListenFilters,
  verify_status: lEnumFilter("审核状态", LISTEN_VERIFY_STATUS),
  is_recommend: lEnumFilter("推荐", { 0: "未推荐", 1: "已推荐" }),
});
export type ListenListPayload = z.infer<typeof ListenListPayload>;
/** c271: role 1 organised, 2 teaching, 3 evaluating; absent: all three. */
export const ListenUserRecordListPayload = z.object({ ...ListenFilters, role: lEnumFilter("角色", LISTEN_MEMBER_ROLES) });
export type ListenUserRecordListPayload = z.infer<typeof ListenUserRecordListPayload>;
/** c275: recommended, open records the caller may see. */
export const ListenRecommendPayload = z.object({
  page: zPage,
  limit: zLimit,
  community_id: lIdFilter("社区"),
  subject_id: lIdFilter("学科"),
  is_type: lEnumFilter("听评课类型", LISTEN_TYPES),
});
export type ListenRecommendPayload = z.infer<typeof ListenRecommendPayload>;

/** One score: an item (level 3) of the record's scheme. */
export const ListenScoreItem = z.object({
  indicator_id: zId("评分项"),
  score: z.coerce.number({ message: "分数必须是数字" }).finite("分数必须是数字").describe("分数"),
  comment: lText("评语", 1000).default(""),
});
export type ListenScoreItem = z.infer<typeof ListenScoreItem>;
/** c268: the caller's evaluation (one per evaluator): scores, an overall comment, status 0 草稿 / 1 提交. */
export const ListenRecordSave = z.object({
  record_id: recordId(),
  scores: z.array(ListenScoreItem).max(200, "评分项过多").default([]).describe("评分"),
  comment: lText("总体评价", 5000).default(""),
  status: lEnum("状态", LISTEN_EVALUATION_STATUS).default(1),
});
export type ListenRecordSave = z.infer<typeof ListenRecordSave>;
/** c269: change the caller's evaluation of the record (scores sent replace the scores). */
export const ListenRecordUpdate = z.object({
  record_id: recordId(),
  scores: z.array(ListenScoreItem).max(200, "评分项过多").optional().describe("评分"),
  comment: lText("总体评价", 5000).optional(),
  status: lEnum("状态", LISTEN_EVALUATION_STATUS).optional(),
});
export type ListenRecordUpdate = z.infer<typeof ListenRecordUpdate>;

/** c272: evaluation files (type 1) — the caller's own uploads. */
export const ListenEvaluateFilePayload = z.object({ record_id: recordId(), fileArr: lFiles.min(1, "请上传文件") });
export type ListenEvaluateFilePayload = z.infer<typeof ListenEvaluateFilePayload>;
/** c273 */
export const ListenEvaluateFileListPayload = z.object({ record_id: recordId(), type: lEnumFilter("文件类别", LISTEN_FILE_TYPES), page: zPage, limit: zLimit });
export type ListenEvaluateFileListPayload = z.infer<typeof ListenEvaluateFileListPayload>;
/** c276, c285: a listen_file row id. */
export const ListenFileIdPayload = z.object({ id: zId("文件编号") });

/** c277: a voice comment: an mp3 the caller recorded (/file/uploadAudio) by file_id or "/files/<id>". */
export const ListenVoicePayload = z
  .object({
    record_id: recordId(),
    file_id: lIdFilter("语音文件"),
    file_path: lText("语音地址", 500).optional(),
    duration: lInt0("时长").optional(),
    video_time: lSeconds("视频时间点"),
  })
  .refine((v) => Boolean(v.file_id) || Boolean(v.file_path), "请先录制语音");
export type ListenVoicePayload = z.infer<typeof ListenVoicePayload>;
/** c278 */
export const ListenVoiceListPayload = z.object({ record_id: recordId(), page: zPage, limit: zLimit });
export type ListenVoiceListPayload = z.infer<typeof ListenVoiceListPayload>;
/** c279 */
export const ListenVoiceIdPayload = z.object({ id: zId("语音编号") });

/** c280: a discussion message on a record; video_time when written while watching; target_id a listen target (TPK). */
export const ListenDiscussPayload = z.object({
  record_id: recordId(),
  pid: lInt0("上级评论").default(0),
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
  reply_person: lInt0("回复对象").default(0),
  target_id: lInt0("听课目标").default(0),
  video_time: lSeconds("视频时间点"),
});
export type ListenDiscussPayload = z.infer<typeof ListenDiscussPayload>;
/** c288: threads newest first, or (order "video_time") by the time in the video, for the timeline marks. */
export const ListenDiscussListPayload = z.object({
  record_id: recordId(),
  page: zPage,
  limit: zLimit,
  target_id: lIdFilter("听课目标"),
  order: z
    .preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(["newest", "video_time"], { message: "只能是 newest 或 video_time" }).optional())
    .describe("排序"),
});
export type ListenDiscussListPayload = z.infer<typeof ListenDiscussListPayload>;
/** c293: the author deletes his message. */
export const ListenDelMsgPayload = z.object({ id: zId("评论编号") });

/** c274: the targets of the record's school and the platform (record_id absent: the caller's school's). */
export const ListenTargetOptionsPayload = z.object({ record_id: lIdFilter("听评课id") });
/** c281: one community, else the caller's scope. */
export const ListenStatisticsPayload = z.object({ community_id: lIdFilter("社区") });
/** c282 */
export const ListenDisplayPayload = z.object({ id: recordId(), is_display: lFlag("是否展示") });
/** c283 */
export const ListenRecommendTogglePayload = z.object({ id: recordId(), is_recommend: lFlag("是否推荐") });
/** c284 */
export const ListenVerifyPayload = z.object({
  id: recordId(),
  verify_status: z.coerce.number().int("必须是整数").min(1, "只能是 1（通过）或 2（不通过）").max(2, "只能是 1（通过）或 2（不通过）").describe("审核结果"),
  reason: lText("原因", 500).default(""),
});
export type ListenVerifyPayload = z.infer<typeof ListenVerifyPayload>;
/** c286 */
export const ListenWebCommunityPayload = z.object({ community_id: zId("社区id") });
/** c287 */
export const ListenWebListPayload = z.object({
  community_id: zId("社区id"),
  page: zPage,
  limit: zLimit,
  name: lText("听评课名称", 60).optional(),
  is_type: lEnumFilter("听评课类型", LISTEN_TYPES),
  subject_id: lIdFilter("学科"),
  phase: zListenPhase,
});
export type ListenWebListPayload = z.infer<typeof ListenWebListPayload>;
/** c289, c292 */
export const ListenRecordIdPayload = z.object({ record_id: recordId() });
/** c290 */
export const ListenDynamicPayload = z.object({
  record_id: recordId(),
  limit: z.coerce.number().int("必须是整数").min(1, "至少 1 条").max(100, "最多 100 条").default(20).describe("条数"),
});

// ---------------------------------------------------------------------------------------------------------
// Answers (times "YYYY-MM-DD HH:mm:ss", Asia/Shanghai)

/** A record in lists (c264, c271, c275, c287). */
export interface ListenRow {
  id: number;
  name: string;
  is_type: number;
  is_type_name: string;
  evaluation_type: number;
  evaluation_type_name: string;
  open_model: number;
  open_model_name: string;
  logo_url: string;
  community_id: number;
  community_name: string;
  account_id: number;
  account_name: string;
  teacher_account_id: number;
  teacher_name: string;
  school_id: number;
  school_name: string;
  period_id: number;
  period_name: string;
  subject_id: number;
  subject_name: string;
  grade_name: string;
  start_time: string;
  end_time: string;
  record_date: string;
  phase: ListenPhase;
  phase_name: string;
  preparation_id: number;
  my_video_id: number;
  equiment_id: number;
  indicator_id: number;
  is_display: number;
  is_recommend: number;
  verify_status: number;
  verify_status_name: string;
  status: number;
  view_count: number;
  member_count: number;
  /** Submitted evaluations. */
  evaluation_count: number;
  /** Mean total of the submitted evaluations (null: none). */
  average_score: number | null;
  discuss_count: number;
  created_at: string;
}

export interface ListenMemberRow {
  account_id: number;
  realname: string;
  /** 1 组织者, 2 授课教师, 3 评课人. */
  role: number;
  role_name: string;
  /** The evaluator's evaluation status (null: none yet). */
  evaluation_status: number | null;
}

/** One node of the record's scheme: level 1 the scheme, 2 dimensions, 3 items scored. */
export interface ListenSchemeNode {
  id: number;
  pid: number;
  level: number;
  name: string;
  description: string;
  weight: number;
  min_score: number;
  max_score: number;
  sort: number;
  children: ListenSchemeNode[];
}

export interface ListenScoreRow {
  indicator_id: number;
  indicator_name: string;
  score: number;
  comment: string;
}

/** One evaluator's evaluation. */
export interface ListenEvaluationRow {
  id: number;
  record_id: number;
  account_id: number;
  account_name: string;
  /** Weighted, out of 100 (docs/decisions/0902). */
  total_score: number;
  comment: string;
  status: number;
  status_name: string;
  scores: ListenScoreRow[];
  created_at: string;
  updated_at: string;
}

export interface ListenFileRow {
  id: number;
  record_id: number;
  file_id: number;
  /** Readable: signed when private. */
  file_path: string;
  file_name: string;
  file_type: string;
  type: number;
  type_name: string;
  size: number;
  account_id: number;
  account_name: string;
  can_delete: boolean;
  created_at: string;
}

export interface ListenVoiceRow {
  id: number;
  record_id: number;
  account_id: number;
  account_name: string;
  file_id: number;
  /** Readable (signed) address of the mp3. */
  file_path: string;
  duration: number;
  video_time: number | null;
  can_delete: boolean;
  created_at: string;
}

/** c265 (and the answer of c266, c267, c282–c284): every §3 field with names, members, scheme, own evaluation, power. */
export interface ListenDetail extends ListenRow {
  introduction: string;
  preparation_name: string;
  preparation_alias_id: number;
  wps_file_version_id: number;
  my_video_ids: number[];
  /** 精准: the signed playback address of the video; 远程: the device's live playlist; 现场: "". */
  play_url: string;
  /** 远程: the live addresses of the device's cameras. */
  live_urls: { camera: string; hls_url: string; flv_url: string }[];
  equiment_name: string;
  questionnaire_ids: number[];
  /** Evaluators (role 3). */
  participation_account_ids: number[];
  members: ListenMemberRow[];
  area_id: number;
  indicator_name: string;
  /** The scheme tree with weights (null when none). */
  scheme: ListenSchemeNode | null;
  /** The caller's own evaluation (null: none). */
  my_evaluation: ListenEvaluationRow | null;
  /** The record's own files (课堂资料). */
  fileArr: ListenFileRow[];
  verify_reason: string;
  power: ListenPowerAnswer;
  updated_at: string;
}

/** c292: every evaluation (submitted ones; the caller's draft too), per evaluator and per item. */
export interface ListenEvaluationScoreAnswer {
  record_id: number;
  scheme: ListenSchemeNode | null;
  list: ListenEvaluationRow[];
}

/** The spread between evaluators of one number. */
export interface ListenSpread {
  count: number;
  mean: number | null;
  min: number | null;
  max: number | null;
  /** Population standard deviation. */
  stddev: number | null;
}

/** c289: the aggregate of the submitted evaluations. */
export interface ListenTeacherScoreAnswer {
  record_id: number;
  teacher_account_id: number;
  teacher_name: string;
  /** Totals (out of 100). */
  total: ListenSpread;
  dimensions: { indicator_id: number; name: string; weight: number; score: ListenSpread }[];
  items: { indicator_id: number; pid: number; name: string; weight: number; min_score: number; max_score: number; score: ListenSpread }[];
  evaluators: { account_id: number; account_name: string; total_score: number }[];
}

/** c274 */
export interface ListenTargetOption {
  id: number;
  name: string;
  school_id: number;
  sort: number;
}

/** c281 */
export interface ListenStatistics {
  scope: string;
  scope_name: string;
  totals: { count: number; evaluations: number; submitted: number; average_score: number | null; messages: number; files: number; voices: number };
  types: { is_type: number; name: string; count: number }[];
  months: { month: string; count: number }[];
  subjects: { subject_id: number; subject_name: string; count: number; average_score: number | null }[];
}

/** c286 */
export interface ListenWebCommunityInfo {
  community_id: number;
  community_name: string;
  count: number;
  running: number;
  evaluations: number;
  average_score: number | null;
  teachers: number;
  types: { is_type: number; name: string; count: number }[];
  recent: ListenRow[];
}

/** c290: one event of a record. */
export interface ListenDynamicItem {
  kind: "evaluation" | "message" | "file" | "voice";
  kind_name: string;
  id: number;
  account_id: number;
  account_name: string;
  content: string;
  created_at: string;
}

/** The calls of LISTEN_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const LISTEN = {
  listenList: call<Page<ListenRow>>()(LISTEN_CALLS.listenList, ListenListPayload),
  listenRead: call<ListenDetail>()(LISTEN_CALLS.listenRead, ListenIdPayload),
  listenSave: call<ListenDetail>()(LISTEN_CALLS.listenSave, ListenSave),
  listenUpdate: call<ListenDetail>()(LISTEN_CALLS.listenUpdate, ListenUpdate),
  listenRecordSave: call<ListenEvaluationRow>()(LISTEN_CALLS.listenRecordSave, ListenRecordSave),
  listenRecordUpdate: call<ListenEvaluationRow>()(LISTEN_CALLS.listenRecordUpdate, ListenRecordUpdate),
  listenDelete: call<{ id: number }>()(LISTEN_CALLS.listenDelete, ListenIdPayload),
  listenUserRecordList: call<Page<ListenRow>>()(LISTEN_CALLS.listenUserRecordList, ListenUserRecordListPayload),
  listenEvaluateFile: call<ListenFileRow[]>()(LISTEN_CALLS.listenEvaluateFile, ListenEvaluateFilePayload),
  listenEvaluateFileList: call<Page<ListenFileRow>>()(LISTEN_CALLS.listenEvaluateFileList, ListenEvaluateFileListPayload),
  listenTargetOptions: call<ListenTargetOption[]>()(LISTEN_CALLS.listenTargetOptions, ListenTargetOptionsPayload),
  listenRecommendSource: call<Page<ListenRow>>()(LISTEN_CALLS.listenRecommendSource, ListenRecommendPayload),
  listenDeleteEvaluateFile: call<{ id: number }>()(LISTEN_CALLS.listenDeleteEvaluateFile, ListenFileIdPayload),
  listenAddEvaluateVoice: call<ListenVoiceRow>()(LISTEN_CALLS.listenAddEvaluateVoice, ListenVoicePayload),
  listenEvaluateVoiceList: call<Page<ListenVoiceRow>>()(LISTEN_CALLS.listenEvaluateVoiceList, ListenVoiceListPayload),
  listenDeleteEvaluateVoice: call<{ id: number }>()(LISTEN_CALLS.listenDeleteEvaluateVoice, ListenVoiceIdPayload),
  listenClassroomDiscussion: call<DiscussMessage>()(LISTEN_CALLS.listenClassroomDiscussion, ListenDiscussPayload),
  listenEvaluateStatistics: call<ListenStatistics>()(LISTEN_CALLS.listenEvaluateStatistics, ListenStatisticsPayload),
  listenIsDisplay: call<ListenDetail>()(LISTEN_CALLS.listenIsDisplay, ListenDisplayPayload),
  listenIsRecommend: call<ListenDetail>()(LISTEN_CALLS.listenIsRecommend, ListenRecommendTogglePayload),
  listenRecordVerify: call<ListenDetail>()(LISTEN_CALLS.listenRecordVerify, ListenVerifyPayload),
  listenDeleteRecordFile: call<{ id: number }>()(LISTEN_CALLS.listenDeleteRecordFile, ListenFileIdPayload),
  listenWebCommunityInfo: call<ListenWebCommunityInfo>()(LISTEN_CALLS.listenWebCommunityInfo, ListenWebCommunityPayload),
  listenWebListenList: call<Page<ListenRow>>()(LISTEN_CALLS.listenWebListenList, ListenWebListPayload),
  listenClassroomDiscussionList: call<DiscussPage>()(LISTEN_CALLS.listenClassroomDiscussionList, ListenDiscussListPayload),
  listenCourseTeacherScore: call<ListenTeacherScoreAnswer>()(LISTEN_CALLS.listenCourseTeacherScore, ListenRecordIdPayload),
  listenDynamic: call<ListenDynamicItem[]>()(LISTEN_CALLS.listenDynamic, ListenDynamicPayload),
  listenGetEvaluationScore: call<ListenEvaluationScoreAnswer>()(LISTEN_CALLS.listenGetEvaluationScore, ListenRecordIdPayload),
  listenDelEvaluateMsg: call<{ id: number }>()(LISTEN_CALLS.listenDelEvaluateMsg, ListenDelMsgPayload),
} as const;

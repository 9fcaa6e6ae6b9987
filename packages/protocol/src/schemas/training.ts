/**
 * Training programmes (培训; issue #12; docs/api/training.md). Management: /middle/training/*; a teacher's side: /v2/training/*;
 * the home-page list is c343 /v2/njy_index/getTrainList (HOME_CALLS.njyGetTrainList, TrainRow in home.ts).
 *
 * A programme moves 0 草稿 → 1 已发布 → 2 已结束 (setStatus). Its items are lesson videos of #6 (item_type 1) and
 * documents of #5 (item_type 2). Teachers within its scope enrol and work through the items; a video item counts the
 * watched time the heartbeats report (capped by the wall time between heartbeats), a document item is done when the
 * teacher marks it read after opening it. At pass_ratio percent of the required items the enrolment is completed and
 * a certificate number issued.
 */
import { z } from "zod";
import { blankToUndef, zDateOrTime, zId, zLimit, zOptText, zPage, zTitle100 } from "./common.js";
import type { PreviewAnswer } from "./file.js";
import type { VideoRow } from "./video.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";
import type { FileAnswer } from "./account.js";

export const TRAINING_CALLS = {
  /** new: the programmes the caller manages (drafts included), by status, keyword, subject, period */ trainingList: "/middle/training/list",
  /** new: a draft programme */ trainingSave: "/middle/training/save",
  /** new: only the fields sent change */ trainingUpdate: "/middle/training/update",
  /** new: a draft, or a programme nobody enrolled in (409 otherwise) */ trainingDelete: "/middle/training/delete",
  /** new: 0 草稿 → 1 已发布 → 2 已结束 (publishing needs an item) */ trainingSetStatus: "/middle/training/setStatus",
  /** new: a programme with its items (managers) */ trainingDetail: "/middle/training/detail",
  /** new: adds a video or document item */ trainingItemSave: "/middle/training/item/save",
  /** new: title, required, done_ratio of an item */ trainingItemUpdate: "/middle/training/item/update",
  /** new */ trainingItemDelete: "/middle/training/item/delete",
  /** new: the items in a new order */ trainingItemSort: "/middle/training/item/sort",
  /** new: the videos a manager may put in a programme (his own and his scope's schools') */ trainingVideoOptions: "/middle/training/videoOptions",
  /** new: the enrolments of a programme with each teacher's progress */ trainingEnrolList: "/middle/training/enrol/list",
  /** new: the enrolments as .xlsx */ trainingEnrolExport: "/middle/training/enrol/export",
  /** new: published programmes in the caller's scope with his enrolment state */ trainingAvailable: "/v2/training/list",
  /** new: a programme to study: items with my progress, video play addresses */ trainingStudy: "/v2/training/detail",
  /** new: enrol (idempotent) */ trainingEnrol: "/v2/training/enrol",
  /** new: my programmes with progress */ trainingMine: "/v2/training/mine",
  /** new: a heartbeat of a video item (or the opening of a document item) */ trainingProgress: "/v2/training/progress",
  /** new: marks an opened document item read */ trainingRead: "/v2/training/read",
  /** new: the certificate PDF (after completion) */ trainingCertificate: "/v2/training/certificate",
} as const;

export const TRAINING_STATUS = { draft: 0, published: 1, ended: 2 } as const;
export const TRAINING_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "草稿", 1: "已发布", 2: "已结束" };
export const TRAINING_ITEM_TYPES = { video: 1, document: 2 } as const;
export const TRAINING_ITEM_TYPE_NAMES: Readonly<Record<number, string>> = { 1: "视频", 2: "文档" };
/** Seconds a heartbeat may count beyond the wall time since the previous heartbeat of the same item. */
export const TRAINING_HEARTBEAT_SLACK = 3;

const zOptId = (label: string) =>
  z
    .preprocess(
      blankToUndef,
      z.coerce
        .number({ message: `${label}必须是数字` })
        .int(`${label}必须是整数`)
        .min(0, `${label}不能为负数`)
        .optional(),
    )
    .describe(label);
const zHours = z.coerce.number({ message: "学时必须是数字" }).min(0, "学时不能为负数").max(999, "学时不能超过 999").describe("学时");
const zRatio = (label: string, min: number) =>
  z.coerce
    .number({ message: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(min, `${label}须在 ${min}–100 之间`)
    .max(100, `${label}须在 ${min}–100 之间`)
    .describe(label);
const zStatus = z.coerce
  .number({ message: "状态必须是数字" })
  .int("状态必须是整数")
  .min(0, "状态只能是 0 草稿、1 已发布、2 已结束")
  .max(2, "状态只能是 0 草稿、1 已发布、2 已结束")
  .describe("状态");
const zSeconds = (label: string) =>
  z.coerce
    .number({ message: `${label}必须是数字` })
    .min(0, `${label}不能为负数`)
    .max(86400, `${label}过大`)
    .describe(label);

/** trainingList (managed; drafts included). */
export const TrainingListPayload = z.object({
  page: zPage,
  limit: zLimit,
  status: z.preprocess(blankToUndef, zStatus.optional()),
  keyword: zOptText("关键词", 60),
  subject_id: zOptId("学科"),
  period_id: zOptId("学段"),
});
export type TrainingListPayload = z.input<typeof TrainingListPayload>;

export const TrainingIdPayload = z.object({ id: zId("培训") });
export type TrainingIdPayload = z.input<typeof TrainingIdPayload>;

/**
 * trainingSave: scope — school_id (a school), else region_code (a district), else the whole platform; by default the
 * creator's own (a school administrator: his school; a district administrator: his region); it must lie within the
 * caller's management scope.
 */
export const TrainingSavePayload = z.object({
  title: zTitle100("培训名称"),
  introduce: z.string().trim().max(5000, "培训介绍不能超过 5000 个字符").default("").describe("培训介绍"),
  cover_url: z.string().trim().max(1000, "封面地址过长").default("").describe("封面"),
  school_id: zOptId("学校"),
  region_code: zOptText("区域编码", 12),
  period_id: zOptId("学段"),
  subject_id: zOptId("学科"),
  hours: zHours.default(0),
  pass_ratio: zRatio("合格比例", 1).default(100),
  enrol_start: zDateOrTime("报名开始"),
  enrol_end: zDateOrTime("报名截止"),
  start_time: zDateOrTime("培训开始"),
  end_time: zDateOrTime("培训结束"),
});
export type TrainingSavePayload = z.input<typeof TrainingSavePayload>;

/** trainingUpdate: only the fields sent change; the scope only while a draft. */
export const TrainingUpdatePayload = z.object({
  id: zId("培训"),
  title: zTitle100("培训名称").optional(),
  introduce: z.string().trim().max(5000, "培训介绍不能超过 5000 个字符").optional().describe("培训介绍"),
  cover_url: z.string().trim().max(1000, "封面地址过长").optional().describe("封面"),
  school_id: zOptId("学校"),
  region_code: z.string().trim().max(12, "区域编码不能超过 12 个字符").optional().describe("区域编码"),
  period_id: zOptId("学段"),
  subject_id: zOptId("学科"),
  hours: zHours.optional(),
  pass_ratio: zRatio("合格比例", 1).optional(),
  enrol_start: zDateOrTime("报名开始"),
  enrol_end: zDateOrTime("报名截止"),
  start_time: zDateOrTime("培训开始"),
  end_time: zDateOrTime("培训结束"),
});
export type TrainingUpdatePayload = z.input<typeof TrainingUpdatePayload>;

export const TrainingSetStatusPayload = z.object({ id: zId("培训"), status: zStatus });
export type TrainingSetStatusPayload = z.input<typeof TrainingSetStatusPayload>;

/** trainingItemSave: a video item (video_id; title defaults to the video's name) or a document item (file_id). */
export const TrainingItemSavePayload = z.object({
  training_id: zId("培训"),
  item_type: z.coerce
    .number({ message: "课程类型必须是数字" })
    .int()
    .refine((v) => v === 1 || v === 2, "课程类型只能是 1 视频 或 2 文档")
    .describe("课程类型"),
  video_id: zOptId("视频"),
  file_id: zOptId("文档"),
  title: zOptText("课程名称", 100),
  done_ratio: zRatio("完成比例", 10).default(90),
  required: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, "是否必修只能是 0 或 1")
    .default(1)
    .describe("是否必修"),
});
export type TrainingItemSavePayload = z.input<typeof TrainingItemSavePayload>;

export const TrainingItemUpdatePayload = z.object({
  id: zId("课程"),
  title: zTitle100("课程名称").optional(),
  done_ratio: zRatio("完成比例", 10).optional(),
  required: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, "是否必修只能是 0 或 1")
    .optional()
    .describe("是否必修"),
});
export type TrainingItemUpdatePayload = z.input<typeof TrainingItemUpdatePayload>;

export const TrainingItemIdPayload = z.object({ id: zId("课程") });
export type TrainingItemIdPayload = z.input<typeof TrainingItemIdPayload>;

export const TrainingItemSortPayload = z.object({
  training_id: zId("培训"),
  item_ids: z
    .array(z.coerce.number().int("必须是整数").positive("必须大于 0"), { message: "课程顺序须为编号数组" })
    .min(1, "请给出课程顺序")
    .max(500, "课程不能超过 500 个")
    .describe("课程顺序"),
});
export type TrainingItemSortPayload = z.input<typeof TrainingItemSortPayload>;

export const TrainingVideoOptionsPayload = z.object({ page: zPage, limit: zLimit, keyword: zOptText("关键词", 60) });
export type TrainingVideoOptionsPayload = z.input<typeof TrainingVideoOptionsPayload>;

/** trainingEnrolList: the enrolments of a programme (state: 0 未开始 1 学习中 2 已完成). */
export const TrainingEnrolListPayload = z.object({
  id: zId("培训"),
  page: zPage,
  limit: zLimit,
  keyword: zOptText("关键词", 60),
  state: z.preprocess(blankToUndef, z.coerce.number().int().min(0, "学习状态只能是 0、1、2").max(2, "学习状态只能是 0、1、2").optional()).describe("学习状态"),
});
export type TrainingEnrolListPayload = z.input<typeof TrainingEnrolListPayload>;

export const TrainingAvailablePayload = z.object({ page: zPage, limit: zLimit, keyword: zOptText("关键词", 60) });
export type TrainingAvailablePayload = z.input<typeof TrainingAvailablePayload>;

/**
 * trainingProgress: position_seconds — where the player is; watched_delta — seconds played since the previous
 * heartbeat of this item. The server counts at most the wall time since that heartbeat + TRAINING_HEARTBEAT_SLACK,
 * and never beyond the duration. On a document item it records the opening (both 0).
 */
export const TrainingProgressPayload = z.object({
  item_id: zId("课程"),
  position_seconds: zSeconds("播放位置").default(0),
  watched_delta: zSeconds("观看时长").default(0),
});
export type TrainingProgressPayload = z.input<typeof TrainingProgressPayload>;

export const TrainingReadPayload = z.object({ item_id: zId("课程") });
export type TrainingReadPayload = z.input<typeof TrainingReadPayload>;

// ── answers ──────────────────────────────────────────────────────────────────────────────────────────────────

export interface TrainingRow {
  id: number;
  title: string;
  introduce: string;
  cover_url: string;
  school_id: number;
  school_name: string;
  region_code: string;
  region_name: string;
  /** The school's, the region's name, or 全平台. */
  scope_name: string;
  period_id: number;
  period_name: string;
  subject_id: number;
  subject_name: string;
  hours: number;
  pass_ratio: number;
  status: number;
  status_name: string;
  enrol_start: string;
  enrol_end: string;
  start_time: string;
  end_time: string;
  enrol_count: number;
  completed_count: number;
  item_count: number;
  /** Seconds of all video items. */
  total_seconds: number;
  account_id: number;
  account_name: string;
  published_at: string;
  created_at: string;
  updated_at: string;
}

export interface TrainingItemRow {
  id: number;
  training_id: number;
  title: string;
  item_type: number;
  item_type_name: string;
  video_id: number;
  file_id: number;
  duration_seconds: number;
  done_ratio: number;
  required: number;
  sort: number;
  /** The video's thumbnail (video items). */
  thumbnail_url: string;
  /** The document's name and extension (document items). */
  file_name: string;
  file_type: string;
}

export interface TrainingDetail extends TrainingRow {
  items: TrainingItemRow[];
}

/** The caller's enrolment in a programme. */
export interface TrainingMe {
  enrolled: boolean;
  progress: number;
  watched_seconds: number;
  items_done: number;
  items_required: number;
  completed_at: string;
  certificate_no: string;
  /** May enrol now. */
  can_enrol: boolean;
  /** Why not ("" when he may or already did). */
  enrol_hint: string;
}

export interface TrainingTeacherRow extends TrainingRow {
  me: TrainingMe;
}

export interface TrainingMyItemProgress {
  watched_seconds: number;
  position_seconds: number;
  done: boolean;
  opened: boolean;
  done_at: string;
}

export interface TrainingStudyItem extends TrainingItemRow {
  my: TrainingMyItemProgress;
  /** Video items of an enrolled teacher: the video with its (signed) play addresses. */
  video: VideoRow | null;
  /** Document items of an enrolled teacher: a signed address of the file. */
  file_url: string;
}

export interface TrainingStudy extends TrainingTeacherRow {
  items: TrainingStudyItem[];
}

export interface TrainingProgressAnswer {
  item_id: number;
  /** Seconds this heartbeat counted. */
  counted: number;
  item: TrainingMyItemProgress;
  me: TrainingMe;
  /** The opening of a document item: how to show it (the enrolled teacher reads it through signed addresses). */
  preview: PreviewAnswer | null;
}

export interface TrainingEnrolRow {
  id: number;
  account_id: number;
  account_name: string;
  username: string;
  school_id: number;
  school_name: string;
  progress: number;
  watched_seconds: number;
  items_done: number;
  items_required: number;
  /** 0 未开始 1 学习中 2 已完成 */
  state: number;
  state_name: string;
  completed_at: string;
  certificate_no: string;
  created_at: string;
  updated_at: string;
}

export interface TrainingEnrolStats {
  total: number;
  completed: number;
  in_progress: number;
  not_started: number;
}

export interface TrainingEnrolList {
  list: TrainingEnrolRow[];
  total: number;
  page: number;
  limit: number;
  stats: TrainingEnrolStats;
}

export interface TrainingVideoOption {
  id: number;
  name: string;
  account_name: string;
  school_name: string;
  duration: number;
  thumbnail_url: string;
  created_at: string;
}

/** The calls of TRAINING_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const TRAINING = {
  trainingList: call<Page<TrainingRow>>()(TRAINING_CALLS.trainingList, TrainingListPayload),
  trainingSave: call<TrainingRow>()(TRAINING_CALLS.trainingSave, TrainingSavePayload),
  trainingUpdate: call<TrainingRow>()(TRAINING_CALLS.trainingUpdate, TrainingUpdatePayload),
  trainingDelete: call<{ id: number }>()(TRAINING_CALLS.trainingDelete, TrainingIdPayload),
  trainingSetStatus: call<TrainingRow>()(TRAINING_CALLS.trainingSetStatus, TrainingSetStatusPayload),
  trainingDetail: call<TrainingDetail>()(TRAINING_CALLS.trainingDetail, TrainingIdPayload),
  trainingItemSave: call<TrainingItemRow>()(TRAINING_CALLS.trainingItemSave, TrainingItemSavePayload),
  trainingItemUpdate: call<TrainingItemRow>()(TRAINING_CALLS.trainingItemUpdate, TrainingItemUpdatePayload),
  trainingItemDelete: call<{ id: number }>()(TRAINING_CALLS.trainingItemDelete, TrainingItemIdPayload),
  trainingItemSort: call<TrainingItemRow[]>()(TRAINING_CALLS.trainingItemSort, TrainingItemSortPayload),
  trainingVideoOptions: call<Page<TrainingVideoOption>>()(TRAINING_CALLS.trainingVideoOptions, TrainingVideoOptionsPayload),
  trainingEnrolList: call<TrainingEnrolList>()(TRAINING_CALLS.trainingEnrolList, TrainingEnrolListPayload),
  trainingEnrolExport: call<FileAnswer>()(TRAINING_CALLS.trainingEnrolExport, TrainingIdPayload),
  trainingAvailable: call<Page<TrainingTeacherRow>>()(TRAINING_CALLS.trainingAvailable, TrainingAvailablePayload),
  trainingStudy: call<TrainingStudy>()(TRAINING_CALLS.trainingStudy, TrainingIdPayload),
  trainingEnrol: call<TrainingTeacherRow>()(TRAINING_CALLS.trainingEnrol, TrainingIdPayload),
  trainingMine: call<Page<TrainingTeacherRow>>()(TRAINING_CALLS.trainingMine, TrainingAvailablePayload),
  trainingProgress: call<TrainingProgressAnswer>()(TRAINING_CALLS.trainingProgress, TrainingProgressPayload),
  trainingRead: call<TrainingProgressAnswer>()(TRAINING_CALLS.trainingRead, TrainingReadPayload),
  trainingCertificate: call<FileAnswer>()(TRAINING_CALLS.trainingCertificate, TrainingIdPayload),
} as const;

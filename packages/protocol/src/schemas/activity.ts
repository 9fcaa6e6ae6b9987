/** Teaching-research activities (issue #7; docs/api/activity.md, docs/decisions/0704). */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { zCommunityId } from "./community.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";

export const ACTIVITY_CALLS = {
  /** c393 */ activityList: "/v2/activityList",
  /** c394 */ activityInfo: "/v2/getActivityInfo",
  /** c395 */ activityDelete: "/v2/activityDelete",
  /** c396 */ communityAllActivity: "/v2/communityActivity/allActivity",
  /** new: a research activity in a community */ activitySave: "/v2/activity/save",
  /** new */ activityUpdate: "/v2/activity/update",
} as const;

/** activity.type: the kinds of activity (rows of #8, #9, #12 register theirs). */
export const ACTIVITY_TYPES: Readonly<Record<string, string>> = {
  research: "教研活动",
  preparation: "集体备课",
  listen: "听评课",
  after_class: "课后反思",
  meeting: "会议研讨",
  questionnaire: "问卷调查",
};
export const ACTIVITY_TYPE_KEYS = ["research", "preparation", "listen", "after_class", "meeting", "questionnaire"] as const;
export type ActivityType = (typeof ACTIVITY_TYPE_KEYS)[number];
/** Where an activity stands, from its times (not stored). */
export const ACTIVITY_PHASES: Readonly<Record<string, string>> = { upcoming: "未开始", running: "进行中", ended: "已结束" };
export const ACTIVITY_PHASE_KEYS = ["upcoming", "running", "ended"] as const;
export type ActivityPhase = (typeof ACTIVITY_PHASE_KEYS)[number];
/** At most this many participants per activity. */
export const ACTIVITY_MAX_PARTICIPANTS = 500;

const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/;

/** "YYYY-MM-DD HH:mm[:ss]" (Asia/Shanghai). */
export const zDateTime = (label: string) =>
  z
    .string({ message: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .regex(DATETIME, "格式应为 YYYY-MM-DD HH:mm:ss")
    .describe(label);
/** A range bound: "YYYY-MM-DD" or "YYYY-MM-DD HH:mm[:ss]"; "" = none. */
export const zTimeBound = (label: string) =>
  z
    .preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().regex(DATE_OR_TIME, "格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss").optional())
    .describe(label);
export const zOptionalId = (label: string) =>
  z
    .preprocess((v) => (v === "" || v === null || v === 0 || v === "0" ? undefined : v), z.coerce.number().int("必须是整数").positive("必须大于 0").optional())
    .describe(label);
const opt = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? "");
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
export const zActivityType = z.enum(ACTIVITY_TYPE_KEYS, { message: `只能是 ${ACTIVITY_TYPE_KEYS.join("、")}` }).describe("活动类型");
export const zActivityPhase = z.enum(ACTIVITY_PHASE_KEYS, { message: "只能是 upcoming、running 或 ended" }).describe("活动状态");
const zEmptyToUndef = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional()).describe(schema.description ?? "");
const zAccountIds = z
  .array(zId("参与人"), { message: "参与人应为账号 id 列表" })
  .max(ACTIVITY_MAX_PARTICIPANTS, `参与人不能超过 ${ACTIVITY_MAX_PARTICIPANTS} 人`)
  .describe("参与人");
const zName = z.string({ message: "请输入活动名称" }).trim().min(1, "请输入活动名称").max(100, "活动名称不能超过 100 个字符").describe("活动名称");
const zInt0 = (label: string) => z.coerce.number().int("必须是整数").min(0, "不能为负数").describe(label);

/** Filters shared by every activity list. */
export const ActivityFilters = {
  page: zPage,
  limit: zLimit,
  type: zEmptyToUndef(zActivityType),
  phase: zEmptyToUndef(zActivityPhase),
  keyword: opt(zText("关键词", 60)),
  /** Activities that end at or after this time (YYYY-MM-DD = that day's start). */
  start_time: zTimeBound("开始时间"),
  /** Activities that start at or before this time (YYYY-MM-DD = that day's end). */
  end_time: zTimeBound("结束时间"),
};

/** c393: the activities the caller may see, filtered. */
export const ActivityListPayload = z.object({ ...ActivityFilters, community_id: zOptionalId("社区id") });
export type ActivityListPayload = z.infer<typeof ActivityListPayload>;
/** c396: every activity of the communities the caller joined. */
export const CommunityAllActivityPayload = z.object({ ...ActivityFilters });
export type CommunityAllActivityPayload = z.infer<typeof CommunityAllActivityPayload>;
export const ActivityIdPayload = z.object({ id: zId("活动id") });

/** new: a research activity (教研活动) of a community; its managers only. */
export const ActivitySave = z.object({
  community_id: zCommunityId,
  name: zName,
  introduction: zText("活动简介", 5000).default(""),
  cover_url: zText("封面", 500).default(""),
  start_time: zDateTime("开始时间"),
  end_time: zDateTime("结束时间"),
  /** Joined members of the community. */
  participation_account_ids: zAccountIds.default([]),
  period_id: zInt0("学段").default(0),
  subject_id: zInt0("学科").default(0),
});
export type ActivitySave = z.infer<typeof ActivitySave>;
/** new: only the fields sent change. */
export const ActivityUpdate = z.object({
  id: zId("活动id"),
  name: opt(zName),
  introduction: opt(zText("活动简介", 5000)),
  cover_url: opt(zText("封面", 500)),
  start_time: opt(zDateTime("开始时间")),
  end_time: opt(zDateTime("结束时间")),
  participation_account_ids: opt(zAccountIds),
  period_id: opt(zInt0("学段")),
  subject_id: opt(zInt0("学科")),
});
export type ActivityUpdate = z.infer<typeof ActivityUpdate>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/** An activity as every list answers it. */
export interface ActivityRow {
  id: number;
  type: string;
  type_name: string;
  /** The row of its own module (a preparation, a listen record …); 0 for a research activity. */
  ref_id: number;
  name: string;
  introduction: string;
  cover_url: string;
  community_id: number;
  community_name: string;
  account_id: number;
  account_name: string;
  school_id: number;
  school_name: string;
  period_id: number;
  subject_id: number;
  start_time: string;
  end_time: string;
  phase: ActivityPhase;
  phase_name: string;
  is_recommend: number;
  is_display: number;
  status: number;
  participation_account_ids: number[];
  participant_count: number;
  created_at: string;
  updated_at: string;
}

export interface ActivityParticipant {
  id: number;
  realname: string;
  head_portrait_url: string;
  school_name: string;
}

/** c394: an activity with its participants and what the caller may do with it. */
export interface ActivityDetail extends ActivityRow {
  participants: ActivityParticipant[];
  /** The caller may update it (a research activity) or delete it: its creator or a manager of its community. */
  can_manage: boolean;
  /** The caller is a participant. */
  is_participant: boolean;
}

/** The calls of ACTIVITY_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const ACTIVITY = {
  activityList: call<Page<ActivityRow>>()(ACTIVITY_CALLS.activityList, ActivityListPayload),
  activityInfo: call<ActivityDetail>()(ACTIVITY_CALLS.activityInfo, ActivityIdPayload),
  activityDelete: call<{ id: number }>()(ACTIVITY_CALLS.activityDelete, ActivityIdPayload),
  communityAllActivity: call<Page<ActivityRow>>()(ACTIVITY_CALLS.communityAllActivity, CommunityAllActivityPayload),
  activitySave: call<ActivityDetail>()(ACTIVITY_CALLS.activitySave, ActivitySave),
  activityUpdate: call<ActivityDetail>()(ACTIVITY_CALLS.activityUpdate, ActivityUpdate),
} as const;

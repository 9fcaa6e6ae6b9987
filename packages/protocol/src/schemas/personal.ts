/** The community edition's personal centre (issue #7; docs/api/personal.md). */
import { z } from "zod";
import { ActivityFilters, zActivityType } from "./activity.js";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";
import type { ActivityRow } from "./activity.js";

export const PERSONAL_CALLS = {
  /** c368 */ teachingStudio: "/v2/newPersonalCenter/teachingStudio",
  /** c369 */ personalRecommend: "/v2/newPersonalCenter/recommend",
  /** c370 */ recommendActivity: "/v2/newPersonalCenter/recommendActivity",
  /** c371 */ recommendActivityManage: "/v2/newPersonalCenter/recommendActivityManage",
  /** c372 */ accountStudio: "/v2/newPersonalCenter/accountStudio",
  /** c373 */ personalCourseList: "/v2/newPersonalCenter/courseList",
  /** c374 */ myActivity: "/v2/newPersonalCenter/myActivity",
  /** c375 */ involvedActivity: "/v2/newPersonalCenter/involvedActivity",
} as const;

const opt = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? "");
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);

/** c368 / c369. */
export const PersonalPagePayload = z.object({ page: zPage, limit: zLimit, keyword: opt(zText("名称", 60)) });
export type PersonalPagePayload = z.infer<typeof PersonalPagePayload>;
/** c370. */
export const RecommendActivityPayload = z.object({
  page: zPage,
  limit: zLimit,
  type: z.preprocess((v) => (v === "" || v === null ? undefined : v), zActivityType.optional()).describe("活动类型"),
});
export type RecommendActivityPayload = z.infer<typeof RecommendActivityPayload>;
/** c371: recommend (1) or stop recommending (0) an activity the caller manages. */
export const RecommendActivityManagePayload = z.object({
  id: zId("活动id"),
  is_recommend: z.coerce.number({ message: "是否推荐: 必填" }).int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe("是否推荐"),
});
export type RecommendActivityManagePayload = z.infer<typeof RecommendActivityManagePayload>;
/** c372: a teacher's public profile (default the caller). */
export const AccountStudioPayload = z.object({
  account_id: z
    .preprocess((v) => (v === "" || v === null || v === 0 ? undefined : v), z.coerce.number().int("必须是整数").positive("必须大于 0").optional())
    .describe("账号"),
});
export type AccountStudioPayload = z.infer<typeof AccountStudioPayload>;
/** c373: the caller's videos. */
export const PersonalCourseListPayload = z.object({ page: zPage, limit: zLimit, name: opt(zText("视频名称", 60)) });
export type PersonalCourseListPayload = z.infer<typeof PersonalCourseListPayload>;
/** c374 / c375. */
export const PersonalActivityPayload = z.object({ ...ActivityFilters });
export type PersonalActivityPayload = z.infer<typeof PersonalActivityPayload>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/** c368 / c369 / c372: a community in the personal centre. */
export interface StudioRow {
  id: number;
  name: string;
  introduction: string;
  logo_url: string;
  type: number;
  type_name: string;
  level: number;
  level_name: string;
  period_id: number;
  subject_id: number;
  school_name: string;
  owner_name: string;
  member_count: number;
  activity_count: number;
  is_recommend: number;
  /** The caller's (c368) or the teacher's (c372) role, 0 when not a member (c369). */
  role: number;
  role_name: string;
}

/** c372. */
export interface AccountStudio {
  account: {
    id: number;
    realname: string;
    head_portrait_url: string;
    school_id: number;
    school_name: string;
    period_id: number;
    period_name: string;
    subject_id: number;
    subject_name: string;
  };
  /** Normal communities he joined (at most 50). */
  communities: StudioRow[];
  community_count: number;
  studio_count: number;
  /** Activities he created / takes part in. */
  activity_count: number;
  involved_count: number;
  article_count: number;
  video_count: number;
}

/** c373: one of the caller's videos (community.md §3 My video). */
export interface CourseRow {
  id: number;
  name: string;
  account_name: string;
  grade_name: string;
  grade_config_id: number;
  period_id: number;
  period_name: string;
  subject_id: number;
  subject_name: string;
  /** Signed address of the main MP4 (6 h). */
  url: string;
  duration: number;
  status: string;
  source: string;
  created_at: string;
}

/** The calls of PERSONAL_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const PERSONAL = {
  teachingStudio: call<Page<StudioRow>>()(PERSONAL_CALLS.teachingStudio, PersonalPagePayload),
  personalRecommend: call<Page<StudioRow>>()(PERSONAL_CALLS.personalRecommend, PersonalPagePayload),
  recommendActivity: call<Page<ActivityRow>>()(PERSONAL_CALLS.recommendActivity, RecommendActivityPayload),
  recommendActivityManage: call<{ id: number; is_recommend: number }>()(PERSONAL_CALLS.recommendActivityManage, RecommendActivityManagePayload),
  accountStudio: call<AccountStudio>()(PERSONAL_CALLS.accountStudio, AccountStudioPayload),
  personalCourseList: call<Page<CourseRow>>()(PERSONAL_CALLS.personalCourseList, PersonalCourseListPayload),
  myActivity: call<Page<ActivityRow>>()(PERSONAL_CALLS.myActivity, PersonalActivityPayload),
  involvedActivity: call<Page<ActivityRow>>()(PERSONAL_CALLS.involvedActivity, PersonalActivityPayload),
} as const;

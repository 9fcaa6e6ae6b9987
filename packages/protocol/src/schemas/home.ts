/** The community home, statistics and organization calls (issue #7; docs/api/home.md, docs/decisions/0707). */
import { z } from "zod";
import { ActivityFilters, zActivityPhase, zActivityType, zOptionalId } from "./activity.js";
import { zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import { EmptyPayload } from "./common.js";
import type { Page } from "../codes.js";
import type { ActivityRow } from "./activity.js";

export const HOME_CALLS = {
  /** c338 */ njyStatistics: "/v2/njy_index/statistics",
  /** c339 */ njyActivitySchedule: "/v2/njy_index/activitySchedule",
  /** c340 */ njyRecommendCommunityList: "/v2/njy_index/recommendCommunityList",
  /** c341 */ njyActivityList: "/v2/njy_index/activityList",
  /** c342 */ njyPlatformDynamics: "/v2/njy_index/platformDynamics",
  /** c343: training programmes (#12; empty until then) */ njyGetTrainList: "/v2/njy_index/getTrainList",
  /** c344 */ njyGetActivityList: "/v2/njy_index/getActivityList",
  /** c345 */ statCensus: "/v2/stat/census",
  /** c346 */ statActivityNums: "/v2/stat/activityNums",
  /** c347 */ statRanking: "/v2/stat/ranking",
  /** c348 */ orgStatistics: "/v2/organization/statistics",
  /** c349 */ orgJuniorList: "/v2/organization/juniorList",
  /** c350 */ orgActivityList: "/v2/organization/activityList",
  /** c351 */ orgCommunityList: "/v2/organization/communityList",
  /** c352 */ orgCommunityAccountList: "/v2/organization/communityAccountList",
  /** c353 */ myOrganization: "/v2/organization/myOrganization",
  /** c354 */ orgRegionAccountList: "/v2/organization/getRegionAccountList",
  /** c355 */ orgTeacherList: "/v2/organization/organizationTeacherList",
  /** c356 */ orgCommunityActivityList: "/v2/organization/getCommunityActivityList",
  /** c357 */ orgTeacherActivityList: "/v2/organization/getTeacherActivityList",
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const opt = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? "");

/**
 * Narrows a statistic to a part of the caller's organization: a region (province, city or district) or a school
 * within it. Neither: the whole organization (docs/decisions/0707).
 */
export const ScopeFilter = { region_id: zOptionalId("区域"), school_id: zOptionalId("学校") };
export const ScopePayload = z.object(ScopeFilter);
export type ScopePayload = z.infer<typeof ScopePayload>;
const zDays = z.coerce.number().int("必须是整数").min(1, "至少 1 天").max(366, "最多 366 天").default(30).describe("统计天数");

/** c338 / c348. */
export const HomeStatisticsPayload = ScopePayload;
/** c339: a month's activities by day (a calendar); default this month. */
export const ActivitySchedulePayload = z.object({
  month: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().regex(MONTH, "格式应为 YYYY-MM").optional()).describe("月份"),
  type: z.preprocess((v) => (v === "" || v === null ? undefined : v), zActivityType.optional()).describe("活动类型"),
});
export type ActivitySchedulePayload = z.infer<typeof ActivitySchedulePayload>;
export const PagePayload = z.object({ page: zPage, limit: zLimit });
/** c340. */
export const RecommendCommunityPayload = PagePayload;
/** c341: upcoming and running activities (phase narrows to one of them). */
export const HomeActivityListPayload = z.object({
  page: zPage,
  limit: zLimit,
  phase: z
    .preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(["upcoming", "running"], { message: "只能是 upcoming 或 running" }).optional())
    .describe("活动状态"),
});
export type HomeActivityListPayload = z.infer<typeof HomeActivityListPayload>;
/** c344: activities by type (every phase, newest first). */
export const HomeTypeActivityPayload = z.object({
  page: zPage,
  limit: zLimit,
  type: z.preprocess((v) => (v === "" || v === null ? undefined : v), zActivityType.optional()).describe("活动类型"),
  phase: z.preprocess((v) => (v === "" || v === null ? undefined : v), zActivityPhase.optional()).describe("活动状态"),
});
export type HomeTypeActivityPayload = z.infer<typeof HomeTypeActivityPayload>;
/** c342. */
export const PlatformDynamicsPayload = PagePayload;
/** c343. */
export const TrainListPayload = z.object({ page: zPage, limit: zLimit, keyword: opt(zText("关键词", 60)) });
/** c345. */
export const CensusPayload = ScopePayload;
/** c346: activities per month over the last `months` months (this one included). */
export const ActivityNumsPayload = z.object({
  ...ScopeFilter,
  months: z.coerce.number().int("必须是整数").min(1, "至少 1 个月").max(24, "最多 24 个月").default(12).describe("月数"),
});
export type ActivityNumsPayload = z.infer<typeof ActivityNumsPayload>;
export const RANKING_TARGETS = ["school", "teacher", "community"] as const;
/** c347: schools, teachers or communities ranked by activities over the last `days` days. */
export const RankingPayload = z.object({
  ...ScopeFilter,
  page: zPage,
  limit: zLimit,
  target: z.enum(RANKING_TARGETS, { message: "只能是 school、teacher 或 community" }).default("school").describe("排行对象"),
  days: zDays,
});
export type RankingPayload = z.infer<typeof RankingPayload>;
/** c349: the units directly below a region (its regions, or a district's schools), default the caller's organization. */
export const JuniorListPayload = z.object({ region_id: zOptionalId("区域"), page: zPage, limit: zLimit, keyword: opt(zText("名称", 60)) });
export type JuniorListPayload = z.infer<typeof JuniorListPayload>;
/** c350. */
export const OrgActivityListPayload = z.object({ ...ActivityFilters, ...ScopeFilter });
export type OrgActivityListPayload = z.infer<typeof OrgActivityListPayload>;
/** c351. */
export const OrgCommunityListPayload = z.object({
  ...ScopeFilter,
  page: zPage,
  limit: zLimit,
  keyword: opt(zText("社区名称", 60)),
  type: zOptionalId("社区类型"),
  level: zOptionalId("社区级别"),
});
export type OrgCommunityListPayload = z.infer<typeof OrgCommunityListPayload>;
/** c352: members of the organization's communities (one row per account). */
export const OrgCommunityAccountPayload = z.object({
  ...ScopeFilter,
  page: zPage,
  limit: zLimit,
  keyword: opt(zText("姓名", 60)),
  community_id: zOptionalId("社区id"),
});
export type OrgCommunityAccountPayload = z.infer<typeof OrgCommunityAccountPayload>;
/** c354: teachers of a region (default the caller's organization). */
export const RegionAccountPayload = z.object({ ...ScopeFilter, page: zPage, limit: zLimit, keyword: opt(zText("姓名", 60)) });
export type RegionAccountPayload = z.infer<typeof RegionAccountPayload>;
/** c355: teachers of a school (default the caller's school) with activity counts. */
export const OrgTeacherListPayload = z.object({ school_id: zOptionalId("学校"), page: zPage, limit: zLimit, keyword: opt(zText("姓名", 60)) });
export type OrgTeacherListPayload = z.infer<typeof OrgTeacherListPayload>;
/** c356 / c357: activity counts per community / per teacher; `days` 0 or absent = all time. */
export const OrgActivityCountPayload = z.object({
  ...ScopeFilter,
  page: zPage,
  limit: zLimit,
  keyword: opt(zText("名称", 60)),
  days: z.coerce.number().int("必须是整数").min(0, "不能为负数").max(3660, "最多 3660 天").default(0).describe("统计天数"),
});
export type OrgActivityCountPayload = z.infer<typeof OrgActivityCountPayload>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/** The organization a statistic covers. kind all: the whole platform. */
export interface ScopeInfo {
  kind: "all" | "region" | "school";
  id: number;
  name: string;
  /** Region level (1 province, 2 city, 3 district), 0 otherwise. */
  level: number;
}

export interface TypeCount {
  type: string;
  name: string;
  count: number;
}

/** c338 / c348: counts in the caller's organization. */
export interface HomeStatistics {
  scope: ScopeInfo;
  school_count: number;
  teacher_count: number;
  /** Normal communities (every type). */
  community_count: number;
  /** Of which studios (type 2, 3). */
  studio_count: number;
  /** Distinct joined members of those communities. */
  member_count: number;
  activity_count: number;
  /** Activities now running / not yet started. */
  running_activity_count: number;
  upcoming_activity_count: number;
  activity_by_type: TypeCount[];
  article_count: number;
  notice_count: number;
  video_count: number;
}

export interface ScheduleActivity {
  id: number;
  type: string;
  type_name: string;
  name: string;
  community_id: number;
  community_name: string;
  start_time: string;
  end_time: string;
  phase: string;
}

export interface ScheduleDay {
  date: string;
  /** Activities taking place that day (started on or before it and ending on or after it). */
  count: number;
  /** The first 20 of them by start time. */
  list: ScheduleActivity[];
}

/** c339: every day of the month. */
export interface ActivitySchedule {
  month: string;
  total: number;
  days: ScheduleDay[];
}

/** A community as the home page and the organization lists show it. */
export interface CommunityCard {
  id: number;
  name: string;
  introduction: string;
  logo_url: string;
  banner_url: string;
  type: number;
  type_name: string;
  level: number;
  level_name: string;
  community_level: number;
  school_id: number;
  school_name: string;
  region_id: number;
  is_recommend: number;
  status: number;
  owner_name: string;
  member_count: number;
  activity_count: number;
  article_count: number;
  /** Community log rows over the last 30 days. */
  active_score: number;
  created_at: string;
}

/** c342: one event of a community (from its log). */
export interface DynamicRow {
  id: number;
  community_id: number;
  community_name: string;
  account_id: number;
  account_name: string;
  head_portrait_url: string;
  action: string;
  /** What happened, in Chinese (e.g. 发布了文章). */
  action_name: string;
  target_type: string;
  target_id: number;
  content: string;
  created_at: string;
}

/** c343: a training programme (#12). */
export interface TrainRow {
  id: number;
  name: string;
  start_time: string;
  end_time: string;
  /** #12: the programme's cover, introduction, credit hours, enrolments, items, status and scope. */
  cover_url: string;
  introduce: string;
  hours: number;
  enrol_count: number;
  item_count: number;
  status: number;
  status_name: string;
  scope_name: string;
  published_at: string;
}

/** Counts of one unit (a region or a school). */
export interface UnitCount {
  kind: "region" | "school";
  id: number;
  name: string;
  level: number;
  school_count: number;
  teacher_count: number;
  community_count: number;
  member_count: number;
  activity_count: number;
  article_count: number;
}

/** c345. */
export interface Census {
  scope: ScopeInfo;
  totals: Omit<UnitCount, "kind" | "id" | "name" | "level">;
  /** The regions directly below the scope (empty for a district or a school). */
  regions: UnitCount[];
  /** The schools of the scope, most activities first (at most 200). */
  schools: UnitCount[];
}

/** c346: a chart, one label per month. */
export interface ActivityNums {
  labels: string[];
  total: number[];
  series: { type: string; name: string; data: number[] }[];
}

export interface RankingRow {
  rank: number;
  id: number;
  name: string;
  /** The school of a teacher or a school community, "" otherwise. */
  school_name: string;
  activity_count: number;
  /** Teachers: activities taken part in; communities: log rows; schools: teachers who created or took part. */
  extra_count: number;
}

/** c347. */
export interface Ranking {
  target: string;
  days: number;
  list: RankingRow[];
  total: number;
  page: number;
  limit: number;
}

/** c353: the caller's organization chain. */
export interface MyOrganization {
  province: { id: number; name: string } | null;
  city: { id: number; name: string } | null;
  district: { id: number; name: string } | null;
  school: { id: number; name: string } | null;
  /** What the statistics cover for him. */
  scope: ScopeInfo;
}

/** c352: a member of the organization's communities. */
export interface CommunityAccountRow {
  account_id: number;
  realname: string;
  head_portrait_url: string;
  school_id: number;
  school_name: string;
  community_count: number;
  /** Names of (at most 5 of) his communities. */
  community_names: string[];
  joined_at: string;
}

/** c354 / c355: a teacher with his activity counts. */
export interface OrgTeacherRow {
  id: number;
  realname: string;
  head_portrait_url: string;
  school_id: number;
  school_name: string;
  period_id: number;
  subject_id: number;
  subject_name: string;
  community_count: number;
  /** Activities he created. */
  created_count: number;
  /** Activities he takes part in. */
  involved_count: number;
}

/** c356. */
export interface CommunityActivityCount {
  id: number;
  name: string;
  type: number;
  type_name: string;
  school_name: string;
  member_count: number;
  activity_count: number;
  by_type: Record<string, number>;
  last_activity_time: string;
}

/** c357. */
export interface TeacherActivityCount {
  account_id: number;
  realname: string;
  school_name: string;
  created_count: number;
  involved_count: number;
  total: number;
}

/** The calls of HOME_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const HOME = {
  njyStatistics: call<HomeStatistics>()(HOME_CALLS.njyStatistics, HomeStatisticsPayload),
  njyActivitySchedule: call<ActivitySchedule>()(HOME_CALLS.njyActivitySchedule, ActivitySchedulePayload),
  njyRecommendCommunityList: call<Page<CommunityCard>>()(HOME_CALLS.njyRecommendCommunityList, RecommendCommunityPayload),
  njyActivityList: call<Page<ActivityRow>>()(HOME_CALLS.njyActivityList, HomeActivityListPayload),
  njyPlatformDynamics: call<Page<DynamicRow>>()(HOME_CALLS.njyPlatformDynamics, PlatformDynamicsPayload),
  njyGetTrainList: call<Page<TrainRow>>()(HOME_CALLS.njyGetTrainList, TrainListPayload),
  njyGetActivityList: call<Page<ActivityRow>>()(HOME_CALLS.njyGetActivityList, HomeTypeActivityPayload),
  statCensus: call<Census>()(HOME_CALLS.statCensus, CensusPayload),
  statActivityNums: call<ActivityNums>()(HOME_CALLS.statActivityNums, ActivityNumsPayload),
  statRanking: call<Ranking>()(HOME_CALLS.statRanking, RankingPayload),
  orgStatistics: call<HomeStatistics>()(HOME_CALLS.orgStatistics, HomeStatisticsPayload),
  orgJuniorList: call<Page<UnitCount>>()(HOME_CALLS.orgJuniorList, JuniorListPayload),
  orgActivityList: call<Page<ActivityRow>>()(HOME_CALLS.orgActivityList, OrgActivityListPayload),
  orgCommunityList: call<Page<CommunityCard>>()(HOME_CALLS.orgCommunityList, OrgCommunityListPayload),
  orgCommunityAccountList: call<Page<CommunityAccountRow>>()(HOME_CALLS.orgCommunityAccountList, OrgCommunityAccountPayload),
  myOrganization: call<MyOrganization>()(HOME_CALLS.myOrganization, EmptyPayload),
  orgRegionAccountList: call<Page<OrgTeacherRow>>()(HOME_CALLS.orgRegionAccountList, RegionAccountPayload),
  orgTeacherList: call<Page<OrgTeacherRow>>()(HOME_CALLS.orgTeacherList, OrgTeacherListPayload),
  orgCommunityActivityList: call<Page<CommunityActivityCount>>()(HOME_CALLS.orgCommunityActivityList, OrgActivityCountPayload),
  orgTeacherActivityList: call<Page<TeacherActivityCount>>()(HOME_CALLS.orgTeacherActivityList, OrgActivityCountPayload),
} as const;

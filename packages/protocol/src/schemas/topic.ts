/**
 * Topics (专题): curated collections of lessons and resources (issue #11; docs/api/topic.md), the public video lists
 * of the teachEvents edition (/web/video/list, /web/video/play) and the teaching-events hub's review activities.
 *
 * A topic: status 0 草稿, 1 已发布; scope school_id (0 = region_code, or platform-wide when both are empty), like review
 * activities. Items: item_type 1 视频 (video, #6), 2 课程资源 (course_resource, a course), 3 课堂分析 (analysis_course,
 * #10), 4 听评课 (listen_evaluate, #9), 5 评课作品 (review_work).
 *
 * A "public video" (docs/decisions/1131): a lesson video bound to a published course, in a published topic, of a
 * published analysis, or of a review work whose activity reached phase 2 (提交作品) or later.
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";
import type { VideoRow } from "./video.js";

export const TOPIC_CALLS = {
  /** new: the topics the caller manages (his own and those of his schools/region), drafts included */ topicList: "/v2/topic/list",
  /** new: one topic with every item (the management page) */ topicDetail: "/v2/topic/detail",
  /** new: administrators only (teachers 403) */ topicSave: "/v2/topic/save",
  /** new */ topicUpdate: "/v2/topic/update",
  /** new: the topic and its items */ topicDelete: "/v2/topic/delete",
  /** new: 0 草稿 / 1 已发布 */ topicSetStatus: "/v2/topic/setStatus",
  /** new */ topicItemsAdd: "/v2/topic/items/add",
  /** new */ topicItemsRemove: "/v2/topic/items/remove",
  /** new: the items in the order given */ topicItemsSort: "/v2/topic/items/sort",
  /** new: things the caller may add (public ones or ones in his scope), by type and keyword */ topicCandidates: "/v2/topic/candidates",
  /** new: published topics (no login needed; the pages need it) */ webTopicList: "/web/topic/list",
  /** new: a published topic with its items resolved to cards (items the viewer may not see are left out) */ webTopicDetail: "/web/topic/detail",
  /** new: review activities in progress or coming, for the teaching-events hub */ webTopicEvents: "/web/topic/events",
  /** new: public lesson videos with filters */ webVideoList: "/web/video/list",
  /** new: one public video with its play addresses (404 for others) */ webVideoPlay: "/web/video/play",
  /** new: the filter options of the public video list (periods, subjects, grades, schools, teachers that have some) */ webVideoFilters: "/web/video/filters",
} as const;

export const TOPIC_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "草稿", 1: "已发布" };
export const TOPIC_ITEM_TYPES = { video: 1, resource: 2, analysis: 3, listen: 4, work: 5 } as const;
export const TOPIC_ITEM_TYPE_NAMES: Readonly<Record<number, string>> = { 1: "视频", 2: "课程资源", 3: "课堂分析", 4: "听评课", 5: "评课作品" };
/** At most this many items in one topic. */
export const TOPIC_MAX_ITEMS = 200;

const blankToUndef = (v: unknown) => (v === "" || v === null ? undefined : v);
const zOptId = (label: string) =>
  z.preprocess(blankToUndef, z.coerce.number().int(`${label}必须是整数`).min(0, `${label}不能为负数`).optional()).describe(label);
const zOptText = (label: string, max: number) =>
  z.preprocess(blankToUndef, z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).optional()).describe(label);
const zTitle = z.string({ message: "请输入专题名称" }).trim().min(1, "请输入专题名称").max(60, "专题名称不能超过 60 个字符").describe("专题名称");
const zDescription = z.string().trim().max(2000, "专题简介不能超过 2000 个字符").describe("专题简介");
const zCover = z.string().trim().max(1000, "封面地址过长").describe("封面");
const zItemType = z.coerce
  .number({ message: "请选择内容类型" })
  .int("内容类型必须是整数")
  .refine((v) => v in TOPIC_ITEM_TYPE_NAMES, "内容类型只能是 1 视频、2 课程资源、3 课堂分析、4 听评课、5 评课作品")
  .describe("内容类型");
const zStatus = z.coerce
  .number({ message: "请选择状态" })
  .int()
  .refine((v) => v === 0 || v === 1, "状态只能是 0 草稿 或 1 已发布")
  .describe("状态");

/** /v2/topic/list */
export const TopicListPayload = z.object({
  page: zPage,
  limit: zLimit,
  keyword: zOptText("关键词", 60),
  status: z.preprocess(blankToUndef, zStatus.optional()),
  school_id: zOptId("学校"),
});
export type TopicListPayload = z.input<typeof TopicListPayload>;

/**
 * /v2/topic/save: school_id defaults to the caller's school (a school administrator can only use his own); a district
 * administrator's topic without a school is a district topic (region_code his region); platform: 0 = platform-wide.
 */
export const TopicSavePayload = z.object({
  title: zTitle,
  description: zDescription.default(""),
  cover_url: zCover.default(""),
  school_id: zOptId("学校"),
  period_id: zOptId("学段"),
  subject_id: zOptId("学科"),
  sort: z.preprocess(blankToUndef, z.coerce.number().int("排序必须是整数").min(0).max(99_999).optional()).describe("排序"),
});
export type TopicSavePayload = z.input<typeof TopicSavePayload>;
/** /v2/topic/update: only the fields sent change. */
export const TopicUpdatePayload = z.object({
  id: zId("专题"),
  title: zTitle.optional(),
  description: zDescription.optional(),
  cover_url: zCover.optional(),
  period_id: zOptId("学段"),
  subject_id: zOptId("学科"),
  sort: z.preprocess(blankToUndef, z.coerce.number().int("排序必须是整数").min(0).max(99_999).optional()).describe("排序"),
});
export type TopicUpdatePayload = z.input<typeof TopicUpdatePayload>;
export const TopicIdPayload = z.object({ id: zId("专题") });
export type TopicIdPayload = z.input<typeof TopicIdPayload>;
export const TopicSetStatusPayload = z.object({ id: zId("专题"), status: zStatus });
export type TopicSetStatusPayload = z.input<typeof TopicSetStatusPayload>;

/** /v2/topic/items/add: items of one type (each must be a candidate of the caller). */
export const TopicItemsAddPayload = z.object({
  id: zId("专题"),
  item_type: zItemType,
  item_ids: z.array(zId("内容"), { message: "请选择要加入的内容" }).min(1, "请选择要加入的内容").max(50, "一次最多加入 50 项"),
  note: zOptText("推荐语", 200),
});
export type TopicItemsAddPayload = z.input<typeof TopicItemsAddPayload>;
/** /v2/topic/items/remove: topic_item ids. */
export const TopicItemsRemovePayload = z.object({
  id: zId("专题"),
  item_ids: z.array(zId("条目"), { message: "请选择要移除的条目" }).min(1, "请选择要移除的条目").max(TOPIC_MAX_ITEMS),
});
export type TopicItemsRemovePayload = z.input<typeof TopicItemsRemovePayload>;
/** /v2/topic/items/sort: every topic_item id of the topic, in the new order. */
export const TopicItemsSortPayload = z.object({
  id: zId("专题"),
  item_ids: z.array(zId("条目"), { message: "请给出条目顺序" }).min(1, "请给出条目顺序").max(TOPIC_MAX_ITEMS),
});
export type TopicItemsSortPayload = z.input<typeof TopicItemsSortPayload>;
/** /v2/topic/candidates */
export const TopicCandidatesPayload = z.object({
  page: zPage,
  limit: zLimit,
  item_type: zItemType,
  keyword: zOptText("关键词", 60),
  /** Leaves out what topic `id` already holds. */
  id: zOptId("专题"),
});
export type TopicCandidatesPayload = z.input<typeof TopicCandidatesPayload>;

/** /web/topic/list */
export const WebTopicListPayload = z.object({
  page: zPage,
  limit: zLimit,
  keyword: zOptText("关键词", 60),
  school_id: zOptId("学校"),
  period_id: zOptId("学段"),
  subject_id: zOptId("学科"),
  /** Only topics holding at least one item of this type (4: the 专题评课 page). */
  item_type: z.preprocess(blankToUndef, zItemType.optional()),
});
export type WebTopicListPayload = z.input<typeof WebTopicListPayload>;
/** /web/topic/detail */
export const WebTopicDetailPayload = z.object({
  id: zId("专题"),
  /** 0: a read that is not a visit (the player page, 专题评课) — the view count stays. Default 1. */
  view: z.preprocess(blankToUndef, z.coerce.number().int().min(0, "view 只能是 0 或 1").max(1, "view 只能是 0 或 1").default(1)).describe("计入浏览"),
});
export type WebTopicDetailPayload = z.input<typeof WebTopicDetailPayload>;
/** /web/topic/events: review activities whose dates meet [start, end] (YYYY-MM-DD; default: this month ± 1). */
export const WebTopicEventsPayload = z.object({
  start: z
    .preprocess(
      blankToUndef,
      z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "开始日期格式应为 YYYY-MM-DD")
        .optional(),
    )
    .describe("开始日期"),
  end: z
    .preprocess(
      blankToUndef,
      z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "结束日期格式应为 YYYY-MM-DD")
        .optional(),
    )
    .describe("结束日期"),
});
export type WebTopicEventsPayload = z.input<typeof WebTopicEventsPayload>;

/** /web/video/list */
export const WebVideoListPayload = z.object({
  page: zPage,
  limit: zLimit,
  keyword: zOptText("关键词", 60),
  period_id: zOptId("学段"),
  subject_id: zOptId("学科"),
  grade_id: zOptId("年级"),
  school_id: zOptId("学校"),
  account_id: zOptId("教师"),
  /** Only the videos of this published topic. */
  topic_id: zOptId("专题"),
});
export type WebVideoListPayload = z.input<typeof WebVideoListPayload>;
/** /web/video/filters: within a period when given. */
export const WebVideoFiltersPayload = z.object({ period_id: zOptId("学段") });
export type WebVideoFiltersPayload = z.input<typeof WebVideoFiltersPayload>;
/** /web/video/play */
export const WebVideoPlayPayload = z.object({ id: zId("视频") });
export type WebVideoPlayPayload = z.input<typeof WebVideoPlayPayload>;

// ---------------------------------------------------------------------------------------------------------
// Answers

export interface TopicRow {
  id: number;
  title: string;
  description: string;
  cover_url: string;
  school_id: number;
  school_name: string;
  region_code: string;
  period_id: number;
  period_name: string;
  subject_id: number;
  subject_name: string;
  account_id: number;
  account_name: string;
  status: number;
  status_name: string;
  sort: number;
  view_count: number;
  /** Items (the management list: all of them; the front site: those anyone signed in may see). */
  item_count: number;
  /** Items per type, e.g. {1: 3, 4: 2}. */
  type_counts: Record<number, number>;
  created_at: string;
  updated_at: string;
}

/** An item resolved to a card. */
export interface TopicItemCard {
  /** topic_item.id */
  id: number;
  item_type: number;
  type_name: string;
  item_id: number;
  note: string;
  sort: number;
  name: string;
  cover_url: string;
  teacher_name: string;
  school_name: string;
  subject_name: string;
  /** Seconds; 0 when not a video. */
  duration: number;
  /** The public video to play in /foreground/topicPageVideo (0 = none). */
  video_id: number;
  /** The page the card opens (a hash route path with its query), "" = none. */
  link: string;
  /** 4 听评课: submitted evaluations and their mean total score (null when none). */
  eval_count: number;
  eval_score: number | null;
  /** The management view: false when the thing is gone or not public (the front site leaves such items out). */
  visible: boolean;
  created_at: string;
}

export interface TopicDetail extends TopicRow {
  items: TopicItemCard[];
  /** The caller may edit it (management view). */
  can_manage: boolean;
}

/** /v2/topic/candidates */
export interface TopicCandidate {
  item_type: number;
  item_id: number;
  name: string;
  cover_url: string;
  teacher_name: string;
  school_name: string;
  subject_name: string;
  duration: number;
  /** 公开 / 本校 / 草稿 … why the caller may add it. */
  state: string;
  created_at: string;
}

/** /web/video/list: one public video as a card. */
export interface WebVideoCard {
  id: number;
  name: string;
  thumbnail_url: string;
  duration: number;
  account_id: number;
  account_name: string;
  school_id: number;
  school_name: string;
  period_id: number;
  period_name: string;
  subject_id: number;
  subject_name: string;
  grade_id: number;
  grade_name: string;
  /** Published topics holding it (for the by-topic series). */
  topics: { id: number; title: string }[];
  created_at: string;
}

/** /web/topic/events: a review activity on the hub. */
export interface TopicEventRow {
  id: number;
  title: string;
  cover_url: string;
  phase: number;
  phase_name: string;
  school_name: string;
  signup_start: string;
  signup_end: string;
  submit_end: string;
  review_end: string;
  work_count: number;
  /** /foreground/activityCourseDetails?id= (the activity's page) */
  link: string;
}
export interface TopicEventsAnswer {
  reviews: TopicEventRow[];
}

/** One filter option with the number of public videos it has. */
export interface WebVideoOption {
  id: number;
  name: string;
  count: number;
}
/** /web/video/filters */
export interface WebVideoFilters {
  periods: WebVideoOption[];
  subjects: WebVideoOption[];
  grades: WebVideoOption[];
  schools: WebVideoOption[];
  teachers: WebVideoOption[];
}

/** The calls of TOPIC_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const TOPIC = {
  topicList: call<Page<TopicRow>>()(TOPIC_CALLS.topicList, TopicListPayload),
  topicDetail: call<TopicDetail>()(TOPIC_CALLS.topicDetail, TopicIdPayload),
  topicSave: call<TopicRow>()(TOPIC_CALLS.topicSave, TopicSavePayload),
  topicUpdate: call<TopicRow>()(TOPIC_CALLS.topicUpdate, TopicUpdatePayload),
  topicDelete: call<{ id: number }>()(TOPIC_CALLS.topicDelete, TopicIdPayload),
  topicSetStatus: call<TopicRow>()(TOPIC_CALLS.topicSetStatus, TopicSetStatusPayload),
  topicItemsAdd: call<TopicDetail>()(TOPIC_CALLS.topicItemsAdd, TopicItemsAddPayload),
  topicItemsRemove: call<TopicDetail>()(TOPIC_CALLS.topicItemsRemove, TopicItemsRemovePayload),
  topicItemsSort: call<TopicDetail>()(TOPIC_CALLS.topicItemsSort, TopicItemsSortPayload),
  topicCandidates: call<Page<TopicCandidate>>()(TOPIC_CALLS.topicCandidates, TopicCandidatesPayload),
  webTopicList: call<Page<TopicRow>>()(TOPIC_CALLS.webTopicList, WebTopicListPayload),
  webTopicDetail: call<TopicDetail>()(TOPIC_CALLS.webTopicDetail, WebTopicDetailPayload),
  webTopicEvents: call<TopicEventsAnswer>()(TOPIC_CALLS.webTopicEvents, WebTopicEventsPayload),
  webVideoList: call<Page<WebVideoCard>>()(TOPIC_CALLS.webVideoList, WebVideoListPayload),
  webVideoPlay: call<VideoRow>()(TOPIC_CALLS.webVideoPlay, WebVideoPlayPayload),
  webVideoFilters: call<WebVideoFilters>()(TOPIC_CALLS.webVideoFilters, WebVideoFiltersPayload),
} as const;

/**
 * Review activities (评课活动) and their works, reviewers and scores (issue #11; docs/api/review.md).
 *
 * An activity moves through phases 0 草稿 → 1 报名 → 2 提交作品 → 3 评审 → 4 结果公示 (setPhase, one step forward or
 * back). Teachers within its scope sign up (phase 1) and submit one work each (phase 2: a lesson video of #6 and
 * documents of #5); the managers pick a reviewer pool and allocate reviewers to works (by hand, or evenly at random);
 * the assigned reviewers score each work against the items of the activity's indicator scheme (lecture_indicator, #9)
 * in phase 3; publishing the results (→ phase 4) ranks the works by their mean weighted total.
 *
 * `/web/review_activity/*` are the public reads (anonymous visitors see published activities: phase ≥ 1);
 * `/v2/review_activity/*` manage an activity and carry the reviewers' work.
 */
import { z } from "zod";
import { blankToUndef, zDateOrTime, zId, zLimit, zOptId, zOptText, zPage, zTitle100 } from "./common.js";
import type { ListenSchemeNode } from "./listen.js";
import type { VideoRow } from "./video.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";

export const REVIEW_CALLS = {
  /** new: published activities (phase ≥ 1) by phase, subject and keyword (no login) */ webReviewList: "/web/review_activity/list",
  /** new: one activity with its scheme and what the caller may do there */ webReviewDetail: "/web/review_activity/detail",
  /** new: the works of an activity (phase ≥ 2; scores and ranks in phase 4) */ webReviewWorkList: "/web/review_activity/work/list",
  /** new: one work: video, documents, author; the assigned reviewer's scores; results in phase 4 */ webReviewWorkDetail: "/web/review_activity/work/detail",
  /** new: the ranked results (phase 4) */ webReviewResults: "/web/review_activity/results",
  /** new: the activities the caller manages (drafts included) */ reviewList: "/v2/review_activity/list",
  /** new */ reviewSave: "/v2/review_activity/save",
  /** new: only the fields sent change */ reviewUpdate: "/v2/review_activity/update",
  /** new: a draft, or an activity without works */ reviewDelete: "/v2/review_activity/delete",
  /** new: one phase forward or back */ reviewSetPhase: "/v2/review_activity/setPhase",
  /** new: a teacher signs up (phase 1) */ reviewSignup: "/v2/review_activity/signup",
  /** new: the sign-ups (managers) */ reviewSignupList: "/v2/review_activity/signup/list",
  /** new: the signed-up teacher submits his work (phase 2) */ reviewWorkSave: "/v2/review_activity/work/save",
  /** new */ reviewWorkUpdate: "/v2/review_activity/work/update",
  /** new: the author (or a manager) withdraws a work (phase 2) */ reviewWorkWithdraw: "/v2/review_activity/work/withdraw",
  /** new: the reviewer pool (managers) */ reviewReviewers: "/v2/review_activity/reviewers",
  /** new: replaces the reviewer pool */ reviewReviewersSet: "/v2/review_activity/reviewers/set",
  /** new: mode 1 one work's reviewers by hand; mode 2 evenly at random */ reviewAllocate: "/v2/review_activity/allocate",
  /** new: the work × reviewer matrix with each reviewer's progress (managers) */ reviewAllocation: "/v2/review_activity/allocation",
  /** new: the caller's assigned works and their state */ reviewScoreMine: "/v2/review_activity/score/mine",
  /** new: a draft or a submitted score of one assigned work (phase 3) */ reviewScoreSave: "/v2/review_activity/score/save",
} as const;

export const REVIEW_PHASES = { draft: 0, signup: 1, submit: 2, review: 3, result: 4 } as const;
export const REVIEW_PHASE_NAMES: Readonly<Record<number, string>> = { 0: "草稿", 1: "报名", 2: "提交作品", 3: "评审", 4: "结果公示" };
export const REVIEW_ALLOCATE_MODES: Readonly<Record<number, string>> = { 1: "手动分配", 2: "随机平均分配" };
/** review_work.status */
export const REVIEW_WORK_STATUS = { submitted: 1, withdrawn: 2 } as const;
/** The state of one assignment. */
export const REVIEW_SCORE_STATES: Readonly<Record<string, string>> = { todo: "未评分", draft: "草稿", submitted: "已提交" };
export type ReviewScoreState = "todo" | "draft" | "submitted";

const zPhase = z.coerce
  .number({ message: "阶段必须是数字" })
  .int("阶段必须是整数")
  .min(0, "阶段只能是 0 草稿、1 报名、2 提交作品、3 评审、4 结果公示")
  .max(4, "阶段只能是 0 草稿、1 报名、2 提交作品、3 评审、4 结果公示")
  .describe("阶段");
const zMode = z.coerce
  .number()
  .int()
  .refine((v) => v === 1 || v === 2, "分配方式只能是 1 手动分配 或 2 随机平均分配")
  .describe("分配方式");
const zPerWork = z.coerce
  .number({ message: "每件作品评审人数必须是数字" })
  .int("每件作品评审人数必须是整数")
  .min(1, "每件作品评审人数至少为 1")
  .max(20, "每件作品评审人数不能超过 20")
  .describe("每件作品评审人数");
const zIds = (label: string, max: number) =>
  z
    .array(z.coerce.number().int("必须是整数").positive("必须大于 0"), { message: `${label}须为编号数组` })
    .max(max, `${label}不能超过 ${max} 个`)
    .describe(label);

/** webReviewList (public) and reviewList (managed; phase 0 included). */
export const ReviewListPayload = z.object({
  page: zPage,
  limit: zLimit,
  phase: z.preprocess(blankToUndef, zPhase.optional()),
  subject_id: zOptId("学科"),
  period_id: zOptId("学段"),
  keyword: zOptText("关键词", 60),
});
export type ReviewListPayload = z.input<typeof ReviewListPayload>;

export const ReviewIdPayload = z.object({ id: zId("活动") });
export type ReviewIdPayload = z.input<typeof ReviewIdPayload>;

/**
 * reviewSave: scope — school_id (a school), else region_code (a district), else the whole platform; it must lie
 * within the caller's management scope (a school administrator: his school by default).
 */
export const ReviewSavePayload = z.object({
  title: zTitle100("活动名称"),
  introduce: z.string().trim().max(5000, "活动介绍不能超过 5000 个字符").default("").describe("活动介绍"),
  cover_url: z.string().trim().max(1000, "封面地址过长").default("").describe("封面"),
  school_id: zOptId("学校"),
  region_code: zOptText("区域编码", 12),
  period_id: zOptId("学段"),
  subject_id: zOptId("学科"),
  indicator_id: zId("评价量表").describe("评价量表"),
  signup_start: zDateOrTime("报名开始"),
  signup_end: zDateOrTime("报名截止"),
  submit_end: zDateOrTime("作品提交截止"),
  review_end: zDateOrTime("评审截止"),
  reviewers_per_work: zPerWork.default(2),
  allocate_mode: zMode.default(2),
});
export type ReviewSavePayload = z.input<typeof ReviewSavePayload>;

/** reviewUpdate: only the fields sent change; the scheme only in phases 0–2; the scope only in phase 0. */
export const ReviewUpdatePayload = z.object({
  id: zId("活动"),
  title: zTitle100("活动名称").optional(),
  introduce: z.string().trim().max(5000, "活动介绍不能超过 5000 个字符").optional().describe("活动介绍"),
  cover_url: z.string().trim().max(1000, "封面地址过长").optional().describe("封面"),
  school_id: zOptId("学校"),
  region_code: z.string().trim().max(12, "区域编码不能超过 12 个字符").optional().describe("区域编码"),
  period_id: zOptId("学段"),
  subject_id: zOptId("学科"),
  indicator_id: zId("评价量表").optional(),
  signup_start: zDateOrTime("报名开始"),
  signup_end: zDateOrTime("报名截止"),
  submit_end: zDateOrTime("作品提交截止"),
  review_end: zDateOrTime("评审截止"),
  reviewers_per_work: zPerWork.optional(),
  allocate_mode: zMode.optional(),
});
export type ReviewUpdatePayload = z.input<typeof ReviewUpdatePayload>;

/** reviewSetPhase: phase must be the current one ± 1. */
export const ReviewSetPhasePayload = z.object({ id: zId("活动"), phase: zPhase });
export type ReviewSetPhasePayload = z.input<typeof ReviewSetPhasePayload>;

export const ReviewActivityPagePayload = z.object({ id: zId("活动"), page: zPage, limit: zLimit, keyword: zOptText("关键词", 60) });
export type ReviewActivityPagePayload = z.input<typeof ReviewActivityPagePayload>;

/** reviewWorkSave: a video of the caller's own (#6) and stored files of his own (#5). */
export const ReviewWorkSavePayload = z.object({
  activity_id: zId("活动"),
  title: zTitle100("作品名称"),
  introduce: z.string().trim().max(2000, "作品简介不能超过 2000 个字符").default("").describe("作品简介"),
  subject_id: zOptId("学科"),
  grade_id: zOptId("年级"),
  video_id: z.coerce.number({ message: "请选择参评课例视频" }).int("必须是整数").positive("请选择参评课例视频").describe("课例视频"),
  file_ids: zIds("文档", 20).default([]),
});
export type ReviewWorkSavePayload = z.input<typeof ReviewWorkSavePayload>;

export const ReviewWorkUpdatePayload = z.object({
  id: zId("作品"),
  title: zTitle100("作品名称").optional(),
  introduce: z.string().trim().max(2000, "作品简介不能超过 2000 个字符").optional().describe("作品简介"),
  subject_id: zOptId("学科"),
  grade_id: zOptId("年级"),
  video_id: z.coerce.number({ message: "请选择参评课例视频" }).int("必须是整数").positive("请选择参评课例视频").optional().describe("课例视频"),
  file_ids: zIds("文档", 20).optional(),
});
export type ReviewWorkUpdatePayload = z.input<typeof ReviewWorkUpdatePayload>;

export const ReviewWorkIdPayload = z.object({ id: zId("作品") });
export type ReviewWorkIdPayload = z.input<typeof ReviewWorkIdPayload>;

/** webReviewWorkList: order "new" (default) or "rank" (phase 4). */
export const ReviewWorkListPayload = z.object({
  activity_id: zId("活动"),
  page: zPage,
  limit: zLimit,
  keyword: zOptText("关键词", 60),
  order: z.preprocess(blankToUndef, z.enum(["new", "rank"], { message: "排序只能是 new 或 rank" }).optional()).describe("排序"),
});
export type ReviewWorkListPayload = z.input<typeof ReviewWorkListPayload>;

/** reviewReviewersSet: the whole pool (replaces the previous one). */
export const ReviewReviewersSetPayload = z.object({ id: zId("活动"), account_ids: zIds("评审专家", 200) });
export type ReviewReviewersSetPayload = z.input<typeof ReviewReviewersSetPayload>;

/** reviewAllocate: mode 1 sets one work's reviewers (work_id, reviewer_ids); mode 2 allocates every work at random. */
export const ReviewAllocatePayload = z
  .object({
    id: zId("活动"),
    mode: zMode,
    work_id: zOptId("作品"),
    reviewer_ids: zIds("评审专家", 20).optional(),
  })
  .refine((p) => p.mode === 2 || (Boolean(p.work_id) && p.reviewer_ids !== undefined), { message: "手动分配需指定作品与评审专家", path: ["work_id"] });
export type ReviewAllocatePayload = z.input<typeof ReviewAllocatePayload>;

export const ReviewScoreMinePayload = z.object({ activity_id: zOptId("活动") });
export type ReviewScoreMinePayload = z.input<typeof ReviewScoreMinePayload>;

/** reviewScoreSave: scores {item id → score}; submit true requires every item of the scheme. */
export const ReviewScoreSavePayload = z.object({
  work_id: zId("作品"),
  scores: z
    .record(z.string().regex(/^\d+$/, "评分项编号必须是数字"), z.coerce.number({ message: "分数必须是数字" }).finite("分数必须是数字"), {
      message: "请填写评分",
    })
    .default({})
    .describe("各项分数"),
  comment: z.string().trim().max(2000, "评语不能超过 2000 个字符").default("").describe("评语"),
  submit: z
    .preprocess(
      (v) => (v === "true" || v === 1 || v === "1" ? true : v === "false" || v === 0 || v === "0" ? false : v),
      z.boolean({ message: "submit 只能是 true 或 false" }).default(false),
    )
    .describe("提交"),
});
export type ReviewScoreSavePayload = z.input<typeof ReviewScoreSavePayload>;

// ---------------------------------------------------------------------------------------------------------
// Answers (times "YYYY-MM-DD HH:mm:ss", Asia/Shanghai)

export interface ReviewActivityRow {
  id: number;
  title: string;
  introduce: string;
  cover_url: string;
  school_id: number;
  school_name: string;
  region_code: string;
  region_name: string;
  /** 全平台, the district's or the school's name. */
  scope_name: string;
  period_id: number;
  period_name: string;
  subject_id: number;
  subject_name: string;
  indicator_id: number;
  indicator_name: string;
  phase: number;
  phase_name: string;
  signup_start: string;
  signup_end: string;
  submit_end: string;
  review_end: string;
  reviewers_per_work: number;
  allocate_mode: number;
  account_id: number;
  account_name: string;
  view_count: number;
  signup_count: number;
  work_count: number;
  reviewer_count: number;
  created_at: string;
  updated_at: string;
}

/** What the caller may do in an activity (anonymous: all false). */
export interface ReviewMe {
  logged_in: boolean;
  is_manager: boolean;
  signed_up: boolean;
  /** Within the activity's scope and a teacher (sign-up allowed in phase 1). */
  eligible: boolean;
  /** Why the caller may not sign up ("" when he may or has). */
  signup_hint: string;
  /** The caller's submitted work (0 when none). */
  my_work_id: number;
  is_reviewer: boolean;
  assigned_count: number;
  submitted_count: number;
}

export interface ReviewDetail extends ReviewActivityRow {
  /** The indicator scheme (dimensions → items), null when missing. */
  scheme: ListenSchemeNode | null;
  me: ReviewMe;
}

export interface ReviewSignupRow {
  id: number;
  account_id: number;
  account_name: string;
  school_id: number;
  school_name: string;
  /** The signed-up teacher's work (0 when none yet). */
  work_id: number;
  work_title: string;
  created_at: string;
}

export interface ReviewDocument {
  id: number;
  file_name: string;
  file_type: string;
  size: number;
  /** A signed address that reads the file for a while without a token. */
  url: string;
}

export interface ReviewWorkRow {
  id: number;
  activity_id: number;
  account_id: number;
  account_name: string;
  school_id: number;
  school_name: string;
  title: string;
  introduce: string;
  subject_id: number;
  subject_name: string;
  grade_id: number;
  grade_name: string;
  video_id: number;
  file_count: number;
  cover_url: string;
  status: number;
  view_count: number;
  /** Mean of the submitted totals — only in phase 4 (null before, or when nobody scored it). */
  score: number | null;
  /** Only in phase 4 (null before, or unscored). */
  rank: number | null;
  created_at: string;
}

/** The per-item results of one work (phase 4). */
export interface ReviewItemMean {
  indicator_id: number;
  name: string;
  dimension: string;
  min_score: number;
  max_score: number;
  /** null when no submitted score covers the item. */
  mean: number | null;
}

/** The assigned reviewer's own score of a work. */
export interface ReviewMyScore {
  scores: Record<string, number>;
  comment: string;
  total: number | null;
  state: ReviewScoreState;
  submitted_at: string;
  /** May still change it (phase 3). */
  editable: boolean;
}

export interface ReviewWorkDetail {
  work: ReviewWorkRow;
  activity: ReviewActivityRow;
  /** The lesson video with signed play addresses; null without one (video_id 0) or when it is gone. */
  video: VideoRow | null;
  documents: ReviewDocument[];
  scheme: ListenSchemeNode | null;
  /** The caller's assignment (null unless he is one of its reviewers). */
  my_score: ReviewMyScore | null;
  /** Phase 4: per-item means, reviewer count (null before). */
  result: { score: number | null; rank: number | null; reviewer_count: number; items: ReviewItemMean[] } | null;
  is_author: boolean;
  is_manager: boolean;
}

export interface ReviewResultRow {
  rank: number | null;
  work_id: number;
  title: string;
  account_id: number;
  account_name: string;
  school_name: string;
  cover_url: string;
  score: number | null;
  reviewer_count: number;
  items: ReviewItemMean[];
}

export interface ReviewResults {
  activity: ReviewActivityRow;
  list: ReviewResultRow[];
}

export interface ReviewReviewerRow {
  account_id: number;
  realname: string;
  username: string;
  school_id: number;
  school_name: string;
  assigned: number;
  submitted: number;
}

export interface ReviewReviewers {
  list: ReviewReviewerRow[];
}

/** One cell of the allocation matrix. */
export interface ReviewAssignment {
  work_id: number;
  reviewer_id: number;
  state: ReviewScoreState;
  total: number | null;
}

export interface ReviewAllocation {
  works: { id: number; title: string; account_id: number; account_name: string }[];
  reviewers: ReviewReviewerRow[];
  assignments: ReviewAssignment[];
}

export interface ReviewAllocateAnswer {
  /** Assignments made by this call. */
  created: number;
  /** Unscored assignments this call replaced. */
  removed: number;
  /** Assignments kept because their reviewer had started scoring. */
  kept: number;
  assignments: ReviewAssignment[];
}

export interface ReviewMineRow {
  activity_id: number;
  activity_title: string;
  phase: number;
  work_id: number;
  work_title: string;
  account_name: string;
  school_name: string;
  cover_url: string;
  state: ReviewScoreState;
  total: number | null;
  updated_at: string;
}

export interface ReviewScoreAnswer {
  work_id: number;
  total: number;
  state: ReviewScoreState;
  submitted_at: string;
}

export interface ReviewSetPhaseAnswer {
  id: number;
  phase: number;
  phase_name: string;
  /** Publishing (→ 4): the works ranked. */
  ranked: number;
}

/** The calls of REVIEW_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const REVIEW = {
  webReviewList: call<Page<ReviewActivityRow>>()(REVIEW_CALLS.webReviewList, ReviewListPayload),
  webReviewDetail: call<ReviewDetail>()(REVIEW_CALLS.webReviewDetail, ReviewIdPayload),
  webReviewWorkList: call<Page<ReviewWorkRow>>()(REVIEW_CALLS.webReviewWorkList, ReviewWorkListPayload),
  webReviewWorkDetail: call<ReviewWorkDetail>()(REVIEW_CALLS.webReviewWorkDetail, ReviewWorkIdPayload),
  webReviewResults: call<ReviewResults>()(REVIEW_CALLS.webReviewResults, ReviewIdPayload),
  reviewList: call<Page<ReviewActivityRow>>()(REVIEW_CALLS.reviewList, ReviewListPayload),
  reviewSave: call<ReviewActivityRow>()(REVIEW_CALLS.reviewSave, ReviewSavePayload),
  reviewUpdate: call<ReviewActivityRow>()(REVIEW_CALLS.reviewUpdate, ReviewUpdatePayload),
  reviewDelete: call<{ id: number }>()(REVIEW_CALLS.reviewDelete, ReviewIdPayload),
  reviewSetPhase: call<ReviewSetPhaseAnswer>()(REVIEW_CALLS.reviewSetPhase, ReviewSetPhasePayload),
  reviewSignup: call<{ id: number; activity_id: number }>()(REVIEW_CALLS.reviewSignup, ReviewIdPayload),
  reviewSignupList: call<Page<ReviewSignupRow>>()(REVIEW_CALLS.reviewSignupList, ReviewActivityPagePayload),
  reviewWorkSave: call<ReviewWorkRow>()(REVIEW_CALLS.reviewWorkSave, ReviewWorkSavePayload),
  reviewWorkUpdate: call<ReviewWorkRow>()(REVIEW_CALLS.reviewWorkUpdate, ReviewWorkUpdatePayload),
  reviewWorkWithdraw: call<{ id: number }>()(REVIEW_CALLS.reviewWorkWithdraw, ReviewWorkIdPayload),
  reviewReviewers: call<ReviewReviewers>()(REVIEW_CALLS.reviewReviewers, ReviewIdPayload),
  reviewReviewersSet: call<ReviewReviewers>()(REVIEW_CALLS.reviewReviewersSet, ReviewReviewersSetPayload),
  reviewAllocate: call<ReviewAllocateAnswer>()(REVIEW_CALLS.reviewAllocate, ReviewAllocatePayload),
  reviewAllocation: call<ReviewAllocation>()(REVIEW_CALLS.reviewAllocation, ReviewIdPayload),
  reviewScoreMine: call<{ list: ReviewMineRow[] }>()(REVIEW_CALLS.reviewScoreMine, ReviewScoreMinePayload),
  reviewScoreSave: call<ReviewScoreAnswer>()(REVIEW_CALLS.reviewScoreSave, ReviewScoreSavePayload),
} as const;

/**
 * Routes of review activities (评课活动; issue #11; docs/api/review.md). `/web/review_activity/*` are public reads
 * (a token, when sent, adds what the caller may do); `/v2/review_activity/*` need a session.
 */
import {
  REVIEW_CALLS as C,
  ReviewActivityPagePayload,
  ReviewAllocatePayload,
  ReviewIdPayload,
  ReviewListPayload,
  ReviewReviewersSetPayload,
  ReviewSavePayload,
  ReviewScoreMinePayload,
  ReviewScoreSavePayload,
  ReviewSetPhasePayload,
  ReviewUpdatePayload,
  ReviewWorkIdPayload,
  ReviewWorkListPayload,
  ReviewWorkSavePayload,
  ReviewWorkUpdatePayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallerLookup, type CallHost, defineCall } from "../../http/call.js";
import type { FrontSiteDeps } from "../site-deps.js";
import type { Caller } from "../../http/caller.js";

export function reviewRoutes(app: FastifyInstance, host: CallHost, deps: FrontSiteDeps): void {
  const s = deps.site.reviews;
  const maybe = (caller: CallerLookup): Promise<Caller | null> => caller().catch(() => null);

  // ── public reads ──
  defineCall(app, host, {
    id: "new",
    path: C.webReviewList,
    summary: "评课活动列表（公开）：已发布的活动（报名及以后阶段），按阶段、学段、学科、关键词筛选；进行中的在前",
    access: "public",
    schema: ReviewListPayload,
    handler: async ({ payload }) => s.publicList(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webReviewDetail,
    summary: "评课活动详情：活动信息、评价量表（维度与评分项）、调用者可做的事（报名、我的作品、我的评审任务）；草稿仅组织者可见",
    access: "public",
    schema: ReviewIdPayload,
    handler: async ({ payload, caller }) => s.detail(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webReviewWorkList,
    summary: "参评作品列表：提交作品阶段起公开（标题、作者、学校、封面）；结果公示阶段才有得分与名次（order=rank 按名次）",
    access: "public",
    schema: ReviewWorkListPayload,
    handler: async ({ payload, caller }) => s.workList(await maybe(caller), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webReviewWorkDetail,
    summary: "参评作品详情：课例视频（签名播放地址）、文档、作者；分配给调用者的评分；结果公示阶段的各项平均分与名次",
    access: "public",
    schema: ReviewWorkIdPayload,
    handler: async ({ payload, caller }) => s.workDetail(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webReviewResults,
    summary: "评审结果（仅结果公示阶段）：按平均总分排名的作品（同分同名次）、各评分项平均分、评审人数",
    access: "public",
    schema: ReviewIdPayload,
    handler: async ({ payload, caller }) => s.results(await maybe(caller), payload.id),
  });

  // ── managing ──
  defineCall(app, host, {
    id: "new",
    path: C.reviewList,
    summary: "我管理的评课活动（含草稿）：创建者本人的，及管理范围（本校、本区域、全平台）内的",
    access: "user",
    schema: ReviewListPayload,
    handler: async ({ payload, caller }) => s.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewSave,
    summary: "创建评课活动（草稿）：范围为学校、区域或全平台，须在调用者的管理范围内；评价量表须为平台或本校启用的量表",
    access: "user",
    schema: ReviewSavePayload,
    message: "已创建",
    handler: async ({ payload, caller }) => s.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewUpdate,
    summary: "修改评课活动（只改所传字段）：范围仅草稿可改，评审开始后不能更换量表",
    access: "user",
    schema: ReviewUpdatePayload,
    message: "已保存",
    handler: async ({ payload, sent, caller }) => s.update(await caller(), payload, sent),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewDelete,
    summary: "删除评课活动：草稿，或尚无参评作品的活动（连同报名与评审库）",
    access: "user",
    schema: ReviewIdPayload,
    message: "已删除",
    handler: async ({ payload, caller }) => s.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewSetPhase,
    summary: "切换阶段（前进或后退一步）：发布需有效量表；进入评审需至少一件作品；结果公示计算平均分与名次；退回评审清除名次",
    access: "user",
    schema: ReviewSetPhasePayload,
    handler: async ({ payload, caller }) => s.setPhase(await caller(), payload.id, payload.phase),
  });

  // ── sign-ups and works ──
  defineCall(app, host, {
    id: "new",
    path: C.reviewSignup,
    summary: "报名（教师，报名阶段，活动范围内的学校）",
    access: "user",
    schema: ReviewIdPayload,
    message: "报名成功",
    handler: async ({ payload, caller }) => s.signup(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewSignupList,
    summary: "报名名单（组织者）：教师、学校、已提交的作品",
    access: "user",
    schema: ReviewActivityPagePayload,
    handler: async ({ payload, caller }) => s.signups(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewWorkSave,
    summary: "提交参评作品（已报名的教师，作品提交阶段）：自己的课例视频、自己上传的文档、标题、简介、学科、年级；每人一件",
    access: "user",
    schema: ReviewWorkSavePayload,
    message: "作品已提交",
    handler: async ({ payload, caller }) => s.workSave(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewWorkUpdate,
    summary: "修改参评作品（作者，作品提交阶段；只改所传字段）",
    access: "user",
    schema: ReviewWorkUpdatePayload,
    message: "已保存",
    handler: async ({ payload, sent, caller }) => s.workUpdate(await caller(), payload, sent),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewWorkWithdraw,
    summary: "撤回参评作品（作者或组织者，作品提交阶段），其评审分配一并取消",
    access: "user",
    schema: ReviewWorkIdPayload,
    message: "已撤回",
    handler: async ({ payload, caller }) => s.workWithdraw(await caller(), payload.id),
  });

  // ── reviewers, allocation, scores ──
  defineCall(app, host, {
    id: "new",
    path: C.reviewReviewers,
    summary: "评审库（组织者）：评审专家及各自的分配数与已提交数",
    access: "user",
    schema: ReviewIdPayload,
    handler: async ({ payload, caller }) => s.reviewers(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewReviewersSet,
    summary: "设置评审库（整体替换）：移出的专家未开始的评分任务一并取消，已开始评分的不能移出",
    access: "user",
    schema: ReviewReviewersSetPayload,
    message: "已保存",
    handler: async ({ payload, caller }) => s.reviewersSet(await caller(), payload.id, payload.account_ids),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewAllocate,
    summary:
      "分配评审（作品提交或评审阶段）：mode 1 为一件作品指定评审（work_id, reviewer_ids）；mode 2 随机平均分配：每件作品 reviewers_per_work 位不同评审、不含作者、各评审任务数相差不超过 1；重新分配只替换未开始评分的任务",
    access: "user",
    schema: ReviewAllocatePayload,
    message: "分配完成",
    handler: async ({ payload, caller }) => s.allocateCall(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewAllocation,
    summary: "分配矩阵（组织者）：作品 × 评审的任务与状态，各评审的进度",
    access: "user",
    schema: ReviewIdPayload,
    handler: async ({ payload, caller }) => s.allocation(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewScoreMine,
    summary: "我的评审任务：分配给调用者的作品及评分状态（可按活动筛选）",
    access: "user",
    schema: ReviewScoreMinePayload,
    handler: async ({ payload, caller }) => s.mine(await caller(), payload.activity_id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reviewScoreSave,
    summary:
      "保存评分（评审阶段，被分配的评审）：各评分项在量表分值范围内，按量表权重折算为 100 分制总分；submit=true 提交（须每项都评），否则存为草稿；结果公示前可修改",
    access: "user",
    schema: ReviewScoreSavePayload,
    message: "已保存",
    handler: async ({ payload, caller }) => s.scoreSave(await caller(), payload),
  });
}

/**
 * Routes of topics (专题), the public video lists and the teaching-events hub (issue #11; docs/api/topic.md).
 *
 * /v2/topic/*: the management calls (资源中心 → 专题管理) — administrators over the topic's scope and its creator;
 * teachers are refused (403, docs/decisions/1130). /web/topic/* and /web/video/{list,play}: public reads that only
 * ever show published topics and public videos (docs/decisions/1131, 1132); the front pages that use them need login
 * (the route guard), the calls do not.
 */
import {
  TOPIC_CALLS as C,
  TopicCandidatesPayload,
  TopicIdPayload,
  TopicItemsAddPayload,
  TopicItemsRemovePayload,
  TopicItemsSortPayload,
  TopicListPayload,
  TopicSavePayload,
  TopicSetStatusPayload,
  TopicUpdatePayload,
  WebTopicDetailPayload,
  WebTopicEventsPayload,
  WebTopicListPayload,
  WebVideoFiltersPayload,
  WebVideoListPayload,
  WebVideoPlayPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallerLookup, type CallHost, defineCall } from "../../http/call.js";
import type { FrontSiteDeps } from "../site-deps.js";
import type { Caller } from "../../http/caller.js";

export function topicRoutes(app: FastifyInstance, host: CallHost, deps: FrontSiteDeps): void {
  const s = deps.site.topics;
  const maybe = (caller: CallerLookup): Promise<Caller | null> => caller().catch(() => null);

  // ── management ──
  defineCall(app, host, {
    id: "new",
    path: C.topicList,
    summary: "专题管理列表：调用者创建的与其管理范围内（本校、本区县、全平台）的专题，含草稿；按名称、状态、学校筛选",
    access: "user",
    schema: TopicListPayload,
    handler: async ({ payload, caller }) => s.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.topicDetail,
    summary: "专题详情（管理）：专题与全部条目，visible 标明前台是否展示",
    access: "user",
    schema: TopicIdPayload,
    handler: async ({ payload, caller }) => s.detail(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.topicSave,
    summary: "新建专题（草稿）：学校管理员为本校，区县管理员为区县或其下学校，平台管理员不限；教师不能创建",
    access: "user",
    schema: TopicSavePayload,
    handler: async ({ payload, caller }) => s.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.topicUpdate,
    summary: "修改专题：只改传入的字段",
    access: "user",
    schema: TopicUpdatePayload,
    handler: async ({ payload, caller }) => s.update(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.topicDelete,
    summary: "删除专题及其条目",
    access: "user",
    schema: TopicIdPayload,
    handler: async ({ payload, caller }) => s.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.topicSetStatus,
    summary: "发布（1）或撤回为草稿（0）；没有内容的专题不能发布",
    access: "user",
    schema: TopicSetStatusPayload,
    handler: async ({ payload, caller }) => s.setStatus(await caller(), payload.id, payload.status),
  });
  defineCall(app, host, {
    id: "new",
    path: C.topicItemsAdd,
    summary: "加入内容：同一类型的若干项，每项须是调用者可加入的候选（公开的或管理范围内的）；已有的跳过",
    access: "user",
    schema: TopicItemsAddPayload,
    handler: async ({ payload, caller }) => s.addItems(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.topicItemsRemove,
    summary: "移除条目（topic_item id）；已发布的专题移空后回到草稿",
    access: "user",
    schema: TopicItemsRemovePayload,
    handler: async ({ payload, caller }) => s.removeItems(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.topicItemsSort,
    summary: "条目排序：给出专题全部条目 id 的新顺序",
    access: "user",
    schema: TopicItemsSortPayload,
    handler: async ({ payload, caller }) => s.sortItems(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.topicCandidates,
    summary: "可加入的内容：视频、课程资源、课堂分析、听评课、评课作品中本身公开的或在调用者管理范围内的，按关键词搜索",
    access: "user",
    schema: TopicCandidatesPayload,
    handler: async ({ payload, caller }) => s.candidates(await caller(), payload),
  });

  // ── front site (public reads) ──
  defineCall(app, host, {
    id: "new",
    path: C.webTopicList,
    summary: "已发布的专题（封面、简介、内容数），可按关键词、学校、学段、学科、内容类型筛选",
    access: "public",
    schema: WebTopicListPayload,
    handler: async ({ payload }) => s.webList(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webTopicDetail,
    summary: "已发布专题的详情：条目解析为卡片（名称、封面、教师、学校、学科、时长、链接）；观看者无权查看的条目不出现",
    access: "public",
    schema: WebTopicDetailPayload,
    handler: async ({ payload, caller }) => s.webDetail(await maybe(caller), payload.id, payload.view === 1),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webTopicEvents,
    summary: "教研活动日程：日期范围内进行中或即将开始的评课活动（报名、提交、评审、公示）",
    access: "public",
    schema: WebTopicEventsPayload,
    handler: async ({ payload }) => s.events(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webVideoList,
    summary: "公开的课例视频（已发布课程绑定、已发布专题收录、已公开课堂分析、评课作品），按学段、学科、年级、学校、教师、关键词筛选",
    access: "public",
    schema: WebVideoListPayload,
    handler: async ({ payload }) => s.videoList(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webVideoPlay,
    summary: "播放一个公开的课例视频（含播放地址）；未公开的视频答 404",
    access: "public",
    schema: WebVideoPlayPayload,
    handler: async ({ payload }) => s.videoPlay(payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webVideoFilters,
    summary: "公开课例视频的筛选项：有公开视频的学段、学科、年级、学校、教师及视频数",
    access: "public",
    schema: WebVideoFiltersPayload,
    handler: async ({ payload }) => s.videoFilters(payload),
  });
}

/**
 * Routes of the resource area (issue #11; docs/api/resource.md): /middle/myResource* (signed in: the course tree,
 * bindings, meetings) and the front site's public reads /web/myResource*, /web/video/recordLog, rankingList (anonymous
 * visitors see published courses only).
 */
import {
  DelResourcesVideoPayload,
  RESOURCE_CALLS as C,
  RankingListPayload,
  RecordLogPayload,
  ResourceBindPayload,
  ResourceChildPayload,
  ResourceIdPayload,
  ResourceListPayload,
  ResourceMeetingInfoPayload,
  ResourceSavePayload,
  ResourceUpdatePayload,
  WebResourceInfoPayload,
  WebResourceListPayload,
  WebResourceScopePayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallerLookup, type CallHost, defineCall } from "../../http/call.js";
import type { FrontSiteDeps } from "../site-deps.js";
import type { CallerAccount as Caller } from "../../http/caller.js";

export function resourceRoutes(app: FastifyInstance, host: CallHost, deps: FrontSiteDeps): void {
  const s = deps.site.resources;
  const maybe = (caller: CallerLookup): Promise<Caller | null> => caller().catch(() => null);

  // ── the course tree (signed in) ──
  defineCall(app, host, {
    id: "c082",
    path: C.resourceList,
    summary: "我的资源：调用者的课程（管理员含其管理学校的课程，草稿与已发布），按学校、作者、学科、名称、课程类型、状态筛选",
    access: "user",
    schema: ResourceListPayload,
    handler: async ({ payload, caller }) => s.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c084",
    path: C.resourceSave,
    summary: "新建课程（pid 0，草稿）或在课程/单元下新建单元/课时（层级、所属课程、学校、学段、学科、类型随课程）；教学设计与总结为富文本（过滤脚本）",
    access: "user",
    schema: ResourceSavePayload,
    handler: async ({ payload, caller }) => s.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c085",
    path: C.resourceDelete,
    summary: "删除节点及其下级节点和绑定的资源（仅作者或本校管理员）",
    access: "user",
    schema: ResourceIdPayload,
    handler: async ({ payload, caller }) => s.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c086",
    path: C.resourceUpdate,
    summary: "修改节点（只改传入的字段；仅作者或本校管理员）；status 1 发布 / 0 撤回课程及其全部节点；课程的学科、年级、类型、学校随之下传",
    access: "user",
    schema: ResourceUpdatePayload,
    handler: async ({ payload, sent, caller }) => s.update(await caller(), payload, sent),
  });
  defineCall(app, host, {
    id: "c087",
    path: C.resourceChild,
    summary: "节点的下级（按排序），含各自的下级数与绑定数",
    access: "user",
    schema: ResourceChildPayload,
    handler: async ({ payload, caller }) => s.child(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c088",
    path: C.resourceBind,
    summary: "为节点绑定视频（1，我的视频）或文档（2，我上传的文件）；标题、大小默认取自视频/文件",
    access: "user",
    schema: ResourceBindPayload,
    handler: async ({ payload, caller }) => s.bind(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c089",
    path: C.resourcesVideo,
    summary: "节点绑定的视频与文档：视频含封面、时长、播放地址，文档含预览/下载地址",
    access: "user",
    schema: ResourceIdPayload,
    handler: async ({ payload, caller }) => s.resourcesVideo(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c090",
    path: C.delResourcesVideo,
    summary: "解除一条绑定（按绑定编号；仅作者或本校管理员）",
    access: "user",
    schema: DelResourcesVideoPayload,
    handler: async ({ payload, caller }) => s.unbind(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c091",
    path: C.resourceMeetingInfo,
    summary: "可绑定的会议：本人发起或参加的会议（或指定学校、用户的会议）；会议不录制视频，videos 为空",
    access: "user",
    schema: ResourceMeetingInfoPayload,
    handler: async ({ payload, caller }) => s.meetingInfo(await caller(), payload),
  });

  // ── the front site (public) ──
  defineCall(app, host, {
    id: "c076",
    path: C.webResourceList,
    summary: "前台课程资源：已发布的课程，全部筛选条件同时生效；name 为中文全文检索（名称、简介、单元与课时名称）；order new 最新 / hot 最热",
    access: "public",
    schema: WebResourceListPayload,
    handler: async ({ payload }) => s.webList(payload),
  });
  defineCall(app, host, {
    id: "c077",
    path: C.webResourceSubjects,
    summary: "前台筛选：学科（同名合并）及其已发布课程数",
    access: "public",
    schema: WebResourceScopePayload,
    handler: async ({ payload }) => s.subjects(payload),
  });
  defineCall(app, host, {
    id: "c078",
    path: C.webResourceInfo,
    summary: "课程详情：课程、单元与课时树及各节点绑定的资源、能否编辑；草稿仅作者与管理员可见；浏览量加一",
    access: "public",
    schema: WebResourceInfoPayload,
    handler: async ({ payload, caller }) => s.info(await maybe(caller), payload.resources_id),
  });
  defineCall(app, host, {
    id: "c079",
    path: C.webResourceRegions,
    summary: "前台筛选：区县（编码为 id）及其已发布课程数",
    access: "public",
    schema: WebResourceScopePayload,
    handler: async ({ payload }) => s.regions(payload),
  });
  defineCall(app, host, {
    id: "c080",
    path: C.webResourceSchools,
    summary: "前台筛选：学校及其已发布课程数",
    access: "public",
    schema: WebResourceScopePayload,
    handler: async ({ payload }) => s.schools(payload),
  });
  defineCall(app, host, {
    id: "c081",
    path: C.webResourceGrades,
    summary: "前台筛选：年级（同名合并）及其已发布课程数",
    access: "public",
    schema: WebResourceScopePayload,
    handler: async ({ payload }) => s.grades(payload),
  });
  defineCall(app, host, {
    id: "c074",
    path: C.webRecordLog,
    summary: "记录一次观看（视频或课程，二选一；可匿名）；同一账号（匿名按 IP）10 分钟内重复观看不计，answer.counted 说明是否计入",
    access: "public",
    schema: RecordLogPayload,
    handler: async ({ payload, req, caller }) => s.recordLog(await maybe(caller), payload, req.ip),
  });
  defineCall(app, host, {
    id: "c075",
    path: C.webRankingList,
    summary: "排行榜：近 30 天观看最多的视频、浏览最多的课程、教师与学校（按其已发布课程的浏览量），可按学校、学段限定",
    access: "public",
    schema: RankingListPayload,
    handler: async ({ payload }) => s.ranking(payload),
  });
}

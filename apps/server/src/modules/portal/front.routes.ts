/** The front site's own calls (issue #11; docs/api/front.md): home blocks, bulletins, live list, analyses, films. */
import {
  FRONT_CALLS as C,
  FrontAnalysisListPayload,
  FrontBulletinDetailPayload,
  FrontBulletinListPayload,
  FrontFilmDetailPayload,
  FrontFilmListPayload,
  FrontHomePayload,
  FrontLiveListPayload,
  EmptyPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { FrontSiteDeps } from "../site-deps.js";

export function frontRoutes(app: FastifyInstance, host: CallHost, deps: FrontSiteDeps): void {
  const s = deps.site.front;
  defineCall(app, host, {
    id: "new",
    path: C.frontHome,
    summary: "前台首页：正在直播的课堂、已公开的AI分析课程、评课活动、学校公告、专题与平台统计（无需登录，只含已发布内容）",
    access: "public",
    schema: FrontHomePayload,
    handler: async ({ payload }) => s.home(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.frontOptions,
    summary: "前台筛选项：学校，及学段、学科名称（各校的学段、学科按名称合并）",
    access: "public",
    schema: EmptyPayload,
    handler: async () => s.options(),
  });
  defineCall(app, host, {
    id: "new",
    path: C.frontBulletinList,
    summary: "学校公告列表：已发布的平台公告与网站公告，按学校（公告的学校或发布人的学校；0 为平台）与标题筛选（无需登录）",
    access: "public",
    schema: FrontBulletinListPayload,
    handler: async ({ payload }) => s.bulletins(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.frontBulletinDetail,
    summary: "学校公告详情（只含已发布的）",
    access: "public",
    schema: FrontBulletinDetailPayload,
    handler: async ({ payload }) => s.bulletinDetail(payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.frontLiveList,
    summary: "直播列表：正在直播且当前课表课节标记为直播的课堂（带签名播放地址）、今天稍后的直播课节、往期直播回放（无需登录）",
    access: "public",
    schema: FrontLiveListPayload,
    handler: async ({ payload }) => s.liveList(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.frontAnalysisList,
    summary: "AI分析课程：已公开且分析完成的课例，按名称、学科、学段、学校、教师、教学模式筛选（无需登录）",
    access: "public",
    schema: FrontAnalysisListPayload,
    handler: async ({ payload }) => s.analyses(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.frontFilmList,
    summary: "课例影片：featured 公开课/优课资源的视频，knowledge 视频资源（微课）的视频，replay 往期直播回放；按名称、学科、学段、学校筛选，new/hot 排序",
    access: "user",
    schema: FrontFilmListPayload,
    handler: async ({ payload }) => s.films(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.frontFilmDetail,
    summary: "课例影片详情：播放地址（各机位）、所属课程、已公开的AI分析与相关影片；未公开的视频为 404",
    access: "user",
    schema: FrontFilmDetailPayload,
    handler: async ({ payload }) => s.filmDetail(payload.id, payload.kind),
  });
}

/**
 * Big screens, the data cockpit, portraits, online teachers and evaluated lessons (issue #11; docs/api/portal.md).
 *
 *   c061 /middle/evaluation_course/newEvaluationScreen   评课大屏 over the caller's scope (user)
 *   /web/portal/bigData                                   数据驾驶舱: aggregate counts only (public)
 *   /v2/portal/teacherPortrait, /v2/portal/schoolPortrait  portraits (user: himself / its teachers, and administrators over them)
 *   /web/portal/onlineTeachers                            counts for everyone, names for a signed-in administrator (public)
 *   /v2/portal/evaluationClass                            listen records open to the viewer (#9's visibility; public)
 */
import {
  BigDataPayload,
  EvaluationClassPayload,
  EvaluationScreenPayload,
  OnlineTeachersPayload,
  PORTAL_CALLS as C,
  SchoolPortraitPayload,
  TeacherPortraitPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallerLookup, type CallHost, defineCall } from "../../http/call.js";
import type { FrontSiteDeps } from "../site-deps.js";
import type { Caller } from "../../http/caller.js";

const ANONYMOUS: Caller = { id: 0, identity: 0, school_id: 0, region_code: "", period_id: 0 };

export function portalRoutes(app: FastifyInstance, host: CallHost, deps: FrontSiteDeps): void {
  const s = deps.site.portal;
  const maybe = (caller: CallerLookup): Promise<Caller | null> => caller().catch(() => null);

  defineCall(app, host, {
    id: "c061",
    path: C.evaluationScreen,
    summary:
      "评课大屏数据：调用者范围内（教师与学校管理员为本校，区域管理员为本区域学校，平台为全部）的听评课、评价、评分分布、学科与学校分布、趋势、最新评价、评课活动与AI课堂分析；可按学校、学段、日期筛选",
    access: "user",
    schema: EvaluationScreenPayload,
    handler: async ({ payload, caller }) => s.evaluationScreen(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.bigData,
    summary:
      "数据驾驶舱（无需登录，只有汇总数）：学校、教师、设备与在线设备、录制课、视频、AI分析、听评课、评价、已发布资源，近12个月趋势，学校与区域排行，学科分布，教学模式；可按区域或学校",
    access: "public",
    schema: BigDataPayload,
    handler: async ({ payload }) => s.bigData(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.teacherPortrait,
    summary:
      "教师画像：授课、录制、视频、AI分析（S-T 均值与教学模式）、收到与给出的评价（平均分、各维度得分）、集体备课、资源、评课活动作品、社区活动、近12个月趋势；本人或管理其学校的管理员可看",
    access: "user",
    schema: TeacherPortraitPayload,
    handler: async ({ payload, caller }) => s.teacherPortrait(await caller(), payload.account_id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.schoolPortrait,
    summary: "学校画像：教师、班级、设备、录制、视频、AI分析、听评课、评价、资源、作品的汇总，学科覆盖、近12个月趋势、活跃教师；本校教师与管理该校的管理员可看",
    access: "user",
    schema: SchoolPortraitPayload,
    handler: async ({ payload, caller }) => s.schoolPortrait(await caller(), payload.school_id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.onlineTeachers,
    summary: "在线教师：当前有有效会话的教师数、按学校分布、今日活动；登录的管理员另可看到其管理范围内在线教师的姓名与今日活动",
    access: "public",
    schema: OnlineTeachersPayload,
    handler: async ({ payload, caller }) => s.onlineTeachers(await maybe(caller), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.evaluationClass,
    summary:
      "评课列表：调用者可查看的听评课（与听评课的公开范围规则一致，未登录只有公开的）及其评价数与平均分；按课题、学校、学科、类型筛选，按时间、平均分或评价数排序，分页",
    access: "public",
    schema: EvaluationClassPayload,
    handler: async ({ payload, caller }) => s.evaluationClass((await maybe(caller)) ?? ANONYMOUS, payload),
  });
}

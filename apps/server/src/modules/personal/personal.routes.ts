/**
 * Routes of the personal centre (newPersonalCenter c368–c375; issue #7; docs/api/personal.md). The activity lists
 * and the recommend toggle are ActivityService's; the rest PersonalService's.
 */
import {
  AccountStudioPayload,
  PERSONAL_CALLS as C,
  PersonalActivityPayload,
  PersonalCourseListPayload,
  PersonalPagePayload,
  RecommendActivityManagePayload,
  RecommendActivityPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { type CallHost, defineCall } from "../../http/call.js";
import type { AccountRow } from "../account/account.service.js";
import { activityServiceOf } from "../activity/activity.routes.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";

export function personalRoutes(app: FastifyInstance, host: CallHost, deps: CommunityDeps, built: CommunityServices): void {
  const personal = built.personal;
  const activities = activityServiceOf(deps);
  const def = <S extends z.ZodType>(
    id: string,
    path: string,
    summary: string,
    schema: S,
    run: (c: AccountRow, p: z.output<S>) => Promise<unknown>,
    message?: string,
  ) => defineCall(app, host, { id, path, summary, access: "user", schema, message, handler: async ({ payload, caller }) => run(await caller(), payload) });

  def("c368", C.teachingStudio, "我的工作室：调用者已加入的名师工作室、名班主任工作室，分页", PersonalPagePayload, (c, p) => personal.teachingStudio(c, p));
  def("c369", C.personalRecommend, "推荐社区：同学段或同学科、尚未加入的正常社区，推荐的在前，分页", PersonalPagePayload, (c, p) => personal.recommend(c, p));
  def("c370", C.recommendActivity, "推荐活动：调用者可见的被推荐活动，按类型筛选，分页", RecommendActivityPayload, (c, p) => activities.recommended(c, p));
  def(
    "c371",
    C.recommendActivityManage,
    "推荐/取消推荐活动：活动所在社区的创建者、管理员或所辖组织的管理员",
    RecommendActivityManagePayload,
    (c, p) => activities.recommend(c, p),
    "操作成功",
  );
  def("c372", C.accountStudio, "教师主页：某教师（默认本人）的基本信息、加入的社区及活动、文章、视频数", AccountStudioPayload, (c, p) =>
    personal.accountStudio(c, p),
  );
  def("c373", C.personalCourseList, "我的课程：调用者的视频（名称、年级、学段、学科、播放地址），按名称搜索，分页", PersonalCourseListPayload, (c, p) =>
    personal.courseList(c, p),
  );
  def("c374", C.myActivity, "我发起的活动：按类型、状态、关键词、时间段筛选，分页", PersonalActivityPayload, (c, p) => activities.mine(c, p));
  def("c375", C.involvedActivity, "我参与的活动：按类型、状态、关键词、时间段筛选，分页", PersonalActivityPayload, (c, p) => activities.involved(c, p));
}

/**
 * Routes of the community home (njy_index c338–c344), statistics (stat c345–c347) and organization calls
 * (c348–c357) (issue #7; docs/api/home.md, docs/decisions/0707).
 */
import {
  ActivityNumsPayload,
  ActivitySchedulePayload,
  CensusPayload,
  HOME_CALLS as C,
  EmptyPayload,
  HomeActivityListPayload,
  HomeStatisticsPayload,
  HomeTypeActivityPayload,
  JuniorListPayload,
  OrgActivityCountPayload,
  OrgActivityListPayload,
  OrgCommunityAccountPayload,
  OrgCommunityListPayload,
  OrgTeacherListPayload,
  PlatformDynamicsPayload,
  RankingPayload,
  RecommendCommunityPayload,
  RegionAccountPayload,
  TrainListPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { type CallHost, defineCall } from "../../http/call.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";
import type { Caller } from "../../http/caller.js";

/** Who an anonymous visitor of the public home is counted as: the platform as a whole (aggregates only). */
const PLATFORM_VIEW: Caller = { id: 0, identity: 5, school_id: 0, region_code: "", period_id: 0 };

export function homeRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const home = built.home;
  const def = <S extends z.ZodType>(id: string, path: string, summary: string, schema: S, run: (c: Caller, p: z.output<S>) => Promise<unknown>) =>
    defineCall(app, host, { id, path, summary, access: "user", schema, handler: async ({ payload, caller }) => run(await caller(), payload) });
  // The community home (/foreground) is public (platform.md Access rules): its totals, recommended communities,
  // platform dynamics and training list answer anonymous visitors too — the totals then platform-wide.
  const open = <S extends z.ZodType>(id: string, path: string, summary: string, schema: S, run: (c: Caller | undefined, p: z.output<S>) => Promise<unknown>) =>
    defineCall(app, host, {
      id,
      path,
      summary,
      access: "public",
      schema,
      handler: async ({ payload, caller }) => run((await caller()) ?? undefined, payload),
    });
  open(
    "c338",
    C.njyStatistics,
    "首页统计：调用者组织（平台/区域/学校，可按 region_id、school_id 缩小）内的学校、教师、社区、工作室、成员、活动（按类型）、文章、通知、视频数；未登录为全平台总数（无需登录）",
    HomeStatisticsPayload,
    (c, p) => (c ? home.statistics(c, p) : home.statistics(PLATFORM_VIEW, {})),
  );
  def("c339", C.njyActivitySchedule, "活动日历：某月（默认本月）每天进行的活动（每天最多列 20 个）", ActivitySchedulePayload, (c, p) =>
    home.activitySchedule(c, p),
  );
  open(
    "c340",
    C.njyRecommendCommunityList,
    "推荐社区：推荐的正常社区在前，其余按近 30 天活跃度、成员数排序，分页（无需登录）",
    RecommendCommunityPayload,
    (c, p) => home.recommendCommunityList(c ?? PLATFORM_VIEW, p),
  );
  def("c341", C.njyActivityList, "首页活动：本组织与所在社区未开始和进行中的活动，开始时间早的在前，分页", HomeActivityListPayload, (c, p) =>
    home.activityList(c, p),
  );
  open("c342", C.njyPlatformDynamics, "平台动态：全平台正常社区的最新动态（社区日志），分页（无需登录）", PlatformDynamicsPayload, (c, p) =>
    home.platformDynamics(c ?? PLATFORM_VIEW, p),
  );
  open("c343", C.njyGetTrainList, "培训项目列表：已发布的培训，最新发布的在前，可按关键词筛选（无需登录）", TrainListPayload, (c, p) =>
    home.trainList(c ?? PLATFORM_VIEW, p),
  );
  def("c344", C.njyGetActivityList, "首页按类型的活动：本组织与所在社区的活动，按类型、状态筛选，最新在前，分页", HomeTypeActivityPayload, (c, p) =>
    home.typeActivityList(c, p),
  );
  def("c345", C.statCensus, "统计概况：组织的总数、下级区域与各学校的学校/教师/社区/成员/活动/文章数", CensusPayload, (c, p) => home.census(c, p));
  def("c346", C.statActivityNums, "活动趋势：最近若干个月（默认 12）每月按类型的活动数", ActivityNumsPayload, (c, p) => home.activityNums(c, p));
  def("c347", C.statRanking, "活动排行：学校、教师或社区按最近若干天（默认 30）的活动数排名，分页", RankingPayload, (c, p) => home.ranking(c, p));
  def("c348", C.orgStatistics, "组织统计：调用者组织（或其下的区域、学校）的各项数量", HomeStatisticsPayload, (c, p) => home.statistics(c, p));
  def("c349", C.orgJuniorList, "下级单位：区域的下级区域或区县的学校，附各项数量，分页", JuniorListPayload, (c, p) => home.juniorList(c, p));
  def("c350", C.orgActivityList, "组织活动：组织内的活动，按类型、状态、关键词、时间段筛选，分页", OrgActivityListPayload, (c, p) =>
    home.orgActivityList(c, p),
  );
  def("c351", C.orgCommunityList, "组织社区：组织内的正常社区（附成员、活动、文章数），按名称、类型、级别筛选，分页", OrgCommunityListPayload, (c, p) =>
    home.orgCommunityList(c, p),
  );
  def("c352", C.orgCommunityAccountList, "社区成员：组织内社区的已加入成员（每人一行，附加入社区数），分页", OrgCommunityAccountPayload, (c, p) =>
    home.orgCommunityAccountList(c, p),
  );
  def("c353", C.myOrganization, "我的组织：调用者所在的省、市、区县、学校及统计范围", EmptyPayload, (c) => home.myOrganization(c));
  def("c354", C.orgRegionAccountList, "区域教师：区域（默认调用者组织）的教师及其社区、活动数，分页", RegionAccountPayload, (c, p) =>
    home.regionAccountList(c, p),
  );
  def("c355", C.orgTeacherList, "学校教师：学校（默认调用者所在学校）的教师及其活动数，活动多的在前，分页", OrgTeacherListPayload, (c, p) =>
    home.organizationTeacherList(c, p),
  );
  def("c356", C.orgCommunityActivityList, "社区活动统计：组织内各社区的活动数（可限最近若干天），多的在前，分页", OrgActivityCountPayload, (c, p) =>
    home.communityActivityList(c, p),
  );
  def("c357", C.orgTeacherActivityList, "教师活动统计：组织内各教师发起与参与的活动数（可限最近若干天），多的在前，分页", OrgActivityCountPayload, (c, p) =>
    home.teacherActivityList(c, p),
  );
}

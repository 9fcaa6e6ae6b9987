/**
 * Routes of the census calls c157–c166 and c291 (issue #10; docs/api/research-census.md). OWNER: census helper.
 * The census calls need a session (a teacher sees his own lessons, administrators their scope); c291 follows the
 * listen record's visibility (#9 ListenAccess can_view), anonymous visitors included.
 */
import { AiListenCommentPayload, CensusRtchPayload, CensusTablePayload, RESEARCH_CALLS as C, ResearchCensusPayload } from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { type CallHost, defineCall } from "../../http/call.js";
import { GUEST } from "../community/community-access.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";
import type { Caller } from "../../http/caller.js";

const SCOPE =
  "范围：教师为本人的课例，学校管理员为本校，区县管理员为本区域的学校，平台管理员为全部；学校、学科、学段、教师、日期（Asia/Shanghai）只在范围内收窄，范围外的学校或教师答复 403。只有已完成的分析参与指标，缺少该部分的课例计入 *_missing";

export function censusRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const svc = built.census;
  const user = <S extends z.ZodType, R>(id: string, path: string, summary: string, schema: S, run: (c: Caller, p: z.output<S>) => Promise<R>) =>
    defineCall(app, host, { id, path, summary, access: "user", schema, handler: async ({ payload, caller }) => run(await caller(), payload) });

  user("c157", C.researchSubjects, `有课堂分析的学科：各学科的课例数与已完成数（忽略学科筛选）。${SCOPE}`, ResearchCensusPayload, (c, p) => svc.subjects(c, p));
  user(
    "c158",
    C.censusCountInfo,
    `课堂分析总览：课例数、已完成、排队/分析中、失败、教师数、学校数、已完成课例时长（小时）、平均 Rt/Ch、各教学模式课例数。${SCOPE}`,
    ResearchCensusPayload,
    (c, p) => svc.countInfo(c, p),
  );
  user(
    "c159",
    C.censusCourseContent,
    `课堂实录统计：实录行数、师生行数与字数、问题数、开放性问题比例、平均候答时间、理答次数。${SCOPE}`,
    ResearchCensusPayload,
    (c, p) => svc.courseContent(c, p),
  );
  user("c160", C.censusCourseTypeCount, `各教学模式（练习型、讲授型、对话型、混合型）的课例数。${SCOPE}`, ResearchCensusPayload, (c, p) =>
    svc.courseTypeCount(c, p),
  );
  user(
    "c161",
    C.censusCourseAndContentInc,
    `课例与实录行数的增长：日期范围不超过 62 天按日，否则按月（最多 10 年）；不传日期为最近 30 天；每点带累计值。${SCOPE}`,
    ResearchCensusPayload,
    (c, p) => svc.courseAndContentInc(c, p),
  );
  user(
    "c162",
    C.censusCourseCensus,
    `课堂分析统计表：按学校、学科、教师、年级或月份（by）分组，课例数、已完成、平均 Rt/Ch、教学模式、师生话语与沉默占比、平均得分，分页（limit 每页条数）。${SCOPE}`,
    CensusTablePayload,
    (c, p) => svc.courseCensus(c, p),
  );
  user("c163", C.censusRanks, `排行：按教师或学校（by），已完成课例数前 limit 名与平均得分（百分制）前 limit 名。${SCOPE}`, ResearchCensusPayload, (c, p) =>
    svc.ranks(c, p),
  );
  user("c164", C.censusOral, `师生话语：按 by 分组的教师、学生话语与沉默占比及语速（字/分钟）。${SCOPE}`, ResearchCensusPayload, (c, p) => svc.oral(c, p));
  user("c165", C.censusBase, `基础分布：按学段、年级、学科的课例数与已完成数。${SCOPE}`, ResearchCensusPayload, (c, p) => svc.base(c, p));
  user(
    "c166",
    C.censusRtch,
    `Rt-Ch 散点：每个有 S-T 分析的已完成课例一个点（编号、名称、教师、Rt、Ch、模式），最新在前，最多 limit 个（默认 300，最多 1000）。${SCOPE}`,
    CensusRtchPayload,
    (c, p) => svc.rtch(c, p),
  );
  defineCall(app, host, {
    id: "c291",
    path: C.aiListenCommentInfo,
    summary:
      "听评课的 AI 点评：精准听评课视频的最新已完成课堂分析的教学模式、Rt/Ch 与分维度点评；没有视频、未分析、分析中或失败时 available 为 false 并说明原因（按听评课可见性，无需登录）",
    access: "public",
    schema: AiListenCommentPayload,
    handler: async ({ payload, caller }) => svc.aiListenComment((await caller()) ?? GUEST, payload.id),
  });
}

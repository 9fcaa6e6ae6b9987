/**
 * Routes of AI lesson analysis (issue #10; docs/api/research.md): /research/course/*, /research/local(/delete),
 * /research/flowlive, /research/trends/*, /research/ai_scoring. The census calls are census.routes.ts.
 *
 * Read calls that the public report pages use are "public": anonymous visitors read a published report
 * (analysis-access.ts); the rest need a session.
 */
import {
  AiScoringPayload,
  AnalysisAgainPayload,
  RESEARCH_CALLS as C,
  CourseCensusPayload,
  CourseContentPayload,
  CourseDiscussionPayload,
  CourseIdPayload,
  CourseIndexPayload,
  CourseReUploadPayload,
  CourseSetStatusPayload,
  DeleteContentPayload,
  FlowLivePayload,
  ResearchLocalPayload,
  UpDialogueClassPayload,
  UpStSamplePayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallerLookup, type CallHost, defineCall } from "../../http/call.js";
import type { AccountService } from "../account/account.service.js";
import type { Caller } from "../../http/caller.js";
import type { AnalysisModule } from "./module.js";

export function analysisRoutes(app: FastifyInstance, host: CallHost, mod: AnalysisModule, _accounts: AccountService): void {
  const s = mod.service;
  app.addHook("onReady", async () => {
    await mod.start();
  });
  app.addHook("onClose", async () => {
    await mod.stop();
  });
  const maybe = (caller: CallerLookup): Promise<Caller | null> => caller().catch(() => null);

  // ── lists ──
  defineCall(app, host, {
    id: "new",
    path: C.courseIndex,
    summary:
      "课堂分析列表：scope=mine 我的课例（授课或上传，未移除），scope=all 能查看的全部（管理范围内的与已公开的）；按名称、教师、学校、学科、状态、教学模式、日期筛选",
    access: "user",
    schema: CourseIndexPayload,
    handler: async ({ payload, caller }) => s.index(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c153",
    path: C.courseCensus,
    summary: "课堂分析统计：调用者列表（同 index 的范围与筛选）按状态、教学模式、来源计数",
    access: "user",
    schema: CourseCensusPayload,
    handler: async ({ payload, caller }) => s.census(await caller(), payload),
  });

  // ── one course: reads ──
  defineCall(app, host, {
    id: "c137",
    path: C.courseDetail,
    summary: "课堂分析详情：课例、任务状态（进度、阶段、失败原因）、可播放的视频地址、各阶段耗时",
    access: "user",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.detail(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c151",
    path: C.courseInfo,
    summary: "课例基本信息（已公开的报告无需登录）",
    access: "public",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.detail(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "c136",
    path: C.courseReport,
    summary: "完整分析报告：机器结果、人工修正后的 S-T 与提问、两者的一致性（百分比与 Cohen's κ）；已公开的报告无需登录",
    access: "public",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.report(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "c144",
    path: C.courseReportLite,
    summary: "报告摘要：Rt、Ch、教学模式、师生话语占比、提问数、对话深度、评分，及无法计算的部分",
    access: "public",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.reportLite(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "c145",
    path: C.courseReportObservation,
    summary: "课堂观察报告：课堂行为、自主学习、话语分析、师生话语时间",
    access: "user",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.reportObservation(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c143",
    path: C.observeCensus,
    summary: "课堂行为观察统计：教师位置分区占比、移动量、画面变化、抬头率与举手（需要姿态模型，不可用时说明原因）",
    access: "user",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.observeCensus(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c147",
    path: C.dialogueDepth,
    summary: "对话深度：问答链、深度分布、最大与平均深度（无课堂实录时说明原因）",
    access: "public",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.dialogueDepth(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "c148",
    path: C.dialogueClass,
    summary: "提问分类与理答：应用人工修正后的问题、机器编码、修正记录与一致性",
    access: "public",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.dialogueClass(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "c152",
    path: C.autonomous,
    summary: "学生自主学习时间：连续无教师讲话的时段（至少 30 秒）",
    access: "public",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.autonomous(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "c167",
    path: C.trendsBehavior,
    summary: "课堂行为趋势：画面变化、教师位置、分区与热力图",
    access: "public",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.trendsBehavior(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "c168",
    path: C.trendsPose,
    summary: "学生姿态趋势：抬头率、举手（需要姿态模型，不可用时说明原因）",
    access: "public",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.trendsPose(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "c169",
    path: C.trendsLida,
    summary: "理答趋势：学生回答后教师的回应随时间分布（应用人工修正）",
    access: "public",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.trendsLida(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "c170",
    path: C.aiScoring,
    summary: "AI 指标评分：按所选评价量表（默认本校启用的第一个量表，否则平台默认《课堂教学评价量表》）评分，列出无法评判的项及原因",
    access: "public",
    schema: AiScoringPayload,
    handler: async ({ payload, caller }) => s.aiScoring(await maybe(caller), payload),
  });

  // ── the classroom record ──
  defineCall(app, host, {
    id: "c138",
    path: C.courseContent,
    summary: "课堂实录（分页，可按角色与关键词筛选）",
    access: "public",
    schema: CourseContentPayload,
    handler: async ({ payload, caller }) => s.courseContent(await maybe(caller), payload),
  });
  defineCall(app, host, {
    id: "c139",
    path: C.exportCourseContent,
    summary: "导出课堂实录（.xlsx，base64）",
    access: "user",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.exportContent(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c140",
    path: C.contentStatistical,
    summary: "课堂实录统计：师生语句数、字数、语速、提问数、高频词（结巴分词）",
    access: "public",
    schema: CourseIdPayload,
    handler: async ({ payload, caller }) => s.contentStatistical(await maybe(caller), payload.id),
  });
  defineCall(app, host, {
    id: "c141",
    path: C.deleteContent,
    summary: "删除课堂实录中的一句（id 为实录语句编号），重新计算课堂实录、话语分析、弗兰德斯与评分（不重新解码）；授课教师、上传者或管理员",
    access: "user",
    schema: DeleteContentPayload,
    message: "已删除",
    handler: async ({ payload, caller }) => s.deleteContent(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c142",
    path: C.courseDiscussion,
    summary: "报告研讨：不带 content 为评论列表（能查看报告的人）；带 content 为发表评论（需登录，pid 为回复的评论）",
    access: "public",
    schema: CourseDiscussionPayload,
    handler: async ({ payload, caller }) => s.discussion(await maybe(caller), payload),
  });

  // ── corrections ──
  defineCall(app, host, {
    id: "c149",
    path: C.upDialogueClass,
    summary: "修正提问类型与理答（不带 kind 与 response 则恢复机器编码），返回重新计算后的完整报告；授课教师、上传者或管理员",
    access: "user",
    schema: UpDialogueClassPayload,
    message: "已保存修正",
    handler: async ({ payload, caller }) => s.upDialogueClass(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.upStSample,
    summary: "修正 S-T 采样编码（code 为空则恢复机器编码），返回重新计算后的完整报告（人工版本与一致性）；授课教师、上传者或管理员",
    access: "user",
    schema: UpStSamplePayload,
    message: "已保存修正",
    handler: async ({ payload, caller }) => s.upStSample(await caller(), payload),
  });

  // ── management ──
  defineCall(app, host, {
    id: "c133",
    path: C.courseSetStatus,
    summary: "公开（1）或取消公开（0）分析报告；公开后无需登录即可查看；授课教师、上传者或管理员",
    access: "user",
    schema: CourseSetStatusPayload,
    handler: async ({ payload, caller }) => s.setStatus(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c134",
    path: C.courseDelete,
    summary: "删除课堂分析（实录、修正、研讨一并删除；上传分析的视频也删除）；授课教师、上传者或管理员",
    access: "user",
    schema: CourseIdPayload,
    message: "已删除",
    handler: async ({ payload, caller }) => s.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c135",
    path: C.courseEliminateMy,
    summary: "从我的课例中移除（学校列表仍保留）；授课教师或上传者",
    access: "user",
    schema: CourseIdPayload,
    message: "已移除",
    handler: async ({ payload, caller }) => s.eliminateMy(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c150",
    path: C.analysisAgain,
    summary: "重新分析（可指定新的 S-T 采样间隔，原有 S-T 修正随之清除）；授课教师、上传者或管理员",
    access: "user",
    schema: AnalysisAgainPayload,
    message: "已加入分析队列",
    handler: async ({ payload, caller }) => s.analysisAgain(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c146",
    path: C.courseReUpload,
    summary: "重新上传视频和/或课堂实录（或删除实录）后重新分析；授课教师、上传者或管理员",
    access: "user",
    schema: CourseReUploadPayload,
    message: "已加入分析队列",
    handler: async ({ payload, caller }) => s.reUpload(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c155",
    path: C.researchLocal,
    summary: "上传分析：用自己上传的视频文件（可附 SRT/VTT/TXT 课堂实录）登记视频并加入分析队列；授课教师默认本人（管理员可指定所管学校的教师）",
    access: "user",
    schema: ResearchLocalPayload,
    message: "已加入分析队列",
    handler: async ({ payload, caller }) => s.local(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c156",
    path: C.researchLocalDelete,
    summary: "删除上传分析（课例与其视频）；授课教师、上传者或管理员",
    access: "user",
    schema: CourseIdPayload,
    message: "已删除",
    handler: async ({ payload, caller }) => s.remove(await caller(), payload.id, true),
  });
  defineCall(app, host, {
    id: "c154",
    path: C.flowLive,
    summary: "实时 S-T 分析：正在录制的课堂已采集音频的部分 S-T 采样与曲线（按录制与已采集字节缓存）；授课教师或管理员",
    access: "user",
    schema: FlowLivePayload,
    handler: async ({ payload, caller }) => s.flowLive(await caller(), payload),
  });
}

/**
 * Routes of the questionnaire module (issue #12; docs/api/questionnaire.md). `/v2/questionnaire/*` need a session
 * (any account may author; results only for managers); `/web/questionnaire/*` are public: the token is optional
 * where the questionnaire allows it (a link without login), else 1025 sends the page to /login.
 */
import {
  QUESTIONNAIRE_CALLS as C,
  QuestionnaireAnswerPayload,
  QuestionnaireCommunityPayload,
  QuestionnaireCrossTabPayload,
  QuestionnaireFormPayload,
  QuestionnaireIdPayload,
  QuestionnaireListPayload,
  QuestionnaireMinePayload,
  QuestionnaireOfListenPayload,
  QuestionnaireResponsesPayload,
  QuestionnaireSavePayload,
  QuestionnaireSetStatusPayload,
  QuestionnaireTextPayload,
  QuestionnaireUpdatePayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { AdminModuleDeps } from "../site-deps.js";

export function questionnaireRoutes(app: FastifyInstance, host: CallHost, deps: AdminModuleDeps): void {
  const s = deps.admin.questionnaires;

  // ── managing ──
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireList,
    summary: "我管理的问卷：本人创建的，及管理范围（本校、本区域、全平台）内的；按关键词、状态、答卷范围、社区筛选",
    access: "user",
    schema: QuestionnaireListPayload,
    handler: async ({ payload, caller }) => s.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireSave,
    summary: "创建问卷（草稿）：答卷范围须为调用者可面向的社区、学校、活动、听评课记录或链接；题目一致性由 checkQuestions 检查",
    access: "user",
    schema: QuestionnaireSavePayload,
    message: "已创建",
    handler: async ({ payload, caller }) => s.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireUpdate,
    summary: "修改问卷（只改所传字段）：有人提交后题目与答卷范围不能再改（409），标题、说明、时间仍可改",
    access: "user",
    schema: QuestionnaireUpdatePayload,
    message: "已保存",
    handler: async ({ payload, sent, caller }) => s.update(await caller(), payload, sent),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireDelete,
    summary: "删除问卷，连同全部答卷",
    access: "user",
    schema: QuestionnaireIdPayload,
    message: "已删除",
    handler: async ({ payload, caller }) => s.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireDetail,
    summary: "问卷详情（管理者）：全部题目与是否已锁定",
    access: "user",
    schema: QuestionnaireIdPayload,
    handler: async ({ payload, caller }) => s.detail(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireSetStatus,
    summary: "发布（1，至少 1 道题）、结束（2）、重新开放（1）；尚无答卷时可改回草稿（0）",
    access: "user",
    schema: QuestionnaireSetStatusPayload,
    message: "已更新",
    handler: async ({ payload, caller }) => s.setStatus(await caller(), payload.id, payload.status),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireCopy,
    summary: "复制问卷为新草稿（标题加“（副本）”）",
    access: "user",
    schema: QuestionnaireIdPayload,
    message: "已复制",
    handler: async ({ payload, caller }) => s.copy(await caller(), payload.id),
  });

  // ── lists for respondents ──
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireCommunityList,
    summary: "社区的问卷（社区成员）：面向本社区或本社区活动的已发布、已结束问卷，含调用者的作答状态",
    access: "user",
    schema: QuestionnaireCommunityPayload,
    handler: async ({ payload, caller }) => s.communityList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireMine,
    summary: "我的问卷：调用者可作答的已发布问卷（学校、社区、活动、听评课），含作答状态；answered 筛选已答/未答",
    access: "user",
    schema: QuestionnaireMinePayload,
    handler: async ({ payload, caller }) => s.mine(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireOfListen,
    summary: "听评课记录的问卷（其发起人与参与人）",
    access: "user",
    schema: QuestionnaireOfListenPayload,
    handler: async ({ payload, caller }) => s.ofListen(await caller(), payload.listen_id),
  });

  // ── results (managers) ──
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireResults,
    summary: "统计结果：每题的选项人数与比例、评分分布与平均分、矩阵各行各列人数、每日提交数",
    access: "user",
    schema: QuestionnaireIdPayload,
    handler: async ({ payload, caller }) => s.results(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireCrossTab,
    summary: "交叉分析：两道单选、多选或评分题（多选按所选每项各计一次）",
    access: "user",
    schema: QuestionnaireCrossTabPayload,
    handler: async ({ payload, caller }) => s.crossTab(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireTextAnswers,
    summary: "填空题的文字回答（分页，可按关键词筛选）与全部回答的高频词（结巴分词，前 50）",
    access: "user",
    schema: QuestionnaireTextPayload,
    handler: async ({ payload, caller }) => s.textAnswers(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireResponses,
    summary: "已提交的答卷（分页；匿名问卷不显示姓名）",
    access: "user",
    schema: QuestionnaireResponsesPayload,
    handler: async ({ payload, caller }) => s.responses(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.questionnaireExport,
    summary: "导出 .xlsx：汇总、答卷明细（每份一行）、每道填空题一个工作表",
    access: "user",
    schema: QuestionnaireIdPayload,
    handler: async ({ payload, caller }) => s.exportXlsx(await caller(), payload.id),
  });

  // ── answering (public) ──
  defineCall(app, host, {
    id: "new",
    path: C.webQuestionnaireForm,
    summary: "作答页：题目与本人草稿；状态 open / already_submitted / not_started / ended。需登录的问卷未登录时答 1025",
    access: "public",
    schema: QuestionnaireFormPayload,
    handler: async ({ auth, payload }) => s.form(auth, payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webQuestionnaireDraft,
    summary: "保存草稿（不检查必答）：每位答卷人一份，覆盖保存",
    access: "public",
    schema: QuestionnaireAnswerPayload,
    message: "已保存",
    handler: async ({ auth, payload }) => s.draft(auth, payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.webQuestionnaireSubmit,
    summary: "提交答卷：按跳题路径检查（路径外的回答丢弃），每人限答一次时重复提交答 409",
    access: "public",
    schema: QuestionnaireAnswerPayload,
    message: "提交成功",
    handler: async ({ auth, payload }) => s.submit(auth, payload),
  });
}

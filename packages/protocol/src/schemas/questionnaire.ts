/**
 * Questionnaires (问卷; issue #12; docs/api/questionnaire.md).
 *
 * An author (any teacher, or an administrator for the school/region he manages) builds a questionnaire of questions —
 * 单选 single, 多选 multiple, 评分 rating, 矩阵 matrix, 填空 text — with required flags, an order, and skip rules on
 * single-choice questions ("this option → jump to question X / to the end"). Status: 0 草稿 → 1 已发布 → 2 已结束
 * (and back from 2 to 1 to reopen). Questions can be changed only while nobody has submitted an answer.
 *
 * Audience (who may answer): 1 a community (its members), 2 a school (its teachers), 3 a community activity (its
 * members), 4 the participants of a listen-evaluate record (#9: questionnaire_ids of that record name it), 5 anyone
 * with the link — login required or not, chosen by the author (login_required).
 *
 * Answering (`/web/questionnaire/*`, public calls: the token is optional where the questionnaire allows it): the form
 * with the respondent's draft; `draft` saves answers as the respondent goes (no required checks), `submit` validates
 * along the path the skip rules take (answers to skipped questions are dropped) and closes the response.
 * once_per_user: one submitted response per respondent (a logged-in account, or the browser key of an anonymous
 * respondent: a random string the client keeps in localStorage and sends as `key`).
 */
import { z } from "zod";
import { blankToUndef, zDateOrTime, zId, zLimit, zOptId, zPage } from "./common.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";
import type { FileAnswer } from "./account.js";

export const QUESTIONNAIRE_CALLS = {
  /** new: the questionnaires the caller manages (his own; administrators: those of their school/region) */ questionnaireList: "/v2/questionnaire/list",
  /** new: a draft */ questionnaireSave: "/v2/questionnaire/save",
  /** new: only the fields sent change; `questions` only while no response is submitted */ questionnaireUpdate: "/v2/questionnaire/update",
  /** new: a questionnaire and its responses */ questionnaireDelete: "/v2/questionnaire/delete",
  /** new: the author's whole questionnaire (for the builder) */ questionnaireDetail: "/v2/questionnaire/detail",
  /** new: publish (1), close (2), reopen (1) */ questionnaireSetStatus: "/v2/questionnaire/setStatus",
  /** new: a copy as a new draft */ questionnaireCopy: "/v2/questionnaire/copy",
  /** new: the published/closed questionnaires of a community (members) with the caller's state */ questionnaireCommunityList:
    "/v2/questionnaire/communityList",
  /** new: published questionnaires the caller may answer (school, communities, activities, listen records) */ questionnaireMine: "/v2/questionnaire/mine",
  /** new: the questionnaires named by a listen-evaluate record (its participants and creator) */ questionnaireOfListen: "/v2/questionnaire/ofListen",
  /** new: per-question results (counts, shares, means; text answers counted) */ questionnaireResults: "/v2/questionnaire/results",
  /** new: cross-tabulation of two choice/rating questions */ questionnaireCrossTab: "/v2/questionnaire/crossTab",
  /** new: the text answers of one question, paged, with keyword frequencies (jieba) */ questionnaireTextAnswers: "/v2/questionnaire/textAnswers",
  /** new: the submitted responses, paged (names unless anonymous) */ questionnaireResponses: "/v2/questionnaire/responses",
  /** new: .xlsx: a summary sheet, one row per response, a sheet per text question */ questionnaireExport: "/v2/questionnaire/export",
  /** new: the form to answer, with the respondent's draft (token optional when login is not required) */ webQuestionnaireForm: "/web/questionnaire/form",
  /** new: saves answers as the respondent goes (no required checks) */ webQuestionnaireDraft: "/web/questionnaire/draft",
  /** new: validates along the skip path and submits */ webQuestionnaireSubmit: "/web/questionnaire/submit",
} as const;

export const QUESTION_TYPES = ["single", "multiple", "rating", "matrix", "text"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_NAMES: Readonly<Record<QuestionType, string>> = { single: "单选", multiple: "多选", rating: "评分", matrix: "矩阵", text: "填空" };
export const QUESTIONNAIRE_STATUS = { draft: 0, published: 1, closed: 2 } as const;
export const QUESTIONNAIRE_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "草稿", 1: "已发布", 2: "已结束" };
export const AUDIENCE_TYPES = { community: 1, school: 2, activity: 3, listen: 4, link: 5 } as const;
export const AUDIENCE_TYPE_NAMES: Readonly<Record<number, string>> = { 1: "社区成员", 2: "学校教师", 3: "活动成员", 4: "听评课参与人", 5: "任何拿到链接的人" };
/** The skip target that ends the questionnaire. */
export const SKIP_END = "end";
export const QUESTIONNAIRE_MAX_QUESTIONS = 100;

// ─── the questions ───────────────────────────────────────────────────────────────────────────────────────────────

/** Ids of questions, options and matrix rows: short strings the builder makes (letters, digits, _ and -). */
const zKey = (label: string) =>
  z
    .string({ message: `${label}须为字符串` })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, `${label}只能由 1–32 个字母、数字、_ 或 - 组成`)
    .describe(label);
const zLabel = (label: string, max: number) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过 ${max} 个字符`)
    .describe(label);

export const QuestionOption = z.object({ id: zKey("选项编号"), label: zLabel("选项内容", 200) });
export type QuestionOption = z.infer<typeof QuestionOption>;
/** On a single-choice question: choosing option_id jumps to question goto (a later question) or to the end (SKIP_END). */
export const SkipRule = z.object({ option_id: zKey("跳转条件选项"), goto: zKey("跳转目标") });
export type SkipRule = z.infer<typeof SkipRule>;

export const Question = z.object({
  id: zKey("题目编号"),
  type: z.enum(QUESTION_TYPES, { message: "题型只能是 single 单选、multiple 多选、rating 评分、matrix 矩阵、text 填空" }).describe("题型"),
  title: zLabel("题目", 500),
  /** Optional explanation under the title. */
  description: z.string().trim().max(1000, "题目说明不能超过 1000 个字符").default("").describe("题目说明"),
  required: z.boolean({ message: "是否必答须为 true 或 false" }).default(true).describe("是否必答"),
  /** single / multiple: the choices; matrix: the columns (the same scale for every row). */
  options: z.array(QuestionOption).max(50, "选项不能超过 50 个").default([]).describe("选项"),
  /** matrix: the rows (each row answered with one column). */
  rows: z.array(QuestionOption).max(30, "矩阵行不能超过 30 个").default([]).describe("矩阵行"),
  /** multiple: how many may/must be chosen (0 = no limit). */
  min_select: z.coerce.number().int().min(0).max(50).default(0).describe("最少选择"),
  max_select: z.coerce.number().int().min(0).max(50).default(0).describe("最多选择"),
  /** rating: the scale (e.g. 1–5) and the labels of its ends. */
  scale_min: z.coerce.number().int().min(0, "评分下限不能小于 0").max(10, "评分下限不能大于 10").default(1).describe("评分下限"),
  scale_max: z.coerce.number().int().min(1, "评分上限至少为 1").max(10, "评分上限不能超过 10").default(5).describe("评分上限"),
  min_label: z.string().trim().max(20, "评分说明不能超过 20 个字符").default("").describe("最低分说明"),
  max_label: z.string().trim().max(20, "评分说明不能超过 20 个字符").default("").describe("最高分说明"),
  /** text: a multi-line box; the longest answer. */
  multiline: z.boolean().default(false).describe("多行文本"),
  max_length: z.coerce.number().int().min(1).max(5000, "填空字数上限不能超过 5000").default(500).describe("字数上限"),
  /** single: skip rules (others: must be empty). */
  skip: z.array(SkipRule).max(50).default([]).describe("跳题规则"),
});
export type Question = z.output<typeof Question>;
export type QuestionInput = z.input<typeof Question>;

/**
 * The questions as a whole, checked for consistency (the server checks the same with checkQuestions and answers 400
 * with the first message): unique ids; choice questions have ≥ 2 options with unique ids; matrix has ≥ 1 row and ≥ 2
 * columns; rating scale_min < scale_max; multiple min_select ≤ max_select ≤ options; skip only on single, naming its
 * own options, jumping forward (a later question or SKIP_END).
 */
export const QuestionList = z
  .array(Question, { message: "题目须为数组" })
  .max(QUESTIONNAIRE_MAX_QUESTIONS, `题目不能超过 ${QUESTIONNAIRE_MAX_QUESTIONS} 道`)
  .superRefine((qs, ctx) => {
    const problem = checkQuestions(qs);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe("题目");

/** The first inconsistency of a question list (Chinese), or undefined. Shared by the builder and the server. */
export function checkQuestions(qs: readonly Question[]): string | undefined {
  const index = new Map<string, number>();
  for (const [i, q] of qs.entries()) {
    const n = `第 ${i + 1} 题`;
    if (index.has(q.id)) return `${n}: 题目编号重复`;
    index.set(q.id, i);
    const ids = new Set(q.options.map((o) => o.id));
    if (ids.size !== q.options.length) return `${n}: 选项编号重复`;
    if ((q.type === "single" || q.type === "multiple") && q.options.length < 2) return `${n}: 至少需要 2 个选项`;
    if (q.type === "matrix") {
      if (q.options.length < 2) return `${n}: 矩阵至少需要 2 列`;
      if (q.rows.length < 1) return `${n}: 矩阵至少需要 1 行`;
      if (new Set(q.rows.map((r) => r.id)).size !== q.rows.length) return `${n}: 矩阵行编号重复`;
    }
    if (q.type === "rating" && q.scale_min >= q.scale_max) return `${n}: 评分下限须小于上限`;
    if (q.type === "multiple") {
      if (q.max_select && q.min_select > q.max_select) return `${n}: 最少选择数不能大于最多选择数`;
      if (q.max_select > q.options.length || q.min_select > q.options.length) return `${n}: 选择数不能超过选项数`;
    }
    if (q.skip.length && q.type !== "single") return `${n}: 只有单选题可以设置跳题`;
  }
  for (const [i, q] of qs.entries()) {
    for (const r of q.skip) {
      if (!q.options.some((o) => o.id === r.option_id)) return `第 ${i + 1} 题: 跳题规则的选项不存在`;
      if (r.goto === SKIP_END) continue;
      const to = index.get(r.goto);
      if (to === undefined) return `第 ${i + 1} 题: 跳题目标不存在`;
      if (to <= i) return `第 ${i + 1} 题: 只能跳到后面的题目`;
    }
  }
  return undefined;
}

// ─── answers ─────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * One answer, by the question's type: single → option id; multiple → option ids; rating → a number within the scale;
 * matrix → { row id: column (option) id }; text → a string.
 */
export const AnswerValue = z.union([
  z.string().max(5000, "回答不能超过 5000 个字符"),
  z.number(),
  z.array(z.string().max(32)).max(50),
  z.record(z.string().max(32), z.string().max(32)),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;
/** { question id: answer } — questions not answered are absent. */
export const Answers = z.record(z.string().max(32), AnswerValue, { message: "答案须为对象" }).describe("答案");
export type Answers = z.infer<typeof Answers>;

/**
 * The questions on the respondent's path: from the first, following the skip rule of each answered single-choice
 * question (a question skipped over is not on the path). Shared by the answering page (what to show) and the server
 * (what to check and keep on submit).
 */
export function questionPath(qs: readonly Question[], answers: Answers): Question[] {
  const out: Question[] = [];
  let i = 0;
  while (i < qs.length) {
    const q = qs[i]!;
    out.push(q);
    const a = answers[q.id];
    const rule = q.type === "single" && typeof a === "string" ? q.skip.find((r) => r.option_id === a) : undefined;
    if (!rule) {
      i++;
      continue;
    }
    if (rule.goto === SKIP_END) break;
    const to = qs.findIndex((x) => x.id === rule.goto);
    i = to > i ? to : i + 1;
  }
  return out;
}

/**
 * The first problem of one answer against its question (Chinese), or undefined. `final`: submitting (required
 * questions must be answered; min_select applies); a draft checks only the shape of what is there.
 */
export function checkAnswer(q: Question, a: AnswerValue | undefined, final: boolean): string | undefined {
  const empty =
    a === undefined || a === "" || (Array.isArray(a) && a.length === 0) || (typeof a === "object" && !Array.isArray(a) && Object.keys(a).length === 0);
  if (empty) return final && q.required ? "此题为必答题" : undefined;
  const optionIds = new Set(q.options.map((o) => o.id));
  switch (q.type) {
    case "single":
      return typeof a === "string" && optionIds.has(a) ? undefined : "请选择一个选项";
    case "multiple": {
      if (!Array.isArray(a) || a.some((x) => !optionIds.has(x)) || new Set(a).size !== a.length) return "选项不存在";
      if (q.max_select && a.length > q.max_select) return `最多选择 ${q.max_select} 项`;
      if (final && q.min_select && a.length < q.min_select) return `至少选择 ${q.min_select} 项`;
      return undefined;
    }
    case "rating":
      return typeof a === "number" && Number.isInteger(a) && a >= q.scale_min && a <= q.scale_max ? undefined : `请给出 ${q.scale_min}–${q.scale_max} 的评分`;
    case "matrix": {
      if (typeof a !== "object" || Array.isArray(a)) return "矩阵题的回答格式不正确";
      const rowIds = new Set(q.rows.map((r) => r.id));
      for (const [row, col] of Object.entries(a)) if (!rowIds.has(row) || !optionIds.has(col)) return "矩阵题的行或列不存在";
      if (final && q.required && q.rows.some((r) => !(r.id in a))) return "请回答矩阵的每一行";
      return undefined;
    }
    case "text":
      if (typeof a !== "string") return "请填写文字";
      return a.length > q.max_length ? `不能超过 ${q.max_length} 个字` : undefined;
  }
}

// ─── payloads ────────────────────────────────────────────────────────────────────────────────────────────────────

const zFlag = (label: string) =>
  z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, `${label}只能是 0 或 1`)
    .describe(label);
const zAudience = z.coerce
  .number({ message: "答卷范围必须是数字" })
  .int()
  .refine((v) => v >= 1 && v <= 5, "答卷范围只能是 1 社区、2 学校、3 活动、4 听评课、5 链接")
  .describe("答卷范围");
const zStatus = z.coerce
  .number({ message: "状态必须是数字" })
  .int()
  .refine((v) => v >= 0 && v <= 2, "状态只能是 0 草稿、1 已发布、2 已结束")
  .describe("状态");
/** The anonymous respondent's browser key (localStorage). */
const zKeyOpt = z
  .preprocess(
    blankToUndef,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, "答卷标识(key)应为 16–64 位字母、数字、_ 或 -")
      .optional(),
  )
  .describe("答卷标识");

export const QuestionnaireListPayload = z.object({
  page: zPage,
  limit: zLimit,
  keyword: z.preprocess(blankToUndef, z.string().trim().max(60, "关键词不能超过 60 个字符").optional()).describe("关键词"),
  status: z.preprocess(blankToUndef, zStatus.optional()),
  audience_type: z.preprocess(blankToUndef, zAudience.optional()),
  community_id: zOptId("社区"),
});
export type QuestionnaireListPayload = z.infer<typeof QuestionnaireListPayload>;

const QuestionnaireFields = {
  title: zLabel("问卷标题", 100),
  introduce: z.string().trim().max(2000, "问卷说明不能超过 2000 个字符").default("").describe("问卷说明"),
  audience_type: zAudience,
  /** community id, school id (0 = the author's school), activity id, listen-evaluate id; 0 for a link. */
  audience_id: z.coerce.number().int().min(0, "不能为负数").default(0).describe("答卷范围编号"),
  /** Only for a link (5): 1 respondents must log in, 0 anyone. Other audiences always need a login. */
  login_required: zFlag("需要登录").default(1),
  once_per_user: zFlag("每人限答一次").default(1),
  /** 1: the results never show who answered. */
  anonymous: zFlag("匿名").default(0),
  start_time: zDateOrTime("开始时间"),
  end_time: zDateOrTime("截止时间"),
  questions: QuestionList.default([]),
};
export const QuestionnaireSavePayload = z.object(QuestionnaireFields);
export type QuestionnaireSavePayload = z.infer<typeof QuestionnaireSavePayload>;
export const QuestionnaireUpdatePayload = z
  .object(QuestionnaireFields)
  .partial()
  .extend({ id: zId("问卷编号") });
export type QuestionnaireUpdatePayload = z.infer<typeof QuestionnaireUpdatePayload>;
export const QuestionnaireIdPayload = z.object({ id: zId("问卷编号") });
export const QuestionnaireSetStatusPayload = z.object({ id: zId("问卷编号"), status: zStatus });
export const QuestionnaireCommunityPayload = z.object({ community_id: zId("社区编号"), page: zPage, limit: zLimit });
export const QuestionnaireMinePayload = z.object({ page: zPage, limit: zLimit, answered: z.preprocess(blankToUndef, zFlag("已答").optional()) });
export const QuestionnaireOfListenPayload = z.object({ listen_id: zId("听评课记录编号") });
export const QuestionnaireCrossTabPayload = z.object({ id: zId("问卷编号"), row_question: zKey("行题目"), col_question: zKey("列题目") });
export const QuestionnaireTextPayload = z.object({
  id: zId("问卷编号"),
  question_id: zKey("题目编号"),
  page: zPage,
  limit: zLimit,
  keyword: z.preprocess(blankToUndef, z.string().trim().max(30).optional()).describe("关键词"),
});
export const QuestionnaireResponsesPayload = z.object({ id: zId("问卷编号"), page: zPage, limit: zLimit });
export const QuestionnaireFormPayload = z.object({ id: zId("问卷编号"), key: zKeyOpt });
export const QuestionnaireAnswerPayload = z.object({ id: zId("问卷编号"), key: zKeyOpt, answers: Answers });
export type QuestionnaireAnswerPayload = z.infer<typeof QuestionnaireAnswerPayload>;

// ─── answers of the calls ───────────────────────────────────────────────────────────────────────────────────────

/** A row of the manage lists, community lists and the caller's list. */
export interface QuestionnaireRow {
  id: number;
  title: string;
  introduce: string;
  status: number;
  status_name: string;
  audience_type: number;
  audience_id: number;
  /** The community / school / activity / listen record name; "链接" for 5. */
  audience_name: string;
  login_required: number;
  once_per_user: number;
  anonymous: number;
  start_time: string | null;
  end_time: string | null;
  question_count: number;
  /** Submitted responses. */
  response_count: number;
  account_id: number;
  author_name: string;
  created_at: string;
  published_at: string | null;
  /** The caller's state (lists for respondents): none / draft (saved, not submitted) / submitted. */
  my_state?: "none" | "draft" | "submitted";
  /** Whether the caller manages it (edit, results). */
  can_manage: boolean;
}

/** questionnaireDetail: the whole questionnaire (managers). */
export interface QuestionnaireDetail extends QuestionnaireRow {
  questions: Question[];
  /** Questions are locked once a response is submitted. */
  questions_locked: boolean;
}

/** webQuestionnaireForm. */
export interface QuestionnaireForm {
  id: number;
  title: string;
  introduce: string;
  status: number;
  anonymous: number;
  once_per_user: number;
  end_time: string | null;
  questions: Question[];
  /** The respondent's saved draft (or {} ). */
  answers: Answers;
  /** draft saved at; null when none. */
  saved_at: string | null;
  /** already_submitted: once_per_user and submitted (the form shows a thank-you, not the questions' inputs). */
  state: "open" | "already_submitted" | "not_started" | "ended";
  submitted_at: string | null;
}

export interface QuestionnaireSaved {
  saved_at: string;
}
export interface QuestionnaireSubmitted {
  response_id: number;
  submitted_at: string;
}

/** One question's results. */
export interface QuestionResult {
  question_id: string;
  type: QuestionType;
  title: string;
  /** Responses on whose path the question lay and that answered it. */
  answered: number;
  /** single / multiple / rating (each scale value is an option "1" … "5"): counts per option; share of `answered`. */
  options: { id: string; label: string; count: number; ratio: number }[];
  /** rating: the mean (null without answers). */
  mean: number | null;
  /** matrix: per row, counts per column. */
  rows: { id: string; label: string; counts: number[]; mean_col: number | null }[];
  /** text: how many answered (read them with textAnswers). */
}
export interface QuestionnaireResults {
  id: number;
  title: string;
  response_count: number;
  /** Submitted per day (Asia/Shanghai) for a line chart. */
  daily: { date: string; count: number }[];
  questions: QuestionResult[];
}

/** crossTab: rows = the row question's options, columns = the column question's; cells = responses with both. */
export interface QuestionnaireCrossTab {
  row_question: { id: string; title: string; options: { id: string; label: string }[] };
  col_question: { id: string; title: string; options: { id: string; label: string }[] };
  cells: number[][];
  row_totals: number[];
  col_totals: number[];
  total: number;
}

export interface QuestionnaireTextAnswers {
  list: { response_id: number; respondent: string; text: string; submitted_at: string }[];
  total: number;
  page: number;
  limit: number;
  /** The most frequent words of all this question's answers (stop words and single characters dropped), top 50. */
  keywords: { word: string; count: number }[];
}

export interface QuestionnaireResponseRow {
  id: number;
  /** "匿名" when the questionnaire is anonymous or the respondent did not log in. */
  respondent: string;
  school_name: string;
  submitted_at: string;
  /** Questions answered. */
  answered: number;
}

/** The calls of QUESTIONNAIRE_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const QUESTIONNAIRE = {
  questionnaireList: call<Page<QuestionnaireRow>>()(QUESTIONNAIRE_CALLS.questionnaireList, QuestionnaireListPayload),
  questionnaireSave: call<QuestionnaireDetail>()(QUESTIONNAIRE_CALLS.questionnaireSave, QuestionnaireSavePayload),
  questionnaireUpdate: call<QuestionnaireDetail>()(QUESTIONNAIRE_CALLS.questionnaireUpdate, QuestionnaireUpdatePayload),
  questionnaireDelete: call<{ id: number }>()(QUESTIONNAIRE_CALLS.questionnaireDelete, QuestionnaireIdPayload),
  questionnaireDetail: call<QuestionnaireDetail>()(QUESTIONNAIRE_CALLS.questionnaireDetail, QuestionnaireIdPayload),
  questionnaireSetStatus: call<QuestionnaireDetail>()(QUESTIONNAIRE_CALLS.questionnaireSetStatus, QuestionnaireSetStatusPayload),
  questionnaireCopy: call<QuestionnaireDetail>()(QUESTIONNAIRE_CALLS.questionnaireCopy, QuestionnaireIdPayload),
  questionnaireCommunityList: call<Page<QuestionnaireRow>>()(QUESTIONNAIRE_CALLS.questionnaireCommunityList, QuestionnaireCommunityPayload),
  questionnaireMine: call<Page<QuestionnaireRow>>()(QUESTIONNAIRE_CALLS.questionnaireMine, QuestionnaireMinePayload),
  questionnaireOfListen: call<QuestionnaireRow[]>()(QUESTIONNAIRE_CALLS.questionnaireOfListen, QuestionnaireOfListenPayload),
  questionnaireResults: call<QuestionnaireResults>()(QUESTIONNAIRE_CALLS.questionnaireResults, QuestionnaireIdPayload),
  questionnaireCrossTab: call<QuestionnaireCrossTab>()(QUESTIONNAIRE_CALLS.questionnaireCrossTab, QuestionnaireCrossTabPayload),
  questionnaireTextAnswers: call<QuestionnaireTextAnswers>()(QUESTIONNAIRE_CALLS.questionnaireTextAnswers, QuestionnaireTextPayload),
  questionnaireResponses: call<Page<QuestionnaireResponseRow>>()(QUESTIONNAIRE_CALLS.questionnaireResponses, QuestionnaireResponsesPayload),
  questionnaireExport: call<FileAnswer>()(QUESTIONNAIRE_CALLS.questionnaireExport, QuestionnaireIdPayload),
  webQuestionnaireForm: call<QuestionnaireForm>()(QUESTIONNAIRE_CALLS.webQuestionnaireForm, QuestionnaireFormPayload),
  webQuestionnaireDraft: call<QuestionnaireSaved>()(QUESTIONNAIRE_CALLS.webQuestionnaireDraft, QuestionnaireAnswerPayload),
  webQuestionnaireSubmit: call<QuestionnaireSubmitted>()(QUESTIONNAIRE_CALLS.webQuestionnaireSubmit, QuestionnaireAnswerPayload),
} as const;

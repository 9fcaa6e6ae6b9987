/** Typed calls of the questionnaire screens (docs/api/questionnaire.md; contract: packages/protocol/src/schemas/questionnaire.ts). */
import {
  CALLS,
  type ActivityRow,
  type Answers,
  type FileAnswer,
  type ListenRow,
  type Page,
  type QuestionnaireCrossTab,
  type QuestionnaireDetail,
  type QuestionnaireForm,
  type QuestionnaireResponseRow,
  type QuestionnaireResults,
  type QuestionnaireRow,
  type QuestionnaireSavePayload,
  type QuestionnaireSaved,
  type QuestionnaireSubmitted,
  type QuestionnaireTextAnswers,
} from "@yanke/protocol";
import { call, type CallOptions } from "../api/client";

type Q = Record<string, unknown>;

export const qnApi = {
  list: (p: Q) => call<Page<QuestionnaireRow>>(CALLS.questionnaireList, p),
  save: (p: QuestionnaireSavePayload) => call<QuestionnaireDetail>(CALLS.questionnaireSave, p as unknown as Q),
  update: (p: Partial<QuestionnaireSavePayload> & { id: number }) => call<QuestionnaireDetail>(CALLS.questionnaireUpdate, p as unknown as Q),
  remove: (id: number) => call<null>(CALLS.questionnaireDelete, { id }),
  detail: (id: number) => call<QuestionnaireDetail>(CALLS.questionnaireDetail, { id }),
  setStatus: (id: number, status: number) => call<unknown>(CALLS.questionnaireSetStatus, { id, status }),
  copy: (id: number) => call<QuestionnaireDetail>(CALLS.questionnaireCopy, { id }),
  community: (community_id: number, page: number, limit: number) =>
    call<Page<QuestionnaireRow>>(CALLS.questionnaireCommunityList, { community_id, page, limit }),
  mine: (p: Q) => call<Page<QuestionnaireRow>>(CALLS.questionnaireMine, p),
  ofListen: (listen_id: number) => call<QuestionnaireRow[] | Page<QuestionnaireRow>>(CALLS.questionnaireOfListen, { listen_id }),
  results: (id: number) => call<QuestionnaireResults>(CALLS.questionnaireResults, { id }),
  crossTab: (id: number, row_question: string, col_question: string) =>
    call<QuestionnaireCrossTab>(CALLS.questionnaireCrossTab, { id, row_question, col_question }),
  textAnswers: (p: { id: number; question_id: string; page: number; limit: number; keyword?: string }) =>
    call<QuestionnaireTextAnswers>(CALLS.questionnaireTextAnswers, p),
  responses: (id: number, page: number, limit: number) => call<Page<QuestionnaireResponseRow>>(CALLS.questionnaireResponses, { id, page, limit }),
  exportXlsx: (id: number) => call<FileAnswer>(CALLS.questionnaireExport, { id }),
  form: (id: number, key: string | undefined, opts?: CallOptions) => call<QuestionnaireForm>(CALLS.webQuestionnaireForm, { id, key }, opts),
  draft: (id: number, key: string | undefined, answers: Answers) =>
    call<QuestionnaireSaved>(CALLS.webQuestionnaireDraft, { id, key, answers }, { quiet: true }),
  submit: (id: number, key: string | undefined, answers: Answers) => call<QuestionnaireSubmitted>(CALLS.webQuestionnaireSubmit, { id, key, answers }),
};

/** The records the builder offers for audiences 3 and 4 (existing calls; a keyword narrows them on the server). */
export const PICK_LIMIT = 50;
export const pickApi = {
  /** c271 role 1: the listen-evaluate records the caller organised (only those may be addressed). */
  listenMine: (name: string) => call<Page<ListenRow>>(CALLS.listenUserRecordList, { role: 1, name: name || undefined, page: 1, limit: PICK_LIMIT }),
  /** c374: the activities the caller created. */
  activitiesMine: (keyword: string) => call<Page<ActivityRow>>(CALLS.myActivity, { keyword: keyword || undefined, page: 1, limit: PICK_LIMIT }),
  /** c393: the activities the caller may see (the builder keeps those of the communities he manages). */
  activitiesVisible: (keyword: string) => call<Page<ActivityRow>>(CALLS.activityList, { keyword: keyword || undefined, page: 1, limit: 100 }),
};

/** Rows of questionnaireOfListen, whether it answers a list or a page. */
export function rowsOf(x: QuestionnaireRow[] | Page<QuestionnaireRow> | undefined): QuestionnaireRow[] {
  if (!x) return [];
  return Array.isArray(x) ? x : x.list;
}

/** The answering page of a questionnaire, in this edition (NINGXIA answers at /add). */
export function answerPath(id: number, ningxia: boolean): string {
  return `${ningxia ? "/add" : "/questionnaire/answer"}?id=${id}`;
}

/** The browser key of an anonymous respondent (one per browser, kept in localStorage). */
export function browserKey(): string {
  const K = "yanke.questionnaire.key";
  try {
    const old = localStorage.getItem(K);
    if (old && /^[A-Za-z0-9_-]{16,64}$/.test(old)) return old;
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    const key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(K, key);
    return key;
  } catch {
    return "";
  }
}

export const STATUS_COLORS: Record<number, string> = { 0: "default", 1: "green", 2: "orange" };

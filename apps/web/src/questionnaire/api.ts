/** Typed calls of the questionnaire screens (docs/api/questionnaire.md; contract: packages/protocol/src/schemas/questionnaire.ts). */
import { type PayloadOf, calls, type Answers, type Page, type QuestionnaireRow } from "@yanke/protocol";
import { call, type CallOptions } from "../api/client";

export const qnApi = {
  list: (p: PayloadOf<typeof calls.questionnaireList>) => call(calls.questionnaireList, p),
  save: (p: PayloadOf<typeof calls.questionnaireSave>) => call(calls.questionnaireSave, p),
  update: (p: PayloadOf<typeof calls.questionnaireUpdate>) => call(calls.questionnaireUpdate, p),
  remove: (id: number) => call(calls.questionnaireDelete, { id }),
  detail: (id: number) => call(calls.questionnaireDetail, { id }),
  setStatus: (id: number, status: number) => call(calls.questionnaireSetStatus, { id, status }),
  copy: (id: number) => call(calls.questionnaireCopy, { id }),
  community: (community_id: number, page: number, limit: number) => call(calls.questionnaireCommunityList, { community_id, page, limit }),
  mine: (p: PayloadOf<typeof calls.questionnaireMine>) => call(calls.questionnaireMine, p),
  ofListen: (listen_id: number) => call(calls.questionnaireOfListen, { listen_id }),
  results: (id: number) => call(calls.questionnaireResults, { id }),
  crossTab: (id: number, row_question: string, col_question: string) => call(calls.questionnaireCrossTab, { id, row_question, col_question }),
  textAnswers: (p: PayloadOf<typeof calls.questionnaireTextAnswers>) => call(calls.questionnaireTextAnswers, p),
  responses: (id: number, page: number, limit: number) => call(calls.questionnaireResponses, { id, page, limit }),
  exportXlsx: (id: number) => call(calls.questionnaireExport, { id }),
  form: (id: number, key: string | undefined, opts?: CallOptions) => call(calls.webQuestionnaireForm, { id, key }, opts),
  draft: (id: number, key: string | undefined, answers: Answers) => call(calls.webQuestionnaireDraft, { id, key, answers }, { quiet: true }),
  submit: (id: number, key: string | undefined, answers: Answers) => call(calls.webQuestionnaireSubmit, { id, key, answers }),
};

/** The records the builder offers for audiences 3 and 4 (existing calls; a keyword narrows them on the server). */
export const PICK_LIMIT = 50;
export const pickApi = {
  /** c271 role 1: the listen-evaluate records the caller organised (only those may be addressed). */
  listenMine: (name: string) => call(calls.listenUserRecordList, { role: 1, name: name || undefined, page: 1, limit: PICK_LIMIT }),
  /** c374: the activities the caller created. */
  activitiesMine: (keyword: string) => call(calls.myActivity, { keyword: keyword || undefined, page: 1, limit: PICK_LIMIT }),
  /** c393: the activities the caller may see (the builder keeps those of the communities he manages). */
  activitiesVisible: (keyword: string) => call(calls.activityList, { keyword: keyword || undefined, page: 1, limit: 100 }),
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

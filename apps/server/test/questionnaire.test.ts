/**
 * Questionnaires (问卷; #12; docs/api/questionnaire.md) over the real wire: authoring and audiences (who may target
 * what), publishing, answering (drafts, submit along the skip path, one answer per user under concurrency, anonymous
 * link answers with a browser key, login needed → 1025), time windows, questions locked after a submission, results,
 * cross-tabulation, text keywords, responses, the .xlsx export, the lists, the community feed's activity, copy, delete.
 */
import { Readable } from "node:stream";
import {
  CALLS,
  Code,
  type FileAnswer,
  type Page,
  type QuestionInput,
  type QuestionnaireCrossTab,
  type QuestionnaireDetail,
  type QuestionnaireForm,
  type QuestionnaireResponseRow,
  type QuestionnaireResults,
  type QuestionnaireRow,
  type QuestionnaireSubmitted,
  type QuestionnaireTextAnswers,
} from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "../src/modules/activity/activity.schema.js";
import { listenEvaluate, listenMember } from "../src/modules/listen/listen.schema.js";
import { questionnaire, questionnaireResponse } from "../src/modules/questionnaire/questionnaire.schema.js";
import { DAY, HOUR, type Kit, insertActivity, insertCommunity, startKit, wire } from "./activity-kit.js";

let k: Kit;
let school1 = 0;
let school2 = 0;
const P = CALLS;
const anon = <T = unknown>(path: string, payload: Record<string, unknown>) => k.s.call<T>(path, payload);

/** q1 single (o2 skips to q4), q2 multiple (1–3), q3 rating 1–5, q4 matrix 2×3, q5 text (optional). */
const QUESTIONS: QuestionInput[] = [
  {
    id: "q1",
    type: "single",
    title: "您是否参加过本学期的教研活动？",
    options: [
      { id: "o1", label: "参加过" },
      { id: "o2", label: "未参加过" },
    ],
    skip: [{ option_id: "o2", goto: "q4" }],
  },
  {
    id: "q2",
    type: "multiple",
    title: "您参加过哪些活动？",
    options: ["a", "b", "c", "d"].map((id) => ({ id, label: `活动${id}` })),
    min_select: 1,
    max_select: 3,
  },
  { id: "q3", type: "rating", title: "总体满意度", scale_min: 1, scale_max: 5 },
  {
    id: "q4",
    type: "matrix",
    title: "各方面评价",
    rows: [
      { id: "r1", label: "内容" },
      { id: "r2", label: "组织" },
    ],
    options: [
      { id: "c1", label: "差" },
      { id: "c2", label: "一般" },
      { id: "c3", label: "好" },
    ],
  },
  { id: "q5", type: "text", title: "意见与建议", required: false, multiline: true },
];

async function create(user: string, extra: Record<string, unknown> = {}): Promise<QuestionnaireDetail> {
  return k.ok<QuestionnaireDetail>(
    P.questionnaireSave,
    { title: "测试问卷", introduce: "说明", audience_type: 2, audience_id: 0, questions: QUESTIONS, ...extra },
    user,
  );
}
const publish = (id: number, user = "zhanglaoshi") => k.ok<QuestionnaireDetail>(P.questionnaireSetStatus, { id, status: 1 }, user);
const key = (n: number) => `browserkey-${String(n).padStart(8, "0")}`;

beforeAll(async () => {
  k = await startKit();
  school1 = k.who.zhanglaoshi!.school_id;
  school2 = k.who.zhaolaoshi!.school_id;
  expect(school1).not.toBe(school2);
});
afterAll(async () => {
  await k?.s.close();
});

describe("authoring", () => {
  it("a teacher creates a draft for his school (audience_id 0 = his school); bad input is a Chinese 400", async () => {
    const q = await create("zhanglaoshi");
    expect(q.status).toBe(0);
    expect(q.audience_id).toBe(school1);
    expect(q.question_count).toBe(5);
    expect(q.can_manage).toBe(true);
    expect(q.questions_locked).toBe(false);
    await k.refused(P.questionnaireSave, { title: "", audience_type: 2 }, "zhanglaoshi", 400, /请输入问卷标题/);
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 9 }, "zhanglaoshi", 400, /答卷范围只能是/);
    const bad = [{ id: "q1", type: "single", title: "只有一个选项", options: [{ id: "a", label: "甲" }] }];
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 2, questions: bad }, "zhanglaoshi", 400, /第 1 题: 至少需要 2 个选项/);
    await k.refused(
      P.questionnaireSave,
      { title: "x", audience_type: 2, start_time: "2026-10-02", end_time: "2026-10-01" },
      "zhanglaoshi",
      400,
      "截止时间须晚于开始时间",
    );
    const r = await anon(P.questionnaireSave, { title: "x", audience_type: 5 });
    expect(r.code).toBe(Code.SESSION_INVALID);
  });

  it("audiences: 400 when it does not exist, 403 when the author may not target it", async () => {
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 2, audience_id: school2 }, "zhanglaoshi", 403, "教师只能面向本校发布问卷");
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 2, audience_id: 999999 }, "zhanglaoshi", 400, "答卷范围的学校不存在");
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 2, audience_id: school2 }, "xiaoji", 403, "该学校不在您的管理范围内");
    await k.ok(P.questionnaireSave, { title: "x", audience_type: 2, audience_id: school2 }, "pingtai");
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 1, audience_id: 999999 }, "zhanglaoshi", 400, "答卷范围的社区不存在");
    const cid = await insertCommunity(k.db, { name: "问卷测试社区甲", owner: k.id.lilaoshi!, school_id: school1 });
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 1, audience_id: cid }, "zhanglaoshi", 403, "只能面向您已加入的社区发布问卷");
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 3, audience_id: 999999 }, "zhanglaoshi", 400, "答卷范围的活动不存在");
    const aid = await insertActivity(k.db, {
      name: "别人的活动",
      account_id: k.id.lilaoshi!,
      community_id: cid,
      start: new Date(),
      end: new Date(Date.now() + DAY),
    });
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 3, audience_id: aid }, "zhanglaoshi", 403, /只有活动创建者或社区管理员/);
    await k.ok(P.questionnaireSave, { title: "x", audience_type: 3, audience_id: aid }, "lilaoshi");
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 4, audience_id: 999999 }, "zhanglaoshi", 400, "答卷范围的听评课记录不存在");
    const link = await k.ok<QuestionnaireDetail>(P.questionnaireSave, { title: "x", audience_type: 5, audience_id: 7, login_required: 0 }, "zhaolaoshi");
    expect([link.audience_id, link.login_required, link.audience_name]).toEqual([0, 0, "链接"]);
  });

  it("detail, update, setStatus, copy: managers only (author, school administrator), 404 for a missing id", async () => {
    const q = await create("zhanglaoshi", { title: "管理权限测试" });
    const d = await k.ok<QuestionnaireDetail>(P.questionnaireDetail, { id: q.id }, "xiaoji");
    expect(d.questions.map((x) => x.id)).toEqual(["q1", "q2", "q3", "q4", "q5"]);
    expect(d.can_manage).toBe(true);
    await k.refused(P.questionnaireDetail, { id: q.id }, "zhaolaoshi", 403, /无权操作/);
    await k.refused(P.questionnaireDetail, { id: q.id }, "lilaoshi", 403);
    await k.refused(P.questionnaireDetail, { id: 999999 }, "zhanglaoshi", 404, "问卷不存在或已删除");
    await k.refused(P.questionnaireUpdate, { id: q.id, title: "改" }, "zhaolaoshi", 403);
    await k.refused(P.questionnaireDelete, { id: q.id }, "zhaolaoshi", 403);
    await k.refused(P.questionnaireSetStatus, { id: q.id, status: 1 }, "zhaolaoshi", 403);
    await k.refused(P.questionnaireCopy, { id: q.id }, "zhaolaoshi", 403);
    await k.refused(P.questionnaireSetStatus, { id: q.id, status: 5 }, "zhanglaoshi", 400, /状态只能是/);
    const u = await k.ok<QuestionnaireDetail>(P.questionnaireUpdate, { id: q.id, title: "管理权限测试（改）" }, "xiaoji");
    expect(u.title).toBe("管理权限测试（改）");
    expect(u.question_count).toBe(5);
    const empty = await create("zhanglaoshi", { title: "空问卷", questions: [] });
    await k.refused(P.questionnaireSetStatus, { id: empty.id, status: 1 }, "zhanglaoshi", 400, /至少需要 1 道题/);
    const copy = await k.ok<QuestionnaireDetail>(P.questionnaireCopy, { id: q.id }, "zhanglaoshi");
    expect(copy.title).toBe("管理权限测试（改）（副本）");
    expect(copy.status).toBe(0);
    expect(copy.id).not.toBe(q.id);
    expect(copy.questions).toEqual(d.questions);
    const list = await k.ok<Page<QuestionnaireRow>>(P.questionnaireList, { keyword: "管理权限", limit: 50 }, "xiaoji");
    expect(list.list.map((x) => x.id).sort()).toEqual([q.id, copy.id].sort());
    const zhao = await k.ok<Page<QuestionnaireRow>>(P.questionnaireList, { keyword: "管理权限" }, "zhaolaoshi");
    expect(zhao.total).toBe(0);
  });
});

describe("every call", () => {
  it("manager calls: 404 for a missing id, 400 for a bad one, 1025 without a session", async () => {
    const byId: [string, Record<string, unknown>][] = [
      [P.questionnaireUpdate, { title: "x" }],
      [P.questionnaireDelete, {}],
      [P.questionnaireDetail, {}],
      [P.questionnaireSetStatus, { status: 1 }],
      [P.questionnaireCopy, {}],
      [P.questionnaireResults, {}],
      [P.questionnaireCrossTab, { row_question: "a", col_question: "b" }],
      [P.questionnaireTextAnswers, { question_id: "t" }],
      [P.questionnaireResponses, {}],
      [P.questionnaireExport, {}],
    ];
    for (const [path, extra] of byId) {
      await k.refused(path, { id: 999999, ...extra }, "zhanglaoshi", 404, "问卷不存在或已删除");
      await k.refused(path, { id: "abc", ...extra }, "zhanglaoshi", 400, /id\)?: 应为数字/);
      expect((await anon(path, { id: 1, ...extra })).code, path).toBe(Code.SESSION_INVALID);
    }
    for (const path of [P.questionnaireList, P.questionnaireMine, P.questionnaireCommunityList, P.questionnaireOfListen]) {
      expect((await anon(path, { community_id: 1, listen_id: 1 })).code, path).toBe(Code.SESSION_INVALID);
    }
    await k.refused(P.questionnaireList, { status: 9 }, "zhanglaoshi", 400, /状态只能是/);
    await k.refused(P.questionnaireCommunityList, {}, "zhanglaoshi", 400, /community_id/);
    for (const path of [P.webQuestionnaireForm, P.webQuestionnaireDraft, P.webQuestionnaireSubmit]) {
      await k.refused(path, { id: 999999, answers: {} }, "lilaoshi", 404, "问卷不存在或已删除");
      expect((await anon(path, { id: 999999, answers: {} })).code, path).toBe(404);
      await k.refused(path, { answers: {} }, "lilaoshi", 400, "问卷编号(id): 必填");
    }
  });
});

describe("answering", () => {
  let qid = 0;
  beforeAll(async () => {
    qid = (await create("zhanglaoshi", { title: "作答测试" })).id;
  });

  it("a draft is not answerable (404 for respondents); the form needs a login (1025) and the audience (403)", async () => {
    await k.refused(P.webQuestionnaireForm, { id: qid }, "lilaoshi", 404);
    await publish(qid);
    const r = await anon(P.webQuestionnaireForm, { id: qid });
    expect(r.code).toBe(Code.SESSION_INVALID);
    await k.refused(P.webQuestionnaireForm, { id: qid }, "zhaolaoshi", 403, "您不在该问卷的答卷范围内");
    await k.refused(P.webQuestionnaireForm, { id: 999999 }, "lilaoshi", 404);
    const f = await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: qid }, "lilaoshi");
    expect([f.state, f.saved_at, f.answers]).toEqual(["open", null, {}]);
    expect(f.questions).toHaveLength(5);
  });

  it("a manager outside the audience previews the form but does not answer", async () => {
    expect(k.who.pingtai!.school_id).not.toBe(school1);
    expect((await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: qid }, "pingtai")).questions).toHaveLength(5);
    await k.refused(P.webQuestionnaireDraft, { id: qid, answers: {} }, "pingtai", 403, "您不在该问卷的答卷范围内");
    await k.refused(P.webQuestionnaireSubmit, { id: qid, answers: {} }, "pingtai", 403, "您不在该问卷的答卷范围内");
  });

  it("drafts survive: saved answers come back with the form; drafts check the shape only", async () => {
    await k.ok(P.webQuestionnaireDraft, { id: qid, answers: { q1: "o1", q2: ["a"] } }, "lilaoshi");
    await k.ok(P.webQuestionnaireDraft, { id: qid, answers: { q1: "o1", q2: ["a", "b"] } }, "lilaoshi");
    const f = await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: qid }, "lilaoshi");
    expect(f.answers).toEqual({ q1: "o1", q2: ["a", "b"] });
    expect(f.saved_at).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const drafts = await k.db
      .select()
      .from(questionnaireResponse)
      .where(and(eq(questionnaireResponse.questionnaire_id, qid), eq(questionnaireResponse.status, 0)));
    expect(drafts).toHaveLength(1);
    await k.refused(P.webQuestionnaireDraft, { id: qid, answers: { q3: 9 } }, "lilaoshi", 400, "第 3 题: 请给出 1–5 的评分");
    await k.refused(P.webQuestionnaireDraft, { id: qid, answers: { nope: "x" } }, "lilaoshi", 400, /不存在的题目/);
    await k.refused(P.webQuestionnaireDraft, { id: qid, answers: { q2: ["a", "b", "c", "d"] } }, "lilaoshi", 400, "第 2 题: 最多选择 3 项");
    await k.refused(P.webQuestionnaireDraft, { id: qid, answers: "x" }, "lilaoshi", 400, /答案/);
    await k.refused(P.webQuestionnaireDraft, { id: qid, answers: {} }, "zhaolaoshi", 403);
  });

  it("a draft made before the questions changed comes back without the answers that no longer fit", async () => {
    const q = await create("zhanglaoshi", {
      title: "改题测试",
      questions: [
        { id: "a", type: "rating", title: "打分", scale_max: 10 },
        { id: "b", type: "text", title: "说明" },
      ],
    });
    await publish(q.id);
    await k.ok(P.webQuestionnaireDraft, { id: q.id, answers: { a: 8, b: "旧回答" } }, "lilaoshi");
    await k.ok(
      P.questionnaireUpdate,
      {
        id: q.id,
        questions: [
          { id: "a", type: "rating", title: "打分", scale_max: 5 },
          { id: "c", type: "text", title: "新题" },
        ],
      },
      "zhanglaoshi",
    );
    const f = await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id }, "lilaoshi");
    expect(f.answers).toEqual({});
    await k.ok(P.webQuestionnaireDraft, { id: q.id, answers: { ...f.answers, a: 5 } }, "lilaoshi");
  });

  it("submit checks the required questions on the skip path and drops answers off it", async () => {
    await k.refused(P.webQuestionnaireSubmit, { id: qid, answers: { q1: "o1", q2: ["a"] } }, "lilaoshi", 400, "第 3 题: 此题为必答题");
    await k.refused(P.webQuestionnaireSubmit, { id: qid, answers: { q1: "o1", q2: [], q3: 4 } }, "lilaoshi", 400, "第 2 题: 此题为必答题");
    await k.refused(P.webQuestionnaireSubmit, { id: qid, answers: { q1: "o2", q4: { r1: "c1" } } }, "lilaoshi", 400, "第 4 题: 请回答矩阵的每一行");
    // o2 skips q2 and q3: their answers are dropped, and their being invalid does not matter.
    const s = await k.ok<QuestionnaireSubmitted>(
      P.webQuestionnaireSubmit,
      { id: qid, answers: { q1: "o2", q2: ["a"], q3: 3, q4: { r1: "c1", r2: "c3" } } },
      "lilaoshi",
    );
    const [row] = await k.db.select().from(questionnaireResponse).where(eq(questionnaireResponse.id, s.response_id));
    expect(row!.status).toBe(1);
    expect(row!.answers).toEqual({ q1: "o2", q4: { r1: "c1", r2: "c3" } });
    expect(row!.once_key).toBe(`a:${k.id.lilaoshi}`);
    // The draft became the response: no draft left.
    const drafts = await k.db
      .select()
      .from(questionnaireResponse)
      .where(and(eq(questionnaireResponse.questionnaire_id, qid), eq(questionnaireResponse.status, 0)));
    expect(drafts).toHaveLength(0);
    const f = await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: qid }, "lilaoshi");
    expect(f.state).toBe("already_submitted");
    expect(f.submitted_at).toBe(s.submitted_at);
    await k.refused(P.webQuestionnaireSubmit, { id: qid, answers: { q1: "o2", q4: { r1: "c1", r2: "c3" } } }, "lilaoshi", 409, "您已提交过该问卷");
    await k.refused(P.webQuestionnaireDraft, { id: qid, answers: {} }, "lilaoshi", 409, "您已提交过该问卷");
  });

  it("one answer per user under concurrency: exactly one of several submits lands; response_count stays right", async () => {
    const answers = { q1: "o1", q2: ["b", "c"], q3: 5, q4: { r1: "c3", r2: "c2" }, q5: "很好" };
    await k.ok(P.webQuestionnaireDraft, { id: qid, answers: { q1: "o1" } }, "wanglaoshi");
    const rs = await Promise.all(Array.from({ length: 5 }, () => k.call<QuestionnaireSubmitted>(P.webQuestionnaireSubmit, { id: qid, answers }, "wanglaoshi")));
    expect(rs.filter((r) => r.code === 200)).toHaveLength(1);
    const refused = rs.filter((r) => r.code !== 200);
    expect(refused.map((r) => r.code)).toEqual([409, 409, 409, 409]);
    expect(new Set(refused.map((r) => r.msg))).toEqual(new Set(["您已提交过该问卷"]));
    // Without a draft, too.
    const again = await Promise.all(Array.from({ length: 4 }, () => k.call(P.webQuestionnaireSubmit, { id: qid, answers }, "zhanglaoshi")));
    expect(again.filter((r) => r.code === 200)).toHaveLength(1);
    expect(again.filter((r) => r.code === 409)).toHaveLength(3);
    const [q] = await k.db.select().from(questionnaire).where(eq(questionnaire.id, qid));
    expect(q!.response_count).toBe(3);
    const n = await k.db
      .select()
      .from(questionnaireResponse)
      .where(and(eq(questionnaireResponse.questionnaire_id, qid), eq(questionnaireResponse.status, 1)));
    expect(n).toHaveLength(3);
  });

  it("questions are locked after a submission; title and times may still change", async () => {
    const changed = QUESTIONS.map((x) => (x.id === "q3" ? { ...x, scale_max: 10 } : x));
    await k.refused(P.questionnaireUpdate, { id: qid, questions: changed }, "zhanglaoshi", 409, "已有人提交，题目不能再修改");
    await k.refused(P.questionnaireUpdate, { id: qid, audience_type: 5 }, "zhanglaoshi", 409, "已有人提交，答卷范围不能再修改");
    const d = await k.ok<QuestionnaireDetail>(P.questionnaireDetail, { id: qid }, "zhanglaoshi");
    expect(d.questions_locked).toBe(true);
    // The same questions sent back (a builder saving the whole form) are not a change.
    await k.ok(
      P.questionnaireUpdate,
      { id: qid, questions: d.questions, title: "作答测试（改名）", end_time: wire(new Date(Date.now() + 7 * DAY)) },
      "zhanglaoshi",
    );
    // The audience sent back as the builder holds it (school 0 = the author's school) is no change either.
    await k.ok(P.questionnaireUpdate, { id: qid, audience_type: 2, audience_id: 0 }, "zhanglaoshi");
    // A bare date as the end means the end of that day.
    const dated = await k.ok<QuestionnaireDetail>(P.questionnaireUpdate, { id: qid, end_time: "2099-12-31" }, "zhanglaoshi");
    expect(dated.end_time).toBe("2099-12-31 23:59:59");
    await k.refused(P.questionnaireSetStatus, { id: qid, status: 0 }, "zhanglaoshi", 400, /不能改回草稿/);
  });

  it("closed / not started / ended: the form tells, draft and submit answer 400", async () => {
    const q = await create("zhanglaoshi", { title: "时间测试", start_time: wire(new Date(Date.now() + 2 * DAY)) });
    await publish(q.id);
    expect((await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id }, "lilaoshi")).state).toBe("not_started");
    await k.refused(P.webQuestionnaireDraft, { id: q.id, answers: {} }, "lilaoshi", 400, "问卷未开始");
    await k.refused(P.webQuestionnaireSubmit, { id: q.id, answers: {} }, "lilaoshi", 400, "问卷未开始");
    await k.ok(
      P.questionnaireUpdate,
      { id: q.id, start_time: wire(new Date(Date.now() - 2 * DAY)), end_time: wire(new Date(Date.now() - HOUR)) },
      "zhanglaoshi",
    );
    expect((await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id }, "lilaoshi")).state).toBe("ended");
    await k.refused(P.webQuestionnaireSubmit, { id: q.id, answers: {} }, "lilaoshi", 400, "问卷已结束");
    await k.ok(P.questionnaireUpdate, { id: q.id, start_time: null, end_time: "" }, "zhanglaoshi");
    expect((await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id }, "lilaoshi")).state).toBe("open");
    const closed = await k.ok<QuestionnaireDetail>(P.questionnaireSetStatus, { id: q.id, status: 2 }, "zhanglaoshi");
    expect(closed.status_name).toBe("已结束");
    expect((await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id }, "lilaoshi")).state).toBe("ended");
    await k.refused(P.webQuestionnaireDraft, { id: q.id, answers: {} }, "lilaoshi", 400, "问卷已结束");
    await publish(q.id);
    expect((await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id }, "lilaoshi")).state).toBe("open");
  });

  it("a link without login: answered with a browser key, no token; with login required: 1025", async () => {
    const q = await create("zhaolaoshi", {
      title: "公开链接问卷",
      audience_type: 5,
      login_required: 0,
      questions: [{ id: "t", type: "text", title: "一句话" }],
    });
    await publish(q.id, "zhaolaoshi");
    const f = await anon<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id });
    expect([f.code, f.data.state]).toEqual([200, "open"]);
    expect((await anon(P.webQuestionnaireDraft, { id: q.id, answers: { t: "草稿" } })).msg).toMatch(/缺少答卷标识/);
    expect((await anon(P.webQuestionnaireDraft, { id: q.id, key: "short", answers: {} })).code).toBe(400);
    expect((await anon(P.webQuestionnaireDraft, { id: q.id, key: key(1), answers: { t: "草稿" } })).code).toBe(200);
    expect((await anon<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id, key: key(1) })).data.answers).toEqual({ t: "草稿" });
    expect((await anon<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id, key: key(2) })).data.answers).toEqual({});
    expect((await anon(P.webQuestionnaireSubmit, { id: q.id, key: key(1), answers: { t: "提交的回答" } })).code).toBe(200);
    const twice = await anon(P.webQuestionnaireSubmit, { id: q.id, key: key(1), answers: { t: "再来" } });
    expect([twice.code, twice.msg]).toEqual([409, "您已提交过该问卷"]);
    expect((await anon<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id, key: key(1) })).data.state).toBe("already_submitted");
    // A signed-in account answers as itself (anyone may answer a link).
    await k.ok(P.webQuestionnaireSubmit, { id: q.id, answers: { t: "登录后回答" } }, "zhanglaoshi");
    const rows = await k.ok<Page<QuestionnaireResponseRow>>(P.questionnaireResponses, { id: q.id }, "zhaolaoshi");
    expect(rows.list.map((r) => r.respondent).sort()).toEqual(["匿名", "张老师"].sort());

    const login = await create("zhaolaoshi", { title: "需登录的链接", audience_type: 5, login_required: 1 });
    await publish(login.id, "zhaolaoshi");
    expect((await anon(P.webQuestionnaireForm, { id: login.id, key: key(3) })).code).toBe(Code.SESSION_INVALID);
    expect((await anon(P.webQuestionnaireSubmit, { id: login.id, key: key(3), answers: {} })).code).toBe(Code.SESSION_INVALID);
    expect((await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: login.id }, "lilaoshi")).state).toBe("open");
  });

  it("once_per_user 0: the same respondent may submit again", async () => {
    const q = await create("zhanglaoshi", { title: "可多次作答", once_per_user: 0, questions: [{ id: "s", type: "rating", title: "打分" }] });
    await publish(q.id);
    await k.ok(P.webQuestionnaireSubmit, { id: q.id, answers: { s: 3 } }, "lilaoshi");
    await k.ok(P.webQuestionnaireSubmit, { id: q.id, answers: { s: 4 } }, "lilaoshi");
    expect((await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id }, "lilaoshi")).state).toBe("open");
    expect((await k.ok<QuestionnaireDetail>(P.questionnaireDetail, { id: q.id }, "zhanglaoshi")).response_count).toBe(2);
  });
});

describe("results", () => {
  let qid = 0;
  /** Six anonymous link responses: (q1, q2 rating, q3 multiple, q4 text). */
  const DATA: [string, number, string[], string][] = [
    ["m", 5, ["x", "y"], "教研活动很有收获，希望多组织听课"],
    ["m", 4, ["x"], "教研氛围很好"],
    ["f", 5, ["y", "z"], "希望教研活动的时间安排更灵活"],
    ["f", 3, ["z"], "听课评课的形式可以更丰富"],
    ["f", 5, ["x", "z"], "教研主题贴近课堂"],
    ["m", 2, ["y"], ""],
  ];
  beforeAll(async () => {
    const q = await create("zhaolaoshi", {
      title: "结果统计测试",
      audience_type: 5,
      login_required: 0,
      questions: [
        {
          id: "g",
          type: "single",
          title: "性别",
          options: [
            { id: "m", label: "男" },
            { id: "f", label: "女" },
          ],
        },
        { id: "s", type: "rating", title: "满意度", scale_min: 1, scale_max: 5 },
        {
          id: "w",
          type: "multiple",
          title: "关注方面",
          options: [
            { id: "x", label: "教学设计" },
            { id: "y", label: "课堂管理" },
            { id: "z", label: "学生评价" },
          ],
        },
        { id: "t", type: "text", title: "建议", required: false },
        {
          id: "mx",
          type: "matrix",
          title: "评价",
          required: false,
          rows: [{ id: "r1", label: "内容" }],
          options: [
            { id: "c1", label: "一般" },
            { id: "c2", label: "好" },
          ],
        },
      ],
    });
    qid = q.id;
    await publish(qid, "zhaolaoshi");
    for (const [i, [g, s, w, t]] of DATA.entries()) {
      const r = await anon(P.webQuestionnaireSubmit, {
        id: qid,
        key: key(100 + i),
        answers: { g, s, w, t, ...(i < 2 ? { mx: { r1: i ? "c2" : "c1" } } : {}) },
      });
      expect(r.code, r.msg).toBe(200);
    }
  });

  it("per question: counts, ratios, rating mean, matrix counts, daily; managers only", async () => {
    const r = await k.ok<QuestionnaireResults>(P.questionnaireResults, { id: qid }, "zhaolaoshi");
    expect(r.response_count).toBe(6);
    expect(r.daily.reduce((s, d) => s + d.count, 0)).toBe(6);
    expect(r.daily.at(-1)!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [g, s, w, t, mx] = r.questions;
    expect(g!.options.map((o) => [o.label, o.count, o.ratio])).toEqual([
      ["男", 3, 0.5],
      ["女", 3, 0.5],
    ]);
    expect(s!.options.map((o) => o.count)).toEqual([0, 1, 1, 1, 3]);
    expect(s!.mean).toBe(4);
    expect(w!.options.map((o) => o.count)).toEqual([3, 3, 3]);
    expect(w!.answered).toBe(6);
    expect(t!.answered).toBe(5);
    expect(mx!.rows[0]!.counts).toEqual([1, 1]);
    expect(mx!.rows[0]!.mean_col).toBe(1.5);
    await k.refused(P.questionnaireResults, { id: qid }, "lilaoshi", 403);
    await k.refused(P.questionnaireResults, { id: 999999 }, "zhaolaoshi", 404);
    expect((await anon(P.questionnaireResults, { id: qid })).code).toBe(Code.SESSION_INVALID);
  });

  it("crossTab: single × rating and single × multiple (each chosen option counts)", async () => {
    const a = await k.ok<QuestionnaireCrossTab>(P.questionnaireCrossTab, { id: qid, row_question: "g", col_question: "s" }, "zhaolaoshi");
    expect(a.row_question.options.map((o) => o.label)).toEqual(["男", "女"]);
    expect(a.col_question.options.map((o) => o.id)).toEqual(["1", "2", "3", "4", "5"]);
    expect(a.cells).toEqual([
      [0, 1, 0, 1, 1],
      [0, 0, 1, 0, 2],
    ]);
    expect([a.row_totals, a.col_totals, a.total]).toEqual([[3, 3], [0, 1, 1, 1, 3], 6]);
    const b = await k.ok<QuestionnaireCrossTab>(P.questionnaireCrossTab, { id: qid, row_question: "g", col_question: "w" }, "zhaolaoshi");
    expect(b.cells).toEqual([
      [2, 2, 0],
      [1, 1, 3],
    ]);
    expect(b.total).toBe(6);
    await k.refused(P.questionnaireCrossTab, { id: qid, row_question: "g", col_question: "t" }, "zhaolaoshi", 400, /只能用于单选、多选或评分题/);
    await k.refused(P.questionnaireCrossTab, { id: qid, row_question: "g", col_question: "nope" }, "zhaolaoshi", 400, /不存在/);
    await k.refused(P.questionnaireCrossTab, { id: qid, row_question: "g", col_question: "s" }, "lilaoshi", 403);
  });

  it("textAnswers: paged, keyword filter, keyword frequencies by jieba", async () => {
    const t = await k.ok<QuestionnaireTextAnswers>(P.questionnaireTextAnswers, { id: qid, question_id: "t", page: 1, limit: 2 }, "zhaolaoshi");
    expect(t.total).toBe(5);
    expect(t.list).toHaveLength(2);
    expect(t.list[0]!.respondent).toBe("匿名");
    const words = new Map(t.keywords.map((x) => [x.word, x.count]));
    expect(words.get("教研")).toBe(4);
    expect(words.get("听课")).toBe(2);
    expect(t.keywords.every((x) => [...x.word].length >= 2 && !["希望", "，"].includes(x.word))).toBe(true);
    const f = await k.ok<QuestionnaireTextAnswers>(P.questionnaireTextAnswers, { id: qid, question_id: "t", keyword: "听课" }, "zhaolaoshi");
    expect(f.list.map((x) => x.text).sort()).toEqual(["听课评课的形式可以更丰富", "教研活动很有收获，希望多组织听课"].sort());
    await k.refused(P.questionnaireTextAnswers, { id: qid, question_id: "g" }, "zhaolaoshi", 400, "只有填空题有文字回答");
    await k.refused(P.questionnaireTextAnswers, { id: qid, question_id: "t" }, "lilaoshi", 403);
  });

  it("export: 汇总, 答卷明细 with labels, one sheet per text question", async () => {
    const file = await k.ok<FileAnswer>(P.questionnaireExport, { id: qid }, "zhaolaoshi");
    expect(file.filename).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read(Readable.from([Buffer.from(file.file, "base64")]));
    expect(wb.worksheets.map((w) => w.name)).toEqual(["汇总", "答卷明细", "第4题 建议"]);
    const sum = wb.getWorksheet("汇总")!;
    const rows: unknown[][] = [];
    sum.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(["第1题", "性别", "单选", "男", 3, 0.5]);
    expect(rows).toContainEqual(["第3题", "关注方面", "多选", "学生评价", 3, 0.5]);
    expect(rows).toContainEqual(["第2题", "满意度", "评分", "平均分", 4, ""]);
    const det = wb.getWorksheet("答卷明细")!;
    expect(det.rowCount).toBe(7);
    expect(det.getRow(1).getCell(5).value).toBe("1. 性别");
    expect(det.getRow(2).getCell(2).value).toBe("匿名");
    expect(det.getRow(2).getCell(5).value).toBe("男");
    expect(det.getRow(2).getCell(7).value).toBe("教学设计；课堂管理");
    expect(det.getRow(2).getCell(8).value).toBe("教研活动很有收获，希望多组织听课");
    expect(det.getRow(2).getCell(9).value).toBe("内容: 一般");
    const text = wb.getWorksheet("第4题 建议")!;
    expect(text.rowCount).toBe(6);
    expect(text.getRow(2).getCell(4).value).toBe("教研活动很有收获，希望多组织听课");
    await k.refused(P.questionnaireExport, { id: qid }, "lilaoshi", 403);
  });

  it("responses: paged; names hidden when anonymous", async () => {
    const q = await create("zhanglaoshi", { title: "匿名问卷", anonymous: 1, questions: [{ id: "s", type: "rating", title: "打分" }] });
    await publish(q.id);
    await k.ok(P.webQuestionnaireSubmit, { id: q.id, answers: { s: 4 } }, "lilaoshi");
    await k.ok(P.webQuestionnaireSubmit, { id: q.id, answers: { s: 5 } }, "wanglaoshi");
    const r = await k.ok<Page<QuestionnaireResponseRow>>(P.questionnaireResponses, { id: q.id, limit: 1 }, "zhanglaoshi");
    expect([r.total, r.list.length, r.list[0]!.respondent, r.list[0]!.answered]).toEqual([2, 1, "匿名", 1]);
    const named = await create("zhanglaoshi", { title: "实名问卷", questions: [{ id: "s", type: "rating", title: "打分" }] });
    await publish(named.id);
    await k.ok(P.webQuestionnaireSubmit, { id: named.id, answers: { s: 4 } }, "lilaoshi");
    const n = await k.ok<Page<QuestionnaireResponseRow>>(P.questionnaireResponses, { id: named.id }, "xiaoji");
    expect(n.list[0]!.respondent).toBe("李老师");
    expect(n.list[0]!.school_name).not.toBe("");
    await k.refused(P.questionnaireResponses, { id: named.id }, "lilaoshi", 403);
  });
});

describe("lists, communities, activities, listen records", () => {
  it("community audience: members answer; communityList for members; the feed's activity follows publish / close / delete", async () => {
    const cid = await insertCommunity(k.db, { name: "问卷测试社区乙", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], school_id: school1 });
    const q = await create("zhanglaoshi", { title: "社区问卷", audience_type: 1, audience_id: cid });
    expect(q.audience_name).toBe("问卷测试社区乙");
    const feed = () =>
      k.db
        .select()
        .from(activity)
        .where(and(eq(activity.type, "questionnaire"), eq(activity.ref_id, q.id)));
    expect(await feed()).toHaveLength(0);
    await publish(q.id);
    const [a] = await feed();
    expect([a?.community_id, a?.name, a?.account_id]).toEqual([cid, "社区问卷", k.id.zhanglaoshi]);
    await k.ok(P.questionnaireUpdate, { id: q.id, title: "社区问卷（新）" }, "zhanglaoshi");
    expect((await feed())[0]!.name).toBe("社区问卷（新）");
    await k.ok(P.questionnaireSetStatus, { id: q.id, status: 2 }, "zhanglaoshi");
    expect((await feed())[0]!.end_time.getTime()).toBeLessThanOrEqual(Date.now());
    await publish(q.id);
    expect((await k.ok<QuestionnaireForm>(P.webQuestionnaireForm, { id: q.id }, "lilaoshi")).state).toBe("open");
    await k.refused(P.webQuestionnaireForm, { id: q.id }, "wanglaoshi", 403);
    await k.ok(P.webQuestionnaireDraft, { id: q.id, answers: { q1: "o1" } }, "lilaoshi");
    const list = await k.ok<Page<QuestionnaireRow>>(P.questionnaireCommunityList, { community_id: cid }, "lilaoshi");
    expect(list.list.map((x) => [x.id, x.my_state, x.can_manage])).toEqual([[q.id, "draft", false]]);
    await k.refused(P.questionnaireCommunityList, { community_id: cid }, "wanglaoshi", 403);
    await k.refused(P.questionnaireCommunityList, { community_id: 999999 }, "lilaoshi", 404);
    const managed = await k.ok<Page<QuestionnaireRow>>(P.questionnaireList, { community_id: cid }, "zhanglaoshi");
    expect(managed.list.map((x) => x.id)).toEqual([q.id]);
    await k.ok(P.questionnaireDelete, { id: q.id }, "zhanglaoshi");
    expect(await feed()).toHaveLength(0);
    expect(await k.db.select().from(questionnaireResponse).where(eq(questionnaireResponse.questionnaire_id, q.id))).toHaveLength(0);
    await k.refused(P.questionnaireDetail, { id: q.id }, "zhanglaoshi", 404);
  });

  it("activity audience: its members and its community's members answer", async () => {
    const cid = await insertCommunity(k.db, { name: "问卷测试社区丙", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!] });
    const aid = await insertActivity(k.db, {
      name: "问卷活动",
      account_id: k.id.zhanglaoshi!,
      community_id: cid,
      start: new Date(),
      end: new Date(Date.now() + DAY),
      participants: [k.id.zhaolaoshi!],
    });
    const q = await create("zhanglaoshi", { title: "活动问卷", audience_type: 3, audience_id: aid });
    await publish(q.id);
    expect(
      (
        await k.db
          .select()
          .from(activity)
          .where(and(eq(activity.type, "questionnaire"), eq(activity.ref_id, q.id)))
      )[0]?.community_id,
    ).toBe(cid);
    await k.ok(P.webQuestionnaireForm, { id: q.id }, "lilaoshi");
    await k.ok(P.webQuestionnaireForm, { id: q.id }, "zhaolaoshi");
    await k.refused(P.webQuestionnaireForm, { id: q.id }, "wanglaoshi", 403);
    const mine = await k.ok<Page<QuestionnaireRow>>(P.questionnaireMine, { limit: 100 }, "zhaolaoshi");
    expect(mine.list.map((x) => x.id)).toContain(q.id);
    const inCommunity = await k.ok<Page<QuestionnaireRow>>(P.questionnaireCommunityList, { community_id: cid }, "lilaoshi");
    expect(inCommunity.list.map((x) => x.id)).toEqual([q.id]);
  });

  it("listen audience: the creator targets his record; participants answer once the record names the questionnaire; ofListen", async () => {
    const [rec] = await k.db
      .insert(listenEvaluate)
      .values({ name: "问卷听评课", account_id: k.id.zhanglaoshi!, school_id: school1, start_time: new Date(), end_time: new Date(Date.now() + HOUR) })
      .returning({ id: listenEvaluate.id });
    const lid = rec!.id;
    await k.db.insert(listenMember).values([
      { record_id: lid, account_id: k.id.zhanglaoshi!, role: 1 },
      { record_id: lid, account_id: k.id.lilaoshi!, role: 3 },
    ]);
    await k.refused(P.questionnaireSave, { title: "x", audience_type: 4, audience_id: lid }, "lilaoshi", 403, /只有听评课的发起人/);
    const q = await create("zhanglaoshi", { title: "听评课问卷", audience_type: 4, audience_id: lid });
    await publish(q.id);
    await k.refused(P.webQuestionnaireForm, { id: q.id }, "lilaoshi", 403);
    await k.db
      .update(listenEvaluate)
      .set({ questionnaire_ids: [q.id] })
      .where(eq(listenEvaluate.id, lid));
    await k.ok(P.webQuestionnaireForm, { id: q.id }, "lilaoshi");
    await k.refused(P.webQuestionnaireForm, { id: q.id }, "wanglaoshi", 403);
    const of = await k.ok<QuestionnaireRow[]>(P.questionnaireOfListen, { listen_id: lid }, "lilaoshi");
    expect(of.map((x) => [x.id, x.my_state, x.audience_name])).toEqual([[q.id, "none", "问卷听评课"]]);
    await k.refused(P.questionnaireOfListen, { listen_id: lid }, "wanglaoshi", 403);
    await k.refused(P.questionnaireOfListen, { listen_id: 999999 }, "lilaoshi", 404);
    await k.refused(P.questionnaireOfListen, { listen_id: "x" }, "lilaoshi", 400);
    const mine = await k.ok<Page<QuestionnaireRow>>(P.questionnaireMine, { limit: 100 }, "lilaoshi");
    expect(mine.list.map((x) => x.id)).toContain(q.id);
  });

  it("mine: published questionnaires of the caller's school with his state; answered filter", async () => {
    const q = await create("xiaoji", { title: "我的问卷测试", questions: [{ id: "s", type: "rating", title: "打分" }] });
    await publish(q.id, "xiaoji");
    const todo = await k.ok<Page<QuestionnaireRow>>(P.questionnaireMine, { answered: 0, limit: 100 }, "wanglaoshi");
    expect(todo.list.find((x) => x.id === q.id)?.my_state).toBe("none");
    await k.ok(P.webQuestionnaireSubmit, { id: q.id, answers: { s: 2 } }, "wanglaoshi");
    const done = await k.ok<Page<QuestionnaireRow>>(P.questionnaireMine, { answered: 1, limit: 100 }, "wanglaoshi");
    expect(done.list.find((x) => x.id === q.id)?.my_state).toBe("submitted");
    expect((await k.ok<Page<QuestionnaireRow>>(P.questionnaireMine, { answered: 0, limit: 100 }, "wanglaoshi")).list.map((x) => x.id)).not.toContain(q.id);
    const other = await k.ok<Page<QuestionnaireRow>>(P.questionnaireMine, { limit: 100 }, "zhaolaoshi");
    expect(other.list.map((x) => x.id)).not.toContain(q.id);
    expect(other.list.every((x) => x.status !== 0)).toBe(true);
    await k.refused(P.questionnaireMine, { answered: 3 }, "wanglaoshi", 400);
    // Past its end: not "to answer" any more, still listed without the filter.
    const past = await create("xiaoji", { title: "已过截止", start_time: wire(new Date(Date.now() - 3 * DAY)), end_time: wire(new Date(Date.now() - DAY)) });
    await publish(past.id, "xiaoji");
    expect((await k.ok<Page<QuestionnaireRow>>(P.questionnaireMine, { answered: 0, limit: 100 }, "wanglaoshi")).list.map((x) => x.id)).not.toContain(past.id);
    expect((await k.ok<Page<QuestionnaireRow>>(P.questionnaireMine, { limit: 100 }, "wanglaoshi")).list.map((x) => x.id)).toContain(past.id);
  });
});

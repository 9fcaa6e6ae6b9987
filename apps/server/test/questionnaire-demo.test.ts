/**
 * The questionnaire demo (#12; questionnaire.demo.ts): one published questionnaire to the demo school with every question
 * type and a skip rule, seven submitted responses that pass the protocol's own checks along their skip path, results
 * the school administrator can read, and a second run that adds nothing.
 */
import { type QuestionnaireResults, type QuestionnaireTextAnswers, CALLS, checkAnswer, questionPath } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AdminDemoDeps } from "../src/modules/admin-demo.js";
import { DEMO_QUESTIONNAIRE_TITLE, seedQuestionnaireDemo } from "../src/modules/questionnaire/questionnaire.demo.js";
import { questionnaire, questionnaireResponse } from "../src/modules/questionnaire/questionnaire.schema.js";
import { type Kit, startKit } from "./activity-kit.js";

let k: Kit;
beforeAll(async () => {
  k = await startKit();
});
afterAll(async () => {
  await k?.s.close();
});

it("seeds a consistent questionnaire with answers once", async () => {
  const deps = { db: k.db, dataDir: "" } as unknown as AdminDemoDeps;
  await seedQuestionnaireDemo(deps);
  await seedQuestionnaireDemo(deps);
  const qs = await k.db.select().from(questionnaire).where(eq(questionnaire.title, DEMO_QUESTIONNAIRE_TITLE));
  expect(qs).toHaveLength(1);
  const q = qs[0]!;
  expect([q.status, q.audience_type, q.audience_id]).toEqual([1, 2, k.who.zhanglaoshi!.school_id]);
  expect(new Set(q.questions.map((x) => x.type))).toEqual(new Set(["single", "multiple", "rating", "matrix", "text"]));
  expect(q.questions.some((x) => x.skip.length > 0)).toBe(true);
  const rs = await k.db.select().from(questionnaireResponse).where(eq(questionnaireResponse.questionnaire_id, q.id));
  expect(rs.length).toBeGreaterThanOrEqual(6);
  expect(q.response_count).toBe(rs.length);
  for (const r of rs) {
    const path = questionPath(q.questions, r.answers);
    for (const question of path) expect(checkAnswer(question, r.answers[question.id], true), `${r.id} ${question.id}`).toBeUndefined();
    expect(Object.keys(r.answers).every((id) => path.some((p) => p.id === id))).toBe(true);
  }
  const res = await k.ok<QuestionnaireResults>(CALLS.questionnaireResults, { id: q.id }, "xiaoji");
  expect(res.response_count).toBe(rs.length);
  expect(res.daily.length).toBeGreaterThanOrEqual(5);
  const advice = q.questions.find((x) => x.type === "text")!;
  const t = await k.ok<QuestionnaireTextAnswers>(CALLS.questionnaireTextAnswers, { id: q.id, question_id: advice.id }, "xiaoji");
  expect(t.total).toBeGreaterThanOrEqual(5);
  expect(t.keywords.map((x) => x.word)).toContain("教研");
  // The teachers of the school see it in 我的问卷 (answered).
  const mine = await k.ok<{ list: { id: number; my_state: string }[] }>(CALLS.questionnaireMine, { answered: 1 }, "zhanglaoshi");
  expect(mine.list.find((x) => x.id === q.id)?.my_state).toBe("submitted");
});

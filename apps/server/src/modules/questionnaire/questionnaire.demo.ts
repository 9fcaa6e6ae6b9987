/**
 * Demo content of the questionnaire module (#12; see ../admin-demo.ts): one published questionnaire to the demo school
 * (audience 2) by its school administrator, with all five question types and a skip rule, and seven submitted
 * responses of the school's teachers spread over the past week, so that the results page has something to show.
 * Idempotent: nothing happens when the questionnaire is there already.
 */
import { type Answers, AUDIENCE_TYPES, Question, type QuestionInput, QUESTIONNAIRE_STATUS } from "@yanke/protocol";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { AdminDemoDeps } from "../demo-deps.js";
import { account } from "../account/account.schema.js";
import { questionnaire, questionnaireResponse } from "./questionnaire.schema.js";

export const DEMO_QUESTIONNAIRE_TITLE = "2026学年秋季教研活动满意度调查";
const DAY = 24 * 3600 * 1000;

const QUESTIONS: QuestionInput[] = [
  {
    id: "times",
    type: "single",
    title: "本学期您参加校级教研活动的次数",
    options: [
      { id: "a", label: "1–2 次" },
      { id: "b", label: "3–5 次" },
      { id: "c", label: "6 次及以上" },
      { id: "none", label: "未参加" },
    ],
    // Those who did not take part go straight to the suggestions.
    skip: [{ option_id: "none", goto: "advice" }],
  },
  {
    id: "forms",
    type: "multiple",
    title: "您参加过哪些形式的教研活动？",
    description: "最多选 3 项",
    options: [
      { id: "prep", label: "集体备课" },
      { id: "listen", label: "听评课" },
      { id: "lecture", label: "专题讲座" },
      { id: "project", label: "课题研究" },
      { id: "contest", label: "教学比赛" },
    ],
    min_select: 1,
    max_select: 3,
  },
  { id: "overall", type: "rating", title: "您对本学期教研活动的总体满意度", scale_min: 1, scale_max: 5, min_label: "很不满意", max_label: "非常满意" },
  {
    id: "aspects",
    type: "matrix",
    title: "请对以下方面作出评价",
    rows: [
      { id: "topic", label: "活动主题" },
      { id: "organize", label: "组织安排" },
      { id: "guide", label: "专家指导" },
      { id: "gain", label: "实际收获" },
    ],
    options: [
      { id: "c1", label: "不满意" },
      { id: "c2", label: "一般" },
      { id: "c3", label: "满意" },
      { id: "c4", label: "非常满意" },
    ],
  },
  {
    id: "when",
    type: "single",
    title: "您希望教研活动主要安排在什么时间？",
    options: [
      { id: "wed", label: "每周三教研日" },
      { id: "afternoon", label: "工作日下午放学后" },
      { id: "holiday", label: "寒暑假集中培训" },
    ],
  },
  { id: "advice", type: "text", title: "您对下学期的教研活动有哪些意见和建议？", required: false, multiline: true, max_length: 500 },
];

/** Seven respondents' answers (the fourth did not take part: the skip rule leaves only the suggestion). */
const ANSWERS: Answers[] = [
  {
    times: "b",
    forms: ["prep", "listen"],
    overall: 5,
    aspects: { topic: "c4", organize: "c3", guide: "c4", gain: "c4" },
    when: "wed",
    advice: "集体备课很有收获，希望下学期多安排跨学科的听评课活动。",
  },
  {
    times: "c",
    forms: ["prep", "listen", "project"],
    overall: 4,
    aspects: { topic: "c3", organize: "c3", guide: "c3", gain: "c4" },
    when: "wed",
    advice: "听评课后的研讨时间偏短，建议每次留出半小时专门交流。",
  },
  {
    times: "a",
    forms: ["lecture"],
    overall: 3,
    aspects: { topic: "c3", organize: "c2", guide: "c2", gain: "c2" },
    when: "afternoon",
    advice: "专题讲座的内容可以更贴近课堂实际，多一些案例分析。",
  },
  { times: "none", advice: "本学期课时较多没能参加，希望教研活动的时间安排更灵活一些。" },
  {
    times: "b",
    forms: ["listen", "contest"],
    overall: 5,
    aspects: { topic: "c4", organize: "c4", guide: "c3", gain: "c4" },
    when: "wed",
    advice: "教学比赛促进很大，希望继续组织，并邀请专家现场点评。",
  },
  { times: "b", forms: ["prep", "project"], overall: 4, aspects: { topic: "c3", organize: "c4", guide: "c3", gain: "c3" }, when: "holiday", advice: "" },
  {
    times: "a",
    forms: ["prep", "listen", "lecture"],
    overall: 2,
    aspects: { topic: "c2", organize: "c1", guide: "c2", gain: "c2" },
    when: "afternoon",
    advice: "活动通知有时比较临时，希望提前一周公布教研安排。",
  },
];

export async function seedQuestionnaireDemo(d: AdminDemoDeps): Promise<void> {
  const { db } = d;
  const [exists] = await db.select({ id: questionnaire.id }).from(questionnaire).where(eq(questionnaire.title, DEMO_QUESTIONNAIRE_TITLE));
  if (exists) return;
  const named = await db
    .select()
    .from(account)
    .where(inArray(account.username, ["xiaoji", "zhanglaoshi", "lilaoshi", "wanglaoshi"]));
  const author = named.find((a) => a.username === "xiaoji");
  const schoolId = named.find((a) => a.username === "zhanglaoshi")?.school_id ?? author?.school_id ?? 0;
  if (!author || !schoolId) return;
  // The named demo teachers first, then other teachers of the school.
  const first = ["zhanglaoshi", "lilaoshi", "wanglaoshi"]
    .map((u) => named.find((a) => a.username === u))
    .filter((a): a is NonNullable<typeof a> => !!a && a.school_id === schoolId);
  const others = await db
    .select()
    .from(account)
    .where(and(eq(account.school_id, schoolId), eq(account.identity, 2), eq(account.status, 1)))
    .orderBy(asc(account.id))
    .limit(20);
  const respondents = [...first, ...others.filter((o) => !first.some((f) => f.id === o.id))].slice(0, ANSWERS.length);
  if (!respondents.length) return;
  const questions = QUESTIONS.map((q) => Question.parse(q));
  const now = Date.now();
  await db.transaction(async (tx) => {
    const [q] = await tx
      .insert(questionnaire)
      .values({
        title: DEMO_QUESTIONNAIRE_TITLE,
        introduce: "各位老师：为了解本学期校本教研活动的开展情况，改进下学期的教研安排，请您抽出几分钟填写本问卷。感谢您的支持！",
        status: QUESTIONNAIRE_STATUS.published,
        audience_type: AUDIENCE_TYPES.school,
        audience_id: schoolId,
        login_required: 1,
        once_per_user: 1,
        anonymous: 0,
        start_time: new Date(now - 8 * DAY),
        end_time: new Date(now + 20 * DAY),
        questions,
        response_count: respondents.length,
        school_id: author.school_id,
        region_code: author.region_code,
        account_id: author.id,
        published_at: new Date(now - 8 * DAY),
        created_at: new Date(now - 9 * DAY),
        updated_at: new Date(now - 8 * DAY),
      })
      .returning({ id: questionnaire.id });
    await tx.insert(questionnaireResponse).values(
      respondents.map((a, i) => {
        const at = new Date(now - (7 - i) * DAY + (i % 3) * 3600 * 1000);
        const key = `a:${a.id}`;
        return {
          questionnaire_id: q!.id,
          account_id: a.id,
          respondent_key: key,
          once_key: key,
          status: 1,
          answers: ANSWERS[i]!,
          school_id: a.school_id,
          submitted_at: at,
          created_at: at,
          updated_at: at,
        };
      }),
    );
  });
}

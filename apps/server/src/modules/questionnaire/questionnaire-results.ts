/**
 * Questionnaire results, cross-tabulation, text keywords and the .xlsx export (#12; docs/decisions/1201). Pure: the
 * submitted responses come in (answers already cut to the respondent's skip path at submit), numbers and bytes go
 * out. Computed in JS over the loaded answers — a questionnaire has at most thousands of responses.
 */
import {
  type AnswerValue,
  type Answers,
  type Question,
  type QuestionnaireCrossTab,
  type QuestionResult,
  QUESTION_TYPE_NAMES,
  TIME_ZONE,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import ExcelJS from "exceljs";
import { jiebaInstance } from "../../infra/jieba.js";
import { styleHeader } from "../../infra/xlsx.js";

export interface SubmittedResponse {
  id: number;
  answers: Answers;
  submitted_at: Date;
  /** "匿名" when hidden. */
  respondent: string;
  school_name: string;
}

const ratio = (n: number, d: number): number => (d ? Math.round((n / d) * 10000) / 10000 : 0);
const round2 = (v: number): number => Math.round(v * 100) / 100;

export function isEmptyAnswer(a: AnswerValue | undefined): boolean {
  return a === undefined || a === "" || (Array.isArray(a) && a.length === 0) || (typeof a === "object" && !Array.isArray(a) && Object.keys(a).length === 0);
}

/** The options a choice or rating question is counted over (rating: each scale value as an option "1" … "5"). */
export function choiceOptions(q: Question): { id: string; label: string }[] {
  if (q.type === "rating") {
    const out: { id: string; label: string }[] = [];
    for (let v = q.scale_min; v <= q.scale_max; v++) out.push({ id: String(v), label: `${v} 分` });
    return out;
  }
  return q.options.map((o) => ({ id: o.id, label: o.label }));
}

/** The option ids an answer chose (single: one; multiple: each; rating: the value as text). */
export function chosen(q: Question, a: AnswerValue | undefined): string[] {
  if (isEmptyAnswer(a)) return [];
  if (q.type === "single" && typeof a === "string") return [a];
  if (q.type === "multiple" && Array.isArray(a)) return a;
  if (q.type === "rating" && typeof a === "number") return [String(a)];
  return [];
}

export function questionResults(qs: readonly Question[], responses: readonly SubmittedResponse[]): QuestionResult[] {
  return qs.map((q) => {
    const answers = responses.map((r) => r.answers[q.id]).filter((a) => !isEmptyAnswer(a));
    const answered = answers.length;
    const base: QuestionResult = { question_id: q.id, type: q.type, title: q.title, answered, options: [], mean: null, rows: [] };
    if (q.type === "single" || q.type === "multiple" || q.type === "rating") {
      const counts = new Map<string, number>();
      for (const a of answers) for (const id of chosen(q, a)) counts.set(id, (counts.get(id) ?? 0) + 1);
      base.options = choiceOptions(q).map((o) => ({ ...o, count: counts.get(o.id) ?? 0, ratio: ratio(counts.get(o.id) ?? 0, answered) }));
      if (q.type === "rating") {
        const nums = answers.filter((a): a is number => typeof a === "number");
        base.mean = nums.length ? round2(nums.reduce((s, v) => s + v, 0) / nums.length) : null;
      }
    } else if (q.type === "matrix") {
      base.options = q.options.map((o) => ({ id: o.id, label: o.label, count: 0, ratio: 0 }));
      base.rows = q.rows.map((row) => {
        const counts = q.options.map(() => 0);
        let sum = 0;
        let n = 0;
        for (const a of answers) {
          if (typeof a !== "object" || Array.isArray(a)) continue;
          const col = q.options.findIndex((o) => o.id === a[row.id]);
          if (col < 0) continue;
          counts[col]!++;
          sum += col + 1;
          n++;
        }
        return { id: row.id, label: row.label, counts, mean_col: n ? round2(sum / n) : null };
      });
      // The columns' totals over every row.
      for (const [i, o] of base.options.entries()) o.count = base.rows.reduce((s, r) => s + (r.counts[i] ?? 0), 0);
      const cells = base.options.reduce((s, o) => s + o.count, 0);
      for (const o of base.options) o.ratio = ratio(o.count, cells);
    }
    return base;
  });
}

/** Submitted per day (Asia/Shanghai); days without submissions between the first and the last are 0 (up to a year). */
export function dailyCounts(responses: readonly SubmittedResponse[]): { date: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of responses) {
    const d = dayjs(r.submitted_at).tz(TIME_ZONE).format("YYYY-MM-DD");
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  const days = [...counts.keys()].sort();
  if (!days.length) return [];
  const first = dayjs.tz(days[0]!, TIME_ZONE);
  const last = dayjs.tz(days[days.length - 1]!, TIME_ZONE);
  if (last.diff(first, "day") > 366) return days.map((date) => ({ date, count: counts.get(date)! }));
  const out: { date: string; count: number }[] = [];
  for (let d = first; !d.isAfter(last, "day"); d = d.add(1, "day")) {
    const date = d.format("YYYY-MM-DD");
    out.push({ date, count: counts.get(date) ?? 0 });
  }
  return out;
}

export const CROSS_TYPES: ReadonlySet<string> = new Set(["single", "multiple", "rating"]);

/** Cells = responses with both; a multiple-choice answer counts once per chosen option. total = responses that answered both. */
export function crossTab(rq: Question, cq: Question, responses: readonly SubmittedResponse[]): QuestionnaireCrossTab {
  const ro = choiceOptions(rq);
  const co = choiceOptions(cq);
  const ri = new Map(ro.map((o, i) => [o.id, i]));
  const ci = new Map(co.map((o, i) => [o.id, i]));
  const cells = ro.map(() => co.map(() => 0));
  let total = 0;
  for (const r of responses) {
    const a = chosen(rq, r.answers[rq.id]).filter((x) => ri.has(x));
    const b = chosen(cq, r.answers[cq.id]).filter((x) => ci.has(x));
    if (!a.length || !b.length) continue;
    total++;
    for (const x of a) for (const y of b) cells[ri.get(x)!]![ci.get(y)!]!++;
  }
  return {
    row_question: { id: rq.id, title: rq.title, options: ro },
    col_question: { id: cq.id, title: cq.title, options: co },
    cells,
    row_totals: cells.map((row) => row.reduce((s, v) => s + v, 0)),
    col_totals: co.map((_, j) => cells.reduce((s, row) => s + row[j]!, 0)),
    total,
  };
}

/** Words that say nothing about the answer's subject. */
const STOP = new Set([
  "我们",
  "你们",
  "他们",
  "她们",
  "它们",
  "这个",
  "那个",
  "这些",
  "那些",
  "什么",
  "怎么",
  "怎样",
  "一个",
  "一些",
  "就是",
  "可以",
  "能够",
  "还是",
  "因为",
  "所以",
  "但是",
  "而且",
  "并且",
  "如果",
  "虽然",
  "然后",
  "这样",
  "那样",
  "没有",
  "现在",
  "已经",
  "非常",
  "比较",
  "希望",
  "觉得",
  "认为",
  "感觉",
  "一下",
  "一点",
  "有点",
  "以及",
  "或者",
  "还有",
  "通过",
  "进行",
  "对于",
  "关于",
  "其中",
  "自己",
  "大家",
  "时候",
  "方面",
  "问题",
  "建议",
  "目前",
  "今后",
  "需要",
  "应该",
  "是否",
  "不是",
  "也是",
  "都是",
  "这次",
  "本次",
  "有些",
]);

/** The most frequent words (two characters or more, with a letter or Han; stop words dropped), top `top`. */
export function keywordCounts(texts: readonly string[], top = 50): { word: string; count: number }[] {
  const counts = new Map<string, number>();
  const j = jiebaInstance();
  for (const t of texts) {
    for (const w of j.cut(t.slice(0, 5000), false)) {
      const word = w.trim().toLowerCase();
      if ([...word].length < 2 || STOP.has(word) || !/[\p{Script=Han}\p{L}]/u.test(word) || /[\p{P}\p{S}\s]/u.test(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "zh"))
    .slice(0, top)
    .map(([word, count]) => ({ word, count }));
}

/** An answer as the people reading the workbook see it: option labels, not ids. */
export function answerLabel(q: Question, a: AnswerValue | undefined): string | number {
  if (isEmptyAnswer(a)) return "";
  const label = (id: string) => q.options.find((o) => o.id === id)?.label ?? id;
  switch (q.type) {
    case "single":
      return typeof a === "string" ? label(a) : "";
    case "multiple":
      return Array.isArray(a) ? a.map(label).join("；") : "";
    case "rating":
      return typeof a === "number" ? a : "";
    case "matrix":
      if (typeof a !== "object" || Array.isArray(a)) return "";
      return q.rows
        .filter((r) => r.id in a)
        .map((r) => `${r.label}: ${label(a[r.id]!)}`)
        .join("；");
    case "text":
      return typeof a === "string" ? a : "";
  }
}

export const EXPORT_SUMMARY_SHEET = "汇总";
export const EXPORT_DETAIL_SHEET = "答卷明细";

/** A sheet name Excel accepts (≤ 31 characters, none of []:*?/\), unique in the workbook. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base =
    wanted
      .replace(/[[\]:*?/\\]/g, " ")
      .slice(0, 31)
      .trim() || "Sheet";
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base.slice(0, 31 - String(i).length - 1)}_${i}`;
  taken.add(name);
  return name;
}

export async function buildQuestionnaireExport(title: string, qs: readonly Question[], responses: readonly SubmittedResponse[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const taken = new Set<string>();
  const results = questionResults(qs, responses);

  // 汇总: each question, its options (rows / scale values), counts and shares.
  const sum = wb.addWorksheet(sheetName(EXPORT_SUMMARY_SHEET, taken));
  sum.columns = [
    { header: "题号", width: 8 },
    { header: "题目", width: 40 },
    { header: "题型", width: 8 },
    { header: "选项", width: 30 },
    { header: "人数", width: 10 },
    { header: "比例", width: 10 },
  ];
  styleHeader(sum.getRow(1));
  sum.addRow([`问卷：${title}`, `有效答卷 ${responses.length} 份`]);
  for (const [i, q] of qs.entries()) {
    const r = results[i]!;
    const n = `第${i + 1}题`;
    const type = QUESTION_TYPE_NAMES[q.type];
    if (q.type === "matrix") {
      for (const row of r.rows) {
        const rowTotal = row.counts.reduce((s, v) => s + v, 0);
        for (const [ci, col] of q.options.entries())
          sum.addRow([n, `${q.title} — ${row.label}`, type, col.label, row.counts[ci] ?? 0, ratio(row.counts[ci] ?? 0, rowTotal)]);
      }
    } else if (q.type === "text") {
      sum.addRow([n, q.title, type, "（填空题，见对应工作表）", r.answered, ""]);
    } else {
      for (const o of r.options) sum.addRow([n, q.title, type, o.label, o.count, o.ratio]);
      if (q.type === "rating") sum.addRow([n, q.title, type, "平均分", r.mean ?? "", ""]);
    }
    sum.addRow([n, q.title, type, "作答人数", r.answered, ""]);
  }
  sum.getColumn(6).numFmt = "0.00%";

  // 答卷明细: one row per response, one column per question.
  const det = wb.addWorksheet(sheetName(EXPORT_DETAIL_SHEET, taken), { views: [{ state: "frozen", ySplit: 1 }] });
  det.columns = [
    { header: "序号", width: 8 },
    { header: "答卷人", width: 14 },
    { header: "学校", width: 22 },
    { header: "提交时间", width: 20 },
    ...qs.map((q, i) => ({ header: `${i + 1}. ${q.title}`.slice(0, 200), width: q.type === "text" || q.type === "matrix" ? 40 : 20 })),
  ];
  styleHeader(det.getRow(1));
  for (const [i, r] of responses.entries()) {
    det.addRow([
      i + 1,
      r.respondent,
      r.school_name,
      dayjs(r.submitted_at).tz(TIME_ZONE).format("YYYY-MM-DD HH:mm:ss"),
      ...qs.map((q) => answerLabel(q, r.answers[q.id])),
    ]);
  }

  // One sheet per text question.
  for (const [i, q] of qs.entries()) {
    if (q.type !== "text") continue;
    const ws = wb.addWorksheet(sheetName(`第${i + 1}题 ${q.title}`, taken));
    ws.columns = [
      { header: "序号", width: 8 },
      { header: "答卷人", width: 14 },
      { header: "提交时间", width: 20 },
      { header: q.title.slice(0, 200), width: 80 },
    ];
    styleHeader(ws.getRow(1));
    let k = 0;
    for (const r of responses) {
      const a = r.answers[q.id];
      if (typeof a !== "string" || a === "") continue;
      ws.addRow([++k, r.respondent, dayjs(r.submitted_at).tz(TIME_ZONE).format("YYYY-MM-DD HH:mm:ss"), a]);
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

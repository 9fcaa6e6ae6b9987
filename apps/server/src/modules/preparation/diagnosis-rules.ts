/**
 * The deterministic checks of the lesson-plan diagnosis (issue #8; docs/diagnosis-method.md is the published method):
 * structure, objectives, time allocation, questions and catalogue keywords, each scored 0–100 with Chinese
 * suggestions, then a weighted overall score and a grade. Pure functions: the plan's text/html and the bound
 * catalogue keywords in, a DiagnosisReport out (the jieba dictionaries load once, lazily).
 */
import { jiebaInstance, tfidfInstance } from "../../infra/jieba.js";
import type { Jieba, TfIdf } from "@node-rs/jieba";
import {
  DIAGNOSIS_DIMENSIONS,
  DIAGNOSIS_GRADES,
  DIAGNOSIS_WEIGHTS,
  type DiagnosisDimension,
  type DiagnosisDimensionScore,
  type DiagnosisGrade,
  type DiagnosisLevel,
  type DiagnosisReport,
  type DiagnosisSection,
  type DiagnosisSuggestion,
} from "@yanke/protocol";

export interface RulesInput {
  /** The plan's plain text (lesson_doc.text). */
  text: string;
  /** The plan's html (lesson_doc.html); headings (h1–h4) are read from it. */
  html: string;
  /** Keywords of the bound catalogue nodes (textbook_catalog.keywords). */
  catalogKeywords: string[];
  /** The lesson length when known (40 小学, 45 初中/高中); otherwise 40 or 45 are both accepted. */
  lessonMinutes?: number;
  doc: { id: number; title: string };
  /** generated_at, already formatted (the caller's clock). */
  generatedAt: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Text helpers

const ENTITIES: Record<string, string> = { "&nbsp;": " ", "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&apos;": "'" };
function decodeEntities(s: string): string {
  return s
    .replace(/&(nbsp|amp|lt|gt|quot|apos|#39);/g, (m) => ENTITIES[m] ?? m)
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)));
}
const stripTags = (s: string): string =>
  decodeEntities(s.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

export interface PlanLine {
  text: string;
  /** 1–4 for an html heading, 0 otherwise. */
  heading: number;
}

/** The plan as lines: the html's blocks (headings marked) when there is html, else the text's lines. */
export function planLines(text: string, html: string): PlanLine[] {
  const out: PlanLine[] = [];
  if (html.trim()) {
    // Blocks nest (li > p): split on every block boundary, marking where a heading starts.
    const marked = html
      .replace(/<h([1-4])[^>]*>/gi, (_, l: string) => `\n\u0001${l}`)
      .replace(/<\/h[1-6]>/gi, "\n")
      .replace(/<h[56][^>]*>/gi, "\n")
      .replace(/<\/?(p|li|ul|ol|td|th|tr|table|tbody|thead|pre|blockquote|div|section)[^>]*>/gi, "\n")
      .replace(/<br\s*\/?>/gi, "\n");
    for (const raw of marked.split("\n")) {
      let heading = 0;
      let s = raw;
      if (s.startsWith("\u0001")) {
        heading = Number(s[1]);
        s = s.slice(2);
      }
      const t = stripTags(s);
      if (t) out.push({ text: t, heading });
    }
    if (out.length) return out;
  }
  for (const raw of text.split(/\r?\n/)) {
    const t = raw.replace(/\s+/g, " ").trim();
    if (t) out.push({ text: t, heading: 0 });
  }
  return out;
}

/** The plan's plain text: lesson_doc.text, or the html's text when the text is empty. */
export function plainText(text: string, html: string): string {
  if (text.trim()) return text;
  return planLines("", html)
    .map((l) => l.text)
    .join("\n");
}

/** "一、", "（二）", "1.", "2、", "第三部分", "【", "★" … at the start of a heading or line. */
const NUMBERING =
  /^(?:第[一二三四五六七八九十\d]+[部分章节环节步]*[、.．:：\s]*|[（(]?[一二三四五六七八九十\d]{1,3}[）)]?[、.．:：\s]+|[（(][一二三四五六七八九十\d]{1,3}[）)]|[【[「『★☆●◆■□▲△·•\-*#]+\s*)+/;
const stripNumbering = (s: string): string =>
  s
    .replace(NUMBERING, "")
    .replace(/^[【[]|[】\]]/g, "")
    .trim();

const quote = (s: string, max = 60): string => (s.length > max ? `${s.slice(0, max)}…` : s);

// ---------------------------------------------------------------------------------------------------------------
// Structure

interface SectionDef {
  key: string;
  name: string;
  required: boolean;
  /** Synonyms a heading or line starts with. */
  names: string[];
  /** Points of the structure score. */
  points: number;
}

/** Required sections 20 points each (60), recommended 8 each (40). */
export const SECTIONS: SectionDef[] = [
  {
    key: "objectives",
    name: "教学目标",
    required: true,
    points: 20,
    names: ["教学目标", "教学目的", "三维目标", "核心素养目标", "素养目标", "学习目标", "课时目标", "教学目标与要求"],
  },
  {
    key: "keypoints",
    name: "教学重难点",
    required: true,
    points: 20,
    names: [
      "教学重难点",
      "教学重点与难点",
      "教学重点和难点",
      "教学重点、难点",
      "教学重点",
      "教学难点",
      "重难点",
      "重点难点",
      "重点与难点",
      "重点和难点",
      "重点",
      "难点",
    ],
  },
  { key: "learners", name: "学情分析", required: false, points: 8, names: ["学情分析", "学生分析", "学生情况分析", "学情"] },
  { key: "preparation", name: "教学准备", required: false, points: 8, names: ["教学准备", "课前准备", "教具准备", "教学用具", "教具", "教学资源", "教学媒体"] },
  {
    key: "process",
    name: "教学过程",
    required: true,
    points: 20,
    names: ["教学过程", "教学流程", "教学环节", "教学步骤", "课堂教学过程", "教学活动过程", "教学设计过程", "课堂流程"],
  },
  { key: "board", name: "板书设计", required: false, points: 8, names: ["板书设计", "板书"] },
  { key: "homework", name: "作业布置", required: false, points: 8, names: ["作业布置", "布置作业", "课后作业", "作业设计", "课外作业", "家庭作业", "作业"] },
  { key: "reflection", name: "教学反思", required: false, points: 8, names: ["教学反思", "课后反思", "教学后记", "反思"] },
];

/** Headings of parts a plan may have that are not scored (they end the section before them). */
const OTHER_SECTIONS =
  /^(?:教材分析|教学内容|内容分析|课标要求|课程标准|设计理念|设计思路|指导思想|教学方法|教学方式|教法|学法|教法学法|课型|课时安排|课时|教学策略|教学评价|评价设计|课题|附录|参考资料)(?:$|[：:\s（(【[，,与和及])/;

/** After a synonym at a line start: the end, a colon, a space or a bracket (so "作业讲评很重要" is no section). */
const AFTER_NAME = /^(?:$|[：:\s（(【[，,])/;

function sectionOf(s: string, asHeading: boolean): SectionDef | undefined {
  const t = stripNumbering(s);
  for (const def of SECTIONS) {
    for (const n of def.names) {
      if (!t.startsWith(n)) continue;
      const rest = t.slice(n.length);
      if (asHeading ? rest.length <= 12 || AFTER_NAME.test(rest) : AFTER_NAME.test(rest)) return def;
    }
  }
  return undefined;
}

export interface StructureFinding {
  sections: DiagnosisSection[];
  /** Line index where each found section starts (its header line). */
  starts: Map<string, number>;
  /** Every header line index (of any section). */
  headerLines: Set<number>;
}

export function findSections(lines: PlanLine[]): StructureFinding {
  const starts = new Map<string, number>();
  const via = new Map<string, "heading" | "line">();
  const headerLines = new Set<number>();
  // Headings first …
  lines.forEach((l, i) => {
    if (!l.heading) return;
    const def = sectionOf(l.text, true);
    if (!def) return;
    headerLines.add(i);
    if (!starts.has(def.key)) {
      starts.set(def.key, i);
      via.set(def.key, "heading");
    }
  });
  // … then line starts (short lines, or "名称：内容").
  lines.forEach((l, i) => {
    // A line that carries a time ("（五）布置作业（5分钟）") is a stage of the process, not a section.
    if (l.heading || HAS_MINUTES.test(l.text)) return;
    const def = sectionOf(l.text, false);
    if (!def) return;
    headerLines.add(i);
    if (!starts.has(def.key)) {
      starts.set(def.key, i);
      via.set(def.key, "line");
    }
  });
  const sections = SECTIONS.map((d): DiagnosisSection => {
    const at = starts.get(d.key);
    return {
      key: d.key,
      name: d.name,
      required: d.required,
      found: at !== undefined,
      via: via.get(d.key) ?? null,
      evidence: at === undefined ? "" : quote(lines[at]!.text, 40),
    };
  });
  return { sections, starts, headerLines };
}

/** The lines of a found section: its header line's own content after the colon, then up to the next header. */
export function sectionBody(lines: PlanLine[], f: StructureFinding, key: string): string[] {
  const at = f.starts.get(key);
  if (at === undefined) return [];
  const out: string[] = [];
  const head = lines[at]!.text;
  const colon = head.search(/[：:]/);
  if (colon >= 0 && head.slice(colon + 1).trim()) out.push(head.slice(colon + 1).trim());
  const level = lines[at]!.heading;
  for (let i = at + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (level) {
      // Found by a heading: a heading of another section (or of a known unscored one: 教材分析 …) ends it; any other
      // heading of the same or a higher level ends it too, except in 教学过程, whose stages are often headings of its
      // own level. A line that starts like a section ("（五）布置作业" inside 教学过程, "重点：" under 教学重难点) stays.
      if (l.heading) {
        const other = f.headerLines.has(i) && sectionOf(l.text, true)?.key !== key;
        if (other || OTHER_SECTIONS.test(stripNumbering(l.text)) || (l.heading <= level && key !== "process")) break;
      }
    } else if (f.headerLines.has(i) && sectionOf(l.text, l.heading > 0)?.key !== key) break;
    out.push(l.text);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Objectives

/** Observable, assessable verbs (docs/diagnosis-method.md). */
export const MEASURABLE_VERBS = [
  "理解",
  "掌握",
  "说出",
  "运用",
  "应用",
  "分析",
  "比较",
  "设计",
  "解释",
  "归纳",
  "概括",
  "证明",
  "计算",
  "解决",
  "辨析",
  "区分",
  "描述",
  "列举",
  "复述",
  "写出",
  "画出",
  "判断",
  "推导",
  "推理",
  "表达",
  "朗读",
  "背诵",
  "默写",
  "评价",
  "总结",
  "识别",
  "绘制",
  "测量",
  "验证",
  "编写",
  "讲述",
  "概述",
  "阐述",
  "举例",
  "求出",
  "作出",
  "梳理",
];
/** Verbs whose attainment cannot be observed. */
export const VAGUE_VERBS = [
  "了解",
  "知道",
  "感受",
  "体会",
  "体验",
  "感悟",
  "领会",
  "领悟",
  "熟悉",
  "认识",
  "培养",
  "提高",
  "增强",
  "渗透",
  "激发",
  "陶冶",
  "懂得",
];

function countVerbs(s: string, verbs: string[]): string[] {
  const found: string[] = [];
  for (const v of verbs) {
    let i = s.indexOf(v);
    while (i >= 0) {
      found.push(v);
      i = s.indexOf(v, i + v.length);
    }
  }
  return found;
}

const KNOWLEDGE = /知识与技能|知识|概念|定理|公式|法则|定义|性质|字词|词语|原理|规律|事实/;
const ABILITY = /过程与方法|能力|方法|技能|思维|探究|推理|解决问题|合作|操作|表达|实践/;
const LITERACY = /情感态度|价值观|核心素养|素养|情感|态度|兴趣|品质|精神|意识|审美|责任|习惯|文化|爱国|热爱/;

/** Objective statements: the section's lines split at 1. 2. ；, without sub-headings. */
function objectiveStatements(body: string[]): string[] {
  const out: string[] = [];
  for (const line of body) {
    for (const part of line.split(/[；;]|(?=(?:^|\s)[（(]?\d{1,2}[）).．、])/)) {
      const t = stripNumbering(part.trim());
      if (t.length >= 4) out.push(t);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Time

/** "（5分钟）", "约10分钟", "5'", "5 min", "（5分）". */
const MINUTES = /(?:约|大约|用时|时间[：:]?)?\s*(\d{1,3}(?:\.\d)?)\s*(?:分钟|min(?:ute)?s?\b|['′’](?!['′’]))|[（(]\s*(?:约|大约)?\s*(\d{1,3})\s*分\s*[）)]/gi;
const HAS_MINUTES = new RegExp(MINUTES.source, "i");

export const STAGES: { name: string; words: string[]; core: boolean }[] = [
  { name: "导入", words: ["导入", "引入", "创设情境", "情境创设", "情景导入", "复习旧知", "温故知新", "激趣"], core: true },
  { name: "新授", words: ["新授", "新课", "讲授", "探究", "新知", "自主学习", "合作学习", "讲解", "学习新"], core: true },
  { name: "练习", words: ["练习", "巩固", "训练", "达标", "检测", "反馈", "运用"], core: true },
  { name: "小结", words: ["小结", "总结", "归纳", "回顾", "收获"], core: true },
  { name: "作业", words: ["作业", "课后任务", "拓展延伸"], core: false },
];

// ---------------------------------------------------------------------------------------------------------------
// Questions

const QUESTION_WORDS = /为什么|怎么|如何|怎样|什么|哪些|哪个|哪里|多少|是否|是不是|能不能|对不对|有没有|几个|几种|吗|呢/;
const OPEN_MARKERS = /为什么|怎么|如何|怎样|哪些|有什么|你认为|你发现|你能|你觉得|谈谈|说说|想一想|猜想|猜一猜|还有|不同|比较|评价|设计/;

export function findQuestions(text: string): { text: string; kind: "open" | "closed" }[] {
  const seen = new Set<string>();
  const out: { text: string; kind: "open" | "closed" }[] = [];
  // Sentences (split after each end mark, linear in the text): a question ends in ？, or in 吗 / 呢 before 。！ or the end.
  for (const seg of text.split(/(?<=[。！？!?\n；;])/)) {
    const q = seg.replace(/^[\s“”"'‘’：:，,、]+/, "").trim();
    if (q.length < 3) continue;
    const asked = /[？?]$/.test(q) || /(?:吗|呢)[。！!]?$/.test(q);
    if (!asked || (!/[？?]$/.test(q) && !QUESTION_WORDS.test(q))) continue;
    if (seen.has(q)) continue;
    seen.add(q);
    out.push({ text: q, kind: OPEN_MARKERS.test(q) ? "open" : "closed" });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Keywords (jieba)

function tokenizer(): { j: Jieba; tf: TfIdf } {
  return { j: jiebaInstance(), tf: tfidfInstance() };
}

const STOP = new Set([
  "学生",
  "教师",
  "老师",
  "同学",
  "我们",
  "他们",
  "你们",
  "这个",
  "那么",
  "可以",
  "进行",
  "通过",
  "教学",
  "问题",
  "课堂",
  "本节",
  "本课",
  "分钟",
  "活动",
  "设计",
  "什么",
  "怎么",
  "如何",
]);

export function keywordCoverage(text: string, catalog: string[]): { covered: string[]; missing: string[]; top: { word: string; weight: number }[] } {
  const { j, tf } = tokenizer();
  const norm = (s: string) => s.replace(/\s+/g, "").toLowerCase();
  const plan = norm(text);
  const tokens = new Set(j.cut(text.slice(0, 50000), true).map(norm));
  const covered: string[] = [];
  const missing: string[] = [];
  for (const k of catalog) {
    const key = norm(k);
    if (!key) continue;
    // Verbatim, or every word of it (of two characters or more) somewhere in the plan.
    const parts = j
      .cut(k, false)
      .map(norm)
      .filter((w) => w.length >= 2);
    if (plan.includes(key) || (parts.length > 1 && parts.every((w) => tokens.has(w) || plan.includes(w)))) covered.push(k);
    else missing.push(k);
  }
  const top = tf
    .extractKeywords(j, text.slice(0, 20000), 20)
    .filter((k) => !STOP.has(k.keyword) && !/^\d+$/.test(k.keyword))
    .slice(0, 10)
    .map((k) => ({ word: k.keyword, weight: Math.round(k.weight * 1000) / 1000 }));
  return { covered, missing, top };
}

// ---------------------------------------------------------------------------------------------------------------
// The report

export const gradeOf = (score: number): DiagnosisGrade =>
  (DIAGNOSIS_GRADES.find((g) => score >= g.min) ?? DIAGNOSIS_GRADES[DIAGNOSIS_GRADES.length - 1]!).grade;

interface Draft {
  dimension: DiagnosisDimension;
  level: DiagnosisLevel;
  message: string;
  evidence: string;
  /** Points of the dimension score this issue costs (0–100 scale). */
  lost: number;
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

export function diagnose(input: RulesInput): DiagnosisReport {
  const lines = planLines(input.text, input.html);
  const text = plainText(input.text, input.html);
  const drafts: Draft[] = [];
  const add = (dimension: DiagnosisDimension, level: DiagnosisLevel, lost: number, message: string, evidence = "") =>
    drafts.push({ dimension, level, lost, message, evidence: quote(evidence) });

  // Structure.
  const f = findSections(lines);
  let structureScore = 0;
  for (const def of SECTIONS) {
    const s = f.sections.find((x) => x.key === def.key)!;
    if (s.found) structureScore += def.points;
    else if (def.required)
      add(
        "structure",
        "error",
        def.points,
        `缺少「${def.name}」部分：这是教案的必备内容，请补充${def.key === "keypoints" ? "本课的教学重点和难点" : def.key === "objectives" ? "本课的教学目标" : "完整的教学过程（各环节、师生活动与设计意图）"}。`,
      );
    else
      add(
        "structure",
        "warning",
        def.points,
        `建议补充「${def.name}」部分${def.key === "learners" ? "，分析学生已有基础与可能的困难" : def.key === "board" ? "，呈现本课知识结构" : def.key === "homework" ? "，分层布置巩固与拓展作业" : def.key === "reflection" ? "，课后记录得失与改进" : "，列出教具、课件与学具"}。`,
      );
  }
  if (f.starts.has("keypoints")) {
    const body = [lines[f.starts.get("keypoints")!]!.text, ...sectionBody(lines, f, "keypoints")].join("\n");
    const hasKey = /重点/.test(body);
    const hasHard = /难点/.test(body);
    if (hasKey !== hasHard)
      add(
        "structure",
        "info",
        0,
        `「教学重难点」只写了${hasKey ? "重点" : "难点"}，建议同时写明${hasKey ? "难点" : "重点"}。`,
        lines[f.starts.get("keypoints")!]!.text,
      );
  }
  const missingRequired = f.sections.filter((s) => s.required && !s.found).map((s) => s.name);
  const missingRecommended = f.sections.filter((s) => !s.required && !s.found).map((s) => s.name);

  // Objectives.
  const objBody = sectionBody(lines, f, "objectives");
  const statements = objectiveStatements(objBody);
  const objText = objBody.join("\n");
  const measurable = countVerbs(objText, MEASURABLE_VERBS);
  const vague = countVerbs(objText, VAGUE_VERBS);
  const verbTotal = measurable.length + vague.length;
  const ratio = verbTotal ? measurable.length / verbTotal : null;
  const coverage = { knowledge: KNOWLEDGE.test(objText), ability: ABILITY.test(objText), literacy: LITERACY.test(objText) };
  const dims = Number(coverage.knowledge) + Number(coverage.ability) + Number(coverage.literacy);
  let objectivesScore = 0;
  if (!f.starts.has("objectives")) {
    add(
      "objectives",
      "error",
      100,
      "未找到教学目标，无法评价目标的可测性与维度，请按「知识与技能、过程与方法、情感态度价值观」（或核心素养）写出 2–4 条目标。",
    );
  } else if (!statements.length) {
    add("objectives", "error", 100, "「教学目标」部分没有内容，请写出具体、可检测的目标。", lines[f.starts.get("objectives")!]!.text);
  } else {
    const ratioPart = ratio === null ? 20 : 50 * ratio;
    const countPart = statements.length >= 2 ? 20 : 10;
    const dimPart = (30 * dims) / 3;
    objectivesScore = clamp(ratioPart + countPart + dimPart);
    if (ratio === null)
      add("objectives", "warning", 30, "教学目标中没有找到行为动词，建议用「能够说出/运用/分析/比较/设计……」等可观察、可检测的动词表述。", statements[0]!);
    else if (vague.length) {
      const vagueStatement = statements.find((s) => VAGUE_VERBS.some((v) => s.includes(v))) ?? statements[0]!;
      add(
        "objectives",
        ratio < 0.5 ? "warning" : "info",
        50 - 50 * ratio,
        `教学目标中有 ${vague.length} 处模糊动词（${[...new Set(vague)].join("、")}），难以检测是否达成；建议改为「能够说出、运用、分析、比较、设计……」等可测动词，并写清条件与程度。`,
        vagueStatement,
      );
    }
    if (statements.length < 2) add("objectives", "info", 10, "教学目标只有一条，建议分条写出 2–4 条具体目标。", statements[0]!);
    if (dims < 3) {
      const miss = [!coverage.knowledge && "知识", !coverage.ability && "能力（过程与方法）", !coverage.literacy && "素养（情感态度价值观）"]
        .filter(Boolean)
        .join("、");
      add("objectives", dims <= 1 ? "warning" : "info", 30 - dimPart, `教学目标未覆盖${miss}维度，建议按三维目标或核心素养补全。`);
    }
  }

  // Time.
  const processBody = sectionBody(lines, f, "process");
  const processText = processBody.length ? processBody.join("\n") : text;
  const items: { minutes: number; evidence: string }[] = [];
  for (const line of processBody.length ? processBody : lines.map((l) => l.text)) {
    for (const m of line.matchAll(MINUTES)) {
      const n = Number(m[1] ?? m[2]);
      if (n > 0 && n <= 60) items.push({ minutes: n, evidence: quote(line, 40) });
    }
  }
  const total = items.length ? Math.round(items.reduce((a, b) => a + b.minutes, 0) * 10) / 10 : null;
  const candidates = input.lessonMinutes ? [input.lessonMinutes] : [40, 45];
  const expected = total === null ? candidates[candidates.length - 1]! : candidates.reduce((a, b) => (Math.abs(b - total) < Math.abs(a - total) ? b : a));
  const deviation = total === null ? null : Math.abs(total - expected);
  const timeOk = deviation !== null && deviation <= 5;
  const stagesFound = STAGES.filter((s) => s.words.some((w) => processText.includes(w))).map((s) => s.name);
  const missingStages = STAGES.filter((s) => s.core && !stagesFound.includes(s.name)).map((s) => s.name);
  const minutesScore = deviation === null ? 40 : deviation <= 5 ? 100 : Math.max(20, 100 - (deviation - 5) * 4);
  const coreStages = STAGES.filter((s) => s.core).length;
  const stageScore = (100 * (coreStages - missingStages.length)) / coreStages;
  const timeScore = clamp(0.7 * minutesScore + 0.3 * stageScore);
  if (total === null)
    add(
      "time",
      "warning",
      0.7 * (100 - minutesScore),
      `教学过程没有标注各环节用时，建议在每个环节后注明时间（如「（5分钟）」），合计约 ${input.lessonMinutes ?? "40–45"} 分钟。`,
    );
  else if (!timeOk)
    add(
      "time",
      deviation! > 10 ? "error" : "warning",
      0.7 * (100 - minutesScore),
      `各环节用时合计 ${total} 分钟，与一节课 ${expected} 分钟相差 ${Math.round(deviation! * 10) / 10} 分钟，请调整时间分配。`,
      [...new Set(items.map((i) => i.evidence))].join(" / "),
    );
  if (missingStages.length)
    add(
      "time",
      missingStages.length >= 2 ? "warning" : "info",
      0.3 * (100 - stageScore),
      `教学过程缺少${missingStages.map((s) => `「${s}」`).join("")}环节，建议环节完整：导入 → 新授 → 练习 → 小结。`,
    );

  // Questions.
  const questions = findQuestions(processBody.length ? processText : text);
  const open = questions.filter((q) => q.kind === "open").length;
  const countPart = (Math.min(questions.length, 5) / 5) * 60;
  const openPart = questions.length ? 40 * Math.min(1, open / questions.length / 0.4) : 0;
  const questionsScore = clamp(questions.length ? countPart + openPart : 0);
  if (!questions.length) add("questions", "warning", 100, "教学过程中没有设计课堂提问，建议设置 3–5 个关键问题，引导学生思考与讨论。");
  else {
    if (questions.length < 5)
      add("questions", "info", 60 - countPart, `课堂提问只有 ${questions.length} 个，建议围绕重难点设计问题链（3–5 个关键问题）。`, questions[0]!.text);
    if (open / questions.length < 0.4)
      add(
        "questions",
        "warning",
        40 - openPart,
        `提问以封闭式为主（开放性问题 ${open} 个 / 共 ${questions.length} 个），建议增加「为什么」「如何」「你发现了什么」等开放性问题。`,
        questions.find((q) => q.kind === "closed")?.text ?? "",
      );
  }

  // Keywords.
  const catalog = [...new Set(input.catalogKeywords.map((k) => k.trim()).filter(Boolean))];
  const kw = keywordCoverage(text, catalog);
  const kwCoverage = catalog.length ? kw.covered.length / catalog.length : null;
  const keywordsScore = kwCoverage === null ? 0 : clamp(100 * kwCoverage);
  if (kwCoverage !== null && kw.missing.length)
    add("keywords", kwCoverage < 0.5 ? "warning" : "info", 100 - keywordsScore, `教案未涉及教材目录中的知识点：${kw.missing.join("、")}，请确认是否遗漏。`);

  // Overall.
  const scores: Record<DiagnosisDimension, number> = {
    structure: structureScore,
    objectives: objectivesScore,
    time: timeScore,
    questions: questionsScore,
    keywords: keywordsScore,
  };
  const scored = (d: DiagnosisDimension) => d !== "keywords" || kwCoverage !== null;
  const weightSum = (Object.keys(DIAGNOSIS_WEIGHTS) as DiagnosisDimension[]).filter(scored).reduce((a, d) => a + DIAGNOSIS_WEIGHTS[d], 0);
  const score = clamp(
    (Object.keys(DIAGNOSIS_WEIGHTS) as DiagnosisDimension[]).filter(scored).reduce((a, d) => a + scores[d] * DIAGNOSIS_WEIGHTS[d], 0) / weightSum,
  );
  const summaries: Record<DiagnosisDimension, string> = {
    structure: missingRequired.length
      ? `缺少必备部分：${missingRequired.join("、")}`
      : missingRecommended.length
        ? `必备部分齐全；可补充：${missingRecommended.join("、")}`
        : "各部分齐全",
    objectives: !f.starts.has("objectives") ? "未找到教学目标" : `${statements.length} 条目标，可测动词 ${measurable.length} 个、模糊动词 ${vague.length} 个`,
    time: total === null ? "未标注环节用时" : `环节用时合计 ${total} 分钟（标准 ${expected} 分钟）${timeOk ? "，分配合理" : "，需调整"}`,
    questions: `提问 ${questions.length} 个，其中开放性 ${open} 个`,
    keywords: kwCoverage === null ? "未绑定教材目录知识点，不计分" : `覆盖 ${kw.covered.length}/${catalog.length} 个目录知识点`,
  };
  const dimensions: DiagnosisDimensionScore[] = (Object.keys(DIAGNOSIS_DIMENSIONS) as DiagnosisDimension[]).map((d) => ({
    dimension: d,
    name: DIAGNOSIS_DIMENSIONS[d],
    score: scores[d],
    weight: scored(d) ? DIAGNOSIS_WEIGHTS[d] : 0,
    scored: scored(d),
    summary: summaries[d],
  }));
  const rank: Record<DiagnosisLevel, number> = { error: 0, warning: 1, info: 2 };
  const suggestions: DiagnosisSuggestion[] = drafts
    .map((d) => ({
      dimension: d.dimension,
      level: d.level,
      message: d.message,
      evidence: d.evidence,
      source: "rules" as const,
      impact: Math.round(((Math.max(0, d.lost) * DIAGNOSIS_WEIGHTS[d.dimension]) / weightSum) * 10) / 10,
    }))
    .sort((a, b) => b.impact - a.impact || rank[a.level] - rank[b.level]);
  const notes: string[] = [];
  if (kwCoverage === null) notes.push("该集体备课未绑定教材目录，或目录节点没有关键词，知识点覆盖不计入总分。");

  return {
    version: 1,
    score,
    grade: gradeOf(score),
    engine: "rules",
    dimensions,
    structure: { sections: f.sections, missing_required: missingRequired, missing_recommended: missingRecommended },
    objectives: {
      statements: statements.map((s) => quote(s, 120)),
      measurable: [...new Set(measurable)],
      vague: [...new Set(vague)],
      measurable_count: measurable.length,
      vague_count: vague.length,
      ratio: ratio === null ? null : Math.round(ratio * 100) / 100,
      coverage,
    },
    time: { total_minutes: total, expected_minutes: expected, items, stages: stagesFound, missing_stages: missingStages, ok: timeOk },
    questions: {
      count: questions.length,
      open,
      closed: questions.length - open,
      examples: questions.slice(0, 10).map((q) => ({ text: quote(q.text, 80), kind: q.kind })),
    },
    keywords: { catalog, covered: kw.covered, missing: kw.missing, coverage: kwCoverage === null ? null : Math.round(kwCoverage * 100) / 100, top: kw.top },
    suggestions,
    notes,
    doc: { id: input.doc.id, title: input.doc.title, chars: text.replace(/\s/g, "").length },
    generated_at: input.generatedAt,
  };
}

/**
 * AI diagnosis of a lesson plan (issue #8; docs/api/diagnosis.md, docs/diagnosis-method.md): deterministic rules by
 * default, enriched by an OpenAI-compatible model when LLM_BASE_URL is configured. A failed job says so and has no
 * result.
 */
import { z } from "zod";
import { zId } from "./common.js";
import { call } from "../contract.js";

export const DIAGNOSIS_CALLS = {
  /** c252: start a diagnosis job */ preparationDiagnosisAi: "/v2/preparation/preparationDiagnosisAi",
  /** c253: poll a job (or the latest of a preparation) */ getAiResult: "/v2/preparation/getAiResult",
} as const;

/** The scored dimensions, in report order, with their Chinese names. */
export const DIAGNOSIS_DIMENSIONS = {
  structure: "结构完整性",
  objectives: "教学目标",
  time: "时间分配",
  questions: "问题设计",
  keywords: "知识点覆盖",
} as const;
export type DiagnosisDimension = keyof typeof DIAGNOSIS_DIMENSIONS;

/** Weights of the overall score (sum 100; docs/diagnosis-method.md). */
export const DIAGNOSIS_WEIGHTS: Readonly<Record<DiagnosisDimension, number>> = { structure: 30, objectives: 25, time: 15, questions: 15, keywords: 15 };

/** Job status → Chinese. */
export const DIAGNOSIS_STATUS = { pending: "排队中", running: "诊断中", done: "已完成", failed: "诊断失败" } as const;
export type DiagnosisStatus = keyof typeof DIAGNOSIS_STATUS;

/** Grades by overall score: ≥ 85 优秀, ≥ 70 良好, ≥ 60 合格, else 待改进. */
export const DIAGNOSIS_GRADES = [
  { min: 85, grade: "优秀" },
  { min: 70, grade: "良好" },
  { min: 60, grade: "合格" },
  { min: 0, grade: "待改进" },
] as const;
export type DiagnosisGrade = (typeof DIAGNOSIS_GRADES)[number]["grade"];

export const DIAGNOSIS_LEVELS = { error: "严重", warning: "建议", info: "提示" } as const;
export type DiagnosisLevel = keyof typeof DIAGNOSIS_LEVELS;

/** The engine that produced a report: the rules alone, or the rules enriched by the model. */
export type DiagnosisEngine = "rules" | "rules+llm";

const zOptionalId = (label: string) =>
  z
    .preprocess((v) => (v === "" || v === null || v === 0 || v === "0" ? undefined : v), z.coerce.number().int("必须是整数").positive("必须大于 0").optional())
    .describe(label);

/** c252: diagnose a lesson plan of a preparation (doc_id omitted: the main plan, else the newest). */
export const DiagnosisStartPayload = z.object({
  preparation_id: zId("集体备课"),
  doc_id: zOptionalId("教案"),
});
export type DiagnosisStartPayload = z.infer<typeof DiagnosisStartPayload>;

/** c253: a job by job_id, or the latest job of preparation_id (optionally of one doc_id). */
export const DiagnosisResultPayload = z
  .object({
    job_id: zOptionalId("诊断任务"),
    preparation_id: zOptionalId("集体备课"),
    doc_id: zOptionalId("教案"),
  })
  .refine((v) => v.job_id !== undefined || v.preparation_id !== undefined, { message: "请提供诊断任务编号或集体备课编号" });
export type DiagnosisResultPayload = z.infer<typeof DiagnosisResultPayload>;

/** One suggestion, ranked by impact (the points the overall score would gain). */
export interface DiagnosisSuggestion {
  dimension: DiagnosisDimension;
  level: DiagnosisLevel;
  /** In Chinese. */
  message: string;
  /** The quoted text of the plan it is about ("" when it is about something missing). */
  evidence: string;
  /** rules: the deterministic checks; llm: the model's enrichment. */
  source: "rules" | "llm";
  /** Estimated gain of the overall score (0–100 scale) when followed; the list is sorted by it. */
  impact: number;
}

export interface DiagnosisDimensionScore {
  dimension: DiagnosisDimension;
  name: string;
  /** 0–100. */
  score: number;
  /** Its weight in the overall score (DIAGNOSIS_WEIGHTS; 0 when not scored). */
  weight: number;
  /** false: not counted in the overall score (知识点覆盖 when the preparation binds no catalogue keyword). */
  scored: boolean;
  /** One Chinese line. */
  summary: string;
}

export interface DiagnosisSection {
  /** objectives | keypoints | learners | preparation | process | board | homework | reflection */
  key: string;
  /** 教学目标 … */
  name: string;
  required: boolean;
  found: boolean;
  /** How it was found: a heading (h1–h4), a line start, or not at all. */
  via: "heading" | "line" | null;
  /** The heading or line that matched. */
  evidence: string;
}

export interface DiagnosisReport {
  version: 1;
  /** 0–100, weighted (DIAGNOSIS_WEIGHTS). */
  score: number;
  grade: DiagnosisGrade;
  engine: DiagnosisEngine;
  dimensions: DiagnosisDimensionScore[];
  structure: {
    sections: DiagnosisSection[];
    /** Names of the required sections not found. */
    missing_required: string[];
    missing_recommended: string[];
  };
  objectives: {
    /** The objective statements read (from the 教学目标 section, else the whole plan). */
    statements: string[];
    measurable: string[];
    vague: string[];
    measurable_count: number;
    vague_count: number;
    /** measurable / (measurable + vague), 0–1; null when no verb was found. */
    ratio: number | null;
    /** Dimensions covered: 知识 (知识与技能), 能力 (过程与方法), 素养 (情感态度价值观 / 核心素养). */
    coverage: { knowledge: boolean; ability: boolean; literacy: boolean };
  };
  time: {
    /** The minutes written in the process, summed; null when none. */
    total_minutes: number | null;
    /** The lesson length expected (40, or 45 for 初中/高中 when the period is known). */
    expected_minutes: number;
    items: { minutes: number; evidence: string }[];
    /** Stages found (导入, 新授, 练习, 小结, 作业). */
    stages: string[];
    missing_stages: string[];
    /** The total is within ±5 minutes of the expected length. */
    ok: boolean;
  };
  questions: {
    count: number;
    open: number;
    closed: number;
    examples: { text: string; kind: "open" | "closed" }[];
  };
  keywords: {
    /** The bound catalogue nodes' keywords. */
    catalog: string[];
    covered: string[];
    missing: string[];
    /** coverage = covered / catalog (0–1); null when the preparation binds no keyword. */
    coverage: number | null;
    /** The plan's own top TF-IDF keywords. */
    top: { word: string; weight: number }[];
  };
  suggestions: DiagnosisSuggestion[];
  /** Remarks about the run, e.g. why the model's enrichment is missing. */
  notes: string[];
  doc: { id: number; title: string; chars: number };
  generated_at: string;
}

/** c252 and c253 answer: a job and, once done, its report. */
export interface DiagnosisJob {
  job_id: number;
  preparation_id: number;
  doc_id: number;
  doc_title: string;
  status: DiagnosisStatus;
  status_name: string;
  /** 0–100. */
  progress: number;
  engine: DiagnosisEngine;
  /** The report when status is done; null otherwise (a failed job never has one). */
  result: DiagnosisReport | null;
  /** Why it failed, in Chinese ("" otherwise). */
  error: string;
  account_id: number;
  created_at: string;
  started_at: string;
  finished_at: string;
  /** c252 only: true when a job already pending or running for this plan was answered instead of a new one. */
  reused?: boolean;
}

/**
 * c253 answer: the job asked for (a job_id that does not exist is refused 404), or the latest job of the preparation
 * (of doc_id when given) — null when it was never diagnosed.
 */
export type DiagnosisResultAnswer = DiagnosisJob | null;

/** The calls of DIAGNOSIS_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const DIAGNOSIS = {
  preparationDiagnosisAi: call<DiagnosisJob>()(DIAGNOSIS_CALLS.preparationDiagnosisAi, DiagnosisStartPayload),
  getAiResult: call<DiagnosisResultAnswer>()(DIAGNOSIS_CALLS.getAiResult, DiagnosisResultPayload),
} as const;

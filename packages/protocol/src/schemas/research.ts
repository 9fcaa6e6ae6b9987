/**
 * AI lesson analysis (研究分析; platform.md §7 Research analysis; issue #10; docs/api/research.md, docs/analysis-method.md).
 *
 * An analysed lesson is an "analysis course" (/research/course): a video and its analysis job. The machine's report
 * (AnalysisResult) is made of sections; a section that could not be computed is `{ available: false, reason }` —
 * never an empty array standing in for a result.
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import type { FileAnswer } from "./account.js";
import type { DiscussMessage, DiscussPage } from "./preparation.js";
import type { Page } from "../codes.js";

export const RESEARCH_CALLS = {
  /** c133: publish (1) or withdraw (0) a report */ courseSetStatus: "/research/course/setStatus",
  /** c134 */ courseDelete: "/research/course/delete",
  /** c135: take a lesson off 我的课例 */ courseEliminateMy: "/research/course/eliminateMy",
  /** c136: the full report (machine, human corrections, agreement, scoring) */ courseReport: "/research/course/getCourseReport",
  /** c137: the course row with its job state and playable video */ courseDetail: "/research/course/detail",
  /** c138: the classroom record (transcript lines), paged */ courseContent: "/research/course/courseContent",
  /** c139: the classroom record as .xlsx ('Couser' as the client spells it) */ exportCourseContent: "/research/course/exportCouserContent",
  /** c140: statistics of the classroom record */ contentStatistical: "/research/course/contentStatistical",
  /** c141: delete a line of the classroom record (the text sections are recomputed) */ deleteContent: "/research/course/deleteContent",
  /** c142: the discussion of a report (list; with content: post) */ courseDiscussion: "/research/course/discussion",
  /** c143: behaviour observation census of one lesson */ observeCensus: "/research/course/observecensus",
  /** c144: the summary of a report (cards, lists) */ courseReportLite: "/research/course/getCourseReportLite",
  /** c145: the report for classroom observation (behaviour, autonomous learning, talk) */ courseReportObservation:
    "/research/course/getCourseReportObservation",
  /** c146: replace the video and/or transcript and analyse again */ courseReUpload: "/research/course/reUpload",
  /** c147 */ dialogueDepth: "/research/course/dialogueDepth",
  /** c148: questions with their class (open/closed) and the teacher's response (理答) */ dialogueClass: "/research/course/dialogueClass",
  /** c149: correct the class of questions */ upDialogueClass: "/research/course/upDialogueClass",
  /** designed: correct S-T samples (the equivalent of upDialogueClass for S-T coding) */ upStSample: "/research/course/upStSample",
  /** c150 */ analysisAgain: "/research/course/analysisAgain",
  /** c151: basic information of a lesson */ courseInfo: "/research/course/courseInfo",
  /** c152: students' autonomous-learning time */ autonomous: "/research/course/autonomous",
  /** c153: counts of the course list by status and mode */ courseCensus: "/research/course/census",
  /** designed: the list of analysed lessons the caller may see */ courseIndex: "/research/course/index",
  /** c154: the partial S-T curve of a lesson being recorded now */ flowLive: "/research/flowlive",
  /** c155: analyse an uploaded video */ researchLocal: "/research/local",
  /** c156: delete an uploaded analysis */ researchLocalDelete: "/research/local/delete",
  /** c157: subjects with analysed lessons */ researchSubjects: "/research/subject/all",
  /** c158 */ censusCountInfo: "/research/census/countInfo",
  /** c159 */ censusCourseContent: "/research/census/courseContent",
  /** c160 */ censusCourseTypeCount: "/research/census/courseTypeCount",
  /** c161 */ censusCourseAndContentInc: "/research/census/courseAndContentInc",
  /** c162 */ censusCourseCensus: "/research/census/courseCensus",
  /** c163 */ censusRanks: "/research/census/ranks",
  /** c164 */ censusOral: "/research/census/oral",
  /** c165 */ censusBase: "/research/census/base",
  /** c166 */ censusRtch: "/research/census/rtch",
  /** c167 */ trendsBehavior: "/research/trends/behavior",
  /** c168 */ trendsPose: "/research/trends/pose",
  /** c169 */ trendsLida: "/research/trends/lida",
  /** c170: score a lesson against an evaluation scheme (lecture_indicator tree of #9) */ aiScoring: "/research/ai_scoring",
  /** c291: AI comments on a listened lesson, from its analysis */ aiListenCommentInfo: "/v2/listen_evaluate_index/aiListenCommentInfo",
} as const;

export const ANALYSIS_NOT_FOUND = "课堂分析不存在或已删除";

// ── the report ────────────────────────────────────────────────────────────────────────────────────────────────

export type StCode = "T" | "S";
export const TEACHING_MODES = ["练习型", "讲授型", "对话型", "混合型"] as const;
export type TeachingMode = (typeof TEACHING_MODES)[number];

/** analysis_course.status */
export const ANALYSIS_STATUS: Readonly<Record<number, string>> = { 0: "排队中", 1: "分析中", 2: "已完成", 3: "失败" };

/** The pipeline's stages, in order (docs/analysis-method.md). */
export const ANALYSIS_STAGES = ["decode", "vad", "speaker", "transcript", "text", "vision", "scoring", "report"] as const;
export type AnalysisStage = (typeof ANALYSIS_STAGES)[number];
export const ANALYSIS_STAGE_NAMES: Readonly<Record<AnalysisStage, string>> = {
  decode: "解码音视频",
  vad: "语音活动检测",
  speaker: "师生角色识别",
  transcript: "课堂实录",
  text: "话语分析",
  vision: "行为分析",
  scoring: "指标评分",
  report: "生成报告",
};

/** A section the pipeline could not compute, and why (Chinese, shown as is). */
export interface Unavailable {
  available: false;
  reason: string;
}
export type Section<T> = ({ available: true } & T) | Unavailable;

export interface SpeechSegment {
  /** seconds from the start of the lesson */
  start: number;
  end: number;
  role: StCode;
}

export interface SpeechSection {
  segments: SpeechSegment[];
  teacher_seconds: number;
  student_seconds: number;
  silence_seconds: number;
  /** shares of the lesson's duration, 0–1, summing to 1 */
  teacher_ratio: number;
  student_ratio: number;
  silence_ratio: number;
  /** how speech was found ("energy", "silero") and roles assigned ("pitch-loudness", "transcript") */
  vad_method: string;
  role_method: string;
}

export interface StSection {
  /** seconds between samples */
  interval: number;
  /** sample i codes the moment (i + 0.5) × interval */
  samples: StCode[];
  n: number;
  nt: number;
  ns: number;
  /** g: runs of equal codes */
  runs: number;
  /** Rt = N_T / N */
  rt: number;
  /** Ch = (g − 1) / N */
  ch: number;
  mode: TeachingMode;
  /** The S-T curve: the k-th point is (S count, T count) after k samples, starting at [0, 0]. */
  curve: Array<[number, number]>;
}

export interface TranscriptLine {
  start: number;
  end: number;
  role: StCode;
  text: string;
}

export interface TranscriptSection {
  /** srt | vtt | txt */
  source: string;
  file_name: string;
  lines: TranscriptLine[];
}

export const QUESTION_KINDS = ["open", "closed"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_NAMES: Readonly<Record<QuestionKind, string>> = { open: "开放性问题", closed: "封闭性问题" };

/** 理答: the teacher's response after a student answers. */
export const LIDA_KINDS = ["praise", "follow_up", "correction", "repetition", "none"] as const;
export type LidaKind = (typeof LIDA_KINDS)[number];
export const LIDA_NAMES: Readonly<Record<LidaKind, string>> = { praise: "表扬肯定", follow_up: "追问", correction: "纠正", repetition: "重复", none: "无理答" };

export interface QuestionItem {
  index: number;
  /** when the teacher asked (line start) */
  time: number;
  text: string;
  kind: QuestionKind;
  /** seconds from the end of the question to the next speech; null when nothing followed */
  wait: number | null;
  /** a student spoke after it (before the teacher's next question) */
  answered: boolean;
  /** the teacher's first response after the student's answer; null when unanswered */
  response: LidaKind | null;
  /** length of the question–answer chain this question starts or continues (1 = asked and answered once) */
  depth: number;
}

export interface DialogueChain {
  start: number;
  end: number;
  /** question–answer exchanges in the chain */
  depth: number;
  /** index of the first question */
  question_index: number;
}

export interface TalkSection {
  teacher_chars: number;
  student_chars: number;
  /** characters per minute of the teacher's speaking time */
  teacher_rate: number;
  student_rate: number;
  questions: QuestionItem[];
  open_ratio: number;
  /** mean wait time after a question, seconds; null with no answered question */
  avg_wait: number | null;
  lida: Record<LidaKind, number>;
  chains: DialogueChain[];
  depth_distribution: Array<{ depth: number; count: number }>;
  max_depth: number;
  mean_depth: number;
}

/** Flanders (FIAS): 1–7 teacher talk (1–4 indirect, 5–7 direct), 8–9 student talk, 10 silence or confusion. */
export const FIAS_CATEGORIES: readonly string[] = [
  "接受情感",
  "表扬或鼓励",
  "接受或利用学生的观点",
  "提问",
  "讲授",
  "指令",
  "批评或维护权威",
  "学生被动应答",
  "学生主动说话",
  "沉寂或混乱",
];

export interface FiasSection {
  /** seconds per code (3) */
  interval: number;
  /** one category 1–10 per window */
  codes: number[];
  /** 10 × 10 counts of consecutive pairs (row = first, column = second) */
  matrix: number[][];
  /** windows per category, index 0 = category 1 */
  counts: number[];
  ratios: {
    teacher_talk: number;
    student_talk: number;
    silence: number;
    /** (1–4) / (5–7); null when 5–7 never occur */
    indirect_direct: number | null;
    /** (1–3) / (6–7); null when 6–7 never occur */
    positive_negative: number | null;
    /** 4 / (4 + 5) */
    question_ratio: number | null;
    /** 9 / (8 + 9) */
    student_initiative: number | null;
  };
}

export interface BehaviorPoint {
  t: number;
  /** horizontal and vertical position of the tracked teacher, 0–1 of the frame */
  x: number;
  y: number;
}

export interface BehaviorSection {
  /** seconds between sampled frames */
  interval: number;
  /** frame_diff | human */
  method: string;
  /** share of the frame that changed between samples, 0–1, per sample */
  motion: Array<{ t: number; value: number }>;
  /** position of the teacher per sample; null where nothing could be tracked */
  positions: Array<BehaviorPoint | null>;
  /** time spent per cell of a cols × rows grid over the frame (row-major), seconds */
  heatmap: { cols: number; rows: number; cells: number[] };
  /** shares of tracked time: near the board (top/back third), among the students, at the front */
  zones: { board: number; front: number; among_students: number };
  /** mean movement between samples, frame widths per minute */
  movement: number;
  /** student heads-up rate and hands raised need a pose model */
  heads_up: Section<{ series: Array<{ t: number; value: number }>; mean: number }>;
  hands_up: Section<{ series: Array<{ t: number; value: number }>; total: number }>;
}

export interface AutonomousSection {
  /** continuous spans without teacher speech of at least min_seconds */
  min_seconds: number;
  spans: Array<{ start: number; end: number }>;
  total_seconds: number;
  ratio: number;
}

export interface ScoringItem {
  indicator_id: number;
  parent_id: number;
  name: string;
  weight: number;
  max_score: number;
  /** null: not judged (see reason) */
  score: number | null;
  /** what the score rests on, or why it could not be judged */
  basis: string;
}

export interface ScoringSection {
  scheme_id: number;
  scheme_name: string;
  items: ScoringItem[];
  /** sum of judged scores */
  total: number;
  /** sum of max_score of judged items */
  full: number;
  judged: number;
  unjudged: number;
}

export interface StageRecord {
  name: AnalysisStage;
  status: "done" | "skipped" | "failed";
  seconds: number;
  /** what was done, or why it was skipped or failed (Chinese) */
  note: string;
}

export interface AnalysisResult {
  version: 1;
  duration: number;
  speech: Section<SpeechSection>;
  st: Section<StSection>;
  transcript: Section<TranscriptSection>;
  talk: Section<TalkSection>;
  fias: Section<FiasSection>;
  autonomous: Section<AutonomousSection>;
  behavior: Section<BehaviorSection>;
  scoring: Section<ScoringSection>;
  stages: StageRecord[];
  /** seconds the analysis took */
  elapsed: number;
}

export interface Agreement {
  /** samples compared */
  n: number;
  agree: number;
  /** percent agreement, 0–100 */
  percent: number;
  /** Cohen's κ; null when undefined (one category only) */
  kappa: number | null;
}

export interface CodingCorrection {
  idx: number;
  code: string;
  account_id: number;
  account_name: string;
  updated_at: string;
}

// ── rows ──────────────────────────────────────────────────────────────────────────────────────────────────────

export interface AnalysisCourseRow {
  id: number;
  video_id: number;
  recording_id: number | null;
  name: string;
  account_id: number;
  account_name: string;
  creator_id: number;
  school_id: number;
  school_name: string;
  period_id: number;
  subject_id: number;
  subject_name: string;
  grade_id: number;
  grade_name: string;
  class_id: number;
  source: "recording" | "local";
  status: number;
  status_name: string;
  progress: number;
  stage: string;
  stage_name: string;
  error: string;
  attempts: number;
  interval: number;
  has_transcript: boolean;
  publish_status: number;
  duration: number;
  /** summary once done */
  rt: number | null;
  ch: number | null;
  mode: TeachingMode | null;
  cover_url: string;
  created_at: string;
  finished_at: string;
  /** what the caller may do */
  can_manage: boolean;
}

export interface AnalysisCourseDetail extends AnalysisCourseRow {
  /** playable addresses (signed) of the cameras; "" when none */
  video_url: string;
  student_video_url: string;
  stages: StageRecord[];
}

/** c136 getCourseReport */
export interface CourseReport {
  course: AnalysisCourseDetail;
  /** null until the first analysis is done */
  result: AnalysisResult | null;
  /** the S-T section recomputed with the human corrections; null when there are none */
  st_human: StSection | null;
  /** the talk questions with human corrections applied; null when there are none */
  questions_human: QuestionItem[] | null;
  st_corrections: CodingCorrection[];
  question_corrections: CodingCorrection[];
  agreement: { st: Agreement | null; questions: Agreement | null };
}

/** c144 getCourseReportLite */
export interface CourseReportLite {
  id: number;
  name: string;
  status: number;
  duration: number;
  rt: number | null;
  ch: number | null;
  mode: TeachingMode | null;
  teacher_ratio: number | null;
  student_ratio: number | null;
  silence_ratio: number | null;
  question_count: number | null;
  max_depth: number | null;
  score_total: number | null;
  score_full: number | null;
  /** names of the sections that could not be computed */
  unavailable: string[];
}

export interface ContentRow {
  id: number;
  seq: number;
  start: number;
  end: number;
  role: StCode;
  text: string;
  /** the line is a question by the teacher */
  is_question: boolean;
}

export interface ContentStatistical {
  lines: number;
  teacher_lines: number;
  student_lines: number;
  teacher_chars: number;
  student_chars: number;
  teacher_rate: number;
  student_rate: number;
  questions: number;
  keywords: Array<{ word: string; count: number }>;
}

export interface AiComment {
  /** what it is about: 教学模式, 师生话语, 提问, 理答, 对话深度, 课堂行为, 自主学习 … */
  dimension: string;
  /** good | fair | weak */
  level: "good" | "fair" | "weak";
  text: string;
}

// ── payloads ──────────────────────────────────────────────────────────────────────────────────────────────────

const zFlag = (label: string) => z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe(label);
const zOptId = (label: string) => z.preprocess((v) => (v === "" || v === null || v === 0 || v === "0" ? undefined : v), zId(label).optional()).describe(label);
const zName = z.string({ message: "请输入课程名称" }).trim().min(1, "请输入课程名称").max(100, "课程名称不能超过 100 个字符").describe("课程名称");
const zDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, `${label}应为 YYYY-MM-DD`)
    .optional()
    .describe(label);
export const zInterval = z.coerce
  .number({ message: "采样间隔必须是数字" })
  .int("采样间隔必须是整数秒")
  .min(5, "采样间隔不能小于 5 秒")
  .max(60, "采样间隔不能大于 60 秒")
  .describe("S-T 采样间隔（秒）");

export const CourseIdPayload = z.object({ id: zId("课堂分析编号") });
export type CourseIdPayload = z.infer<typeof CourseIdPayload>;

export const CourseSetStatusPayload = z.object({ id: zId("课堂分析编号"), status: zFlag("公开状态") });

export const CourseIndexPayload = z.object({
  page: zPage,
  limit: zLimit,
  /** mine: lessons the caller teaches or uploaded (not eliminated); all: every lesson the caller may see */
  scope: z.enum(["mine", "all"], { message: "范围只能是 mine 或 all" }).default("all").describe("范围"),
  name: z.string().trim().max(100).optional().describe("课程名称"),
  teacher: z.string().trim().max(50).optional().describe("授课教师"),
  school_id: zOptId("学校"),
  subject_id: zOptId("学科"),
  status: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(0).max(3, "状态只能是 0–3").optional()).describe("状态"),
  mode: z.enum(TEACHING_MODES, { message: "教学模式不正确" }).optional().describe("教学模式"),
  start_date: zDate("开始日期"),
  end_date: zDate("结束日期"),
});
export type CourseIndexPayload = z.infer<typeof CourseIndexPayload>;

export const ResearchLocalPayload = z.object({
  /** the uploaded video (#5 chunked upload, type all or video): stored_file id */
  file_id: zId("视频文件"),
  name: zName,
  subject_id: zOptId("学科"),
  grade_id: zOptId("年级"),
  period_id: zOptId("学段"),
  class_id: zOptId("班级"),
  /** the teacher of the lesson (default: the caller) */
  account_id: zOptId("授课教师"),
  transcript_file_id: zOptId("课堂实录文件"),
  interval: zInterval.default(30),
});
export type ResearchLocalPayload = z.infer<typeof ResearchLocalPayload>;

export const CourseReUploadPayload = z
  .object({
    id: zId("课堂分析编号"),
    file_id: zOptId("视频文件"),
    transcript_file_id: zOptId("课堂实录文件"),
    /** 1: drop the imported transcript */
    remove_transcript: zFlag("删除课堂实录").default(0),
  })
  .refine((p) => p.file_id || p.transcript_file_id || p.remove_transcript, "请上传视频或课堂实录");

export const AnalysisAgainPayload = z.object({ id: zId("课堂分析编号"), interval: zInterval.optional() });

export const CourseContentPayload = z.object({
  id: zId("课堂分析编号"),
  page: zPage,
  limit: zLimit,
  role: z.enum(["T", "S"], { message: "角色只能是 T 或 S" }).optional().describe("角色"),
  keyword: z.string().trim().max(50).optional().describe("关键词"),
});

export const DeleteContentPayload = z.object({ id: zId("实录编号") });

export const CourseDiscussionPayload = z.object({
  id: zId("课堂分析编号"),
  page: zPage,
  limit: zLimit,
  /** with content: post a comment (pid: reply to) */
  content: z.string().trim().max(2000, "评论不能超过 2000 个字符").optional().describe("评论内容"),
  pid: zOptId("回复的评论"),
});

const zQuestionKind = z.enum(QUESTION_KINDS, { message: "问题类型只能是 open 或 closed" });
const zLida = z.enum(LIDA_KINDS, { message: "理答类型不正确" });

export const UpDialogueClassPayload = z.object({
  id: zId("课堂分析编号"),
  items: z
    .array(
      z.object({
        index: z.coerce.number().int("必须是整数").min(0, "不能为负数").describe("问题序号"),
        /** omit both to return the question to the machine's coding */
        kind: zQuestionKind.optional(),
        response: zLida.optional(),
      }),
    )
    .min(1, "请至少修改一个问题")
    .max(500, "一次最多修改 500 个问题"),
});
export type UpDialogueClassPayload = z.infer<typeof UpDialogueClassPayload>;

export const UpStSamplePayload = z.object({
  id: zId("课堂分析编号"),
  samples: z
    .array(
      z.object({
        index: z.coerce.number().int("必须是整数").min(0, "不能为负数").describe("采样序号"),
        /** "" returns the sample to the machine's coding */
        code: z.enum(["T", "S", ""], { message: "编码只能是 T、S 或空" }),
      }),
    )
    .min(1, "请至少修改一个采样点")
    .max(2000, "一次最多修改 2000 个采样点"),
});
export type UpStSamplePayload = z.infer<typeof UpStSamplePayload>;

export const FlowLivePayload = z.object({ recording_id: zId("录制编号"), interval: zInterval.optional() });

export const AiScoringPayload = z.object({ id: zId("课堂分析编号"), scheme_id: zOptId("评价量表") });

export const AiListenCommentPayload = z.object({ id: zId("听评课编号") });

/** /research/census/*: the caller's scope (school, region or platform), narrowed by these. */
export const ResearchCensusPayload = z.object({
  school_id: zOptId("学校"),
  subject_id: zOptId("学科"),
  period_id: zOptId("学段"),
  account_id: zOptId("教师"),
  start_date: zDate("开始日期"),
  end_date: zDate("结束日期"),
  /** grouping of courseCensus, ranks, oral, base */
  by: z.enum(["school", "subject", "teacher", "grade", "month"], { message: "分组只能是 school、subject、teacher、grade 或 month" }).default("school"),
  limit: z.coerce.number().int().min(1).max(100, "最多 100 条").default(10),
});
export type ResearchCensusPayload = z.infer<typeof ResearchCensusPayload>;

// ── answers and payloads designed by the course API (docs/api/research.md) ───────────────────────────────────

/** c153 census: the caller's list (as /research/course/index) counted by status, mode and source. */
export const CourseCensusPayload = CourseIndexPayload.omit({ page: true, limit: true, status: true, mode: true });
export type CourseCensusPayload = z.infer<typeof CourseCensusPayload>;
export interface CourseCensusAnswer {
  total: number;
  by_status: Array<{ status: number; name: string; count: number }>;
  /** finished lessons with an S-T section, by teaching mode */
  by_mode: Array<{ mode: TeachingMode; count: number }>;
  by_source: { recording: number; local: number };
}

/** c145 getCourseReportObservation: the sections of classroom observation. */
export interface CourseReportObservation {
  id: number;
  name: string;
  status: number;
  duration: number;
  speech: Section<SpeechSection>;
  behavior: Section<BehaviorSection>;
  autonomous: Section<AutonomousSection>;
  talk: Section<TalkSection>;
}

/** c143 observecensus: the behaviour observation of one lesson in figures. */
export interface ObserveCensusAnswer {
  id: number;
  duration: number;
  behavior: Section<{
    zones: BehaviorSection["zones"];
    movement: number;
    /** mean share of the frame that changed between samples */
    motion_mean: number;
    /** samples where the teacher could be tracked */
    tracked: number;
    samples: number;
    heads_up: Section<{ mean: number }>;
    hands_up: Section<{ total: number }>;
  }>;
  speech: Section<{ teacher_ratio: number; student_ratio: number; silence_ratio: number }>;
  autonomous: Section<{ total_seconds: number; ratio: number; spans: number }>;
}

/** c147 dialogueDepth (machine coding; corrections change question classes, not the chains). */
export type DialogueDepthAnswer = Section<Pick<TalkSection, "chains" | "depth_distribution" | "max_depth" | "mean_depth"> & { questions: number }>;

/** c148 dialogueClass: the questions with human corrections applied, the machine's, and their agreement. */
export type DialogueClassAnswer = Section<{
  questions: QuestionItem[];
  machine: QuestionItem[];
  corrections: CodingCorrection[];
  /** machine vs human coding of "<kind>|<response>" over every question; null without corrections */
  agreement: Agreement | null;
  open_ratio: number;
  lida: Record<LidaKind, number>;
}>;

/** c154 flowlive: the partial analysis of the audio a recording in progress has captured. */
export interface FlowLiveAnswer {
  recording_id: number;
  /** seconds of audio analysed */
  captured_seconds: number;
  /** bytes of the part files read (the cache key with the recording) */
  bytes: number;
  st: Section<StSection>;
  speech: Section<Pick<SpeechSection, "teacher_ratio" | "student_ratio" | "silence_ratio">>;
}

/** c167 trends/behavior: motion and position over the lesson. */
export type TrendsBehaviorAnswer = Section<Pick<BehaviorSection, "interval" | "method" | "motion" | "positions" | "zones" | "movement" | "heatmap">>;
/** c168 trends/pose: heads-up and hands-raised series (each Unavailable without a pose model). */
export type TrendsPoseAnswer = Section<Pick<BehaviorSection, "heads_up" | "hands_up">>;
/** c169 trends/lida: the teacher's responses to answers over the lesson (human corrections applied). */
export type TrendsLidaAnswer = Section<{
  points: Array<{ time: number; question_index: number; response: LidaKind }>;
  counts: Record<LidaKind, number>;
}>;

/** The calls of RESEARCH_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const RESEARCH = {
  courseSetStatus: call<AnalysisCourseDetail>()(RESEARCH_CALLS.courseSetStatus, CourseSetStatusPayload),
  courseDelete: call<{ id: number }>()(RESEARCH_CALLS.courseDelete, CourseIdPayload),
  courseEliminateMy: call<{ id: number }>()(RESEARCH_CALLS.courseEliminateMy, CourseIdPayload),
  courseReport: call<CourseReport>()(RESEARCH_CALLS.courseReport, CourseIdPayload),
  courseDetail: call<AnalysisCourseDetail>()(RESEARCH_CALLS.courseDetail, CourseIdPayload),
  courseContent: call<Page<ContentRow>>()(RESEARCH_CALLS.courseContent, CourseContentPayload),
  exportCourseContent: call<FileAnswer>()(RESEARCH_CALLS.exportCourseContent, CourseIdPayload),
  contentStatistical: call<ContentStatistical>()(RESEARCH_CALLS.contentStatistical, CourseIdPayload),
  deleteContent: call<CourseReport>()(RESEARCH_CALLS.deleteContent, DeleteContentPayload),
  courseDiscussion: call<DiscussPage | DiscussMessage>()(RESEARCH_CALLS.courseDiscussion, CourseDiscussionPayload),
  observeCensus: call<ObserveCensusAnswer>()(RESEARCH_CALLS.observeCensus, CourseIdPayload),
  courseReportLite: call<CourseReportLite>()(RESEARCH_CALLS.courseReportLite, CourseIdPayload),
  courseReportObservation: call<CourseReportObservation>()(RESEARCH_CALLS.courseReportObservation, CourseIdPayload),
  courseReUpload: call<AnalysisCourseDetail>()(RESEARCH_CALLS.courseReUpload, CourseReUploadPayload),
  dialogueDepth: call<DialogueDepthAnswer>()(RESEARCH_CALLS.dialogueDepth, CourseIdPayload),
  dialogueClass: call<DialogueClassAnswer>()(RESEARCH_CALLS.dialogueClass, CourseIdPayload),
  upDialogueClass: call<CourseReport>()(RESEARCH_CALLS.upDialogueClass, UpDialogueClassPayload),
  upStSample: call<CourseReport>()(RESEARCH_CALLS.upStSample, UpStSamplePayload),
  analysisAgain: call<AnalysisCourseDetail>()(RESEARCH_CALLS.analysisAgain, AnalysisAgainPayload),
  courseInfo: call<AnalysisCourseDetail>()(RESEARCH_CALLS.courseInfo, CourseIdPayload),
  autonomous: call<AnalysisResult["autonomous"]>()(RESEARCH_CALLS.autonomous, CourseIdPayload),
  courseCensus: call<CourseCensusAnswer>()(RESEARCH_CALLS.courseCensus, CourseCensusPayload),
  courseIndex: call<Page<AnalysisCourseRow>>()(RESEARCH_CALLS.courseIndex, CourseIndexPayload),
  flowLive: call<FlowLiveAnswer>()(RESEARCH_CALLS.flowLive, FlowLivePayload),
  researchLocal: call<AnalysisCourseDetail>()(RESEARCH_CALLS.researchLocal, ResearchLocalPayload),
  researchLocalDelete: call<{ id: number }>()(RESEARCH_CALLS.researchLocalDelete, CourseIdPayload),
  trendsBehavior: call<TrendsBehaviorAnswer>()(RESEARCH_CALLS.trendsBehavior, CourseIdPayload),
  trendsPose: call<TrendsPoseAnswer>()(RESEARCH_CALLS.trendsPose, CourseIdPayload),
  trendsLida: call<TrendsLidaAnswer>()(RESEARCH_CALLS.trendsLida, CourseIdPayload),
  aiScoring: call<Section<ScoringSection>>()(RESEARCH_CALLS.aiScoring, AiScoringPayload),
} as const;

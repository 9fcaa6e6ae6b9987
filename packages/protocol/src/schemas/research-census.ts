/**
 * Census of analysed lessons (/research/census/*, /research/subject/all, c157–c166) and c291's answer (issue #10;
 * docs/api/research-census.md, docs/decisions/1020–1022). OWNER: census helper.
 *
 * Every call takes ResearchCensusPayload (research.ts): the caller's scope — a teacher his own lessons, a school
 * administrator his school, a district administrator the schools of his region, a platform administrator all —
 * narrowed by school, subject, period, teacher and dates (the lesson's day in Asia/Shanghai). Only finished lessons
 * (status 2) contribute metrics; the counts say how many are queued, running or failed. A mean that has nothing to
 * average is null, never 0; beside every metric, `missing` says how many finished lessons lacked the section it
 * comes from.
 */
import { z } from "zod";
import type { AiComment, LidaKind, TeachingMode } from "./research.js";
import { call } from "../contract.js";
import { AiListenCommentPayload, RESEARCH_CALLS, ResearchCensusPayload } from "./research.js";

/** Lessons per teaching mode (every mode listed; a mode no lesson has counts 0). */
export interface CensusModeCount {
  mode: TeachingMode;
  count: number;
}

/** c157 /research/subject/all: subjects that have lessons in the caller's scope (the subject filter is ignored). */
export interface CensusSubjectRow {
  subject_id: number;
  subject_name: string;
  period_id: number;
  period_name: string;
  /** lessons of any status */
  lessons: number;
  /** finished (status 2) */
  analysed: number;
}

/** c158 /research/census/countInfo */
export interface CensusCountInfo {
  /** lessons of any status */
  lessons: number;
  /** status 2 已完成 */
  analysed: number;
  /** status 0 排队中 or 1 分析中 */
  pending: number;
  /** status 3 失败 */
  failed: number;
  /** distinct teachers and schools of the lessons (any status) */
  teachers: number;
  schools: number;
  /** length of the finished lessons, hours (1 decimal) */
  hours: number;
  /** means over finished lessons with an S-T section; null when none has one */
  mean_rt: number | null;
  mean_ch: number | null;
  modes: CensusModeCount[];
  /** finished lessons without an S-T section */
  st_missing: number;
}

/** c159 /research/census/courseContent: the classroom records (课堂实录) and questions of the finished lessons. */
export interface CensusCourseContent {
  analysed: number;
  /** finished lessons that have a classroom record (one line or more) */
  with_record: number;
  /** finished lessons without one */
  without_record: number;
  lines: number;
  teacher_lines: number;
  student_lines: number;
  teacher_chars: number;
  student_chars: number;
  /** lines per lesson with a record; null when none has one */
  mean_lines: number | null;
  /** from the talk sections (machine coding) */
  talk_lessons: number;
  talk_missing: number;
  questions: number;
  open_questions: number;
  closed_questions: number;
  /** open / questions; null without questions */
  open_ratio: number | null;
  /** questions a student answered */
  answered: number;
  /** mean of the lessons' mean wait after a question (seconds); null when no lesson has one */
  mean_wait: number | null;
  /** 理答: the teacher's responses, summed over the lessons */
  lida: Record<LidaKind, number>;
}

/** c160 /research/census/courseTypeCount */
export interface CensusCourseTypeCount {
  analysed: number;
  modes: CensusModeCount[];
  /** finished lessons without an S-T section (no mode) */
  st_missing: number;
}

/** c161 /research/census/courseAndContentInc: one point per day (range ≤ 62 days) or per month. */
export interface CensusIncPoint {
  /** YYYY-MM-DD (day) or YYYY-MM (month) */
  date: string;
  /** lessons created in the bucket (any status) */
  lessons: number;
  /** of those, finished */
  analysed: number;
  /** classroom-record lines of the bucket's finished lessons */
  lines: number;
  /** running totals from the first lesson in scope up to the end of the bucket */
  lessons_total: number;
  lines_total: number;
}

export interface CensusCourseAndContentInc {
  granularity: "day" | "month";
  start_date: string;
  end_date: string;
  points: CensusIncPoint[];
}

/** c162 /research/census/courseCensus: one row per school, subject, teacher, grade or month (`by`). */
export interface CensusGroupRow {
  /** the school, subject, teacher or grade id; 0 = 未设置; for month the row's YYYY-MM is in `name` and key is YYYYMM */
  key: number;
  name: string;
  lessons: number;
  analysed: number;
  pending: number;
  failed: number;
  mean_rt: number | null;
  mean_ch: number | null;
  modes: CensusModeCount[];
  st_missing: number;
  /** shares of the lessons' time, 0–1 (means over finished lessons with a speech section) */
  mean_teacher_ratio: number | null;
  mean_student_ratio: number | null;
  mean_silence_ratio: number | null;
  speech_missing: number;
  /** mean score, percent of the judged full marks (0–100), over finished lessons scored against a scheme */
  mean_score: number | null;
  scoring_missing: number;
}

export interface CensusCourseCensus {
  by: ResearchCensusPayload["by"];
  total: number;
  list: CensusGroupRow[];
}

/** c163 /research/census/ranks (by teacher or school) */
export interface CensusRankItem {
  id: number;
  name: string;
  /** the teacher's school (by teacher); "" by school */
  school_name: string;
  /** analysed lessons, or the mean score (0–100, 1 decimal) */
  value: number;
  /** lessons the value rests on */
  n: number;
}

export interface CensusRanks {
  by: "teacher" | "school";
  /** most finished lessons first */
  by_analysed: CensusRankItem[];
  /** highest mean score first (only lessons scored against a scheme) */
  by_score: CensusRankItem[];
  scoring_missing: number;
}

/** c164 /research/census/oral: talk shares and speech rates per group (`by`). */
export interface CensusOralRow {
  key: number;
  name: string;
  analysed: number;
  teacher_ratio: number | null;
  student_ratio: number | null;
  silence_ratio: number | null;
  speech_missing: number;
  /** characters per minute of speaking time */
  teacher_rate: number | null;
  student_rate: number | null;
  talk_missing: number;
}

export interface CensusOral {
  by: ResearchCensusPayload["by"];
  list: CensusOralRow[];
}

/** c165 /research/census/base: lessons by period, grade and subject. */
export interface CensusBaseItem {
  id: number;
  /** 未设置 for id 0 */
  name: string;
  lessons: number;
  analysed: number;
}

export interface CensusBase {
  lessons: number;
  periods: CensusBaseItem[];
  grades: CensusBaseItem[];
  subjects: CensusBaseItem[];
}

/** c166 /research/census/rtch: one point per finished lesson with an S-T section, newest first, at most `limit`. */
export interface CensusRtchPoint {
  id: number;
  name: string;
  teacher: string;
  school_name: string;
  rt: number;
  ch: number;
  mode: TeachingMode;
  created_at: string;
}

export interface CensusRtch {
  /** finished lessons with an S-T section in scope */
  total: number;
  /** points were left out (total > limit) */
  capped: boolean;
  st_missing: number;
  points: CensusRtchPoint[];
}

/** c166 payload: the census filters, with a larger cap (default 300, at most 1000 points). */
export const CensusRtchPayload = ResearchCensusPayload.extend({
  limit: z.coerce.number({ message: "点数必须是数字" }).int("点数必须是整数").min(1, "点数至少为 1").max(1000, "最多 1000 个点").default(300),
});
export type CensusRtchPayload = z.infer<typeof CensusRtchPayload>;

/** c162 payload: the census filters with a page (limit rows per page, at most 100). */
export const CensusTablePayload = ResearchCensusPayload.extend({
  page: z.coerce.number({ message: "页码必须是数字" }).int("页码必须是整数").min(1, "页码至少为 1").default(1),
});
export type CensusTablePayload = z.infer<typeof CensusTablePayload>;

/**
 * c291 /v2/listen_evaluate_index/aiListenCommentInfo: AI comments on a listened lesson from the analysis of its video
 * (the newest finished one). available false with a reason when the record has no video, the video has not been
 * analysed, the analysis is still running or failed.
 */
export interface AiListenCommentInfo {
  available: boolean;
  /** why there are no comments (Chinese); absent when available */
  reason?: string;
  /** the analysis (/report?id=); null when the video has none */
  course_id: number | null;
  course_name: string;
  /** the analysis job's status when not finished (0–3); null without an analysis */
  status: number | null;
  mode: TeachingMode | null;
  rt: number | null;
  ch: number | null;
  comments: AiComment[];
}

/** The census calls and c291, whose answer types live here (the rest of RESEARCH_CALLS is RESEARCH in research.ts, which
 * imports nothing from this file, so the two are no circle). */
export const RESEARCH_CENSUS = {
  researchSubjects: call<CensusSubjectRow[]>()(RESEARCH_CALLS.researchSubjects, ResearchCensusPayload),
  censusCountInfo: call<CensusCountInfo>()(RESEARCH_CALLS.censusCountInfo, ResearchCensusPayload),
  censusCourseContent: call<CensusCourseContent>()(RESEARCH_CALLS.censusCourseContent, ResearchCensusPayload),
  censusCourseTypeCount: call<CensusCourseTypeCount>()(RESEARCH_CALLS.censusCourseTypeCount, ResearchCensusPayload),
  censusCourseAndContentInc: call<CensusCourseAndContentInc>()(RESEARCH_CALLS.censusCourseAndContentInc, ResearchCensusPayload),
  censusRanks: call<CensusRanks>()(RESEARCH_CALLS.censusRanks, ResearchCensusPayload),
  censusOral: call<CensusOral>()(RESEARCH_CALLS.censusOral, ResearchCensusPayload),
  censusBase: call<CensusBase>()(RESEARCH_CALLS.censusBase, ResearchCensusPayload),
  aiListenCommentInfo: call<AiListenCommentInfo>()(RESEARCH_CALLS.aiListenCommentInfo, AiListenCommentPayload),
  censusCourseCensus: call<CensusCourseCensus>()(RESEARCH_CALLS.censusCourseCensus, CensusTablePayload),
  censusRtch: call<CensusRtch>()(RESEARCH_CALLS.censusRtch, CensusRtchPayload),
} as const;

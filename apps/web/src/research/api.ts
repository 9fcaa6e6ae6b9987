/**
 * Typed calls of AI lesson analysis (#10; packages/protocol/src/schemas/research.ts, docs/api/research.md).
 * Shared by the report pages (research/report) and the admin screens (research/admin).
 *
 * Payload types are the protocol's zod input types; answers the protocol's answer types. Answers the protocol
 * does not type yet (census, trends, observation) take a type parameter so a screen can name what it expects.
 */
import { useQuery } from "@tanstack/react-query";
import {
  CALLS,
  type AnalysisCourseDetail,
  type AnalysisCourseRow,
  type AnalysisResult,
  type ContentRow,
  type ContentStatistical,
  type CourseIndexPayload,
  type CourseReport,
  type CourseReportLite,
  type DiscussMessage,
  type DiscussPage,
  type FileAnswer,
  type Page,
  type QuestionItem,
  type ResearchCensusPayload,
  type UpDialogueClassPayload,
  type UpStSamplePayload,
} from "@yanke/protocol";
import type { AiScoringPayload, AnalysisAgainPayload, CourseContentPayload, CourseReUploadPayload, ResearchLocalPayload } from "@yanke/protocol";
import type { z } from "zod";
import { call } from "../api/client";

type In<T extends z.ZodType> = z.input<T>;
type Q = Record<string, unknown>;

/** c153: counts of the caller's list by status and mode (the answer is free-form until the protocol names it). */
export type CourseCensus = Record<string, unknown>;

export const researchApi = {
  // ── lists and management ────────────────────────────────────────────────────────────────────────────────
  /** designed: the analysed lessons the caller may see (scope mine | all + filters) */
  index: (p: Partial<CourseIndexPayload>) => call<Page<AnalysisCourseRow>>(CALLS.courseIndex, p as Q),
  /** c153 */
  census: <T = CourseCensus>(p: Q = {}) => call<T>(CALLS.courseCensus, p),
  /** c133: publish (1) or withdraw (0) */
  setStatus: (id: number, status: 0 | 1) => call<unknown>(CALLS.courseSetStatus, { id, status }),
  /** c134 */
  remove: (id: number) => call<unknown>(CALLS.courseDelete, { id }),
  /** c135 */
  eliminateMy: (id: number) => call<unknown>(CALLS.courseEliminateMy, { id }),
  /** c155: analyse an uploaded video */
  local: (p: In<typeof ResearchLocalPayload>) => call<AnalysisCourseRow>(CALLS.researchLocal, p as Q),
  /** c156 */
  localDelete: (id: number) => call<unknown>(CALLS.researchLocalDelete, { id }),
  /** c146: replace the video and/or transcript and analyse again */
  reUpload: (p: In<typeof CourseReUploadPayload>) => call<AnalysisCourseRow>(CALLS.courseReUpload, p as Q),
  /** c150 (optional new S-T interval) */
  analysisAgain: (p: In<typeof AnalysisAgainPayload>) => call<AnalysisCourseRow>(CALLS.analysisAgain, p as Q),
  /** c157: subjects with analysed lessons */
  subjects: <T = Array<{ id: number; name: string }>>(p: Q = {}) => call<T>(CALLS.researchSubjects, p),

  // ── one lesson ────────────────────────────────────────────────────────────────────────────────────────────
  /** c137: the row with its job state and playable video */
  detail: (id: number) => call<AnalysisCourseDetail>(CALLS.courseDetail, { id }),
  /** c151 */
  info: (id: number) => call<AnalysisCourseDetail>(CALLS.courseInfo, { id }),
  /** c136: the full report (machine, human corrections, agreement) */
  report: (id: number) => call<CourseReport>(CALLS.courseReport, { id }),
  /** c144 */
  reportLite: (id: number) => call<CourseReportLite>(CALLS.courseReportLite, { id }),
  /** c145: behaviour, autonomous learning, talk */
  reportObservation: <T = Pick<AnalysisResult, "behavior" | "autonomous" | "talk">>(id: number) => call<T>(CALLS.courseReportObservation, { id }),
  /** c138: the classroom record, paged */
  content: (p: In<typeof CourseContentPayload>) => call<Page<ContentRow>>(CALLS.courseContent, p as Q),
  /** c139: the classroom record as .xlsx */
  exportContent: (id: number) => call<FileAnswer>(CALLS.exportCourseContent, { id }),
  /** c140 */
  contentStatistical: (id: number) => call<ContentStatistical>(CALLS.contentStatistical, { id }),
  /** c141: delete a line of the classroom record */
  deleteContent: (id: number) => call<unknown>(CALLS.deleteContent, { id }),
  /** c142: the discussion (list) */
  discussion: (id: number, page = 1, limit = 20) => call<DiscussPage>(CALLS.courseDiscussion, { id, page, limit }),
  /** c142 with content: post (pid: reply to) */
  discuss: (id: number, content: string, pid?: number) => call<DiscussMessage>(CALLS.courseDiscussion, { id, content, ...(pid ? { pid } : {}) }),
  /** c143 */
  observeCensus: <T = unknown>(id: number) => call<T>(CALLS.observeCensus, { id }),
  /** c147 */
  dialogueDepth: <T = unknown>(id: number) => call<T>(CALLS.dialogueDepth, { id }),
  /** c148 */
  dialogueClass: <T = QuestionItem[]>(id: number) => call<T>(CALLS.dialogueClass, { id }),
  /** c149: correct questions (omit kind and response to return one to the machine's coding) */
  upDialogueClass: (p: UpDialogueClassPayload) => call<CourseReport>(CALLS.upDialogueClass, p as unknown as Q),
  /** designed: correct S-T samples ("" returns a sample to the machine's coding) */
  upStSample: (p: UpStSamplePayload) => call<CourseReport>(CALLS.upStSample, p as unknown as Q),
  /** c152 */
  autonomous: <T = AnalysisResult["autonomous"]>(id: number) => call<T>(CALLS.autonomous, { id }),
  /** c154: the partial S-T curve of a lesson being recorded */
  flowLive: <T = unknown>(recording_id: number, interval?: number) => call<T>(CALLS.flowLive, { recording_id, ...(interval ? { interval } : {}) }),
  /** c170 */
  aiScoring: (p: In<typeof AiScoringPayload>) => call<AnalysisResult["scoring"]>(CALLS.aiScoring, p as Q),
  /** c167–c169 */
  trendsBehavior: <T = unknown>(id: number) => call<T>(CALLS.trendsBehavior, { id }),
  trendsPose: <T = unknown>(id: number) => call<T>(CALLS.trendsPose, { id }),
  trendsLida: <T = unknown>(id: number) => call<T>(CALLS.trendsLida, { id }),

  // ── census (c158–c166; answers typed by research-census.ts as it lands) ────────────────────────────────────
  censusCountInfo: <T = unknown>(p: Partial<ResearchCensusPayload> = {}) => call<T>(CALLS.censusCountInfo, p as Q),
  censusCourseContent: <T = unknown>(p: Partial<ResearchCensusPayload> = {}) => call<T>(CALLS.censusCourseContent, p as Q),
  censusCourseTypeCount: <T = unknown>(p: Partial<ResearchCensusPayload> = {}) => call<T>(CALLS.censusCourseTypeCount, p as Q),
  censusCourseAndContentInc: <T = unknown>(p: Partial<ResearchCensusPayload> = {}) => call<T>(CALLS.censusCourseAndContentInc, p as Q),
  censusCourseCensus: <T = unknown>(p: Partial<ResearchCensusPayload> = {}) => call<T>(CALLS.censusCourseCensus, p as Q),
  censusRanks: <T = unknown>(p: Partial<ResearchCensusPayload> = {}) => call<T>(CALLS.censusRanks, p as Q),
  censusOral: <T = unknown>(p: Partial<ResearchCensusPayload> = {}) => call<T>(CALLS.censusOral, p as Q),
  censusBase: <T = unknown>(p: Partial<ResearchCensusPayload> = {}) => call<T>(CALLS.censusBase, p as Q),
  censusRtch: <T = unknown>(p: Partial<ResearchCensusPayload> = {}) => call<T>(CALLS.censusRtch, p as Q),

  /** c291: AI comments on a listened lesson (listen_evaluate id) */
  aiListenCommentInfo: <T = unknown>(id: number) => call<T>(CALLS.aiListenCommentInfo, { id }),
};

/** A job still queued (0) or running (1). */
export const isRunning = (status: number) => status === 0 || status === 1;

/** c136 as a query (one cache key per lesson; polls while the job runs). */
export function useCourseReport(id: number, opts: { poll?: number } = {}) {
  return useQuery({
    queryKey: ["research", "report", id],
    enabled: id > 0,
    retry: false,
    queryFn: () => researchApi.report(id),
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data.course.status) ? (opts.poll ?? 3000) : false),
  });
}

export const researchKeys = {
  report: (id: number) => ["research", "report", id] as const,
  discussion: (id: number) => ["research", "discussion", id] as const,
  index: (p: unknown) => ["research", "index", p] as const,
};

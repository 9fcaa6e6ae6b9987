/**
 * Typed calls of AI lesson analysis (#10; packages/protocol/src/schemas/research.ts, docs/api/research.md).
 * Shared by the report pages (research/report) and the admin screens (research/admin).
 *
 * Payload types are the protocol's zod input types; answers the protocol's answer types. Answers the protocol
 * does not type yet (census, trends, observation) take a type parameter so a screen can name what it expects.
 */
import { useQuery } from "@tanstack/react-query";
import { calls, type DiscussMessage, type DiscussPage, type PayloadOf } from "@yanke/protocol";
import { call } from "../api/client";

/** c153: counts of the caller's list by status and mode (the answer is free-form until the protocol names it). */
export type CourseCensus = Record<string, unknown>;

/** c142 answers the page when no content is sent and the posted message when one is (one path, two answers). */
function discussPage(a: DiscussPage | DiscussMessage): DiscussPage {
  if ("list" in a) return a;
  throw new Error("c142: expected the discussion page");
}
function discussMessage(a: DiscussPage | DiscussMessage): DiscussMessage {
  if (!("list" in a)) return a;
  throw new Error("c142: expected the posted message");
}

export const researchApi = {
  // ── lists and management ────────────────────────────────────────────────────────────────────────────────
  /** designed: the analysed lessons the caller may see (scope mine | all + filters) */
  index: (p: PayloadOf<typeof calls.courseIndex>) => call(calls.courseIndex, p),
  /** c153 */
  census: (p: PayloadOf<typeof calls.courseCensus> = {}) => call(calls.courseCensus, p),
  /** c133: publish (1) or withdraw (0) */
  setStatus: (id: number, status: 0 | 1) => call(calls.courseSetStatus, { id, status }),
  /** c134 */
  remove: (id: number) => call(calls.courseDelete, { id }),
  /** c135 */
  eliminateMy: (id: number) => call(calls.courseEliminateMy, { id }),
  /** c155: analyse an uploaded video */
  local: (p: PayloadOf<typeof calls.researchLocal>) => call(calls.researchLocal, p),
  /** c156 */
  localDelete: (id: number) => call(calls.researchLocalDelete, { id }),
  /** c146: replace the video and/or transcript and analyse again */
  reUpload: (p: PayloadOf<typeof calls.courseReUpload>) => call(calls.courseReUpload, p),
  /** c150 (optional new S-T interval) */
  analysisAgain: (p: PayloadOf<typeof calls.analysisAgain>) => call(calls.analysisAgain, p),
  /** c157: subjects with analysed lessons */
  subjects: (p: PayloadOf<typeof calls.researchSubjects> = {}) => call(calls.researchSubjects, p),

  // ── one lesson ────────────────────────────────────────────────────────────────────────────────────────────
  /** c137: the row with its job state and playable video */
  detail: (id: number) => call(calls.courseDetail, { id }),
  /** c151 */
  info: (id: number) => call(calls.courseInfo, { id }),
  /** c136: the full report (machine, human corrections, agreement) */
  report: (id: number) => call(calls.courseReport, { id }),
  /** c144 */
  reportLite: (id: number) => call(calls.courseReportLite, { id }),
  /** c145: behaviour, autonomous learning, talk */
  reportObservation: (id: number) => call(calls.courseReportObservation, { id }),
  /** c138: the classroom record, paged */
  content: (p: PayloadOf<typeof calls.courseContent>) => call(calls.courseContent, p),
  /** c139: the classroom record as .xlsx */
  exportContent: (id: number) => call(calls.exportCourseContent, { id }),
  /** c140 */
  contentStatistical: (id: number) => call(calls.contentStatistical, { id }),
  /** c141: delete a line of the classroom record */
  deleteContent: (id: number) => call(calls.deleteContent, { id }),
  /** c142: the discussion (list) */
  discussion: async (id: number, page = 1, limit = 20) => discussPage(await call(calls.courseDiscussion, { id, page, limit })),
  /** c142 with content: post (pid: reply to) */
  discuss: async (id: number, content: string, pid?: number) => discussMessage(await call(calls.courseDiscussion, { id, content, ...(pid ? { pid } : {}) })),
  /** c143 */
  observeCensus: (id: number) => call(calls.observeCensus, { id }),
  /** c147 */
  dialogueDepth: (id: number) => call(calls.dialogueDepth, { id }),
  /** c148 */
  dialogueClass: (id: number) => call(calls.dialogueClass, { id }),
  /** c149: correct questions (omit kind and response to return one to the machine's coding) */
  upDialogueClass: (p: PayloadOf<typeof calls.upDialogueClass>) => call(calls.upDialogueClass, p),
  /** designed: correct S-T samples ("" returns a sample to the machine's coding) */
  upStSample: (p: PayloadOf<typeof calls.upStSample>) => call(calls.upStSample, p),
  /** c152 */
  autonomous: (id: number) => call(calls.autonomous, { id }),
  /** c154: the partial S-T curve of a lesson being recorded */
  flowLive: (recording_id: number, interval?: number) => call(calls.flowLive, { recording_id, ...(interval ? { interval } : {}) }),
  /** c170 */
  aiScoring: (p: PayloadOf<typeof calls.aiScoring>) => call(calls.aiScoring, p),
  /** c167–c169 */
  trendsBehavior: (id: number) => call(calls.trendsBehavior, { id }),
  trendsPose: (id: number) => call(calls.trendsPose, { id }),
  trendsLida: (id: number) => call(calls.trendsLida, { id }),

  // ── census (c158–c166; answers typed by research-census.ts as it lands) ────────────────────────────────────
  censusCountInfo: (p: PayloadOf<typeof calls.censusCountInfo> = {}) => call(calls.censusCountInfo, p),
  censusCourseContent: (p: PayloadOf<typeof calls.censusCourseContent> = {}) => call(calls.censusCourseContent, p),
  censusCourseTypeCount: (p: PayloadOf<typeof calls.censusCourseTypeCount> = {}) => call(calls.censusCourseTypeCount, p),
  censusCourseAndContentInc: (p: PayloadOf<typeof calls.censusCourseAndContentInc> = {}) => call(calls.censusCourseAndContentInc, p),
  censusCourseCensus: (p: PayloadOf<typeof calls.censusCourseCensus> = {}) => call(calls.censusCourseCensus, p),
  censusRanks: (p: PayloadOf<typeof calls.censusRanks> = {}) => call(calls.censusRanks, p),
  censusOral: (p: PayloadOf<typeof calls.censusOral> = {}) => call(calls.censusOral, p),
  censusBase: (p: PayloadOf<typeof calls.censusBase> = {}) => call(calls.censusBase, p),
  censusRtch: (p: PayloadOf<typeof calls.censusRtch> = {}) => call(calls.censusRtch, p),

  /** c291: AI comments on a listened lesson (listen_evaluate id) */
  aiListenCommentInfo: (id: number) => call(calls.aiListenCommentInfo, { id }),
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

/**
 * Analysed lessons (/research/course/*, /research/local, /research/flowlive, /research/trends/*, /research/ai_scoring;
 * issue #10; docs/api/research.md). Access: analysis-access.ts. Jobs: queue.ts runs pipeline.ts.
 */
import { jiebaInstance } from "../../infra/jieba.js";
import { extname } from "node:path";
import {
  ANALYSIS_NOT_FOUND,
  ANALYSIS_STAGE_NAMES,
  ANALYSIS_STATUS,
  type Agreement,
  type AnalysisCourseDetail,
  type AnalysisCourseRow,
  type AnalysisResult,
  type AnalysisStage,
  type CodingCorrection,
  type ContentRow,
  type ContentStatistical,
  type CourseCensusAnswer,
  type CourseCensusPayload,
  type CourseIndexPayload,
  type CourseReport,
  type CourseReportLite,
  type CourseReportObservation,
  type DialogueClassAnswer,
  type DialogueDepthAnswer,
  type DiscussMessage,
  type DiscussPage,
  type FileAnswer,
  LIDA_KINDS,
  type LidaKind,
  type ObserveCensusAnswer,
  type Page,
  type QuestionItem,
  type QuestionKind,
  type ResearchLocalPayload,
  type ScoringSection,
  type Section,
  type StCode,
  type StSection,
  TEACHING_MODES,
  type TrendsBehaviorAnswer,
  type TrendsLidaAnswer,
  type TrendsPoseAnswer,
  type UpDialogueClassPayload,
  type UpStSamplePayload,
  type VideoRow,
} from "@yanke/protocol";
import ExcelJS from "exceljs";
import { type SQL, and, asc, count, desc, eq, gte, ilike, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  AiScoringPayload,
  AnalysisAgainPayload,
  CourseContentPayload,
  CourseDiscussionPayload,
  CourseReUploadPayload,
  CourseSetStatusPayload,
} from "@yanke/protocol";
import type { Db } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { XLSX_MIME } from "../../infra/xlsx.js";
import { account } from "../account/account.schema.js";
import type { DiscussService } from "../discuss/discuss.service.js";
import { storedFile } from "../file/file.schema.js";
import { grade, school, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { and2, containsPattern } from "../org/period.service.js";
import { video } from "../video/video.schema.js";
import type { VideoService } from "../video/video.service.js";
import type { AnalysisAccess, CoursePower, CourseRecord } from "./analysis-access.js";
import { analysisCoding, analysisContent, analysisCourse } from "./analysis.schema.js";
import { agreement } from "./engine/agreement.js";
import { stMetrics } from "./engine/st.js";
import { isQuestion } from "./engine/talk.js";
import { recomputeText, scoringFor } from "./pipeline.js";
import type { AnalysisQueue } from "./queue.js";
import type { FlowLive } from "./flowlive.js";

export const DISCUSS_TARGET = "research_course";
const TRANSCRIPT_EXTS = new Set([".srt", ".vtt", ".txt"]);
const RUNNING = "该课堂正在分析中，请等待分析完成";

export interface AnalysisServiceDeps {
  db: Db;
  access: AnalysisAccess;
  videos: VideoService;
  discuss: DiscussService;
  queue: () => AnalysisQueue;
  flowLive: FlowLive;
  now?: () => Date;
}

type Row = Awaited<ReturnType<AnalysisService["select"]>>[number];

export class AnalysisService {
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(private readonly deps: AnalysisServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
  }

  private get access(): AnalysisAccess {
    return this.deps.access;
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────

  private select(where: SQL | undefined, order?: SQL[], limit?: number, offset?: number) {
    let q = this.db
      .select({
        c: analysisCourse,
        account_name: account.realname,
        school_name: school.title,
        subject_name: subject.name,
        grade_name: grade.name,
        has_content: sql<boolean>`exists (select 1 from ${analysisContent} where ${analysisContent.course_id} = ${analysisCourse.id})`,
      })
      .from(analysisCourse)
      .leftJoin(account, eq(account.id, analysisCourse.account_id))
      .leftJoin(school, eq(school.id, analysisCourse.school_id))
      .leftJoin(subject, eq(subject.id, analysisCourse.subject_id))
      .leftJoin(grade, eq(grade.id, analysisCourse.grade_id))
      .where(where)
      .$dynamic();
    if (order) q = q.orderBy(...order);
    if (limit !== undefined) q = q.limit(limit);
    if (offset !== undefined) q = q.offset(offset);
    return q;
  }

  private async videoRow(videoId: number): Promise<VideoRow | undefined> {
    return this.deps.videos.row(videoId).catch(() => undefined);
  }

  private toRow(r: Row, power: Pick<CoursePower, "can_manage">, v: VideoRow | undefined): AnalysisCourseRow {
    const c = r.c;
    const st = c.result?.st;
    return {
      id: c.id,
      video_id: c.video_id,
      recording_id: c.recording_id,
      name: c.name,
      account_id: c.account_id,
      account_name: r.account_name ?? "",
      creator_id: c.creator_id,
      school_id: c.school_id,
      school_name: r.school_name ?? "",
      period_id: c.period_id,
      subject_id: c.subject_id,
      subject_name: r.subject_name ?? "",
      grade_id: c.grade_id,
      grade_name: r.grade_name ?? "",
      class_id: c.class_id,
      source: c.source === "local" ? "local" : "recording",
      status: c.status,
      status_name: ANALYSIS_STATUS[c.status] ?? String(c.status),
      progress: c.progress,
      stage: c.stage,
      stage_name: c.stage ? (ANALYSIS_STAGE_NAMES[c.stage as AnalysisStage] ?? c.stage) : "",
      error: c.error,
      attempts: c.attempts,
      interval: c.interval,
      has_transcript: Boolean(c.transcript_file_id) || Boolean(r.has_content),
      publish_status: c.publish_status,
      duration: Math.round(c.result?.duration ?? v?.duration ?? 0),
      rt: st?.available ? st.rt : null,
      ch: st?.available ? st.ch : null,
      mode: st?.available ? st.mode : null,
      cover_url: v?.thumbnail_url ?? "",
      created_at: formatTime(c.created_at),
      finished_at: formatTime(c.finished_at),
      can_manage: power.can_manage,
    };
  }

  private async detailOf(c: Caller | null, id: number, power?: CoursePower): Promise<AnalysisCourseDetail> {
    const [r] = await this.select(eq(analysisCourse.id, id));
    if (!r) throw notFound(ANALYSIS_NOT_FOUND);
    const p = power ?? (await this.access.power(c, r.c));
    const v = await this.videoRow(r.c.video_id);
    const cam = (k: string) => v?.cameras.find((x) => x.camera === k);
    const main = cam("teacher") ?? cam("main") ?? v?.cameras[0];
    const student = cam("student");
    const url = (x: typeof main) => (x ? x.hls_url || x.url : "");
    return {
      ...this.toRow(r, p, v),
      video_url: url(main),
      student_video_url: student && student !== main ? url(student) : "",
      stages: r.c.result?.stages ?? [],
    };
  }

  // ── lists ────────────────────────────────────────────────────────────────────────────────────────────────

  private async listWhere(c: Caller, q: Partial<CourseIndexPayload> & { scope: "mine" | "all" }): Promise<SQL | undefined> {
    const scope = q.scope === "mine" ? this.access.mineSql(c) : await this.access.visibleSql(c);
    const day = (d: string) => new Date(`${d}T00:00:00+08:00`);
    return and2(
      scope,
      q.name ? ilike(analysisCourse.name, containsPattern(q.name)) : undefined,
      q.teacher
        ? sql`${analysisCourse.account_id} in (select ${account.id} from ${account} where ${account.realname} ilike ${containsPattern(q.teacher)})`
        : undefined,
      q.school_id ? eq(analysisCourse.school_id, q.school_id) : undefined,
      q.subject_id ? eq(analysisCourse.subject_id, q.subject_id) : undefined,
      q.status !== undefined ? eq(analysisCourse.status, q.status) : undefined,
      q.mode ? sql`${analysisCourse.result} -> 'st' ->> 'mode' = ${q.mode}` : undefined,
      q.start_date ? gte(analysisCourse.created_at, day(q.start_date)) : undefined,
      q.end_date ? lt(analysisCourse.created_at, new Date(day(q.end_date).getTime() + 86400_000)) : undefined,
    );
  }

  /** designed /research/course/index: the lessons the caller may see (all) or teaches/uploaded (mine), newest first. */
  async index(c: Caller, q: CourseIndexPayload): Promise<Page<AnalysisCourseRow>> {
    const where = await this.listWhere(c, q);
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(analysisCourse).where(where);
    const rows = await this.select(where, [desc(analysisCourse.created_at), desc(analysisCourse.id)], q.limit, (q.page - 1) * q.limit);
    const list: AnalysisCourseRow[] = [];
    for (const r of rows) list.push(this.toRow(r, await this.access.power(c, r.c), await this.videoRow(r.c.video_id)));
    return { list, total: n, page: q.page, limit: q.limit };
  }

  /** c153: counts of the caller's list by status, mode and source. */
  async census(c: Caller, q: CourseCensusPayload): Promise<CourseCensusAnswer> {
    const where = await this.listWhere(c, q);
    const rows = await this.db
      .select({
        status: analysisCourse.status,
        source: analysisCourse.source,
        mode: sql<string | null>`${analysisCourse.result} -> 'st' ->> 'mode'`,
        n: count(),
      })
      .from(analysisCourse)
      .where(where)
      .groupBy(sql`1`, sql`2`, sql`3`);
    const byStatus = new Map<number, number>();
    const byMode = new Map<string, number>();
    const bySource = { recording: 0, local: 0 };
    let total = 0;
    for (const r of rows) {
      total += r.n;
      byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + r.n);
      if (r.mode && r.status === 2) byMode.set(r.mode, (byMode.get(r.mode) ?? 0) + r.n);
      if (r.source === "local") bySource.local += r.n;
      else bySource.recording += r.n;
    }
    return {
      total,
      by_status: [0, 1, 2, 3].map((s) => ({ status: s, name: ANALYSIS_STATUS[s]!, count: byStatus.get(s) ?? 0 })),
      by_mode: TEACHING_MODES.map((m) => ({ mode: m, count: byMode.get(m) ?? 0 })),
      by_source: bySource,
    };
  }

  // ── one course ───────────────────────────────────────────────────────────────────────────────────────────

  /** c137 / c151 */
  async detail(c: Caller | null, id: number): Promise<AnalysisCourseDetail> {
    const { power } = await this.access.require(c, id);
    return this.detailOf(c, id, power);
  }

  private async codings(courseId: number, kind: "st" | "question"): Promise<CodingCorrection[]> {
    const rows = await this.db
      .select({
        idx: analysisCoding.idx,
        code: analysisCoding.code,
        account_id: analysisCoding.account_id,
        account_name: account.realname,
        updated_at: analysisCoding.updated_at,
      })
      .from(analysisCoding)
      .leftJoin(account, eq(account.id, analysisCoding.account_id))
      .where(and(eq(analysisCoding.course_id, courseId), eq(analysisCoding.kind, kind)))
      .orderBy(asc(analysisCoding.idx));
    return rows.map((r) => ({ idx: r.idx, code: r.code, account_id: r.account_id, account_name: r.account_name ?? "", updated_at: formatTime(r.updated_at) }));
  }

  /** The S-T section recomputed with the human codes, and the agreement of machine and human codings. */
  private stHuman(st: AnalysisResult["st"] | undefined, corrections: CodingCorrection[]): { st: StSection | null; agreement: Agreement | null } {
    if (!st?.available || corrections.length === 0) return { st: null, agreement: null };
    const human: StCode[] = [...st.samples];
    for (const k of corrections) if (k.idx < human.length && (k.code === "T" || k.code === "S")) human[k.idx] = k.code;
    return { st: stMetrics(human, st.interval), agreement: agreement(st.samples, human) };
  }

  private questionsHuman(
    talk: AnalysisResult["talk"] | undefined,
    corrections: CodingCorrection[],
  ): { questions: QuestionItem[] | null; agreement: Agreement | null } {
    if (!talk?.available || corrections.length === 0) return { questions: null, agreement: null };
    const byIdx = new Map(corrections.map((k) => [k.idx, k.code]));
    const questions = talk.questions.map((q) => {
      const code = byIdx.get(q.index);
      if (!code) return q;
      const [kind, response] = code.split("|");
      return {
        ...q,
        kind: (kind || q.kind) as QuestionKind,
        response: response === "" || response === undefined ? q.response : response === "null" ? null : (response as LidaKind),
      };
    });
    const key = (q: QuestionItem) => `${q.kind}|${q.response ?? "null"}`;
    return { questions, agreement: agreement(talk.questions.map(key), questions.map(key)) };
  }

  /** c136: the full report. */
  async report(c: Caller | null, id: number): Promise<CourseReport> {
    const { row, power } = await this.access.require(c, id);
    return this.reportOf(c, row, power);
  }

  private async reportOf(c: Caller | null, row: CourseRecord, power: CoursePower): Promise<CourseReport> {
    const course = await this.detailOf(c, row.id, power);
    const result = row.result ?? null;
    const stCorr = await this.codings(row.id, "st");
    const qCorr = await this.codings(row.id, "question");
    const st = this.stHuman(result?.st, stCorr);
    const qs = this.questionsHuman(result?.talk, qCorr);
    return {
      course,
      result,
      st_human: st.st,
      questions_human: qs.questions,
      st_corrections: stCorr,
      question_corrections: qCorr,
      agreement: { st: st.agreement, questions: qs.agreement },
    };
  }

  private async done(c: Caller | null, id: number): Promise<{ row: CourseRecord; result: AnalysisResult; power: CoursePower }> {
    const { row, power } = await this.access.require(c, id);
    if (!row.result) throw badInput(row.status === 3 ? `该课堂分析失败：${row.error}` : "分析尚未完成，请稍后再试");
    return { row, result: row.result, power };
  }

  /** c144 */
  async reportLite(c: Caller | null, id: number): Promise<CourseReportLite> {
    const { row } = await this.access.require(c, id);
    const r = row.result;
    const names: Record<string, string> = {
      speech: "师生话语时间",
      st: "S-T 分析",
      transcript: "课堂实录",
      talk: "话语分析",
      fias: "弗兰德斯互动分析",
      autonomous: "自主学习",
      behavior: "课堂行为",
      scoring: "指标评分",
    };
    const sections = r ? (Object.keys(names) as Array<keyof typeof names>).filter((k) => !(r[k as keyof AnalysisResult] as Section<object>).available) : [];
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      duration: Math.round(r?.duration ?? 0),
      rt: r?.st.available ? r.st.rt : null,
      ch: r?.st.available ? r.st.ch : null,
      mode: r?.st.available ? r.st.mode : null,
      teacher_ratio: r?.speech.available ? r.speech.teacher_ratio : null,
      student_ratio: r?.speech.available ? r.speech.student_ratio : null,
      silence_ratio: r?.speech.available ? r.speech.silence_ratio : null,
      question_count: r?.talk.available ? r.talk.questions.length : null,
      max_depth: r?.talk.available ? r.talk.max_depth : null,
      score_total: r?.scoring.available ? r.scoring.total : null,
      score_full: r?.scoring.available ? r.scoring.full : null,
      unavailable: sections.map((k) => names[k]!),
    };
  }

  /** c145 */
  async reportObservation(c: Caller | null, id: number): Promise<CourseReportObservation> {
    const { row, result } = await this.done(c, id);
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      duration: result.duration,
      speech: result.speech,
      behavior: result.behavior,
      autonomous: result.autonomous,
      talk: result.talk,
    };
  }

  /** c143 */
  async observeCensus(c: Caller | null, id: number): Promise<ObserveCensusAnswer> {
    const { row, result } = await this.done(c, id);
    const b = result.behavior;
    const s = result.speech;
    const a = result.autonomous;
    return {
      id: row.id,
      duration: result.duration,
      behavior: b.available
        ? {
            available: true,
            zones: b.zones,
            movement: b.movement,
            motion_mean: b.motion.length ? round(b.motion.reduce((x, m) => x + m.value, 0) / b.motion.length, 4) : 0,
            tracked: b.positions.filter(Boolean).length,
            samples: b.positions.length,
            heads_up: b.heads_up.available ? { available: true, mean: b.heads_up.mean } : b.heads_up,
            hands_up: b.hands_up.available ? { available: true, total: b.hands_up.total } : b.hands_up,
          }
        : b,
      speech: s.available ? { available: true, teacher_ratio: s.teacher_ratio, student_ratio: s.student_ratio, silence_ratio: s.silence_ratio } : s,
      autonomous: a.available ? { available: true, total_seconds: a.total_seconds, ratio: a.ratio, spans: a.spans.length } : a,
    };
  }

  /** c147 */
  async dialogueDepth(c: Caller | null, id: number): Promise<DialogueDepthAnswer> {
    const { result } = await this.done(c, id);
    const t = result.talk;
    if (!t.available) return t;
    return {
      available: true,
      chains: t.chains,
      depth_distribution: t.depth_distribution,
      max_depth: t.max_depth,
      mean_depth: t.mean_depth,
      questions: t.questions.length,
    };
  }

  /** c148 */
  async dialogueClass(c: Caller | null, id: number): Promise<DialogueClassAnswer> {
    const { row, result } = await this.done(c, id);
    const t = result.talk;
    if (!t.available) return t;
    const corrections = await this.codings(row.id, "question");
    const human = this.questionsHuman(t, corrections);
    const questions = human.questions ?? t.questions;
    const lida = Object.fromEntries(LIDA_KINDS.map((k) => [k, 0])) as Record<LidaKind, number>;
    for (const q of questions) if (q.answered && q.response) lida[q.response]++;
    const open = questions.filter((q) => q.kind === "open").length;
    return {
      available: true,
      questions,
      machine: t.questions,
      corrections,
      agreement: human.agreement,
      open_ratio: questions.length ? round(open / questions.length, 4) : 0,
      lida,
    };
  }

  /** c152 */
  async autonomous(c: Caller | null, id: number): Promise<AnalysisResult["autonomous"]> {
    return (await this.done(c, id)).result.autonomous;
  }

  /** c167 */
  async trendsBehavior(c: Caller | null, id: number): Promise<TrendsBehaviorAnswer> {
    const b = (await this.done(c, id)).result.behavior;
    if (!b.available) return b;
    return {
      available: true,
      interval: b.interval,
      method: b.method,
      motion: b.motion,
      positions: b.positions,
      zones: b.zones,
      movement: b.movement,
      heatmap: b.heatmap,
    };
  }

  /** c168 */
  async trendsPose(c: Caller | null, id: number): Promise<TrendsPoseAnswer> {
    const b = (await this.done(c, id)).result.behavior;
    if (!b.available) return b;
    return { available: true, heads_up: b.heads_up, hands_up: b.hands_up };
  }

  /** c169 */
  async trendsLida(c: Caller | null, id: number): Promise<TrendsLidaAnswer> {
    const d = await this.dialogueClass(c, id);
    if (!d.available) return d;
    const points = d.questions.filter((q) => q.answered && q.response).map((q) => ({ time: q.time, question_index: q.index, response: q.response! }));
    return { available: true, points, counts: d.lida };
  }

  /** c170: scores against a chosen scheme (default: the school's, else the platform's). */
  async aiScoring(c: Caller | null, p: z.output<typeof AiScoringPayload>): Promise<Section<ScoringSection>> {
    const { row, result } = await this.done(c, p.id);
    const scoring = await scoringFor(this.db, row.school_id, result, p.scheme_id);
    if (!scoring.available && p.scheme_id) throw notFound(scoring.reason);
    return scoring;
  }

  // ── the classroom record ─────────────────────────────────────────────────────────────────────────────────

  private async contentRows(courseId: number, q: { role?: "T" | "S"; keyword?: string }, page?: { limit: number; offset: number }) {
    const where = and2(
      eq(analysisContent.course_id, courseId),
      q.role ? eq(analysisContent.role, q.role) : undefined,
      q.keyword ? ilike(analysisContent.text, containsPattern(q.keyword)) : undefined,
    );
    let sel = this.db.select().from(analysisContent).where(where).orderBy(asc(analysisContent.seq), asc(analysisContent.id)).$dynamic();
    if (page) sel = sel.limit(page.limit).offset(page.offset);
    const rows = await sel;
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(analysisContent).where(where);
    return { rows, total: n };
  }

  private contentRow(r: typeof analysisContent.$inferSelect): ContentRow {
    const role: StCode = r.role === "S" ? "S" : "T";
    return { id: r.id, seq: r.seq, start: r.start, end: r.end, role, text: r.text, is_question: role === "T" && isQuestion(r.text) };
  }

  /** c138 */
  async courseContent(c: Caller | null, q: z.output<typeof CourseContentPayload>): Promise<Page<ContentRow>> {
    await this.access.require(c, q.id);
    const { rows, total } = await this.contentRows(q.id, q, { limit: q.limit, offset: (q.page - 1) * q.limit });
    return { list: rows.map((r) => this.contentRow(r)), total, page: q.page, limit: q.limit };
  }

  /** c139: the record as .xlsx (base64 through the envelope). */
  async exportContent(c: Caller, id: number): Promise<FileAnswer> {
    const { row } = await this.access.require(c, id);
    const { rows } = await this.contentRows(id, {});
    if (rows.length === 0) throw notFound("未导入课堂实录（可上传 SRT/VTT/TXT）");
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("课堂实录");
    ws.columns = [
      { header: "序号", key: "seq", width: 8 },
      { header: "开始", key: "start", width: 10 },
      { header: "结束", key: "end", width: 10 },
      { header: "角色", key: "role", width: 8 },
      { header: "内容", key: "text", width: 80 },
      { header: "提问", key: "q", width: 8 },
    ];
    for (const r of rows.map((x) => this.contentRow(x))) {
      ws.addRow({ seq: r.seq, start: clock(r.start), end: clock(r.end), role: r.role === "T" ? "教师" : "学生", text: r.text, q: r.is_question ? "是" : "" });
    }
    ws.getRow(1).font = { bold: true };
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return { filename: `课堂实录-${safeName(row.name)}.xlsx`, mime: XLSX_MIME, file: buf.toString("base64") };
  }

  /** c140 */
  async contentStatistical(c: Caller | null, id: number): Promise<ContentStatistical> {
    const { row } = await this.access.require(c, id);
    const { rows } = await this.contentRows(id, {});
    if (rows.length === 0) throw notFound("未导入课堂实录（可上传 SRT/VTT/TXT）");
    const lines = rows.map((r) => this.contentRow(r));
    const chars = (role: StCode) => lines.filter((l) => l.role === role).reduce((a, l) => a + countChars(l.text), 0);
    const talk = row.result?.talk;
    const seconds = (role: StCode) => lines.filter((l) => l.role === role).reduce((a, l) => a + Math.max(0, l.end - l.start), 0);
    const rate = (role: StCode) => {
      const s = seconds(role);
      return s > 0 ? round((chars(role) / s) * 60, 1) : 0;
    };
    return {
      lines: lines.length,
      teacher_lines: lines.filter((l) => l.role === "T").length,
      student_lines: lines.filter((l) => l.role === "S").length,
      teacher_chars: chars("T"),
      student_chars: chars("S"),
      teacher_rate: talk?.available ? talk.teacher_rate : rate("T"),
      student_rate: talk?.available ? talk.student_rate : rate("S"),
      questions: lines.filter((l) => l.is_question).length,
      keywords: keywords(lines.map((l) => l.text).join("\n"), 20),
    };
  }

  /** c141: removes a line; the text sections and scoring are recomputed from the stored data. */
  async deleteContent(c: Caller, lineId: number): Promise<CourseReport> {
    const [line] = await this.db.select().from(analysisContent).where(eq(analysisContent.id, lineId));
    if (!line) throw notFound("课堂实录语句不存在或已删除");
    const { row } = await this.access.require(c, line.course_id, "can_manage");
    if (row.status === 0 || row.status === 1) throw conflict(RUNNING);
    const before = row.result?.talk.available ? row.result.talk.questions : [];
    await this.db.delete(analysisContent).where(eq(analysisContent.id, lineId));
    const result = await recomputeText(this.db, row.id, this.now);
    // Question corrections follow their question (matched by time); a correction of the deleted question goes.
    const after = result?.talk.available ? result.talk.questions : [];
    const corr = await this.db
      .select()
      .from(analysisCoding)
      .where(and(eq(analysisCoding.course_id, row.id), eq(analysisCoding.kind, "question")));
    if (corr.length) {
      await this.db.transaction(async (tx) => {
        await tx.delete(analysisCoding).where(and(eq(analysisCoding.course_id, row.id), eq(analysisCoding.kind, "question")));
        for (const k of corr) {
          const q = before[k.idx];
          const moved = q ? after.find((x) => x.time === q.time && x.text === q.text) : undefined;
          if (moved) await tx.insert(analysisCoding).values({ ...k, id: undefined, idx: moved.index });
        }
      });
    }
    const fresh = await this.access.load(row.id);
    return this.reportOf(c, fresh, await this.access.power(c, fresh));
  }

  // ── corrections ──────────────────────────────────────────────────────────────────────────────────────────

  private async upsertCoding(
    tx: Pick<Db, "insert" | "delete">,
    courseId: number,
    kind: "st" | "question",
    idx: number,
    code: string | null,
    accountId: number,
  ): Promise<void> {
    if (code === null) {
      await tx.delete(analysisCoding).where(and(eq(analysisCoding.course_id, courseId), eq(analysisCoding.kind, kind), eq(analysisCoding.idx, idx)));
      return;
    }
    await tx
      .insert(analysisCoding)
      .values({ course_id: courseId, kind, idx, code, account_id: accountId, updated_at: this.now() })
      .onConflictDoUpdate({
        target: [analysisCoding.course_id, analysisCoding.kind, analysisCoding.idx],
        set: { code, account_id: accountId, updated_at: this.now() },
      });
  }

  /** designed upStSample: human S-T codes ("" returns a sample to the machine's code); answers the report. */
  async upStSample(c: Caller, p: UpStSamplePayload): Promise<CourseReport> {
    const { row, power } = await this.access.require(c, p.id, "can_code");
    const st = row.result?.st;
    if (!st) throw badInput("分析尚未完成，请稍后再试");
    if (!st.available) throw badInput(`S-T 分析不可用：${st.reason}`);
    for (const s of p.samples) if (s.index >= st.samples.length) throw badInput(`采样序号 ${s.index} 超出范围（共 ${st.samples.length} 个采样点）`);
    await this.db.transaction(async (tx) => {
      for (const s of p.samples) {
        // A code equal to the machine's is no correction.
        const code = s.code === "" || s.code === st.samples[s.index] ? null : s.code;
        await this.upsertCoding(tx as unknown as Db, row.id, "st", s.index, code, c.id);
      }
    });
    return this.reportOf(c, row, power);
  }

  /** c149: human question classes and responses (omit both to return a question to the machine's coding). */
  async upDialogueClass(c: Caller, p: UpDialogueClassPayload): Promise<CourseReport> {
    const { row, power } = await this.access.require(c, p.id, "can_code");
    const talk = row.result?.talk;
    if (!talk) throw badInput("分析尚未完成，请稍后再试");
    if (!talk.available) throw badInput(`话语分析不可用：${talk.reason}`);
    for (const it of p.items) if (it.index >= talk.questions.length) throw badInput(`问题序号 ${it.index} 超出范围（共 ${talk.questions.length} 个问题）`);
    await this.db.transaction(async (tx) => {
      for (const it of p.items) {
        const q = talk.questions[it.index]!;
        const kind = it.kind ?? q.kind;
        const response = it.response ?? q.response;
        const same = kind === q.kind && response === q.response;
        const code = (it.kind === undefined && it.response === undefined) || same ? null : `${kind}|${response ?? "null"}`;
        await this.upsertCoding(tx as unknown as Db, row.id, "question", it.index, code, c.id);
      }
    });
    return this.reportOf(c, row, power);
  }

  // ── management ───────────────────────────────────────────────────────────────────────────────────────────

  /** c133 */
  async setStatus(c: Caller, p: z.output<typeof CourseSetStatusPayload>): Promise<AnalysisCourseDetail> {
    const { row } = await this.access.require(c, p.id, "can_manage");
    if (p.status === 1 && row.status !== 2) throw badInput("分析完成后才能公开报告");
    await this.db.update(analysisCourse).set({ publish_status: p.status, updated_at: this.now() }).where(eq(analysisCourse.id, row.id));
    return this.detailOf(c, row.id);
  }

  /** c135: off the teacher's own 我的课例 (the school's lists keep it). */
  async eliminateMy(c: Caller, id: number): Promise<{ id: number }> {
    const { row, power } = await this.access.require(c, id);
    if (!power.is_teacher) throw forbidden("只有授课教师或上传者可以从我的课例中移除");
    await this.db.update(analysisCourse).set({ eliminated: 1, updated_at: this.now() }).where(eq(analysisCourse.id, row.id));
    return { id: row.id };
  }

  /** c134 / c156: the course, its record, corrections and discussion; an uploaded (local) video goes too. */
  async remove(c: Caller, id: number, onlyLocal = false): Promise<{ id: number }> {
    const { row } = await this.access.require(c, id, "can_manage");
    if (onlyLocal && row.source !== "local") throw badInput("只能删除上传分析的课例，录制课例请使用删除课堂分析");
    await this.db.transaction(async (tx) => {
      await tx.delete(analysisCoding).where(eq(analysisCoding.course_id, row.id));
      await tx.delete(analysisContent).where(eq(analysisContent.course_id, row.id));
      await tx.delete(analysisCourse).where(eq(analysisCourse.id, row.id));
      await tx.execute(sql`update discuss_comment set deleted_at = now() where target_type = ${DISCUSS_TARGET} and ref_id = ${row.id} and deleted_at is null`);
      await tx.update(video).set({ analysis_status: "none" }).where(eq(video.id, row.video_id));
    });
    if (row.source === "local") await this.deps.videos.remove(c, row.video_id).catch(() => undefined);
    return { id: row.id };
  }

  /** Puts the course back in the queue (attempts reset) and announces it. */
  private async requeue(id: number, set: Partial<CourseRecord> = {}): Promise<void> {
    await this.db
      .update(analysisCourse)
      .set({ status: 0, progress: 0, stage: "", error: "", attempts: 0, run_after: this.now(), finished_at: null, updated_at: this.now(), ...set })
      .where(eq(analysisCourse.id, id));
    await this.deps.queue().enqueue(id);
  }

  /** c150 (optional new S-T interval: S-T corrections no longer match the samples and go). */
  async analysisAgain(c: Caller, p: z.output<typeof AnalysisAgainPayload>): Promise<AnalysisCourseDetail> {
    const { row } = await this.access.require(c, p.id, "can_manage");
    if (row.status === 0 || row.status === 1) throw conflict(RUNNING);
    if (p.interval && p.interval !== row.interval)
      await this.db.delete(analysisCoding).where(and(eq(analysisCoding.course_id, row.id), eq(analysisCoding.kind, "st")));
    await this.requeue(row.id, p.interval ? { interval: p.interval } : {});
    return this.detailOf(c, row.id);
  }

  private async transcriptFile(c: Caller, fileId: number): Promise<void> {
    const [f] = await this.db.select().from(storedFile).where(eq(storedFile.id, fileId));
    if (!f || f.account_id !== c.id) throw notFound("课堂实录文件(transcript_file_id): 不存在或不是您上传的文件");
    if (!TRANSCRIPT_EXTS.has(extname(f.real_file_name).toLowerCase())) throw badInput("课堂实录文件只能是 .srt、.vtt 或 .txt");
  }

  /** The lesson's teacher: the caller, or a teacher of a school the caller manages. */
  private async teacherOf(c: Caller, accountId: number | undefined): Promise<{ id: number; school_id: number }> {
    if (!accountId || accountId === c.id) return { id: c.id, school_id: c.school_id };
    const [a] = await this.db.select({ id: account.id, school_id: account.school_id }).from(account).where(eq(account.id, accountId));
    if (!a) throw notFound("授课教师不存在");
    if (!(await this.access.manages(c, a.school_id))) throw forbidden("只能为自己或所管理学校的教师上传分析");
    return a;
  }

  /** c155: an uploaded video (the caller's own) → a video row (source upload) + a course (source local) + a job. */
  async local(c: Caller, p: ResearchLocalPayload): Promise<AnalysisCourseDetail> {
    const teacher = await this.teacherOf(c, p.account_id);
    if (p.transcript_file_id) await this.transcriptFile(c, p.transcript_file_id);
    const v = await this.deps.videos.save(c, {
      file_id: p.file_id,
      name: p.name,
      period_id: p.period_id ?? 0,
      subject_id: p.subject_id ?? 0,
      grade_config_id: p.grade_id ?? 0,
    });
    const [row] = await this.db
      .insert(analysisCourse)
      .values({
        video_id: v.id,
        name: p.name,
        account_id: teacher.id,
        creator_id: c.id,
        school_id: teacher.school_id || v.school_id,
        period_id: v.period_id,
        subject_id: v.subject_id,
        grade_id: v.grade_config_id,
        class_id: p.class_id ?? 0,
        source: "local",
        interval: p.interval,
        transcript_file_id: p.transcript_file_id ?? null,
        run_after: this.now(),
        created_at: this.now(),
        updated_at: this.now(),
      })
      .returning({ id: analysisCourse.id });
    // After the course exists: the video's processing hands a pending video to fromVideo, which finds it.
    await this.db
      .update(video)
      .set({ analysis_status: "pending", account_id: teacher.id, school_id: teacher.school_id || v.school_id })
      .where(eq(video.id, v.id));
    await this.deps.queue().enqueue(row!.id);
    return this.detailOf(c, row!.id);
  }

  /** c146: a new video and/or transcript (or the transcript removed), then analysed again. */
  async reUpload(c: Caller, p: z.output<typeof CourseReUploadPayload>): Promise<AnalysisCourseDetail> {
    const { row } = await this.access.require(c, p.id, "can_manage");
    if (row.status === 0 || row.status === 1) throw conflict(RUNNING);
    if (p.transcript_file_id) await this.transcriptFile(c, p.transcript_file_id);
    const set: Partial<CourseRecord> = {};
    let oldVideo: number | undefined;
    if (p.file_id) {
      const v = await this.deps.videos.save(c, {
        file_id: p.file_id,
        name: row.name,
        period_id: row.period_id,
        subject_id: row.subject_id,
        grade_config_id: row.grade_id,
      });
      await this.db.update(analysisCourse).set({ video_id: v.id, result: null, updated_at: this.now() }).where(eq(analysisCourse.id, row.id));
      await this.db.update(video).set({ analysis_status: "pending", account_id: row.account_id, school_id: row.school_id }).where(eq(video.id, v.id));
      if (row.source === "local") oldVideo = row.video_id;
      else await this.db.update(video).set({ analysis_status: "none" }).where(eq(video.id, row.video_id));
      set.video_id = v.id;
      set.result = null;
    }
    if (p.transcript_file_id) set.transcript_file_id = p.transcript_file_id;
    else if (p.remove_transcript) set.transcript_file_id = null;
    const transcriptChanged = Boolean(p.transcript_file_id || p.remove_transcript);
    await this.db.transaction(async (tx) => {
      if (transcriptChanged || p.file_id) await tx.delete(analysisContent).where(eq(analysisContent.course_id, row.id));
      if (p.file_id) await tx.delete(analysisCoding).where(eq(analysisCoding.course_id, row.id));
      else if (transcriptChanged) await tx.delete(analysisCoding).where(and(eq(analysisCoding.course_id, row.id), eq(analysisCoding.kind, "question")));
    });
    await this.requeue(row.id, set);
    if (oldVideo) await this.deps.videos.remove(c, oldVideo).catch(() => undefined);
    return this.detailOf(c, row.id);
  }

  // ── discussion ───────────────────────────────────────────────────────────────────────────────────────────

  /** c142: the list (anyone who may see the report); with content: a post (signed in). */
  async discussion(c: Caller | null, p: z.output<typeof CourseDiscussionPayload>): Promise<DiscussPage | DiscussMessage> {
    const { row } = await this.access.require(c, p.id);
    if (p.content !== undefined) {
      if (!c?.id) throw forbidden("请登录后评论");
      if (!p.content) throw badInput("请输入评论内容");
      return this.deps.discuss.save(c, { target_type: DISCUSS_TARGET, ref_id: row.id, community_id: 0, content: p.content, pid: p.pid });
    }
    const page = await this.deps.discuss.list(c ?? anonymous(), { target_type: DISCUSS_TARGET, ref_id: row.id, page: p.page, limit: p.limit });
    return { ...page, status: c?.id ? 1 : 2 };
  }

  // ── hand-off from video processing (#6) ─────────────────────────────────────────────────────────────────

  /** An is_ai recording's video is ready: its course (once) and a job. */
  async fromVideo(videoId: number): Promise<number | undefined> {
    const [v] = await this.db.select().from(video).where(eq(video.id, videoId));
    if (v?.analysis_status !== "pending") return undefined;
    const [existing] = await this.db.select({ id: analysisCourse.id }).from(analysisCourse).where(eq(analysisCourse.video_id, videoId));
    if (existing) return existing.id;
    const [row] = await this.db
      .insert(analysisCourse)
      .values({
        video_id: v.id,
        recording_id: v.recording_id,
        name: v.name,
        account_id: v.account_id,
        creator_id: v.account_id,
        school_id: v.school_id,
        period_id: v.period_id,
        subject_id: v.subject_id,
        grade_id: v.grade_id,
        class_id: v.class_id,
        source: v.source === "upload" ? "local" : "recording",
        run_after: this.now(),
        created_at: this.now(),
        updated_at: this.now(),
      })
      .returning({ id: analysisCourse.id });
    await this.deps.queue().enqueue(row!.id);
    return row!.id;
  }

  /** c154 */
  flowLive(c: Caller, p: { recording_id: number; interval?: number }) {
    return this.deps.flowLive.answer(c, p.recording_id, p.interval ?? 30);
  }
}

const anonymous = (): Caller => ({ id: 0, identity: 0, school_id: 0, region_code: "", period_id: 0 });

function round(x: number, d: number): number {
  const k = 10 ** d;
  return Math.round(x * k) / k;
}

function clock(s: number): string {
  const t = Math.max(0, Math.round(s));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = t % 60;
  return `${h ? `${String(h).padStart(2, "0")}:` : ""}${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}`;
}

function safeName(s: string): string {
  return s.replace(/[\\/:*?"<>|\s]+/g, "_").slice(0, 60) || "课例";
}

/** Characters that count as speech: CJK, letters and digits. */
function countChars(s: string): number {
  return (s.match(/[\p{Script=Han}\p{L}\p{N}]/gu) ?? []).length;
}

const STOP = new Set([
  "我们",
  "你们",
  "他们",
  "这个",
  "那个",
  "什么",
  "怎么",
  "一个",
  "就是",
  "可以",
  "大家",
  "同学",
  "同学们",
  "老师",
  "好的",
  "然后",
  "这样",
  "没有",
  "还是",
  "因为",
  "所以",
  "现在",
  "知道",
  "是不是",
  "一下",
]);

/** The most frequent words (two characters or more, stop words left out) by @node-rs/jieba. */
export function keywords(text: string, top: number): Array<{ word: string; count: number }> {
  const counts = new Map<string, number>();
  for (const w of jiebaInstance().cut(text.slice(0, 200_000), false)) {
    const word = w.trim();
    if (word.length < 2 || STOP.has(word) || !/[\p{Script=Han}\p{L}]/u.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "zh"))
    .slice(0, top)
    .map(([word, n]) => ({ word, count: n }));
}

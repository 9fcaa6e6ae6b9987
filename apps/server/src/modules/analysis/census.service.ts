/**
 * Census of analysed lessons (c157–c166) and AI comments on a listened lesson (c291), issue #10;
 * docs/api/research-census.md, docs/decisions/1020–1022. OWNER: census helper.
 *
 * Everything is computed in SQL over analysis_course (and analysis_content for the classroom records):
 *   scope   a teacher his own lessons (taught or uploaded); a school administrator his school; a district
 *           administrator the schools of his region (OrgService.schoolsInScope); platform administrators all.
 *   filters school, subject, period, teacher, dates (the lesson's created day in Asia/Shanghai) narrow the scope;
 *           a school or teacher outside it is refused (403), never widened to.
 *   metrics only finished lessons (status 2) contribute, each from its report section when that section is
 *           available (`result->'st'->>'available' = 'true'`); lessons lacking it are counted as `…_missing`; a mean
 *           over nothing is null. Machine coding only (human corrections are per report, not census).
 */
import {
  type AiListenCommentInfo,
  type CensusBase,
  type CensusBaseItem,
  type CensusCountInfo,
  type CensusCourseAndContentInc,
  type CensusCourseCensus,
  type CensusCourseContent,
  type CensusCourseTypeCount,
  type CensusGroupRow,
  type CensusIncPoint,
  type CensusModeCount,
  type CensusOral,
  type CensusRankItem,
  type CensusRanks,
  type CensusRtch,
  type CensusRtchPayload,
  type CensusSubjectRow,
  type CensusTablePayload,
  LIDA_KINDS,
  type LidaKind,
  type ResearchCensusPayload,
  TEACHING_MODES,
  TIME_ZONE,
  type TeachingMode,
} from "@yanke/protocol";
import dayjs, { type Dayjs } from "../../infra/dayjs.js";
import { type SQL, and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { badInput, forbidden } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import type { CommunityDeps } from "../community-deps.js";
import { listenAccessOf } from "../listen/listen-access.js";
import { grade, period, school, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { analysisContent, analysisCourse as ac } from "./analysis.schema.js";
import { lessonComments } from "./engine/comments.js";

export const OUT_OF_CENSUS_SCOPE = "该学校不在您的统计范围内";
export const ONLY_OWN_LESSONS = "教师只能统计本人的课例";
/** c161: ranges up to this many days are answered per day, longer ones per month. */
export const DAY_RANGE_MAX = 62;
/** c161: at most this many months. */
export const MONTH_RANGE_MAX = 120;

const TZ = sql.raw(`'${TIME_ZONE}'`);
const UNSET = "未设置";

// ── SQL pieces over analysis_course ─────────────────────────────────────────────────────────────────────────────

const DONE = sql`${ac.status} = 2`;
/** A JSON key as a SQL literal (the keys are constants of this file). */
const k = (key: string): SQL => sql.raw(`'${key.replace(/'/g, "''")}'`);
const avail = (section: string): SQL => sql`(${DONE} and coalesce(${ac.result}->${k(section)}->>'available', 'false') = 'true')`;
const missing = (section: string): SQL => sql`(${DONE} and coalesce(${ac.result}->${k(section)}->>'available', 'false') <> 'true')`;
const num = (section: string, field: string): SQL => sql`(${ac.result}->${k(section)}->>${k(field)})::float8`;
const ST = avail("st");
const SPEECH = avail("speech");
const TALK = avail("talk");
/** Scored against a scheme with at least one judged item (full > 0). */
const SCORED = sql`(${avail("scoring")} and coalesce((${ac.result}->'scoring'->>'full')::float8, 0) > 0)`;
const SCORE = sql`(${num("scoring", "total")} / nullif(${num("scoring", "full")}, 0) * 100)`;
const DAY = sql`to_char(${ac.created_at} at time zone ${TZ}, 'YYYY-MM-DD')`;
const MONTH = sql`to_char(${ac.created_at} at time zone ${TZ}, 'YYYY-MM')`;

/** count(*) filter (where …)::int */
const countIf = (cond: SQL): SQL => sql`(count(*) filter (where ${cond}))::int`;
const avgIf = (expr: SQL, cond: SQL): SQL => sql`(avg(${expr}) filter (where ${cond}))::float8`;

/** The metric columns every grouped query answers (see GroupMetrics). */
const METRICS = sql`
  (count(*))::int as lessons,
  ${countIf(DONE)} as analysed,
  ${countIf(sql`${ac.status} in (0, 1)`)} as pending,
  ${countIf(sql`${ac.status} = 3`)} as failed,
  ${avgIf(num("st", "rt"), ST)} as mean_rt,
  ${avgIf(num("st", "ch"), ST)} as mean_ch,
  ${countIf(ST)} as st_n,
  ${countIf(missing("st"))} as st_missing,
  ${sql.join(
    TEACHING_MODES.map((m, i) => sql`${countIf(sql`${ST} and ${ac.result}->'st'->>'mode' = ${m}`)} as ${sql.raw(`mode_${i}`)}`),
    sql`, `,
  )},
  ${avgIf(num("speech", "teacher_ratio"), SPEECH)} as teacher_ratio,
  ${avgIf(num("speech", "student_ratio"), SPEECH)} as student_ratio,
  ${avgIf(num("speech", "silence_ratio"), SPEECH)} as silence_ratio,
  ${countIf(missing("speech"))} as speech_missing,
  ${avgIf(num("talk", "teacher_rate"), TALK)} as teacher_rate,
  ${avgIf(num("talk", "student_rate"), TALK)} as student_rate,
  ${countIf(missing("talk"))} as talk_missing,
  ${avgIf(SCORE, SCORED)} as mean_score,
  ${countIf(SCORED)} as scored,
  ${countIf(sql`${DONE} and not ${SCORED}`)} as scoring_missing`;

interface GroupMetrics {
  lessons: number;
  analysed: number;
  pending: number;
  failed: number;
  mean_rt: number | null;
  mean_ch: number | null;
  st_n: number;
  st_missing: number;
  modes: CensusModeCount[];
  teacher_ratio: number | null;
  student_ratio: number | null;
  silence_ratio: number | null;
  speech_missing: number;
  teacher_rate: number | null;
  student_rate: number | null;
  talk_missing: number;
  mean_score: number | null;
  scored: number;
  scoring_missing: number;
}

type Raw = Record<string, unknown>;

function rowsOf(result: unknown): Raw[] {
  return (result as { rows: Raw[] }).rows;
}

const int = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
/** A mean rounded to `digits`, null stays null. */
export function round(v: unknown, digits: number): number | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  if (!Number.isFinite(n)) return null;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function metricsOf(r: Raw): GroupMetrics {
  return {
    lessons: int(r.lessons),
    analysed: int(r.analysed),
    pending: int(r.pending),
    failed: int(r.failed),
    mean_rt: round(r.mean_rt, 3),
    mean_ch: round(r.mean_ch, 3),
    st_n: int(r.st_n),
    st_missing: int(r.st_missing),
    modes: TEACHING_MODES.map((mode, i) => ({ mode, count: int(r[`mode_${i}`]) })),
    teacher_ratio: round(r.teacher_ratio, 3),
    student_ratio: round(r.student_ratio, 3),
    silence_ratio: round(r.silence_ratio, 3),
    speech_missing: int(r.speech_missing),
    teacher_rate: round(r.teacher_rate, 1),
    student_rate: round(r.student_rate, 1),
    talk_missing: int(r.talk_missing),
    mean_score: round(r.mean_score, 1),
    scored: int(r.scored),
    scoring_missing: int(r.scoring_missing),
  };
}

type By = ResearchCensusPayload["by"];

/** The grouping key as text: an id, or YYYY-MM for months. */
function keyOf(by: By): SQL {
  switch (by) {
    case "school":
      return sql`${ac.school_id}::text`;
    case "subject":
      return sql`${ac.subject_id}::text`;
    case "teacher":
      return sql`${ac.account_id}::text`;
    case "grade":
      return sql`${ac.grade_id}::text`;
    case "month":
      return MONTH;
  }
}

function parseDay(s: string | undefined, label: string): Dayjs | undefined {
  if (!s) return undefined;
  const d = dayjs.tz(s, "YYYY-MM-DD", TIME_ZONE);
  if (!d.isValid() || d.format("YYYY-MM-DD") !== s) throw badInput(`${label}不是有效的日期`);
  return d;
}

export class CensusService {
  private readonly db: Db;

  constructor(private readonly deps: CommunityDeps) {
    this.db = deps.db;
  }

  /**
   * The lessons the census covers: the caller's scope narrowed by the filters. Refuses (403) a school or teacher
   * outside the scope, and (400) bad dates.
   */
  async where(c: Caller, p: ResearchCensusPayload, opts: { subject?: boolean } = {}): Promise<SQL> {
    const schools = await this.deps.org.schoolsInScope(c);
    const parts: (SQL | undefined)[] = [];
    const own = schools !== undefined && schools.length === 0;
    if (own) parts.push(sql`(${ac.account_id} = ${c.id} or ${ac.creator_id} = ${c.id})`);
    else if (schools !== undefined) parts.push(inArray(ac.school_id, schools));
    if (p.school_id) {
      const ok = schools === undefined || (own ? p.school_id === c.school_id && c.school_id !== 0 : schools.includes(p.school_id));
      if (!ok) throw forbidden(OUT_OF_CENSUS_SCOPE);
      parts.push(eq(ac.school_id, p.school_id));
    }
    if (p.account_id) {
      if (own && p.account_id !== c.id) throw forbidden(ONLY_OWN_LESSONS);
      parts.push(eq(ac.account_id, p.account_id));
    }
    if (p.subject_id && opts.subject !== false) parts.push(eq(ac.subject_id, p.subject_id));
    if (p.period_id) parts.push(eq(ac.period_id, p.period_id));
    const { start, end } = this.range(p);
    if (start) parts.push(sql`${ac.created_at} >= ${start.toDate()}`);
    if (end) parts.push(sql`${ac.created_at} < ${end.add(1, "day").toDate()}`);
    return and(...parts) ?? sql`true`;
  }

  private range(p: Pick<ResearchCensusPayload, "start_date" | "end_date">): { start?: Dayjs; end?: Dayjs } {
    const start = parseDay(p.start_date, "开始日期");
    const end = parseDay(p.end_date, "结束日期");
    if (start && end && start.isAfter(end)) throw badInput("开始日期不能晚于结束日期");
    return { start, end };
  }

  private async grouped(where: SQL, key: SQL): Promise<Array<{ key: string } & GroupMetrics>> {
    const res = await this.db.execute(sql`select ${key} as k, ${METRICS} from ${ac} where ${where} group by 1`);
    return rowsOf(res).map((r) => ({ key: String(r.k), ...metricsOf(r) }));
  }

  private async totals(where: SQL): Promise<GroupMetrics & { teachers: number; schools: number; hours: number }> {
    const res = await this.db.execute(sql`
      select ${METRICS},
             (count(distinct ${ac.account_id}))::int as teachers,
             (count(distinct ${ac.school_id}) filter (where ${ac.school_id} <> 0))::int as schools,
             (coalesce(sum((${ac.result}->>'duration')::float8) filter (where ${DONE}), 0))::float8 as seconds
      from ${ac} where ${where}`);
    const r = rowsOf(res)[0] ?? {};
    return { ...metricsOf(r), teachers: int(r.teachers), schools: int(r.schools), hours: round(Number(r.seconds ?? 0) / 3600, 1) ?? 0 };
  }

  /** Names of the groups' ids (school titles, subject, grade, teacher names). */
  private async names(by: Exclude<By, "month">, ids: number[]): Promise<Map<number, string>> {
    const want = [...new Set(ids.filter((x) => x > 0))];
    if (!want.length) return new Map();
    const rows =
      by === "school"
        ? await this.db.select({ id: school.id, name: school.title }).from(school).where(inArray(school.id, want))
        : by === "subject"
          ? await this.db.select({ id: subject.id, name: subject.name }).from(subject).where(inArray(subject.id, want))
          : by === "grade"
            ? await this.db.select({ id: grade.id, name: grade.name }).from(grade).where(inArray(grade.id, want))
            : await this.db.select({ id: account.id, name: account.realname }).from(account).where(inArray(account.id, want));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Rows of a grouping with their key (number; YYYYMM for months) and name. */
  private async groups(where: SQL, by: By): Promise<Array<{ id: number; name: string } & GroupMetrics>> {
    const rows = await this.grouped(where, keyOf(by));
    if (by === "month") return rows.map((r) => ({ ...r, id: Number(r.key.replace("-", "")), name: r.key }));
    const names = await this.names(
      by,
      rows.map((r) => Number(r.key)),
    );
    return rows.map((r) => {
      const id = Number(r.key);
      return { ...r, id, name: id === 0 ? UNSET : (names.get(id) ?? `${by === "teacher" ? "账号" : "编号"} ${id}`) };
    });
  }

  // ── c157 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async subjects(c: Caller, p: ResearchCensusPayload): Promise<CensusSubjectRow[]> {
    const where = await this.where(c, p, { subject: false });
    const res = await this.db.execute(sql`
      select ${ac.subject_id} as subject_id, (count(*))::int as lessons, ${countIf(DONE)} as analysed
      from ${ac} where ${where} and ${ac.subject_id} <> 0 group by 1`);
    const rows = rowsOf(res).map((r) => ({ subject_id: int(r.subject_id), lessons: int(r.lessons), analysed: int(r.analysed) }));
    if (!rows.length) return [];
    const names = await this.db
      .select({ id: subject.id, name: subject.name, period_id: subject.period_id, period_name: period.name })
      .from(subject)
      .leftJoin(period, eq(period.id, subject.period_id))
      .where(
        inArray(
          subject.id,
          rows.map((r) => r.subject_id),
        ),
      );
    const byId = new Map(names.map((n) => [n.id, n]));
    return rows
      .map((r) => {
        const n = byId.get(r.subject_id);
        return { ...r, subject_name: n?.name ?? `学科 ${r.subject_id}`, period_id: n?.period_id ?? 0, period_name: n?.period_name ?? "" };
      })
      .sort((a, b) => b.analysed - a.analysed || b.lessons - a.lessons || a.subject_id - b.subject_id);
  }

  // ── c158 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async countInfo(c: Caller, p: ResearchCensusPayload): Promise<CensusCountInfo> {
    const t = await this.totals(await this.where(c, p));
    return {
      lessons: t.lessons,
      analysed: t.analysed,
      pending: t.pending,
      failed: t.failed,
      teachers: t.teachers,
      schools: t.schools,
      hours: t.hours,
      mean_rt: t.mean_rt,
      mean_ch: t.mean_ch,
      modes: t.modes,
      st_missing: t.st_missing,
    };
  }

  // ── c159 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async courseContent(c: Caller, p: ResearchCensusPayload): Promise<CensusCourseContent> {
    const where = await this.where(c, p);
    const lines = rowsOf(
      await this.db.execute(sql`
        select (count(*))::int as lines,
               (count(*) filter (where ${analysisContent.role} = 'T'))::int as teacher_lines,
               (count(*) filter (where ${analysisContent.role} = 'S'))::int as student_lines,
               (coalesce(sum(char_length(${analysisContent.text})) filter (where ${analysisContent.role} = 'T'), 0))::int as teacher_chars,
               (coalesce(sum(char_length(${analysisContent.text})) filter (where ${analysisContent.role} = 'S'), 0))::int as student_chars,
               (count(distinct ${analysisContent.course_id}))::int as with_record
        from ${analysisContent}
        where ${analysisContent.course_id} in (select ${ac.id} from ${ac} where ${where} and ${DONE})`),
    )[0]!;
    const talk = rowsOf(
      await this.db.execute(sql`
        select ${countIf(DONE)} as analysed, ${countIf(TALK)} as talk_lessons, ${countIf(missing("talk"))} as talk_missing,
               ${avgIf(num("talk", "avg_wait"), TALK)} as mean_wait,
               ${sql.join(
                 LIDA_KINDS.map(
                   (kind) =>
                     sql`(coalesce(sum((${ac.result}->'talk'->'lida'->>${k(kind)})::int) filter (where ${TALK}), 0))::int as ${sql.raw(`lida_${kind}`)}`,
                 ),
                 sql`, `,
               )}
        from ${ac} where ${where}`),
    )[0]!;
    const q = rowsOf(
      await this.db.execute(sql`
        select (count(q.v))::int as questions,
               (count(q.v) filter (where q.v->>'kind' = 'open'))::int as open_questions,
               (count(q.v) filter (where q.v->>'kind' = 'closed'))::int as closed_questions,
               (count(q.v) filter (where q.v->>'answered' = 'true'))::int as answered
        from ${ac}
        cross join lateral jsonb_array_elements(case when jsonb_typeof(${ac.result}->'talk'->'questions') = 'array' then ${ac.result}->'talk'->'questions' else '[]'::jsonb end) as q(v)
        where ${where} and ${TALK}`),
    )[0]!;
    const analysed = int(talk.analysed);
    const withRecord = int(lines.with_record);
    const questions = int(q.questions);
    const lida = Object.fromEntries(LIDA_KINDS.map((k) => [k, int(talk[`lida_${k}`])])) as Record<LidaKind, number>;
    return {
      analysed,
      with_record: withRecord,
      without_record: analysed - withRecord,
      lines: int(lines.lines),
      teacher_lines: int(lines.teacher_lines),
      student_lines: int(lines.student_lines),
      teacher_chars: int(lines.teacher_chars),
      student_chars: int(lines.student_chars),
      mean_lines: withRecord ? round(int(lines.lines) / withRecord, 1) : null,
      talk_lessons: int(talk.talk_lessons),
      talk_missing: int(talk.talk_missing),
      questions,
      open_questions: int(q.open_questions),
      closed_questions: int(q.closed_questions),
      open_ratio: questions ? round(int(q.open_questions) / questions, 3) : null,
      answered: int(q.answered),
      mean_wait: round(talk.mean_wait, 1),
      lida,
    };
  }

  // ── c160 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async courseTypeCount(c: Caller, p: ResearchCensusPayload): Promise<CensusCourseTypeCount> {
    const t = await this.totals(await this.where(c, p));
    return { analysed: t.analysed, modes: t.modes, st_missing: t.st_missing };
  }

  // ── c161 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async courseAndContentInc(c: Caller, p: ResearchCensusPayload): Promise<CensusCourseAndContentInc> {
    const today = dayjs().tz(TIME_ZONE).startOf("day");
    const given = this.range(p);
    const end = given.end ?? (given.start?.isAfter(today) ? given.start : today);
    const start = given.start ?? end.subtract(29, "day");
    const days = end.diff(start, "day") + 1;
    const granularity: "day" | "month" = days <= DAY_RANGE_MAX ? "day" : "month";
    const from = granularity === "day" ? start : start.startOf("month");
    const months = end.startOf("month").diff(from, "month") + 1;
    if (granularity === "month" && months > MONTH_RANGE_MAX) throw badInput(`日期范围不能超过 ${MONTH_RANGE_MAX / 12} 年`);
    // Scope and filters without the dates: the running totals count from the first lesson.
    const where = await this.where(c, { ...p, start_date: undefined, end_date: undefined });
    const bucket = granularity === "day" ? DAY : MONTH;
    const lineCount = sql`(select count(*) from ${analysisContent} where ${analysisContent.course_id} = ${ac.id})`;
    const res = await this.db.execute(sql`
      select ${bucket} as b, (count(*))::int as lessons, ${countIf(DONE)} as analysed,
             (coalesce(sum(${lineCount}) filter (where ${DONE}), 0))::int as lines
      from ${ac} where ${where} and ${ac.created_at} < ${end.add(1, "day").toDate()} group by 1`);
    const byBucket = new Map(rowsOf(res).map((r) => [String(r.b), { lessons: int(r.lessons), analysed: int(r.analysed), lines: int(r.lines) }]));
    const fmt = granularity === "day" ? "YYYY-MM-DD" : "YYYY-MM";
    const first = from.format(fmt);
    let lessonsTotal = 0;
    let linesTotal = 0;
    for (const [b, v] of byBucket) {
      if (b < first) {
        lessonsTotal += v.lessons;
        linesTotal += v.lines;
      }
    }
    const points: CensusIncPoint[] = [];
    for (let d = from; !d.isAfter(end); d = d.add(1, granularity)) {
      const date = d.format(fmt);
      const v = byBucket.get(date) ?? { lessons: 0, analysed: 0, lines: 0 };
      lessonsTotal += v.lessons;
      linesTotal += v.lines;
      points.push({ date, lessons: v.lessons, analysed: v.analysed, lines: v.lines, lessons_total: lessonsTotal, lines_total: linesTotal });
    }
    return { granularity, start_date: start.format("YYYY-MM-DD"), end_date: end.format("YYYY-MM-DD"), points };
  }

  // ── c162 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async courseCensus(c: Caller, p: CensusTablePayload): Promise<CensusCourseCensus> {
    const rows = await this.groups(await this.where(c, p), p.by);
    rows.sort((a, b) => (p.by === "month" ? b.id - a.id : b.lessons - a.lessons || b.analysed - a.analysed || a.id - b.id));
    const list: CensusGroupRow[] = rows.slice((p.page - 1) * p.limit, p.page * p.limit).map((r) => ({
      key: r.id,
      name: r.name,
      lessons: r.lessons,
      analysed: r.analysed,
      pending: r.pending,
      failed: r.failed,
      mean_rt: r.mean_rt,
      mean_ch: r.mean_ch,
      modes: r.modes,
      st_missing: r.st_missing,
      mean_teacher_ratio: r.teacher_ratio,
      mean_student_ratio: r.student_ratio,
      mean_silence_ratio: r.silence_ratio,
      speech_missing: r.speech_missing,
      mean_score: r.mean_score,
      scoring_missing: r.scoring_missing,
    }));
    return { by: p.by, total: rows.length, list };
  }

  // ── c163 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async ranks(c: Caller, p: ResearchCensusPayload): Promise<CensusRanks> {
    if (p.by !== "teacher" && p.by !== "school") throw badInput("排行只能按教师（teacher）或学校（school）统计");
    const where = await this.where(c, p);
    const rows = await this.groups(where, p.by);
    const schoolOf = new Map<number, string>();
    if (p.by === "teacher" && rows.length) {
      const accs = await this.db
        .select({ id: account.id, school: school.title })
        .from(account)
        .leftJoin(school, eq(school.id, account.school_id))
        .where(
          inArray(
            account.id,
            rows.map((r) => r.id),
          ),
        );
      for (const a of accs) schoolOf.set(a.id, a.school ?? "");
    }
    const item = (r: (typeof rows)[number], value: number, n: number): CensusRankItem => ({
      id: r.id,
      name: r.name,
      school_name: schoolOf.get(r.id) ?? "",
      value,
      n,
    });
    const byAnalysed = rows
      .filter((r) => r.analysed > 0)
      .sort((a, b) => b.analysed - a.analysed || a.id - b.id)
      .slice(0, p.limit)
      .map((r) => item(r, r.analysed, r.analysed));
    const byScore = rows
      .filter((r) => r.scored > 0 && r.mean_score !== null)
      .sort((a, b) => b.mean_score! - a.mean_score! || b.scored - a.scored || a.id - b.id)
      .slice(0, p.limit)
      .map((r) => item(r, r.mean_score!, r.scored));
    return { by: p.by, by_analysed: byAnalysed, by_score: byScore, scoring_missing: rows.reduce((s, r) => s + r.scoring_missing, 0) };
  }

  // ── c164 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async oral(c: Caller, p: ResearchCensusPayload): Promise<CensusOral> {
    const rows = await this.groups(await this.where(c, p), p.by);
    const list = rows
      .filter((r) => r.analysed > 0)
      .sort((a, b) => (p.by === "month" ? a.id - b.id : b.analysed - a.analysed || a.id - b.id))
      .slice(0, p.by === "month" ? MONTH_RANGE_MAX : p.limit)
      .map((r) => ({
        key: r.id,
        name: r.name,
        analysed: r.analysed,
        teacher_ratio: r.teacher_ratio,
        student_ratio: r.student_ratio,
        silence_ratio: r.silence_ratio,
        speech_missing: r.speech_missing,
        teacher_rate: r.teacher_rate,
        student_rate: r.student_rate,
        talk_missing: r.talk_missing,
      }));
    return { by: p.by, list };
  }

  // ── c165 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async base(c: Caller, p: ResearchCensusPayload): Promise<CensusBase> {
    const where = await this.where(c, p);
    const count = async (col: SQL, table: "period" | "grade" | "subject"): Promise<CensusBaseItem[]> => {
      const res = await this.db.execute(
        sql`select ${col} as id, (count(*))::int as lessons, ${countIf(DONE)} as analysed from ${ac} where ${where} group by 1`,
      );
      const rows = rowsOf(res).map((r) => ({ id: int(r.id), lessons: int(r.lessons), analysed: int(r.analysed) }));
      const ids = rows.map((r) => r.id).filter((x) => x > 0);
      const names = new Map<number, string>();
      if (ids.length) {
        const t = table === "period" ? period : table === "grade" ? grade : subject;
        for (const n of await this.db.select({ id: t.id, name: t.name }).from(t).where(inArray(t.id, ids))) names.set(n.id, n.name);
      }
      return rows.map((r) => ({ ...r, name: r.id === 0 ? UNSET : (names.get(r.id) ?? `编号 ${r.id}`) })).sort((a, b) => b.lessons - a.lessons || a.id - b.id);
    };
    const periods = await count(sql`${ac.period_id}`, "period");
    return {
      lessons: periods.reduce((s, r) => s + r.lessons, 0),
      periods,
      grades: await count(sql`${ac.grade_id}`, "grade"),
      subjects: await count(sql`${ac.subject_id}`, "subject"),
    };
  }

  // ── c166 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  async rtch(c: Caller, p: CensusRtchPayload): Promise<CensusRtch> {
    const where = await this.where(c, p);
    const counts = rowsOf(await this.db.execute(sql`select ${countIf(ST)} as total, ${countIf(missing("st"))} as st_missing from ${ac} where ${where}`))[0]!;
    const res = await this.db.execute(sql`
      select ${ac.id} as id, ${ac.name} as name, ${account.realname} as teacher, ${school.title} as school_name,
             ${num("st", "rt")} as rt, ${num("st", "ch")} as ch, ${ac.result}->'st'->>'mode' as mode, ${ac.created_at} as created_at
      from ${ac}
      left join ${account} on ${account.id} = ${ac.account_id}
      left join ${school} on ${school.id} = ${ac.school_id}
      where ${where} and ${ST}
      order by ${ac.created_at} desc, ${ac.id} desc
      limit ${p.limit}`);
    const total = int(counts.total);
    return {
      total,
      capped: total > p.limit,
      st_missing: int(counts.st_missing),
      points: rowsOf(res).map((r) => ({
        id: int(r.id),
        name: String(r.name),
        teacher: String(r.teacher ?? ""),
        school_name: String(r.school_name ?? ""),
        rt: Number(r.rt),
        ch: Number(r.ch),
        mode: r.mode as TeachingMode,
        created_at: formatTime(r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at))),
      })),
    };
  }

  // ── c291 ─────────────────────────────────────────────────────────────────────────────────────────────────────

  /** AI comments on a listened lesson: the analysis of the record's video, for whoever may view the record. */
  async aiListenComment(c: Caller, id: number): Promise<AiListenCommentInfo> {
    const { record } = await listenAccessOf(this.deps).require(c, id, "can_view");
    const none = (reason: string, extra: Partial<AiListenCommentInfo> = {}): AiListenCommentInfo => ({
      available: false,
      reason,
      course_id: null,
      course_name: "",
      status: null,
      mode: null,
      rt: null,
      ch: null,
      comments: [],
      ...extra,
    });
    const videoId = record.my_video_id || record.my_video_ids[0] || 0;
    if (record.is_type !== 2 || !videoId) return none("该听评课不是精准听评课，没有可分析的课堂录像");
    // The newest finished analysis of the video; else the newest one, to say how it stands.
    const [row] = await this.db
      .select({ id: ac.id, name: ac.name, status: ac.status, progress: ac.progress, error: ac.error, result: ac.result })
      .from(ac)
      .where(eq(ac.video_id, videoId))
      .orderBy(desc(sql`(${ac.status} = 2)`), desc(ac.id))
      .limit(1);
    if (!row) return none("该听评课的视频尚未进行 AI 课堂分析");
    const at = { course_id: row.id, course_name: row.name, status: row.status };
    if (row.status === 0) return none("该听评课视频的 AI 课堂分析正在排队", at);
    if (row.status === 1) return none(`该听评课视频的 AI 课堂分析正在进行（进度 ${row.progress}%）`, at);
    if (row.status === 3) return none(`该听评课视频的 AI 课堂分析失败${row.error ? `：${row.error}` : ""}`, at);
    if (!row.result) return none("该听评课视频的 AI 课堂分析没有生成报告", at);
    const st = row.result.st;
    const comments = lessonComments(row.result);
    return {
      available: true,
      ...at,
      mode: st.available ? st.mode : null,
      rt: st.available ? st.rt : null,
      ch: st.available ? st.ch : null,
      comments,
    };
  }
}

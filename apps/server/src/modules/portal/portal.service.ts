/**
 * Big screens, the data cockpit, portraits, online teachers and evaluated lessons (issue #11; docs/api/portal.md).
 * Every figure is a count over real rows at the time of the call; nothing is cached or stored.
 *
 * Tables read (aliases in the SQL): listen_evaluate le, listen_evaluation ev, listen_member, listen_score,
 * lecture_indicator (#9); analysis_course a (#10); video, recording, equipment (#6); review_* (#11); course_resource
 * (#11); preparation (#8); activity (#7); session (auth); account, school, subject, region, school_class (org).
 */
import {
  type BigData,
  type BigDataPayload,
  type EvaluationClassList,
  type EvaluationClassPayload,
  type EvaluationScreen,
  type EvaluationScreenPayload,
  type OnlineTeachers,
  type OnlineTeachersPayload,
  type PortraitAnalysis,
  type PortraitDimension,
  type PortraitMonth,
  type SchoolPortrait,
  type TeacherPortrait,
  TEACHING_MODES,
  type TeachingMode,
} from "@yanke/protocol";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import type { OrgService } from "../org/org.service.js";
import type { Caller } from "../../http/caller.js";
import { scopeOf } from "../rbac/permission.js";
import type { ListenAccess } from "../listen/listen-access.js";
import { TEACHER_OF, dayAfter, dayKey, dayStart, int, lastMonths, minuteOf, monthKey, round2, rowsOf, schoolsSql, shanghai, weekKey } from "./portal-sql.js";

export const NO_SCREEN_SCHOOL = "无权查看该学校的数据";
export const NO_TEACHER_PORTRAIT = "无权查看该教师的画像";
export const NO_SCHOOL_PORTRAIT = "无权查看该学校的画像";
export const TEACHER_NOT_FOUND = "教师不存在";
export const SCHOOL_NOT_FOUND = "学校不存在";
export const REGION_NOT_FOUND = "区域不存在";
const UNSET_SUBJECT = "未设置学科";
const UNSET_SCHOOL = "未归属学校";

export interface PortalDeps {
  db: Db;
  org: OrgService;
  listen: ListenAccess;
  /** Seconds without a heartbeat after which a device counts as offline (DEVICE_OFFLINE_AFTER_SECONDS). */
  offlineAfterSeconds: number;
  now: () => Date;
}

type Scope = { kind: "all" | "region" | "school"; schools: number[] | undefined; label: string };

const SCORE_BUCKETS: Array<{ label: string; min: number; max: number }> = [
  { label: "60分以下", min: 0, max: 60 },
  { label: "60–69", min: 60, max: 70 },
  { label: "70–79", min: 70, max: 80 },
  { label: "80–89", min: 80, max: 90 },
  { label: "90–100", min: 90, max: 100.01 },
];

const modeList = (rows: Array<{ mode: string; n: number }>): Array<{ mode: TeachingMode; count: number }> =>
  TEACHING_MODES.map((m) => ({ mode: m, count: rows.find((r) => r.mode === m)?.n ?? 0 }));

/** Subject rows merged by name (subjects are rows per period and school). */
function bySubjectName<T extends Record<string, number>>(
  rows: Array<{ subject_id: number } & T>,
  names: Map<number, string>,
  keys: Array<keyof T>,
): Array<{ name: string } & T> {
  const out = new Map<string, { name: string } & T>();
  for (const r of rows) {
    const name = r.subject_id ? (names.get(r.subject_id) ?? UNSET_SUBJECT) : UNSET_SUBJECT;
    const cur = out.get(name) ?? ({ name, ...Object.fromEntries(keys.map((k) => [k, 0])) } as { name: string } & T);
    for (const k of keys) (cur as Record<keyof T, number>)[k] += r[k];
    out.set(name, cur);
  }
  return [...out.values()];
}

export class PortalService {
  constructor(private readonly d: PortalDeps) {}

  private get db(): Db {
    return this.d.db;
  }

  private async q(query: SQL): Promise<Array<Record<string, unknown>>> {
    return rowsOf(await this.db.execute(query));
  }

  private async one(query: SQL): Promise<Record<string, unknown>> {
    return (await this.q(query))[0] ?? {};
  }

  private async subjectNames(ids: number[]): Promise<Map<number, string>> {
    const want = [...new Set(ids.filter((x) => x > 0))];
    if (!want.length) return new Map();
    const rows = await this.q(sql`select id, name from subject where ${schoolsSql(sql.raw("id"), want)}`);
    return new Map(rows.map((r) => [int(r.id), String(r.name)]));
  }

  private async schoolNames(ids: number[]): Promise<Map<number, string>> {
    return this.d.org.schoolTitles([...new Set(ids.filter((x) => x > 0))]);
  }

  private async accountNames(ids: number[]): Promise<Map<number, { realname: string; school_id: number }>> {
    const want = [...new Set(ids.filter((x) => x > 0))];
    if (!want.length) return new Map();
    const rows = await this.q(sql`select id, realname, school_id from account where ${schoolsSql(sql.raw("id"), want)}`);
    return new Map(rows.map((r) => [int(r.id), { realname: String(r.realname), school_id: int(r.school_id) }]));
  }

  private async regionName(code: string): Promise<string | undefined> {
    const r = await this.one(sql`select name from region where region_code = ${code}`);
    return r.name === undefined ? undefined : String(r.name);
  }

  private async schoolExists(id: number): Promise<string> {
    const s = await this.d.org.schoolSummary(id);
    if (!s) throw notFound(SCHOOL_NOT_FOUND);
    return s.title;
  }

  // ── scopes ─────────────────────────────────────────────────────────────────────────────────────────────────

  /** c061: platform all; district its schools; school administrator and teachers their school; narrowed by school_id. */
  private async screenScope(c: Caller, schoolId: number | undefined): Promise<Scope> {
    const sc = scopeOf(c);
    let base: Scope;
    if (sc.kind === "all") base = { kind: "all", schools: undefined, label: "全平台" };
    else if (sc.kind === "region")
      base = { kind: "region", schools: await this.d.org.schoolIdsInRegion(sc.code), label: (await this.regionName(sc.code)) ?? sc.code };
    else if (c.school_id) base = { kind: "school", schools: [c.school_id], label: (await this.d.org.schoolSummary(c.school_id))?.title ?? "" };
    else base = { kind: "school", schools: [], label: "" };
    if (!schoolId) return base;
    const title = await this.schoolExists(schoolId);
    if (base.schools !== undefined && !base.schools.includes(schoolId)) throw forbidden(NO_SCREEN_SCHOOL);
    return { kind: "school", schools: [schoolId], label: title };
  }

  /** The cockpit: the whole platform, a region or a school (public). */
  private async cockpitScope(p: BigDataPayload): Promise<Scope> {
    if (p.school_id) return { kind: "school", schools: [p.school_id], label: await this.schoolExists(p.school_id) };
    if (p.region_code) {
      const name = await this.regionName(p.region_code);
      if (name === undefined) throw notFound(REGION_NOT_FOUND);
      return { kind: "region", schools: await this.d.org.schoolIdsInRegion(p.region_code), label: name };
    }
    return { kind: "all", schools: undefined, label: "全平台" };
  }

  // ── c061 评课大屏 ───────────────────────────────────────────────────────────────────────────────────────────

  async evaluationScreen(c: Caller, p: EvaluationScreenPayload): Promise<EvaluationScreen> {
    const scope = await this.screenScope(c, p.school_id);
    const S = scope.schools;
    const from = p.start ? dayStart(p.start) : undefined;
    const to = p.end ? dayAfter(p.end) : undefined;
    const inRange = (col: string): SQL =>
      sql`${from ? sql`${sql.raw(col)} >= ${from.toISOString()}::timestamptz` : sql`true`} and ${to ? sql`${sql.raw(col)} < ${to.toISOString()}::timestamptz` : sql`true`}`;
    const le: SQL = sql`le.status = 1 and ${schoolsSql(sql.raw("le.school_id"), S)} and ${p.period_id ? sql`le.period_id = ${p.period_id}` : sql`true`} and ${inRange("le.start_time")}`;
    const ev = sql`listen_evaluation ev join listen_evaluate le on le.id = ev.record_id where ev.status = 1 and ${le}`;
    const scored = sql`le.evaluation_type = 1`;

    const t = await this.one(sql`select
        count(*)::int as records,
        (count(*) filter (where le.is_type = 1))::int as remote,
        (count(*) filter (where le.is_type = 2))::int as precise,
        (count(*) filter (where le.is_type = 3))::int as onsite,
        (count(distinct le.school_id) filter (where le.school_id <> 0))::int as schools
      from listen_evaluate le where ${le}`);
    const e = await this.one(sql`select count(*)::int as evaluations,
        (count(distinct ${TEACHER_OF}))::int as teachers,
        avg(ev.total_score) filter (where ${scored}) as mean
      from ${ev}`);
    const part = await this.one(sql`select count(distinct x)::int as n from (
        select m.account_id as x from listen_member m join listen_evaluate le on le.id = m.record_id where ${le}
        union select le.account_id from listen_evaluate le where ${le}
        union select ${TEACHER_OF} from listen_evaluate le where ${le}) u`);

    // trend
    const now = shanghai(this.d.now());
    const startDay = p.start ? shanghai(dayStart(p.start)) : p.end ? shanghai(dayStart(p.end)).subtract(29, "day") : now.startOf("day").subtract(29, "day");
    const endDay = p.end ? shanghai(dayStart(p.end)) : p.start ? (now.isBefore(startDay) ? startDay : now.startOf("day")) : now.startOf("day");
    const spanDays = endDay.diff(startDay, "day") + 1;
    const unit: "day" | "week" = spanDays <= 62 ? "day" : "week";
    const keys: string[] = [];
    let cur = unit === "day" ? startDay : startDay.subtract((startDay.day() + 6) % 7, "day");
    while (!cur.isAfter(endDay)) {
      keys.push(cur.format("YYYY-MM-DD"));
      cur = cur.add(1, unit === "day" ? "day" : "week");
    }
    const tFrom = startDay.toDate();
    const tTo = endDay.add(1, "day").toDate();
    const keyOf = unit === "day" ? dayKey : weekKey;
    const leNoRange: SQL = sql`le.status = 1 and ${schoolsSql(sql.raw("le.school_id"), S)} and ${p.period_id ? sql`le.period_id = ${p.period_id}` : sql`true`}`;
    const recTrend = await this.q(sql`select ${keyOf(sql.raw("le.start_time"))} as k, count(*)::int as n from listen_evaluate le
      where ${leNoRange} and le.start_time >= ${tFrom.toISOString()}::timestamptz and le.start_time < ${tTo.toISOString()}::timestamptz group by 1`);
    const evTrend =
      await this.q(sql`select ${keyOf(sql.raw("ev.updated_at"))} as k, count(*)::int as n from listen_evaluation ev join listen_evaluate le on le.id = ev.record_id
      where ev.status = 1 and ${le} and ev.updated_at >= ${tFrom.toISOString()}::timestamptz and ev.updated_at < ${tTo.toISOString()}::timestamptz group by 1`);
    const rt = new Map(recTrend.map((r) => [String(r.k), int(r.n)]));
    const et = new Map(evTrend.map((r) => [String(r.k), int(r.n)]));

    // by subject / school
    const grouped = async (col: string) => {
      const recs = await this.q(sql`select ${sql.raw(col)} as id, count(*)::int as n from listen_evaluate le where ${le} group by 1`);
      const evs = await this.q(sql`select ${sql.raw(col)} as id, count(*)::int as n from ${ev} group by 1`);
      const m = new Map<number, { records: number; evaluations: number }>();
      for (const r of recs) m.set(int(r.id), { records: int(r.n), evaluations: 0 });
      for (const r of evs) {
        const x = m.get(int(r.id)) ?? { records: 0, evaluations: 0 };
        x.evaluations = int(r.n);
        m.set(int(r.id), x);
      }
      return [...m.entries()].map(([id, v]) => ({ id, ...v }));
    };
    const subjRows = await grouped("le.subject_id");
    const subjNames = await this.subjectNames(subjRows.map((r) => r.id));
    const bySubject = new Map<string, { id: number; name: string; records: number; evaluations: number }>();
    for (const r of subjRows) {
      const name = r.id ? (subjNames.get(r.id) ?? UNSET_SUBJECT) : UNSET_SUBJECT;
      const x = bySubject.get(name) ?? { id: r.id, name, records: 0, evaluations: 0 };
      x.records += r.records;
      x.evaluations += r.evaluations;
      bySubject.set(name, x);
    }
    const schoolRows = await grouped("le.school_id");
    const schoolNames = await this.schoolNames(schoolRows.map((r) => r.id));
    const bySchool = schoolRows.map((r) => ({ ...r, name: r.id ? (schoolNames.get(r.id) ?? `学校 ${r.id}`) : UNSET_SCHOOL }));
    const order = (a: { records: number; evaluations: number; id: number }, b: { records: number; evaluations: number; id: number }) =>
      b.evaluations - a.evaluations || b.records - a.records || a.id - b.id;

    // score histogram
    const totals = await this.q(sql`select ev.total_score as s from ${ev} and ${scored}`);
    const dist = SCORE_BUCKETS.map((b) => ({
      label: b.label,
      min: b.min,
      max: Math.min(100, b.max),
      count: totals.filter((r) => Number(r.s) >= b.min && Number(r.s) < b.max).length,
    }));

    // people
    const teachers = await this.q(
      sql`select ${TEACHER_OF} as id, count(*)::int as n, avg(ev.total_score) filter (where ${scored}) as mean from ${ev} group by 1 order by n desc, mean desc nulls last, id asc limit 10`,
    );
    const evaluators = await this.q(
      sql`select ev.account_id as id, count(*)::int as n, avg(ev.total_score) filter (where ${scored}) as mean from ${ev} group by 1 order by n desc, id asc limit 10`,
    );
    const latest =
      await this.q(sql`select ev.id, ev.record_id, ev.account_id, ev.total_score, ev.updated_at, le.evaluation_type, le.name, le.school_id, le.subject_id, ${TEACHER_OF} as teacher
      from ${ev} order by ev.updated_at desc, ev.id desc limit 10`);
    const people = await this.accountNames(
      [...teachers, ...evaluators].map((r) => int(r.id)).concat(latest.flatMap((r) => [int(r.account_id), int(r.teacher)])),
    );
    const moreSchools = await this.schoolNames([...people.values()].map((p) => p.school_id).concat(latest.map((r) => int(r.school_id))));
    const moreSubjects = await this.subjectNames(latest.map((r) => int(r.subject_id)));
    const person = (r: Record<string, unknown>) => {
      const a = people.get(int(r.id));
      return {
        account_id: int(r.id),
        realname: a?.realname ?? "",
        school_name: a ? (moreSchools.get(a.school_id) ?? "") : "",
        evaluations: int(r.n),
        mean_score: round2(r.mean),
      };
    };

    // review activities
    const rv = sql`${schoolsSql(sql.raw("w.school_id"), S)} and w.status = 1 and ${inRange("w.created_at")} and ${p.period_id ? sql`w.activity_id in (select id from review_activity where period_id = ${p.period_id})` : sql`true`}`;
    const ra = await this.one(
      sql`select count(*)::int as n from review_activity ra where ra.status = 1 and ${schoolsSql(sql.raw("ra.school_id"), S)} and ${inRange("ra.created_at")} and ${p.period_id ? sql`ra.period_id = ${p.period_id}` : sql`true`}`,
    );
    const rw = await this.one(sql`select count(*)::int as works,
        (count(*) filter (where exists (select 1 from review_score s where s.work_id = w.id and s.submitted_at is not null)))::int as scored
      from review_work w where ${rv}`);
    const rs = await this.one(
      sql`select count(*)::int as n, avg(s.total) as mean from review_score s join review_work w on w.id = s.work_id where s.submitted_at is not null and ${rv}`,
    );

    // analyses
    const an = sql`${schoolsSql(sql.raw("a.school_id"), S)} and ${p.period_id ? sql`a.period_id = ${p.period_id}` : sql`true`} and ${inRange("a.created_at")}`;
    const ac = await this.one(sql`select count(*)::int as courses, (count(*) filter (where a.status = 2))::int as analysed,
        (count(*) filter (where a.status = 2 and a.publish_status = 1))::int as published from analysis_course a where ${an}`);
    const modes = await this.q(sql`select a.result->'st'->>'mode' as mode, count(*)::int as n from analysis_course a
      where ${an} and a.status = 2 and (a.result->'st'->>'available') = 'true' group by 1`);

    return {
      scope: { kind: scope.kind, school_ids: scope.schools ?? null, label: scope.label },
      range: { start: p.start ?? null, end: p.end ?? null },
      totals: {
        records: int(t.records),
        remote: int(t.remote),
        precise: int(t.precise),
        onsite: int(t.onsite),
        evaluations: int(e.evaluations),
        participants: int(part.n),
        teachers_evaluated: int(e.teachers),
        schools: int(t.schools),
        mean_score: round2(e.mean),
      },
      trend: { unit, points: keys.map((k) => ({ date: k, records: rt.get(k) ?? 0, evaluations: et.get(k) ?? 0 })) },
      by_subject: [...bySubject.values()].sort(order),
      by_school: bySchool.sort(order),
      score_distribution: dist,
      top_teachers: teachers.map(person),
      top_evaluators: evaluators.map(person),
      latest: latest.map((r) => ({
        evaluation_id: int(r.id),
        record_id: int(r.record_id),
        record_name: String(r.name),
        evaluator: people.get(int(r.account_id))?.realname ?? "",
        teacher: people.get(int(r.teacher))?.realname ?? "",
        school_name: moreSchools.get(int(r.school_id)) ?? "",
        subject_name: moreSubjects.get(int(r.subject_id)) ?? "",
        score: int(r.evaluation_type) === 1 ? round2(r.total_score) : null,
        time: minuteOf(r.updated_at as string),
      })),
      review: { activities: int(ra.n), works: int(rw.works), scored_works: int(rw.scored), scores: int(rs.n), mean_score: round2(rs.mean) },
      analysis: {
        courses: int(ac.courses),
        analysed: int(ac.analysed),
        published: int(ac.published),
        modes: modeList(modes.map((r) => ({ mode: String(r.mode), n: int(r.n) }))),
      },
    };
  }

  // ── the data cockpit ────────────────────────────────────────────────────────────────────────────────────────

  private onlineCutoff(): string {
    return new Date(this.d.now().getTime() - this.d.offlineAfterSeconds * 1000).toISOString();
  }

  async bigData(p: BigDataPayload): Promise<BigData> {
    const scope = await this.cockpitScope(p);
    const S = scope.schools;
    const inS = (col: string) => schoolsSql(sql.raw(col), S);
    const cutoff = this.onlineCutoff();
    const k = await this.one(sql`select
      (select count(*)::int from school s where s.status = 1 and ${inS("s.id")}) as schools,
      (select count(*)::int from account t where t.identity = 2 and t.status = 1 and ${inS("t.school_id")}) as teachers,
      (select count(*)::int from equipment q where ${inS("q.school_id")}) as devices,
      (select count(*)::int from equipment q where ${inS("q.school_id")} and q.last_heartbeat_at is not null and q.last_heartbeat_at > ${cutoff}::timestamptz) as online,
      (select count(*)::int from recording r where r.state = 'done' and ${inS("r.school_id")}) as recordings,
      (select count(*)::int from video v where v.status = 'ready' and ${inS("v.school_id")}) as videos,
      (select count(*)::int from analysis_course a where a.status = 2 and ${inS("a.school_id")}) as analysed,
      (select count(*)::int from listen_evaluate le where le.status = 1 and ${inS("le.school_id")}) as listen_records,
      (select count(*)::int from listen_evaluate le where le.status = 1 and ${inS("le.school_id")} and exists (select 1 from listen_evaluation ev where ev.record_id = le.id and ev.status = 1)) as evaluated,
      (select count(*)::int from listen_evaluation ev join listen_evaluate le on le.id = ev.record_id where ev.status = 1 and le.status = 1 and ${inS("le.school_id")}) as evaluations,
      (select count(*)::int from course_resource cr where cr.level = 1 and cr.status = 1 and ${inS("cr.school_id")}) as resources`);

    const { keys, start } = lastMonths(this.d.now());
    const since = start.toISOString();
    const perMonth = async (query: SQL) => new Map((await this.q(query)).map((r) => [String(r.k), int(r.n)]));
    const mv = await perMonth(
      sql`select ${monthKey(sql.raw("v.created_at"))} as k, count(*)::int as n from video v where v.status = 'ready' and ${inS("v.school_id")} and v.created_at >= ${since}::timestamptz group by 1`,
    );
    const ma = await perMonth(
      sql`select ${monthKey(sql.raw("coalesce(a.finished_at, a.created_at)"))} as k, count(*)::int as n from analysis_course a where a.status = 2 and ${inS("a.school_id")} and coalesce(a.finished_at, a.created_at) >= ${since}::timestamptz group by 1`,
    );
    const ml = await perMonth(
      sql`select ${monthKey(sql.raw("le.start_time"))} as k, count(*)::int as n from listen_evaluate le where le.status = 1 and ${inS("le.school_id")} and le.start_time >= ${since}::timestamptz group by 1`,
    );
    const me = await perMonth(
      sql`select ${monthKey(sql.raw("ev.updated_at"))} as k, count(*)::int as n from listen_evaluation ev join listen_evaluate le on le.id = ev.record_id where ev.status = 1 and le.status = 1 and ${inS("le.school_id")} and ev.updated_at >= ${since}::timestamptz group by 1`,
    );

    const perSchool = await this.q(sql`select school_id, sum(v)::int as videos, sum(a)::int as analysed, sum(l)::int as listen from (
        select v.school_id, 1 as v, 0 as a, 0 as l from video v where v.status = 'ready' and v.school_id <> 0 and ${inS("v.school_id")}
        union all select a.school_id, 0, 1, 0 from analysis_course a where a.status = 2 and a.school_id <> 0 and ${inS("a.school_id")}
        union all select le.school_id, 0, 0, 1 from listen_evaluate le where le.status = 1 and le.school_id <> 0 and ${inS("le.school_id")}) x group by school_id`);
    const names = await this.schoolNames(perSchool.map((r) => int(r.school_id)));
    const schoolRank = perSchool
      .map((r) => ({
        id: int(r.school_id),
        name: names.get(int(r.school_id)) ?? `学校 ${int(r.school_id)}`,
        videos: int(r.videos),
        analysed: int(r.analysed),
        listen_records: int(r.listen),
        total: int(r.videos) + int(r.analysed) + int(r.listen),
      }))
      .sort((a, b) => b.total - a.total || a.id - b.id)
      .slice(0, 10)
      .map(({ id: _id, ...rest }) => rest);
    const areas = await this.q(sql`select s.area_code as code, coalesce(rg.name, s.area_code) as name, sum(x.n)::int as total from (
        select school_id, count(*) as n from (
          select v.school_id from video v where v.status = 'ready' and ${inS("v.school_id")}
          union all select a.school_id from analysis_course a where a.status = 2 and ${inS("a.school_id")}
          union all select le.school_id from listen_evaluate le where le.status = 1 and ${inS("le.school_id")}) y group by school_id) x
      join school s on s.id = x.school_id left join region rg on rg.region_code = s.area_code where s.area_code <> '' group by 1, 2 order by total desc, code asc`);

    const subj = await this.q(sql`select subject_id, count(*)::int as n from (
        select v.subject_id from video v where v.status = 'ready' and ${inS("v.school_id")}
        union all select a.subject_id from analysis_course a where a.status = 2 and ${inS("a.school_id")}
        union all select le.subject_id from listen_evaluate le where le.status = 1 and ${inS("le.school_id")}) x group by 1`);
    const subjNames = await this.subjectNames(subj.map((r) => int(r.subject_id)));
    const bySubject = bySubjectName(
      subj.map((r) => ({ subject_id: int(r.subject_id), count: int(r.n) })),
      subjNames,
      ["count"],
    ).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, "zh-CN"));
    const modes = await this.q(sql`select a.result->'st'->>'mode' as mode, count(*)::int as n from analysis_course a
      where a.status = 2 and ${inS("a.school_id")} and (a.result->'st'->>'available') = 'true' group by 1`);

    return {
      scope: { kind: scope.kind, label: scope.label },
      kpi: {
        schools: int(k.schools),
        teachers: int(k.teachers),
        devices: int(k.devices),
        devices_online: int(k.online),
        recordings: int(k.recordings),
        videos: int(k.videos),
        analysed: int(k.analysed),
        listen_records: int(k.listen_records),
        evaluated: int(k.evaluated),
        evaluations: int(k.evaluations),
        resources: int(k.resources),
      },
      months: keys.map((m) => ({ month: m, videos: mv.get(m) ?? 0, analysed: ma.get(m) ?? 0, listen_records: ml.get(m) ?? 0, evaluations: me.get(m) ?? 0 })),
      school_rank: schoolRank,
      region_rank: areas.length > 1 ? areas.map((r) => ({ name: String(r.name), total: int(r.total) })) : [],
      by_subject: bySubject,
      modes: modeList(modes.map((r) => ({ mode: String(r.mode), n: int(r.n) }))),
    };
  }

  // ── portraits ───────────────────────────────────────────────────────────────────────────────────────────────

  /** S-T of analysed lessons (points: the latest 200), the evaluation dimensions and the months, for a teacher or a school. */
  private async measures(who: { teacher: number } | { school: number }): Promise<{
    st: TeacherPortrait["st"];
    evaluation: TeacherPortrait["evaluation"];
    months: PortraitMonth[];
  }> {
    const isT = "teacher" in who;
    const id = isT ? who.teacher : who.school;
    const aWho = isT ? sql`a.account_id = ${id}` : sql`a.school_id = ${id}`;
    const vWho = isT ? sql`v.account_id = ${id}` : sql`v.school_id = ${id}`;
    const leWho = isT ? sql`${TEACHER_OF} = ${id}` : sql`le.school_id = ${id}`;
    const pts =
      await this.q(sql`select a.id, a.name, a.publish_status, a.created_at, (a.result->'st'->>'rt')::float8 as rt, (a.result->'st'->>'ch')::float8 as ch, a.result->'st'->>'mode' as mode
      from analysis_course a where ${aWho} and a.status = 2 and (a.result->'st'->>'available') = 'true' order by a.created_at desc, a.id desc`);
    const points: PortraitAnalysis[] = pts.slice(0, 200).map((r) => ({
      id: int(r.id),
      name: String(r.name),
      rt: Number(r.rt),
      ch: Number(r.ch),
      mode: String(r.mode) as TeachingMode,
      published: int(r.publish_status) === 1,
      date: minuteOf(r.created_at as string).slice(0, 10),
    }));
    const mean = (k: "rt" | "ch") => (pts.length ? Math.round((pts.reduce((s, r) => s + Number(r[k]), 0) / pts.length) * 1000) / 1000 : null);
    const counts = new Map<string, number>();
    for (const r of pts) counts.set(String(r.mode), (counts.get(String(r.mode)) ?? 0) + 1);

    const received = sql`listen_evaluation ev join listen_evaluate le on le.id = ev.record_id where ev.status = 1 and le.status = 1 and ${leWho}`;
    const meanRow = await this.one(sql`select avg(ev.total_score) filter (where le.evaluation_type = 1) as mean from ${received}`);
    const dims =
      await this.q(sql`select d.name, avg(least(1, greatest(0, (ls.score - i.min_score) / nullif(i.max_score - i.min_score, 0)))) * 100 as score, count(*)::int as n
      from listen_score ls join listen_evaluation ev on ev.id = ls.evaluation_id join listen_evaluate le on le.id = ev.record_id
      join lecture_indicator i on i.id = ls.indicator_id join lecture_indicator d on d.id = i.pid
      where ev.status = 1 and le.status = 1 and ${leWho} and i.max_score > i.min_score group by d.name order by min(d.sort), d.name`);
    const dimensions: PortraitDimension[] = dims.map((r) => ({ name: String(r.name), score: round2(r.score) ?? 0, n: int(r.n) }));

    const { keys, start } = lastMonths(this.d.now());
    const since = start.toISOString();
    const perMonth = async (query: SQL) => new Map((await this.q(query)).map((r) => [String(r.k), int(r.n)]));
    const mv = await perMonth(
      sql`select ${monthKey(sql.raw("v.created_at"))} as k, count(*)::int as n from video v where ${vWho} and v.status = 'ready' and v.created_at >= ${since}::timestamptz group by 1`,
    );
    const ma = await perMonth(
      sql`select ${monthKey(sql.raw("coalesce(a.finished_at, a.created_at)"))} as k, count(*)::int as n from analysis_course a where ${aWho} and a.status = 2 and coalesce(a.finished_at, a.created_at) >= ${since}::timestamptz group by 1`,
    );
    const mr = await perMonth(
      sql`select ${monthKey(sql.raw("ev.updated_at"))} as k, count(*)::int as n from ${received} and ev.updated_at >= ${since}::timestamptz group by 1`,
    );
    const given = isT
      ? sql`listen_evaluation ev join listen_evaluate le on le.id = ev.record_id where ev.status = 1 and le.status = 1 and ev.account_id = ${id}`
      : sql`listen_evaluation ev join listen_evaluate le on le.id = ev.record_id join account ea on ea.id = ev.account_id where ev.status = 1 and le.status = 1 and ea.school_id = ${id}`;
    const mg = await perMonth(
      sql`select ${monthKey(sql.raw("ev.updated_at"))} as k, count(*)::int as n from ${given} and ev.updated_at >= ${since}::timestamptz group by 1`,
    );
    return {
      st: { mean_rt: mean("rt"), mean_ch: mean("ch"), modes: modeList([...counts.entries()].map(([mode, n]) => ({ mode, n }))), points },
      evaluation: { mean_score: round2(meanRow.mean), dimensions },
      months: keys.map((m) => ({
        month: m,
        videos: mv.get(m) ?? 0,
        analysed: ma.get(m) ?? 0,
        evaluations_received: mr.get(m) ?? 0,
        evaluations_given: mg.get(m) ?? 0,
      })),
    };
  }

  async teacherPortrait(c: Caller, accountId: number | undefined): Promise<TeacherPortrait> {
    const id = accountId ?? c.id;
    const a = await this.one(
      sql`select id, realname, head_portrait_url, school_id, period_id, subject_id, reputation, entry_year, status from account where id = ${id}`,
    );
    if (a.id === undefined || int(a.status) !== 1) throw notFound(TEACHER_NOT_FOUND);
    if (id !== c.id && !(scopeOf(c).kind !== "none" && (await this.d.org.inScope(c, int(a.school_id))))) throw forbidden(NO_TEACHER_PORTRAIT);
    const schoolName = int(a.school_id) ? ((await this.d.org.schoolSummary(int(a.school_id)))?.title ?? "") : "";
    const per = await this.one(sql`select name from period where id = ${int(a.period_id)}`);
    const subjectName = (await this.subjectNames([int(a.subject_id)])).get(int(a.subject_id)) ?? "";

    const k = await this.one(sql`select
      (select count(*)::int from listen_evaluate le where le.status = 1 and ${TEACHER_OF} = ${id}) as lessons_given,
      (select count(*)::int from recording r where r.state = 'done' and r.account_id = ${id}) as recordings,
      (select count(*)::int from video v where v.status = 'ready' and v.account_id = ${id}) as videos,
      (select count(*)::int from analysis_course a where a.status = 2 and a.account_id = ${id}) as analysed,
      (select count(*)::int from listen_evaluation ev join listen_evaluate le on le.id = ev.record_id where ev.status = 1 and le.status = 1 and ${TEACHER_OF} = ${id}) as received,
      (select count(*)::int from listen_evaluation ev join listen_evaluate le on le.id = ev.record_id where ev.status = 1 and le.status = 1 and ev.account_id = ${id}) as given,
      (select count(*)::int from preparation pr where pr.status = 1 and pr.account_id = ${id}) as preparations,
      (select count(*)::int from course_resource cr where cr.level = 1 and cr.account_id = ${id}) as resources,
      (select count(*)::int from course_resource cr where cr.level = 1 and cr.status = 1 and cr.account_id = ${id}) as resources_published,
      (select count(*)::int from review_work w where w.status = 1 and w.account_id = ${id}) as works,
      (select count(*)::int from activity ac where ac.status = 1 and (ac.account_id = ${id} or ac.id in (select am.activity_id from activity_member am where am.account_id = ${id}))) as activities`);
    const m = await this.measures({ teacher: id });
    const lessons = await this.q(sql`select le.id, le.name, le.is_type, le.start_time, le.evaluation_type,
        (select count(*)::int from listen_evaluation ev where ev.record_id = le.id and ev.status = 1) as n,
        (select avg(ev.total_score) from listen_evaluation ev where ev.record_id = le.id and ev.status = 1) as mean
      from listen_evaluate le where le.status = 1 and ${TEACHER_OF} = ${id} order by le.start_time desc, le.id desc limit 10`);
    const works = await this.q(sql`select w.id, w.activity_id, ra.title as activity_title, w.title, w.score, w.rank from review_work w
      left join review_activity ra on ra.id = w.activity_id where w.status = 1 and w.account_id = ${id} order by w.created_at desc, w.id desc limit 20`);
    return {
      profile: {
        account_id: id,
        realname: String(a.realname),
        head_portrait_url: String(a.head_portrait_url ?? ""),
        school_id: int(a.school_id),
        school_name: schoolName,
        period_name: per.name === undefined ? "" : String(per.name),
        subject_name: subjectName,
        reputation: String(a.reputation ?? ""),
        entry_year: int(a.entry_year),
      },
      counts: {
        lessons_given: int(k.lessons_given),
        recordings: int(k.recordings),
        videos: int(k.videos),
        analysed: int(k.analysed),
        evaluations_received: int(k.received),
        evaluations_given: int(k.given),
        preparations: int(k.preparations),
        resources: int(k.resources),
        resources_published: int(k.resources_published),
        review_works: int(k.works),
        activities: int(k.activities),
      },
      ...m,
      lessons: lessons.map((r) => ({
        id: int(r.id),
        name: String(r.name),
        is_type: int(r.is_type),
        date: minuteOf(r.start_time as string).slice(0, 10),
        evaluations: int(r.n),
        mean_score: int(r.evaluation_type) === 1 ? round2(r.mean) : null,
      })),
      works: works.map((r) => ({
        id: int(r.id),
        activity_id: int(r.activity_id),
        activity_title: String(r.activity_title ?? ""),
        title: String(r.title),
        score: round2(r.score),
        rank: r.rank === null ? null : int(r.rank),
      })),
    };
  }

  async schoolPortrait(c: Caller, schoolId: number | undefined): Promise<SchoolPortrait> {
    const id = schoolId ?? c.school_id;
    if (!id) throw badInput("请选择学校");
    const s = await this.one(
      sql`select s.id, s.title, s.address, s.school_index_logo, coalesce(rg.name, '') as region from school s left join region rg on rg.region_code = s.area_code where s.id = ${id}`,
    );
    if (s.id === undefined) throw notFound(SCHOOL_NOT_FOUND);
    const own =
      c.school_id === id ||
      int((await this.one(sql`select count(*)::int as n from account_school_user where account_id = ${c.id} and school_id = ${id}`)).n) > 0;
    if (!own && !(scopeOf(c).kind !== "none" && (await this.d.org.inScope(c, id)))) throw forbidden(NO_SCHOOL_PORTRAIT);
    const cutoff = this.onlineCutoff();
    const k = await this.one(sql`select
      (select count(*)::int from account t where t.identity = 2 and t.status = 1 and t.school_id = ${id}) as teachers,
      (select count(*)::int from school_class sc where sc.status = 1 and sc.school_id = ${id}) as classes,
      (select count(*)::int from equipment q where q.school_id = ${id}) as devices,
      (select count(*)::int from equipment q where q.school_id = ${id} and q.last_heartbeat_at is not null and q.last_heartbeat_at > ${cutoff}::timestamptz) as online,
      (select count(*)::int from recording r where r.state = 'done' and r.school_id = ${id}) as recordings,
      (select count(*)::int from video v where v.status = 'ready' and v.school_id = ${id}) as videos,
      (select count(*)::int from analysis_course a where a.status = 2 and a.school_id = ${id}) as analysed,
      (select count(*)::int from listen_evaluate le where le.status = 1 and le.school_id = ${id}) as listen_records,
      (select count(*)::int from listen_evaluation ev join listen_evaluate le on le.id = ev.record_id where ev.status = 1 and le.status = 1 and le.school_id = ${id}) as evaluations,
      (select count(*)::int from preparation pr where pr.status = 1 and pr.school_id = ${id}) as preparations,
      (select count(*)::int from course_resource cr where cr.level = 1 and cr.status = 1 and cr.school_id = ${id}) as resources,
      (select count(*)::int from review_work w where w.status = 1 and w.school_id = ${id}) as works`);
    const m = await this.measures({ school: id });
    const subj = await this.q(sql`select subject_id, sum(v)::int as videos, sum(a)::int as analysed, sum(l)::int as listen from (
        select v.subject_id, 1 as v, 0 as a, 0 as l from video v where v.status = 'ready' and v.school_id = ${id}
        union all select a.subject_id, 0, 1, 0 from analysis_course a where a.status = 2 and a.school_id = ${id}
        union all select le.subject_id, 0, 0, 1 from listen_evaluate le where le.status = 1 and le.school_id = ${id}) x group by 1`);
    const subjNames = await this.subjectNames(subj.map((r) => int(r.subject_id)));
    const subjects = bySubjectName(
      subj.map((r) => ({ subject_id: int(r.subject_id), videos: int(r.videos), analysed: int(r.analysed), listen_records: int(r.listen) })),
      subjNames,
      ["videos", "analysed", "listen_records"],
    ).sort((a, b) => b.videos + b.analysed + b.listen_records - (a.videos + a.analysed + a.listen_records) || a.name.localeCompare(b.name, "zh-CN"));
    const top = await this.q(sql`select t.id, t.realname,
        (select count(*)::int from video v where v.status = 'ready' and v.account_id = t.id) as videos,
        (select count(*)::int from analysis_course a where a.status = 2 and a.account_id = t.id) as analysed,
        (select count(*)::int from listen_evaluation ev join listen_evaluate le on le.id = ev.record_id where ev.status = 1 and le.status = 1 and ${TEACHER_OF} = t.id) as received,
        (select avg(ev.total_score) from listen_evaluation ev join listen_evaluate le on le.id = ev.record_id where ev.status = 1 and le.status = 1 and le.evaluation_type = 1 and ${TEACHER_OF} = t.id) as mean
      from account t where t.identity = 2 and t.status = 1 and t.school_id = ${id}`);
    const topTeachers = top
      .map((r) => ({
        account_id: int(r.id),
        realname: String(r.realname),
        videos: int(r.videos),
        analysed: int(r.analysed),
        evaluations_received: int(r.received),
        mean_score: round2(r.mean),
        total: int(r.videos) + int(r.analysed) + int(r.received),
      }))
      .filter((r) => r.total > 0)
      .sort((a, b) => b.total - a.total || (b.mean_score ?? -1) - (a.mean_score ?? -1) || a.account_id - b.account_id)
      .slice(0, 10);
    return {
      profile: {
        school_id: id,
        title: String(s.title),
        address: String(s.address ?? ""),
        region_name: String(s.region ?? ""),
        logo: String(s.school_index_logo ?? ""),
      },
      counts: {
        teachers: int(k.teachers),
        classes: int(k.classes),
        devices: int(k.devices),
        devices_online: int(k.online),
        recordings: int(k.recordings),
        videos: int(k.videos),
        analysed: int(k.analysed),
        listen_records: int(k.listen_records),
        evaluations: int(k.evaluations),
        preparations: int(k.preparations),
        resources: int(k.resources),
        review_works: int(k.works),
      },
      ...m,
      subjects,
      top_teachers: topTeachers,
    };
  }

  // ── online teachers ─────────────────────────────────────────────────────────────────────────────────────────

  async onlineTeachers(c: Caller | null, p: OnlineTeachersPayload): Promise<OnlineTeachers> {
    if (p.school_id) await this.schoolExists(p.school_id);
    const S = p.school_id ? [p.school_id] : undefined;
    const now = this.d.now().toISOString();
    const live = sql`exists (select 1 from session se where se.account_id = t.id and se.ended_at is null and se.expires_at > ${now}::timestamptz)`;
    const teacher = sql`t.identity = 2 and t.status = 1 and ${schoolsSql(sql.raw("t.school_id"), S)}`;
    const tot = await this.one(sql`select count(*)::int as total, (count(*) filter (where ${live}))::int as online from account t where ${teacher}`);
    const bySchool = await this.q(
      sql`select t.school_id, count(*)::int as n from account t where ${teacher} and ${live} group by 1 order by n desc, t.school_id asc`,
    );
    const names = await this.schoolNames(bySchool.map((r) => int(r.school_id)));
    const today = shanghai(this.d.now()).startOf("day").toDate().toISOString();
    const ofTeachers = sql`(select t.id from account t where ${teacher})`;
    const td = await this.one(sql`select
      (select count(*)::int from video v where v.status = 'ready' and v.created_at >= ${today}::timestamptz and v.account_id in ${ofTeachers}) as videos,
      (select count(*)::int from analysis_course a where a.created_at >= ${today}::timestamptz and a.account_id in ${ofTeachers}) as analyses,
      (select count(*)::int from listen_evaluation ev where ev.status = 1 and ev.updated_at >= ${today}::timestamptz and ev.account_id in ${ofTeachers}) as evaluations,
      (select count(*)::int from listen_evaluate le where le.status = 1 and le.start_time >= ${today}::timestamptz and le.start_time < ${today}::timestamptz + interval '1 day' and le.account_id in ${ofTeachers}) as listen`);

    let teachers: OnlineTeachers["teachers"] = null;
    if (c?.id && scopeOf(c).kind !== "none") {
      const mine = await this.d.org.schoolsInScope(c);
      const rows = await this.q(sql`select t.id, t.realname, t.school_id,
          (select min(se.created_at) from session se where se.account_id = t.id and se.ended_at is null and se.expires_at > ${now}::timestamptz) as since,
          (select count(*)::int from video v where v.status = 'ready' and v.created_at >= ${today}::timestamptz and v.account_id = t.id) as videos,
          (select count(*)::int from analysis_course a where a.created_at >= ${today}::timestamptz and a.account_id = t.id) as analyses,
          (select count(*)::int from listen_evaluation ev where ev.status = 1 and ev.updated_at >= ${today}::timestamptz and ev.account_id = t.id) as evaluations,
          (select count(*)::int from listen_evaluate le where le.status = 1 and le.start_time >= ${today}::timestamptz and le.start_time < ${today}::timestamptz + interval '1 day' and le.account_id = t.id) as listen
        from account t where ${teacher} and ${live} and ${schoolsSql(sql.raw("t.school_id"), mine)} order by since desc, t.id asc limit 200`);
      const more = await this.schoolNames(rows.map((r) => int(r.school_id)));
      teachers = rows.map((r) => ({
        account_id: int(r.id),
        realname: String(r.realname),
        school_name: more.get(int(r.school_id)) ?? "",
        since: minuteOf(r.since as string).slice(11),
        today: { videos: int(r.videos), analyses: int(r.analyses), evaluations: int(r.evaluations), listen_records: int(r.listen) },
      }));
    }
    return {
      online: int(tot.online),
      teachers_total: int(tot.total),
      by_school: bySchool.map((r) => ({
        school_id: int(r.school_id),
        school_name: int(r.school_id) ? (names.get(int(r.school_id)) ?? "") : UNSET_SCHOOL,
        online: int(r.n),
      })),
      today: { videos: int(td.videos), analyses: int(td.analyses), evaluations: int(td.evaluations), listen_records: int(td.listen) },
      teachers,
    };
  }

  // ── evaluated lessons ──────────────────────────────────────────────────────────────────────────────────────

  async evaluationClass(c: Caller, p: EvaluationClassPayload): Promise<EvaluationClassList> {
    // #9's visibility rules (ListenAccess.visibleSql), written over listen_evaluate's own column names.
    const visible = (await this.d.listen.visibleSql(c)) ?? sql`true`;
    const where = sql`listen_evaluate.status = 1 and (${visible})
      and ${p.school_id ? sql`listen_evaluate.school_id = ${p.school_id}` : sql`true`}
      and ${p.subject_id ? sql`listen_evaluate.subject_id = ${p.subject_id}` : sql`true`}
      and ${p.is_type ? sql`listen_evaluate.is_type = ${p.is_type}` : sql`true`}
      and ${p.name ? sql`listen_evaluate.name ilike ${`%${p.name.replace(/[%_\\]/g, "\\$&")}%`}` : sql`true`}`;
    const total = int((await this.one(sql`select count(*)::int as n from listen_evaluate where ${where}`)).n);
    const n = sql.raw(`(select count(*) from listen_evaluation ev where ev.record_id = listen_evaluate.id and ev.status = 1)`);
    const mean = sql.raw(
      `(case when listen_evaluate.evaluation_type = 1 then (select avg(ev.total_score) from listen_evaluation ev where ev.record_id = listen_evaluate.id and ev.status = 1) end)`,
    );
    const order =
      p.order === "score"
        ? sql`${mean} desc nulls last, listen_evaluate.start_time desc, listen_evaluate.id desc`
        : p.order === "count"
          ? sql`${n} desc, listen_evaluate.start_time desc, listen_evaluate.id desc`
          : sql`listen_evaluate.start_time desc, listen_evaluate.id desc`;
    const rows =
      await this.q(sql`select listen_evaluate.id, listen_evaluate.name, listen_evaluate.is_type, listen_evaluate.school_id, listen_evaluate.subject_id,
        listen_evaluate.grade_name, listen_evaluate.logo_url, listen_evaluate.start_time,
        coalesce(nullif(listen_evaluate.teacher_account_id, 0), listen_evaluate.account_id) as teacher, ${n}::int as n, ${mean} as mean
      from listen_evaluate where ${where} order by ${order} limit ${p.limit} offset ${(p.page - 1) * p.limit}`);
    const people = await this.accountNames(rows.map((r) => int(r.teacher)));
    const schools = await this.schoolNames(rows.map((r) => int(r.school_id)));
    const subjects = await this.subjectNames(rows.map((r) => int(r.subject_id)));
    return {
      total,
      page: p.page,
      limit: p.limit,
      list: rows.map((r) => ({
        id: int(r.id),
        name: String(r.name),
        is_type: int(r.is_type),
        teacher_name: people.get(int(r.teacher))?.realname ?? "",
        school_name: schools.get(int(r.school_id)) ?? "",
        subject_name: subjects.get(int(r.subject_id)) ?? "",
        grade_name: String(r.grade_name ?? ""),
        logo_url: String(r.logo_url ?? ""),
        start_time: minuteOf(r.start_time as string),
        evaluations: int(r.n),
        mean_score: round2(r.mean),
      })),
    };
  }
}

/**
 * The front site's own lists (issue #11; docs/api/front.md): live classrooms, school bulletins, published AI analyses,
 * lesson films and the home page's blocks. Read-only over the tables of #6 (equipment, timetable, recording, video),
 * #7 (notice), #10 (analysis_course) and #11 (course_resource, review_activity, topic).
 *
 * What anonymous callers may see (decisions 1150–1153): published notices, analyses with publish_status 1 and status
 * 2, review activities past their draft, published topics, and a device's live play address only while the lesson
 * on its class's timetable now is marked is_live.
 */
import {
  COURSE_TYPE_NAMES,
  FILM_KINDS,
  type FilmCard,
  type FilmKind,
  type FrontAnalysisCard,
  type FrontAnalysisListPayload,
  type FrontBulletinDetail,
  type FrontBulletinList,
  type FrontBulletinListPayload,
  type FrontBulletinRow,
  type FrontFilmDetail,
  type FrontFilmList,
  type FrontFilmListPayload,
  type FrontHome,
  type FrontHomePayload,
  type FrontLiveList,
  type FrontLiveListPayload,
  type FrontLiveRow,
  type FrontOptions,
  type FrontReviewCard,
  type FrontTopicCard,
  NOTICE_KIND_NAMES,
  NOTICE_KINDS,
  NOTICE_TYPES,
  REVIEW_PHASE_NAMES,
  type Page,
  type TeachingMode,
  TIME_ZONE,
  type VideoRow,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { type SQL, and, count, desc, eq, gt, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { analysisCourse } from "../analysis/analysis.schema.js";
import { equipment } from "../equipment/equipment.schema.js";
import { notice } from "../notice/notice.schema.js";
import { grade, period, school, schoolClass, subject } from "../org/org.schema.js";
import { and2, containsPattern } from "../org/period.service.js";
import { recording, timetable } from "../recording/recording.schema.js";
import { courseResource, courseResourceBind, resourceViewLog } from "../resource/resource.schema.js";
import { reviewActivity, reviewSignup, reviewWork } from "../review/review.schema.js";
import { topic, topicItem } from "../topic/topic.schema.js";
import { video } from "../video/video.schema.js";

type Out<T extends z.ZodType> = z.output<T>;

export interface FrontServiceDeps {
  db: Db;
  /** services.media.videos.row: a VideoRow with signed play addresses. */
  videoRow(id: number): Promise<VideoRow>;
  /** Signs a playback path (/live/<device>/<camera>/index.m3u8). */
  signPlayback(path: string): string;
  now?: () => Date;
}

const SLOT_CANCELLED = 3;
const plain = (html: string, max: number) => {
  const t = html
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|table|blockquote)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
};

export class FrontService {
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(private readonly deps: FrontServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
  }

  // ── live classrooms ─────────────────────────────────────────────────────────────────────────────────────

  private liveSelect() {
    return this.db
      .select({
        t: timetable,
        e_id: equipment.id,
        position: equipment.position,
        teacher_live: equipment.teacher_live,
        student_live: equipment.student_live,
        school_name: school.title,
        class_name: schoolClass.name,
        grade_name: grade.name,
        subject_name: subject.name,
        teacher_name: account.realname,
      })
      .from(timetable)
      .leftJoin(equipment, and(eq(equipment.new_class_id, timetable.class_id), eq(equipment.school_id, timetable.school_id), eq(equipment.status, 1)))
      .leftJoin(school, eq(school.id, timetable.school_id))
      .leftJoin(schoolClass, eq(schoolClass.id, timetable.class_id))
      .leftJoin(grade, eq(grade.id, schoolClass.grade_id))
      .leftJoin(subject, eq(subject.id, timetable.subject_id))
      .leftJoin(account, eq(account.id, timetable.account_id))
      .$dynamic();
  }

  private liveRow(r: Awaited<ReturnType<ReturnType<FrontService["liveSelect"]>["execute"]>>[number], state: "live" | "upcoming"): FrontLiveRow {
    const id = r.e_id ?? 0;
    const live = state === "live" && id > 0;
    const sign = (cam: "teacher" | "student", on: boolean | null) => (live && on ? this.deps.signPlayback(`/live/${id}/${cam}/index.m3u8`) : "");
    const teacherOn = Boolean(r.teacher_live);
    const studentOn = Boolean(r.student_live);
    // The teacher camera first; a classroom publishing only its student camera plays that one.
    const main = teacherOn ? "teacher" : "student";
    return {
      timetable_id: r.t.id,
      state,
      equipment_id: id,
      position: r.position ?? "",
      school_id: r.t.school_id,
      school_name: r.school_name ?? "",
      class_name: `${r.grade_name ?? ""}${r.class_name ?? ""}`,
      course_name: r.t.course_name,
      chapter_name: r.t.chapter_name,
      subject_name: r.subject_name ?? "",
      teacher_name: r.teacher_name ?? "",
      start_time: formatTime(r.t.start_at),
      end_time: formatTime(r.t.end_at),
      cover_url: r.t.cover_url,
      hls_url: sign(main, teacherOn || studentOn),
      flv_url: live && (teacherOn || studentOn) ? this.deps.signPlayback(`/live/${id}/${main}.flv`) : "",
      student_hls_url: teacherOn ? sign("student", studentOn) : "",
    };
  }

  /** Classrooms streaming now whose current timetable lesson is is_live (a device streaming anything else is left out). */
  private async liveNow(schoolId: number | undefined, limit: number): Promise<{ rows: FrontLiveRow[]; total: number }> {
    const now = this.now();
    const where = and2(
      eq(timetable.is_live, 1),
      ne(timetable.status, SLOT_CANCELLED),
      lte(timetable.start_at, now),
      gt(timetable.end_at, now),
      or(eq(equipment.teacher_live, true), eq(equipment.student_live, true)),
      schoolId ? eq(timetable.school_id, schoolId) : undefined,
    );
    const rows = await this.liveSelect().where(where).orderBy(timetable.start_at, timetable.id).limit(200);
    // One row per device (a class with two overlapping lessons shows the earlier one).
    const seen = new Set<number>();
    const out: FrontLiveRow[] = [];
    for (const r of rows) {
      if (!r.e_id || seen.has(r.e_id)) continue;
      seen.add(r.e_id);
      out.push(this.liveRow(r, "live"));
    }
    return { rows: out.slice(0, limit), total: out.length };
  }

  private async upcomingToday(schoolId: number | undefined): Promise<FrontLiveRow[]> {
    const now = this.now();
    const today = dayjs(now).tz(TIME_ZONE).format("YYYY-MM-DD");
    const rows = await this.liveSelect()
      .where(
        and2(
          eq(timetable.is_live, 1),
          ne(timetable.status, SLOT_CANCELLED),
          eq(timetable.currency_date, today),
          gt(timetable.start_at, now),
          schoolId ? eq(timetable.school_id, schoolId) : undefined,
        ),
      )
      .orderBy(timetable.start_at, timetable.id)
      .limit(100);
    const seen = new Set<number>();
    return rows
      .filter((r) => {
        if (seen.has(r.t.id)) return false;
        seen.add(r.t.id);
        return true;
      })
      .map((r) => this.liveRow(r, "upcoming"));
  }

  /** /web/live/list */
  async liveList(q: Out<typeof FrontLiveListPayload>): Promise<FrontLiveList> {
    const live = await this.liveNow(q.school_id || undefined, 100);
    const upcoming = await this.upcomingToday(q.school_id || undefined);
    const replays = q.replay_limit ? (await this.films({ kind: "replay", page: 1, limit: q.replay_limit, school_id: q.school_id })).list : [];
    return { live: live.rows, upcoming, replays };
  }

  // ── films (video cards) ─────────────────────────────────────────────────────────────────────────────────

  /** The videos of a kind: ids with the course each is bound to (the newest binding). */
  private filmIds(kind: FilmKind): SQL {
    if (kind === "replay") {
      return sql`select ${video.id} as vid, 0 as cid from ${video} join ${recording} on ${recording.id} = ${video.recording_id} join ${timetable} on ${timetable.id} = ${recording.timetable_id} where ${timetable.is_live} = 1 and ${video.status} = 'ready'`;
    }
    const types = kind === "featured" ? sql`(1, 3)` : sql`(4)`;
    return sql`select distinct on (b.resources_id) b.resources_id as vid, top.id as cid from ${courseResourceBind} b join ${courseResource} node on node.id = b.course_id join ${courseResource} top on top.id = case when node.top_id > 0 then node.top_id else node.id end join ${video} v on v.id = b.resources_id where b.resources_type = 1 and top.status = 1 and top.course_type in ${types} and v.status = 'ready' order by b.resources_id, b.id desc`;
  }

  private async filmCards(rows: { vid: number; cid: number; views: number }[]): Promise<FilmCard[]> {
    const cids = [...new Set(rows.map((r) => r.cid).filter((x) => x > 0))];
    const courses = cids.length
      ? await this.db
          .select({ id: courseResource.id, name: courseResource.name, course_type: courseResource.course_type })
          .from(courseResource)
          .where(inArray(courseResource.id, cids))
      : [];
    const byId = new Map(courses.map((c) => [c.id, c]));
    const out: FilmCard[] = [];
    for (const r of rows) {
      const v = await this.deps.videoRow(r.vid).catch(() => undefined);
      if (!v) continue;
      const c = byId.get(r.cid);
      out.push({
        id: v.id,
        name: v.name,
        cover_url: v.thumbnail_url,
        duration: v.duration,
        account_id: v.account_id,
        account_name: v.account_name,
        school_id: v.school_id,
        school_name: v.school_name,
        subject_name: v.subject_name,
        grade_name: v.grade_name,
        period_name: v.period_name,
        course_id: c?.id ?? 0,
        course_name: c?.name ?? "",
        course_type: c?.course_type ?? 0,
        course_type_name: c ? (COURSE_TYPE_NAMES[c.course_type] ?? "") : "",
        views: Number(r.views) || 0,
        created_at: v.created_at,
      });
    }
    return out;
  }

  /** /web/film/list */
  async films(q: Omit<Out<typeof FrontFilmListPayload>, "kind"> & { kind: FilmKind; exclude?: number; subject_first?: number }): Promise<FrontFilmList> {
    const conds: SQL[] = [];
    if (q.name) conds.push(sql`v.name ilike ${containsPattern(q.name)}`);
    if (q.subject_id) conds.push(sql`v.subject_id = ${q.subject_id}`);
    if (q.period_id) conds.push(sql`v.period_id = ${q.period_id}`);
    if (q.school_id) conds.push(sql`v.school_id = ${q.school_id}`);
    if (q.subject_name) conds.push(sql`v.subject_id in (select ${subject.id} from ${subject} where ${subject.name} = ${q.subject_name})`);
    if (q.period_name) conds.push(sql`v.period_id in (select ${period.id} from ${period} where ${period.name} = ${q.period_name})`);
    if (q.exclude) conds.push(sql`v.id <> ${q.exclude}`);
    const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
    const base = sql`from (${this.filmIds(q.kind)}) f join ${video} v on v.id = f.vid ${where}`;
    const views = sql`(select count(*)::int from ${resourceViewLog} l where l.target_type = 1 and l.target_id = v.id)`;
    const order =
      q.subject_first !== undefined
        ? sql`order by (v.subject_id = ${q.subject_first}) desc, v.created_at desc, v.id desc`
        : q.order === "hot"
          ? sql`order by views desc, v.created_at desc, v.id desc`
          : sql`order by v.created_at desc, v.id desc`;
    const totalRows = await this.db.execute(sql`select count(*)::int as n ${base}`);
    const rows = await this.db.execute(sql`select f.vid, f.cid, ${views} as views ${base} ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
    const list = await this.filmCards(
      rowsOf<{ vid: number; cid: number; views: number }>(rows).map((r) => ({ vid: Number(r.vid), cid: Number(r.cid), views: Number(r.views) })),
    );
    return { list, total: Number(rowsOf<{ n: number }>(totalRows)[0]?.n ?? 0), page: q.page, limit: q.limit, kind: q.kind };
  }

  /** /web/film/detail: a video listed under some kind (published course or live replay); 404 otherwise. */
  async filmDetail(id: number, want?: FilmKind): Promise<FrontFilmDetail> {
    let kind: FilmKind | undefined;
    let cid = 0;
    for (const k of want ? [want, ...FILM_KINDS.filter((x) => x !== want)] : FILM_KINDS) {
      const r = rowsOf<{ vid: number; cid: number }>(
        await this.db.execute(sql`select f.vid, f.cid from (${this.filmIds(k)}) f where f.vid = ${id} limit 1`),
      )[0];
      if (r) {
        kind = k;
        cid = Number(r.cid);
        break;
      }
    }
    if (!kind) throw notFound("视频不存在或未公开");
    const v = await this.deps.videoRow(id);
    const views =
      rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n from ${resourceViewLog} where target_type = 1 and target_id = ${id}`))[0]?.n ??
      0;
    const [film] = await this.filmCards([{ vid: id, cid, views: Number(views) }]);
    const [course] = cid
      ? await this.db.select({ course_introduce: courseResource.course_introduce }).from(courseResource).where(eq(courseResource.id, cid))
      : [];
    const [analysis] = await this.db
      .select({ id: analysisCourse.id })
      .from(analysisCourse)
      .where(and(eq(analysisCourse.video_id, id), eq(analysisCourse.publish_status, 1), eq(analysisCourse.status, 2)))
      .orderBy(desc(analysisCourse.id))
      .limit(1);
    const related = await this.films({ kind, page: 1, limit: 8, exclude: id, subject_first: v.subject_id });
    const camName: Record<string, string> = { teacher: "教师机位", student: "学生机位", main: "主画面" };
    return {
      film: film!,
      cameras: v.cameras.map((c) => ({ camera: c.camera, name: camName[c.camera] ?? c.camera, url: c.url, hls_url: c.hls_url })),
      course_introduce: course?.course_introduce ?? "",
      analysis_id: analysis?.id ?? 0,
      related: related.list,
    };
  }

  // ── bulletins ───────────────────────────────────────────────────────────────────────────────────────────

  /** A notice's school: its own school_id, else its author's (platform / web notices carry none; decision 1151). */
  private readonly bulletinSchool = sql<number>`coalesce(nullif(${notice.school_id}, 0), ${account.school_id}, 0)`;
  private bulletinWhere(schoolId?: number, name?: string): SQL {
    return and(
      inArray(notice.notice_type, [NOTICE_KINDS.platform, NOTICE_KINDS.web]),
      eq(notice.status, 1),
      schoolId !== undefined ? sql`${this.bulletinSchool} = ${schoolId}` : undefined,
      name ? sql`${notice.name} ilike ${containsPattern(name)}` : undefined,
    )!;
  }

  private bulletinSelect() {
    return this.db
      .select({ n: notice, account_name: account.realname, school_id: this.bulletinSchool, school_name: school.title })
      .from(notice)
      .leftJoin(account, eq(account.id, notice.account_id))
      .leftJoin(school, sql`${school.id} = ${this.bulletinSchool}`)
      .$dynamic();
  }

  private bulletinRow(r: Awaited<ReturnType<ReturnType<FrontService["bulletinSelect"]>["execute"]>>[number]): FrontBulletinRow {
    return {
      id: r.n.id,
      name: r.n.name,
      notice_type: r.n.notice_type,
      notice_type_name: NOTICE_KIND_NAMES[r.n.notice_type] ?? "",
      type_name: NOTICE_TYPES[r.n.type] ?? "",
      school_id: Number(r.school_id) || 0,
      school_name: Number(r.school_id) ? (r.school_name ?? "") : "平台",
      account_name: r.account_name ?? "",
      excerpt: plain(r.n.message_content, 120),
      created_at: formatTime(r.n.created_at),
    };
  }

  /** /web/bulletin/list */
  async bulletins(q: Out<typeof FrontBulletinListPayload>): Promise<FrontBulletinList> {
    // school_id 0 asks for the platform-wide notices; absent: every school.
    const where = this.bulletinWhere(q.school_id, q.name);
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(notice).leftJoin(account, eq(account.id, notice.account_id)).where(where);
    const rows = await this.bulletinSelect()
      .where(where)
      .orderBy(desc(notice.created_at), desc(notice.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const groups = await this.db
      .select({ id: this.bulletinSchool, name: school.title, n: count() })
      .from(notice)
      .leftJoin(account, eq(account.id, notice.account_id))
      .leftJoin(school, sql`${school.id} = ${this.bulletinSchool}`)
      .where(this.bulletinWhere())
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`);
    return {
      list: rows.map((r) => this.bulletinRow(r)),
      total: n,
      page: q.page,
      limit: q.limit,
      schools: groups.map((g) => ({ id: Number(g.id) || 0, name: Number(g.id) ? (g.name ?? "") : "平台", count: g.n })),
    };
  }

  /** /web/bulletin/detail: a published platform / web notice. */
  async bulletinDetail(id: number): Promise<FrontBulletinDetail> {
    const [r] = await this.bulletinSelect().where(and(this.bulletinWhere(), eq(notice.id, id)));
    if (!r) throw notFound("公告不存在或未发布");
    return { ...this.bulletinRow(r), message_content: r.n.message_content, start_time: formatTime(r.n.start_time), end_time: formatTime(r.n.end_time) };
  }

  // ── AI-analysed lessons ─────────────────────────────────────────────────────────────────────────────────

  /** /web/analysis/list: published (publish_status 1) and finished (status 2) analyses only. */
  async analyses(q: Out<typeof FrontAnalysisListPayload>): Promise<Page<FrontAnalysisCard>> {
    const where = and2(
      eq(analysisCourse.publish_status, 1),
      eq(analysisCourse.status, 2),
      q.name ? sql`${analysisCourse.name} ilike ${containsPattern(q.name)}` : undefined,
      q.subject_id ? eq(analysisCourse.subject_id, q.subject_id) : undefined,
      q.period_id ? eq(analysisCourse.period_id, q.period_id) : undefined,
      q.school_id ? eq(analysisCourse.school_id, q.school_id) : undefined,
      q.subject_name ? sql`${analysisCourse.subject_id} in (select ${subject.id} from ${subject} where ${subject.name} = ${q.subject_name})` : undefined,
      q.period_name ? sql`${analysisCourse.period_id} in (select ${period.id} from ${period} where ${period.name} = ${q.period_name})` : undefined,
      q.teacher ? sql`${account.realname} ilike ${containsPattern(q.teacher)}` : undefined,
      q.mode ? sql`${analysisCourse.result} -> 'st' ->> 'mode' = ${q.mode}` : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: count() })
      .from(analysisCourse)
      .leftJoin(account, eq(account.id, analysisCourse.account_id))
      .where(where);
    const rows = await this.db
      .select({
        id: analysisCourse.id,
        name: analysisCourse.name,
        video_id: analysisCourse.video_id,
        school_id: analysisCourse.school_id,
        subject_id: analysisCourse.subject_id,
        period_id: analysisCourse.period_id,
        st: sql<{ available?: boolean; rt?: number; ch?: number; mode?: TeachingMode } | null>`${analysisCourse.result} -> 'st'`,
        duration: sql<number | null>`(${analysisCourse.result} ->> 'duration')::float`,
        finished_at: analysisCourse.finished_at,
        account_name: account.realname,
        school_name: school.title,
        subject_name: subject.name,
        grade_name: grade.name,
      })
      .from(analysisCourse)
      .leftJoin(account, eq(account.id, analysisCourse.account_id))
      .leftJoin(school, eq(school.id, analysisCourse.school_id))
      .leftJoin(subject, eq(subject.id, analysisCourse.subject_id))
      .leftJoin(grade, eq(grade.id, analysisCourse.grade_id))
      .where(where)
      .orderBy(desc(analysisCourse.finished_at), desc(analysisCourse.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const list: FrontAnalysisCard[] = [];
    for (const r of rows) {
      const v = await this.deps.videoRow(r.video_id).catch(() => undefined);
      const st = r.st?.available ? r.st : null;
      list.push({
        id: r.id,
        name: r.name,
        video_id: r.video_id,
        cover_url: v?.thumbnail_url ?? "",
        duration: Math.round(r.duration ?? v?.duration ?? 0),
        account_name: r.account_name ?? "",
        school_id: r.school_id,
        school_name: r.school_name ?? "",
        subject_id: r.subject_id,
        subject_name: r.subject_name ?? "",
        grade_name: r.grade_name ?? "",
        period_id: r.period_id,
        mode: st?.mode ?? null,
        rt: st?.rt ?? null,
        ch: st?.ch ?? null,
        finished_at: formatTime(r.finished_at),
      });
    }
    return { list, total: n, page: q.page, limit: q.limit };
  }

  /** /web/front/options */
  async options(): Promise<FrontOptions> {
    const schools = await this.db.select({ id: school.id, name: school.title }).from(school).where(eq(school.status, 1)).orderBy(school.id);
    const periods = await this.db.selectDistinct({ name: period.name, sort: period.sort }).from(period).orderBy(period.sort, period.name);
    const subjects = await this.db.selectDistinct({ name: subject.name }).from(subject).orderBy(subject.name);
    return { schools, periods: [...new Set(periods.map((p) => p.name))], subjects: subjects.map((s) => s.name) };
  }

  // ── home ────────────────────────────────────────────────────────────────────────────────────────────────

  private async reviewCards(schoolId: number | undefined, limit: number): Promise<FrontReviewCard[]> {
    const rows = await this.db
      .select({
        a: reviewActivity,
        school_name: school.title,
        signups: sql<number>`(select count(*)::int from ${reviewSignup} where ${reviewSignup.activity_id} = ${reviewActivity.id})`,
        works: sql<number>`(select count(*)::int from ${reviewWork} where ${reviewWork.activity_id} = ${reviewActivity.id} and ${reviewWork.status} = 1)`,
      })
      .from(reviewActivity)
      .leftJoin(school, eq(school.id, reviewActivity.school_id))
      .where(
        and2(
          eq(reviewActivity.status, 1),
          sql`${reviewActivity.phase} >= 1`,
          schoolId ? or(eq(reviewActivity.school_id, schoolId), eq(reviewActivity.school_id, 0)) : undefined,
        ),
      )
      .orderBy(sql`${reviewActivity.phase} = 4`, desc(reviewActivity.created_at), desc(reviewActivity.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.a.id,
      title: r.a.title,
      cover_url: r.a.cover_url,
      phase: r.a.phase,
      phase_name: REVIEW_PHASE_NAMES[r.a.phase] ?? "",
      school_name: r.a.school_id ? (r.school_name ?? "") : "区域",
      signup_count: r.signups,
      work_count: r.works,
      signup_end: formatTime(r.a.signup_end),
      submit_end: formatTime(r.a.submit_end),
      review_end: formatTime(r.a.review_end),
    }));
  }

  private async topicCards(schoolId: number | undefined, limit: number): Promise<FrontTopicCard[]> {
    const rows = await this.db
      .select({ t: topic, items: sql<number>`(select count(*)::int from ${topicItem} where ${topicItem.topic_id} = ${topic.id})` })
      .from(topic)
      .where(and2(eq(topic.status, 1), schoolId ? or(eq(topic.school_id, schoolId), eq(topic.school_id, 0)) : undefined))
      .orderBy(desc(topic.sort), desc(topic.created_at), desc(topic.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.t.id, title: r.t.title, description: plain(r.t.description, 80), cover_url: r.t.cover_url, item_count: r.items }));
  }

  /** /web/front/home */
  async home(q: Out<typeof FrontHomePayload>): Promise<FrontHome> {
    const sid = q.school_id || undefined;
    const live = await this.liveNow(sid, 6);
    const analyses = await this.analyses({ page: 1, limit: 8, school_id: sid, period_id: q.period_id || undefined });
    const reviews = await this.reviewCards(sid, 4);
    const bulletins = (await this.bulletins({ page: 1, limit: 6, school_id: sid })).list;
    const topics = await this.topicCards(sid, 6);
    const [counts] = rowsOf<{ courses: number; videos: number; teachers: number; schools: number }>(
      await this.db.execute(
        sql`select (select count(*)::int from ${courseResource} where status = 1 and level = 1 ${sid ? sql`and school_id = ${sid}` : sql``}) as courses,
          (select count(*)::int from ${video} where status = 'ready' ${sid ? sql`and school_id = ${sid}` : sql``}) as videos,
          (select count(distinct account_id)::int from ${video} where status = 'ready' ${sid ? sql`and school_id = ${sid}` : sql``}) as teachers,
          (select count(*)::int from ${school} where status = 1 ${sid ? sql`and id = ${sid}` : sql``}) as schools`,
      ),
    );
    return {
      live: live.rows,
      analyses: analyses.list,
      reviews,
      bulletins,
      topics,
      counts: {
        courses: Number(counts?.courses ?? 0),
        videos: Number(counts?.videos ?? 0),
        analyses: analyses.total,
        teachers: Number(counts?.teachers ?? 0),
        schools: Number(counts?.schools ?? 0),
        live: live.total,
      },
    };
  }
}

/** db.execute answers rows (PGlite: {rows}; node-postgres: {rows}). */
function rowsOf<T>(r: unknown): T[] {
  if (Array.isArray(r)) return r as T[];
  return ((r as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Timetables (课表) per class and week, and reservations (预约录制): the slots the recorder records
 * (docs/api/recording.md; decisions 0620, 0623).
 *
 * Scope: the administration calls cover the schools the caller manages (OrgService.schoolsInScope); the NINGXIA
 * week (c358) also the caller's own school; a reservation is a teacher's own, for a class of his school.
 */
import {
  type NxTimetablePayload,
  type Page,
  type ReservationListPayload,
  type ReservationSave,
  SLOT_MAX_MINUTES,
  SLOT_STATUS,
  SLOT_STATUS_NAMES,
  type TimetableListPayload,
  type TimetableRow,
  type TimetableSave,
  type TimetableUpdate,
  type TimetableWeek,
} from "@yanke/protocol";
import { type SQL, and, asc, desc, eq, gt, gte, inArray, lt, ne, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { grade, period, schoolClass, subject } from "../org/org.schema.js";
import type { OrgService } from "../org/org.service.js";
import type { Caller } from "../../http/caller.js";
import { OUT_OF_SCOPE, and2, containsPattern, inSchools } from "../org/period.service.js";
import { addDays, clockOf, dateOf, dayStart, mondayOf, parseWhen, weekdayOf } from "./clock.js";
import { recording, timetable } from "./recording.schema.js";

type SlotRecord = typeof timetable.$inferSelect;

export interface ClassInfo {
  id: number;
  school_id: number;
  name: string;
  grade_id: number;
  grade_name: string;
  period_id: number;
}

/** Statuses that hold a class's time (a cancelled or missed slot frees it). */
const HOLDING = [SLOT_STATUS.scheduled, SLOT_STATUS.recording, SLOT_STATUS.done];
const TEACHER = 2;

export interface TimetableDeps {
  db: Db;
  org: OrgService;
  now: () => Date;
}

/** The demo timetable's periods (docs/demo-data.md). */
const DEMO_PERIODS: readonly (readonly [string, string])[] = [
  ["08:00", "08:40"],
  ["10:00", "10:40"],
  ["14:30", "15:10"],
];
const DEMO_CHAPTERS = ["第一单元《春》", "第一单元《济南的冬天》", "第二单元《秋天的怀念》", "第三单元《从百草园到三味书屋》", "第四单元《纪念白求恩》"];

export class TimetableService {
  private readonly db: Db;

  constructor(private readonly deps: TimetableDeps) {
    this.db = deps.db;
  }

  // ── lookups ──────────────────────────────────────────────────────────────────────────────────────────────

  async classInfo(classId: number): Promise<ClassInfo | undefined> {
    const [row] = await this.db
      .select({
        id: schoolClass.id,
        school_id: schoolClass.school_id,
        name: schoolClass.name,
        grade_id: schoolClass.grade_id,
        grade_name: grade.name,
        period_id: grade.period_id,
      })
      .from(schoolClass)
      .innerJoin(grade, eq(grade.id, schoolClass.grade_id))
      .where(eq(schoolClass.id, classId));
    return row;
  }

  /** A class of a school the caller manages (404 otherwise). */
  private async managedClass(c: Caller, classId: number): Promise<ClassInfo> {
    const info = await this.classInfo(classId);
    if (!info || !(await this.deps.org.inScope(c, info.school_id))) throw notFound(`班级${OUT_OF_SCOPE}`);
    return info;
  }

  /** Schools whose timetables the caller reads in the NINGXIA week: those he manages and his own. */
  private async visibleSchools(c: Caller): Promise<number[] | undefined> {
    const m = await this.deps.org.schoolsInScope(c);
    if (m === undefined) return undefined;
    return c.school_id && !m.includes(c.school_id) ? [...m, c.school_id] : m;
  }

  async slot(id: number): Promise<SlotRecord | undefined> {
    const [row] = await this.db.select().from(timetable).where(eq(timetable.id, id));
    return row;
  }

  /** A slot of a school the caller manages (404 otherwise). */
  async managedSlot(c: Caller, id: number): Promise<SlotRecord> {
    const row = await this.slot(id);
    if (!row || !(await this.deps.org.inScope(c, row.school_id))) throw notFound(`课程${OUT_OF_SCOPE}`);
    return row;
  }

  private async checkSubject(subjectId: number, schoolId: number): Promise<void> {
    if (!subjectId) return;
    const [row] = await this.db
      .select({ school_id: period.school_id })
      .from(subject)
      .innerJoin(period, eq(period.id, subject.period_id))
      .where(eq(subject.id, subjectId));
    if (!row) throw badInput("学科(subject_id): 不存在");
    if (row.school_id !== schoolId) throw badInput("学科(subject_id): 不是该班级所在学校的学科");
  }

  private async checkTeacher(accountId: number, schoolId: number): Promise<void> {
    if (!accountId) return;
    const [row] = await this.db.select({ school_id: account.school_id }).from(account).where(eq(account.id, accountId));
    if (!row) throw badInput("授课教师(account_id): 账号不存在");
    if (row.school_id !== schoolId) throw badInput("授课教师(account_id): 不是该班级所在学校的教师");
  }

  /** The slot's window from the payload: both times on currency_date (or full date-times), checked. */
  private window(p: { start_date: string; end_date: string; currency_date?: string }, isNew: boolean): { start: Date; end: Date; date: string } {
    const start = parseWhen(p.start_date, p.currency_date);
    if (!start) throw badInput(p.currency_date ? "开始时间(start_date): 不是有效的时间" : "开始时间(start_date): 只写时刻时请同时给出上课日期(currency_date)");
    const date = p.currency_date ?? dateOf(start);
    const end = parseWhen(p.end_date, date);
    if (!end) throw badInput("结束时间(end_date): 不是有效的时间");
    if (end <= start) throw badInput("结束时间(end_date): 必须晚于开始时间");
    if (end.getTime() - start.getTime() > SLOT_MAX_MINUTES * 60_000) throw badInput(`一节课最长 ${SLOT_MAX_MINUTES} 分钟`);
    if (p.currency_date && dateOf(start) !== p.currency_date) throw badInput("开始时间(start_date): 与上课日期(currency_date)不是同一天");
    if (isNew && end <= this.deps.now()) throw badInput("结束时间(end_date): 已经过去，不能安排录制");
    return { start, end, date };
  }

  /** 409 when another slot of the class holds part of [start, end). */
  private async checkOverlap(classId: number, start: Date, end: Date, selfId?: number): Promise<void> {
    const [other] = await this.db
      .select({
        id: timetable.id,
        course_name: timetable.course_name,
        start_at: timetable.start_at,
        end_at: timetable.end_at,
        currency_date: timetable.currency_date,
      })
      .from(timetable)
      .where(
        and2(
          eq(timetable.class_id, classId),
          inArray(timetable.status, HOLDING),
          lt(timetable.start_at, end),
          gt(timetable.end_at, start),
          selfId ? ne(timetable.id, selfId) : undefined,
        ),
      )
      .orderBy(asc(timetable.start_at))
      .limit(1);
    if (other) {
      throw conflict(`时间冲突：该班级 ${other.currency_date} ${clockOf(other.start_at)}–${clockOf(other.end_at)} 已安排《${other.course_name}》`);
    }
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────

  private select() {
    return this.db
      .select({
        t: timetable,
        class_name: schoolClass.name,
        grade_name: grade.name,
        subject_name: subject.name,
        account_name: account.realname,
        record_id: recording.id,
        video_id: recording.video_id,
      })
      .from(timetable)
      .leftJoin(schoolClass, eq(schoolClass.id, timetable.class_id))
      .leftJoin(grade, eq(grade.id, schoolClass.grade_id))
      .leftJoin(subject, eq(subject.id, timetable.subject_id))
      .leftJoin(account, eq(account.id, timetable.account_id))
      .leftJoin(recording, eq(recording.timetable_id, timetable.id));
  }

  private toRow(r: Awaited<ReturnType<ReturnType<TimetableService["select"]>["execute"]>>[number]): TimetableRow {
    const t = r.t;
    return {
      id: t.id,
      school_id: t.school_id,
      class_id: t.class_id,
      class_name: r.class_name === null ? "" : `${r.grade_name ?? ""}${r.class_name}`,
      subject_id: t.subject_id,
      subject_name: r.subject_name ?? "",
      account_id: t.account_id,
      account_name: r.account_name ?? "",
      chapter_name: t.chapter_name,
      course_name: t.course_name,
      course_type: t.course_type,
      resolution: t.resolution,
      record_model: t.record_model,
      is_research: t.is_research,
      is_active: t.is_active,
      is_observe: t.is_observe,
      is_live: t.is_live,
      is_upload: t.is_upload,
      is_ai: t.is_ai,
      cover_url: t.cover_url,
      joint_id: t.joint_id,
      week: weekdayOf(t.currency_date),
      start_date: formatTime(t.start_at),
      end_date: formatTime(t.end_at),
      currency_date: t.currency_date,
      kind: t.kind === "reservation" ? "reservation" : "timetable",
      status: t.status,
      status_name: SLOT_STATUS_NAMES[t.status] ?? String(t.status),
      record_id: r.record_id ?? 0,
      video_id: r.video_id ?? 0,
      note: t.note,
      created_by: t.created_by,
      created_at: formatTime(t.created_at),
    };
  }

  async row(id: number): Promise<TimetableRow> {
    const [r] = await this.select().where(eq(timetable.id, id));
    if (!r) throw notFound("课程不存在");
    return this.toRow(r);
  }

  private async page(where: SQL | undefined, page: number, limit: number, order: "asc" | "desc"): Promise<Page<TimetableRow>> {
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(timetable).where(where);
    const rows = await this.select()
      .where(where)
      .orderBy(order === "asc" ? asc(timetable.start_at) : desc(timetable.start_at), desc(timetable.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { list: rows.map((r) => this.toRow(r)), total: n, page, limit };
  }

  /** Stores a slot (timetable or reservation) of `cls` in the window `w`; the §3 fields come from the payload. */
  private async insertSlot(
    createdBy: number,
    kind: "timetable" | "reservation",
    cls: ClassInfo,
    w: { date: string; start: Date; end: Date },
    fields: Omit<
      typeof timetable.$inferInsert,
      "kind" | "school_id" | "class_id" | "currency_date" | "start_at" | "end_at" | "created_by" | "created_at" | "updated_at"
    >,
  ): Promise<TimetableRow> {
    const now = this.deps.now();
    const [row] = await this.db
      .insert(timetable)
      .values({
        ...fields,
        kind,
        school_id: cls.school_id,
        class_id: cls.id,
        currency_date: w.date,
        start_at: w.start,
        end_at: w.end,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: timetable.id });
    return this.row(row!.id);
  }

  /**
   * The demo classrooms' lessons (DEMO_DEVICES=1, docs/demo-data.md): for each class, its school days of this week
   * and the next at the periods below, and one 3-minute 演示课 starting a minute from now, so that a fresh start
   * records something at once. Past times and times the class already holds are skipped (a second start adds
   * nothing twice). Answers how many slots were added.
   */
  async ensureDemoTimetable(lessons: readonly { class_id: number; account_id: number; subject_id: number }[]): Promise<number> {
    const now = this.deps.now();
    const monday = mondayOf(dateOf(now));
    const soon = new Date(Math.ceil((now.getTime() + 60_000) / 60_000) * 60_000);
    const windows: { start: Date; end: Date; course: string; chapter: string; live: number }[] = [
      { start: soon, end: new Date(soon.getTime() + 3 * 60_000), course: "演示课", chapter: "启动后自动录制（3 分钟）", live: 1 },
    ];
    for (let d = 0; d < 12; d++) {
      const date = addDays(monday, d);
      if (weekdayOf(date) > 5) continue;
      for (const [i, [from, to]] of DEMO_PERIODS.entries()) {
        const start = parseWhen(from, date);
        const end = parseWhen(to, date);
        if (start && end) windows.push({ start, end, course: "语文", chapter: DEMO_CHAPTERS[(d + i) % DEMO_CHAPTERS.length]!, live: 0 });
      }
    }
    let added = 0;
    for (const l of lessons) {
      const cls = await this.classInfo(l.class_id);
      if (!cls) continue;
      for (const w of windows) {
        if (w.end <= now) continue;
        try {
          await this.checkOverlap(cls.id, w.start, w.end);
        } catch {
          continue;
        }
        await this.insertSlot(
          0,
          "timetable",
          cls,
          { date: dateOf(w.start), start: w.start, end: w.end },
          {
            course_name: w.course,
            chapter_name: w.chapter,
            subject_id: l.subject_id,
            account_id: l.account_id,
            is_live: w.live,
          },
        );
        added++;
      }
    }
    return added;
  }

  // ── timetable calls ──────────────────────────────────────────────────────────────────────────────────────

  /** c062 */
  async create(c: Caller, p: z.output<typeof TimetableSave>): Promise<TimetableRow> {
    const cls = await this.managedClass(c, p.class_id);
    const w = this.window(p, true);
    if (p.week !== undefined && p.week !== weekdayOf(w.date)) throw badInput(`星期(week): ${w.date} 是星期${weekdayOf(w.date)}，与 ${p.week} 不符`);
    await this.checkSubject(p.subject_id, cls.school_id);
    await this.checkTeacher(p.account_id, cls.school_id);
    await this.checkOverlap(cls.id, w.start, w.end);
    const { class_id: _class, week: _week, start_date: _start, end_date: _end, currency_date: _date, ...fields } = p;
    return this.insertSlot(c.id, "timetable", cls, w, fields);
  }

  /** c063: only the fields sent change; the time or class of a slot that started cannot. */
  async update(c: Caller, p: z.output<typeof TimetableUpdate>): Promise<TimetableRow> {
    const before = await this.managedSlot(c, p.id);
    const moving = p.start_date !== undefined || p.end_date !== undefined || p.currency_date !== undefined || p.class_id !== undefined;
    if (moving && before.status !== SLOT_STATUS.scheduled) throw conflict("该课程已开始录制或已结束，不能修改时间或班级");
    const set: Partial<SlotRecord> = { updated_at: this.deps.now() };
    let schoolId = before.school_id;
    let classId = before.class_id;
    if (p.class_id !== undefined && p.class_id !== before.class_id) {
      const cls = await this.managedClass(c, p.class_id);
      schoolId = cls.school_id;
      classId = cls.id;
      set.class_id = cls.id;
      set.school_id = cls.school_id;
    }
    if (moving) {
      const date = p.currency_date ?? (p.start_date !== undefined && !/^\d{2}:/.test(p.start_date) ? undefined : before.currency_date);
      const w = this.window(
        {
          start_date: p.start_date ?? formatTime(before.start_at).slice(11),
          end_date: p.end_date ?? formatTime(before.end_at).slice(11),
          currency_date: date,
        },
        true,
      );
      await this.checkOverlap(classId, w.start, w.end, before.id);
      set.start_at = w.start;
      set.end_at = w.end;
      set.currency_date = w.date;
    }
    const date = set.currency_date ?? before.currency_date;
    if (p.week !== undefined && p.week !== weekdayOf(date)) throw badInput(`星期(week): ${date} 是星期${weekdayOf(date)}，与 ${p.week} 不符`);
    if (p.subject_id !== undefined || schoolId !== before.school_id) {
      const subjectId = p.subject_id ?? before.subject_id;
      await this.checkSubject(subjectId, schoolId);
      set.subject_id = subjectId;
    }
    if (p.account_id !== undefined || schoolId !== before.school_id) {
      const accountId = p.account_id ?? before.account_id;
      await this.checkTeacher(accountId, schoolId);
      set.account_id = accountId;
    }
    for (const k of ["chapter_name", "course_name", "cover_url", "resolution"] as const) if (p[k] !== undefined) set[k] = p[k];
    for (const k of ["course_type", "record_model", "is_research", "is_active", "is_observe", "is_live", "is_upload", "is_ai", "joint_id"] as const) {
      if (p[k] !== undefined) set[k] = p[k];
    }
    await this.db.update(timetable).set(set).where(eq(timetable.id, before.id));
    return this.row(before.id);
  }

  /** c123: a slot not yet recording is cancelled (its time is freed). */
  async cancel(c: Caller, id: number): Promise<TimetableRow> {
    const before = await this.managedSlot(c, id);
    await this.cancelSlot(before);
    return this.row(id);
  }

  private async cancelSlot(before: SlotRecord): Promise<void> {
    if (before.status === SLOT_STATUS.recording) throw conflict("该课程正在录制，请先停止录制");
    if (before.status !== SLOT_STATUS.scheduled) throw conflict(`该课程${SLOT_STATUS_NAMES[before.status] ?? ""}，不能取消`);
    const [done] = await this.db
      .update(timetable)
      .set({ status: SLOT_STATUS.cancelled, updated_at: this.deps.now() })
      .where(and(eq(timetable.id, before.id), eq(timetable.status, SLOT_STATUS.scheduled)))
      .returning({ id: timetable.id });
    if (!done) throw conflict("该课程已开始录制，请先停止录制");
  }

  /** c122: a class's week (Monday to Sunday) holding `date` (default today). */
  async week(c: Caller, classId: number, date?: string): Promise<TimetableWeek> {
    const cls = await this.managedClass(c, classId);
    return this.weekOf(cls.school_id, cls.id, date);
  }

  /** c358: a class's week, or the school's (default: the caller's own school). */
  async nxWeek(c: Caller, q: z.output<typeof NxTimetablePayload>): Promise<TimetableWeek> {
    const schools = await this.visibleSchools(c);
    const sees = (id: number) => schools === undefined || schools.includes(id);
    if (q.class_id) {
      const cls = await this.classInfo(q.class_id);
      if (!cls || !sees(cls.school_id)) throw notFound("班级不存在");
      return this.weekOf(cls.school_id, cls.id, q.date);
    }
    const schoolId = q.school_id || c.school_id;
    if (!schoolId) throw badInput("学校(school_id): 必填");
    if (!sees(schoolId) || !(await this.deps.org.schoolSummary(schoolId))) throw notFound("学校不存在");
    return this.weekOf(schoolId, 0, q.date);
  }

  private async weekOf(schoolId: number, classId: number, date?: string): Promise<TimetableWeek> {
    const monday = mondayOf(date ?? dateOf(this.deps.now()));
    const sunday = addDays(monday, 6);
    const rows = await this.select()
      .where(
        and2(
          eq(timetable.school_id, schoolId),
          classId ? eq(timetable.class_id, classId) : undefined,
          gte(timetable.start_at, dayStart(monday)),
          lt(timetable.start_at, dayStart(addDays(monday, 7))),
          ne(timetable.status, SLOT_STATUS.cancelled),
        ),
      )
      .orderBy(asc(timetable.start_at), asc(timetable.class_id));
    const list = rows.map((r) => this.toRow(r));
    const days = Array.from({ length: 7 }, (_, i) => {
      const d = addDays(monday, i);
      return { date: d, week: i + 1, list: list.filter((r) => r.currency_date === d) };
    });
    return { school_id: schoolId, class_id: classId, week_start: monday, week_end: sunday, days };
  }

  /** c124: slots of the caller's schools, newest first (to_record=1: those still to record, soonest first). */
  async list(c: Caller, q: z.output<typeof TimetableListPayload>): Promise<Page<TimetableRow>> {
    const schools = await this.deps.org.schoolsInScope(c);
    const where = and2(
      inSchools(timetable.school_id, schools),
      q.school_id ? eq(timetable.school_id, q.school_id) : undefined,
      q.class_id ? eq(timetable.class_id, q.class_id) : undefined,
      q.status !== undefined ? eq(timetable.status, q.status) : undefined,
      q.to_record ? inArray(timetable.status, [SLOT_STATUS.scheduled, SLOT_STATUS.recording]) : undefined,
      q.start_date ? gte(timetable.start_at, dayStart(q.start_date)) : undefined,
      q.end_date ? lt(timetable.start_at, dayStart(addDays(q.end_date, 1))) : undefined,
      q.course_name ? sql`${timetable.course_name} ilike ${containsPattern(q.course_name)}` : undefined,
    );
    return this.page(where, q.page, q.limit, q.to_record ? "asc" : "desc");
  }

  // ── reservations ─────────────────────────────────────────────────────────────────────────────────────────

  /** A class the caller may reserve: one of his own school (a teacher), or of the schools he manages. */
  private async reservableClass(c: Caller, classId: number): Promise<ClassInfo> {
    const cls = await this.classInfo(classId);
    if (!cls) throw notFound("班级不存在");
    if (cls.school_id === c.school_id || (await this.deps.org.inScope(c, cls.school_id))) return cls;
    throw notFound("班级不存在");
  }

  async reservationSave(c: Caller, p: z.output<typeof ReservationSave>): Promise<TimetableRow> {
    const cls = await this.reservableClass(c, p.class_id);
    const w = this.window(p, true);
    await this.checkSubject(p.subject_id, cls.school_id);
    await this.checkOverlap(cls.id, w.start, w.end);
    const { class_id: _class, start_date: _start, end_date: _end, currency_date: _date, ...fields } = p;
    return this.insertSlot(c.id, "reservation", cls, w, { ...fields, account_id: c.id });
  }

  /** A teacher's own reservations; an administrator's: those of his schools. */
  async reservationList(c: Caller, q: z.output<typeof ReservationListPayload>): Promise<Page<TimetableRow>> {
    const schools = c.identity === TEACHER ? [] : await this.deps.org.schoolsInScope(c);
    const mine = eq(timetable.account_id, c.id);
    const scope = schools === undefined ? undefined : schools.length ? sql`(${mine} or ${inArray(timetable.school_id, schools)})` : mine;
    const where = and2(
      eq(timetable.kind, "reservation"),
      scope,
      q.class_id ? eq(timetable.class_id, q.class_id) : undefined,
      q.status !== undefined ? eq(timetable.status, q.status) : undefined,
    );
    return this.page(where, q.page, q.limit, "desc");
  }

  /** c129: the reservation goes (one being recorded: 409); its recording, if any, stays. */
  async reservationDelete(c: Caller, id: number): Promise<{ id: number }> {
    const row = await this.slot(id);
    if (row?.kind !== "reservation") throw notFound("预约不存在");
    const mine = row.account_id === c.id;
    if (!mine && !(await this.deps.org.inScope(c, row.school_id))) {
      if (row.school_id === c.school_id) throw forbidden("只能删除自己的预约");
      throw notFound("预约不存在");
    }
    if (row.status === SLOT_STATUS.recording) throw conflict("该预约正在录制，请先停止录制");
    await this.db.delete(timetable).where(and(eq(timetable.id, id), notInArray(timetable.status, [SLOT_STATUS.recording])));
    return { id };
  }

  // ── for the recorder ─────────────────────────────────────────────────────────────────────────────────────

  /** Slots to start now: scheduled, active, start ≤ now < end. */
  async due(now: Date): Promise<SlotRecord[]> {
    return this.db
      .select()
      .from(timetable)
      .where(
        and(
          eq(timetable.status, SLOT_STATUS.scheduled),
          eq(timetable.is_active, 1),
          lt(timetable.start_at, new Date(now.getTime() + 1)),
          gt(timetable.end_at, now),
        ),
      )
      .orderBy(asc(timetable.start_at))
      .limit(500);
  }

  /** The soonest start of a scheduled slot within `horizonMs` after now. */
  async nextStart(now: Date, horizonMs: number): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ start_at: timetable.start_at })
      .from(timetable)
      .where(
        and(
          eq(timetable.status, SLOT_STATUS.scheduled),
          eq(timetable.is_active, 1),
          gt(timetable.start_at, now),
          lt(timetable.start_at, new Date(now.getTime() + horizonMs)),
        ),
      )
      .orderBy(asc(timetable.start_at))
      .limit(1);
    return row?.start_at;
  }

  /** Scheduled slots whose end passed: missed (answers them for the log). */
  async markMissed(now: Date): Promise<SlotRecord[]> {
    return this.db
      .update(timetable)
      .set({
        status: SLOT_STATUS.missed,
        note: sql`case when ${timetable.is_active} = 0 then '课程未启用录制' when ${timetable.note} in ('', '等待设备推流') then '课程时段内设备未推流或服务未运行' else ${timetable.note} end`,
        updated_at: now,
      })
      .where(and(eq(timetable.status, SLOT_STATUS.scheduled), lt(timetable.end_at, new Date(now.getTime() + 1))))
      .returning();
  }

  async setStatus(id: number, status: number, note?: string): Promise<void> {
    await this.db
      .update(timetable)
      .set({ status, ...(note !== undefined ? { note } : {}), updated_at: this.deps.now() })
      .where(eq(timetable.id, id));
  }
}

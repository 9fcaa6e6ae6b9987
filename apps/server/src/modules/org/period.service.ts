/**
 * Study periods (学段), their grades (年级) and subjects (学科): the administration calls
 * /middle/period|grade|subject/list|save|update|delete and the session reads c047, c048, c049, c083.
 *
 * Wiring (app.ts):
 *   const orgAccess = new OrgAccess(org, accounts);          // OrgService, AccountService
 *   const periods = new PeriodService(db, orgAccess);
 *   const classes = new ClassService(db, orgAccess, accounts);
 *   const students = new StudentService(db, orgAccess);
 *   classRoutes(app, host, { periods, classes, students, accounts });
 *
 * Scope (docs/decisions/0420): administration covers the schools the caller manages (OrgService.schoolsInScope);
 * session reads cover those plus the caller's own school and the schools he is a member of.
 */
import type { Page } from "@yanke/protocol";
import { type SQL, and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { Caller } from "../../http/caller.js";
import { badInput, conflict, notFound } from "../../http/errors.js";
// The lead exports schemas/class.js from @yanke/protocol; until then the file is imported by path.
import type {
  CommonPeriodListPayload,
  CourseItem,
  GradeRow,
  PeriodGradeItem,
  PeriodRow,
  PeriodSubjectItem,
  SubjectRow,
  CourseListPayload,
  GradeListPayload,
  GradeSave,
  GradeUpdate,
  PeriodGradePayload,
  PeriodListPayload,
  PeriodSave,
  PeriodSubjectListPayload,
  PeriodUpdate,
  SubjectListPayload,
  SubjectSave,
  SubjectUpdate,
} from "@yanke/protocol";
import { scopeOf } from "../rbac/permission.js";
import type { OrgService } from "./org.service.js";
import { grade, period, schoolClass, subject } from "./org.schema.js";

// The caller type lives in http/caller.ts; re-exported here for code that still imports it from this file.
export type { Caller } from "../../http/caller.js";

/** Memberships of accounts in schools (AccountService satisfies it). */
export interface MembershipLookup {
  /** The account-school-user row id, 0 when the account is not a member of the school. */
  membershipId(accountId: number, schoolId: number): Promise<number>;
}

/** Rows answered by the session reads that are not paged (c047, c083, c113): enough for any one school. */
export const READ_CAP = 2000;

export const OUT_OF_SCOPE = "不存在或不在您的管理范围";

/** `column IN schools`; undefined = every school; [] = nothing. */
export function inSchools(column: PgColumn, schools: readonly number[] | undefined): SQL | undefined {
  if (schools === undefined) return undefined;
  return schools.length ? inArray(column, [...schools]) : sql`false`;
}

/** `%text%` for ILIKE, with the wildcard characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, "\\$&")}%`;
}

export function prefixPattern(text: string): string {
  return `${text.replace(/[%_\\]/g, "\\$&")}%`;
}

export async function countOf(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
}

/** Scope checks shared by the period, class and student services. */
export class OrgAccess {
  constructor(
    readonly org: OrgService,
    private readonly members: MembershipLookup,
  ) {}

  /** Schools the caller administers: undefined = all. */
  managed(c: Caller): Promise<number[] | undefined> {
    return this.org.schoolsInScope(c);
  }

  async manages(c: Caller, schoolId: number): Promise<boolean> {
    return this.org.inScope(c, schoolId);
  }

  /** May the caller read the school's organization data (session reads)? */
  async sees(c: Caller, schoolId: number): Promise<boolean> {
    if (!schoolId) return false;
    if (c.school_id === schoolId) return true;
    if (await this.org.inScope(c, schoolId)) return true;
    return (await this.members.membershipId(c.id, schoolId)) > 0;
  }

  /**
   * The schools a session read covers: the named school (404 unless it exists and the caller sees it), else the
   * caller's own school, else the schools he administers (undefined = all).
   */
  async readSchools(c: Caller, schoolId: number | undefined): Promise<number[] | undefined> {
    if (schoolId) {
      if (!(await this.sees(c, schoolId)) || !(await this.org.schoolSummary(schoolId))) throw notFound("学校不存在");
      return [schoolId];
    }
    if (c.school_id) return [c.school_id];
    return this.managed(c);
  }

  /**
   * The school a new record goes to: a school administrator's own (another school id answers 404); everyone else
   * names one he administers.
   */
  async targetSchool(c: Caller, given: number | undefined): Promise<number> {
    const scope = scopeOf(c);
    if (scope.kind === "school") {
      if (given && given !== scope.schoolId) throw notFound(`学校${OUT_OF_SCOPE}`);
      return scope.schoolId;
    }
    if (!given) throw badInput("学校(school_id): 必填");
    await this.assertManagesSchool(c, given);
    return given;
  }

  async assertManagesSchool(c: Caller, schoolId: number): Promise<void> {
    if (!(await this.org.schoolSummary(schoolId)) || !(await this.manages(c, schoolId))) throw notFound(`学校${OUT_OF_SCOPE}`);
  }

  schoolTitles(ids: Iterable<number>): Promise<Map<number, string>> {
    return this.org.schoolTitles([...new Set(ids)].filter((id) => id > 0));
  }
}

type PeriodRecord = typeof period.$inferSelect;
type GradeRecord = typeof grade.$inferSelect;
type SubjectRecord = typeof subject.$inferSelect;

const ALL_COURSES: CourseItem = { id: 0, name: "全部" };

/** AND of the given conditions; undefined when none. */
export function and2(...conds: (SQL | undefined)[]): SQL | undefined {
  const list = conds.filter((x): x is SQL => x !== undefined);
  return list.length ? and(...list) : undefined;
}

export class PeriodService {
  constructor(
    private readonly db: Db,
    private readonly access: OrgAccess,
  ) {}

  // -------------------------------------------------------------------------------------------------------
  // Look-ups

  async periodById(id: number): Promise<PeriodRecord | undefined> {
    const [row] = await this.db.select().from(period).where(eq(period.id, id));
    return row;
  }

  async gradeById(id: number): Promise<GradeRecord | undefined> {
    const [row] = await this.db.select().from(grade).where(eq(grade.id, id));
    return row;
  }

  /** A period the caller administers (404 otherwise). */
  async managedPeriod(c: Caller, id: number): Promise<PeriodRecord> {
    const row = await this.periodById(id);
    if (!row || !(await this.access.manages(c, row.school_id))) throw notFound(`学段${OUT_OF_SCOPE}`);
    return row;
  }

  /** A grade the caller administers (404 otherwise). */
  async managedGrade(c: Caller, id: number): Promise<GradeRecord> {
    const row = await this.gradeById(id);
    if (!row || !(await this.access.manages(c, row.school_id))) throw notFound(`年级${OUT_OF_SCOPE}`);
    return row;
  }

  private async managedSubject(c: Caller, id: number): Promise<SubjectRecord & { school_id: number }> {
    const [row] = await this.db
      .select({ id: subject.id, period_id: subject.period_id, name: subject.name, sort: subject.sort, school_id: period.school_id })
      .from(subject)
      .innerJoin(period, eq(period.id, subject.period_id))
      .where(eq(subject.id, id));
    if (!row || !(await this.access.manages(c, row.school_id))) throw notFound(`学科${OUT_OF_SCOPE}`);
    return row;
  }

  /** A period the caller may read (session reads; 404 otherwise). */
  private async visiblePeriod(c: Caller, id: number, schoolId?: number): Promise<PeriodRecord> {
    const row = await this.periodById(id);
    if (!row || (schoolId && row.school_id !== schoolId) || !(await this.access.sees(c, row.school_id))) throw notFound("学段不存在");
    return row;
  }

  // -------------------------------------------------------------------------------------------------------
  // Periods

  private async periodRows(rows: PeriodRecord[]): Promise<PeriodRow[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [titles, grades, subjects] = await Promise.all([
      this.access.schoolTitles(rows.map((r) => r.school_id)),
      this.db.select({ id: grade.period_id, n: sql<number>`count(*)::int` }).from(grade).where(inArray(grade.period_id, ids)).groupBy(grade.period_id),
      this.db.select({ id: subject.period_id, n: sql<number>`count(*)::int` }).from(subject).where(inArray(subject.period_id, ids)).groupBy(subject.period_id),
    ]);
    const gradeCount = new Map(grades.map((g) => [g.id, g.n]));
    const subjectCount = new Map(subjects.map((g) => [g.id, g.n]));
    return rows.map((r) => ({
      id: r.id,
      school_id: r.school_id,
      school_name: titles.get(r.school_id) ?? "",
      name: r.name,
      sort: r.sort,
      grade_count: gradeCount.get(r.id) ?? 0,
      subject_count: subjectCount.get(r.id) ?? 0,
    }));
  }

  private async periodPage(where: SQL | undefined, page: number, limit: number): Promise<Page<PeriodRow>> {
    const total = await countOf(this.db, period, where);
    const rows = await this.db
      .select()
      .from(period)
      .where(where)
      .orderBy(asc(period.school_id), asc(period.sort), asc(period.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { list: await this.periodRows(rows), total, page, limit };
  }

  /** /middle/period/list: periods of the schools the caller administers. */
  async list(c: Caller, q: z.output<typeof PeriodListPayload>): Promise<Page<PeriodRow>> {
    const where = and2(
      inSchools(period.school_id, await this.access.managed(c)),
      q.school_id ? eq(period.school_id, q.school_id) : undefined,
      q.name ? sql`${period.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    return this.periodPage(where, q.page, q.limit);
  }

  private async periodNameFree(schoolId: number, name: string, selfId?: number): Promise<void> {
    const [other] = await this.db
      .select({ id: period.id })
      .from(period)
      .where(and2(eq(period.school_id, schoolId), eq(period.name, name), selfId ? ne(period.id, selfId) : undefined));
    if (other) throw conflict(`本校已有学段「${name}」`);
  }

  async save(c: Caller, p: z.output<typeof PeriodSave>): Promise<{ id: number }> {
    const schoolId = await this.access.targetSchool(c, p.school_id);
    await this.periodNameFree(schoolId, p.name);
    const [row] = await this.db.insert(period).values({ school_id: schoolId, name: p.name, sort: p.sort }).returning({ id: period.id });
    if (!row) throw new Error("insert failed");
    return row;
  }

  async update(c: Caller, p: z.output<typeof PeriodUpdate>): Promise<void> {
    const before = await this.managedPeriod(c, p.id);
    if (p.name !== undefined) await this.periodNameFree(before.school_id, p.name, p.id);
    const set: Partial<PeriodRecord> = {};
    if (p.name !== undefined) set.name = p.name;
    if (p.sort !== undefined) set.sort = p.sort;
    if (Object.keys(set).length) await this.db.update(period).set(set).where(eq(period.id, p.id));
  }

  /** Refused (409) while the period has grades (and so classes) or subjects. */
  async remove(c: Caller, id: number): Promise<void> {
    await this.managedPeriod(c, id);
    const grades = await countOf(this.db, grade, eq(grade.period_id, id));
    if (grades) throw conflict(`该学段下还有 ${grades} 个年级，请先删除年级`);
    const subjects = await countOf(this.db, subject, eq(subject.period_id, id));
    if (subjects) throw conflict(`该学段下还有 ${subjects} 个学科，请先删除学科`);
    await this.db.delete(period).where(eq(period.id, id));
  }

  // -------------------------------------------------------------------------------------------------------
  // Grades

  private async gradeRows(rows: GradeRecord[]): Promise<GradeRow[]> {
    if (!rows.length) return [];
    const [titles, periods, classes] = await Promise.all([
      this.access.schoolTitles(rows.map((r) => r.school_id)),
      this.db
        .select({ id: period.id, name: period.name })
        .from(period)
        .where(inArray(period.id, [...new Set(rows.map((r) => r.period_id))])),
      this.db
        .select({ id: schoolClass.grade_id, n: sql<number>`count(*)::int` })
        .from(schoolClass)
        .where(
          inArray(
            schoolClass.grade_id,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(schoolClass.grade_id),
    ]);
    const periodName = new Map(periods.map((p) => [p.id, p.name]));
    const classCount = new Map(classes.map((g) => [g.id, g.n]));
    return rows.map((r) => ({
      id: r.id,
      school_id: r.school_id,
      school_name: titles.get(r.school_id) ?? "",
      period_id: r.period_id,
      period_name: periodName.get(r.period_id) ?? "",
      name: r.name,
      sort: r.sort,
      class_count: classCount.get(r.id) ?? 0,
    }));
  }

  /** /middle/grade/list */
  async gradeList(c: Caller, q: z.output<typeof GradeListPayload>): Promise<Page<GradeRow>> {
    const where = and2(
      inSchools(grade.school_id, await this.access.managed(c)),
      q.school_id ? eq(grade.school_id, q.school_id) : undefined,
      q.period_id ? eq(grade.period_id, q.period_id) : undefined,
      q.name ? sql`${grade.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    const total = await countOf(this.db, grade, where);
    const rows = await this.db
      .select()
      .from(grade)
      .where(where)
      .orderBy(asc(grade.school_id), asc(grade.period_id), asc(grade.sort), asc(grade.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: await this.gradeRows(rows), total, page: q.page, limit: q.limit };
  }

  private async gradeNameFree(periodId: number, name: string, selfId?: number): Promise<void> {
    const [other] = await this.db
      .select({ id: grade.id })
      .from(grade)
      .where(and2(eq(grade.period_id, periodId), eq(grade.name, name), selfId ? ne(grade.id, selfId) : undefined));
    if (other) throw conflict(`该学段已有年级「${name}」`);
  }

  async gradeSave(c: Caller, p: z.output<typeof GradeSave>): Promise<{ id: number }> {
    const per = await this.managedPeriod(c, p.period_id);
    await this.gradeNameFree(per.id, p.name);
    const [row] = await this.db.insert(grade).values({ school_id: per.school_id, period_id: per.id, name: p.name, sort: p.sort }).returning({ id: grade.id });
    if (!row) throw new Error("insert failed");
    return row;
  }

  async gradeUpdate(c: Caller, p: z.output<typeof GradeUpdate>): Promise<void> {
    const before = await this.managedGrade(c, p.id);
    if (p.name !== undefined) await this.gradeNameFree(before.period_id, p.name, p.id);
    const set: Partial<GradeRecord> = {};
    if (p.name !== undefined) set.name = p.name;
    if (p.sort !== undefined) set.sort = p.sort;
    if (Object.keys(set).length) await this.db.update(grade).set(set).where(eq(grade.id, p.id));
  }

  /** Refused (409) while the grade has classes. */
  async gradeRemove(c: Caller, id: number): Promise<void> {
    await this.managedGrade(c, id);
    const classes = await countOf(this.db, schoolClass, eq(schoolClass.grade_id, id));
    if (classes) throw conflict(`该年级下还有 ${classes} 个班级，请先删除或调整班级`);
    await this.db.delete(grade).where(eq(grade.id, id));
  }

  // -------------------------------------------------------------------------------------------------------
  // Subjects

  /** /middle/subject/list */
  async subjectList(c: Caller, q: z.output<typeof SubjectListPayload>): Promise<Page<SubjectRow>> {
    const where = and2(
      inSchools(period.school_id, await this.access.managed(c)),
      q.school_id ? eq(period.school_id, q.school_id) : undefined,
      q.period_id ? eq(subject.period_id, q.period_id) : undefined,
      q.name ? sql`${subject.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(subject)
      .innerJoin(period, eq(period.id, subject.period_id))
      .where(where);
    const rows = await this.db
      .select({ id: subject.id, period_id: subject.period_id, period_name: period.name, school_id: period.school_id, name: subject.name, sort: subject.sort })
      .from(subject)
      .innerJoin(period, eq(period.id, subject.period_id))
      .where(where)
      .orderBy(asc(period.school_id), asc(period.sort), asc(subject.period_id), asc(subject.sort), asc(subject.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const titles = await this.access.schoolTitles(rows.map((r) => r.school_id));
    return { list: rows.map((r) => ({ ...r, school_name: titles.get(r.school_id) ?? "" })), total: n, page: q.page, limit: q.limit };
  }

  private async subjectNameFree(periodId: number, name: string, selfId?: number): Promise<void> {
    const [other] = await this.db
      .select({ id: subject.id })
      .from(subject)
      .where(and2(eq(subject.period_id, periodId), eq(subject.name, name), selfId ? ne(subject.id, selfId) : undefined));
    if (other) throw conflict(`该学段已有学科「${name}」`);
  }

  async subjectSave(c: Caller, p: z.output<typeof SubjectSave>): Promise<{ id: number }> {
    const per = await this.managedPeriod(c, p.period_id);
    await this.subjectNameFree(per.id, p.name);
    const [row] = await this.db.insert(subject).values({ period_id: per.id, name: p.name, sort: p.sort }).returning({ id: subject.id });
    if (!row) throw new Error("insert failed");
    return row;
  }

  async subjectUpdate(c: Caller, p: z.output<typeof SubjectUpdate>): Promise<void> {
    const before = await this.managedSubject(c, p.id);
    if (p.name !== undefined) await this.subjectNameFree(before.period_id, p.name, p.id);
    const set: Partial<SubjectRecord> = {};
    if (p.name !== undefined) set.name = p.name;
    if (p.sort !== undefined) set.sort = p.sort;
    if (Object.keys(set).length) await this.db.update(subject).set(set).where(eq(subject.id, p.id));
  }

  async subjectRemove(c: Caller, id: number): Promise<void> {
    await this.managedSubject(c, id);
    await this.db.delete(subject).where(eq(subject.id, id));
  }

  // -------------------------------------------------------------------------------------------------------
  // Session reads

  /** c048: periods of the named school, else of the caller's school, else of the schools he administers. */
  async commonPeriodList(c: Caller, q: z.output<typeof CommonPeriodListPayload>): Promise<Page<PeriodRow>> {
    const schools = await this.access.readSchools(c, q.school_id);
    return this.periodPage(inSchools(period.school_id, schools), q.page, q.limit);
  }

  /** c083: grades of a period; without a period, of every period of the school(s) c048 would answer. */
  async periodGrades(c: Caller, q: z.output<typeof PeriodGradePayload>): Promise<PeriodGradeItem[]> {
    let where: SQL | undefined;
    if (q.period_id) {
      await this.visiblePeriod(c, q.period_id, q.school_id);
      where = eq(grade.period_id, q.period_id);
    } else {
      where = inSchools(grade.school_id, await this.access.readSchools(c, q.school_id));
    }
    return this.db
      .select({ id: grade.id, name: grade.name, period_id: grade.period_id, school_id: grade.school_id, sort: grade.sort })
      .from(grade)
      .where(where)
      .orderBy(asc(grade.school_id), asc(grade.period_id), asc(grade.sort), asc(grade.id))
      .limit(READ_CAP);
  }

  /** c047: subjects of a period; without a period, of every period of the school(s) c048 would answer. */
  async periodSubjects(c: Caller, q: z.output<typeof PeriodSubjectListPayload>): Promise<PeriodSubjectItem[]> {
    let where: SQL | undefined;
    if (q.period_id) {
      await this.visiblePeriod(c, q.period_id, q.school_id);
      where = eq(subject.period_id, q.period_id);
    } else {
      where = inSchools(period.school_id, await this.access.readSchools(c, q.school_id));
    }
    return this.db
      .select({ id: subject.id, name: subject.name, period_id: subject.period_id, sort: subject.sort })
      .from(subject)
      .innerJoin(period, eq(period.id, subject.period_id))
      .where(where)
      .orderBy(asc(period.school_id), asc(period.sort), asc(subject.period_id), asc(subject.sort), asc(subject.id))
      .limit(READ_CAP);
  }

  /**
   * c049: the top bar's course filter — {id: 0, name: "全部"} first, then the period's subjects. Without period_id the
   * caller's own period; a caller without one gets only 全部.
   */
  async courseList(c: Caller, q: z.output<typeof CourseListPayload>): Promise<CourseItem[]> {
    let periodId = q.period_id ?? 0;
    if (periodId) await this.visiblePeriod(c, periodId);
    else if (c.period_id && (await this.periodById(c.period_id))) periodId = c.period_id;
    if (!periodId) return [ALL_COURSES];
    const rows = await this.db
      .select({ id: subject.id, name: subject.name })
      .from(subject)
      .where(eq(subject.period_id, periodId))
      .orderBy(asc(subject.sort), asc(subject.id));
    return [ALL_COURSES, ...rows];
  }
}

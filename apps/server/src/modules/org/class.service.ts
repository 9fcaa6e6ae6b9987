/**
 * Classes (班级) per school, grade and entry year: /middle/classes/list|read|save|update|delete|batch_delete and the
 * session read c113 /middle/classes/get_school_class. Constructor: new ClassService(db, orgAccess, accounts).
 */
import type { BatchResult, Page } from "@yanke/protocol";
import { type SQL, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { AppError, badInput, conflict, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import type { ClassListPayload, ClassRow, ClassSave, ClassUpdate, SchoolClassItem, SchoolClassPayload } from "@yanke/protocol";
import { grade, period, schoolClass, student } from "./org.schema.js";
import type { Caller } from "../../http/caller.js";
import { type MembershipLookup, OUT_OF_SCOPE, type OrgAccess, READ_CAP, and2, containsPattern, countOf, inSchools } from "./period.service.js";

type ClassRecord = typeof schoolClass.$inferSelect;

/** Accounts as the class service needs them (AccountService satisfies it). */
export interface TeacherLookup extends MembershipLookup {
  byId(id: number): Promise<{ id: number; realname: string; school_id: number } | undefined>;
}

/** Runs fn for each distinct id; AppErrors become {ok: false, msg}. */
export async function perId(ids: readonly number[], fn: (id: number) => Promise<void>): Promise<BatchResult[]> {
  const out: BatchResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await fn(id);
      out.push({ id, ok: true, msg: "成功" });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      out.push({ id, ok: false, msg: e.message });
    }
  }
  return out;
}

export class ClassService {
  constructor(
    private readonly db: Db,
    private readonly access: OrgAccess,
    private readonly accounts: TeacherLookup,
  ) {}

  async byId(id: number): Promise<ClassRecord | undefined> {
    const [row] = await this.db.select().from(schoolClass).where(eq(schoolClass.id, id));
    return row;
  }

  /** A class the caller administers (404 otherwise). */
  async managed(c: Caller, id: number): Promise<ClassRecord> {
    const row = await this.byId(id);
    if (!row || !(await this.access.manages(c, row.school_id))) throw notFound(`班级${OUT_OF_SCOPE}`);
    return row;
  }

  private async managedGrade(c: Caller, id: number): Promise<typeof grade.$inferSelect> {
    const [row] = await this.db.select().from(grade).where(eq(grade.id, id));
    if (!row || !(await this.access.manages(c, row.school_id))) throw notFound(`年级${OUT_OF_SCOPE}`);
    return row;
  }

  private async toRows(rows: ClassRecord[]): Promise<ClassRow[]> {
    if (!rows.length) return [];
    const gradeIds = [...new Set(rows.map((r) => r.grade_id))];
    const teacherIds = [...new Set(rows.map((r) => r.head_teacher_id).filter((id) => id > 0))];
    const [titles, grades, counts, teachers] = await Promise.all([
      this.access.schoolTitles(rows.map((r) => r.school_id)),
      this.db
        .select({ id: grade.id, name: grade.name, period_id: grade.period_id, period_name: period.name })
        .from(grade)
        .innerJoin(period, eq(period.id, grade.period_id))
        .where(inArray(grade.id, gradeIds)),
      this.db
        .select({ id: student.class_id, n: sql<number>`count(*)::int` })
        .from(student)
        .where(
          inArray(
            student.class_id,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(student.class_id),
      Promise.all(teacherIds.map((id) => this.accounts.byId(id))),
    ]);
    const gradeOf = new Map(grades.map((g) => [g.id, g]));
    const countOfClass = new Map(counts.map((x) => [x.id, x.n]));
    const teacherName = new Map(teachers.flatMap((t) => (t ? [[t.id, t.realname] as const] : [])));
    return rows.map((r) => {
      const g = gradeOf.get(r.grade_id);
      return {
        id: r.id,
        school_id: r.school_id,
        school_name: titles.get(r.school_id) ?? "",
        period_id: g?.period_id ?? 0,
        period_name: g?.period_name ?? "",
        grade_id: r.grade_id,
        grade_name: g?.name ?? "",
        name: r.name,
        entry_year: r.entry_year,
        head_teacher_id: r.head_teacher_id,
        head_teacher_name: teacherName.get(r.head_teacher_id) ?? "",
        status: r.status,
        student_count: countOfClass.get(r.id) ?? 0,
        created_at: formatTime(r.created_at),
      };
    });
  }

  /** /middle/classes/list: classes of the schools the caller administers, by grade then name. */
  async list(c: Caller, q: z.output<typeof ClassListPayload>): Promise<Page<ClassRow>> {
    const where = and2(
      inSchools(schoolClass.school_id, await this.access.managed(c)),
      q.school_id ? eq(schoolClass.school_id, q.school_id) : undefined,
      q.grade_id ? eq(schoolClass.grade_id, q.grade_id) : undefined,
      q.period_id ? eq(grade.period_id, q.period_id) : undefined,
      q.entry_year ? eq(schoolClass.entry_year, q.entry_year) : undefined,
      q.name ? sql`${schoolClass.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schoolClass)
      .innerJoin(grade, eq(grade.id, schoolClass.grade_id))
      .where(where);
    const rows = await this.db
      .select({ c: schoolClass })
      .from(schoolClass)
      .innerJoin(grade, eq(grade.id, schoolClass.grade_id))
      .where(where)
      .orderBy(asc(schoolClass.school_id), asc(grade.sort), asc(grade.id), asc(schoolClass.entry_year), asc(schoolClass.name), asc(schoolClass.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: await this.toRows(rows.map((r) => r.c)), total: n, page: q.page, limit: q.limit };
  }

  async read(c: Caller, id: number): Promise<ClassRow> {
    const [row] = await this.toRows([await this.managed(c, id)]);
    if (!row) throw notFound("班级不存在");
    return row;
  }

  private async nameFree(schoolId: number, gradeId: number, entryYear: number, name: string, selfId?: number): Promise<void> {
    const [other] = await this.db
      .select({ id: schoolClass.id })
      .from(schoolClass)
      .where(
        and2(
          eq(schoolClass.school_id, schoolId),
          eq(schoolClass.grade_id, gradeId),
          eq(schoolClass.entry_year, entryYear),
          eq(schoolClass.name, name),
          selfId ? ne(schoolClass.id, selfId) : undefined,
        ),
      );
    if (other) throw conflict(`该年级 ${entryYear} 级已有班级「${name}」`);
  }

  /** The head teacher (0 = none) must be an account of the class's school (primary school or membership). */
  private async checkHeadTeacher(id: number, schoolId: number): Promise<void> {
    if (!id) return;
    const t = await this.accounts.byId(id);
    if (!t) throw notFound("班主任账号不存在");
    if (t.school_id !== schoolId && (await this.accounts.membershipId(id, schoolId)) === 0) {
      throw badInput(`班主任(head_teacher_id): ${t.realname} 不是本校教师`);
    }
  }

  async save(c: Caller, p: z.output<typeof ClassSave>): Promise<{ id: number }> {
    const g = await this.managedGrade(c, p.grade_id);
    if (p.school_id && p.school_id !== g.school_id) throw badInput("年级(grade_id): 该年级不属于所选学校");
    await this.nameFree(g.school_id, g.id, p.entry_year, p.name);
    await this.checkHeadTeacher(p.head_teacher_id, g.school_id);
    const [row] = await this.db
      .insert(schoolClass)
      .values({ school_id: g.school_id, grade_id: g.id, name: p.name, entry_year: p.entry_year, head_teacher_id: p.head_teacher_id, status: p.status })
      .returning({ id: schoolClass.id });
    if (!row) throw new Error("insert failed");
    return row;
  }

  /** A class may move to another grade of its own school; it never changes school. */
  async update(c: Caller, p: z.output<typeof ClassUpdate>): Promise<void> {
    const before = await this.managed(c, p.id);
    if (p.grade_id !== undefined && p.grade_id !== before.grade_id) {
      const g = await this.managedGrade(c, p.grade_id);
      if (g.school_id !== before.school_id) throw badInput("年级(grade_id): 只能调整到本校的年级");
    }
    const after = {
      grade_id: p.grade_id ?? before.grade_id,
      name: p.name ?? before.name,
      entry_year: p.entry_year ?? before.entry_year,
    };
    if (p.name !== undefined || p.grade_id !== undefined || p.entry_year !== undefined) {
      await this.nameFree(before.school_id, after.grade_id, after.entry_year, after.name, before.id);
    }
    if (p.head_teacher_id !== undefined && p.head_teacher_id !== before.head_teacher_id) await this.checkHeadTeacher(p.head_teacher_id, before.school_id);
    const set: Partial<ClassRecord> = {};
    if (p.grade_id !== undefined) set.grade_id = p.grade_id;
    if (p.name !== undefined) set.name = p.name;
    if (p.entry_year !== undefined) set.entry_year = p.entry_year;
    if (p.head_teacher_id !== undefined) set.head_teacher_id = p.head_teacher_id;
    if (p.status !== undefined) set.status = p.status;
    if (Object.keys(set).length) await this.db.update(schoolClass).set(set).where(eq(schoolClass.id, p.id));
  }

  /** Refused (409) while the class has students. */
  async remove(c: Caller, id: number): Promise<void> {
    await this.managed(c, id);
    const students = await countOf(this.db, student, eq(student.class_id, id));
    if (students) throw conflict(`该班级还有 ${students} 名学生，请先删除或调整学生`);
    await this.db.delete(schoolClass).where(eq(schoolClass.id, id));
  }

  batchDelete(c: Caller, ids: number[]): Promise<BatchResult[]> {
    return perId(ids, (id) => this.remove(c, id));
  }

  /**
   * c113: classes of {school_id, grade_id}; without them, of the caller's school, else of the schools he administers.
   * Any signed-in user, limited to schools he sees (his own, his memberships, those he administers).
   */
  async schoolClasses(c: Caller, q: z.output<typeof SchoolClassPayload>): Promise<SchoolClassItem[]> {
    let where: SQL | undefined;
    if (q.grade_id) {
      const [g] = await this.db.select().from(grade).where(eq(grade.id, q.grade_id));
      if (!g || (q.school_id && g.school_id !== q.school_id) || !(await this.access.sees(c, g.school_id))) throw notFound("年级不存在");
      where = eq(schoolClass.grade_id, g.id);
    } else {
      where = inSchools(schoolClass.school_id, await this.access.readSchools(c, q.school_id));
    }
    return this.db
      .select({
        id: schoolClass.id,
        name: schoolClass.name,
        school_id: schoolClass.school_id,
        grade_id: schoolClass.grade_id,
        grade_name: grade.name,
        entry_year: schoolClass.entry_year,
      })
      .from(schoolClass)
      .innerJoin(grade, eq(grade.id, schoolClass.grade_id))
      .where(where)
      .orderBy(asc(schoolClass.school_id), asc(grade.sort), asc(grade.id), asc(schoolClass.entry_year), asc(schoolClass.name), asc(schoolClass.id))
      .limit(READ_CAP);
  }
}

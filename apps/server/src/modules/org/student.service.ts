/**
 * Students (学生): /middle/student/list|read|save|update|delete|batch_delete|import|export.
 * Constructor: new StudentService(db, orgAccess).
 *
 * The list must stay fast with 100k students (docs/decisions/0423): it filters and orders by (school_id, name) so
 * the student_school_name_idx index serves it, and fetches class, grade and school names for the page only.
 */
import type { BatchResult, FileAnswer, Page } from "@yanke/protocol";
import { type SQL, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { conflict, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import {
  GENDER_NAMES,
  STUDENT_STATUS_NAMES,
  type StudentFilter,
  type StudentImportReport,
  type StudentListPayload,
  type StudentRow,
  type StudentSave,
  type StudentUpdate,
} from "@yanke/protocol";
import { perId } from "./class.service.js";
import { grade, schoolClass, student } from "./org.schema.js";
import type { Caller } from "../../http/caller.js";
import { OUT_OF_SCOPE, type OrgAccess, and2, containsPattern, countOf, inSchools, prefixPattern } from "./period.service.js";
import { type StudentImportLookups, buildStudentExport, parseStudentImport } from "./student-xlsx.js";
import { XLSX_MIME } from "../../infra/xlsx.js";

type StudentRecord = typeof student.$inferSelect;
type ClassInfo = { id: number; school_id: number; name: string; grade_id: number; grade_name: string; entry_year: number };

export const EXPORT_MAX_ROWS = 50_000;
/** Rows per INSERT statement of an import. */
const INSERT_CHUNK = 500;

/** PostgreSQL unique_violation (23505), however the driver wraps it. */
function isUniqueViolation(e: unknown): boolean {
  for (let cur: unknown = e, i = 0; cur && typeof cur === "object" && i < 5; i++) {
    if ("code" in cur && cur.code === "23505") return true;
    cur = "cause" in cur ? cur.cause : undefined;
  }
  return false;
}

export class StudentService {
  constructor(
    private readonly db: Db,
    private readonly access: OrgAccess,
  ) {}

  private async classInfo(ids: readonly number[]): Promise<Map<number, ClassInfo>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({
        id: schoolClass.id,
        school_id: schoolClass.school_id,
        name: schoolClass.name,
        grade_id: schoolClass.grade_id,
        grade_name: grade.name,
        entry_year: schoolClass.entry_year,
      })
      .from(schoolClass)
      .innerJoin(grade, eq(grade.id, schoolClass.grade_id))
      .where(inArray(schoolClass.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** A class the caller administers, as a student's class (404 otherwise). */
  private async managedClass(c: Caller, id: number): Promise<ClassInfo> {
    const info = (await this.classInfo([id])).get(id);
    if (!info || !(await this.access.manages(c, info.school_id))) throw notFound(`班级${OUT_OF_SCOPE}`);
    return info;
  }

  private async managed(c: Caller, id: number): Promise<StudentRecord> {
    const [row] = await this.db.select().from(student).where(eq(student.id, id));
    if (!row || !(await this.access.manages(c, row.school_id))) throw notFound(`学生${OUT_OF_SCOPE}`);
    return row;
  }

  private async toRows(rows: StudentRecord[]): Promise<StudentRow[]> {
    if (!rows.length) return [];
    const [classes, titles] = await Promise.all([this.classInfo(rows.map((r) => r.class_id)), this.access.schoolTitles(rows.map((r) => r.school_id))]);
    return rows.map((r) => {
      const k = classes.get(r.class_id);
      return {
        id: r.id,
        school_id: r.school_id,
        school_name: titles.get(r.school_id) ?? "",
        grade_id: k?.grade_id ?? 0,
        grade_name: k?.grade_name ?? "",
        class_id: r.class_id,
        class_name: k?.name ?? "",
        entry_year: k?.entry_year ?? 0,
        name: r.name,
        student_no: r.student_no,
        gender: r.gender,
        gender_name: GENDER_NAMES[r.gender] ?? "",
        status: r.status,
        status_name: STUDENT_STATUS_NAMES[r.status] ?? "",
        created_at: formatTime(r.created_at),
      };
    });
  }

  private async whereFor(c: Caller, q: z.output<typeof StudentFilter>): Promise<SQL | undefined> {
    return and2(
      inSchools(student.school_id, await this.access.managed(c)),
      q.school_id ? eq(student.school_id, q.school_id) : undefined,
      q.class_id ? eq(student.class_id, q.class_id) : undefined,
      q.grade_id ? inArray(student.class_id, this.db.select({ id: schoolClass.id }).from(schoolClass).where(eq(schoolClass.grade_id, q.grade_id))) : undefined,
      q.name ? sql`${student.name} ilike ${containsPattern(q.name)}` : undefined,
      q.student_no ? sql`${student.student_no} like ${prefixPattern(q.student_no)}` : undefined,
      q.status !== undefined ? eq(student.status, q.status) : undefined,
    );
  }

  /** /middle/student/list: by school, then name (the (school_id, name) index order). */
  async list(c: Caller, q: z.output<typeof StudentListPayload>): Promise<Page<StudentRow>> {
    const where = await this.whereFor(c, q);
    const [total, rows] = await Promise.all([
      countOf(this.db, student, where),
      this.db
        .select()
        .from(student)
        .where(where)
        .orderBy(asc(student.school_id), asc(student.name), asc(student.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
    ]);
    return { list: await this.toRows(rows), total, page: q.page, limit: q.limit };
  }

  async read(c: Caller, id: number): Promise<StudentRow> {
    const [row] = await this.toRows([await this.managed(c, id)]);
    if (!row) throw notFound("学生不存在");
    return row;
  }

  private async numberFree(schoolId: number, studentNo: string, selfId?: number): Promise<void> {
    const [other] = await this.db
      .select({ id: student.id, name: student.name })
      .from(student)
      .where(and2(eq(student.school_id, schoolId), eq(student.student_no, studentNo), selfId ? ne(student.id, selfId) : undefined));
    if (other) throw conflict(`学号「${studentNo}」已被本校学生 ${other.name} 使用`);
  }

  /** Inserts or updates; a unique violation that slipped past the check (a concurrent save) is a 409 too. */
  private async guarded<T>(studentNo: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(`学号「${studentNo}」已存在`);
      throw e;
    }
  }

  /** The student's school is his class's. */
  async save(c: Caller, p: z.output<typeof StudentSave>): Promise<{ id: number }> {
    const k = await this.managedClass(c, p.class_id);
    await this.numberFree(k.school_id, p.student_no);
    const [row] = await this.guarded(p.student_no, () =>
      this.db
        .insert(student)
        .values({ school_id: k.school_id, class_id: k.id, name: p.name, student_no: p.student_no, gender: p.gender, status: p.status })
        .returning({ id: student.id }),
    );
    if (!row) throw new Error("insert failed");
    return row;
  }

  /** A new class (any the caller administers) moves the student, and his school with it. */
  async update(c: Caller, p: z.output<typeof StudentUpdate>): Promise<void> {
    const before = await this.managed(c, p.id);
    const set: Partial<StudentRecord> = {};
    let schoolId = before.school_id;
    if (p.class_id !== undefined && p.class_id !== before.class_id) {
      const k = await this.managedClass(c, p.class_id);
      set.class_id = k.id;
      set.school_id = schoolId = k.school_id;
    }
    const studentNo = p.student_no ?? before.student_no;
    if (p.student_no !== undefined || schoolId !== before.school_id) await this.numberFree(schoolId, studentNo, before.id);
    if (p.name !== undefined) set.name = p.name;
    if (p.student_no !== undefined) set.student_no = p.student_no;
    if (p.gender !== undefined) set.gender = p.gender;
    if (p.status !== undefined) set.status = p.status;
    if (Object.keys(set).length) await this.guarded(studentNo, () => this.db.update(student).set(set).where(eq(student.id, p.id)));
  }

  async remove(c: Caller, id: number): Promise<void> {
    await this.managed(c, id);
    await this.db.delete(student).where(eq(student.id, id));
  }

  batchDelete(c: Caller, ids: number[]): Promise<BatchResult[]> {
    return perId(ids, (id) => this.remove(c, id));
  }

  /** Resolves a row's 班级 (and 年级, 入学年份) among the school's classes. */
  private async classLookup(schoolId: number): Promise<StudentImportLookups> {
    const classes = await this.db
      .select({ id: schoolClass.id, name: schoolClass.name, grade_name: grade.name, entry_year: schoolClass.entry_year })
      .from(schoolClass)
      .innerJoin(grade, eq(grade.id, schoolClass.grade_id))
      .where(eq(schoolClass.school_id, schoolId));
    const gradeNames = new Set(classes.map((k) => k.grade_name));
    const allGrades = new Set((await this.db.select({ name: grade.name }).from(grade).where(eq(grade.school_id, schoolId))).map((g) => g.name));
    return {
      classOf: (className, gradeName, entryYear) => {
        if (gradeName && !allGrades.has(gradeName)) return { field: "年级", error: `本校没有年级「${gradeName}」` };
        let found = classes.filter((k) => k.name === className);
        if (gradeName) found = found.filter((k) => k.grade_name === gradeName);
        if (entryYear !== undefined) found = found.filter((k) => k.entry_year === entryYear);
        const where = `${gradeName && gradeNames.has(gradeName) ? `年级「${gradeName}」` : "本校"}${entryYear !== undefined ? ` ${entryYear} 级` : ""}`;
        if (found.length === 0) return { field: "班级", error: `${where}没有班级「${className}」` };
        if (found.length > 1) {
          return {
            field: "班级",
            error: gradeName
              ? `${where}有 ${found.length} 个班级「${className}」，请填写入学年份`
              : `本校有 ${found.length} 个班级「${className}」，请填写年级`,
          };
        }
        return { id: found[0]!.id };
      },
    };
  }

  /**
   * Validates every row; mode all imports only when every row is valid, mode valid the valid rows. One transaction:
   * a failure half-way leaves nothing imported.
   */
  async importWorkbook(c: Caller, file: Buffer, mode: "all" | "valid", schoolId: number | undefined): Promise<StudentImportReport> {
    const school = await this.access.targetSchool(c, schoolId);
    const parsed = await parseStudentImport(file, await this.classLookup(school));
    const errors = [...parsed.errors];
    const numbers = parsed.rows.map((r) => r.values.student_no);
    const taken = new Map<string, string>();
    for (let i = 0; i < numbers.length; i += INSERT_CHUNK) {
      const chunk = numbers.slice(i, i + INSERT_CHUNK);
      const rows = await this.db
        .select({ no: student.student_no, name: student.name })
        .from(student)
        .where(and2(eq(student.school_id, school), inArray(student.student_no, chunk)));
      for (const r of rows) taken.set(r.no, r.name);
    }
    const good = parsed.rows.filter((r) => {
      const other = taken.get(r.values.student_no);
      if (other === undefined) return true;
      errors.push({ row: r.row, field: "学号", msg: `学号「${r.values.student_no}」已被本校学生 ${other} 使用` });
      return false;
    });
    errors.sort((a, b) => a.row - b.row);
    const report: StudentImportReport = { total: parsed.total, imported: 0, skipped: parsed.total, errors, students: [] };
    if (!good.length || (mode === "all" && errors.length)) return report;
    try {
      await this.db.transaction(async (tx) => {
        for (let i = 0; i < good.length; i += INSERT_CHUNK) {
          const chunk = good.slice(i, i + INSERT_CHUNK);
          const ids = await tx
            .insert(student)
            .values(chunk.map((r) => ({ ...r.values, school_id: school })))
            .returning({ id: student.id, no: student.student_no });
          const idOf = new Map(ids.map((x) => [x.no, x.id]));
          for (const r of chunk) report.students.push({ row: r.row, id: idOf.get(r.values.student_no) ?? 0, student_no: r.values.student_no });
        }
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict("导入期间有学号被占用，未导入任何学生，请重新导入");
      throw e;
    }
    report.imported = report.students.length;
    report.skipped = report.total - report.imported;
    return report;
  }

  /** The filtered list (at most EXPORT_MAX_ROWS rows) as .xlsx, base64. */
  async exportWorkbook(c: Caller, q: z.output<typeof StudentFilter>): Promise<FileAnswer> {
    const where = await this.whereFor(c, q);
    const rows = await this.db
      .select()
      .from(student)
      .where(where)
      .orderBy(asc(student.school_id), asc(student.class_id), asc(student.student_no))
      .limit(EXPORT_MAX_ROWS);
    const buf = await buildStudentExport(await this.toRows(rows));
    return { filename: `学生列表-${formatTime(new Date()).slice(0, 10)}.xlsx`, mime: XLSX_MIME, file: buf.toString("base64") };
  }
}

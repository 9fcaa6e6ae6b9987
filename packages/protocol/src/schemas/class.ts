import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import { type BatchResult, IdsPayload } from "./rbac.js";
import type { Page } from "../codes.js";
import type { FileAnswer } from "./account.js";

/**
 * Study periods (学段), grades (年级), subjects (学科), classes (班级) and students (学生) of issue #4:
 * the session reads c047, c048, c049, c083, c113 and the administration calls in the /middle/<entity>/<verb>
 * style. docs/api/classes.md lists them with their rules and answers.
 */

/** Paths of this module's calls (spec ids where calls.tsv has them, "new" otherwise). */
export const CLASS_CALLS = {
  /** c047 */ periodSubjectList: "/middle/subject/get_period_subject_list",
  /** c048 */ commonPeriodList: "/middle/common/periodList",
  /** c049 */ commonCourseList: "/middle/common/courseList",
  /** c083 */ periodGrades: "/middle/period/get_period_grade",
  /** c113 */ schoolClasses: "/middle/classes/get_school_class",
  /** new */ periodList: "/middle/period/list",
  /** new */ periodSave: "/middle/period/save",
  /** new */ periodUpdate: "/middle/period/update",
  /** new */ periodDelete: "/middle/period/delete",
  /** new */ gradeList: "/middle/grade/list",
  /** new */ gradeSave: "/middle/grade/save",
  /** new */ gradeUpdate: "/middle/grade/update",
  /** new */ gradeDelete: "/middle/grade/delete",
  /** new */ subjectList: "/middle/subject/list",
  /** new */ subjectSave: "/middle/subject/save",
  /** new */ subjectUpdate: "/middle/subject/update",
  /** new */ subjectDelete: "/middle/subject/delete",
  /** new */ classList: "/middle/classes/list",
  /** new */ classRead: "/middle/classes/read",
  /** new */ classSave: "/middle/classes/save",
  /** new */ classUpdate: "/middle/classes/update",
  /** new */ classDelete: "/middle/classes/delete",
  /** new */ classBatchDelete: "/middle/classes/batch_delete",
  /** new */ studentList: "/middle/student/list",
  /** new */ studentRead: "/middle/student/read",
  /** new */ studentSave: "/middle/student/save",
  /** new */ studentUpdate: "/middle/student/update",
  /** new */ studentDelete: "/middle/student/delete",
  /** new */ studentBatchDelete: "/middle/student/batch_delete",
  /** new */ studentImport: "/middle/student/import",
  /** new */ studentExport: "/middle/student/export",
} as const;

/** GET route of the student import template. */
export const STUDENT_TEMPLATE_PATH = "/templates/student.xlsx";

const zSortValue = z.coerce.number().int("必须是整数").min(0, "不能为负数").max(100000, "不能超过 100000").describe("排序");
/**
 * Save: default 0. Updates use opt(zSortValue): a default there would reset what the update does not name.
 * (.describe() comes last: a wrapper made by .default()/.optional() does not carry the label of what it wraps.)
 */
const zSort = zSortValue.default(0).describe("排序");
/** Optional, keeping the label. */
const opt = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? "");
const zName = (label: string, max: number) => z.string().trim().min(1, `请输入${label}`).max(max, `${label}不能超过 ${max} 个字符`).describe(label);
/** An optional id filter: absent, "" or 0 mean "not filtered". */
const zIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);
const zKeyword = (label: string) => z.string().trim().max(60, `${label}不能超过 60 个字符`).optional().describe(label);

/** {id} payloads that name what the id is, so that "学段编号(id): 必填" tells which. */
export const PeriodIdPayload = z.object({ id: zId("学段编号") });
export const GradeIdPayload = z.object({ id: zId("年级编号") });
export const SubjectIdPayload = z.object({ id: zId("学科编号") });
export const ClassIdPayload = z.object({ id: zId("班级编号") });
export const StudentIdPayload = z.object({ id: zId("学生编号") });

// ---------------------------------------------------------------------------------------------------------
// Session reads (calls.tsv)

/** c047: subjects of a period (account_id, type and area_code are accepted and ignored: the session decides). */
export const PeriodSubjectListPayload = z.object({
  school_id: zIdFilter("学校"),
  account_id: zIdFilter("账号"),
  type: zIdFilter("身份"),
  area_code: z.string().max(20).optional().describe("区域编码"),
  period_id: zIdFilter("学段"),
});

/** c048: periods, one page. */
export const CommonPeriodListPayload = z.object({
  page: zPage,
  limit: zLimit,
  school_id: zIdFilter("学校"),
});

/** c049: the course filter of the top bar. */
export const CourseListPayload = z.object({
  period_id: zIdFilter("学段"),
});

/** c083: grades of a period. */
export const PeriodGradePayload = z.object({
  school_id: zIdFilter("学校"),
  account_id: zIdFilter("账号"),
  period_id: zIdFilter("学段"),
});

/** c113: classes of the caller's school, or of {school_id, grade_id}. */
export const SchoolClassPayload = z.object({
  school_id: zIdFilter("学校"),
  grade_id: zIdFilter("年级"),
});

// ---------------------------------------------------------------------------------------------------------
// Periods

export const PeriodListPayload = z.object({
  page: zPage,
  limit: zLimit,
  school_id: zIdFilter("学校"),
  name: zKeyword("学段名称"),
});
export const PeriodSave = z.object({
  /** A school administrator's periods always go to his own school; everyone else names the school. */
  school_id: zIdFilter("学校"),
  name: zName("学段名称", 20),
  sort: zSort,
});
export const PeriodUpdate = z.object({
  id: zId("学段编号"),
  name: opt(zName("学段名称", 20)),
  sort: opt(zSortValue),
});

// ---------------------------------------------------------------------------------------------------------
// Grades

export const GradeListPayload = z.object({
  page: zPage,
  limit: zLimit,
  school_id: zIdFilter("学校"),
  period_id: zIdFilter("学段"),
  name: zKeyword("年级名称"),
});
export const GradeSave = z.object({
  period_id: zId("学段"),
  name: zName("年级名称", 20),
  sort: zSort,
});
export const GradeUpdate = z.object({
  id: zId("年级编号"),
  name: opt(zName("年级名称", 20)),
  sort: opt(zSortValue),
});

// ---------------------------------------------------------------------------------------------------------
// Subjects

export const SubjectListPayload = z.object({
  page: zPage,
  limit: zLimit,
  school_id: zIdFilter("学校"),
  period_id: zIdFilter("学段"),
  name: zKeyword("学科名称"),
});
export const SubjectSave = z.object({
  period_id: zId("学段"),
  name: zName("学科名称", 20),
  sort: zSort,
});
export const SubjectUpdate = z.object({
  id: zId("学科编号"),
  name: opt(zName("学科名称", 20)),
  sort: opt(zSortValue),
});

// ---------------------------------------------------------------------------------------------------------
// Classes

const zEntryYear = z.coerce.number().int("必须是整数").min(1950, "入学年份不正确").max(2100, "入学年份不正确").describe("入学年份");
const zStatus = z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe("状态");

export const ClassListPayload = z.object({
  page: zPage,
  limit: zLimit,
  school_id: zIdFilter("学校"),
  period_id: zIdFilter("学段"),
  grade_id: zIdFilter("年级"),
  entry_year: zIdFilter("入学年份"),
  name: zKeyword("班级名称"),
});
export const ClassSave = z.object({
  /** Optional: the school is the grade's; when given it must be the grade's. */
  school_id: zIdFilter("学校"),
  grade_id: zId("年级"),
  name: zName("班级名称", 30),
  entry_year: zEntryYear,
  head_teacher_id: z.coerce.number().int("必须是整数").min(0, "不能为负数").default(0).describe("班主任"),
  status: zStatus.default(1).describe("状态"),
});
export const ClassUpdate = z.object({
  id: zId("班级编号"),
  grade_id: opt(zId("年级")),
  name: opt(zName("班级名称", 30)),
  entry_year: opt(zEntryYear),
  head_teacher_id: z.coerce.number().int("必须是整数").min(0, "不能为负数").optional().describe("班主任"),
  status: opt(zStatus),
});

// ---------------------------------------------------------------------------------------------------------
// Students

/** Gender codes: 0 not given, 1 male, 2 female. */
export const GENDER_NAMES: Readonly<Record<number, string>> = { 0: "", 1: "男", 2: "女" };
/** Student status codes: 1 在读, 0 离校. */
export const STUDENT_STATUS_NAMES: Readonly<Record<number, string>> = { 1: "在读", 0: "离校" };

export const zStudentNo = z
  .string()
  .trim()
  .min(1, "请输入学号")
  .max(32, "学号不能超过 32 个字符")
  .regex(/^[A-Za-z0-9_-]+$/, "学号只能包含字母、数字、_ 和 -")
  .describe("学号");

const zGender = z.coerce.number().int("必须是整数").min(0, "只能是 0、1 或 2").max(2, "只能是 0、1 或 2").describe("性别");

/** Student fields; no defaults here, so that an update leaves what it does not name untouched. */
export const StudentFields = z.object({
  class_id: zId("班级"),
  name: zName("姓名", 30),
  student_no: zStudentNo,
  gender: zGender,
  status: zStatus,
});
export const StudentSave = StudentFields.extend({ gender: zGender.default(0).describe("性别"), status: zStatus.default(1).describe("状态") });
export const StudentUpdate = z.object({
  id: zId("学生编号"),
  class_id: opt(StudentFields.shape.class_id),
  name: opt(StudentFields.shape.name),
  student_no: opt(StudentFields.shape.student_no),
  gender: opt(zGender),
  status: opt(zStatus),
});

export const StudentFilter = z.object({
  school_id: zIdFilter("学校"),
  grade_id: zIdFilter("年级"),
  class_id: zIdFilter("班级"),
  /** Part of the name (contains). */
  name: zKeyword("姓名"),
  /** Beginning of the student number (prefix). */
  student_no: zKeyword("学号"),
  status: z.preprocess((v) => (v === "" || v === null ? undefined : v), zStatus.optional()).describe("状态"),
});
export const StudentListPayload = StudentFilter.extend({ page: zPage, limit: zLimit });
export const StudentExportPayload = StudentFilter;

/** An .xlsx workbook, base64, through the envelope (≤ 5 MB). */
export const StudentImportPayload = z.object({
  filename: z
    .string()
    .trim()
    .min(1, "请选择文件")
    .max(200)
    .regex(/\.xlsx$/i, "只支持 .xlsx 文件")
    .describe("文件名"),
  file: z.string().min(1, "文件内容为空").max(7_000_000, "文件不能超过 5MB").describe("文件内容"),
  /** all: import only when every row is valid; valid: import the valid rows, report the others. */
  mode: z.enum(["all", "valid"], { message: "只能是 all 或 valid" }).default("all").describe("导入方式"),
  /** The school of the imported students (a school administrator's own school; required for the others). */
  school_id: zIdFilter("学校"),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

export interface PeriodRow {
  id: number;
  school_id: number;
  school_name: string;
  name: string;
  sort: number;
  grade_count: number;
  subject_count: number;
}

export interface GradeRow {
  id: number;
  school_id: number;
  school_name: string;
  period_id: number;
  period_name: string;
  name: string;
  sort: number;
  class_count: number;
}

export interface SubjectRow {
  id: number;
  school_id: number;
  school_name: string;
  period_id: number;
  period_name: string;
  name: string;
  sort: number;
}

export interface ClassRow {
  id: number;
  school_id: number;
  school_name: string;
  period_id: number;
  period_name: string;
  grade_id: number;
  grade_name: string;
  name: string;
  entry_year: number;
  head_teacher_id: number;
  head_teacher_name: string;
  status: number;
  student_count: number;
  created_at: string;
}

export interface StudentRow {
  id: number;
  school_id: number;
  school_name: string;
  grade_id: number;
  grade_name: string;
  class_id: number;
  class_name: string;
  /** The class's entry year. */
  entry_year: number;
  name: string;
  student_no: string;
  gender: number;
  gender_name: string;
  status: number;
  status_name: string;
  created_at: string;
}

/** c049 entry; the first is always {id: 0, name: "全部"}. */
export interface CourseItem {
  id: number;
  name: string;
}

/** c047 entry. */
export interface PeriodSubjectItem {
  id: number;
  name: string;
  period_id: number;
  sort: number;
}

/** c083 entry. */
export interface PeriodGradeItem {
  id: number;
  name: string;
  period_id: number;
  school_id: number;
  sort: number;
}

/** c113 entry. */
export interface SchoolClassItem {
  id: number;
  name: string;
  school_id: number;
  grade_id: number;
  grade_name: string;
  entry_year: number;
}

export interface StudentImportRowError {
  row: number;
  field: string;
  msg: string;
}

export interface StudentImportReport {
  total: number;
  imported: number;
  skipped: number;
  errors: StudentImportRowError[];
  students: { row: number; id: number; student_no: string }[];
}

/** The calls of CLASS_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const CLASS = {
  periodSubjectList: call<PeriodSubjectItem[]>()(CLASS_CALLS.periodSubjectList, PeriodSubjectListPayload),
  commonPeriodList: call<Page<PeriodRow>>()(CLASS_CALLS.commonPeriodList, CommonPeriodListPayload),
  commonCourseList: call<CourseItem[]>()(CLASS_CALLS.commonCourseList, CourseListPayload),
  periodGrades: call<PeriodGradeItem[]>()(CLASS_CALLS.periodGrades, PeriodGradePayload),
  schoolClasses: call<SchoolClassItem[]>()(CLASS_CALLS.schoolClasses, SchoolClassPayload),
  periodList: call<Page<PeriodRow>>()(CLASS_CALLS.periodList, PeriodListPayload),
  periodSave: call<{ id: number }>()(CLASS_CALLS.periodSave, PeriodSave),
  periodUpdate: call<null>()(CLASS_CALLS.periodUpdate, PeriodUpdate),
  periodDelete: call<null>()(CLASS_CALLS.periodDelete, PeriodIdPayload),
  gradeList: call<Page<GradeRow>>()(CLASS_CALLS.gradeList, GradeListPayload),
  gradeSave: call<{ id: number }>()(CLASS_CALLS.gradeSave, GradeSave),
  gradeUpdate: call<null>()(CLASS_CALLS.gradeUpdate, GradeUpdate),
  gradeDelete: call<null>()(CLASS_CALLS.gradeDelete, GradeIdPayload),
  subjectList: call<Page<SubjectRow>>()(CLASS_CALLS.subjectList, SubjectListPayload),
  subjectSave: call<{ id: number }>()(CLASS_CALLS.subjectSave, SubjectSave),
  subjectUpdate: call<null>()(CLASS_CALLS.subjectUpdate, SubjectUpdate),
  subjectDelete: call<null>()(CLASS_CALLS.subjectDelete, SubjectIdPayload),
  classList: call<Page<ClassRow>>()(CLASS_CALLS.classList, ClassListPayload),
  classRead: call<ClassRow>()(CLASS_CALLS.classRead, ClassIdPayload),
  classSave: call<{ id: number }>()(CLASS_CALLS.classSave, ClassSave),
  classUpdate: call<null>()(CLASS_CALLS.classUpdate, ClassUpdate),
  classDelete: call<null>()(CLASS_CALLS.classDelete, ClassIdPayload),
  classBatchDelete: call<BatchResult[]>()(CLASS_CALLS.classBatchDelete, IdsPayload),
  studentList: call<Page<StudentRow>>()(CLASS_CALLS.studentList, StudentListPayload),
  studentRead: call<StudentRow>()(CLASS_CALLS.studentRead, StudentIdPayload),
  studentSave: call<{ id: number }>()(CLASS_CALLS.studentSave, StudentSave),
  studentUpdate: call<null>()(CLASS_CALLS.studentUpdate, StudentUpdate),
  studentDelete: call<null>()(CLASS_CALLS.studentDelete, StudentIdPayload),
  studentBatchDelete: call<BatchResult[]>()(CLASS_CALLS.studentBatchDelete, IdsPayload),
  studentImport: call<StudentImportReport>()(CLASS_CALLS.studentImport, StudentImportPayload),
  studentExport: call<FileAnswer>()(CLASS_CALLS.studentExport, StudentExportPayload),
} as const;

/**
 * Routes of periods, grades, subjects, classes and students (issue #4; docs/api/classes.md).
 *
 *   classRoutes(app, host, { periods, classes, students, accounts })
 *
 * with PeriodService, ClassService, StudentService (see period.service.ts for their construction) and AccountService
 * (the caller's account). Also registers GET /templates/student.xlsx.
 */
import { IdsPayload } from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import {
  CLASS_CALLS as C,
  ClassIdPayload,
  ClassListPayload,
  ClassSave,
  ClassUpdate,
  CommonPeriodListPayload,
  CourseListPayload,
  GradeIdPayload,
  GradeListPayload,
  GradeSave,
  GradeUpdate,
  PeriodGradePayload,
  PeriodIdPayload,
  PeriodListPayload,
  PeriodSave,
  PeriodSubjectListPayload,
  PeriodUpdate,
  STUDENT_TEMPLATE_PATH,
  SchoolClassPayload,
  StudentExportPayload,
  StudentIdPayload,
  StudentImportPayload,
  StudentListPayload,
  StudentSave,
  StudentUpdate,
  SubjectIdPayload,
  SubjectListPayload,
  SubjectSave,
  SubjectUpdate,
} from "@yanke/protocol";
import type { ClassService } from "./class.service.js";
import type { Caller } from "../../http/caller.js";
import type { PeriodService } from "./period.service.js";
import type { StudentService } from "./student.service.js";
import { STUDENT_TEMPLATE_FILENAME, buildStudentTemplate } from "./student-xlsx.js";
import { XLSX_MIME, decodeXlsx } from "../../infra/xlsx.js";

export interface ClassRouteDeps {
  periods: PeriodService;
  classes: ClassService;
  students: StudentService;
  /** The caller's account (AccountService.subject: 1025 when it is gone). */
  accounts: { subject(id: number): Promise<Caller> };
}

export function classRoutes(app: FastifyInstance, host: CallHost, deps: ClassRouteDeps): void {
  const { periods, classes, students } = deps;

  // Session reads (calls.tsv): any signed-in user, within the schools he sees.
  defineCall(app, host, {
    id: "c047",
    path: C.periodSubjectList,
    summary: "学段的学科列表（不传学段时为本校各学段的学科）",
    access: "user",
    schema: PeriodSubjectListPayload,
    handler: async ({ payload, caller }) => periods.periodSubjects(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c048",
    path: C.commonPeriodList,
    summary: "学段列表（指定学校、本校或管辖学校），分页",
    access: "user",
    schema: CommonPeriodListPayload,
    handler: async ({ payload, caller }) => periods.commonPeriodList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c049",
    path: C.commonCourseList,
    summary: "顶栏课程筛选：首项为「全部」(id 0)，其后为学段的学科",
    access: "user",
    schema: CourseListPayload,
    handler: async ({ payload, caller }) => periods.courseList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c083",
    path: C.periodGrades,
    summary: "学段的年级列表（不传学段时为本校各学段的年级）",
    access: "user",
    schema: PeriodGradePayload,
    handler: async ({ payload, caller }) => periods.periodGrades(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c113",
    path: C.schoolClasses,
    summary: "学校的班级列表（本校，或指定学校、年级）",
    access: "user",
    schema: SchoolClassPayload,
    handler: async ({ payload, caller }) => classes.schoolClasses(await caller(), payload),
  });

  // Periods and grades (PeriodManage).
  defineCall(app, host, {
    id: "new",
    path: C.periodList,
    rule: C.periodList,
    summary: "学段列表（管辖学校），可按学校、名称筛选",
    access: "user",
    schema: PeriodListPayload,
    handler: async ({ payload, caller }) => periods.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.periodSave,
    rule: C.periodSave,
    summary: "新增学段（同校名称不能重复；校级管理员只能为本校添加）",
    access: "user",
    schema: PeriodSave,
    message: "添加成功",
    handler: async ({ payload, caller }) => periods.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.periodUpdate,
    rule: C.periodUpdate,
    summary: "修改学段名称或排序",
    access: "user",
    schema: PeriodUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => {
      await periods.update(await caller(), payload);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.periodDelete,
    rule: C.periodDelete,
    summary: "删除学段；还有年级或学科时不能删除 (409)",
    access: "user",
    schema: PeriodIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => {
      await periods.remove(await caller(), payload.id);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.gradeList,
    rule: C.gradeList,
    summary: "年级列表（管辖学校），可按学校、学段、名称筛选",
    access: "user",
    schema: GradeListPayload,
    handler: async ({ payload, caller }) => periods.gradeList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.gradeSave,
    rule: C.gradeSave,
    summary: "新增年级（属于学段所在学校；同学段名称不能重复）",
    access: "user",
    schema: GradeSave,
    message: "添加成功",
    handler: async ({ payload, caller }) => periods.gradeSave(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.gradeUpdate,
    rule: C.gradeUpdate,
    summary: "修改年级名称或排序",
    access: "user",
    schema: GradeUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => {
      await periods.gradeUpdate(await caller(), payload);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.gradeDelete,
    rule: C.gradeDelete,
    summary: "删除年级；还有班级时不能删除 (409)",
    access: "user",
    schema: GradeIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => {
      await periods.gradeRemove(await caller(), payload.id);
      return null;
    },
  });

  // Subjects (DisciplineManage).
  defineCall(app, host, {
    id: "new",
    path: C.subjectList,
    rule: C.subjectList,
    summary: "学科列表（管辖学校的学段），可按学校、学段、名称筛选",
    access: "user",
    schema: SubjectListPayload,
    handler: async ({ payload, caller }) => periods.subjectList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.subjectSave,
    rule: C.subjectSave,
    summary: "新增学科（同学段名称不能重复）",
    access: "user",
    schema: SubjectSave,
    message: "添加成功",
    handler: async ({ payload, caller }) => periods.subjectSave(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.subjectUpdate,
    rule: C.subjectUpdate,
    summary: "修改学科名称或排序",
    access: "user",
    schema: SubjectUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => {
      await periods.subjectUpdate(await caller(), payload);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.subjectDelete,
    rule: C.subjectDelete,
    summary: "删除学科",
    access: "user",
    schema: SubjectIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => {
      await periods.subjectRemove(await caller(), payload.id);
      return null;
    },
  });

  // Classes (ClassManage).
  defineCall(app, host, {
    id: "new",
    path: C.classList,
    rule: C.classList,
    summary: "班级列表（管辖学校），可按学校、学段、年级、入学年份、名称筛选",
    access: "user",
    schema: ClassListPayload,
    handler: async ({ payload, caller }) => classes.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.classRead,
    rule: C.classRead,
    summary: "班级详情",
    access: "user",
    schema: ClassIdPayload,
    handler: async ({ payload, caller }) => classes.read(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.classSave,
    rule: C.classSave,
    summary: "新增班级（学校为年级所在学校；同校同年级同入学年份名称不能重复）",
    access: "user",
    schema: ClassSave,
    message: "添加成功",
    handler: async ({ payload, caller }) => classes.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.classUpdate,
    rule: C.classUpdate,
    summary: "修改班级（可调整到本校其他年级）",
    access: "user",
    schema: ClassUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => {
      await classes.update(await caller(), payload);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.classDelete,
    rule: C.classDelete,
    summary: "删除班级；还有学生时不能删除 (409)",
    access: "user",
    schema: ClassIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => {
      await classes.remove(await caller(), payload.id);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.classBatchDelete,
    rule: C.classBatchDelete,
    summary: "批量删除班级，逐条返回结果",
    access: "user",
    schema: IdsPayload,
    message: "操作完成",
    handler: async ({ payload, caller }) => classes.batchDelete(await caller(), payload.ids),
  });

  // Students (StudentManage).
  defineCall(app, host, {
    id: "new",
    path: C.studentList,
    rule: C.studentList,
    summary: "学生列表（管辖学校），可按学校、年级、班级、姓名（包含）、学号（前缀）、状态筛选",
    access: "user",
    schema: StudentListPayload,
    handler: async ({ payload, caller }) => students.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.studentRead,
    rule: C.studentRead,
    summary: "学生详情",
    access: "user",
    schema: StudentIdPayload,
    handler: async ({ payload, caller }) => students.read(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.studentSave,
    rule: C.studentSave,
    summary: "新增学生（学校为班级所在学校；学号同校唯一）",
    access: "user",
    schema: StudentSave,
    message: "添加成功",
    handler: async ({ payload, caller }) => students.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.studentUpdate,
    rule: C.studentUpdate,
    summary: "修改学生；换班时学校随班级",
    access: "user",
    schema: StudentUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => {
      await students.update(await caller(), payload);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.studentDelete,
    rule: C.studentDelete,
    summary: "删除学生",
    access: "user",
    schema: StudentIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => {
      await students.remove(await caller(), payload.id);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.studentBatchDelete,
    rule: C.studentBatchDelete,
    summary: "批量删除学生，逐条返回结果",
    access: "user",
    schema: IdsPayload,
    message: "操作完成",
    handler: async ({ payload, caller }) => students.batchDelete(await caller(), payload.ids),
  });
  defineCall(app, host, {
    id: "new",
    path: C.studentImport,
    rule: C.studentImport,
    summary: "从 .xlsx 导入学生：逐行校验并报告；mode=all 时有错误则不导入，mode=valid 时只导入正确的行",
    access: "user",
    schema: StudentImportPayload,
    message: "导入完成",
    handler: async ({ payload, caller }) => students.importWorkbook(await caller(), decodeXlsx(payload.file), payload.mode, payload.school_id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.studentExport,
    rule: C.studentExport,
    summary: "导出筛选后的学生列表（.xlsx，base64；最多 50000 行）",
    access: "user",
    schema: StudentExportPayload,
    handler: async ({ payload, caller }) => students.exportWorkbook(await caller(), payload),
  });

  app.get(STUDENT_TEMPLATE_PATH, async (_req, res) =>
    res
      .header("content-type", XLSX_MIME)
      .header("content-disposition", `attachment; filename="student.xlsx"; filename*=UTF-8''${encodeURIComponent(STUDENT_TEMPLATE_FILENAME)}`)
      .send(await buildStudentTemplate()),
  );
}

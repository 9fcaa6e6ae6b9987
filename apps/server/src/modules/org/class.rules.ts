/**
 * Permission rules of this module's calls, by the menu entry (rbac.seed BASE_MENU name) they sit under:
 * { MenuName: [["中文标题", "/middle/x/verb"], …] }. Merged into the seeded menu; roles that hold the menu entry's
 * subtree hold these rules.
 *
 * Periods, grades and subjects sit under PeriodManage / DisciplineManage (district administrators and above);
 * classes and students under ClassManage / StudentManage (school administrators too). The session reads c047, c048,
 * c049, c083 and c113 need no rule (docs/api/classes.md).
 */
import { CLASS_CALLS as C } from "@yanke/protocol";

export const RULES: Record<string, [string, string][]> = {
  PeriodManage: [
    ["查看学段", C.periodList],
    ["新增学段", C.periodSave],
    ["修改学段", C.periodUpdate],
    ["删除学段", C.periodDelete],
    ["查看年级", C.gradeList],
    ["新增年级", C.gradeSave],
    ["修改年级", C.gradeUpdate],
    ["删除年级", C.gradeDelete],
  ],
  DisciplineManage: [
    ["查看学科", C.subjectList],
    ["新增学科", C.subjectSave],
    ["修改学科", C.subjectUpdate],
    ["删除学科", C.subjectDelete],
  ],
  ClassManage: [
    ["查看班级", C.classList],
    ["班级详情", C.classRead],
    ["新增班级", C.classSave],
    ["修改班级", C.classUpdate],
    ["删除班级", C.classDelete],
    ["批量删除班级", C.classBatchDelete],
  ],
  StudentManage: [
    ["查看学生", C.studentList],
    ["学生详情", C.studentRead],
    ["新增学生", C.studentSave],
    ["修改学生", C.studentUpdate],
    ["删除学生", C.studentDelete],
    ["批量删除学生", C.studentBatchDelete],
    ["导入学生", C.studentImport],
    ["导出学生", C.studentExport],
  ],
};

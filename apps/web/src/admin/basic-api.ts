import { CALLS, type ClassRow, type ClassSave, type ClassUpdate, type FileAnswer, type GradeRow, type GradeSave, type GradeUpdate, type ImportReport, type Page, type PeriodGradeItem, type PeriodRow, type PeriodSave, type PeriodUpdate, type RegionNode, type RegionSave, type RegionUpdate, type SchoolClassItem, type SchoolImportReport, type SchoolOption, type SchoolRow, type SchoolSave, type SchoolUpdate, type StudentImportReport, type StudentRow, type StudentSave, type StudentUpdate, type SubjectRow, type SubjectSave, type SubjectUpdate } from "@yanke/protocol";
/** Typed calls of the #4 basic-data screens (docs/api/org.md, docs/api/classes.md). */
import type { z } from "zod";
import { call } from "../api/client";

type In<T extends z.ZodType> = z.input<T>;
type Q = Record<string, unknown>;

export const basicApi = {
  regionList: (p: { pid?: number; name?: string }) => call<RegionNode[]>(CALLS.regionList, p),
  regionSave: (p: In<typeof RegionSave>) => call<{ id: number }>(CALLS.regionSave, p),
  regionUpdate: (p: In<typeof RegionUpdate>) => call<null>(CALLS.regionUpdate, p),
  regionDelete: (id: number) => call<null>(CALLS.regionDelete, { id }),

  schoolList: (p: Q) => call<Page<SchoolRow>>(CALLS.schoolList, p),
  schoolSave: (p: In<typeof SchoolSave>) => call<{ id: number }>(CALLS.schoolSave, p),
  schoolUpdate: (p: In<typeof SchoolUpdate>) => call<null>(CALLS.schoolUpdate, p),
  schoolDelete: (id: number) => call<null>(CALLS.schoolDelete, { id }),
  schoolBatchDelete: (ids: number[]) => call<unknown>(CALLS.schoolBatchDelete, { ids }),
  schoolStatus: (id: number, value: number) => call<null>(CALLS.schoolQuickOperate, { id, field: "status", value }),
  schoolImport: (p: Q) => call<SchoolImportReport>(CALLS.schoolImport, p),
  schoolExport: (p: Q) => call<FileAnswer>(CALLS.schoolExport, p),
  regionSchools: (p: { region_id?: number; region_code?: string }) => call<SchoolOption[]>(CALLS.getRegionSchoolList, p),

  periodList: (p: Q) => call<Page<PeriodRow>>(CALLS.periodList, p),
  periodSave: (p: In<typeof PeriodSave>) => call<{ id: number }>(CALLS.periodSave, p),
  periodUpdate: (p: In<typeof PeriodUpdate>) => call<null>(CALLS.periodUpdate, p),
  periodDelete: (id: number) => call<null>(CALLS.periodDelete, { id }),
  gradeList: (p: Q) => call<Page<GradeRow>>(CALLS.gradeList, p),
  gradeSave: (p: In<typeof GradeSave>) => call<{ id: number }>(CALLS.gradeSave, p),
  gradeUpdate: (p: In<typeof GradeUpdate>) => call<null>(CALLS.gradeUpdate, p),
  gradeDelete: (id: number) => call<null>(CALLS.gradeDelete, { id }),
  subjectList: (p: Q) => call<Page<SubjectRow>>(CALLS.subjectList, p),
  subjectSave: (p: In<typeof SubjectSave>) => call<{ id: number }>(CALLS.subjectSave, p),
  subjectUpdate: (p: In<typeof SubjectUpdate>) => call<null>(CALLS.subjectUpdate, p),
  subjectDelete: (id: number) => call<null>(CALLS.subjectDelete, { id }),
  commonPeriods: (p: Q) => call<Page<PeriodRow>>(CALLS.commonPeriodList, p),
  periodGrades: (p: { school_id?: number; period_id?: number }) => call<PeriodGradeItem[]>(CALLS.periodGrades, p),
  schoolClasses: (p: { school_id?: number; grade_id?: number }) => call<SchoolClassItem[]>(CALLS.schoolClasses, p),

  classList: (p: Q) => call<Page<ClassRow>>(CALLS.classList, p),
  classSave: (p: In<typeof ClassSave>) => call<{ id: number }>(CALLS.classSave, p),
  classUpdate: (p: In<typeof ClassUpdate>) => call<null>(CALLS.classUpdate, p),
  classDelete: (id: number) => call<null>(CALLS.classDelete, { id }),
  classBatchDelete: (ids: number[]) => call<unknown>(CALLS.classBatchDelete, { ids }),

  studentList: (p: Q) => call<Page<StudentRow>>(CALLS.studentList, p),
  studentSave: (p: In<typeof StudentSave>) => call<{ id: number }>(CALLS.studentSave, p),
  studentUpdate: (p: In<typeof StudentUpdate>) => call<null>(CALLS.studentUpdate, p),
  studentDelete: (id: number) => call<null>(CALLS.studentDelete, { id }),
  studentBatchDelete: (ids: number[]) => call<unknown>(CALLS.studentBatchDelete, { ids }),
  studentImport: (p: Q) => call<StudentImportReport | ImportReport>(CALLS.studentImport, p),
  studentExport: (p: Q) => call<FileAnswer>(CALLS.studentExport, p),
};

/** Typed calls of the #4 basic-data screens (docs/api/org.md, docs/api/classes.md). */
import type { FileAnswer, ImportReport, Page } from "@yanke/protocol";
import type { z } from "zod";
import { call } from "../api/client";
import type {
  ClassRow,
  ClassSave,
  ClassUpdate,
  GradeRow,
  GradeSave,
  GradeUpdate,
  PeriodGradeItem,
  PeriodRow,
  PeriodSave,
  PeriodUpdate,
  RegionNode,
  RegionSave,
  RegionUpdate,
  SchoolClassItem,
  SchoolImportReport,
  SchoolOption,
  SchoolRow,
  SchoolSave,
  SchoolUpdate,
  StudentImportReport,
  StudentRow,
  StudentSave,
  StudentUpdate,
  SubjectRow,
  SubjectSave,
  SubjectUpdate,
} from "./contracts";
import { P } from "./paths";

type In<T extends z.ZodType> = z.input<T>;
type Q = Record<string, unknown>;

export const basicApi = {
  regionList: (p: { pid?: number; name?: string }) => call<RegionNode[]>(P.regionList, p),
  regionSave: (p: In<typeof RegionSave>) => call<{ id: number }>(P.regionSave, p),
  regionUpdate: (p: In<typeof RegionUpdate>) => call<null>(P.regionUpdate, p),
  regionDelete: (id: number) => call<null>(P.regionDelete, { id }),

  schoolList: (p: Q) => call<Page<SchoolRow>>(P.schoolList, p),
  schoolSave: (p: In<typeof SchoolSave>) => call<{ id: number }>(P.schoolSave, p),
  schoolUpdate: (p: In<typeof SchoolUpdate>) => call<null>(P.schoolUpdate, p),
  schoolDelete: (id: number) => call<null>(P.schoolDelete, { id }),
  schoolBatchDelete: (ids: number[]) => call<unknown>(P.schoolBatchDelete, { ids }),
  schoolStatus: (id: number, value: number) => call<null>(P.schoolQuickOperate, { id, field: "status", value }),
  schoolImport: (p: Q) => call<SchoolImportReport>(P.schoolImport, p),
  schoolExport: (p: Q) => call<FileAnswer>(P.schoolExport, p),
  regionSchools: (p: { region_id?: number; region_code?: string }) => call<SchoolOption[]>(P.getRegionSchoolList, p),

  periodList: (p: Q) => call<Page<PeriodRow>>(P.periodList, p),
  periodSave: (p: In<typeof PeriodSave>) => call<{ id: number }>(P.periodSave, p),
  periodUpdate: (p: In<typeof PeriodUpdate>) => call<null>(P.periodUpdate, p),
  periodDelete: (id: number) => call<null>(P.periodDelete, { id }),
  gradeList: (p: Q) => call<Page<GradeRow>>(P.gradeList, p),
  gradeSave: (p: In<typeof GradeSave>) => call<{ id: number }>(P.gradeSave, p),
  gradeUpdate: (p: In<typeof GradeUpdate>) => call<null>(P.gradeUpdate, p),
  gradeDelete: (id: number) => call<null>(P.gradeDelete, { id }),
  subjectList: (p: Q) => call<Page<SubjectRow>>(P.subjectList, p),
  subjectSave: (p: In<typeof SubjectSave>) => call<{ id: number }>(P.subjectSave, p),
  subjectUpdate: (p: In<typeof SubjectUpdate>) => call<null>(P.subjectUpdate, p),
  subjectDelete: (id: number) => call<null>(P.subjectDelete, { id }),
  commonPeriods: (p: Q) => call<Page<PeriodRow>>(P.commonPeriodList, p),
  periodGrades: (p: { school_id?: number; period_id?: number }) => call<PeriodGradeItem[]>(P.periodGrades, p),
  schoolClasses: (p: { school_id?: number; grade_id?: number }) => call<SchoolClassItem[]>(P.schoolClasses, p),

  classList: (p: Q) => call<Page<ClassRow>>(P.classList, p),
  classSave: (p: In<typeof ClassSave>) => call<{ id: number }>(P.classSave, p),
  classUpdate: (p: In<typeof ClassUpdate>) => call<null>(P.classUpdate, p),
  classDelete: (id: number) => call<null>(P.classDelete, { id }),
  classBatchDelete: (ids: number[]) => call<unknown>(P.classBatchDelete, { ids }),

  studentList: (p: Q) => call<Page<StudentRow>>(P.studentList, p),
  studentSave: (p: In<typeof StudentSave>) => call<{ id: number }>(P.studentSave, p),
  studentUpdate: (p: In<typeof StudentUpdate>) => call<null>(P.studentUpdate, p),
  studentDelete: (id: number) => call<null>(P.studentDelete, { id }),
  studentBatchDelete: (ids: number[]) => call<unknown>(P.studentBatchDelete, { ids }),
  studentImport: (p: Q) => call<StudentImportReport | ImportReport>(P.studentImport, p),
  studentExport: (p: Q) => call<FileAnswer>(P.studentExport, p),
};

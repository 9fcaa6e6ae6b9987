import { type PayloadOf, calls } from "@yanke/protocol";
/** Typed calls of the #4 basic-data screens (docs/api/org.md, docs/api/classes.md). */
import { call } from "../api/client";

export const basicApi = {
  regionList: (p: PayloadOf<typeof calls.regionList>) => call(calls.regionList, p),
  regionSave: (p: PayloadOf<typeof calls.regionSave>) => call(calls.regionSave, p),
  regionUpdate: (p: PayloadOf<typeof calls.regionUpdate>) => call(calls.regionUpdate, p),
  regionDelete: (id: number) => call(calls.regionDelete, { id }),

  schoolList: (p: PayloadOf<typeof calls.schoolList>) => call(calls.schoolList, p),
  schoolSave: (p: PayloadOf<typeof calls.schoolSave>) => call(calls.schoolSave, p),
  schoolUpdate: (p: PayloadOf<typeof calls.schoolUpdate>) => call(calls.schoolUpdate, p),
  schoolDelete: (id: number) => call(calls.schoolDelete, { id }),
  schoolBatchDelete: (ids: number[]) => call(calls.schoolBatchDelete, { ids }),
  schoolStatus: (id: number, value: number) => call(calls.schoolQuickOperate, { id, field: "status", value }),
  schoolImport: (p: PayloadOf<typeof calls.schoolImport>) => call(calls.schoolImport, p),
  schoolExport: (p: PayloadOf<typeof calls.schoolExport>) => call(calls.schoolExport, p),
  regionSchools: (p: PayloadOf<typeof calls.getRegionSchoolList>) => call(calls.getRegionSchoolList, p),

  periodList: (p: PayloadOf<typeof calls.periodList>) => call(calls.periodList, p),
  periodSave: (p: PayloadOf<typeof calls.periodSave>) => call(calls.periodSave, p),
  periodUpdate: (p: PayloadOf<typeof calls.periodUpdate>) => call(calls.periodUpdate, p),
  periodDelete: (id: number) => call(calls.periodDelete, { id }),
  gradeList: (p: PayloadOf<typeof calls.gradeList>) => call(calls.gradeList, p),
  gradeSave: (p: PayloadOf<typeof calls.gradeSave>) => call(calls.gradeSave, p),
  gradeUpdate: (p: PayloadOf<typeof calls.gradeUpdate>) => call(calls.gradeUpdate, p),
  gradeDelete: (id: number) => call(calls.gradeDelete, { id }),
  subjectList: (p: PayloadOf<typeof calls.subjectList>) => call(calls.subjectList, p),
  subjectSave: (p: PayloadOf<typeof calls.subjectSave>) => call(calls.subjectSave, p),
  subjectUpdate: (p: PayloadOf<typeof calls.subjectUpdate>) => call(calls.subjectUpdate, p),
  subjectDelete: (id: number) => call(calls.subjectDelete, { id }),
  commonPeriods: (p: PayloadOf<typeof calls.commonPeriodList>) => call(calls.commonPeriodList, p),
  periodGrades: (p: PayloadOf<typeof calls.periodGrades>) => call(calls.periodGrades, p),
  schoolClasses: (p: PayloadOf<typeof calls.schoolClasses>) => call(calls.schoolClasses, p),

  classList: (p: PayloadOf<typeof calls.classList>) => call(calls.classList, p),
  classSave: (p: PayloadOf<typeof calls.classSave>) => call(calls.classSave, p),
  classUpdate: (p: PayloadOf<typeof calls.classUpdate>) => call(calls.classUpdate, p),
  classDelete: (id: number) => call(calls.classDelete, { id }),
  classBatchDelete: (ids: number[]) => call(calls.classBatchDelete, { ids }),

  studentList: (p: PayloadOf<typeof calls.studentList>) => call(calls.studentList, p),
  studentSave: (p: PayloadOf<typeof calls.studentSave>) => call(calls.studentSave, p),
  studentUpdate: (p: PayloadOf<typeof calls.studentUpdate>) => call(calls.studentUpdate, p),
  studentDelete: (id: number) => call(calls.studentDelete, { id }),
  studentBatchDelete: (ids: number[]) => call(calls.studentBatchDelete, { ids }),
  studentImport: (p: PayloadOf<typeof calls.studentImport>) => call(calls.studentImport, p),
  studentExport: (p: PayloadOf<typeof calls.studentExport>) => call(calls.studentExport, p),
};

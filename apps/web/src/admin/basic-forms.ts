/** Form values ↔ payloads of the basic-data dialogs (pure, unit-tested). */
import { DEFAULT_SCHOOL_TYPE, type SchoolRow } from "@yanke/protocol";

export interface SchoolFormValues {
  title: string;
  code: string;
  region_id: number | undefined;
  school_type: string;
  school_index_name: string;
  address: string;
  telephone: string;
  status: boolean;
}

export function schoolFormValues(r: SchoolRow | null): Partial<SchoolFormValues> {
  if (!r) return { status: true, school_type: DEFAULT_SCHOOL_TYPE, code: "", address: "", telephone: "", school_index_name: "" };
  return {
    title: r.title,
    code: r.code,
    region_id: r.region_id || undefined,
    school_type: r.school_type,
    school_index_name: r.school_index_name,
    address: r.address,
    telephone: r.telephone,
    status: r.status === 1,
  };
}

export function schoolPayload(v: SchoolFormValues) {
  return {
    title: v.title.trim(),
    code: (v.code ?? "").trim(),
    region_id: v.region_id ?? 0,
    school_type: (v.school_type ?? "").trim() || DEFAULT_SCHOOL_TYPE,
    school_index_name: (v.school_index_name ?? "").trim(),
    address: (v.address ?? "").trim(),
    telephone: (v.telephone ?? "").trim(),
    status: v.status ? 1 : 0,
  };
}

export interface ClassFormValues {
  school_id: number | undefined;
  grade_id: number | undefined;
  name: string;
  entry_year: number;
  head_teacher_id: number | undefined;
  status: boolean;
}

export function classPayload(v: ClassFormValues) {
  return {
    grade_id: v.grade_id ?? 0,
    name: v.name.trim(),
    entry_year: v.entry_year,
    head_teacher_id: v.head_teacher_id ?? 0,
    status: v.status ? 1 : 0,
  };
}

export interface StudentFormValues {
  school_id: number | undefined;
  class_id: number | undefined;
  name: string;
  student_no: string;
  gender: number;
  status: number;
}

export function studentPayload(v: StudentFormValues) {
  return { class_id: v.class_id ?? 0, name: v.name.trim(), student_no: v.student_no.trim(), gender: v.gender ?? 0, status: v.status ?? 1 };
}

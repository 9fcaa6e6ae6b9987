import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { StudentRow } from "@yanke/protocol";
import {
  STUDENT_COLUMNS,
  STUDENT_IMPORT_MESSAGES,
  type StudentImportLookups,
  buildStudentExport,
  buildStudentTemplate,
  parseStudentImport,
} from "./student-xlsx.js";

/** Classes of a school: 七年级 1班/2班 (2025), 八年级 1班 (2024) and 1班 (2023, a repeat class). */
const CLASSES = [
  { id: 11, name: "1班", grade: "七年级", year: 2025 },
  { id: 12, name: "2班", grade: "七年级", year: 2025 },
  { id: 21, name: "1班", grade: "八年级", year: 2024 },
  { id: 22, name: "1班", grade: "八年级", year: 2023 },
  { id: 31, name: "实验班", grade: "九年级", year: 2023 },
];

const lookups: StudentImportLookups = {
  classOf(className, gradeName, entryYear) {
    if (gradeName && !CLASSES.some((k) => k.grade === gradeName)) return { field: "年级", error: `本校没有年级「${gradeName}」` };
    const found = CLASSES.filter((k) => k.name === className && (!gradeName || k.grade === gradeName) && (entryYear === undefined || k.year === entryYear));
    if (found.length === 1) return { id: found[0]!.id };
    return { field: "班级", error: found.length ? "不唯一" : `没有班级「${className}」` };
  },
};

async function book(header: string[], rows: (string | number | null)[][], sheet = "导入模板"): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe("student template", () => {
  it("has the columns with required marks and an example row that the parser ignores", async () => {
    const buf = await buildStudentTemplate();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(buf).buffer);
    const ws = wb.getWorksheet("导入模板")!;
    expect(ws.getRow(1).values).toEqual([undefined, "学号*", "姓名*", "性别", "年级", "班级*"]);
    expect(ws.getRow(2).values).toEqual([undefined, ...STUDENT_COLUMNS.map((c) => c.example)]);
    expect(wb.getWorksheet("说明")!.rowCount).toBeGreaterThan(STUDENT_COLUMNS.length);
    expect(await parseStudentImport(buf, lookups)).toEqual({ rows: [], errors: [{ row: 0, field: "文件", msg: STUDENT_IMPORT_MESSAGES.empty }], total: 0 });
  });
});

describe("parseStudentImport", () => {
  it("reads good rows in any column order, with numbers as student numbers and 年级/入学年份 to pick the class", async () => {
    const buf = await book(
      ["班级", "姓名*", "学号*", "性别", "年级", "入学年份", "状态"],
      [
        ["2班", "甲", 20250001, "男", "", "", ""],
        ["1班", "乙", "A-02", "女", "七年级", "", "离校"],
        ["1班", "丙", "A_03", "", "八年级", "2023级", "在读"],
        ["实验班", " 丁 ", "A04", "", "", "", ""],
      ],
    );
    const r = await parseStudentImport(buf, lookups);
    expect(r.errors).toEqual([]);
    expect(r.total).toBe(4);
    expect(r.rows).toEqual([
      { row: 2, values: { class_id: 12, name: "甲", student_no: "20250001", gender: 1, status: 1 } },
      { row: 3, values: { class_id: 11, name: "乙", student_no: "A-02", gender: 2, status: 0 } },
      { row: 4, values: { class_id: 22, name: "丙", student_no: "A_03", gender: 0, status: 1 } },
      { row: 5, values: { class_id: 31, name: "丁", student_no: "A04", gender: 0, status: 1 } },
    ]);
  });

  it("reports every bad row with its column, in column order, and skips blank rows", async () => {
    const buf = await book(
      ["学号*", "姓名*", "性别", "年级", "班级*", "入学年份"],
      [
        ["", "", "", "", "", ""],
        ["B1", "", "男", "", "", ""],
        [null, null, null, null, null, null],
        ["B1", "重号", "", "七年级", "1班", ""],
        ["B 3", "空格学号", "男生", "七年级", "1班", ""],
        ["B4", "性别错", "M", "七年级", "1班", ""],
        ["B5", "无此年级", "", "十年级", "1班", ""],
        ["B6", "不唯一", "", "八年级", "1班", ""],
        ["B7", "年份错", "", "八年级", "1班", "去年"],
        ["B8", "x".repeat(31), "", "", "2班", ""],
      ],
    );
    const r = await parseStudentImport(buf, lookups);
    expect(r.total).toBe(8);
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual([
      { row: 3, field: "姓名", msg: "必填" },
      { row: 3, field: "班级", msg: "必填" },
      { row: 5, field: "学号", msg: "与第 3 行的学号重复" },
      { row: 6, field: "学号", msg: "学号只能包含字母、数字、_ 和 -" },
      { row: 7, field: "性别", msg: "性别只能是 男 或 女" },
      { row: 8, field: "年级", msg: "本校没有年级「十年级」" },
      { row: 9, field: "班级", msg: "不唯一" },
      { row: 10, field: "入学年份", msg: "请填写 4 位年份，如 2024" },
      { row: 11, field: "姓名", msg: "姓名不能超过 30 个字符" },
    ]);
  });

  it("refuses what is not a workbook, a wrong header, an empty sheet and too many rows", async () => {
    expect((await parseStudentImport(Buffer.from("not a zip"), lookups)).errors).toEqual([{ row: 0, field: "文件", msg: STUDENT_IMPORT_MESSAGES.notXlsx }]);
    expect((await parseStudentImport(await book(["学号", "姓名"], [["1", "a"]]), lookups)).errors).toEqual([
      { row: 1, field: "表头", msg: STUDENT_IMPORT_MESSAGES.header },
    ]);
    expect((await parseStudentImport(await book(["学号", "姓名", "班级", "备注"], [["1", "a", "2班", "x"]]), lookups)).errors[0]!.row).toBe(1);
    expect((await parseStudentImport(await book(["学号", "姓名", "班级", "学号"], [["1", "a", "2班", "1"]]), lookups)).errors[0]!.row).toBe(1);
    expect((await parseStudentImport(await book(["学号", "姓名", "班级"], []), lookups)).errors[0]!.msg).toBe(STUDENT_IMPORT_MESSAGES.empty);
    const many = await book(
      ["学号", "姓名", "班级"],
      Array.from({ length: 10_001 }, (_, i) => [`N${i}`, "某", "2班"]),
    );
    const r = await parseStudentImport(many, lookups);
    expect(r).toMatchObject({ total: 10_001, rows: [], errors: [{ row: 0, msg: STUDENT_IMPORT_MESSAGES.tooMany }] });
  });
});

describe("buildStudentExport", () => {
  it("writes a sheet that parses back into the same students", async () => {
    const base: Omit<StudentRow, "id" | "name" | "student_no" | "gender" | "gender_name" | "class_id" | "class_name" | "grade_name" | "entry_year"> = {
      school_id: 1,
      school_name: "一中",
      grade_id: 0,
      status: 1,
      status_name: "在读",
      created_at: "2026-01-01 08:00:00",
    };
    const rows: StudentRow[] = [
      { ...base, id: 1, name: "甲", student_no: "0012", gender: 1, gender_name: "男", class_id: 21, class_name: "1班", grade_name: "八年级", entry_year: 2024 },
      {
        ...base,
        id: 2,
        name: "乙",
        student_no: "X2",
        gender: 0,
        gender_name: "",
        class_id: 22,
        class_name: "1班",
        grade_name: "八年级",
        entry_year: 2023,
        status: 0,
        status_name: "离校",
      },
      { ...base, id: 3, name: "丙", student_no: "X3", gender: 2, gender_name: "女", class_id: 12, class_name: "2班", grade_name: "七年级", entry_year: 2025 },
    ];
    const r = await parseStudentImport(await buildStudentExport(rows), lookups);
    expect(r.errors).toEqual([]);
    expect(r.rows.map((x) => x.values)).toEqual(
      rows.map((x) => ({ class_id: x.class_id, name: x.name, student_no: x.student_no, gender: x.gender, status: x.status })),
    );
  });
});

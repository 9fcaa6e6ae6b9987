/**
 * Student import/export workbooks (issue #4): the downloadable template, the row-by-row parser of a filled template
 * (or of an edited export), and the export of a student list. Pure: no database, no HTTP; the student service
 * supplies the class look-up and decides what to do with the valid rows and the errors.
 *
 * Headers are matched by name, not position. The export's columns are the template's plus 入学年份 and 状态, both
 * understood by the parser, so an exported list imports again unchanged.
 */
import ExcelJS from "exceljs";
import type { z } from "zod";
import { GENDER_NAMES, STUDENT_STATUS_NAMES, StudentSave, type StudentImportRowError, type StudentRow } from "@yanke/protocol";
import { cellText } from "../account/account-xlsx.js";
import { EXAMPLE_FONT, REQUIRED_FONT, matchColumns, readSheetRows, styleHeader, cellValue } from "../../infra/xlsx.js";

export const STUDENT_IMPORT_MAX_ROWS = 10_000;
export const STUDENT_TEMPLATE_SHEET = "导入模板";
export const STUDENT_HELP_SHEET = "说明";
export const STUDENT_EXPORT_SHEET = "学生列表";
export const STUDENT_TEMPLATE_FILENAME = "学生导入模板.xlsx";

export const STUDENT_IMPORT_MESSAGES = {
  notXlsx: "文件不是有效的 Excel(.xlsx) 文件",
  empty: "文件中没有数据",
  header: "表头与模板不一致，请下载最新模板（必须有 学号、姓名、班级 三列）",
  tooMany: `一次最多导入 ${STUDENT_IMPORT_MAX_ROWS} 行`,
} as const;

export type StudentColumnKey = "student_no" | "name" | "gender" | "grade" | "class" | "entry_year" | "status";

export interface StudentColumn {
  header: string;
  key: StudentColumnKey;
  required: boolean;
  width: number;
  rule: string;
  example: string;
}

/** Template columns, in order. */
export const STUDENT_COLUMNS: readonly StudentColumn[] = [
  { header: "学号", key: "student_no", required: true, width: 18, rule: "必填；字母、数字、_ 或 -，不超过 32 位；同校内不能重复", example: "20240101" },
  { header: "姓名", key: "name", required: true, width: 14, rule: "必填；不超过 30 个字符", example: "张小明（示例）" },
  { header: "性别", key: "gender", required: false, width: 8, rule: "选填；男 或 女", example: "男" },
  { header: "年级", key: "grade", required: false, width: 12, rule: "选填；本校的年级名称。班级名称在本校不唯一时必须填写", example: "初一" },
  { header: "班级", key: "class", required: true, width: 16, rule: "必填；本校已有的班级名称", example: "初一(1)班" },
];

/** Columns of the export that the parser also understands. */
const EXTRA_COLUMNS: readonly StudentColumn[] = [
  { header: "入学年份", key: "entry_year", required: false, width: 10, rule: "选填；班级的入学年份，同名班级有多个时用来区分", example: "" },
  { header: "状态", key: "status", required: false, width: 8, rule: `选填；${Object.values(STUDENT_STATUS_NAMES).join(" 或 ")}，留空为在读`, example: "" },
];

export const STUDENT_EXPORT_COLUMNS: readonly { header: string; width: number; value: (r: StudentRow) => string | number }[] = [
  { header: "学号", width: 18, value: (r) => r.student_no },
  { header: "姓名", width: 14, value: (r) => r.name },
  { header: "性别", width: 8, value: (r) => GENDER_NAMES[r.gender] ?? "" },
  { header: "年级", width: 12, value: (r) => r.grade_name },
  { header: "班级", width: 16, value: (r) => r.class_name },
  { header: "入学年份", width: 10, value: (r) => r.entry_year || "" },
  { header: "状态", width: 8, value: (r) => r.status_name },
];

export type StudentSaveData = z.output<typeof StudentSave>;

export interface StudentImportLookups {
  /** The class of the importing school named by the row: its id, or why none fits. */
  classOf(className: string, gradeName: string, entryYear: number | undefined): { id: number } | { field: "年级" | "班级"; error: string };
}

export interface ParsedStudentRow {
  /** 1-based sheet row. */
  row: number;
  values: StudentSaveData;
}

export interface ParseStudentResult {
  rows: ParsedStudentRow[];
  errors: StudentImportRowError[];
  /** Non-blank data rows (the untouched example row not counted). */
  total: number;
}

// ---------------------------------------------------------------------------------------------------------
// Template

/** 导入模板 (header, one grey italic example row; 学号 kept as text) and 说明 (the rules). */
export async function buildStudentTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "研课";
  wb.created = new Date();
  const ws = wb.addWorksheet(STUDENT_TEMPLATE_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = STUDENT_COLUMNS.map((c) => ({
    header: c.required ? `${c.header}*` : c.header,
    key: c.key,
    width: c.width,
    style: c.key === "student_no" ? { numFmt: "@" } : {},
  }));
  styleHeader(ws.getRow(1));
  STUDENT_COLUMNS.forEach((c, i) => {
    const cell = ws.getRow(1).getCell(i + 1);
    if (c.required) cell.font = REQUIRED_FONT;
    cell.note = c.rule;
    const example = ws.getRow(2).getCell(i + 1);
    example.value = c.example;
    example.font = EXAMPLE_FONT;
  });
  const help = wb.addWorksheet(STUDENT_HELP_SHEET);
  help.columns = [
    { header: "列", key: "col", width: 12 },
    { header: "是否必填", key: "req", width: 10 },
    { header: "填写规则", key: "rule", width: 80 },
  ];
  styleHeader(help.getRow(1));
  for (const c of [...STUDENT_COLUMNS, ...EXTRA_COLUMNS]) help.addRow({ col: c.header, req: c.required ? "必填" : "选填", rule: c.rule });
  help.addRow({});
  for (const n of [
    "带 * 的列必须填写；请勿修改表头。学生导入到所选学校（校级管理员为本校）。",
    `第 2 行灰色斜体是示例，原样保留时导入会忽略它，也可直接删除；一次最多导入 ${STUDENT_IMPORT_MAX_ROWS} 行。`,
    "空行会被跳过；有错误的行会在导入结果中列出行号、列名和原因。",
    "导出的学生列表可以修改后直接导入（入学年份、状态两列也会被识别）。",
  ]) {
    help.addRow({ col: "说明", rule: n });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------------------
// Import

function fileError(msg: string, row = 0): StudentImportRowError {
  return { row, field: row === 1 ? "表头" : "文件", msg };
}

function failed(total: number, error: StudentImportRowError): ParseStudentResult {
  return { rows: [], errors: [error], total };
}

const GENDER_CODES: Readonly<Record<string, number>> = { 男: 1, 女: 2, 男生: 1, 女生: 2 };
const STATUS_CODES: Readonly<Record<string, number>> = Object.fromEntries(Object.entries(STUDENT_STATUS_NAMES).map(([code, name]) => [name, Number(code)]));

const FIELD_LABELS: Readonly<Record<string, string>> = {
  student_no: "学号",
  name: "姓名",
  gender: "性别",
  class_id: "班级",
  status: "状态",
};
const FIELD_ORDER = ["学号", "姓名", "性别", "年级", "班级", "入学年份", "状态"];

/** Column index → column, or undefined when the header does not fit (unknown or repeated column, required one missing). */
function matchHeader(cells: readonly string[]): Map<number, StudentColumn> | undefined {
  return matchColumns([...STUDENT_COLUMNS, ...EXTRA_COLUMNS], cells);
}

/** Parses a filled template or an edited export. Never throws. */
export async function parseStudentImport(buffer: Buffer, lookups: StudentImportLookups): Promise<ParseStudentResult> {
  const sheet = await readSheetRows(buffer, [STUDENT_TEMPLATE_SHEET, STUDENT_EXPORT_SHEET], STUDENT_HELP_SHEET, cellText);
  if (!sheet) return failed(0, fileError(STUDENT_IMPORT_MESSAGES.notXlsx));
  const sheetRows = sheet.rows;
  if (sheetRows.length === 0) return failed(0, fileError(STUDENT_IMPORT_MESSAGES.empty));

  const first = sheetRows[0];
  const columnAt = first && first.row === 1 ? matchHeader(first.cells) : undefined;
  if (!columnAt) return failed(0, fileError(STUDENT_IMPORT_MESSAGES.header, 1));

  const isExample = (cells: readonly string[]): boolean =>
    STUDENT_COLUMNS.every((c) => cellValue(cells, columnAt, c.key) === c.example) && EXTRA_COLUMNS.every((c) => cellValue(cells, columnAt, c.key) === "");
  const dataRows = sheetRows.slice(1).filter((r, i) => !(i === 0 && r.row === 2 && isExample(r.cells)));
  const total = dataRows.length;
  if (total === 0) return failed(0, fileError(STUDENT_IMPORT_MESSAGES.empty));
  if (total > STUDENT_IMPORT_MAX_ROWS) return failed(total, fileError(STUDENT_IMPORT_MESSAGES.tooMany));

  const rows: ParsedStudentRow[] = [];
  const errors: StudentImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of dataRows) {
    const result = parseRow(row, (key) => cellValue(cells, columnAt, key), lookups, seen);
    if ("errors" in result) errors.push(...result.errors);
    else rows.push(result.parsed);
  }
  return { rows, errors, total };
}

function parseRow(
  row: number,
  cell: (key: StudentColumnKey) => string,
  lookups: StudentImportLookups,
  seen: Map<string, number>,
): { parsed: ParsedStudentRow } | { errors: StudentImportRowError[] } {
  const problems = new Map<string, string>();
  const problem = (field: string, msg: string): void => {
    if (!problems.has(field)) problems.set(field, msg);
  };
  const input: Record<string, unknown> = {};

  const studentNo = cell("student_no");
  const name = cell("name");
  if (studentNo === "") problem("学号", "必填");
  if (name === "") problem("姓名", "必填");
  input.student_no = studentNo;
  input.name = name;
  if (studentNo !== "") {
    const earlier = seen.get(studentNo.toLowerCase());
    if (earlier !== undefined) problem("学号", `与第 ${earlier} 行的学号重复`);
    else seen.set(studentNo.toLowerCase(), row);
  }

  const gender = cell("gender");
  if (gender !== "") {
    const code = GENDER_CODES[gender];
    if (code === undefined) problem("性别", "性别只能是 男 或 女");
    else input.gender = code;
  }

  const status = cell("status");
  if (status !== "") {
    const code = STATUS_CODES[status];
    if (code === undefined) problem("状态", `状态只能是 ${Object.keys(STATUS_CODES).join(" 或 ")}`);
    else input.status = code;
  }

  let entryYear: number | undefined;
  const year = cell("entry_year");
  if (year !== "") {
    const m = /^(\d{4})(?:年|级)?$/.exec(year);
    if (!m) problem("入学年份", "请填写 4 位年份，如 2024");
    else entryYear = Number(m[1]);
  }

  const className = cell("class");
  if (className === "") problem("班级", "必填");
  else if (!problems.has("入学年份")) {
    const found = lookups.classOf(className, cell("grade"), entryYear);
    if ("error" in found) problem(found.field, found.error);
    else input.class_id = found.id;
  }

  const parsed = StudentSave.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field = typeof key === "string" ? (FIELD_LABELS[key] ?? key) : "数据";
      if (field === "班级" && input.class_id === undefined) continue; // already reported above
      problem(field, issue.code === "invalid_type" ? "格式不正确" : issue.message);
    }
  }
  if (problems.size > 0 || !parsed.success) {
    const rank = (f: string): number => {
      const i = FIELD_ORDER.indexOf(f);
      return i < 0 ? FIELD_ORDER.length : i;
    };
    return { errors: [...problems].sort(([a], [b]) => rank(a) - rank(b)).map(([field, msg]) => ({ row, field, msg })) };
  }
  return { parsed: { row, values: parsed.data } };
}

// ---------------------------------------------------------------------------------------------------------
// Export

/** The 学生列表 workbook; parseStudentImport reads it back. */
export async function buildStudentExport(rows: readonly StudentRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "研课";
  wb.created = new Date();
  const ws = wb.addWorksheet(STUDENT_EXPORT_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = STUDENT_EXPORT_COLUMNS.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width, style: i === 0 ? { numFmt: "@" } : {} }));
  styleHeader(ws.getRow(1));
  for (const r of rows) ws.addRow(STUDENT_EXPORT_COLUMNS.map((c) => c.value(r)));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: STUDENT_EXPORT_COLUMNS.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

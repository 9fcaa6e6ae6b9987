/**
 * Account import/export workbooks (issue #3, Import/Export): the downloadable .xlsx templates for
 * teachers and accounts, the row-by-row parser of a filled template, and the export of an account list.
 *
 * Pure functions: no database and no HTTP. The account service supplies the look-ups (school and role
 * titles → ids, usernames already taken) and decides what to do with the valid rows and the errors.
 *
 * Headers are matched by name, not by position, and the export's columns are a superset of the account
 * template's, so an exported list can be edited and imported again with parseImport("account", …).
 */
import { randomInt } from "node:crypto";
import { AccountFields, AccountSave, ROLE_NAMES, type AccountRow, type ImportRowError } from "@yanke/protocol";
import ExcelJS from "exceljs";
import type { z } from "zod";

export const IMPORT_KINDS = ["teacher", "account"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_MAX_ROWS = 5000;
export const TEMPLATE_SHEET = "导入模板";
export const HELP_SHEET = "说明";
export const EXPORT_SHEET = "账号列表";
export { XLSX_MIME } from "../../infra/xlsx.js";
import { EXAMPLE_FONT, REQUIRED_FONT, matchColumns, readSheetRows, styleHeader, cellValue } from "../../infra/xlsx.js";

export const TEMPLATE_FILENAMES: Record<ImportKind, string> = {
  teacher: "教师导入模板.xlsx",
  account: "账号导入模板.xlsx",
};

/** Messages of file-level problems (reported with row 0, field 文件; the header problem with row 1). */
export const IMPORT_MESSAGES = {
  notXlsx: "文件不是有效的 Excel(.xlsx) 文件",
  empty: "文件中没有数据",
  header: "表头与模板不一致，请下载最新模板",
  tooMany: `一次最多导入 ${IMPORT_MAX_ROWS} 行`,
} as const;

/** Identities an import may give (the administrator code 1 is never imported). */
export const IMPORT_IDENTITIES: Readonly<Record<string, number>> = { 教师: 2, 校级: 4, 区级: 3, 平台: 5 };

/** What a column feeds: an Account field, or a look-up resolved into one. */
export type ColumnKey =
  | "username"
  | "realname"
  | "telephone"
  | "subject"
  | "reputation"
  | "entry_year"
  | "identity"
  | "group"
  | "school"
  | "password"
  | "status"
  | "created_at";

export interface ImportColumn {
  /** Header text without the required mark. */
  header: string;
  key: ColumnKey;
  required: boolean;
  /** Column width in the template (characters). */
  width: number;
  /** The rule, shown in the 说明 sheet. */
  rule: string;
  /** Value of the example row (row 2 of the template). */
  example: string;
}

const USERNAME_RULE = "必填；2–64 位字母、数字或 _ . @ -，不区分大小写且不能与已有账号或本文件其他行重复";
const PASSWORD_RULE_TEXT = "选填；6–64 位且同时包含字母和数字；留空则自动生成 10 位密码并在导入结果中返回";

const COMMON_HEAD: readonly ImportColumn[] = [
  { header: "账号", key: "username", required: true, width: 18, rule: USERNAME_RULE, example: "example01" },
  { header: "姓名", key: "realname", required: true, width: 14, rule: "必填；不超过 30 个字符", example: "张三（示例）" },
  { header: "手机号", key: "telephone", required: false, width: 16, rule: "选填；11 位手机号或 6–20 位电话号码", example: "13800138000" },
];

const PASSWORD_COLUMN: ImportColumn = {
  header: "初始密码",
  key: "password",
  required: false,
  width: 16,
  rule: PASSWORD_RULE_TEXT,
  example: "",
};

/** Template columns, in order. */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  teacher: [
    ...COMMON_HEAD,
    { header: "学科", key: "subject", required: false, width: 12, rule: "选填；学科名称，须是平台中已有的学科", example: "语文" },
    { header: "职称", key: "reputation", required: false, width: 14, rule: "选填；不超过 30 个字符", example: "一级教师" },
    { header: "入职年份", key: "entry_year", required: false, width: 10, rule: "选填；4 位年份，如 2015", example: "2015" },
    PASSWORD_COLUMN,
  ],
  account: [
    ...COMMON_HEAD,
    {
      header: "身份",
      key: "identity",
      required: false,
      width: 10,
      rule: `选填；${Object.keys(IMPORT_IDENTITIES).join("、")}之一，留空为教师`,
      example: "教师",
    },
    { header: "角色", key: "group", required: false, width: 16, rule: "选填；角色名称，须是平台中已有的角色", example: "教师" },
    { header: "学校", key: "school", required: false, width: 24, rule: "选填；学校名称，须是平台中已有的学校", example: "示例学校" },
    PASSWORD_COLUMN,
  ],
};

/** Columns the account import also accepts because the export has them (状态 is applied, 创建时间 ignored). */
const ACCOUNT_EXTRA_COLUMNS: readonly ImportColumn[] = [
  { header: "状态", key: "status", required: false, width: 8, rule: "选填；启用 或 禁用，留空为启用", example: "" },
  { header: "创建时间", key: "created_at", required: false, width: 20, rule: "导出文件的列，导入时忽略", example: "" },
];

/** Export columns, in order; the first six are the account template's. */
export const EXPORT_COLUMNS: readonly { header: string; width: number; value: (r: AccountRow) => string }[] = [
  { header: "账号", width: 18, value: (r) => r.username },
  { header: "姓名", width: 14, value: (r) => r.realname },
  { header: "手机号", width: 16, value: (r) => r.telephone },
  { header: "身份", width: 10, value: (r) => identityName(r.identity) || r.identity_name },
  { header: "角色", width: 16, value: (r) => r.group_title },
  { header: "学校", width: 24, value: (r) => r.school_name },
  { header: "状态", width: 8, value: (r) => (r.status === 1 ? "启用" : "禁用") },
  { header: "创建时间", width: 20, value: (r) => r.created_at },
];

export type AccountSaveInput = z.input<typeof AccountSave>;
export type AccountSaveData = z.output<typeof AccountSave>;

export interface ImportLookups {
  schoolIdByTitle(title: string): number | undefined;
  groupIdByTitle(title: string): number | undefined;
  /** Usernames already in the platform, lower-cased. */
  existingUsernames: ReadonlySet<string>;
  /** 学科 of the teacher template; without it the column takes a subject id. */
  subjectIdByTitle?(title: string): number | undefined;
  /** Field values every row starts from (the importing administrator's school, say); cells override them. */
  defaults?: Partial<z.input<typeof AccountFields>>;
}

export interface ParsedRow {
  /** 1-based sheet row. */
  row: number;
  values: AccountSaveData;
  /** True when 初始密码 was blank and values.password was generated. */
  generatedPassword: boolean;
}

export interface ParseImportResult {
  rows: ParsedRow[];
  errors: ImportRowError[];
  /** Non-blank data rows in the file (the untouched example row not counted). */
  total: number;
}

// ---------------------------------------------------------------------------------------------------------
// Passwords

const PASSWORD_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz";
const PASSWORD_DIGITS = "23456789";
const PASSWORD_ALPHABET = PASSWORD_LETTERS + PASSWORD_DIGITS;

/** 10 random letters and digits (both present; look-alikes 0/O, 1/l/I left out), from node:crypto. */
export function generatePassword(length = 10): string {
  for (;;) {
    let out = "";
    for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (/[A-Za-z]/.test(out) && /\d/.test(out)) return out;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Template

/** Columns kept as text so Excel does not turn 13800138000 into 1.38E+10 or drop leading zeros. */
const TEXT_KEYS: ReadonlySet<ColumnKey> = new Set<ColumnKey>(["username", "telephone", "password"]);

function headerText(col: ImportColumn): string {
  return col.required ? `${col.header}*` : col.header;
}

/** The downloadable template: 导入模板 (header, one grey italic example row) and 说明 (the rules). */
export async function buildTemplate(kind: ImportKind): Promise<Buffer> {
  const columns = IMPORT_COLUMNS[kind];
  const wb = new ExcelJS.Workbook();
  wb.creator = "研课";
  wb.created = new Date();

  const ws = wb.addWorksheet(TEMPLATE_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: headerText(c),
    key: c.key,
    width: c.width,
    style: TEXT_KEYS.has(c.key) ? { numFmt: "@" } : {},
  }));
  styleHeader(ws.getRow(1));
  columns.forEach((c, i) => {
    const cell = ws.getRow(1).getCell(i + 1);
    if (c.required) cell.font = REQUIRED_FONT;
    cell.note = c.rule;
  });

  const example = ws.getRow(2);
  columns.forEach((c, i) => {
    const cell = example.getCell(i + 1);
    cell.value = c.example === "" ? null : c.example;
    cell.font = EXAMPLE_FONT;
  });

  const validations = rangeValidations(ws);
  columns.forEach((c, i) => {
    const validation = validationFor(c);
    if (!validation || !validations) return;
    const letter = ws.getColumn(i + 1).letter;
    validations.add(`${letter}2:${letter}${IMPORT_MAX_ROWS + 2}`, validation);
  });

  const help = wb.addWorksheet(HELP_SHEET);
  help.columns = [
    { header: "列", key: "col", width: 14 },
    { header: "是否必填", key: "req", width: 10 },
    { header: "填写规则", key: "rule", width: 80 },
  ];
  styleHeader(help.getRow(1));
  for (const c of columns) help.addRow({ col: c.header, req: c.required ? "必填" : "选填", rule: c.rule });
  help.addRow({});
  const notes = [
    "带 * 的列必须填写；请勿修改、删除或调换表头。",
    `第 2 行灰色斜体是示例，原样保留时导入会忽略它，也可直接删除；一次最多导入 ${IMPORT_MAX_ROWS} 行。`,
    "空行会被跳过；任意一行有错误时，导入结果会列出行号、列名和原因。",
    "未填写初始密码的账号会自动生成密码，请在导入结果中查看并告知本人，首次登录后修改。",
  ];
  for (const n of notes) help.addRow({ col: "说明", rule: n });
  help.eachRow((row, n) => {
    if (n > 1) row.getCell(3).alignment = { wrapText: true, vertical: "top" };
  });

  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * worksheet.dataValidations (untyped in ExcelJS 4.4) takes one range; cell.dataValidation on each of
 * 5000 cells would be squeezed by ExcelJS into overlapping ranges (it sorts "D10" before "D2"), which
 * Excel reports as a damaged file.
 */
interface RangeValidations {
  add(address: string, validation: ExcelJS.DataValidation): void;
}

function isRangeValidations(v: unknown): v is RangeValidations {
  return typeof v === "object" && v !== null && "add" in v && typeof v.add === "function";
}

function rangeValidations(ws: ExcelJS.Worksheet): RangeValidations | undefined {
  const dv: unknown = Reflect.get(ws, "dataValidations");
  return isRangeValidations(dv) ? dv : undefined;
}

function validationFor(c: ImportColumn): ExcelJS.DataValidation | undefined {
  if (c.key === "identity") {
    return {
      type: "list",
      allowBlank: true,
      formulae: [`"${Object.keys(IMPORT_IDENTITIES).join(",")}"`],
      showErrorMessage: true,
      errorTitle: "身份",
      error: `请选择：${Object.keys(IMPORT_IDENTITIES).join("、")}`,
    };
  }
  if (c.key === "entry_year") {
    return {
      type: "whole",
      operator: "between",
      allowBlank: true,
      formulae: [1950, 2100],
      showErrorMessage: true,
      errorTitle: "入职年份",
      error: "请填写 4 位年份，如 2015",
    };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Import

/** The text a cell shows, whatever ExcelJS made of it (rich text, hyperlink, formula result, date…). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return clean(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if ("richText" in value) return clean(value.richText.map((t) => t.text).join(""));
  if ("hyperlink" in value) return cellText(value.text);
  if ("error" in value) return "";
  if ("result" in value) return value.result === undefined ? "" : cellText(value.result);
  return "";
}

function clean(s: string): string {
  return s.replace(/[\u00a0\u3000]/g, " ").trim();
}

function fileError(msg: string, row = 0): ImportRowError {
  return { row, field: row === 1 ? "表头" : "文件", msg };
}

function failed(total: number, error: ImportRowError): ParseImportResult {
  return { rows: [], errors: [error], total };
}

/** Parses a filled template (or an edited export, for kind "account"). Never throws. */
export async function parseImport(kind: ImportKind, buffer: Buffer, lookups: ImportLookups): Promise<ParseImportResult> {
  const sheet = await readSheetRows(buffer, [TEMPLATE_SHEET, EXPORT_SHEET], HELP_SHEET, cellText);
  if (!sheet) return failed(0, fileError(IMPORT_MESSAGES.notXlsx));
  const sheetRows = sheet.rows;
  if (sheetRows.length === 0) return failed(0, fileError(IMPORT_MESSAGES.empty));

  const first = sheetRows[0];
  const columnAt = first && first.row === 1 ? matchHeader(kind, first.cells) : undefined;
  if (!columnAt) return failed(0, fileError(IMPORT_MESSAGES.header, 1));

  const templateColumns = IMPORT_COLUMNS[kind];
  const isExample = (cells: readonly string[]): boolean =>
    templateColumns.every((c) => cellValue(cells, columnAt, c.key) === c.example) && cells.every((v, i) => v === "" || columnAt.has(i));
  const dataRows = sheetRows.slice(1).filter((r, i) => !(i === 0 && r.row === 2 && isExample(r.cells)));

  const total = dataRows.length;
  if (total === 0) return failed(0, fileError(IMPORT_MESSAGES.empty));
  if (total > IMPORT_MAX_ROWS) return failed(total, fileError(IMPORT_MESSAGES.tooMany));

  const rows: ParsedRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of dataRows) {
    const result = parseRow(kind, row, (key) => cellValue(cells, columnAt, key), lookups, seen);
    if ("errors" in result) errors.push(...result.errors);
    else rows.push(result.parsed);
  }
  return { rows, errors, total };
}

/** Column index → column of the template, or undefined when the header does not fit the template. */
function matchHeader(kind: ImportKind, cells: readonly string[]): Map<number, ImportColumn> | undefined {
  return matchColumns(kind === "account" ? [...IMPORT_COLUMNS.account, ...ACCOUNT_EXTRA_COLUMNS] : IMPORT_COLUMNS.teacher, cells);
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(AccountFields.shape).map(([k, s]) => [k, s.description ?? k])),
  username: "账号",
  realname: "姓名",
  telephone: "手机号",
  subject_id: "学科",
  reputation: "职称",
  entry_year: "入职年份",
  identity: "身份",
  group_id: "角色",
  school_id: "学校",
  status: "状态",
  password: "初始密码",
  password_confirmation: "初始密码",
};

const FIELD_ORDER = ["账号", "姓名", "手机号", "学科", "职称", "入职年份", "身份", "角色", "学校", "状态", "初始密码"];

function parseRow(
  kind: ImportKind,
  row: number,
  cell: (key: ColumnKey) => string,
  lookups: ImportLookups,
  seen: Map<string, number>,
): { parsed: ParsedRow } | { errors: ImportRowError[] } {
  const problems = new Map<string, string>();
  const problem = (field: string, msg: string): void => {
    if (!problems.has(field)) problems.set(field, msg);
  };

  const input: Record<string, unknown> = { ...lookups.defaults };
  const username = cell("username");
  const realname = cell("realname");
  if (username === "") problem("账号", "必填");
  if (realname === "") problem("姓名", "必填");
  input.username = username;
  input.realname = realname;
  input.telephone = cell("telephone");

  if (username !== "") {
    const lower = username.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) problem("账号", `与第 ${earlier} 行的账号重复`);
    else {
      seen.set(lower, row);
      if (lookups.existingUsernames.has(lower)) problem("账号", `账号「${username}」已存在`);
    }
  }

  if (kind === "teacher") {
    input.identity = 2;
    input.reputation = cell("reputation");
    const subject = cell("subject");
    if (subject !== "") {
      const id = lookups.subjectIdByTitle ? lookups.subjectIdByTitle(subject) : /^[1-9]\d{0,9}$/.test(subject) ? Number(subject) : undefined;
      if (id === undefined) problem("学科", `未找到学科「${subject}」`);
      else input.subject_id = id;
    }
    const year = cell("entry_year");
    if (year !== "") {
      const m = /^(\d{4})(?:年|-\d{2}-\d{2})?$/.exec(year);
      if (!m) problem("入职年份", "请填写 4 位年份，如 2015");
      else input.entry_year = Number(m[1]);
    }
  } else {
    const identity = cell("identity");
    if (identity !== "") {
      const code = IMPORT_IDENTITIES[identity];
      if (code === undefined) problem("身份", `未知身份「${identity}」，可选：${Object.keys(IMPORT_IDENTITIES).join("、")}`);
      else input.identity = code;
    }
    const group = cell("group");
    if (group !== "") {
      const id = lookups.groupIdByTitle(group);
      if (id === undefined) problem("角色", `未找到角色「${group}」`);
      else input.group_id = id;
    }
    const school = cell("school");
    if (school !== "") {
      const id = lookups.schoolIdByTitle(school);
      if (id === undefined) problem("学校", `未找到学校「${school}」`);
      else input.school_id = id;
    }
    const status = cell("status");
    if (status !== "") {
      if (status === "启用") input.status = 1;
      else if (status === "禁用") input.status = 0;
      else problem("状态", "状态只能是 启用 或 禁用");
    }
  }

  const given = cell("password");
  const password = given === "" ? generatePassword() : given;
  input.password = password;
  input.password_confirmation = password;

  const parsed = AccountSave.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field = typeof key === "string" ? (FIELD_LABELS[key] ?? key) : "数据";
      problem(field, issue.code === "invalid_type" ? "格式不正确" : issue.message);
    }
  }
  if (problems.size > 0 || !parsed.success) {
    const rank = (f: string): number => {
      const i = FIELD_ORDER.indexOf(f);
      return i < 0 ? FIELD_ORDER.length : i;
    };
    const errors = [...problems].sort(([a], [b]) => rank(a) - rank(b)).map(([field, msg]) => ({ row, field, msg }));
    return { errors };
  }
  return { parsed: { row, values: parsed.data, generatedPassword: given === "" } };
}

// ---------------------------------------------------------------------------------------------------------
// Export

function identityName(identity: number): string {
  return ROLE_NAMES[identity] ?? "";
}

/** The 账号列表 workbook of an account list; re-importable with parseImport("account", …). */
export async function buildExport(rows: readonly AccountRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "研课";
  wb.created = new Date();
  const ws = wb.addWorksheet(EXPORT_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = EXPORT_COLUMNS.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width,
    style: i < 3 ? { numFmt: "@" } : {},
  }));
  styleHeader(ws.getRow(1));
  for (const r of rows) ws.addRow(EXPORT_COLUMNS.map((c) => c.value(r)));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

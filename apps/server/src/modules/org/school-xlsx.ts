/**
 * School import/export workbooks: the template (GET /templates/school.xlsx), the row-by-row parser of a filled
 * template, and the export of a school list. Pure: the school service supplies the look-ups (regions by code,
 * codes and names already taken, the caller's scope) and decides what to do with the rows.
 *
 * Headers are matched by name, not position; the export's columns are a superset of the template's, so an
 * exported list can be edited and imported again (所属区域 and 创建时间 are ignored on import).
 */
import { DEFAULT_SCHOOL_TYPE } from "@yanke/protocol";
// Until @yanke/protocol exports schemas/org (lead: index.ts), straight from the file.
import { SchoolSave, type SchoolRow } from "@yanke/protocol";
import ExcelJS from "exceljs";
import type { z } from "zod";
import { cellText } from "../account/account-xlsx.js";
import { EXAMPLE_FONT, REQUIRED_FONT, normalizeHeader, readSheetRows, styleHeader } from "../../infra/xlsx.js";

export const SCHOOL_TEMPLATE_SHEET = "导入模板";
export const SCHOOL_EXPORT_SHEET = "学校列表";
export const SCHOOL_HELP_SHEET = "说明";
export const SCHOOL_IMPORT_MAX_ROWS = 2000;
export const SCHOOL_TEMPLATE_FILENAME = "学校导入模板.xlsx";

export const SCHOOL_IMPORT_MESSAGES = {
  notXlsx: "文件不是有效的 Excel(.xlsx) 文件",
  empty: "文件中没有数据",
  header: "表头与模板不一致，请下载最新模板",
  tooMany: `一次最多导入 ${SCHOOL_IMPORT_MAX_ROWS} 行`,
} as const;

type Key =
  | "title"
  | "code"
  | "region_code"
  | "region_name"
  | "school_type"
  | "school_index_name"
  | "school_index_logo"
  | "address"
  | "telephone"
  | "status"
  | "created_at";

interface Column {
  header: string;
  key: Key;
  required: boolean;
  width: number;
  rule: string;
  example: string;
  /** Export value. */
  value: (r: SchoolRow) => string;
}

const regionCodeOf = (r: Pick<SchoolRow, "area_code" | "city_code" | "province_code">): string => r.area_code || r.city_code || r.province_code;

const COLUMNS: Record<Key, Column> = {
  title: {
    header: "学校名称",
    key: "title",
    required: true,
    width: 26,
    rule: "必填；不超过 60 个字符；同一区域内不能重名",
    example: "示例实验学校",
    value: (r) => r.title,
  },
  code: {
    header: "学校编码",
    key: "code",
    required: false,
    width: 14,
    rule: "选填；不超过 30 位的字母、数字、_ 或 -；不能与已有学校或本文件其他行重复",
    example: "640104099",
    value: (r) => r.code,
  },
  region_code: {
    header: "区域编码",
    key: "region_code",
    required: true,
    width: 12,
    rule: "必填；学校所属区域（一般为区县）的 6 位行政区划代码，须是平台中已有且在您管理范围内的区域，如 640104",
    example: "640104",
    value: regionCodeOf,
  },
  region_name: {
    header: "所属区域",
    key: "region_name",
    required: false,
    width: 28,
    rule: "导出文件的列，导入时忽略（以区域编码为准）",
    example: "",
    value: (r) => r.region_name,
  },
  school_type: {
    header: "学校类型",
    key: "school_type",
    required: false,
    width: 14,
    rule: `选填；留空为 ${DEFAULT_SCHOOL_TYPE}`,
    example: DEFAULT_SCHOOL_TYPE,
    value: (r) => r.school_type,
  },
  school_index_name: {
    header: "首页名称",
    key: "school_index_name",
    required: false,
    width: 22,
    rule: "选填；不超过 60 个字符",
    example: "示例学校教研空间",
    value: (r) => r.school_index_name,
  },
  school_index_logo: {
    header: "首页标志",
    key: "school_index_logo",
    required: false,
    width: 30,
    rule: "选填；标志图片地址，不超过 500 个字符",
    example: "",
    value: (r) => r.school_index_logo,
  },
  address: {
    header: "地址",
    key: "address",
    required: false,
    width: 30,
    rule: "选填；不超过 200 个字符",
    example: "银川市兴庆区示例路 1 号",
    value: (r) => r.address,
  },
  telephone: {
    header: "联系电话",
    key: "telephone",
    required: false,
    width: 16,
    rule: "选填；6–20 位数字，可含 - ( ) + 和空格",
    example: "0951-6000000",
    value: (r) => r.telephone,
  },
  status: {
    header: "状态",
    key: "status",
    required: false,
    width: 8,
    rule: "选填；启用 或 禁用，留空为启用",
    example: "启用",
    value: (r) => (r.status === 1 ? "启用" : "禁用"),
  },
  created_at: { header: "创建时间", key: "created_at", required: false, width: 20, rule: "导出文件的列，导入时忽略", example: "", value: (r) => r.created_at },
};

const TEMPLATE_KEYS: readonly Key[] = [
  "title",
  "code",
  "region_code",
  "school_type",
  "school_index_name",
  "school_index_logo",
  "address",
  "telephone",
  "status",
];
const EXPORT_KEYS: readonly Key[] = [
  "title",
  "code",
  "region_code",
  "region_name",
  "school_type",
  "school_index_name",
  "school_index_logo",
  "address",
  "telephone",
  "status",
  "created_at",
];
/** Kept as text so Excel keeps leading zeros and long numbers. */
const TEXT_KEYS: ReadonlySet<Key> = new Set<Key>(["code", "region_code", "telephone"]);

function newWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = "研课";
  wb.created = new Date();
  return wb;
}

/** 导入模板 (header and one grey example row) and 说明 (the rules). */
export async function buildSchoolTemplate(): Promise<Buffer> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet(SCHOOL_TEMPLATE_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  const cols = TEMPLATE_KEYS.map((k) => COLUMNS[k]);
  ws.columns = cols.map((c) => ({
    header: c.required ? `${c.header}*` : c.header,
    key: c.key,
    width: c.width,
    style: TEXT_KEYS.has(c.key) ? { numFmt: "@" } : {},
  }));
  styleHeader(ws.getRow(1));
  cols.forEach((c, i) => {
    const cell = ws.getRow(1).getCell(i + 1);
    if (c.required) cell.font = REQUIRED_FONT;
    cell.note = c.rule;
    const ex = ws.getRow(2).getCell(i + 1);
    ex.value = c.example === "" ? null : c.example;
    ex.font = EXAMPLE_FONT;
  });
  const help = wb.addWorksheet(SCHOOL_HELP_SHEET);
  help.columns = [
    { header: "列", key: "col", width: 14 },
    { header: "是否必填", key: "req", width: 10 },
    { header: "填写规则", key: "rule", width: 80 },
  ];
  styleHeader(help.getRow(1));
  for (const c of cols) help.addRow({ col: c.header, req: c.required ? "必填" : "选填", rule: c.rule });
  help.addRow({});
  for (const n of [
    "带 * 的列必须填写；请勿修改、删除或调换表头。",
    `第 2 行灰色斜体是示例，原样保留时导入会忽略它，也可直接删除；一次最多导入 ${SCHOOL_IMPORT_MAX_ROWS} 行。`,
    "空行会被跳过；有错误的行会在导入结果中列出行号、列名和原因。",
    "导出的学校列表可直接修改后再导入（所属区域、创建时间两列导入时忽略）。",
  ]) {
    help.addRow({ col: "说明", rule: n });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The 学校列表 workbook; importable again with parseSchoolImport. */
export async function buildSchoolExport(rows: readonly SchoolRow[]): Promise<Buffer> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet(SCHOOL_EXPORT_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  const cols = EXPORT_KEYS.map((k) => COLUMNS[k]);
  ws.columns = cols.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width, style: TEXT_KEYS.has(c.key) ? { numFmt: "@" } : {} }));
  styleHeader(ws.getRow(1));
  for (const r of rows) ws.addRow(cols.map((c) => c.value(r)));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: cols.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------------------
// Import

export interface RegionRef {
  id: number;
  name: string;
  province_code: string;
  city_code: string;
  area_code: string;
}

export interface SchoolImportLookups {
  regionByCode(code: string): RegionRef | undefined;
  /** Is the region within the importing administrator's scope? */
  mayPlace(r: RegionRef): boolean;
  /** School codes already taken. */
  existingCodes: ReadonlySet<string>;
  /** `${region_id}|${title}` of the schools already there. */
  existingTitles: ReadonlySet<string>;
}

export type SchoolSaveData = z.output<typeof SchoolSave>;

export interface ParsedSchoolRow {
  /** 1-based sheet row. */
  row: number;
  values: SchoolSaveData;
  region: RegionRef;
}

export interface ImportProblem {
  row: number;
  field: string;
  msg: string;
}

export interface ParseSchoolImportResult {
  rows: ParsedSchoolRow[];
  errors: ImportProblem[];
  /** Non-blank data rows (the untouched example row not counted). */
  total: number;
}

const FIELD_HEADERS: Readonly<Record<string, string>> = {
  title: "学校名称",
  code: "学校编码",
  region_id: "区域编码",
  province_code: "区域编码",
  city_code: "区域编码",
  area_code: "区域编码",
  school_type: "学校类型",
  school_index_name: "首页名称",
  school_index_logo: "首页标志",
  address: "地址",
  telephone: "联系电话",
  status: "状态",
};
const FIELD_ORDER = TEMPLATE_KEYS.map((k) => COLUMNS[k].header);

function failed(total: number, msg: string, row = 0): ParseSchoolImportResult {
  return { rows: [], errors: [{ row, field: row === 1 ? "表头" : "文件", msg }], total };
}

/** Parses a filled template or an edited export. Never throws. */
export async function parseSchoolImport(buffer: Buffer, lookups: SchoolImportLookups): Promise<ParseSchoolImportResult> {
  const sheet = await readSheetRows(buffer, [SCHOOL_TEMPLATE_SHEET, SCHOOL_EXPORT_SHEET], SCHOOL_HELP_SHEET, cellText);
  if (!sheet) return failed(0, SCHOOL_IMPORT_MESSAGES.notXlsx);
  const sheetRows = sheet.rows;
  if (!sheetRows.length) return failed(0, SCHOOL_IMPORT_MESSAGES.empty);
  const first = sheetRows[0];
  const columnAt = first && first.row === 1 ? matchHeader(first.cells) : undefined;
  if (!columnAt) return failed(0, SCHOOL_IMPORT_MESSAGES.header, 1);
  const get = (cells: readonly string[], key: Key): string => {
    for (const [i, k] of columnAt) if (k === key) return cells[i] ?? "";
    return "";
  };
  const isExample = (cells: readonly string[]) => TEMPLATE_KEYS.every((k) => get(cells, k) === COLUMNS[k].example);
  const dataRows = sheetRows.slice(1).filter((r, i) => !(i === 0 && r.row === 2 && isExample(r.cells)));
  const total = dataRows.length;
  if (!total) return failed(0, SCHOOL_IMPORT_MESSAGES.empty);
  if (total > SCHOOL_IMPORT_MAX_ROWS) return failed(total, SCHOOL_IMPORT_MESSAGES.tooMany);

  const rows: ParsedSchoolRow[] = [];
  const errors: ImportProblem[] = [];
  const seenCodes = new Map<string, number>();
  const seenTitles = new Map<string, number>();
  for (const { row, cells } of dataRows) {
    const r = parseRow(row, (k) => get(cells, k), lookups, seenCodes, seenTitles);
    if ("errors" in r) errors.push(...r.errors);
    else rows.push(r.parsed);
  }
  return { rows, errors, total };
}

function matchHeader(cells: readonly string[]): Map<number, Key> | undefined {
  const byName = new Map(EXPORT_KEYS.map((k) => [COLUMNS[k].header, k]));
  const out = new Map<number, Key>();
  const found = new Set<Key>();
  for (const [i, raw] of cells.entries()) {
    const name = normalizeHeader(raw);
    if (!name) continue;
    const key = byName.get(name);
    if (!key || found.has(key)) return undefined;
    found.add(key);
    out.set(i, key);
  }
  return TEMPLATE_KEYS.every((k) => !COLUMNS[k].required || found.has(k)) ? out : undefined;
}

function parseRow(
  row: number,
  cell: (k: Key) => string,
  lookups: SchoolImportLookups,
  seenCodes: Map<string, number>,
  seenTitles: Map<string, number>,
): { parsed: ParsedSchoolRow } | { errors: ImportProblem[] } {
  const problems = new Map<string, string>();
  const problem = (field: string, msg: string) => {
    if (!problems.has(field)) problems.set(field, msg);
  };
  const title = cell("title");
  if (!title) problem("学校名称", "必填");
  const regionCode = cell("region_code");
  let region: RegionRef | undefined;
  if (!regionCode) problem("区域编码", "必填");
  else {
    region = lookups.regionByCode(regionCode);
    if (!region) problem("区域编码", `未找到区域编码「${regionCode}」`);
    else if (!lookups.mayPlace(region)) problem("区域编码", `区域「${region.name}」不在您的管理范围`);
  }
  const code = cell("code");
  if (code) {
    const earlier = seenCodes.get(code);
    if (earlier !== undefined) problem("学校编码", `与第 ${earlier} 行的学校编码重复`);
    else {
      seenCodes.set(code, row);
      if (lookups.existingCodes.has(code)) problem("学校编码", `学校编码「${code}」已存在`);
    }
  }
  if (title && region) {
    const key = `${region.id}|${title}`;
    const earlier = seenTitles.get(key);
    if (earlier !== undefined) problem("学校名称", `与第 ${earlier} 行是同一区域的同名学校`);
    else {
      seenTitles.set(key, row);
      if (lookups.existingTitles.has(key)) problem("学校名称", `区域「${region.name}」已有名为「${title}」的学校`);
    }
  }
  const input: Record<string, unknown> = {
    title,
    code,
    region_id: region?.id ?? 0,
    school_type: cell("school_type") || DEFAULT_SCHOOL_TYPE,
    school_index_name: cell("school_index_name"),
    school_index_logo: cell("school_index_logo"),
    address: cell("address"),
    telephone: cell("telephone"),
  };
  const status = cell("status");
  if (status === "" || status === "启用") input.status = 1;
  else if (status === "禁用") input.status = 0;
  else problem("状态", "状态只能是 启用 或 禁用");

  const parsed = SchoolSave.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      problem(typeof key === "string" ? (FIELD_HEADERS[key] ?? key) : "数据", issue.code === "invalid_type" ? "格式不正确" : issue.message);
    }
  }
  if (problems.size || !parsed.success || !region) {
    const rank = (f: string) => {
      const i = FIELD_ORDER.indexOf(f);
      return i < 0 ? FIELD_ORDER.length : i;
    };
    return { errors: [...problems].sort(([a], [b]) => rank(a) - rank(b)).map(([field, msg]) => ({ row, field, msg })) };
  }
  return { parsed: { row, values: parsed.data, region } };
}

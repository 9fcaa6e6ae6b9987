import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { badInput } from "../http/errors.js";

/** Workbooks cross the wire as base64 through the envelope (docs/decisions/0304). */
export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const XLSX_MAX_BYTES = 5 * 1024 * 1024;

/** Decodes an uploaded workbook (base64, optionally a data: URL); 400 for bad base64 or over 5 MB. */
export function decodeXlsx(base64: string): Buffer {
  const clean = base64.replace(/^data:[^,]*,/, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean)) throw badInput("文件内容(file): 不是有效的 base64");
  const buf = Buffer.from(clean, "base64");
  if (buf.length > XLSX_MAX_BYTES) throw badInput("文件内容(file): 文件不能超过 5MB");
  return buf;
}

/** A cell as trimmed text (rich text, formulas, hyperlinks and dates included). */
export type CellText = (value: ExcelJS.CellValue) => string;

export interface SheetRows {
  /** Every non-blank row, as text cells (index = column − 1). */
  rows: { row: number; cells: string[] }[];
}

/**
 * Reads the first sheet named in `prefer` (else the first that is not `skip`) as text rows. Answers undefined when
 * the bytes are not a workbook. Never throws. The nodes ignored are not needed, and a crafted
 * dataValidations/mergeCells range (A1:XFD1048576) would make ExcelJS expand it cell by cell. read() rather than
 * load(): ExcelJS declares its own global Buffer type, which a Node Buffer does not satisfy under @types/node ≥ 20.19.
 */
export async function readSheetRows(buffer: Buffer, prefer: readonly string[], skip: string, cellText: CellText): Promise<SheetRows | undefined> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.read(Readable.from([buffer]), {
      ignoreNodes: ["dataValidations", "mergeCells", "conditionalFormatting", "extLst", "hyperlinks", "drawing", "picture"],
    });
  } catch {
    return undefined;
  }
  const ws = prefer.map((n) => wb.getWorksheet(n)).find((x) => x !== undefined) ?? wb.worksheets.find((s) => s.name !== skip) ?? wb.worksheets[0];
  if (!ws) return undefined;
  const rows: SheetRows["rows"] = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    if (cells.some((c) => c !== undefined && c !== "")) rows.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? "") });
  });
  return { rows };
}

// ── Templates and headers shared by every import ───────────────────────────────────────────────────────────

export const HEADER_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFDCE6F1" } };
export const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: "FF1F3864" } };
export const REQUIRED_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: "FFC00000" } };
export const EXAMPLE_FONT: Partial<ExcelJS.Font> = { italic: true, color: { argb: "FF999999" } };

const THIN_BORDER: Partial<ExcelJS.Borders> = {
  top: { style: "thin", color: { argb: "FFB4C6E7" } },
  left: { style: "thin", color: { argb: "FFB4C6E7" } },
  bottom: { style: "thin", color: { argb: "FFB4C6E7" } },
  right: { style: "thin", color: { argb: "FFB4C6E7" } },
};

export function styleHeader(row: ExcelJS.Row): void {
  row.height = 22;
  row.eachCell((cell) => {
    cell.font = HEADER_FONT;
    cell.fill = HEADER_FILL;
    cell.border = THIN_BORDER;
    cell.alignment = { vertical: "middle", horizontal: "center" };
  });
}

/** A header cell without the required mark and spaces. */
export function normalizeHeader(s: string): string {
  return s.replace(/[*＊\s]/g, "");
}

export interface SheetColumn<K> {
  header: string;
  key: K;
  required: boolean;
}

/** Column index → column, or undefined when the header does not fit (unknown or repeated column, required one missing). */
export function matchColumns<K, C extends SheetColumn<K>>(known: readonly C[], cells: readonly string[]): Map<number, C> | undefined {
  const byName = new Map(known.map((c) => [c.header, c]));
  const columnAt = new Map<number, C>();
  const found = new Set<K>();
  for (const [i, raw] of cells.entries()) {
    const name = normalizeHeader(raw);
    if (name === "") continue;
    const col = byName.get(name);
    if (!col || found.has(col.key)) return undefined;
    found.add(col.key);
    columnAt.set(i, col);
  }
  return known.every((c) => !c.required || found.has(c.key)) ? columnAt : undefined;
}

/** The cell of a row under the column with `key` ("" when the sheet has no such column). */
export function cellValue<K, C extends SheetColumn<K>>(cells: readonly string[], columnAt: ReadonlyMap<number, C>, key: K): string {
  for (const [i, col] of columnAt) if (col.key === key) return cells[i] ?? "";
  return "";
}

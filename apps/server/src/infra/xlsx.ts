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

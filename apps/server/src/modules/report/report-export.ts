/**
 * A report's table as a workbook and as a PDF (issue #12; docs/api/report.md). Pure: the answer in, bytes out.
 */
import type { ReportAnswer } from "@yanke/protocol";
import ExcelJS from "exceljs";
import { type Pdf, makePdf } from "../../infra/pdf.js";
import { HEADER_FILL, HEADER_FONT, styleHeader } from "../../infra/xlsx.js";

export const REPORT_SHEET = "统计报表";
export const REPORT_INFO_SHEET = "说明";

const cellText = (v: string | number | null | undefined, mean = false): string =>
  v === null || v === undefined ? "—" : typeof v === "number" ? (mean ? v.toFixed(2) : String(Math.round(v * 100) / 100)) : v;

/** A round axis step over `max` in about four ticks (whole numbers for counts). */
export function niceStep(max: number, integer: boolean): number {
  const raw = Math.max(max, 1) / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  return integer ? Math.max(1, Math.ceil(step)) : step;
}

export async function buildReportXlsx(title: string, a: ReportAnswer, generatedAt: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "研课";
  const ws = wb.addWorksheet(REPORT_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = a.columns.map((c) => ({ header: c.title, key: c.key, width: c.kind === "dimension" ? 24 : 14 }));
  styleHeader(ws.getRow(1));
  for (const r of a.rows) {
    ws.addRow(a.columns.map((c) => (c.kind === "measure" ? (r[c.key] === null ? null : Number(r[c.key])) : String(r[c.key] ?? ""))));
  }
  const dims = a.columns.filter((c) => c.kind === "dimension").length;
  const totals = ws.addRow(a.columns.map((c, i) => (c.kind === "measure" ? (a.totals[c.key] ?? null) : i === 0 ? "合计" : i < dims ? "" : "")));
  totals.font = { bold: true };
  totals.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  a.columns.forEach((c, i) => {
    if (c.kind === "measure") ws.getColumn(i + 1).numFmt = c.measure_kind === "mean" ? "0.00" : "0";
  });
  const info = wb.addWorksheet(REPORT_INFO_SHEET);
  info.columns = [
    { header: "项目", width: 12 },
    { header: "内容", width: 60 },
  ];
  styleHeader(info.getRow(1));
  info.addRow(["标题", title]);
  info.addRow(["筛选条件", a.filters_text]);
  info.addRow(["生成时间", generatedAt]);
  info.addRow(["行数", a.total_rows]);
  if (a.truncated) info.addRow(["说明", `仅导出前 ${a.rows.length} 行`]);
  info.getColumn(1).font = HEADER_FONT;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const BAR_COLORS = ["#1677ff", "#36cfc9", "#73d13d", "#ffc53d", "#ff7a45", "#9254de"];
/** Bars drawn in the chart (the table has every row). */
export const PDF_CHART_MAX_BARS = 30;

export async function buildReportPdf(title: string, a: ReportAnswer, generatedAt: string): Promise<Buffer> {
  return makePdf(
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      doc.fontSize(18).fillColor("#1f1f1f").text(title, { align: "center" });
      doc.moveDown(0.4);
      doc.fontSize(9).fillColor("#595959").text(`筛选条件：${a.filters_text}`, { width });
      doc.text(`生成时间：${generatedAt}    共 ${a.total_rows} 行${a.truncated ? `（仅含前 ${a.rows.length} 行）` : ""}`, { width });
      doc.moveDown(0.6);
      drawChart(doc, a, left, width);
      drawTable(doc, a, left, width);
      // Page numbers (bufferPages).
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .fontSize(8)
          .fillColor("#8c8c8c")
          .text(`第 ${i + 1} 页 / 共 ${range.count} 页`, left, doc.page.height - 30, { width, align: "center" });
        doc.page.margins.bottom = bottom;
      }
    },
    { info: { Title: title } },
  );
}

function drawChart(doc: Pdf, a: ReportAnswer, left: number, width: number): void {
  const measure = a.columns.find((c) => c.kind === "measure");
  const dims = a.columns.filter((c) => c.kind === "dimension");
  if (!measure || !a.rows.length) return;
  const rows = a.rows.slice(0, PDF_CHART_MAX_BARS);
  const label = (r: (typeof rows)[number]) => dims.map((d) => String(r[d.key] ?? "")).join(" · ");
  const values = rows.map((r) => (r[measure.key] === null ? 0 : Number(r[measure.key])));
  const step = niceStep(Math.max(...values), measure.measure_kind !== "mean");
  const ticks = Math.max(1, Math.ceil(Math.max(...values) / step));
  const max = step * ticks;
  const height = 200;
  doc
    .fontSize(11)
    .fillColor("#1f1f1f")
    .text(`${measure.title}${a.rows.length > rows.length ? `（前 ${rows.length} 项）` : ""}`, left, doc.y);
  const top = doc.y + 14;
  const axisLeft = left + 36;
  const plotW = width - 40;
  const base = top + height;
  // Grid and axis labels.
  doc.lineWidth(0.5);
  for (let i = 0; i <= ticks; i++) {
    const y = base - (height * i) / ticks;
    doc
      .strokeColor("#e8e8e8")
      .moveTo(axisLeft, y)
      .lineTo(axisLeft + plotW, y)
      .stroke();
    const v = step * i;
    doc
      .fontSize(7)
      .fillColor("#8c8c8c")
      .text(Number.isInteger(v) ? String(v) : v.toFixed(1), left, y - 4, { width: 32, align: "right" });
  }
  doc
    .strokeColor("#8c8c8c")
    .moveTo(axisLeft, base)
    .lineTo(axisLeft + plotW, base)
    .stroke();
  const slot = plotW / rows.length;
  const barW = Math.max(2, Math.min(36, slot * 0.6));
  const labels = rows.map(label);
  doc.fontSize(7);
  // Labels side by side when they fit their slot, else turned 45° (every one still shown).
  const turned = labels.some((t) => doc.widthOfString(t) > slot - 2);
  let below = 16;
  rows.forEach((r, i) => {
    const h = (values[i]! / max) * height;
    const x = axisLeft + slot * i + (slot - barW) / 2;
    doc.rect(x, base - h, barW, h).fill(BAR_COLORS[0]!);
    if (r[measure.key] !== null)
      doc
        .fontSize(7)
        .fillColor("#262626")
        .text(cellText(r[measure.key], measure.measure_kind === "mean"), x - 8, base - h - 10, { width: barW + 16, align: "center" });
    const text = labels[i]!.length > 16 ? `${labels[i]!.slice(0, 15)}…` : labels[i]!;
    if (!turned) {
      doc.fillColor("#595959").text(text, axisLeft + slot * i + 1, base + 4, { width: slot - 2, align: "center", lineBreak: false });
    } else {
      const w = doc.widthOfString(text);
      const cx = axisLeft + slot * i + slot / 2;
      doc.save();
      doc.rotate(-45, { origin: [cx, base + 6] });
      doc.fillColor("#595959").text(text, cx - w, base + 2, { width: w + 2, lineBreak: false });
      doc.restore();
      below = Math.max(below, w * Math.SQRT1_2 + 14);
    }
  });
  doc.x = left;
  doc.y = base + below + 8;
}

function drawTable(doc: Pdf, a: ReportAnswer, left: number, width: number): void {
  const dims = a.columns.filter((c) => c.kind === "dimension").length;
  const measures = a.columns.length - dims;
  const dimW = Math.min(170, (width * 0.5) / Math.max(1, dims));
  const mW = (width - dimW * dims) / Math.max(1, measures);
  const widths = a.columns.map((c) => (c.kind === "dimension" ? dimW : mW));
  const rowH = 18;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 10;
  const drawRow = (cells: string[], y: number, style: "head" | "body" | "total", zebra: boolean) => {
    if (style !== "body" || zebra) doc.rect(left, y, width, rowH).fill(style === "head" ? "#dce6f1" : style === "total" ? "#f0f5ff" : "#fafafa");
    let x = left;
    cells.forEach((t, i) => {
      const isMeasure = a.columns[i]?.kind === "measure";
      doc
        .fontSize(8.5)
        .fillColor(style === "head" ? "#1f3864" : "#262626")
        .text(t, x + 4, y + 5, { width: widths[i]! - 8, align: isMeasure ? "right" : "left", lineBreak: false, ellipsis: true });
      x += widths[i]!;
    });
    doc
      .strokeColor("#f0f0f0")
      .lineWidth(0.5)
      .moveTo(left, y + rowH)
      .lineTo(left + width, y + rowH)
      .stroke();
  };
  const head = a.columns.map((c) => c.title);
  let y = doc.y + 6;
  if (y + rowH * 2 > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  drawRow(head, y, "head", false);
  y += rowH;
  a.rows.forEach((r, i) => {
    // The last row keeps the totals row company on its page.
    if (y + rowH * (i === a.rows.length - 1 ? 2 : 1) > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      drawRow(head, y, "head", false);
      y += rowH;
    }
    drawRow(
      a.columns.map((c) => cellText(r[c.key], c.measure_kind === "mean")),
      y,
      "body",
      i % 2 === 1,
    );
    y += rowH;
  });
  if (y + rowH > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  drawRow(
    a.columns.map((c, i) => (c.kind === "measure" ? cellText(a.totals[c.key], c.measure_kind === "mean") : i === 0 ? "合计" : "")),
    y,
    "total",
    false,
  );
  doc.y = y + rowH + 6;
  doc.x = left;
}

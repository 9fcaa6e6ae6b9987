/**
 * PDF documents made on the server (training certificates, report exports; issue #12) with pdfkit and a CJK font of
 * the system. Chinese needs a font with its glyphs: PDF_FONT (config; a .ttf/.otf/.ttc path; for a collection also
 * PDF_FONT_FAMILY, a PostScript name in it) or the first of the usual system fonts (fonts-wqy-microhei,
 * fonts-wqy-zenhei, fonts-noto-cjk). Without one, makePdf answers 409 with a Chinese message saying what to install —
 * never a PDF of empty boxes.
 */
import { existsSync } from "node:fs";
import PDFDocument from "pdfkit";
import { conflict } from "../http/errors.js";

export const PDF_MIME = "application/pdf";

const CANDIDATES: readonly { path: string; family?: string }[] = [
  { path: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", family: "WenQuanYiMicroHei" },
  { path: "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", family: "WenQuanYiZenHei" },
  { path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", family: "NotoSansCJKsc-Regular" },
  { path: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", family: "NotoSerifCJKsc-Regular" },
  { path: "/System/Library/Fonts/PingFang.ttc", family: "PingFangSC-Regular" },
  { path: "C:\\Windows\\Fonts\\msyh.ttc", family: "MicrosoftYaHei" },
];

let found: { path: string; family?: string } | null | undefined;

/** The font the configuration names (app start); it wins over the system fonts. */
export function setPdfFont(font: { path: string; family?: string }): void {
  found = font;
}

/** The CJK font to embed, or null when the machine has none. */
export function cjkFont(): { path: string; family?: string } | null {
  if (found === undefined) found = CANDIDATES.find((c) => existsSync(c.path)) ?? null;
  return found;
}

export type Pdf = PDFKit.PDFDocument;

/**
 * Builds a PDF: `draw` writes on a document whose font "cjk" is registered and selected (A4 portrait unless told).
 * Resolves to the bytes. 409 when no CJK font is installed.
 */
export async function makePdf(draw: (doc: Pdf) => void | Promise<void>, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const font = cjkFont();
  if (!font) throw conflict("服务器未安装中文字体，无法生成 PDF（请安装 fonts-wqy-microhei，或用 PDF_FONT 指定字体文件）");
  const doc = new PDFDocument({ size: "A4", margin: 48, bufferPages: true, ...options, info: { Producer: "研课", Creator: "研课", ...options.info } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("cjk", font.path, font.family);
  doc.font("cjk");
  await draw(doc);
  doc.end();
  return done;
}

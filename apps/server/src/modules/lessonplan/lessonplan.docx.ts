/**
 * Word files of lesson plans (docs/notes/0800 §4, docs/decisions/0812):
 * - import: mammoth .docx → HTML (WPS's Chinese heading style names mapped to h1…h6; images handed to our file
 *   storage, never base64 in the document) → ProseMirror JSON of the editor's schema.
 * - export: ProseMirror JSON → .docx with `docx` 9.7.1 (headings, paragraphs, bold/italic/underline/strike/code,
 *   bullet and ordered lists, tables, images; CJK font 宋体 as eastAsia), and PDF through LibreOffice.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { JSONContent } from "@tiptap/core";
import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import mammoth from "mammoth";
import { badInput } from "../../http/errors.js";
import { FILE_MESSAGES } from "../file/file.service.js";
import { runSoffice } from "../../infra/soffice.js";
import { htmlToJSON } from "./lessonplan.editor.js";

export const DOCX_UNREADABLE = "无法读取该 Word 文件，请确认它是 .docx 格式（.doc 请先另存为 .docx）";

/** WPS / Chinese Word heading and title style names → HTML headings (mammoth's defaults cover "Heading 1"…). */
export const WPS_STYLE_MAP = [
  ...[1, 2, 3, 4, 5, 6].flatMap((n) => [
    `p[style-name='标题 ${n}'] => h${n}:fresh`,
    `p[style-name='标题${n}'] => h${n}:fresh`,
    `p[style-name='heading ${n}'] => h${n}:fresh`,
  ]),
  "p[style-name='标题'] => h1:fresh",
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='副标题'] => h2:fresh",
  "p[style-name='Subtitle'] => h2:fresh",
  "r[style-name='强调'] => em",
  "r[style-name='要点'] => strong",
];

/** Stores one image of an imported file, answers its address ("" = skipped, with a warning). */
export type ImageSink = (data: Buffer, contentType: string) => Promise<string>;

/** .docx bytes → the editor's JSON; warnings are mammoth's (and skipped images). 400 when it is no .docx. */
export async function importDocx(buffer: Buffer, storeImage: ImageSink): Promise<{ json: JSONContent; warnings: string[] }> {
  const warnings: string[] = [];
  let html: string;
  try {
    const r = await mammoth.convertToHtml(
      { buffer },
      {
        styleMap: WPS_STYLE_MAP,
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (img) => {
          const src = await storeImage(await img.readAsBuffer(), img.contentType).catch(() => "");
          if (!src) warnings.push("有图片无法保存，已略过");
          return { src };
        }),
      },
    );
    html = r.value;
    for (const m of r.messages) warnings.push(m.message);
  } catch {
    throw badInput(DOCX_UNREADABLE);
  }
  const json = htmlToJSON(html.replace(/<img src="">/g, ""));
  return { json, warnings: [...new Set(warnings)].slice(0, 20) };
}

// ── export ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** An image of the document as bytes (our stored files only), or undefined (written as "[图片]"). */
export type ImageSource = (src: string) => Promise<{ data: Buffer; type: "png" | "jpg" | "gif" | "bmp" } | undefined>;

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;
const FONT = { ascii: "Times New Roman", hAnsi: "Times New Roman", eastAsia: "宋体", cs: "Times New Roman" };

interface Ctx {
  images: ImageSource;
  /** Ordered lists each restart their numbering: instance counter. */
  ordered: number;
}

function runsOf(n: JSONContent): TextRun[] {
  const out: TextRun[] = [];
  for (const c of n.content ?? []) {
    if (c.type === "text") {
      const marks = new Set((c.marks ?? []).map((m) => m.type));
      out.push(
        new TextRun({
          text: c.text ?? "",
          bold: marks.has("bold") || undefined,
          italics: marks.has("italic") || undefined,
          underline: marks.has("underline") ? {} : undefined,
          strike: marks.has("strike") || undefined,
          font: marks.has("code") ? { ascii: "Consolas", hAnsi: "Consolas", eastAsia: "宋体" } : undefined,
        }),
      );
    } else if (c.type === "hardBreak") out.push(new TextRun({ break: 1 }));
  }
  return out;
}

/** Width × height of PNG / JPEG / GIF bytes (undefined when unknown). */
export function imageSize(b: Buffer): { width: number; height: number } | undefined {
  if (b.length > 24 && b.readUInt32BE(0) === 0x89504e47) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length > 10 && b.toString("latin1", 0, 3) === "GIF") return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1]!;
      const len = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      i += 2 + len;
    }
  }
  return undefined;
}

async function imageParagraph(n: JSONContent, ctx: Ctx): Promise<Paragraph> {
  const src = typeof n.attrs?.src === "string" ? n.attrs.src : "";
  const img = src ? await ctx.images(src).catch(() => undefined) : undefined;
  if (!img) return new Paragraph({ children: [new TextRun({ text: "[图片]" })] });
  const size = imageSize(img.data) ?? { width: 400, height: 300 };
  const scale = Math.min(1, 550 / Math.max(1, size.width));
  const children: ParagraphChild[] = [
    new ImageRun({ type: img.type, data: img.data, transformation: { width: Math.round(size.width * scale), height: Math.round(size.height * scale) } }),
  ];
  return new Paragraph({ alignment: AlignmentType.CENTER, children });
}

async function blocks(
  nodes: JSONContent[] | undefined,
  ctx: Ctx,
  list?: { ordered: boolean; level: number; instance: number },
): Promise<(Paragraph | Table)[]> {
  const out: (Paragraph | Table)[] = [];
  for (const n of nodes ?? []) {
    switch (n.type) {
      case "heading": {
        const level = Math.min(6, Math.max(1, Number(n.attrs?.level) || 1));
        out.push(new Paragraph({ heading: HEADINGS[level - 1], children: runsOf(n) }));
        break;
      }
      case "paragraph":
      case "codeBlock": {
        const children =
          n.type === "codeBlock"
            ? [new TextRun({ text: (n.content ?? []).map((c) => c.text ?? "").join(""), font: { ascii: "Consolas", hAnsi: "Consolas", eastAsia: "宋体" } })]
            : runsOf(n);
        if (list)
          out.push(
            new Paragraph({
              children,
              ...(list.ordered ? { numbering: { reference: "ordered", level: list.level, instance: list.instance } } : { bullet: { level: list.level } }),
            }),
          );
        else out.push(new Paragraph({ children }));
        // A paragraph holding images: each on its own line after it.
        for (const c of n.content ?? []) if (c.type === "image") out.push(await imageParagraph(c, ctx));
        break;
      }
      case "image":
        out.push(await imageParagraph(n, ctx));
        break;
      case "blockquote":
        out.push(...(await blocks(n.content, ctx, list)));
        break;
      case "horizontalRule":
        out.push(new Paragraph({ border: { bottom: { style: "single", size: 6, color: "999999", space: 1 } }, children: [] }));
        break;
      case "bulletList":
      case "orderedList": {
        const ordered = n.type === "orderedList";
        const level = list ? Math.min(8, list.level + 1) : 0;
        const instance = ordered ? ++ctx.ordered : 0;
        for (const item of n.content ?? []) out.push(...(await blocks(item.content, ctx, { ordered, level, instance })));
        break;
      }
      case "table": {
        const rows: TableRow[] = [];
        for (const r of n.content ?? []) {
          const cells: TableCell[] = [];
          for (const c of r.content ?? []) {
            const inner = (await blocks(c.content, ctx)).filter((b): b is Paragraph | Table => Boolean(b));
            cells.push(
              new TableCell({
                children: inner.length ? inner : [new Paragraph({ children: [] })],
                columnSpan: Number(c.attrs?.colspan) > 1 ? Number(c.attrs?.colspan) : undefined,
                rowSpan: Number(c.attrs?.rowspan) > 1 ? Number(c.attrs?.rowspan) : undefined,
              }),
            );
          }
          if (cells.length) rows.push(new TableRow({ children: cells, tableHeader: (r.content ?? []).every((c) => c.type === "tableHeader") || undefined }));
        }
        if (rows.length)
          out.push(
            new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE }, margins: { top: 60, bottom: 60, left: 100, right: 100 } }),
            new Paragraph({ children: [] }),
          );
        break;
      }
      default:
        if (n.content) out.push(...(await blocks(n.content, ctx, list)));
    }
  }
  return out;
}

/** The JSON as a .docx. */
export async function exportDocx(json: JSONContent, title: string, images: ImageSource): Promise<Buffer> {
  const children = await blocks(json.content, { images, ordered: 0 });
  const levels = (format: (typeof LevelFormat)[keyof typeof LevelFormat], text: (i: number) => string) =>
    Array.from({ length: 9 }, (_, i) => ({
      level: i,
      format,
      text: text(i),
      alignment: AlignmentType.LEFT,
      style: { paragraph: { indent: { left: 420 * (i + 1), hanging: 420 } } },
    }));
  const doc = new Document({
    title,
    creator: "研课",
    styles: {
      default: {
        document: { run: { font: FONT, size: 24 }, paragraph: { spacing: { after: 60, line: 360 } } },
        heading1: { run: { font: FONT, size: 36, bold: true, color: "000000" }, paragraph: { spacing: { before: 240, after: 120 } } },
        heading2: { run: { font: FONT, size: 30, bold: true, color: "000000" }, paragraph: { spacing: { before: 200, after: 100 } } },
        heading3: { run: { font: FONT, size: 28, bold: true, color: "000000" }, paragraph: { spacing: { before: 160, after: 80 } } },
        heading4: { run: { font: FONT, size: 26, bold: true, color: "000000" } },
        heading5: { run: { font: FONT, size: 24, bold: true, color: "000000" } },
        heading6: { run: { font: FONT, size: 24, bold: true, color: "000000" } },
      },
    },
    numbering: {
      config: [{ reference: "ordered", levels: levels(LevelFormat.DECIMAL, (i) => `%${i + 1}.`) }],
    },
    sections: [{ children: children.length ? children : [new Paragraph({ children: [] })] }],
  });
  return Packer.toBuffer(doc);
}

// ── PDF ────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * .docx bytes → PDF bytes by LibreOffice (headless, its own profile directory, 120 s at most) in a temp dir under
 * `tmpRoot`. Missing soffice → the file module's noSoffice message (503 UNAVAILABLE); infra/soffice.ts runs it.
 */
export async function docxToPdf(soffice: string, tmpRoot: string, docx: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpRoot, "lessonplan-"));
  try {
    const input = path.join(dir, "lessonplan.docx");
    await writeFile(input, docx);
    await runSoffice(soffice, dir, input, FILE_MESSAGES);
    const pdf = path.join(dir, "lessonplan.pdf");
    const made = await stat(pdf).catch(() => undefined);
    if (!made || made.size === 0) throw badInput("教案无法转换为 PDF，请导出 Word 文件");
    return await readFile(pdf);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** sniffFile: an Office Open XML file whose telling zip entries come late is still known by its bytes. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from "docx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readHead, sniff, sniffFile } from "./media.js";

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
let dir = "";
let docx = "";

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "yanke-sniff-"));
  // `docx` writes word/… (document, styles) before [Content_Types].xml: with a heading, a table and an image the
  // telling entry lies past the 4 KB head.
  const cell = (t: string) => new TableCell({ children: [new Paragraph(t)] });
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun("勾股定理教案")] }),
          new Table({ rows: [new TableRow({ children: [cell("环节"), cell("时间")] }), new TableRow({ children: [cell("导入"), cell("5分钟")] })] }),
          new Paragraph({ children: [new ImageRun({ type: "png", data: PNG, transformation: { width: 10, height: 10 } })] }),
        ],
      },
    ],
  });
  docx = path.join(dir, "教案.docx");
  await writeFile(docx, await Packer.toBuffer(doc));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("sniffFile", () => {
  it("reads past the head of a zip named .docx and finds a Word document", async () => {
    const headOnly = await sniff(await readHead(docx), "教案.docx");
    const whole = await sniffFile(docx, "教案.docx");
    expect(whole.ext).toBe("docx");
    expect(headOnly.ext).toBe("zip");
  });

  it("leaves a zip that claims no Office type a zip", async () => {
    expect((await sniffFile(docx, "资料.zip")).ext).toBe("zip");
  });
});

import { getSchema } from "@tiptap/core";
import { Code, LESSON_PLAN_SCHEMA, LESSON_PLAN_TEMPLATE_HEADINGS } from "@yanke/protocol";
import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import { AppError } from "../../http/errors.js";
import { FILE_MESSAGES } from "../file/file.service.js";
import { docIdOf } from "./lessonplan.collab.js";
import { compareLines } from "./lessonplan.diff.js";
import { docxToPdf, exportDocx, imageSize, importDocx } from "./lessonplan.docx.js";
import { LESSON_PLAN_EXTENSIONS, derive, jsonToState, stateToJSON, templateDoc, textLines } from "./lessonplan.editor.js";
import { safeFileName } from "./lessonplan.service.js";

describe("lesson-plan editor schema", () => {
  it("the server's extensions give exactly LESSON_PLAN_SCHEMA (the web editor checks the same constant)", () => {
    const s = getSchema(LESSON_PLAN_EXTENSIONS);
    expect(Object.keys(s.nodes).sort()).toEqual([...LESSON_PLAN_SCHEMA.nodes].sort());
    expect(Object.keys(s.marks).sort()).toEqual([...LESSON_PLAN_SCHEMA.marks].sort());
  });

  it("Y state ⇄ JSON round-trips the template; text has one line per block, table rows tab-joined", () => {
    const json = templateDoc("勾股定理");
    const back = stateToJSON(jsonToState(json));
    expect(textLines(back)).toEqual(["勾股定理", ...LESSON_PLAN_TEMPLATE_HEADINGS]);
    const table = {
      type: "doc",
      content: [
        {
          type: "table",
          content: [
            {
              type: "tableRow",
              content: [
                { type: "tableHeader", content: [{ type: "paragraph", content: [{ type: "text", text: "环节" }] }] },
                { type: "tableHeader", content: [{ type: "paragraph", content: [{ type: "text", text: "时间" }] }] },
              ],
            },
            {
              type: "tableRow",
              content: [
                { type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: "导入" }] }] },
                { type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: "5分钟" }] }] },
              ],
            },
          ],
        },
      ],
    };
    const d = derive(table);
    expect(d.text).toBe("环节\t时间\n导入\t5分钟");
    expect(d.html).toContain("<table");
  });

  it("document names", () => {
    expect(docIdOf("lesson:42")).toBe(42);
    expect(docIdOf("lesson:abc")).toBe(0);
    expect(docIdOf("plan:1")).toBe(0);
  });
});

describe("compare", () => {
  it("pairs a changed line and marks Chinese words; whole lines added and removed", () => {
    const r = compareLines(["教学目标", "理解勾股定理的证明过程", "课堂小结"], ["教学目标", "理解并应用勾股定理的证明", "布置作业"]);
    expect(r.parts[0]).toEqual({ type: "same", text: "教学目标" });
    const changed = r.parts[1];
    expect(changed?.type).toBe("changed");
    if (changed?.type === "changed") {
      expect(
        changed.segments
          .filter((s) => s.type === "added")
          .map((s) => s.text)
          .join(""),
      ).toBe("并应用");
      expect(
        changed.segments
          .filter((s) => s.type === "removed")
          .map((s) => s.text)
          .join(""),
      ).toBe("过程");
    }
    expect(r.parts.slice(2)).toEqual([
      { type: "removed", text: "课堂小结" },
      { type: "added", text: "布置作业" },
    ]);
    expect(r.counts).toEqual({ added: 1, removed: 1, changed: 1, same: 1, added_chars: 7, removed_chars: 6 });
  });

  it("empty sides", () => {
    expect(compareLines([], []).parts).toEqual([]);
    expect(compareLines([], ["新"]).parts).toEqual([{ type: "added", text: "新" }]);
    expect(compareLines(["旧"], []).parts).toEqual([{ type: "removed", text: "旧" }]);
  });
});

describe("Word and PDF", () => {
  it("exports headings, marks, lists and tables that mammoth and our import read back", async () => {
    const json = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "教案" }] },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "重点", marks: [{ type: "bold" }] },
            { type: "text", text: "难点", marks: [{ type: "italic" }] },
          ],
        },
        { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "要点一" }] }] }] },
        { type: "orderedList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "步骤一" }] }] }] },
        {
          type: "table",
          content: [
            {
              type: "tableRow",
              content: [
                { type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: "甲" }] }] },
                { type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: "乙" }] }] },
              ],
            },
          ],
        },
      ],
    };
    const buf = await exportDocx(json, "教案", async () => undefined);
    const html = (await mammoth.convertToHtml({ buffer: buf })).value;
    expect(html).toContain("<h1>教案</h1>");
    expect(html).toContain("<strong>重点</strong><em>难点</em>");
    expect(html).toContain("<ul><li>要点一</li></ul>");
    expect(html).toContain("<ol><li>步骤一</li></ol>");
    expect(html).toContain("<td><p>甲</p></td><td><p>乙</p></td>");
    const back = await importDocx(buf, async () => "");
    expect(textLines(back.json)).toEqual(["教案", "重点难点", "要点一", "步骤一", "甲\t乙"]);
  });

  it("WPS's Chinese heading style names become headings", async () => {
    const { Document, Packer, Paragraph } = await import("docx");
    const doc = new Document({
      styles: { paragraphStyles: [{ id: "wps1", name: "标题 1", run: { bold: true } }] },
      sections: [{ children: [new Paragraph({ style: "wps1", text: "教学目标" }), new Paragraph("正文")] }],
    });
    const r = await importDocx(await Packer.toBuffer(doc), async () => "");
    expect(r.json.content?.[0]).toMatchObject({ type: "heading", attrs: { level: 1 } });
  });

  it("a file that is no .docx is refused in Chinese", async () => {
    await expect(importDocx(Buffer.from("not a zip"), async () => "")).rejects.toMatchObject({
      code: Code.BAD_INPUT,
      message: expect.stringContaining("无法读取该 Word 文件"),
    });
  });

  it("PDF without LibreOffice answers the file module's message", async () => {
    const e = await docxToPdf("/nonexistent/soffice", "/tmp", Buffer.from("x")).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).message).toBe(FILE_MESSAGES.noSoffice);
    expect((e as AppError).code).toBe(Code.UNAVAILABLE);
  });

  it("image sizes and file names", () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    expect(imageSize(png)).toEqual({ width: 1, height: 1 });
    expect(imageSize(Buffer.from("nothing"))).toBeUndefined();
    expect(safeFileName('教案: "第一课"/上')).toBe("教案_ _第一课_上");
    expect(safeFileName("   ")).toBe("教案");
  });
});

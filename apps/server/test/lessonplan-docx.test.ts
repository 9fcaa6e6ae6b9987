/**
 * Word and PDF for lesson plans over the real wire (issue #8): c241 imports a .docx uploaded through /file/upload
 * (headings, tables, images into our file storage) as a new plan or over one being edited (a "导入前" version
 * first); export answers a signed download whose .docx, read back with mammoth, keeps headings and table cells;
 * PDF through LibreOffice when installed.
 */
import { execFileSync } from "node:child_process";
import {
  CALLS,
  type LessonPlanDetail,
  type LessonPlanExportAnswer,
  type LessonPlanImportAnswer,
  type LessonPlanRow,
  type LessonPlanVersionListAnswer,
} from "@yanke/protocol";
import mammoth from "mammoth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Kit, startKit } from "./activity-kit.js";
import { type Client, connect, contentOf, sampleDocx, until, upload } from "./lessonplan-kit.js";
import { insertPreparation } from "./prepare-kit.js";

let k: Kit;
let prep: number;
const clients: Client[] = [];
const hasSoffice = (() => {
  try {
    execFileSync("which", ["soffice"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

beforeAll(async () => {
  k = await startKit();
  prep = await insertPreparation(k.db, { theme: "Word 导入导出", author: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], open_model: 1 });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await k?.s.close();
});

describe("c241 upWpsFile", () => {
  let planId: number;

  it("imports an uploaded .docx as a new plan: headings, bold, table cells, the image stored as a file", async () => {
    // Module "word", as the page uploads it: the docx library writes [Content_Types].xml past the 4 KB head, and the
    // upload still knows it as a .docx (sniffFile reads on).
    const up = await upload(k, "zhanglaoshi", await sampleDocx(true), "勾股定理教案.docx", "word");
    expect(up.code, up.msg).toBe(200);
    const r = await k.ok<LessonPlanImportAnswer>(CALLS.upWpsFile, { file_id: up.data.id, preparation_id: prep }, "zhanglaoshi");
    expect(r.backup).toBeNull();
    expect(r.plan).toMatchObject({ title: "勾股定理教案", main: 1, source_file_id: up.data.id });
    planId = r.plan.id;
    const d = await k.ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id: planId }, "wanglaoshi");
    expect(d.html).toContain("<h1>勾股定理教案</h1>");
    expect(d.html).toContain("<h2>教学目标</h2>");
    expect(d.html).toContain("<strong>理解并应用勾股定理</strong>");
    expect(d.html).toMatch(/<table[\s\S]*<p>导入新课<\/p>[\s\S]*<p>5分钟<\/p>[\s\S]*<\/table>/);
    expect(d.text).toContain("导入新课\t5分钟");
    const img = /<img src="(\/files\/\d+)"/.exec(d.html);
    expect(img, d.html).not.toBeNull();
    expect(d.html).not.toContain("data:");
    const res = await fetch(`${k.s.url}${img![1]}`);
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });

  it("imports over a plan being edited: the editor sees it at once, an 导入前 version keeps the old content", async () => {
    const plan = await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prep, title: "被覆盖的教案", template: true }, "lilaoshi");
    const editor = await connect(k.s.url, plan.id, k.who.lilaoshi!.token);
    clients.push(editor);
    expect(contentOf(editor.doc)).toContain("板书设计");
    const up = await upload(k, "lilaoshi", await sampleDocx(), "新版.docx");
    const r = await k.ok<LessonPlanImportAnswer>(CALLS.upWpsFile, { file_id: up.data.id, id: plan.id }, "lilaoshi");
    expect(r.backup?.kind).toBe("import");
    expect(r.backup?.name).toMatch(/^导入前 /);
    expect(await until(() => contentOf(editor.doc).includes("导入新课") && !contentOf(editor.doc).includes("板书设计"))).toBe(true);
    const old = await k.ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id: plan.id, version_id: r.backup!.id }, "lilaoshi");
    expect(old.text).toContain("板书设计");
    const versions = await k.ok<LessonPlanVersionListAnswer>(CALLS.wpsFileVersion, { id: plan.id }, "lilaoshi");
    expect(versions.list.map((v) => v.kind)).toEqual(["import"]);
  });

  it("refuses another's file, a file that is no .docx, a missing target and a viewer", async () => {
    const theirs = await upload(k, "lilaoshi", await sampleDocx(), "李老师的.docx");
    await k.refused(CALLS.upWpsFile, { file_id: theirs.data.id, preparation_id: prep }, "zhanglaoshi", 403, "只能导入自己上传的文件");
    const fake = await upload(k, "zhanglaoshi", Buffer.from("这不是 Word 文件".repeat(20)), "假的.docx", "any");
    expect(fake.code, fake.msg).toBe(200);
    await k.refused(CALLS.upWpsFile, { file_id: fake.data.id, preparation_id: prep }, "zhanglaoshi", 400, /无法读取该 Word 文件/);
    // A zip that is no Word document.
    const zip = Buffer.from("504b0506000000000000000000000000000000000000", "hex");
    const badZip = await upload(k, "zhanglaoshi", zip, "坏的.docx", "any");
    if (badZip.code === 200) await k.refused(CALLS.upWpsFile, { file_id: badZip.data.id, preparation_id: prep }, "zhanglaoshi", 400, /无法读取该 Word 文件/);
    const mine = await upload(k, "zhanglaoshi", await sampleDocx(), "教案.docx");
    await k.refused(CALLS.upWpsFile, { file_id: mine.data.id }, "zhanglaoshi", 400, /请选择要导入到的集体备课/);
    await k.refused(CALLS.upWpsFile, { preparation_id: prep }, "zhanglaoshi", 400);
    await k.refused(CALLS.upWpsFile, { file_id: 999999, preparation_id: prep }, "zhanglaoshi", 404);
    const viewers = await upload(k, "wanglaoshi", await sampleDocx(), "旁观者.docx");
    await k.refused(CALLS.upWpsFile, { file_id: viewers.data.id, preparation_id: prep }, "wanglaoshi", 403, "只有备课参与人可以编辑");
    await k.refused(CALLS.upWpsFile, { file_id: mine.data.id, id: 999999 }, "zhanglaoshi", 404);
  });

  it("exports .docx through a signed download that mammoth reads back with headings and table cells", async () => {
    const e = await k.ok<LessonPlanExportAnswer>(CALLS.lessonPlanExport, { id: planId }, "wanglaoshi");
    expect(e).toMatchObject({ format: "docx", file_name: "勾股定理教案.docx" });
    const res = await fetch(`${k.s.url}${e.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("勾股定理教案.docx"));
    const buf = Buffer.from(await res.arrayBuffer());
    expect(buf.length).toBe(e.size);
    const html = (await mammoth.convertToHtml({ buffer: buf })).value;
    expect(html).toContain("<h1>勾股定理教案</h1>");
    expect(html).toContain("<h2>教学目标</h2>");
    expect(html).toContain("<strong>理解并应用勾股定理</strong>");
    expect(html).toMatch(/<table>[\s\S]*<td><p>导入新课<\/p><\/td><td><p>5分钟<\/p><\/td>[\s\S]*<\/table>/);
    expect(html).toContain("<img");
    // A tampered signature, an expired or malformed address.
    expect((await fetch(`${k.s.url}${e.url.replace(/sig=[^&]+/, "sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")}`)).status).toBe(403);
    expect((await fetch(`${k.s.url}${e.url.replace(/&a=\d+/, "&a=1")}`)).status).toBe(403);
    expect((await fetch(`${k.s.url}${e.url.replace(/id=\d+/, "id=x")}`)).status).toBe(400);
    await k.refused(CALLS.lessonPlanExport, { id: planId, format: "doc" }, "zhanglaoshi", 400, /导出格式只能是 docx 或 pdf/);
    await k.refused(CALLS.lessonPlanExport, { id: 999999 }, "zhanglaoshi", 404);
    const closed = await insertPreparation(k.db, { theme: "私有", author: k.id.zhanglaoshi!, open_model: 3 });
    const hidden = await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: closed, title: "私有教案" }, "zhanglaoshi");
    await k.refused(CALLS.lessonPlanExport, { id: hidden.id }, "zhaolaoshi", 403);
  });

  it(hasSoffice ? "exports PDF through LibreOffice" : "answers the LibreOffice refusal for PDF when soffice is missing", async () => {
    const r = await k.call<LessonPlanExportAnswer>(CALLS.lessonPlanExport, { id: planId, format: "pdf" }, "zhanglaoshi");
    if (!hasSoffice) {
      expect(r.code).toBe(503);
      expect(r.msg).toBe("服务器未安装 LibreOffice，暂不能在线预览 Word、Excel、PowerPoint 文件，请下载后查看");
      return;
    }
    expect(r.code, r.msg).toBe(200);
    expect(r.data.file_name).toBe("勾股定理教案.pdf");
    const res = await fetch(`${k.s.url}${r.data.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  }, 150_000);
});

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  CALLS,
  type LessonPlanDetail,
  type LessonPlanListAnswer,
  type LessonPlanRow,
  type LessonPlanVersionListAnswer,
  type SessionInfo,
} from "@yanke/protocol";
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from "docx";
import mammoth from "mammoth";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { insertPreparation } from "../apps/server/test/prepare-kit.js";
import { type BrowserHandle, hasChromium, hashRoute, launchBrowser, okOf, signIn, snap } from "./support.js";

/**
 * #8 co-edited lesson plans in the browser (NINGXIA edition): two teachers of one preparation, each in a browser
 * context of his own, open the same plan at /collectivePrepare/editDetail; what one types the other sees within a
 * second, both show in the other's list of who is editing; a named version is saved, the text changes, the version
 * is restored and both editors show the restored text; a .docx with a heading and a table imports into a new plan
 * and exports back to .docx with both. A teacher outside the (public) preparation gets the editor read-only, a
 * visitor who is not signed in reads the text.
 */

let server: TestServer;
let handle: BrowserHandle;
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let a: Page;
let b: Page;
let zhang: SessionInfo;
let li: SessionInfo;
let prepId = 0;
let planId = 0;
/** Console errors and warnings of both pages (one Yjs copy: no "Yjs was already imported"). */
const consoleProblems: string[] = [];
const tmp = mkdtempSync(path.join(os.tmpdir(), "yanke-lessonplan-"));

const HEADING = "勾股定理教学设计";
const LINE_B = "李老师补充：探究直角三角形三边关系";
const DRAFT_ONLY = "这一句在初稿之后加入";
const HEADING_EDIT = "（修订稿）";

const ok = okOf(() => server);

const content = (page: Page) => page.getByTestId("lp-editor-content");
/** The text of the editor's elements matching `selector`, without the other people's caret labels drawn inside. */
const textsOf = (page: Page, selector: string) =>
  page.locator(`[data-testid="lp-editor-content"] ${selector}`).evaluateAll((els) =>
    els.map((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
      return (copy.textContent ?? "").trim();
    }),
  );
/** The editor's blocks (headings, paragraphs), one string each. */
const text = (page: Page) =>
  textsOf(page, "> *")
    .then((t) => t.join("\n"))
    .catch(() => "");
const heading = (page: Page) =>
  textsOf(page, "h1")
    .then((t) => t.join("|"))
    .catch(() => "");

async function openPlan(page: Page, id: number): Promise<void> {
  await page.goto(`${server.url}/#/collectivePrepare/editDetail?id=${prepId}&doc=${id}`);
  // Connected, authenticated and synced: the editor takes input.
  await page.locator('[data-testid="lp-editor"][data-state="saved"]').waitFor({ timeout: 20_000 });
  await page.locator('[data-testid="lp-editor-content"][contenteditable="true"]').waitFor();
}

/** Puts the caret at the end of the document. */
async function toEnd(page: Page): Promise<void> {
  await content(page).click();
  await page.keyboard.press("Control+End");
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA", ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}) });
  handle = await launchBrowser();
  [ctxA, ctxB] = await Promise.all([
    handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN", acceptDownloads: true }),
    handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" }),
  ]);
  [a, b] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  for (const page of [a, b]) page.on("console", (m) => (m.type() === "error" || m.type() === "warning" ? consoleProblems.push(m.text()) : undefined));
  [zhang, li] = await Promise.all([server.login("zhanglaoshi", TEST_TEACHER_PASSWORD), server.login("lilaoshi", TEST_TEACHER_PASSWORD)]);
  // Public (open_model 1): teachers outside it and visitors may read the plans; only its members edit.
  prepId = await insertPreparation(server.database.db, {
    theme: "八年级数学《勾股定理》集体备课",
    author: zhang.account_id,
    members: [li.account_id],
    open_model: 1,
  });
  planId = (await ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prepId, title: "勾股定理（第一课时）", template: false }, zhang.token)).id;
  await Promise.all([signIn(a, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD), signIn(b, server.url, "lilaoshi", TEST_TEACHER_PASSWORD)]);
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") {
    if (a) await snap(a, "lessonplan-failure-a").catch(() => undefined);
    if (b) await snap(b, "lessonplan-failure-b").catch(() => undefined);
  }
});

afterAll(async () => {
  await ctxA?.close();
  await ctxB?.close();
  await handle?.close();
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)("browser: co-edited lesson plan (NINGXIA)", () => {
  it("two teachers edit one plan at once: each sees the other's typing within a second, and both names are listed", async () => {
    await Promise.all([openPlan(a, planId), openPlan(b, planId)]);

    // A writes a heading (the "# " input rule), B sees it.
    await toEnd(a);
    await a.keyboard.type("# ");
    await a.keyboard.insertText(HEADING);
    await expect.poll(() => heading(b), { timeout: 1000, interval: 50 }).toBe(HEADING);

    // B writes a paragraph under it, A sees it.
    await toEnd(b);
    // A new paragraph, unless the document already ends with an empty one.
    if ((await textsOf(b, "> *")).at(-1) !== "") await b.keyboard.press("Enter");
    await b.keyboard.insertText(LINE_B);
    await expect.poll(() => text(a), { timeout: 1000, interval: 50 }).toContain(LINE_B);

    // Who is editing: both names on both pages.
    for (const page of [a, b]) {
      await expect
        .poll(() => page.getByTestId("lp-person").evaluateAll((els) => els.map((e) => e.getAttribute("data-name")).sort()), { timeout: 5000 })
        .toEqual(["张老师", "李老师"].sort());
    }
    // The other's caret is drawn with his name.
    await expect.poll(() => a.locator(".collaboration-carets__label").allInnerTexts(), { timeout: 5000 }).toContain("李老师");
    await expect.poll(() => b.locator(".collaboration-carets__label").allInnerTexts(), { timeout: 5000 }).toContain("张老师");

    // Stored on the server: the plan's text over the wire has both lines.
    await expect.poll(async () => (await ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id: planId }, li.token)).text, { timeout: 15_000 }).toContain(LINE_B);
    // The plan list (refreshed after the changes are stored) names who is connected, from the server.
    await expect
      .poll(() => a.getByTestId("lp-plan-meta").first().getAttribute("title"), { timeout: 15_000 })
      .toMatch(/^在线：(张老师、李老师|李老师、张老师)$/);
    expect(consoleProblems.filter((t) => /yjs|tiptap|y-prosemirror|collaboration/i.test(t))).toEqual([]);
    await snap(a, "lessonplan-coedit-zhang");
    await snap(b, "lessonplan-coedit-li");
  });

  it("a named version is saved, compared with the changed text, and restored on both pages", async () => {
    await a.getByTestId("lp-versions-open").click();
    await a.getByTestId("lp-version-name").locator("input").or(a.getByTestId("lp-version-name")).first().fill("初稿");
    await a.getByTestId("lp-version-save").click();
    await a.locator('[data-testid="lp-version"][data-name="初稿"]').waitFor();
    const versions = await ok<LessonPlanVersionListAnswer>(CALLS.wpsFileVersion, { id: planId }, zhang.token);
    const draft = versions.list.find((v) => v.name === "初稿");
    expect(draft?.kind).toBe("manual");
    await a.locator(".ant-drawer-close").click();
    await a.getByTestId("lp-versions").waitFor({ state: "hidden" });

    // The text changes after the version: a line added at the end, words added to the heading.
    await toEnd(a);
    await a.keyboard.press("Enter");
    await a.keyboard.insertText(DRAFT_ONLY);
    await content(a).locator("h1").click();
    await a.keyboard.press("End");
    await a.keyboard.insertText(HEADING_EDIT);
    await expect.poll(() => text(b), { timeout: 1000, interval: 50 }).toContain(DRAFT_ONLY);
    await expect.poll(() => heading(b), { timeout: 1000, interval: 50 }).toBe(HEADING + HEADING_EDIT);
    await a.locator('[data-testid="lp-editor"][data-state="saved"]').waitFor();

    // Compare the version with the current text: the new line is an added one, the heading a changed one.
    await a.getByTestId("lp-versions-open").click();
    const row = a.locator('[data-testid="lp-version"][data-name="初稿"]');
    await row.getByTestId("lp-version-compare").click();
    const added = a.locator('[data-testid="lp-diff-line"][data-type="added"]');
    await expect.poll(() => added.allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringContaining(DRAFT_ONLY)]);
    expect(await a.locator('[data-testid="lp-diff-line"][data-type="same"]').allInnerTexts()).toEqual([expect.stringContaining(LINE_B)]);
    const changed = a.locator('[data-testid="lp-diff-line"][data-type="changed"]');
    expect(await changed.allInnerTexts()).toEqual([expect.stringContaining(HEADING)]);
    expect((await changed.locator("ins").allInnerTexts()).join("")).toContain("修订稿");
    await snap(a, "lessonplan-compare");
    await a.keyboard.press("Escape");
    await a.getByTestId("lp-compare").waitFor({ state: "hidden" });

    // Restore it: both editors drop the later line and keep the rest.
    await row.getByTestId("lp-version-restore").click();
    await a.getByText("恢复后当前内容会被替换，系统会先自动保存一个版本").waitFor();
    await a.getByTestId("lp-restore-ok").click();
    for (const page of [a, b]) {
      await expect.poll(() => text(page), { timeout: 10_000 }).not.toContain(DRAFT_ONLY);
      expect(await text(page)).toContain(LINE_B);
      expect(await heading(page)).toBe(HEADING);
    }
    const after = await ok<LessonPlanVersionListAnswer>(CALLS.wpsFileVersion, { id: planId }, zhang.token);
    expect(after.list.filter((v) => v.kind === "restore")).toHaveLength(1);
    await expect
      .poll(async () => (await ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id: planId }, li.token)).text, { timeout: 15_000 })
      .not.toContain(DRAFT_ONLY);
    await expect.poll(() => a.getByTestId("lp-version").count()).toBe(after.list.length);
    await snap(a, "lessonplan-versions");
    // Two versions compared: 初稿 (older, A) against the automatic one taken before the restore (B).
    for (const v of after.list) await a.locator(`[data-testid="lp-version"][data-id="${v.id}"]`).getByTestId("lp-version-pick").click();
    await a.getByTestId("lp-compare-picked").click();
    await expect
      .poll(() => a.locator('[data-testid="lp-diff-line"][data-type="added"]').allInnerTexts(), { timeout: 10_000 })
      .toEqual([expect.stringContaining(DRAFT_ONLY)]);
    expect(await a.getByTestId("lp-compare").innerText()).toContain("从 「初稿」");
    await a.keyboard.press("Escape");
    await a.getByTestId("lp-compare").waitFor({ state: "hidden" });
    await a.locator(".ant-drawer-close").click();
  });

  it("a .docx with a heading and a table imports as a new plan and exports back with both", async () => {
    const cell = (t: string) => new TableCell({ children: [new Paragraph(t)] });
    const docx = new Document({
      sections: [
        {
          children: [
            new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun("一次函数的图像")] }),
            new Paragraph("教学环节安排如下："),
            new Table({
              rows: [new TableRow({ children: [cell("教学环节"), cell("时间分配")] }), new TableRow({ children: [cell("情境导入"), cell("五分钟")] })],
            }),
          ],
        },
      ],
    });
    const file = path.join(tmp, "一次函数的图像.docx");
    writeFileSync(file, await Packer.toBuffer(docx));

    await a.getByTestId("lp-plan-import").click();
    await a.getByTestId("lp-import-input").setInputFiles(file);
    // The new plan opens: the heading and the table's cells are in the editor.
    await expect.poll(() => heading(a), { timeout: 20_000 }).toBe("一次函数的图像");
    expect(await textsOf(a, "table td, table th")).toEqual(["教学环节", "时间分配", "情境导入", "五分钟"]);
    const plans = await ok<LessonPlanListAnswer>(CALLS.wpsFileList, { preparation_id: prepId }, zhang.token);
    const imported = plans.list.find((p) => p.title === "一次函数的图像");
    expect(imported).toBeDefined();
    expect(new URLSearchParams(a.url().split("?")[1] ?? "").get("doc")).toBe(String(imported!.id));
    await a.locator('[data-testid="lp-editor"][data-state="saved"]').waitFor();
    await snap(a, "lessonplan-import");

    // Export as .docx and read it back.
    const download = a.waitForEvent("download");
    await a.getByTestId("lp-export").click();
    await a.getByTestId("lp-export-docx").click();
    const got = await download;
    expect(got.suggestedFilename()).toMatch(/\.docx$/);
    const html = (await mammoth.convertToHtml({ path: await got.path() })).value;
    expect(html).toMatch(/<h1>一次函数的图像<\/h1>/);
    expect(html).toContain("<table>");
    for (const c of ["教学环节", "时间分配", "情境导入", "五分钟"]) expect(html).toContain(c);

    // Delete the imported plan (confirmed): gone over the wire, and the page falls back to the main plan.
    await a.locator(`[data-testid="lp-plan"][data-id="${imported!.id}"]`).getByTestId("lp-plan-delete").click();
    await a
      .getByRole("button", { name: "删 除" })
      .or(a.getByRole("button", { name: "删除" }))
      .last()
      .click();
    await expect.poll(() => a.getByTestId("lp-plan").count(), { timeout: 10_000 }).toBe(1);
    const left = await ok<LessonPlanListAnswer>(CALLS.wpsFileList, { preparation_id: prepId }, zhang.token);
    expect(left.list.map((p) => p.id)).toEqual([planId]);
    await expect.poll(() => heading(a), { timeout: 10_000 }).toBe(HEADING);
  });

  it("a teacher outside the public preparation reads the plan read-only; a visitor who is not signed in reads its text", async () => {
    const url = `${server.url}/#/collectivePrepare/editDetail?id=${prepId}&doc=${planId}`;
    await b.evaluate(() => localStorage.clear());
    await b.goto("about:blank");
    await signIn(b, server.url, "zhaolaoshi", TEST_TEACHER_PASSWORD);
    await b.goto(url);
    await b.getByTestId("lp-readonly").waitFor({ timeout: 20_000 });
    expect(await content(b).getAttribute("contenteditable")).toBe("false");
    expect(await heading(b)).toBe(HEADING);
    expect(await b.getByTestId("lp-plan-create").count()).toBe(0);
    const wire = await ok<LessonPlanListAnswer>(CALLS.wpsFileList, { preparation_id: prepId }, (await server.login("zhaolaoshi", TEST_TEACHER_PASSWORD)).token);
    expect(wire.can_edit).toBe(false);
    await snap(b, "lessonplan-readonly");

    await b.evaluate(() => localStorage.clear());
    await b.goto("about:blank");
    await b.goto(url);
    await b.getByTestId("lp-visitor").waitFor({ timeout: 20_000 });
    await expect
      .poll(
        () =>
          b
            .getByTestId("lp-html")
            .innerText()
            .catch(() => ""),
        { timeout: 10_000 },
      )
      .toContain(LINE_B);
    expect(hashRoute(b)).toMatch(/^\/collectivePrepare\/editDetail\?/);
    expect(await b.getByTestId("lp-editor").count()).toBe(0);
    await snap(b, "lessonplan-visitor");
  });
});

import {
  CALLS,
  type DiagnosisJob,
  type Page as ListPage,
  type SessionInfo,
  type TextbookBookRow,
  type TextbookCatalogNode,
  type TextbookCatalogTreeAnswer,
  type TextbookEditionRow,
  type TextbookResourceRow,
  type XkwDocAnswer,
} from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { lessonDoc } from "../apps/server/src/modules/lessonplan/lessonplan.schema.js";
import { TEST_ADMIN_PASSWORD, TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { ARTIFACTS, type BrowserHandle, hasChromium, hashRoute, launchBrowser, okOf, settled, signIn, snap } from "./support.js";

/**
 * #8 textbook resources and AI diagnosis in the browser (NINGXIA edition): a teacher browses the seeded catalogue
 * (人教版 → 数学 七年级上册 → 1.1 正数和负数), uploads a resource to the node, it waits for a check; the administrator
 * approves it from 待审核 and it shows as 已通过 to the teacher. A preparation bound to that node gets a lesson plan;
 * its author starts the diagnosis on the detail page and sees the score, the grade and ranked suggestions, the same
 * as the wire answers.
 */

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
let admin: SessionInfo;
let zhang: SessionInfo;
let node: TextbookCatalogNode;
let book: TextbookBookRow;
let edition: TextbookEditionRow;
const RES_NAME = `正数和负数导学案${Date.now() % 100000}`;
const CODE = "RJ-SX-7A-01-01";

const ok = okOf(() => server);
const list = <T>(x: T[] | { list: T[] }): T[] => (Array.isArray(x) ? x : x.list);

async function signInAs(username: string, password: string): Promise<void> {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await page.goto("about:blank");
  await signIn(page, server.url, username, password);
}

const row = (name: string) => page.getByTestId("textbook-resource-row").filter({ hasText: name });

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA", ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}) });
  handle = await launchBrowser();
  context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
  page = await context.newPage();
  [admin, zhang] = await Promise.all([server.login(), server.login("zhanglaoshi", TEST_TEACHER_PASSWORD)]);
  edition = list(await ok<TextbookEditionRow[] | { list: TextbookEditionRow[] }>(CALLS.textbookEditions, {}, zhang.token)).find((e) => e.name === "人教版")!;
  book = list(await ok<TextbookBookRow[] | { list: TextbookBookRow[] }>(CALLS.textbookBooks, { edition_id: edition.id }, zhang.token)).find(
    (b) => b.name === "数学 七年级上册",
  )!;
  const tree = await ok<TextbookCatalogTreeAnswer>(CALLS.textbookCatalog, { book_id: book.id }, zhang.token);
  node = tree.tree.flatMap((n) => [n, ...n.children]).find((n) => n.code === CODE)!;
  expect(node.name).toBe("1.1 正数和负数");
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && page) await snap(page, "textbook-failure").catch(() => undefined);
});

afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: textbook resources and AI diagnosis (NINGXIA)", () => {
  it("a teacher browses the catalogue to a node and uploads a resource there; it waits for a check", async () => {
    // Anonymous: the route guard sends the visitor to login with its warning.
    await page.goto(`${server.url}/#/textbook`);
    await expect.poll(() => hashRoute(page)).toBe("/login");
    await page.getByText("请登录后查看！！！").first().waitFor();

    await signInAs("zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/textbook`);
    await page.getByTestId("textbook-book").first().waitFor();
    // 人教版 is the first edition; pick 数学 七年级上册 by its card, then the node in the tree.
    await page.getByTestId("textbook-book").filter({ hasText: "七年级上册" }).first().click();
    await page.locator(`[data-testid="catalog-node"][data-code="${CODE}"]`).click();
    await expect.poll(() => page.getByTestId("textbook-node-path").innerText()).toBe(`人教版 / 数学 七年级上册 / 第一章 有理数 / 1.1 正数和负数`);
    await expect.poll(() => page.getByTestId("textbook-node-code").innerText()).toBe(CODE);

    await page.getByTestId("textbook-upload").click();
    const dialog = page.getByTestId("textbook-resource-dialog");
    await dialog.waitFor();
    await dialog
      .getByTestId("file-upload-input")
      .setInputFiles({ name: "导学案.txt", mimeType: "text/plain", buffer: Buffer.from("正数和负数导学案：相反意义的量。\n", "utf8") });
    await dialog.getByTestId("uploaded-list").filter({ hasText: "导学案" }).waitFor();
    await dialog.getByTestId("textbook-resource-name-input").fill(RES_NAME);
    await page.screenshot({ path: `${ARTIFACTS}/textbook-upload-dialog.png` });
    await page.getByTestId("textbook-resource-submit").click();
    await dialog.waitFor({ state: "detached" });
    await row(RES_NAME).waitFor();
    await expect.poll(() => row(RES_NAME).getByTestId("textbook-resource-status").innerText()).toBe("待审核");

    const mine = await ok<ListPage<TextbookResourceRow>>(CALLS.textbookResourceList, { page: 1, limit: 10, mine: 1 }, zhang.token);
    const saved = mine.list.find((r) => r.file_name === RES_NAME)!;
    expect(saved).toMatchObject({ catalogCode: CODE, catalog_id: node.id, status: 0, resource_type: 1, book_id: book.id });
    expect(saved.file_id).toBeGreaterThan(0);
    await snap(page, "textbook-page-teacher");
  });

  it("the administrator approves it from 待审核 and the teacher sees it approved", async () => {
    await signInAs("admin", TEST_ADMIN_PASSWORD);
    await page.goto(`${server.url}/#/textbook?edition_id=${edition.id}&book_id=${book.id}&code=${CODE}`);
    await page.getByTestId("textbook-tab-checking").click();
    await row(RES_NAME).waitFor();
    await snap(page, "textbook-page-checking");
    await row(RES_NAME).getByTestId("textbook-resource-approve").click();
    await row(RES_NAME).waitFor({ state: "detached" });

    const r = await ok<ListPage<TextbookResourceRow>>(CALLS.textbookResourceList, { page: 1, limit: 10, catalogCode: CODE }, admin.token);
    expect(r.list.find((x) => x.file_name === RES_NAME)?.status).toBe(1);

    await signInAs("zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/textbook?edition_id=${edition.id}&book_id=${book.id}&code=${CODE}`);
    await row(RES_NAME).waitFor();
    await expect.poll(() => row(RES_NAME).getByTestId("textbook-resource-status").innerText()).toBe("已通过");
    // the tree counts the approved resource on its node
    await expect.poll(() => page.locator(`[data-testid="catalog-node"][data-code="${CODE}"] .yk-tb-node-count`).innerText()).toBe("1");
    await snap(page, "textbook-page");

    // 学科网 documents of the node (the local provider answers the approved resources of the catalogue)
    const xkw = await ok<XkwDocAnswer>(CALLS.getXkwDoc, { page: 1, pagesize: 10, textbookid: book.id, catalogid: node.id }, zhang.token);
    expect(xkw.list.map((d) => d.title)).toContain(RES_NAME);
    await page.getByTestId("textbook-tab-xkw").click();
    const docs = page.getByTestId("textbook-xkw-table").locator("tbody tr.ant-table-row");
    await expect.poll(() => docs.count()).toBe(xkw.list.length);
    await expect.poll(() => page.getByTestId("textbook-xkw-table").innerText()).toContain(RES_NAME);
    await snap(page, "textbook-page-xkw");
  });

  it("the binding picker of the preparation form picks the node and fills the path", async () => {
    await page.goto(`${server.url}/#/addBKDetail`);
    await page.getByTestId("textbook-picker-open").click();
    const dialog = page.getByTestId("textbook-picker-dialog");
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId("textbook-picker-edition").innerText()).toContain("人教版");
    await dialog.getByTestId("textbook-picker-book").click();
    const option = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option").filter({ hasText: "数学 七年级上册" }).first();
    await option.click();
    const picked = dialog.locator(`[data-testid="catalog-node"][data-code="${CODE}"]`);
    // A click that lands while the dropdown is still animating may not select: click the option again while it shows.
    await expect
      .poll(
        async () => {
          if ((await picked.count()) > 0) return true;
          if (await option.isVisible()) await option.click({ timeout: 2000 }).catch(() => undefined);
          return (await picked.count()) > 0;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    await picked.click();
    await expect.poll(() => dialog.getByTestId("textbook-picker-result").innerText()).toContain("人教版 / 数学 七年级上册 / 第一章 有理数 / 1.1 正数和负数");
    await page.mouse.move(0, 0);
    await settled(page); // the checkbox animation ends before the picture
    await page.screenshot({ path: `${ARTIFACTS}/textbook-picker-open.png` });
    await page.getByTestId("textbook-picker-ok").click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("textbook-picker-value").inputValue()).toBe("人教版 / 数学 七年级上册 / 第一章 有理数 / 1.1 正数和负数");
  });

  it("the author starts the AI diagnosis of the preparation's lesson plan and sees the score and suggestions", async () => {
    const now = Date.now();
    const fmt = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
    const prep = await ok<{ id: number }>(
      CALLS.preparationSave,
      {
        theme: "七年级数学《正数和负数》集体备课",
        start_time: fmt(now - 3600_000),
        end_time: fmt(now + 7 * 86400_000),
        editon_id: edition.id,
        bookId: book.id,
        book_catalog_id: node.id,
        catalogCode: node.code,
        catalogCodeIds: [node.id],
      },
      zhang.token,
    );
    // No call writes a plan's text directly (the editor does, over the socket): the row goes straight into the table.
    const text = PLAN.join("\n");
    const html = PLAN.map((l) => (l.startsWith("## ") ? `<h2>${l.slice(3)}</h2>` : `<p>${l}</p>`)).join("");
    await server.database.db
      .insert(lessonDoc)
      .values({ preparation_id: prep.id, title: "正数和负数（第一课时）", main: 1, html, text: text.replace(/^## /gm, ""), created_by: zhang.account_id });

    await page.goto(`${server.url}/#/editDetail?id=${prep.id}`);
    await page.getByTestId("prep-tab-ai").click();
    const panel = page.getByTestId("diagnosis-panel");
    await panel.waitFor();
    await panel.getByTestId("diagnosis-start").click();
    const report = page.getByTestId("diagnosis-report");
    await report.waitFor({ timeout: 30_000 });

    const job = await ok<DiagnosisJob | null>(CALLS.getAiResult, { preparation_id: prep.id }, zhang.token);
    expect(job?.status).toBe("done");
    const r = job!.result!;
    expect(await report.getAttribute("data-score")).toBe(String(r.score));
    expect(await panel.getByTestId("diagnosis-grade").innerText()).toBe(r.grade);
    expect(await panel.getByTestId("diagnosis-engine").innerText()).toBe("规则");
    expect(await panel.getByTestId("diagnosis-dimension").count()).toBe(r.dimensions.length);
    expect(r.suggestions.length).toBeGreaterThan(0);
    expect(await panel.getByTestId("diagnosis-suggestion").count()).toBe(r.suggestions.length);
    // the plan leaves out 板书设计 and 教学反思: the structure names them missing
    expect(r.structure.missing_required.length + r.structure.missing_recommended.length).toBeGreaterThan(0);
    const missing = await panel.locator('[data-testid="diagnosis-section"][data-found="0"]').allInnerTexts();
    expect(missing.length).toBe(r.structure.sections.filter((x) => !x.found).length);
    // keywords of 1.1 正数和负数 the plan mentions
    expect(await panel.getByTestId("diagnosis-keyword-covered").allInnerTexts()).toEqual(r.keywords.covered);
    expect(r.keywords.covered).toContain("正数");
    await snap(page, "textbook-diagnosis-panel");
  });

  it("a failed diagnosis shows its reason in Chinese and no result", async () => {
    const now = Date.now();
    const fmt = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
    const prep = await ok<{ id: number }>(
      CALLS.preparationSave,
      { theme: "空白教案的集体备课", start_time: fmt(now - 3600_000), end_time: fmt(now + 86400_000) },
      zhang.token,
    );
    await server.database.db
      .insert(lessonDoc)
      .values({ preparation_id: prep.id, title: "空白教案", main: 1, html: "<p></p>", text: "  ", created_by: zhang.account_id });
    await page.goto(`${server.url}/#/editDetail?id=${prep.id}`);
    await page.getByTestId("prep-tab-ai").click();
    const panel = page.getByTestId("diagnosis-panel");
    await expect.poll(() => panel.getAttribute("data-status")).toBe("none");
    await panel.getByTestId("diagnosis-start").click();
    await panel.getByTestId("diagnosis-failed").waitFor({ timeout: 30_000 });
    const job = await ok<DiagnosisJob | null>(CALLS.getAiResult, { preparation_id: prep.id }, zhang.token);
    expect(job).toMatchObject({ status: "failed", result: null });
    expect(job!.error).not.toBe("");
    expect(await panel.getByTestId("diagnosis-failed").innerText()).toContain(job!.error);
    expect(await panel.getByTestId("diagnosis-report").count()).toBe(0);
    await snap(page, "textbook-diagnosis-failed");
  });
});

/** A plan with objectives, key points, a timed process and homework, but no 板书设计 and no 教学反思. */
const PLAN = [
  "## 教学目标",
  "1. 知识与技能：能说出正数和负数的意义，会用正数和负数表示具有相反意义的量。",
  "2. 过程与方法：经历从实际问题中抽象出负数的过程，体会数学建模思想。",
  "3. 情感态度价值观：感受数学与生活的联系，培养学习兴趣。",
  "## 教学重难点",
  "重点：正数和负数的概念。难点：理解0既不是正数也不是负数。",
  "## 教学过程",
  "一、情境导入（5分钟）：温度计上零上5℃和零下5℃怎样表示？",
  "二、新授（20分钟）：引出负数，归纳相反意义的量。你能再举出几个生活中的例子吗？",
  "三、练习（12分钟）：完成课本练习，判断哪些是正数，哪些是负数。",
  "四、小结（3分钟）：本节课你学到了什么？",
  "## 作业布置",
  "课本习题1.1第1、2题。",
];

import { readFileSync } from "node:fs";
import path from "node:path";
import { CALLS, type ReportViewRow } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { account } from "../apps/server/src/modules/account/account.schema.js";
import { listenEvaluate, listenEvaluation } from "../apps/server/src/modules/listen/listen.schema.js";
import { school } from "../apps/server/src/modules/org/org.schema.js";
import { video } from "../apps/server/src/modules/video/video.schema.js";
import { termOf } from "../apps/server/src/modules/report/report.demo.js";
import { ARTIFACTS, type BrowserHandle, chartSeries, hasChromium, inputOf, launchBrowser, signIn, snap } from "./support.js";
import dayjs from "../apps/server/src/infra/dayjs.js";

/**
 * #12 报表统计 in the browser, as the district administrator (quji): the default report (学校 × 录制/分析/听评/评分 over
 * 本学期) after recordings and evaluated lessons were written into this term for the first demo school; the chart's
 * canvas and the table rows with the exact counts and the totals row; 保存为视图 (listed on the left and over the
 * wire); 导出 Excel (the downloaded workbook parses, with the same figures). Screenshots at 1440 px.
 */

let server: TestServer;
let handle: BrowserHandle;
let schoolName = "";

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer();
  const db = server.database.db;
  const [t] = await db.select({ id: account.id, school_id: account.school_id }).from(account).where(eq(account.username, "zhanglaoshi"));
  const [s] = await db.select({ title: school.title }).from(school).where(eq(school.id, t!.school_id));
  schoolName = s!.title;
  // Within this term (the page's default range), at noon Shanghai of the term's first days.
  const from = termOf(dayjs()).from;
  const day = (n: number) => new Date(`${dayjs(from).add(n, "day").format("YYYY-MM-DD")}T12:00:00+08:00`);
  const base = { account_id: t!.id, school_id: t!.school_id, source: "recording", file_id: 0, status: "ready" };
  await db.insert(video).values([
    { ...base, name: "报表课一", created_at: day(3) },
    { ...base, name: "报表课二", created_at: day(10) },
    { ...base, name: "报表课三", created_at: day(20) },
  ]);
  const [r] = await db
    .insert(listenEvaluate)
    .values({ name: "报表听评课", account_id: t!.id, school_id: t!.school_id, start_time: day(5), end_time: day(5) })
    .returning({ id: listenEvaluate.id });
  await db.insert(listenEvaluation).values([
    { record_id: r!.id, account_id: t!.id, total_score: 88, status: 1 },
    { record_id: r!.id, account_id: t!.id + 1, total_score: 92, status: 1 },
  ]);
  handle = await launchBrowser();
});
afterAll(async () => {
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: 报表统计 (a district administrator)", () => {
  it("builds school × measures, shows the chart and table, saves the view, exports .xlsx", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN", acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, server.url, "quji", "Demo12345");
    await page.goto(`${server.url}/#/statistics`);
    await page.getByTestId("report-page").waitFor();
    await page.getByTestId("report-builder").waitFor();
    expect(await inputOf(page, "report-dim-school").isChecked()).toBe(true);
    // Region and school together are refused: 区域 is disabled while 学校 is ticked.
    expect(await inputOf(page, "report-dim-region").isDisabled()).toBe(true);
    await page.getByTestId("report-run").click();
    await page.getByTestId("report-chart").locator("canvas").waitFor();
    const row = page.getByTestId("report-table").locator("tbody tr").filter({ hasText: schoolName });
    await row.waitFor();
    const cells = await row.locator("td").allTextContents();
    // 学校, 录制课数, 分析课数, 听评课数, 平均评分
    expect(cells).toEqual([schoolName, "3", "0", "1", "90.00"]);
    const totals = await page.getByTestId("report-totals").locator("td").allTextContents();
    expect(totals).toEqual(["合计", "3", "0", "1", "90.00"]);
    await snap(page, "report-school-measures");

    await page.getByTestId("report-save").click();
    await inputOf(page, "report-name").fill("各校录制与听评（本学期）");
    await page.locator("#report-name-ok").click();
    await page.getByTestId("report-views").getByText("各校录制与听评（本学期）").waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("yanke.session") ?? "{}").token as string);
    const views = await server.call<ReportViewRow[]>(CALLS.reportViewList, {}, token);
    expect(views.data.find((v) => v.title === "各校录制与听评（本学期）")).toMatchObject({
      dimensions: ["school"],
      measures: ["recorded", "analysed", "evaluated", "score"],
      editable: true,
    });

    const download = page.waitForEvent("download");
    await page.getByTestId("report-export-xlsx").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^各校录制与听评（本学期）_\d{12}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("统计报表")!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(["学校", "录制课数", "分析课数", "听评课数", "平均评分"]);
    const found = ws.getRows(2, ws.rowCount - 1)!.find((r) => r.getCell(1).value === schoolName)!;
    expect((found.values as unknown[]).slice(1)).toEqual([schoolName, 3, 0, 1, 90]);

    // Time by month as a line chart: the saved view reopens the school table afterwards.
    await inputOf(page, "report-dim-school").uncheck();
    await inputOf(page, "report-dim-time").check();
    await page.getByTestId("report-run").click();
    await page.getByTestId("report-table").locator("thead").getByText("时间（按月）").waitFor();
    await page.getByTestId("report-chart-type").getByText("折线图").click();
    const types = async () => [...new Set((await chartSeries(page, "report-chart")).map((x) => x.type))];
    await expect.poll(types, { timeout: 10_000 }).toEqual(["line"]);
    await snap(page, "report-time-line");

    // Two dimensions (time × school): the schools become the series of the picked measure.
    await inputOf(page, "report-dim-school").check();
    await page.getByTestId("report-run").click();
    await page.getByTestId("report-table").locator("thead").getByText("学校").waitFor();
    await page.getByTestId("report-chart-type").getByText("柱状图").click();
    const firstRow = await page.getByTestId("report-table").locator("tbody tr.ant-table-row").first().locator("td").allTextContents();
    expect(firstRow.slice(0, 3)).toEqual([dayjs(termOf(dayjs()).from).format("YYYY-MM"), schoolName, "3"]);
    await expect.poll(types, { timeout: 10_000 }).toEqual(["bar"]);
    expect((await chartSeries(page, "report-chart")).map((x) => x.name)).toContain(schoolName);
    await snap(page, "report-two-dimensions");

    // PDF: the download starts with %PDF and is kept beside the screenshots.
    const pdf = page.waitForEvent("download");
    await page.getByTestId("report-export-pdf").click();
    const pdfFile = await pdf;
    const bytes = readFileSync((await pdfFile.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    await pdfFile.saveAs(path.join(ARTIFACTS, "report.pdf"));
    await context.close();
  });
});

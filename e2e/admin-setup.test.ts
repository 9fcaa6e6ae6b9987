import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, launchBrowser, signIn, snap } from "./support.js";

let server: TestServer;
let handle: BrowserHandle;

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer();
  handle = await launchBrowser();
});
afterAll(async () => {
  await handle?.close();
  await server?.close();
});

const input = (page: Page, id: string) => page.getByTestId(id).locator("input").or(page.getByTestId(id)).first();

async function choose(page: Page, selectTestId: string, text: string): Promise<void> {
  await page.getByTestId(selectTestId).click();
  // A Select lists options, a TreeSelect tree nodes: click the visible entry with that text.
  const option = page
    .locator(".ant-select-dropdown:visible")
    .locator(".ant-select-item-option, .ant-select-tree-node-content-wrapper")
    .filter({ hasText: text })
    .first();
  await option.waitFor();
  await option.click();
  // The choice is made once the dropdown has closed (clicking while it still animates open can miss).
  await expect.poll(() => page.locator(".ant-select-dropdown:visible").count()).toBe(0);
}

async function teacherWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("导入模板");
  ws.addRow(["账号*", "姓名*", "手机号", "学科", "职称", "入职年份", "初始密码"]);
  ws.addRow(["syzx_t1", "实验中学甲老师", "", "", "一级教师", 2018, "Teach12345"]);
  ws.addRow(["syzx_t2", "实验中学乙老师", "", "", "二级教师", 2021, ""]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.skipIf(!hasChromium)("browser: a district administrator sets up a new school", () => {
  it("school → period and grade → class → student → teachers by Excel, each listed", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
    const page = await context.newPage();
    await signIn(page, server.url, "quji", "Demo12345");

    // School
    await page.goto(`${server.url}/#/basic/school`);
    await page.getByTestId("school-page").waitFor();
    await page.getByTestId("school-add").click();
    await page.getByTestId("school-submit").click();
    await page.getByTestId("school-form").getByText("请输入学校名称").waitFor();
    await input(page, "school-form-name").fill("兴庆区实验中学");
    await choose(page, "school-form-region", "兴庆区");
    await page.getByTestId("school-submit").click();
    await page.getByTestId("school-form").waitFor({ state: "hidden" });
    await page.getByTestId("school-table").getByText("兴庆区实验中学").waitFor();
    await snap(page, "40-school-created");
    const created = (
      await server.services.schools.list(await server.services.accounts.subject((await server.services.accounts.byUsername("quji"))!.id), {
        page: 1,
        limit: 50,
        title: "兴庆区实验中学",
      })
    ).list[0];
    expect(created?.area_code).toBe("640104");

    // Period and grade
    await page.goto(`${server.url}/#/basic/period`);
    await page.getByTestId("period-page").waitFor();
    await page.getByTestId("period-add").click();
    await choose(page, "period-form-school", "兴庆区实验中学");
    await input(page, "period-form-name").fill("初中");
    await page.getByTestId("period-submit").click();
    await page.getByTestId("period-form").waitFor({ state: "hidden" });
    await choose(page, "period-search-school", "兴庆区实验中学");
    await page.getByTestId("period-search").click();
    await page.getByTestId("period-table").getByText("兴庆区实验中学").waitFor();
    await page.getByTestId("period-grades").first().click();
    const drawer = page.getByTestId("period-grades-drawer");
    await drawer.waitFor();
    await drawer.getByTestId("grade-add").click();
    await input(page, "grade-form-name").fill("七年级");
    await page.getByTestId("grade-submit").click();
    await drawer.getByText("七年级").waitFor();
    await snap(page, "41-period-grades");
    await page.keyboard.press("Escape");

    // Class
    await page.goto(`${server.url}/#/basic/class`);
    await page.getByTestId("class-page").waitFor();
    await page.getByTestId("class-add").click();
    await choose(page, "class-form-school", "兴庆区实验中学");
    await choose(page, "class-form-grade", "七年级");
    await input(page, "class-form-name").fill("1班");
    await input(page, "class-form-entry-year").fill("2026");
    await page.getByTestId("class-submit").click();
    await page.getByTestId("class-form").waitFor({ state: "hidden" });
    await choose(page, "class-search-school", "兴庆区实验中学");
    await page.getByTestId("class-search").click();
    await page.getByTestId("class-table").getByText("兴庆区实验中学").waitFor();
    expect(await page.getByTestId("class-table").getByTestId("class-row-name").allTextContents()).toEqual(["1班"]);

    // Student
    await page.goto(`${server.url}/#/basic/student`);
    await page.getByTestId("student-page").waitFor();
    await page.getByTestId("student-add").click();
    await choose(page, "student-form-school", "兴庆区实验中学");
    await choose(page, "student-form-class", "1班");
    await input(page, "student-form-name").fill("林晓雨");
    await input(page, "student-form-no").fill("SY2026001");
    await page.getByTestId("student-submit").click();
    await page.getByTestId("student-form").waitFor({ state: "hidden" });
    await choose(page, "student-search-school", "兴庆区实验中学");
    await page.getByTestId("student-search").click();
    await page.getByTestId("student-table").getByText("林晓雨").waitFor();
    await snap(page, "42-student-listed");

    // Teachers by Excel
    await page.goto(`${server.url}/#/basic/teacher`);
    await page.getByTestId("teacher-page").waitFor();
    await page.getByTestId("teacher-import").click();
    await page.getByTestId("import-modal").waitFor();
    await choose(page, "import-school", "兴庆区实验中学");
    await page
      .getByTestId("import-file")
      .locator("input[type=file]")
      .or(page.locator('[data-testid="import-modal"] input[type=file]'))
      .first()
      .setInputFiles({
        name: "教师.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: await teacherWorkbook(),
      });
    await page.getByTestId("import-submit").click();
    const report = page.getByTestId("import-report");
    await report.waitFor();
    expect(await report.getAttribute("data-imported")).toBe("2");
    await snap(page, "43-teacher-import");
    await page.getByTestId("import-close").click();
    await choose(page, "teacher-search-school", "兴庆区实验中学");
    await page.getByTestId("teacher-search").click();
    await page.getByTestId("teacher-table").getByText("实验中学甲老师").waitFor();
    await page.getByTestId("teacher-table").getByText("实验中学乙老师").waitFor();
    await snap(page, "44-teachers-listed");

    // A storage quota for the new school
    await page.goto(`${server.url}/#/basic/storage`);
    const children = page.getByTestId("storage-children");
    await children.waitFor();
    await children.locator("tr", { hasText: "兴庆区实验中学" }).getByTestId("quota-set").click();
    await input(page, "quota-size").fill("50");
    await choose(page, "quota-unit", "GB");
    await page.getByTestId("quota-submit").click();
    await expect
      .poll(async () => (await server.services.quota.ownSpace((await server.services.accounts.byUsername("syzx_t1"))!.id)).school?.quota_bytes)
      .toBe(50 * 1024 ** 3);
    await snap(page, "45-school-quota");
    await context.close();
  });
  it("the local teacher roster: register a teacher, sync it into an account, find it listed", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
    const page = await context.newPage();
    await signIn(page, server.url, "quji", "Demo12345");

    await page.goto(`${server.url}/#/basic/teacher`);
    await page.getByTestId("teacher-page").waitFor();
    await page.getByTestId("teacher-roster").click();
    await page.getByTestId("roster-table").getByText("陈静").waitFor();
    await page.getByTestId("roster-add").click();
    await input(page, "roster-account").fill("hanmei");
    await input(page, "roster-name").fill("韩梅");
    await input(page, "roster-code").fill("640104001");
    await input(page, "roster-subject").fill("音乐");
    await input(page, "roster-password").fill("Roster123");
    await page.getByTestId("roster-form-submit").click();
    await page.getByTestId("roster-table").getByText("韩梅").waitFor();
    await snap(page, "46-roster");
    await page.locator(".ant-drawer-close").click();
    await expect.poll(() => page.getByTestId("roster-table").count()).toBe(0);

    await page.getByTestId("teacher-sync").click();
    await input(page, "teacher-sync-code").fill("640104001");
    await page.getByTestId("teacher-sync-submit").click();
    const report = page.getByTestId("teacher-sync-report");
    await report.waitFor();
    expect(Number(await report.getAttribute("data-created"))).toBeGreaterThanOrEqual(1);
    await report.getByText("韩梅").waitFor();
    await snap(page, "47-roster-synced");
    await page.getByTestId("teacher-sync-close").click();

    await input(page, "teacher-search-keyword").fill("韩梅");
    await page.getByTestId("teacher-search").click();
    await page.getByTestId("teacher-table").getByText("韩梅").waitFor();
    const acct = await server.services.accounts.byUsername("hanmei");
    expect(acct?.es_account_id).toMatch(/^local-\d+$/);
    await context.close();
  });
});

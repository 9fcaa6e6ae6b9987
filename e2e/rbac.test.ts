import { CALLS, type MenuNode } from "@yanke/protocol";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN_PASSWORD, TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, launchBrowser, sessionToken, snap, signIn } from "./support.js";

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

const at = (page: Page) => new URL(page.url()).hash.replace(/^#/, "");
const input = (page: Page, id: string) => page.getByTestId(id).locator("input").or(page.getByTestId(id)).first();

const login = (page: Page, username: string, password: string) => signIn(page, server.url, username, password);

async function newPage(): Promise<Page> {
  const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
  return context.newPage();
}

async function chooseOption(page: Page, selectTestId: string, text: string): Promise<void> {
  await page.getByTestId(selectTestId).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: text }).first().click();
}

/** Titles of the side menu's entries (groups and items, expanded or not). */
const sidebarTitles = (page: Page) => page.getByTestId("sidebar").getByTestId("menu-item").allTextContents();

describe.skipIf(!hasChromium)("browser: permissions, tabs and switchers", () => {
  it("a teacher and an administrator see different mode tabs and menus", async () => {
    const adminPage = await newPage();
    await login(adminPage, "admin", TEST_ADMIN_PASSWORD);
    await adminPage.getByTestId("mode-tabs").waitFor();
    const adminTabs = await adminPage.getByTestId("mode-tab").evaluateAll((els) => els.map((e) => e.getAttribute("data-mode")));
    expect(adminTabs).toEqual(["4", "5", "1", "2", "3"]);
    await adminPage.locator('[data-testid="mode-tab"][data-mode="3"]').click();
    await expect.poll(() => sidebarTitles(adminPage)).toEqual(expect.arrayContaining(["基础管理", "权限管理"]));
    expect(await sidebarTitles(adminPage)).not.toContain("个人中心");
    await snap(adminPage, "30-admin-tab-basic");
    await adminPage.locator('[data-testid="mode-tab"][data-mode="4"]').click();
    await expect.poll(() => sidebarTitles(adminPage)).toContain("个人中心");
    expect(await sidebarTitles(adminPage)).not.toContain("权限管理");
    await adminPage.context().close();

    const teacherPage = await newPage();
    await login(teacherPage, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await teacherPage.goto(`${server.url}/#/personalCenter/personalSettings`);
    await teacherPage.getByTestId("mode-tabs").waitFor();
    const teacherTabs = await teacherPage.getByTestId("mode-tab").evaluateAll((els) => els.map((e) => e.getAttribute("data-mode")));
    expect(teacherTabs).toEqual(["4"]);
    expect(await sidebarTitles(teacherPage)).not.toContain("基础管理");
    // The server refuses what the menu hides.
    expect((await server.call(CALLS.accountList, {}, await sessionToken(teacherPage))).code).toBe(403);
    await teacherPage.context().close();
  });

  it("switching period reloads the route; switching school stores the identity and reloads at the root", async () => {
    const page = await newPage();
    await login(page, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/personalCenter/personalSettings`);
    await page.getByTestId("period-switcher").waitFor();
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem("yanke.session") ?? "{}") as { school_id?: number; period_id?: number });
    const before = await stored();
    await chooseOption(page, "period-switcher", "高中");
    await expect.poll(async () => (await stored()).period_id).not.toBe(before.period_id);
    await expect.poll(() => at(page)).toBe("/personalCenter/personalSettings");
    await snap(page, "31-period-switched");

    const two = (await server.services.accounts.byUsername("zhaolaoshi"))!.school_id;
    await chooseOption(page, "school-switcher", "银川市第二中学");
    await page.waitForURL((u) => u.pathname === "/" && u.hash !== "#/personalCenter/personalSettings", { timeout: 10_000 });
    await expect.poll(async () => (await stored()).school_id).toBe(two);
    await page.goto(`${server.url}/#/personalCenter/personalSettings`);
    await expect.poll(() => page.getByTestId("school-switcher").innerText()).toContain("银川市第二中学");
    await page.context().close();
  });

  it("admin builds a role with one menu, creates an account in it; that account sees exactly that menu", async () => {
    const page = await newPage();
    await login(page, "admin", TEST_ADMIN_PASSWORD);
    await page.goto(`${server.url}/#/permission/role`);
    await page.getByTestId("role-page").waitFor();
    await page.getByTestId("role-add").click();
    await input(page, "role-form-title").fill("学校信息员");
    const schoolRule = (await server.services.rbac.ruleTree()).flatMap((n) => [n, ...n.subnode]).find((n) => n.name === "SchoolManage")!;
    const tree = page.getByTestId("rule-tree");
    await tree.waitFor();
    await page.getByTestId("rule-tree-expand").click();
    await page.locator(`.ant-tree-treenode:has([data-testid="rule-node"][data-rule="${schoolRule.id}"]) .ant-tree-checkbox`).first().click();
    await snap(page, "32-role-form");
    await page.getByTestId("role-submit").click();
    await page.getByTestId("role-table").getByText("学校信息员").waitFor();

    await page.goto(`${server.url}/#/permission/account`);
    await page.getByTestId("account-page").waitFor();
    await page.getByTestId("account-add").click();
    await input(page, "account-form-username").fill("xinxiyuan");
    await input(page, "account-form-realname").fill("信息员");
    await chooseOption(page, "account-form-role", "学校信息员");
    await input(page, "account-form-password").fill("Info12345");
    await input(page, "account-form-password-confirmation").fill("Info12345");
    await snap(page, "33-account-form");
    await page.getByTestId("account-form-submit").click();
    await page.getByTestId("account-table").getByText("xinxiyuan").waitFor();
    await page.getByTestId("account-form").waitFor({ state: "hidden" });
    await snap(page, "34-account-list");
    await page.context().close();

    const mine = await newPage();
    await login(mine, "xinxiyuan", "Info12345");
    await mine.goto(`${server.url}/#/basic/school`);
    await mine.getByTestId("sidebar").waitFor();
    await expect.poll(() => sidebarTitles(mine)).toEqual(["学校管理"]);
    const menu = await server.call<MenuNode[]>(CALLS.menuTree, {}, await sessionToken(mine));
    expect(menu.data.map((m) => m.name)).toEqual(["BasicManage"]);
    expect(menu.data[0]!.subnode.map((m) => m.name)).toEqual(["SchoolManage"]);
    // The route-change overlay (c058) closes by itself.
    await expect.poll(() => mine.getByTestId("route-loading").count()).toBe(0);
    await snap(mine, "35-new-account-menu");
    await mine.goto(`${server.url}/#/permission/account`);
    await expect.poll(() => at(mine)).not.toBe("/permission/account");
    await mine.context().close();
  });
});

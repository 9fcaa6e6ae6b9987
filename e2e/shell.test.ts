import { CALLS, type SessionInfo } from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN_PASSWORD, TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, launchBrowser, sessionToken, snap } from "./support.js";

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

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
  const page = await context.newPage();
  return { context, page };
}

const at = (page: Page) => new URL(page.url()).hash.replace(/^#/, "");

async function login(page: Page, username = "admin", password = TEST_ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${server.url}/#/login`);
  await page.getByTestId("login-username").locator("input").or(page.getByTestId("login-username")).first().fill(username);
  await page.getByTestId("login-password").locator("input").or(page.getByTestId("login-password")).first().fill(password);
  await page.getByTestId("login-submit").click();
}

describe.skipIf(!hasChromium)("browser: login, shell, tags, logout", () => {
  it("a guarded route warns '请登录后查看！！！' and goes to the Chinese login page", async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/#/dashboard`);
    await expect.poll(() => at(page)).toBe("/login");
    await page.getByText("请登录后查看！！！").waitFor();
    await page.getByTestId("login-form").waitFor();
    expect(await page.getByTestId("login-sso").count()).toBe(0);
    await snap(page, "01-login");
    await context.close();
  });

  it("a wrong password shows the server's message and stays on login", async () => {
    const { context, page } = await newPage();
    await login(page, "admin", "wrong-password1");
    await page.getByText("账号或密码错误").first().waitFor();
    expect(at(page)).toBe("/login");
    expect(await sessionToken(page)).toBe("");
    await context.close();
  });

  it("admin logs in and sees the shell: sidebar from the server menu, breadcrumb, user name, tags", async () => {
    const { context, page } = await newPage();
    await login(page);
    await page.getByTestId("app-shell").waitFor();
    expect(at(page)).toBe("/dashboard");
    const sidebar = page.getByTestId("sidebar");
    await sidebar.getByText("基础管理").waitFor();
    // Version suffixes are cut: "应用管理2_0" shows as 应用管理.
    await sidebar.getByText("权限管理").click();
    await sidebar.getByText("应用管理", { exact: true }).waitFor();
    expect(await sidebar.getByText("应用管理2_0").count()).toBe(0);
    await page.getByTestId("breadcrumb").getByText("首页").waitFor();
    await page.getByTestId("user-dropdown").getByText("管理员").waitFor();
    expect(await page.title()).toContain("工作台");
    await snap(page, "02-shell");
    const t = await sessionToken(page);
    expect(t.length).toBeGreaterThan(30);
    expect((await server.call(CALLS.menuTree, {}, t)).code).toBe(200);
    await context.close();
  });

  it("the tags strip keeps visited views; its 105 px context menu closes others and all but the affixed tag", async () => {
    const { context, page } = await newPage();
    await login(page);
    await page.getByTestId("app-shell").waitFor();
    const sidebar = page.getByTestId("sidebar");
    await sidebar.getByText("基础管理").click();
    await sidebar.getByText("学校管理").click();
    await expect.poll(() => at(page)).toBe("/basic/school");
    await sidebar.getByText("班级管理").click();
    await expect.poll(() => at(page)).toBe("/basic/class");
    await sidebar.getByText("学段管理").click();
    await expect.poll(() => at(page)).toBe("/basic/period");
    const tags = page.getByTestId("tags-strip").getByTestId("tag");
    await expect.poll(() => tags.count()).toBeGreaterThanOrEqual(4);
    const paths = await tags.evaluateAll((els) => els.map((e) => e.getAttribute("data-path")));
    expect(paths).toEqual(expect.arrayContaining(["/basic/school", "/basic/class", "/basic/period"]));

    await page.locator('[data-testid="tag"][data-path="/basic/class"]').click({ button: "right" });
    const menu = page.getByTestId("tags-context-menu");
    await menu.waitFor();
    expect(Math.round((await menu.boundingBox())?.width ?? 0)).toBe(105);
    for (const label of ["刷新", "关闭", "关闭其他", "关闭所有"]) await menu.getByText(label, { exact: true }).waitFor();
    await snap(page, "03-tags-menu");
    await page.getByTestId("tags-menu-close-others").click();
    await expect.poll(() => tags.evaluateAll((els) => els.map((e) => e.getAttribute("data-path")))).not.toContain("/basic/school");
    const left = await tags.evaluateAll((els) => els.map((e) => [e.getAttribute("data-path"), e.getAttribute("data-affix")]));
    expect(left.map((l) => l[0])).toContain("/basic/class");
    expect(left.map((l) => l[0])).not.toContain("/basic/period");

    await page.locator('[data-testid="tag"][data-path="/basic/class"]').click({ button: "right" });
    await page.getByTestId("tags-menu-close-all").click();
    await expect.poll(async () => (await tags.evaluateAll((els) => els.map((e) => e.getAttribute("data-affix")))).every((a) => a === "1")).toBe(true);
    expect(await tags.evaluateAll((els) => els.map((e) => e.getAttribute("data-path")))).toEqual(["/dashboard"]);
    await expect.poll(() => at(page)).toBe("/dashboard");
    await context.close();
  });

  it("unknown paths show the 404 page; a personal-centre path outside the user's menu goes to /404", async () => {
    const { context, page } = await newPage();
    await login(page, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await expect.poll(() => at(page)).toBe("/foreground");
    await page.goto(`${server.url}/#/no/such/page`);
    await page.getByTestId("not-found").waitFor();
    // A personal-centre path the teacher's menu does not hold (his menu has 我的收藏 and the rest of the centre).
    await page.goto(`${server.url}/#/personalCenter/teachingStatistics`);
    await expect.poll(() => at(page)).toBe("/404");
    await page.goto(`${server.url}/#/personalCenter/personalSettings`);
    await page.getByTestId("personal-settings").waitFor();
    // The demo teacher's profile is complete (§3 completeness, from the login answer).
    expect(await page.getByTestId("profile-completeness").getAttribute("data-complete")).toBe("1");
    await snap(page, "04-personal-settings");
    await context.close();
  });

  it("the public front site needs no login, its teaching activities do", async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/#/foreground`);
    await page.getByTestId("front-nav").waitFor();
    await page.getByTestId("front-login-link").waitFor();
    await snap(page, "05-foreground-anonymous");
    await page.goto(`${server.url}/#/foreground/courseResource`);
    await page.getByTestId("front-nav").waitFor();
    expect(at(page)).toBe("/foreground/courseResource");
    await page.goto(`${server.url}/#/foreground/teachEvents`);
    await expect.poll(() => at(page)).toBe("/login");
    await page.getByText("请登录后查看！！！").waitFor();
    await context.close();
  });

  it("logout runs the host-code record and pushallrtmp release first, then /middle/logout, and clears the session", async () => {
    const { context, page } = await newPage();
    const calls: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") calls.push(new URL(r.url()).pathname);
    });
    // The device routes arrive with #6: answer them here as that server will.
    await page.route("**/middle/machine/**", (route) => route.fulfill({ json: { code: 200, msg: "操作成功", data: null } }));
    await login(page);
    await page.getByTestId("app-shell").waitFor();
    const t = await sessionToken(page);
    await page.evaluate(() => {
      localStorage.setItem("host_code", "HC-001");
      localStorage.setItem("pushallrtmp_code", "PR-001");
    });
    calls.length = 0;
    await page.getByTestId("user-dropdown").click();
    await page.getByTestId("menu-logout").click();
    await expect.poll(() => at(page)).toBe("/login");
    // Only the logout's own calls, in order (a dashboard card still loading may post in between on a busy machine).
    expect(calls.filter((p) => p.startsWith("/middle/machine/") || p === CALLS.logout)).toEqual([CALLS.hostCodeRecord, CALLS.stopAllRtmp, CALLS.logout]);
    expect(await page.evaluate(() => [localStorage.getItem("host_code"), localStorage.getItem("pushallrtmp_code")])).toEqual([null, null]);
    expect(await sessionToken(page)).toBe("");
    expect((await server.call(CALLS.menuTree, {}, t)).code).toBe(1025);
    await context.close();
  });

  it("changing the password: validation, '修改成功', logout; the old password no longer works", async () => {
    const { context, page } = await newPage();
    await login(page, "lilaoshi", TEST_TEACHER_PASSWORD);
    await expect.poll(() => at(page)).toBe("/foreground");
    // Teachers reach the shell through their personal centre.
    await page.goto(`${server.url}/#/personalCenter/personalSettings`);
    await page.getByTestId("user-dropdown").click();
    await page.getByTestId("menu-change-password").click();
    const dialog = page.getByTestId("change-password-dialog");
    await dialog.waitFor();
    expect(await page.getByTestId("cp-username").locator("input").or(page.getByTestId("cp-username")).first().isDisabled()).toBe(true);
    await page.getByTestId("cp-submit").click();
    await dialog.getByText("请输入旧密码").waitFor();
    await page.getByTestId("cp-old").locator("input").or(page.getByTestId("cp-old")).first().fill(TEST_TEACHER_PASSWORD);
    await page.getByTestId("cp-new").locator("input").or(page.getByTestId("cp-new")).first().fill("Changed123");
    await page.getByTestId("cp-confirm").locator("input").or(page.getByTestId("cp-confirm")).first().fill("Changed124");
    await page.getByTestId("cp-submit").click();
    await dialog.getByText("两次输入的新密码不一致").waitFor();
    await snap(page, "06-change-password");
    await page.getByTestId("cp-confirm").locator("input").or(page.getByTestId("cp-confirm")).first().fill("Changed123");
    await page.getByTestId("cp-submit").click();
    await page.getByText("修改成功").first().waitFor();
    await expect.poll(() => at(page)).toBe("/login");
    expect((await server.call(CALLS.login, { username: "lilaoshi", password: TEST_TEACHER_PASSWORD })).code).toBe(400);
    expect((await server.call(CALLS.login, { username: "lilaoshi", password: "Changed123" })).code).toBe(200);
    await context.close();
  });

  it("a session ended elsewhere (1028) returns to login and shows the server's message", async () => {
    const { context, page } = await newPage();
    await login(page, "wanglaoshi", TEST_TEACHER_PASSWORD);
    await expect.poll(() => at(page)).toBe("/foreground");
    const other = await server.call<SessionInfo>(CALLS.login, { username: "wanglaoshi", password: TEST_TEACHER_PASSWORD });
    const changed = await server.call(
      CALLS.changePassword,
      { old_password: TEST_TEACHER_PASSWORD, password: "Elsewhere123", password_confirmation: "Elsewhere123" },
      other.data.token,
    );
    expect(changed.code).toBe(200);
    // Any call of the page now answers 1028.
    await page.goto(`${server.url}/#/personalCenter/personalSettings`);
    await page.reload();
    await page.getByText("密码已修改，请重新登录").first().waitFor();
    await expect.poll(() => at(page)).toBe("/login");
    expect(await sessionToken(page)).toBe("");
    await snap(page, "07-session-ended");
    await context.close();
  });
});

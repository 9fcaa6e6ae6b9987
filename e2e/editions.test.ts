import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, launchBrowser, snap } from "./support.js";

let handle: BrowserHandle;
let foreground: TestServer;
let ningxia: TestServer;

beforeAll(async () => {
  if (!hasChromium) return;
  [foreground, ningxia] = await Promise.all([
    startTestServer({ FULL_SCREEN_PATHS: "/basic/student" }),
    startTestServer({ EDITION: "NINGXIA", HISTORY_MODE: "1" }),
  ]);
  handle = await launchBrowser();
});
afterAll(async () => {
  await handle?.close();
  await foreground?.close();
  await ningxia?.close();
});

async function loginAt(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId("login-username").locator("input").or(page.getByTestId("login-username")).first().fill("admin");
  await page.getByTestId("login-password").locator("input").or(page.getByTestId("login-password")).first().fill(TEST_ADMIN_PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.getByTestId("app-shell").waitFor();
}

describe.skipIf(!hasChromium)("browser: shell options and editions", () => {
  it("only the view named IndicatorManage keeps its state when hidden", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await loginAt(page, `${foreground.url}/#/login`);
    // A kept-alive view stays in the page, hidden: always talk to the visible one. 听课指标管理's scheme search box
    // against 软件版本's.
    const indicatorSearch = page.locator('[data-testid="indicator-search"]:visible input, input[data-testid="indicator-search"]:visible').first();
    const versionSearch = page.locator('[data-testid="software-search-keyword"]:visible input, input[data-testid="software-search-keyword"]:visible').first();

    await page.goto(`${foreground.url}/#/research/indicator`);
    await page.getByTestId("indicator-page").waitFor();
    await indicatorSearch.fill("听课指标-已输入");
    await page.goto(`${foreground.url}/#/platform/version`);
    await versionSearch.fill("软件版本-已输入");
    await page.goto(`${foreground.url}/#/research/indicator`);
    await expect.poll(() => indicatorSearch.inputValue()).toBe("听课指标-已输入");
    // One page of the view, not a second copy: the hidden one came back.
    expect(await page.getByTestId("indicator-page").count()).toBe(1);
    await page.goto(`${foreground.url}/#/platform/version`);
    await expect.poll(() => versionSearch.inputValue()).toBe("");
    await context.close();
  });

  it("a configured full-screen path shows only the content", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await loginAt(page, `${foreground.url}/#/login`);
    await page.goto(`${foreground.url}/#/basic/student`);
    await page.getByTestId("fullscreen-main").waitFor();
    expect(await page.getByTestId("sidebar").count()).toBe(0);
    expect(await page.getByTestId("topbar").count()).toBe(0);
    await page.goto(`${foreground.url}/#/basic/school`);
    await page.getByTestId("sidebar").waitFor();
    await context.close();
  });

  it("Internet Explorer users see the browser notice", async () => {
    const context = await handle.browser.newContext({ userAgent: "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko" });
    const page = await context.newPage();
    await page.goto(`${foreground.url}/#/login`);
    const notice = page.getByTestId("ie-notice");
    await notice.waitFor();
    for (const name of ["Chrome", "Firefox", "Edge"]) expect(await notice.textContent()).toContain(name);
    await context.close();
  });

  it("EDITION=NINGXIA with history mode: path URLs, the public community blog, guarded community pages", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${ningxia.url}/blog`);
    await page.waitForLoadState("networkidle");
    expect(new URL(page.url()).pathname).toBe("/blog");
    expect(new URL(page.url()).hash).toBe("");
    await snap(page, "20-ningxia-blog");
    await page.goto(`${ningxia.url}/community/member`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    await page.getByText("请登录后查看！！！").waitFor();
    await loginAt(page, `${ningxia.url}/login`);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await page.goto(`${ningxia.url}/NX/personalCenter/personalSettings`);
    await page.getByTestId("personal-settings").waitFor();
    await context.close();
  });
});

import { CALLS, type BaseVideoAnswer, type Page as ListPage, type VideoRow } from "@yanke/protocol";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { h264Mp4 } from "../apps/server/test/media-fixtures.js";
import { polling } from "../apps/server/test/poll.js";
import { type BrowserHandle, hasChromium, hashRoute, inputOf, launchBrowser, okOf, signIn, snap } from "./support.js";

/**
 * #6 我的视频 and the dashboard's 视频概况 in Chromium: a teacher uploads a generated H.264 MP4 through the page (resumable
 * upload, then /v2/my_video/save), its card appears with the wire's count, search by name, rename, share, and it plays
 * in /playVideo; a school administrator's home shows totals equal to what /middle/board/baseVideo answers.
 */

let server: TestServer;
let handle: BrowserHandle;
let teacher = "";
let admin = "";

const ok = okOf(() => server);
const mine = (search_name?: string) => ok<ListPage<VideoRow>>(CALLS.myVideoAll, { page: 1, limit: 100, ...(search_name ? { search_name } : {}) }, teacher);

const { untilTrue } = polling({ every: 150 });

const search = (page: Page) => page.getByTestId("my-video-search").locator("input");
async function choose(page: Page, selectTestId: string, text: string): Promise<string> {
  await page.getByTestId(selectTestId).click();
  const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: text }).first();
  await option.waitFor();
  const label = (await option.textContent()) ?? "";
  await option.click();
  await untilTrue("the list closed", async () => (await page.locator(".ant-select-dropdown:visible").count()) === 0, 5_000);
  return label;
}
const shown = async (page: Page) => Number((await page.getByTestId("my-video-total").textContent()) ?? "-1");
const cardNames = (page: Page) => page.getByTestId("my-video-name").allTextContents();

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer();
  handle = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
  teacher = (await server.login("zhanglaoshi", TEST_TEACHER_PASSWORD)).token;
  admin = (await server.login("xiaoji", "Demo12345")).token;
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: 我的视频 and 视频概况 (#6)", () => {
  let videoId = 0;

  it("a teacher uploads a video through 我的视频, finds it by name, renames it, shares it and plays it", async () => {
    const file = await h264Mp4(6, "640x360");
    const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
    const page = await context.newPage();
    await signIn(page, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/personalCenter/myVideo`);
    await page.getByTestId("my-video-page").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe("我的视频");
    const before = (await mine()).total;
    await untilTrue("the count", async () => (await page.getByTestId("my-video-total").count()) > 0);
    expect(await shown(page)).toBe(before);
    if (before === 0) await page.getByTestId("my-video-empty").waitFor();

    // Upload through the dialog: the disclaimer, a name, the file; progress, then the card.
    await page.getByTestId("my-video-upload").click();
    const dialog = page.getByTestId("my-video-upload-dialog");
    await dialog.getByTestId("upload-disclaimer").waitFor();
    await inputOf(page, "my-video-upload-name").fill("勾股定理复习课");
    await dialog.getByTestId("upload-disclaimer").locator("input").check();
    await snap(page, "70-my-video-upload-dialog");
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByTestId("chunked-uploader").getByRole("button").first().click();
    await (await chooser).setFiles(file);
    await page.getByTestId("my-video-grid").getByText("勾股定理复习课").waitFor({ timeout: 30_000 });
    expect(await dialog.isVisible()).toBe(false);

    const after = await mine();
    expect(after.total).toBe(before + 1);
    const row = after.list.find((v) => v.name === "勾股定理复习课")!;
    expect(row.source).toBe("upload");
    videoId = row.id;
    await untilTrue("the new count", async () => (await shown(page)) === after.total);
    const card = page.locator(`[data-testid=my-video-card][data-video-id="${videoId}"]`);
    expect(await card.getByTestId("my-video-source").textContent()).toBe("上传");
    // Processed on the server; the page reads the list again while a card is 处理中 and then shows its picture.
    await untilTrue("processed", async () => (await card.getAttribute("data-status")) === "ready", 60_000);
    const ready = (await mine()).list.find((v) => v.id === videoId)!;
    expect(ready.status).toBe("ready");
    await card.getByTestId("my-video-thumb").waitFor();
    expect(await card.getByTestId("my-video-thumb").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await card.getByTestId("my-video-duration").textContent()).toMatch(/^00:0[56]$|^0:0[56]$/);
    expect(await card.getByTestId("my-video-cameras").textContent()).toBe("单机位");
    await snap(page, "71-my-video-grid");

    // Search by name: the cards and the count are the wire's answer for that name; a name nobody used: the empty state.
    await search(page).fill("勾股");
    await search(page).press("Enter");
    const found = await mine("勾股");
    await untilTrue("the search", async () => (await shown(page)) === found.total && (await cardNames(page)).length === found.list.length);
    expect((await cardNames(page)).sort()).toEqual(found.list.map((v) => v.name).sort());
    await search(page).fill("不存在的视频名称");
    await search(page).press("Enter");
    await page.getByTestId("my-video-empty").waitFor();
    expect(await shown(page)).toBe(0);
    await search(page).fill("勾股");
    await search(page).press("Enter");
    await card.waitFor();

    // Edit: an empty name is refused in Chinese; a new name, a period and a subject of it are saved over the wire.
    await card.getByTestId("my-video-rename").click();
    await inputOf(page, "my-video-rename-input").fill("  ");
    const save = page
      .getByRole("button", { name: "保 存" })
      .or(page.getByRole("button", { name: "保存" }))
      .first();
    await save.click();
    await page.getByText("请输入视频名称").waitFor();
    await inputOf(page, "my-video-rename-input").fill("勾股定理复习课（修订）");
    const period = await choose(page, "my-video-edit-period", "初中");
    const subject = await choose(page, "my-video-edit-subject", "数学");
    await snap(page, "72-my-video-edit");
    await inputOf(page, "my-video-rename-input").press("Enter");
    await card.getByTestId("my-video-name").getByText("勾股定理复习课（修订）").waitFor();
    const edited = await ok<VideoRow>(CALLS.myVideoRead, { id: videoId }, teacher);
    expect(edited.name).toBe("勾股定理复习课（修订）");
    expect([edited.period_name, edited.subject_name]).toEqual([period, subject]);
    await card.getByText(subject).waitFor();

    // Share: the link to /videoSharing and its QR code.
    await card.getByTestId("my-video-share").click();
    const share = page.getByTestId("my-video-share-dialog");
    await share.waitFor();
    const link = (await page.getByTestId("my-video-share-link").textContent()) ?? "";
    expect(link).toContain(`#/videoSharing?id=${videoId}&token=`);
    expect(await share.locator("canvas, svg").count()).toBeGreaterThan(0);
    await snap(page, "73-my-video-share");
    await page
      .getByRole("button", { name: "关 闭" })
      .or(page.getByRole("button", { name: "关闭" }))
      .first()
      .click();
    await share.waitFor({ state: "detached" });

    // The card opens the player, which plays.
    await card.getByTestId("my-video-open").click();
    await untilTrue("the player", async () => hashRoute(page) === `/playVideo?id=${videoId}`);
    await page.getByTestId("play-video-page").waitFor();
    const V = "[data-testid=vod-video]";
    await untilTrue("loaded", async () => (await page.locator(V).evaluate((v: HTMLVideoElement) => v.readyState)) >= 2);
    await page.getByTestId("vod-play").click();
    await untilTrue("2 s played", async () => (await page.locator(V).evaluate((v: HTMLVideoElement) => v.currentTime)) > 2, 20_000);
    expect(await page.getByTestId("page-title").textContent()).toBe("勾股定理复习课（修订）");
    await snap(page, "74-my-video-player");
    await context.close();
  });

  it("a school administrator's home shows 视频概况 with the totals the wire answers", async () => {
    const answer = await ok<BaseVideoAnswer>(CALLS.baseVideo, { days: 30 }, admin);
    // The teacher's video above is in this school: the numbers are not all zeros.
    expect(answer.totals.videos).toBeGreaterThanOrEqual(1);
    expect(answer.days).toHaveLength(30);
    const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
    const page = await context.newPage();
    await signIn(page, server.url, "xiaoji", "Demo12345");
    await page.goto(`${server.url}/#/dashboard`);
    await page.getByTestId("admin-home").waitFor();
    const box = page.getByTestId("base-video-card");
    await box.getByTestId("base-video-days").locator("canvas").waitFor();
    for (const key of ["videos", "recordings", "minutes", "devices", "live_devices"] as const) {
      const cell = box.getByTestId(`base-video-${key}`);
      expect(Number(await cell.getAttribute("data-value")), key).toBe(answer.totals[key]);
      expect((await cell.locator(".ant-statistic-content-value").textContent())?.replace(/,/g, ""), key).toBe(String(answer.totals[key]));
    }
    expect(await box.getByText("时长(分钟)").count()).toBeGreaterThan(0);
    await box.getByTestId("base-video-schools").locator("canvas").waitFor();
    await snap(page, "75-base-video-dashboard");
    await context.close();
  });
});

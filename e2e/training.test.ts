import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { CALLS, type Page as PageOf, type TrainingEnrolList, type TrainingRow, type VideoRow } from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../apps/server/src/db/bootstrap.js";
import { TMP_DIR } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { until } from "../apps/server/test/poll.js";
import { type BrowserHandle, hasChromium, launchBrowser, okOf, signIn, snap, upload } from "./support.js";

/**
 * #12 training in Chromium: the school administrator creates a programme, adds a lesson video from the picker and
 * publishes it; a teacher enrols from 我的培训 and plays the video on the study page (heartbeats reach the server);
 * the administrator sees the teacher's progress in 学员进度. Screenshots: the editor (1440), the study page (1440, 375).
 */

const run = promisify(execFile);
let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
let admin = "";
let work = "";
let video: VideoRow;
let trainingId = 0;
const TITLE = "浏览器测试：课堂提问的艺术";
const ok = okOf(() => server);

async function signOut(): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/#/login`);
  await page.reload();
}

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync(TMP_DIR, { recursive: true });
  work = mkdtempSync(path.join(TMP_DIR, "e2e-training-"));
  server = await startTestServer();
  handle = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
  context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
  page = await context.newPage();
  const zhang = (await server.login("zhanglaoshi", DEMO_TEACHER_PASSWORD)).token;
  admin = (await server.login("xiaoji", DEMO_ADMIN_PASSWORD)).token;
  const file = path.join(work, "lesson.mp4");
  await run(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=320x180:rate=15",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440",
      "-t",
      "30",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      file,
    ],
    { timeout: 120_000 },
  );
  const up = await upload(server, zhang, file, "video", "春-示范课.mp4");
  const saved = await ok<VideoRow>(CALLS.myVideoSave, { file_id: up.id, name: "《春》示范课" }, zhang);
  const guide = path.join(work, "guide.txt");
  writeFileSync(guide, "课堂提问指南\n\n一、问题要有层次：由浅入深。\n二、留足等待时间：3–5 秒。\n三、追问与转问：让更多学生参与。\n", "utf8");
  await upload(server, admin, guide, "any", "课堂提问指南.txt");
  video = await until(
    "the video processed",
    () => ok<VideoRow>(CALLS.myVideoRead, { id: saved.id }, zhang),
    (v) => v.status !== "processing",
    60_000,
  );
}, 180_000);

afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)("browser: training programmes (#12)", () => {
  it("the administrator creates a programme, adds a video from the picker and publishes it", async () => {
    expect(video.status, video.error).toBe("ready");
    await signIn(page, server.url, "xiaoji", DEMO_ADMIN_PASSWORD);
    await page.goto(`${server.url}/#/training`);
    await page.getByTestId("TrainingManagePage").waitFor();
    await page.getByTestId("training-create").click();
    await page.getByTestId("training-title").fill(TITLE);
    await page.getByTestId("training-form-save").click();
    await page.getByTestId("training-add-video").waitFor();
    await page.getByTestId("training-add-video").click();
    const picker = page.getByTestId("training-video-table");
    await picker.locator("tr.ant-table-row", { hasText: "《春》示范课" }).locator("input[type=checkbox]").check();
    await page.getByTestId("training-video-ok").click();
    await page.getByTestId("training-items").locator("tr.ant-table-row", { hasText: "《春》示范课" }).waitFor();
    // A document from 我的文件 (uploaded beforehand through the wire).
    await page.getByTestId("training-pick-doc").click();
    await page.getByTestId("training-doc-table").locator("tr.ant-table-row", { hasText: "课堂提问指南" }).locator("input[type=checkbox]").check();
    await page.getByTestId("training-doc-ok").click();
    await page.getByTestId("training-items").locator("tr.ant-table-row", { hasText: "课堂提问指南" }).waitFor();
    await page
      .locator(".ant-message-notice")
      .first()
      .waitFor({ state: "detached", timeout: 10_000 })
      .catch(() => undefined);
    await expect.poll(() => page.locator(".ant-zoom-leave, .ant-fade-leave").count()).toBe(0);
    await snap(page, "training-editor-1440");
    await page.getByTestId("training-publish").click();
    await page
      .locator(".ant-modal-confirm")
      .getByRole("button", { name: "发 布" })
      .or(page.locator(".ant-modal-confirm").getByRole("button", { name: "发布" }))
      .first()
      .click();
    const list = await until(
      "the programme published",
      () => ok<PageOf<TrainingRow>>(CALLS.trainingList, { keyword: TITLE }, admin),
      (p) => p.list[0]?.status === 1,
      15_000,
    );
    trainingId = list.list[0]!.id;
    expect(list.list[0]!.item_count).toBe(2);
  });

  it("a teacher enrols from 我的培训 and plays the video: heartbeats are recorded", async () => {
    expect(trainingId).toBeGreaterThan(0);
    await signOut();
    await signIn(page, server.url, "zhanglaoshi", DEMO_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/personalCenter/myTraining`);
    await page.getByTestId("MyTrainingPage").waitFor();
    await page.getByRole("tab", { name: "可报名的培训" }).click();
    const card = page.getByTestId("training-grid-available").getByTestId("training-card").filter({ hasText: TITLE });
    await card.waitFor();
    await snap(page, "training-my-1440");
    await card.getByTestId("training-enrol").click();
    await page.getByTestId("training-detail-page").waitFor();
    const v = page.getByTestId("training-video");
    await v.waitFor();
    await v.evaluate((el: HTMLVideoElement) => {
      el.muted = true;
      return el.play();
    });
    await until(
      "the video to play 4 s",
      () => v.evaluate((el: HTMLVideoElement) => el.currentTime),
      (t) => t >= 4,
      20_000,
      100,
    );
    await v.evaluate((el: HTMLVideoElement) => el.pause());
    // The pause sends the seconds played; the server counts them (bounded by the wall time since the play heartbeat).
    const l = await until(
      "the teacher's watched time on the server",
      () => ok<TrainingEnrolList>(CALLS.trainingEnrolList, { id: trainingId }, admin),
      (x) => (x.list[0]?.watched_seconds ?? 0) >= 3,
      15_000,
    );
    expect(l.list[0]!.account_name).toBe("张老师");
    expect(l.list[0]!.watched_seconds).toBeLessThan(15);
    await expect.poll(() => page.getByTestId("training-video-progress").textContent()).toMatch(/已看 0:0[3-9]/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, "training-study-1440");
    // The document: open it in the reader, then 标记为已读.
    await page.getByTestId("training-item").filter({ hasText: "课堂提问指南" }).click();
    await page.getByTestId("training-doc-open").click();
    await page.getByTestId("training-doc-viewer").getByText("留足等待时间").waitFor();
    await expect.poll(() => page.locator(".ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter").count()).toBe(0);
    await snap(page, "training-doc-1440");
    await page.getByTestId("training-doc-read-modal").click();
    await page.getByTestId("training-item").filter({ hasText: "课堂提问指南" }).and(page.locator("[data-done='1']")).waitFor();
    await expect.poll(() => page.getByTestId("training-my-progress").textContent()).toBe("50%");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId("training-items-list").waitFor();
    await page
      .locator(".ant-message-notice")
      .first()
      .waitFor({ state: "detached", timeout: 10_000 })
      .catch(() => undefined);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await snap(page, "training-study-375");
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("the administrator sees the teacher's progress in 学员进度", async () => {
    await signOut();
    await signIn(page, server.url, "xiaoji", DEMO_ADMIN_PASSWORD);
    await page.goto(`${server.url}/#/training`);
    const row = page.getByTestId("training-table").locator("tr.ant-table-row", { hasText: TITLE });
    await row.getByTestId("training-enrolments").click();
    const drawer = page.getByTestId("training-enrol-drawer");
    await drawer.getByTestId("training-enrol-table").locator("tr.ant-table-row", { hasText: "张老师" }).waitFor();
    await expect.poll(() => drawer.getByTestId("training-enrol-table").locator("tr.ant-table-row", { hasText: "张老师" }).textContent()).toMatch(/学习中/);
    await page.getByTestId("training-completion-chart").waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("training-export").click()]);
    expect(download.suggestedFilename()).toBe(`${TITLE.replace(/[\\/:*?"<>|]/g, "_")}-学员进度.xlsx`);
    await page
      .locator(".ant-message-notice")
      .first()
      .waitFor({ state: "detached", timeout: 10_000 })
      .catch(() => undefined);
    await snap(page, "training-enrolments-1440");
  });
});

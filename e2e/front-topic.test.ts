import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { CALLS, type VideoRow } from "@yanke/protocol";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TMP_DIR } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { polling } from "../apps/server/test/poll.js";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../apps/server/src/db/bootstrap.js";
import { listenEvaluate, listenEvaluation } from "../apps/server/src/modules/listen/listen.schema.js";
import { reviewActivity } from "../apps/server/src/modules/review/review.schema.js";
import { type BrowserHandle, hasChromium, inputOf, launchBrowser, okOf, signIn, snap, upload } from "./support.js";

/**
 * #11 topics in Chromium, on a teachEvents-edition server (its /foreground holds every topic page, the video lists
 * included; the foreground edition uses the same page components): a school administrator builds a topic in
 * 资源中心 → 专题管理 (a lesson video and an open listen record from the candidates, publish); a signed-in teacher sees
 * it on /foreground/topicPage, opens it, plays its video on /foreground/topicPageVideo; the teaching-events hub lists
 * it; the public video list and its series show the video; 专题评课 shows the record's evaluation summary.
 * Screenshots at 1440 px and 375 px.
 */

const run = promisify(execFile);
const { untilTrue } = polling({ ms: 20_000, every: 100 });
let server: TestServer;
let handle: BrowserHandle;
let work = "";
let video: VideoRow;
const TOPIC = "大单元教学实践";

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync(TMP_DIR, { recursive: true });
  work = mkdtempSync(path.join(TMP_DIR, "e2e-topic-"));
  server = await startTestServer({ EDITION: "teachEvents" });
  handle = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
  const zhang = await server.login("zhanglaoshi", DEMO_TEACHER_PASSWORD);
  const ok = okOf(
    () => server,
    () => zhang.token,
  );
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
      "testsrc=size=640x360:rate=25",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440",
      "-t",
      "6",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-g",
      "25",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      file,
    ],
    { timeout: 120_000 },
  );
  const f = await upload(server, zhang.token, file, "video", "单元起始课.mp4");
  const saved = await ok<VideoRow>(CALLS.myVideoSave, { file_id: f.id, name: "《认识分数》单元起始课" });
  const end = Date.now() + 60_000;
  for (;;) {
    video = await ok<VideoRow>(CALLS.myVideoRead, { id: saved.id });
    if (video.status !== "processing") break;
    if (Date.now() > end) throw new Error("the video was not processed within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  // An open listen record of the school with two submitted evaluations (#9's tables; its calls are not this test's).
  const db = server.database.db;
  const now = Date.now();
  const [rec] = await db
    .insert(listenEvaluate)
    .values({
      name: "《认识分数》精准听评课",
      account_id: zhang.account_id,
      school_id: zhang.school_id,
      open_model: 1,
      is_type: 3,
      start_time: new Date(now - 86_400_000),
      end_time: new Date(now - 82_800_000),
    })
    .returning({ id: listenEvaluate.id });
  const li = await server.login("lilaoshi", DEMO_TEACHER_PASSWORD);
  const wang = await server.login("wanglaoshi", DEMO_TEACHER_PASSWORD);
  // A review activity in its submission phase (the review module's table) for the hub's calendar and cards.
  await db.insert(reviewActivity).values({
    title: "“大单元”优质课评选",
    school_id: zhang.school_id,
    phase: 2,
    signup_start: new Date(now - 2 * 86_400_000),
    signup_end: new Date(now - 86_400_000),
    submit_end: new Date(now + 3 * 86_400_000),
    review_end: new Date(now + 6 * 86_400_000),
  });
  await db.insert(listenEvaluation).values([
    { record_id: rec!.id, account_id: li.account_id, total_score: 92, status: 1 },
    { record_id: rec!.id, account_id: wang.account_id, total_score: 87, status: 1 },
  ]);
}, 180_000);
afterAll(async () => {
  await handle?.close();
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function phone(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await snap(page, `${name}-375`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe.skipIf(!hasChromium)("browser: topics (专题)", () => {
  it("a school administrator builds and publishes a topic; a teacher finds, opens and plays it; the hub and the video lists show it", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
    const page = await context.newPage();
    try {
      await steps(page);
    } catch (e) {
      await snap(page, "front-topic-failure");
      throw e;
    } finally {
      await context.close();
    }
  }, 120_000);
});

async function steps(page: Page): Promise<void> {
  {
    // ── 专题管理 ──
    await signIn(page, server.url, "xiaoji", DEMO_ADMIN_PASSWORD);
    await page.goto(`${server.url}/#/resourceCenter/topic`);
    await page.getByTestId("topic-manage-page").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe("专题管理");
    await page.getByTestId("topic-new").click();
    await page.getByTestId("topic-form-ok").click();
    await page.locator(".ant-form-item-explain-error", { hasText: "请输入专题名称" }).waitFor();
    await inputOf(page, "topic-form-title").fill(TOPIC);
    await inputOf(page, "topic-form-description").fill("以大概念统整单元：单元起始课与课后评议。");
    await page.getByTestId("topic-form-ok").click();
    // A new topic opens its items drawer.
    const drawer = page.getByTestId("topic-items-drawer");
    await drawer.waitFor();
    await page.getByTestId("topic-items-add").click();
    await page.getByTestId("candidate-table").getByText(video.name).waitFor();
    await page.getByTestId("candidate-table").locator("tr", { hasText: video.name }).locator("input[type=checkbox]").check();
    await page.getByTestId("candidate-add").click();
    await untilTrue("the video in the drawer", async () => (await drawer.getByTestId("topic-item-row").count()) === 1);
    await page.getByTestId("topic-items-add").click();
    await page.getByTestId("candidate-type-4").click();
    await page.getByTestId("candidate-table").getByText("《认识分数》精准听评课").waitFor();
    await page.getByTestId("candidate-table").locator("tr", { hasText: "《认识分数》精准听评课" }).locator("input[type=checkbox]").check();
    await snap(page, "topic-manage-candidates-1440");
    await page.getByTestId("candidate-add").click();
    await untilTrue("two items", async () => (await drawer.getByTestId("topic-item-row").count()) === 2);
    // Reorder: the listen record first.
    await drawer.getByTestId("topic-item-up").nth(1).click();
    await untilTrue("reordered", async () => ((await drawer.getByTestId("topic-item-row-name").first().textContent()) ?? "").includes("听评课"));
    await snap(page, "topic-manage-items-1440");
    await page.keyboard.press("Escape");
    await untilTrue("drawer closed", async () => !(await drawer.isVisible()));
    await page.getByTestId("topic-row-publish").click();
    await untilTrue("published", async () => (await page.getByTestId("topic-row-status").first().textContent()) === "已发布");
    expect(await page.getByTestId("topic-row-count").first().textContent()).toBe("2 项");
    await snap(page, "topic-manage-1440");
    await phone(page, "topic-manage");

    // ── a teacher on the front site ──
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/#/login`);
    await page.reload();
    await signIn(page, server.url, "lilaoshi", DEMO_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/foreground/topicPage`);
    const card = page.getByTestId("topic-card").filter({ hasText: TOPIC });
    await card.waitFor();
    expect(await card.getByTestId("topic-card-count").textContent()).toContain("2 项内容");
    await snap(page, "topic-list-1440");
    await phone(page, "topic-list");
    await card.click();
    await page.getByTestId("topic-detail-page").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe(TOPIC);
    expect(await page.getByTestId("topic-group-1").getByTestId("topic-item-name").textContent()).toBe(video.name);
    expect(await page.getByTestId("topic-group-4").getByTestId("topic-item-name").textContent()).toBe("《认识分数》精准听评课");
    await snap(page, "topic-detail-1440");
    await phone(page, "topic-detail");
    await page.getByTestId("topic-group-1").getByTestId("topic-item").click();
    await page.getByTestId("topic-video-page").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe(video.name);
    expect(await page.getByTestId("topic-playlist").getByTestId("playlist-item").count()).toBe(1);
    const v = page.getByTestId("topic-video");
    await v.waitFor();
    await untilTrue("the video loaded", async () => (await v.evaluate((el: HTMLVideoElement) => el.readyState)) >= 2);
    await v.evaluate((el: HTMLVideoElement) => el.play());
    await untilTrue("the video played 1 s", async () => (await v.evaluate((el: HTMLVideoElement) => el.currentTime)) > 1);
    await v.evaluate((el: HTMLVideoElement) => el.pause());
    await snap(page, "topic-video-1440");
    await phone(page, "topic-video");

    // ── the teaching-events hub ──
    await page.goto(`${server.url}/#/foreground/teachEvents`);
    await page.getByTestId("teach-events-page").waitFor();
    await page.getByTestId("hub-topics").getByTestId("topic-card").filter({ hasText: TOPIC }).waitFor();
    await page.getByTestId("hub-reviews").getByTestId("hub-review-card").filter({ hasText: "“大单元”优质课评选" }).waitFor();
    await page.getByTestId("hub-calendar").waitFor();
    await snap(page, "teach-events-1440");
    await phone(page, "teach-events");

    // ── the teachEvents edition's video lists and 专题评课 ──
    await page.goto(`${server.url}/#/foreground/videoList`);
    await page.getByTestId("video-grid").getByTestId("video-card").filter({ hasText: video.name }).waitFor();
    expect(await page.getByTestId("video-total").textContent()).toBe("共 1 个课例视频");
    await snap(page, "video-list-1440");
    await phone(page, "video-list");
    await page.goto(`${server.url}/#/foreground/videoLists`);
    await page.getByTestId("series-teacher").filter({ hasText: "张老师" }).getByTestId("video-card").waitFor();
    await page.getByTestId("series-tab-topic").click();
    await page.getByTestId("series-topic").filter({ hasText: TOPIC }).getByTestId("video-card").waitFor();
    await snap(page, "video-lists-1440");
    await phone(page, "video-lists");
    await page.goto(`${server.url}/#/foreground/evaluationClassTopic`);
    const rec = page.getByTestId("eval-topic").filter({ hasText: TOPIC }).getByTestId("eval-record");
    await rec.waitFor();
    expect(await rec.textContent()).toContain("2 人评价");
    expect(await rec.textContent()).toContain("89.5");
    await snap(page, "evaluation-topic-1440");
    await phone(page, "evaluation-topic");
  }
}

import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { CALLS, type VideoRow, type VideoShareAnswer } from "@yanke/protocol";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD, TMP_DIR } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { polling, until } from "../apps/server/test/poll.js";
import { type BrowserHandle, hasChromium, launchBrowser, okOf, signIn, snap, upload } from "./support.js";

/**
 * #6 video on demand in Chromium: a lesson with two cameras (two different generated 12 s H.264 clips, registered
 * through /v2/my_video/save) on /playVideos stays within 0.5 s between the cameras while playing and after a seek
 * on the shared timeline; /playVideo's camera switch keeps the time; /videoSharing plays at a phone viewport.
 */

const run = promisify(execFile);
let server: TestServer;
let handle: BrowserHandle;
let token = "";
let work = "";
let video: VideoRow;

async function clip(name: string, source: string): Promise<string> {
  const file = path.join(work, name);
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
      `${source}=size=640x360:rate=25`,
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440",
      "-t",
      "12",
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
  return file;
}

const ok = okOf(
  () => server,
  () => token,
);

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync(TMP_DIR, { recursive: true });
  work = mkdtempSync(path.join(TMP_DIR, "e2e-video-"));
  server = await startTestServer();
  handle = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
  token = (await server.login("zhanglaoshi", TEST_TEACHER_PASSWORD)).token;
  const [teacher, student] = await Promise.all([clip("teacher.mp4", "testsrc"), clip("student.mp4", "smptebars")]);
  const t = await upload(server, token, teacher, "video", "教师机位.mp4");
  const s = await upload(server, token, student, "video", "学生机位.mp4");
  const saved = await ok<VideoRow>(CALLS.myVideoSave, { file_id: t.id, student_file_id: s.id, name: "二次函数公开课" });
  video = await until(
    "the video processed",
    () => ok<VideoRow>(CALLS.myVideoRead, { id: saved.id }),
    (v) => v.status !== "processing",
    60_000,
  );
}, 180_000);
afterAll(async () => {
  await handle?.close();
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** currentTime, paused and readyState of the <video> elements matching `selector`, in document order. */
const times = (page: Page, selector: string) =>
  page.evaluate(
    (sel) => [...document.querySelectorAll<HTMLVideoElement>(sel)].map((v) => ({ t: v.currentTime, paused: v.paused, ready: v.readyState })),
    selector,
  );

const { untilTrue } = polling({ ms: 20_000, every: 100 });

/** The cameras of `selector` once the first has played on to `t` seconds: samples are taken by media time, not by wall time. */
const playedTo = (page: Page, selector: string, t: number) =>
  until(
    `the first camera at ${t.toFixed(1)} s`,
    () => times(page, selector),
    ([a]) => !!a && a.t >= t,
    20_000,
    50,
  );

const PAIR = "[data-testid^=sync-video-]";

describe.skipIf(!hasChromium)("browser: video on demand (#6)", () => {
  it("was processed into a two-camera video", () => {
    expect(video.status, video.error).toBe("ready");
    // An upload is the main camera; its second file the student camera.
    expect(video.cameras.map((c) => c.camera)).toEqual(["main", "student"]);
    expect(video.cameras.every((c) => c.duration >= 11)).toBe(true);
  });

  it("/playVideos keeps both cameras within 0.5 s on one timeline, playing and after a seek", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 960 }, locale: "zh-CN" });
    const page = await context.newPage();
    await signIn(page, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/playVideos?id=${video.id}`);
    await page.getByTestId("play-videos-page").waitFor();
    await untilTrue("both cameras loaded", async () => (await times(page, PAIR)).filter((v) => v.ready >= 2).length === 2);
    await page.getByTestId("sync-play").click();

    const samples: { a: number; b: number }[] = [];
    const start = (await times(page, PAIR))[0]!.t;
    for (let i = 0; i < 10; i++) {
      const [a, b] = await playedTo(page, PAIR, start + 0.5 * (i + 1));
      expect(a!.paused || b!.paused, `sample ${i}: both play`).toBe(false);
      samples.push({ a: a!.t, b: b!.t });
      expect(Math.abs(a!.t - b!.t), `sample ${i}: teacher ${a!.t.toFixed(2)} s, student ${b!.t.toFixed(2)} s`).toBeLessThanOrEqual(0.5);
    }
    // Time advances: ~5 s of the teacher's playing moved both cameras on by seconds.
    expect(samples[9]!.a - samples[0]!.a).toBeGreaterThan(2.5);
    expect(samples[9]!.b - samples[0]!.b).toBeGreaterThan(2.5);
    await snap(page, "60-play-videos");

    // Seek through the shared timeline at 25 % (back, past what was played) — both cameras move there.
    const bar = page.getByTestId("sync-timeline");
    const box = (await bar.boundingBox())!;
    const duration = video.cameras[0]!.duration;
    await bar.click({ position: { x: box.width * 0.25, y: box.height / 2 } });
    const target = duration * 0.25;
    const [sa, sb] = await until(
      "both cameras near the seek target",
      () => times(page, PAIR),
      (v) => v.every((x) => Math.abs(x.t - target) < 1),
      10_000,
      50,
    );
    expect(Math.abs(sa!.t - target), `teacher at ${sa!.t} after seeking to ${target}`).toBeLessThan(1);
    expect(Math.abs(sb!.t - target), `student at ${sb!.t} after seeking to ${target}`).toBeLessThan(1);
    for (let i = 0; i < 4; i++) {
      const [a, b] = await playedTo(page, PAIR, sa!.t + 0.5 * (i + 1));
      expect(Math.abs(a!.t - b!.t), `after seek ${i}: teacher ${a!.t.toFixed(2)} s, student ${b!.t.toFixed(2)} s`).toBeLessThanOrEqual(0.5);
    }

    // The follower knocked 1.5 s off (as a stalled camera would be): the sync loop brings it back within 0.5 s.
    await page
      .locator("[data-testid^=sync-video-]")
      .nth(1)
      .evaluate((v: HTMLVideoElement) => {
        v.currentTime = Math.max(0, v.currentTime - 1.5);
      });
    await untilTrue(
      "the follower caught up",
      async () => {
        const [a, b] = await times(page, PAIR);
        return Math.abs(a!.t - b!.t) <= 0.5 && !a!.paused && !b!.paused;
      },
      5_000,
    );

    // Pause pauses both.
    await page.getByTestId("sync-play").click();
    await untilTrue("both paused", async () => (await times(page, PAIR)).every((v) => v.paused));
    // Hovering the timeline shows a frame of the sprite and the time there.
    await bar.hover({ position: { x: box.width * 0.6, y: box.height / 2 } });
    await page.getByTestId("sync-timeline-preview").waitFor();
    await snap(page, "61-play-videos-hover");
    await context.close();
  });

  it("/playVideo switches between the teacher and student camera keeping the time", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 960 }, locale: "zh-CN" });
    const page = await context.newPage();
    await signIn(page, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/playVideo?id=${video.id}`);
    await page.getByTestId("play-video-page").waitFor();
    await page.getByTestId("video-info").getByText("张老师").waitFor();
    const V = "[data-testid=vod-video]";
    await untilTrue("loaded", async () => (await times(page, V))[0]!.ready >= 2);
    expect(await page.locator(V).getAttribute("data-camera")).toBe("main");
    await page.getByTestId("vod-play").click();
    await untilTrue("4 s played", async () => (await times(page, V))[0]!.t > 4);

    // Paused: the student camera opens at the same time, still paused.
    await page.getByTestId("vod-play").click();
    const [before] = await times(page, V);
    expect(before!.paused).toBe(true);
    await page.getByTestId("camera-student").click();
    await untilTrue("student camera", async () => (await page.locator(V).getAttribute("data-camera")) === "student");
    await untilTrue("student camera loaded", async () => (await times(page, V))[0]!.ready >= 2);
    const [after] = await times(page, V);
    expect(Math.abs(after!.t - before!.t), `teacher ${before!.t} → student ${after!.t}`).toBeLessThanOrEqual(1);
    expect(after!.paused).toBe(true);
    await snap(page, "62-play-video-student");

    // Playing: switching back keeps playing from about the same time.
    await page.getByTestId("vod-play").click();
    const [playing] = await playedTo(page, V, after!.t + 0.5);
    await page.getByTestId("camera-main").click();
    await untilTrue("teacher camera playing", async () => {
      const [v] = await times(page, V);
      return (await page.locator(V).getAttribute("data-camera")) === "main" && v!.ready >= 2 && !v!.paused;
    });
    const [back] = await times(page, V);
    expect(back!.t).toBeGreaterThanOrEqual(playing!.t - 1);
    expect(back!.t).toBeLessThanOrEqual(playing!.t + 3);
    await snap(page, "63-play-video-teacher");
    await context.close();
  });

  it("/videoSharing plays a shared video at a phone viewport, without the application frame", async () => {
    const share = await ok<VideoShareAnswer>(CALLS.myVideoShare, { id: video.id });
    const context = await handle.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "zh-CN",
    });
    const page = await context.newPage();
    // The route guard asks for a login on /videoSharing (not on platform.md §2's no-login list; docs/decisions/0640);
    // the page itself reads the video through /v2/my_video/shared, which needs none. Another teacher opens the link.
    await signIn(page, server.url, "lilaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#${share.path}`);
    await page.getByTestId("video-sharing-page").waitFor();
    await page.getByTestId("share-title").getByText("二次函数公开课").waitFor();
    // No application shell or frame on the phone page.
    expect(await page.locator(".yk-frame-header").count()).toBe(0);
    const V = "[data-testid=share-video]";
    await untilTrue("loaded", async () => (await times(page, V))[0]!.ready >= 2);
    await page.locator(V).evaluate((v: HTMLVideoElement) => v.play());
    await untilTrue("2 s played", async () => (await times(page, V))[0]!.t > 2);
    await snap(page, "64-video-sharing-phone");

    // A forged token: the page says so.
    await page.goto(`${server.url}/#/videoSharing?id=${video.id}&token=1.${"x".repeat(32)}`);
    await page.locator(".ant-result-title", { hasText: "分享链接无效或已过期" }).waitFor();
    await snap(page, "65-video-sharing-invalid");
    await context.close();
  });
});

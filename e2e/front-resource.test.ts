import {
  CALLS,
  type CourseResourceRow,
  type Page as ListPage,
  type PeriodRow,
  type PeriodSubjectItem,
  type RankingList,
  type VideoRow,
  type WebResourceRow,
} from "@yanke/protocol";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { h264Mp4, tinyPdf } from "../apps/server/test/media-fixtures.js";
import { until } from "../apps/server/test/poll.js";
import { type BrowserHandle, hasChromium, hashRoute, inputOf, launchBrowser, okOf, sessionToken, signIn, snap, upload } from "./support.js";

/**
 * #11 课程资源 in Chromium: an anonymous visitor filters the front site's course list by subject and course type,
 * searches a Chinese word and sees exactly the matching published courses (those the wire's c076 answers), opens one,
 * its lesson's video plays and the view is counted on the server; a teacher builds a course in 我的资源 (unit, lesson,
 * a bound video, 发布) and it appears on the front list. Pictures at 1440 px and 375 px.
 */

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
let teacher = "";
let videoId = 0;
let pdfId = 0;
let maths = 0;
let chinese = 0;
const ids: Record<string, number> = {};

const okAs = okOf(() => server);
/** A call that must answer 200, as the teacher unless a token ("" = anonymous) is given. */
const ok = <T>(p: string, payload: Record<string, unknown>, token = teacher): Promise<T> => okAs<T>(p, payload, token);
const web = (payload: Record<string, unknown>) => ok<ListPage<WebResourceRow>>(CALLS.webResourceList, { page: 1, limit: 50, ...payload }, "");

/** A course with one unit and one lesson; the video (and a PDF) bound to the lesson when `withVideo`; published unless draft. */
async function course(
  name: string,
  course_type: number,
  subject_id: number,
  opts: { withVideo?: boolean; draft?: boolean; intro?: string } = {},
): Promise<number> {
  const c = await ok<CourseResourceRow>(CALLS.resourceSave, {
    name,
    course_type,
    subject_id,
    course_introduce: opts.intro ?? `${name}的课程简介`,
    teaching_design: "<p>教学目标：理解并会应用。</p>",
  });
  const unit = await ok<CourseResourceRow>(CALLS.resourceSave, { name: "第一单元", pid: c.id });
  const lesson = await ok<CourseResourceRow>(CALLS.resourceSave, { name: "第1课时 新课", pid: unit.id });
  if (opts.withVideo) {
    await ok(CALLS.resourceBind, { id: lesson.id, resources_id: videoId, resources_type: 1, title: "课堂实录" });
    await ok(CALLS.resourceBind, { id: lesson.id, resources_id: pdfId, resources_type: 2, title: "勾股定理学案.pdf" });
  }
  if (!opts.draft) await ok(CALLS.resourceUpdate, { id: c.id, status: 1 });
  return c.id;
}

const cardNames = () => page.getByTestId("resource-card-name").allTextContents();
const total = async () => Number((await page.getByTestId("resource-total").textContent()) ?? "-1");

async function look(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  // Toasts are hidden for the picture instead of waited out (each stays 3 s).
  await page.locator(".ant-message").evaluateAll((els) =>
    els.forEach((e) => {
      (e as HTMLElement).style.visibility = "hidden";
    }),
  );
  await snap(page, name);
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer();
  handle = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
  context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
  page = await context.newPage();
  teacher = (await server.login("zhanglaoshi", TEST_TEACHER_PASSWORD)).token;

  // The lesson video: a generated 6 s H.264 MP4, uploaded and registered by the teacher.
  const mp4 = await upload(server, teacher, await h264Mp4(6, "640x360"), "video", "gougu.mp4");
  videoId = (await ok<VideoRow>(CALLS.myVideoSave, { file_id: mp4.id, name: "勾股定理 课堂实录" })).id;
  const pdfFile = path.join(mkdtempSync(path.join(tmpdir(), "front-resource-")), "学案.pdf");
  writeFileSync(pdfFile, tinyPdf("Gougu"));
  pdfId = (await upload(server, teacher, pdfFile, "document", "学案.pdf")).id;
  await until(
    "the video processed",
    () => ok<VideoRow>(CALLS.myVideoRead, { id: videoId }),
    (v) => v.status !== "processing",
    60_000,
  );

  // Two subjects of one of the teacher's periods.
  const periods = await ok<ListPage<PeriodRow>>(CALLS.commonPeriodList, { page: 1, limit: 100 });
  for (const p of periods.list) {
    const subjects = await ok<PeriodSubjectItem[]>(CALLS.periodSubjectList, { period_id: p.id });
    const m = subjects.find((s) => s.name === "数学");
    const c = subjects.find((s) => s.name === "语文");
    if (m && c) {
      maths = m.id;
      chinese = c.id;
      break;
    }
  }
  if (!maths || !chinese) throw new Error("no period with 数学 and 语文");

  ids.match = await course("勾股定理探究课", 1, maths, { withVideo: true });
  ids.otherType = await course("勾股定理复习课", 2, maths);
  ids.otherSubject = await course("勾股定理的故事", 1, chinese);
  ids.otherWord = await course("圆的面积", 1, maths);
  ids.draft = await course("勾股定理草稿", 1, maths, { withVideo: true, draft: true });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: 课程资源 on the front site (#11)", () => {
  it("an anonymous visitor filters by subject and type, searches a Chinese word and sees exactly the matching courses", async () => {
    await page.goto(`${server.url}/#/foreground/courseResource`);
    await page.getByTestId("course-resource-page").waitFor();
    const all = await web({});
    await until("the full list", total, (n) => n === all.total);
    expect(all.list.map((r) => r.id)).not.toContain(ids.draft);
    expect((await cardNames()).sort()).toEqual(all.list.map((r) => r.name).sort());

    await page.getByTestId("resource-filter-subject").getByRole("button", { name: "数学", exact: true }).click();
    await page.getByTestId("resource-type-tabs").getByRole("tab", { name: "公开课" }).click();
    const search = page.getByTestId("resource-search").locator("input");
    await search.fill("勾股定理");
    await search.press("Enter");

    // The URL carries the view; the page shows exactly what the wire answers for it.
    const params = new URLSearchParams(hashRoute(page).split("?")[1] ?? "");
    expect(params.get("subject")).toBe(String(maths));
    expect(params.get("type")).toBe("1");
    expect(params.get("q")).toBe("勾股定理");
    const wire = await web({ subject_id: maths, course_type: 1, name: "勾股定理" });
    expect(wire.list.map((r) => r.id)).toEqual([ids.match]);
    await until(
      "the filtered list",
      async () => [await total(), (await cardNames()).join("|")] as const,
      ([n, names]) => n === 1 && names === "勾股定理探究课",
    );
    await look("110-front-resource-list-1440");

    // A copied link reproduces the view.
    const link = page.url();
    await page.goto("about:blank");
    await page.goto(link);
    await until(
      "the same view from the link",
      async () => (await cardNames()).join("|"),
      (names) => names === "勾股定理探究课",
    );

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/#/foreground/courseResource`);
    await until("the phone list", total, (n) => n === all.total);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await look("111-front-resource-list-375");
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("opens a course, plays its lesson video and the view is counted on the server", async () => {
    const before = (await web({ name: "勾股定理探究课" })).list.find((r) => r.id === ids.match)!;
    await page.goto(`${server.url}/#/foreground/courseResource?q=勾股定理探究课`);
    // Keyboard: the card is a real link (focus + Enter opens it).
    const card = page.locator(`[data-testid=resource-card][data-resource-id="${ids.match}"]`);
    await card.focus();
    await card.press("Enter");
    await page.getByTestId("course-resource-video-page").waitFor();
    expect(hashRoute(page)).toBe(`/foreground/courseResourceVideo?id=${ids.match}`);
    expect(await page.getByTestId("page-title").textContent()).toBe("勾股定理探究课");
    expect(await page.getByTestId("resource-node-title").textContent()).toContain("第1课时 新课");
    expect(await page.getByTestId("resource-playlist-item").allTextContents()).toEqual([expect.stringContaining("课堂实录")]);
    // The lesson's document, with a download link that answers the file.
    const doc = page.getByTestId("resource-doc");
    expect(await doc.allTextContents()).toEqual([expect.stringContaining("勾股定理学案.pdf")]);
    const href = await doc.getByRole("link", { name: /下载/ }).getAttribute("href");
    const pdf = await fetch(new URL(href!, server.url));
    expect(pdf.status).toBe(200);
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const video = page.getByTestId("resource-video");
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play();
    });
    const t1 = await until(
      "playback",
      () => video.evaluate((v: HTMLVideoElement) => v.currentTime),
      (t) => t > 0.3,
      20_000,
    );
    await until(
      "playback advancing",
      () => video.evaluate((v: HTMLVideoElement) => v.currentTime),
      (t) => t > t1,
      20_000,
    );

    // Opening counts a view of the course (c078); the start counts a view of the video (c074).
    const after = (await web({ name: "勾股定理探究课" })).list.find((r) => r.id === ids.match)!;
    expect(after.view_count).toBe(before.view_count + 1);
    const rank = await until(
      "the video view",
      () => ok<RankingList>(CALLS.webRankingList, {}, ""),
      (r) => (r.videos.find((v) => v.id === videoId)?.views ?? 0) >= 1,
      10_000,
    );
    expect(rank.videos.find((v) => v.id === videoId)!.views).toBe(1);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await look("112-front-resource-detail-1440");

    await page.setViewportSize({ width: 375, height: 800 });
    // Once the page has reflowed to the phone's width, nothing sticks out sideways.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 }).toBeLessThanOrEqual(375);
    await look("113-front-resource-detail-375");
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("a teacher builds a course in 我的资源 (unit, lesson, bound video, 发布) and it appears on the front list", async () => {
    await page.goto("about:blank"); // a fresh load of the app, not a hash change inside the front page
    await signIn(page, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/personalCenter/personalCenter3`);
    await page.getByTestId("my-resources-page").waitFor();
    await page.getByTestId("my-resource-create").click();
    await inputOf(page, "resource-create-name").fill("光的折射实验课");
    await page.getByTestId("resource-create-ok").click();
    await page.getByTestId("resource-editor").waitFor();
    const courseId = Number(await page.getByTestId("resource-editor").getAttribute("data-course-id"));
    expect(courseId).toBeGreaterThan(0);

    await page.getByTestId("resource-add-unit").click();
    await inputOf(page, "resource-add-name").fill("第一单元 光的传播");
    await page.getByTestId("resource-add-ok").click();
    await page.getByTestId("resource-tree-unit").filter({ hasText: "第一单元 光的传播" }).waitFor();
    await until(
      "the unit selected",
      () => page.getByTestId("resource-node-title").textContent(),
      (t) => t === "第一单元 光的传播",
    );
    await page.getByTestId("resource-add-lesson").click();
    await inputOf(page, "resource-add-name").fill("第1课时 折射现象");
    await page.getByTestId("resource-add-ok").click();
    await page.getByTestId("resource-tree-lesson").filter({ hasText: "第1课时 折射现象" }).waitFor();
    await until(
      "the lesson selected",
      () => page.getByTestId("resource-node-title").textContent(),
      (t) => t === "第1课时 折射现象",
    );

    await page.getByTestId("resource-bind-video").click();
    await page.getByTestId("resource-bind-video-row").filter({ hasText: "勾股定理 课堂实录" }).getByTestId("resource-bind-video-choose").click();
    await page.getByTestId("resource-bind-title").filter({ hasText: "勾股定理 课堂实录" }).waitFor();

    // The course's own form: an introduction saved through c086.
    await page.getByTestId("resource-editor-tree").getByText("光的折射实验课", { exact: true }).click();
    await until(
      "the course selected",
      () => page.getByTestId("resource-node-title").textContent(),
      (t) => t === "光的折射实验课",
    );
    await page.getByTestId("resource-node-intro").fill("观察光的折射现象，总结折射规律。");
    await page.getByTestId("resource-node-save").click();
    await until(
      "the introduction saved",
      async () => (await ok<ListPage<CourseResourceRow>>(CALLS.resourceList, { page: 1, limit: 10, name: "光的折射" })).list[0]?.course_introduce,
      (t) => t === "观察光的折射现象，总结折射规律。",
    );

    await page.getByTestId("resource-publish").click();
    await until(
      "published",
      () => page.getByTestId("resource-editor-status").textContent(),
      (t) => t === "已发布",
    );
    await look("114-my-resources-editor");

    // On the wire: one unit with one lesson carrying the video, published.
    const units = await ok<CourseResourceRow[]>(CALLS.resourceChild, { pid: courseId });
    expect(units.map((u) => u.name)).toEqual(["第一单元 光的传播"]);
    const lessons = await ok<CourseResourceRow[]>(CALLS.resourceChild, { pid: units[0]!.id });
    expect(lessons.map((l) => [l.name, l.status])).toEqual([["第1课时 折射现象", 1]]);

    await page.getByTestId("resource-editor-back").click();
    await page.locator(`[data-testid=my-resource-card][data-resource-id="${courseId}"][data-status="1"]`).waitFor();
    await look("115-my-resources-list");

    await page.goto(`${server.url}/#/foreground/courseResource?q=光的折射`);
    await until(
      "on the front list",
      async () => (await cardNames()).join("|"),
      (names) => names === "光的折射实验课",
    );
    const front = await web({ name: "光的折射" });
    expect(front.list.map((r) => [r.id, r.video_count])).toEqual([[courseId, 1]]);

    // 资源中心 (signed in): the four types as sections; 更多 opens the same list with the type fixed.
    await page.goto(`${server.url}/#/foregroundResource`);
    const openClass = page.locator("[data-testid=resource-section][data-type='1']");
    const openClasses = await web({ course_type: 1 });
    await until(
      "the 公开课 section",
      () => openClass.getByTestId("resource-card").count(),
      (n) => n === Math.min(4, openClasses.total),
    );
    await look("116-foreground-resource");
    await openClass.getByTestId("resource-section-more").click();
    await page.getByTestId("resource-type-page").waitFor();
    expect(hashRoute(page)).toBe("/foregroundResource/resourceOpenClass");
    await until("the 公开课 list", total, (n) => n === openClasses.total);
    expect(await page.getByTestId("resource-type-tabs").count()).toBe(0);
  });

  it("a school administrator sees his school's courses in 资源中心 → 课程资源", async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto("about:blank");
    await signIn(page, server.url, "xiaoji", "Demo12345");
    await page.goto(`${server.url}/#/resourceCenter/course`);
    await page.getByTestId("school-resource-page").waitFor();
    const admin = await sessionToken(page);
    const wire = await ok<ListPage<CourseResourceRow>>(CALLS.resourceList, { page: 1, limit: 10 }, admin);
    expect(wire.total).toBeGreaterThanOrEqual(6);
    await until(
      "the school's courses",
      () => page.getByTestId("my-resource-total").textContent(),
      (t) => t === String(wire.total),
    );
    expect((await page.getByTestId("my-resource-name").allTextContents()).sort()).toEqual(wire.list.map((r) => r.name).sort());
    await look("117-school-resource");
  });
});

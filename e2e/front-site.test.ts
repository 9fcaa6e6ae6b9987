import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { CALLS, type FileRecord, TIME_ZONE, type VideoRow } from "@yanke/protocol";
import dayjs from "../apps/server/src/infra/dayjs.js";
import { and, eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisCourse } from "../apps/server/src/modules/analysis/analysis.schema.js";
import { equipment } from "../apps/server/src/modules/equipment/equipment.schema.js";
import { notice } from "../apps/server/src/modules/notice/notice.schema.js";
import { period, subject } from "../apps/server/src/modules/org/org.schema.js";
import { commonImg } from "../apps/server/src/modules/platform/platform.schema.js";
import { timetable } from "../apps/server/src/modules/recording/recording.schema.js";
import { courseResource, courseResourceBind } from "../apps/server/src/modules/resource/resource.schema.js";
import { reviewActivity } from "../apps/server/src/modules/review/review.schema.js";
import { topic } from "../apps/server/src/modules/topic/topic.schema.js";
import { video } from "../apps/server/src/modules/video/video.schema.js";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../apps/server/src/db/bootstrap.js";
import { TMP_DIR } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, hashRoute, launchBrowser, sessionToken, signIn, snap, upload as uploadFile } from "./support.js";
import { until } from "../apps/server/test/poll.js";

/**
 * #11 front site (foreground and teachEvents editions) in Chromium, over rows the test creates like the demo's:
 * the anonymous home renders its sections (live classrooms, AI-analysed lessons, bulletins, review activities,
 * banners and shortcuts of common_img), the header links navigate, 登录 opens the login page, the 数据驾驶舱 opens
 * /bigData with the token appended when signed in, a signed-in visitor plays a film; screenshots of both editions'
 * homes at 1440 px and 375 px (the phone width with the navigation drawer open).
 */

const run = promisify(execFile);
const FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";
const MIN = 60_000;

let fg: TestServer;
let te: TestServer;
let handle: BrowserHandle;
let work = "";
const seeded: Record<"fg" | "te", { film: number; live: string; analysis: string; bulletin: string; review: string }> = {
  fg: { film: 0, live: "", analysis: "", bulletin: "", review: "" },
  te: { film: 0, live: "", analysis: "", bulletin: "", review: "" },
};

/** An image with a gradient and a Chinese caption (banners, covers, shortcut icons). */
async function image(name: string, w: number, h: number, c0: string, c1: string, text: string, size: number): Promise<string> {
  const file = path.join(work, `${name}.png`);
  const draw = text ? `,drawtext=fontfile=${FONT}:text='${text}':fontsize=${size}:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2` : "";
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
      `gradients=s=${w}x${h}:c0=${c0}:c1=${c1}:x0=0:y0=0:x1=${w}:y1=${h}:nb_colors=2:duration=1`,
      "-vf",
      `format=rgb24${draw}`,
      "-frames:v",
      "1",
      file,
    ],
    { timeout: 60_000 },
  );
  return file;
}
/** A short lesson clip: a chalkboard-green frame with the lesson's title. */
async function clip(name: string, title: string, c0: string): Promise<string> {
  const file = path.join(work, `${name}.mp4`);
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
      `gradients=s=640x360:c0=${c0}:c1=0x0d1714:x0=0:y0=0:x1=640:y1=360:nb_colors=2:rate=10:duration=4`,
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=330:duration=4",
      "-vf",
      `drawtext=fontfile=${FONT}:text='${title}':fontsize=44:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2`,
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
      file,
    ],
    { timeout: 120_000 },
  );
  return file;
}
const upload = (s: TestServer, token: string, file: string, module: string): Promise<FileRecord> => uploadFile(s, token, file, module, path.basename(file));

/** Demo-like rows: videos, published courses, analyses, notices, live classrooms, review activities, topics, banners. */
async function seed(s: TestServer, key: "fg" | "te", withClips: boolean): Promise<void> {
  const db = s.database.db;
  const zhang = await s.login("zhanglaoshi", DEMO_TEACHER_PASSWORD);
  const xiaoji = await s.login("xiaoji", DEMO_ADMIN_PASSWORD);
  const zhao = await s.login("zhaolaoshi", DEMO_TEACHER_PASSWORD);
  const one = xiaoji.school_id;
  const subjects = await db
    .select({ id: subject.id, name: subject.name, period_id: subject.period_id })
    .from(subject)
    .innerJoin(period, eq(period.id, subject.period_id))
    .where(eq(period.school_id, one))
    .orderBy(subject.id);
  const subj = (name: string) => subjects.find((x) => x.name === name) ?? subjects[0]!;
  const up = async (f: Promise<string>) => (await upload(s, zhang.token, await f, "image")).file_path;
  const [cover1, cover2, cover3, live1, live2, act1, act2, top1, top2] = await Promise.all([
    up(image(`${key}-c1`, 640, 360, "0x1f6f5c", "0x3f9a80", "圆的面积", 56)),
    up(image(`${key}-c2`, 640, 360, "0x2f6fae", "0x5fa0d8", "背影 · 朱自清", 52)),
    up(image(`${key}-c3`, 640, 360, "0x8a5a2b", "0xc98f4f", "光合作用", 56)),
    up(image(`${key}-l1`, 640, 360, "0x14332c", "0x2e7d8c", "七年级（1）班", 48)),
    up(image(`${key}-l2`, 640, 360, "0x6b4fa0", "0x9c83cf", "八年级（3）班", 48)),
    up(image(`${key}-a1`, 640, 360, "0xa8443b", "0xe07a5f", "青年教师优质课", 48)),
    up(image(`${key}-a2`, 640, 360, "0x2e7d8c", "0x6cc3c9", "大单元教学展评", 48)),
    up(image(`${key}-t1`, 640, 360, "0x5f7a2a", "0x9dbb5a", "双减 · 作业设计", 48)),
    up(image(`${key}-t2`, 640, 360, "0x9b3f72", "0xd27aa8", "整本书阅读", 48)),
  ]);
  // Videos: with clips, processed by the server (real thumbnails); without, rows the cards show with their cover art.
  const videos: number[] = [];
  const names = [
    ["圆的面积", "数学", "0x1f6f5c"],
    ["背影", "语文", "0x2f6fae"],
    ["光合作用", "生物", "0x8a5a2b"],
    ["一元一次方程", "数学", "0x6b4fa0"],
  ] as const;
  if (withClips) {
    const files = [await clip(`${key}-v0`, names[0][0], names[0][2])];
    for (const [i, f] of files.entries()) {
      const rec = await upload(s, zhang.token, f, "video");
      const saved = await s.call<VideoRow>(
        CALLS.myVideoSave,
        { file_id: rec.id, name: `${names[i]![0]} 公开课`, subject_id: subj(names[i]![1]).id },
        zhang.token,
      );
      if (saved.code !== 200) throw new Error(saved.msg);
      videos.push(saved.data.id);
    }
    await until(
      "the clips to be processed",
      () => db.select({ status: video.status }).from(video).where(eq(video.account_id, zhang.account_id)),
      (rows) => rows.length >= 1 && rows.every((r) => r.status !== "processing"),
      60_000,
    );
    await db
      .update(video)
      .set({ subject_id: subj("数学").id, period_id: subj("数学").period_id, school_id: one })
      .where(eq(video.id, videos[0]!));
  }
  for (const [n, sub] of names.slice(videos.length)) {
    const [v] = await db
      .insert(video)
      .values({
        name: `${n} 课堂实录`,
        account_id: zhang.account_id,
        school_id: one,
        subject_id: subj(sub).id,
        period_id: subj(sub).period_id,
        source: "upload",
        file_id: 1,
        status: "ready",
        duration: 2400,
      })
      .returning({ id: video.id });
    videos.push(v!.id);
  }
  // Published courses (the resource server lists them on /web/myResource) with their covers.
  for (const [i, [n, sub]] of names.slice(0, 3).entries()) {
    const [c] = await db
      .insert(courseResource)
      .values({
        name: `${n}`,
        level: 1,
        course_type: 1,
        status: 1,
        school_id: one,
        account_id: zhang.account_id,
        subject_id: subj(sub).id,
        period_id: subj(sub).period_id,
        cover_url: [cover1, cover2, cover3][i]!,
        course_introduce: `${n}：教学设计、课件与课堂实录`,
        search_text: n,
      })
      .returning({ id: courseResource.id });
    await db.update(courseResource).set({ top_id: c!.id }).where(eq(courseResource.id, c!.id));
  }
  // AI analyses: published and done (a hidden one stays off the site).
  const modes = ["对话型", "讲授型", "混合型", "练习型"] as const;
  for (const [i, vid] of videos.entries()) {
    await db.insert(analysisCourse).values({
      video_id: vid,
      name: `${names[i]![0]} · 课堂分析`,
      account_id: i % 2 ? zhao.account_id : zhang.account_id,
      creator_id: zhang.account_id,
      school_id: i % 2 ? zhao.school_id : one,
      subject_id: subj(names[i]![1]).id,
      source: "local",
      status: 2,
      publish_status: 1,
      finished_at: new Date(Date.now() - i * 86_400_000),
      result: { version: 1, duration: 2400 - i * 120, st: { available: true, rt: 0.3 + i * 0.12, ch: 0.45 - i * 0.08, mode: modes[i] } } as never,
    });
  }
  await db.insert(analysisCourse).values({
    video_id: videos[0]!,
    name: "未公开的分析",
    account_id: zhang.account_id,
    creator_id: zhang.account_id,
    school_id: one,
    source: "local",
    status: 2,
    publish_status: 0,
  });
  // Bulletins of two schools and the platform.
  const bulletins = [
    [xiaoji.account_id, "关于开展第十二周校级公开课展示活动的通知"],
    [zhao.account_id, "二中关于期中教学质量分析会的安排"],
    [xiaoji.account_id, "一中新教师汇报课听课安排"],
  ] as const;
  for (const [i, [who, name]] of bulletins.entries())
    await db.insert(notice).values({
      notice_type: 3 + (i % 2),
      name,
      message_content: `<p>${name}，请各教研组做好准备。</p>`,
      status: 1,
      account_id: who,
      created_at: new Date(Date.now() - i * 3_600_000),
    });
  await db.insert(notice).values({ notice_type: 3, name: "草稿公告不应出现", status: 0, account_id: xiaoji.account_id });
  // Live classrooms: two streaming is_live lessons, one streaming a private lesson, one live lesson later today.
  const now = Date.now();
  const lessons = [
    ["七年级（1）班", "数学", "圆的面积（第二课时）", true, 1, live1],
    ["八年级（3）班", "语文", "背影（朱自清）", true, 1, live2],
    ["九年级（2）班", "物理", "内部教研课", true, 0, ""],
  ] as const;
  for (const [i, [room, sub, course, streaming, isLive, cover]] of lessons.entries()) {
    const cls = 92000 + i;
    await db.insert(equipment).values({
      code: `YK-${key}E2E${i}`,
      position: room,
      school_id: one,
      new_class_id: cls,
      secret_hash: "x",
      teacher_stream_key: `${key}-t-${i}`,
      student_stream_key: `${key}-s-${i}`,
      teacher_live: streaming,
    });
    await db.insert(timetable).values({
      school_id: one,
      class_id: cls,
      subject_id: subj(sub).id,
      account_id: zhang.account_id,
      course_name: course,
      is_live: isLive,
      cover_url: cover,
      currency_date: dayjs(now).tz(TIME_ZONE).format("YYYY-MM-DD"),
      start_at: new Date(now - 15 * MIN),
      end_at: new Date(now + 30 * MIN),
    });
  }
  const endOfDay = dayjs(now).tz(TIME_ZONE).endOf("day").valueOf();
  const later = now + Math.min(60 * MIN, Math.floor((endOfDay - now) / 2));
  await db.insert(timetable).values({
    school_id: one,
    class_id: 92000,
    subject_id: subj("数学").id,
    account_id: zhang.account_id,
    course_name: "圆的周长",
    is_live: 1,
    currency_date: dayjs(now).tz(TIME_ZONE).format("YYYY-MM-DD"),
    start_at: new Date(later),
    end_at: new Date(later + 40 * MIN),
  });
  // Review activities and topics.
  await db.insert(reviewActivity).values([
    { title: "2026 年青年教师优质课评比", phase: 2, school_id: one, cover_url: act1, submit_end: new Date(now + 7 * 86_400_000) },
    { title: "大单元教学课例展评", phase: 4, school_id: 0, cover_url: act2 },
    { title: "草稿活动不应出现", phase: 0, school_id: one },
  ]);
  await db.insert(topic).values([
    { title: "双减背景下的作业设计", status: 1, cover_url: top1, description: "聚焦分层作业与实践性作业的课例集" },
    { title: "整本书阅读教学", status: 1, cover_url: top2, description: "初中语文整本书阅读的教学课例与资源" },
  ]);
  if (key === "fg") {
    const [b1, b2] = await Promise.all([
      up(image("fg-b1", 1600, 700, "0x14332c", "0x3f9a80", "区域教研成果展示周", 80)),
      up(image("fg-b2", 1600, 700, "0x2f6fae", "0x1f6f5c", "AI 课堂分析 让每一节课看得见", 72)),
    ]);
    await db.insert(commonImg).values([
      { attribute: "banner", title: "区域教研成果展示周", img_url: b1, link_url: "/foreground/courseResources", sort: 2 },
      { attribute: "banner", title: "AI 课堂分析", img_url: b2, link_url: "/foreground/AIAnalysisCourse", sort: 1 },
    ]);
    const icons = await Promise.all(
      [
        ["资", "0x1f6f5c", "课程资源", "/foreground/courseResource"],
        ["播", "0xe5484d", "直播列表", "/foreground/courseResources"],
        ["析", "0x2f6fae", "AI分析课程", "/foreground/AIAnalysisCourse"],
        ["评", "0xd48806", "评课活动", "/foreground/reviewActivity"],
        ["影", "0x6b4fa0", "精品课例", "/foregroundFilm"],
        ["告", "0x2e7d8c", "学校公告", "/foreground/schoolBulletin"],
      ].map(async ([ch, c, title, link], i) => ({ title: title!, link: link!, img: await up(image(`fg-i${i}`, 120, 120, c!, c!, ch!, 60)), sort: 10 - i })),
    );
    await db
      .insert(commonImg)
      .values(icons.map((x) => ({ attribute: "module", title: x.title, img_url: x.img, link_url: x.link, sort: x.sort, is_shortcut: 1 })));
  }
  seeded[key] = {
    film: videos[0]!,
    live: "圆的面积（第二课时）",
    analysis: "圆的面积 · 课堂分析",
    bulletin: bulletins[0][1],
    review: "2026 年青年教师优质课评比",
  };
  // The film detail needs a published course of the video (公开课).
  const [c] = await db
    .select({ id: courseResource.id })
    .from(courseResource)
    .where(and(eq(courseResource.name, "圆的面积"), eq(courseResource.status, 1)));
  await db
    .insert(courseResourceBind)
    .values({ course_id: c!.id, resources_id: videos[0]!, resources_type: 1, title: "圆的面积 公开课", account_id: zhang.account_id });
}

async function newPage(width: number, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const context = await handle.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, locale: "zh-CN", timezoneId: TIME_ZONE });
  return { context, page: await context.newPage() };
}
/** Waits until the images on the page have loaded (lazy ones scrolled into view first), for the screenshots. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.onload = r;
              img.onerror = r;
              setTimeout(r, 3000);
            }),
      ),
    );
  });
}

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync(TMP_DIR, { recursive: true });
  work = mkdtempSync(path.join(TMP_DIR, "e2e-front-"));
  [fg, te] = await Promise.all([startTestServer(), startTestServer({ EDITION: "teachEvents" })]);
  handle = await launchBrowser();
  await Promise.all([seed(fg, "fg", true), seed(te, "te", false)]);
}, 180_000);
afterAll(async () => {
  await handle?.close();
  await fg?.close();
  await te?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)("front site (foreground edition)", () => {
  it("an anonymous visitor's home renders its sections; the header links navigate; 登录 opens the login page", async () => {
    const { context, page } = await newPage(1440);
    await page.goto(`${fg.url}/#/foreground`);
    await page.getByTestId("ForegroundHomePage").waitFor();
    await page.getByTestId("home-banner").waitFor();
    expect(await page.getByTestId("home-banner").locator("img").count()).toBe(2);
    expect(await page.getByTestId("home-shortcuts").locator("a").count()).toBe(6);
    await page.getByTestId("home-live").getByText(seeded.fg.live, { exact: true }).first().waitFor();
    expect(await page.getByTestId("home-live").getByTestId("live-card").count()).toBe(2);
    await expect.poll(() => page.getByTestId("home-live").textContent()).not.toContain("内部教研课");
    await page.getByTestId("home-analyses").getByText(seeded.fg.analysis, { exact: true }).first().waitFor();
    expect(await page.getByTestId("home-analyses").getByTestId("analysis-card").count()).toBe(4);
    await page.getByTestId("home-bulletin-section").getByText(seeded.fg.bulletin, { exact: true }).first().waitFor();
    expect(await page.getByTestId("home-bulletin-section").textContent()).not.toContain("草稿公告");
    await page.getByTestId("home-review").getByText(seeded.fg.review, { exact: true }).first().waitFor();
    expect(await page.getByTestId("home-review").textContent()).not.toContain("草稿活动");
    await page.getByTestId("home-ranking").waitFor();
    // Every block shows rows or 暂无数据 (the resource and ranking calls belong to the resource server).
    for (const id of ["home-courses-section", "home-ranking"]) {
      const box = page.getByTestId(id);
      await expect
        .poll(async () => (await box.getByTestId("course-card").count()) + (await box.locator("li").count()) + (await box.getByTestId("empty-state").count()))
        .toBeGreaterThan(0);
    }
    await settle(page);
    await snap(page, "front-site-01-home-1440");
    // The header: the active item follows the route.
    expect(await page.getByTestId("front-nav-home").getAttribute("class")).toContain("active");
    await page.getByTestId("front-nav-schoolBulletin").click();
    await page.getByTestId("bulletin-list").getByText(seeded.fg.bulletin, { exact: true }).first().waitFor();
    expect(hashRoute(page)).toBe("/foreground/schoolBulletin");
    expect(await page.getByTestId("front-nav-schoolBulletin").getAttribute("class")).toContain("active");
    await page.getByTestId("front-nav-AIAnalysisCourse").click();
    await page.getByTestId("analysis-list").getByText(seeded.fg.analysis, { exact: true }).first().waitFor();
    await page.getByTestId("analysis-modes").getByRole("button", { name: "讲授型" }).click();
    await expect.poll(() => page.getByTestId("analysis-card").count()).toBe(1);
    await page.getByTestId("front-nav-courseResources").click();
    await page.getByTestId("live-now").getByText(seeded.fg.live, { exact: true }).first().waitFor();
    await page.getByTestId("live-upcoming").getByText("圆的周长", { exact: true }).first().waitFor();
    await page.getByTestId("live-player").waitFor();
    await page.getByTestId("front-nav-home").click();
    await page.getByTestId("ForegroundHomePage").waitFor();
    await page.getByTestId("front-login-link").click();
    await expect.poll(() => hashRoute(page)).toBe("/login");
    await context.close();
  });

  it("at a phone width the navigation folds into a drawer", async () => {
    const { context, page } = await newPage(375, 812);
    await page.goto(`${fg.url}/#/foreground`);
    await page.getByTestId("home-analyses").getByText(seeded.fg.analysis, { exact: true }).first().waitFor();
    expect(await page.getByTestId("front-nav").isVisible()).toBe(false);
    await settle(page);
    await snap(page, "front-site-02-home-375");
    await page.getByTestId("front-burger").click();
    await page.getByTestId("front-drawer").waitFor();
    await snap(page, "front-site-03-drawer-375");
    await page.getByTestId("front-nav-schoolBulletin-m").click();
    await page.getByTestId("bulletin-list").waitFor();
    expect(await page.getByTestId("front-drawer").count()).toBe(0);
    await context.close();
  });

  it("signed in: 个人中心 and 退出 show, the 数据驾驶舱 opens /bigData with the token appended, a film plays", async () => {
    const { context, page } = await newPage(1440);
    await signIn(page, fg.url, "zhanglaoshi", DEMO_TEACHER_PASSWORD);
    const token = await sessionToken(page);
    await page.goto(`${fg.url}/#/foreground`);
    await page.getByTestId("front-personal-link").waitFor();
    await page.getByTestId("front-logout-link").waitFor();
    expect(await page.getByTestId("front-login-link").count()).toBe(0);
    const [popup] = await Promise.all([context.waitForEvent("page"), page.getByTestId("front-nav-bigData").click()]);
    await popup.waitForLoadState("domcontentloaded");
    const opened = new URL(popup.url());
    expect(opened.searchParams.get("token")).toBe(token);
    expect(opened.hash.replace(/^#/, "").split("?")[0]).toBe("/bigData");
    await popup.close();
    await page.goto(`${fg.url}/#/foregroundFilmDetail?id=${seeded.fg.film}`);
    const v = page.getByTestId("film-video");
    await v.waitFor();
    await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await page.getByTestId("film-report-link").waitFor();
    await settle(page);
    await snap(page, "front-site-04-film-1440");
    await page.goto(`${fg.url}/#/foregroundFilm`);
    await page.getByTestId("films-featured").getByTestId("film-card").first().waitFor();
    await context.close();
  });
});

describe.skipIf(!hasChromium)("front site (teachEvents edition)", () => {
  it("the home puts teaching events first, then videos and resources", async () => {
    const { context, page } = await newPage(1440);
    await page.goto(`${te.url}/#/foreground`);
    await page.getByTestId("TeachEventsHomePage").waitFor();
    await page.getByTestId("home-hero").waitFor();
    await page
      .getByTestId("teach-entries")
      .getByRole("link", { name: /评课大屏/ })
      .waitFor();
    await page.getByTestId("home-review").getByText(seeded.te.review, { exact: true }).first().waitFor();
    await page.getByTestId("home-topics").getByText("双减背景下的作业设计", { exact: true }).first().waitFor();
    await page.getByTestId("home-analyses").getByText(seeded.te.analysis, { exact: true }).first().waitFor();
    const order = await page.evaluate(() =>
      ["teach-entries", "home-review", "home-topics", "home-analyses", "home-courses-section"].map(
        (id) => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect().top,
      ),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(await page.getByTestId("front-nav").getByRole("link").count()).toBe(6);
    await settle(page);
    await snap(page, "front-site-05-teachevents-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await settle(page);
    await snap(page, "front-site-06-teachevents-375");
    await context.close();
  });
});

import { CALLS, type IndicatorListAnswer, type ReviewActivityRow, type ReviewDetail, type ReviewWorkRow, type SessionInfo } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { account } from "../apps/server/src/modules/account/account.schema.js";
import { seedReviewDemo } from "../apps/server/src/modules/review/review.demo.js";
import { video } from "../apps/server/src/modules/video/video.schema.js";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../apps/server/src/db/bootstrap.js";
import path from "node:path";
import { ARTIFACTS, type BrowserHandle, hasChromium, launchBrowser, signIn, snap } from "./support.js";

/**
 * #11 评课活动 in the browser: 张老师 signs up on the activity page and submits a work (one of his videos) in the
 * 提交作品 dialog; the administrator advances the phases and allocates over the wire; 李老师, the assigned reviewer,
 * scores it on the work page (提交评分, the weighted total shown); the administrator publishes the results on
 * 资源中心 → 评课活动 (公示结果); the results page ranks 张老师's work first (the rank order asserted in the DOM).
 * Screenshots of each page at 1440 px and the activity and results pages at 375 px.
 */

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
const who: Record<string, SessionInfo> = {};
let activity = 0;
let scheme = 0;
const works: Record<string, number> = {};

async function ok<T>(path: string, payload: Record<string, unknown>, user: string): Promise<T> {
  const r = await server.call<T>(path, payload, who[user]!.token);
  if (r.code !== 200) throw new Error(`${path}: ${r.code} ${r.msg}`);
  return r.data;
}

/** A full-page screenshot from the top (a sticky header stays at the top), and optionally the part of `testId` in view. */
async function shot(name: string, testId?: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
  if (testId) {
    await page.getByTestId(testId).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${testId}.png`) });
  }
}

async function as(user: string): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto("about:blank");
  await signIn(page, server.url, user, user.endsWith("laoshi") ? DEMO_TEACHER_PASSWORD : DEMO_ADMIN_PASSWORD);
}

beforeAll(async () => {
  if (!hasChromium) return;
  // WEB_DIST: a private build to test against while others rebuild apps/web/dist (default: apps/web/dist).
  server = await startTestServer(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});
  handle = await launchBrowser();
  context = await handle.browser.newContext({ viewport: { width: 1440, height: 960 }, locale: "zh-CN" });
  page = await context.newPage();
  for (const u of ["xiaoji", "zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"])
    who[u] = await server.login(u, u.endsWith("laoshi") ? DEMO_TEACHER_PASSWORD : DEMO_ADMIN_PASSWORD);
  const db = server.database.db;
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi"]) {
    const [acc] = await db.select().from(account).where(eq(account.username, u));
    await db
      .insert(video)
      .values({ name: `${acc!.realname}的课例实录`, account_id: acc!.id, school_id: acc!.school_id, source: "upload", file_id: 0, status: "ready" });
  }
  // The demo's two activities (without videos) share the list with the one this test drives.
  await seedReviewDemo({ db, files: server.services.files, videos: server.services.media.videos, ffmpeg: "ffmpeg", dataDir: "" }, []);
  const schemes = await ok<IndicatorListAnswer>(CALLS.indicatorList, { root_id: 0, status: 1, scope: "platform" }, "xiaoji");
  scheme = schemes.list.find((s) => s.item_count > 0)!.id;
  const a = await ok<ReviewActivityRow>(
    CALLS.reviewSave,
    {
      title: "浏览器测试·课堂教学展评",
      introduce: "浏览器测试用的评课活动。",
      indicator_id: scheme,
      reviewers_per_work: 1,
      allocate_mode: 1,
      signup_start: "2026-11-01",
      signup_end: "2026-11-10",
      submit_end: "2026-11-20",
      review_end: "2026-11-30",
    },
    "xiaoji",
  );
  activity = a.id;
  await ok(CALLS.reviewSetPhase, { id: activity, phase: 1 }, "xiaoji");
});

afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("评课活动 in the browser", () => {
  it("a teacher signs up and submits a work", async () => {
    // Anonymous: the list and the activity, 报名 asks to log in.
    await page.goto(`${server.url}/#/foreground/reviewActivity`);
    await page.getByTestId("activity-card").first().waitFor();
    expect(await page.getByTestId("activity-card").filter({ hasText: "浏览器测试·课堂教学展评" }).count()).toBe(1);
    await shot("review-list-1440");
    await page.getByTestId("activity-card").filter({ hasText: "浏览器测试·课堂教学展评" }).locator("a").click();
    await page.getByTestId("activity-title").waitFor();
    await page.getByTestId("login-hint").waitFor();

    await as("zhanglaoshi");
    await page.goto(`${server.url}/#/foreground/activityCourseDetails?id=${activity}`);
    await page.getByTestId("signup-button").click();
    await page.getByTestId("signed-up").waitFor();
    await shot("review-detail-signup-1440");
    // The others sign up over the wire; the organiser opens 提交作品.
    await ok(CALLS.reviewSignup, { id: activity }, "lilaoshi");
    await ok(CALLS.reviewSignup, { id: activity }, "wanglaoshi");
    await ok(CALLS.reviewSetPhase, { id: activity, phase: 2 }, "xiaoji");
    await page.reload();
    await page.getByTestId("submit-work-button").click();
    const dialog = page.locator(".ant-modal:visible");
    await dialog.getByTestId("work-title").fill("《背影》细读与情感体验");
    await dialog.getByTestId("work-video").click();
    const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "张老师的课例实录" }).first();
    await option.waitFor();
    await option.click();
    await expect.poll(() => page.locator(".ant-select-dropdown:visible").count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => dialog.getByTestId("work-video").textContent(), { timeout: 10_000 }).toContain("张老师的课例实录");
    await dialog.locator("textarea").first().fill("以朗读为主线体会父爱。");
    await shot("review-submit-dialog-1440");
    await dialog.getByRole("button", { name: /提\s*交/ }).click();
    await page.getByTestId("work-submitted").waitFor();
    const detail = await ok<ReviewDetail>(CALLS.webReviewDetail, { id: activity }, "zhanglaoshi");
    expect(detail.me.my_work_id).toBeGreaterThan(0);
    works.zhanglaoshi = detail.me.my_work_id;
    for (const u of ["lilaoshi", "wanglaoshi"]) {
      const mine = await ok<{ list: { id: number; name: string }[] }>(CALLS.myVideoList, { page: 1, limit: 10 }, u);
      works[u] = (
        await ok<ReviewWorkRow>(
          CALLS.reviewWorkSave,
          { activity_id: activity, title: `${u === "lilaoshi" ? "一元一次方程的应用" : "Unit 3 Reading"}`, video_id: mine.list[0]!.id },
          u,
        )
      ).id;
    }
    await page.reload();
    await page.getByTestId("work-card").nth(2).waitFor();
    expect(await page.getByTestId("work-card").count()).toBe(3);
  });

  it("the administrator moves to 评审 and allocates; the reviewer scores in the browser", async () => {
    await ok(CALLS.reviewReviewersSet, { id: activity, account_ids: ["lilaoshi", "wanglaoshi", "zhaolaoshi"].map((u) => who[u]!.account_id) }, "xiaoji");
    await ok(CALLS.reviewSetPhase, { id: activity, phase: 3 }, "xiaoji");
    await ok(CALLS.reviewAllocate, { id: activity, mode: 1, work_id: works.zhanglaoshi, reviewer_ids: [who.lilaoshi!.account_id] }, "xiaoji");
    await ok(CALLS.reviewAllocate, { id: activity, mode: 1, work_id: works.lilaoshi, reviewer_ids: [who.wanglaoshi!.account_id] }, "xiaoji");
    await ok(CALLS.reviewAllocate, { id: activity, mode: 1, work_id: works.wanglaoshi, reviewer_ids: [who.zhaolaoshi!.account_id] }, "xiaoji");

    await as("lilaoshi");
    // The activity page lists the reviewer's task and links to the scoring panel.
    await page.goto(`${server.url}/#/foreground/activityCourseDetails?id=${activity}`);
    await page.getByTestId("my-tasks").getByText("去评分").click();
    await page.getByTestId("score-panel").waitFor();
    const d = await ok<ReviewDetail>(CALLS.webReviewDetail, { id: activity }, "lilaoshi");
    const items = d.scheme!.children.flatMap((x) => x.children);
    expect(await page.getByTestId("score-item").count()).toBe(items.length);
    // Submitting with an item missing is refused on the page.
    await page.getByTestId("score-submit").click();
    await page.getByText("请为每一项评分后再提交").first().waitFor();
    for (const it of items)
      await page
        .getByTestId(`score-input-${it.id}`)
        .locator("input")
        .or(page.getByTestId(`score-input-${it.id}`))
        .first()
        .fill(String(it.max_score));
    await page.getByTestId("score-comment").fill("目标清晰，朗读指导到位。");
    await page.getByTestId("score-submit").click();
    await expect.poll(() => page.getByTestId("score-state").textContent(), { timeout: 10_000 }).toBe("已提交");
    expect(await page.getByTestId("score-total").textContent()).toBe("100");
    await shot("review-work-scoring-1440", "score-panel");
    // The other reviewers score over the wire: li's work low, wang's in the middle.
    const at = (f: number) => Object.fromEntries(items.map((it) => [String(it.id), Math.round((it.min_score + (it.max_score - it.min_score) * f) * 2) / 2]));
    await ok(CALLS.reviewScoreSave, { work_id: works.lilaoshi, scores: at(0.3), submit: true }, "wanglaoshi");
    await ok(CALLS.reviewScoreSave, { work_id: works.wanglaoshi, scores: at(0.7), submit: true }, "zhaolaoshi");
  });

  it("the administrator publishes the results; the results page ranks the works", async () => {
    await as("xiaoji");
    await page.goto(`${server.url}/#/resourceCenter/reviewActivity`);
    await page.getByTestId("review-table").waitFor();
    await page.getByTestId("review-create").click();
    await page.getByTestId("review-title").waitFor();
    await shot("review-admin-form-1440");
    await page
      .locator(".ant-drawer-extra")
      .getByRole("button", { name: /取\s*消/ })
      .click();
    await page.getByTestId("review-open").filter({ hasText: "浏览器测试·课堂教学展评" }).click();
    await page.getByTestId("phase-next").waitFor();
    await shot("review-admin-drawer-1440");
    await page.getByRole("tab", { name: /评审专家/ }).click();
    await page.getByTestId("reviewer-picker").waitFor();
    await page.getByTestId("reviewer-picker").getByText("李老师").first().waitFor();
    await shot("review-admin-reviewers-1440");
    await page.getByRole("tab", { name: "评审分配" }).click();
    await page.getByTestId("allocation-matrix").waitFor();
    await page.getByTestId("allocation-matrix").getByText("100 分").waitFor();
    await shot("review-admin-allocation-1440");
    await page.getByRole("tab", { name: "阶段" }).click();
    await page.getByTestId("phase-next").click();
    await page
      .locator(".ant-modal-confirm")
      .getByRole("button", { name: /确\s*定/ })
      .click();
    await page
      .getByText(/结果已公示，3 件作品获得名次/)
      .first()
      .waitFor({ timeout: 8000 })
      .catch(async (e) => {
        await snap(page, "debug-publish");
        throw e;
      });
    await page.getByRole("tab", { name: "评审结果" }).click();
    await page.getByTestId("admin-results").waitFor();
    await shot("review-admin-results-1440");

    // Anonymous: the activity's results.
    await page.evaluate(() => localStorage.clear());
    await page.goto("about:blank");
    await page.goto(`${server.url}/#/foreground/activityCourseDetails?id=${activity}`);
    await page.getByTestId("results-table").waitFor();
    await page.getByTestId("result-title").nth(2).waitFor();
    const titles = await page.getByTestId("result-title").allTextContents();
    expect(titles).toEqual(["《背影》细读与情感体验", "Unit 3 Reading", "一元一次方程的应用"]);
    expect(await page.getByTestId("result-rank").allTextContents()).toEqual(["1", "2", "3"]);
    expect(await page.getByTestId("podium").textContent()).toContain("《背影》细读与情感体验");
    await shot("review-results-1440");
    await page.goto(`${server.url}/#/foreground/activityWorks?id=${works.zhanglaoshi}`);
    await page.getByTestId("work-result").waitFor();
    expect(await page.getByTestId("work-result").textContent()).toContain("第 1 名");
    await shot("review-work-result-1440");
    // Phone width.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/#/foreground/activityCourseDetails?id=${activity}`);
    await page.getByTestId("results-table").waitFor();
    await shot("review-results-375", "results-panel");
    await page.goto(`${server.url}/#/foreground/activityWorks?id=${works.zhanglaoshi}`);
    await page.getByTestId("work-result").waitFor();
    await shot("review-work-375", "work-result");
    await page.goto(`${server.url}/#/foreground/reviewActivity`);
    await page.getByTestId("activity-card").first().waitFor();
    await shot("review-list-375");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1440, height: 960 });
  });
});

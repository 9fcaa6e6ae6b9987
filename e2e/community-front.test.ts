import {
  CALLS,
  type ActivityRow,
  type ActivitySchedule,
  type CommunityItem,
  type HomeStatistics,
  type NoticeRow,
  type Page as ListPage,
  type UnitCount,
} from "@yanke/protocol";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, launchBrowser, sessionToken, signIn, snap } from "./support.js";

/**
 * #7 the NINGXIA front site in Chromium: an anonymous visitor sees the community home with the public counts the wire
 * answers and filters the community directory by level; a district administrator (quji) sees the home's organization
 * numbers (c338), the teaching activities (c393) with a detail drawer, and the statistics page (/home) with its charts
 * drawn and the juniorList rows (c349) of the wire. The server starts with the community demo content
 * (SEED_DEMO_CONTENT: communities of every level, members, articles, notices, activities over the last months).
 */

let server: TestServer;
let handle: BrowserHandle | undefined;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA", SEED_DEMO_CONTENT: "1" });
  handle = await launchBrowser();
  context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN", timezoneId: "Asia/Shanghai" });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
});

async function wire<T>(path: string, payload: Record<string, unknown> = {}, token?: string): Promise<T> {
  const r = await server.call<T>(path, payload, token);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}

const text = async (l: Locator) => ((await l.textContent()) ?? "").trim();
const num = async (l: Locator) => Number((await text(l)).replace(/,/g, ""));

/** Waits until the open drawer has slid in (its right edge at the viewport's). */
async function drawerSettled(page: Page): Promise<void> {
  const panel = page.locator(".ant-drawer-open .ant-drawer-content-wrapper, .ant-drawer-open .ant-drawer-section").first();
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box ? Math.round(box.x + box.width) : -1;
    })
    .toBe(page.viewportSize()!.width);
}

/** Pixels drawn on the chart's canvas (not transparent). */
function drawnPixels(chart: Locator): Promise<number> {
  return chart
    .locator("canvas")
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext("2d");
      if (!ctx || !c.width || !c.height) return 0;
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
      return n;
    });
}

describe.skipIf(!hasChromium)("browser: the community front site (NINGXIA)", () => {
  it("an anonymous visitor sees the home with the platform's totals, notices, recommended communities and rankings", async () => {
    const [totals, communities, platform] = await Promise.all([
      wire<HomeStatistics>(CALLS.njyStatistics, {}),
      wire<ListPage<CommunityItem>>(CALLS.njyRecommendCommunityList, { page: 1, limit: 6 }),
      wire<ListPage<NoticeRow>>(CALLS.platformNoticeList, { page: 1, limit: 7 }),
    ]);
    expect(communities.total).toBeGreaterThan(0);
    expect(totals.community_count).toBeGreaterThan(0);
    await page.goto(`${server.url}/#/foreground`);
    await page.getByTestId("FrontHomePage").waitFor();
    const stats = page.getByTestId("home-stats");
    await expect.poll(() => text(stats.getByTestId("stat-community_count-value"))).not.toBe("—");
    expect(await num(stats.getByTestId("stat-community_count-value"))).toBe(totals.community_count);
    expect(await num(stats.getByTestId("stat-article_count-value"))).toBe(totals.article_count);
    expect(await num(stats.getByTestId("stat-teacher_count-value"))).toBe(totals.teacher_count);
    // Recommended communities: c340's first page (recommended first), as cards.
    const cards = page.getByTestId("home-recommend").getByTestId("community-card-name");
    await expect.poll(() => cards.count()).toBe(communities.list.length);
    expect(await cards.allTextContents()).toEqual(communities.list.map((c) => `${c.is_recommend ? "荐" : ""}${c.name}`));
    // Platform notices (the first tab) as c337 answers them.
    const lines = page.getByTestId("home-notices").getByTestId("notice-line").locator(".ykf-notice-name");
    await expect.poll(() => lines.count()).toBe(platform.list.length);
    expect(await lines.allTextContents()).toEqual(platform.list.map((n) => n.name));
    // Calls that need login are not made: their places ask to sign in.
    expect(await page.getByTestId("home-schedule").getByTestId("login-hint").count()).toBe(1);
    // The public rankings are charts.
    await page.getByTestId("region-ranking-chart").locator("canvas").waitFor();
    await page.getByTestId("active-community-chart").locator("canvas").waitFor();
    await expect.poll(() => drawnPixels(page.getByTestId("active-community-chart"))).toBeGreaterThan(1000);
    await snap(page, "90-front-home");
  });

  it("the directory filters communities by level as c208 answers", async () => {
    await page.goto(`${server.url}/#/foreground/teachingRresearch`);
    await page.getByTestId("TeachingResearchPage").waitFor();
    const all = await wire<ListPage<CommunityItem>>(CALLS.communityAllList, { page: 1, limit: 12 });
    await expect.poll(() => text(page.getByTestId("directory-total"))).toBe(`共 ${all.total} 个社区`);
    const district = await wire<ListPage<CommunityItem>>(CALLS.communityAllList, { page: 1, limit: 12, level: 2 });
    expect(district.total).toBeGreaterThan(0);
    expect(district.total).toBeLessThan(all.total);
    await page.getByTestId("filter-level").locator('[data-value="2"]').click();
    await expect.poll(() => text(page.getByTestId("directory-total"))).toBe(`共 ${district.total} 个社区`);
    const cards = page.getByTestId("directory-list").getByTestId("community-card");
    await expect.poll(() => cards.count()).toBe(district.list.length);
    expect(await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-id"))))).toEqual(district.list.map((c) => c.id));
    for (const tag of await page.getByTestId("directory-list").getByTestId("community-level-tag").allTextContents()) expect(tag).toBe("区县级");
    await snap(page, "91-front-directory");
    // A card opens the community's blog.
    await cards.first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/blog?community_id=${district.list[0]!.id}`);
  });

  it("the bulletin lists platform, web and community notices and opens one", async () => {
    await page.goto(`${server.url}/#/foreground/bulletin`);
    await page.getByTestId("BulletinPage").waitFor();
    const platform = await wire<ListPage<NoticeRow>>(CALLS.platformNoticeList, { page: 1, limit: 10 });
    const names = page.getByTestId("bulletin-row-name");
    await expect.poll(() => names.count()).toBe(platform.list.length);
    expect(await names.allTextContents()).toEqual(platform.list.map((n) => n.name));
    await page.getByRole("tab", { name: "社区公告" }).click();
    const community = await wire<ListPage<NoticeRow>>(CALLS.communityIndexCommunityNoticeList, { page: 1, limit: 10 });
    await expect.poll(() => names.first().textContent()).toBe(community.list[0]!.name);
    await names.first().click();
    await expect.poll(() => text(page.getByTestId("notice-detail-name"))).toBe(community.list[0]!.name);
    await drawerSettled(page);
    await snap(page, "94-front-bulletin");
    await page.keyboard.press("Escape");
    // Lesson analysis: the analysed lessons of the communities (the analysis demo runs in the background and, with its
    // media cached, may already have finished), or an honest 暂无数据 while there are none. A lesson the wire lists
    // before the page opens cannot vanish from it.
    const all = await wire<ListPage<{ id: number }>>(CALLS.communityAllList, { page: 1, limit: 12 });
    const before = (
      await Promise.all(all.list.map((c) => wire<ListPage<{ id: number }>>(CALLS.aiCourseList, { community_id: c.id, page: 1, limit: 20 }).catch(() => null)))
    ).reduce((n, p) => n + (p?.list.length ?? 0), 0);
    await page.goto(`${server.url}/#/foreground/lessonAnalysis`);
    const lessons = page.getByTestId("lesson-list");
    await lessons.getByTestId("empty-state").or(lessons.getByTestId("lesson-report").first()).waitFor();
    const shown = await lessons.getByTestId("lesson-report").count();
    if (before > 0) expect(shown).toBeGreaterThan(0);
    expect(await lessons.getByTestId("empty-state").count()).toBe(shown === 0 ? 1 : 0);
    await snap(page, "95-front-lesson-analysis");
  });

  it("a district administrator sees his numbers, the activities and the statistics with charts and juniorList rows", async () => {
    await signIn(page, server.url, "quji", "Demo12345");
    const token = await sessionToken(page);
    expect(token).not.toBe("");
    const stats = await wire<HomeStatistics>(CALLS.njyStatistics, {}, token);
    await page.goto(`${server.url}/#/foreground`);
    const cards = page.getByTestId("home-stats");
    await expect.poll(() => text(cards.getByTestId("stat-community_count-value"))).not.toBe("—");
    for (const k of ["community_count", "member_count", "activity_count", "article_count", "school_count", "teacher_count"] as const) {
      expect(await num(cards.getByTestId(`stat-${k}-value`)), k).toBe(stats[k]);
    }
    // The month's calendar (c339): each day's count as the wire answers it.
    const schedule = await wire<ActivitySchedule>(CALLS.njyActivitySchedule, {}, token);
    await page.getByTestId("schedule-calendar").waitFor();
    const counts = await page.getByTestId("schedule-day").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-count"))));
    expect(counts).toEqual(schedule.days.map((d) => d.count));
    await page.getByTestId("active-community-chart").locator("canvas").waitFor();
    await snap(page, "90-front-home-signed-in");

    // Teaching activities (c393) with a type filter and a detail drawer (c394).
    await page.goto(`${server.url}/#/foreground/teachingActivities`);
    const research = await wire<ListPage<ActivityRow>>(CALLS.activityList, { page: 1, limit: 10, type: "research" }, token);
    expect(research.total).toBeGreaterThan(0);
    await page.getByTestId("filter-activity-type").locator('[data-value="research"]').click();
    await expect.poll(() => text(page.getByTestId("activity-total"))).toBe(`共 ${research.total} 项`);
    const names = page.getByTestId("activity-list").getByTestId("activity-card-name");
    expect(await names.allTextContents()).toEqual(research.list.map((a) => a.name));
    await snap(page, "92-front-activities");
    await page.getByTestId("activity-list").getByTestId("activity-card").first().click();
    await expect.poll(() => text(page.getByTestId("activity-detail-name"))).toBe(research.list[0]!.name);
    await drawerSettled(page);
    await snap(page, "92-front-activities-detail");
    await page.keyboard.press("Escape");

    // 数据统计 (/home): juniorList rows as the wire answers them, charts drawn.
    const juniors = await wire<ListPage<UnitCount>>(CALLS.orgJuniorList, { page: 1, limit: 10 }, token);
    expect(juniors.list.length).toBeGreaterThan(0);
    await page.goto(`${server.url}/#/home`);
    await page.getByTestId("StatisticsPage").waitFor();
    const table = page.getByTestId("stat-juniors").locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => table.count()).toBe(juniors.list.length);
    const shown = await table.evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())));
    expect(shown.map((r) => [r[0], ...r.slice(2).map(Number)])).toEqual(
      juniors.list.map((u) => [u.name, u.school_count, u.teacher_count, u.community_count, u.member_count, u.activity_count, u.article_count]),
    );
    await expect.poll(() => drawnPixels(page.getByTestId("junior-chart"))).toBeGreaterThan(1000);
    await expect.poll(() => drawnPixels(page.getByTestId("activity-months-chart"))).toBeGreaterThan(1000);
    await expect.poll(() => page.getByTestId("org-crumb").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("stat-teachers").locator(".ant-table-tbody tr.ant-table-row").count()).toBeGreaterThan(0);
    await snap(page, "93-statistics");
  });
});

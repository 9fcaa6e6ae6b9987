/**
 * #7 the community edition's story in one pass, in Chromium on a NINGXIA server with the demo content (the issue's
 * browser test): 张老师 creates a community through its form; 李老师 finds and joins it; 张老师 writes an article
 * in the space's editor; 李老师 comments on it; 张老师 publishes a notice to the members and it reaches 李老师's
 * personal centre (unread, then read when opened). Screenshots of the community home and the statistics page.
 */
import {
  type ActivityNums,
  type ArticleCommentRow,
  CALLS,
  type CommunityItem,
  type HomeStatistics,
  type MessageRow,
  type Page as ListPage,
  type UnitCount,
} from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, chartSeries, hasChromium, hashRoute, inputOf, launchBrowser, okOf, signIn, snap } from "./support.js";

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
/** 兴庆区教研员's figures before the story (the community, article and notice it makes are counted on top), and its schools'. */
let before: HomeStatistics;
let schoolsBefore: UnitCount[];
const NAME = `读写结合教研社区${Date.now() % 100000}`;
const TITLE = "整本书阅读的三种课型";

const ok = okOf(
  () => server,
  async (user) => (await server.login(user, user.endsWith("laoshi") ? "Teacher123" : "Demo12345")).token,
);

async function as(username: string): Promise<void> {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await page.goto("about:blank");
  await signIn(page, server.url, username, username.endsWith("laoshi") ? "Teacher123" : "Demo12345");
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA", SEED_DEMO_CONTENT: "1" });
  handle = await launchBrowser();
  context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
  page = await context.newPage();
  before = await ok<HomeStatistics>(CALLS.orgStatistics, {}, "quji");
  schoolsBefore = (await ok<ListPage<UnitCount>>(CALLS.orgJuniorList, { page: 1, limit: 100 }, "quji")).list;
}, 120_000);

afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: a community from creation to a notice in a member's personal centre", () => {
  let communityId = 0;
  let articleId = 0;

  it("张老师 creates a community and 李老师 joins it", async () => {
    await as("zhanglaoshi");
    await page.goto(`${server.url}/#/community/home?view=mine`);
    await page.getByTestId("community-create").click();
    await inputOf(page, "community-form-name").fill(NAME);
    await page.getByTestId("community-form-introduction").fill("读写结合的校本教研：每月一次集体研讨，一次课例展示。");
    await page.getByTestId("community-form-ok").click();
    await expect
      .poll(
        () =>
          page
            .getByTestId("community-name")
            .textContent()
            .catch(() => ""),
        { timeout: 15_000 },
      )
      .toBe(NAME);
    const mine = await ok<ListPage<CommunityItem>>(CALLS.myCreateCommunity, { page: 1, limit: 50 }, "zhanglaoshi");
    communityId = mine.list.find((c) => c.name === NAME)?.id ?? 0;
    expect(communityId).toBeGreaterThan(0);

    await as("lilaoshi");
    await page.goto(`${server.url}/#/community/home?view=mine`);
    await page.getByRole("tab", { name: "加入社区" }).click();
    await inputOf(page, "join-search-name").fill(NAME);
    await page.getByTestId("join-search").click();
    await page.getByRole("row").filter({ hasText: NAME }).getByTestId("join-row-join").click();
    await expect
      .poll(
        () =>
          page
            .getByTestId("community-name")
            .textContent()
            .catch(() => ""),
        { timeout: 15_000 },
      )
      .toBe(NAME);
    const members = await ok<ListPage<{ realname: string }>>(CALLS.communityMemberList, { community_id: communityId, page: 1, limit: 20 }, "zhanglaoshi");
    expect(members.list.map((m) => m.realname).sort()).toEqual(["张老师", "李老师"].sort());
  });

  it("张老师 writes an article in the space and 李老师 comments on it", async () => {
    await as("zhanglaoshi");
    await page.goto(`${server.url}/#/blog/add?community_id=${communityId}`);
    await page.getByTestId("article-title-input").fill(TITLE);
    await page.locator('[data-testid="article-editor"] .ProseMirror').click();
    await page.keyboard.type("导读课、推进课和");
    await page.getByTestId("rte-bold").click();
    await page.keyboard.type("交流课");
    await page.getByTestId("article-submit").click();
    await expect.poll(() => hashRoute(page), { timeout: 10_000 }).toMatch(/^\/blog\/acticle\?/);
    articleId = Number(new URLSearchParams(hashRoute(page).split("?")[1]).get("id"));
    expect(await page.getByTestId("article-content").locator("strong").textContent()).toBe("交流课");

    await as("lilaoshi");
    await page.goto(`${server.url}/#/blog/acticle?id=${articleId}&community_id=${communityId}`);
    const input = page.getByTestId("article-comments-input").locator("textarea").or(page.getByTestId("article-comments-input")).first();
    await input.fill("交流课的评价量表能分享一下吗？");
    await page.getByTestId("article-comments-submit").click();
    await page.getByTestId("article-comments-text").filter({ hasText: "交流课的评价量表" }).waitFor();
    const comments = await ok<ListPage<ArticleCommentRow>>(CALLS.articleCommentList, { article_id: articleId }, "zhanglaoshi");
    expect(comments.list.map((c) => [c.account_name, c.content])).toEqual([["李老师", "交流课的评价量表能分享一下吗？"]]);
  });

  it("张老师 publishes a notice; it reaches 李老师's personal centre, unread until he opens it", async () => {
    await ok(CALLS.messageRead, { all: 1 }, "lilaoshi");
    await as("zhanglaoshi");
    await page.goto(`${server.url}/#/community/notice?community_id=${communityId}`);
    await page.getByTestId("notice-create").click();
    await inputOf(page, "notice-form-name").fill("十二月读写课例展示安排");
    await page.getByTestId("notice-form-content").fill("12 月 10 日下午在录播教室展示交流课，请全体成员参加。");
    await page.getByTestId("notice-form-ok").click();
    const noticeRow = page.getByRole("row").filter({ hasText: "十二月读写课例展示安排" });
    await expect
      .poll(() =>
        noticeRow
          .getByTestId("notice-status")
          .textContent()
          .catch(() => ""),
      )
      .toBe("已发布");
    await page.goto(`${server.url}/#/community/home?community_id=${communityId}`);
    await page.getByTestId("community-name").waitFor();
    await snap(page, "110-story-community-home");

    await as("lilaoshi");
    await page.goto(`${server.url}/#/personalCenter/message`);
    const row = page.getByTestId("msg-row").filter({ hasText: "十二月读写课例展示安排" });
    await row.waitFor();
    expect(await row.getByTestId("msg-unread-dot").count()).toBe(1);
    const unread = await ok<ListPage<MessageRow>>(CALLS.messageList, { is_read: 0 }, "lilaoshi");
    expect(unread.list.map((m) => m.title)).toEqual([await row.getByTestId("msg-title").textContent()]);
    await row.getByTestId("msg-title").click();
    await expect.poll(async () => (await ok<{ unread: number }>(CALLS.messageUnread, {}, "lilaoshi")).unread).toBe(0);
  });

  it("the statistics page draws the organization's figures, the story's community, article and notice counted", async () => {
    const stats = await ok<HomeStatistics>(CALLS.orgStatistics, {}, "quji");
    const counts = (s: HomeStatistics) => [s.community_count, s.article_count, s.notice_count];
    expect(counts(stats)).toEqual(counts(before).map((n) => n + 1));
    const juniors = await ok<ListPage<UnitCount>>(CALLS.orgJuniorList, { page: 1, limit: 10 }, "quji");
    const months = await ok<ActivityNums>(CALLS.statActivityNums, { months: 12 }, "quji");
    // 张老师's school, where the community was made, is a unit below the district, with it counted.
    const zhang = (await server.login("zhanglaoshi", "Teacher123")).school_id;
    const all = (await ok<ListPage<UnitCount>>(CALLS.orgJuniorList, { page: 1, limit: 100 }, "quji")).list;
    const communitiesOf = (rows: UnitCount[]) => rows.find((r) => r.kind === "school" && r.id === zhang)?.community_count;
    expect(communitiesOf(all)).toBe(communitiesOf(schoolsBefore)! + 1);

    await as("quji");
    await page.goto(`${server.url}/#/home`);
    const card = (key: string) => page.getByTestId(`stat-${key}-value`).textContent();
    await expect.poll(() => card("community_count"), { timeout: 20_000 }).toBe(stats.community_count.toLocaleString("zh-CN"));
    expect(await card("article_count")).toBe(stats.article_count.toLocaleString("zh-CN"));
    expect(await card("notice_count")).toBe(stats.notice_count.toLocaleString("zh-CN"));
    await expect
      .poll(() => chartSeries(page, "junior-chart"), { timeout: 20_000 })
      .toEqual([
        { name: "活动数", type: "bar", data: juniors.list.map((r) => r.activity_count) },
        { name: "社区数", type: "bar", data: juniors.list.map((r) => r.community_count) },
        { name: "教师数", type: "bar", data: juniors.list.map((r) => r.teacher_count) },
      ]);
    await expect
      .poll(async () => (await chartSeries(page, "activity-months-chart")).find((x) => x.name === "合计")?.data, { timeout: 20_000 })
      .toEqual(months.total);
    await snap(page, "111-story-statistics");
  });
});

import {
  CALLS,
  type ActivityRow,
  type ArticleDetail,
  type CollectRow,
  type CommunityItem,
  type MeetingRow,
  type MessageRow,
  type MessageUnread,
  type NoticeRow,
  type Page as Paged,
} from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, hashRoute, launchBrowser, okOf, signIn, snap } from "./support.js";

/**
 * #7 personal centre and meetings (NINGXIA edition): a notice reaches a member's 我的消息 and opening it reads it;
 * a collected article shows in 我的收藏 and is uncollected from there; a meeting booked on /meeting reaches the
 * participant's meeting list and detail with its join link. Data over the wire, checked over the wire.
 */

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
const token: Record<string, string> = {};
const accountId: Record<string, number> = {};
let community: CommunityItem;
let notice: NoticeRow;
let article: ArticleDetail;
const JOIN_URL = "https://meeting.example.com/j/720615";

const ok = okOf(
  () => server,
  (user) => token[user] ?? "",
);

/** Waits until no CSS animation or transition runs (tab ink bars, fades), for screenshots. */
async function settled(): Promise<void> {
  const running = () => page.evaluate(() => document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).length);
  await expect.poll(running, { timeout: 5_000 }).toBe(0);
}

/** Signs the page's user out (fresh storage) and signs `user` in. */
async function become(user: string): Promise<void> {
  if (page.url().startsWith(server.url)) await page.evaluate(() => localStorage.clear());
  await page.goto("about:blank");
  await signIn(page, server.url, user, TEST_TEACHER_PASSWORD);
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA" });
  for (const u of ["zhanglaoshi", "lilaoshi"]) {
    const s = await server.login(u, TEST_TEACHER_PASSWORD);
    token[u] = s.token;
    accountId[u] = s.account_id;
  }
  community = await ok<CommunityItem>(
    CALLS.communitySave,
    { name: "个人中心测试社区", introduction: "浏览器测试用的教研社区", type: 1, level: 1, join_mode: 0 },
    "zhanglaoshi",
  );
  await ok(CALLS.communityJoin, { community_id: community.id }, "lilaoshi");
  notice = await ok<NoticeRow>(
    CALLS.operateNoticeSave,
    {
      community_id: community.id,
      name: "关于开展期末复习研讨的通知",
      message_content: "<p>请各位老师周五前提交复习方案。</p>",
      participation_account_ids: [accountId.lilaoshi],
      status: 1,
    },
    "zhanglaoshi",
  );
  article = await ok<ArticleDetail>(
    CALLS.articleSave,
    { community_id: community.id, title: "整本书阅读的课堂组织", content: "<p>以任务单推动整本书阅读。</p>" },
    "zhanglaoshi",
  );
  handle = await launchBrowser();
  context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
  page = await context.newPage();
}, 120_000);
afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: personal centre and meetings (#7)", () => {
  it("the published notice is an unread message of lilaoshi; opening it reads it and goes to the community's notices", async () => {
    expect(notice.message_count).toBe(1);
    await become("lilaoshi");
    await page.goto(`${server.url}/#/personalCenter`);
    await page.getByTestId("pc-profile").waitFor();
    await expect.poll(() => page.getByTestId("pc-stat-unread").textContent()).toContain("1");
    expect(await page.getByTestId("pc-name").textContent()).toBe("李老师");
    await settled();
    await snap(page, "105-personal-index");

    await page.goto(`${server.url}/#/personalCenter/message`);
    const row = page.getByTestId("msg-row").filter({ hasText: notice.name });
    await row.waitFor();
    expect(await row.getAttribute("data-read")).toBe("0");
    expect(await row.getByTestId("msg-unread-dot").count()).toBe(1);
    const wire = await ok<Paged<MessageRow>>(CALLS.messageList, { page: 1, limit: 10 }, "lilaoshi");
    expect(wire.list.map((m) => m.title)).toEqual([await row.getByTestId("msg-title").textContent()]);
    await settled();
    await snap(page, "106-personal-message");

    await row.click();
    await expect.poll(() => hashRoute(page)).toBe(`/community/notice?community_id=${community.id}&id=${notice.id}`);
    expect((await ok<MessageUnread>(CALLS.messageUnread, {}, "lilaoshi")).unread).toBe(0);
    await page.goto(`${server.url}/#/personalCenter/message`);
    await page.getByTestId("msg-filter-unread").click();
    await page.getByText("没有未读消息").waitFor();
  });

  it("a collected article is in 我的收藏 and 取消收藏 there removes it", async () => {
    await ok(CALLS.collectSave, { target_type: "article", target_id: article.id }, "lilaoshi");
    await page.goto(`${server.url}/#/personalCenter/collect`);
    const row = page.getByTestId("collect-row").filter({ hasText: article.title });
    await row.waitFor();
    expect(await row.getAttribute("data-target")).toBe(String(article.id));
    await settled();
    await snap(page, "107-personal-collect");
    await page.getByTestId("collect-tab-article").click();
    await row.waitFor();
    await page.getByTestId("collect-remove").click();
    await page.locator(".ant-popconfirm .ant-btn-primary").click();
    await page.getByText("已取消收藏").waitFor();
    await expect.poll(async () => (await ok<Paged<CollectRow>>(CALLS.collectList, { page: 1, limit: 10 }, "lilaoshi")).total).toBe(0);
    await expect.poll(() => page.getByTestId("collect-row").count()).toBe(0);
  });

  it("zhanglaoshi's home shows his community and activity; he books a link meeting with lilaoshi on /meeting", async () => {
    await become("zhanglaoshi");
    const start = new Date(Date.now() + 24 * 3600_000);
    const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Shanghai" }).format(start);
    await ok(
      CALLS.activitySave,
      {
        community_id: community.id,
        name: "期末复习研讨活动",
        introduction: "复习课同课异构",
        start_time: `${day} 09:00:00`,
        end_time: `${day} 11:00:00`,
        participation_account_ids: [accountId.lilaoshi],
      },
      "zhanglaoshi",
    );
    await page.goto(`${server.url}/#/personalCenter/myPersonalCenter`);
    await page.getByTestId("pc-home-name").waitFor();
    await page.getByRole("tab", { name: "我的社区" }).click();
    await page.getByTestId("studio-card").filter({ hasText: community.name }).waitFor();
    await page.getByRole("tab", { name: "我发起的活动" }).click();
    await page.getByTestId("activity-row").filter({ hasText: "期末复习研讨活动" }).waitFor();
    await settled();
    await snap(page, "108-my-personal-center");
    await page.getByTestId("activity-name").filter({ hasText: "期末复习研讨活动" }).click();
    await expect.poll(() => page.getByTestId("activity-drawer").textContent()).toContain("李老师");
    await page.keyboard.press("Escape");

    // 活动管理: rename his activity and recommend it; the wire agrees.
    await page.goto(`${server.url}/#/personalCenter/eventManagement`);
    const act = page.getByTestId("activity-row").filter({ hasText: "期末复习研讨活动" });
    await act.getByTestId("activity-edit").click();
    const nameInput = page.getByTestId("activity-edit-form").locator("input").first();
    await nameInput.fill("期末复习研讨活动（修订）");
    await page.locator(".ant-modal-footer .ant-btn-primary").click();
    await page.getByTestId("activity-row").filter({ hasText: "期末复习研讨活动（修订）" }).waitFor();
    await page.getByTestId("activity-row").filter({ hasText: "期末复习研讨活动（修订）" }).getByTestId("activity-recommend").click();
    await page.getByText("已推荐").waitFor();
    const [mineAct] = (await ok<Paged<ActivityRow>>(CALLS.myActivity, { page: 1, limit: 10, type: "research" }, "zhanglaoshi")).list;
    expect([mineAct?.name, mineAct?.is_recommend]).toEqual(["期末复习研讨活动（修订）", 1]);

    await page.goto(`${server.url}/#/meeting`);
    await page.getByTestId("meeting-name").fill("期末复习线上研讨");
    await page.getByTestId("meeting-community").filter({ hasText: community.name }).waitFor();
    await page.getByPlaceholder("开始时间").click();
    await page.getByPlaceholder("开始时间").fill(`${day} 14:00`);
    await page.keyboard.press("Enter");
    await page.getByPlaceholder("结束时间").fill(`${day} 15:30`);
    await page.locator(".ant-picker-ok button").filter({ visible: true }).click();
    await expect.poll(() => page.locator(".ant-picker-dropdown").filter({ visible: true }).count()).toBe(0);
    await page.getByTestId("meeting-participants").click();
    await page.keyboard.type("李老师");
    await page.locator(".ant-select-item-option").filter({ hasText: "李老师" }).click();
    await page.keyboard.press("Escape");
    // Tencent Meeting is not configured on this server (the provider call says link): only the link is offered.
    expect(await ok<{ provider: string }>(CALLS.meetingProvider, {}, "zhanglaoshi")).toMatchObject({ provider: "link" });
    await expect.poll(() => page.getByTestId("meeting-provider").getAttribute("data-configured")).toBe("link");
    expect(await page.getByTestId("meeting-provider-tencent").count()).toBe(0);
    // An empty link is refused in the form; nothing is booked.
    await page.getByTestId("meeting-submit").click();
    await page.getByText("请输入会议链接").first().waitFor();
    expect(hashRoute(page)).toBe("/meeting");
    expect((await ok<Paged<MeetingRow>>(CALLS.tencentMeetingList, { page: 1, limit: 10 }, "zhanglaoshi")).total).toBe(0);
    await page.getByTestId("meeting-url").fill(JOIN_URL);
    await settled();
    await snap(page, "109a-meeting-book");
    await page.getByTestId("meeting-submit").click();
    await expect.poll(() => hashRoute(page)).toMatch(/^\/meetingdetail\?id=\d+$/);
    const mine = await ok<Paged<MeetingRow>>(CALLS.tencentMeetingList, { page: 1, limit: 10 }, "zhanglaoshi");
    expect(mine.list).toHaveLength(1);
    const m = mine.list[0]!;
    expect([m.name, m.provider, m.join_url, m.start_time, m.end_time]).toEqual(["期末复习线上研讨", "link", JOIN_URL, `${day} 14:00:00`, `${day} 15:30:00`]);
    expect(m.participation_account_ids).toEqual([accountId.lilaoshi]);
    expect(hashRoute(page)).toBe(`/meetingdetail?id=${m.id}`);
    await page.getByTestId("meeting-cancel").waitFor();
  });

  it("lilaoshi sees the meeting in /meetinglist and its join link in /meetingdetail (no cancel for him)", async () => {
    await become("lilaoshi");
    const [m] = (await ok<Paged<MeetingRow>>(CALLS.tencentMeetingList, { page: 1, limit: 10 }, "lilaoshi")).list;
    expect(m?.name).toBe("期末复习线上研讨");
    await page.goto(`${server.url}/#/meetinglist`);
    const name = page.getByTestId("meeting-row-name").filter({ hasText: "期末复习线上研讨" });
    await name.waitFor();
    await name.click();
    await expect.poll(() => hashRoute(page)).toBe(`/meetingdetail?id=${m!.id}`);
    const link = page.getByTestId("meeting-url");
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(JOIN_URL);
    expect(await page.getByTestId("meeting-join").getAttribute("href")).toBe(JOIN_URL);
    expect(await page.getByTestId("meeting-cancel").count()).toBe(0);
    expect(await page.getByTestId("meeting-participants").textContent()).toContain("李老师");
    await settled();
    await snap(page, "109-meeting-detail");
  });
});

import {
  CALLS,
  type ActivityDetail,
  type ActivityRow,
  type CommunityFileRow,
  type CommunityInfo,
  type CommunityItem,
  type CommunityMemberRow,
  type MessageRow,
  type MessageUnread,
  type MyCommunityItem,
  type Page as ListPage,
  type SessionInfo,
} from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD } from "../apps/server/src/db/bootstrap.js";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, hashRoute, inputOf, launchBrowser, okOf, signIn, snap } from "./support.js";

/**
 * #7 community space pages (NINGXIA edition): a teacher creates a school community through the form and lands in
 * it; another joins it from the list; the owner makes him an administrator, posts an operate notice as a draft and
 * publishes it (the member's unread count over the wire goes to 1); a district community waits for verification and
 * the district administrator passes it from the 待审核 tab.
 */

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
let zhang: SessionInfo;
let li: SessionInfo;
let communityId = 0;
let applyOnly: CommunityItem;
const NAME = `初中语文读写教研社区${Date.now() % 100000}`;

const ok = okOf(() => server);

async function signInAs(username: string, password: string): Promise<void> {
  // A fresh document: the app keeps the session in memory too.
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await page.goto("about:blank");
  await signIn(page, server.url, username, password);
}

async function open(route: string): Promise<void> {
  await page.goto(`${server.url}/#${route}`);
}

beforeAll(async () => {
  if (!hasChromium) return;
  // E2E_WEB_DIST: a private copy of the built web (other builds may replace apps/web/dist during a local run).
  server = await startTestServer({ EDITION: "NINGXIA", ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}) });
  handle = await launchBrowser();
  context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  [zhang, li] = await Promise.all([server.login("zhanglaoshi", TEST_TEACHER_PASSWORD), server.login("lilaoshi", TEST_TEACHER_PASSWORD)]);
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && page) await snap(page, "community-space-failure").catch(() => undefined);
});

afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: community space (NINGXIA)", () => {
  it("a teacher creates a school community through the form and lands in it; another teacher joins it", async () => {
    await signInAs("zhanglaoshi", TEST_TEACHER_PASSWORD);
    await open("/community/home");
    await page.getByTestId("my-community-tabs").waitFor();
    await page.getByTestId("community-create").click();
    await inputOf(page, "community-form-name").fill(NAME);
    await page.getByTestId("community-form-introduction").fill("聚焦初中语文读写结合的校本教研，每月一次集体研讨。");
    await page.getByTestId("community-level-2").click();
    await page.getByTestId("community-form-verify").waitFor();
    await snap(page, "98-community-create");
    await page.getByTestId("community-level-1").click();
    await expect.poll(() => page.getByTestId("community-form-verify").count()).toBe(0);
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
    communityId = Number(new URLSearchParams(hashRoute(page).split("?")[1] ?? "").get("community_id"));
    const mine = await ok<ListPage<MyCommunityItem>>(CALLS.myCreateCommunity, { name: NAME }, zhang.token);
    expect(mine.list.map((c) => c.id)).toEqual([communityId]);
    expect(mine.list[0].status).toBe(1);
    expect(mine.list[0].level).toBe(1);

    await signInAs("lilaoshi", TEST_TEACHER_PASSWORD);
    await open("/community/home");
    await page.getByRole("tab", { name: "加入社区" }).click();
    await inputOf(page, "join-search-name").fill(NAME);
    await page.getByTestId("join-search").click();
    const row = page.getByRole("row").filter({ hasText: NAME });
    await row.getByTestId("join-row-join").click();
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
    const members = await ok<ListPage<CommunityMemberRow>>(CALLS.communityMemberList, { community_id: communityId }, zhang.token);
    expect(members.list.find((m) => m.account_id === li.account_id)?.role).toBe(3);

    // A community that takes applications: the apply dialog.
    applyOnly = await ok<CommunityItem>(CALLS.communitySave, { name: `${NAME}（申请制）`, join_mode: 1 }, zhang.token);
    await open("/community/home?view=mine");
    await page.getByRole("tab", { name: "加入社区" }).click();
    await inputOf(page, "join-search-name").fill(applyOnly.name);
    await page.getByTestId("join-search").click();
    const applyRow = page.getByRole("row").filter({ hasText: applyOnly.name });
    await applyRow.getByTestId("join-row-join").click();
    await page.getByTestId("apply-reason").fill("希望参与初中语文读写结合的专题研讨。");
    await snap(page, "94-community-apply");
    await page.getByTestId("apply-ok").click();
    await expect.poll(() => applyRow.textContent()).toContain("审核中");
    const applied = await ok<ListPage<MyCommunityItem>>(CALLS.myCommunityList, { name: applyOnly.name }, li.token);
    expect(applied.list.map((c) => c.member_status)).toEqual([0]);
  });

  it("the owner sees the new member, makes him administrator, and a published notice reaches him", async () => {
    await signInAs("zhanglaoshi", TEST_TEACHER_PASSWORD);
    await open(`/community/member?community_id=${communityId}`);
    const liRow = page.getByTestId("member-table-1").getByRole("row").filter({ hasText: "李老师" });
    await liRow.getByTestId("member-role").waitFor();
    expect(await liRow.getByTestId("member-role").textContent()).toBe("成员");
    await liRow.getByTestId("member-set-admin").click();
    await expect.poll(() => liRow.getByTestId("member-role").textContent()).toBe("管理员");

    // 添加成员: a teacher of the school picked from the organization's list.
    await page.getByTestId("member-add").click();
    const dialog = page.getByRole("dialog").filter({ hasText: "添加成员" });
    await dialog.getByRole("row").filter({ hasText: "王老师" }).locator("input[type=checkbox]").check();
    await snap(page, "95-community-members-add");
    await dialog.getByTestId("member-add-ok").click();
    await page.getByTestId("member-table-1").getByRole("row").filter({ hasText: "王老师" }).waitFor();

    const members = await ok<ListPage<CommunityMemberRow>>(CALLS.communityMemberList, { community_id: communityId }, zhang.token);
    expect(members.list.find((m) => m.account_id === li.account_id)?.role).toBe(2);
    expect(members.list.find((m) => m.realname === "王老师")?.role).toBe(3);
    await expect.poll(() => page.getByTestId("member-table-1").getByTestId("member-name").allTextContents()).toEqual(members.list.map((m) => m.realname));
    await snap(page, "95-community-members");

    // The member starts with no unread message.
    await server.call(CALLS.messageRead, { all: 1 }, li.token);
    expect((await ok<MessageUnread>(CALLS.messageUnread, {}, li.token)).unread).toBe(0);

    await open(`/community/notice?community_id=${communityId}`);
    await page.getByTestId("notice-create").click();
    await inputOf(page, "notice-form-name").fill("关于开展十二月集体备课的通知");
    await page.getByTestId("notice-form-content").fill("请各位老师于周三下午到录播教室参加集体备课。");
    await page.getByText("存为草稿").click();
    await snap(page, "96-community-notice-form");
    await page.getByTestId("notice-form-ok").click();
    const noticeRow = page.getByRole("row").filter({ hasText: "关于开展十二月集体备课的通知" });
    await expect
      .poll(() =>
        noticeRow
          .getByTestId("notice-status")
          .textContent()
          .catch(() => ""),
      )
      .toBe("未发布");
    expect((await ok<MessageUnread>(CALLS.messageUnread, {}, li.token)).unread).toBe(0);

    await noticeRow.getByTestId("notice-publish").click();
    await expect.poll(() => noticeRow.getByTestId("notice-status").textContent()).toBe("已发布");
    await expect.poll(async () => (await ok<MessageUnread>(CALLS.messageUnread, {}, li.token)).unread).toBe(1);
    const messages = await ok<ListPage<MessageRow>>(CALLS.messageList, { is_read: 0 }, li.token);
    expect(messages.list[0]).toMatchObject({ source_type: "notice", community_id: communityId });
    await snap(page, "96-community-notice");

    // The application to the other community: approved from 待审核申请.
    await open(`/community/member?community_id=${applyOnly.id}`);
    await page.getByRole("tab", { name: /待审核申请/ }).click();
    const application = page.getByTestId("member-table-0").getByRole("row").filter({ hasText: "李老师" });
    await expect.poll(() => application.textContent()).toContain("希望参与初中语文读写结合的专题研讨");
    await application.getByTestId("member-approve").click();
    await expect.poll(() => application.count()).toBe(0);
    const joined = await ok<ListPage<CommunityMemberRow>>(CALLS.communityMemberList, { community_id: applyOnly.id }, zhang.token);
    expect(joined.list.find((m) => m.account_id === li.account_id)?.member_status).toBe(1);
  });

  it("activities show with their phases; the community home shows counts, statistics and the log", async () => {
    const upcoming = await ok<ActivityDetail>(
      CALLS.activitySave,
      {
        community_id: communityId,
        name: "整本书阅读课例研讨",
        start_time: "2031-03-02 14:00:00",
        end_time: "2031-03-02 16:00:00",
        participation_account_ids: [li.account_id],
      },
      zhang.token,
    );
    const ended = await ok<ActivityDetail>(
      CALLS.activitySave,
      { community_id: communityId, name: "作文评改同课异构", start_time: "2024-10-09 09:00:00", end_time: "2024-10-09 11:30:00" },
      zhang.token,
    );
    await open(`/community/community7?community_id=${communityId}`);
    // A research activity through the form.
    await page.getByTestId("activity-create").click();
    await inputOf(page, "activity-form-name").fill("课堂提问设计专题研讨");
    const range = page.getByTestId("activity-form").locator(".ant-picker-range input");
    await range.nth(0).click();
    await range.nth(0).fill("2031-05-06 14:00:00");
    await range.nth(0).press("Enter");
    await range.nth(1).fill("2031-05-06 16:30:00");
    await range.nth(1).press("Enter");
    await page.getByRole("dialog").getByText("参与人").click(); // closes the picker
    await page.getByTestId("activity-form").getByText("从社区成员中选择").waitFor();
    await snap(page, "97-community-activity-form");
    await page.getByTestId("activity-form-ok").click();
    await page.getByRole("row").filter({ hasText: "课堂提问设计专题研讨" }).waitFor();
    const saved = await ok<ListPage<ActivityRow>>(CALLS.activityList, { community_id: communityId, keyword: "课堂提问设计" }, zhang.token);
    expect(saved.list.map((a) => [a.start_time, a.end_time, a.phase])).toEqual([["2031-05-06 14:00:00", "2031-05-06 16:30:00", "upcoming"]]);
    for (const a of [upcoming, ended]) {
      const row = page.getByRole("row").filter({ hasText: a.name });
      await expect
        .poll(() =>
          row
            .getByTestId("activity-phase")
            .textContent()
            .catch(() => ""),
        )
        .toBe(a.phase_name);
    }
    expect(upcoming.phase_name).toBe("未开始");
    expect(ended.phase_name).toBe("已结束");
    await page.getByRole("row").filter({ hasText: upcoming.name }).getByTestId("activity-name").click();
    await page.getByTestId("activity-detail").getByText("李老师").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("activity-detail").waitFor({ state: "detached" });
    await snap(page, "97-community-activities");

    await open(`/community/home?community_id=${communityId}`);
    const info = await ok<CommunityInfo>(CALLS.communityRead, { community_id: communityId }, zhang.token);
    await expect.poll(() => page.getByTestId("count-成员").textContent()).toBe(`${info.counts.members}成员`);
    await expect.poll(() => page.getByTestId("count-活动").textContent()).toBe(`${info.counts.activities}活动`);
    expect(info.counts.members).toBe(3);
    await page.getByTestId("community-statistics-chart").locator("canvas").waitFor();
    await page.getByTestId("community-log").getByText("发布社区公告").first().waitFor();
    await page.getByTestId("latest-activities").getByText(upcoming.name).waitFor();

    // A file uploaded from the home joins the community's files (upload, then fileSave).
    const files = page.getByTestId("community-files");
    await files
      .getByTestId("file-upload-input")
      .setInputFiles({ name: "十二月教研计划.txt", mimeType: "text/plain", buffer: Buffer.from("第一周：集体备课；第二周：公开课。") });
    await files.getByTestId("file-name").filter({ hasText: "十二月教研计划.txt" }).waitFor();
    const listed = await ok<ListPage<CommunityFileRow>>(CALLS.communityFileList, { community_id: communityId }, zhang.token);
    expect(listed.list.map((f) => [f.file_name, f.account_id])).toEqual([["十二月教研计划.txt", zhang.account_id]]);
    await expect.poll(() => page.getByTestId("count-文件").textContent()).toBe("1文件");
    await snap(page, "94-community-home");
  });

  it("a district community created by a teacher waits for verification; the district administrator passes it", async () => {
    const districtName = `兴庆区语文名师工作室${Date.now() % 100000}`;
    const created = await ok<CommunityItem>(CALLS.communitySave, { name: districtName, type: 2, level: 2, region_id: zhang.area_id }, zhang.token);
    expect(created.status).toBe(0);

    // The owner sees it in 我的社区 with its 待审核 tag.
    await open(`/community/home?community_id=${communityId}`);
    await page.getByTestId("community-switcher").click();
    await page.getByRole("menuitem", { name: "我的社区" }).click();
    const card = page.getByTestId("my-community-card").filter({ hasText: districtName });
    await expect
      .poll(() =>
        card
          .getByTestId("community-status")
          .textContent()
          .catch(() => ""),
      )
      .toBe("待审核");
    await snap(page, "94-community-home-mine");

    await signInAs("quji", DEMO_ADMIN_PASSWORD);
    await open("/community/home");
    await page.getByRole("tab", { name: "待审核" }).click();
    const row = page.getByTestId("verify-list").getByRole("row").filter({ hasText: districtName });
    await row.getByTestId("verify-pass").waitFor();
    await snap(page, "94-community-home-verify");
    await row.getByTestId("verify-pass").click();
    await expect.poll(() => row.count()).toBe(0);
    const after = await ok<CommunityInfo>(CALLS.communityRead, { community_id: created.id }, zhang.token);
    expect(after.status).toBe(1);

    // Without a current community the space pages offer my communities (none for the administrator).
    await open("/community/member");
    await page.getByTestId("community-picker").getByText("您还没有加入社区").waitFor();
    await snap(page, "95-community-member-picker");
  });
});

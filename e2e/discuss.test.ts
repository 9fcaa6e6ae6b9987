/**
 * #9 discussion in the browser (NINGXIA): two members of a community, each in a browser context of his own, open the
 * discussion panel of the same preparation (created over the wire). A message posted by one appears in the other's
 * panel within a second, pushed through the live socket (no polling); a reply with its target, a like and a
 * deletion after '是否确认删除该条研讨?' reach the other page the same way; an empty message gets '请先输入内容'.
 * Then an after-class reflection is written on /community/discuss and commented in its drawer, and the discussion
 * pages (/community/discuss, /blog/discuss, /addYTDetail) are looked at. The same panel on a listen record (a review
 * both evaluate) delivers a message from one browser to the other within a second.
 */
import {
  CALLS,
  type CommunityItem,
  type DiscussIndexAnswer,
  type DiscussPage,
  type AfterClassPage,
  type PreparationDetail,
  type SessionInfo,
} from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, launchBrowser, okOf, signIn, snap } from "./support.js";

let server: TestServer;
let handle: BrowserHandle;
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let a: Page;
let b: Page;
let zhang: SessionInfo;
let li: SessionInfo;
let communityId = 0;
let prepId = 0;

const FIRST = "导入环节可以用生活中的直角三角形引入";
const REPLY = "同意，可以再加一个动手测量的小活动";
const REFLECTION = "《勾股定理》课后反思";
const COMMENT = "反思写得很具体，测量活动值得推广";

const ok = okOf(() => server);

const fmt = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");

/** A screenshot from the top, once the toasts have gone. */
async function look(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await expect.poll(() => page.locator(".ant-message-notice").count(), { timeout: 10_000 }).toBe(0);
  await snap(page, name);
}

/** Opens the preparation's 研讨 tab and waits until its panel is bound to the live group. */
async function openDiscussion(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/editDetail?id=${prepId}`);
  await page.getByTestId("prep-tab-discuss").click();
  await page.locator('[data-testid="discussion-panel"][data-live="1"]').waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA", ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}) });
  [zhang, li] = await Promise.all([server.login("zhanglaoshi", TEST_TEACHER_PASSWORD), server.login("lilaoshi", TEST_TEACHER_PASSWORD)]);
  communityId = (
    await ok<CommunityItem>(
      CALLS.communitySave,
      { name: "初中数学教研社区", introduction: "集体备课与课后研讨。", type: 1, level: 1, join_mode: 0 },
      zhang.token,
    )
  ).id;
  await ok(CALLS.communityJoin, { community_id: communityId }, li.token);
  const now = Date.now();
  prepId = (
    await ok<PreparationDetail>(
      CALLS.preparationSave,
      {
        theme: "八年级数学《勾股定理》集体备课",
        community_id: communityId,
        accountIds: [li.account_id],
        open_model: 1,
        start_time: fmt(new Date(now - 3600_000)),
        end_time: fmt(new Date(now + 7 * 86400_000)),
      },
      zhang.token,
    )
  ).id;
  handle = await launchBrowser();
  [ctxA, ctxB] = await Promise.all([
    handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" }),
    handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" }),
  ]);
  [a, b] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  await Promise.all([signIn(a, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD), signIn(b, server.url, "lilaoshi", TEST_TEACHER_PASSWORD)]);
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") {
    if (a) await snap(a, "discuss-failure-a").catch(() => undefined);
    if (b) await snap(b, "discuss-failure-b").catch(() => undefined);
  }
});

afterAll(async () => {
  await ctxA?.close();
  await ctxB?.close();
  await handle?.close();
  await server?.close();
});

const item = (page: Page, text: string) => page.getByTestId("disc-item").filter({ hasText: text }).first();

describe.skipIf(!hasChromium)("browser: the live discussion panel (NINGXIA)", () => {
  it("a message posted in one browser appears in the other within a second, through the socket", async () => {
    await Promise.all([openDiscussion(a), openDiscussion(b)]);
    // An empty message is refused in the page.
    await a.getByTestId("disc-input").press("Enter");
    await a.locator(".ant-message-notice").filter({ hasText: "请先输入内容" }).waitFor();

    await a.getByTestId("disc-input").fill(FIRST);
    await a.getByTestId("disc-input").press("Enter");
    await expect.poll(() => b.getByTestId("disc-text").filter({ hasText: FIRST }).count(), { timeout: 1000, interval: 50 }).toBe(1);
    // The push may reach B before A's own call has answered: A's box clears once it has.
    await expect.poll(() => a.getByTestId("disc-input").inputValue(), { timeout: 5000 }).toBe("");
    // What the pages show is what the wire holds.
    const page = await ok<DiscussPage>(CALLS.discussList, { preparation_id: prepId }, li.token);
    expect(page.list.map((m) => m.content)).toEqual([FIRST]);
    // Only the author has the delete link.
    expect(await item(a, FIRST).getByTestId("disc-delete").count()).toBe(1);
    expect(await item(b, FIRST).getByTestId("disc-delete").count()).toBe(0);
    await look(b, "discuss-live-li");
  });

  it("a reply with its target, a like and a confirmed deletion reach the other page live", async () => {
    // B replies: the target is shown, can be cleared and set again.
    await item(b, FIRST).getByTestId("disc-reply").first().click();
    expect(await b.getByTestId("disc-reply-target").textContent()).toContain("张老师");
    await b.getByTestId("disc-reply-clear").click();
    expect(await b.getByTestId("disc-reply-target").count()).toBe(0);
    await item(b, FIRST).getByTestId("disc-reply").first().click();
    await b.getByTestId("disc-input").fill(REPLY);
    await b.getByTestId("disc-input").press("Enter");
    await expect.poll(() => a.locator(".yk-disc-child").filter({ hasText: REPLY }).count(), { timeout: 1000, interval: 50 }).toBe(1);
    // the push may reach A before B's own answer: B's box clears once the call has answered
    await expect.poll(() => b.getByTestId("disc-reply-target").count(), { timeout: 5000 }).toBe(0);
    const thread = (await ok<DiscussPage>(CALLS.discussList, { preparation_id: prepId }, zhang.token)).list[0]!;
    expect(thread.children.map((c) => [c.content, c.account_id])).toEqual([[REPLY, li.account_id]]);

    // A likes B's reply: B sees the count go up.
    const replyOnA = a.locator(".yk-disc-child").filter({ hasText: REPLY });
    await replyOnA.getByTestId("disc-like").click();
    await expect
      .poll(() => b.locator(".yk-disc-child").filter({ hasText: REPLY }).getByTestId("disc-like-count").textContent(), { timeout: 1000, interval: 50 })
      .toBe("1");
    expect(await replyOnA.getByTestId("disc-like").getAttribute("data-liked")).toBe("1");
    // The reply is B's: A has no delete link on it.
    expect(await replyOnA.getByTestId("disc-delete").count()).toBe(0);
    await look(a, "discuss-thread-zhang");

    // A (the thread's author) folds it: stored (c316) and folded on B's page too; then unfolds it.
    await item(a, FIRST).getByTestId("disc-expand").first().click();
    await expect.poll(() => item(b, FIRST).getByTestId("disc-expand").first().textContent(), { timeout: 1000, interval: 50 }).toContain("展开回复（1）");
    expect(await b.locator(".yk-disc-child").filter({ hasText: REPLY }).count()).toBe(0);
    expect((await ok<DiscussPage>(CALLS.discussList, { preparation_id: prepId }, li.token)).list[0]!.expand_status).toBe(0);
    await item(a, FIRST).getByTestId("disc-expand").first().click();
    await expect.poll(() => b.locator(".yk-disc-child").filter({ hasText: REPLY }).count(), { timeout: 1000, interval: 50 }).toBe(1);

    // B deletes his reply after the confirmation; it leaves A's page.
    await b.locator(".yk-disc-child").filter({ hasText: REPLY }).getByTestId("disc-delete").click();
    await b.locator(".ant-popconfirm").getByText("是否确认删除该条研讨?").waitFor();
    await b
      .locator(".ant-popconfirm")
      .getByRole("button", { name: /确\s*定/ })
      .click();
    await expect.poll(() => a.locator(".yk-disc-child").filter({ hasText: REPLY }).count(), { timeout: 1000, interval: 50 }).toBe(0);
    const idx = await ok<DiscussIndexAnswer>(CALLS.discussIndex, { preparation_id: prepId }, zhang.token);
    expect(idx).toMatchObject({ status: 1, count: 1, group: `preparation:${prepId}` });
  });

  it("in one listen review, a comment posted by one evaluator appears in the other's page within a second", async () => {
    const now = Date.now();
    const rec = await ok<{ id: number }>(
      CALLS.listenSave,
      {
        name: "《勾股定理》现场听评课",
        is_type: 3,
        community_id: communityId,
        evaluation_type: 2,
        open_model: 2,
        participation_account_ids: [li.account_id],
        start_time: fmt(new Date(now - 600_000)),
        end_time: fmt(new Date(now + 3600_000)),
      },
      zhang.token,
    );
    const open = async (page: Page) => {
      await page.goto(`${server.url}/#/addYTDetail?kind=listen&id=${rec.id}`);
      await page.locator('[data-testid="discussion-panel"][data-live="1"]').waitFor({ timeout: 15_000 });
    };
    await Promise.all([open(a), open(b)]);
    const TEXT = "这里的追问让学生自己发现了规律";
    await b.getByTestId("disc-input").fill(TEXT);
    await b.getByTestId("disc-input").press("Enter");
    await expect.poll(() => a.getByTestId("disc-text").filter({ hasText: TEXT }).count(), { timeout: 1000, interval: 50 }).toBe(1);
    const talk = await ok<DiscussPage>(CALLS.listenClassroomDiscussionList, { record_id: rec.id }, zhang.token);
    expect(talk.list.map((m) => [m.content, m.account_id])).toEqual([[TEXT, li.account_id]]);
  });

  it("an after-class reflection is written on /community/discuss and commented in its drawer", async () => {
    await a.goto(`${server.url}/#/community/discuss?community_id=${communityId}`);
    await a.getByTestId("dp-card").filter({ hasText: "勾股定理" }).waitFor();
    expect(await a.getByTestId("dp-card").filter({ hasText: "勾股定理" }).getByTestId("dp-count").textContent()).toContain("1 条研讨");
    await look(a, "discuss-community-page");
    await a.getByRole("tab", { name: "课后反思" }).click();
    await a.getByTestId("ac-new").click();
    await a.getByTestId("ac-form-title").fill(REFLECTION);
    await a.locator('[data-testid="ac-form"] .ProseMirror').click();
    await a.keyboard.type("学生通过测量发现了三边关系，课堂参与度高。");
    await snap(a, "discuss-afterclass-form");
    await a
      .locator('[data-testid="ac-form"]')
      .getByRole("button", { name: /发\s*布/ })
      .click();
    const drawer = a.locator(".ant-drawer").filter({ hasText: REFLECTION });
    await drawer.getByTestId("ac-content").filter({ hasText: "三边关系" }).waitFor();
    const list = await ok<AfterClassPage>(CALLS.afterClassList, { community_id: communityId }, li.token);
    expect(list.list.map((r) => r.title)).toEqual([REFLECTION]);
    const acId = list.list[0]!.id;

    await drawer.locator('[data-testid="discussion-panel"][data-live="1"]').waitFor({ timeout: 15_000 });
    await drawer.getByTestId("disc-input").fill(COMMENT);
    await drawer.getByTestId("disc-input").press("Enter");
    await drawer.getByTestId("disc-text").filter({ hasText: COMMENT }).waitFor();
    const comments = await ok<DiscussPage>(CALLS.discussList, { after_class_id: acId }, li.token);
    expect(comments.list.map((m) => m.content)).toEqual([COMMENT]);
    await look(a, "discuss-afterclass-drawer");
    // the list behind the drawer counts the comment
    await expect
      .poll(() => a.getByTestId("ac-item").filter({ hasText: REFLECTION }).getByTestId("ac-comment-count").textContent(), { timeout: 5000 })
      .toContain("1");

    // B sees it in the list with its comment count, and in the full-page thread.
    await b.goto(`${server.url}/#/community/discuss?community_id=${communityId}&tab=after_class`);
    await expect
      .poll(() => b.getByTestId("ac-item").filter({ hasText: REFLECTION }).getByTestId("ac-comment-count").textContent(), { timeout: 10_000 })
      .toContain("1");
    await look(b, "discuss-afterclass-list");
    await b.goto(`${server.url}/#/addYTDetail?kind=after_class&id=${acId}`);
    await b.getByTestId("disc-text").filter({ hasText: COMMENT }).waitFor();
    expect(await b.getByTestId("dd-title").textContent()).toBe(REFLECTION);
    await look(b, "discuss-detail-page");
  });

  it("/blog/discuss shows the community's discussions to a visitor, read-only", async () => {
    const ctx = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
    try {
      const v = await ctx.newPage();
      await v.goto(`${server.url}/#/blog/discuss?community_id=${communityId}`);
      await v.getByTestId("dp-card").filter({ hasText: "勾股定理" }).click();
      const drawer = v.locator(".ant-drawer");
      await drawer.getByTestId("disc-text").filter({ hasText: FIRST }).waitFor();
      // read-only: the join hint instead of the box
      await drawer.getByTestId("disc-closed").getByText("请先加入空间后评论！").waitFor();
      expect(await drawer.getByTestId("disc-input").count()).toBe(0);
      await look(v, "discuss-blog-visitor");
      // the public list of listen records answers a visitor too (no records yet: the empty state, not a refusal)
      await v.locator(".ant-drawer-close").click();
      await v.getByRole("tab", { name: "听评课研讨" }).click();
      await v.getByText("暂无听评课研讨").waitFor();
    } finally {
      await ctx.close();
    }
  });
});

/**
 * The community space (/blog, #7): an article written in the editor, read, liked, commented and answered; the
 * public list for visitors; the join hint for a signed-in non-member; the notices with their content sanitized.
 */
import type { Page } from "playwright-core";
import {
  CALLS,
  type ArticleCommentRow,
  type ArticleCounts,
  type ArticleDetail,
  type CommunityItem,
  type NoticeRow,
  type Page as ListPage,
  type SessionInfo,
} from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TEACHER_PASSWORD } from "../apps/server/src/db/bootstrap.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, hashRoute, launchBrowser, okOf, signIn, snap } from "./support.js";

let server: TestServer;
let handle: BrowserHandle;
let page: Page;
let zhang: SessionInfo;
let li: SessionInfo;
/** Checks over the wire as the administrator: a teacher's browser sign-in ends his other sessions. */
let admin: SessionInfo;
let communityId = 0;
let hiddenId = 0;
let articleId = 0;
const TITLE = "整本书阅读的课堂实践";
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const ok = okOf(() => server);

/** Leaves the browser signed out (the store is read again on the reload). */
/** A screenshot from the top of the page, once the toasts have gone. */
async function look(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.locator(".ant-message-notice").count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => page.locator(".ant-tooltip:not(.ant-tooltip-hidden)").count(), { timeout: 10_000 }).toBe(0);
  await snap(page, name);
}

async function signOut(): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/#/login`);
  await page.reload();
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA" });
  zhang = await server.login("zhanglaoshi", DEMO_TEACHER_PASSWORD);
  li = await server.login("lilaoshi", DEMO_TEACHER_PASSWORD);
  admin = await server.login();
  const c = await ok<CommunityItem>(
    CALLS.communitySave,
    { name: "空间测试语文教研社区", introduction: "以读促写，围绕整本书阅读开展校本教研。", type: 1, level: 1 },
    zhang.token,
  );
  communityId = c.id;
  await ok(CALLS.communityJoin, { community_id: communityId }, li.token);
  hiddenId = (await ok<CommunityItem>(CALLS.communitySave, { name: "未公开的备课小组", type: 1, level: 1 }, zhang.token)).id;
  await ok(CALLS.communityIsDisplay, { community_id: hiddenId, is_display: 0 }, zhang.token);
  await ok<NoticeRow>(
    CALLS.operateNoticeSave,
    {
      community_id: communityId,
      name: "关于开展第三周集体教研的通知",
      message_content:
        '<p>请各位老师<b>周三下午</b>到会议室参加教研。</p><script>window.__noticeXss = 1</script><img src="x" onerror="window.__noticeXss = 2"><a href="javascript:alert(1)">详情</a><svg onload="window.__noticeXss = 3"></svg><iframe src="javascript:window.__noticeXss = 4"></iframe><p style="background:url(javascript:1)" onclick="window.__noticeXss = 5">附件见群文件</p>',
      status: 1,
    },
    zhang.token,
  );
  handle = await launchBrowser();
  const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
});
afterAll(async () => {
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: the community space (/blog)", () => {
  it("a member writes an article in the editor; it shows as sanitized HTML and a typed <script> stays text", async () => {
    await signIn(page, server.url, "zhanglaoshi", DEMO_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/blog/add?community_id=${communityId}`);
    await page.getByTestId("article-form").waitFor();
    await page.getByTestId("article-title-input").fill(TITLE);
    const editor = page.locator('[data-testid="article-editor"] .ProseMirror');
    await editor.click();
    await page.keyboard.type("本周我们围绕");
    await page.getByTestId("rte-bold").click();
    await page.keyboard.type("整本书阅读");
    await page.getByTestId("rte-bold").click();
    await page.keyboard.type("开展了课堂实践。<script>window.__xss = 1</script>");
    await page.keyboard.press("Enter");
    await page.getByTestId("rte-bullet").click();
    await page.keyboard.type("导读课：激发兴趣");
    await page.keyboard.press("Enter");
    await page.keyboard.type("推进课：梳理情节");
    expect(await editor.locator("strong").textContent()).toBe("整本书阅读");
    await look("102-blog-editor");

    await page.getByTestId("article-submit").click();
    await expect.poll(() => hashRoute(page), { timeout: 10_000 }).toMatch(/^\/blog\/acticle\?/);
    articleId = Number(new URLSearchParams(hashRoute(page).split("?")[1]).get("id"));
    expect(articleId).toBeGreaterThan(0);

    const content = page.getByTestId("article-content");
    await content.waitFor();
    expect(await page.getByTestId("article-title").textContent()).toContain(TITLE);
    expect(await page.getByTestId("article-author").textContent()).toBe("张老师");
    expect(await content.locator("strong").textContent()).toBe("整本书阅读");
    expect(await content.locator("li").count()).toBe(2);
    expect(await content.textContent()).toContain("<script>window.__xss = 1</script>");
    expect(await content.locator("script").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    // What the wire stored is the same article, the script as escaped text.
    const wire = await ok<ArticleDetail>(CALLS.articleRead, { id: articleId }, admin.token);
    expect(wire.title).toBe(TITLE);
    expect(wire.content).toContain("<strong>整本书阅读</strong>");
    expect(wire.content).not.toContain("<script");

    // The author edits it (c220): the form comes back filled, the new title is saved and shown.
    await page.getByTestId("article-edit").click();
    const titleInput = page.getByTestId("article-title-input");
    await expect.poll(() => titleInput.inputValue()).toBe(TITLE);
    expect(await page.locator('[data-testid="article-editor"] .ProseMirror strong').textContent()).toBe("整本书阅读");
    await titleInput.fill(`${TITLE}（修订）`);
    await page.getByTestId("article-submit").click();
    await expect.poll(() => page.getByTestId("article-title").textContent(), { timeout: 10_000 }).toBe(`${TITLE}（修订）`);
    await titleInput.waitFor({ state: "detached" });
    await page.getByTestId("article-edit").click();
    await titleInput.fill(TITLE);
    await page.getByTestId("article-submit").click();
    await expect.poll(() => page.getByTestId("article-title").textContent(), { timeout: 10_000 }).toBe(TITLE);
    const log = await ok<ListPage<{ account_name: string; action: string }>>(
      CALLS.communityLog,
      { community_id: communityId, action: "article." },
      admin.token,
    );
    expect(log.list.map((l) => [l.account_name, l.action])).toEqual([
      ["张老师", "article.update"],
      ["张老师", "article.update"],
      ["张老师", "article.save"],
    ]);
  });

  it("another member likes the article, comments and replies; the counts agree with the wire", async () => {
    await signOut();
    await signIn(page, server.url, "lilaoshi", DEMO_TEACHER_PASSWORD);
    // The message board on the space home first.
    await page.goto(`${server.url}/#/blog?community_id=${communityId}`);
    await page.getByTestId("blog-board-input").locator("textarea").or(page.getByTestId("blog-board-input")).first().fill("欢迎大家在空间里交流读书心得！");
    await page.getByTestId("blog-board-submit").click();
    await page.getByTestId("blog-board-text").filter({ hasText: "欢迎大家在空间里交流读书心得！" }).waitFor();
    await page.getByTestId("blog-article-title").filter({ hasText: TITLE }).waitFor();
    await look("100-blog-home");

    await page.getByTestId("blog-article-title").filter({ hasText: TITLE }).click();
    await page.getByTestId("article-content").waitFor();
    expect(await page.getByTestId("article-like-num").textContent()).toBe("0");
    await page.getByTestId("article-like").click();
    await expect.poll(() => page.getByTestId("article-like-num").textContent()).toBe("1");
    const counts = await ok<ArticleCounts>(CALLS.articleReadingNum, { id: articleId }, admin.token);
    expect(counts.like_num).toBe(1);

    const input = page.getByTestId("article-comments-input").locator("textarea").or(page.getByTestId("article-comments-input")).first();
    await input.fill("导读课的设计很有启发，想借鉴到我们班。");
    await page.getByTestId("article-comments-submit").click();
    await page.getByTestId("article-comments-text").filter({ hasText: "导读课的设计很有启发" }).waitFor();
    await page.getByTestId("article-comments-reply").first().click();
    await page
      .getByTestId("article-comments-reply-input")
      .locator("textarea")
      .or(page.getByTestId("article-comments-reply-input"))
      .first()
      .fill("补充一句：推进课可以配合阅读单。");
    await page.getByTestId("article-comments-reply-submit").click();
    const reply = page.locator(".yk-thread-reply").filter({ hasText: "补充一句：推进课可以配合阅读单。" });
    await reply.waitFor();
    expect(await reply.textContent()).toContain("回复 李老师");

    const thread = await ok<ListPage<ArticleCommentRow>>(CALLS.articleCommentList, { article_id: articleId }, admin.token);
    expect(thread.total).toBe(1);
    expect(thread.list[0]!.content).toBe("导读课的设计很有启发，想借鉴到我们班。");
    expect(thread.list[0]!.children.map((c) => [c.content, c.reply_person])).toEqual([["补充一句：推进课可以配合阅读单。", "李老师"]]);
    await expect.poll(() => page.getByTestId("article-comments-card").locator(".ant-card-head-title").textContent()).toBe("评论（2）");
    await look("101-blog-article");

    // The editor's image button uploads through /file/upload and inserts the /files/… address.
    await page.goto(`${server.url}/#/blog/add?community_id=${communityId}`);
    await page.getByTestId("article-form").waitFor();
    await page.getByTestId("rte-image-input").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1, "base64") });
    const img = page.locator('[data-testid="article-editor"] .ProseMirror img');
    await img.waitFor();
    expect(await img.getAttribute("src")).toMatch(/^\/files\/\d+/);
  });

  it("an anonymous visitor sees the article list and the notices of a displayed community, the notice content inert", async () => {
    await signOut();
    await page.goto(`${server.url}/#/blog?community_id=${communityId}`);
    await page.getByTestId("blog-header").waitFor();
    expect(await page.getByTestId("blog-community-name").textContent()).toBe("空间测试语文教研社区");
    // The list is what the wire answers a visitor: the articles, or (while the server asks visitors to sign in for
    // article calls) the prompt to sign in.
    const visitor = await server.call<ListPage<{ id: number; title: string }>>(CALLS.articleList, { community_id: communityId });
    if (visitor.code === 200) {
      await page.getByTestId("blog-article-title").filter({ hasText: TITLE }).waitFor();
      expect(await page.getByTestId("blog-article-item").count()).toBe(visitor.data.list.length);
    } else {
      await page.getByTestId("blog-article-list").getByText("登录后查看空间文章").waitFor();
      expect(await page.getByTestId("blog-article-item").count()).toBe(0);
    }
    expect(await page.getByTestId("blog-counts").textContent()).toContain("1文章");
    // The board is read-only for a visitor.
    expect(await page.getByTestId("blog-board-input").count()).toBe(0);
    expect(await page.getByTestId("blog-board-closed").textContent()).toContain("请先加入空间后评论！");
    await look("106-blog-home-visitor");

    await page.getByTestId("blog-tab-notice").click();
    const detail = page.getByTestId("blog-notice-content");
    await detail.waitFor();
    expect(await page.getByTestId("blog-notice-title").textContent()).toBe("关于开展第三周集体教研的通知");
    expect(await detail.locator("b").textContent()).toBe("周三下午");
    expect(await detail.locator("script, img, svg, iframe").count()).toBe(0);
    expect(await detail.locator("[style], [onclick], [onload], [onerror]").count()).toBe(0);
    expect(await detail.textContent()).toContain("附件见群文件");
    expect(await detail.locator("a").getAttribute("href")).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __noticeXss?: number }).__noticeXss)).toBeUndefined();
    await look("103-blog-notice");

    // A community that is not shown on the site asks a visitor to sign in; no community at all asks to choose one.
    await page.goto(`${server.url}/#/blog?community_id=${hiddenId}`);
    await page.getByTestId("blog-need-login").getByText("请登录后查看").waitFor();
    await look("104-blog-hidden");
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/#/blog`);
    await page.reload();
    await page.getByTestId("blog-choose-community").getByText("请选择社区").waitFor();
    await look("105-blog-choose");
  });

  it("a signed-in teacher who is not a member sees the join hint instead of the comment box", async () => {
    await signIn(page, server.url, "wanglaoshi", DEMO_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/blog/acticle?community_id=${communityId}&id=${articleId}`);
    await page.getByTestId("article-content").waitFor();
    const closed = page.getByTestId("article-comments-closed");
    await closed.waitFor();
    expect(await closed.textContent()).toContain("请先加入空间后评论！");
    expect(await closed.getByTestId("blog-join").count()).toBe(1);
    expect(await page.getByTestId("article-comments-input").count()).toBe(0);
    // The comments stay readable.
    await page.getByTestId("article-comments-text").filter({ hasText: "导读课的设计很有启发" }).waitFor();
    // Joining (c184, an open community) opens the box.
    await closed.getByTestId("blog-join").click();
    await page.getByTestId("article-comments-input").waitFor();
    const members = await ok<ListPage<{ realname: string }>>(CALLS.communityMemberList, { community_id: communityId, limit: 100 }, admin.token);
    expect(members.list.map((m) => m.realname).sort()).toEqual(["张老师", "李老师", "王老师"].sort());
  });
});

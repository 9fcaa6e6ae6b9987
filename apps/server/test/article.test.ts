/**
 * Community articles, comments, likes and the message board (#7; docs/api/article.md) through the real wire:
 * every call's success, bad input and refusals, counts kept in step with the rows, likes under concurrent toggles,
 * community_log rows. Communities and memberships are inserted directly (the community calls are another module's).
 * The XSS vectors: article-xss.test.ts.
 */
import {
  type ArticleCommentRow,
  type ArticleCommentSaved,
  type ArticleCounts,
  type ArticleDetail,
  type ArticleLikeAnswer,
  type ArticleRow,
  CALLS,
  type Envelope,
  type Page,
  type SessionInfo,
} from "@yanke/protocol";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { articleComment, articleLike, communityArticle, messageBoard } from "../src/modules/article/article.schema.js";
import { community, communityLog, communityMember } from "../src/modules/community/community.schema.js";
import { collect } from "../src/modules/personal/personal.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};
const USERS = ["zhanglaoshi", "lilaoshi", "wanglaoshi", "xiaoji", "quji", "pingtai"] as const;
/** C1: public school community (zhang owner, li member); C2: not shown on the site (zhang owner); C3: closed. */
let c1 = 0;
let c2 = 0;
let c3 = 0;

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ["xiaoji", "quji", "pingtai"]) who[u] = await s.login(u, DEMO_ADMIN_PASSWORD);
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
  const db = s.database.db;
  const school = who.xiaoji!.school_id;
  const zhang = who.zhanglaoshi!.account_id;
  const li = who.lilaoshi!.account_id;
  const mk = async (name: string, is_display: number, status: number) => {
    const [row] = await db.insert(community).values({ name, account_id: zhang, school_id: school, is_display, status }).returning({ id: community.id });
    await db.insert(communityMember).values([
      { community_id: row!.id, account_id: zhang, role: 1, status: 1, joined_at: new Date() },
      { community_id: row!.id, account_id: li, role: 3, status: 1, joined_at: new Date() },
    ]);
    return row!.id;
  };
  c1 = await mk("语文教研社区", 1, 1);
  c2 = await mk("内部工作室", 0, 1);
  c3 = await mk("已关闭社区", 1, 3);
});
afterAll(async () => {
  await s?.close();
});

function call<T = unknown>(path: string, payload: Record<string, unknown>, user: string): Promise<Envelope<T>> {
  return s.call<T>(path, payload, who[user]!.token);
}
async function ok<T>(path: string, payload: Record<string, unknown>, user: string): Promise<T> {
  const r = await call<T>(path, payload, user);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}
async function refused(path: string, payload: Record<string, unknown>, user: string, code: number, msg?: string | RegExp): Promise<void> {
  const r = await call(path, payload, user);
  expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
  if (typeof msg === "string") expect(r.msg).toBe(msg);
  else if (msg) expect(r.msg).toMatch(msg);
}
const logCount = async (action: string, target_id?: number) =>
  (
    await s.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(communityLog)
      .where(and(eq(communityLog.action, action), target_id === undefined ? undefined : eq(communityLog.target_id, target_id)))
  )[0]!.n;
const article = async (id: number) => (await s.database.db.select().from(communityArticle).where(eq(communityArticle.id, id)))[0];

describe("articles", () => {
  let a1 = 0;

  it("c219 a member publishes: sanitized content, summary, log row; refusals", async () => {
    const saved = await ok<ArticleDetail>(
      CALLS.articleSave,
      {
        community_id: c1,
        title: "  第一篇文章 ",
        content:
          '<h2>标题</h2><p style="text-align:center">你好 &amp; 欢迎<script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="https://example.com">链接</a>',
        cover_url: "/files/12",
      },
      "zhanglaoshi",
    );
    a1 = saved.id;
    expect(saved).toMatchObject({
      community_id: c1,
      title: "第一篇文章",
      cover_url: "/files/12",
      account_name: "张老师",
      community_name: "语文教研社区",
      status: 1,
      reading_num: 0,
      like_num: 0,
      comment_num: 0,
      can_edit: true,
      can_delete: true,
      is_like: false,
    });
    expect(saved.content).toBe('<h2>标题</h2><p style="text-align:center">你好 &amp; 欢迎</p><a rel="noopener noreferrer" href="https://example.com">链接</a>');
    expect(saved.summary).toBe("标题 你好 & 欢迎 链接");
    expect((await article(a1))!.content).toBe(saved.content);
    expect(await logCount("article.save", a1)).toBe(1);

    await refused(CALLS.articleSave, { title: "无社区", content: "<p>x</p>" }, "zhanglaoshi", 400, /社区id/);
    await refused(CALLS.articleSave, { community_id: c1, title: " ", content: "<p>x</p>" }, "zhanglaoshi", 400, /请输入文章标题/);
    await refused(CALLS.articleSave, { community_id: c1, title: "x".repeat(101), content: "<p>x</p>" }, "zhanglaoshi", 400, /文章标题不能超过 100 个字符/);
    await refused(CALLS.articleSave, { community_id: c1, title: "空", content: "<script>alert(1)</script><p> </p>" }, "zhanglaoshi", 400, "请输入文章内容");
    await refused(
      CALLS.articleSave,
      { community_id: c1, title: "封面", content: "<p>x</p>", cover_url: "javascript:alert(1)" },
      "zhanglaoshi",
      400,
      /封面地址只能是/,
    );
    await refused(CALLS.articleSave, { community_id: c1, title: "非成员", content: "<p>x</p>" }, "wanglaoshi", 403, "请先加入社区后再发布");
    // A manager who is not a member does not post either; a closed community takes no posts.
    await refused(CALLS.articleSave, { community_id: c1, title: "管理员", content: "<p>x</p>" }, "xiaoji", 403, "请先加入社区后再发布");
    await refused(CALLS.articleSave, { community_id: c3, title: "关闭", content: "<p>x</p>" }, "zhanglaoshi", 403);
    await refused(CALLS.articleSave, { community_id: 999999, title: "无", content: "<p>x</p>" }, "zhanglaoshi", 404, "社区不存在或已删除");
    const n = (await s.database.db.select({ n: sql<number>`count(*)::int` }).from(communityArticle))[0]!.n;
    expect(n).toBe(1);
  });

  it("list: newest first, title search, paged; can_view decides", async () => {
    for (let i = 1; i <= 3; i++) await ok(CALLS.articleSave, { community_id: c1, title: `李老师的随笔 ${i}`, content: `<p>内容 ${i}</p>` }, "lilaoshi");
    const page = await ok<Page<ArticleRow>>(CALLS.articleList, { community_id: c1, page: 1, limit: 2 }, "wanglaoshi");
    expect(page.total).toBe(4);
    expect(page.list.map((r) => r.title)).toEqual(["李老师的随笔 3", "李老师的随笔 2"]);
    expect(page.list[0]).toMatchObject({ account_name: "李老师", can_edit: false, can_delete: false, summary: "内容 3" });
    expect(page.list[0]).not.toHaveProperty("content");
    const found = await ok<Page<ArticleRow>>(CALLS.articleList, { community_id: c1, title: "随笔 2" }, "zhanglaoshi");
    expect(found.list.map((r) => r.title)).toEqual(["李老师的随笔 2"]);
    // The owner manages: can_delete on others' articles, not can_edit.
    expect(found.list[0]).toMatchObject({ can_edit: false, can_delete: true });
    expect((await ok<Page<ArticleRow>>(CALLS.articleList, { community_id: c1, title: "%" }, "zhanglaoshi")).total).toBe(0);
    await refused(CALLS.articleList, {}, "zhanglaoshi", 400, /社区id/);
    await refused(CALLS.articleList, { community_id: c1, limit: 1000 }, "zhanglaoshi", 400);
    await refused(CALLS.articleList, { community_id: c2 }, "wanglaoshi", 403, "请先加入社区后查看");
    // The school administrator manages the hidden community of his school.
    expect((await ok<Page<ArticleRow>>(CALLS.articleList, { community_id: c2 }, "xiaoji")).total).toBe(0);
    // An anonymous visitor of the space (/blog is public) reads the list of a normal displayed community only.
    const anon = await s.call<Page<ArticleRow>>(CALLS.articleList, { community_id: c1, page: 1, limit: 10 });
    expect(anon.code, anon.msg).toBe(200);
    expect(anon.data.total).toBe(4);
    expect(anon.data.list.every((r) => !r.can_edit && !r.can_delete)).toBe(true);
    expect((await s.call(CALLS.articleList, { community_id: c2 })).code).toBe(403);
    expect((await s.call(CALLS.articleList, { community_id: c3 })).code).toBe(403);
    expect((await s.call(CALLS.messageBoardList, { community_id: c1 })).code).toBe(200);
    expect((await s.call(CALLS.messageBoardList, { community_id: c2 })).code).toBe(403);
    // Reading one article still needs a session (its route needs login).
    expect((await s.call(CALLS.articleRead, { id: anon.data.list[0]!.id })).code).not.toBe(200);
  });

  it("c218 counts one reading per call, c224 reads the counts without counting", async () => {
    const r1 = await ok<ArticleDetail>(CALLS.articleRead, { id: a1 }, "wanglaoshi");
    const r2 = await ok<ArticleDetail>(CALLS.articleRead, { id: a1 }, "lilaoshi");
    expect(r1.reading_num).toBe(1);
    expect(r2.reading_num).toBe(2);
    expect(r2.content).toContain("<h2>标题</h2>");
    const counts = await ok<ArticleCounts>(CALLS.articleReadingNum, { id: a1 }, "lilaoshi");
    expect(counts).toEqual({ id: a1, reading_num: 2, like_num: 0, comment_num: 0 });
    expect((await article(a1))!.reading_num).toBe(2);
    await refused(CALLS.articleRead, { id: "abc" }, "lilaoshi", 400, /文章编号/);
    await refused(CALLS.articleRead, {}, "lilaoshi", 400);
    await refused(CALLS.articleRead, { id: 999999 }, "lilaoshi", 404, "文章不存在或已删除");
    await refused(CALLS.articleReadingNum, { id: 999999 }, "lilaoshi", 404);
    await refused(CALLS.articleReadingNum, { id: 0 }, "lilaoshi", 400);
    const hidden = await ok<ArticleDetail>(CALLS.articleSave, { community_id: c2, title: "内部", content: "<p>内部</p>" }, "lilaoshi");
    await refused(CALLS.articleRead, { id: hidden.id }, "wanglaoshi", 403, "请先加入社区后查看");
    await refused(CALLS.articleReadingNum, { id: hidden.id }, "wanglaoshi", 403);
    expect((await article(hidden.id))!.reading_num).toBe(0);
  });

  it("c220 the author edits only what is sent; the author or a manager hides; others are refused", async () => {
    const edited = await ok<ArticleDetail>(
      CALLS.articleUpdate,
      { id: a1, title: "改过的标题", content: '<p onclick="x()">新的内容</p><iframe src="https://evil"></iframe>' },
      "zhanglaoshi",
    );
    expect(edited).toMatchObject({ title: "改过的标题", content: "<p>新的内容</p>", summary: "新的内容", cover_url: "/files/12" });
    expect(await logCount("article.update", a1)).toBe(1);
    await refused(CALLS.articleUpdate, { id: a1, title: "李改" }, "lilaoshi", 403, "只有文章作者可以修改文章");
    await refused(CALLS.articleUpdate, { id: a1, title: "校管理员改" }, "xiaoji", 403, "只有文章作者可以修改文章");
    await refused(CALLS.articleUpdate, { id: a1, status: 0 }, "lilaoshi", 403, "只有文章作者或社区管理员可以隐藏文章");
    await refused(CALLS.articleUpdate, { id: a1 }, "zhanglaoshi", 400, "没有要修改的内容");
    // An empty status is "not sent", never 0 (hidden).
    await refused(CALLS.articleUpdate, { id: a1, status: "" }, "zhanglaoshi", 400, "没有要修改的内容");
    await refused(CALLS.articleUpdate, { id: a1, status: 5 }, "zhanglaoshi", 400, /状态只能是/);
    await refused(CALLS.articleUpdate, { id: a1, content: "<script></script>" }, "zhanglaoshi", 400, "请输入文章内容");
    await refused(CALLS.articleUpdate, { id: 999999, title: "x" }, "zhanglaoshi", 404);
    expect((await article(a1))!.title).toBe("改过的标题");

    // A manager (school administrator, not a member) hides it: readers lose it, the author and managers keep it.
    const hidden = await ok<ArticleDetail>(CALLS.articleUpdate, { id: a1, status: 0 }, "xiaoji");
    expect(hidden).toMatchObject({ status: 0, status_name: "已隐藏", title: "改过的标题" });
    expect(await logCount("article.hide", a1)).toBe(1);
    await refused(CALLS.articleRead, { id: a1 }, "wanglaoshi", 404, "文章不存在或已删除");
    await refused(CALLS.articleRead, { id: a1 }, "lilaoshi", 404);
    expect((await ok<Page<ArticleRow>>(CALLS.articleList, { community_id: c1 }, "lilaoshi")).list.map((r) => r.id)).not.toContain(a1);
    expect((await ok<Page<ArticleRow>>(CALLS.articleList, { community_id: c1 }, "zhanglaoshi")).list.map((r) => r.id)).toContain(a1);
    expect((await ok<ArticleDetail>(CALLS.articleRead, { id: a1 }, "zhanglaoshi")).status).toBe(0);
    await ok(CALLS.articleUpdate, { id: a1, status: 1 }, "zhanglaoshi");
    expect((await ok<ArticleDetail>(CALLS.articleRead, { id: a1 }, "wanglaoshi")).status).toBe(1);
  });

  it("c222/c223/new comments: members comment and reply, comment_num in step, author or manager deletes", async () => {
    const first = await ok<ArticleCommentSaved>(CALLS.articleCommentSave, { article_id: a1, content: "  写得好 " }, "lilaoshi");
    expect(first.comment_num).toBe(1);
    const reply = await ok<ArticleCommentSaved>(CALLS.articleCommentSave, { article_id: a1, pid: first.id, content: "谢谢" }, "zhanglaoshi");
    const reply2 = await ok<ArticleCommentSaved>(CALLS.articleCommentSave, { article_id: a1, pid: reply.id, content: "<b>不客气</b>" }, "lilaoshi");
    const second = await ok<ArticleCommentSaved>(CALLS.articleCommentSave, { article_id: a1, content: "第二条" }, "zhanglaoshi");
    expect(second.comment_num).toBe(4);
    expect(await logCount("article.comment")).toBe(4);

    await refused(CALLS.articleCommentSave, { article_id: a1, content: "   " }, "lilaoshi", 400, /请先输入内容/);
    await refused(CALLS.articleCommentSave, { article_id: a1 }, "lilaoshi", 400, /请先输入内容/);
    await refused(CALLS.articleCommentSave, { article_id: a1, content: "x".repeat(1001) }, "lilaoshi", 400, /评论内容不能超过 1000 个字符/);
    await refused(CALLS.articleCommentSave, { content: "x" }, "lilaoshi", 400, /文章编号/);
    await refused(CALLS.articleCommentSave, { article_id: a1, content: "我也说" }, "wanglaoshi", 403, "请先加入空间后评论！");
    await refused(CALLS.articleCommentSave, { article_id: a1, pid: 999999, content: "回复" }, "lilaoshi", 404, /回复的评论不存在/);
    await refused(CALLS.articleCommentSave, { article_id: 999999, content: "x" }, "lilaoshi", 404);

    const list = await ok<Page<ArticleCommentRow>>(CALLS.articleCommentList, { article_id: a1 }, "wanglaoshi");
    expect(list.total).toBe(2);
    expect(list.list.map((r) => r.content)).toEqual(["第二条", "写得好"]);
    const thread = list.list[1]!;
    expect(thread).toMatchObject({ account_name: "李老师", reply_person: "", can_delete: false, pid: 0, target_id: a1 });
    expect(thread.children.map((r) => [r.content, r.reply_person, r.pid])).toEqual([
      ["谢谢", "李老师", first.id],
      ["<b>不客气</b>", "张老师", reply.id],
    ]);
    const asLi = await ok<Page<ArticleCommentRow>>(CALLS.articleCommentList, { article_id: a1, page: 2, limit: 1 }, "lilaoshi");
    expect(asLi.list.map((r) => [r.id, r.can_delete])).toEqual([[first.id, true]]);
    expect(asLi.list[0]!.children.map((r) => r.id)).toEqual([reply.id, reply2.id]);
    await refused(CALLS.articleCommentList, { article_id: -1 }, "lilaoshi", 400);
    await refused(CALLS.articleCommentList, { article_id: 999999 }, "lilaoshi", 404);

    await refused(CALLS.articleCommentDelete, { id: first.id }, "wanglaoshi", 403, "只有评论作者或社区管理员可以删除评论");
    await refused(CALLS.articleCommentDelete, { id: 999999 }, "lilaoshi", 404, "评论不存在或已删除");
    await refused(CALLS.articleCommentDelete, {}, "lilaoshi", 400);
    // The owner (a community manager) removes li's comment with the two replies under it.
    expect(await ok<{ comment_num: number }>(CALLS.articleCommentDelete, { id: first.id }, "zhanglaoshi")).toEqual({ comment_num: 1 });
    const rows = await s.database.db.select().from(articleComment).where(eq(articleComment.article_id, a1));
    expect(rows.map((r) => r.content)).toEqual(["第二条"]);
    expect((await article(a1))!.comment_num).toBe(1);
    expect(await logCount("article.comment_delete", first.id)).toBe(1);
    // The author deletes his own.
    expect(await ok<{ comment_num: number }>(CALLS.articleCommentDelete, { id: second.id }, "zhanglaoshi")).toEqual({ comment_num: 0 });
  });

  it("c225 toggles one like per user; like_num stays the row count under concurrent toggles", async () => {
    const on = await ok<ArticleLikeAnswer>(CALLS.articleLikeNum, { id: a1 }, "lilaoshi");
    expect(on).toEqual({ id: a1, is_like: true, like_num: 1 });
    expect((await ok<ArticleDetail>(CALLS.articleRead, { id: a1 }, "lilaoshi")).is_like).toBe(true);
    const off = await ok<ArticleLikeAnswer>(CALLS.articleLikeNum, { id: a1 }, "lilaoshi");
    expect(off).toEqual({ id: a1, is_like: false, like_num: 0 });
    await refused(CALLS.articleLikeNum, { id: "x" }, "lilaoshi", 400);
    await refused(CALLS.articleLikeNum, { id: 999999 }, "lilaoshi", 404);

    // Every user (readers of a public community may like) fires 5 toggles at once: 30 calls in parallel.
    const calls = USERS.flatMap((u) => Array.from({ length: 5 }, () => call<ArticleLikeAnswer>(CALLS.articleLikeNum, { id: a1 }, u)));
    const answers = await Promise.all(calls);
    for (const r of answers) expect(r.code, r.msg).toBe(200);
    const rows = await s.database.db.select().from(articleLike).where(eq(articleLike.article_id, a1));
    // An odd number of toggles from "not liked" ends liked: one row per user, no more.
    expect(rows.length).toBe(USERS.length);
    expect(new Set(rows.map((r) => r.account_id)).size).toBe(USERS.length);
    expect((await article(a1))!.like_num).toBe(USERS.length);
    expect(Math.max(...answers.map((r) => r.data.like_num))).toBe(USERS.length);
    // One more parallel round by the same user (4 toggles) leaves his like as it was.
    await Promise.all(Array.from({ length: 4 }, () => ok(CALLS.articleLikeNum, { id: a1 }, "wanglaoshi")));
    expect((await ok<ArticleCounts>(CALLS.articleReadingNum, { id: a1 }, "wanglaoshi")).like_num).toBe(USERS.length);
    const hidden = (await s.database.db.select({ id: communityArticle.id }).from(communityArticle).where(eq(communityArticle.community_id, c2)))[0]!.id;
    await refused(CALLS.articleLikeNum, { id: hidden }, "wanglaoshi", 403);
    await refused(CALLS.articleCommentList, { article_id: hidden }, "wanglaoshi", 403, "请先加入社区后查看");
    await refused(CALLS.articleCommentSave, { article_id: hidden, content: "看不到" }, "wanglaoshi", 403, "请先加入社区后查看");
    await refused(CALLS.articleUpdate, { id: hidden, status: 0 }, "wanglaoshi", 403);
    await refused(CALLS.articleDelete, { id: hidden }, "wanglaoshi", 403);
  });

  it("c221 the author or a manager deletes, with comments, likes and collects", async () => {
    const other = await ok<ArticleDetail>(CALLS.articleSave, { community_id: c1, title: "要删除的", content: "<p>再见</p>" }, "lilaoshi");
    await ok(CALLS.articleCommentSave, { article_id: other.id, content: "评论" }, "zhanglaoshi");
    await ok(CALLS.articleLikeNum, { id: other.id }, "zhanglaoshi");
    await ok(CALLS.collectSave, { target_type: "article", target_id: other.id }, "zhanglaoshi");
    expect((await ok<ArticleDetail>(CALLS.articleRead, { id: other.id }, "zhanglaoshi")).is_collect).toBe(true);
    await refused(CALLS.articleDelete, { id: other.id }, "wanglaoshi", 403, "只有文章作者或社区管理员可以删除文章");
    await refused(CALLS.articleDelete, { id: 999999 }, "lilaoshi", 404);
    await refused(CALLS.articleDelete, { id: "" }, "lilaoshi", 400);
    expect(await ok(CALLS.articleDelete, { id: other.id }, "lilaoshi")).toBeNull();
    await refused(CALLS.articleRead, { id: other.id }, "lilaoshi", 404);
    expect(await article(other.id)).toBeUndefined();
    expect((await s.database.db.select().from(articleComment).where(eq(articleComment.article_id, other.id))).length).toBe(0);
    expect((await s.database.db.select().from(articleLike).where(eq(articleLike.article_id, other.id))).length).toBe(0);
    expect(
      (
        await s.database.db
          .select()
          .from(collect)
          .where(and(eq(collect.target_type, "article"), eq(collect.target_id, other.id)))
      ).length,
    ).toBe(0);
    expect(await logCount("article.delete", other.id)).toBe(1);
    // A manager deletes somebody else's article.
    const third = await ok<ArticleDetail>(CALLS.articleSave, { community_id: c1, title: "管理员删", content: "<p>x</p>" }, "lilaoshi");
    await ok(CALLS.articleDelete, { id: third.id }, "quji");
  });
});

describe("message board", () => {
  it("c226/c227/new: members post plain text, replies nest, author or manager deletes", async () => {
    const text = '<script>alert("x")</script> 大家好 & 欢迎';
    const first = await ok<{ id: number }>(CALLS.messageBoardSave, { community_id: c1, content: text }, "lilaoshi");
    const reply = await ok<{ id: number }>(CALLS.messageBoardSave, { community_id: c1, pid: first.id, content: "欢迎欢迎" }, "zhanglaoshi");
    const second = await ok<{ id: number }>(CALLS.messageBoardSave, { community_id: c1, content: "第二条留言" }, "zhanglaoshi");
    // Stored as the text it is (the web shows it as text).
    expect((await s.database.db.select().from(messageBoard).where(eq(messageBoard.id, first.id)))[0]!.content).toBe(text);
    expect(await logCount("board.save")).toBe(3);

    await refused(CALLS.messageBoardSave, { community_id: c1, content: "" }, "lilaoshi", 400, /请先输入内容/);
    await refused(CALLS.messageBoardSave, { community_id: c1, content: "x".repeat(501) }, "lilaoshi", 400, /留言内容不能超过 500 个字符/);
    await refused(CALLS.messageBoardSave, { content: "x" }, "lilaoshi", 400, /社区id/);
    await refused(CALLS.messageBoardSave, { community_id: c1, content: "路过" }, "wanglaoshi", 403, "请先加入社区后再留言");
    await refused(CALLS.messageBoardSave, { community_id: 999999, content: "x" }, "lilaoshi", 404);
    await refused(CALLS.messageBoardSave, { community_id: c2, pid: first.id, content: "跨社区回复" }, "lilaoshi", 404, /回复的留言不存在/);

    const board = await ok<Page<ArticleCommentRow>>(CALLS.messageBoardList, { community_id: c1 }, "wanglaoshi");
    expect(board.total).toBe(2);
    expect(board.list.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(board.list[1]).toMatchObject({ content: text, account_name: "李老师", target_id: c1, can_delete: false });
    expect(board.list[1]!.children.map((r) => [r.id, r.reply_person])).toEqual([[reply.id, "李老师"]]);
    await refused(CALLS.messageBoardList, {}, "wanglaoshi", 400, /社区id/);
    await refused(CALLS.messageBoardList, { community_id: c2 }, "wanglaoshi", 403, "请先加入社区后查看");

    await refused(CALLS.messageBoardDelete, { id: first.id }, "wanglaoshi", 403, "只有留言作者或社区管理员可以删除留言");
    await refused(CALLS.messageBoardDelete, { id: 999999 }, "lilaoshi", 404, "留言不存在或已删除");
    await refused(CALLS.messageBoardDelete, { id: "a" }, "lilaoshi", 400);
    await ok(CALLS.messageBoardDelete, { id: first.id }, "lilaoshi");
    const left = await s.database.db.select({ id: messageBoard.id }).from(messageBoard).where(eq(messageBoard.community_id, c1));
    expect(left.map((r) => r.id)).toEqual([second.id]);
    // A manager (platform administrator) deletes another's entry.
    await ok(CALLS.messageBoardDelete, { id: second.id }, "pingtai");
    expect((await ok<Page<ArticleCommentRow>>(CALLS.messageBoardList, { community_id: c1 }, "lilaoshi")).total).toBe(0);
    expect(await logCount("board.delete")).toBe(2);
  });
});

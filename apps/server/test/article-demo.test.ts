/**
 * Demo articles (article.demo.ts): counters agree with the rows, authors are members, times lie in the last four
 * months, content is already in its sanitized form, log rows point at real rows; closed communities get nothing.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { seedDemoArticles } from "../src/modules/article/article.demo.js";
import { articleComment, articleLike, communityArticle, messageBoard } from "../src/modules/article/article.schema.js";
import { sanitizeRichText } from "../src/modules/article/sanitize.js";
import { community, communityLog, communityMember } from "../src/modules/community/community.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
const ids: number[] = [];
let closed = 0;
const now = new Date();
const DAY = 86_400_000;

beforeAll(async () => {
  s = await startTestServer();
  const db = s.database.db;
  const teachers = (await db.select({ id: account.id }).from(account).where(eq(account.identity, 2)).orderBy(account.id)).map((r) => r.id);
  expect(teachers.length).toBeGreaterThanOrEqual(3);
  for (const [name, status] of [
    ["演示社区甲", 1],
    ["演示社区乙", 1],
    ["已关闭", 3],
  ] as const) {
    const [c] = await db
      .insert(community)
      .values({ name, account_id: teachers[0]!, status, created_at: new Date(now.getTime() - 200 * DAY) })
      .returning({ id: community.id });
    await db.insert(communityMember).values(
      teachers.map((t, i) => ({
        community_id: c!.id,
        account_id: t,
        role: i === 0 ? 1 : 3,
        status: 1,
        joined_at: new Date(now.getTime() - (150 - i * 20) * DAY),
      })),
    );
    if (status === 1) ids.push(c!.id);
    else closed = c!.id;
  }
});
afterAll(async () => {
  await s?.close();
});

describe("seedDemoArticles", () => {
  it("writes articles, comments, likes and board entries that agree with their counters", async () => {
    const db = s.database.db;
    const res = await seedDemoArticles(db, [...ids, closed], now);
    expect(res.articles).toBeGreaterThan(4);
    const articles = await db.select().from(communityArticle);
    expect(articles.length).toBe(res.articles);
    expect(articles.every((a) => ids.includes(a.community_id))).toBe(true);
    const members = new Set(
      (await db.select({ id: communityMember.account_id }).from(communityMember).where(inArray(communityMember.community_id, ids))).map((r) => r.id),
    );
    for (const a of articles) {
      expect(members.has(a.account_id)).toBe(true);
      expect(a.created_at.getTime()).toBeGreaterThanOrEqual(now.getTime() - 121 * DAY);
      expect(a.created_at.getTime()).toBeLessThan(now.getTime());
      expect(sanitizeRichText(a.content)).toBe(a.content);
      expect(a.summary.length).toBeGreaterThan(0);
      const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(articleComment).where(eq(articleComment.article_id, a.id));
      const [l] = await db.select({ n: sql<number>`count(*)::int` }).from(articleLike).where(eq(articleLike.article_id, a.id));
      expect(a.comment_num).toBe(c!.n);
      expect(a.like_num).toBe(l!.n);
    }
    const comments = await db.select().from(articleComment);
    expect(comments.length).toBe(res.comments);
    expect((await db.select().from(articleLike)).length).toBe(res.likes);
    const byId = new Map(comments.map((c) => [c.id, c]));
    for (const c of comments.filter((x) => x.pid)) expect(byId.get(c.pid)?.article_id).toBe(c.article_id);
    const board = await db.select().from(messageBoard);
    expect(board.length).toBe(res.board);
    expect(board.length).toBeGreaterThan(0);
    // Months are spread: articles in at least three different months.
    expect(new Set(articles.map((a) => a.created_at.toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(3);
    // Log rows for what was written, pointing at real rows.
    const saves = await db.select().from(communityLog).where(eq(communityLog.action, "article.save"));
    expect(saves.map((l) => l.target_id).sort()).toEqual(articles.map((a) => a.id).sort());
    const top = comments.filter((c) => c.pid === 0).length;
    expect((await db.select().from(communityLog).where(eq(communityLog.action, "article.comment"))).length).toBe(top);
    expect(
      (
        await db
          .select()
          .from(communityLog)
          .where(and(eq(communityLog.action, "board.save"), eq(communityLog.community_id, closed)))
      ).length,
    ).toBe(0);
  });

  it("does nothing without communities", async () => {
    expect(await seedDemoArticles(s.database.db, [])).toEqual({ articles: 0, comments: 0, likes: 0, board: 0 });
  });
});

/**
 * Community articles, their comments and likes, and the message board (issue #7; docs/api/article.md,
 * docs/decisions/0703). Permission is CommunityAccess (docs/decisions/0701): reading needs can_view, posting
 * can_post; the author edits; the author or a community manager hides and deletes. Every mutation writes a
 * community_log row in its transaction. Counters (like_num, comment_num) are recounted from the rows under a lock of
 * the article row, so they stay exactly the number of rows whatever the concurrency.
 */
import {
  ARTICLE_STATUS,
  ARTICLE_STATUS_NAMES,
  type ArticleCommentListPayload,
  type ArticleCommentRow,
  type ArticleCommentSave,
  type ArticleCommentSaved,
  type ArticleCounts,
  type ArticleDetail,
  type ArticleLikeAnswer,
  type ArticleListPayload,
  type ArticleRow,
  type ArticleSave,
  type ArticleUpdate,
  type CommunityPower,
  JOIN_BEFORE_COMMENT,
  type MessageBoardListPayload,
  type MessageBoardRow,
  type MessageBoardSave,
  type Page,
} from "@yanke/protocol";
import { and, asc, desc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import type { CommunityAccess, CommunityRow } from "../community/community-access.js";
import { community } from "../community/community.schema.js";
import type { Caller } from "../../http/caller.js";
import { and2, containsPattern } from "../org/period.service.js";
import { collect } from "../personal/personal.schema.js";
import { articleComment, articleLike, communityArticle, messageBoard } from "./article.schema.js";
import { hasContent, sanitizeRichText, summaryOf } from "./sanitize.js";

type ArticleRecord = typeof communityArticle.$inferSelect;

export const ARTICLE_NOT_FOUND = "文章不存在或已删除";
export const COMMENT_NOT_FOUND = "评论不存在或已删除";
export const BOARD_NOT_FOUND = "留言不存在或已删除";
export const EMPTY_ARTICLE = "请输入文章内容";

interface ThreadRecord {
  id: number;
  pid: number;
  target_id: number;
  content: string;
  account_id: number;
  account_name: string | null;
  head_portrait_url: string | null;
  created_at: Date;
}

/** Top-level entries with every reply under its top-level ancestor (oldest first), reply_person from the direct parent. */
export function buildThreads(tops: ThreadRecord[], replies: ThreadRecord[], canDelete: (accountId: number) => boolean): ArticleCommentRow[] {
  const byId = new Map<number, ThreadRecord>();
  for (const r of [...tops, ...replies]) byId.set(r.id, r);
  const toRow = (r: ThreadRecord, replyTo: string): ArticleCommentRow => ({
    id: r.id,
    target_id: r.target_id,
    pid: r.pid,
    content: r.content,
    account_id: r.account_id,
    account_name: r.account_name ?? "",
    head_portrait_url: r.head_portrait_url ?? "",
    reply_person: replyTo,
    can_delete: canDelete(r.account_id),
    created_at: formatTime(r.created_at),
    children: [],
  });
  const rows = new Map<number, ArticleCommentRow>();
  const out = tops.map((t) => {
    const row = toRow(t, "");
    rows.set(t.id, row);
    return row;
  });
  for (const r of replies) {
    // Walk up to the top-level entry (bounded: a broken chain is skipped).
    let cur: ThreadRecord | undefined = r;
    for (let i = 0; cur && cur.pid !== 0 && i < 100; i++) cur = byId.get(cur.pid);
    const top = cur && cur.pid === 0 ? rows.get(cur.id) : undefined;
    if (!top) continue;
    const parent = byId.get(r.pid);
    top.children.push(toRow(r, parent?.account_name ?? ""));
  }
  return out;
}

export class ArticleService {
  constructor(
    private readonly db: Db,
    private readonly access: CommunityAccess,
  ) {}

  // ── access ───────────────────────────────────────────────────────────────────────────────────────────────

  private async article(id: number): Promise<ArticleRecord> {
    const [a] = await this.db.select().from(communityArticle).where(eq(communityArticle.id, id));
    if (!a) throw notFound(ARTICLE_NOT_FOUND);
    return a;
  }

  /** An article the caller may read: can_view of its community; a hidden one only for its author and managers. */
  private async readable(c: Caller, id: number): Promise<{ a: ArticleRecord; community: CommunityRow; power: CommunityPower }> {
    const a = await this.article(id);
    const { community: row, power } = await this.access.require(c, a.community_id, "can_view");
    if (a.status !== ARTICLE_STATUS.published && a.account_id !== c.id && !power.can_manage) throw notFound(ARTICLE_NOT_FOUND);
    return { a, community: row, power };
  }

  private async lockArticle(tx: Tx, id: number): Promise<void> {
    const [row] = await tx.select({ id: communityArticle.id }).from(communityArticle).where(eq(communityArticle.id, id)).for("update");
    if (!row) throw notFound(ARTICLE_NOT_FOUND);
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────

  private select(c: Caller) {
    return this.db
      .select({
        a: communityArticle,
        community_name: community.name,
        account_name: account.realname,
        head_portrait_url: account.head_portrait_url,
        is_like: sql<boolean>`exists (select 1 from ${articleLike} where ${articleLike.article_id} = ${communityArticle.id} and ${articleLike.account_id} = ${c.id})`,
        is_collect: sql<boolean>`exists (select 1 from ${collect} where ${collect.target_type} = 'article' and ${collect.target_id} = ${communityArticle.id} and ${collect.account_id} = ${c.id})`,
      })
      .from(communityArticle)
      .leftJoin(community, eq(community.id, communityArticle.community_id))
      .leftJoin(account, eq(account.id, communityArticle.account_id));
  }

  private toRow(
    c: Caller,
    power: CommunityPower,
    r: {
      a: ArticleRecord;
      community_name: string | null;
      account_name: string | null;
      head_portrait_url: string | null;
      is_like: boolean;
      is_collect: boolean;
    },
  ): ArticleRow {
    const a = r.a;
    return {
      id: a.id,
      community_id: a.community_id,
      community_name: r.community_name ?? "",
      account_id: a.account_id,
      account_name: r.account_name ?? "",
      head_portrait_url: r.head_portrait_url ?? "",
      title: a.title,
      summary: a.summary,
      cover_url: a.cover_url,
      reading_num: a.reading_num,
      like_num: a.like_num,
      comment_num: a.comment_num,
      status: a.status,
      status_name: ARTICLE_STATUS_NAMES[a.status] ?? "",
      is_like: Boolean(r.is_like),
      is_collect: Boolean(r.is_collect),
      can_edit: a.account_id === c.id,
      can_delete: a.account_id === c.id || power.can_manage,
      created_at: formatTime(a.created_at),
      updated_at: formatTime(a.updated_at),
    };
  }

  private async detail(c: Caller, power: CommunityPower, id: number): Promise<ArticleDetail> {
    const [r] = await this.select(c).where(eq(communityArticle.id, id));
    if (!r) throw notFound(ARTICLE_NOT_FOUND);
    return { ...this.toRow(c, power, r), content: r.a.content };
  }

  // ── articles ─────────────────────────────────────────────────────────────────────────────────────────────

  /** new: a community's articles, newest first. */
  async list(c: Caller, q: z.output<typeof ArticleListPayload>): Promise<Page<ArticleRow>> {
    const { power } = await this.access.require(c, q.community_id, "can_view");
    const where = and2(
      eq(communityArticle.community_id, q.community_id),
      power.can_manage ? undefined : or(eq(communityArticle.status, ARTICLE_STATUS.published), eq(communityArticle.account_id, c.id)),
      q.title ? sql`${communityArticle.title} ilike ${containsPattern(q.title)}` : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(communityArticle).where(where);
    const rows = await this.select(c)
      .where(where)
      .orderBy(desc(communityArticle.created_at), desc(communityArticle.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: rows.map((r) => this.toRow(c, power, r)), total: n, page: q.page, limit: q.limit };
  }

  /** c218: the article; every call counts one reading (docs/decisions/0703). */
  async read(c: Caller, id: number): Promise<ArticleDetail> {
    const { power } = await this.readable(c, id);
    await this.db
      .update(communityArticle)
      .set({ reading_num: sql`${communityArticle.reading_num} + 1` })
      .where(eq(communityArticle.id, id));
    return this.detail(c, power, id);
  }

  /** c224: the counts, without counting a reading. */
  async readingNum(c: Caller, id: number): Promise<ArticleCounts> {
    const { a } = await this.readable(c, id);
    return { id: a.id, reading_num: a.reading_num, like_num: a.like_num, comment_num: a.comment_num };
  }

  /** c219: a member publishes. */
  async save(c: Caller, p: z.output<typeof ArticleSave>): Promise<ArticleDetail> {
    const { power } = await this.access.require(c, p.community_id, "can_post");
    const content = sanitizeRichText(p.content);
    if (!hasContent(content)) throw badInput(EMPTY_ARTICLE);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(communityArticle)
        .values({ community_id: p.community_id, account_id: c.id, title: p.title, content, summary: summaryOf(content), cover_url: p.cover_url })
        .returning({ id: communityArticle.id });
      await this.access.log(tx, {
        community_id: p.community_id,
        account_id: c.id,
        action: "article.save",
        target_type: "article",
        target_id: row!.id,
        content: `发表文章《${p.title}》`,
      });
      return row!.id;
    });
    return this.detail(c, power, id);
  }

  /** c220: the author edits; the author or a manager hides / shows (status). */
  async update(c: Caller, p: z.output<typeof ArticleUpdate>): Promise<ArticleDetail> {
    const a = await this.article(p.id);
    const { power } = await this.access.require(c, a.community_id);
    const author = a.account_id === c.id;
    const edits = p.title !== undefined || p.content !== undefined || p.cover_url !== undefined;
    if (!edits && p.status === undefined) throw badInput("没有要修改的内容");
    if (!author && !power.can_view) throw forbidden("请先加入社区后查看");
    if (a.status !== ARTICLE_STATUS.published && !author && !power.can_manage) throw notFound(ARTICLE_NOT_FOUND);
    if (edits && !author) throw forbidden("只有文章作者可以修改文章");
    if (p.status !== undefined && !author && !power.can_manage) throw forbidden("只有文章作者或社区管理员可以隐藏文章");
    const set: Partial<typeof communityArticle.$inferInsert> = { updated_at: new Date() };
    if (p.title !== undefined) set.title = p.title;
    if (p.cover_url !== undefined) set.cover_url = p.cover_url;
    if (p.content !== undefined) {
      const content = sanitizeRichText(p.content);
      if (!hasContent(content)) throw badInput(EMPTY_ARTICLE);
      set.content = content;
      set.summary = summaryOf(content);
    }
    if (p.status !== undefined) set.status = p.status;
    const what = p.status === undefined ? "修改文章" : p.status === ARTICLE_STATUS.published ? "显示文章" : "隐藏文章";
    await this.db.transaction(async (tx) => {
      await tx.update(communityArticle).set(set).where(eq(communityArticle.id, a.id));
      const action = p.status === undefined ? "article.update" : p.status === ARTICLE_STATUS.published ? "article.show" : "article.hide";
      await this.access.log(tx, {
        community_id: a.community_id,
        account_id: c.id,
        action,
        target_type: "article",
        target_id: a.id,
        content: `${what}《${p.title ?? a.title}》`,
      });
    });
    return this.detail(c, power, a.id);
  }

  /** c221: the author or a community manager; its comments, likes and collects go with it. */
  async remove(c: Caller, id: number): Promise<null> {
    const a = await this.article(id);
    const { power } = await this.access.require(c, a.community_id);
    if (a.account_id !== c.id && !power.can_manage) throw forbidden("只有文章作者或社区管理员可以删除文章");
    await this.db.transaction(async (tx) => {
      await tx.delete(collect).where(and(eq(collect.target_type, "article"), eq(collect.target_id, id)));
      await tx.delete(communityArticle).where(eq(communityArticle.id, id));
      await this.access.log(tx, {
        community_id: a.community_id,
        account_id: c.id,
        action: "article.delete",
        target_type: "article",
        target_id: id,
        content: `删除文章《${a.title}》`,
      });
    });
    return null;
  }

  /** c225: toggles the caller's like; like_num is recounted from the rows under the article's lock. */
  async like(c: Caller, id: number): Promise<ArticleLikeAnswer> {
    await this.readable(c, id);
    return this.db.transaction(async (tx) => {
      await this.lockArticle(tx, id);
      const added = await tx.insert(articleLike).values({ article_id: id, account_id: c.id }).onConflictDoNothing().returning({ id: articleLike.id });
      if (!added.length) await tx.delete(articleLike).where(and(eq(articleLike.article_id, id), eq(articleLike.account_id, c.id)));
      const [row] = await tx
        .update(communityArticle)
        .set({ like_num: sql`(select count(*)::int from ${articleLike} where ${articleLike.article_id} = ${id})` })
        .where(eq(communityArticle.id, id))
        .returning({ like_num: communityArticle.like_num });
      return { id, is_like: added.length > 0, like_num: row?.like_num ?? 0 };
    });
  }

  // ── comments ─────────────────────────────────────────────────────────────────────────────────────────────

  private async recountComments(tx: Tx, id: number): Promise<number> {
    const [row] = await tx
      .update(communityArticle)
      .set({ comment_num: sql`(select count(*)::int from ${articleComment} where ${articleComment.article_id} = ${id})` })
      .where(eq(communityArticle.id, id))
      .returning({ n: communityArticle.comment_num });
    return row?.n ?? 0;
  }

  /** c222: a member comments (or replies to a comment of the same article). */
  async commentSave(c: Caller, p: z.output<typeof ArticleCommentSave>): Promise<ArticleCommentSaved> {
    const { a } = await this.readable(c, p.article_id);
    await this.access.require(c, a.community_id, "can_post", JOIN_BEFORE_COMMENT);
    if (p.pid) {
      const [parent] = await this.db
        .select({ id: articleComment.id })
        .from(articleComment)
        .where(and(eq(articleComment.id, p.pid), eq(articleComment.article_id, a.id)));
      if (!parent) throw notFound("回复的评论不存在或已删除");
    }
    return this.db.transaction(async (tx) => {
      await this.lockArticle(tx, a.id);
      const [row] = await tx
        .insert(articleComment)
        .values({ article_id: a.id, account_id: c.id, pid: p.pid, content: p.content })
        .returning({ id: articleComment.id });
      const n = await this.recountComments(tx, a.id);
      await this.access.log(tx, {
        community_id: a.community_id,
        account_id: c.id,
        action: "article.comment",
        target_type: "article_comment",
        target_id: row!.id,
        content: `评论文章《${a.title}》`,
      });
      return { id: row!.id, comment_num: n };
    });
  }

  private commentSelect() {
    return this.db
      .select({
        id: articleComment.id,
        pid: articleComment.pid,
        target_id: articleComment.article_id,
        content: articleComment.content,
        account_id: articleComment.account_id,
        account_name: account.realname,
        head_portrait_url: account.head_portrait_url,
        created_at: articleComment.created_at,
      })
      .from(articleComment)
      .leftJoin(account, eq(account.id, articleComment.account_id));
  }

  private boardSelect() {
    return this.db
      .select({
        id: messageBoard.id,
        pid: messageBoard.pid,
        target_id: messageBoard.community_id,
        content: messageBoard.content,
        account_id: messageBoard.account_id,
        account_name: account.realname,
        head_portrait_url: account.head_portrait_url,
        created_at: messageBoard.created_at,
      })
      .from(messageBoard)
      .leftJoin(account, eq(account.id, messageBoard.account_id));
  }

  /** Top-level entries (newest first, paged) and the replies of the target (buildThreads keeps those of the page). */
  private async threads(
    kind: "comment" | "board",
    targetId: number,
    page: number,
    limit: number,
    canDelete: (accountId: number) => boolean,
  ): Promise<Page<ArticleCommentRow>> {
    const t = kind === "comment" ? articleComment : messageBoard;
    const target = kind === "comment" ? articleComment.article_id : messageBoard.community_id;
    const select = () => (kind === "comment" ? this.commentSelect() : this.boardSelect());
    const topWhere = and(eq(target, targetId), eq(t.pid, 0));
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(t).where(topWhere);
    const tops = await select()
      .where(topWhere)
      .orderBy(desc(t.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const replies = tops.length
      ? await select()
          .where(and(eq(target, targetId), ne(t.pid, 0), gt(t.id, Math.min(...tops.map((r) => r.id)))))
          .orderBy(asc(t.id))
      : [];
    return { list: buildThreads(tops, replies, canDelete), total: n, page, limit };
  }

  /** c223: the comments, top-level newest first, replies under them. */
  async commentList(c: Caller, q: z.output<typeof ArticleCommentListPayload>): Promise<Page<ArticleCommentRow>> {
    const { a, power } = await this.readable(c, q.article_id);
    return this.threads("comment", a.id, q.page, q.limit, (id) => id === c.id || power.can_manage);
  }

  /** The entry and all its replies (breadth first). */
  private async descendants(tx: Tx, kind: "comment" | "board", id: number): Promise<number[]> {
    const t = kind === "comment" ? articleComment : messageBoard;
    const all = [id];
    let frontier = [id];
    for (let depth = 0; frontier.length && depth < 100; depth++) {
      frontier = (await tx.select({ id: t.id }).from(t).where(inArray(t.pid, frontier))).map((r) => r.id);
      all.push(...frontier);
    }
    return all;
  }

  /** new: the comment's author or a community manager removes it with its replies. */
  async commentDelete(c: Caller, id: number): Promise<{ comment_num: number }> {
    const [cm] = await this.db.select().from(articleComment).where(eq(articleComment.id, id));
    if (!cm) throw notFound(COMMENT_NOT_FOUND);
    const a = await this.article(cm.article_id);
    const { power } = await this.access.require(c, a.community_id);
    if (cm.account_id !== c.id && !power.can_manage) throw forbidden("只有评论作者或社区管理员可以删除评论");
    return this.db.transaction(async (tx) => {
      await this.lockArticle(tx, a.id);
      const ids = await this.descendants(tx, "comment", id);
      await tx.delete(articleComment).where(inArray(articleComment.id, ids));
      const n = await this.recountComments(tx, a.id);
      await this.access.log(tx, {
        community_id: a.community_id,
        account_id: c.id,
        action: "article.comment_delete",
        target_type: "article_comment",
        target_id: id,
        content: `删除文章《${a.title}》的评论`,
      });
      return { comment_num: n };
    });
  }

  // ── message board ────────────────────────────────────────────────────────────────────────────────────────

  /** c226: a member writes on the board (plain text), or replies to an entry of the same community. */
  async boardSave(c: Caller, p: z.output<typeof MessageBoardSave>): Promise<{ id: number }> {
    await this.access.require(c, p.community_id, "can_post", "请先加入社区后再留言");
    if (p.pid) {
      const [parent] = await this.db
        .select({ id: messageBoard.id })
        .from(messageBoard)
        .where(and(eq(messageBoard.id, p.pid), eq(messageBoard.community_id, p.community_id)));
      if (!parent) throw notFound("回复的留言不存在或已删除");
    }
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(messageBoard)
        .values({ community_id: p.community_id, account_id: c.id, pid: p.pid, content: p.content })
        .returning({ id: messageBoard.id });
      await this.access.log(tx, {
        community_id: p.community_id,
        account_id: c.id,
        action: "board.save",
        target_type: "message_board",
        target_id: row!.id,
        content: "发表留言",
      });
      return { id: row!.id };
    });
  }

  /** c227: the entry's author or a community manager removes it with its replies. */
  async boardDelete(c: Caller, id: number): Promise<null> {
    const [m] = await this.db.select().from(messageBoard).where(eq(messageBoard.id, id));
    if (!m) throw notFound(BOARD_NOT_FOUND);
    const { power } = await this.access.require(c, m.community_id);
    if (m.account_id !== c.id && !power.can_manage) throw forbidden("只有留言作者或社区管理员可以删除留言");
    await this.db.transaction(async (tx) => {
      const ids = await this.descendants(tx, "board", id);
      await tx.delete(messageBoard).where(inArray(messageBoard.id, ids));
      await this.access.log(tx, {
        community_id: m.community_id,
        account_id: c.id,
        action: "board.delete",
        target_type: "message_board",
        target_id: id,
        content: "删除留言",
      });
    });
    return null;
  }

  /** new: the board, top-level newest first, replies under them. */
  async boardList(c: Caller, q: z.output<typeof MessageBoardListPayload>): Promise<Page<MessageBoardRow>> {
    const { power } = await this.access.require(c, q.community_id, "can_view");
    return this.threads("board", q.community_id, q.page, q.limit, (id) => id === c.id || power.can_manage);
  }
}

import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { community } from "../community/community.schema.js";

/**
 * A community article (community.md §3 Community article: comments, reading count, like count). `content` is rich
 * text sanitized on the server before it is stored (docs/decisions/0703); `summary` is its plain text start.
 * status: 1 published, 0 hidden by a community administrator.
 */
export const communityArticle = pgTable(
  "community_article",
  {
    id: serial("id").primaryKey(),
    community_id: integer("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    summary: text("summary").notNull().default(""),
    cover_url: text("cover_url").notNull().default(""),
    reading_num: integer("reading_num").notNull().default(0),
    like_num: integer("like_num").notNull().default(0),
    comment_num: integer("comment_num").notNull().default(0),
    status: integer("status").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("community_article_idx").on(t.community_id, t.created_at),
    index("community_article_account_idx").on(t.account_id, t.created_at),
    // Counts of published articles per community (census, juniorList).
    index("community_article_status_idx").on(t.community_id, t.status),
  ],
);

/** Comments on an article (a reply names its parent in pid). */
export const articleComment = pgTable(
  "article_comment",
  {
    id: serial("id").primaryKey(),
    article_id: integer("article_id")
      .notNull()
      .references(() => communityArticle.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    pid: integer("pid").notNull().default(0),
    content: text("content").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("article_comment_idx").on(t.article_id, t.id)],
);

/** One like per user and article (likeNum toggles it; the unique index decides a race). */
export const articleLike = pgTable(
  "article_like",
  {
    id: serial("id").primaryKey(),
    article_id: integer("article_id")
      .notNull()
      .references(() => communityArticle.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("article_like_uq").on(t.article_id, t.account_id)],
);

/** Message board entries of a community (留言板): plain text, a reply names its parent in pid. */
export const messageBoard = pgTable(
  "message_board",
  {
    id: serial("id").primaryKey(),
    community_id: integer("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    pid: integer("pid").notNull().default(0),
    content: text("content").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_board_idx").on(t.community_id, t.id)],
);

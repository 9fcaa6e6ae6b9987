import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Topics (专题; issue #11): curated collections of lessons and resources with a cover and a description, shown by
 * /topicPage, /topicPageVideo and /evaluationClassTopic. Scope as review activities: school_id (0 = region_code, or
 * platform-wide). status 0 草稿, 1 已发布.
 */
export const topic = pgTable(
  "topic",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    cover_url: text("cover_url").notNull().default(""),
    school_id: integer("school_id").notNull().default(0),
    region_code: text("region_code").notNull().default(""),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    account_id: integer("account_id").notNull().default(0),
    status: integer("status").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    view_count: integer("view_count").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("topic_scope_idx").on(t.status, t.school_id, t.sort)],
);

/**
 * An entry of a topic: item_type 1 视频 (video of #6), 2 课程资源 (course_resource), 3 课堂分析 (analysis_course of
 * #10), 4 听评课 (listen_evaluate of #9), 5 评课作品 (review_work); note: the curator's words about it.
 */
export const topicItem = pgTable(
  "topic_item",
  {
    id: serial("id").primaryKey(),
    topic_id: integer("topic_id").notNull(),
    item_type: integer("item_type").notNull(),
    item_id: integer("item_id").notNull(),
    note: text("note").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("topic_item_uniq").on(t.topic_id, t.item_type, t.item_id), index("topic_item_sort_idx").on(t.topic_id, t.sort)],
);

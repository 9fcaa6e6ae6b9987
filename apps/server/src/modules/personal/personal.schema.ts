import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** A teacher's reflection (教学反思; /v2/reflect): on an activity or free-standing; only the author deletes it. */
export const reflect = pgTable(
  "reflect",
  {
    id: serial("id").primaryKey(),
    account_id: integer("account_id").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    activity_id: integer("activity_id").notNull().default(0),
    community_id: integer("community_id").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reflect_account_idx").on(t.account_id, t.id)],
);

/**
 * Collections (我的收藏; /v2/collect): one per user and target (the unique index decides a race); collecting again
 * removes it. target_type: community | article | activity | video | preparation.
 */
export const collect = pgTable(
  "collect",
  {
    id: serial("id").primaryKey(),
    account_id: integer("account_id").notNull(),
    target_type: text("target_type").notNull(),
    target_id: integer("target_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("collect_uq").on(t.account_id, t.target_type, t.target_id), index("collect_target_idx").on(t.target_type, t.target_id)],
);

import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Notices (community.md §3 Activity notice and operate notice: id, name, type, start_time, end_time,
 * participation_account_ids, message_content, community_id, status, notice_type).
 *
 * notice_type: 1 activity notice (活动通知, /v2/activity_notice), 2 community operate notice (社区通知公告,
 * /v2/operate_notice), 3 platform notice (平台公告), 4 web notice (网站公告). type: a free category within a kind
 * (1 通知, 2 公告, 3 活动). status: 1 published, 0 draft / withdrawn (setOperateNoticeStatus).
 * community_id 0: a platform-wide notice. Publishing sends each participant a message (account_message).
 */
export const notice = pgTable(
  "notice",
  {
    id: serial("id").primaryKey(),
    notice_type: integer("notice_type").notNull(),
    type: integer("type").notNull().default(1),
    name: text("name").notNull(),
    message_content: text("message_content").notNull().default(""),
    community_id: integer("community_id").notNull().default(0),
    /** The activity it announces (activity notices), 0 when none. */
    activity_id: integer("activity_id").notNull().default(0),
    participation_account_ids: jsonb("participation_account_ids").$type<number[]>().notNull().default([]),
    start_time: timestamp("start_time", { withTimezone: true }),
    end_time: timestamp("end_time", { withTimezone: true }),
    status: integer("status").notNull().default(1),
    account_id: integer("account_id").notNull(),
    school_id: integer("school_id").notNull().default(0),
    area_id: integer("area_id").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notice_kind_idx").on(t.notice_type, t.status, t.created_at), index("notice_community_idx").on(t.community_id, t.created_at)],
);

/**
 * Messages of the personal centre (我的消息): notices reaching participants, membership decisions, meeting
 * invitations… source_type/source_id say what it is about (e.g. "notice", 12). read_at null = unread.
 */
export const accountMessage = pgTable(
  "account_message",
  {
    id: serial("id").primaryKey(),
    account_id: integer("account_id").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    source_type: text("source_type").notNull().default(""),
    source_id: integer("source_id").notNull().default(0),
    community_id: integer("community_id").notNull().default(0),
    sender_id: integer("sender_id").notNull().default(0),
    read_at: timestamp("read_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_message_idx").on(t.account_id, t.id)],
);

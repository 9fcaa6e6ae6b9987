import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A meeting (community.md §3 Meeting: meeting_url, name, community_id, preparation_id) booked through a provider
 * (docs/decisions/0705): "link" stores the join link the organizer gives; "tencent" books it with Tencent Meeting's
 * REST API (signed requests) and keeps its meeting id and code. status: 1 booked, 2 cancelled.
 */
export const meeting = pgTable(
  "meeting",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    community_id: integer("community_id").notNull().default(0),
    preparation_id: integer("preparation_id").notNull().default(0),
    meeting_url: text("meeting_url").notNull().default(""),
    provider: text("provider").notNull().default("link"),
    provider_meeting_id: text("provider_meeting_id").notNull().default(""),
    meeting_code: text("meeting_code").notNull().default(""),
    start_time: timestamp("start_time", { withTimezone: true }).notNull(),
    end_time: timestamp("end_time", { withTimezone: true }).notNull(),
    participation_account_ids: jsonb("participation_account_ids").$type<number[]>().notNull().default([]),
    introduction: text("introduction").notNull().default(""),
    status: integer("status").notNull().default(1),
    account_id: integer("account_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("meeting_community_idx").on(t.community_id, t.start_time), index("meeting_account_idx").on(t.account_id, t.start_time)],
);

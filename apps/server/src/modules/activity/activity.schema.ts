import { index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A teaching-research activity (教研活动; docs/decisions/0704): what the home page schedules, counts and ranks.
 * Every kind of activity has one row here — a plain activity created in a community (type "research"), and the
 * preparations (#8), listen-evaluate records and after-class reflections (#9), meetings and questionnaires (#12)
 * register theirs with ref_id pointing at their own row, so that the statistics see them all.
 *
 * type: research | preparation | listen | after_class | meeting | questionnaire. status: 1 normal, 0 hidden.
 */
export const activity = pgTable(
  "activity",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull().default("research"),
    ref_id: integer("ref_id").notNull().default(0),
    name: text("name").notNull(),
    introduction: text("introduction").notNull().default(""),
    cover_url: text("cover_url").notNull().default(""),
    community_id: integer("community_id").notNull().default(0),
    account_id: integer("account_id").notNull(),
    school_id: integer("school_id").notNull().default(0),
    area_id: integer("area_id").notNull().default(0),
    city_id: integer("city_id").notNull().default(0),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    start_time: timestamp("start_time", { withTimezone: true }).notNull(),
    end_time: timestamp("end_time", { withTimezone: true }).notNull(),
    is_recommend: integer("is_recommend").notNull().default(0),
    is_display: integer("is_display").notNull().default(1),
    status: integer("status").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_community_idx").on(t.community_id, t.start_time),
    index("activity_time_idx").on(t.start_time),
    index("activity_account_idx").on(t.account_id, t.start_time),
    index("activity_school_idx").on(t.school_id, t.start_time),
    index("activity_ref_idx").on(t.type, t.ref_id),
  ],
);

/** Participants of an activity (participation_account_ids), for "activities I take part in" and the counts. */
export const activityMember = pgTable(
  "activity_member",
  {
    activity_id: integer("activity_id")
      .notNull()
      .references(() => activity.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activity_id, t.account_id] }), index("activity_member_account_idx").on(t.account_id)],
);

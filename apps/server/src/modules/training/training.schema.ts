import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Training programmes (培训; issue #12): a course of items — lesson videos of #6 (item_type 1, video_id) and documents
 * of #5 (item_type 2, file_id) — that teachers enrol in and work through. status 0 草稿, 1 已发布 (enrolment open
 * between enrol_start and enrol_end when set), 2 已结束. Scope: school_id (0 = the region region_code, or
 * platform-wide when both are empty). hours: the credit (学时) the certificate states. pass_ratio: the share of
 * required items (percent) a teacher must finish for the certificate.
 */
export const training = pgTable(
  "training",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    introduce: text("introduce").notNull().default(""),
    cover_url: text("cover_url").notNull().default(""),
    school_id: integer("school_id").notNull().default(0),
    region_code: text("region_code").notNull().default(""),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    hours: numeric("hours", { precision: 6, scale: 1, mode: "number" }).notNull().default(0),
    pass_ratio: integer("pass_ratio").notNull().default(100),
    status: integer("status").notNull().default(0),
    enrol_start: timestamp("enrol_start", { withTimezone: true }),
    enrol_end: timestamp("enrol_end", { withTimezone: true }),
    start_time: timestamp("start_time", { withTimezone: true }),
    end_time: timestamp("end_time", { withTimezone: true }),
    enrol_count: integer("enrol_count").notNull().default(0),
    account_id: integer("account_id").notNull(),
    published_at: timestamp("published_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("training_scope_idx").on(t.status, t.school_id, t.region_code)],
);

/**
 * An item of a programme, in `sort` order. item_type 1 video (video_id; a video item is done when watched_seconds
 * reaches done_ratio percent of duration_seconds), 2 document (file_id; done when the teacher marks it read after
 * opening it). required 0: optional (not counted for the certificate).
 */
export const trainingItem = pgTable(
  "training_item",
  {
    id: serial("id").primaryKey(),
    training_id: integer("training_id").notNull(),
    title: text("title").notNull(),
    item_type: integer("item_type").notNull(),
    video_id: integer("video_id").notNull().default(0),
    file_id: integer("file_id").notNull().default(0),
    duration_seconds: integer("duration_seconds").notNull().default(0),
    done_ratio: integer("done_ratio").notNull().default(90),
    required: integer("required").notNull().default(1),
    sort: integer("sort").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("training_item_training_idx").on(t.training_id, t.sort)],
);

/**
 * A teacher enrolled in a programme. progress: percent of required items done (kept in step by the progress calls);
 * completed_at and certificate_no are set once when progress reaches pass_ratio.
 */
export const trainingEnrol = pgTable(
  "training_enrol",
  {
    id: serial("id").primaryKey(),
    training_id: integer("training_id").notNull(),
    account_id: integer("account_id").notNull(),
    school_id: integer("school_id").notNull().default(0),
    progress: integer("progress").notNull().default(0),
    watched_seconds: integer("watched_seconds").notNull().default(0),
    completed_at: timestamp("completed_at", { withTimezone: true }),
    certificate_no: text("certificate_no"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("training_enrol_uniq").on(t.training_id, t.account_id), index("training_enrol_account_idx").on(t.account_id)],
);

/**
 * One teacher's progress on one item: watched_seconds (distinct seconds counted by the client's heartbeats, capped at
 * the duration), position_seconds (where to resume), done 0/1.
 */
export const trainingProgress = pgTable(
  "training_progress",
  {
    id: serial("id").primaryKey(),
    training_id: integer("training_id").notNull(),
    item_id: integer("item_id").notNull(),
    account_id: integer("account_id").notNull(),
    watched_seconds: integer("watched_seconds").notNull().default(0),
    position_seconds: integer("position_seconds").notNull().default(0),
    done: integer("done").notNull().default(0),
    done_at: timestamp("done_at", { withTimezone: true }),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("training_progress_uniq").on(t.item_id, t.account_id), index("training_progress_training_idx").on(t.training_id, t.account_id)],
);

import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Review activities (评课活动; issue #11): an organiser (school or district administrator) opens an activity in phases
 * — phase 0 草稿, 1 报名, 2 提交作品, 3 评审, 4 结果公示 — with planned dates for each; teachers sign up and submit works
 * (a lesson video of #6 plus documents of #5); reviewers are allocated to works (by hand or evenly at random) and score
 * them against the items of a lecture_indicator scheme (indicator_id, shared with #9/#10); results rank the works.
 * Scope: school_id (0 = the region region_code, or platform-wide when both are empty).
 */
export const reviewActivity = pgTable(
  "review_activity",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    introduce: text("introduce").notNull().default(""),
    cover_url: text("cover_url").notNull().default(""),
    school_id: integer("school_id").notNull().default(0),
    region_code: text("region_code").notNull().default(""),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    /** The scoring scheme (lecture_indicator root). */
    indicator_id: integer("indicator_id").notNull().default(0),
    phase: integer("phase").notNull().default(0),
    signup_start: timestamp("signup_start", { withTimezone: true }),
    signup_end: timestamp("signup_end", { withTimezone: true }),
    submit_end: timestamp("submit_end", { withTimezone: true }),
    review_end: timestamp("review_end", { withTimezone: true }),
    /** Reviewers per work when allocating at random. */
    reviewers_per_work: integer("reviewers_per_work").notNull().default(2),
    /** 1 manual, 2 evenly at random. */
    allocate_mode: integer("allocate_mode").notNull().default(2),
    account_id: integer("account_id").notNull().default(0),
    view_count: integer("view_count").notNull().default(0),
    status: integer("status").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_activity_scope_idx").on(t.status, t.phase, t.school_id)],
);

/** A teacher signed up to an activity (one row per teacher). */
export const reviewSignup = pgTable(
  "review_signup",
  {
    id: serial("id").primaryKey(),
    activity_id: integer("activity_id").notNull(),
    account_id: integer("account_id").notNull(),
    school_id: integer("school_id").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("review_signup_uniq").on(t.activity_id, t.account_id)],
);

/**
 * A submitted work: a lesson video (video_id of #6) and documents (file_ids of #5). score: the mean of the submitted
 * reviewers' totals (null until scored); rank: set when results are published (phase 4). status 1 submitted, 2 withdrawn.
 */
export const reviewWork = pgTable(
  "review_work",
  {
    id: serial("id").primaryKey(),
    activity_id: integer("activity_id").notNull(),
    account_id: integer("account_id").notNull(),
    school_id: integer("school_id").notNull().default(0),
    title: text("title").notNull(),
    introduce: text("introduce").notNull().default(""),
    subject_id: integer("subject_id").notNull().default(0),
    grade_id: integer("grade_id").notNull().default(0),
    video_id: integer("video_id").notNull().default(0),
    file_ids: jsonb("file_ids").$type<number[]>().notNull().default([]),
    cover_url: text("cover_url").notNull().default(""),
    score: numeric("score", { precision: 8, scale: 2, mode: "number" }),
    rank: integer("rank"),
    status: integer("status").notNull().default(1),
    view_count: integer("view_count").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_work_activity_idx").on(t.activity_id, t.status), uniqueIndex("review_work_author_uniq").on(t.activity_id, t.account_id)],
);

/** A reviewer of an activity (the pool allocation draws from). */
export const reviewReviewer = pgTable(
  "review_reviewer",
  {
    id: serial("id").primaryKey(),
    activity_id: integer("activity_id").notNull(),
    account_id: integer("account_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("review_reviewer_uniq").on(t.activity_id, t.account_id)],
);

/**
 * One reviewer's assignment to one work and his scores: scores {indicator item id → score}, total (weighted, 0–100),
 * comment; submitted_at null while a draft.
 */
export const reviewScore = pgTable(
  "review_score",
  {
    id: serial("id").primaryKey(),
    activity_id: integer("activity_id").notNull(),
    work_id: integer("work_id").notNull(),
    reviewer_id: integer("reviewer_id").notNull(),
    scores: jsonb("scores").$type<Record<string, number>>().notNull().default({}),
    total: numeric("total", { precision: 8, scale: 2, mode: "number" }),
    comment: text("comment").notNull().default(""),
    submitted_at: timestamp("submitted_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("review_score_uniq").on(t.work_id, t.reviewer_id), index("review_score_reviewer_idx").on(t.reviewer_id, t.activity_id)],
);

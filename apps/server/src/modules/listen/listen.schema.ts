import { sql } from "drizzle-orm";
import { index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Evaluation indicators (评课指标; c130–c132 and the list/read calls of #9): a tree. A root row (pid 0, level 1) is a
 * scheme (量表) — e.g. "课堂教学评价量表"; its children (level 2) are dimensions (教学目标, 教学过程 …) and their
 * children (level 3) the items scored, each with a weight and a score range. school_id 0 = a platform scheme every
 * school may use; otherwise the school's own. #10's ai_scoring scores lessons against the same items.
 */
export const lectureIndicator = pgTable(
  "lecture_indicator",
  {
    id: serial("id").primaryKey(),
    pid: integer("pid").notNull().default(0),
    /** The scheme (root) the row belongs to; a root's own id. */
    root_id: integer("root_id").notNull().default(0),
    level: integer("level").notNull().default(1),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Weight among its siblings, in percent (items of a dimension and dimensions of a scheme each add to 100). */
    weight: numeric("weight", { precision: 6, scale: 2, mode: "number" }).notNull().default(0),
    min_score: numeric("min_score", { precision: 6, scale: 2, mode: "number" }).notNull().default(0),
    max_score: numeric("max_score", { precision: 6, scale: 2, mode: "number" }).notNull().default(10),
    sort: integer("sort").notNull().default(0),
    school_id: integer("school_id").notNull().default(0),
    account_id: integer("account_id").notNull().default(0),
    /** 1 in use, 0 disabled. */
    status: integer("status").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lecture_indicator_tree_idx").on(t.root_id, t.pid, t.sort), index("lecture_indicator_school_idx").on(t.school_id, t.level)],
);

/**
 * A listen-evaluate record (听评课; community.md §3 Listen-evaluate record). is_type: 1 远程听评课 (live, a classroom
 * device of #6: equiment_id — the spec's spelling), 2 精准听评课 (a recorded video: my_video_id / my_video_ids, play_url),
 * 3 现场听评课 (in the classroom, nothing to play). evaluation_type: 1 指标评分 (lecture_indicator scheme
 * indicator_id), 2 自由评议 (comments only), 3 问卷 (questionnaire_ids, #12). The creator organises it; the teacher
 * (teacher_account_id) gives the lesson; participants (listen_member) listen and evaluate.
 * open_model: 1 公开, 2 社区内, 3 仅参与人 (as preparations). verify_status: 0 待审核, 1 已通过, 2 未通过. status 1 normal.
 */
export const listenEvaluate = pgTable(
  "listen_evaluate",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    introduction: text("introduction").notNull().default(""),
    preparation_id: integer("preparation_id").notNull().default(0),
    preparation_alias_id: integer("preparation_alias_id").notNull().default(0),
    wps_file_version_id: integer("wps_file_version_id").notNull().default(0),
    is_type: integer("is_type").notNull().default(2),
    my_video_id: integer("my_video_id").notNull().default(0),
    my_video_ids: jsonb("my_video_ids").$type<number[]>().notNull().default([]),
    play_url: text("play_url").notNull().default(""),
    logo_url: text("logo_url").notNull().default(""),
    community_id: integer("community_id").notNull().default(0),
    equiment_id: integer("equiment_id").notNull().default(0),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    grade_name: text("grade_name").notNull().default(""),
    start_time: timestamp("start_time", { withTimezone: true }).notNull(),
    end_time: timestamp("end_time", { withTimezone: true }).notNull(),
    /** The lesson's date, "YYYY-MM-DD". */
    record_date: text("record_date").notNull().default(""),
    evaluation_type: integer("evaluation_type").notNull().default(1),
    /** The indicator scheme (lecture_indicator root) scored against; 0 = none. */
    indicator_id: integer("indicator_id").notNull().default(0),
    questionnaire_ids: jsonb("questionnaire_ids").$type<number[]>().notNull().default([]),
    open_model: integer("open_model").notNull().default(2),
    /** The teacher who gives the lesson (授课教师); 0 = the creator. */
    teacher_account_id: integer("teacher_account_id").notNull().default(0),
    account_id: integer("account_id").notNull(),
    school_id: integer("school_id").notNull().default(0),
    area_id: integer("area_id").notNull().default(0),
    city_id: integer("city_id").notNull().default(0),
    is_display: integer("is_display").notNull().default(1),
    is_recommend: integer("is_recommend").notNull().default(0),
    verify_status: integer("verify_status").notNull().default(1),
    verify_reason: text("verify_reason").notNull().default(""),
    status: integer("status").notNull().default(1),
    view_count: integer("view_count").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listen_evaluate_community_idx").on(t.community_id, t.start_time),
    index("listen_evaluate_account_idx").on(t.account_id, t.id),
    index("listen_evaluate_school_idx").on(t.school_id, t.start_time),
    index("listen_evaluate_prep_idx").on(t.preparation_id),
  ],
);

/** Participants (participation_account_ids): role 1 organiser (the creator), 2 授课教师, 3 评课人. */
export const listenMember = pgTable(
  "listen_member",
  {
    record_id: integer("record_id")
      .notNull()
      .references(() => listenEvaluate.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    role: integer("role").notNull().default(3),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.record_id, t.account_id] }), index("listen_member_account_idx").on(t.account_id)],
);

/**
 * One evaluator's evaluation of a record: the overall comment and the total computed from listen_score (weighted by
 * the scheme); status 0 草稿, 1 已提交. One per evaluator and record.
 */
export const listenEvaluation = pgTable(
  "listen_evaluation",
  {
    id: serial("id").primaryKey(),
    record_id: integer("record_id")
      .notNull()
      .references(() => listenEvaluate.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    total_score: numeric("total_score", { precision: 7, scale: 2, mode: "number" }).notNull().default(0),
    comment: text("comment").notNull().default(""),
    status: integer("status").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("listen_evaluation_uq").on(t.record_id, t.account_id)],
);

/** A score an evaluator gives one indicator item (level 3) of the record's scheme. */
export const listenScore = pgTable(
  "listen_score",
  {
    evaluation_id: integer("evaluation_id")
      .notNull()
      .references(() => listenEvaluation.id, { onDelete: "cascade" }),
    indicator_id: integer("indicator_id").notNull(),
    score: numeric("score", { precision: 6, scale: 2, mode: "number" }).notNull(),
    comment: text("comment").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.evaluation_id, t.indicator_id] })],
);

/**
 * Files of a record (File record fields): type 1 评课材料 (evaluateFile, by evaluators), 2 课堂资料 (the record's own:
 * 教案, 课件 — deleteRecordFile). The bytes are a stored_file (#5) of the uploader.
 */
export const listenFile = pgTable(
  "listen_file",
  {
    id: serial("id").primaryKey(),
    record_id: integer("record_id")
      .notNull()
      .references(() => listenEvaluate.id, { onDelete: "cascade" }),
    file_id: integer("file_id").notNull().default(0),
    file_path: text("file_path").notNull(),
    file_name: text("file_name").notNull(),
    file_type: text("file_type").notNull().default(""),
    type: integer("type").notNull().default(1),
    size: integer("size").notNull().default(0),
    account_id: integer("account_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listen_file_record_idx").on(t.record_id, t.type, t.id)],
);

/** A voice comment (addEvaluateVoice: an mp3 recorded with #5's recorder), at a video time when made while watching. */
export const listenVoice = pgTable(
  "listen_voice",
  {
    id: serial("id").primaryKey(),
    record_id: integer("record_id")
      .notNull()
      .references(() => listenEvaluate.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    file_id: integer("file_id").notNull(),
    file_path: text("file_path").notNull(),
    /** Seconds. */
    duration: integer("duration").notNull().default(0),
    /** Where in the video it was recorded, seconds (null = not while watching). */
    video_time: numeric("video_time", { precision: 9, scale: 2, mode: "number" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listen_voice_record_idx").on(t.record_id, t.id)],
);

/** Listen targets (听课目标, the TPK tags a discussion message may carry): a school's list, or the platform's (0). */
export const listenTarget = pgTable(
  "listen_target",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    school_id: integer("school_id").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    account_id: integer("account_id").notNull().default(0),
    status: integer("status").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("listen_target_name_uq").on(t.school_id, t.name).where(sql`status = 1`)],
);

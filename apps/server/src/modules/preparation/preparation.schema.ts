import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A collective lesson preparation (集体备课; community.md §3 Preparation; issue #8). The creator (account_id) is the
 * main preparer (主备人); the participants (accountIds) are preparation_member rows. It is bound to the textbook
 * catalogue (edition → book → catalogue codes) and owns co-edited lesson plans (lesson_doc), files, likes and a
 * discussion (discuss_comment, target_type "preparation"). Enumerations live in @yanke/protocol
 * (schemas/preparation.ts).
 *
 * type: 1 集体备课 (members co-edit), 2 个人备课 (the author writes, others read).
 * open_model: 1 公开 (anyone, anonymous visitors too), 2 社区内 (who may view the community), 3 仅参与人.
 * verify_status: 0 待审核, 1 已通过, 2 未通过. status: 1 normal, 0 closed.
 */
export const preparation = pgTable(
  "preparation",
  {
    id: serial("id").primaryKey(),
    theme: text("theme").notNull(),
    introduction: text("introduction").notNull().default(""),
    type: integer("type").notNull().default(1),
    open_model: integer("open_model").notNull().default(2),
    cover_url: text("cover_url").notNull().default(""),
    logo_url: text("logo_url").notNull().default(""),
    community_id: integer("community_id").notNull().default(0),
    /** The creator, 主备人. */
    account_id: integer("account_id").notNull(),
    school_id: integer("school_id").notNull().default(0),
    area_id: integer("area_id").notNull().default(0),
    city_id: integer("city_id").notNull().default(0),
    start_time: timestamp("start_time", { withTimezone: true }).notNull(),
    end_time: timestamp("end_time", { withTimezone: true }).notNull(),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    grade_id: integer("grade_id").notNull().default(0),
    grade_name: text("grade_name").notNull().default(""),
    /** Textbook binding: edition (editon_id, the spec's spelling), book, catalogue node(s). */
    editon_id: integer("editon_id").notNull().default(0),
    book_id: integer("book_id").notNull().default(0),
    book_catalog_id: integer("book_catalog_id").notNull().default(0),
    catalog_code: text("catalog_code").notNull().default(""),
    catalog_code_ids: jsonb("catalog_code_ids").$type<number[]>().notNull().default([]),
    /** The binding as text: "人教版 / 七年级上册 / 第一章 有理数 / 1.1 正数和负数". */
    njy_structure: text("njy_structure").notNull().default(""),
    is_display: integer("is_display").notNull().default(1),
    is_recommend: integer("is_recommend").notNull().default(0),
    verify_status: integer("verify_status").notNull().default(1),
    verify_reason: text("verify_reason").notNull().default(""),
    verified_by: integer("verified_by").notNull().default(0),
    verified_at: timestamp("verified_at", { withTimezone: true }),
    status: integer("status").notNull().default(1),
    like_count: integer("like_count").notNull().default(0),
    view_count: integer("view_count").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("preparation_community_idx").on(t.community_id, t.start_time),
    index("preparation_account_idx").on(t.account_id, t.id),
    index("preparation_school_idx").on(t.school_id, t.start_time),
    index("preparation_catalog_idx").on(t.book_id, t.book_catalog_id),
  ],
);

/** Participants (accountIds). role 1 主备人 (the creator), 2 参与人. */
export const preparationMember = pgTable(
  "preparation_member",
  {
    preparation_id: integer("preparation_id")
      .notNull()
      .references(() => preparation.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    role: integer("role").notNull().default(2),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.preparation_id, t.account_id] }), index("preparation_member_account_idx").on(t.account_id)],
);

/**
 * Files of a preparation (fileArr; community.md §3 File record: file_path, file_name, file_type, type, size). The
 * bytes are a stored_file (#5) of the uploader. type: 1 备课资料, 2 课件, 3 教学设计, 4 其他.
 */
export const preparationFile = pgTable(
  "preparation_file",
  {
    id: serial("id").primaryKey(),
    preparation_id: integer("preparation_id")
      .notNull()
      .references(() => preparation.id, { onDelete: "cascade" }),
    file_id: integer("file_id").notNull().default(0),
    file_path: text("file_path").notNull(),
    file_name: text("file_name").notNull(),
    file_type: text("file_type").notNull().default(""),
    type: integer("type").notNull().default(1),
    size: integer("size").notNull().default(0),
    account_id: integer("account_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("preparation_file_prep_idx").on(t.preparation_id, t.id)],
);

/** One like per user and preparation (likeNums toggles; like_count follows). */
export const preparationLike = pgTable(
  "preparation_like",
  {
    preparation_id: integer("preparation_id")
      .notNull()
      .references(() => preparation.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.preparation_id, t.account_id] })],
);

/**
 * An AI diagnosis job of a lesson plan (preparationDiagnosisAi starts it, getAiResult polls it).
 * status: pending | running | done | failed. result: the scored report (DiagnosisReport in @yanke/protocol);
 * error: why it failed, in Chinese (a failed job has no result — nothing is invented).
 */
export const preparationAiJob = pgTable(
  "preparation_ai_job",
  {
    id: serial("id").primaryKey(),
    preparation_id: integer("preparation_id")
      .notNull()
      .references(() => preparation.id, { onDelete: "cascade" }),
    /** The lesson plan diagnosed (lesson_doc.id; 0 = the preparation's main plan). */
    doc_id: integer("doc_id").notNull().default(0),
    account_id: integer("account_id").notNull(),
    status: text("status").notNull().default("pending"),
    progress: integer("progress").notNull().default(0),
    /** rules | rules+llm */
    engine: text("engine").notNull().default("rules"),
    result: jsonb("result"),
    error: text("error").notNull().default(""),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    started_at: timestamp("started_at", { withTimezone: true }),
    finished_at: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("preparation_ai_job_prep_idx").on(t.preparation_id, t.id),
    index("preparation_ai_job_status_idx").on(t.status).where(sql`status in ('pending','running')`),
  ],
);

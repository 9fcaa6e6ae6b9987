import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Answers, Question } from "@yanke/protocol";

/**
 * Questionnaires (问卷; issue #12; packages/protocol/src/schemas/questionnaire.ts defines every value):
 * status 0 草稿, 1 已发布, 2 已结束; audience_type 1 community, 2 school, 3 community activity, 4 listen-evaluate
 * record, 5 link (login_required 1/0). questions: the ordered Question list (ids made by the builder); locked once a
 * response is submitted. school_id/region_code: the author's scope when written (administrators see those of theirs).
 */
export const questionnaire = pgTable(
  "questionnaire",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    introduce: text("introduce").notNull().default(""),
    status: integer("status").notNull().default(0),
    audience_type: integer("audience_type").notNull().default(5),
    audience_id: integer("audience_id").notNull().default(0),
    login_required: integer("login_required").notNull().default(1),
    once_per_user: integer("once_per_user").notNull().default(1),
    anonymous: integer("anonymous").notNull().default(0),
    start_time: timestamp("start_time", { withTimezone: true }),
    end_time: timestamp("end_time", { withTimezone: true }),
    questions: jsonb("questions").$type<Question[]>().notNull().default([]),
    /** Submitted responses (kept in step by submit and delete). */
    response_count: integer("response_count").notNull().default(0),
    school_id: integer("school_id").notNull().default(0),
    region_code: text("region_code").notNull().default(""),
    account_id: integer("account_id").notNull(),
    published_at: timestamp("published_at", { withTimezone: true }),
    closed_at: timestamp("closed_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("questionnaire_audience_idx").on(t.audience_type, t.audience_id, t.status), index("questionnaire_author_idx").on(t.account_id)],
);

/**
 * One respondent's answers. respondent_key: "a:<account id>" or "k:<browser key>" (anonymous link answers).
 * status 0 in progress (the draft saved as the respondent goes), 1 submitted. Uniqueness:
 *   - one draft per respondent and questionnaire (partial unique index on status 0);
 *   - once_key = respondent_key when the questionnaire allows one answer per user (null otherwise), unique per
 *     questionnaire: two concurrent submits of the same respondent cannot both land.
 */
export const questionnaireResponse = pgTable(
  "questionnaire_response",
  {
    id: serial("id").primaryKey(),
    questionnaire_id: integer("questionnaire_id").notNull(),
    account_id: integer("account_id").notNull().default(0),
    respondent_key: text("respondent_key").notNull(),
    once_key: text("once_key"),
    status: integer("status").notNull().default(0),
    answers: jsonb("answers").$type<Answers>().notNull().default({}),
    school_id: integer("school_id").notNull().default(0),
    submitted_at: timestamp("submitted_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("questionnaire_response_once_uniq").on(t.questionnaire_id, t.once_key),
    uniqueIndex("questionnaire_response_draft_uniq").on(t.questionnaire_id, t.respondent_key).where(sql`status = 0`),
    index("questionnaire_response_q_idx").on(t.questionnaire_id, t.status),
  ],
);

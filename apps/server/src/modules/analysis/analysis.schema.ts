import type { AnalysisResult } from "@yanke/protocol";
import { index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * One analysed lesson (/research/course, issue #10): a video (a recording with is_ai, or an upload for analysis via
 * /research/local) and its analysis job. The row is the job: status 0 排队中 → 1 分析中 → 2 已完成 | 3 失败; progress
 * 0–100 and the stage in hand are written as the pipeline goes; attempts/run_after drive the retries.
 *
 * result holds the machine's report (AnalysisResult, protocol/schemas/research.ts) — sections that could not be
 * computed say so inside it. Human corrections live in analysis_coding (both versions are kept).
 */
export const analysisCourse = pgTable(
  "analysis_course",
  {
    id: serial("id").primaryKey(),
    video_id: integer("video_id").notNull(),
    /** The lesson recording (#6) when the video came from one. */
    recording_id: integer("recording_id"),
    name: text("name").notNull(),
    /** The teacher whose lesson it is. */
    account_id: integer("account_id").notNull(),
    /** Who asked for the analysis (the uploader of a local video; the teacher for a recording). */
    creator_id: integer("creator_id").notNull(),
    school_id: integer("school_id").notNull().default(0),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    grade_id: integer("grade_id").notNull().default(0),
    class_id: integer("class_id").notNull().default(0),
    /** recording | local */
    source: text("source").notNull(),
    /** 0 排队中, 1 分析中, 2 已完成, 3 失败 */
    status: integer("status").notNull().default(0),
    progress: integer("progress").notNull().default(0),
    /** The stage in hand (AnalysisStage) while running, "" otherwise. */
    stage: text("stage").notNull().default(""),
    /** Why it failed (Chinese), "" otherwise. */
    error: text("error").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    run_after: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    /** S-T sampling interval in seconds (30 by default; finer allowed). */
    interval: integer("interval").notNull().default(30),
    /** An uploaded transcript (SRT/VTT/TXT, stored_file id) the transcript stage imports. */
    transcript_file_id: integer("transcript_file_id"),
    result: jsonb("result").$type<AnalysisResult>(),
    /** setStatus: 1 公开 (front site, community lists, no-login report pages), 0 不公开. */
    publish_status: integer("publish_status").notNull().default(0),
    /** eliminateMy: the teacher took it off 我的课例 (the school's list keeps it). */
    eliminated: integer("eliminated").notNull().default(0),
    started_at: timestamp("started_at", { withTimezone: true }),
    finished_at: timestamp("finished_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("analysis_course_school_idx").on(t.school_id, t.created_at),
    index("analysis_course_account_idx").on(t.account_id, t.id),
    index("analysis_course_video_idx").on(t.video_id),
    index("analysis_course_status_idx").on(t.status, t.run_after),
  ],
);

/**
 * A human correction of the machine coding: kind "st" (idx = S-T sample index, code "T" | "S") or "question"
 * (idx = question index of the talk section, code "<kind>|<response>", e.g. "open|follow_up"). The machine coding
 * stays in analysis_course.result; reports show both and their agreement.
 */
export const analysisCoding = pgTable(
  "analysis_coding",
  {
    id: serial("id").primaryKey(),
    course_id: integer("course_id").notNull(),
    kind: text("kind").notNull(),
    idx: integer("idx").notNull(),
    code: text("code").notNull(),
    account_id: integer("account_id").notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("analysis_coding_uniq").on(t.course_id, t.kind, t.idx)],
);

/**
 * The lesson's classroom record (课堂实录, courseContent): one row per transcript line, with its time and speaker
 * role. Filled by the transcript stage; deleteContent removes a line and the text sections are recomputed.
 */
export const analysisContent = pgTable(
  "analysis_content",
  {
    id: serial("id").primaryKey(),
    course_id: integer("course_id").notNull(),
    seq: integer("seq").notNull(),
    start: real("start").notNull(),
    end: real("end").notNull(),
    /** T | S */
    role: text("role").notNull(),
    text: text("text").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("analysis_content_course_idx").on(t.course_id, t.seq)],
);

import { index, integer, jsonb, pgTable, real, serial, text, timestamp } from "drizzle-orm/pg-core";

/** What the processing made of one camera's file: objects under `videos/<video_id>/<camera>/`. */
export interface CameraMedia {
  file_id: number;
  duration: number;
  /** Object key of the thumbnail (JPEG), "" when none. */
  thumbnail: string;
  /** Object key of the HLS VOD playlist (segments beside it), "" until packaged. */
  hls: string;
  /** Object key of the timeline sprite, "" when none. */
  sprite: string;
}

/**
 * A video (community.md §3 My video: name, account_name, grade_name, period_id, subject_id, grade_config_id, url):
 * a lesson recording (its cameras: teacher and student, two stored files of one lesson) or an uploaded file (#5).
 * The MP4s are stored_file rows (quota, Range reads); thumbnails, sprites and HLS are objects beside them.
 *
 * status: processing → ready | failed. analysis_status: none, or pending for an is_ai lesson (#10 takes it on).
 */
export const video = pgTable(
  "video",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    account_id: integer("account_id").notNull(),
    school_id: integer("school_id").notNull().default(0),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    /** The grade (grade_config_id). */
    grade_id: integer("grade_id").notNull().default(0),
    class_id: integer("class_id").notNull().default(0),
    /** recording or upload. */
    source: text("source").notNull(),
    recording_id: integer("recording_id"),
    /** The main file (teacher camera of a lesson, or the upload). */
    file_id: integer("file_id").notNull(),
    student_file_id: integer("student_file_id"),
    cameras: jsonb("cameras").$type<Partial<Record<"teacher" | "student" | "main", CameraMedia>>>().notNull().default({}),
    duration: real("duration").notNull().default(0),
    status: text("status").notNull().default("processing"),
    error: text("error").notNull().default(""),
    analysis_status: text("analysis_status").notNull().default("none"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("video_account_idx").on(t.account_id, t.id),
    index("video_school_idx").on(t.school_id, t.created_at),
    index("video_recording_idx").on(t.recording_id),
  ],
);

import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { equipment } from "../equipment/equipment.schema.js";
import { school } from "../org/org.schema.js";

/**
 * A timetable slot (platform.md §3 Timetable record) of a class: a lesson to record between start_at and end_at, or a
 * teacher's reservation (kind = reservation). Times are instants; the wire shows them in Asia/Shanghai.
 *
 * status: 0 scheduled, 1 recording, 2 done, 3 cancelled, 4 missed, 5 failed (SLOT_STATUS).
 */
export const timetable = pgTable(
  "timetable",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull().default("timetable"),
    school_id: integer("school_id")
      .notNull()
      .references(() => school.id, { onDelete: "cascade" }),
    class_id: integer("class_id").notNull(),
    subject_id: integer("subject_id").notNull().default(0),
    /** The teacher whose lesson it is (0 = none): the recording becomes his video. */
    account_id: integer("account_id").notNull().default(0),
    chapter_name: text("chapter_name").notNull().default(""),
    course_name: text("course_name").notNull(),
    course_type: integer("course_type").notNull().default(1),
    resolution: text("resolution").notNull().default("1080P"),
    record_model: integer("record_model").notNull().default(1),
    is_research: integer("is_research").notNull().default(0),
    is_active: integer("is_active").notNull().default(1),
    is_observe: integer("is_observe").notNull().default(0),
    is_live: integer("is_live").notNull().default(0),
    is_upload: integer("is_upload").notNull().default(0),
    is_ai: integer("is_ai").notNull().default(0),
    cover_url: text("cover_url").notNull().default(""),
    joint_id: integer("joint_id").notNull().default(0),
    /** "YYYY-MM-DD" in Asia/Shanghai (currency_date). */
    currency_date: text("currency_date").notNull(),
    start_at: timestamp("start_at", { withTimezone: true }).notNull(),
    end_at: timestamp("end_at", { withTimezone: true }).notNull(),
    status: integer("status").notNull().default(0),
    note: text("note").notNull().default(""),
    created_by: integer("created_by").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("timetable_class_idx").on(t.class_id, t.start_at),
    index("timetable_school_idx").on(t.school_id, t.start_at),
    index("timetable_due_idx").on(t.status, t.start_at),
  ],
);

/**
 * A recording (platform.md §3 Recording and supervision): one lesson of one device, captured as parts per camera
 * (a stream that drops and returns adds a part), joined into one MP4 per camera when it ends.
 *
 * state: recording → processing → done | failed. record_type: 1 timetable, 2 manual, 3 all-day, 4 reservation.
 */
export const recording = pgTable(
  "recording",
  {
    id: serial("id").primaryKey(),
    record_type: integer("record_type").notNull(),
    timetable_id: integer("timetable_id").references(() => timetable.id, { onDelete: "set null" }),
    equipment_id: integer("equipment_id").notNull(),
    school_id: integer("school_id")
      .notNull()
      .references(() => school.id, { onDelete: "cascade" }),
    class_id: integer("class_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    /** Owner of the files and the video (whose quota they use; docs/decisions/0622). */
    account_id: integer("account_id").notNull(),
    course_name: text("course_name").notNull(),
    /** Which cameras: 1 both, 2 teacher, 3 student. */
    record_model: integer("record_model").notNull().default(1),
    is_ai: integer("is_ai").notNull().default(0),
    /** The planned window; end_at is moved to "now" by a stop. */
    start_at: timestamp("start_at", { withTimezone: true }).notNull(),
    end_at: timestamp("end_at", { withTimezone: true }).notNull(),
    /** recording, processing, done, failed. */
    state: text("state").notNull().default("recording"),
    /** Stored files of the joined MP4s, by camera (set by the finalize job, one camera at a time). */
    files: jsonb("files").$type<Partial<Record<"teacher" | "student", number>>>().notNull().default({}),
    video_id: integer("video_id"),
    /** Seconds of the longest camera, once joined. */
    duration: integer("duration").notNull().default(0),
    note: text("note").notNull().default(""),
    error: text("error").notNull().default(""),
    created_by: integer("created_by").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("recording_school_idx").on(t.school_id, t.start_at),
    index("recording_state_idx").on(t.state),
    index("recording_device_idx").on(t.equipment_id, t.start_at),
    // One recording per slot; one all-day part per device and hour.
    uniqueIndex("recording_timetable_uq").on(t.timetable_id),
    uniqueIndex("recording_all_day_uq").on(t.equipment_id, t.start_at).where(sql`record_type = 3`),
  ],
);

/** A stretch of one camera captured without a break: `<DATA_DIR>/recordings/<recording_id>/<camera>-<seq>.mp4`. */
export const recordingPart = pgTable(
  "recording_part",
  {
    id: serial("id").primaryKey(),
    recording_id: integer("recording_id")
      .notNull()
      .references(() => recording.id, { onDelete: "cascade" }),
    camera: text("camera").notNull(),
    seq: integer("seq").notNull(),
    /** Relative to DATA_DIR. */
    path: text("path").notNull(),
    /** open while captured (a crash leaves it open: the fragmented MP4 is readable up to its last fragment), closed. */
    state: text("state").notNull().default("open"),
    started_at: timestamp("started_at", { withTimezone: true }).notNull(),
    ended_at: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("recording_part_uq").on(t.recording_id, t.camera, t.seq)],
);

/** Devices recording all day (c120): hourly parts while the device pushes. */
export const allDayDevice = pgTable("all_day_device", {
  equipment_id: integer("equipment_id")
    .primaryKey()
    .references(() => equipment.id, { onDelete: "cascade" }),
  school_id: integer("school_id").notNull(),
  enabled: integer("enabled").notNull().default(1),
  account_id: integer("account_id").notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The media job queue (in-process, durable): recording.finalize joins a recording's parts and registers the video;
 * video.process probes, thumbnails, packages HLS. Running jobs found at start are run again (each step idempotent).
 */
export const mediaJob = pgTable(
  "media_job",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull(),
    ref_id: integer("ref_id").notNull(),
    /** queued, running, done, failed */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error").notNull().default(""),
    run_after: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("media_job_due_idx").on(t.status, t.run_after)],
);

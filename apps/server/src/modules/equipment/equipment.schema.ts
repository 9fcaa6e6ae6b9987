import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { school } from "../org/org.schema.js";

/**
 * A classroom device (录播主机; platform.md §3 Equipment, community.md §3 School equipment; issue #6).
 *
 * heartbeat_state is not stored: it is `last_heartbeat_at > now − DEVICE_OFFLINE_AFTER_SECONDS`, in SQL for the list
 * filter. liveStreamStatus is `teacher_live OR student_live` (set by the ingest's publish events), and the stream
 * URLs are computed from those flags (playback paths, never the keys).
 */
export const equipment = pgTable(
  "equipment",
  {
    id: serial("id").primaryKey(),
    /** Issued by /middle/code/uuid ("YK-" + 8 hex); the device authenticates with it and its secret. */
    code: text("code").notNull(),
    position: text("position").notNull().default(""),
    producer: text("producer").notNull().default(""),
    /** Entered at registration; then the address the device reports in its heartbeats. */
    host_ip: text("host_ip").notNull().default(""),
    /** The address its last heartbeat came from (as the server saw it). */
    remote_ip: text("remote_ip").notNull().default(""),
    school_id: integer("school_id")
      .notNull()
      .references(() => school.id, { onDelete: "cascade" }),
    /** 0 = no class. */
    new_class_id: integer("new_class_id").notNull().default(0),
    /** The school's district (school.region_id), kept for the spec's field. */
    area_id: integer("area_id").notNull().default(0),
    remarks: text("remarks").notNull().default(""),
    is_record: integer("is_record").notNull().default(1),
    /** 1 enabled, 0 disabled (its heartbeats and publishes are refused). */
    status: integer("status").notNull().default(1),
    is_tour: integer("is_tour").notNull().default(0),
    /** sha256 (hex) of the 32-byte random secret shown once at registration / resetSecret. */
    secret_hash: text("secret_hash").notNull(),
    teacher_stream_key: text("teacher_stream_key").notNull(),
    student_stream_key: text("student_stream_key").notNull(),
    /** What the device reports. */
    version: text("version").notNull().default(""),
    /** What UpgradeVersionNumber set. */
    target_version: text("target_version").notNull().default(""),
    state: text("state").notNull().default(""),
    pushing: jsonb("pushing").$type<{ teacher: boolean; student: boolean }>().notNull().default({ teacher: false, student: false }),
    recording: boolean("recording").notNull().default(false),
    last_heartbeat_at: timestamp("last_heartbeat_at", { withTimezone: true }),
    /** A camera publishes to the ingest now (StreamAuthority.published). */
    teacher_live: boolean("teacher_live").notNull().default(false),
    student_live: boolean("student_live").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("equipment_code_uq").on(t.code),
    uniqueIndex("equipment_teacher_key_uq").on(t.teacher_stream_key),
    uniqueIndex("equipment_student_key_uq").on(t.student_stream_key),
    index("equipment_school_idx").on(t.school_id, t.id),
  ],
);

/** Codes issued by /middle/code/uuid; used_at is set when a device registers with one (cleared when it is deleted). */
export const deviceCode = pgTable(
  "device_code",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    created_by: integer("created_by").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    used_at: timestamp("used_at", { withTimezone: true }),
    equipment_id: integer("equipment_id"),
  },
  (t) => [uniqueIndex("device_code_uq").on(t.code)],
);

/**
 * A command for a device: queued by a screen or /middle/machine, delivered once in a heartbeat answer, acknowledged
 * (acked / failed with the device's result) or, without an acknowledgement within 120 s, timeout.
 */
export const equipmentCommand = pgTable(
  "equipment_command",
  {
    id: serial("id").primaryKey(),
    equipment_id: integer("equipment_id")
      .notNull()
      .references(() => equipment.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** queued, delivered, acked, failed, timeout */
    status: text("status").notNull().default("queued"),
    result: text("result").notNull().default(""),
    created_by: integer("created_by").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    delivered_at: timestamp("delivered_at", { withTimezone: true }),
    acked_at: timestamp("acked_at", { withTimezone: true }),
  },
  (t) => [index("equipment_command_device_idx").on(t.equipment_id, t.status, t.id)],
);

/** c119 host code records (platform.md §4 Logout: record_type 2 when a user logs out holding a device's code). */
export const hostCodeRecord = pgTable(
  "host_code_record",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    record_type: integer("record_type").notNull(),
    account_id: integer("account_id").notNull(),
    /** The device with that code when the record was made, 0 when none the caller sees. */
    equipment_id: integer("equipment_id").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("host_code_record_code_idx").on(t.code, t.id)],
);

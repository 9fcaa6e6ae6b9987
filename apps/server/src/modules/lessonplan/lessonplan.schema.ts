import { customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** PostgreSQL bytea (Drizzle 0.45 has none): PGlite answers Uint8Array, pg a Buffer (also a Uint8Array). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
  fromDriver: (v) => (v instanceof Uint8Array ? v : new Uint8Array(v as ArrayBuffer)),
});

/**
 * A co-edited lesson plan (教案/学案; issue #8; docs/notes/0800): the Yjs document Hocuspocus serves at /ws/collab
 * under the name `lesson:<id>`, persisted here as one Y update (state) with the html and plain text derived from it
 * on every store (lists, search, diff and the AI diagnosis read those). It replaces the seeds' WPS office service:
 * the wps* calls of /v2/preparation act on these rows. A preparation has any number of them; main = 1 marks the one
 * the preparation page opens (and the AI diagnosis reads by default).
 */
export const lessonDoc = pgTable(
  "lesson_doc",
  {
    id: serial("id").primaryKey(),
    preparation_id: integer("preparation_id").notNull(),
    title: text("title").notNull(),
    main: integer("main").notNull().default(0),
    state: bytea("state"),
    html: text("html").notNull().default(""),
    text: text("text").notNull().default(""),
    /** The .docx it was imported from (stored_file id; 0 = written here). */
    source_file_id: integer("source_file_id").notNull().default(0),
    created_by: integer("created_by").notNull(),
    updated_by: integer("updated_by").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("lesson_doc_prep_idx").on(t.preparation_id, t.id)],
);

/**
 * A named version of a lesson plan (versionSaving): a full copy of the Y state (the live documents run with gc, so
 * old states cannot be rebuilt from one document) with its html and text, for compare and restore.
 * kind: manual (保存版本), import (.docx imported over it), restore (automatic copy taken before a restore).
 */
export const lessonDocVersion = pgTable(
  "lesson_doc_version",
  {
    id: serial("id").primaryKey(),
    doc_id: integer("doc_id")
      .notNull()
      .references(() => lessonDoc.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").notNull().default("manual"),
    state: bytea("state").notNull(),
    html: text("html").notNull().default(""),
    text: text("text").notNull().default(""),
    created_by: integer("created_by").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lesson_doc_version_doc_idx").on(t.doc_id, t.id), uniqueIndex("lesson_doc_version_name_uq").on(t.doc_id, t.name)],
);

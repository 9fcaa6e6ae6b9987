import { bigint, boolean, index, integer, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * A stored file (platform.md §3 File record: file_path, file_name, file_type, type, size). The bytes live in the
 * object store under `storage_key`, a generated key; the name the user gave is kept here and sent back in
 * Content-Disposition. Its size is charged to the uploader's quota (account, school, regions) while it exists.
 */
export const storedFile = pgTable(
  "stored_file",
  {
    id: serial("id").primaryKey(),
    storage_key: text("storage_key").notNull(),
    /** The name the user gave (file_name). */
    real_file_name: text("real_file_name").notNull(),
    /** Extension, from the bytes when they tell (file_type). */
    file_type: text("file_type").notNull(),
    /** video, audio, image, pdf, office, text, other (type). */
    kind: text("kind").notNull(),
    mime: text("mime").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    /** Which upload made it: a /file/upload module, "chunk" or "audio". */
    module: text("module").notNull(),
    account_id: integer("account_id").notNull(),
    /** Read by anyone (images shown on pages) or only by its owner, administrators and signed addresses. */
    is_public: boolean("is_public").notNull().default(false),
    /** Seconds (audio, video). */
    duration: real("duration"),
    /** Video codec as ffprobe names it (h264, hevc …). */
    codec: text("codec"),
    /** The PDF rendition of an Office document, once converted. */
    preview_key: text("preview_key"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("stored_file_key_uq").on(t.storage_key), index("stored_file_account_idx").on(t.account_id, t.id)],
);

/**
 * A chunked upload in progress (c093/c172/c173), per account and client uuid. Chunks are objects
 * `uploads/<account_id>/<uuid>/<index>` in the store (written whole or not at all); this row holds what they must add
 * up to and, once merged, the file. status: open → merging (leased by one process) → done.
 */
export const uploadSession = pgTable(
  "upload_session",
  {
    account_id: integer("account_id").notNull(),
    uuid: text("uuid").notNull(),
    real_file_name: text("real_file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    chunk_length: integer("chunk_length").notNull(),
    /** video (H.264 MP4 only) or all. */
    type: text("type").notNull(),
    research: boolean("research").notNull().default(false),
    /** Key the merged file gets (fixed at the start, so a merge retried after a crash overwrites, never duplicates). */
    storage_key: text("storage_key").notNull(),
    status: text("status").notNull().default("open"),
    /** While merging: until when the merging process holds it. */
    lease_until: timestamp("lease_until", { withTimezone: true }),
    file_id: integer("file_id"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.uuid] }), index("upload_session_updated_idx").on(t.updated_at)],
);

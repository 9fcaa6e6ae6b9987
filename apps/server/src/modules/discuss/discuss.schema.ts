import { index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A discussion message (研讨; community.md §3 Discussion message; platform.md §5 Discussion): threaded by pid, on a
 * preparation (#8, target_type "preparation"), a listen-evaluate record ("listen") or an after-class record
 * ("after_class") (#9). #9's
 * /v2/discuss_comment calls and the live socket read and write the same rows. Only the author deletes one
 * (deleted_at set; the children stay, shown under "该条研讨已删除").
 *
 * target_id: the listen target (TPK tag, listen_target.id) when the chat key is TPK — not the discussed object.
 */
export const discussComment = pgTable(
  "discuss_comment",
  {
    id: serial("id").primaryKey(),
    target_type: text("target_type").notNull(),
    /** The preparation / record / after-class id. */
    ref_id: integer("ref_id").notNull(),
    community_id: integer("community_id").notNull().default(0),
    pid: integer("pid").notNull().default(0),
    content: text("content").notNull().default(""),
    content_img: jsonb("content_img").$type<string[]>().notNull().default([]),
    /** The account replied to (0 = none). */
    reply_person: integer("reply_person").notNull().default(0),
    target_id: integer("target_id").notNull().default(0),
    /** The lesson plan discussed, when the message was written beside one (wps_file_key). */
    wps_file_key: text("wps_file_key").notNull().default(""),
    account_id: integer("account_id").notNull(),
    identity: integer("identity").notNull().default(0),
    /** Where in the lesson video the message was written, seconds (a time-stamped review comment; null = none). */
    video_time: numeric("video_time", { precision: 9, scale: 2, mode: "number" }),
    like_count: integer("like_count").notNull().default(0),
    /** 1 expanded, 0 folded (setExpandStatus). */
    expand_status: integer("expand_status").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("discuss_comment_ref_idx").on(t.target_type, t.ref_id, t.id), index("discuss_comment_account_idx").on(t.account_id)],
);

export const discussLike = pgTable(
  "discuss_like",
  {
    comment_id: integer("comment_id")
      .notNull()
      .references(() => discussComment.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.comment_id, t.account_id] })],
);

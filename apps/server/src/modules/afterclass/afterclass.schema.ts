import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * An after-class record (课后反思; community.md §3 After-class record: id, title, title_supplement, after_logo_url,
 * community_id, equiment_id, record_id, period_id, subject_id, grade_name): the teacher's reflection after a listened
 * lesson (record_id = listen_evaluate.id), or created directly (record_id 0, createDirectly). content is sanitized
 * rich text. Comments are discuss_comment rows (target_type "after_class"). status 1 normal.
 */
export const afterClass = pgTable(
  "after_class",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    title_supplement: text("title_supplement").notNull().default(""),
    after_logo_url: text("after_logo_url").notNull().default(""),
    content: text("content").notNull().default(""),
    community_id: integer("community_id").notNull().default(0),
    equiment_id: integer("equiment_id").notNull().default(0),
    record_id: integer("record_id").notNull().default(0),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    grade_name: text("grade_name").notNull().default(""),
    account_id: integer("account_id").notNull(),
    school_id: integer("school_id").notNull().default(0),
    area_id: integer("area_id").notNull().default(0),
    city_id: integer("city_id").notNull().default(0),
    is_display: integer("is_display").notNull().default(1),
    status: integer("status").notNull().default(1),
    view_count: integer("view_count").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("after_class_community_idx").on(t.community_id, t.id),
    index("after_class_account_idx").on(t.account_id, t.id),
    index("after_class_record_idx").on(t.record_id),
  ],
);

/** Files of an after-class record (File record fields); type 1 反思材料, 2 课件, 3 其他. */
export const afterClassFile = pgTable(
  "after_class_file",
  {
    id: serial("id").primaryKey(),
    after_class_id: integer("after_class_id")
      .notNull()
      .references(() => afterClass.id, { onDelete: "cascade" }),
    file_id: integer("file_id").notNull().default(0),
    file_path: text("file_path").notNull(),
    file_name: text("file_name").notNull(),
    file_type: text("file_type").notNull().default(""),
    type: integer("type").notNull().default(1),
    size: integer("size").notNull().default(0),
    account_id: integer("account_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("after_class_file_idx").on(t.after_class_id, t.id)],
);

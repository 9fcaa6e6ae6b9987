import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The textbook catalogue (教材目录; community.md §3 Textbook resource; issue #8): editions (人教版 …) → books
 * (七年级上册, for a period, subject and grade) → catalogue nodes (章 → 节, by pid) each with a catalogue code
 * (catalogCode) and the keywords the AI diagnosis checks a lesson plan against.
 */
export const textbookEdition = pgTable("textbook_edition", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  sort: integer("sort").notNull().default(0),
  status: integer("status").notNull().default(1),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const textbookBook = pgTable(
  "textbook_book",
  {
    id: serial("id").primaryKey(),
    edition_id: integer("edition_id")
      .notNull()
      .references(() => textbookEdition.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    period_name: text("period_name").notNull().default(""),
    subject_name: text("subject_name").notNull().default(""),
    grade_name: text("grade_name").notNull().default(""),
    cover_url: text("cover_url").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    status: integer("status").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("textbook_book_edition_idx").on(t.edition_id), uniqueIndex("textbook_book_name_uq").on(t.edition_id, t.subject_name, t.name)],
);

export const textbookCatalog = pgTable(
  "textbook_catalog",
  {
    id: serial("id").primaryKey(),
    book_id: integer("book_id")
      .notNull()
      .references(() => textbookBook.id, { onDelete: "cascade" }),
    pid: integer("pid").notNull().default(0),
    /** catalogCode: unique in the whole catalogue, e.g. "RJ-SX-7A-01-01". */
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    level: integer("level").notNull().default(1),
    sort: integer("sort").notNull().default(0),
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
  },
  (t) => [index("textbook_catalog_book_idx").on(t.book_id, t.pid, t.sort)],
);

/**
 * A resource attached to a catalogue code (community.md §3 Textbook resource: resource_type, file_name, file_url,
 * author, catalogCode, periodId, subjectId, gradeId, community_id, njy_structure, up_file_name, status). The bytes are
 * a stored_file (#5). status: 0 待审核, 1 已通过, 2 未通过 (check). A community's resource has community_id; one copied
 * into an activity by the Tw sync has activity_id too and source_id = the resource it copies (the unique index makes
 * a second sync create nothing).
 * resource_type: 1 教学设计, 2 课件, 3 学案, 4 习题, 5 视频, 6 素材.
 */
export const textbookResource = pgTable(
  "textbook_resource",
  {
    id: serial("id").primaryKey(),
    resource_type: integer("resource_type").notNull().default(1),
    file_name: text("file_name").notNull(),
    file_url: text("file_url").notNull().default(""),
    file_id: integer("file_id").notNull().default(0),
    /** The original name of the uploaded file. */
    up_file_name: text("up_file_name").notNull().default(""),
    author: text("author").notNull().default(""),
    account_id: integer("account_id").notNull(),
    edition_id: integer("edition_id").notNull().default(0),
    book_id: integer("book_id").notNull().default(0),
    catalog_id: integer("catalog_id").notNull().default(0),
    catalog_code: text("catalog_code").notNull().default(""),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    grade_id: integer("grade_id").notNull().default(0),
    community_id: integer("community_id").notNull().default(0),
    activity_id: integer("activity_id").notNull().default(0),
    source_id: integer("source_id").notNull().default(0),
    njy_structure: text("njy_structure").notNull().default(""),
    introduction: text("introduction").notNull().default(""),
    size: integer("size").notNull().default(0),
    status: integer("status").notNull().default(0),
    check_reason: text("check_reason").notNull().default(""),
    checked_by: integer("checked_by").notNull().default(0),
    download_count: integer("download_count").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("textbook_resource_catalog_idx").on(t.catalog_code),
    index("textbook_resource_book_idx").on(t.book_id, t.catalog_id),
    index("textbook_resource_community_idx").on(t.community_id, t.activity_id),
    uniqueIndex("textbook_resource_sync_uq").on(t.source_id, t.community_id, t.activity_id).where(sql`source_id > 0`),
  ],
);

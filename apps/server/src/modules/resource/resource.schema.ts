import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The school teaching-resource area (§3 Course/resource; /middle/myResource*, /web/myResource*; issue #11):
 * a course tree by pid — a course (level 1, pid 0, top_id its own id), its units (level 2) and lessons (level 3);
 * top_id names the course every node belongs to. course_type (1 公开课, 2 教案资源, 3 优课资源, 4 视频资源 — the
 * four /foregroundResource children) and the filters of the front site live on the course and are copied down.
 * status: 0 草稿 (only the author and the school's administrators see it), 1 已发布 (the front site lists it).
 * search_text: the name and introduction segmented by jieba (space separated), for to_tsvector('simple', …).
 */
export const courseResource = pgTable(
  "course_resource",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    pid: integer("pid").notNull().default(0),
    level: integer("level").notNull().default(1),
    top_id: integer("top_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    grade_id: integer("grade_id").notNull().default(0),
    period_id: integer("period_id").notNull().default(0),
    school_id: integer("school_id").notNull().default(0),
    /** The author. */
    account_id: integer("account_id").notNull().default(0),
    region_code: text("region_code").notNull().default(""),
    course_type: integer("course_type").notNull().default(1),
    cover_url: text("cover_url").notNull().default(""),
    color: text("color").notNull().default(""),
    course_introduce: text("course_introduce").notNull().default(""),
    /** Rich text (sanitized on save). */
    teaching_design: text("teaching_design").notNull().default(""),
    teaching_summary: text("teaching_summary").notNull().default(""),
    status: integer("status").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    view_count: integer("view_count").notNull().default(0),
    search_text: text("search_text").notNull().default(""),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("course_resource_tree_idx").on(t.top_id, t.pid, t.sort),
    index("course_resource_front_idx").on(t.status, t.level, t.period_id, t.school_id, t.subject_id),
    index("course_resource_author_idx").on(t.account_id),
    index("course_resource_search_idx").using("gin", sql`to_tsvector('simple', ${t.search_text})`),
  ],
);

/**
 * A resource bound to a node (§3 Resource binding): resources_type 1 视频 (resources_id = video.id of #6),
 * 2 文档/文件 (resources_id = stored_file.id of #5); title, url, size as the spec writes them.
 */
export const courseResourceBind = pgTable(
  "course_resource_bind",
  {
    id: serial("id").primaryKey(),
    /** The node (course_resource.id). */
    course_id: integer("course_id").notNull(),
    resources_id: integer("resources_id").notNull().default(0),
    resources_type: integer("resources_type").notNull().default(1),
    title: text("title").notNull().default(""),
    url: text("url").notNull().default(""),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    account_id: integer("account_id").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("course_resource_bind_course_idx").on(t.course_id, t.sort), index("course_resource_bind_res_idx").on(t.resources_type, t.resources_id)],
);

/**
 * One view (/web/video/recordLog): a video (target_type 1) or a course resource (2) watched, by whom (0 anonymous),
 * in which school and period — the ranking lists count these.
 */
export const resourceViewLog = pgTable(
  "resource_view_log",
  {
    id: serial("id").primaryKey(),
    target_type: integer("target_type").notNull().default(1),
    target_id: integer("target_id").notNull(),
    account_id: integer("account_id").notNull().default(0),
    school_id: integer("school_id").notNull().default(0),
    period_id: integer("period_id").notNull().default(0),
    /** Seconds watched when the client reports it. */
    duration: integer("duration").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("resource_view_log_target_idx").on(t.target_type, t.target_id),
    index("resource_view_log_scope_idx").on(t.school_id, t.period_id, t.created_at),
  ],
);

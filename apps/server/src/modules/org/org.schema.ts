import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Storage quota columns shared by regions, schools and accounts (bytes; quota 0 = not limited). */
export const quotaColumns = () => ({
  quota_bytes: bigint("quota_bytes", { mode: "number" }).notNull().default(0),
  used_bytes: bigint("used_bytes", { mode: "number" }).notNull().default(0),
  /** Display unit of the quota: MB, GB or TB. */
  space_size_type: text("space_size_type").notNull().default("GB"),
});

/** Regions: province → city → district (platform.md §3 Region; quotas grow in #4). */
export const region = pgTable(
  "region",
  {
    id: serial("id").primaryKey(),
    pid: integer("pid").notNull().default(0),
    name: text("name").notNull(),
    level: integer("level").notNull().default(1),
    region_code: text("region_code").notNull(),
    province_code: text("province_code").notNull().default(""),
    city_code: text("city_code").notNull().default(""),
    area_code: text("area_code").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    ...quotaColumns(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("region_code_uq").on(t.region_code), index("region_pid_idx").on(t.pid)],
);

export const school = pgTable("school", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  /** The school's code in the regional directory (e.g. 640104001); "" when none. */
  code: text("code").notNull().default(""),
  province_code: text("province_code").notNull().default(""),
  city_code: text("city_code").notNull().default(""),
  area_code: text("area_code").notNull().default(""),
  region_id: integer("region_id").references(() => region.id),
  school_type: text("school_type").notNull().default("MOSHI_k12"),
  school_index_name: text("school_index_name").notNull().default(""),
  school_index_logo: text("school_index_logo").notNull().default(""),
  address: text("address").notNull().default(""),
  telephone: text("telephone").notNull().default(""),
  status: integer("status").notNull().default(1),
  ...quotaColumns(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Study periods (学段) per school. */
export const period = pgTable(
  "period",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => school.id),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("period_school_idx").on(t.school_id), uniqueIndex("period_school_name_uq").on(t.school_id, t.name)],
);

export const subject = pgTable(
  "subject",
  {
    id: serial("id").primaryKey(),
    period_id: integer("period_id")
      .notNull()
      .references(() => period.id),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("subject_period_idx").on(t.period_id), uniqueIndex("subject_period_name_uq").on(t.period_id, t.name)],
);

/** Grades (年级) of a period at a school. */
export const grade = pgTable(
  "grade",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => school.id, { onDelete: "cascade" }),
    period_id: integer("period_id")
      .notNull()
      .references(() => period.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("grade_period_idx").on(t.period_id), index("grade_school_idx").on(t.school_id), uniqueIndex("grade_period_name_uq").on(t.period_id, t.name)],
);

/** Classes (班级) per school, grade and entry year. */
export const schoolClass = pgTable(
  "school_class",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => school.id, { onDelete: "cascade" }),
    grade_id: integer("grade_id")
      .notNull()
      .references(() => grade.id),
    name: text("name").notNull(),
    entry_year: integer("entry_year").notNull().default(0),
    head_teacher_id: integer("head_teacher_id").notNull().default(0),
    status: integer("status").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("school_class_school_idx").on(t.school_id, t.grade_id), uniqueIndex("school_class_name_uq").on(t.school_id, t.grade_id, t.entry_year, t.name)],
);

/** Students (学生) per class. */
export const student = pgTable(
  "student",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => school.id, { onDelete: "cascade" }),
    class_id: integer("class_id")
      .notNull()
      .references(() => schoolClass.id),
    name: text("name").notNull(),
    student_no: text("student_no").notNull().default(""),
    /** 1 male, 2 female, 0 not given. */
    gender: integer("gender").notNull().default(0),
    status: integer("status").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("student_school_name_idx").on(t.school_id, t.name),
    index("student_class_idx").on(t.class_id),
    uniqueIndex("student_school_no_uq").on(t.school_id, t.student_no),
  ],
);

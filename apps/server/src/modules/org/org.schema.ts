import { integer, pgTable, serial, text, timestamp, uniqueIndex, index } from "drizzle-orm/pg-core";

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
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("region_code_uq").on(t.region_code)],
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
  status: integer("status").notNull().default(1),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Study periods (学段) per school. */
export const period = pgTable(
  "period",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id").notNull().references(() => school.id),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("period_school_idx").on(t.school_id)],
);

export const subject = pgTable(
  "subject",
  {
    id: serial("id").primaryKey(),
    period_id: integer("period_id").notNull().references(() => period.id),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("subject_period_idx").on(t.period_id)],
);

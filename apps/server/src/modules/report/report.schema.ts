import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Saved statistical report views (报表; issue #12): the dimensions (region, school, subject, period, time by
 * month/week/day) and measures (lessons recorded, analysed, evaluated; activity; scores) an administrator picked, the
 * filters and the chart. The figures are computed from the live tables on every read — nothing is copied here.
 * school_id/region_code: the owner's scope when saved (the view is shared with the administrators of that scope).
 */
export const reportView = pgTable(
  "report_view",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    dimensions: jsonb("dimensions").$type<string[]>().notNull().default([]),
    measures: jsonb("measures").$type<string[]>().notNull().default([]),
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull().default({}),
    chart_type: text("chart_type").notNull().default("bar"),
    school_id: integer("school_id").notNull().default(0),
    region_code: text("region_code").notNull().default(""),
    account_id: integer("account_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("report_view_scope_idx").on(t.school_id, t.region_code)],
);

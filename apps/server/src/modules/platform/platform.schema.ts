import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Named platform settings (/middle/system/read {key}), e.g. ai_capacity. */
export const systemSetting = pgTable("system_setting", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Platform information of the front-site footer (school_id 0 = the platform; a school may override). */
export const website = pgTable(
  "website",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id").notNull().default(0),
    name: text("name").notNull().default(""),
    logo_url: text("logo_url").notNull().default(""),
    host: text("host").notNull().default(""),
    support: text("support").notNull().default(""),
    phone: text("phone").notNull().default(""),
    work_time: text("work_time").notNull().default(""),
    icp: text("icp").notNull().default(""),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("website_school_uq").on(t.school_id)],
);

/** Banner and shortcut images of the front site (/middle/common_img*). */
export const commonImg = pgTable(
  "common_img",
  {
    id: serial("id").primaryKey(),
    /** Where it shows: banner, shortcut, … (get_img_info's attribute). */
    attribute: text("attribute").notNull(),
    title: text("title").notNull().default(""),
    img_url: text("img_url").notNull(),
    link_url: text("link_url").notNull().default(""),
    school_id: integer("school_id").notNull().default(0),
    period_id: integer("period_id").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    status: integer("status").notNull().default(1),
    /** Shown among the shortcuts (shortcut_operate toggles it). */
    is_shortcut: integer("is_shortcut").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("common_img_attr_idx").on(t.attribute, t.school_id, t.period_id)],
);

/** Activated authorization codes (/middle/auth_verify): each signed code can be used once. */
export const authCode = pgTable(
  "auth_code",
  {
    id: serial("id").primaryKey(),
    /** The code's unique id (jti) from its signed payload. */
    code_id: text("code_id").notNull(),
    apply_code: text("apply_code").notNull(),
    capacity: integer("capacity").notNull().default(0),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    activated_at: timestamp("activated_at", { withTimezone: true }).notNull().defaultNow(),
    activated_by: integer("activated_by").notNull().default(0),
  },
  (t) => [uniqueIndex("auth_code_code_id_uq").on(t.code_id), index("auth_code_apply_idx").on(t.apply_code)],
);

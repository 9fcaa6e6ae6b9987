import { integer, pgTable, serial, text, timestamp, index } from "drizzle-orm/pg-core";

/** Auth group (role) of platform.md §3. */
export const authGroup = pgTable("auth_group", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  status: integer("status").notNull().default(1),
  rules: integer("rules").array().notNull().default([]),
  rules_special: integer("rules_special").array().notNull().default([]),
  apply_auth_list: integer("apply_auth_list").array().notNull().default([]),
  school_id: integer("school_id").notNull().default(0),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Auth rule (menu or permission) of platform.md §3; level is 1 when it has a parent, else 0. */
export const authRule = pgTable(
  "auth_rule",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    pid: integer("pid").notNull().default(0),
    level: integer("level").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    status: integer("status").notNull().default(1),
    url: text("url").notNull().default(""),
    is_menu: integer("is_menu").notNull().default(1),
    componentsUrl: text("components_url").notNull().default(""),
    activeMenu: text("active_menu").notNull().default(""),
    icon: text("icon").notNull().default(""),
    redirect: text("redirect").notNull().default(""),
  },
  (t) => [index("auth_rule_pid_idx").on(t.pid)],
);

/** Application entry (occupation apply) of platform.md §3: groups rules under a mode tab (apply_type 1–5) or an ability (7). */
export const occupationApply = pgTable("occupation_apply", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  icon: text("icon").notNull().default(""),
  rules: integer("rules").array().notNull().default([]),
  group_ids: integer("group_ids").array().notNull().default([]),
  type: integer("type").notNull().default(1),
  is_display: integer("is_display").notNull().default(1),
  apply_type: integer("apply_type").notNull(),
  sort: integer("sort").notNull().default(0),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

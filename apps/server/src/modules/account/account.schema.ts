import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { quotaColumns } from "../org/org.schema.js";

/** Account of platform.md §3. `username` is the login name; `password_hash` is argon2id. */
export const account = pgTable(
  "account",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    realname: text("realname").notNull().default(""),
    telephone: text("telephone").notNull().default(""),
    password_hash: text("password_hash").notNull(),
    head_portrait_url: text("head_portrait_url").notNull().default(""),
    /** 1 enabled, 0 disabled. */
    status: integer("status").notNull().default(1),
    group_id: integer("group_id").notNull().default(0),
    school_id: integer("school_id").notNull().default(0),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    community_level: integer("community_level").notNull().default(1),
    region_code: text("region_code").notNull().default(""),
    reputation: text("reputation").notNull().default(""),
    rules: integer("rules").array().notNull().default([]),
    rules_special: integer("rules_special").array().notNull().default([]),
    apply_auth_list: integer("apply_auth_list").array().notNull().default([]),
    entry_year: integer("entry_year").notNull().default(0),
    /** Role code of platform.md §6 (1 SF_ADMIN … 5 SF_PINGTAI). */
    identity: integer("identity").notNull().default(2),
    identity_level: integer("identity_level").notNull().default(0),
    identity_area_id: integer("identity_area_id").notNull().default(0),
    province_id: integer("province_id").notNull().default(0),
    city_id: integer("city_id").notNull().default(0),
    area_id: integer("area_id").notNull().default(0),
    njy_area_id: integer("njy_area_id").notNull().default(0),
    /** Subject claim of the external identity provider, when bound by SSO. */
    sso_subject: text("sso_subject"),
    /** Verified id of the bound regional education cloud account (c036), null when unbound. */
    es_account_id: text("es_account_id"),
    password_changed_at: timestamp("password_changed_at", { withTimezone: true }),
    ...quotaColumns(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_username_uq").on(t.username),
    uniqueIndex("account_sso_subject_uq").on(t.sso_subject),
    uniqueIndex("account_es_account_uq").on(t.es_account_id),
    // Teachers of a school or region (the community statistics).
    index("account_school_identity_idx").on(t.school_id, t.identity, t.status),
  ],
);

/** Account-school-user rows: an account may belong to several schools, each with its periods and identity. */
export const accountSchoolUser = pgTable(
  "account_school_user",
  {
    id: serial("id").primaryKey(),
    account_id: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    school_id: integer("school_id").notNull(),
    period_ids: integer("period_ids").array().notNull().default([]),
    identity: integer("identity").notNull().default(2),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("account_school_user_uq").on(t.account_id, t.school_id), index("account_school_user_school_idx").on(t.school_id)],
);

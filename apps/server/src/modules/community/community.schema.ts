import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { account } from "../account/account.schema.js";
import { storedFile } from "../file/file.schema.js";

/**
 * A teaching-research community (community.md §3 Community; docs/decisions/0700): 教研社区 or 工作室 of a school,
 * district, city or province. Enumerations (COMMUNITY_TYPES, COMMUNITY_LEVELS, COMMUNITY_STATUS …) live in
 * @yanke/protocol (schemas/community.ts).
 *
 * status: 0 pending verification, 1 normal, 2 rejected, 3 closed. A school-level community is normal at once;
 * higher levels wait for an administrator of that level (communityVerify, reason kept in verify_reason).
 */
export const community = pgTable(
  "community",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    introduction: text("introduction").notNull().default(""),
    logo_url: text("logo_url").notNull().default(""),
    banner_url: text("banner_url").notNull().default(""),
    /** A form the applicant downloads, fills in and uploads with the application ("" = joining needs no form). */
    apply_template_url: text("apply_template_url").notNull().default(""),
    /** 1 教研社区, 2 名师工作室, 3 名班主任工作室, 4 学科基地. */
    type: integer("type").notNull().default(1),
    /** Scope: 1 school, 2 district, 3 city, 4 province. */
    level: integer("level").notNull().default(1),
    /** Recognition granted by operators: 1 普通, 2 示范, 3 优秀 (communityOperate). */
    community_level: integer("community_level").notNull().default(1),
    /** 0 anyone joins at once, 1 joining needs an approval by the owner or an administrator. */
    join_mode: integer("join_mode").notNull().default(0),
    period_id: integer("period_id").notNull().default(0),
    subject_id: integer("subject_id").notNull().default(0),
    /** The region of its scope (district, city or province); 0 for a school community. */
    region_id: integer("region_id").notNull().default(0),
    /** Region ids from the province down to region_id (filters by any level). */
    region_list: jsonb("region_list").$type<number[]>().notNull().default([]),
    province_id: integer("province_id").notNull().default(0),
    city_id: integer("city_id").notNull().default(0),
    area_id: integer("area_id").notNull().default(0),
    school_id: integer("school_id").notNull().default(0),
    is_display: integer("is_display").notNull().default(1),
    /** Recommended by operators (shown first on the home page). */
    is_recommend: integer("is_recommend").notNull().default(0),
    status: integer("status").notNull().default(1),
    verify_reason: text("verify_reason").notNull().default(""),
    verified_by: integer("verified_by").notNull().default(0),
    verified_at: timestamp("verified_at", { withTimezone: true }),
    /** The creator (first owner; the owner is the member with role 1). */
    account_id: integer("account_id")
      .notNull()
      .references(() => account.id),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("community_status_idx").on(t.status, t.is_display, t.id),
    index("community_school_idx").on(t.school_id),
    index("community_area_idx").on(t.area_id),
    index("community_city_idx").on(t.city_id),
  ],
);

/**
 * Membership: role 1 owner (exactly one per community), 2 administrator, 3 member; status 0 applying (with the filled
 * template in apply_file_url), 1 joined, 2 rejected. One row per community and account.
 */
export const communityMember = pgTable(
  "community_member",
  {
    id: serial("id").primaryKey(),
    community_id: integer("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    account_id: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    role: integer("role").notNull().default(3),
    status: integer("status").notNull().default(1),
    apply_reason: text("apply_reason").notNull().default(""),
    apply_file_url: text("apply_file_url").notNull().default(""),
    reviewed_by: integer("reviewed_by").notNull().default(0),
    joined_at: timestamp("joined_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("community_member_uq").on(t.community_id, t.account_id),
    // Exactly one owner: a transfer demotes the old owner before it promotes the new one.
    uniqueIndex("community_owner_uq").on(t.community_id).where(sql`${t.role} = 1`),
    index("community_member_account_idx").on(t.account_id, t.status),
    index("community_member_list_idx").on(t.community_id, t.status, t.role),
  ],
);

/**
 * The activity log of a community (communityLog): one row per mutating call, written in the call's transaction.
 * action: a key (e.g. "community.update", "member.join", "article.save"); target: what it touched.
 * activeCommunity and regionRanking weigh these rows over a window.
 */
export const communityLog = pgTable(
  "community_log",
  {
    id: serial("id").primaryKey(),
    community_id: integer("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull().default(0),
    action: text("action").notNull(),
    target_type: text("target_type").notNull().default(""),
    target_id: integer("target_id").notNull().default(0),
    content: text("content").notNull().default(""),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("community_log_idx").on(t.community_id, t.created_at), index("community_log_time_idx").on(t.created_at)],
);

/** Files shared in a community (fileSave/fileList/fileDelete): stored files of #5, listed by the community. */
export const communityFile = pgTable(
  "community_file",
  {
    id: serial("id").primaryKey(),
    community_id: integer("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    file_id: integer("file_id")
      .notNull()
      .references(() => storedFile.id, { onDelete: "cascade" }),
    account_id: integer("account_id").notNull(),
    /** The name shown (file_name of File record). */
    file_name: text("file_name").notNull(),
    /** Free grouping (e.g. 1 资料, 2 模板). */
    type: integer("type").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("community_file_idx").on(t.community_id, t.id)],
);

/**
 * Storage quotas of regions, schools and accounts (issue #4; calls c021–c023, c042–c045; docs/api/quota.md).
 * The spec names the fields space_size, surplus_space_size and space_size_type (platform.md §3 Region); the
 * database keeps bytes (quota_bytes, 0 = not limited; used_bytes).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";

/** The quota calls by name (to be merged into CALLS). */
export const QUOTA_CALLS = {
  /** c021 */ accountSurplusSpace: "/middle/account/accountSurplusSpace",
  /** c022 */ setAccountSpace: "/middle/account/setAccountSpace",
  /** c023 */ accountSpaceStatistics: "/middle/account/accountSpaceStatistics",
  /** c042 */ setRegionSpace: "/middle/region/setRegionSpace",
  /** c043 */ regionSurplusSpace: "/middle/region/regionSurplusSpace",
  /** c044 */ schoolSurplusSpace: "/middle/school/schoolSurplusSpace",
  /** c045 */ setSchoolSpace: "/middle/school/setSchoolSpace",
} as const;

export const SPACE_UNITS = ["MB", "GB", "TB"] as const;
export type SpaceUnit = (typeof SPACE_UNITS)[number];
export const SPACE_UNIT_BYTES: Record<SpaceUnit, number> = { MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };
/** The largest quota that can be set: 1024 TB (well inside JavaScript's exact integers). */
export const MAX_QUOTA_BYTES = 1024 ** 5;

export function isSpaceUnit(v: string): v is SpaceUnit {
  return (SPACE_UNITS as readonly string[]).includes(v);
}

/** space_size in `unit` → bytes (rounded to a whole byte). */
export function toBytes(size: number, unit: SpaceUnit): number {
  return Math.round(size * SPACE_UNIT_BYTES[unit]);
}

/** bytes → the size in `unit`, two decimals. */
export function fromBytes(bytes: number, unit: SpaceUnit): number {
  return Math.round((bytes / SPACE_UNIT_BYTES[unit]) * 100) / 100;
}

/** Human size for messages: "12.5 MB", "1.25 GB", "0 B". */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB", "PB"];
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const shown = i === 0 ? String(Math.round(v)) : String(Math.round(v * 100) / 100);
  return `${shown} ${units[i]}`;
}

/**
 * A size as the client sends it: a number ≥ 0, possibly as a string; "" and other non-numbers are refused with
 * 必须是数字 (not read as 0), a missing one with 必填.
 */
const zSpaceSize = z
  .unknown()
  .transform((v, ctx) => {
    if (v === undefined || v === null) {
      ctx.addIssue({ code: "custom", message: "必填" });
      return z.NEVER;
    }
    const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: "必须是数字" });
      return z.NEVER;
    }
    return n;
  })
  .pipe(
    z
      .number()
      .min(0, "不能小于 0")
      .max(MAX_QUOTA_BYTES / SPACE_UNIT_BYTES.MB, "不能超过 1024 TB"),
  )
  .describe("空间大小");

const zUnit = z.enum(SPACE_UNITS, { message: "只能是 MB、GB 或 TB" });

/** c022, c042, c045: {id, space_size, space_size_type?}; space_size 0 = not limited; the unit defaults to the current one. */
const setSpace = (idLabel: string) =>
  z
    .object({ id: zId(idLabel), space_size: zSpaceSize, space_size_type: zUnit.optional().describe("空间单位") })
    .refine((v) => toBytes(v.space_size, v.space_size_type ?? "MB") <= MAX_QUOTA_BYTES, {
      message: "不能超过 1024 TB",
      path: ["space_size"],
    });
export const SetAccountSpace = setSpace("账号编号");
export const SetSchoolSpace = setSpace("学校编号");
export const SetRegionSpace = setSpace("区域编号");

export const AccountSpacePayload = z.object({ id: zId("账号编号") });
export const SchoolSpacePayload = z.object({ id: zId("学校编号") });
export const RegionSpacePayload = z.object({ id: zId("区域编号") });

/** c023: the largest consumers (accounts by used space, largest first) of a school, a region or the caller's whole scope. */
export const AccountSpaceStatisticsQuery = z.object({
  page: zPage,
  limit: zLimit,
  school_id: z.coerce.number().int("必须是整数").min(0, "不能为负数").optional().describe("学校"),
  region_id: z.coerce.number().int("必须是整数").min(0, "不能为负数").optional().describe("区域"),
});

/** Quota figures of one region, school or account. */
export interface SpaceFigures {
  /** The quota in space_size_type; 0 = not limited. */
  space_size: number;
  space_size_type: SpaceUnit;
  /** Used space in space_size_type. */
  used_space_size: number;
  /** space_size − used, in space_size_type; null when not limited. */
  surplus_space_size: number | null;
  quota_bytes: number;
  used_bytes: number;
  surplus_bytes: number | null;
  unlimited: boolean;
  /** used / quota × 100 (one decimal); null when not limited. */
  used_percent: number | null;
}

/** A region's or school's figures plus what it has handed to its children (child regions and schools, or accounts). */
export interface ParentSpaceFigures extends SpaceFigures {
  /** Sum of the children's quotas (unlimited children count 0). */
  allocated_space_size: number;
  allocated_bytes: number;
  /** quota − allocated: what can still be given to children; null when not limited. */
  unallocated_space_size: number | null;
  unallocated_bytes: number | null;
}

/** The range a new quota must fall in (bytes): at least what is used and handed down, at most what the parent has left. */
export interface QuotaRange {
  min_quota_bytes: number;
  /** null when no parent limits it. */
  max_quota_bytes: number | null;
}

export interface SpaceChild extends SpaceFigures {
  type: "region" | "school";
  id: number;
  name: string;
}

/** c042/c043 answer. */
export interface RegionSpace extends ParentSpaceFigures, QuotaRange {
  id: number;
  name: string;
  region_code: string;
  level: number;
  pid: number;
  /** Child regions, then schools of this region, each with its figures. */
  children: SpaceChild[];
}

/** c044/c045 answer. */
export interface SchoolSpace extends ParentSpaceFigures, QuotaRange {
  id: number;
  title: string;
  region_id: number;
  region_name: string;
  account_count: number;
}

/** c021/c022 answer. */
export interface AccountSpace extends SpaceFigures, QuotaRange {
  id: number;
  username: string;
  realname: string;
  school_id: number;
  school_title: string;
  /** What one upload could still take (the least surplus of account, school and regions); null when none is limited. */
  available_bytes: number | null;
  /** The school's figures (what it has left to give), null for an account without a school. */
  school: (ParentSpaceFigures & { id: number; title: string }) | null;
}

export interface AccountSpaceRow extends SpaceFigures {
  id: number;
  username: string;
  realname: string;
  school_id: number;
  school_title: string;
}

/** c023 answer: a page of accounts, largest used first, with the totals of the whole selection. */
export interface AccountSpaceStatistics {
  list: AccountSpaceRow[];
  total: number;
  page: number;
  limit: number;
  /** Sum of used bytes over every account selected (not just this page). */
  total_used_bytes: number;
  /** "全部", the school's title or the region's name. */
  scope_name: string;
}

/** The calls of QUOTA_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const QUOTA = {
  accountSurplusSpace: call<AccountSpace>()(QUOTA_CALLS.accountSurplusSpace, AccountSpacePayload),
  setAccountSpace: call<AccountSpace>()(QUOTA_CALLS.setAccountSpace, SetAccountSpace),
  accountSpaceStatistics: call<AccountSpaceStatistics>()(QUOTA_CALLS.accountSpaceStatistics, AccountSpaceStatisticsQuery),
  setRegionSpace: call<RegionSpace>()(QUOTA_CALLS.setRegionSpace, SetRegionSpace),
  regionSurplusSpace: call<RegionSpace>()(QUOTA_CALLS.regionSurplusSpace, RegionSpacePayload),
  schoolSurplusSpace: call<SchoolSpace>()(QUOTA_CALLS.schoolSurplusSpace, SchoolSpacePayload),
  setSchoolSpace: call<SchoolSpace>()(QUOTA_CALLS.setSchoolSpace, SetSchoolSpace),
} as const;

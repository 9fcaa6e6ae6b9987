/**
 * Regions and schools (#4): payloads of c038–c041 (/middle/region/*), the school administration calls
 * (/middle/school/*) and the community edition's school calls c359–c364 (/v2/school/*). docs/api/org.md.
 *
 * Wiring (lead): `export * from "./schemas/org.js";` in ../index.ts; ORG_CALLS may be merged into CALLS.
 */
import { z } from "zod";
import { DEFAULT_SCHOOL_TYPE } from "../constants.js";
import { AccountImport } from "./account.js";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import { type BatchResult, IdPayload, IdsPayload, QuickOperate } from "./rbac.js";
import type { Page } from "../codes.js";
import type { FileAnswer } from "./account.js";

/** Paths of this module's calls (ids as in calls.tsv; "new" where the spec shows none). */
export const ORG_CALLS = {
  /** c038 */ regionList: "/middle/region/list",
  /** c039 */ regionSave: "/middle/region/save",
  /** c040 */ regionUpdate: "/middle/region/update",
  /** c041 */ regionDelete: "/middle/region/delete",
  /** new */ schoolList: "/middle/school/list",
  /** new */ schoolRead: "/middle/school/read",
  /** new */ schoolSave: "/middle/school/save",
  /** new */ schoolUpdate: "/middle/school/update",
  /** new */ schoolDelete: "/middle/school/delete",
  /** new */ schoolBatchDelete: "/middle/school/batch_delete",
  /** new */ schoolQuickOperate: "/middle/school/quick_operate",
  /** new */ schoolImport: "/middle/school/import",
  /** new */ schoolExport: "/middle/school/export",
  /** c359 */ njySchoolList: "/v2/school/njySchoolList",
  /** c360 */ njySchool: "/v2/school/njySchool",
  /** c361 */ njySave: "/v2/school/njySave",
  /** c362 */ njyUpdate: "/v2/school/njyUpdate",
  /** c363 */ njyDelete: "/v2/school/njyDelete",
  /** c364 */ getRegionSchoolList: "/v2/school/getRegionSchoolList",
} as const;

/** GET: the school import template. */
export const SCHOOL_TEMPLATE_PATH = "/templates/school.xlsx";

/** Region levels: 1 province (省), 2 city (市), 3 district (区县). */
export const REGION_LEVELS: Readonly<Record<number, string>> = { 1: "省", 2: "市", 3: "区县" };
export const REGION_MAX_LEVEL = 3;

/** Fields a school administrator may change on his own school (everything else is the district's). */
export const SCHOOL_PROFILE_FIELDS = ["title", "school_index_name", "school_index_logo", "address", "telephone"] as const;

/** 6-digit administrative division code, or "" (describe() must come last for the field label). */
const zCode6 = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^(|\d{6})$/, `${label}为 6 位数字`);
const zCount = () => z.coerce.number().int("必须是整数").min(0, "不能为负数");
const zStatus = () => z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1");
/** A list filter that the form may send as "" for "any". */
const zStatusFilter = () =>
  z
    .union([z.literal(""), zStatus()])
    .optional()
    .describe("状态");

// ---------------------------------------------------------------------------------------------------------
// Regions

/** c038: one level of the tree (children of `pid`, 0 = the top the caller may see), or a search by name. */
export const RegionList = z.object({
  pid: zCount().optional().describe("上级区域"),
  name: z.string().trim().max(50, "区域名称不能超过 50 个字符").optional().describe("区域名称"),
});

const regionName = () => z.string().trim().min(1, "请输入区域名称").max(50, "区域名称不能超过 50 个字符");
const regionCode = () =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, "区域编码为 6 位数字（行政区划代码，如 640104）");
const regionSort = () => zCount().max(100000, "不能超过 100000");

/** c039. province_code/city_code/area_code may be left out: they follow from the parent and region_code. */
export const RegionSave = z.object({
  pid: zCount().default(0).describe("上级区域"),
  name: regionName().describe("区域名称"),
  region_code: regionCode().describe("区域编码"),
  province_code: zCode6("省级编码").optional().describe("省级编码"),
  city_code: zCode6("市级编码").optional().describe("市级编码"),
  area_code: zCode6("区县编码").optional().describe("区县编码"),
  sort: regionSort().default(0).describe("排序"),
});

/** c040: the parent cannot change (a region does not move). */
export const RegionUpdate = z.object({
  id: zId("区域编号"),
  name: regionName().optional().describe("区域名称"),
  region_code: regionCode().optional().describe("区域编码"),
  province_code: zCode6("省级编码").optional().describe("省级编码"),
  city_code: zCode6("市级编码").optional().describe("市级编码"),
  area_code: zCode6("区县编码").optional().describe("区县编码"),
  sort: regionSort().optional().describe("排序"),
});

/** One node of the region tree. */
export interface RegionNode {
  id: number;
  pid: number;
  name: string;
  /** 1 province, 2 city, 3 district */
  level: number;
  region_code: string;
  province_code: string;
  city_code: string;
  area_code: string;
  sort: number;
  has_children: boolean;
  /** Schools in the region and below. */
  school_count: number;
  /** "宁夏回族自治区/银川市/兴庆区" */
  full_name: string;
  created_at: string;
}

// ---------------------------------------------------------------------------------------------------------
// Schools

const schoolTitle = () => z.string().trim().min(1, "请输入学校名称").max(60, "学校名称不能超过 60 个字符");
const schoolCode = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,30}$/, "学校编码只能是不超过 30 位的字母、数字、_ 或 -");
const schoolType = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,29}$/, "学校类型只能是字母开头、不超过 30 位的字母、数字或 _");
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`);
const telephone = () =>
  z
    .string()
    .trim()
    .regex(/^(|[\d\s()+-]{6,20})$/, "请输入正确的电话号码");

/**
 * School fields (platform.md §3 School). The region: `region_id`, or else the most specific of area_code,
 * city_code, province_code; the three codes are then taken from that region.
 */
export const SchoolSave = z.object({
  title: schoolTitle().describe("学校名称"),
  code: schoolCode().default("").describe("学校编码"),
  province_code: zCode6("省级编码").default("").describe("省级编码"),
  city_code: zCode6("市级编码").default("").describe("市级编码"),
  area_code: zCode6("区县编码").default("").describe("区县编码"),
  region_id: zCount().default(0).describe("所属区域"),
  school_type: schoolType().default(DEFAULT_SCHOOL_TYPE).describe("学校类型"),
  school_index_name: zText("首页名称", 60).default("").describe("首页名称"),
  school_index_logo: zText("首页标志", 500).default("").describe("首页标志"),
  address: zText("地址", 200).default("").describe("地址"),
  telephone: telephone().default("").describe("联系电话"),
  status: zStatus().default(1).describe("状态"),
});

/** Only the fields sent change (no defaults here: zod 4's partial() would fill them in). */
export const SchoolUpdate = z.object({
  id: zId("学校编号"),
  title: schoolTitle().optional().describe("学校名称"),
  code: schoolCode().optional().describe("学校编码"),
  province_code: zCode6("省级编码").optional().describe("省级编码"),
  city_code: zCode6("市级编码").optional().describe("市级编码"),
  area_code: zCode6("区县编码").optional().describe("区县编码"),
  region_id: zCount().optional().describe("所属区域"),
  school_type: schoolType().optional().describe("学校类型"),
  school_index_name: zText("首页名称", 60).optional().describe("首页名称"),
  school_index_logo: zText("首页标志", 500).optional().describe("首页标志"),
  address: zText("地址", 200).optional().describe("地址"),
  telephone: telephone().optional().describe("联系电话"),
  status: zStatus().optional().describe("状态"),
});

/** Filters of the school list and export. region_id / region_code: that region and everything below it. */
export const SchoolFilter = z.object({
  title: z.string().trim().max(60, "学校名称不能超过 60 个字符").optional().describe("学校名称"),
  code: z.string().trim().max(30, "学校编码不能超过 30 个字符").optional().describe("学校编码"),
  region_id: zCount().optional().describe("所属区域"),
  region_code: z.string().trim().max(12, "区域编码不能超过 12 个字符").optional().describe("区域编码"),
  area_code: z.string().trim().max(12, "区县编码不能超过 12 个字符").optional().describe("区县编码"),
  school_type: z.string().trim().max(30, "学校类型不能超过 30 个字符").optional().describe("学校类型"),
  status: zStatusFilter(),
});

export const SchoolList = SchoolFilter.extend({ page: zPage, limit: zLimit });
export const SchoolExport = SchoolFilter;

/** .xlsx as base64 through the envelope (≤ 5 MB); mode all: only when every row is valid, valid: the valid rows. */
export const SchoolImport = AccountImport.omit({ school_id: true });

/** c364: every school of a region and the regions below it (within the caller's scope). */
export const RegionSchoolList = z
  .object({
    region_id: zCount().optional().describe("区域"),
    region_code: z.string().trim().max(12, "区域编码不能超过 12 个字符").optional().describe("区域编码"),
  })
  .refine((v) => Boolean(v.region_id) || Boolean(v.region_code), { message: "请选择区域", path: ["region_id"] });

export interface SchoolRow {
  id: number;
  title: string;
  code: string;
  province_code: string;
  city_code: string;
  area_code: string;
  region_id: number;
  province_name: string;
  city_name: string;
  area_name: string;
  /** "宁夏回族自治区/银川市/兴庆区" */
  region_name: string;
  school_type: string;
  school_index_name: string;
  school_index_logo: string;
  address: string;
  telephone: string;
  status: number;
  created_at: string;
}

/** c364 entries (pickers). */
export interface SchoolOption {
  id: number;
  title: string;
  code: string;
  region_id: number;
  province_code: string;
  city_code: string;
  area_code: string;
  school_type: string;
  status: number;
}

export interface SchoolImportReport {
  total: number;
  imported: number;
  skipped: number;
  errors: { row: number; field: string; msg: string }[];
  schools: { row: number; id: number; title: string }[];
}

/** The calls of ORG_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const ORG = {
  regionList: call<RegionNode[]>()(ORG_CALLS.regionList, RegionList),
  regionSave: call<{ id: number }>()(ORG_CALLS.regionSave, RegionSave),
  regionUpdate: call<null>()(ORG_CALLS.regionUpdate, RegionUpdate),
  regionDelete: call<null>()(ORG_CALLS.regionDelete, IdPayload),
  schoolList: call<Page<SchoolRow>>()(ORG_CALLS.schoolList, SchoolList),
  schoolRead: call<SchoolRow>()(ORG_CALLS.schoolRead, IdPayload),
  schoolSave: call<{ id: number }>()(ORG_CALLS.schoolSave, SchoolSave),
  schoolUpdate: call<null>()(ORG_CALLS.schoolUpdate, SchoolUpdate),
  schoolDelete: call<null>()(ORG_CALLS.schoolDelete, IdPayload),
  schoolBatchDelete: call<BatchResult[]>()(ORG_CALLS.schoolBatchDelete, IdsPayload),
  schoolQuickOperate: call<null>()(ORG_CALLS.schoolQuickOperate, QuickOperate),
  schoolImport: call<SchoolImportReport>()(ORG_CALLS.schoolImport, SchoolImport),
  schoolExport: call<FileAnswer>()(ORG_CALLS.schoolExport, SchoolExport),
  njySchoolList: call<Page<SchoolRow>>()(ORG_CALLS.njySchoolList, SchoolList),
  njySchool: call<SchoolRow>()(ORG_CALLS.njySchool, IdPayload),
  njySave: call<{ id: number }>()(ORG_CALLS.njySave, SchoolSave),
  njyUpdate: call<null>()(ORG_CALLS.njyUpdate, SchoolUpdate),
  njyDelete: call<null>()(ORG_CALLS.njyDelete, IdPayload),
  getRegionSchoolList: call<SchoolOption[]>()(ORG_CALLS.getRegionSchoolList, RegionSchoolList),
} as const;

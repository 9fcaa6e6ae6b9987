import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import { EmptyPayload } from "./common.js";
import { IdPayload } from "./rbac.js";
import type { Page } from "../codes.js";

/**
 * Platform settings, front-site information and images, authorization codes (#4; docs/api/platform.md).
 * c032–c034, c064–c072 plus the admin calls the spec leaves out (system/list, system/update, auth_code/list).
 */
export const PLATFORM_CALLS = {
  /** c032 */ authVerify: "/middle/auth_verify",
  /** c033 */ mandate: "/middle/mandate",
  /** new */ authCodeList: "/middle/auth_code/list",
  /** c034 */ systemRead: "/middle/system/read",
  /** new */ systemList: "/middle/system/list",
  /** new */ systemUpdate: "/middle/system/update",
  /** c064 */ website: "/web/website",
  /** c065 */ websiteUpdate: "/web/website/update",
  /** c066 */ websiteIndex: "/web/website/web_index",
  /** c067 */ websiteImages: "/web/website/get_img_info",
  /** c068 */ imgList: "/middle/common_img",
  /** c069 */ imgSave: "/middle/common_img/save",
  /** c070 */ imgUpdate: "/middle/common_img/update",
  /** c071 */ imgDelete: "/middle/common_img/delete",
  /** c072 */ imgShortcut: "/middle/common_img/shortcut_operate",
} as const;

// ── settings (c034) ──────────────────────────────────────────────────────────────────

const zHttpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label}不能超过 500 个字符`)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v), "必须是 http:// 或 https:// 开头的地址")
    .describe(label);

/** The value type of each named setting. */
export interface SettingValues {
  /** Concurrent lesson analyses allowed (#10). */
  ai_capacity: number;
  /** The front-site header's data-cockpit link (platform.md §2); "" = the menu's own. */
  data_cockpit_url: string;
  /** The upload disclaimer the uploader must tick (platform.md §5). */
  upload_disclaimer: string;
}
export type SettingKey = keyof SettingValues;

export interface SettingDef<T> {
  title: string;
  schema: z.ZodType<T>;
  default: T;
}

/**
 * The named settings: each key's value schema, default and Chinese title (docs/decisions/0430).
 * Unknown keys are refused (404 设置项不存在).
 */
export const SETTINGS: { [K in SettingKey]: SettingDef<SettingValues[K]> } = {
  ai_capacity: {
    title: "同时进行的课堂分析数量上限",
    schema: z.coerce.number({ message: "必须是数字" }).int("必须是整数").min(1, "不能小于 1").max(64, "不能大于 64"),
    default: 2,
  },
  data_cockpit_url: {
    title: "数据驾驶舱地址",
    schema: zHttpUrl("数据驾驶舱地址"),
    default: "",
  },
  upload_disclaimer: {
    title: "上传免责说明",
    schema: z.string().trim().min(1, "不能为空").max(2000, "不能超过 2000 个字符"),
    default: "上传的内容不得侵犯他人隐私和著作权，不得含有违法违规内容；上传者对所上传内容承担全部法律责任。",
  },
};
export const SETTING_KEYS: readonly string[] = Object.keys(SETTINGS);

const zKey = z.string().trim().min(1, "请输入设置项").max(64, "设置项不能超过 64 个字符").describe("设置项");

/** c034 /middle/system/read */
export const SystemReadPayload = z.object({ key: zKey });
/** /middle/system/update: the value is validated by the key's own schema. */
export const SystemUpdatePayload = z.object({ key: zKey, value: z.unknown().describe("设置值") });

export interface SettingRow {
  key: string;
  title: string;
  value: unknown;
  default_value: unknown;
  /** "" while the default applies. */
  updated_at: string;
}

// ── website (c064–c066) ──────────────────────────────────────────────────────────────

const zUrlOrPath = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label}不能超过 500 个字符`)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v) || /^\/[^\s]*$/.test(v), "必须是 http(s):// 开头的地址或以 / 开头的路径")
    .describe(label);
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const zSchool = z.coerce.number().int("必须是整数").min(0, "不能为负数").describe("学校");
const zPeriod = z.coerce.number().int("必须是整数").min(0, "不能为负数").describe("学段");

/** Optional / defaulted, keeping the Chinese label on the outer schema (where error messages look for it). */
function opt<T extends z.ZodType>(s: T) {
  return s.optional().describe(s.description ?? "");
}
function dflt<T extends z.ZodType>(s: T, value: z.util.NoUndefined<z.output<T>>) {
  return s.default(value).describe(s.description ?? "");
}

/** The footer's platform information (platform.md §2 Front-site header). */
export const WebsiteFields = z.object({
  name: zText("平台名称", 50),
  logo_url: zUrlOrPath("平台标志"),
  host: zText("主办单位", 100),
  support: zText("技术支持", 100),
  phone: z
    .string()
    .trim()
    .refine((v) => v === "" || /^[\d+\-()（）\s,，、转/]{5,50}$/.test(v), "请输入正确的联系电话（数字、-、空格，多个号码用、分隔）")
    .describe("联系电话"),
  work_time: zText("工作时间", 50),
  icp: z
    .string()
    .trim()
    .refine((v) => v === "" || /^[\u4e00-\u9fa5]{1,2}ICP[备证]\d{4,12}号(-\d{1,3})?$/.test(v), "ICP 备案号格式不正确（如 宁ICP备12345678号-1）")
    .describe("ICP备案号"),
});

/** c064 /web/website: school_id → that school's override (field by field), else the platform's. */
export const WebsitePayload = z.object({ school_id: opt(zSchool) });
/**
 * c065 /web/website/update: the fields given are set; school_id 0 (default for platform administrators) is the
 * platform, a school id that school's override (a school administrator's default and only choice). In an override an
 * empty field means "use the platform's".
 */
export const WebsiteUpdatePayload = z.object({
  name: opt(WebsiteFields.shape.name),
  logo_url: opt(WebsiteFields.shape.logo_url),
  host: opt(WebsiteFields.shape.host),
  support: opt(WebsiteFields.shape.support),
  phone: opt(WebsiteFields.shape.phone),
  work_time: opt(WebsiteFields.shape.work_time),
  icp: opt(WebsiteFields.shape.icp),
  school_id: opt(zSchool),
});
/** c066 /web/website/web_index */
export const WebIndexPayload = z.object({ school_id: dflt(zSchool, 0), period_id: dflt(zPeriod, 0) });

export interface WebsiteInfo {
  /** The school whose information this is (0 = the platform's). */
  school_id: number;
  name: string;
  logo_url: string;
  host: string;
  support: string;
  phone: string;
  work_time: string;
  icp: string;
  /** true when some field comes from the school's own override. */
  is_override: boolean;
  updated_at: string;
}

// ── images (c067–c072) ───────────────────────────────────────────────────────────────

/** Where an image shows (common_img.attribute). Shortcuts are images of any attribute with is_shortcut 1. */
export const IMG_ATTRIBUTES = {
  banner: "首页轮播图",
  module: "栏目入口图",
  ad: "广告图",
  login: "登录页背景图",
} as const;
export type ImgAttribute = keyof typeof IMG_ATTRIBUTES;
const zAttribute = z
  .enum(["banner", "module", "ad", "login"], { error: (iss) => (iss.input === undefined ? "必填" : "只能是 banner、module、ad 或 login") })
  .describe("图片位置");
const zFlag = (label: string) => z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe(label);

/** c067 /web/website/get_img_info */
export const ImgInfoPayload = z.object({ attribute: zAttribute, school_id: dflt(zSchool, 0), period_id: dflt(zPeriod, 0) });

const zImgUrl = zUrlOrPath("图片地址")
  .refine((v) => v !== "", "请上传图片")
  .describe("图片地址");
const zLink = zUrlOrPath("链接地址");
const zSort = z.coerce.number().int("必须是整数").min(0, "不能为负数").max(9999, "不能大于 9999").describe("排序");
const zTitle = zText("标题", 50);

export const CommonImgFields = z.object({
  attribute: zAttribute,
  title: dflt(zTitle, ""),
  img_url: zImgUrl,
  link_url: dflt(zLink, ""),
  school_id: dflt(zSchool, 0),
  period_id: dflt(zPeriod, 0),
  sort: dflt(zSort, 0),
  status: dflt(zFlag("状态"), 1),
  is_shortcut: dflt(zFlag("快捷入口"), 0),
});
/** c069 /middle/common_img/save */
export const CommonImgSave = CommonImgFields;
/** c070 /middle/common_img/update: the fields given are set. */
export const CommonImgUpdate = z.object({
  id: zId("图片编号"),
  attribute: opt(zAttribute),
  title: opt(zTitle),
  img_url: opt(zImgUrl),
  link_url: opt(zLink),
  school_id: opt(zSchool),
  period_id: opt(zPeriod),
  sort: opt(zSort),
  status: opt(zFlag("状态")),
  is_shortcut: opt(zFlag("快捷入口")),
});
/** c068 /middle/common_img (list) */
export const CommonImgList = z.object({
  page: zPage,
  limit: zLimit,
  attribute: opt(zAttribute),
  school_id: opt(zSchool),
  period_id: opt(zPeriod),
  status: opt(zFlag("状态")),
  is_shortcut: opt(zFlag("快捷入口")),
  keyword: opt(z.string().trim().max(50, "关键字不能超过 50 个字符").describe("关键字")),
});
/** c072 /middle/common_img/shortcut_operate */
export const ShortcutOperate = z.object({ id: zId("图片编号"), value: zFlag("快捷入口") });

export interface CommonImgRow {
  id: number;
  attribute: string;
  attribute_name: string;
  title: string;
  img_url: string;
  link_url: string;
  school_id: number;
  school_name: string;
  period_id: number;
  sort: number;
  status: number;
  is_shortcut: number;
  created_at: string;
}

/** c066 answer: the footer information, the banner images and the shortcuts of that school and period. */
export interface WebIndexAnswer {
  website: WebsiteInfo;
  banner: CommonImgRow[];
  shortcut: CommonImgRow[];
}

// ── authorization codes (c032, c033) ─────────────────────────────────────────────────

/** An application code: what a licence is for (e.g. ai, live, platform). */
const zAppCode = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `请输入${label}`)
    .max(32, `${label}不能超过 32 个字符`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label}只能包含字母、数字、_ 和 -`)
    .describe(label);

/** c032 /middle/auth_verify */
export const AuthVerifyPayload = z.object({
  authorization_code: z.string().trim().min(1, "请输入授权码").max(2048, "授权码不能超过 2048 个字符").describe("授权码"),
  type: zAppCode("应用"),
});
/** c033 /middle/mandate */
export const MandatePayload = z.object({ apply_code: zAppCode("应用编码") });
/** /middle/auth_code/list */
export const AuthCodeList = z.object({ page: zPage, limit: zLimit, apply_code: opt(zAppCode("应用编码")) });

/** c032/c033 answer: the application's authorization now. */
export interface MandateAnswer {
  apply_code: string;
  activated: boolean;
  /** "" when the application never had a code. */
  expires_at: string;
  capacity: number;
  days_left: number;
}

export interface AuthCodeRow {
  id: number;
  code_id: string;
  apply_code: string;
  capacity: number;
  expires_at: string;
  activated_at: string;
  activated_by: number;
  activated_by_name: string;
  expired: boolean;
}

/** The calls of PLATFORM_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const PLATFORM = {
  authVerify: call<MandateAnswer>()(PLATFORM_CALLS.authVerify, AuthVerifyPayload),
  mandate: call<MandateAnswer>()(PLATFORM_CALLS.mandate, MandatePayload),
  authCodeList: call<Page<AuthCodeRow>>()(PLATFORM_CALLS.authCodeList, AuthCodeList),
  systemRead: call<SettingRow>()(PLATFORM_CALLS.systemRead, SystemReadPayload),
  systemList: call<SettingRow[]>()(PLATFORM_CALLS.systemList, EmptyPayload),
  systemUpdate: call<SettingRow>()(PLATFORM_CALLS.systemUpdate, SystemUpdatePayload),
  website: call<WebsiteInfo>()(PLATFORM_CALLS.website, WebsitePayload),
  websiteUpdate: call<WebsiteInfo>()(PLATFORM_CALLS.websiteUpdate, WebsiteUpdatePayload),
  websiteIndex: call<WebIndexAnswer>()(PLATFORM_CALLS.websiteIndex, WebIndexPayload),
  websiteImages: call<CommonImgRow[]>()(PLATFORM_CALLS.websiteImages, ImgInfoPayload),
  imgList: call<Page<CommonImgRow>>()(PLATFORM_CALLS.imgList, CommonImgList),
  imgSave: call<{ id: number }>()(PLATFORM_CALLS.imgSave, CommonImgSave),
  imgUpdate: call<null>()(PLATFORM_CALLS.imgUpdate, CommonImgUpdate),
  imgDelete: call<null>()(PLATFORM_CALLS.imgDelete, IdPayload),
  imgShortcut: call<null>()(PLATFORM_CALLS.imgShortcut, ShortcutOperate),
} as const;

/**
 * Software versions (软件版本; issue #12; docs/api/software.md): the registry of the classroom device software and
 * the teachers' clients. A version's package is a file uploaded through #5; equipment c103/c104 take their versions
 * from here (product `device`).
 */
import { z } from "zod";
import type { Page } from "../codes.js";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import { EmptyPayload } from "./common.js";

export const SOFTWARE_CALLS = {
  /** new: versions of a product (any administrator who manages devices may read) */ softwareList: "/middle/software_version/list",
  /** new: the products with their current version */ softwareProducts: "/middle/software_version/products",
  /** new: device models (the distinct equipment.producer values) */ softwareModels: "/middle/software_version/models",
  /** new */ softwareSave: "/middle/software_version/save",
  /** new */ softwareUpdate: "/middle/software_version/update",
  /** new: not the current version; not one devices target */ softwareDelete: "/middle/software_version/delete",
  /** new: the version devices / clients of its product should run (one per product) */ softwareSetCurrent: "/middle/software_version/setCurrent",
  /** new: withdraw (status 0) or offer again (status 1) */ softwareWithdraw: "/middle/software_version/withdraw",
  /** new: a signed download address of the package (usable without a session) */ softwareDownload: "/middle/software_version/download",
} as const;

/** The products the registry knows (docs/decisions/1240). */
export const SOFTWARE_PRODUCTS = {
  device: "录播主机软件",
  windows: "教师端(Windows)",
  android: "教师端(Android)",
} as const;
export type SoftwareProduct = keyof typeof SOFTWARE_PRODUCTS;
export const SOFTWARE_PRODUCT_KEYS = Object.keys(SOFTWARE_PRODUCTS) as SoftwareProduct[];
/** The product the classroom devices run (equipment c103/c104). */
export const DEVICE_PRODUCT: SoftwareProduct = "device";

export const SOFTWARE_STATUS = { withdrawn: 0, available: 1 } as const;
export const SOFTWARE_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "已下架", 1: "可用" };

/** Version numbers: 2 to 4 dot-separated numbers, optionally a suffix (-beta.1, +build5). */
export const SOFTWARE_VERSION_PATTERN = /^\d{1,6}(\.\d{1,6}){1,3}([-+][0-9A-Za-z][0-9A-Za-z.-]{0,29})?$/;
export const SOFTWARE_NOTES_MAX = 5000;
export const SOFTWARE_MODELS_MAX = 50;

/**
 * Compares two version numbers part by part, numerically (3.10.0 > 3.9.2); a version with a -suffix comes before
 * the same numbers without one (3.5.0-beta < 3.5.0); +build is ignored. Negative, 0 or positive.
 */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core = "", ...rest] = v.split("+")[0]!.split("-");
    return { nums: core.split(".").map((x) => Number(x) || 0), pre: rest.join("-") };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.pre === y.pre) return 0;
  if (!x.pre) return 1;
  if (!y.pre) return -1;
  return x.pre < y.pre ? -1 : 1;
}

const zProduct = z
  .enum(SOFTWARE_PRODUCT_KEYS as [SoftwareProduct, ...SoftwareProduct[]], { message: `产品只能是 ${SOFTWARE_PRODUCT_KEYS.join("、")}` })
  .describe("产品");
export const zSoftwareVersion = z
  .string({ message: "请输入版本号" })
  .trim()
  .min(1, "请输入版本号")
  .max(40, "版本号不能超过 40 个字符")
  .refine((v) => SOFTWARE_VERSION_PATTERN.test(v), "版本号格式应为 主版本.次版本.修订号，如 3.5.0（可带后缀，如 3.5.0-beta.1）")
  .describe("版本号");
const zNotes = z
  .string()
  .max(SOFTWARE_NOTES_MAX, `更新说明不能超过 ${SOFTWARE_NOTES_MAX} 个字符`)
  .transform((v) => v.replace(/\r\n/g, "\n").trim())
  .describe("更新说明");
const zModels = z
  .array(z.string().trim().min(1, "型号不能为空").max(60, "型号不能超过 60 个字符"), { message: "适用型号应为列表" })
  .max(SOFTWARE_MODELS_MAX, `适用型号最多 ${SOFTWARE_MODELS_MAX} 个`)
  .transform((a) => [...new Set(a)])
  .describe("适用型号（空 = 全部型号）");

export const SoftwareListPayload = z.object({
  product: zProduct.default("device"),
  keyword: z.string().trim().max(60, "关键词不能超过 60 个字符").optional().describe("关键词（版本号、文件名、更新说明）"),
  status: z
    .preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").optional())
    .describe("状态 1 可用 0 已下架"),
  page: zPage,
  limit: zLimit,
});
export const SoftwareSavePayload = z.object({
  product: zProduct,
  version: zSoftwareVersion,
  file_id: zId("安装包"),
  notes: zNotes.default(""),
  models: zModels.default([]),
});
export const SoftwareUpdatePayload = z.object({
  id: zId("版本编号"),
  version: zSoftwareVersion.optional(),
  file_id: zId("安装包").optional(),
  notes: zNotes.optional(),
  models: zModels.optional(),
});
export const SoftwareIdPayload = z.object({ id: zId("版本编号") });
export const SoftwareWithdrawPayload = z.object({
  id: zId("版本编号"),
  status: z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").default(0).describe("0 下架 1 重新上架"),
});
export const SoftwareProductPayload = z.object({ product: zProduct.optional() });

export interface SoftwareVersionRow {
  id: number;
  product: SoftwareProduct;
  product_name: string;
  version: string;
  file_id: number;
  file_name: string;
  size: number;
  sha256: string;
  notes: string;
  /** Device models it fits; empty = every model. */
  models: string[];
  is_current: number;
  status: number;
  status_name: string;
  account_id: number;
  account_name: string;
  released_at: string;
  updated_at: string;
  /** Devices (in the caller's scope) that report running it / that target it (product device; 0 otherwise). */
  devices_running: number;
  devices_targeting: number;
}

export interface SoftwareListAnswer extends Page<SoftwareVersionRow> {
  /** The product's current version ("" when none). */
  current: string;
  /** product device: devices (in the caller's scope) per reported version, newest first ("" = not reported). */
  running: { version: string; count: number; registered: boolean }[];
}

export interface SoftwareProductRow {
  product: SoftwareProduct;
  name: string;
  current_version: string;
  current_id: number;
  versions: number;
}

export interface SoftwareDownloadAnswer {
  /** A path on this server (/files/<id>?exp=…&sig=…) readable without a session until expires_at. */
  url: string;
  file_name: string;
  size: number;
  sha256: string;
  expires_at: string;
}

/** The calls of SOFTWARE_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const SOFTWARE = {
  softwareList: call<SoftwareListAnswer>()(SOFTWARE_CALLS.softwareList, SoftwareListPayload),
  softwareProducts: call<SoftwareProductRow[]>()(SOFTWARE_CALLS.softwareProducts, EmptyPayload),
  softwareModels: call<string[]>()(SOFTWARE_CALLS.softwareModels, EmptyPayload),
  softwareSave: call<{ id: number }>()(SOFTWARE_CALLS.softwareSave, SoftwareSavePayload),
  softwareUpdate: call<{ id: number }>()(SOFTWARE_CALLS.softwareUpdate, SoftwareUpdatePayload),
  softwareDelete: call<{ id: number }>()(SOFTWARE_CALLS.softwareDelete, SoftwareIdPayload),
  softwareSetCurrent: call<{ id: number; version: string }>()(SOFTWARE_CALLS.softwareSetCurrent, SoftwareIdPayload),
  softwareWithdraw: call<{ id: number; status: number; targeting: number }>()(SOFTWARE_CALLS.softwareWithdraw, SoftwareWithdrawPayload),
  softwareDownload: call<SoftwareDownloadAnswer>()(SOFTWARE_CALLS.softwareDownload, SoftwareIdPayload),
} as const;

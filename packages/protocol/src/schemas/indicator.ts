/**
 * Evaluation indicators (评课指标, the lecture_indicator tree: scheme → dimensions → items) and listen targets (听课目标,
 * the TPK tags); issue #9; docs/api/indicator.md. #10's ai_scoring reads the same tree.
 *
 * Who may edit (docs/decisions/0910): the platform's rows (school_id 0) by platform administrators (identity 1, 5), a
 * school's rows by that school's administrators (identity 4); everybody signed in reads the platform's and his
 * school's. Every row answered says whether the caller may edit it (editable).
 */
import { z } from "zod";
import { zId } from "./common.js";
import { call } from "../contract.js";

export const INDICATOR_CALLS = {
  /** c130 */ indicatorSave: "/research/lecture_indicator/save",
  /** c131 */ indicatorUpdate: "/research/lecture_indicator/update",
  /** c132 */ indicatorDelete: "/research/lecture_indicator/delete",
  /** new: the schemes the caller may use, or one scheme's tree */ indicatorList: "/research/lecture_indicator/list",
  /** new: one row (a scheme with its tree) */ indicatorRead: "/research/lecture_indicator/read",
  /** c294 */ listenTargetList: "/v2/listen_target/list",
  /** c295 */ listenTargetSave: "/v2/listen_target/save",
  /** c296 */ listenTargetUpdate: "/v2/listen_target/update",
  /** c297 */ listenTargetDelete: "/v2/listen_target/delete",
} as const;

// ---------------------------------------------------------------------------------------------------------
// Enumerations

/** lecture_indicator.level */
export const INDICATOR_LEVELS: Readonly<Record<number, string>> = { 1: "量表", 2: "维度", 3: "评分项" };
/** The deepest level (items). */
export const INDICATOR_MAX_LEVEL = 3;
/** status of indicators and listen targets */
export const INDICATOR_STATUS: Readonly<Record<number, string>> = { 1: "启用", 0: "停用" };
/** The platform default scheme seeded at every start (indicator.seed.ts). */
export const DEFAULT_INDICATOR_SCHEME = "课堂教学评价量表";

/** Refusals, said exactly so. */
export const INDICATOR_MESSAGES = {
  nameRequired: "请输入指标名称",
  duplicate: "同一层级下已有同名指标",
  range: "最低分应小于最高分",
  tooDeep: "评分项下不能再添加子项",
  gone: "指标不存在或已删除",
  notYours: "无权修改该指标：平台指标由平台管理员维护，学校指标由本校管理员维护",
  notAdmin: "仅平台管理员或学校管理员可以维护评课指标",
  targetRequired: "请输入听课目标名称",
  targetDuplicate: "已有同名的听课目标",
  targetGone: "听课目标不存在或已删除",
  targetNotYours: "无权修改该听课目标：平台目标由平台管理员维护，学校目标由本校管理员维护",
  targetNotAdmin: "仅平台管理员或学校管理员可以维护听课目标",
} as const;

/** The refusal when a scheme used by listen-evaluate records would lose rows (docs/decisions/0911). */
export function indicatorInUseMessage(count: number): string {
  return `该量表已被 ${count} 条听评课记录使用，不能删除（可以停用）`;
}

// ---------------------------------------------------------------------------------------------------------
// Payloads

const zName = (label: string, max: number, required: string) =>
  z.string({ message: required }).trim().min(1, required).max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const zScore = (label: string) =>
  z.coerce
    .number({ message: `${label}必须是数字` })
    .min(0, `${label}不能为负数`)
    .max(1000, `${label}不能超过 1000`)
    .describe(label);
const zWeight = z.coerce.number({ message: "权重必须是数字" }).min(0, "权重应在 0–100 之间").max(100, "权重应在 0–100 之间").describe("权重（%）");
const zSort = z.coerce.number().int("排序必须是整数").min(0, "排序不能为负数").max(9999, "排序不能超过 9999").describe("排序");
const zStatus = z.coerce.number().int("必须是整数").min(0, "状态只能是 0 或 1").max(1, "状态只能是 0 或 1").describe("状态");
const zOptionalFilter = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), t.optional());

/**
 * c130: a scheme (pid 0), or a dimension / item under pid (level = the parent's + 1, at most 3). The scheme's school
 * is the caller's (0 for platform administrators); children take their scheme's.
 */
export const IndicatorSave = z
  .object({
    pid: z.coerce.number().int("必须是整数").min(0, "不能为负数").default(0).describe("上级指标（0 = 新量表）"),
    name: zName("指标名称", 50, INDICATOR_MESSAGES.nameRequired),
    description: zText("说明", 500).default(""),
    weight: zWeight.default(0),
    min_score: zScore("最低分").default(0),
    max_score: zScore("最高分").default(10),
    sort: zSort.default(0),
    status: zStatus.default(1),
  })
  .refine((v) => v.min_score < v.max_score, { message: INDICATOR_MESSAGES.range, path: ["max_score"] });
export type IndicatorSave = z.infer<typeof IndicatorSave>;

/** c131: only the fields sent change. */
export const IndicatorUpdate = z
  .object({
    id: zId("指标编号"),
    name: zName("指标名称", 50, INDICATOR_MESSAGES.nameRequired).optional(),
    description: zText("说明", 500).optional(),
    weight: zWeight.optional(),
    min_score: zScore("最低分").optional(),
    max_score: zScore("最高分").optional(),
    sort: zSort.optional(),
    status: zStatus.optional(),
  })
  .refine((v) => v.min_score === undefined || v.max_score === undefined || v.min_score < v.max_score, {
    message: INDICATOR_MESSAGES.range,
    path: ["max_score"],
  });
export type IndicatorUpdate = z.infer<typeof IndicatorUpdate>;

/** c132: the row and its subtree. */
export const IndicatorDelete = z.object({ id: zId("指标编号") });
export type IndicatorDelete = z.infer<typeof IndicatorDelete>;

/**
 * new: root_id 0 → the schemes the caller may use (list); root_id > 0 → that scheme's tree with the weight check
 * (tree, warnings). status filters the schemes (1 = in use only: what the listen form offers).
 */
export const IndicatorList = z.object({
  root_id: z.coerce.number().int("必须是整数").min(0, "不能为负数").default(0).describe("量表编号"),
  status: zOptionalFilter(zStatus),
  keyword: zText("关键词", 50).default(""),
  /** "platform": school_id 0 only; "school": the caller's school's only; "" both. */
  scope: z.enum(["", "platform", "school"], { message: "只能是 platform 或 school" }).default("").describe("范围"),
});
export type IndicatorList = z.infer<typeof IndicatorList>;

/** new: one row with its subtree (a scheme: the whole scheme). */
export const IndicatorRead = z.object({ id: zId("指标编号") });
export type IndicatorRead = z.infer<typeof IndicatorRead>;

/** c294 */
export const ListenTargetList = z.object({
  keyword: zText("关键词", 50).default(""),
  status: zOptionalFilter(zStatus),
});
export type ListenTargetList = z.infer<typeof ListenTargetList>;

/** c295: the caller's school's (the platform's for platform administrators). */
export const ListenTargetSave = z.object({
  name: zName("听课目标", 30, INDICATOR_MESSAGES.targetRequired),
  sort: zSort.default(0),
});
export type ListenTargetSave = z.infer<typeof ListenTargetSave>;

/** c296 */
export const ListenTargetUpdate = z.object({
  id: zId("听课目标编号"),
  name: zName("听课目标", 30, INDICATOR_MESSAGES.targetRequired).optional(),
  sort: zSort.optional(),
  status: zStatus.optional(),
});
export type ListenTargetUpdate = z.infer<typeof ListenTargetUpdate>;

/** c297 */
export const ListenTargetDelete = z.object({ id: zId("听课目标编号") });
export type ListenTargetDelete = z.infer<typeof ListenTargetDelete>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/** One lecture_indicator row. Times "YYYY-MM-DD HH:mm:ss", Asia/Shanghai. */
export interface IndicatorRow {
  id: number;
  pid: number;
  root_id: number;
  level: number;
  name: string;
  description: string;
  weight: number;
  min_score: number;
  max_score: number;
  sort: number;
  school_id: number;
  account_id: number;
  status: number;
  created_at: string;
  updated_at: string;
  /** The caller may update / delete it. */
  editable: boolean;
}

/** A row with its children (ordered by sort, then id). */
export interface IndicatorNode extends IndicatorRow {
  children: IndicatorNode[];
}

/** A scheme in the list. */
export interface IndicatorScheme extends IndicatorRow {
  /** 平台 or the school's name. */
  school_name: string;
  dimension_count: number;
  item_count: number;
  /** Listen-evaluate records scoring against it. */
  used_count: number;
  /** Sibling groups whose weights do not add up to 100 (or are empty). */
  warning_count: number;
}

/**
 * A weight-check finding for one sibling group: the children of pid (pid = the scheme: its dimensions).
 * kind "sum": the weights add up to total, not 100; "empty": a scheme without dimensions or a dimension without items.
 */
export interface IndicatorWarning {
  pid: number;
  pid_name: string;
  /** The level of the children checked (2 dimensions, 3 items). */
  level: number;
  kind: "sum" | "empty";
  total: number;
  message: string;
}

/** indicatorList: root_id 0 → list only (tree null, warnings []); root_id > 0 → list [the scheme], tree, warnings. */
export interface IndicatorListAnswer {
  list: IndicatorScheme[];
  tree: IndicatorNode | null;
  warnings: IndicatorWarning[];
}

/** indicatorRead: the row with its subtree, its scheme and the scheme's weight check. */
export interface IndicatorReadAnswer {
  scheme: IndicatorScheme;
  node: IndicatorNode;
  warnings: IndicatorWarning[];
}

/** indicatorSave / indicatorUpdate answer the row. */
export type IndicatorSaveAnswer = IndicatorRow;

/** indicatorDelete: how many rows went (the row and its subtree). */
export interface IndicatorDeleteAnswer {
  id: number;
  deleted: number;
}

export interface ListenTargetRow {
  id: number;
  name: string;
  school_id: number;
  /** 平台 or the school's name. */
  school_name: string;
  sort: number;
  status: number;
  account_id: number;
  created_at: string;
  editable: boolean;
}

/** c294: the caller's school's and the platform's (not paged: a few dozen at most). */
export interface ListenTargetListAnswer {
  list: ListenTargetRow[];
}

/** The calls of INDICATOR_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const INDICATOR = {
  indicatorSave: call<IndicatorRow>()(INDICATOR_CALLS.indicatorSave, IndicatorSave),
  indicatorUpdate: call<IndicatorRow>()(INDICATOR_CALLS.indicatorUpdate, IndicatorUpdate),
  indicatorDelete: call<IndicatorDeleteAnswer>()(INDICATOR_CALLS.indicatorDelete, IndicatorDelete),
  indicatorList: call<IndicatorListAnswer>()(INDICATOR_CALLS.indicatorList, IndicatorList),
  indicatorRead: call<IndicatorReadAnswer>()(INDICATOR_CALLS.indicatorRead, IndicatorRead),
  listenTargetList: call<ListenTargetListAnswer>()(INDICATOR_CALLS.listenTargetList, ListenTargetList),
  listenTargetSave: call<ListenTargetRow>()(INDICATOR_CALLS.listenTargetSave, ListenTargetSave),
  listenTargetUpdate: call<ListenTargetRow>()(INDICATOR_CALLS.listenTargetUpdate, ListenTargetUpdate),
  listenTargetDelete: call<{ id: number }>()(INDICATOR_CALLS.listenTargetDelete, ListenTargetDelete),
} as const;

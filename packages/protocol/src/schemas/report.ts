/**
 * Statistical reports (报表统计; issue #12; docs/api/report.md).
 *
 * An administrator picks 1–2 dimensions (区域, 学校, 学科, 学段, 时间 by month/week/day) and ≥ 1 measures (录制课数,
 * 分析课数, 听评课数, 教研活动数, 活跃教师数, 平均评分) over a required date range (Asia/Shanghai, at most 2 years),
 * narrowed by region, school, subject and period; the server computes the figures from the live tables on every
 * query (one SQL per measure grouped by the dimensions; totals in the same statement). Saved views keep a
 * configuration (never figures), shared with the administrators of the owner's scope.
 */
import { z } from "zod";
import { zId } from "./common.js";
import { call } from "../contract.js";
import type { FileAnswer } from "./account.js";

export const REPORT_CALLS = {
  /** new: dimensions, measures (Chinese names, which combine), filter options within the caller's scope */ reportMeta: "/middle/report/meta",
  /** new: the table {columns, rows, totals} of dimensions × measures */ reportQuery: "/middle/report/query",
  /** new: saved views visible to the caller (his scope and below) */ reportViewList: "/middle/report/viewList",
  /** new: save a view (configuration only) */ reportViewSave: "/middle/report/viewSave",
  /** new: change a view (owner or a wider-scope administrator); only the fields sent change */ reportViewUpdate: "/middle/report/viewUpdate",
  /** new: delete a view (owner or a wider-scope administrator) */ reportViewDelete: "/middle/report/viewDelete",
  /** new: the query's table and totals as .xlsx */ reportExportXlsx: "/middle/report/exportXlsx",
  /** new: the query as PDF: title, filters, time, bar chart of the first measure, the table */ reportExportPdf: "/middle/report/exportPdf",
} as const;

export const REPORT_DIMENSIONS = ["region", "school", "subject", "period", "time"] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];
export const REPORT_DIMENSION_NAMES: Readonly<Record<ReportDimension, string>> = {
  region: "区域",
  school: "学校",
  subject: "学科",
  period: "学段",
  time: "时间",
};

export const REPORT_MEASURES = ["recorded", "analysed", "evaluated", "activity", "active_teachers", "score"] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];
export const REPORT_MEASURE_NAMES: Readonly<Record<ReportMeasure, string>> = {
  recorded: "录制课数",
  analysed: "分析课数",
  evaluated: "听评课数",
  activity: "教研活动数",
  active_teachers: "活跃教师数",
  score: "平均评分",
};

export const REPORT_GRANULARITIES = ["month", "week", "day"] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];
export const REPORT_GRANULARITY_NAMES: Readonly<Record<ReportGranularity, string>> = { month: "按月", week: "按周", day: "按日" };
export const REPORT_CHART_TYPES = ["bar", "line", "pie"] as const;
export type ReportChartType = (typeof REPORT_CHART_TYPES)[number];
/** The longest date range a query may cover (days). */
export const REPORT_MAX_DAYS = 731;
export const REPORT_MAX_LIMIT = 1000;

const zDate = (label: string) =>
  z
    .string({ message: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s, `${label}不是有效日期`)
    .describe(label);

export const ReportFilters = z
  .object({
    /** First day, inclusive (Asia/Shanghai). */
    date_from: zDate("开始日期"),
    /** Last day, inclusive (Asia/Shanghai). */
    date_to: zDate("结束日期"),
    region_id: z.coerce.number().int("区域编号须为整数").min(0).default(0).describe("区域（0 不限）"),
    school_id: z.coerce.number().int("学校编号须为整数").min(0).default(0).describe("学校（0 不限）"),
    /** A subject name (subjects are per period per school; the report groups and filters them by name). */
    subject: z.string().trim().max(50, "学科名称不能超过 50 个字符").default("").describe("学科（空 不限）"),
    /** A period name (小学, 初中 …). */
    period: z.string().trim().max(50, "学段名称不能超过 50 个字符").default("").describe("学段（空 不限）"),
    granularity: z.enum(REPORT_GRANULARITIES, { message: "时间粒度只能是 month 按月、week 按周、day 按日" }).default("month").describe("时间粒度"),
  })
  .refine((f) => f.date_from <= f.date_to, { message: "开始日期不能晚于结束日期", path: ["date_to"] })
  .refine((f) => (Date.parse(f.date_to) - Date.parse(f.date_from)) / 86_400_000 < REPORT_MAX_DAYS, {
    message: "时间范围不能超过 2 年",
    path: ["date_to"],
  });
export type ReportFilters = z.infer<typeof ReportFilters>;

const zDimensions = z
  .array(z.enum(REPORT_DIMENSIONS, { message: "维度只能是 region 区域、school 学校、subject 学科、period 学段、time 时间" }), { message: "请选择维度" })
  .min(1, "请至少选择 1 个维度")
  .max(2, "最多选择 2 个维度")
  .refine((a) => new Set(a).size === a.length, "维度不能重复")
  .describe("维度");
const zMeasures = z
  .array(
    z.enum(REPORT_MEASURES, {
      message: "指标只能是 recorded 录制课数、analysed 分析课数、evaluated 听评课数、activity 教研活动数、active_teachers 活跃教师数、score 平均评分",
    }),
    {
      message: "请选择指标",
    },
  )
  .min(1, "请至少选择 1 个指标")
  .max(REPORT_MEASURES.length, "指标过多")
  .refine((a) => new Set(a).size === a.length, "指标不能重复")
  .describe("指标");

export const ReportSort = z.object({
  /** A column key: a dimension or a measure of the query. */
  by: z.string().trim().max(40).default("").describe("排序列"),
  order: z.enum(["asc", "desc"], { message: "排序方向只能是 asc 或 desc" }).default("asc").describe("排序方向"),
});

export const ReportQueryPayload = z.object({
  dimensions: zDimensions,
  measures: zMeasures,
  filters: ReportFilters,
  sort: ReportSort.optional(),
  limit: z.coerce
    .number()
    .int("行数须为整数")
    .min(1, "行数至少为 1")
    .max(REPORT_MAX_LIMIT, `行数不能超过 ${REPORT_MAX_LIMIT}`)
    .default(200)
    .describe("最多行数"),
});
export type ReportQueryPayload = z.input<typeof ReportQueryPayload>;

const zTitle = z.string({ message: "请输入视图名称" }).trim().min(1, "请输入视图名称").max(100, "视图名称不能超过 100 个字符").describe("视图名称");
const zChart = z.enum(REPORT_CHART_TYPES, { message: "图表类型只能是 bar 柱状图、line 折线图、pie 饼图" }).default("bar").describe("图表类型");

export const ReportViewSavePayload = z.object({
  title: zTitle,
  dimensions: zDimensions,
  measures: zMeasures,
  filters: ReportFilters,
  chart_type: zChart,
});
export type ReportViewSavePayload = z.input<typeof ReportViewSavePayload>;
export const ReportViewUpdatePayload = z.object({
  id: zId("视图编号"),
  title: zTitle.optional(),
  dimensions: zDimensions.optional(),
  measures: zMeasures.optional(),
  filters: ReportFilters.optional(),
  chart_type: z.enum(REPORT_CHART_TYPES, { message: "图表类型只能是 bar 柱状图、line 折线图、pie 饼图" }).optional(),
});
export type ReportViewUpdatePayload = z.input<typeof ReportViewUpdatePayload>;
export const ReportViewIdPayload = z.object({ id: zId("视图编号") });
export const ReportViewListPayload = z.object({});

export const ReportExportPayload = ReportQueryPayload.extend({
  title: z.string().trim().max(100, "标题不能超过 100 个字符").default("").describe("标题（空则为“统计报表”）"),
});
export type ReportExportPayload = z.input<typeof ReportExportPayload>;

// ─── answers ───────────────────────────────────────────────────────────────────────────────────────────────────

export interface ReportMeasureMeta {
  key: ReportMeasure;
  name: string;
  /** What is counted, and which date places a row in the range. */
  description: string;
  /** count: sums over groups; distinct: people counted once (the total is not the sum); mean: averages. */
  kind: "count" | "distinct" | "mean";
  unit: string;
  /** Dimensions this measure can be grouped by (others answer null cells). */
  dimensions: ReportDimension[];
}
export interface ReportDimensionMeta {
  key: ReportDimension;
  name: string;
  /** Dimensions it cannot be combined with, and why (Chinese). */
  excludes: { key: ReportDimension; reason: string }[];
  /** Why the caller cannot use it at all ("" when he can). */
  disabled: string;
}
export interface ReportOption {
  id: number;
  name: string;
}
export interface ReportRegionOption extends ReportOption {
  pid: number;
  level: number;
}
export interface ReportMeta {
  dimensions: ReportDimensionMeta[];
  measures: ReportMeasureMeta[];
  granularities: { key: ReportGranularity; name: string }[];
  max_days: number;
  /** The caller's scope: kind all | region | school, its name. */
  scope: { kind: "all" | "region" | "school"; name: string };
  regions: ReportRegionOption[];
  schools: (ReportOption & { region_name: string })[];
  subjects: string[];
  periods: string[];
}

export interface ReportColumn {
  key: string;
  title: string;
  kind: "dimension" | "measure";
  /** measure kind (count | distinct | mean) */
  measure_kind?: "count" | "distinct" | "mean";
}
/** One row: each dimension key holds its label (未设置 for rows without one); each measure key its value (null: none). */
export type ReportRow = Record<string, string | number | null>;
export interface ReportAnswer {
  columns: ReportColumn[];
  rows: ReportRow[];
  /** The measures over the whole query (distinct and mean measures computed over all rows, not summed). */
  totals: Record<string, number | null>;
  /** Rows before the limit. */
  total_rows: number;
  truncated: boolean;
  /** The filters as one Chinese line (for exports and captions). */
  filters_text: string;
}

export interface ReportViewRow {
  id: number;
  title: string;
  dimensions: ReportDimension[];
  measures: ReportMeasure[];
  filters: ReportFilters;
  chart_type: ReportChartType;
  scope_name: string;
  account_id: number;
  owner_name: string;
  /** The caller may change or delete it (its owner, or an administrator of a wider scope). */
  editable: boolean;
  created_at: string;
  updated_at: string;
}

/** The calls of REPORT_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const REPORT = {
  reportMeta: call<ReportMeta>()(REPORT_CALLS.reportMeta, ReportViewListPayload),
  reportQuery: call<ReportAnswer>()(REPORT_CALLS.reportQuery, ReportQueryPayload),
  reportViewList: call<ReportViewRow[]>()(REPORT_CALLS.reportViewList, ReportViewListPayload),
  reportViewSave: call<{ id: number }>()(REPORT_CALLS.reportViewSave, ReportViewSavePayload),
  reportViewUpdate: call<null>()(REPORT_CALLS.reportViewUpdate, ReportViewUpdatePayload),
  reportViewDelete: call<null>()(REPORT_CALLS.reportViewDelete, ReportViewIdPayload),
  reportExportXlsx: call<FileAnswer>()(REPORT_CALLS.reportExportXlsx, ReportExportPayload),
  reportExportPdf: call<FileAnswer>()(REPORT_CALLS.reportExportPdf, ReportExportPayload),
} as const;

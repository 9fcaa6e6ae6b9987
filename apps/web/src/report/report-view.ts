/** Pure helpers of the 报表统计 screen: typed calls, date presets, which picks are allowed, the chart option. */
import { type PayloadOf, calls, type ReportAnswer, type ReportChartType, type ReportDimension, type ReportMeasure, type ReportMeta } from "@yanke/protocol";
import dayjs, { type Dayjs } from "../dayjs";
import { call } from "../api/client";
import type { EChartOption } from "../components/EChart";

export const reportApi = {
  meta: () => call(calls.reportMeta, {}),
  query: (p: PayloadOf<typeof calls.reportQuery>) => call(calls.reportQuery, p),
  views: () => call(calls.reportViewList, {}),
  save: (p: PayloadOf<typeof calls.reportViewSave>) => call(calls.reportViewSave, p),
  update: (p: PayloadOf<typeof calls.reportViewUpdate>) => call(calls.reportViewUpdate, p),
  remove: (id: number) => call(calls.reportViewDelete, { id }),
  xlsx: (p: PayloadOf<typeof calls.reportExportXlsx>) => call(calls.reportExportXlsx, p),
  pdf: (p: PayloadOf<typeof calls.reportExportPdf>) => call(calls.reportExportPdf, p),
};

/** The school term around a day: Feb–Jul 春季学期 (Feb 1–Jul 31), otherwise 秋季学期 (Sep 1–Jan 31; docs/decisions/1233). */
export function termOf(day: Dayjs): [Dayjs, Dayjs] {
  const m = day.month() + 1;
  const y = day.year();
  if (m >= 2 && m <= 7) return [dayjs(`${y}-02-01`), dayjs(`${y}-07-31`)];
  const start = m === 1 ? y - 1 : y;
  return [dayjs(`${start}-09-01`), dayjs(`${start + 1}-01-31`)];
}

/** The school year around a day: Sep 1 – Aug 31. */
export function schoolYearOf(day: Dayjs): [Dayjs, Dayjs] {
  const start = day.month() + 1 >= 9 ? day.year() : day.year() - 1;
  return [dayjs(`${start}-09-01`), dayjs(`${start + 1}-08-31`)];
}

export function rangePresets(today: Dayjs = dayjs()): { label: string; value: [Dayjs, Dayjs] }[] {
  return [
    { label: "本月", value: [today.startOf("month"), today.endOf("month")] },
    { label: "本学期", value: termOf(today) },
    { label: "本学年", value: schoolYearOf(today) },
    { label: "近一年", value: [today.subtract(1, "year").add(1, "day"), today] },
  ];
}

/** Why a dimension cannot be ticked next to those already picked ("" when it can). */
export function dimensionBlock(meta: ReportMeta | undefined, key: ReportDimension, picked: readonly ReportDimension[]): string {
  const d = meta?.dimensions.find((x) => x.key === key);
  if (!d) return "";
  if (d.disabled) return d.disabled;
  if (picked.includes(key)) return "";
  if (picked.length >= 2) return "最多选择 2 个维度";
  const clash = d.excludes.find((e) => picked.includes(e.key));
  return clash ? clash.reason : "";
}

export interface ChartPick {
  type: ReportChartType;
  /** The measure drawn when two dimensions split it into series (and for a pie). */
  measure: ReportMeasure;
  stacked: boolean;
}

/** Why a chart type cannot show this answer ("" when it can). */
export function chartBlock(type: ReportChartType, dimensions: readonly string[]): string {
  if (type === "pie" && dimensions.length > 1) return "饼图只能展示一个维度";
  return "";
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The ECharts option of an answer. One dimension: a series per measure (bar/line; means on a right axis when mixed
 * with counts) or a pie of the picked measure. Two dimensions: the first on the axis, a series per member of the
 * second, for the picked measure (grouped or stacked bars).
 */
export function chartOption(a: ReportAnswer, pick: ChartPick): EChartOption {
  const dims = a.columns.filter((c) => c.kind === "dimension");
  const measures = a.columns.filter((c) => c.kind === "measure");
  const first = dims[0]!;
  const rotate = a.rows.length > 8 ? 30 : 0;
  const base = {
    tooltip: { trigger: pick.type === "pie" ? "item" : "axis", confine: true },
    legend: { type: "scroll", top: 0 },
    grid: { left: 48, right: 48, top: 40, bottom: rotate ? 72 : 40, containLabel: true },
  } as const;
  if (pick.type === "pie") {
    const m = measures.find((c) => c.key === pick.measure) ?? measures[0]!;
    return {
      ...base,
      legend: { type: "scroll", orient: "vertical", right: 8, top: 16, bottom: 16 },
      series: [
        {
          type: "pie",
          name: m.title,
          radius: ["30%", "68%"],
          center: ["40%", "52%"],
          label: { formatter: "{b}：{c}（{d}%）" },
          data: a.rows.map((r) => ({ name: String(r[first.key] ?? ""), value: num(r[m.key]) ?? 0 })),
        },
      ],
    };
  }
  if (dims.length === 2) {
    const second = dims[1]!;
    const m = measures.find((c) => c.key === pick.measure) ?? measures[0]!;
    const xs = [...new Set(a.rows.map((r) => String(r[first.key] ?? "")))];
    const groups = [...new Set(a.rows.map((r) => String(r[second.key] ?? "")))];
    return {
      ...base,
      xAxis: { type: "category", data: xs, axisLabel: { rotate, interval: 0, hideOverlap: true } },
      yAxis: { type: "value", name: m.title },
      series: groups.map((g) => ({
        type: pick.type,
        name: g,
        stack: pick.stacked && pick.type === "bar" ? "total" : undefined,
        barMaxWidth: 36,
        connectNulls: true,
        data: xs.map((x) => num(a.rows.find((r) => String(r[first.key]) === x && String(r[second.key]) === g)?.[m.key])),
      })),
    };
  }
  const mixed = measures.some((c) => c.measure_kind === "mean") && measures.some((c) => c.measure_kind !== "mean");
  return {
    ...base,
    xAxis: { type: "category", data: a.rows.map((r) => String(r[first.key] ?? "")), axisLabel: { rotate, interval: 0, hideOverlap: true } },
    yAxis: mixed
      ? [
          { type: "value", name: "数量" },
          { type: "value", name: "评分", splitLine: { show: false } },
        ]
      : [{ type: "value" }],
    series: measures.map((c) => ({
      type: pick.type,
      name: c.title,
      yAxisIndex: mixed && c.measure_kind === "mean" ? 1 : 0,
      barMaxWidth: 36,
      connectNulls: true,
      data: a.rows.map((r) => num(r[c.key])),
    })),
  };
}

/** A number in a cell: means with two decimals, none as —. */
export function cellText(v: unknown, kind?: string): string {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "number") return kind === "mean" ? v.toFixed(2) : String(v);
  return String(v);
}

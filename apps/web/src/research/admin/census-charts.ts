/** ECharts options of 分析统计 (pure: inputs are the census answers of research-census.ts). */
import type { CensusIncPoint, CensusModeCount, CensusOralRow, CensusRankItem, CensusRtchPoint, TeachingMode } from "@yanke/protocol";
import { TEACHING_MODES } from "@yanke/protocol";
import type { EChartOption } from "../../components/EChart";

export const MODE_HEX: Record<TeachingMode, string> = { 练习型: "#d4a017", 讲授型: "#2f6fdf", 对话型: "#1f9d6b", 混合型: "#8e5cc9" };

/** Method boundaries (docs/analysis-method.md): 练习型 Rt ≤ 0.3, 讲授型 Rt ≥ 0.7, 对话型 Ch ≥ 0.4, otherwise 混合型. */
export const RT_LOW = 0.3;
export const RT_HIGH = 0.7;
export const CH_DIALOGUE = 0.4;

export function modesPieOption(modes: CensusModeCount[]): EChartOption {
  return {
    tooltip: { trigger: "item", formatter: "{b}：{c} 节（{d}%）" },
    legend: { bottom: 0, data: [...TEACHING_MODES] },
    series: [
      {
        type: "pie",
        radius: ["38%", "66%"],
        center: ["50%", "44%"],
        label: { formatter: "{b}\n{c} 节" },
        // Modes without lessons stay in the legend, not as empty slices with stacked labels.
        data: TEACHING_MODES.map((m) => ({ name: m, value: modes.find((x) => x.mode === m)?.count ?? 0, itemStyle: { color: MODE_HEX[m] } })).filter(
          (d) => d.value > 0,
        ),
      },
    ],
  } as EChartOption;
}

export function growthOption(points: CensusIncPoint[]): EChartOption {
  const dates = points.map((p) => p.date);
  return {
    tooltip: { trigger: "axis" },
    legend: { bottom: 0, data: ["新增课例", "已完成分析", "累计课例", "累计实录句数"] },
    grid: { left: 44, right: 52, top: 28, bottom: 56 },
    xAxis: { type: "category", data: dates, boundaryGap: true },
    yAxis: [
      { type: "value", name: "节", minInterval: 1 },
      { type: "value", name: "句", minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: "新增课例", type: "bar", data: points.map((p) => p.lessons), barMaxWidth: 18 },
      { name: "已完成分析", type: "bar", data: points.map((p) => p.analysed), barMaxWidth: 18 },
      { name: "累计课例", type: "line", smooth: true, data: points.map((p) => p.lessons_total) },
      { name: "累计实录句数", type: "line", smooth: true, yAxisIndex: 1, data: points.map((p) => p.lines_total), lineStyle: { type: "dashed" } },
    ],
  } as EChartOption;
}

/** Rt-Ch scatter: one series per mode, the four mode regions shaded with their names. */
export function rtchOption(points: CensusRtchPoint[]): EChartOption {
  const region = (name: string, x0: number, x1: number, y0: number, y1: number, color: string) => [
    { name, xAxis: x0, yAxis: y0, itemStyle: { color }, label: { color: "#66736e", position: "insideTop" as const } },
    { xAxis: x1, yAxis: y1 },
  ];
  const regions = [
    region("练习型", 0, RT_LOW, 0, 1, "rgba(212,160,23,0.08)"),
    region("讲授型", RT_HIGH, 1, 0, 1, "rgba(47,111,223,0.07)"),
    region("对话型", RT_LOW, RT_HIGH, CH_DIALOGUE, 1, "rgba(31,157,107,0.08)"),
    region("混合型", RT_LOW, RT_HIGH, 0, CH_DIALOGUE, "rgba(142,92,201,0.07)"),
  ];
  return {
    tooltip: {
      trigger: "item",
      formatter: (p: unknown) => {
        const d = (p as { data?: { point?: CensusRtchPoint } }).data?.point;
        if (!d) return "";
        return `${d.name}<br/>${d.teacher}${d.school_name ? ` · ${d.school_name}` : ""}<br/>${d.mode}：Rt ${d.rt.toFixed(2)}，Ch ${d.ch.toFixed(2)}<br/><span style="color:#8a9690">点击查看报告</span>`;
      },
    },
    legend: { bottom: 0, data: [...TEACHING_MODES] },
    grid: { left: 44, right: 32, top: 24, bottom: 56 },
    xAxis: { type: "value", name: "Rt", min: 0, max: 1, nameLocation: "end", nameGap: 6, splitLine: { show: false } },
    yAxis: { type: "value", name: "Ch", min: 0, max: 1, splitLine: { show: false } },
    series: TEACHING_MODES.map((m, i) => ({
      name: m,
      type: "scatter",
      symbolSize: 11,
      itemStyle: { color: MODE_HEX[m] },
      cursor: "pointer",
      data: points.filter((p) => p.mode === m).map((p) => ({ value: [p.rt, p.ch], point: p })),
      ...(i === 0 ? { markArea: { silent: true, data: regions } } : {}),
    })),
  } as EChartOption;
}

/** Talk shares (stacked 100 % bars) per group, with the speech rates in the tooltip. */
export function oralOption(rows: CensusOralRow[]): EChartOption {
  const names = rows.map((r) => r.name);
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
  return {
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (ps: unknown) => {
        const arr = ps as Array<{ dataIndex: number }>;
        const r = rows[arr[0]?.dataIndex ?? -1];
        if (!r) return "";
        const f = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(1)}%`);
        const rate = (v: number | null) => (v === null ? "—" : `${Math.round(v)} 字/分`);
        return `${r.name}（${r.analysed} 节）<br/>教师讲话 ${f(r.teacher_ratio)}，语速 ${rate(r.teacher_rate)}<br/>学生讲话 ${f(r.student_ratio)}，语速 ${rate(r.student_rate)}<br/>沉默 ${f(r.silence_ratio)}`;
      },
    },
    legend: { bottom: 0, data: ["教师讲话", "学生讲话", "沉默"] },
    grid: { left: 44, right: 16, top: 16, bottom: rows.length > 6 ? 88 : 56, containLabel: false },
    xAxis: { type: "category", data: names, axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0, width: 90, overflow: "truncate" } },
    yAxis: { type: "value", max: 100, axisLabel: { formatter: "{value}%" } },
    series: [
      { name: "教师讲话", type: "bar", stack: "share", data: rows.map((r) => pct(r.teacher_ratio)), itemStyle: { color: "#2f6fdf" }, barMaxWidth: 36 },
      { name: "学生讲话", type: "bar", stack: "share", data: rows.map((r) => pct(r.student_ratio)), itemStyle: { color: "#1f9d6b" }, barMaxWidth: 36 },
      { name: "沉默", type: "bar", stack: "share", data: rows.map((r) => pct(r.silence_ratio)), itemStyle: { color: "#c9d2ce" }, barMaxWidth: 36 },
    ],
  } as EChartOption;
}

/** Horizontal bars, best first at the top. */
export function rankOption(items: CensusRankItem[], unit: string, color: string): EChartOption {
  const rev = [...items].reverse();
  return {
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (ps: unknown) => {
        const i = rev[(ps as Array<{ dataIndex: number }>)[0]?.dataIndex ?? -1];
        return i ? `${i.name}${i.school_name ? `（${i.school_name}）` : ""}<br/>${i.value}${unit}，依据 ${i.n} 节课` : "";
      },
    },
    grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: "value", minInterval: unit === " 节" ? 1 : undefined },
    yAxis: { type: "category", data: rev.map((i) => i.name), axisLabel: { width: 96, overflow: "truncate" } },
    series: [{ type: "bar", data: rev.map((i) => i.value), itemStyle: { color }, barMaxWidth: 16, label: { show: true, position: "right" } }],
  } as EChartOption;
}

/** Subjects with analysed lessons: lessons and finished analyses per subject. */
export function subjectsOption(rows: Array<{ name: string; lessons: number; analysed: number }>): EChartOption {
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { bottom: 0, data: ["课例", "已完成分析"] },
    grid: { left: 40, right: 16, top: 16, bottom: rows.length > 8 ? 80 : 52 },
    xAxis: { type: "category", data: rows.map((r) => r.name), axisLabel: { interval: 0, rotate: rows.length > 8 ? 30 : 0 } },
    yAxis: { type: "value", minInterval: 1 },
    series: [
      { name: "课例", type: "bar", data: rows.map((r) => r.lessons), barMaxWidth: 22 },
      { name: "已完成分析", type: "bar", data: rows.map((r) => r.analysed), barMaxWidth: 22 },
    ],
  } as EChartOption;
}

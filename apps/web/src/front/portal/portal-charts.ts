/**
 * ECharts options of the big screens (dark) and the portraits (light). The chart types they draw are registered here
 * (the shared components/EChart registers bars and pies only); the Rt-Ch scatter is the lesson reports' own
 * (research/report/charts.ts rtChOption, with its four mode regions).
 */
import { LineChart, RadarChart, ScatterChart } from "echarts/charts";
import { MarkAreaComponent, RadarComponent, TitleComponent } from "echarts/components";
import * as echarts from "echarts/core";
import type { EChartOption } from "../../components/EChart";

echarts.use([LineChart, RadarChart, ScatterChart, MarkAreaComponent, RadarComponent, TitleComponent]);

/** Neon palette of the dark boards. */
export const SCREEN_COLORS = ["#4fc3ff", "#7cf0c5", "#ffd166", "#ff8a65", "#b388ff", "#5c9dff", "#f06292", "#9ccc65", "#26c6da", "#ffb74d"];
const TEXT = "#a9c6ea";
const LINE = "rgba(120, 170, 255, 0.25)";
const SPLIT = "rgba(120, 170, 255, 0.1)";

const axis = (extra: Record<string, unknown> = {}) => ({
  axisLine: { lineStyle: { color: LINE } },
  axisTick: { show: false },
  axisLabel: { color: TEXT, fontSize: 12 },
  splitLine: { lineStyle: { color: SPLIT } },
  nameTextStyle: { color: TEXT },
  ...extra,
});

const darkBase = {
  backgroundColor: "transparent",
  color: SCREEN_COLORS,
  textStyle: { color: TEXT },
  tooltip: { backgroundColor: "rgba(6, 24, 54, 0.92)", borderColor: "#2f6fb5", textStyle: { color: "#e2efff" } },
};

export interface LineSeries {
  name: string;
  data: number[];
}

/** Lines over categories (days, weeks, months), filled softly. */
export function darkLines(categories: string[], series: LineSeries[]): EChartOption {
  return {
    ...darkBase,
    tooltip: { ...darkBase.tooltip, trigger: "axis" },
    legend: { top: 0, right: 0, textStyle: { color: TEXT }, itemWidth: 14, itemHeight: 8 },
    grid: { left: 36, right: 14, top: 30, bottom: 24 },
    xAxis: { type: "category", data: categories, boundaryGap: false, ...axis({ splitLine: { show: false } }) },
    yAxis: { type: "value", minInterval: 1, ...axis() },
    series: series.map((s, i) => ({
      type: "line",
      name: s.name,
      data: s.data,
      smooth: 0.3,
      smoothMonotone: "x",
      symbol: "circle",
      symbolSize: 5,
      lineStyle: { width: 2 },
      areaStyle: {
        color: new echarts.graphic.LinearGradient(0, 0, 0, 1, [
          { offset: 0, color: `${SCREEN_COLORS[i % SCREEN_COLORS.length]}66` },
          { offset: 1, color: `${SCREEN_COLORS[i % SCREEN_COLORS.length]}00` },
        ]),
      },
    })),
  } as EChartOption;
}

/** A ring pie with its legend beside it. */
export function darkPie(items: Array<{ name: string; value: number }>, legendRight = true): EChartOption {
  return {
    ...darkBase,
    tooltip: { ...darkBase.tooltip, trigger: "item", formatter: "{b}：{c}（{d}%）" },
    legend: legendRight
      ? { orient: "vertical", right: 4, top: "middle", textStyle: { color: TEXT, fontSize: 12 }, itemWidth: 10, itemHeight: 10, type: "scroll" }
      : { bottom: 0, textStyle: { color: TEXT, fontSize: 12 }, itemWidth: 10, itemHeight: 10, type: "scroll" },
    series: [
      {
        type: "pie",
        radius: ["42%", "70%"],
        center: legendRight ? ["36%", "52%"] : ["50%", "44%"],
        itemStyle: { borderColor: "#071a36", borderWidth: 2 },
        label: { show: false },
        data: items,
      },
    ],
  } as EChartOption;
}

/** Bars: vertical by default, horizontal (a ranking) with `horizontal`. */
export function darkBars(categories: string[], series: LineSeries[], horizontal = false): EChartOption {
  const cat = {
    type: "category",
    data: categories,
    ...axis({ splitLine: { show: false }, axisLabel: { color: TEXT, fontSize: 12, width: 110, overflow: "truncate" } }),
  };
  const val = { type: "value", minInterval: 1, ...axis() };
  return {
    ...darkBase,
    tooltip: { ...darkBase.tooltip, trigger: "axis", axisPointer: { type: "shadow" } },
    legend: series.length > 1 ? { top: 0, right: 0, textStyle: { color: TEXT }, itemWidth: 14, itemHeight: 8 } : undefined,
    grid: horizontal
      ? { left: 8, right: 24, top: series.length > 1 ? 26 : 6, bottom: 6, containLabel: true }
      : { left: 36, right: 10, top: series.length > 1 ? 28 : 12, bottom: 24, containLabel: false },
    xAxis: horizontal ? val : cat,
    yAxis: horizontal ? { ...cat, inverse: true } : val,
    series: series.map((s, i) => ({
      type: "bar",
      name: s.name,
      data: s.data,
      stack: horizontal ? "total" : undefined,
      barMaxWidth: 22,
      itemStyle: {
        borderRadius: horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0],
        color: new echarts.graphic.LinearGradient(horizontal ? 0 : 0, horizontal ? 0 : 1, horizontal ? 1 : 0, 0, [
          { offset: 0, color: `${SCREEN_COLORS[i % SCREEN_COLORS.length]}55` },
          { offset: 1, color: SCREEN_COLORS[i % SCREEN_COLORS.length]! },
        ]),
      },
    })),
  } as EChartOption;
}

// ── light (portraits) ─────────────────────────────────────────────────────────────────────────────────────────

/** The evaluation dimensions as a radar, each out of 100. */
export function radarOption(dims: Array<{ name: string; score: number }>): EChartOption {
  return {
    tooltip: { trigger: "item" },
    radar: {
      indicator: dims.map((d) => ({ name: d.name, max: 100 })),
      radius: "64%",
      center: ["50%", "54%"],
      axisName: { color: "#3b4a44", fontSize: 12 },
      splitArea: { areaStyle: { color: ["#f6faf8", "#ffffff"] } },
    },
    series: [
      {
        type: "radar",
        data: [
          {
            name: "各维度平均得分",
            value: dims.map((d) => d.score),
            areaStyle: { color: "rgba(31,111,92,0.25)" },
            lineStyle: { color: "#1f6f5c" },
            itemStyle: { color: "#1f6f5c" },
          },
        ],
      },
    ],
  } as EChartOption;
}

/** Months (YYYY-MM → M月) with lines. */
export function lightLines(months: string[], series: LineSeries[]): EChartOption {
  return {
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    grid: { left: 36, right: 14, top: 36, bottom: 26 },
    xAxis: { type: "category", data: months.map(monthLabel), boundaryGap: false },
    yAxis: { type: "value", minInterval: 1 },
    series: series.map((s) => ({ type: "line", name: s.name, data: s.data, smooth: 0.3, smoothMonotone: "x", symbolSize: 6 })),
  } as EChartOption;
}

export function lightBars(categories: string[], series: LineSeries[]): EChartOption {
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { top: 0 },
    grid: { left: 8, right: 14, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: "category", data: categories, axisLabel: { interval: 0, width: 64, overflow: "truncate" } },
    yAxis: { type: "value", minInterval: 1 },
    series: series.map((s) => ({ type: "bar", name: s.name, data: s.data, stack: "t", barMaxWidth: 28 })),
  } as EChartOption;
}

export function lightPie(items: Array<{ name: string; value: number }>): EChartOption {
  return {
    tooltip: { trigger: "item", formatter: "{b}：{c}（{d}%）" },
    legend: { bottom: 0 },
    series: [
      {
        type: "pie",
        radius: ["38%", "64%"],
        center: ["50%", "44%"],
        label: { show: true, position: "inside", formatter: "{c}", color: "#fff" },
        data: items.filter((i) => i.value > 0),
      },
    ],
  } as EChartOption;
}

export const monthLabel = (m: string) => `${Number(m.slice(5, 7))}月`;

/** Horizontal bars (a ranking by name), names in full on the left. */
export function lightHBars(categories: string[], series: LineSeries[]): EChartOption {
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 30, bottom: 8, containLabel: true },
    xAxis: { type: "value", minInterval: 1 },
    yAxis: { type: "category", data: categories, inverse: true, axisLabel: { width: 180, overflow: "truncate" } },
    series: series.map((s) => ({ type: "bar", name: s.name, data: s.data, barMaxWidth: 22, label: { show: true, position: "right" } })),
  } as EChartOption;
}

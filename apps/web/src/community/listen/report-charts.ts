/**
 * ECharts options of the listening reports: the per-dimension radar, the per-item score bars with the min–max spread
 * across evaluators, and the comment density along the lesson video. Registers the radar and line charts the shared
 * EChart component does not load (echarts.use is global and idempotent).
 */
import { LineChart, RadarChart } from "echarts/charts";
import { MarkLineComponent, RadarComponent } from "echarts/components";
import * as echarts from "echarts/core";
import type { EChartOption } from "../../components/EChart";

echarts.use([RadarChart, LineChart, RadarComponent, MarkLineComponent]);

export interface RadarDim {
  name: string;
  /** The dimension's mean score (of its items, as the server sums them). */
  score: number;
  max: number;
}

export function radarOption(dims: readonly RadarDim[]): EChartOption {
  return {
    tooltip: { trigger: "item" },
    radar: {
      radius: "62%",
      center: ["50%", "54%"],
      indicator: dims.map((d) => ({ name: d.name, max: d.max > 0 ? d.max : 1 })),
      axisName: { color: "#3b4a44", fontSize: 12 },
    },
    series: [
      {
        type: "radar",
        name: "维度得分",
        areaStyle: { opacity: 0.25 },
        data: [{ name: "平均得分", value: dims.map((d) => Math.round(d.score * 100) / 100) }],
      },
    ],
  };
}

export interface ItemSpread {
  name: string;
  mean: number;
  min: number;
  max: number;
  /** The item's full mark. */
  full: number;
}

/** Horizontal bars: the mean per item, with the lowest–highest range across evaluators drawn beside it. */
export function itemBarsOption(items: readonly ItemSpread[]): EChartOption {
  const names = items.map((i) => i.name).reverse();
  const rows = [...items].reverse();
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (ps: unknown) => {
        const list = ps as { dataIndex: number }[];
        const it = rows[list[0]?.dataIndex ?? 0];
        if (!it) return "";
        return `${it.name}<br/>平均 ${r(it.mean)} / ${r(it.full)}<br/>最低 ${r(it.min)}，最高 ${r(it.max)}`;
      },
    },
    legend: { bottom: 0, data: ["平均分", "评课人分差（最低–最高）"] },
    grid: { left: 8, right: 32, top: 8, bottom: 36, containLabel: true },
    xAxis: { type: "value", min: 0, max: Math.max(1, ...rows.map((i) => i.full)) },
    yAxis: { type: "category", data: names, axisLabel: { width: 150, overflow: "truncate" } },
    series: [
      { type: "bar", name: "平均分", data: rows.map((i) => r(i.mean)), barMaxWidth: 14, label: { show: true, position: "right", fontSize: 11 } },
      {
        type: "bar",
        name: "__base",
        stack: "spread",
        data: rows.map((i) => r(i.min)),
        itemStyle: { color: "transparent" },
        barMaxWidth: 6,
        tooltip: { show: false },
      },
      {
        type: "bar",
        name: "评课人分差（最低–最高）",
        stack: "spread",
        data: rows.map((i) => r(Math.max(0, i.max - i.min))),
        barMaxWidth: 6,
        itemStyle: { color: "#f0a35e" },
      },
    ],
  };
}

/** Comments per minute of the video (bars) with a smoothed line over them. */
export function densityOption(labels: readonly string[], counts: readonly number[]): EChartOption {
  return {
    tooltip: {
      trigger: "axis",
      formatter: (ps: unknown) => {
        const p = (ps as { name: string; value: number }[])[0];
        return p ? `第 ${p.name.replace("′", "")} 分钟：${p.value} 条评论` : "";
      },
    },
    grid: { left: 40, right: 16, top: 24, bottom: 40 },
    xAxis: { type: "category", data: [...labels], name: "分钟", nameLocation: "middle", nameGap: 26 },
    yAxis: { type: "value", minInterval: 1, name: "评论数" },
    series: [
      { type: "bar", name: "评论数", data: [...counts], barMaxWidth: 18, itemStyle: { opacity: 0.55 } },
      { type: "line", name: "密度", data: [...counts], smooth: true, symbol: "none", lineStyle: { width: 2 } },
    ],
  };
}

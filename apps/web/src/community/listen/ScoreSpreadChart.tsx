/**
 * The aggregate score of a record per indicator item (c289 courseTeacherScore) with the spread between evaluators:
 * a light bar from the lowest to the highest score, the average as a dot, the item's full score as a dash.
 */
import { ScatterChart } from "echarts/charts";
import * as echarts from "echarts/core";
import { useMemo } from "react";
import { EChart, type EChartOption } from "../../components/EChart";
import { formatScore } from "./listen-common";
import type { ListenScoreItem } from "./listen-types";

echarts.use([ScatterChart]);

export function spreadOption(items: ListenScoreItem[], dimensions: { indicator_id: number; name: string }[] = []): EChartOption {
  const names = items.map((i) => i.name);
  return {
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (ps: unknown) => {
        const p = (Array.isArray(ps) ? ps[0] : ps) as { dataIndex: number };
        const i = items[p.dataIndex];
        if (!i) return "";
        const dim = dimensions.find((d) => d.indicator_id === i.pid)?.name;
        return `${dim ? `${dim} · ` : ""}${i.name}<br/>平均 ${formatScore(i.score.mean)}（${i.score.count} 人）<br/>最低 ${formatScore(i.score.min)}，最高 ${formatScore(i.score.max)}<br/>满分 ${formatScore(i.max_score)}`;
      },
    },
    legend: { bottom: 0, data: ["最低–最高", "平均分", "满分"] },
    grid: { left: 40, right: 16, top: 16, bottom: items.length > 6 ? 96 : 64 },
    xAxis: { type: "category", data: names, axisLabel: { interval: 0, rotate: items.length > 6 ? 35 : 0, width: 90, overflow: "truncate" } },
    yAxis: { type: "value", min: 0 },
    series: [
      {
        type: "bar",
        stack: "spread",
        data: items.map((i) => i.score.min ?? 0),
        itemStyle: { color: "transparent" },
        barWidth: 18,
        silent: true,
        tooltip: { show: false },
      },
      {
        type: "bar",
        stack: "spread",
        name: "最低–最高",
        data: items.map((i) => Math.max(0, (i.score.max ?? 0) - (i.score.min ?? 0))),
        itemStyle: { color: "rgba(31,111,92,0.28)", borderColor: "#1f6f5c", borderWidth: 1 },
        barWidth: 18,
      },
      { type: "scatter", name: "平均分", data: items.map((i) => i.score.mean), symbolSize: 12, itemStyle: { color: "#fa8c16" }, z: 5 },
      { type: "scatter", name: "满分", data: items.map((i) => i.max_score), symbol: "rect", symbolSize: [22, 2], itemStyle: { color: "#8a9690" }, z: 4 },
    ],
  } as EChartOption;
}

export function ScoreSpreadChart({
  items,
  dimensions,
  height = 300,
}: {
  items: ListenScoreItem[];
  dimensions?: { indicator_id: number; name: string }[];
  height?: number;
}) {
  const option = useMemo(() => spreadOption(items, dimensions), [items, dimensions]);
  return <EChart option={option} height={height} testId="listen-spread-chart" />;
}

import { useQuery } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import { Skeleton } from "antd";
import { useMemo } from "react";
import { call } from "../../api/client";
import { EChart, type EChartOption } from "../../components/EChart";
import { Empty } from "../common";
import { Section } from "./parts";

const quiet = { quiet: true } as const;

/** A horizontal bar chart, first row on top. */
export function hBarOption(names: string[], series: { name: string; data: number[] }[]): EChartOption {
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 8, right: 36, top: series.length > 1 ? 28 : 8, bottom: 8, containLabel: true },
    xAxis: { type: "value", minInterval: 1 },
    yAxis: { type: "category", data: names, inverse: true, axisLabel: { width: 110, overflow: "truncate" } },
    series: series.map((s) => ({ name: s.name, type: "bar", barMaxWidth: 14, data: s.data, label: { show: true, position: "right" } })),
  };
}

export function RegionRankingChart() {
  const q = useQuery({
    queryKey: ["front", "home", "regionRanking"],
    queryFn: () => call(calls.regionRanking, { days: 30, limit: 8 }, quiet),
  });
  const rows = q.data ?? [];
  const option = useMemo(
    () =>
      hBarOption(
        rows.map((r) => r.region_name || "未知地区"),
        [
          { name: "动态数", data: rows.map((r) => r.log_num) },
          { name: "社区数", data: rows.map((r) => r.community_num) },
        ],
      ),
    [rows],
  );
  return (
    <Section title="地区排行" extra={<span className="ykf-note">近 30 天社区动态</span>} testId="home-region-ranking">
      {q.isLoading ? <Skeleton active /> : rows.length ? <EChart option={option} height={300} testId="region-ranking-chart" /> : <Empty />}
    </Section>
  );
}

export function ActiveCommunityChart() {
  const q = useQuery({
    queryKey: ["front", "home", "activeCommunity"],
    queryFn: () => call(calls.activeCommunity, { days: 30, limit: 8 }, quiet),
  });
  const rows = q.data ?? [];
  const option = useMemo(
    () =>
      hBarOption(
        rows.map((r) => r.name),
        [{ name: "动态数", data: rows.map((r) => r.log_num) }],
      ),
    [rows],
  );
  return (
    <Section title="活跃社区" extra={<span className="ykf-note">近 30 天社区动态</span>} testId="home-active-communities">
      {q.isLoading ? <Skeleton active /> : rows.length ? <EChart option={option} height={300} testId="active-community-chart" /> : <Empty />}
    </Section>
  );
}

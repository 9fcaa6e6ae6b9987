/**
 * 备课统计 (c247 preparationStatistics): totals, preparations by month (the last 12), by subject, by phase and by
 * verify status, in ECharts.
 */
import { useQuery } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import { Spin } from "antd";
import { useMemo } from "react";
import { EChart, type EChartOption } from "../../components/EChart";
import { EmptyState } from "../../components/EmptyState";
import { monthLabels, phaseSlices, prepCall, statusSlices } from "./prepare-common";

const pie = (data: { name: string; value: number }[]): EChartOption => ({
  tooltip: { trigger: "item", formatter: "{b}：{c}（{d}%）" },
  legend: { bottom: 0 },
  series: [{ type: "pie", radius: ["40%", "66%"], center: ["50%", "44%"], label: { formatter: "{b} {c}" }, data }],
});

export function PrepareStats({ communityId }: { communityId: number }) {
  const q = useQuery({
    staleTime: 0,
    queryKey: ["prepare", "stats", communityId],
    queryFn: () => prepCall(calls.preparationStatistics, { community_id: communityId }),
  });
  const s = q.data;
  const options = useMemo(() => {
    if (!s) return null;
    const month: EChartOption = {
      tooltip: { trigger: "axis" },
      grid: { left: 40, right: 16, top: 24, bottom: 56 },
      xAxis: { type: "category", data: monthLabels(s.months), axisLabel: { interval: 0, rotate: 40 } },
      yAxis: { type: "value", minInterval: 1 },
      series: [{ type: "bar", name: "集体备课", data: s.months.map((m) => m.count), barMaxWidth: 28 }],
    };
    const subjects = [...s.subjects].sort((a, b) => b.count - a.count);
    const subject: EChartOption = {
      tooltip: { trigger: "axis" },
      grid: { left: 72, right: 24, top: 16, bottom: 24 },
      xAxis: { type: "value", minInterval: 1 },
      yAxis: { type: "category", data: subjects.map((x) => x.subject_name || "未设置").reverse() },
      series: [{ type: "bar", name: "集体备课", data: subjects.map((x) => x.count).reverse(), barMaxWidth: 22 }],
    };
    return { month, subject, phase: pie(phaseSlices(s)), status: pie(statusSlices(s)) };
  }, [s]);
  if (q.isLoading) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  if (q.error || !s || !options) return <EmptyState text={q.error ? "统计加载失败" : "暂无数据"} />;
  const t = s.totals;
  const cards: [string, number][] = [
    ["集体备课", t.count],
    ["进行中", t.running],
    ["参与教师", t.participants],
    ["教案", t.plans],
    ["教案版本", t.versions],
    ["研讨", t.messages],
    ["备课文件", t.files],
    ["点赞", t.likes],
  ];
  return (
    <div data-testid="prep-stats">
      <div className="yk-muted" style={{ marginBottom: 8, fontSize: 12 }}>
        统计范围：{s.scope_name}
      </div>
      <div className="yk-prep-stat-cards">
        {cards.map(([label, n]) => (
          <div key={label} className="yk-prep-stat" data-testid="prep-stat">
            <b>{n}</b>
            <span>{label}</span>
          </div>
        ))}
      </div>
      <div className="yk-prep-charts">
        <div className="yk-prep-chart">
          <h4>按月统计（近 12 个月）</h4>
          <EChart option={options.month} height={260} testId="prep-chart-month" />
        </div>
        <div className="yk-prep-chart">
          <h4>按学科统计</h4>
          {s.subjects.length ? <EChart option={options.subject} height={260} testId="prep-chart-subject" /> : <EmptyState compact />}
        </div>
        <div className="yk-prep-chart">
          <h4>按阶段统计</h4>
          {t.count ? <EChart option={options.phase} height={260} testId="prep-chart-phase" /> : <EmptyState compact />}
        </div>
        <div className="yk-prep-chart">
          <h4>按审核状态统计</h4>
          {statusSlices(s).length ? <EChart option={options.status} height={260} testId="prep-chart-status" /> : <EmptyState compact />}
        </div>
      </div>
    </div>
  );
}

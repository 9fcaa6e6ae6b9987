/**
 * 听评课统计 (c281 listenEvaluateStatistics): totals, records by month, by type and by subject (with the subject's
 * average score), in ECharts.
 */
import { useQuery } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import { Spin } from "antd";
import { useMemo } from "react";
import { EChart, type EChartOption } from "../../components/EChart";
import { EmptyState } from "../../components/EmptyState";
import { formatScore, listenCall } from "./listen-common";

export function ListenStats({ communityId }: { communityId: number }) {
  const q = useQuery({
    staleTime: 0,
    queryKey: ["listen", "stats", communityId],
    queryFn: () => listenCall(calls.listenEvaluateStatistics, { community_id: communityId }),
  });
  const s = q.data;
  const options = useMemo(() => {
    if (!s) return null;
    const month: EChartOption = {
      tooltip: { trigger: "axis" },
      grid: { left: 40, right: 16, top: 24, bottom: 56 },
      xAxis: { type: "category", data: s.months.map((m) => m.month), axisLabel: { interval: 0, rotate: 40 } },
      yAxis: { type: "value", minInterval: 1 },
      series: [{ type: "bar", name: "听评课", data: s.months.map((m) => m.count), barMaxWidth: 28 }],
    };
    const type: EChartOption = {
      tooltip: { trigger: "item", formatter: "{b}：{c}（{d}%）" },
      legend: { bottom: 0 },
      series: [
        {
          type: "pie",
          radius: ["40%", "66%"],
          center: ["50%", "44%"],
          label: { formatter: "{b} {c}" },
          data: s.types.map((t) => ({ name: t.name, value: t.count })),
        },
      ],
    };
    const subjects = [...s.subjects].sort((a, b) => b.count - a.count);
    const subject: EChartOption = {
      tooltip: { trigger: "axis" },
      legend: { bottom: 0 },
      grid: { left: 72, right: 24, top: 16, bottom: 40 },
      xAxis: { type: "value", minInterval: 1 },
      yAxis: { type: "category", data: subjects.map((x) => x.subject_name || "未设置").reverse() },
      series: [
        { type: "bar", name: "听评课", data: subjects.map((x) => x.count).reverse(), barMaxWidth: 18 },
        {
          type: "bar",
          name: "平均分",
          data: subjects.map((x) => (x.average_score === null ? 0 : Math.round(x.average_score * 100) / 100)).reverse(),
          barMaxWidth: 18,
        },
      ],
    };
    return { month, type, subject };
  }, [s]);
  if (q.isLoading) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  if (q.error || !s || !options) return <EmptyState text={q.error ? "统计加载失败" : "暂无数据"} />;
  const t = s.totals;
  const cards: [string, string | number][] = [
    ["听评课", t.count],
    ["评价", t.evaluations],
    ["已提交评分", t.submitted],
    ["平均分", formatScore(t.average_score)],
    ["研讨", t.messages],
    ["文件", t.files],
    ["语音点评", t.voices],
  ];
  return (
    <div data-testid="listen-stats">
      <div className="yk-muted" style={{ marginBottom: 8, fontSize: 12 }}>
        统计范围：{s.scope_name}
      </div>
      <div className="yk-prep-stat-cards">
        {cards.map(([label, n]) => (
          <div key={label} className="yk-prep-stat" data-testid="listen-stat">
            <b>{n}</b>
            <span>{label}</span>
          </div>
        ))}
      </div>
      <div className="yk-prep-charts">
        <div className="yk-prep-chart">
          <h4>按月统计</h4>
          {s.months.length ? <EChart option={options.month} height={260} testId="listen-chart-month" /> : <EmptyState compact />}
        </div>
        <div className="yk-prep-chart">
          <h4>按类型统计</h4>
          {s.types.some((x) => x.count) ? <EChart option={options.type} height={260} testId="listen-chart-type" /> : <EmptyState compact />}
        </div>
        <div className="yk-prep-chart">
          <h4>按学科统计</h4>
          {s.subjects.length ? <EChart option={options.subject} height={260} testId="listen-chart-subject" /> : <EmptyState compact />}
        </div>
      </div>
    </div>
  );
}

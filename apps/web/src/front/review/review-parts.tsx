/**
 * Parts of the review-activity pages (#11) shared by the front site and 资源中心 → 评课活动: phase badge and steps,
 * the indicator scheme table, the score bar chart and radar.
 */
import { RadarChart } from "echarts/charts";
import { RadarComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { REVIEW_PHASE_NAMES, type ListenSchemeNode, type ReviewActivityRow, type ReviewItemMean, type ReviewResultRow } from "@yanke/protocol";
import { Steps, Table, Tag } from "antd";
import { EChart } from "../../components/EChart";
import "./review.css";

echarts.use([RadarChart, RadarComponent]);

export const PHASE_COLORS: Readonly<Record<number, string>> = { 0: "#94a3b8", 1: "#2563eb", 2: "#0d9488", 3: "#d97706", 4: "#7c3aed" };

export function PhaseBadge({ phase, inline = false }: { phase: number; inline?: boolean }) {
  const name = REVIEW_PHASE_NAMES[phase] ?? "";
  if (inline)
    return (
      <Tag color={PHASE_COLORS[phase]} data-testid="phase-tag">
        {name}
      </Tag>
    );
  return (
    <span className="ykr-badge" style={{ background: PHASE_COLORS[phase] }} data-testid="phase-badge">
      {name}
    </span>
  );
}

/** "2026-11-01" of "2026-11-01 00:00:00" ("" stays ""). */
export const day = (t: string): string => (t ? t.slice(0, 10) : "");
export const range = (a: string, b: string): string => (a || b ? `${day(a) || "—"} 至 ${day(b) || "—"}` : "待定");

/** The four public phases with their planned dates. */
export function PhaseSteps({ a, size = "default" }: { a: ReviewActivityRow; size?: "default" | "small" }) {
  const current = Math.max(0, a.phase - 1);
  const items = [
    { title: "报名", description: range(a.signup_start, a.signup_end) },
    { title: "提交作品", description: a.submit_end ? `截止 ${day(a.submit_end)}` : "待定" },
    { title: "评审", description: a.review_end ? `截止 ${day(a.review_end)}` : "待定" },
    { title: "结果公示", description: a.phase === 4 ? "已公示" : "评审结束后" },
  ];
  return (
    <div className="ykr-steps" data-testid="phase-steps">
      <Steps size={size} current={current} status={a.phase === 0 ? "wait" : a.phase === 4 ? "finish" : "process"} items={items} />
    </div>
  );
}

/** The scheme: dimension, item, weight, range. */
export function SchemeTable({ scheme }: { scheme: ListenSchemeNode | null }) {
  const rows = (scheme?.children ?? []).flatMap((d) =>
    d.children.map((it, i) => ({
      key: it.id,
      dim: d.name,
      dimWeight: d.weight,
      span: i === 0 ? d.children.length : 0,
      name: it.name,
      description: it.description,
      weight: it.weight,
      range: `${it.min_score}–${it.max_score}`,
    })),
  );
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 560 }}
      data-testid="scheme-table"
      columns={[
        { title: "维度", dataIndex: "dim", width: 140, onCell: (r) => ({ rowSpan: r.span }), render: (v: string, r) => `${v}（${r.dimWeight}%）` },
        { title: "评分项", dataIndex: "name", render: (v: string, r) => (r.description ? <span title={r.description}>{v}</span> : v) },
        { title: "权重", dataIndex: "weight", width: 80, render: (v: number) => `${v}%` },
        { title: "分值范围", dataIndex: "range", width: 100 },
      ]}
    />
  );
}

/** Mean totals of the ranked works. */
export function ScoreBarChart({ list, height = 300 }: { list: ReviewResultRow[]; height?: number }) {
  const rows = list.filter((r) => r.score !== null);
  return (
    <EChart
      testId="result-chart"
      height={height}
      option={{
        tooltip: { trigger: "axis" },
        grid: { left: 48, right: 16, top: 24, bottom: 64 },
        xAxis: {
          type: "category",
          data: rows.map((r) => `${r.account_name}\n${r.title.length > 8 ? `${r.title.slice(0, 8)}…` : r.title}`),
          axisLabel: { interval: 0, fontSize: 11 },
        },
        yAxis: { type: "value", min: 0, max: 100, name: "平均分" },
        series: [{ type: "bar", barMaxWidth: 40, data: rows.map((r) => r.score), label: { show: true, position: "top" } }],
      }}
    />
  );
}

/** Per-item means as a radar (each axis to its max score). */
export function ItemRadar({ items, height = 300 }: { items: ReviewItemMean[]; height?: number }) {
  // Long item names around a full-width radar would be cut at phone widths.
  const narrow = typeof window !== "undefined" && window.innerWidth < 600;
  return (
    <EChart
      testId="item-radar"
      height={height}
      option={{
        tooltip: {},
        radar: {
          indicator: items.map((i) => ({ name: i.name, max: i.max_score, min: i.min_score })),
          radius: narrow ? "46%" : "62%",
          axisName: { fontSize: narrow ? 10 : 11, color: "#374151" },
        },
        series: [{ type: "radar", areaStyle: { opacity: 0.25 }, data: [{ name: "各项平均分", value: items.map((i) => i.mean ?? 0) }] }],
      }}
    />
  );
}

/** A cover image (lazy) or the title on a gradient. */
export function Cover({ url, title, children }: { url: string; title: string; children?: React.ReactNode }) {
  return (
    <div className="ykr-cover">
      {url ? <img src={url} alt={title} loading="lazy" /> : <div className="ykr-cover-fallback">{title}</div>}
      {children}
    </div>
  );
}

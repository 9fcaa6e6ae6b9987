import { useQuery } from "@tanstack/react-query";
import { calls, type BaseVideoAnswer } from "@yanke/protocol";
import { Card, Col, Empty, Row, Statistic } from "antd";
import { LineChart } from "echarts/charts";
import * as echarts from "echarts/core";
import { useMemo } from "react";
import { call } from "../api/client";
import { EChart, type EChartOption } from "../components/EChart";
import { useAppState } from "../session/store";

// The shared wrapper registers bar and pie charts; the daily trend is a line as well.
echarts.use([LineChart]);

/** Days the dashboard looks back. */
export const BASE_VIDEO_DAYS = 30;

export const BASE_VIDEO_TOTALS: { key: keyof BaseVideoAnswer["totals"]; title: string }[] = [
  { key: "videos", title: "视频" },
  { key: "recordings", title: "录制" },
  { key: "minutes", title: "时长(分钟)" },
  { key: "devices", title: "设备" },
  { key: "live_devices", title: "直播中" },
];

function daysOption(days: BaseVideoAnswer["days"]): EChartOption {
  return {
    tooltip: { trigger: "axis" },
    legend: { top: 0, data: ["视频", "录制", "时长(分钟)"] },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: "category", data: days.map((d) => d.date.slice(5)), axisTick: { alignWithLabel: true } },
    yAxis: [
      { type: "value", name: "个数", minInterval: 1 },
      { type: "value", name: "分钟", minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: "视频", type: "bar", barMaxWidth: 14, data: days.map((d) => d.videos) },
      { name: "录制", type: "bar", barMaxWidth: 14, data: days.map((d) => d.recordings) },
      { name: "时长(分钟)", type: "line", yAxisIndex: 1, smooth: true, symbolSize: 5, data: days.map((d) => d.minutes) },
    ],
  };
}

function schoolsOption(schools: BaseVideoAnswer["schools"]): EChartOption {
  const top = schools.slice(0, 10).reverse();
  return {
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (p: unknown) => {
        const i = (p as { dataIndex: number }[])[0]?.dataIndex ?? 0;
        const s = top[i];
        return s ? `${s.school_name || "未知学校"}<br/>时长：${s.minutes} 分钟<br/>视频：${s.videos} 个<br/>录制：${s.recordings} 次` : "";
      },
    },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: "value", minInterval: 1 },
    yAxis: { type: "category", data: top.map((s) => s.school_name || "未知学校"), axisLabel: { width: 96, overflow: "truncate" } },
    series: [{ name: "时长(分钟)", type: "bar", barMaxWidth: 18, data: top.map((s) => s.minutes), label: { show: true, position: "right" } }],
  };
}

/**
 * 视频概况 on the administration home (c059 /middle/board/baseVideo): totals, the last 30 days and the schools by
 * minutes. The home shows it to users who manage schools (managesSchools); a refusal hides it without a message.
 * Loaded on its own (ECharts stays out of the home's chunk for teachers).
 */
export function BaseVideoCard() {
  const session = useAppState((s) => s.session);
  const enabled = session.token !== "";
  const q = useQuery({
    queryKey: ["baseVideo", session.account_id, BASE_VIDEO_DAYS],
    queryFn: () => call(calls.baseVideo, { days: BASE_VIDEO_DAYS }, { quiet: true }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
  const days = useMemo(() => daysOption(q.data?.days ?? []), [q.data?.days]);
  const schools = useMemo(() => schoolsOption(q.data?.schools ?? []), [q.data?.schools]);
  if (!enabled || q.isError) return null;
  const data = q.data;
  return (
    <Card
      title="视频概况"
      variant="borderless"
      loading={q.isLoading}
      data-testid="base-video-card"
      extra={<span className="yk-muted">近 {BASE_VIDEO_DAYS} 天</span>}
    >
      {data ? (
        <>
          <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(140px, 1fr))", gap: 12, marginBottom: 16 }}>
            {BASE_VIDEO_TOTALS.map((t) => (
              <Card key={t.key} size="small" style={{ background: "#f7faf9" }} data-testid={`base-video-${t.key}`} data-value={data.totals[t.key]}>
                <Statistic title={t.title} value={data.totals[t.key]} />
              </Card>
            ))}
          </div>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={15}>
              <div className="yk-muted" style={{ marginBottom: 4 }}>
                每日视频与录制
              </div>
              <EChart option={days} height={280} testId="base-video-days" />
            </Col>
            <Col xs={24} xl={9}>
              <div className="yk-muted" style={{ marginBottom: 4 }}>
                各校视频时长（分钟）
              </div>
              {data.schools.length ? (
                <EChart option={schools} height={280} testId="base-video-schools" />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无学校数据" />
              )}
            </Col>
          </Row>
        </>
      ) : null}
    </Card>
  );
}

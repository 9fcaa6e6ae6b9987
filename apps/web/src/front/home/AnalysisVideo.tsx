/**
 * /foreground/AIAnalysisCourseVideo?id= (lazy, with its charts): a published AI-analysed lesson — the video, the key
 * figures (Rt, Ch, teaching mode, talk shares, questions, score), the S-T curve and the talk shares as charts, and a
 * link to the public report /reportSecond?id= (#10). Reads the public calls c151, c144 and c136.
 */
import { useQuery } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import { LineChart } from "echarts/charts";
import * as echarts from "echarts/core";
import { Link } from "react-router";
import { call } from "../../api/client";
import { EChart, type EChartOption } from "../../components/EChart";
import { day, duration, Empty, Loading, PageHead, quiet, Section } from "./parts";

echarts.use([LineChart]);

const pct = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${Math.round(v * 100)}%`);
const fix = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toFixed(2));

export default function AnalysisVideo({ id }: { id: number }) {
  const info = useQuery({
    queryKey: ["front", "analysis", "info", id],
    enabled: id > 0,
    retry: false,
    queryFn: () => call(calls.courseInfo, { id }, quiet),
  });
  const lite = useQuery({
    queryKey: ["front", "analysis", "lite", id],
    enabled: id > 0,
    retry: false,
    queryFn: () => call(calls.courseReportLite, { id }, quiet),
  });
  const report = useQuery({
    queryKey: ["front", "analysis", "report", id],
    enabled: id > 0,
    retry: false,
    queryFn: () => call(calls.courseReport, { id }, quiet),
  });
  if (info.isLoading) return <Loading rows={10} />;
  const c = info.data;
  if (!c)
    return (
      <div className="ykh-page" data-testid="AIAnalysisCourseVideoPage">
        <div className="ykh-panel">
          <Empty text="课例不存在或未公开" />
        </div>
      </div>
    );
  const l = lite.data;
  const st = report.data?.result?.st;
  const speech = report.data?.result?.speech;
  const figures = [
    { label: "教师占有率 Rt", value: fix(l?.rt ?? c.rt) },
    { label: "师生转换率 Ch", value: fix(l?.ch ?? c.ch) },
    { label: "教学模式", value: l?.mode ?? c.mode ?? "—" },
    { label: "教师话语", value: pct(l?.teacher_ratio) },
    { label: "学生话语", value: pct(l?.student_ratio) },
    { label: "提问数", value: l?.question_count ?? "—" },
    { label: "评分", value: l?.score_total !== null && l?.score_total !== undefined ? `${l.score_total}/${l.score_full ?? 100}` : "—" },
  ];
  const curve: EChartOption | null =
    st?.available && st.curve.length > 1
      ? {
          tooltip: { trigger: "axis" },
          grid: { left: 48, right: 16, top: 24, bottom: 40 },
          xAxis: { type: "value", name: "S", nameLocation: "middle", nameGap: 26, min: 0 },
          yAxis: { type: "value", name: "T", min: 0 },
          series: [{ type: "line", name: "S-T 曲线", showSymbol: false, data: st.curve, lineStyle: { width: 2 } }],
        }
      : null;
  const shares: EChartOption | null = speech?.available
    ? {
        tooltip: { trigger: "item", formatter: "{b}：{d}%" },
        legend: { bottom: 0 },
        series: [
          {
            type: "pie",
            radius: ["45%", "70%"],
            center: ["50%", "45%"],
            label: { formatter: "{b}\n{d}%" },
            data: [
              { name: "教师", value: Math.round(speech.teacher_seconds) },
              { name: "学生", value: Math.round(speech.student_seconds) },
              { name: "静默", value: Math.round(speech.silence_seconds) },
            ],
          },
        ],
      }
    : null;
  return (
    <div className="ykh-page" data-testid="AIAnalysisCourseVideoPage">
      <PageHead title={c.name} sub={[c.account_name, c.school_name, c.subject_name, c.grade_name].filter(Boolean).join(" · ")}>
        <Link className="ykh-btn-light" to={`/reportSecond?id=${c.id}`} data-testid="analysis-report-link">
          查看完整报告 ›
        </Link>
      </PageHead>
      <div className="ykh-film">
        <div className="ykh-film-stage">
          {c.video_url ? (
            <video src={c.video_url} controls playsInline preload="metadata" poster={c.cover_url || undefined} data-testid="analysis-video" />
          ) : (
            <Empty text="暂无可播放的视频" />
          )}
        </div>
        <aside className="ykh-film-info">
          <h2 className="ykh-film-h2">课堂分析摘要</h2>
          <div className="ykh-figures" data-testid="analysis-figures">
            {figures.map((f) => (
              <div key={f.label}>
                <b>{f.value}</b>
                <small>{f.label}</small>
              </div>
            ))}
          </div>
          <dl>
            <dt>时长</dt>
            <dd>{duration(c.duration)}</dd>
            <dt>完成于</dt>
            <dd>{day(c.finished_at) || "—"}</dd>
          </dl>
          {l?.unavailable.length ? <p className="ykh-note">未能计算：{l.unavailable.join("、")}</p> : null}
        </aside>
      </div>
      <div className="ykh-split even">
        <Section title="S-T 曲线">
          {curve ? <EChart option={curve} height={280} testId="analysis-st-chart" /> : <Empty text={st && !st.available ? st.reason : undefined} />}
        </Section>
        <Section title="师生话语占比">
          {shares ? (
            <EChart option={shares} height={280} testId="analysis-speech-chart" />
          ) : (
            <Empty text={speech && !speech.available ? speech.reason : undefined} />
          )}
        </Section>
      </div>
    </div>
  );
}

/**
 * The two dark big screens of issue #11:
 *   评课大屏 /foreground/classroomReview — c061 over the signed-in caller's scope (teachers and school administrators:
 *     their school; district: its schools; platform: all), range 近30天 / 近一年 / 全部;
 *   数据驾驶舱 /bigData — the public cockpit (aggregate counts only), ?region_code= or ?school_id= narrows it.
 * Both refetch every 60 s.
 */
import { useQuery } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import dayjs from "../../dayjs";
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { useToken } from "../../session/store";
import { darkBars, darkLines, darkPie } from "./portal-charts";
import { KpiTiles, Panel, PanelChart, RankList, ScreenShell, ScrollList } from "./screen-parts";

const REFRESH_MS = 60_000;
/** A lesson title in 《》 unless it already carries them. */
const booked = (name: string) => (name.startsWith("《") ? name : `《${name}》`);
const fmt = (n: number | null | undefined, digits = 1) => (n === null || n === undefined ? "—" : n.toFixed(digits));

type Range = "30d" | "1y" | "all";
const RANGES: Array<{ key: Range; label: string }> = [
  { key: "30d", label: "近30天" },
  { key: "1y", label: "近一年" },
  { key: "all", label: "全部" },
];

function rangePayload(r: Range): { start?: string; end?: string } {
  const today = dayjs();
  if (r === "30d") return { start: today.subtract(29, "day").format("YYYY-MM-DD"), end: today.format("YYYY-MM-DD") };
  if (r === "1y") return { start: today.subtract(1, "year").add(1, "day").format("YYYY-MM-DD"), end: today.format("YYYY-MM-DD") };
  return {};
}

/** 评课大屏 (c061). */
export function ClassroomReviewScreen() {
  const signedIn = useToken() !== "";
  const [range, setRange] = useState<Range>("30d");
  const q = useQuery({
    queryKey: ["portal", "evaluationScreen", range],
    queryFn: () => call(calls.evaluationScreen, rangePayload(range), { quiet: true }),
    enabled: signedIn,
    refetchInterval: REFRESH_MS,
  });
  const d = q.data;
  const charts = useMemo(() => {
    if (!d) return null;
    const labels = d.trend.points.map((p) => (d.trend.unit === "day" ? p.date.slice(5) : `${p.date.slice(5)}周`));
    return {
      trend: darkLines(labels, [
        { name: "听评课", data: d.trend.points.map((p) => p.records) },
        { name: "提交评价", data: d.trend.points.map((p) => p.evaluations) },
      ]),
      subject: darkPie(d.by_subject.map((s) => ({ name: s.name, value: s.records }))),
      school: darkBars(
        d.by_school.slice(0, 8).map((s) => s.name),
        [
          { name: "听评课", data: d.by_school.slice(0, 8).map((s) => s.records) },
          { name: "评价", data: d.by_school.slice(0, 8).map((s) => s.evaluations) },
        ],
        true,
      ),
      scores: darkBars(
        d.score_distribution.map((b) => b.label),
        [{ name: "评价数", data: d.score_distribution.map((b) => b.count) }],
      ),
      modes: darkPie(d.analysis.modes.filter((m) => m.count > 0).map((m) => ({ name: m.mode, value: m.count }))),
    };
  }, [d]);

  if (!signedIn)
    return (
      <ScreenShell title="听评课数据大屏" testId="review-screen">
        <div className="yks-login">
          <div>评课大屏展示本校（或管理范围内）的听评课数据，请登录后查看。</div>
          <Link className="yks-btn" to="/login">
            去登录
          </Link>
        </div>
      </ScreenShell>
    );
  const t = d?.totals;
  return (
    <ScreenShell
      title="听评课数据大屏"
      testId="review-screen"
      left={<span data-testid="screen-scope">{d ? `范围：${d.scope.label || "本校"}` : ""}</span>}
      right={RANGES.map((r) => (
        <button key={r.key} type="button" className={`yks-btn${range === r.key ? " on" : ""}`} aria-pressed={range === r.key} onClick={() => setRange(r.key)}>
          {r.label}
        </button>
      ))}
    >
      {q.isError ? <div className="yks-empty">{(q.error as Error).message || "数据加载失败"}</div> : null}
      <KpiTiles
        testId="screen-kpis"
        items={[
          { key: "records", title: "听评课总数", value: t?.records, unit: "节" },
          { key: "remote", title: "远程听评课", value: t?.remote },
          { key: "precise", title: "精准听评课", value: t?.precise },
          { key: "onsite", title: "现场听评课", value: t?.onsite },
          { key: "evaluations", title: "提交评价", value: t?.evaluations, unit: "份" },
          { key: "participants", title: "参与人数", value: t?.participants, unit: "人" },
          { key: "teachers", title: "被评教师", value: t?.teachers_evaluated, unit: "人" },
          { key: "mean", title: "平均得分", value: t ? fmt(t.mean_score) : undefined, unit: "分" },
        ]}
      />
      <div className="yks-grid">
        <div className="yks-col">
          <Panel title="学科分布" extra="听评课节数">
            {charts ? <PanelChart option={charts.subject} empty={!d?.by_subject.length} testId="chart-subject" /> : null}
          </Panel>
          <Panel title="评分分布" extra="指标评分的总分">
            {charts ? <PanelChart option={charts.scores} empty={!d?.score_distribution.some((b) => b.count)} testId="chart-scores" /> : null}
          </Panel>
          <Panel title="评课活动" grow={0}>
            <div className="yks-mini" data-testid="screen-review">
              <div>
                <b>{d?.review.activities ?? "—"}</b>
                <span>评课活动</span>
              </div>
              <div>
                <b>{d?.review.works ?? "—"}</b>
                <span>提交作品</span>
              </div>
              <div>
                <b>{d?.review.scored_works ?? "—"}</b>
                <span>已评作品</span>
              </div>
              <div>
                <b>{d ? fmt(d.review.mean_score) : "—"}</b>
                <span>作品平均分</span>
              </div>
            </div>
          </Panel>
        </div>
        <div className="yks-col">
          <Panel title="听评课趋势" extra={d ? (d.trend.unit === "day" ? "按日" : "按周") : undefined} grow={1.2}>
            {charts ? <PanelChart option={charts.trend} testId="chart-trend" /> : null}
          </Panel>
          <Panel title="学校排行">{charts ? <PanelChart option={charts.school} empty={!d?.by_school.length} testId="chart-school" /> : null}</Panel>
          <Panel title="AI 课堂分析" grow={0.8} extra={d ? `已分析 ${d.analysis.analysed} 节 · 公开 ${d.analysis.published} 节` : undefined}>
            {charts ? <PanelChart option={charts.modes} empty={!d?.analysis.modes.some((m) => m.count)} testId="chart-modes" /> : null}
          </Panel>
        </div>
        <div className="yks-col">
          <Panel title="最新评价" grow={1.4}>
            <ScrollList
              testId="screen-latest"
              rows={(d?.latest ?? []).map((l) => ({
                key: l.evaluation_id,
                main: `${l.evaluator} 评价了${booked(l.record_name)}`,
                side: l.score === null ? "已评议" : `${fmt(l.score)} 分`,
                sub: `${l.teacher} · ${[l.school_name, l.subject_name].filter(Boolean).join(" · ")} · ${l.time}`,
              }))}
            />
          </Panel>
          <Panel title="被评教师排行" extra="收到评价数">
            <RankList
              testId="screen-top-teachers"
              rows={(d?.top_teachers ?? [])
                .slice(0, 6)
                .map((p) => ({ key: p.account_id, name: `${p.realname}（${p.school_name}）`, value: `${p.evaluations} 份` }))}
            />
          </Panel>
          <Panel title="活跃评课人" extra="提交评价数">
            <RankList
              rows={(d?.top_evaluators ?? [])
                .slice(0, 6)
                .map((p) => ({ key: p.account_id, name: `${p.realname}（${p.school_name}）`, value: `${p.evaluations} 份` }))}
            />
          </Panel>
        </div>
      </div>
    </ScreenShell>
  );
}

/** 数据驾驶舱 (public). */
export function BigDataScreen() {
  const [params] = useSearchParams();
  const schoolId = Number(params.get("school_id")) || undefined;
  const regionCode = params.get("region_code") || undefined;
  const q = useQuery({
    queryKey: ["portal", "bigData", schoolId, regionCode],
    queryFn: () => call(calls.bigData, { school_id: schoolId, region_code: regionCode }, { quiet: true }),
    refetchInterval: REFRESH_MS,
  });
  const d = q.data;
  const charts = useMemo(() => {
    if (!d) return null;
    const ranked = d.school_rank.slice(0, 8);
    return {
      months: darkLines(
        d.months.map((m) => `${Number(m.month.slice(5))}月`),
        [
          { name: "视频", data: d.months.map((m) => m.videos) },
          { name: "AI分析", data: d.months.map((m) => m.analysed) },
          { name: "听评课", data: d.months.map((m) => m.listen_records) },
          { name: "评价", data: d.months.map((m) => m.evaluations) },
        ],
      ),
      schools: darkBars(
        ranked.map((s) => s.name),
        [
          { name: "视频", data: ranked.map((s) => s.videos) },
          { name: "AI分析", data: ranked.map((s) => s.analysed) },
          { name: "听评课", data: ranked.map((s) => s.listen_records) },
        ],
        true,
      ),
      subjects: darkPie(d.by_subject.slice(0, 10).map((s) => ({ name: s.name, value: s.count }))),
      modes: darkPie(d.modes.filter((m) => m.count > 0).map((m) => ({ name: m.mode, value: m.count }))),
      devices: darkPie(
        [
          { name: "在线", value: d.kpi.devices_online },
          { name: "离线", value: d.kpi.devices - d.kpi.devices_online },
        ],
        false,
      ),
      regions: darkBars(
        d.region_rank.slice(0, 8).map((r) => r.name),
        [{ name: "活跃度", data: d.region_rank.slice(0, 8).map((r) => r.total) }],
        true,
      ),
    };
  }, [d]);
  const k = d?.kpi;
  return (
    <ScreenShell title="教研数据驾驶舱" testId="bigdata-screen" left={<span data-testid="screen-scope">{d ? `范围：${d.scope.label}` : ""}</span>}>
      {q.isError ? <div className="yks-empty">{(q.error as Error).message || "数据加载失败"}</div> : null}
      <KpiTiles
        testId="bigdata-kpis"
        items={[
          { key: "schools", title: "学校", value: k?.schools, unit: "所" },
          { key: "teachers", title: "教师", value: k?.teachers, unit: "人" },
          { key: "devices", title: "录播设备", value: k?.devices, unit: "台" },
          { key: "online", title: "在线设备", value: k?.devices_online, unit: "台" },
          { key: "recordings", title: "录制课堂", value: k?.recordings, unit: "节" },
          { key: "videos", title: "课堂视频", value: k?.videos, unit: "个" },
          { key: "analysed", title: "AI 分析", value: k?.analysed, unit: "节" },
          { key: "listen", title: "听评课", value: k?.listen_records, unit: "节" },
          { key: "evaluations", title: "评价", value: k?.evaluations, unit: "份" },
          { key: "resources", title: "发布资源", value: k?.resources, unit: "个" },
        ]}
      />
      <div className="yks-grid">
        <div className="yks-col">
          <Panel title="学科分布" extra="视频、分析与听评课">
            {charts ? <PanelChart option={charts.subjects} empty={!d?.by_subject.length} testId="chart-subjects" /> : null}
          </Panel>
          <Panel title="设备在线" extra={k ? `${k.devices_online} / ${k.devices}` : undefined}>
            {charts ? <PanelChart option={charts.devices} empty={!k?.devices} testId="chart-devices" /> : null}
          </Panel>
        </div>
        <div className="yks-col">
          <Panel title="近12个月教研活动" grow={1.3}>
            {charts ? <PanelChart option={charts.months} testId="chart-months" /> : null}
          </Panel>
          <Panel title="学校活跃度排行">{charts ? <PanelChart option={charts.schools} empty={!d?.school_rank.length} testId="chart-schools" /> : null}</Panel>
        </div>
        <div className="yks-col">
          <Panel title="AI 课堂教学模式" extra="S-T 分析">
            {charts ? <PanelChart option={charts.modes} empty={!d?.modes.some((m) => m.count)} testId="chart-modes" /> : null}
          </Panel>
          {d?.region_rank.length ? <Panel title="区域活跃度">{charts ? <PanelChart option={charts.regions} testId="chart-regions" /> : null}</Panel> : null}
          <Panel title="听评课与资源" grow={0}>
            <div className="yks-mini" data-testid="bigdata-mini">
              <div>
                <b>{k ? (k.listen_records ? `${Math.round((k.evaluated / k.listen_records) * 100)}%` : "—") : "—"}</b>
                <span>听评课评价率</span>
              </div>
              <div>
                <b>{k?.evaluated ?? "—"}</b>
                <span>已有评价的听评课</span>
              </div>
              <div>
                <b>{k ? (k.listen_records ? (k.evaluations / k.listen_records).toFixed(1) : "—") : "—"}</b>
                <span>每节平均评价</span>
              </div>
              <div>
                <b>{k ? (k.teachers ? (k.videos / k.teachers).toFixed(2) : "—") : "—"}</b>
                <span>人均课堂视频</span>
              </div>
            </div>
          </Panel>
        </div>
      </div>
    </ScreenShell>
  );
}

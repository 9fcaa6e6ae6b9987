/**
 * /charts: lessons side by side (?ids=1,2,3) or a teacher's analysed lessons (?account_id=). Rt-Ch scatter of all
 * (the mode regions drawn; a point opens its report), talk shares, questions and dialogue depth, score totals, and a
 * lesson picker from /research/course/index. Each lesson is read with getCourseReportLite (c144).
 */
import { useQueries, useQuery } from "@tanstack/react-query";
import type { AnalysisCourseRow, CourseReportLite } from "@yanke/protocol";
import { Alert, Card, Select, Spin, Table, Tag } from "antd";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { researchApi } from "../api";
import { Chart } from "./Chart";
import { S_COLOR, SILENCE_COLOR, T_COLOR, clock, groupedBarsOption, pct, rtChOption } from "./charts";
import { MAX_LESSONS, parseIds } from "./params";
import "./report.css";

export function ChartsPage() {
  const [params, setParams] = useSearchParams();
  const accountId = /^\d+$/.test(params.get("account_id") ?? "") ? Number(params.get("account_id")) : 0;
  const explicit = parseIds(params.get("ids"));

  // The lessons the caller may see, done (the picker, and a teacher's lessons for ?account_id=).
  const index = useQuery({
    queryKey: ["research", "index", "charts-picker"],
    retry: false,
    queryFn: () => researchApi.index({ scope: "all", status: 2, page: 1, limit: 100 }),
  });
  const rows: AnalysisCourseRow[] = index.data?.list ?? [];
  const ids = explicit.length
    ? explicit
    : accountId
      ? rows
          .filter((r) => r.account_id === accountId)
          .map((r) => r.id)
          .slice(0, MAX_LESSONS)
      : [];
  const teacher = accountId ? rows.find((r) => r.account_id === accountId)?.account_name : undefined;

  const lites = useQueries({
    queries: ids.map((id) => ({ queryKey: ["research", "lite", id], retry: false, queryFn: () => researchApi.reportLite(id) })),
  });
  const loaded: CourseReportLite[] = lites.flatMap((q) => (q.data ? [q.data] : []));
  const failed = lites.map((q, i) => (q.error ? `#${ids[i]}：${q.error.message}` : "")).filter(Boolean);
  const loading = lites.some((q) => q.isLoading) || (accountId > 0 && !explicit.length && index.isLoading);

  const names = loaded.map((l) => l.name);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids of the loaded reports name the input; `loaded` and `names` are new arrays on every render.
  const opts = useMemo(() => {
    const withSt = loaded.filter((l) => l.rt !== null && l.ch !== null);
    return {
      rtch: rtChOption([{ name: "课例", points: withSt.map((l) => ({ name: l.name, rt: l.rt!, ch: l.ch!, id: l.id })) }]),
      shares: groupedBarsOption(
        names,
        [
          { name: "教师话语", values: loaded.map((l) => l.teacher_ratio), color: T_COLOR },
          { name: "学生话语", values: loaded.map((l) => l.student_ratio), color: S_COLOR },
          { name: "沉默/其他", values: loaded.map((l) => l.silence_ratio), color: SILENCE_COLOR },
        ],
        { percent: true, stack: true },
      ),
      talk: groupedBarsOption(names, [
        { name: "提问次数", values: loaded.map((l) => l.question_count) },
        { name: "最大对话深度", values: loaded.map((l) => l.max_depth) },
      ]),
      score: groupedBarsOption(names, [
        { name: "已评得分", values: loaded.map((l) => l.score_total) },
        { name: "已评满分", values: loaded.map((l) => l.score_full) },
      ]),
      withSt: withSt.length,
    };
  }, [loaded.map((l) => l.id).join(",")]);

  const pick = (next: number[]) => {
    const p = new URLSearchParams();
    if (next.length) p.set("ids", next.join(","));
    setParams(p);
  };
  const options = rows.map((r) => ({ value: r.id, label: `${r.name}（${r.account_name}${r.mode ? ` · ${r.mode}` : ""}）` }));
  for (const l of loaded) if (!options.some((o) => o.value === l.id)) options.push({ value: l.id, label: l.name });

  return (
    <div className="yk-ar yk-report-printable" data-testid="analysis-charts">
      <div className="yk-ar-head">
        <h1 className="yk-ar-title">{teacher ? `${teacher}的课例对比分析` : "课例对比分析"}</h1>
        <div className="yk-ar-charts-bar yk-no-print">
          <span className="yk-ar-muted">选择课例（最多 {MAX_LESSONS} 节）</span>
          <Select
            mode="multiple"
            style={{ flex: 1, minWidth: 320 }}
            placeholder="选择已完成分析的课例"
            value={ids}
            loading={index.isLoading}
            options={options}
            optionFilterProp="label"
            maxCount={MAX_LESSONS}
            onChange={(v: number[]) => pick(v)}
            data-testid="charts-picker"
          />
        </div>
      </div>
      {failed.length ? <Alert type="warning" showIcon message="部分课例无法读取" description={failed.join("；")} /> : null}
      {!ids.length ? (
        <EmptyState text={accountId && !index.isLoading ? "该教师暂无已完成分析的课例" : "请选择要对比的课例"} />
      ) : loading && !loaded.length ? (
        <Spin style={{ display: "block", margin: "60px auto" }} />
      ) : (
        <>
          <div className="yk-ar-two">
            <Card size="small" className="yk-ar-card" title="Rt-Ch 教学模式（点击课例打开报告）">
              {opts.withSt ? (
                <Chart
                  option={opts.rtch}
                  height={360}
                  testId="charts-rtch"
                  onClick={(p) => {
                    const d = p.data as { id?: number } | null;
                    if (d?.id) window.open(`#/report?id=${d.id}`, "_blank");
                  }}
                />
              ) : (
                <Alert type="info" showIcon message="所选课例都没有 S-T 分析结果" />
              )}
            </Card>
            <Card size="small" className="yk-ar-card" title="师生话语占比">
              <Chart option={opts.shares} height={360} testId="charts-shares" />
            </Card>
          </div>
          <div className="yk-ar-two">
            <Card size="small" className="yk-ar-card" title="提问与对话深度">
              <Chart option={opts.talk} height={300} testId="charts-talk" />
            </Card>
            <Card size="small" className="yk-ar-card" title="指标评分">
              <Chart option={opts.score} height={300} testId="charts-score" />
            </Card>
          </div>
          <Card size="small" className="yk-ar-card" title="课例一览">
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={loaded}
              data-testid="charts-table"
              columns={[
                {
                  title: "课例",
                  dataIndex: "name",
                  render: (v: string, l) => (
                    <Link to={`/report?id=${l.id}`} target="_blank">
                      {v}
                    </Link>
                  ),
                },
                { title: "时长", dataIndex: "duration", width: 80, render: (v: number) => clock(v) },
                { title: "教学模式", dataIndex: "mode", width: 90, render: (v: string | null) => (v ? <Tag color="green">{v}</Tag> : "—") },
                { title: "Rt", dataIndex: "rt", width: 70, render: (v: number | null) => (v === null ? "—" : v.toFixed(2)) },
                { title: "Ch", dataIndex: "ch", width: 70, render: (v: number | null) => (v === null ? "—" : v.toFixed(2)) },
                { title: "教师话语", dataIndex: "teacher_ratio", width: 90, render: (v: number | null) => pct(v) },
                { title: "提问", dataIndex: "question_count", width: 70, render: (v: number | null) => v ?? "—" },
                { title: "最大深度", dataIndex: "max_depth", width: 80, render: (v: number | null) => v ?? "—" },
                {
                  title: "得分",
                  width: 100,
                  render: (_: unknown, l) => (l.score_total === null ? "—" : `${+l.score_total.toFixed(1)} / ${+(l.score_full ?? 0).toFixed(1)}`),
                },
                { title: "无法分析的项", dataIndex: "unavailable", render: (v: string[]) => (v?.length ? v.join("、") : "—") },
              ]}
            />
          </Card>
        </>
      )}
    </div>
  );
}

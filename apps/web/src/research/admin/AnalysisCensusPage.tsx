/**
 * 教研管理 → 分析统计 (/research/census): the census of the analysed lessons in the caller's scope (research-census.ts):
 * totals (countInfo), teaching modes (courseTypeCount), growth (courseAndContentInc), the Rt-Ch scatter with the mode
 * regions (rtch; a point opens its report), talk shares by group (oral), ranks, subjects (subject/all), the classroom
 * records (courseContent) and the grouped table (courseCensus). Filters: school in scope, subject, period, dates and
 * the grouping. Only finished lessons feed the metrics; every card says how many lacked the section it needs.
 */
import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LIDA_KINDS, LIDA_NAMES, type CensusCountInfo, type CensusGroupRow, type ResearchCensusPayload } from "@yanke/protocol";
import { Alert, Button, Card, Col, DatePicker, Row, Segmented, Select, Spin, Statistic, Table, Tag, Typography, type TableColumnsType } from "antd";
import type { Dayjs } from "../../dayjs";
import { useMemo, useState, type ReactNode } from "react";
import { FIRST_PAGE, tablePagination, useScreenTitle, type PageState } from "../../admin/common";
import { SchoolSelect, useAllSchools, usePeriods } from "../../admin/pickers";
import { EmptyState } from "../../components/EmptyState";
import { researchApi } from "../api";
import { openReport, percent, ratio } from "./admin-view";
import { CensusChart } from "./CensusChart";
import { growthOption, MODE_HEX, modesPieOption, oralOption, rankOption, rtchOption, subjectsOption } from "./census-charts";

type By = ResearchCensusPayload["by"];
const BY_OPTIONS: Array<{ value: By; label: string }> = [
  { value: "school", label: "按学校" },
  { value: "subject", label: "按学科" },
  { value: "teacher", label: "按教师" },
  { value: "grade", label: "按年级" },
  { value: "month", label: "按月份" },
];

interface Filters {
  school_id?: number;
  subject_id?: number;
  period_id?: number;
  range: [Dayjs | null, Dayjs | null] | null;
  by: By;
}
const BLANK: Filters = { range: null, by: "school" };

function payloadOf(f: Filters) {
  return {
    by: f.by,
    ...(f.school_id ? { school_id: f.school_id } : {}),
    ...(f.subject_id ? { subject_id: f.subject_id } : {}),
    ...(f.period_id ? { period_id: f.period_id } : {}),
    ...(f.range?.[0] ? { start_date: f.range[0].format("YYYY-MM-DD") } : {}),
    ...(f.range?.[1] ? { end_date: f.range[1].format("YYYY-MM-DD") } : {}),
  };
}

/** A card body for one census query: loading, failed (the reason), or the content. */
function Body<T>({
  q,
  children,
  height = 280,
}: {
  q: { isLoading: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (d: T) => ReactNode;
  height?: number;
}) {
  if (q.isLoading)
    return (
      <div style={{ height, display: "grid", placeItems: "center" }}>
        <Spin />
      </div>
    );
  if (q.isError || q.data === undefined) return <EmptyState compact text={`加载失败：${(q.error as { message?: string } | null)?.message ?? "请稍后重试"}`} />;
  return <>{children(q.data)}</>;
}

const missingNote = (n: number, what: string) =>
  n > 0 ? (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      另有 {n} 节已完成的课例{what}，未计入。
    </Typography.Text>
  ) : null;

export function AnalysisCensusPage() {
  const title = useScreenTitle("分析统计");
  const [draft, setDraft] = useState<Filters>(BLANK);
  const [filters, setFilters] = useState<Filters>(BLANK);
  const [rankBy, setRankBy] = useState<"teacher" | "school">("teacher");
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const schools = useAllSchools();
  const periods = usePeriods(draft.school_id);
  const p = useMemo(() => payloadOf(filters), [filters]);
  const key = (name: string, extra?: unknown) => ["research", "census", name, p, extra];
  const opts = { retry: false, placeholderData: keepPreviousData } as const;

  const count = useQuery({ ...opts, queryKey: key("count"), queryFn: () => researchApi.censusCountInfo(p) });
  const types = useQuery({ ...opts, queryKey: key("types"), queryFn: () => researchApi.censusCourseTypeCount(p) });
  const inc = useQuery({ ...opts, queryKey: key("inc"), queryFn: () => researchApi.censusCourseAndContentInc(p) });
  const rtch = useQuery({
    ...opts,
    queryKey: key("rtch"),
    queryFn: () => researchApi.censusRtch({ ...p, limit: 300 }),
  });
  const oral = useQuery({ ...opts, queryKey: key("oral"), queryFn: () => researchApi.censusOral({ ...p, limit: 20 }) });
  const ranks = useQuery({ ...opts, queryKey: key("ranks", rankBy), queryFn: () => researchApi.censusRanks({ ...p, by: rankBy, limit: 10 }) });
  const content = useQuery({ ...opts, queryKey: key("content"), queryFn: () => researchApi.censusCourseContent(p) });
  const table = useQuery({
    ...opts,
    queryKey: key("table", paging),
    queryFn: () => researchApi.censusCourseCensus({ ...p, page: paging.page, limit: paging.limit }),
  });
  const subjects = useQuery({
    retry: false,
    queryKey: ["research", "census", "subjects", filters.school_id ?? 0, filters.period_id ?? 0],
    queryFn: () =>
      researchApi.subjects({
        ...(filters.school_id ? { school_id: filters.school_id } : {}),
        ...(filters.period_id ? { period_id: filters.period_id } : {}),
      }),
  });
  // The subject filter offers every subject with lessons in scope (merged over periods).
  const subjectRows = useMemo(() => {
    const m = new Map<number, { id: number; name: string; lessons: number; analysed: number }>();
    for (const s of Array.isArray(subjects.data) ? subjects.data : []) {
      const cur = m.get(s.subject_id) ?? { id: s.subject_id, name: s.subject_name || "未设置学科", lessons: 0, analysed: 0 };
      cur.lessons += s.lessons;
      cur.analysed += s.analysed;
      m.set(s.subject_id, cur);
    }
    return [...m.values()].sort((a, b) => b.lessons - a.lessons);
  }, [subjects.data]);

  const search = () => {
    setPaging(FIRST_PAGE);
    setFilters(draft);
  };
  const reset = () => {
    setDraft(BLANK);
    setFilters(BLANK);
    setPaging(FIRST_PAGE);
  };

  const byLabel = BY_OPTIONS.find((b) => b.value === filters.by)?.label.replace("按", "") ?? "";
  const tableColumns: TableColumnsType<CensusGroupRow> = [
    { title: byLabel, dataIndex: "name", ellipsis: true, width: 130, render: (v: string) => v || "未设置" },
    { title: "课例", dataIndex: "lessons", width: 70, align: "right" },
    { title: "已完成", dataIndex: "analysed", width: 76, align: "right" },
    { title: "进行中", dataIndex: "pending", width: 70, align: "right" },
    { title: "失败", dataIndex: "failed", width: 64, align: "right", render: (v: number) => (v ? <span style={{ color: "#cf1322" }}>{v}</span> : v) },
    { title: "平均 Rt", dataIndex: "mean_rt", width: 72, align: "right", render: (v: number | null) => ratio(v) },
    { title: "平均 Ch", dataIndex: "mean_ch", width: 72, align: "right", render: (v: number | null) => ratio(v) },
    {
      title: "教学模式",
      dataIndex: "modes",
      width: 180,
      render: (v: CensusGroupRow["modes"]) => {
        const shown = v.filter((m) => m.count > 0);
        return shown.length ? (
          shown.map((m) => (
            <Tag key={m.mode} bordered={false} color={MODE_HEX[m.mode]} style={{ marginBottom: 2 }}>
              {m.mode} {m.count}
            </Tag>
          ))
        ) : (
          <span className="yk-muted">—</span>
        );
      },
    },
    { title: "教师讲话", dataIndex: "mean_teacher_ratio", width: 80, align: "right", render: (v: number | null) => percent(v) },
    { title: "学生讲话", dataIndex: "mean_student_ratio", width: 80, align: "right", render: (v: number | null) => percent(v) },
    { title: "沉默", dataIndex: "mean_silence_ratio", width: 64, align: "right", render: (v: number | null) => percent(v) },
    {
      title: "平均得分",
      dataIndex: "mean_score",
      width: 80,
      align: "right",
      render: (v: number | null) => (v === null ? <span className="yk-muted">—</span> : v.toFixed(1)),
    },
  ];

  const cards = (c: CensusCountInfo): Array<{ key: string; label: string; value: number | null; color?: string; precision?: number; suffix?: string }> => [
    { key: "lessons", label: "课例总数", value: c.lessons },
    { key: "analysed", label: "已完成分析", value: c.analysed, color: "#1f6f5c" },
    { key: "pending", label: "排队/分析中", value: c.pending, color: "#1677ff" },
    { key: "failed", label: "分析失败", value: c.failed, color: c.failed ? "#cf1322" : undefined },
    { key: "teachers", label: "授课教师", value: c.teachers },
    { key: "schools", label: "学校", value: c.schools },
    { key: "hours", label: "已分析时长", value: c.hours, precision: 1, suffix: "小时" },
    { key: "mean_rt", label: "平均 Rt", value: c.mean_rt, precision: 2 },
    { key: "mean_ch", label: "平均 Ch", value: c.mean_ch, precision: 2 },
  ];

  return (
    <div className="yk-page" data-testid="analysis-census-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <div className="yk-filter-bar">
          {schools.length > 1 ? (
            <SchoolSelect
              testId="census-school"
              width={180}
              value={draft.school_id}
              onChange={(v) => setDraft((d) => ({ ...d, school_id: v, period_id: undefined }))}
            />
          ) : null}
          <Select
            allowClear
            placeholder="学段"
            value={draft.period_id}
            options={periods}
            onChange={(v?: number) => setDraft((d) => ({ ...d, period_id: v }))}
            style={{ width: 140 }}
            data-testid="census-period"
          />
          <Select
            allowClear
            placeholder="学科"
            value={draft.subject_id}
            options={subjectRows.filter((s) => s.id > 0).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(v?: number) => setDraft((d) => ({ ...d, subject_id: v }))}
            style={{ width: 120 }}
            data-testid="census-subject"
          />
          <DatePicker.RangePicker
            value={draft.range}
            onChange={(v) => setDraft((d) => ({ ...d, range: v as Filters["range"] }))}
            style={{ width: 240 }}
            data-testid="census-range"
          />
          <Select
            value={draft.by}
            options={BY_OPTIONS}
            onChange={(v: By) => setDraft((d) => ({ ...d, by: v }))}
            style={{ width: 110 }}
            data-testid="census-by"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="census-search">
            查询
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            重置
          </Button>
        </div>

        <div data-testid="census-totals" style={{ marginBottom: 16 }}>
          <Body q={count} height={80}>
            {(c) => (
              <>
                <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(112px, 1fr))", gap: 10 }}>
                  {cards(c).map((x) => (
                    <div
                      key={x.key}
                      data-testid={`census-total-${x.key}`}
                      data-value={x.value ?? ""}
                      style={{ padding: "8px 12px", borderRadius: 8, background: "#f5f8f7", border: "1px solid #e3ebe8" }}
                    >
                      {x.value === null ? (
                        <Statistic title={x.label} value="—" valueStyle={{ fontSize: 20 }} />
                      ) : (
                        <Statistic
                          title={x.label}
                          value={x.value}
                          precision={x.precision}
                          suffix={x.suffix ? <span style={{ fontSize: 13 }}>{x.suffix}</span> : undefined}
                          valueStyle={{ fontSize: 20, color: x.color }}
                        />
                      )}
                    </div>
                  ))}
                </div>
                <div style={{ marginTop: 6 }}>{missingNote(c.st_missing, "没有 S-T 分析结果（平均 Rt/Ch 与教学模式）")}</div>
              </>
            )}
          </Body>
        </div>

        <Row gutter={[16, 16]}>
          <Col xs={24} lg={9}>
            <Card size="small" title="教学模式分布" data-testid="census-modes">
              <Body q={types}>
                {(t) =>
                  t.analysed - t.st_missing > 0 ? (
                    <>
                      <CensusChart option={modesPieOption(t.modes)} height={280} testId="census-modes-chart" />
                      {missingNote(t.st_missing, "没有 S-T 分析结果")}
                    </>
                  ) : (
                    <EmptyState compact text="暂无已完成 S-T 分析的课例" />
                  )
                }
              </Body>
            </Card>
          </Col>
          <Col xs={24} lg={15}>
            <Card
              size="small"
              title="课例与课堂实录增长"
              data-testid="census-growth"
              extra={inc.data ? <span className="yk-muted">{inc.data.granularity === "day" ? "按日" : "按月"}</span> : null}
            >
              <Body q={inc}>
                {(g) =>
                  g.points.some((x) => x.lessons > 0 || x.lessons_total > 0) ? (
                    <CensusChart option={growthOption(g.points)} height={296} testId="census-growth-chart" />
                  ) : (
                    <EmptyState compact text="该时间段没有课例" />
                  )
                }
              </Body>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card
              size="small"
              title="Rt-Ch 图（教学模式区域）"
              data-testid="census-rtch"
              extra={
                rtch.data ? (
                  <span className="yk-muted" data-testid="census-rtch-total" data-value={rtch.data.total}>
                    {rtch.data.capped ? `显示最新 ${rtch.data.points.length} / ${rtch.data.total} 节` : `${rtch.data.total} 节`}
                  </span>
                ) : null
              }
            >
              <Body q={rtch}>
                {(r) =>
                  r.points.length ? (
                    <>
                      <CensusChart
                        option={rtchOption(r.points)}
                        height={340}
                        testId="census-rtch-chart"
                        onPointClick={(d) => {
                          const id = (d as { point?: { id?: number } } | undefined)?.point?.id;
                          if (id) openReport(id);
                        }}
                      />
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        练习型 Rt ≤ 0.3；讲授型 Rt ≥ 0.7；对话型 Ch ≥ 0.4；其余为混合型。点击课例查看报告。
                      </Typography.Text>
                      {missingNote(r.st_missing, "没有 S-T 分析结果")}
                    </>
                  ) : (
                    <EmptyState compact text="暂无已完成 S-T 分析的课例" />
                  )
                }
              </Body>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={`师生话语占比（${byLabel}）`} data-testid="census-oral">
              <Body q={oral}>
                {(o) =>
                  o.list.some((r) => r.teacher_ratio !== null) ? (
                    <>
                      <CensusChart option={oralOption(o.list.filter((r) => r.teacher_ratio !== null))} height={340} testId="census-oral-chart" />
                      {missingNote(
                        o.list.reduce((a, r) => a + r.speech_missing, 0),
                        "没有语音分析结果",
                      )}
                    </>
                  ) : (
                    <EmptyState compact text="暂无语音分析结果" />
                  )
                }
              </Body>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card
              size="small"
              title="排行"
              data-testid="census-ranks"
              extra={
                <Segmented
                  size="small"
                  value={rankBy}
                  onChange={(v) => setRankBy(v as "teacher" | "school")}
                  options={[
                    { value: "teacher", label: "教师" },
                    { value: "school", label: "学校" },
                  ]}
                />
              }
            >
              <Body q={ranks}>
                {(r) => (
                  <Row gutter={12}>
                    <Col span={12}>
                      <Typography.Text strong style={{ fontSize: 13 }}>
                        已完成分析课例数
                      </Typography.Text>
                      {r.by_analysed.length ? (
                        <CensusChart
                          option={rankOption(r.by_analysed, " 节", "#1f6f5c")}
                          height={Math.max(140, r.by_analysed.length * 28)}
                          testId="census-rank-analysed"
                        />
                      ) : (
                        <EmptyState compact text="暂无数据" />
                      )}
                    </Col>
                    <Col span={12}>
                      <Typography.Text strong style={{ fontSize: 13 }}>
                        平均得分（百分制）
                      </Typography.Text>
                      {r.by_score.length ? (
                        <CensusChart
                          option={rankOption(r.by_score, " 分", "#d4a017")}
                          height={Math.max(140, r.by_score.length * 28)}
                          testId="census-rank-score"
                        />
                      ) : (
                        <EmptyState compact text="暂无按评价量表评分的课例" />
                      )}
                    </Col>
                  </Row>
                )}
              </Body>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title="学科分布" data-testid="census-subjects">
              <Body q={{ ...subjects, data: subjects.data ? subjectRows : undefined }}>
                {(rows) =>
                  rows.length ? (
                    <CensusChart option={subjectsOption(rows)} height={Math.max(200, 260)} testId="census-subjects-chart" />
                  ) : (
                    <EmptyState compact text="暂无登记了学科的课例" />
                  )
                }
              </Body>
            </Card>
          </Col>
          <Col span={24}>
            <Card size="small" title="课堂实录与提问" data-testid="census-content">
              <Body q={content} height={80}>
                {(c) =>
                  c.analysed === 0 ? (
                    <EmptyState compact text="暂无已完成分析的课例" />
                  ) : (
                    <>
                      <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))", gap: 10 }}>
                        <Statistic
                          title="有实录的课例"
                          value={c.with_record}
                          suffix={<span style={{ fontSize: 13 }}>/ {c.analysed}</span>}
                          valueStyle={{ fontSize: 18 }}
                        />
                        <Statistic title="实录句数" value={c.lines} valueStyle={{ fontSize: 18 }} />
                        <Statistic title="教师 / 学生句数" value={`${c.teacher_lines} / ${c.student_lines}`} valueStyle={{ fontSize: 18 }} />
                        <Statistic title="提问数" value={c.questions} valueStyle={{ fontSize: 18 }} />
                        <Statistic title="开放性问题占比" value={percent(c.open_ratio)} valueStyle={{ fontSize: 18 }} />
                        <Statistic title="平均候答时间" value={c.mean_wait === null ? "—" : `${c.mean_wait.toFixed(1)} 秒`} valueStyle={{ fontSize: 18 }} />
                      </div>
                      <div style={{ marginTop: 10, display: "flex", flexWrap: "wrap", gap: 6, alignItems: "center" }}>
                        <span className="yk-muted" style={{ fontSize: 12 }}>
                          理答：
                        </span>
                        {LIDA_KINDS.map((k) => (
                          <Tag key={k} bordered={false}>
                            {LIDA_NAMES[k]} {c.lida[k] ?? 0}
                          </Tag>
                        ))}
                      </div>
                      {c.talk_missing > 0 ? (
                        <Alert
                          style={{ marginTop: 10 }}
                          type="info"
                          showIcon
                          message={`${c.talk_missing} 节已完成的课例没有课堂实录，提问与理答统计未包含它们（上传 SRT/VTT/TXT 课堂实录后重新分析即可计入）。`}
                        />
                      ) : null}
                    </>
                  )
                }
              </Body>
            </Card>
          </Col>
          <Col span={24}>
            <Card size="small" title={`分组统计（${byLabel}）`} data-testid="census-table-card">
              <Table<CensusGroupRow>
                rowKey={(r) => `${r.key}-${r.name}`}
                size="small"
                data-testid="census-table"
                loading={table.isFetching && !table.isRefetching}
                columns={tableColumns}
                dataSource={table.data?.list ?? []}
                scroll={{ x: 1040 }}
                locale={{ emptyText: table.isError ? `加载失败：${(table.error as { message?: string } | null)?.message ?? ""}` : "暂无数据" }}
                pagination={tablePagination(paging, table.data?.total ?? 0, setPaging)}
              />
            </Card>
          </Col>
        </Row>
      </Card>
    </div>
  );
}

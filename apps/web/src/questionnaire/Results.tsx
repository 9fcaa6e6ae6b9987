/**
 * 问卷结果 (a full-width drawer of the manage screens): the figures (responses, a daily line), per question a chart
 * with counts and shares (单选/多选 bar or pie, 评分 distribution and mean, 矩阵 stacked bars per row, 填空 the answers
 * with their top words), a cross-tabulation of two questions (table with totals and a heatmap), the responses, and
 * the Excel export.
 */
import { DownloadOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PAGE, type QuestionnaireResponseRow, type QuestionResult } from "@yanke/protocol";
import { Button, Card, Col, Drawer, Empty, Input, Modal, Row, Segmented, Select, Skeleton, Statistic, Table, Tabs, Tag, type TableColumnsType } from "antd";
import { HeatmapChart, LineChart } from "echarts/charts";
import { VisualMapComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { useMemo, useState } from "react";
import { toast } from "../api/toast";
import { downloadFile } from "../admin/files";
import { EChart, type EChartOption } from "../components/EChart";
import { EmptyState } from "../components/EmptyState";
import { qnApi } from "./api";

echarts.use([LineChart, HeatmapChart, VisualMapComponent]);

const pct = (count: number, of: number) => (of > 0 ? `${((count / of) * 100).toFixed(1)}%` : "—");

export function ResultsDrawer({ id, title, onClose }: { id: number | null; title?: string; onClose: () => void }) {
  const [exporting, setExporting] = useState(false);
  const exportXlsx = async () => {
    if (!id) return;
    setExporting(true);
    try {
      const f = await qnApi.exportXlsx(id);
      downloadFile(f, `${title || "问卷"}-结果.xlsx`);
      toast.success("已导出");
    } catch {
      /* shown */
    } finally {
      setExporting(false);
    }
  };
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width="100%"
      destroyOnHidden
      title={`问卷结果${title ? ` · ${title}` : ""}`}
      data-testid="qn-results"
      styles={{ body: { background: "#f5f7f6", padding: 16 } }}
      extra={
        <Button icon={<DownloadOutlined />} type="primary" loading={exporting} onClick={() => void exportXlsx()} data-testid="qn-export">
          导出 Excel
        </Button>
      }
    >
      {id !== null ? <ResultsBody id={id} /> : null}
    </Drawer>
  );
}

function ResultsBody({ id }: { id: number }) {
  const q = useQuery({ queryKey: ["questionnaire", "results", id], staleTime: 0, queryFn: () => qnApi.results(id) });
  if (q.isLoading) return <Skeleton active />;
  const r = q.data;
  if (!r) return <EmptyState text="结果加载失败" />;
  const choice = r.questions.filter((x) => x.type === "single" || x.type === "multiple" || x.type === "rating");
  return (
    <>
      <Row gutter={12} style={{ marginBottom: 12 }}>
        <Col xs={24} md={6}>
          <Card size="small" style={{ height: "100%" }}>
            <Statistic title="回收答卷" value={r.response_count} suffix="份" valueStyle={{ color: "#1f8a5b" }} />
            <div data-testid="qn-response-count" style={{ display: "none" }}>
              {r.response_count}
            </div>
            <div style={{ color: "#8a9690", fontSize: 12, marginTop: 8 }}>共 {r.questions.length} 道题</div>
          </Card>
        </Col>
        <Col xs={24} md={18}>
          <Card size="small" title="每日回收">
            {r.daily.length ? (
              <EChart
                height={160}
                testId="qn-daily-chart"
                option={{
                  grid: { left: 36, right: 16, top: 16, bottom: 24 },
                  tooltip: { trigger: "axis" },
                  xAxis: { type: "category", data: r.daily.map((d) => d.date.slice(5)) },
                  yAxis: { type: "value", minInterval: 1 },
                  series: [{ type: "line", smooth: true, areaStyle: { opacity: 0.15 }, data: r.daily.map((d) => d.count) }],
                }}
              />
            ) : (
              <Empty description="暂无答卷" image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ margin: "12px 0" }} />
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small">
        <Tabs
          items={[
            {
              key: "stats",
              label: "统计",
              children: (
                <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(520px, 1fr))", gap: 12 }}>
                  {r.questions.map((x, i) => (
                    <QuestionCard key={x.question_id} qid={id} index={i} r={x} />
                  ))}
                  {r.questions.length === 0 ? <EmptyState text="暂无数据" /> : null}
                </div>
              ),
            },
            { key: "cross", label: "交叉分析", children: <CrossTab id={id} questions={choice} /> },
            { key: "responses", label: "答卷明细", children: <Responses id={id} /> },
          ]}
        />
      </Card>
    </>
  );
}

function QuestionCard({ qid, index, r }: { qid: number; index: number; r: QuestionResult }) {
  const [pie, setPie] = useState(false);
  const [textOpen, setTextOpen] = useState(false);
  const head = (
    <span>
      <Tag color="green">{{ single: "单选", multiple: "多选", rating: "评分", matrix: "矩阵", text: "填空" }[r.type]}</Tag>
      {index + 1}. {r.title}
    </span>
  );
  const extra = <span style={{ color: "#8a9690", fontSize: 12 }}>{r.answered} 人作答</span>;
  let body: React.ReactNode;
  if (r.type === "text") {
    body = (
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", padding: "12px 0" }}>
        <span>
          共 <b data-testid="qn-text-count">{r.answered}</b> 条回答
        </span>
        <Button onClick={() => setTextOpen(true)} data-testid={`qn-text-open-${r.question_id}`}>
          查看回答
        </Button>
        <TextAnswers open={textOpen} id={qid} questionId={r.question_id} title={r.title} onClose={() => setTextOpen(false)} />
      </div>
    );
  } else if (r.type === "matrix") {
    const cols = r.options;
    body = (
      <EChart
        height={Math.max(160, 40 + r.rows.length * 36)}
        option={{
          tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
          legend: { top: 0 },
          grid: { left: 90, right: 16, top: 28, bottom: 20 },
          xAxis: { type: "value", minInterval: 1 },
          yAxis: { type: "category", data: r.rows.map((x) => x.label), inverse: true },
          series: cols.map((c, k) => ({
            type: "bar",
            stack: "m",
            name: c.label,
            data: r.rows.map((x) => x.counts[k] ?? 0),
            label: { show: true, formatter: (p: { value: number }) => (p.value ? String(p.value) : "") },
          })),
        }}
      />
    );
  } else {
    const data = r.options.map((o) => ({ name: o.label, value: o.count }));
    const option: EChartOption = pie
      ? {
          tooltip: { trigger: "item", formatter: "{b}: {c} ({d}%)" },
          legend: { bottom: 0, type: "scroll" },
          series: [{ type: "pie", radius: ["35%", "65%"], data, label: { formatter: "{b}\n{d}%" } }],
        }
      : {
          tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
          grid: { left: r.type === "rating" ? 44 : 100, right: 90, top: 8, bottom: 20 },
          xAxis: { type: "value", minInterval: 1 },
          yAxis: { type: "category", data: r.options.map((o) => o.label), inverse: true, axisLabel: { width: 90, overflow: "truncate" } },
          series: [
            {
              type: "bar",
              data: r.options.map((o) => o.count),
              barMaxWidth: 22,
              label: { show: true, position: "right", formatter: (p: { value: number }) => `${p.value}（${pct(p.value, r.answered)}）` },
            },
          ],
        };
    body = (
      <>
        {r.type !== "rating" ? (
          <div style={{ textAlign: "right", marginBottom: 4 }}>
            <Segmented
              size="small"
              value={pie ? "pie" : "bar"}
              onChange={(v) => setPie(v === "pie")}
              options={[
                { value: "bar", label: "柱状图" },
                { value: "pie", label: "饼图" },
              ]}
            />
          </div>
        ) : (
          <div style={{ marginBottom: 4 }}>
            平均分{" "}
            <b style={{ fontSize: 18, color: "#1f8a5b" }} data-testid={`qn-mean-${r.question_id}`}>
              {r.mean === null ? "—" : r.mean.toFixed(2)}
            </b>
          </div>
        )}
        <EChart height={Math.max(150, 30 + r.options.length * 30)} option={option} testId={`qn-chart-${r.question_id}`} />
        <table style={{ width: "100%", fontSize: 13, borderCollapse: "collapse", marginTop: 6 }} data-testid={`qn-counts-${r.question_id}`}>
          <tbody>
            {r.options.map((o) => (
              <tr key={o.id} style={{ borderTop: "1px solid #eef1ef" }} data-testid="qn-count-row">
                <td style={{ padding: "4px 0" }}>{o.label}</td>
                <td style={{ textAlign: "right", width: 80 }} data-testid={`qn-count-${r.question_id}-${o.id}`}>
                  {o.count}
                </td>
                <td style={{ textAlign: "right", width: 80, color: "#8a9690" }}>{pct(o.count, r.answered)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  }
  return (
    <Card size="small" title={head} extra={extra} data-testid={`qn-result-${r.question_id}`} styles={{ header: { whiteSpace: "normal" } }}>
      {body}
    </Card>
  );
}

function TextAnswers({ open, id, questionId, title, onClose }: { open: boolean; id: number; questionId: string; title: string; onClose: () => void }) {
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: PAGE.defaultLimit });
  const [keyword, setKeyword] = useState("");
  const q = useQuery({
    queryKey: ["questionnaire", "text", id, questionId, paging, keyword],
    enabled: open,
    placeholderData: keepPreviousData,
    queryFn: () => qnApi.textAnswers({ id, question_id: questionId, ...paging, keyword: keyword || undefined }),
  });
  const words = (q.data?.keywords ?? []).slice(0, 15);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={860} title={`填空回答 · ${title}`} data-testid="qn-text-modal">
      {words.length ? (
        <EChart
          height={Math.max(140, 24 + words.length * 20)}
          testId="qn-keyword-chart"
          onClick={(p) => {
            const w = words[p.dataIndex]?.word;
            if (w) {
              setKeyword(w);
              setPaging((x) => ({ ...x, page: 1 }));
            }
          }}
          option={{
            tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
            grid: { left: 80, right: 30, top: 4, bottom: 4, containLabel: false },
            xAxis: { type: "value", show: false },
            yAxis: { type: "category", inverse: true, data: words.map((w) => w.word) },
            series: [{ type: "bar", data: words.map((w) => w.count), barMaxWidth: 14, label: { show: true, position: "right" } }],
          }}
        />
      ) : null}
      <Input.Search
        allowClear
        placeholder="按关键词筛选（点击上方词语也可以）"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={() => setPaging((x) => ({ ...x, page: 1 }))}
        style={{ margin: "8px 0" }}
      />
      <Table
        size="small"
        rowKey="response_id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: "暂无数据" }}
        columns={[
          { title: "回答", dataIndex: "text", render: (t: string) => <span style={{ whiteSpace: "pre-wrap" }}>{t}</span> },
          { title: "填写人", dataIndex: "respondent", width: 110 },
          { title: "提交时间", dataIndex: "submitted_at", width: 170 },
        ]}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ["10", "20", "50"],
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, limit) => setPaging({ page, limit }),
        }}
      />
    </Modal>
  );
}

function CrossTab({ id, questions }: { id: number; questions: QuestionResult[] }) {
  const [rowQ, setRowQ] = useState<string | undefined>(questions[0]?.question_id);
  const [colQ, setColQ] = useState<string | undefined>(questions[1]?.question_id);
  const options = questions.map((q, i) => ({ value: q.question_id, label: `${i + 1}. ${q.title}` }));
  const ready = Boolean(rowQ && colQ && rowQ !== colQ);
  const q = useQuery({ queryKey: ["questionnaire", "cross", id, rowQ, colQ], enabled: ready, queryFn: () => qnApi.crossTab(id, rowQ!, colQ!) });
  const t = q.data;
  const heat = useMemo<EChartOption | null>(() => {
    if (!t) return null;
    const data: [number, number, number][] = [];
    t.cells.forEach((row, i) => {
      row.forEach((v, j) => {
        data.push([j, i, v]);
      });
    });
    const max = Math.max(1, ...data.map((d) => d[2]));
    return {
      tooltip: { position: "top" },
      grid: { left: 110, right: 20, top: 10, bottom: 90 },
      xAxis: { type: "category", data: t.col_question.options.map((o) => o.label), splitArea: { show: true } },
      yAxis: { type: "category", data: t.row_question.options.map((o) => o.label), inverse: true, splitArea: { show: true } },
      visualMap: {
        min: 0,
        max,
        calculable: true,
        orient: "horizontal",
        left: "center",
        bottom: 0,
        itemHeight: 160,
        text: ["多", "少"],
        inRange: { color: ["#f2faf5", "#1f8a5b"] },
      },
      series: [{ type: "heatmap", data, label: { show: true } }],
    };
  }, [t]);
  if (questions.length < 2) return <EmptyState text="至少需要两道单选、多选或评分题才能交叉分析" />;
  return (
    <div data-testid="qn-crosstab">
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap", alignItems: "center", marginBottom: 12 }}>
        <span>行</span>
        <Select style={{ width: 300 }} value={rowQ} options={options} onChange={setRowQ} />
        <span>× 列</span>
        <Select style={{ width: 300 }} value={colQ} options={options} onChange={setColQ} />
        {!ready ? <span style={{ color: "#ff4d4f" }}>请选择两道不同的题目</span> : null}
      </div>
      {t ? (
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <div style={{ overflowX: "auto" }}>
              <table className="yk-cross" style={{ borderCollapse: "collapse", width: "100%", fontSize: 13 }}>
                <thead>
                  <tr>
                    <th style={cell(true)} />
                    {t.col_question.options.map((o) => (
                      <th key={o.id} style={cell(true)}>
                        {o.label}
                      </th>
                    ))}
                    <th style={cell(true)}>合计</th>
                  </tr>
                </thead>
                <tbody>
                  {t.row_question.options.map((o, i) => (
                    <tr key={o.id}>
                      <th style={cell(true)}>{o.label}</th>
                      {(t.cells[i] ?? []).map((v, j) => (
                        <td
                          // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a cross table are identified by their column position.
                          key={j}
                          style={cell()}
                        >
                          {v} <span style={{ color: "#8a9690" }}>({pct(v, t.row_totals[i] ?? 0)})</span>
                        </td>
                      ))}
                      <td style={{ ...cell(), fontWeight: 600 }}>{t.row_totals[i] ?? 0}</td>
                    </tr>
                  ))}
                  <tr>
                    <th style={cell(true)}>合计</th>
                    {t.col_totals.map((v, j) => (
                      <td
                        // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a cross table are identified by their column position.
                        key={j}
                        style={{ ...cell(), fontWeight: 600 }}
                      >
                        {v}
                      </td>
                    ))}
                    <td style={{ ...cell(), fontWeight: 600 }}>{t.total}</td>
                  </tr>
                </tbody>
              </table>
            </div>
            <div style={{ color: "#8a9690", fontSize: 12, marginTop: 6 }}>括号内为占该行合计的比例</div>
          </Col>
          <Col xs={24} xl={12}>
            {heat ? <EChart option={heat} height={Math.max(240, 120 + t.row_question.options.length * 40)} /> : null}
          </Col>
        </Row>
      ) : ready && q.isLoading ? (
        <Skeleton active />
      ) : null}
    </div>
  );
}

const cell = (head = false): React.CSSProperties => ({
  border: "1px solid #e3e8e5",
  padding: "6px 8px",
  textAlign: head ? "left" : "right",
  background: head ? "#f7f9f8" : undefined,
  fontWeight: head ? 500 : undefined,
});

function Responses({ id }: { id: number }) {
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: PAGE.defaultLimit });
  const q = useQuery({
    queryKey: ["questionnaire", "responses", id, paging],
    placeholderData: keepPreviousData,
    queryFn: () => qnApi.responses(id, paging.page, paging.limit),
  });
  const columns: TableColumnsType<QuestionnaireResponseRow> = [
    { title: "序号", dataIndex: "id", width: 80 },
    { title: "填写人", dataIndex: "respondent" },
    { title: "学校", dataIndex: "school_name", render: (v: string) => v || "—" },
    { title: "作答题数", dataIndex: "answered", width: 100 },
    { title: "提交时间", dataIndex: "submitted_at", width: 180 },
  ];
  return (
    <Table
      size="small"
      rowKey="id"
      data-testid="qn-responses"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      columns={columns}
      locale={{ emptyText: "暂无数据" }}
      pagination={{
        current: paging.page,
        pageSize: paging.limit,
        total: q.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: ["10", "20", "50"],
        showTotal: (t) => `共 ${t} 条`,
        onChange: (page, limit) => setPaging({ page, limit }),
      }}
    />
  );
}

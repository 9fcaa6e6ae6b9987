/**
 * 报表统计 (ReportManage, /statistics): saved views on the left; the builder (dimensions, measures, filters), the chart
 * and the table on the right; 保存视图 / 另存为, 导出 Excel / PDF (docs/api/report.md). Figures come from the live
 * tables on every 查询.
 */
import { DeleteOutlined, FileExcelOutlined, FilePdfOutlined, ReloadOutlined, SaveOutlined, SearchOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  REPORT_CHART_TYPES,
  type ReportAnswer,
  type ReportChartType,
  type ReportDimension,
  type ReportFilters,
  type ReportMeasure,
  type ReportQueryPayload,
  type ReportRow,
  type ReportViewRow,
} from "@yanke/protocol";
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Row,
  Segmented,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
  type TableColumnsType,
} from "antd";
import dayjs, { type Dayjs } from "../dayjs";
import { LineChart } from "echarts/charts";
import * as echarts from "echarts/core";
import { useEffect, useMemo, useState } from "react";
import { useScreenTitle } from "../admin/common";
import { downloadFile } from "../admin/files";
import { EChart } from "../components/EChart";
import { EmptyState } from "../components/EmptyState";
import { cellText, chartBlock, chartOption, dimensionBlock, rangePresets, reportApi, termOf } from "./report-view";

echarts.use([LineChart]);

const CHART_NAMES: Record<ReportChartType, string> = { bar: "柱状图", line: "折线图", pie: "饼图" };

interface Draft {
  dimensions: ReportDimension[];
  measures: ReportMeasure[];
  range: [Dayjs, Dayjs];
  granularity: ReportFilters["granularity"];
  region_id?: number;
  school_id?: number;
  subject?: string;
  period?: string;
}

const initialDraft = (schoolOnly: boolean): Draft => ({
  dimensions: schoolOnly ? ["time"] : ["school"],
  measures: ["recorded", "analysed", "evaluated", "score"],
  range: termOf(dayjs()),
  granularity: "month",
});

function toQuery(d: Draft): ReportQueryPayload {
  return {
    dimensions: d.dimensions,
    measures: d.measures,
    filters: {
      date_from: d.range[0].format("YYYY-MM-DD"),
      date_to: d.range[1].format("YYYY-MM-DD"),
      granularity: d.granularity,
      region_id: d.region_id ?? 0,
      school_id: d.school_id ?? 0,
      subject: d.subject ?? "",
      period: d.period ?? "",
    },
    limit: 1000,
  };
}

function fromView(v: ReportViewRow): Draft {
  const f = v.filters;
  return {
    dimensions: v.dimensions,
    measures: v.measures,
    range: [dayjs(f.date_from), dayjs(f.date_to)],
    granularity: f.granularity ?? "month",
    region_id: f.region_id || undefined,
    school_id: f.school_id || undefined,
    subject: f.subject || undefined,
    period: f.period || undefined,
  };
}

export function ReportManagePage() {
  const title = useScreenTitle("报表统计");
  const { message } = App.useApp();
  const qc = useQueryClient();
  const meta = useQuery({ queryKey: ["report", "meta"], queryFn: reportApi.meta });
  const views = useQuery({ queryKey: ["report", "views"], queryFn: reportApi.views });
  const schoolOnly = meta.data?.scope.kind === "school";

  const [draft, setDraft] = useState<Draft | null>(null);
  const [applied, setApplied] = useState<ReportQueryPayload | null>(null);
  const [current, setCurrent] = useState<ReportViewRow | null>(null);
  const [chart, setChart] = useState<{ type: ReportChartType; measure?: ReportMeasure; stacked: boolean }>({ type: "bar", stacked: false });
  const [naming, setNaming] = useState<"save" | "saveAs" | null>(null);
  const [exporting, setExporting] = useState<"xlsx" | "pdf" | null>(null);

  // The builder starts once the scope is known (a school administrator cannot group by school or region).
  useEffect(() => {
    if (meta.data && !draft) setDraft(initialDraft(meta.data.scope.kind === "school"));
  }, [meta.data, draft]);

  const result = useQuery({
    queryKey: ["report", "query", applied],
    enabled: applied !== null,
    queryFn: () => reportApi.query(applied!),
  });

  const d = draft ?? initialDraft(schoolOnly);
  const set = (patch: Partial<Draft>) => setDraft({ ...d, ...patch });
  const problem = !d.dimensions.length ? "请至少选择 1 个维度" : !d.measures.length ? "请至少选择 1 个指标" : "";
  const run = (next: Draft = d) => {
    const q = toQuery(next);
    if (JSON.stringify(q) === JSON.stringify(applied)) void result.refetch();
    setApplied(q);
  };
  const open = (v: ReportViewRow) => {
    const next = fromView(v);
    setDraft(next);
    setCurrent(v);
    setChart((c) => ({ ...c, type: v.chart_type, measure: undefined }));
    run(next);
  };
  const reset = () => {
    setDraft(initialDraft(schoolOnly));
    setCurrent(null);
    setApplied(null);
  };

  const save = async (name: string, as: "save" | "saveAs") => {
    const q = toQuery(d);
    const body = { title: name, dimensions: q.dimensions, measures: q.measures, filters: q.filters, chart_type: chart.type };
    if (as === "save" && current?.editable) {
      await reportApi.update({ id: current.id, ...body });
      void message.success("视图已保存");
    } else {
      await reportApi.save(body);
      void message.success(as === "saveAs" && current ? "已另存为新视图" : "视图已保存");
    }
    await qc.invalidateQueries({ queryKey: ["report", "views"] });
    const list = qc.getQueryData<ReportViewRow[]>(["report", "views"]) ?? [];
    setCurrent(list.find((v) => v.title === name) ?? current);
    setNaming(null);
  };
  const remove = async (v: ReportViewRow) => {
    await reportApi.remove(v.id);
    void message.success("已删除");
    if (current?.id === v.id) setCurrent(null);
    await qc.invalidateQueries({ queryKey: ["report", "views"] });
  };
  const exportAs = async (kind: "xlsx" | "pdf") => {
    if (!applied) return;
    setExporting(kind);
    try {
      const payload = { ...applied, title: current?.title ?? "统计报表" };
      const file = kind === "xlsx" ? await reportApi.xlsx(payload) : await reportApi.pdf(payload);
      downloadFile(file, `统计报表.${kind}`);
    } finally {
      setExporting(null);
    }
  };

  const regionTree = useMemo(() => {
    const rs = meta.data?.regions ?? [];
    const ids = new Set(rs.map((r) => r.id));
    return rs.map((r) => ({ id: r.id, pId: ids.has(r.pid) ? r.pid : 0, value: r.id, title: r.name }));
  }, [meta.data]);

  return (
    <div className="yk-page" data-testid="report-page">
      <Row gutter={[16, 16]} wrap>
        <Col xs={24} lg={7} xl={6}>
          <Card variant="borderless" title={<span data-testid="page-title">{title}</span>} styles={{ body: { padding: "8px 0" } }}>
            <Typography.Text type="secondary" style={{ padding: "0 16px", display: "block", marginBottom: 4 }}>
              已保存的视图（{meta.data?.scope.name ?? "…"}范围内共享）
            </Typography.Text>
            <List
              loading={views.isLoading}
              dataSource={views.data ?? []}
              locale={{ emptyText: <EmptyState text="暂无保存的视图" compact /> }}
              data-testid="report-views"
              renderItem={(v) => (
                <List.Item
                  key={v.id}
                  onClick={() => open(v)}
                  style={{ cursor: "pointer", padding: "10px 16px", background: current?.id === v.id ? "var(--ant-color-primary-bg, #e6f4ff)" : undefined }}
                  data-testid={`report-view-${v.id}`}
                  actions={
                    v.editable
                      ? [
                          <Popconfirm
                            key="del"
                            title="删除该视图？"
                            description="只删除保存的配置，不影响数据"
                            okText="删除"
                            cancelText="取消"
                            okButtonProps={{ danger: true }}
                            onConfirm={(e) => {
                              e?.stopPropagation();
                              return remove(v);
                            }}
                            onCancel={(e) => e?.stopPropagation()}
                          >
                            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除视图" onClick={(e) => e.stopPropagation()} />
                          </Popconfirm>,
                        ]
                      : []
                  }
                >
                  <List.Item.Meta
                    title={<span style={{ fontWeight: current?.id === v.id ? 600 : 500 }}>{v.title}</span>}
                    description={
                      <span style={{ fontSize: 12 }}>
                        {v.dimensions.map((x) => meta.data?.dimensions.find((m) => m.key === x)?.name ?? x).join(" × ")} · {v.measures.length} 项指标
                        <br />
                        {v.scope_name} · {v.owner_name}
                        <br />
                        更新于 {v.updated_at.slice(0, 16)}
                      </span>
                    }
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={17} xl={18}>
          <Space direction="vertical" size={16} style={{ width: "100%" }}>
            <Card
              variant="borderless"
              title={current ? <span>视图：{current.title}</span> : "自定义报表"}
              extra={
                current ? (
                  <Button size="small" onClick={reset}>
                    新建报表
                  </Button>
                ) : null
              }
            >
              {meta.isError ? (
                <EmptyState text="报表配置加载失败，请刷新重试" />
              ) : meta.isLoading || !meta.data ? (
                <Spin />
              ) : (
                <Form layout="horizontal" labelCol={{ flex: "64px" }} colon={false} data-testid="report-builder">
                  <Form.Item label="维度" style={{ marginBottom: 12 }} extra="最多 2 个；两个维度时第二个维度成为图表的系列">
                    <Space wrap size={[4, 4]}>
                      {meta.data.dimensions.map((dim) => {
                        const why = dimensionBlock(meta.data, dim.key, d.dimensions);
                        const box = (
                          // biome-ignore lint/correctness/useJsxKeyInIterable: box is wrapped in the keyed Tooltip or span returned below.
                          <Checkbox
                            checked={d.dimensions.includes(dim.key)}
                            disabled={!!why}
                            data-testid={`report-dim-${dim.key}`}
                            onChange={(e) => set({ dimensions: e.target.checked ? [...d.dimensions, dim.key] : d.dimensions.filter((x) => x !== dim.key) })}
                          >
                            {dim.name}
                          </Checkbox>
                        );
                        return why ? (
                          <Tooltip key={dim.key} title={why}>
                            <span>{box}</span>
                          </Tooltip>
                        ) : (
                          <span key={dim.key}>{box}</span>
                        );
                      })}
                    </Space>
                  </Form.Item>
                  <Form.Item label="指标" style={{ marginBottom: 12 }}>
                    <Checkbox.Group
                      value={d.measures}
                      onChange={(v) => set({ measures: meta.data!.measures.map((m) => m.key).filter((k) => v.includes(k)) })}
                      data-testid="report-measures"
                    >
                      {meta.data.measures.map((m) => (
                        <Tooltip key={m.key} title={m.description}>
                          <Checkbox value={m.key} data-testid={`report-measure-${m.key}`}>
                            {m.name}
                          </Checkbox>
                        </Tooltip>
                      ))}
                    </Checkbox.Group>
                  </Form.Item>
                  <Form.Item label="时间" style={{ marginBottom: 12 }}>
                    <Space wrap>
                      <DatePicker.RangePicker
                        allowClear={false}
                        value={d.range}
                        presets={rangePresets()}
                        onChange={(v) => v?.[0] && v[1] && set({ range: [v[0], v[1]] })}
                        style={{ width: 260 }}
                        data-testid="report-range"
                      />
                      {d.dimensions.includes("time") ? (
                        <Segmented
                          value={d.granularity}
                          options={meta.data.granularities.map((g) => ({ value: g.key, label: g.name }))}
                          onChange={(v) => set({ granularity: v as Draft["granularity"] })}
                          data-testid="report-granularity"
                        />
                      ) : null}
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        北京时间，最长 2 年
                      </Typography.Text>
                    </Space>
                  </Form.Item>
                  <Form.Item label="范围" style={{ marginBottom: 12 }}>
                    <Space wrap>
                      {!schoolOnly && regionTree.length ? (
                        <TreeSelect
                          allowClear
                          treeDataSimpleMode
                          treeDefaultExpandAll={regionTree.length <= 60}
                          showSearch={{ treeNodeFilterProp: "title" }}
                          treeData={regionTree}
                          placeholder="全部区域"
                          value={d.region_id}
                          onChange={(v: number | undefined) => set({ region_id: v, school_id: undefined })}
                          style={{ width: 150 }}
                          data-testid="report-region"
                        />
                      ) : null}
                      {!schoolOnly ? (
                        <Select
                          allowClear
                          showSearch={{ optionFilterProp: "label" }}
                          placeholder="全部学校"
                          value={d.school_id}
                          options={meta.data.schools.map((s) => ({ value: s.id, label: s.name }))}
                          onChange={(v) => set({ school_id: v })}
                          style={{ width: 200 }}
                          data-testid="report-school"
                        />
                      ) : null}
                      <Select
                        allowClear
                        placeholder="全部学段"
                        value={d.period}
                        options={meta.data.periods.map((p) => ({ value: p, label: p }))}
                        onChange={(v) => set({ period: v })}
                        style={{ width: 120 }}
                        data-testid="report-period"
                      />
                      <Select
                        allowClear
                        showSearch={{ optionFilterProp: "label" }}
                        placeholder="全部学科"
                        value={d.subject}
                        options={meta.data.subjects.map((p) => ({ value: p, label: p }))}
                        onChange={(v) => set({ subject: v })}
                        style={{ width: 120 }}
                        data-testid="report-subject"
                      />
                    </Space>
                  </Form.Item>
                  <Form.Item label=" " style={{ marginBottom: 0 }}>
                    <Space>
                      <Tooltip title={problem || undefined}>
                        <Button type="primary" icon={<SearchOutlined />} disabled={!!problem} onClick={() => run()} data-testid="report-run">
                          查询
                        </Button>
                      </Tooltip>
                      <Button icon={<ReloadOutlined />} onClick={reset}>
                        重置
                      </Button>
                    </Space>
                  </Form.Item>
                </Form>
              )}
            </Card>
            <ResultCard
              answer={result.data}
              loading={result.isFetching}
              error={result.isError}
              applied={applied !== null}
              chart={chart}
              setChart={setChart}
              canSave={!!current?.editable}
              onSave={() => (current?.editable ? void save(current.title, "save") : setNaming("save"))}
              onSaveAs={() => setNaming("saveAs")}
              onExport={exportAs}
              exporting={exporting}
            />
          </Space>
        </Col>
      </Row>
      <NameDialog
        open={naming !== null}
        initial={naming === "saveAs" && current ? `${current.title}（副本）` : ""}
        onCancel={() => setNaming(null)}
        onOk={(name) => save(name, naming ?? "saveAs")}
      />
    </div>
  );
}

function ResultCard({
  answer,
  loading,
  error,
  applied,
  chart,
  setChart,
  canSave,
  onSave,
  onSaveAs,
  onExport,
  exporting,
}: {
  answer: ReportAnswer | undefined;
  loading: boolean;
  error: boolean;
  applied: boolean;
  chart: { type: ReportChartType; measure?: ReportMeasure; stacked: boolean };
  setChart: (c: { type: ReportChartType; measure?: ReportMeasure; stacked: boolean }) => void;
  canSave: boolean;
  onSave: () => void;
  onSaveAs: () => void;
  onExport: (kind: "xlsx" | "pdf") => void;
  exporting: "xlsx" | "pdf" | null;
}) {
  const dims = answer?.columns.filter((c) => c.kind === "dimension") ?? [];
  const measures = answer?.columns.filter((c) => c.kind === "measure") ?? [];
  const measure = (chart.measure && measures.some((m) => m.key === chart.measure) ? chart.measure : measures[0]?.key) as ReportMeasure | undefined;
  const type =
    answer &&
    chartBlock(
      chart.type,
      dims.map((c) => c.key),
    )
      ? "bar"
      : chart.type;
  const option = useMemo(
    () => (answer?.rows.length && measure ? chartOption(answer, { type, measure, stacked: chart.stacked }) : null),
    [answer, type, measure, chart.stacked],
  );
  const columns: TableColumnsType<ReportRow> = (answer?.columns ?? []).map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: c.title,
    align: c.kind === "measure" ? "right" : "left",
    width: c.kind === "dimension" ? 200 : undefined,
    sorter:
      c.kind === "measure"
        ? (a, b) => Number(a[c.key] ?? -1) - Number(b[c.key] ?? -1)
        : (a, b) => String(a[`${c.key}_key`] ?? a[c.key] ?? "").localeCompare(String(b[`${c.key}_key`] ?? b[c.key] ?? ""), "zh-CN"),
    render: (v: unknown) => cellText(v, c.measure_kind),
  }));
  const multi = dims.length === 2 || chart.type === "pie";
  return (
    <Card
      variant="borderless"
      title="统计结果"
      extra={
        <Space wrap>
          <Button icon={<SaveOutlined />} disabled={!answer} onClick={onSave} data-testid="report-save">
            {canSave ? "保存视图" : "保存为视图"}
          </Button>
          <Button disabled={!answer} onClick={onSaveAs} data-testid="report-save-as">
            另存为
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            disabled={!answer}
            loading={exporting === "xlsx"}
            onClick={() => onExport("xlsx")}
            data-testid="report-export-xlsx"
          >
            导出 Excel
          </Button>
          <Button icon={<FilePdfOutlined />} disabled={!answer} loading={exporting === "pdf"} onClick={() => onExport("pdf")} data-testid="report-export-pdf">
            导出 PDF
          </Button>
        </Space>
      }
    >
      {!applied ? (
        <Empty description="选择维度、指标和时间范围后点击“查询”，或从左侧打开保存的视图" />
      ) : error ? (
        <Alert type="error" showIcon message="查询失败，请检查筛选条件后重试" />
      ) : !answer ? (
        <div style={{ textAlign: "center", padding: 48 }}>
          <Spin />
        </div>
      ) : (
        <Spin spinning={loading}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Segmented
              value={type}
              options={REPORT_CHART_TYPES.map((t) => {
                const why = chartBlock(
                  t,
                  dims.map((c) => c.key),
                );
                return { value: t, disabled: !!why, label: why ? <Tooltip title={why}>{CHART_NAMES[t]}</Tooltip> : CHART_NAMES[t] };
              })}
              onChange={(v) => setChart({ ...chart, type: v as ReportChartType })}
              data-testid="report-chart-type"
            />
            {multi && measures.length > 1 ? (
              <Select
                size="middle"
                value={measure}
                options={measures.map((m) => ({ value: m.key, label: m.title }))}
                onChange={(v) => setChart({ ...chart, measure: v as ReportMeasure })}
                style={{ width: 140 }}
                data-testid="report-chart-measure"
              />
            ) : null}
            {dims.length === 2 && type === "bar" ? (
              <span>
                <Switch size="small" checked={chart.stacked} onChange={(v) => setChart({ ...chart, stacked: v })} /> 堆叠
              </span>
            ) : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {answer.filters_text}
            </Typography.Text>
          </Space>
          {option ? <EChart option={option} height={340} testId="report-chart" /> : <EmptyState text="暂无数据" />}
          {answer.truncated ? (
            <Alert type="info" showIcon style={{ margin: "8px 0" }} message={`共 ${answer.total_rows} 行，仅显示前 ${answer.rows.length} 行`} />
          ) : null}
          <Table<ReportRow>
            size="small"
            rowKey={(r) => dims.map((c) => String(r[`${c.key}_key`] ?? r[c.key])).join("|")}
            columns={columns}
            dataSource={answer.rows}
            pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50], showTotal: (t) => `共 ${t} 条`, size: "small" }}
            locale={{ emptyText: <EmptyState text="暂无数据" compact /> }}
            scroll={{ x: "max-content" }}
            data-testid="report-table"
            summary={() =>
              answer.rows.length ? (
                <Table.Summary fixed>
                  <Table.Summary.Row style={{ background: "#fafafa", fontWeight: 600 }} data-testid="report-totals">
                    {answer.columns.map((c, i) => (
                      <Table.Summary.Cell key={c.key} index={i} align={c.kind === "measure" ? "right" : "left"}>
                        {c.kind === "measure" ? cellText(answer.totals[c.key], c.measure_kind) : i === 0 ? "合计" : ""}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              ) : null
            }
          />
          <div style={{ marginTop: 4 }}>
            {measures
              .filter((m) => m.measure_kind !== "count")
              .map((m) => (
                <Tag key={m.key} bordered={false}>
                  {m.title}的合计{m.measure_kind === "mean" ? "为全部评价的平均值" : "按人去重，不等于各行之和"}
                </Tag>
              ))}
          </div>
        </Spin>
      )}
    </Card>
  );
}

function NameDialog({ open, initial, onCancel, onOk }: { open: boolean; initial: string; onCancel: () => void; onOk: (name: string) => Promise<void> }) {
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setName(initial);
  }, [open, initial]);
  const problem = !name.trim() ? "请输入视图名称" : name.trim().length > 100 ? "视图名称不能超过 100 个字符" : "";
  return (
    <Modal
      open={open}
      title="保存视图"
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: !!problem, loading: busy, id: "report-name-ok" }}
      onCancel={onCancel}
      onOk={async () => {
        setBusy(true);
        try {
          await onOk(name.trim());
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="视图名称" required help={name ? problem || undefined : undefined} validateStatus={name && problem ? "error" : undefined}>
          <Input
            value={name}
            maxLength={100}
            showCount
            placeholder="如：各校听评课概况（本学期）"
            onChange={(e) => setName(e.target.value)}
            data-testid="report-name"
            autoFocus
          />
        </Form.Item>
        <Typography.Text type="secondary">视图只保存维度、指标和筛选条件，打开时按最新数据重新统计；与您管理范围内的管理员共享。</Typography.Text>
      </Form>
    </Modal>
  );
}

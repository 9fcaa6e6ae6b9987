/**
 * The right side of 听课指标管理: one scheme's tree (dimensions and their items) with the weight check per sibling
 * group, the chart of dimension weights and a read-only preview of the scoring form.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { IndicatorNode, IndicatorWarning } from "@yanke/protocol";
import { Alert, Button, Card, Col, Empty, InputNumber, Popconfirm, Row, Space, Spin, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { useMemo, useState } from "react";
import { toast } from "../../api/toast";
import { EChart, type EChartOption } from "../../components/EChart";
import { indicatorApi, rangeText, reorder } from "./indicator-api";
import { NodeDialog, type NodeDialogState } from "./NodeDialog";

const LEVEL_TAG: Record<number, { text: string; color: string }> = { 2: { text: "维度", color: "blue" }, 3: { text: "评分项", color: "default" } };

type TreeRow = Omit<IndicatorNode, "children"> & { children?: TreeRow[] };

/** antd's tree table: leaves without a `children` key (no expand icon). */
function toRows(nodes: IndicatorNode[]): TreeRow[] {
  return nodes.map(({ children, ...n }) => (n.level < 3 ? { ...n, children: toRows(children) } : n));
}

function weightOption(dims: IndicatorNode[]): EChartOption {
  return {
    tooltip: { trigger: "item", formatter: "{b}：{c}%（{d}%）" },
    legend: { bottom: 0, type: "plain", itemWidth: 12, itemHeight: 8, itemGap: 8, textStyle: { fontSize: 11 } },
    series: [
      {
        type: "pie",
        radius: ["30%", "64%"],
        center: ["50%", "42%"],
        label: { position: "inside", formatter: "{c}%", color: "#fff", fontWeight: 600 },
        labelLine: { show: false },
        data: dims.map((d) => ({ name: d.name, value: d.weight })),
      },
    ],
  } as EChartOption;
}

export function SchemeDetail({ schemeId, onChanged }: { schemeId: number; onChanged: () => void }) {
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<NodeDialogState | null>(null);
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: ["indicator", "tree", schemeId], queryFn: () => indicatorApi.list({ root_id: schemeId }) });
  const tree = q.data?.tree ?? null;
  const scheme = q.data?.list[0];
  const warnings = q.data?.warnings ?? [];
  const editable = !!tree?.editable;
  const dims = useMemo(() => (tree?.children ?? []).filter((d) => d.status === 1), [tree]);
  const chart = useMemo(() => weightOption(dims), [dims]);
  const warnOf = useMemo(() => new Map<number, IndicatorWarning>(warnings.map((w) => [w.pid, w])), [warnings]);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ["indicator"] });
    onChanged();
  };
  const siblingsOf = (r: TreeRow): IndicatorNode[] => {
    if (!tree) return [];
    if (r.level === 2) return tree.children;
    return tree.children.find((d) => d.id === r.pid)?.children ?? [];
  };
  const move = async (r: TreeRow, delta: -1 | 1) => {
    const changes = reorder(siblingsOf(r), r.id, delta);
    if (!changes.length) return;
    setBusy(true);
    try {
      for (const c of changes) await indicatorApi.update(c);
      refresh();
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  const setWeight = async (r: TreeRow, weight: number | null) => {
    if (weight === null || weight === r.weight) return;
    try {
      await indicatorApi.update({ id: r.id, weight });
      refresh();
    } catch {
      /* shown by the API client */
    }
  };
  const remove = async (r: TreeRow) => {
    try {
      const a = await indicatorApi.remove(r.id);
      toast.success(a.deleted > 1 ? `已删除「${r.name}」及其下 ${a.deleted - 1} 项` : `已删除「${r.name}」`);
      refresh();
    } catch {
      /* shown by the API client */
    }
  };

  if (q.isLoading) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  if (!tree || !scheme) return <Empty description="请选择左侧的量表" style={{ margin: "80px 0" }} />;

  const columns: TableColumnsType<TreeRow> = [
    {
      title: "指标",
      dataIndex: "name",
      render: (v: string, r) => {
        const w = warnOf.get(r.id);
        return (
          <div data-testid={`indicator-row-${r.id}`}>
            <Space size={6}>
              <Tag color={LEVEL_TAG[r.level]?.color}>{LEVEL_TAG[r.level]?.text}</Tag>
              <b data-testid="indicator-row-name">{v}</b>
              {r.status !== 1 ? <Tag>停用</Tag> : null}
              {w ? (
                <Tooltip title={w.message}>
                  <Tag color="warning" data-testid="indicator-row-warning">
                    {w.kind === "empty" ? "无评分项" : `合计 ${w.total}%`}
                  </Tag>
                </Tooltip>
              ) : null}
            </Space>
            {r.description ? (
              <div className="yk-muted" style={{ fontSize: 12, marginTop: 2, paddingLeft: 2 }}>
                {r.description}
              </div>
            ) : null}
          </div>
        );
      },
    },
    {
      title: "权重",
      dataIndex: "weight",
      width: 130,
      render: (v: number, r) =>
        editable ? (
          <InputNumber
            size="small"
            min={0}
            max={100}
            precision={2}
            defaultValue={v}
            key={`${r.id}-${v}`}
            addonAfter="%"
            style={{ width: 110 }}
            onBlur={(e) => void setWeight(r, e.target.value === "" ? null : Number(e.target.value))}
            onPressEnter={(e) => void setWeight(r, (e.target as HTMLInputElement).value === "" ? null : Number((e.target as HTMLInputElement).value))}
            data-testid="indicator-row-weight"
          />
        ) : (
          `${v}%`
        ),
    },
    {
      title: "分值范围",
      key: "range",
      width: 100,
      render: (_, r) => (r.level === 3 ? rangeText(r.min_score, r.max_score) : <span className="yk-muted">—</span>),
    },
    ...(editable
      ? [
          {
            title: "操作",
            key: "op",
            width: 250,
            render: (_: unknown, r: TreeRow) => {
              const sibs = siblingsOf(r);
              const i = sibs.findIndex((s) => s.id === r.id);
              return (
                <Space size={0} wrap={false}>
                  <Tooltip title="上移">
                    <Button
                      type="link"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={busy || i <= 0}
                      onClick={() => void move(r, -1)}
                      data-testid="indicator-row-up"
                    />
                  </Tooltip>
                  <Tooltip title="下移">
                    <Button
                      type="link"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={busy || i >= sibs.length - 1}
                      onClick={() => void move(r, 1)}
                      data-testid="indicator-row-down"
                    />
                  </Tooltip>
                  {r.level === 2 ? (
                    <Button
                      type="link"
                      size="small"
                      icon={<PlusOutlined />}
                      onClick={() =>
                        setDialog({
                          mode: "new",
                          level: 3,
                          pid: r.id,
                          parentName: r.name,
                          suggestWeight: Math.max(0, 100 - (r.children ?? []).reduce((s, c) => s + c.weight, 0)),
                        })
                      }
                      data-testid="indicator-row-add"
                    >
                      评分项
                    </Button>
                  ) : null}
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setDialog({ mode: "edit", row: r as IndicatorNode })}
                    data-testid="indicator-row-edit"
                  >
                    编辑
                  </Button>
                  <Popconfirm
                    title={r.level === 2 ? `删除维度「${r.name}」及其下的评分项？` : `删除评分项「${r.name}」？`}
                    okText="删除"
                    cancelText="取消"
                    okButtonProps={{ danger: true, "data-testid": "indicator-row-delete-ok" }}
                    onConfirm={() => remove(r)}
                  >
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="indicator-row-delete">
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  const dimTotal = Math.round(tree.children.filter((d) => d.status === 1).reduce((s, d) => s + d.weight, 0) * 100) / 100;
  return (
    <div data-testid="indicator-detail" data-scheme={scheme.id}>
      <div style={{ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: 12, marginBottom: 12 }}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="indicator-detail-name">
            {scheme.name}
          </Typography.Title>
          <div className="yk-muted" style={{ fontSize: 12, marginTop: 4 }}>
            {scheme.school_name} · {scheme.dimension_count} 个维度 · {scheme.item_count} 个评分项 · 维度权重合计 {dimTotal}%
            {scheme.used_count ? ` · 已被 ${scheme.used_count} 条听评课使用` : ""}
            {editable ? "" : " · 只读"}
          </div>
        </div>
        {editable ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ mode: "new", level: 2, pid: tree.id, parentName: tree.name, suggestWeight: Math.max(0, 100 - dimTotal) })}
            data-testid="indicator-add-dimension"
          >
            添加维度
          </Button>
        ) : null}
      </div>
      <div data-testid="indicator-weight-check" data-ok={warnings.length === 0 ? "1" : "0"} style={{ marginBottom: 12 }}>
        {warnings.length === 0 ? (
          <Alert type="success" showIcon message="权重检查通过：各维度及每个维度下的评分项权重合计均为 100%" />
        ) : (
          <Alert
            type="warning"
            showIcon
            message={`权重检查：${warnings.length} 组需要调整`}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {warnings.map((w) => (
                  <li key={`${w.pid}-${w.kind}`} data-testid="indicator-warning">
                    {w.message}
                  </li>
                ))}
              </ul>
            }
          />
        )}
      </div>
      <Table<TreeRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={toRows(tree.children)}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={`${tree.id}-${tree.children.length}`}
        locale={{ emptyText: editable ? "还没有维度，点击右上角「添加维度」" : "该量表还没有维度" }}
        data-testid="indicator-tree"
      />
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} xl={10}>
          <Card size="small" title="维度权重分布">
            {dims.length ? <EChart option={chart} height={300} testId="indicator-weight-chart" /> : <Empty description="暂无维度" />}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title="评分表预览（只读）" data-testid="indicator-preview">
            <ScorePreview tree={tree} />
          </Card>
        </Col>
      </Row>
      <NodeDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          toast.success("保存成功");
          refresh();
        }}
      />
    </div>
  );
}

/** The scoring form an evaluator will see: each dimension with its items, a score box per item (disabled). */
function ScorePreview({ tree }: { tree: IndicatorNode }) {
  const dims = tree.children.filter((d) => d.status === 1);
  if (!dims.length) return <Empty description="暂无评分项" />;
  return (
    <div style={{ maxHeight: 300, overflow: "auto", paddingRight: 4 }}>
      {dims.map((d, i) => (
        <div key={d.id} style={{ marginBottom: 10 }}>
          <div style={{ fontWeight: 600, marginBottom: 4 }}>
            {i + 1}. {d.name}{" "}
            <span className="yk-muted" style={{ fontWeight: 400, fontSize: 12 }}>
              （权重 {d.weight}%）
            </span>
          </div>
          {d.children
            .filter((it) => it.status === 1)
            .map((it) => (
              <div key={it.id} style={{ display: "flex", alignItems: "center", gap: 8, padding: "3px 0 3px 16px", borderBottom: "1px dashed #eef1ef" }}>
                <span style={{ flex: 1, minWidth: 0 }}>
                  {it.name}
                  <span className="yk-muted" style={{ fontSize: 12 }}>
                    {" "}
                    · {it.weight}%
                  </span>
                </span>
                <InputNumber size="small" disabled placeholder={rangeText(it.min_score, it.max_score)} style={{ width: 110 }} />
              </div>
            ))}
        </div>
      ))}
    </div>
  );
}

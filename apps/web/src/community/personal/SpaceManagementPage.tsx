import { DeleteOutlined, FileOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { FILE_KINDS, calls, formatBytes, type FileKind, type FileRecord } from "@yanke/protocol";
import { Button, Card, Col, Popconfirm, Progress, Row, Statistic, Table, Tabs, Tag, Tooltip } from "antd";
import dayjs from "../../dayjs";
import { useMemo, useState } from "react";
import { tablePagination } from "../../admin/common";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EChart, type EChartOption } from "../../components/EChart";
import { EmptyState } from "../../components/EmptyState";
import { FilePreview } from "../../components/upload";
import { KIND_LABEL } from "../../pages/MyFilesPage";
import { PageHead } from "./common";

/** A row of the usage table and the donut: a kind of file, or what the space counts beyond the listed files. */
interface UsageRow {
  type: FileKind | "unlisted";
  count: number | null;
  size: number;
}
const UNLISTED = { label: "录制及其他", color: "#a6b3ae" };
const usageLabel = (t: UsageRow["type"]) => (t === "unlisted" ? UNLISTED : (KIND_LABEL[t] ?? { label: t, color: "#8c8c8c" }));

function donut(byType: UsageRow[]): EChartOption {
  return {
    tooltip: {
      trigger: "item",
      formatter: (p: unknown) => {
        const d = p as { name: string; value: number; percent: number; data: { count: number } };
        return d.data.count === null
          ? `${d.name}：${formatBytes(d.value)}（${d.percent}%）`
          : `${d.name}：${formatBytes(d.value)}（${d.data.count} 个，${d.percent}%）`;
      },
    },
    legend: { bottom: 0, icon: "circle" },
    series: [
      {
        type: "pie",
        radius: ["48%", "72%"],
        center: ["50%", "44%"],
        label: { formatter: "{b}\n{d}%" },
        data: byType.map((t) => ({ name: usageLabel(t.type).label, value: t.size, count: t.count, itemStyle: { color: usageLabel(t.type).color } })),
      },
    ],
  };
}

/** 空间管理 (/personalCenter/spaceManagement): the caller's quota and usage, what each kind of file takes, and his files by kind. */
export function SpaceManagementPage() {
  const qc = useQueryClient();
  const [type, setType] = useState<string>("all");
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [previewing, setPreviewing] = useState<FileRecord | null>(null);
  const q = useQuery({
    queryKey: ["pc", "space", type, paging],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.fileList, { ...paging, type: FILE_KINDS.find((k) => k === type) }),
  });
  const data = q.data;
  const space = data?.space;
  const usage = useMemo<UsageRow[]>(() => {
    const rows: UsageRow[] = (data?.by_type ?? []).map((t) => ({ ...t }));
    // Space charged beyond the listed files (recordings and other modules' storage).
    const unlisted = (data?.space.used_bytes ?? 0) - rows.reduce((n, t) => n + t.size, 0);
    if (unlisted > 0) rows.push({ type: "unlisted", count: null, size: unlisted });
    return rows;
  }, [data]);
  const byType = data?.by_type ?? [];
  const option = useMemo(() => donut(usage), [usage]);
  const limited = (space?.quota_bytes ?? 0) > 0;
  const percent = space && limited ? Math.min(100, Math.round((space.used_bytes / space.quota_bytes) * 1000) / 10) : 0;
  const remove = async (f: FileRecord) => {
    try {
      await call(calls.fileDelete, { id: f.id });
      toast.success("删除成功，空间已退还");
      void qc.invalidateQueries({ queryKey: ["pc", "space"] });
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <div className="yk-page" data-testid="SpaceManagementPage">
      <Card variant="borderless">
        <PageHead title="空间管理" sub="个人存储空间的配额与使用情况；删除文件后空间会退还" />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="存储空间" variant="borderless" style={{ height: "100%" }} data-testid="space-quota">
            {space ? (
              <>
                <Row gutter={12}>
                  <Col span={8}>
                    <Statistic title="已用" value={formatBytes(space.used_bytes)} />
                  </Col>
                  <Col span={8}>
                    <Statistic title="总量" value={limited ? formatBytes(space.quota_bytes) : "不限"} />
                  </Col>
                  <Col span={8}>
                    <Statistic title="本次最多可上传" value={space.available_bytes === null ? "不限" : formatBytes(space.available_bytes)} />
                  </Col>
                </Row>
                {limited ? (
                  <Progress percent={percent} status={percent >= 90 ? "exception" : "normal"} style={{ marginTop: 16 }} data-testid="space-progress" />
                ) : (
                  <div className="yk-muted" style={{ marginTop: 16 }}>
                    个人空间未设置上限，上传仍受学校和区域空间限制。
                  </div>
                )}
                <Table
                  style={{ marginTop: 16 }}
                  size="small"
                  rowKey="type"
                  pagination={false}
                  dataSource={usage}
                  data-testid="space-by-type"
                  locale={{ emptyText: <EmptyState compact /> }}
                  columns={[
                    {
                      title: "类型",
                      dataIndex: "type",
                      render: (v: UsageRow["type"]) =>
                        v === "unlisted" ? (
                          <Tooltip title="录制视频等未在文件列表中的占用">
                            <Tag>{UNLISTED.label}</Tag>
                          </Tooltip>
                        ) : (
                          <Tag color={KIND_LABEL[v]?.color}>{KIND_LABEL[v]?.label ?? v}</Tag>
                        ),
                    },
                    { title: "文件数", dataIndex: "count", align: "right", render: (v: number | null) => (v === null ? "—" : v) },
                    { title: "占用", dataIndex: "size", align: "right", render: (v: number) => formatBytes(v) },
                  ]}
                />
              </>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="空间构成" variant="borderless" style={{ height: "100%" }}>
            {usage.length > 0 ? <EChart option={option} height={300} testId="space-chart" /> : <EmptyState text="还没有文件" />}
          </Card>
        </Col>
      </Row>
      <Card variant="borderless" title="我的文件">
        <Tabs
          activeKey={type}
          onChange={(k) => {
            setType(k);
            setPaging({ ...paging, page: 1 });
          }}
          items={[
            { key: "all", label: "全部" },
            ...(Object.keys(KIND_LABEL) as FileKind[]).map((k) => {
              const n = byType.find((t) => t.type === k)?.count;
              return { key: k, label: `${KIND_LABEL[k].label}${n ? `（${n}）` : ""}` };
            }),
          ]}
        />
        <Table<FileRecord>
          rowKey="id"
          size="middle"
          loading={q.isFetching}
          dataSource={data?.list ?? []}
          data-testid="space-files"
          pagination={tablePagination(paging, data?.total ?? 0, setPaging)}
          columns={[
            {
              title: "文件名",
              dataIndex: "file_name",
              render: (v: string, r) => (
                <a onClick={() => setPreviewing(r)}>
                  <FileOutlined style={{ marginInlineEnd: 6 }} />
                  {v}
                </a>
              ),
            },
            { title: "类型", dataIndex: "type", width: 80, render: (v: FileKind) => <Tag color={KIND_LABEL[v]?.color}>{KIND_LABEL[v]?.label ?? v}</Tag> },
            { title: "大小", dataIndex: "size", width: 110, render: (v: number) => formatBytes(v) },
            { title: "上传时间", dataIndex: "create_time", width: 170, render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm:ss") },
            {
              title: "操作",
              width: 90,
              render: (_: unknown, r) => (
                <Popconfirm title={`确定删除「${r.file_name}」吗？删除后空间将退还。`} okText="删除" cancelText="取消" onConfirm={() => remove(r)}>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                    删除
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <FilePreview open={previewing !== null} fileId={previewing?.id ?? null} title={previewing?.file_name} onClose={() => setPreviewing(null)} />
    </div>
  );
}

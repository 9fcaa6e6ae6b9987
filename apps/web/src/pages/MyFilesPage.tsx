import { AudioOutlined, DeleteOutlined, DownloadOutlined, EyeOutlined, FileOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, type FileKind, type FileListAnswer, type FileRecord, formatBytes } from "@yanke/protocol";
import { Button, Card, Col, Empty, Input, Modal, Popconfirm, Progress, Row, Select, Space, Statistic, Table, Tag, Typography } from "antd";
import dayjs from "../dayjs";
import { useMemo, useState } from "react";
import { tablePagination } from "../admin/common";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { EChart, type EChartOption } from "../components/EChart";
import { AudioRecorder, ChunkedUploader, FilePreview, downloadUrl, formatDuration } from "../components/upload";

/** Kinds as the screen names them, with a colour each (the chart and the tags agree). */
export const KIND_LABEL: Record<FileKind, { label: string; color: string }> = {
  video: { label: "视频", color: "#1f6f5c" },
  audio: { label: "音频", color: "#d48806" },
  image: { label: "图片", color: "#2f54eb" },
  pdf: { label: "PDF", color: "#c0392b" },
  office: { label: "文档", color: "#08979c" },
  text: { label: "文本", color: "#7f8c8d" },
  other: { label: "其他", color: "#8c8c8c" },
};

interface Query {
  page: number;
  limit: number;
  type: FileKind | undefined;
  keyword: string;
}

/** What the caller's files take, by kind: a donut (sizes) the eye reads faster than the table. */
function usageOption(byType: FileListAnswer["by_type"]): EChartOption {
  return {
    tooltip: {
      trigger: "item",
      formatter: (p: unknown) => {
        const d = p as { name: string; value: number; percent: number; data: { count: number } };
        return `${d.name}：${formatBytes(d.value)}（${d.data.count} 个，${d.percent}%）`;
      },
    },
    legend: { bottom: 0, icon: "circle" },
    series: [
      {
        type: "pie",
        radius: ["48%", "72%"],
        center: ["50%", "44%"],
        avoidLabelOverlap: true,
        label: { formatter: "{b}\n{d}%" },
        data: byType.map((t) => ({
          name: KIND_LABEL[t.type]?.label ?? t.type,
          value: t.size,
          count: t.count,
          itemStyle: { color: KIND_LABEL[t.type]?.color },
        })),
      },
    ],
  };
}

/** 我的文件 (/personalCenter/myFiles): the caller's uploads — resumable upload, recording, preview, download, delete, usage. */
export function MyFilesPage() {
  const qc = useQueryClient();
  const [query, setQuery] = useState<Query>({ page: 1, limit: 10, type: undefined, keyword: "" });
  const [keyword, setKeyword] = useState("");
  const [previewing, setPreviewing] = useState<FileRecord | null>(null);
  const [recording, setRecording] = useState(false);
  const q = useQuery({
    queryKey: ["myFiles", query],
    queryFn: () =>
      call(calls.fileList, {
        page: query.page,
        limit: query.limit,
        ...(query.type ? { type: query.type } : {}),
        ...(query.keyword ? { keyword: query.keyword } : {}),
      }),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ["myFiles"] });
  const data = q.data;
  const space = data?.space;
  const percent = space && space.quota_bytes > 0 ? Math.min(100, Math.round((space.used_bytes / space.quota_bytes) * 1000) / 10) : 0;
  const option = useMemo(() => usageOption(data?.by_type ?? []), [data?.by_type]);

  const download = async (f: FileRecord) => {
    try {
      const p = await call(calls.filePower, { id: f.id });
      if (!p.download) return void toast.error(p.reason || "无权下载该文件");
      window.open(downloadUrl(p.url), "_blank", "noopener");
    } catch {
      /* shown by the API client */
    }
  };
  const remove = async (f: FileRecord) => {
    try {
      await call(calls.fileDelete, { id: f.id });
      toast.success("删除成功");
      refresh();
    } catch {
      /* shown by the API client */
    }
  };

  return (
    <div className="yk-page" data-testid="my-files-page">
      <Row gutter={16}>
        <Col xs={24} lg={15}>
          <Card title="上传" size="small" style={{ height: "100%" }}>
            <Space orientation="vertical" size={16} style={{ width: "100%" }}>
              <div data-testid="my-files-video">
                <Typography.Text strong>课堂视频</Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: "2px 0 8px" }}>
                  H.264 编码的 MP4，最大 5GB；分片上传，中断后重新选择同一文件即可从断点继续。
                </Typography.Paragraph>
                <ChunkedUploader type="video" disclaimer buttonText="上传课堂视频" onSuccess={refresh} />
              </div>
              <div data-testid="my-files-any">
                <Typography.Text strong>资料文件</Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: "2px 0 8px" }}>
                  任意类型，最大 5GB；Word、Excel、PowerPoint 和 PDF 可在线预览。
                </Typography.Paragraph>
                <ChunkedUploader type="all" disclaimer buttonText="上传资料" onSuccess={refresh} />
              </div>
              <Button icon={<AudioOutlined />} onClick={() => setRecording(true)} data-testid="my-files-record">
                录音
              </Button>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card title="我的空间" size="small" data-testid="my-files-space" style={{ height: "100%" }}>
            {space ? (
              <>
                <Space size={24}>
                  <Statistic title="已用" value={formatBytes(space.used_bytes)} />
                  <Statistic title="总量" value={space.quota_bytes > 0 ? formatBytes(space.quota_bytes) : "不限"} />
                  <Statistic title="可用" value={space.available_bytes === null ? "不限" : formatBytes(space.available_bytes)} />
                </Space>
                {space.quota_bytes > 0 ? <Progress percent={percent} status={percent >= 90 ? "exception" : "normal"} style={{ marginTop: 8 }} /> : null}
                {(data?.by_type.length ?? 0) > 0 ? (
                  <EChart option={option} height={220} testId="my-files-chart" />
                ) : (
                  <Empty description="还没有文件" image={Empty.PRESENTED_IMAGE_SIMPLE} />
                )}
              </>
            ) : null}
          </Card>
        </Col>
      </Row>

      <Card size="small" style={{ marginTop: 16 }} title="文件列表">
        <Space style={{ marginBottom: 12 }} wrap>
          <Input.Search
            allowClear
            placeholder="文件名"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => setQuery({ ...query, page: 1, keyword: v.trim() })}
            style={{ width: 220 }}
            data-testid="my-files-search"
          />
          <Select<FileKind | undefined>
            allowClear
            placeholder="类型"
            style={{ width: 120 }}
            value={query.type}
            onChange={(type) => setQuery({ ...query, page: 1, type })}
            options={(Object.keys(KIND_LABEL) as FileKind[]).map((k) => ({ value: k, label: KIND_LABEL[k].label }))}
          />
        </Space>
        <Table<FileRecord>
          rowKey="id"
          size="middle"
          loading={q.isFetching}
          dataSource={data?.list ?? []}
          data-testid="my-files-table"
          pagination={tablePagination({ page: query.page, limit: query.limit }, data?.total ?? 0, (next) => setQuery({ ...query, ...next }))}
          columns={[
            {
              title: "文件名",
              dataIndex: "file_name",
              render: (v: string, r) => (
                <a onClick={() => setPreviewing(r)} data-testid="my-files-name">
                  <FileOutlined style={{ marginInlineEnd: 6 }} />
                  {v}
                </a>
              ),
            },
            { title: "类型", dataIndex: "type", width: 80, render: (v: FileKind) => <Tag color={KIND_LABEL[v]?.color}>{KIND_LABEL[v]?.label ?? v}</Tag> },
            { title: "大小", dataIndex: "size", width: 100, render: (v: number) => formatBytes(v) },
            { title: "时长", dataIndex: "duration", width: 80, render: (v: number | null) => (v === null ? "—" : formatDuration(v)) },
            { title: "上传时间", dataIndex: "create_time", width: 170, render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm:ss") },
            {
              title: "操作",
              width: 200,
              render: (_: unknown, r) => (
                <Space size={4}>
                  <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(r)} data-testid="my-files-preview">
                    预览
                  </Button>
                  <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download(r)}>
                    下载
                  </Button>
                  <Popconfirm title={`确定删除「${r.file_name}」吗？删除后空间将退还。`} okText="删除" cancelText="取消" onConfirm={() => remove(r)}>
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="my-files-delete">
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <FilePreview open={previewing !== null} fileId={previewing?.id ?? null} title={previewing?.file_name} onClose={() => setPreviewing(null)} />
      <Modal title="录音" open={recording} onCancel={() => setRecording(false)} footer={null} destroyOnHidden width={520}>
        <AudioRecorder
          onSuccess={() => {
            toast.success("录音上传成功");
            refresh();
          }}
        />
      </Modal>
    </div>
  );
}

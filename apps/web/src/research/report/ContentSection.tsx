/**
 * 课堂实录 of a lesson report: the classroom record (c138, paged, filtered by role and keyword), its statistics with
 * the frequent words (c140), export to .xlsx (c139) and — for those who manage the lesson — deleting a wrong line
 * (c141; the text sections of the report are recomputed). A line's time seeks the video.
 */
import { DeleteOutlined, DownloadOutlined } from "@ant-design/icons";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContentRow, CourseReport } from "@yanke/protocol";
import { App, Button, Card, Empty, Input, Segmented, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { useMemo, useState } from "react";
import { downloadFile } from "../../admin/files";
import { toast } from "../../api/toast";
import { researchApi, researchKeys } from "../api";
import { Chart } from "./Chart";
import { clock, S_COLOR, T_COLOR } from "./charts";

type Role = "" | "T" | "S";

export function ContentSection({ report, seek }: { report: CourseReport; seek: (t: number) => void }) {
  const id = report.course.id;
  const canEdit = report.course.can_manage;
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [role, setRole] = useState<Role>("");
  const [draft, setDraft] = useState("");
  const [keyword, setKeyword] = useState("");
  const imported = report.result?.transcript.available === true;

  const list = useQuery({
    queryKey: ["research", "content", id, page, role, keyword],
    enabled: imported,
    placeholderData: keepPreviousData,
    queryFn: () => researchApi.content({ id, page, limit: 10, ...(role ? { role } : {}), ...(keyword ? { keyword } : {}) }),
  });
  const stats = useQuery({ queryKey: ["research", "content-stats", id], enabled: imported, queryFn: () => researchApi.contentStatistical(id) });

  const remove = useMutation({
    mutationFn: (row: ContentRow) => researchApi.deleteContent(row.id),
    onSuccess: async () => {
      toast.success("已删除该句，报告已重新计算");
      await Promise.all([
        qc.invalidateQueries({ queryKey: ["research", "content", id] }),
        qc.invalidateQueries({ queryKey: ["research", "content-stats", id] }),
        qc.invalidateQueries({ queryKey: researchKeys.report(id) }),
      ]);
    },
  });
  const exporting = useMutation({
    mutationFn: () => researchApi.exportContent(id),
    onSuccess: (f) => downloadFile(f, `${report.course.name}-课堂实录.xlsx`),
  });

  const confirmDelete = (row: ContentRow) =>
    modal.confirm({
      title: "删除这句课堂实录？",
      content: `「${row.text.length > 40 ? `${row.text.slice(0, 40)}…` : row.text}」删除后，提问、理答、对话深度与互动分析将按剩余实录重新计算。`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": "content-delete-ok" } as React.ComponentProps<typeof Button>,
      cancelText: "取消",
      onOk: () => remove.mutateAsync(row).then(() => undefined),
    });

  const columns: TableColumnsType<ContentRow> = [
    {
      title: "时间",
      dataIndex: "start",
      width: 80,
      render: (t: number) => (
        <a onClick={() => seek(t)} data-testid="content-time" className="yk-no-print-link">
          {clock(t)}
        </a>
      ),
    },
    { title: "角色", dataIndex: "role", width: 72, render: (r: "T" | "S") => <Tag color={r === "T" ? T_COLOR : S_COLOR}>{r === "T" ? "教师" : "学生"}</Tag> },
    {
      title: "内容",
      dataIndex: "text",
      render: (text: string, r) => (
        <span data-testid="content-text">
          {r.is_question ? (
            <Tag color="blue" style={{ marginInlineEnd: 6 }}>
              提问
            </Tag>
          ) : null}
          {text}
        </span>
      ),
    },
    ...(canEdit
      ? [
          {
            title: "操作",
            width: 70,
            className: "yk-no-print",
            render: (_: unknown, r: ContentRow) => (
              <Tooltip title="删除识别有误的一句">
                <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => confirmDelete(r)} data-testid="content-delete" />
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  const s = stats.data;
  const wordsOption = useMemo(() => {
    const words = (s?.keywords ?? []).slice(0, 12).reverse();
    return {
      grid: { left: 72, right: 24, top: 8, bottom: 24 },
      xAxis: { type: "value" as const, minInterval: 1 },
      yAxis: { type: "category" as const, data: words.map((w) => w.word) },
      tooltip: { trigger: "axis" as const },
      series: [{ type: "bar" as const, name: "出现次数", data: words.map((w) => w.count), itemStyle: { color: T_COLOR }, barMaxWidth: 14 }],
    };
  }, [s]);

  return (
    <Card
      size="small"
      className="yk-ar-card"
      data-testid="section-content"
      title="课堂实录"
      extra={
        imported ? (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
            className="yk-no-print"
            data-testid="content-export"
          >
            导出 Excel
          </Button>
        ) : null
      }
    >
      {!imported ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={report.result && !report.result.transcript.available ? report.result.transcript.reason : "暂无课堂实录"}
        />
      ) : (
        <div className="yk-ar-content">
          <div className="yk-ar-content-list">
            <Space wrap style={{ marginBottom: 8 }} className="yk-no-print">
              <Segmented<Role>
                size="small"
                value={role}
                onChange={(v) => {
                  setRole(v);
                  setPage(1);
                }}
                options={[
                  { label: "全部", value: "" },
                  { label: "教师", value: "T" },
                  { label: "学生", value: "S" },
                ]}
                data-testid="content-role"
              />
              <Input.Search
                size="small"
                allowClear
                placeholder="搜索实录内容"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onSearch={(v) => {
                  setKeyword(v.trim());
                  setPage(1);
                }}
                style={{ width: 200 }}
                data-testid="content-search"
              />
            </Space>
            <Table<ContentRow>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={list.data?.list ?? []}
              loading={list.isFetching && !list.isPlaceholderData}
              onRow={(r) => ({ "data-testid": "content-row", "data-id": r.id }) as React.HTMLAttributes<HTMLTableRowElement>}
              pagination={{
                current: page,
                pageSize: 10,
                total: list.data?.total ?? 0,
                onChange: setPage,
                showSizeChanger: false,
                size: "small",
                showTotal: (n) => `共 ${n} 句`,
              }}
            />
          </div>
          <div className="yk-ar-content-stats" data-testid="content-stats">
            {s ? (
              <>
                <div className="yk-ar-facts">
                  <div>
                    <span>实录句数</span>
                    <b data-testid="content-lines">{s.lines}</b>
                  </div>
                  <div>
                    <span>教师 / 学生</span>
                    <b>
                      {s.teacher_lines} / {s.student_lines}
                    </b>
                  </div>
                  <div>
                    <span>教师语速</span>
                    <b>{s.teacher_rate} 字/分</b>
                  </div>
                  <div>
                    <span>提问</span>
                    <b>{s.questions} 次</b>
                  </div>
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  高频词（结巴分词）
                </Typography.Text>
                {s.keywords.length ? (
                  <Chart option={wordsOption} height={Math.max(160, Math.min(12, s.keywords.length) * 22 + 40)} testId="content-words" />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有高频词" />
                )}
              </>
            ) : null}
          </div>
        </div>
      )}
    </Card>
  );
}

/**
 * 培训管理 → 学员进度 (#12): a completion chart (已完成 / 学习中 / 未开始), the enrolled teachers with progress bars,
 * watched time, items done, completion and certificate number, filters, and the .xlsx export.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, type TrainingEnrolRow, type TrainingRow } from "@yanke/protocol";
import { Button, Card, Col, Drawer, Input, Progress, Row, Segmented, Space, Statistic, Table, Tag } from "antd";
import { useEffect, useState } from "react";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { FIRST_PAGE, tablePagination, type PageState } from "../admin/common";
import { downloadFile } from "../admin/files";
import { EChart } from "../components/EChart";
import { EmptyState } from "../components/EmptyState";
import { spentText, StatusTag } from "./training-parts";

const STATE_COLORS: Record<number, string> = { 0: "default", 1: "processing", 2: "success" };

export function TrainingEnrolments({ training, onClose }: { training: TrainingRow | null; onClose: () => void }) {
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState("");
  const [state, setState] = useState<string>("all");
  const [exporting, setExporting] = useState(false);
  const id = training?.id ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: id is the trigger: another programme's enrolments start with cleared filters on the first page.
  useEffect(() => {
    setPaging(FIRST_PAGE);
    setKeyword("");
    setState("all");
  }, [id]);
  const payload = { id, ...paging, ...(keyword ? { keyword } : {}), ...(state !== "all" ? { state: Number(state) } : {}) };
  const q = useQuery({
    queryKey: ["training", "enrolments", payload],
    enabled: id > 0,
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
    queryFn: () => call(calls.trainingEnrolList, payload),
  });
  const st = q.data?.stats ?? { total: 0, completed: 0, in_progress: 0, not_started: 0 };
  const rate = st.total ? Math.round((st.completed * 100) / st.total) : 0;
  const exportXlsx = async () => {
    setExporting(true);
    try {
      const f = await call(calls.trainingEnrolExport, { id });
      downloadFile(f, "学员进度.xlsx");
      toast.success("已导出");
    } finally {
      setExporting(false);
    }
  };
  return (
    <Drawer
      open={training !== null}
      onClose={onClose}
      title={
        <Space>
          <span>学员进度：{training?.title}</span>
          {training ? <StatusTag status={training.status} /> : null}
        </Space>
      }
      size={Math.min(1000, window.innerWidth)}
      destroyOnHidden
      data-testid="training-enrol-drawer"
      extra={
        <Button onClick={() => void exportXlsx()} loading={exporting} disabled={!st.total} data-testid="training-export">
          导出 Excel
        </Button>
      }
    >
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={10}>
          <Card size="small" title="完成情况">
            {st.total ? (
              <EChart
                height={220}
                testId="training-completion-chart"
                option={{
                  tooltip: { trigger: "item", formatter: "{b}：{c} 人（{d}%）" },
                  legend: { bottom: 0 },
                  series: [
                    {
                      type: "pie",
                      radius: ["45%", "70%"],
                      center: ["50%", "44%"],
                      label: { show: true, formatter: "{c}" },
                      data: [
                        { name: "已完成", value: st.completed, itemStyle: { color: "#52c41a" } },
                        { name: "学习中", value: st.in_progress, itemStyle: { color: "#1677ff" } },
                        { name: "未开始", value: st.not_started, itemStyle: { color: "#bfbfbf" } },
                      ].filter((d) => d.value > 0),
                    },
                  ],
                }}
              />
            ) : (
              <EmptyState compact text="暂无学员报名" />
            )}
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Card size="small" title="概况" style={{ height: "100%" }}>
            <Row gutter={[16, 16]}>
              <Col span={8}>
                <Statistic title="报名人数" value={st.total} suffix="人" />
              </Col>
              <Col span={8}>
                <Statistic title="已完成" value={st.completed} suffix="人" valueStyle={{ color: "#389e0d" }} />
              </Col>
              <Col span={8}>
                <Statistic title="学习中" value={st.in_progress} suffix="人" valueStyle={{ color: "#1677ff" }} />
              </Col>
            </Row>
            <div style={{ marginTop: 20 }}>
              <div style={{ color: "#8a9690", marginBottom: 4 }}>完成率</div>
              <Progress percent={rate} status={rate === 100 ? "success" : "normal"} data-testid="training-completion-rate" />
            </div>
            <div style={{ color: "#8a9690", marginTop: 8 }}>
              合格标准：完成 {training?.pass_ratio ?? 100}% 的必修课程{training && training.hours > 0 ? `，计 ${training.hours} 学时` : ""}
            </div>
          </Card>
        </Col>
      </Row>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={state}
          onChange={(v) => {
            setState(String(v));
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={[
            { value: "all", label: "全部" },
            { value: "2", label: "已完成" },
            { value: "1", label: "学习中" },
            { value: "0", label: "未开始" },
          ]}
        />
        <Input.Search
          allowClear
          placeholder="教师姓名或账号"
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </Space>
      <Table<TrainingEnrolRow>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
        data-testid="training-enrol-table"
        columns={[
          { title: "教师", dataIndex: "account_name", width: 100 },
          { title: "学校", dataIndex: "school_name", width: 150, ellipsis: true },
          {
            title: "学习进度",
            dataIndex: "progress",
            width: 180,
            render: (p: number, r) => (
              <Progress percent={p} size="small" status={r.completed_at ? "success" : "active"} data-testid="training-enrol-progress" />
            ),
          },
          { title: "观看时长", dataIndex: "watched_seconds", width: 100, render: (s: number) => spentText(s) },
          { title: "已完成课程", width: 100, render: (_: unknown, r) => `${r.items_done} / ${r.items_required}` },
          { title: "状态", dataIndex: "state", width: 90, render: (s: number, r) => <Tag color={STATE_COLORS[s]}>{r.state_name}</Tag> },
          { title: "完成时间", dataIndex: "completed_at", width: 150, render: (s: string) => s.slice(0, 16) || "—" },
          { title: "证书编号", dataIndex: "certificate_no", width: 140, render: (s: string) => s || "—" },
        ]}
      />
    </Drawer>
  );
}

/**
 * 培训管理 (#12; docs/api/training.md): the programmes the caller manages (drafts included) with filters; 新建 / 编辑 —
 * the editor (TrainingEditor: the form, then the items: videos picked from the caller's scope, uploaded documents,
 * order, required, publish); 学员进度 (TrainingEnrolments: completion chart, progress table, .xlsx export); 删除.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, TRAINING_STATUS_NAMES, type TrainingRow } from "@yanke/protocol";
import { App, Button, Card, Input, Select, Space, Table, Tag } from "antd";
import { useState } from "react";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { FIRST_PAGE, tablePagination, useScreenTitle, type PageState } from "../admin/common";
import { EmptyState } from "../components/EmptyState";
import { TrainingEditor } from "./TrainingEditor";
import { TrainingEnrolments } from "./TrainingEnrolments";
import { hoursText, StatusTag, timeRange } from "./training-parts";

export function TrainingManagePage() {
  const title = useScreenTitle("培训管理");
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState("");
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [enrolOf, setEnrolOf] = useState<TrainingRow | null>(null);
  const payload = { ...paging, ...(status !== undefined ? { status } : {}), ...(keyword ? { keyword } : {}) };
  const q = useQuery({
    queryKey: ["training", "managed", payload],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.trainingList, payload),
  });
  const rows = q.data?.list ?? [];
  const refresh = () => void qc.invalidateQueries({ queryKey: ["training"] });

  const remove = (t: TrainingRow) =>
    modal.confirm({
      title: `删除「${t.title}」？`,
      content: "课程一并删除，不可恢复。已有学员报名的培训不能删除（可将其结束）。",
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        await call(calls.trainingDelete, { id: t.id });
        toast.success("已删除");
        refresh();
      },
    });
  const setStatusOf = (t: TrainingRow, next: number) =>
    modal.confirm({
      title: next === 1 ? `发布「${t.title}」？` : next === 2 ? `结束「${t.title}」？` : `撤回「${t.title}」为草稿？`,
      content: next === 1 ? "发布后范围内的教师即可报名学习。" : next === 2 ? "结束后教师不能再学习，已完成的证书仍可下载。" : "撤回后教师看不到该培训。",
      okText: "确定",
      cancelText: "取消",
      onOk: async () => {
        await call(calls.trainingSetStatus, { id: t.id, status: next });
        toast.success(next === 1 ? "已发布" : next === 2 ? "已结束" : "已撤回为草稿");
        refresh();
      },
    });

  return (
    <div className="yk-page" data-testid="TrainingManagePage">
      <Card
        title={title}
        extra={
          <Button type="primary" onClick={() => setEditing({ id: null })} data-testid="training-create">
            新建培训
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="全部状态"
            style={{ width: 140 }}
            value={status}
            onChange={(v: number | undefined) => {
              setStatus(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={Object.entries(TRAINING_STATUS_NAMES).map(([v, label]) => ({ value: Number(v), label }))}
            data-testid="training-status-filter"
          />
          <Input.Search
            allowClear
            placeholder="培训名称"
            style={{ width: 240 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        </Space>
        <Table
          rowKey="id"
          loading={q.isLoading}
          dataSource={rows}
          scroll={{ x: 1100 }}
          locale={{ emptyText: <EmptyState compact /> }}
          pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
          data-testid="training-table"
          columns={[
            {
              title: "培训名称",
              dataIndex: "title",
              render: (v: string, t) => (
                <a onClick={() => setEditing({ id: t.id })} data-testid="training-open">
                  {v}
                </a>
              ),
            },
            { title: "状态", dataIndex: "status", width: 90, render: (s: number) => <StatusTag status={s} /> },
            { title: "范围", dataIndex: "scope_name", width: 140 },
            { title: "学时", dataIndex: "hours", width: 70, render: (h: number) => hoursText(h) },
            { title: "课程", dataIndex: "item_count", width: 70 },
            { title: "报名时间", width: 200, render: (_: unknown, t) => timeRange(t.enrol_start, t.enrol_end) },
            {
              title: "报名 / 完成",
              width: 110,
              render: (_: unknown, t) => (
                <span>
                  {t.enrol_count} / <Tag color={t.completed_count ? "green" : undefined}>{t.completed_count}</Tag>
                </span>
              ),
            },
            { title: "创建者", dataIndex: "account_name", width: 120 },
            {
              title: "操作",
              key: "op",
              width: 250,
              fixed: "right",
              render: (_: unknown, t) => (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setEditing({ id: t.id })}>
                    编辑
                  </Button>
                  <Button type="link" size="small" onClick={() => setEnrolOf(t)} data-testid="training-enrolments">
                    学员进度
                  </Button>
                  {t.status === 0 ? (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setStatusOf(t, 1)}
                      disabled={t.item_count === 0}
                      title={t.item_count === 0 ? "请先添加课程" : undefined}
                    >
                      发布
                    </Button>
                  ) : t.status === 1 ? (
                    <Button type="link" size="small" onClick={() => setStatusOf(t, 2)}>
                      结束
                    </Button>
                  ) : (
                    <Button type="link" size="small" onClick={() => setStatusOf(t, 1)}>
                      重新发布
                    </Button>
                  )}
                  <Button type="link" size="small" danger disabled={t.status !== 0 && t.enrol_count > 0} onClick={() => remove(t)}>
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <TrainingEditor
        open={editing !== null}
        id={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onCreated={(id) => setEditing({ id })}
        onChanged={refresh}
      />
      <TrainingEnrolments training={enrolOf} onClose={() => setEnrolOf(null)} />
    </div>
  );
}

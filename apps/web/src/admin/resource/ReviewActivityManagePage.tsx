/**
 * 资源中心 → 评课活动 (#11; docs/api/review.md): the activities the caller manages (drafts included) with filters;
 * 新建 / 编辑 (ReviewActivityForm), 删除 (drafts or activities without works), and 管理 — the drawer with phases,
 * sign-ups, reviewers, allocation and results (ReviewActivityPanels).
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, REVIEW_PHASE_NAMES, type ReviewActivityRow } from "@yanke/protocol";
import { App, Button, Card, Input, Select, Space, Table } from "antd";
import { useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { PhaseBadge, range } from "../../front/review/review-parts";
import { FIRST_PAGE, tablePagination, useScreenTitle, type PageState } from "../common";
import { ReviewActivityForm } from "./ReviewActivityForm";
import { ReviewActivityDrawer } from "./ReviewActivityPanels";

export function ReviewActivityManagePage() {
  const title = useScreenTitle("评课活动");
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [phase, setPhase] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState("");
  const [editing, setEditing] = useState<{ a: ReviewActivityRow | null } | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const payload = { ...paging, ...(phase !== undefined ? { phase } : {}), ...(keyword ? { keyword } : {}) };
  const q = useQuery({
    queryKey: ["review", "managed", payload],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.reviewList, payload),
  });
  const rows = q.data?.list ?? [];
  const open = rows.find((r) => r.id === openId) ?? null;
  const refresh = () => void qc.invalidateQueries({ queryKey: ["review"] });
  const remove = (a: ReviewActivityRow) =>
    modal.confirm({
      title: `删除「${a.title}」？`,
      content: "报名与评审库一并删除，不可恢复。已有参评作品的活动不能删除。",
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        await call(calls.reviewDelete, { id: a.id });
        toast.success("已删除");
        refresh();
      },
    });
  return (
    <div className="yk-page" data-testid="ReviewActivityManagePage">
      <Card
        title={title}
        extra={
          <Button type="primary" onClick={() => setEditing({ a: null })} data-testid="review-create">
            新建活动
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="全部阶段"
            style={{ width: 140 }}
            value={phase}
            onChange={(v: number | undefined) => {
              setPhase(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={Object.entries(REVIEW_PHASE_NAMES).map(([v, label]) => ({ value: Number(v), label }))}
            data-testid="review-phase-filter"
          />
          <Input.Search
            allowClear
            placeholder="活动名称"
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
          scroll={{ x: 1000 }}
          locale={{ emptyText: <EmptyState compact /> }}
          pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
          data-testid="review-table"
          columns={[
            {
              title: "活动名称",
              dataIndex: "title",
              render: (v: string, a) => (
                <a onClick={() => setOpenId(a.id)} data-testid="review-open">
                  {v}
                </a>
              ),
            },
            { title: "阶段", dataIndex: "phase", width: 100, render: (p: number) => <PhaseBadge phase={p} inline /> },
            { title: "范围", dataIndex: "scope_name", width: 150 },
            { title: "报名时间", width: 200, render: (_: unknown, a) => range(a.signup_start, a.signup_end) },
            { title: "报名 / 作品 / 评审", width: 140, render: (_: unknown, a) => `${a.signup_count} / ${a.work_count} / ${a.reviewer_count}` },
            { title: "组织者", dataIndex: "account_name", width: 110 },
            {
              title: "操作",
              key: "op",
              width: 180,
              fixed: "right",
              render: (_: unknown, a) => (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => setOpenId(a.id)}>
                    管理
                  </Button>
                  <Button type="link" size="small" onClick={() => setEditing({ a })}>
                    编辑
                  </Button>
                  <Button type="link" size="small" danger disabled={a.phase !== 0 && a.work_count > 0} onClick={() => remove(a)}>
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ReviewActivityForm
        open={editing !== null}
        activity={editing?.a ?? null}
        onClose={() => setEditing(null)}
        onSaved={(a) => {
          setEditing(null);
          refresh();
          if (!editing?.a) setOpenId(a.id);
        }}
      />
      <ReviewActivityDrawer activity={open} onClose={() => setOpenId(null)} onChanged={refresh} />
    </div>
  );
}

/**
 * 资源中心 → 评课活动: one activity's management drawer (#11): the phase stepper with 前进 / 退回, sign-ups and works,
 * the reviewer pool (teachers of the scope through the account list), allocation (random or by hand) with the
 * work × reviewer matrix and each reviewer's progress, and the results with a bar chart.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, REVIEW_PHASE_NAMES, REVIEW_SCORE_STATES, type ReviewActivityRow, type ReviewAllocation } from "@yanke/protocol";
import { App, Button, Drawer, Progress, Select, Space, Table, Tabs, Tag, Tooltip } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { useHref } from "react-router";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { PhaseBadge, PhaseSteps, ScoreBarChart } from "../../front/review/review-parts";
import { rbacApi } from "../api";

const STATE_COLORS: Record<string, string> = { todo: "default", draft: "processing", submitted: "success" };

/** A front-site page in a new tab (hash or history routing alike). */
function FrontLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}

const NEXT_HINT: Record<number, string> = {
  0: "发布活动，进入报名阶段（教师可报名）",
  1: "结束报名，进入作品提交阶段",
  2: "结束提交，进入评审阶段（需至少一件作品）",
  3: "结束评审并公示结果（计算平均分与名次）",
};

export function ReviewActivityDrawer({ activity, onClose, onChanged }: { activity: ReviewActivityRow | null; onClose: () => void; onChanged: () => void }) {
  const [tab, setTab] = useState("phase");
  // biome-ignore lint/correctness/useExhaustiveDependencies: activity?.id is the trigger: another activity opens on the phase tab.
  useEffect(() => setTab("phase"), [activity?.id]);
  const a = activity;
  return (
    <Drawer
      open={Boolean(a)}
      onClose={onClose}
      width={1040}
      title={
        a ? (
          <span>
            {a.title} <PhaseBadge phase={a.phase} inline />
          </span>
        ) : null
      }
      destroyOnHidden
      data-testid="review-drawer"
    >
      {a ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: "phase", label: "阶段", children: <PhasePanel a={a} onChanged={onChanged} /> },
            { key: "signups", label: `报名与作品（${a.signup_count}）`, children: <SignupPanel a={a} /> },
            { key: "reviewers", label: `评审专家（${a.reviewer_count}）`, children: <ReviewerPanel a={a} onChanged={onChanged} /> },
            { key: "allocation", label: "评审分配", children: <AllocationPanel a={a} /> },
            { key: "results", label: "评审结果", children: <ResultPanel a={a} /> },
          ]}
        />
      ) : null}
    </Drawer>
  );
}

function PhasePanel({ a, onChanged }: { a: ReviewActivityRow; onChanged: () => void }) {
  const { modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const go = (to: number) =>
    modal.confirm({
      title: to > a.phase ? `进入「${REVIEW_PHASE_NAMES[to]}」阶段？` : `退回「${REVIEW_PHASE_NAMES[to]}」阶段？`,
      content: to > a.phase ? NEXT_HINT[a.phase] : a.phase === 4 ? "退回评审将撤下公示的名次，评审专家可继续修改评分。" : "退回上一阶段。",
      okText: "确定",
      cancelText: "取消",
      onOk: async () => {
        setBusy(true);
        try {
          const r = await call(calls.reviewSetPhase, { id: a.id, phase: to });
          toast.success(to === 4 ? `结果已公示，${r.ranked} 件作品获得名次` : `已进入「${r.phase_name}」阶段`);
          onChanged();
        } finally {
          setBusy(false);
        }
      },
    });
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 20 }}>
      <PhaseSteps a={a} />
      <div style={{ display: "flex", gap: 12, alignItems: "center", flexWrap: "wrap" }}>
        <span>
          当前阶段：
          <PhaseBadge phase={a.phase} inline />
        </span>
        {a.phase > 0 ? (
          <Button onClick={() => go(a.phase - 1)} loading={busy} data-testid="phase-back">
            退回「{REVIEW_PHASE_NAMES[a.phase - 1]}」
          </Button>
        ) : null}
        {a.phase < 4 ? (
          <Tooltip title={NEXT_HINT[a.phase]}>
            <Button type="primary" onClick={() => go(a.phase + 1)} loading={busy} data-testid="phase-next">
              {a.phase === 0 ? "发布活动" : a.phase === 3 ? "公示结果" : `进入「${REVIEW_PHASE_NAMES[a.phase + 1]}」`}
            </Button>
          </Tooltip>
        ) : null}
        <FrontLink to={`/foreground/activityCourseDetails?id=${a.id}`}>在前台查看</FrontLink>
      </div>
      <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))", gap: 12 }}>
        {[
          ["报名教师", a.signup_count],
          ["参评作品", a.work_count],
          ["评审专家", a.reviewer_count],
          ["每件作品评审", a.reviewers_per_work],
        ].map(([k, v]) => (
          <div key={k} style={{ border: "1px solid #e5e7eb", borderRadius: 8, padding: "10px 14px" }}>
            <div style={{ color: "#6b7280", fontSize: 13 }}>{k}</div>
            <div style={{ fontSize: 22, fontWeight: 600 }}>{v}</div>
          </div>
        ))}
      </div>
    </div>
  );
}

function SignupPanel({ a }: { a: ReviewActivityRow }) {
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const q = useQuery({
    queryKey: ["review", "signups", a.id, paging],
    queryFn: () => call(calls.reviewSignupList, { id: a.id, ...paging }),
  });
  return (
    <Table
      size="middle"
      rowKey="id"
      loading={q.isLoading}
      dataSource={q.data?.list ?? []}
      locale={{ emptyText: <EmptyState compact /> }}
      data-testid="signup-table"
      pagination={{
        current: paging.page,
        pageSize: paging.limit,
        total: q.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50],
        showTotal: (t) => `共 ${t} 人`,
        onChange: (page, limit) => setPaging({ page, limit }),
      }}
      columns={[
        { title: "教师", dataIndex: "account_name", width: 120 },
        { title: "学校", dataIndex: "school_name" },
        { title: "报名时间", dataIndex: "created_at", width: 170 },
        {
          title: "参评作品",
          dataIndex: "work_title",
          render: (v: string, r) =>
            r.work_id ? <FrontLink to={`/foreground/activityWorks?id=${r.work_id}`}>{v}</FrontLink> : <span className="yk-muted">未提交</span>,
        },
      ]}
    />
  );
}

function ReviewerPanel({ a, onChanged }: { a: ReviewActivityRow; onChanged: () => void }) {
  const qc = useQueryClient();
  const pool = useQuery({ queryKey: ["review", "reviewers", a.id], queryFn: () => call(calls.reviewReviewers, { id: a.id }) });
  const [keyword, setKeyword] = useState("");
  const [picked, setPicked] = useState<number[] | null>(null);
  const candidates = useQuery({
    queryKey: ["review", "candidates", a.school_id, keyword],
    staleTime: 30_000,
    queryFn: () => rbacApi.accountList({ page: 1, limit: 50, ...(a.school_id ? { school_id: a.school_id } : {}), ...(keyword ? { keyword } : {}), status: 1 }),
  });
  const current = pool.data?.list ?? [];
  const value = picked ?? current.map((r) => r.account_id);
  const options = new Map<number, string>();
  for (const r of current) options.set(r.account_id, `${r.realname}（${r.school_name || "—"}）`);
  for (const c of candidates.data?.list ?? []) if (!options.has(c.id)) options.set(c.id, `${c.realname || c.username}（${c.school_name || c.username}）`);
  const save = async () => {
    await call(calls.reviewReviewersSet, { id: a.id, account_ids: value });
    toast.success("评审专家已保存");
    setPicked(null);
    void qc.invalidateQueries({ queryKey: ["review"] });
    onChanged();
  };
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <Space.Compact style={{ width: "100%" }}>
        <Select
          mode="multiple"
          style={{ width: "100%" }}
          placeholder="搜索并选择教师或专家（活动范围内的账号）"
          value={value}
          onChange={(v: number[]) => setPicked(v)}
          showSearch
          filterOption={false}
          onSearch={(s) => setKeyword(s.trim())}
          loading={candidates.isFetching}
          options={[...options.entries()].map(([v, label]) => ({ value: v, label }))}
          disabled={a.phase === 4}
          data-testid="reviewer-picker"
        />
        <Button type="primary" onClick={() => void save()} disabled={picked === null || a.phase === 4} data-testid="reviewer-save">
          保存评审库
        </Button>
      </Space.Compact>
      <Table
        size="middle"
        rowKey="account_id"
        loading={pool.isLoading}
        dataSource={current}
        pagination={false}
        locale={{ emptyText: <EmptyState compact text="尚未设置评审专家" /> }}
        columns={[
          { title: "评审专家", dataIndex: "realname", width: 140 },
          { title: "学校", dataIndex: "school_name" },
          { title: "分配作品", dataIndex: "assigned", width: 100 },
          {
            title: "评审进度",
            width: 220,
            render: (_: unknown, r) => (
              <Progress size="small" percent={r.assigned ? Math.round((100 * r.submitted) / r.assigned) : 0} format={() => `${r.submitted}/${r.assigned}`} />
            ),
          },
        ]}
      />
    </div>
  );
}

function AllocationPanel({ a }: { a: ReviewActivityRow }) {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const q = useQuery({ queryKey: ["review", "allocation", a.id], queryFn: () => call(calls.reviewAllocation, { id: a.id }) });
  const [editing, setEditing] = useState<{ work_id: number; ids: number[] } | null>(null);
  const canAllocate = a.phase === 2 || a.phase === 3;
  const refresh = () => void qc.invalidateQueries({ queryKey: ["review"] });
  const random = () =>
    modal.confirm({
      title: "随机平均分配评审？",
      content: `每件作品分配 ${a.reviewers_per_work} 位评审（不含作者），各评审任务数相差不超过 1。已开始评分的任务保留，其余重新分配。`,
      okText: "分配",
      cancelText: "取消",
      onOk: async () => {
        const r = await call(calls.reviewAllocate, { id: a.id, mode: 2 });
        toast.success(`分配完成：新建 ${r.created} 项，保留 ${r.kept} 项`);
        refresh();
      },
    });
  const saveManual = async () => {
    if (!editing) return;
    await call(calls.reviewAllocate, { id: a.id, mode: 1, work_id: editing.work_id, reviewer_ids: editing.ids });
    toast.success("已保存");
    setEditing(null);
    refresh();
  };
  const data = q.data;
  if (!data) return q.isLoading ? null : <EmptyState />;
  const cell = (workId: number, reviewerId: number) => data.assignments.find((x) => x.work_id === workId && x.reviewer_id === reviewerId);
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <Space wrap>
        <Button type="primary" onClick={random} disabled={!canAllocate || !data.works.length || !data.reviewers.length} data-testid="allocate-random">
          随机平均分配
        </Button>
        <span className="yk-muted">
          {canAllocate ? `每件作品 ${a.reviewers_per_work} 位评审；也可在每行「调整」中手动指定` : "作品提交或评审阶段才能分配评审"}
        </span>
      </Space>
      <Table
        size="small"
        rowKey="id"
        className="ykr-matrix"
        dataSource={data.works}
        pagination={false}
        scroll={{ x: 320 + data.reviewers.length * 110 }}
        locale={{ emptyText: <EmptyState compact text="暂无参评作品" /> }}
        data-testid="allocation-matrix"
        columns={[
          {
            title: "作品",
            dataIndex: "title",
            fixed: "left",
            width: 200,
            render: (v: string, w) => (
              <span title={v}>
                {v}
                <br />
                <span className="yk-muted">{w.account_name}</span>
              </span>
            ),
          },
          ...data.reviewers.map((r) => ({
            title: (
              <span>
                {r.realname}
                <br />
                <span className="yk-muted" style={{ fontWeight: "normal" }}>
                  {r.submitted}/{r.assigned}
                </span>
              </span>
            ),
            key: `r${r.account_id}`,
            width: 110,
            onCell: () => ({ className: "ykr-cell" }),
            render: (_: unknown, w: ReviewAllocation["works"][number]) => {
              if (w.account_id === r.account_id) return <span className="yk-muted">作者</span>;
              const c = cell(w.id, r.account_id);
              return c ? (
                <Tag color={STATE_COLORS[c.state]}>{c.state === "submitted" && c.total !== null ? `${c.total} 分` : REVIEW_SCORE_STATES[c.state]}</Tag>
              ) : null;
            },
          })),
          {
            title: "操作",
            key: "op",
            fixed: "right",
            width: editing ? 320 : 80,
            render: (_: unknown, w) =>
              editing?.work_id === w.id ? (
                <Space.Compact>
                  <Select
                    mode="multiple"
                    style={{ width: 200 }}
                    value={editing.ids}
                    onChange={(ids: number[]) => setEditing({ work_id: w.id, ids })}
                    options={data.reviewers.filter((r) => r.account_id !== w.account_id).map((r) => ({ value: r.account_id, label: r.realname }))}
                  />
                  <Button type="primary" onClick={() => void saveManual()}>
                    保存
                  </Button>
                  <Button onClick={() => setEditing(null)}>取消</Button>
                </Space.Compact>
              ) : (
                <Button
                  type="link"
                  size="small"
                  disabled={!canAllocate}
                  onClick={() => setEditing({ work_id: w.id, ids: data.assignments.filter((x) => x.work_id === w.id).map((x) => x.reviewer_id) })}
                >
                  调整
                </Button>
              ),
          },
        ]}
      />
    </div>
  );
}

function ResultPanel({ a }: { a: ReviewActivityRow }) {
  const q = useQuery({
    queryKey: ["review", "results", a.id],
    enabled: a.phase === 4,
    queryFn: () => call(calls.webReviewResults, { id: a.id }),
  });
  const works = useQuery({
    queryKey: ["review", "works-admin", a.id],
    enabled: a.phase !== 4,
    queryFn: () => call(calls.webReviewWorkList, { activity_id: a.id, page: 1, limit: 50 }),
  });
  if (a.phase !== 4)
    return <EmptyState text={`结果公示阶段才有排名（当前：${REVIEW_PHASE_NAMES[a.phase]}，已提交作品 ${works.data?.total ?? a.work_count} 件）`} />;
  const list = q.data?.list ?? [];
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <ScoreBarChart list={list} />
      <Table
        size="middle"
        rowKey="work_id"
        pagination={false}
        dataSource={list}
        loading={q.isLoading}
        data-testid="admin-results"
        columns={[
          { title: "名次", dataIndex: "rank", width: 70, render: (v: number | null) => v ?? "—" },
          { title: "作品", dataIndex: "title" },
          { title: "作者", dataIndex: "account_name", width: 100 },
          { title: "学校", dataIndex: "school_name", width: 180 },
          { title: "评审人数", dataIndex: "reviewer_count", width: 90 },
          { title: "平均分", dataIndex: "score", width: 90, render: (v: number | null) => (v === null ? "未评" : v) },
        ]}
      />
    </div>
  );
}

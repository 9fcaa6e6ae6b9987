/**
 * 问卷管理 (administrators: the questionnaires of their school/region and their own) and 我的问卷 (every teacher:
 * 待填写 — questionnaires he may answer — and 我创建的). The list opens the builder, the results and the share link
 * (URL + QR code); publish / close / reopen, copy, delete (docs/api/questionnaire.md).
 */
import { CopyOutlined, PlusOutlined, QrcodeOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { AUDIENCE_TYPE_NAMES, QUESTIONNAIRE_STATUS_NAMES, type QuestionnaireRow } from "@yanke/protocol";
import { App, Button, Card, Input, Modal, QRCode, Segmented, Select, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "../api/toast";
import { FIRST_PAGE, tablePagination, useScreenTitle, type PageState } from "../admin/common";
import { config } from "../config";
import { answerPath, qnApi, STATUS_COLORS } from "./api";
import { Builder, type BuilderPreset } from "./Builder";
import { ResultsDrawer } from "./Results";

const ningxia = () => config.edition === "NINGXIA";

/** The full link of the answering page (hash routes). */
export function shareUrl(id: number): string {
  return `${window.location.origin}${window.location.pathname}#${answerPath(id, ningxia())}`;
}

export function QuestionnaireManagePage() {
  const title = useScreenTitle("问卷管理");
  return (
    <div className="yk-page" data-testid="QuestionnaireManagePage">
      <Card title={title}>
        <ManagedList />
      </Card>
    </div>
  );
}

export function MyQuestionnairePage() {
  const title = useScreenTitle("我的问卷");
  const [tab, setTab] = useState("todo");
  return (
    <div className="yk-page" data-testid="MyQuestionnairePage">
      <Card title={title}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: "todo", label: "待填写", children: <ToAnswer /> },
            { key: "created", label: "我创建的", children: <ManagedList /> },
          ]}
        />
      </Card>
    </div>
  );
}

const timeRange = (r: QuestionnaireRow) =>
  r.start_time || r.end_time ? `${r.start_time?.slice(0, 16) ?? "不限"} ~ ${r.end_time?.slice(0, 16) ?? "不限"}` : "不限";

function audienceText(r: QuestionnaireRow) {
  const t = AUDIENCE_TYPE_NAMES[r.audience_type] ?? "";
  if (r.audience_type === 5) return `${t}${r.login_required ? "（需登录）" : ""}`;
  return r.audience_name ? `${t}：${r.audience_name}` : t;
}

/**
 * The questionnaires the caller manages, with every action. `communityId`: only those of one community (the
 * community tab), and new ones are preset to it.
 */
export function ManagedList({ communityId, preset }: { communityId?: number; preset?: BuilderPreset }) {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [draft, setDraft] = useState<{ keyword: string; status?: number; audience_type?: number }>({ keyword: "" });
  const [filters, setFilters] = useState(draft);
  const [building, setBuilding] = useState<number | "new" | null>(null);
  const [results, setResults] = useState<QuestionnaireRow | null>(null);
  const [sharing, setSharing] = useState<QuestionnaireRow | null>(null);
  const list = useQuery({
    queryKey: ["questionnaire", "list", paging, filters, communityId],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () =>
      qnApi.list({ ...paging, keyword: filters.keyword || undefined, status: filters.status, audience_type: filters.audience_type, community_id: communityId }),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ["questionnaire"] });

  const setStatus = async (r: QuestionnaireRow, status: number, done: string) => {
    try {
      await qnApi.setStatus(r.id, status);
      toast.success(done);
      refresh();
    } catch {
      /* shown */
    }
  };
  const publish = (r: QuestionnaireRow) => {
    if (r.question_count === 0) {
      toast.error("问卷还没有题目，请先编辑添加题目");
      return;
    }
    modal.confirm({
      title: "发布问卷",
      content: `发布后「${r.title}」即可开始收集答卷（答卷范围：${audienceText(r)}）。`,
      okText: "发布",
      cancelText: "取消",
      okButtonProps: { "data-testid": "qn-publish-ok" },
      onOk: () => setStatus(r, 1, "已发布"),
    });
  };
  const close = (r: QuestionnaireRow) =>
    modal.confirm({
      title: "结束问卷",
      content: `结束后「${r.title}」不再接收答卷，可以重新开放。`,
      okText: "结束",
      cancelText: "取消",
      onOk: () => setStatus(r, 2, "问卷已结束"),
    });
  const remove = (r: QuestionnaireRow) =>
    modal.confirm({
      title: "删除问卷",
      content: `确定删除「${r.title}」吗？${r.response_count ? `已收集的 ${r.response_count} 份答卷将一并删除，` : ""}删除后不能恢复。`,
      okText: "删除",
      cancelText: "取消",
      okButtonProps: { danger: true, "data-testid": "qn-delete-ok" },
      onOk: async () => {
        try {
          await qnApi.remove(r.id);
          toast.success("删除成功");
          refresh();
        } catch {
          /* shown */
        }
      },
    });
  const copy = async (r: QuestionnaireRow) => {
    try {
      const c = await qnApi.copy(r.id);
      toast.success("已复制为新的草稿");
      refresh();
      setBuilding(c.id);
    } catch {
      /* shown */
    }
  };

  const columns: TableColumnsType<QuestionnaireRow> = [
    {
      title: "问卷标题",
      dataIndex: "title",
      ellipsis: true,
      render: (v: string, r) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis data-testid="qn-row-title">
            {v}
          </Typography.Text>
          <div style={{ color: "#8a9690", fontSize: 12 }}>
            {r.question_count} 题 · {r.author_name}
            {r.anonymous ? " · 匿名" : ""}
          </div>
        </div>
      ),
    },
    { title: "答卷范围", key: "audience", width: 200, ellipsis: true, render: (_, r) => audienceText(r) },
    {
      title: "状态",
      dataIndex: "status",
      width: 90,
      render: (v: number, r) => (
        <Tag color={STATUS_COLORS[v]} data-testid="qn-row-status">
          {r.status_name || QUESTIONNAIRE_STATUS_NAMES[v]}
        </Tag>
      ),
    },
    { title: "答卷", dataIndex: "response_count", width: 70, align: "right", render: (v: number) => <span data-testid="qn-row-responses">{v}</span> },
    {
      title: "时间",
      key: "time",
      width: 250,
      render: (_, r) => (
        <div style={{ fontSize: 12, lineHeight: 1.6 }}>
          <div>开放：{timeRange(r)}</div>
          <div style={{ color: "#8a9690" }}>创建：{r.created_at?.slice(0, 16)}</div>
        </div>
      ),
    },
    {
      title: "操作",
      key: "ops",
      width: 350,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setBuilding(r.id)} data-testid="qn-edit" disabled={!r.can_manage}>
            编辑
          </Button>
          {r.status === 0 ? (
            <Button type="link" size="small" onClick={() => publish(r)} data-testid="qn-publish" disabled={!r.can_manage}>
              发布
            </Button>
          ) : r.status === 1 ? (
            <Button type="link" size="small" onClick={() => close(r)} data-testid="qn-close" disabled={!r.can_manage}>
              结束
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => void setStatus(r, 1, "已重新开放")} data-testid="qn-reopen" disabled={!r.can_manage}>
              重新开放
            </Button>
          )}
          <Button type="link" size="small" onClick={() => void copy(r)} data-testid="qn-copy">
            复制
          </Button>
          <Button type="link" size="small" onClick={() => setResults(r)} data-testid="qn-results-open" disabled={r.status === 0 && r.response_count === 0}>
            结果
          </Button>
          <Button type="link" size="small" onClick={() => setSharing(r)} data-testid="qn-share" disabled={r.status === 0}>
            分享链接
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(r)} data-testid="qn-delete" disabled={!r.can_manage}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  const search = () => {
    setPaging((p) => ({ ...p, page: 1 }));
    setFilters(draft);
  };
  return (
    <>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap", marginBottom: 12 }}>
        <Input
          allowClear
          placeholder="问卷标题"
          style={{ width: 200 }}
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
          onPressEnter={search}
        />
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 110 }}
          value={draft.status}
          onChange={(v: number | undefined) => setDraft({ ...draft, status: v })}
          options={Object.entries(QUESTIONNAIRE_STATUS_NAMES).map(([v, label]) => ({ value: Number(v), label }))}
        />
        {communityId ? null : (
          <Select
            allowClear
            placeholder="答卷范围"
            style={{ width: 170 }}
            value={draft.audience_type}
            onChange={(v: number | undefined) => setDraft({ ...draft, audience_type: v })}
            options={Object.entries(AUDIENCE_TYPE_NAMES).map(([v, label]) => ({ value: Number(v), label }))}
          />
        )}
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          查询
        </Button>
        <Button
          onClick={() => {
            setDraft({ keyword: "" });
            setFilters({ keyword: "" });
            setPaging(FIRST_PAGE);
          }}
        >
          重置
        </Button>
        <span style={{ flex: 1 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setBuilding("new")} data-testid="qn-new">
          新建问卷
        </Button>
      </div>
      <Table
        rowKey="id"
        size="middle"
        data-testid="qn-table"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.list ?? []}
        columns={columns}
        locale={{ emptyText: "暂无数据" }}
        scroll={{ x: 1150 }}
        pagination={tablePagination(paging, list.data?.total ?? 0, setPaging)}
      />
      <Builder
        target={building}
        preset={preset}
        onClose={() => setBuilding(null)}
        onSaved={() => {
          setBuilding(null);
          refresh();
        }}
      />
      <ResultsDrawer id={results?.id ?? null} title={results?.title} onClose={() => setResults(null)} />
      <ShareDialog row={sharing} onClose={() => setSharing(null)} />
    </>
  );
}

export function ShareDialog({ row, onClose }: { row: QuestionnaireRow | null; onClose: () => void }) {
  const url = row ? shareUrl(row.id) : "";
  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("链接已复制");
    } catch {
      toast.error("复制失败，请手动选择链接复制");
    }
  };
  return (
    <Modal open={row !== null} onCancel={onClose} footer={null} title="分享问卷" width={460} data-testid="qn-share-dialog">
      {row ? (
        <div style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 12 }}>
          <div style={{ fontWeight: 600 }}>{row.title}</div>
          <QRCode value={url} size={200} icon={undefined} />
          <Space.Compact style={{ width: "100%" }}>
            <Input readOnly value={url} data-testid="qn-share-url" onFocus={(e) => e.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copyUrl()}>
              复制
            </Button>
          </Space.Compact>
          <div style={{ color: "#8a9690", fontSize: 12, textAlign: "center" }}>
            <QrcodeOutlined /> 微信扫码或在浏览器中打开链接即可填写；答卷范围：{audienceText(row)}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

/** 待填写: the published questionnaires the caller may answer, with his state. */
function ToAnswer() {
  const navigate = useNavigate();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [answered, setAnswered] = useState<"0" | "1" | "all">("0");
  const q = useQuery({
    queryKey: ["questionnaire", "mine", paging, answered],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () => qnApi.mine({ ...paging, answered: answered === "all" ? undefined : Number(answered) }),
  });
  const columns: TableColumnsType<QuestionnaireRow> = [
    { title: "问卷标题", dataIndex: "title", ellipsis: true, render: (v: string, r) => <a onClick={() => navigate(answerPath(r.id, ningxia()))}>{v}</a> },
    { title: "发起人", dataIndex: "author_name", width: 110 },
    { title: "答卷范围", key: "aud", width: 200, ellipsis: true, render: (_, r) => audienceText(r) },
    { title: "截止时间", dataIndex: "end_time", width: 170, render: (v: string | null) => v?.slice(0, 16) ?? "不限" },
    { title: "我的状态", dataIndex: "my_state", width: 100, render: (v: QuestionnaireRow["my_state"]) => <MyState state={v} /> },
    {
      title: "操作",
      key: "ops",
      width: 100,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => navigate(answerPath(r.id, ningxia()))} data-testid="qn-answer">
          {r.my_state === "submitted" ? "查看" : r.my_state === "draft" ? "继续填写" : "填写"}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={answered}
        onChange={(v) => {
          setAnswered(v as "0" | "1" | "all");
          setPaging(FIRST_PAGE);
        }}
        options={[
          { value: "0", label: "未提交" },
          { value: "1", label: "已提交" },
          { value: "all", label: "全部" },
        ]}
      />
      <Table
        rowKey="id"
        size="middle"
        loading={q.isFetching && !q.data}
        dataSource={q.data?.list ?? []}
        columns={columns}
        locale={{ emptyText: "暂无数据" }}
        scroll={{ x: 860 }}
        pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
      />
    </>
  );
}

export function MyState({ state }: { state: QuestionnaireRow["my_state"] }) {
  if (state === "submitted") return <Tag color="green">已提交</Tag>;
  if (state === "draft") return <Tag color="blue">填写中</Tag>;
  return <Tag>未填写</Tag>;
}

/**
 * 我的社区 (/community/home without a current community): 我创建的 (c187), 我加入的 (c186), 全部申请 (c188),
 * 加入社区 (c177 + c184 with the apply dialog), and for administrators 待审核 (c177 status 0 + c191).
 */
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type Call, calls, COMMUNITY_LEVELS, COMMUNITY_TYPES, PAGE, type CommunityItem, type FileRecord } from "@yanke/protocol";
import { Button, Card, Form, Input, Modal, Pagination, Radio, Select, Table, Tabs, Tag, Typography, type TableColumnsType } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { FileUpload } from "../../components/upload/FileUpload";
import { useSession } from "../../session/store";
import { CommunityForm } from "./CommunityForm";
import { ADMIN_IDENTITIES, CommunityLogo, STATUS_COLORS, api, openCommunity, spaceHref, useMyCommunities, useRefreshCommunity } from "./common";

type MyTab = "created" | "joined" | "all";
const MY_CALL = { created: calls.myCreateCommunity, joined: calls.myJoinCommunity, all: calls.myCommunityList } satisfies Record<MyTab, Call>;

export function MyCommunities() {
  const session = useSession();
  const isAdmin = ADMIN_IDENTITIES.includes(session.identity);
  const [tab, setTab] = useState<string>(isAdmin ? "verify" : "created");
  const [creating, setCreating] = useState(false);
  const refresh = useRefreshCommunity();
  const navigate = useNavigate();

  const items = [
    { key: "created", label: "我创建的", children: <MyList kind="created" /> },
    { key: "joined", label: "我加入的", children: <MyList kind="joined" /> },
    { key: "all", label: "全部申请", children: <MyList kind="all" /> },
    { key: "join", label: "加入社区", children: <JoinList /> },
    ...(isAdmin ? [{ key: "verify", label: "待审核", children: <VerifyList /> }] : []),
  ];
  return (
    <div className="yk-page" data-testid="CommunityHomePage">
      <Card styles={{ body: { padding: "12px 16px 4px" } }}>
        <div style={{ display: "flex", alignItems: "center", marginBottom: 4 }}>
          <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
            我的社区
          </Typography.Title>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="community-create">
            创建社区
          </Button>
        </div>
        <Tabs activeKey={tab} onChange={setTab} items={items} data-testid="my-community-tabs" destroyOnHidden />
      </Card>
      <CommunityForm
        open={creating}
        editing={null}
        onClose={() => setCreating(false)}
        onSaved={(c) => {
          setCreating(false);
          refresh();
          if (c.status === 1) {
            openCommunity(c);
            void navigate(spaceHref("/community/home", c.id));
          } else setTab("created");
        }}
      />
    </div>
  );
}

function StatusTag({ c }: { c: CommunityItem }) {
  return (
    <Tag color={STATUS_COLORS[c.status]} data-testid="community-status">
      {c.status_name}
    </Tag>
  );
}

/** One of my lists as cards. */
function MyList({ kind }: { kind: MyTab }) {
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "mine", kind, page],
    placeholderData: keepPreviousData,
    queryFn: () => api(MY_CALL[kind], { page, limit: 12 }),
  });
  const rows = q.data?.list ?? [];
  if (!q.isLoading && rows.length === 0)
    return <EmptyState text={kind === "created" ? "您还没有创建社区" : kind === "joined" ? "您还没有加入社区" : "暂无数据"} />;
  return (
    <div data-testid={`my-list-${kind}`}>
      <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(360px, 1fr))", gap: 12 }}>
        {rows.map((c) => {
          const usable = c.status === 1 && c.member_status === 1;
          return (
            <Card key={c.id} size="small" data-testid="my-community-card">
              <div style={{ display: "flex", gap: 12 }}>
                <CommunityLogo id={c.id} name={c.name} url={c.logo_url} size={56} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text strong ellipsis style={{ display: "block", fontSize: 15 }} data-testid="my-community-name">
                    {c.name}
                  </Typography.Text>
                  <div style={{ margin: "4px 0" }}>
                    <Tag color="green">{c.type_name}</Tag>
                    <Tag>{c.level_name}</Tag>
                    {c.status !== 1 ? <StatusTag c={c} /> : null}
                    {c.member_status !== 1 ? (
                      <Tag color={c.member_status === 0 ? "orange" : "red"}>{c.member_status === 0 ? "申请审核中" : "申请未通过"}</Tag>
                    ) : (
                      <Tag color="blue">{c.role_name}</Tag>
                    )}
                  </div>
                  <div style={{ color: "#8a9690", fontSize: 12 }}>
                    {c.member_count} 名成员 · 创建者 {c.owner_name || "—"} · {c.created_at.slice(0, 10)}
                  </div>
                  {c.status === 2 && c.verify_reason ? <div style={{ color: "#cf1322", fontSize: 12, marginTop: 4 }}>未通过原因：{c.verify_reason}</div> : null}
                </div>
                <div style={{ alignSelf: "center" }}>
                  <Button
                    type={usable ? "primary" : "default"}
                    disabled={!usable}
                    onClick={() => {
                      openCommunity(c);
                      void navigate(spaceHref("/community/home", c.id));
                    }}
                    data-testid="my-community-open"
                  >
                    {usable ? "进入社区" : c.status === 0 ? "待审核" : c.status === 2 ? "未通过" : "不可用"}
                  </Button>
                </div>
              </div>
            </Card>
          );
        })}
      </div>
      {(q.data?.total ?? 0) > 12 ? (
        <Pagination
          style={{ marginTop: 12, textAlign: "right" }}
          current={page}
          pageSize={12}
          total={q.data?.total ?? 0}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </div>
  );
}

/** 加入社区: the searchable list of communities (c177) with join / apply. */
function JoinList() {
  const [draft, setDraft] = useState({ name: "", type: undefined as number | undefined, level: undefined as number | undefined });
  const [filters, setFilters] = useState(draft);
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: PAGE.defaultLimit });
  const [applying, setApplying] = useState<CommunityItem | null>(null);
  const mine = useMyCommunities();
  const refresh = useRefreshCommunity();
  const navigate = useNavigate();
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "list", "join", filters, paging],
    placeholderData: keepPreviousData,
    queryFn: () => api(calls.communityList, { ...paging, name: filters.name || undefined, type: filters.type, level: filters.level, status: 1 }),
  });
  const my = new Map((mine.data?.list ?? []).map((c) => [c.id, c]));

  const join = async (c: CommunityItem) => {
    if (c.join_mode === 1 || c.apply_template_url) {
      setApplying(c);
      return;
    }
    try {
      await api(calls.communityJoin, { community_id: c.id });
      toast.success(`已加入「${c.name}」`);
      refresh();
      openCommunity(c);
      void navigate(spaceHref("/community/home", c.id));
    } catch {
      /* shown by the API client */
    }
  };

  const columns: TableColumnsType<CommunityItem> = [
    {
      title: "社区",
      dataIndex: "name",
      render: (_, c) => (
        <div style={{ display: "flex", gap: 10, alignItems: "center" }}>
          <CommunityLogo id={c.id} name={c.name} url={c.logo_url} size={36} />
          <div style={{ minWidth: 0 }}>
            <div style={{ fontWeight: 600 }} data-testid="join-row-name">
              {c.name}
            </div>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 420, display: "block" }}>
              {c.introduction || "暂无简介"}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    { title: "类型", dataIndex: "type_name", width: 120 },
    { title: "级别", dataIndex: "level_name", width: 80 },
    { title: "所属", dataIndex: "region_name", width: 160, ellipsis: true },
    { title: "成员", dataIndex: "member_count", width: 70, align: "right" },
    {
      title: "加入方式",
      width: 100,
      render: (_, c) => (c.join_mode === 1 || c.apply_template_url ? <Tag color="orange">需申请</Tag> : <Tag color="green">直接加入</Tag>),
    },
    {
      title: "操作",
      width: 110,
      render: (_, c) => {
        const m = my.get(c.id);
        if (m?.member_status === 1) return <Tag color="blue">已加入</Tag>;
        if (m?.member_status === 0) return <Tag color="orange">审核中</Tag>;
        return (
          <Button size="small" type="primary" onClick={() => void join(c)} data-testid="join-row-join">
            {c.join_mode === 1 || c.apply_template_url ? "申请加入" : "加入"}
          </Button>
        );
      },
    },
  ];

  return (
    <div data-testid="join-list">
      <div style={{ display: "flex", gap: 8, marginBottom: 12, flexWrap: "wrap" }}>
        <Input
          allowClear
          placeholder="社区名称"
          style={{ width: 220 }}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          onPressEnter={() => {
            setFilters(draft);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          data-testid="join-search-name"
        />
        <Select
          allowClear
          placeholder="社区类型"
          style={{ width: 140 }}
          value={draft.type}
          onChange={(v) => setDraft({ ...draft, type: v })}
          options={Object.entries(COMMUNITY_TYPES).map(([k, l]) => ({ value: Number(k), label: l }))}
        />
        <Select
          allowClear
          placeholder="社区级别"
          style={{ width: 120 }}
          value={draft.level}
          onChange={(v) => setDraft({ ...draft, level: v })}
          options={Object.entries(COMMUNITY_LEVELS).map(([k, l]) => ({ value: Number(k), label: l }))}
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => {
            setFilters(draft);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          data-testid="join-search"
        >
          查询
        </Button>
      </div>
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: q.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, limit) => setPaging({ page, limit }),
        }}
      />
      <ApplyDialog
        community={applying}
        onClose={() => setApplying(null)}
        onDone={() => {
          setApplying(null);
          refresh();
        }}
      />
    </div>
  );
}

/** The application of a join_mode 1 / template community (c184): a reason and, with a template, the filled form. */
function ApplyDialog({ community, onClose, onDone }: { community: CommunityItem | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const [files, setFiles] = useState<FileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const template = community?.apply_template_url ?? "";
  const submit = async () => {
    if (!community) return;
    if (template && files.length === 0) {
      toast.error("请先下载申请模板，填写后上传申请表");
      return;
    }
    setBusy(true);
    try {
      await api(calls.communityJoin, { community_id: community.id, apply_reason: reason.trim(), apply_file_url: files[files.length - 1]?.file_path ?? "" });
      toast.success("申请已提交，请等待社区管理员审核");
      setReason("");
      setFiles([]);
      onDone();
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={community !== null}
      title={`申请加入「${community?.name ?? ""}」`}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ "data-testid": "apply-ok" } as Record<string, string>}
    >
      <Form layout="vertical">
        <Form.Item label="申请理由">
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="简要说明加入社区的理由"
            data-testid="apply-reason"
          />
        </Form.Item>
        {template ? (
          <Form.Item label="申请表" required extra="请先下载申请模板，填写后上传">
            <div style={{ marginBottom: 8 }}>
              <a href={template} target="_blank" rel="noopener noreferrer" data-testid="apply-template">
                下载申请模板
              </a>
            </div>
            <FileUpload kind="any" value={files} onChange={setFiles} max={1} buttonText="上传申请表" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

/** 待审核 (administrators): pending communities of the caller's scope (c177 status 0) with 通过 / 驳回 (c191). */
function VerifyList() {
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: PAGE.defaultLimit });
  const [rejecting, setRejecting] = useState<CommunityItem | null>(null);
  const [reason, setReason] = useState("");
  const refresh = useRefreshCommunity();
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "list", "verify", paging],
    placeholderData: keepPreviousData,
    queryFn: () => api(calls.communityList, { ...paging, status: 0 }),
  });
  const verify = async (c: CommunityItem, status: 1 | 2, why = "") => {
    try {
      await api(calls.communityVerify, { community_id: c.id, status, reason: why });
      toast.success(status === 1 ? `已通过「${c.name}」` : `已驳回「${c.name}」`);
      refresh();
      return true;
    } catch {
      return false;
    }
  };
  const columns: TableColumnsType<CommunityItem> = [
    { title: "社区名称", dataIndex: "name", render: (v: string) => <span data-testid="verify-row-name">{v}</span> },
    { title: "类型", dataIndex: "type_name", width: 110 },
    { title: "级别", dataIndex: "level_name", width: 80 },
    { title: "所属地区", dataIndex: "region_name", width: 140 },
    { title: "创建者", dataIndex: "owner_name", width: 100 },
    { title: "提交时间", dataIndex: "created_at", width: 170 },
    { title: "状态", width: 90, render: (_, c) => <StatusTag c={c} /> },
    {
      title: "操作",
      width: 140,
      render: (_, c) => (
        <div style={{ display: "flex", gap: 6 }}>
          <Button size="small" type="primary" onClick={() => void verify(c, 1)} data-testid="verify-pass">
            通过
          </Button>
          <Button
            size="small"
            danger
            onClick={() => {
              setReason("");
              setRejecting(c);
            }}
            data-testid="verify-reject"
          >
            驳回
          </Button>
        </div>
      ),
    },
  ];
  return (
    <div data-testid="verify-list">
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: q.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, limit) => setPaging({ page, limit }),
        }}
      />
      <Modal
        open={rejecting !== null}
        title={`驳回「${rejecting?.name ?? ""}」`}
        onCancel={() => setRejecting(null)}
        okText="驳回"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onOk={async () => {
          if (!reason.trim()) {
            toast.error("请填写不通过的原因");
            return;
          }
          if (rejecting && (await verify(rejecting, 2, reason.trim()))) setRejecting(null);
        }}
      >
        <Radio.Group style={{ marginBottom: 8 }} value={null} onChange={(e) => setReason(String(e.target.value))}>
          {["社区名称不规范", "简介信息不完整", "与已有社区重复"].map((r) => (
            <Radio.Button key={r} value={r}>
              {r}
            </Radio.Button>
          ))}
        </Radio.Group>
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="请填写不通过的原因"
          data-testid="verify-reason"
        />
      </Modal>
    </div>
  );
}

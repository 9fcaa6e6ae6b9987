/**
 * 社区首页 (/community/home): without a current community 我的社区 (MyCommunities); with one its home (c200 webIndex):
 * banner, counts, my power (c203), the space navigation, latest activities (c393), statistics (c207), the log (c205),
 * 研究达人 (c204), files (c211–c213) and the owner's actions (edit c180, transfer c197, delete c183, leave c185).
 */
import { DeleteOutlined, EditOutlined, LogoutOutlined, SwapOutlined, UserAddOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, type CommunityFileRow, type CommunityInfo, type FileRecord } from "@yanke/protocol";
import { App, Button, Card, Col, List, Modal, Row, Select, Table, Tag, Typography, type TableColumnsType } from "antd";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../api/toast";
import { EChart, type EChartOption } from "../../components/EChart";
import { EmptyState } from "../../components/EmptyState";
import { FileUpload } from "../../components/upload/FileUpload";
import { formatBytes } from "../../components/upload/upload-rules";
import { setState, useAppState, useSession } from "../../session/store";
import { CommunityForm } from "./CommunityForm";
import { MyCommunities } from "./MyCommunities";
import {
  CommunityLogo,
  CommunitySwitcher,
  MemberAvatar,
  PHASE_COLORS,
  ROLE_COLORS,
  SpaceNav,
  api,
  openCommunity,
  spaceHref,
  useCommunityId,
  useMemberOptions,
  usePower,
  useRefreshCommunity,
  useWebIndex,
} from "./common";

export function CommunityHomePage() {
  const id = useCommunityId();
  const [params] = useSearchParams();
  // ?view=mine: 我的社区 even while a community is current (the switcher's 我的社区).
  return id && params.get("view") !== "mine" ? <CommunityIndex communityId={id} /> : <MyCommunities />;
}

const POWER_LABELS: [keyof CommunityInfo["power"], string][] = [
  ["can_view", "查看"],
  ["can_post", "发布"],
  ["can_manage", "管理"],
  ["can_edit", "编辑"],
  ["can_transfer", "转让"],
  ["can_delete", "删除"],
  ["can_verify", "审核"],
];

function CommunityIndex({ communityId }: { communityId: number }) {
  const index = useWebIndex(communityId);
  const power = usePower(communityId);
  const stored = useAppState((s) => s.community);
  const refresh = useRefreshCommunity();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const c = index.data?.community;
  const p = power.data ?? c?.power;

  // Opening a community I belong to makes it the current one.
  const joined = p?.member_status === 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the community or my membership changes, not when the store is cleared on leaving (that would open it again).
  useEffect(() => {
    if (c && joined && (stored?.community_id !== c.id || stored.community_name !== c.name)) openCommunity(c);
  }, [c?.id, c?.name, joined]);

  if (index.isError) {
    return (
      <div className="yk-page" data-testid="CommunityHomePage">
        <Card>
          <EmptyState
            text="社区不存在或无法查看"
            extra={
              <Button
                onClick={() => {
                  setState({ community: null });
                  void navigate("/community/home");
                }}
              >
                返回我的社区
              </Button>
            }
          />
        </Card>
      </div>
    );
  }
  if (!c) return <div className="yk-page" data-testid="CommunityHomePage" />;

  const leave = () =>
    modal.confirm({
      title: "退出社区",
      content: `确定退出「${c.name}」吗？`,
      okText: "退出",
      cancelText: "取消",
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api(calls.communityLeave, { community_id: c.id });
          toast.success("已退出社区");
          setState({ community: null });
          refresh();
          void navigate("/community/home");
        } catch {
          /* shown */
        }
      },
    });
  const remove = () =>
    modal.confirm({
      title: "删除社区",
      content: `确定删除「${c.name}」吗？成员、文章、文件、通知和活动将一并删除，删除后不能恢复。`,
      okText: "删除",
      cancelText: "取消",
      okButtonProps: { danger: true, ...({ "data-testid": "community-delete-ok" } as object) },
      onOk: async () => {
        try {
          await api(calls.communityDelete, { community_id: c.id });
          toast.success("社区已删除");
          setState({ community: null });
          refresh();
          void navigate("/community/home");
        } catch {
          /* shown */
        }
      },
    });
  const join = async () => {
    if (c.join_mode === 1 || c.apply_template_url) {
      void navigate("/community/home");
      setState({ community: null });
      toast.info("请在「加入社区」中提交申请");
      return;
    }
    try {
      await api(calls.communityJoin, { community_id: c.id });
      toast.success("已加入社区");
      refresh();
    } catch {
      /* shown */
    }
  };

  const counts: [string, number][] = [
    ["成员", c.counts.members],
    ["文章", c.counts.articles],
    ["活动", c.counts.activities],
    ["通知", c.counts.notices],
    ["文件", c.counts.files],
  ];

  return (
    <div className="yk-page" data-testid="CommunityHomePage">
      <Card styles={{ body: { padding: 0 } }} data-testid="community-index">
        <div
          style={{
            height: 150,
            borderRadius: "8px 8px 0 0",
            background: c.banner_url ? `center / cover no-repeat url("${c.banner_url}")` : "linear-gradient(120deg, #1f7a5c 0%, #3fa37f 55%, #8fd0b5 100%)",
            position: "relative",
          }}
          data-testid="community-banner"
        >
          <div style={{ position: "absolute", right: 16, top: 12, display: "flex", gap: 8 }}>
            <CommunitySwitcher currentId={c.id} />
          </div>
        </div>
        <div style={{ display: "flex", gap: 16, padding: "12px 20px", alignItems: "flex-start" }}>
          <div
            style={{
              border: "3px solid #fff",
              borderRadius: 10,
              background: "#fff",
              lineHeight: 0,
              marginTop: -52,
              position: "relative",
              boxShadow: "0 2px 8px rgba(0,0,0,.12)",
            }}
          >
            <CommunityLogo id={c.id} name={c.name} url={c.logo_url} size={76} />
          </div>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Title level={3} style={{ margin: 0 }} ellipsis data-testid="community-name">
              {c.name}
            </Typography.Title>
            <div style={{ marginTop: 4 }}>
              <Tag color="green">{c.type_name}</Tag>
              <Tag>{c.level_name}</Tag>
              {c.community_level > 1 ? <Tag color="gold">{c.community_level_name}</Tag> : null}
              {c.status !== 1 ? <Tag color="orange">{c.status_name}</Tag> : null}
              {c.period_name ? <Tag>{c.period_name}</Tag> : null}
              {c.subject_name ? <Tag>{c.subject_name}</Tag> : null}
              <span style={{ color: "#6b7772", fontSize: 13 }}>
                创建者 {index.data?.owner?.realname ?? c.owner_name} · {c.region_name} · 创建于 {c.created_at.slice(0, 10)}
              </span>
            </div>
          </div>
          <div style={{ display: "flex", gap: 8, flexWrap: "wrap", justifyContent: "flex-end" }}>
            {p?.can_join ? (
              <Button type="primary" icon={<UserAddOutlined />} onClick={() => void join()} data-testid="community-join">
                加入社区
              </Button>
            ) : null}
            {p?.can_edit ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="community-edit">
                编辑
              </Button>
            ) : null}
            {p?.can_transfer ? (
              <Button icon={<SwapOutlined />} onClick={() => setTransferring(true)} data-testid="community-transfer">
                转让
              </Button>
            ) : null}
            {p?.can_delete ? (
              <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="community-delete">
                删除
              </Button>
            ) : null}
            {p?.can_leave ? (
              <Button icon={<LogoutOutlined />} onClick={leave} data-testid="community-leave">
                退出社区
              </Button>
            ) : null}
          </div>
        </div>
        <div style={{ padding: "0 20px 12px", color: "#4b5752", whiteSpace: "pre-wrap" }} data-testid="community-introduction">
          {c.introduction || "暂无简介"}
        </div>
        <div style={{ display: "flex", borderTop: "1px solid #eef2f0" }}>
          {counts.map(([label, n]) => (
            <div key={label} style={{ flex: 1, textAlign: "center", padding: "10px 0" }} data-testid={`count-${label}`}>
              <div style={{ fontSize: 20, fontWeight: 700, color: "#1f7a5c" }}>{n}</div>
              <div style={{ fontSize: 12, color: "#8a9690" }}>{label}</div>
            </div>
          ))}
          <div style={{ flex: 2, padding: "10px 16px", borderLeft: "1px solid #eef2f0" }} data-testid="community-power">
            <div style={{ fontSize: 12, color: "#8a9690", marginBottom: 4 }}>
              我的身份：{p?.role ? ["", "创建者", "管理员", "成员"][p.role] : p?.can_verify ? "管理人员" : "访客"}
            </div>
            {POWER_LABELS.filter(([k]) => p?.[k]).map(([k, label]) => (
              <Tag key={k} color="cyan" style={{ marginBottom: 2 }}>
                可{label}
              </Tag>
            ))}
          </div>
        </div>
        <div style={{ padding: "6px 16px", borderTop: "1px solid #eef2f0" }}>
          <SpaceNav communityId={c.id} active="home" />
        </div>
      </Card>

      <Row gutter={12}>
        <Col span={16} style={{ display: "flex", flexDirection: "column", gap: 12 }}>
          <LatestActivities communityId={c.id} canView={Boolean(p?.can_view)} />
          {p?.can_view ? <StatisticsCard communityId={c.id} /> : null}
          {p?.can_view && p.is_member !== undefined ? <FilesCard communityId={c.id} canPost={Boolean(p.can_post)} /> : null}
          <LogCard communityId={c.id} />
        </Col>
        <Col span={8} style={{ display: "flex", flexDirection: "column", gap: 12 }}>
          <MembersCard communityId={c.id} />
          <CelebrityCard communityId={c.id} />
        </Col>
      </Row>

      <CommunityForm
        open={editing}
        editing={c}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          refresh();
        }}
      />
      <TransferDialog open={transferring} community={c} onClose={() => setTransferring(false)} />
    </div>
  );
}

function TransferDialog({ open, community, onClose }: { open: boolean; community: CommunityInfo; onClose: () => void }) {
  const me = useSession().account_id;
  const options = useMemberOptions(community.id, open).filter((o) => o.value !== me);
  const [target, setTarget] = useState<number>();
  const refresh = useRefreshCommunity();
  return (
    <Modal
      open={open}
      title="转让社区"
      onCancel={onClose}
      okText="转让"
      cancelText="取消"
      destroyOnHidden
      onOk={async () => {
        if (!target) {
          toast.error("请选择新的创建者");
          return;
        }
        try {
          await api(calls.communityTransfer, { community_id: community.id, account_id: target });
          toast.success("社区已转让，您已成为社区管理员");
          refresh();
          onClose();
        } catch {
          /* shown */
        }
      }}
    >
      <p style={{ color: "#6b7772" }}>转让后，新的创建者拥有社区的全部权限，您将成为社区管理员。</p>
      <Select
        showSearch={{ optionFilterProp: "label" }}
        style={{ width: "100%" }}
        placeholder="选择社区成员"
        options={options}
        value={target}
        onChange={setTarget}
      />
    </Modal>
  );
}

function LatestActivities({ communityId, canView }: { communityId: number; canView: boolean }) {
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "activities", communityId, "latest"],
    enabled: canView,
    queryFn: () => api(calls.activityList, { community_id: communityId, page: 1, limit: 5 }),
  });
  const rows = q.data?.list ?? [];
  return (
    <Card title="最新活动" size="small" extra={<Link to={spaceHref("/community/community7", communityId)}>更多</Link>} data-testid="latest-activities">
      {!canView ? (
        <EmptyState compact text="加入社区后查看" />
      ) : rows.length === 0 ? (
        <EmptyState compact />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(a) => (
            <List.Item>
              <div style={{ display: "flex", gap: 8, width: "100%", alignItems: "center" }}>
                <Tag color={PHASE_COLORS[a.phase]}>{a.phase_name}</Tag>
                <Typography.Text ellipsis style={{ flex: 1 }}>
                  {a.name}
                </Typography.Text>
                <span style={{ color: "#8a9690", fontSize: 12 }}>
                  {a.type_name} · {a.start_time.slice(0, 16)}
                </span>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function StatisticsCard({ communityId }: { communityId: number }) {
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "statistics", communityId],
    queryFn: () => api(calls.communityStatistics, { community_id: communityId, months: 6 }),
  });
  const option = useMemo<EChartOption>(() => {
    const months = q.data?.months ?? [];
    const series: [string, keyof (typeof months)[number]][] = [
      ["新增成员", "members"],
      ["文章", "articles"],
      ["活动", "activities"],
      ["通知", "notices"],
      ["文件", "files"],
    ];
    return {
      tooltip: { trigger: "axis" },
      legend: { top: 0 },
      grid: { left: 36, right: 12, top: 36, bottom: 24 },
      xAxis: { type: "category", data: months.map((m) => m.month) },
      yAxis: { type: "value", minInterval: 1 },
      series: series.map(([name, key]) => ({ name, type: "bar", barMaxWidth: 14, data: months.map((m) => m[key]) })),
    };
  }, [q.data]);
  return (
    <Card title="社区统计（近 6 个月）" size="small" data-testid="community-statistics">
      <EChart option={option} height={240} testId="community-statistics-chart" />
    </Card>
  );
}

function FilesCard({ communityId, canPost }: { communityId: number; canPost: boolean }) {
  const [page, setPage] = useState(1);
  const [uploaded, setUploaded] = useState<FileRecord[]>([]);
  const refresh = useRefreshCommunity();
  const { modal } = App.useApp();
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "files", communityId, page],
    placeholderData: keepPreviousData,
    queryFn: () => api(calls.communityFileList, { community_id: communityId, page, limit: 5 }),
  });
  const save = async (rec: FileRecord) => {
    try {
      await api(calls.communityFileSave, { community_id: communityId, file_id: rec.id, file_name: rec.file_name, type: 1 });
      toast.success("已添加到社区文件");
      setUploaded([]);
      refresh();
    } catch {
      /* shown */
    }
  };
  const columns: TableColumnsType<CommunityFileRow> = [
    {
      title: "文件名称",
      dataIndex: "file_name",
      ellipsis: true,
      render: (v: string, f) => (
        <a href={f.url} target="_blank" rel="noopener noreferrer" data-testid="file-name">
          {v}
        </a>
      ),
    },
    { title: "分类", dataIndex: "type_name", width: 60 },
    { title: "大小", dataIndex: "size", width: 90, render: (v: number) => formatBytes(v) },
    { title: "上传者", dataIndex: "account_name", width: 90 },
    { title: "时间", dataIndex: "created_at", width: 150, render: (v: string) => v.slice(0, 16) },
    {
      title: "操作",
      width: 60,
      render: (_, f) =>
        f.can_delete ? (
          <a
            style={{ color: "#d4380d" }}
            onClick={() =>
              modal.confirm({
                title: "移除文件",
                content: `确定从社区移除「${f.file_name}」吗？文件仍保留在上传者的空间中。`,
                okText: "移除",
                cancelText: "取消",
                okButtonProps: { danger: true },
                onOk: async () => {
                  try {
                    await api(calls.communityFileDelete, { id: f.id });
                    toast.success("已移除");
                    refresh();
                  } catch {
                    /* shown */
                  }
                },
              })
            }
          >
            移除
          </a>
        ) : null,
    },
  ];
  return (
    <Card
      title="社区文件"
      size="small"
      data-testid="community-files"
      extra={
        canPost ? (
          <FileUpload kind="any" value={uploaded} onChange={setUploaded} max={1} showList={false} buttonText="上传文件" onSuccess={(r) => void save(r)} />
        ) : null
      }
    >
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={q.data?.list ?? []}
        pagination={(q.data?.total ?? 0) > 5 ? { current: page, pageSize: 5, total: q.data?.total ?? 0, onChange: setPage, size: "small" } : false}
      />
    </Card>
  );
}

function LogCard({ communityId }: { communityId: number }) {
  const [page, setPage] = useState(1);
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "log", communityId, page],
    placeholderData: keepPreviousData,
    queryFn: () => api(calls.communityLog, { community_id: communityId, page, limit: 8 }),
  });
  const rows = q.data?.list ?? [];
  return (
    <Card title="社区动态" size="small" data-testid="community-log">
      {rows.length === 0 ? (
        <EmptyState compact />
      ) : (
        <List
          size="small"
          dataSource={rows}
          pagination={
            (q.data?.total ?? 0) > 8 ? { current: page, pageSize: 8, total: q.data?.total ?? 0, onChange: setPage, size: "small", align: "end" } : false
          }
          renderItem={(l) => (
            <List.Item>
              <div style={{ display: "flex", gap: 8, width: "100%", alignItems: "center" }}>
                <MemberAvatar id={l.account_id} name={l.account_name} size={24} />
                <Typography.Text ellipsis style={{ flex: 1 }}>
                  <b>{l.account_name || "系统"}</b> {l.content}
                </Typography.Text>
                <span style={{ color: "#8a9690", fontSize: 12 }}>{l.created_at.slice(0, 16)}</span>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function MembersCard({ communityId }: { communityId: number }) {
  const index = useWebIndex(communityId);
  const d = index.data;
  const people = d ? [...(d.owner ? [d.owner] : []), ...d.admins, ...d.latest_members.filter((m) => m.role === 3)] : [];
  return (
    <Card
      title="社区成员"
      size="small"
      extra={<Link to={spaceHref("/community/member", communityId)}>全部 {d?.community.counts.members ?? 0} 人</Link>}
      data-testid="members-card"
    >
      {people.length === 0 ? (
        <EmptyState compact />
      ) : (
        <div style={{ display: "grid", gridTemplateColumns: "repeat(4, 1fr)", gap: 10 }}>
          {people.slice(0, 16).map((m) => (
            <div key={m.account_id} style={{ textAlign: "center", minWidth: 0 }} title={`${m.realname}（${m.school_name}）`}>
              <MemberAvatar id={m.account_id} name={m.realname} url={m.head_portrait_url} size={40} />
              <div style={{ fontSize: 12, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{m.realname}</div>
              {m.role !== 3 ? (
                <Tag color={ROLE_COLORS[m.role]} style={{ margin: 0, fontSize: 11, lineHeight: "16px", padding: "0 4px" }}>
                  {m.role_name}
                </Tag>
              ) : null}
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

function CelebrityCard({ communityId }: { communityId: number }) {
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "celebrity", communityId],
    queryFn: () => api(calls.researchCelebrity, { community_id: communityId, days: 30, limit: 8 }),
  });
  const rows = q.data ?? [];
  return (
    <Card title="研究达人（近 30 天）" size="small" data-testid="celebrity-card">
      {rows.length === 0 ? (
        <EmptyState compact />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(r, i) => (
            <List.Item>
              <div style={{ display: "flex", gap: 8, alignItems: "center", width: "100%" }}>
                <span style={{ width: 18, textAlign: "center", fontWeight: 700, color: i < 3 ? "#d48806" : "#8a9690" }}>{i + 1}</span>
                <MemberAvatar id={r.account_id} name={r.realname} url={r.head_portrait_url} size={28} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div style={{ fontSize: 13 }}>{r.realname}</div>
                  <div style={{ fontSize: 11, color: "#8a9690" }}>
                    动态 {r.log_num} · 文章 {r.article_num}
                  </div>
                </div>
                <span style={{ fontWeight: 600, color: "#1f7a5c" }}>{r.score}</span>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/**
 * 成员 (/community/member): the members (c178) with role tags; for managers the applications with 通过 / 拒绝 (c193),
 * 设为 / 取消管理员 (c193, owner or managers), 移除 (c190) and 添加成员 (c196, teachers of my organization, c354).
 * Only what communityPower (c203) allows is shown.
 */
import { SearchOutlined, UserAddOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type PayloadOf, calls, MEMBER_ROLE_NAMES, PAGE, type CommunityMemberRow, type CommunityPower } from "@yanke/protocol";
import { App, Button, Card, Input, Modal, Select, Table, Tabs, Tag, type TableColumnsType } from "antd";
import { useState } from "react";
import { toast } from "../../api/toast";
import { useSession } from "../../session/store";
import { CommunityScreen, MemberAvatar, ROLE_COLORS, SpaceHeader, api, useMemberOptions, usePower, useRefreshCommunity } from "./common";

export function MemberPage() {
  return (
    <CommunityScreen testId="MemberPage" target="/community/member">
      {(id) => <Members communityId={id} />}
    </CommunityScreen>
  );
}

function Members({ communityId }: { communityId: number }) {
  const power = usePower(communityId);
  const p = power.data;
  const [tab, setTab] = useState("joined");
  const [adding, setAdding] = useState(false);
  const applying = useQuery({
    staleTime: 0,
    queryKey: ["community", "members", communityId, "applying-count"],
    enabled: Boolean(p?.can_manage),
    queryFn: () => api(calls.communityMemberList, { community_id: communityId, status: 0, page: 1, limit: 1 }),
  });
  const pending = applying.data?.total ?? 0;
  const items = [
    { key: "joined", label: "社区成员", children: <MemberTable communityId={communityId} status={1} power={p} /> },
    ...(p?.can_manage
      ? [
          { key: "applying", label: `待审核申请${pending ? `（${pending}）` : ""}`, children: <MemberTable communityId={communityId} status={0} power={p} /> },
          { key: "rejected", label: "已拒绝", children: <MemberTable communityId={communityId} status={2} power={p} /> },
        ]
      : []),
  ];
  return (
    <div className="yk-page" data-testid="MemberPage">
      <SpaceHeader communityId={communityId} active="member" />
      <Card styles={{ body: { paddingTop: 4 } }}>
        {power.isSuccess && !p?.can_view ? (
          <div style={{ padding: 24, textAlign: "center", color: "#8a9690" }}>请先加入社区后查看成员</div>
        ) : (
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={items}
            destroyOnHidden
            tabBarExtraContent={
              p?.can_manage ? (
                <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)} data-testid="member-add">
                  添加成员
                </Button>
              ) : null
            }
          />
        )}
      </Card>
      <AddMembersDialog communityId={communityId} open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}

function MemberTable({ communityId, status, power }: { communityId: number; status: number; power: CommunityPower | undefined }) {
  const me = useSession().account_id;
  const { modal } = App.useApp();
  const refresh = useRefreshCommunity();
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: PAGE.defaultLimit });
  const [draft, setDraft] = useState<{ realname: string; role?: number }>({ realname: "" });
  const [filters, setFilters] = useState(draft);
  const [rejecting, setRejecting] = useState<CommunityMemberRow[] | null>(null);
  const [reason, setReason] = useState("");
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "members", communityId, status, paging, filters],
    placeholderData: keepPreviousData,
    queryFn: () =>
      api(calls.communityMemberList, {
        community_id: communityId,
        status,
        ...paging,
        realname: filters.realname || undefined,
        role: filters.role,
      }),
  });
  const canManage = Boolean(power?.can_manage);
  const canSetAdmin = Boolean(power?.can_edit);
  const isOwner = power?.role === 1;

  const operate = async (
    operate: PayloadOf<typeof calls.communityOperate>["operate"],
    m: CommunityMemberRow,
    extra: { reason?: string } = {},
    done = "操作成功",
  ) => {
    try {
      await api(calls.communityOperate, { community_id: communityId, operate, account_ids: [m.account_id], ...extra });
      toast.success(done);
      refresh();
      return true;
    } catch {
      return false;
    }
  };
  const remove = (m: CommunityMemberRow) =>
    modal.confirm({
      title: "移除成员",
      content: `确定将「${m.realname}」移出社区吗？`,
      okText: "移除",
      cancelText: "取消",
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api(calls.communityMemberDelete, { community_id: communityId, account_id: m.account_id });
          toast.success("已移除");
          refresh();
        } catch {
          /* shown */
        }
      },
    });

  const columns: TableColumnsType<CommunityMemberRow> = [
    {
      title: "成员",
      dataIndex: "realname",
      render: (_, m) => (
        <div style={{ display: "flex", alignItems: "center", gap: 10 }}>
          <MemberAvatar id={m.account_id} name={m.realname} url={m.head_portrait_url} size={32} />
          <span data-testid="member-name">{m.realname}</span>
          {status === 1 ? (
            <Tag color={ROLE_COLORS[m.role]} data-testid="member-role">
              {m.role_name}
            </Tag>
          ) : null}
        </div>
      ),
    },
    { title: "学校", dataIndex: "school_name", ellipsis: true },
    ...(status === 1
      ? [{ title: "加入时间", dataIndex: "joined_at", width: 170 }]
      : [
          { title: "申请理由", dataIndex: "apply_reason", ellipsis: true, render: (v: string) => v || "—" },
          {
            title: "申请表",
            dataIndex: "apply_file_url",
            width: 90,
            render: (v: string) =>
              v ? (
                <a href={v} target="_blank" rel="noopener noreferrer">
                  查看
                </a>
              ) : (
                "—"
              ),
          },
          { title: "申请时间", dataIndex: "created_at", width: 170 },
        ]),
    ...(canManage
      ? [
          {
            title: "操作",
            width: 200,
            render: (_: unknown, m: CommunityMemberRow) => {
              if (status !== 1) {
                return (
                  <div style={{ display: "flex", gap: 8 }}>
                    <a onClick={() => void operate("approve", m, {}, `已通过「${m.realname}」的申请`)} data-testid="member-approve">
                      通过
                    </a>
                    {status === 0 ? (
                      <a
                        style={{ color: "#d4380d" }}
                        onClick={() => {
                          setReason("");
                          setRejecting([m]);
                        }}
                        data-testid="member-reject"
                      >
                        拒绝
                      </a>
                    ) : null}
                  </div>
                );
              }
              if (m.role === 1 || m.account_id === me) return <span style={{ color: "#b0bab5" }}>—</span>;
              return (
                <div style={{ display: "flex", gap: 12 }}>
                  {canSetAdmin && m.role === 3 ? (
                    <a onClick={() => void operate("set_admin", m, {}, `已将「${m.realname}」设为管理员`)} data-testid="member-set-admin">
                      设为管理员
                    </a>
                  ) : null}
                  {canSetAdmin && m.role === 2 ? (
                    <a onClick={() => void operate("unset_admin", m, {}, `已取消「${m.realname}」的管理员`)} data-testid="member-unset-admin">
                      取消管理员
                    </a>
                  ) : null}
                  {m.role === 3 || isOwner || power?.can_verify ? (
                    <a style={{ color: "#d4380d" }} onClick={() => remove(m)} data-testid="member-remove">
                      移除
                    </a>
                  ) : null}
                </div>
              );
            },
          },
        ]
      : []),
  ];
  const search = () => {
    setFilters(draft);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <div data-testid={`member-table-${status}`}>
      <div style={{ display: "flex", gap: 8, marginBottom: 12 }}>
        <Input
          allowClear
          placeholder="姓名"
          style={{ width: 200 }}
          value={draft.realname}
          onChange={(e) => setDraft({ ...draft, realname: e.target.value })}
          onPressEnter={search}
        />
        {status === 1 ? (
          <Select
            allowClear
            placeholder="角色"
            style={{ width: 120 }}
            value={draft.role}
            onChange={(v) => setDraft({ ...draft, role: v })}
            options={Object.entries(MEMBER_ROLE_NAMES).map(([k, l]) => ({ value: Number(k), label: l }))}
          />
        ) : null}
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
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
          showTotal: (t) => `共 ${t} 人`,
          onChange: (page, limit) => setPaging({ page, limit }),
        }}
      />
      <Modal
        open={rejecting !== null}
        title="拒绝加入申请"
        okText="拒绝"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onCancel={() => setRejecting(null)}
        onOk={async () => {
          if (!reason.trim()) {
            toast.error("请填写拒绝原因");
            return;
          }
          const m = rejecting?.[0];
          if (m && (await operate("reject", m, { reason: reason.trim() }, `已拒绝「${m.realname}」的申请`))) setRejecting(null);
        }}
      >
        <Input.TextArea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="请填写拒绝原因" />
      </Modal>
    </div>
  );
}

/** 添加成员: teachers of the caller's organization (c354), several at once (c196). */
function AddMembersDialog({ communityId, open, onClose }: { communityId: number; open: boolean; onClose: () => void }) {
  const [keyword, setKeyword] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshCommunity();
  const joined = new Set(useMemberOptions(communityId, open).map((o) => o.value));
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "add-members", communityId, search, page],
    enabled: open,
    placeholderData: keepPreviousData,
    queryFn: () => api(calls.orgRegionAccountList, { page, limit: 8, keyword: search || undefined }),
  });
  const close = () => {
    setSelected([]);
    setKeyword("");
    setSearch("");
    setPage(1);
    onClose();
  };
  const submit = async () => {
    if (selected.length === 0) {
      toast.error("请选择要添加的教师");
      return;
    }
    setBusy(true);
    try {
      const r = await api(calls.communityInsertMember, { community_id: communityId, account_ids: selected });
      toast.success(r.added ? `已添加 ${r.added} 名成员` : "所选教师已是社区成员");
      refresh();
      close();
    } catch {
      /* shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title="添加成员"
      width={720}
      onCancel={close}
      onOk={() => void submit()}
      okText={`添加${selected.length ? `（${selected.length}）` : ""}`}
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ "data-testid": "member-add-ok" } as Record<string, string>}
    >
      <div style={{ display: "flex", gap: 8, marginBottom: 12 }}>
        <Input
          allowClear
          placeholder="教师姓名"
          style={{ width: 240 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => {
            setSearch(keyword.trim());
            setPage(1);
          }}
        />
        <Button
          icon={<SearchOutlined />}
          onClick={() => {
            setSearch(keyword.trim());
            setPage(1);
          }}
        >
          查询
        </Button>
      </div>
      <Table
        rowKey="id"
        size="small"
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (t) => ({ disabled: joined.has(t.id) }),
        }}
        columns={[
          {
            title: "教师",
            dataIndex: "realname",
            render: (_, t) => (
              <span style={{ display: "inline-flex", gap: 8, alignItems: "center" }}>
                <MemberAvatar id={t.id} name={t.realname} url={t.head_portrait_url} size={24} />
                {t.realname}
                {joined.has(t.id) ? <Tag style={{ marginLeft: 4 }}>已加入</Tag> : null}
              </span>
            ),
          },
          { title: "学校", dataIndex: "school_name", ellipsis: true },
          { title: "学科", dataIndex: "subject_name", width: 100, render: (v: string) => v || "—" },
        ]}
        pagination={{ current: page, pageSize: 8, total: q.data?.total ?? 0, onChange: setPage, size: "small" }}
      />
    </Modal>
  );
}

import { PlusOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, MEETING_PHASES, type MeetingRow } from "@yanke/protocol";
import { Button, Card, Input, Select, Space, Table, Tabs, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { tablePagination } from "../../admin/common";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { useAppState } from "../../session/store";
import { minutes, PageHead } from "../personal/common";
import { MeetingPhaseTag, meetingDetailHref, useMyCommunities } from "./meeting-common";

const PHASES = ["upcoming", "running", "ended"] as const;

interface Filters {
  name: string;
  phase?: (typeof PHASES)[number];
  status?: number;
}

function MeetingTable({
  source,
  communityId,
  filters,
  empty,
}: {
  source: typeof calls.meetingList | typeof calls.tencentMeetingList;
  communityId?: number;
  filters: Filters;
  empty?: string;
}) {
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: filters and communityId are the triggers: a new search or another community goes back to page 1.
  useEffect(() => setPaging((p) => ({ ...p, page: 1 })), [filters, communityId]);
  const q = useQuery({
    queryKey: ["meeting", "list", source.path, communityId, filters, paging],
    placeholderData: keepPreviousData,
    enabled: source !== calls.meetingList || Boolean(communityId),
    queryFn: () =>
      call(source, {
        ...paging,
        ...(communityId ? { community_id: communityId } : {}),
        ...(filters.name ? { name: filters.name } : {}),
        ...(filters.phase ? { phase: filters.phase } : {}),
        ...(filters.status ? { status: filters.status } : {}),
      }),
  });
  return (
    <Table<MeetingRow>
      rowKey="id"
      size="middle"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      data-testid="meeting-table"
      locale={empty ? { emptyText: <EmptyState text={empty} /> } : undefined}
      pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
      columns={[
        {
          title: "会议主题",
          dataIndex: "name",
          render: (v: string, r) => (
            <Typography.Link onClick={() => navigate(meetingDetailHref(r.id))} data-testid="meeting-row-name" data-id={r.id}>
              {v}
            </Typography.Link>
          ),
        },
        { title: "所属社区", dataIndex: "community_name", width: 200, ellipsis: true },
        {
          title: "会议时间",
          width: 220,
          render: (_: unknown, r) =>
            `${minutes(r.start_time)} ～ ${r.end_time.slice(0, 10) === r.start_time.slice(0, 10) ? minutes(r.end_time).slice(11) : minutes(r.end_time)}`,
        },
        { title: "组织者", dataIndex: "account_name", width: 100 },
        {
          title: "方式",
          dataIndex: "provider_name",
          width: 100,
          render: (v: string, r) => <Tag color={r.provider === "tencent" ? "blue" : "default"}>{v}</Tag>,
        },
        { title: "状态", width: 90, render: (_: unknown, r) => <MeetingPhaseTag m={r} /> },
        {
          title: "操作",
          width: 140,
          render: (_: unknown, r) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => navigate(meetingDetailHref(r.id))}>
                详情
              </Button>
              {r.status === 1 && r.phase !== "ended" && r.join_url ? (
                <Button type="link" size="small" href={r.join_url} target="_blank" rel="noopener noreferrer">
                  入会
                </Button>
              ) : null}
            </Space>
          ),
        },
      ]}
    />
  );
}

/** 会议列表 (/meetinglist): the meetings the caller organizes or attends (c229), and a community's meetings (c231). */
export function MeetingListPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = useAppState((s) => s.community);
  const communities = useMyCommunities();
  const [tab, setTab] = useState(params.get("community_id") ? "community" : "mine");
  const [communityId, setCommunityId] = useState<number | undefined>(Number(params.get("community_id") || current?.community_id || 0) || undefined);
  const [name, setName] = useState("");
  const [filters, setFilters] = useState<Filters>({ name: "" });
  const list = communities.data ?? [];
  useEffect(() => {
    if (list.length > 0 && (!communityId || !list.some((c) => c.id === communityId))) setCommunityId(list[0]?.id);
  }, [list, communityId]);
  const canBook = list.some((c) => c.role === 1 || c.role === 2);
  const bar = (
    <Space wrap style={{ marginBottom: 12 }}>
      {tab === "community" ? (
        <Select
          style={{ width: 240 }}
          placeholder="选择社区"
          value={communityId}
          onChange={setCommunityId}
          options={list.map((c) => ({ value: c.id, label: c.name }))}
          data-testid="meeting-list-community"
        />
      ) : null}
      <Input.Search
        allowClear
        placeholder="会议主题"
        style={{ width: 220 }}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onSearch={(v) => setFilters({ ...filters, name: v.trim() })}
      />
      <Select
        allowClear
        placeholder="会议状态"
        style={{ width: 120 }}
        value={filters.status === 2 ? "cancelled" : filters.phase}
        onChange={(v?: string) => setFilters({ ...filters, phase: PHASES.find((p) => p === v), status: v === "cancelled" ? 2 : v ? 1 : undefined })}
        options={Object.entries(MEETING_PHASES).map(([value, label]) => ({ value, label }))}
      />
    </Space>
  );
  return (
    <div className="yk-page" data-testid="MeetingListPage">
      <Card variant="borderless">
        <PageHead
          title="会议列表"
          sub="我组织或参加的会议，以及所在社区的会议"
          extra={
            canBook ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(communityId ? `/meeting?community_id=${communityId}` : "/meeting")}
                data-testid="meeting-book"
              >
                预约会议
              </Button>
            ) : null
          }
        />
      </Card>
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: "mine", label: "我的会议" },
            { key: "community", label: <span data-testid="meeting-tab-community">社区会议</span> },
          ]}
        />
        {bar}
        {tab === "mine" ? (
          <MeetingTable key="mine" source={calls.tencentMeetingList} filters={filters} />
        ) : (
          <MeetingTable
            key="community"
            source={calls.meetingList}
            communityId={communityId}
            filters={filters}
            empty={communities.isSuccess && list.length === 0 ? "您还没有加入社区" : communityId ? undefined : "请先选择社区"}
          />
        )}
      </Card>
    </div>
  );
}

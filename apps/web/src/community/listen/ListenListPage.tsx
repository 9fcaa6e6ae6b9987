/**
 * 听评课 lists (#9):
 * - CommunityListenPage (/community/listenToReviews): the current community's records (c264 with community_id) as
 *   cards — name, type 远程 / 精准 / 现场, teacher, time, phase, evaluators, average score — with filters, paging,
 *   发起听评课 (ListenForm), the managers' verify / display / recommend (c282–c284), a 听评课统计 tab (c281) and a
 *   课后反思 tab (AfterClassList).
 * - BlogListenPage (/blog/listenToReviews): the community space's public list (c287), anonymous-friendly.
 */
import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import { Button, Card, Input, Select, Spin, Tabs } from "antd";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { useToken } from "../../session/store";
import { AfterClassList } from "../afterclass/AfterClassList";
import { BlogFrame, SpaceHeader as BlogSpaceHeader, useBlogCommunityId } from "../blog/blog-common";
import { CommunityScreen, SpaceHeader, usePower } from "../space/common";
import { ListenCard, listenCall, listenDetailHref, LISTEN_TYPE_SHORT, type ListenRow } from "./listen-common";
import { ListenForm } from "./ListenForm";
import { ListenStats } from "./ListenStats";
import { CardPager, ModerationBar, type ModerationAct, type ModerationCalls, RejectDialog } from "../common/Moderation";

const LISTEN_MODERATION: ModerationCalls = { verify: calls.listenRecordVerify, display: calls.listenIsDisplay, recommend: calls.listenIsRecommend };

interface Filters {
  name: string;
  is_type?: number;
  phase?: string;
  verify_status?: number;
}

const PHASES = [
  { value: "upcoming", label: "未开始" },
  { value: "running", label: "进行中" },
  { value: "ended", label: "已结束" },
];

function ListenGrid({
  communityId,
  filters,
  manage,
  source,
}: {
  communityId: number;
  filters: Filters;
  manage: boolean;
  source: typeof calls.listenList | typeof calls.listenWebListenList;
}) {
  const token = useToken();
  const qc = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, limit: 12, key: "" });
  const key = JSON.stringify(filters);
  const page = paging.key === key ? paging.page : 1;
  const [rejecting, setRejecting] = useState<ListenRow | null>(null);
  const q = useQuery({
    staleTime: 0,
    queryKey: ["listen", "list", source.path, communityId, filters, page, paging.limit, token !== ""],
    placeholderData: keepPreviousData,
    queryFn: () =>
      listenCall(source, {
        community_id: communityId,
        page,
        limit: paging.limit,
        ...(filters.name ? { name: filters.name } : {}),
        ...(filters.is_type ? { is_type: filters.is_type } : {}),
        ...(filters.phase ? { phase: filters.phase } : {}),
        ...(manage && filters.verify_status !== undefined ? { verify_status: filters.verify_status } : {}),
      }),
  });
  const act: ModerationAct = async (c, payload, done) => {
    try {
      await listenCall(c, payload);
      toast.success(done);
      await qc.invalidateQueries({ queryKey: ["listen"] });
      return true;
    } catch {
      return false;
    }
  };
  if (q.isLoading) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  const list = q.data?.list ?? [];
  if (!list.length) return <EmptyState text={q.error ? (token ? "加载失败" : "登录后查看更多听评课") : "暂无听评课"} />;
  return (
    <>
      <div className="yk-prep-grid" data-testid="listen-grid">
        {list.map((r) => (
          <ListenCard
            key={r.id}
            row={r}
            href={listenDetailHref(r.id)}
            showVerify={manage}
            footer={
              manage ? <ModerationBar row={r} title={r.name} prefix="listen" calls={LISTEN_MODERATION} act={act} onReject={() => setRejecting(r)} /> : null
            }
          />
        ))}
      </div>
      <CardPager total={q.data?.total ?? 0} page={page} limit={paging.limit} onChange={(p, l) => setPaging({ page: p, limit: l, key })} />
      <RejectDialog
        rejecting={rejecting}
        title={rejecting?.name ?? ""}
        prefix="listen"
        verifyCall={LISTEN_MODERATION.verify}
        act={act}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}

function FilterBar({ value, onChange, manage }: { value: Filters; onChange: (f: Filters) => void; manage?: boolean }) {
  const [name, setName] = useState(value.name);
  return (
    <div className="yk-prep-toolbar" data-testid="listen-filters">
      <Input.Search
        allowClear
        placeholder="听评课名称"
        style={{ width: 240 }}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onSearch={(v) => onChange({ ...value, name: v.trim() })}
        data-testid="listen-filter-name"
      />
      <Select
        allowClear
        placeholder="类型"
        style={{ width: 120 }}
        value={value.is_type}
        onChange={(v?: number) => onChange({ ...value, is_type: v })}
        options={Object.entries(LISTEN_TYPE_SHORT).map(([k, label]) => ({ value: Number(k), label }))}
        data-testid="listen-filter-type"
      />
      <Select
        allowClear
        placeholder="阶段"
        style={{ width: 120 }}
        value={value.phase}
        onChange={(v?: string) => onChange({ ...value, phase: v })}
        options={PHASES}
      />
      {manage ? (
        <Select
          allowClear
          placeholder="审核状态"
          style={{ width: 120 }}
          value={value.verify_status}
          onChange={(v?: number) => onChange({ ...value, verify_status: v })}
          options={[
            { value: 0, label: "待审核" },
            { value: 1, label: "已通过" },
            { value: 2, label: "未通过" },
          ]}
        />
      ) : null}
    </div>
  );
}

export function CommunityListenPage() {
  return (
    <CommunityScreen testId="CommunityListenPage" target="/community/listenToReviews">
      {(id) => <CommunityListen communityId={id} />}
    </CommunityScreen>
  );
}

function CommunityListen({ communityId }: { communityId: number }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const power = usePower(communityId);
  const manage = Boolean(power.data?.can_manage);
  const canCreate = Boolean(power.data?.can_post || manage);
  const [tab, setTab] = useState("list");
  const [filters, setFilters] = useState<Filters>({ name: "" });
  const [creating, setCreating] = useState(false);
  return (
    <div className="yk-page" data-testid="CommunityListenPage">
      <SpaceHeader communityId={communityId} active="listen" />
      <Card
        style={{ marginTop: 16 }}
        title="听评课"
        extra={
          <div style={{ display: "flex", gap: 8 }}>
            <Button icon={<ReloadOutlined />} onClick={() => void qc.invalidateQueries({ queryKey: ["listen"] })}>
              刷新
            </Button>
            {canCreate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="listen-create">
                发起听评课
              </Button>
            ) : null}
          </div>
        }
      >
        {power.isSuccess && !power.data.can_view ? (
          <EmptyState text="请先加入社区后查看" />
        ) : (
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: "list",
                label: <span data-testid="listen-tab-list">听评课列表</span>,
                children: (
                  <>
                    <FilterBar value={filters} onChange={setFilters} manage={manage} />
                    <ListenGrid communityId={communityId} filters={filters} manage={manage} source={calls.listenList} />
                  </>
                ),
              },
              {
                key: "stats",
                label: <span data-testid="listen-tab-stats">听评课统计</span>,
                children: tab === "stats" ? <ListenStats communityId={communityId} /> : null,
              },
              {
                key: "after",
                label: <span data-testid="listen-tab-after">课后反思</span>,
                children: tab === "after" ? <AfterClassList communityId={communityId} /> : null,
              },
            ]}
          />
        )}
      </Card>
      <ListenForm
        open={creating}
        communityId={communityId}
        onClose={() => setCreating(false)}
        onSaved={(id) => {
          setCreating(false);
          void qc.invalidateQueries({ queryKey: ["listen"] });
          if (id) void navigate(listenDetailHref(id));
        }}
      />
    </div>
  );
}

export function BlogListenPage() {
  const communityId = useBlogCommunityId();
  return (
    <div className="yk-page yk-blog" data-testid="BlogListenPage">
      <BlogFrame communityId={communityId}>{(info) => <BlogListen communityId={info.id} header={<BlogSpaceHeader info={info} active="listen" />} />}</BlogFrame>
    </div>
  );
}

function BlogListen({ communityId, header }: { communityId: number; header: ReactNode }) {
  const [filters, setFilters] = useState<Filters>({ name: "" });
  return (
    <>
      {header}
      <Card className="yk-blog-card" title="听评课" style={{ marginTop: 16 }}>
        <FilterBar value={filters} onChange={setFilters} />
        <ListenGrid communityId={communityId} filters={filters} manage={false} source={calls.listenWebListenList} />
      </Card>
    </>
  );
}

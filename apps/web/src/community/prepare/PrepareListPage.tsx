/**
 * 集体备课 lists (#8):
 * - CommunityPreparePage (/community/collectivePrepare): the current community's preparations (c233 with
 *   community_id) as cards — cover, theme, phase, subject / grade, textbook binding, window, author, members, likes —
 *   with filters (keyword, subject, phase; managers also verify status), paging, 发起集体备课, and for managers the
 *   verify (通过 / 不通过 with a reason), display and recommend toggles (c254–c256); a 备课统计 tab (c247).
 * - BlogPreparePage (/blog/collectivePrepare/detailList): the community space's public list, anonymous-friendly
 *   (anonymous visitors get the open, public ones; nothing that needs login is called).
 */
import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, PREPARATION_PHASES, PREPARATION_VERIFY_STATUS, type PreparationRow } from "@yanke/protocol";
import { Button, Card, Input, Select, Spin, Tabs } from "antd";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { useToken } from "../../session/store";
import { BlogFrame, SpaceHeader as BlogSpaceHeader, useBlogCommunityId } from "../blog/blog-common";
import { CommunityScreen, SpaceHeader, usePower } from "../space/common";
import { PrepCard, prepCall, prepFormHref } from "./prepare-common";
import { PrepareStats } from "./PrepareStats";
import { CardPager, ModerationBar, type ModerationAct, type ModerationCalls, RejectDialog } from "../common/Moderation";

const PREP_MODERATION: ModerationCalls = { verify: calls.preparationVerify, display: calls.preparationIsDisplay, recommend: calls.preparationIsRecommend };

interface Filters {
  theme: string;
  subject_id?: number;
  phase?: string;
  verify_status?: number;
}

/** The paged cards of one community's preparations (c233); `manage` adds the managers' actions. */
function PrepGrid({ communityId, filters, manage }: { communityId: number; filters: Filters; manage: boolean }) {
  const token = useToken();
  const qc = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, limit: 12, key: "" });
  const key = JSON.stringify(filters);
  const page = paging.key === key ? paging.page : 1;
  const [rejecting, setRejecting] = useState<PreparationRow | null>(null);
  const q = useQuery({
    staleTime: 0,
    queryKey: ["prepare", "list", communityId, filters, page, paging.limit, token !== ""],
    placeholderData: keepPreviousData,
    queryFn: () =>
      prepCall(calls.preparationIndex, {
        community_id: communityId,
        page,
        limit: paging.limit,
        ...(filters.theme ? { theme: filters.theme } : {}),
        ...(filters.subject_id ? { subject_id: filters.subject_id } : {}),
        ...(filters.phase ? { phase: filters.phase } : {}),
        ...(manage && filters.verify_status !== undefined ? { verify_status: filters.verify_status } : {}),
      }),
  });
  const act: ModerationAct = async (c, payload, done) => {
    try {
      await prepCall(c, payload);
      toast.success(done);
      await qc.invalidateQueries({ queryKey: ["prepare"] });
      return true;
    } catch {
      return false; // the client showed the refusal
    }
  };
  if (q.isLoading) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  const list = q.data?.list ?? [];
  if (!list.length) return <EmptyState text={q.error ? (token ? "加载失败" : "登录后查看更多集体备课") : "暂无数据"} />;
  return (
    <>
      <div className="yk-prep-grid" data-testid="prep-grid">
        {list.map((r) => (
          <PrepCard
            key={r.id}
            row={r}
            showVerify={manage}
            footer={manage ? <ModerationBar row={r} title={r.theme} prefix="prep" calls={PREP_MODERATION} act={act} onReject={() => setRejecting(r)} /> : null}
          />
        ))}
      </div>
      <CardPager total={q.data?.total ?? 0} page={page} limit={paging.limit} onChange={(p, l) => setPaging({ page: p, limit: l, key })} />
      <RejectDialog
        rejecting={rejecting}
        title={rejecting?.theme ?? ""}
        prefix="prep"
        verifyCall={PREP_MODERATION.verify}
        act={act}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}

const PHASE_OPTIONS = Object.entries(PREPARATION_PHASES).map(([value, label]) => ({ value, label }));

/** The filter bar: keyword (searched on Enter / the button), subject, phase and, for managers, verify status. */
function FilterBar({
  value,
  onChange,
  subjects,
  manage,
  extra,
}: {
  value: Filters;
  onChange: (f: Filters) => void;
  subjects?: { value: number; label: string }[];
  manage?: boolean;
  extra?: ReactNode;
}) {
  const [theme, setTheme] = useState(value.theme);
  return (
    <div className="yk-prep-toolbar" data-testid="prep-filters">
      <Input.Search
        allowClear
        placeholder="备课主题"
        style={{ width: 240 }}
        value={theme}
        onChange={(e) => setTheme(e.target.value)}
        onSearch={(v) => onChange({ ...value, theme: v.trim() })}
        data-testid="prep-filter-theme"
      />
      {subjects ? (
        <Select
          allowClear
          placeholder="学科"
          style={{ width: 140 }}
          value={value.subject_id}
          onChange={(v?: number) => onChange({ ...value, subject_id: v })}
          options={subjects}
          data-testid="prep-filter-subject"
        />
      ) : null}
      <Select
        allowClear
        placeholder="阶段"
        style={{ width: 120 }}
        value={value.phase}
        onChange={(v?: string) => onChange({ ...value, phase: v })}
        options={PHASE_OPTIONS}
        data-testid="prep-filter-phase"
      />
      {manage ? (
        <Select
          allowClear
          placeholder="审核状态"
          style={{ width: 120 }}
          value={value.verify_status}
          onChange={(v?: number) => onChange({ ...value, verify_status: v })}
          options={Object.entries(PREPARATION_VERIFY_STATUS).map(([k, label]) => ({ value: Number(k), label }))}
          data-testid="prep-filter-verify"
        />
      ) : null}
      {extra ? <div className="yk-prep-toolbar-right">{extra}</div> : null}
    </div>
  );
}

export function CommunityPreparePage() {
  return (
    <CommunityScreen testId="CommunityPreparePage" target="/community/collectivePrepare">
      {(id) => <CommunityPrepare communityId={id} />}
    </CommunityScreen>
  );
}

function CommunityPrepare({ communityId }: { communityId: number }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const power = usePower(communityId);
  const manage = Boolean(power.data?.can_manage);
  const canCreate = Boolean(power.data?.can_post || manage);
  const [tab, setTab] = useState("list");
  const [filters, setFilters] = useState<Filters>({ theme: "" });
  // The subjects the community's preparations use (from the statistics), for the filter.
  const stats = useQuery({
    staleTime: 0,
    queryKey: ["prepare", "stats", communityId],
    enabled: Boolean(power.data?.can_view),
    queryFn: () => prepCall(calls.preparationStatistics, { community_id: communityId }),
  });
  const subjects = (stats.data?.subjects ?? []).filter((s) => s.subject_id > 0).map((s) => ({ value: s.subject_id, label: s.subject_name }));
  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(prepFormHref({ communityId }))} data-testid="prep-create">
      发起集体备课
    </Button>
  );
  return (
    <div className="yk-page" data-testid="CommunityPreparePage">
      <SpaceHeader communityId={communityId} active="prepare" />
      <Card
        style={{ marginTop: 16 }}
        title="集体备课"
        extra={
          <div style={{ display: "flex", gap: 8 }}>
            <Button icon={<ReloadOutlined />} onClick={() => void qc.invalidateQueries({ queryKey: ["prepare"] })}>
              刷新
            </Button>
            {canCreate ? create : null}
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
                label: <span data-testid="prep-tab-list">备课列表</span>,
                children: (
                  <>
                    <FilterBar value={filters} onChange={setFilters} subjects={subjects} manage={manage} />
                    <PrepGrid communityId={communityId} filters={filters} manage={manage} />
                  </>
                ),
              },
              {
                key: "stats",
                label: <span data-testid="prep-tab-stats">备课统计</span>,
                children: tab === "stats" ? <PrepareStats communityId={communityId} /> : null,
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
}

export function BlogPreparePage() {
  const communityId = useBlogCommunityId();
  return (
    <div className="yk-page yk-blog" data-testid="BlogPreparePage">
      <BlogFrame communityId={communityId}>
        {(info) => <BlogPrepare communityId={info.id} header={<BlogSpaceHeader info={info} active="prepare" />} />}
      </BlogFrame>
    </div>
  );
}

function BlogPrepare({ communityId, header }: { communityId: number; header: ReactNode }) {
  const [filters, setFilters] = useState<Filters>({ theme: "" });
  return (
    <>
      {header}
      <Card className="yk-blog-card" title="集体备课" style={{ marginTop: 16 }}>
        <FilterBar value={filters} onChange={setFilters} />
        <PrepGrid communityId={communityId} filters={filters} manage={false} />
      </Card>
    </>
  );
}

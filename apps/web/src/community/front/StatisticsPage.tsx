import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, type HomeStatistics, type OrgTeacherRow, type RankingRow, type UnitCount } from "@yanke/protocol";
import { Breadcrumb, Button, Input, Segmented, Select, Skeleton, Table, type TableColumnsType } from "antd";
import { LineChart } from "echarts/charts";
import * as echarts from "echarts/core";
import { useMemo, useState } from "react";
import { call } from "../../api/client";
import { EChart, type EChartOption } from "../../components/EChart";
import { useSession } from "../../session/store";
import { Avatar, Empty, LoginHint, useLoggedIn } from "../common";
import { ActiveCommunityChart, RegionRankingChart } from "./charts";
import { PageHead, Section, StatCards, type StatItem } from "./parts";

// The shared wrapper registers bar and pie charts; the monthly trend adds a line.
echarts.use([LineChart]);

const quiet = { quiet: true } as const;

/** A part of the caller's organization the page looks at (none: all of it). */
interface Scope {
  region_id?: number;
  school_id?: number;
  name: string;
}

/**
 * 数据统计 (/home): the statistics of the caller's organization — his organization chain (c353), the number cards
 * (c348), activities per month (c346), rankings (c347), the units directly below (c349, table and chart; a row narrows
 * the page to it) and a school's teachers (c355). Every statistics call needs a session: an anonymous visitor sees the
 * public region ranking and active communities (c210, c206) and is asked to sign in for the rest.
 */
export function StatisticsPage() {
  const loggedIn = useLoggedIn();
  return (
    <div className="yk-page ykf-page" data-testid="StatisticsPage">
      {loggedIn ? (
        <OrganizationStatistics />
      ) : (
        <>
          <PageHead title="数据统计" sub="教研社区的地区排行与活跃社区；登录后查看本组织的学校、教师与活动统计" />
          <Section title="组织统计">
            <LoginHint text="登录后查看本组织的统计数据" />
          </Section>
          <div className="ykf-grid-2">
            <RegionRankingChart />
            <ActiveCommunityChart />
          </div>
        </>
      )}
    </div>
  );
}

function scopePayload(s: Scope | null): Record<string, number> {
  if (!s) return {};
  return s.school_id ? { school_id: s.school_id } : s.region_id ? { region_id: s.region_id } : {};
}

function OrganizationStatistics() {
  const [scope, setScope] = useState<Scope | null>(null);
  const org = useQuery({ queryKey: ["stat", "myOrganization"], queryFn: () => call(calls.myOrganization, {}, quiet) });
  const sp = scopePayload(scope);
  const stats = useQuery({
    queryKey: ["stat", "statistics", sp],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.orgStatistics, sp, quiet),
  });
  const s = stats.data;
  const items: StatItem[] = [
    { key: "school_count", title: "学校", value: s?.school_count },
    { key: "teacher_count", title: "教师", value: s?.teacher_count },
    { key: "community_count", title: "社区", value: s?.community_count },
    { key: "member_count", title: "社区成员", value: s?.member_count },
    { key: "activity_count", title: "活动", value: s?.activity_count },
    { key: "article_count", title: "文章", value: s?.article_count },
    { key: "notice_count", title: "通知公告", value: s?.notice_count },
    { key: "video_count", title: "视频", value: s?.video_count },
  ];
  const o = org.data;
  // A school has no units below it: its page ranks teachers.
  const atSchool = !!scope?.school_id || o?.scope.kind === "school";
  const chain = o ? [o.province, o.city, o.district, o.school].filter((x): x is { id: number; name: string } => x !== null) : [];
  const crumbs = [
    ...chain.map((c, i) => ({ key: `org${i}`, title: <span data-testid="org-crumb">{c.name}</span> })),
    ...(scope ? [{ key: "scope", title: <b data-testid="scope-crumb">{scope.name}</b> }] : []),
  ];
  return (
    <>
      <div className="ykf-head" style={{ flexDirection: "column", alignItems: "stretch", gap: 14 }}>
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "flex-end", gap: 12 }}>
          <div>
            <h2 className="ykf-head-title">数据统计</h2>
            <div className="ykf-head-sub ykf-crumb" data-testid="my-organization">
              <span>我的组织：</span>
              {crumbs.length ? <Breadcrumb items={crumbs} className="ykf-crumb-light" /> : <span>{o?.scope.kind === "all" ? "全平台" : "—"}</span>}
            </div>
          </div>
          {scope ? (
            <Button size="small" onClick={() => setScope(null)} data-testid="scope-reset">
              返回本组织
            </Button>
          ) : null}
        </div>
        <StatCards items={items} loading={stats.isLoading} testId="org-stats" />
      </div>
      <div className="ykf-grid-cal">
        <ActivityMonths scope={sp} />
        <ActivityTypes stats={s} />
      </div>
      {atSchool ? null : <Juniors scope={scope} onPick={setScope} />}
      <Rankings key={JSON.stringify(sp)} scope={sp} atSchool={atSchool} />
      <Teachers scope={scope} />
    </>
  );
}

function ActivityMonths({ scope }: { scope: Record<string, number> }) {
  const [months, setMonths] = useState(12);
  const q = useQuery({
    queryKey: ["stat", "activityNums", scope, months],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.statActivityNums, { ...scope, months }, quiet),
  });
  const option = useMemo((): EChartOption | null => {
    const d = q.data;
    if (!d) return null;
    const used = d.series.filter((x) => x.data.some((n) => n > 0));
    return {
      tooltip: { trigger: "axis" },
      legend: { top: 0, type: "scroll" },
      grid: { left: 8, right: 12, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: "category", data: d.labels },
      yAxis: { type: "value", minInterval: 1 },
      series: [
        ...used.map((x) => ({ name: x.name, type: "bar" as const, stack: "type", barMaxWidth: 22, data: x.data })),
        { name: "合计", type: "line" as const, smooth: true, symbolSize: 6, data: d.total },
      ],
    };
  }, [q.data]);
  return (
    <Section
      title="每月活动"
      testId="stat-activity-months"
      extra={
        <Segmented
          size="small"
          value={months}
          onChange={(v) => setMonths(Number(v))}
          options={[
            { value: 6, label: "近 6 月" },
            { value: 12, label: "近 12 月" },
            { value: 24, label: "近 24 月" },
          ]}
        />
      }
    >
      {q.isLoading || !option ? <Skeleton active paragraph={{ rows: 7 }} /> : <EChart option={option} height={300} testId="activity-months-chart" />}
    </Section>
  );
}

function ActivityTypes({ stats }: { stats: HomeStatistics | undefined }) {
  const rows = (stats?.activity_by_type ?? []).filter((t) => t.count > 0);
  const option = useMemo(
    (): EChartOption => ({
      tooltip: { trigger: "item", formatter: "{b}：{c} 项（{d}%）" },
      legend: { bottom: 0, type: "scroll" },
      series: [
        {
          type: "pie",
          radius: ["40%", "68%"],
          center: ["50%", "44%"],
          label: { formatter: "{b}\n{c}" },
          data: rows.map((t) => ({ name: t.name, value: t.count })),
        },
      ],
    }),
    [rows],
  );
  return (
    <Section title="活动类型" testId="stat-activity-types">
      {!stats ? <Skeleton active /> : rows.length ? <EChart option={option} height={300} testId="activity-types-chart" /> : <Empty />}
    </Section>
  );
}

const UNIT_COLUMNS: TableColumnsType<UnitCount> = [
  { title: "学校数", dataIndex: "school_count", width: 90, align: "right" },
  { title: "教师数", dataIndex: "teacher_count", width: 90, align: "right" },
  { title: "社区数", dataIndex: "community_count", width: 90, align: "right" },
  { title: "社区成员", dataIndex: "member_count", width: 100, align: "right" },
  { title: "活动数", dataIndex: "activity_count", width: 90, align: "right" },
  { title: "文章数", dataIndex: "article_count", width: 90, align: "right" },
];

function Juniors({ scope, onPick }: { scope: Scope | null; onPick: (s: Scope) => void }) {
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [keyword, setKeyword] = useState("");
  // A school has no units below it.
  const enabled = !scope?.school_id;
  const payload = { ...paging, ...(scope?.region_id ? { region_id: scope.region_id } : {}), ...(keyword ? { keyword } : {}) };
  const q = useQuery({
    queryKey: ["stat", "juniorList", payload],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.orgJuniorList, payload, quiet),
  });
  const rows = q.data?.list ?? [];
  const option = useMemo(
    (): EChartOption => ({
      tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
      legend: { top: 0 },
      grid: { left: 8, right: 12, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: "category", data: rows.map((r) => r.name), axisLabel: { interval: 0, width: 80, overflow: "truncate", rotate: rows.length > 6 ? 30 : 0 } },
      yAxis: { type: "value", minInterval: 1 },
      series: [
        { name: "活动数", type: "bar", barMaxWidth: 22, data: rows.map((r) => r.activity_count) },
        { name: "社区数", type: "bar", barMaxWidth: 22, data: rows.map((r) => r.community_count) },
        { name: "教师数", type: "bar", barMaxWidth: 22, data: rows.map((r) => r.teacher_count) },
      ],
    }),
    [rows],
  );
  if (!enabled) return null;
  const columns: TableColumnsType<UnitCount> = [
    {
      title: "名称",
      dataIndex: "name",
      ellipsis: true,
      render: (v: string, r) => (
        <a data-testid="junior-name" onClick={() => onPick(r.kind === "school" ? { school_id: r.id, name: r.name } : { region_id: r.id, name: r.name })}>
          {v}
        </a>
      ),
    },
    { title: "类别", dataIndex: "kind", width: 80, render: (k: string, r) => (k === "school" ? "学校" : (["", "省", "市", "区县"][r.level] ?? "地区")) },
    ...UNIT_COLUMNS,
  ];
  return (
    <Section
      title="下级单位"
      testId="stat-juniors"
      extra={
        <>
          <span className="ykf-note">点击名称查看该单位的统计</span>
          <SearchBox
            onSearch={(v) => {
              setKeyword(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        </>
      }
    >
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length ? (
        <>
          <EChart option={option} height={260} testId="junior-chart" />
          <Table<UnitCount>
            rowKey={(r) => `${r.kind}-${r.id}`}
            size="small"
            columns={columns}
            dataSource={rows}
            data-testid="junior-table"
            style={{ marginTop: 8 }}
            pagination={{
              current: paging.page,
              pageSize: paging.limit,
              total: q.data?.total ?? 0,
              size: "small",
              showTotal: (t) => <span data-testid="junior-total">共 {t} 条</span>,
              onChange: (page, limit) => setPaging({ page: limit !== paging.limit ? 1 : page, limit }),
            }}
          />
        </>
      ) : (
        <Empty />
      )}
    </Section>
  );
}

function SearchBox({ onSearch }: { onSearch: (v: string) => void }) {
  return <Input.Search size="small" allowClear placeholder="名称" style={{ width: 180 }} onSearch={(v) => onSearch(v.trim())} data-testid="junior-search" />;
}

const TARGETS = { school: "学校", teacher: "教师", community: "社区" } as const;
type Target = keyof typeof TARGETS;
const EXTRA_TITLES: Record<Target, string> = { school: "参与教师", teacher: "发起活动", community: "社区动态" };

function Rankings({ scope, atSchool }: { scope: Record<string, number>; atSchool: boolean }) {
  const [picked, setTarget] = useState<Target | null>(null);
  const target: Target = picked ?? (atSchool ? "teacher" : "school");
  const [days, setDays] = useState(30);
  const q = useQuery({
    queryKey: ["stat", "ranking", scope, target, days],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.statRanking, { ...scope, target, days, page: 1, limit: 10 }, quiet),
  });
  const columns: TableColumnsType<RankingRow> = [
    { title: "排名", dataIndex: "rank", width: 70, render: (r: number) => <span className={`ykf-rank r${Math.min(r, 4)}`}>{r}</span> },
    { title: TARGETS[target], dataIndex: "name", ellipsis: true },
    ...(target !== "school" ? [{ title: "学校", dataIndex: "school_name", ellipsis: true } as const] : []),
    { title: "活动数", dataIndex: "activity_count", width: 100, align: "right" },
    { title: EXTRA_TITLES[target], dataIndex: "extra_count", width: 100, align: "right" },
  ];
  return (
    <Section
      title="活动排行"
      testId="stat-ranking"
      extra={
        <>
          <Segmented
            size="small"
            value={target}
            onChange={(v) => setTarget(v as Target)}
            options={(Object.keys(TARGETS) as Target[]).map((k) => ({ value: k, label: TARGETS[k] }))}
          />
          <Select
            size="small"
            value={days}
            onChange={setDays}
            style={{ width: 110 }}
            options={[
              { value: 7, label: "近 7 天" },
              { value: 30, label: "近 30 天" },
              { value: 90, label: "近 90 天" },
              { value: 365, label: "近一年" },
            ]}
          />
        </>
      }
    >
      <Table<RankingRow> rowKey="id" size="small" loading={q.isFetching && !q.data} columns={columns} dataSource={q.data?.list ?? []} pagination={false} />
    </Section>
  );
}

function Teachers({ scope }: { scope: Scope | null }) {
  const session = useSession();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [picked, setPicked] = useState<number | undefined>(undefined);
  // The schools to choose from: those of the organization (c345), or the narrowed school.
  const census = useQuery({
    queryKey: ["stat", "census", scopePayload(scope)],
    enabled: !scope?.school_id,
    queryFn: () => call(calls.statCensus, scopePayload(scope), quiet),
  });
  const schools = scope?.school_id
    ? [{ value: scope.school_id, label: scope.name }]
    : (census.data?.schools ?? []).map((s) => ({ value: s.id, label: s.name }));
  const own = session.school_id && schools.some((s) => s.value === session.school_id) ? session.school_id : undefined;
  const schoolId = scope?.school_id ?? (picked && schools.some((s) => s.value === picked) ? picked : (own ?? schools[0]?.value));
  const q = useQuery({
    queryKey: ["stat", "teachers", schoolId, paging],
    enabled: !!schoolId,
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.orgTeacherList, { school_id: schoolId, ...paging }, quiet),
  });
  const columns: TableColumnsType<OrgTeacherRow> = [
    {
      title: "教师",
      dataIndex: "realname",
      render: (_: unknown, r) => (
        <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
          <Avatar accountId={r.id} name={r.realname} src={r.head_portrait_url} size={26} />
          {r.realname}
        </span>
      ),
    },
    { title: "学科", dataIndex: "subject_name", width: 110, render: (v: string) => v || "—" },
    { title: "加入社区", dataIndex: "community_count", width: 100, align: "right" },
    { title: "发起活动", dataIndex: "created_count", width: 100, align: "right" },
    { title: "参与活动", dataIndex: "involved_count", width: 100, align: "right" },
  ];
  return (
    <Section
      title="学校教师"
      testId="stat-teachers"
      extra={
        schools.length > 1 ? (
          <Select
            size="small"
            showSearch={{ optionFilterProp: "label" }}
            style={{ width: 220 }}
            options={schools}
            value={schoolId}
            onChange={(v: number) => {
              setPicked(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            data-testid="teacher-school"
          />
        ) : schools[0] ? (
          <span className="ykf-note">{schools[0].label}</span>
        ) : null
      }
    >
      {!schoolId ? (
        census.isLoading ? (
          <Skeleton active />
        ) : (
          <Empty note="本组织暂无学校" />
        )
      ) : (
        <Table<OrgTeacherRow>
          rowKey="id"
          size="small"
          loading={q.isLoading}
          columns={columns}
          dataSource={q.data?.list ?? []}
          pagination={{
            current: paging.page,
            pageSize: paging.limit,
            total: q.data?.total ?? 0,
            size: "small",
            showTotal: (t) => `共 ${t} 名教师`,
            onChange: (page, limit) => setPaging({ page: limit !== paging.limit ? 1 : page, limit }),
          }}
        />
      )}
    </Section>
  );
}

import { PlayCircleOutlined, TeamOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, type AccountStudio, type CourseRow, type StudioRow } from "@yanke/protocol";
import { Card, Col, Input, Pagination, Row, Space, Spin, Table, Tabs, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { tablePagination } from "../../admin/common";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { useSession } from "../../session/store";
import { ActivityDrawer } from "./activity-parts";
import { ActivityLine, communityHref, PersonAvatar } from "./common";
import { ReflectionPanel } from "./ReflectionPanel";

const ROLE_COLORS: Record<number, string> = { 1: "gold", 2: "blue", 3: "default" };

function duration(sec: number): string {
  if (!sec) return "—";
  const m = Math.floor(sec / 60);
  const s = Math.floor(sec % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
}

/** A community card (studios and the communities of the profile). */
export function StudioCard({ s }: { s: StudioRow }) {
  const navigate = useNavigate();
  return (
    <div
      className="yk-pc-studio"
      onClick={() => {
        const to = communityHref(s.id);
        if (to) void navigate(to);
      }}
      data-testid="studio-card"
      data-id={s.id}
    >
      {s.logo_url ? (
        <img src={s.logo_url} alt="" width={48} height={48} style={{ borderRadius: 8, objectFit: "cover", flex: "none" }} />
      ) : (
        <PersonAvatar id={s.id} name={s.name} size={48} style={{ borderRadius: 8 }} />
      )}
      <div style={{ minWidth: 0, flex: 1 }}>
        <div className="yk-pc-studio-name" title={s.name}>
          {s.name}
        </div>
        <Space size={4} wrap style={{ margin: "4px 0" }}>
          <Tag color="green">{s.type_name}</Tag>
          <Tag>{s.level_name}</Tag>
          {s.role ? <Tag color={ROLE_COLORS[s.role]}>{s.role_name}</Tag> : null}
        </Space>
        <div className="yk-pc-ellipsis2">{s.introduction || "暂无简介"}</div>
        <div className="yk-muted yk-pc-meta">
          <span>
            <TeamOutlined /> {s.member_count} 人
          </span>
          <span>活动 {s.activity_count}</span>
          <span>创建者：{s.owner_name}</span>
        </div>
      </div>
    </div>
  );
}

function StudioTab() {
  const [paging, setPaging] = useState({ page: 1, limit: 9 });
  const [keyword, setKeyword] = useState("");
  const q = useQuery({
    queryKey: ["pc", "teachingStudio", paging, keyword],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.teachingStudio, { ...paging, ...(keyword ? { keyword } : {}) }),
  });
  const rows = q.data?.list ?? [];
  return (
    <Spin spinning={q.isFetching}>
      <Input.Search
        allowClear
        placeholder="工作室名称"
        style={{ width: 240, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPaging({ ...paging, page: 1 });
        }}
      />
      {rows.length === 0 ? (
        <EmptyState />
      ) : (
        <Row gutter={[12, 12]} data-testid="pc-studios">
          {rows.map((s) => (
            <Col key={s.id} xs={24} md={12} xl={8}>
              <StudioCard s={s} />
            </Col>
          ))}
        </Row>
      )}
      {(q.data?.total ?? 0) > paging.limit ? (
        <Pagination
          align="end"
          style={{ marginTop: 12 }}
          size="small"
          current={paging.page}
          pageSize={paging.limit}
          total={q.data?.total ?? 0}
          onChange={(page) => setPaging({ ...paging, page })}
        />
      ) : null}
    </Spin>
  );
}

function CommunitiesTab({ d }: { d: AccountStudio | undefined }) {
  const rows = d?.communities ?? [];
  return rows.length === 0 ? (
    <EmptyState text="还没有加入社区" />
  ) : (
    <Row gutter={[12, 12]} data-testid="pc-communities">
      {rows.map((s) => (
        <Col key={s.id} xs={24} md={12} xl={8}>
          <StudioCard s={s} />
        </Col>
      ))}
    </Row>
  );
}

function CourseTab() {
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [name, setName] = useState("");
  const q = useQuery({
    queryKey: ["pc", "courseList", paging, name],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.personalCourseList, { ...paging, ...(name ? { name } : {}) }),
  });
  return (
    <>
      <Input.Search
        allowClear
        placeholder="视频名称"
        style={{ width: 240, marginBottom: 12 }}
        onSearch={(v) => {
          setName(v.trim());
          setPaging({ ...paging, page: 1 });
        }}
      />
      <Table<CourseRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        data-testid="pc-courses"
        pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
        columns={[
          {
            title: "视频名称",
            dataIndex: "name",
            render: (v: string, r) =>
              r.url ? (
                <Typography.Link href={r.url} target="_blank" rel="noopener noreferrer">
                  <PlayCircleOutlined style={{ marginInlineEnd: 6 }} />
                  {v}
                </Typography.Link>
              ) : (
                v
              ),
          },
          { title: "学段学科", width: 140, render: (_: unknown, r) => [r.period_name, r.subject_name].filter(Boolean).join(" · ") || "—" },
          { title: "年级", dataIndex: "grade_name", width: 100, render: (v: string) => v || "—" },
          { title: "时长", dataIndex: "duration", width: 80, render: duration },
          { title: "上传时间", dataIndex: "created_at", width: 170 },
        ]}
      />
    </>
  );
}

/** An activity list of c374 / c375 as a tab. */
function ActivityTab({ source, empty }: { source: typeof calls.myActivity | typeof calls.involvedActivity; empty: string }) {
  const [opened, setOpened] = useState<number | null>(null);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const q = useQuery({ queryKey: ["pc", "activities", source.path, paging], placeholderData: keepPreviousData, queryFn: () => call(source, paging) });
  const rows = q.data?.list ?? [];
  return (
    <Spin spinning={q.isFetching}>
      {rows.length === 0 ? (
        <EmptyState text={q.isLoading ? "加载中…" : empty} />
      ) : (
        rows.map((a) => <ActivityLine key={a.id} a={a} onOpen={() => setOpened(a.id)} />)
      )}
      {(q.data?.total ?? 0) > paging.limit ? (
        <Pagination
          align="end"
          style={{ marginTop: 12 }}
          size="small"
          current={paging.page}
          pageSize={paging.limit}
          total={q.data?.total ?? 0}
          onChange={(page) => setPaging({ ...paging, page })}
        />
      ) : null}
      <ActivityDrawer id={opened} onClose={() => setOpened(null)} />
    </Spin>
  );
}

/** 我的主页 (/personalCenter/myPersonalCenter): the caller's profile (c372), studios (c368), videos (c373), activities (c374, c375), reflections (c388–c390). */
export function MyPersonalCenterPage() {
  const s = useSession();
  const [tab, setTab] = useState("studio");
  const q = useQuery({ queryKey: ["pc", "accountStudio", "me"], queryFn: () => call(calls.accountStudio, {}) });
  const d = q.data;
  const a = d?.account;
  const figures: { key: string; label: string; value: number | undefined; tab?: string }[] = [
    { key: "studio", label: "工作室", value: d?.studio_count, tab: "studio" },
    { key: "community", label: "社区", value: d?.community_count, tab: "community" },
    { key: "video", label: "视频", value: d?.video_count, tab: "course" },
    { key: "activity", label: "发起活动", value: d?.activity_count, tab: "mine" },
    { key: "involved", label: "参与活动", value: d?.involved_count, tab: "involved" },
    { key: "article", label: "文章", value: d?.article_count },
  ];
  return (
    <div className="yk-page" data-testid="MyPersonalCenterPage">
      <Card variant="borderless" loading={q.isLoading}>
        <div className="yk-pc-profile">
          <PersonAvatar id={a?.id || s.account_id} name={a?.realname || s.realname} url={a?.head_portrait_url} size={64} />
          <div className="yk-pc-profile-who">
            <div className="yk-pc-profile-name" data-testid="pc-home-name">
              {a?.realname || s.realname}
            </div>
            <div className="yk-muted" style={{ marginTop: 4 }}>
              {[a?.school_name, a?.period_name, a?.subject_name].filter(Boolean).join(" · ") || "未设置学校"}
            </div>
          </div>
          <div className="yk-pc-stats yk-pc-stats-6">
            {figures.map((f) => (
              <div key={f.key} className="yk-pc-stat" onClick={() => f.tab && setTab(f.tab)} data-testid={`pc-home-${f.key}`}>
                <div className="yk-pc-stat-value">{f.value ?? "—"}</div>
                <div className="yk-pc-stat-label">{f.label}</div>
              </div>
            ))}
          </div>
        </div>
      </Card>
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: "studio", label: "我的工作室", children: <StudioTab /> },
            { key: "community", label: "我的社区", children: <CommunitiesTab d={d} /> },
            { key: "course", label: "我的视频", children: <CourseTab /> },
            { key: "mine", label: "我发起的活动", children: <ActivityTab source={calls.myActivity} empty="还没有发起活动" /> },
            { key: "involved", label: "我参与的活动", children: <ActivityTab source={calls.involvedActivity} empty="还没有参与活动" /> },
            { key: "reflect", label: <span data-testid="pc-tab-reflect">我的反思</span>, children: <ReflectionPanel /> },
          ]}
        />
      </Card>
    </div>
  );
}

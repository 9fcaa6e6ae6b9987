/**
 * 听评课中心 (/foreground2_0/classroomReview): the listening hub — 正在直播 (远程 records in progress), 精准听评
 * (recorded lessons), 即将开始 (upcoming records of every kind), each a grid of cards with an entry to its review page
 * and its report; filters by community and subject (the options come from the records the caller may see). All from
 * c264, which answers anonymous visitors the public records.
 */
import { FileTextOutlined, PlayCircleOutlined, TeamOutlined, VideoCameraOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls, PAGE, type ListenRow, type Page } from "@yanke/protocol";
import { Badge, Button, Card, Input, Select, Space, Spin, Tag } from "antd";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { useToken } from "../../session/store";
import { span } from "../common/util";
import { scoreText, WINDOW_STATE_COLORS, WINDOW_STATE_NAMES } from "./report-model";
import { listenCall } from "./report-view";
import "./report.css";

interface Filters {
  community_id?: number;
  subject_id?: number;
  name?: string;
}

/** The page where a record is listened to: 远程 the live classroom, 精准 the video, 现场 its detail page. */
export function reviewHref(r: Pick<ListenRow, "id" | "is_type">): string {
  if (r.is_type === 1) return `/foreground2_0/remoteClassroomReview?id=${r.id}`;
  if (r.is_type === 2) return `/foreground2_0/preciseClassroomReview?id=${r.id}`;
  return `/addTPKDetail?id=${r.id}`;
}

function useRecords(key: string, payload: Record<string, unknown>) {
  const token = useToken();
  return useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["listen", "hub", key, payload, token !== ""],
    queryFn: () => listenCall(calls.listenList, { page: 1, limit: 12, ...payload }),
  });
}

export function ClassroomReviewPage() {
  const [filters, setFilters] = useState<Filters>({});
  const [keyword, setKeyword] = useState("");
  const token = useToken();
  const all = useQuery({
    staleTime: 60_000,
    retry: false,
    queryKey: ["listen", "hub", "options", token !== ""],
    queryFn: () => listenCall(calls.listenList, { page: 1, limit: PAGE.maxLimit }),
  });
  const options = useMemo(() => {
    const communities = new Map<number, string>();
    const subjects = new Map<number, string>();
    for (const r of all.data?.list ?? []) {
      if (r.community_id) communities.set(r.community_id, r.community_name);
      if (r.subject_id) subjects.set(r.subject_id, r.subject_name);
    }
    return {
      communities: [...communities].map(([value, label]) => ({ value, label })),
      subjects: [...subjects].map(([value, label]) => ({ value, label })),
    };
  }, [all.data]);
  const f: Record<string, unknown> = {
    ...(filters.community_id ? { community_id: filters.community_id } : {}),
    ...(filters.subject_id ? { subject_id: filters.subject_id } : {}),
    ...(filters.name ? { name: filters.name } : {}),
  };
  const live = useRecords("live", { ...f, is_type: 1, phase: "running" });
  const recorded = useRecords("recorded", { ...f, is_type: 2 });
  const upcoming = useRecords("upcoming", { ...f, phase: "upcoming" });
  return (
    <div className="yk-page" data-testid="ClassroomReviewPage">
      <div className="yk-report">
        <Card>
          <div style={{ display: "flex", gap: 16, alignItems: "center", flexWrap: "wrap" }}>
            <div style={{ flex: 1, minWidth: 240 }}>
              <h1 className="yk-report-title">听评课中心</h1>
              <div className="yk-muted" style={{ fontSize: 13 }}>
                正在进行的远程听评课、可回看的精准听评课和即将开始的听评课{token ? "" : "（未登录时仅显示公开的听评课）"}
              </div>
            </div>
            <Space wrap>
              <Select
                allowClear
                placeholder="全部社区"
                style={{ width: 180 }}
                value={filters.community_id}
                onChange={(v?: number) => setFilters({ ...filters, community_id: v })}
                options={options.communities}
                data-testid="hub-filter-community"
              />
              <Select
                allowClear
                placeholder="全部学科"
                style={{ width: 140 }}
                value={filters.subject_id}
                onChange={(v?: number) => setFilters({ ...filters, subject_id: v })}
                options={options.subjects}
                data-testid="hub-filter-subject"
              />
              <Input.Search
                allowClear
                placeholder="听评课名称"
                style={{ width: 200 }}
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                onSearch={(v) => setFilters({ ...filters, name: v.trim() || undefined })}
                data-testid="hub-filter-name"
              />
            </Space>
          </div>
        </Card>
        <Section title="正在直播" icon={<Badge status="processing" color="red" />} q={live} testId="hub-live" empty="当前没有正在进行的远程听评课" />
        <Section title="精准听评（课堂录像）" icon={<PlayCircleOutlined />} q={recorded} testId="hub-recorded" empty="暂无精准听评课" />
        <Section title="即将开始" icon={<VideoCameraOutlined />} q={upcoming} testId="hub-upcoming" empty="暂无即将开始的听评课" />
      </div>
    </div>
  );
}

function Section({
  title,
  icon,
  q,
  testId,
  empty,
}: {
  title: string;
  icon: React.ReactNode;
  q: { isLoading: boolean; error: unknown; data?: Page<ListenRow> };
  testId: string;
  empty: string;
}) {
  return (
    <Card
      size="small"
      data-testid={testId}
      title={
        <Space>
          {icon}
          {title}
          {q.data ? (
            <span className="yk-muted" style={{ fontWeight: 400, fontSize: 12 }}>
              共 {q.data.total} 个
            </span>
          ) : null}
        </Space>
      }
    >
      {q.isLoading ? (
        <Spin style={{ display: "block", margin: "24px auto" }} />
      ) : q.error || !q.data ? (
        <EmptyState compact text="加载失败" />
      ) : q.data.list.length ? (
        <div className="yk-hub-grid">
          {q.data.list.map((r) => (
            <HubCard key={r.id} r={r} />
          ))}
        </div>
      ) : (
        <EmptyState compact text={empty} />
      )}
    </Card>
  );
}

function HubCard({ r }: { r: ListenRow }) {
  return (
    <div className="yk-hub-card" data-testid="hub-card" data-id={r.id}>
      <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
        <Tag color={r.is_type === 1 ? "red" : r.is_type === 2 ? "cyan" : "purple"}>{r.is_type_name}</Tag>
        <Tag color={WINDOW_STATE_COLORS[r.phase]}>{r.phase_name || WINDOW_STATE_NAMES[r.phase]}</Tag>
        {r.is_recommend === 1 ? <Tag color="orange">推荐</Tag> : null}
      </div>
      <h4 title={r.name}>{r.name}</h4>
      <div className="meta">
        授课：{r.teacher_name || "—"}
        {r.school_name ? ` · ${r.school_name}` : ""}
      </div>
      <div className="meta">{[r.subject_name, r.grade_name, r.community_name].filter(Boolean).join(" · ") || "—"}</div>
      <div className="meta">{span(r.start_time, r.end_time)}</div>
      <div className="foot">
        <span className="meta">
          <TeamOutlined /> {r.member_count} · 评价 {r.evaluation_count}
          {r.average_score !== null ? ` · 均分 ${scoreText(r.average_score)}` : ""}
        </span>
        <Space size={4}>
          <Link to={`/foreground2_0/commentReport?id=${r.id}`} title="评课报告">
            <Button size="small" icon={<FileTextOutlined />} data-testid="hub-report" />
          </Link>
          <Link to={reviewHref(r)}>
            <Button size="small" type="primary" data-testid="hub-enter">
              {r.phase === "running" && r.is_type === 1 ? "进入听课" : "进入"}
            </Button>
          </Link>
        </Space>
      </div>
    </div>
  );
}

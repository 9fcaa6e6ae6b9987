/**
 * 在线教师详情 /onlineTeacherDetails (public: counts and school names; a signed-in administrator also sees the names
 * of the online teachers of his scope and their activity today) and 评课 /foreground/evaluationClass (listen records
 * open to the viewer — #9's visibility, decided by the server — with their evaluation count and mean score).
 */
import { useQuery } from "@tanstack/react-query";
import { calls, type EvaluationClassPayload, type OnlineTeachers } from "@yanke/protocol";
import { Input, Pagination, Select, Skeleton, Table, Tag, type TableColumnsType } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { call } from "../../api/client";
import { EChart } from "../../components/EChart";
import { EmptyState } from "../../components/EmptyState";
import { PageHead, Section, StatCards } from "../../community/front/parts";
import { lightHBars } from "./portal-charts";
import "./portal.css";

const REFRESH_MS = 60_000;
const LISTEN_TYPE: Record<number, { name: string; color: string }> = {
  1: { name: "远程听评课", color: "blue" },
  2: { name: "精准听评课", color: "green" },
  3: { name: "现场听评课", color: "orange" },
};

/** 在线教师详情. */
export function OnlineTeacherDetails() {
  const q = useQuery({
    queryKey: ["portal", "onlineTeachers"],
    queryFn: () => call(calls.onlineTeachers, {}, { quiet: true }),
    refetchInterval: REFRESH_MS,
  });
  const d = q.data;
  const cols: TableColumnsType<NonNullable<OnlineTeachers["teachers"]>[number]> = [
    { title: "教师", dataIndex: "realname", render: (v: string, r) => <Link to={`/foreground/personalPortrait?account_id=${r.account_id}`}>{v}</Link> },
    { title: "学校", dataIndex: "school_name", ellipsis: true },
    { title: "登录时间", dataIndex: "since", width: 100 },
    { title: "今日视频", key: "v", width: 90, align: "right", render: (_: unknown, r) => r.today.videos },
    { title: "今日分析", key: "a", width: 90, align: "right", render: (_: unknown, r) => r.today.analyses },
    { title: "今日评价", key: "e", width: 90, align: "right", render: (_: unknown, r) => r.today.evaluations },
    { title: "今日听评课", key: "l", width: 100, align: "right", render: (_: unknown, r) => r.today.listen_records },
  ];
  return (
    <div className="ykp-page ykf-page" data-testid="online-teachers">
      <PageHead title="在线教师" sub="当前已登录的教师与今日教研活动（每 60 秒刷新）" />
      {q.isError ? <EmptyState text={(q.error as Error).message || "加载失败"} /> : null}
      <StatCards
        testId="online-stats"
        loading={!d}
        items={[
          { key: "online", title: "在线教师", value: d?.online },
          { key: "total", title: "教师总数", value: d?.teachers_total },
          { key: "videos", title: "今日上传视频", value: d?.today.videos },
          { key: "analyses", title: "今日 AI 分析", value: d?.today.analyses },
          { key: "evaluations", title: "今日提交评价", value: d?.today.evaluations },
          { key: "listen", title: "今日听评课", value: d?.today.listen_records },
        ]}
      />
      <Section title="各校在线人数">
        {!d ? (
          <Skeleton active />
        ) : d.by_school.length ? (
          <EChart
            height={Math.max(200, d.by_school.length * 36 + 60)}
            testId="online-by-school"
            option={lightHBars(
              d.by_school.map((s) => s.school_name),
              [{ name: "在线教师", data: d.by_school.map((s) => s.online) }],
            )}
          />
        ) : (
          <EmptyState compact text="暂无在线教师" />
        )}
      </Section>
      {d?.teachers ? (
        <Section title="在线教师名单" extra={<span className="ykf-note">仅管理员可见</span>}>
          <Table
            rowKey="account_id"
            size="small"
            columns={cols}
            dataSource={d.teachers}
            pagination={{ pageSize: 20, pageSizeOptions: [10, 20, 50], showSizeChanger: true }}
            scroll={{ x: 720 }}
          />
        </Section>
      ) : null}
    </div>
  );
}

/** Where a record's evaluation report lives: #9's report page (every edition mounts it). */
function reportHref(id: number): string | null {
  return `/foreground2_0/commentReport?id=${id}`;
}

/** 评课. */
export function EvaluationClassList() {
  const [filters, setFilters] = useState<Partial<EvaluationClassPayload>>({ page: 1, limit: 20, order: "latest" });
  const [name, setName] = useState("");
  const q = useQuery({
    queryKey: ["portal", "evaluationClass", filters],
    queryFn: () => call(calls.evaluationClass, filters as Record<string, unknown>, { quiet: true }),
  });
  const set = (patch: Partial<EvaluationClassPayload>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const d = q.data;
  return (
    <div className="ykp-page ykf-page" data-testid="evaluation-class">
      <PageHead title="评课" sub="可查看的听评课及其评价" />
      <Section
        title="听评课"
        extra={
          <div className="ykp-filters">
            <Input.Search
              allowClear
              placeholder="搜索课题"
              aria-label="搜索课题"
              value={name}
              onChange={(e) => setName(e.target.value)}
              onSearch={(v) => set({ name: v.trim() || undefined })}
              style={{ width: 200 }}
            />
            <Select
              aria-label="听评课类型"
              style={{ width: 140 }}
              value={filters.is_type ?? 0}
              onChange={(v: number) => set({ is_type: v || undefined })}
              options={[{ value: 0, label: "全部类型" }, ...Object.entries(LISTEN_TYPE).map(([k, v]) => ({ value: Number(k), label: v.name }))]}
            />
            <Select
              aria-label="排序"
              style={{ width: 140 }}
              value={filters.order ?? "latest"}
              onChange={(v: "latest" | "score" | "count") => set({ order: v })}
              options={[
                { value: "latest", label: "最新" },
                { value: "score", label: "平均分最高" },
                { value: "count", label: "评价最多" },
              ]}
            />
          </div>
        }
      >
        {q.isError ? <EmptyState text={(q.error as Error).message || "加载失败"} /> : null}
        {!d ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : d.list.length ? (
          <>
            <div className="ykp-cards" data-testid="evaluation-cards">
              {d.list.map((r) => {
                const type = LISTEN_TYPE[r.is_type] ?? { name: "听评课", color: "default" };
                const href = reportHref(r.id);
                const body = (
                  <>
                    <div className="ykp-cover">
                      {r.logo_url ? <img src={r.logo_url} alt="" loading="lazy" /> : <span>{r.name}</span>}
                      <Tag color={type.color}>{type.name}</Tag>
                    </div>
                    <div className="ykp-card-body">
                      <div className="ykp-card-title" title={r.name}>
                        {r.name}
                      </div>
                      <div className="ykp-card-meta">{[r.teacher_name, r.school_name, r.subject_name, r.grade_name].filter(Boolean).join(" · ")}</div>
                      <div className="ykp-card-meta">{r.start_time}</div>
                      <div className="ykp-card-foot">
                        <span>{r.evaluations} 份评价</span>
                        <span className="ykp-score">{r.mean_score === null ? "—" : `${r.mean_score.toFixed(1)} 分`}</span>
                      </div>
                    </div>
                  </>
                );
                return href ? (
                  <Link key={r.id} className="ykp-card" to={href} data-testid="evaluation-card">
                    {body}
                  </Link>
                ) : (
                  <article key={r.id} className="ykp-card" data-testid="evaluation-card">
                    {body}
                  </article>
                );
              })}
            </div>
            <div style={{ display: "flex", justifyContent: "flex-end", marginTop: 16 }}>
              <Pagination
                current={d.page}
                pageSize={d.limit}
                total={d.total}
                showSizeChanger
                pageSizeOptions={[10, 20, 50]}
                showTotal={(t) => `共 ${t} 条`}
                onChange={(page, limit) => setFilters((f) => ({ ...f, page, limit }))}
              />
            </div>
          </>
        ) : (
          <EmptyState />
        )}
      </Section>
    </div>
  );
}

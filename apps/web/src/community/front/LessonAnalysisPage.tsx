import { useQuery } from "@tanstack/react-query";
import { calls, type CommunityAiCourseRow } from "@yanke/protocol";
import { Skeleton, Table, Tag, Typography, type TableColumnsType } from "antd";
import { Link } from "react-router";
import { call } from "../../api/client";
import { useToken } from "../../session/store";
import { Avatar, Empty } from "../common";
import { PageHead, Section } from "./parts";

/** How many communities the page reads: recommended ones first (c208's order). */
const COMMUNITIES = 12;

interface LessonRow extends CommunityAiCourseRow {
  community_id: number;
  community_name: string;
}

function duration(seconds: number): string {
  if (!seconds) return "—";
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m ? `${m} 分 ${s} 秒` : `${s} 秒`;
}

/**
 * 课例分析 (/foreground/lessonAnalysis, public): lessons whose AI classroom analysis is done. There is no site-wide
 * call: the page reads c214 aiCourseList of the first communities of the directory (recommended first) and lists what
 * they answer, each with its teaching mode and a link to its report (#10): the no-login variant /reportSecond when the
 * report is published, the full /report for a signed-in visitor otherwise (the server decides what he may see).
 */
export function LessonAnalysisPage() {
  const signedIn = useToken() !== "";
  const q = useQuery({
    queryKey: ["front", "lessonAnalysis"],
    queryFn: async () => {
      const communities = await call(calls.communityAllList, { page: 1, limit: COMMUNITIES }, { quiet: true });
      const pages = await Promise.all(
        communities.list.map(async (c) => {
          const p = await call(calls.aiCourseList, { community_id: c.id, page: 1, limit: 20 }, { quiet: true }).catch(() => null);
          return (p?.list ?? []).map((r): LessonRow => ({ ...r, community_id: c.id, community_name: c.name }));
        }),
      );
      // One lesson may belong to members of several communities: show it once.
      const seen = new Set<number>();
      const rows = pages.flat().filter((r) => {
        if (seen.has(r.id)) return false;
        seen.add(r.id);
        return true;
      });
      rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
      return { rows, communities: communities.list.length };
    },
  });
  const columns: TableColumnsType<LessonRow> = [
    { title: "课例名称", dataIndex: "name", ellipsis: true },
    {
      title: "授课教师",
      dataIndex: "account_name",
      width: 160,
      render: (_: unknown, r) => (
        <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
          <Avatar accountId={r.account_id} name={r.account_name} size={24} />
          {r.account_name}
        </span>
      ),
    },
    { title: "所属社区", dataIndex: "community_name", width: 220, ellipsis: true },
    { title: "时长", dataIndex: "duration", width: 110, render: (v: number) => duration(v) },
    {
      title: "教学模式",
      dataIndex: "mode",
      width: 170,
      render: (m: string | null, r) =>
        m ? (
          <span data-testid="lesson-mode">
            <Tag color="green">{m}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Rt {r.rt?.toFixed(2)} · Ch {r.ch?.toFixed(2)}
            </Typography.Text>
          </span>
        ) : (
          "—"
        ),
    },
    { title: "上传时间", dataIndex: "created_at", width: 170 },
    {
      title: "分析报告",
      width: 110,
      render: (_: unknown, r) =>
        r.course_id && r.publish_status === 1 ? (
          <Link to={`/reportSecond?id=${r.course_id}`} target="_blank" data-testid="lesson-report">
            查看报告
          </Link>
        ) : r.course_id && signedIn ? (
          <Link to={`/report?id=${r.course_id}`} target="_blank" data-testid="lesson-report">
            查看报告
          </Link>
        ) : (
          <Typography.Text type="secondary">未公开</Typography.Text>
        ),
    },
  ];
  const rows = q.data?.rows ?? [];
  return (
    <div className="yk-page ykf-page" data-testid="LessonAnalysisPage">
      <PageHead title="课例分析" sub="社区成员已完成 AI 课堂分析的课例" />
      <Section title="已分析课例" extra={q.data ? <span className="ykf-note">来自 {q.data.communities} 个社区</span> : null} testId="lesson-list">
        {q.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : rows.length ? (
          <Table<LessonRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            pagination={{ pageSize: 10, size: "small", showTotal: (t) => `共 ${t} 条` }}
          />
        ) : (
          <Empty compact={false} note="社区成员的课例完成 AI 课堂分析后会显示在这里" />
        )}
      </Section>
    </div>
  );
}

/**
 * The AI 课堂分析 section of the precision report (#10, c291 /v2/listen_evaluate_index/aiListenCommentInfo): the machine's
 * comments on the listened lesson (dimension, level, text) from the newest finished analysis of the record's video,
 * with the teaching mode, Rt and Ch and a link to the full report. When the answer says unavailable, its reason is
 * shown as is (no video, not analysed, still running, failed).
 */
import { ExperimentOutlined, RobotOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls, ANALYSIS_STATUS, type AiComment, type TeachingMode } from "@yanke/protocol";
import { Alert, Card, Spin, Tag } from "antd";
import { routeHref } from "../../router/location";
import { listenCall } from "./report-view";

const LEVELS: Record<AiComment["level"], { label: string; color: string }> = {
  good: { label: "优秀", color: "success" },
  fair: { label: "良好", color: "processing" },
  weak: { label: "待改进", color: "warning" },
};
const MODE_COLORS: Record<TeachingMode, string> = { 练习型: "gold", 讲授型: "blue", 对话型: "green", 混合型: "purple" };
const fixed = (v: number | null) => (v === null || !Number.isFinite(v) ? "—" : v.toFixed(2));

export function AiCommentPanel({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ["listen", "ai-comment", id],
    enabled: id > 0,
    retry: false,
    staleTime: 30_000,
    // Quiet for visitors who are not signed in (as the rest of the page): the section says what failed.
    queryFn: () => listenCall(calls.aiListenCommentInfo, { id }),
    // A running analysis finishes on its own: look again now and then.
    refetchInterval: (qq) => (qq.state.data && !qq.state.data.available && (qq.state.data.status === 0 || qq.state.data.status === 1) ? 10_000 : false),
  });
  const d = q.data;
  const reportHref = d?.course_id ? routeHref(`/report?id=${d.course_id}`) : null;
  return (
    <Card
      size="small"
      data-testid="precision-ai"
      title={
        <span>
          <RobotOutlined /> AI 课堂分析
        </span>
      }
      extra={
        reportHref && d?.available ? (
          <a href={reportHref} target="_blank" rel="noopener" data-testid="precision-ai-report">
            <ExperimentOutlined /> 查看完整分析报告
          </a>
        ) : null
      }
    >
      {q.isLoading ? (
        <Spin />
      ) : q.isError || !d ? (
        <div className="yk-report-ai" data-testid="precision-ai-unavailable">
          AI 课堂分析加载失败，请稍后刷新重试。
        </div>
      ) : !d.available ? (
        <div className="yk-report-ai" data-testid="precision-ai-unavailable">
          暂未生成 AI 点评：{d.reason || "该听评课没有可用的 AI 课堂分析"}
          {d.status !== null && d.status !== undefined && d.course_id ? (
            <Tag style={{ marginInlineStart: 8 }} bordered={false} color={d.status === 3 ? "error" : "default"}>
              {ANALYSIS_STATUS[d.status] ?? ""}
            </Tag>
          ) : null}
        </div>
      ) : (
        <div data-testid="precision-ai-body">
          <div style={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 16, marginBottom: 10 }}>
            <span>
              教学模式：
              {d.mode ? (
                <Tag color={MODE_COLORS[d.mode]} bordered={false} data-testid="precision-ai-mode">
                  {d.mode}
                </Tag>
              ) : (
                <span className="yk-muted">无法判定</span>
              )}
            </span>
            <span className="yk-mono" data-testid="precision-ai-rtch">
              Rt {fixed(d.rt)} · Ch {fixed(d.ch)}
            </span>
            {d.course_name ? <span className="yk-muted">分析课例：{d.course_name}</span> : null}
          </div>
          {d.comments.length ? (
            <div>
              {d.comments.map((c, i) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: the comments of one AI answer are a fixed list without ids, never reordered.
                  key={i}
                  data-testid="precision-ai-comment"
                  style={{ display: "flex", gap: 12, padding: "8px 0", borderTop: "1px solid #eef2f0", fontSize: 13 }}
                >
                  <div style={{ flex: "none", width: 150, display: "flex", alignItems: "flex-start", gap: 6 }}>
                    <b style={{ whiteSpace: "nowrap" }}>{c.dimension}</b>
                    <Tag color={LEVELS[c.level]?.color} bordered={false} data-testid="precision-ai-level" data-value={c.level} style={{ marginInlineEnd: 0 }}>
                      {LEVELS[c.level]?.label ?? c.level}
                    </Tag>
                  </div>
                  <div style={{ flex: 1, minWidth: 0, color: "#3b4a44", whiteSpace: "pre-wrap" }}>{c.text}</div>
                </div>
              ))}
            </div>
          ) : (
            <Alert type="info" showIcon message="分析已完成，但没有可生成点评的维度（详见完整报告中各部分的说明）。" />
          )}
        </div>
      )}
    </Card>
  );
}

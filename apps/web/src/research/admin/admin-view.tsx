/** Small shared pieces of the analysis admin screens (课堂分析, 我的课例分析, 分析统计). */
import type { AnalysisCourseRow } from "@yanke/protocol";
import { Progress, Tag, Tooltip, Typography } from "antd";
import { routeHref } from "../../router/location";
import { MODE_COLORS, ratio } from "./admin-model";

export { clockOf, INTERVAL_OPTIONS, MODE_COLORS, percent, ratio } from "./admin-model";

/** The report of a lesson in a new tab. */
export function openReport(id: number): void {
  window.open(`${window.location.origin}${routeHref(`/report?id=${id}`)}`, "_blank", "noopener");
}

/** Status of the analysis job: queued / running with a progress bar and the stage, done, or failed with the error. */
export function JobStatus({ row }: { row: AnalysisCourseRow }) {
  if (row.status === 2) {
    return (
      <Tag color="success" bordered={false} data-testid="analysis-status" data-value={2}>
        已完成
      </Tag>
    );
  }
  if (row.status === 3) {
    return (
      <div data-testid="analysis-status" data-value={3}>
        <Tag color="error" bordered={false}>
          失败
        </Tag>
        {row.attempts > 1 ? (
          <span className="yk-muted" style={{ fontSize: 12 }}>
            已尝试 {row.attempts} 次
          </span>
        ) : null}
        <Typography.Paragraph type="danger" style={{ fontSize: 12, margin: "4px 0 0" }} ellipsis={{ rows: 2, tooltip: row.error }} data-testid="analysis-error">
          {row.error || "分析失败，原因未知"}
        </Typography.Paragraph>
      </div>
    );
  }
  const queued = row.status === 0;
  return (
    <div data-testid="analysis-status" data-value={row.status} style={{ minWidth: 140 }}>
      <div style={{ fontSize: 12, display: "flex", justifyContent: "space-between", gap: 6 }}>
        <span>{queued ? (row.attempts > 0 ? `排队重试（第 ${row.attempts + 1} 次）` : "排队中") : "分析中"}</span>
        <span className="yk-muted" data-testid="analysis-stage">
          {queued ? "" : row.stage_name || row.stage}
        </span>
      </div>
      <Progress
        percent={row.progress}
        size="small"
        status={queued ? "normal" : "active"}
        showInfo
        data-testid="analysis-progress"
        data-value={row.progress}
        style={{ margin: 0 }}
      />
    </div>
  );
}

/** Mode tag with Rt / Ch, once the analysis is done. */
export function ModeCell({ row }: { row: AnalysisCourseRow }) {
  if (row.status !== 2) return <span className="yk-muted">—</span>;
  if (!row.mode) {
    return (
      <Tooltip title="该课例的 S-T 分析未能完成，请查看报告中的原因">
        <span className="yk-muted">无法判定</span>
      </Tooltip>
    );
  }
  return (
    <div data-testid="analysis-mode" data-value={row.mode}>
      <Tag color={MODE_COLORS[row.mode]} bordered={false} style={{ marginInlineEnd: 0 }}>
        {row.mode}
      </Tag>
      <div className="yk-muted yk-mono" style={{ fontSize: 12, marginTop: 2, whiteSpace: "nowrap" }}>
        Rt {ratio(row.rt)} · Ch {ratio(row.ch)}
      </div>
    </div>
  );
}

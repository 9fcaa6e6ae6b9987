/**
 * 精准评课报告 (/precisionReport?id=): for a recorded (精准) lesson, the comment density along the video by minute
 * (c288 ordered by video time, ECharts bars + line), the time-stamped comments each linking to the precise-review page
 * at that time, the scores as in the comment report (c289 / c292) and the voice comments (c278). The "AI 课堂分析"
 * section (AiCommentPanel, #10) shows the machine's comments from the analysis of the record's video (c291), or why
 * there are none.
 */
import { ClockCircleOutlined, FileTextOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls, PAGE } from "@yanke/protocol";
import { Button, Card, Space, Spin, Tag } from "antd";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { EChart } from "../../components/EChart";
import { EmptyState } from "../../components/EmptyState";
import { AiCommentPanel } from "./AiCommentPanel";
import { useToken } from "../../session/store";
import { densityOption } from "./report-charts";
import { clock, densityByMinute } from "./report-model";
import { idParam, listenCall, RecordFrame, RecordHeader, ScoreReport, useListenDetail, useRecordMessages, useScoreView, useTargetNames } from "./report-view";

export function PrecisionReportPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const q = useListenDetail(id);
  return (
    <RecordFrame id={id} q={q} testId="PrecisionReportPage">
      {() => <Report id={id} />}
    </RecordFrame>
  );
}

/** The precise-review page at a time of the video. */
export const preciseHref = (id: number, seconds?: number | null) =>
  `/foreground2_0/preciseClassroomReview?id=${id}${seconds !== null && seconds !== undefined ? `&t=${Math.floor(seconds)}` : ""}`;

function Report({ id }: { id: number }) {
  const d = useListenDetail(id).data!;
  const s = useScoreView(id);
  const m = useRecordMessages(id);
  const names = useTargetNames(id);
  const timed = useMemo(() => (m.data?.flat ?? []).filter((x) => x.video_time !== null).sort((a, b) => (a.video_time ?? 0) - (b.video_time ?? 0)), [m.data]);
  const density = useMemo(() => {
    const dd = densityByMinute(timed.map((x) => x.video_time));
    return { ...dd, option: densityOption(dd.labels, dd.counts) };
  }, [timed]);
  return (
    <div className="yk-report yk-report-printable" data-testid="precision-report">
      <RecordHeader
        d={d}
        extra={
          <Space direction="vertical" align="end">
            <Link to={preciseHref(d.id)}>
              <Button type="primary">进入精准评课</Button>
            </Link>
            <Link to={`/foreground2_0/commentReport?id=${d.id}`}>
              <FileTextOutlined /> 评课报告
            </Link>
          </Space>
        }
      />
      {d.is_type !== 2 ? <Tag color="orange">该听评课不是精准听评课，没有课堂视频，评论时间轴只统计带视频时间点的评论。</Tag> : null}
      <Card size="small" title="评论密度（按视频分钟）">
        {m.isLoading ? (
          <Spin />
        ) : m.error ? (
          <EmptyState compact text="评论加载失败" />
        ) : timed.length ? (
          <EChart option={density.option} height={260} testId="precision-density" />
        ) : (
          <EmptyState compact text="暂无带视频时间点的评论" />
        )}
      </Card>
      <div className="yk-report-grid2" style={{ gridTemplateColumns: "minmax(0, 1.2fr) minmax(0, 1fr)" }}>
        <Card size="small" title={`时间点评论（${timed.length}）`} data-testid="precision-comments">
          <div style={{ maxHeight: 360, overflowY: "auto" }}>
            {timed.length ? (
              timed.map((x) => (
                <div
                  key={x.id}
                  style={{ display: "flex", gap: 10, padding: "7px 0", borderBottom: "1px solid #eef2f0", fontSize: 13 }}
                  data-testid="precision-comment"
                >
                  <Link to={preciseHref(id, x.video_time)} style={{ flex: "none", fontFamily: "monospace" }} data-testid="precision-comment-time">
                    <ClockCircleOutlined /> {clock(x.video_time ?? 0)}
                  </Link>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <b style={{ marginRight: 8 }}>{x.account.realname}</b>
                    {x.target_id > 0 ? <Tag color="green">{names.data?.get(x.target_id) ?? `听课目标 ${x.target_id}`}</Tag> : null}
                    <div style={{ whiteSpace: "pre-wrap", color: "#3b4a44" }}>{x.content}</div>
                  </div>
                </div>
              ))
            ) : (
              <EmptyState compact text="暂无时间点评论" />
            )}
          </div>
        </Card>
        <Card size="small" title="语音点评">
          <Voices id={id} />
        </Card>
      </div>
      {s.isLoading ? <Spin /> : s.data ? <ScoreReport v={s.data.view} /> : <EmptyState text="评分加载失败" />}
      <AiCommentPanel id={id} />
    </div>
  );
}

function Voices({ id }: { id: number }) {
  const token = useToken();
  const q = useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["listen", "voices", id, token !== ""],
    queryFn: () => listenCall(calls.listenEvaluateVoiceList, { record_id: id, page: 1, limit: PAGE.maxLimit }),
  });
  if (q.isLoading) return <Spin />;
  if (q.error || !q.data) return <EmptyState compact text={token ? "语音加载失败" : "登录后可收听语音点评"} />;
  if (!q.data.list.length) return <EmptyState compact text="暂无语音点评" />;
  return (
    <div data-testid="precision-voices" style={{ maxHeight: 360, overflowY: "auto" }}>
      {q.data.list.map((v) => (
        <div key={v.id} style={{ padding: "6px 0", borderBottom: "1px solid #eef2f0", fontSize: 13 }}>
          <div style={{ display: "flex", gap: 8, marginBottom: 4 }}>
            <b>{v.account_name}</b>
            {v.video_time !== null ? <Link to={preciseHref(id, v.video_time)}>{clock(v.video_time)}</Link> : null}
            <span className="yk-muted" style={{ marginLeft: "auto" }}>
              {v.duration ? `${v.duration}″ · ` : ""}
              {v.created_at.slice(5, 16)}
            </span>
          </div>
          <audio controls preload="none" src={v.file_path} style={{ width: "100%", height: 32 }} />
        </div>
      ))}
    </div>
  );
}

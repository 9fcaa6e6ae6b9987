/**
 * Shared pieces of the listening report pages: the quiet call for anonymous visitors, the refusal / loading frame of a
 * record page, the record's header facts and the score report (total, grade, radar per dimension, bars per item with
 * the spread between evaluators, each evaluator's total and comment).
 */
import { useQuery } from "@tanstack/react-query";
import {
  calls,
  LISTEN_TYPES,
  PAGE,
  type DiscussMessage,
  type ListenDetail,
  type ListenEvaluationScoreAnswer,
  type ListenTeacherScoreAnswer,
  type Call,
  type PayloadOf,
  type AnswerOf,
} from "@yanke/protocol";
import { Button, Card, Result, Spin, Tag } from "antd";
import { useMemo, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { ApiError, call } from "../../api/client";
import { EChart } from "../../components/EChart";
import { EmptyState } from "../../components/EmptyState";
import { getState, useToken } from "../../session/store";
import { UserAvatar } from "../blog/blog-common";
import { itemBarsOption, radarOption, type ItemSpread, type RadarDim } from "./report-charts";
import { span } from "../common/util";
import { gradeOf, scoreText, topTags, WINDOW_STATE_COLORS, WINDOW_STATE_NAMES, windowState } from "./report-model";
import "./report.css";

/** A call that stays quiet for anonymous visitors (no toast, no login redirect: the page shows what it can). */
export function listenCall<C extends Call>(c: C, payload: PayloadOf<C>): Promise<AnswerOf<C>> {
  return call(c, payload, { quiet: getState().session.token === "" });
}

/** The id of ?id= (0 when absent or not a positive integer). */
export function idParam(params: URLSearchParams, key = "id"): number {
  const n = Number(params.get(key) ?? "");
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Loading, refusal (login hint for anonymous visitors on a 403) or the page's body. */
export function RecordFrame({
  id,
  q,
  testId,
  children,
}: {
  id: number;
  q: { isLoading: boolean; error: unknown; data: unknown };
  testId: string;
  children: () => ReactNode;
}) {
  const token = useToken();
  const navigate = useNavigate();
  let body: ReactNode;
  if (id <= 0) body = <Result status="warning" title="缺少听评课编号" data-testid="listen-missing-id" />;
  else if (q.isLoading) body = <Spin style={{ display: "block", margin: "80px auto" }} />;
  else if (q.error || !q.data) {
    const e = q.error;
    const code = e instanceof ApiError ? e.code : 0;
    body =
      (code === 401 || code === 403) && !token ? (
        <Result
          status="403"
          title="请登录后查看"
          subTitle="该听评课未公开，登录后即可查看。"
          extra={
            <Button type="primary" onClick={() => navigate("/login")}>
              去登录
            </Button>
          }
          data-testid="listen-need-login"
        />
      ) : (
        <Result
          status={code === 403 ? "403" : code === 404 ? "404" : "warning"}
          title={(e instanceof ApiError && e.message) || "听评课不存在或已删除"}
          data-testid="listen-refused"
        />
      );
  } else body = children();
  return (
    <div className="yk-page" data-testid={testId}>
      {body}
    </div>
  );
}

export function WindowTag({ start, end }: { start: string; end: string }) {
  const s = windowState(start, end);
  return (
    <Tag color={WINDOW_STATE_COLORS[s]} data-testid="listen-window-state" data-state={s}>
      {WINDOW_STATE_NAMES[s]}
    </Tag>
  );
}

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <span className="label">{label}</span>
      {children === "" || children === null || children === undefined ? "—" : children}
    </div>
  );
}

/** The score report as the pages show it (built from courseTeacherScore and getEvaluationScore). */
export interface ScoreView {
  /** The mean of the evaluators' totals. */
  total: number | null;
  full: number;
  grade: string;
  evaluatorCount: number;
  /** Highest minus lowest total between evaluators. */
  spread: number | null;
  dims: (RadarDim & { min: number | null; maxSeen: number | null })[];
  items: ItemSpread[];
  evaluators: { id: number; name: string; avatar?: string; total: number | null; comment: string; time: string }[];
}

export function ScoreReport({ v }: { v: ScoreView }) {
  const radar = useMemo(() => radarOption(v.dims), [v.dims]);
  const bars = useMemo(() => itemBarsOption(v.items), [v.items]);
  const cards: [string, string, string][] = [
    ["综合得分（平均）", v.total === null ? "—" : `${scoreText(v.total)}`, "report-total"],
    ["等级", v.grade || "—", "report-grade"],
    ["评课人数", String(v.evaluatorCount), "report-evaluator-count"],
    ["评课人分差", v.spread === null ? "—" : scoreText(v.spread), "report-spread"],
  ];
  return (
    <>
      <div className="yk-report-score-cards">
        {cards.map(([label, value, id]) => (
          <div key={id} className="yk-report-score-card">
            <b data-testid={id}>{value}</b>
            <span>
              {label}
              {id === "report-total" && v.full > 0 ? `（满分 ${scoreText(v.full)}）` : ""}
            </span>
          </div>
        ))}
      </div>
      <div className="yk-report-grid2">
        <Card size="small" title="各维度得分">
          {v.dims.length ? (
            <>
              <EChart option={radar} height={300} testId="report-radar" />
              <table className="yk-report-dims" data-testid="report-dims">
                <thead>
                  <tr>
                    <th>维度</th>
                    <th>平均（满分 100）</th>
                    <th>最低–最高</th>
                  </tr>
                </thead>
                <tbody>
                  {v.dims.map((d) => (
                    <tr key={d.name}>
                      <td>{d.name}</td>
                      <td>{scoreText(d.score)}</td>
                      <td>{d.min === null ? "—" : `${scoreText(d.min)}–${scoreText(d.maxSeen)}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <EmptyState compact text="暂无维度评分" />
          )}
        </Card>
        <Card size="small" title="各评分项得分与评课人分差">
          {v.items.length ? (
            <EChart option={bars} height={Math.max(260, 34 * v.items.length + 60)} testId="report-items" />
          ) : (
            <EmptyState compact text="暂无评分项" />
          )}
        </Card>
      </div>
      <Card size="small" title={`评课人评价（${v.evaluators.length}）`} data-testid="report-evaluators">
        {v.evaluators.length ? (
          v.evaluators.map((e) => (
            <div key={e.id} className="yk-report-evaluator" data-testid="report-evaluator">
              <UserAvatar id={e.id} name={e.name} url={e.avatar} size={36} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <div style={{ display: "flex", gap: 12, alignItems: "baseline" }}>
                  <b>{e.name}</b>
                  <span style={{ color: "#1f7a5c", fontWeight: 600 }} data-testid="report-evaluator-total">
                    {e.total === null ? "—" : `${scoreText(e.total)} 分`}
                  </span>
                  <span className="yk-muted" style={{ fontSize: 12, marginLeft: "auto" }}>
                    {e.time}
                  </span>
                </div>
                <div className="comment">{e.comment || <span className="yk-muted">未填写评语</span>}</div>
              </div>
            </div>
          ))
        ) : (
          <EmptyState compact text="暂无已提交的评价" />
        )}
      </Card>
    </>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Data of a record's report

/** c265: the record (public for open records). */
export function useListenDetail(id: number) {
  const token = useToken();
  return useQuery({
    staleTime: 30_000,
    retry: false,
    queryKey: ["listen", "detail", id, token !== ""],
    enabled: id > 0,
    queryFn: () => listenCall(calls.listenRead, { id }),
  });
}

/** c289 + c292 → the score report. */
export function useScoreView(id: number, enabled = true) {
  const token = useToken();
  return useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["listen", "scores", id, token !== ""],
    enabled: id > 0 && enabled,
    queryFn: async (): Promise<{ agg: ListenTeacherScoreAnswer; view: ScoreView }> => {
      const [agg, es] = await Promise.all([
        listenCall(calls.listenCourseTeacherScore, { record_id: id }),
        listenCall(calls.listenGetEvaluationScore, { record_id: id }),
      ]);
      return { agg, view: toScoreView(agg, es) };
    },
  });
}

/** The aggregate (c289) and the evaluations (c292) as the report shows them: only submitted evaluations count. */
export function toScoreView(agg: ListenTeacherScoreAnswer, es: ListenEvaluationScoreAnswer): ScoreView {
  const t = agg.total;
  // Dimension scores are out of 100 (listen-score.ts, docs/decisions/0902).
  const dims = agg.dimensions.map((d) => ({ name: d.name, score: d.score.mean ?? 0, max: 100, min: d.score.min, maxSeen: d.score.max }));
  const submitted = es.list.filter((e) => e.status === 1);
  return {
    total: t.mean,
    full: 100,
    grade: gradeOf(t.mean),
    evaluatorCount: t.count,
    spread: t.max !== null && t.min !== null ? t.max - t.min : null,
    dims,
    items: agg.items.map((i) => ({ name: i.name, mean: i.score.mean ?? 0, min: i.score.min ?? 0, max: i.score.max ?? 0, full: i.max_score })),
    evaluators: submitted.map((e) => ({ id: e.account_id, name: e.account_name, total: e.total_score, comment: e.comment, time: e.updated_at })),
  };
}

/** c288: every message of a record (top level with replies), flattened. */
export function useRecordMessages(id: number, enabled = true) {
  const token = useToken();
  return useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["listen", "messages", id, token !== ""],
    enabled: id > 0 && enabled,
    queryFn: async () => {
      const page = await listenCall(calls.listenClassroomDiscussionList, { record_id: id, page: 1, limit: PAGE.maxLimit, order: "video_time" });
      const flat: DiscussMessage[] = [];
      const walk = (ms: DiscussMessage[]) => {
        for (const m of ms) {
          if (!m.deleted) flat.push(m);
          walk(m.children ?? []);
        }
      };
      walk(page.list);
      return { page, flat };
    },
  });
}

/** c274: the listen targets (TPK tags) of the record; empty when they cannot be read. */
export function useTargetNames(id: number) {
  const token = useToken();
  return useQuery({
    staleTime: 60_000,
    retry: false,
    queryKey: ["listen", "targets", id, token !== ""],
    enabled: id > 0,
    queryFn: async () => {
      try {
        const list = await listenCall(calls.listenTargetOptions, { record_id: id });
        return new Map(list.map((t) => [t.id, t.name]));
      } catch {
        return new Map<number, string>();
      }
    },
  });
}

/** c273: the record's files (both kinds). */
export function useRecordFiles(id: number, enabled = true) {
  const token = useToken();
  return useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["listen", "files", id, token !== ""],
    enabled: id > 0 && enabled,
    queryFn: () => listenCall(calls.listenEvaluateFileList, { record_id: id, page: 1, limit: PAGE.maxLimit }),
  });
}

/** The discussion summary: message count and the most used listen-target tags. */
export function DiscussSummary({ id }: { id: number }) {
  const m = useRecordMessages(id);
  const names = useTargetNames(id);
  if (m.isLoading) return <Spin />;
  if (m.error || !m.data) return <EmptyState compact text="研讨加载失败" />;
  const map = names.data ?? new Map<number, string>();
  const tags = topTags(
    m.data.flat.filter((x) => x.target_id > 0).map((x) => map.get(x.target_id) ?? `听课目标 ${x.target_id}`),
    6,
  );
  const timed = m.data.flat.filter((x) => x.video_time !== null).length;
  return (
    <div data-testid="report-discuss-summary">
      <div style={{ display: "flex", gap: 24, marginBottom: 10, fontSize: 13 }}>
        <span>
          研讨留言 <b data-testid="report-message-count">{m.data.flat.length}</b> 条
        </span>
        <span>
          其中带视频时间点 <b>{timed}</b> 条
        </span>
      </div>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap", alignItems: "center" }}>
        <span className="yk-muted" style={{ fontSize: 12 }}>
          高频听课目标：
        </span>
        {tags.length ? (
          tags.map((t) => (
            <Tag key={t.name} color="green" data-testid="report-tag">
              {t.name} × {t.count}
            </Tag>
          ))
        ) : (
          <span className="yk-muted" style={{ fontSize: 12 }}>
            暂无
          </span>
        )}
      </div>
    </div>
  );
}

export function FileList({ id }: { id: number }) {
  const f = useRecordFiles(id);
  if (f.isLoading) return <Spin />;
  if (f.error || !f.data) return <EmptyState compact text="文件加载失败" />;
  if (!f.data.list.length) return <EmptyState compact text="暂无文件" />;
  return (
    <div data-testid="report-files">
      {f.data.list.map((x) => (
        <div key={x.id} style={{ display: "flex", gap: 12, padding: "6px 0", borderBottom: "1px solid #eef2f0", fontSize: 13 }}>
          <Tag>{x.type_name}</Tag>
          <a
            href={x.file_path}
            target="_blank"
            rel="noreferrer"
            style={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
          >
            {x.file_name}
          </a>
          <span className="yk-muted">{x.account_name}</span>
          <span className="yk-muted">{x.created_at.slice(0, 16)}</span>
        </div>
      ))}
    </div>
  );
}

/** The header facts of a record. */
export function RecordHeader({ d, extra }: { d: ListenDetail; extra?: ReactNode }) {
  return (
    <Card data-testid="report-header">
      <div className="yk-report-head">
        <div style={{ flex: 1, minWidth: 0 }}>
          <div style={{ display: "flex", gap: 8, alignItems: "center", flexWrap: "wrap" }}>
            <h1 className="yk-report-title" data-testid="report-name">
              {d.name}
            </h1>
            <Tag color="cyan">{d.is_type_name || LISTEN_TYPES[d.is_type]}</Tag>
            <WindowTag start={d.start_time} end={d.end_time} />
            <Tag>{d.open_model_name}</Tag>
          </div>
          <div className="yk-report-facts">
            <Fact label="授课教师" testId="report-teacher">
              {d.teacher_name}
            </Fact>
            <Fact label="学段学科">{[d.period_name, d.subject_name, d.grade_name].filter(Boolean).join(" · ")}</Fact>
            <Fact label="上课时间">{span(d.start_time, d.end_time)}</Fact>
            <Fact label="所属社区">{d.community_name || "不属于社区"}</Fact>
            <Fact label="评价方式">
              {d.evaluation_type_name}
              {d.indicator_name ? `（${d.indicator_name}）` : ""}
            </Fact>
            <Fact label="组织者">{d.account_name}</Fact>
          </div>
        </div>
        {extra ? <div className="yk-no-print">{extra}</div> : null}
      </div>
    </Card>
  );
}

/**
 * The AI diagnosis panel of a preparation's lesson plan (issue #8; c252 preparationDiagnosisAi, c253 getAiResult):
 * the latest result — overall score (gauge), grade, the dimensions (radar and bars), the suggestions ranked by the
 * points they would gain with their level and the quoted text, keyword coverage against the bound catalogue nodes,
 * and the engine (规则 / 规则+大模型). 开始诊断 starts a job and polls it under a progress bar; a failed job shows its
 * reason and no result.
 */
import { ExperimentOutlined, ReloadOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, type DiagnosisJob, type DiagnosisReport } from "@yanke/protocol";
import { Alert, Button, Card, Progress, Space, Spin, Tag, Tooltip, Typography } from "antd";
import { useEffect, useState } from "react";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { DimensionRadar, ScoreGauge } from "./DiagnosisCharts";
import {
  GRADE_TAG_COLORS,
  LEVEL_COLORS,
  dimensionName,
  engineName,
  impactText,
  isActive,
  levelName,
  percentText,
  rankSuggestions,
  scoreColor,
} from "./diagnosis-view";
import "./textbook.css";

const POLL_MS = 1000;

export function DiagnosisPanel({
  preparationId,
  canRun,
  docId,
}: {
  preparationId: number /** The caller may start a diagnosis. */;
  canRun: boolean /** The plan diagnosed (0 = the main plan). */;
  docId?: number;
}) {
  const qc = useQueryClient();
  const [jobId, setJobId] = useState(0);
  const [startError, setStartError] = useState("");
  const doc = docId && docId > 0 ? docId : undefined;
  // Another preparation or plan: back to its latest job.
  // biome-ignore lint/correctness/useExhaustiveDependencies: preparationId and doc are the triggers: another preparation or plan goes back to its latest job.
  useEffect(() => {
    setJobId(0);
    setStartError("");
  }, [preparationId, doc]);
  const key = ["diagnosis", preparationId, doc ?? 0, jobId];
  const q = useQuery({
    queryKey: key,
    enabled: preparationId > 0,
    retry: false,
    queryFn: async (): Promise<DiagnosisJob | null> => {
      const payload = jobId ? { job_id: jobId } : { preparation_id: preparationId, ...(doc ? { doc_id: doc } : {}) };
      const job = await call(calls.getAiResult, payload, { quiet: true });
      return job && typeof job === "object" && "job_id" in job ? job : null;
    },
    refetchInterval: (query) => (isActive(query.state.data) ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => call(calls.preparationDiagnosisAi, { preparation_id: preparationId, ...(doc ? { doc_id: doc } : {}) }, { quiet: true }),
    onMutate: () => setStartError(""),
    onSuccess: (job) => {
      qc.setQueryData(["diagnosis", preparationId, doc ?? 0, job.job_id], job);
      setJobId(job.job_id);
    },
    onError: (e: unknown) => setStartError(e instanceof Error && e.message ? e.message : "诊断未能开始，请稍后重试"),
  });
  const job = q.data ?? null;
  const running = isActive(job) || start.isPending;

  return (
    <Card
      variant="borderless"
      data-testid="diagnosis-panel"
      data-status={job?.status ?? "none"}
      title={
        <Space size={8}>
          <ExperimentOutlined style={{ color: "#1f6f5c" }} />
          <span>AI 教案诊断</span>
          {job?.doc_title ? (
            <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
              《{job.doc_title}》
            </Typography.Text>
          ) : null}
        </Space>
      }
      extra={
        canRun ? (
          <Button
            type="primary"
            icon={job ? <ReloadOutlined /> : <ExperimentOutlined />}
            loading={running}
            onClick={() => start.mutate()}
            data-testid="diagnosis-start"
          >
            {running ? "诊断中" : job ? "重新诊断" : "开始诊断"}
          </Button>
        ) : null
      }
    >
      {startError ? (
        <Alert
          type="error"
          showIcon
          message={startError}
          style={{ marginBottom: 12 }}
          data-testid="diagnosis-start-error"
          closable
          onClose={() => setStartError("")}
        />
      ) : null}
      {q.isLoading ? (
        <Spin style={{ display: "block", padding: 32 }} />
      ) : q.isError ? (
        <Alert
          type="warning"
          showIcon
          message={q.error instanceof Error && q.error.message ? q.error.message : "诊断结果读取失败，请稍后重试"}
          data-testid="diagnosis-read-error"
        />
      ) : !job ? (
        <EmptyState
          text="尚未诊断"
          extra={canRun ? <span style={{ fontSize: 12 }}>点击“开始诊断”，检查教案的结构、教学目标、时间分配、问题设计和知识点覆盖</span> : undefined}
        />
      ) : isActive(job) ? (
        <div style={{ padding: "24px 8px" }} data-testid="diagnosis-progress">
          <Typography.Text>{job.status_name}… 正在分析教案的结构、目标、时间、问题和知识点</Typography.Text>
          <Progress percent={Math.round(job.progress)} status="active" strokeColor="#1f6f5c" />
        </div>
      ) : job.status === "failed" ? (
        <Alert type="error" showIcon message="诊断失败" description={job.error || "诊断未完成，请稍后重试"} data-testid="diagnosis-failed" />
      ) : job.result ? (
        <ReportView r={job.result} job={job} />
      ) : (
        <Alert type="warning" showIcon message="诊断已完成，但没有结果" />
      )}
    </Card>
  );
}

function ReportView({ r, job }: { r: DiagnosisReport; job: DiagnosisJob }) {
  const suggestions = rankSuggestions(r.suggestions);
  const kw = r.keywords;
  return (
    <div data-testid="diagnosis-report" data-score={r.score} data-grade={r.grade}>
      <div className="yk-dg-top">
        <div className="yk-dg-box" style={{ textAlign: "center" }}>
          <div className="yk-dg-box-title">
            <span>综合得分</span>
            <Tag color={r.engine === "rules+llm" ? "purple" : "default"} data-testid="diagnosis-engine">
              {engineName(r.engine)}
            </Tag>
          </div>
          <ScoreGauge score={r.score} grade={r.grade} />
          <div style={{ marginTop: -8 }}>
            <Tag color={GRADE_TAG_COLORS[r.grade]} data-testid="diagnosis-grade" style={{ fontSize: 14, padding: "2px 12px" }}>
              {r.grade}
            </Tag>
          </div>
          <div className="yk-dg-dim-sum" style={{ marginTop: 8 }}>
            {job.finished_at || r.generated_at} · {r.doc.chars} 字
          </div>
        </div>
        <div className="yk-dg-box">
          <div className="yk-dg-box-title">维度雷达</div>
          <DimensionRadar dims={r.dimensions.filter((d) => d.scored !== false)} />
        </div>
        <div className="yk-dg-box" data-testid="diagnosis-dimensions">
          <div className="yk-dg-box-title">各维度得分</div>
          {r.dimensions.map((d) => (
            <div key={d.dimension} className="yk-dg-dim" data-testid="diagnosis-dimension" data-dimension={d.dimension} data-score={d.score}>
              <div className="yk-dg-dim-head">
                <span>
                  {d.name || dimensionName(d.dimension)}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {d.scored === false ? "（未计入总分）" : `（权重 ${d.weight}%）`}
                  </Typography.Text>
                </span>
                <strong style={{ color: d.scored === false ? "#8a9690" : scoreColor(d.score) }}>{d.scored === false ? "—" : Math.round(d.score)}</strong>
              </div>
              <Progress percent={d.scored === false ? 0 : Math.round(d.score)} showInfo={false} size="small" strokeColor={scoreColor(d.score)} />
              <div className="yk-dg-dim-sum">{d.summary}</div>
            </div>
          ))}
        </div>
      </div>

      <div className="yk-dg-box" style={{ marginTop: 16 }} data-testid="diagnosis-suggestions">
        <div className="yk-dg-box-title">
          <span>改进建议（按提升分值排序）</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
            共 {suggestions.length} 条
          </Typography.Text>
        </div>
        {suggestions.length === 0 ? <EmptyState compact text="教案各项均达标，暂无建议" /> : null}
        {suggestions.map((s, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the items of one diagnosis result are a fixed list without ids, never reordered.
            key={i}
            className="yk-dg-sugg"
            data-testid="diagnosis-suggestion"
            data-level={s.level}
            data-dimension={s.dimension}
          >
            <div className="yk-dg-sugg-rank">{i + 1}</div>
            <div className="yk-dg-sugg-body">
              <Space size={4} wrap>
                <Tag color={LEVEL_COLORS[s.level]}>{levelName(s.level)}</Tag>
                <Tag bordered={false}>{dimensionName(s.dimension)}</Tag>
                {s.source === "llm" ? <Tag color="purple">大模型</Tag> : null}
                <span className="yk-dg-sugg-msg">{s.message}</span>
              </Space>
              {s.evidence ? <blockquote className="yk-dg-quote">“{s.evidence}”</blockquote> : null}
            </div>
            <div className="yk-dg-impact">{impactText(s.impact)}</div>
          </div>
        ))}
      </div>

      <div className="yk-dg-grid2">
        <div className="yk-dg-box" data-testid="diagnosis-keywords">
          <div className="yk-dg-box-title">
            <span>知识点覆盖</span>
            <Tooltip title="教案提到的教材目录知识点 / 绑定目录的知识点">
              <Typography.Text strong style={{ color: kw.coverage === null ? undefined : scoreColor(kw.coverage * 100) }}>
                {percentText(kw.coverage)}
              </Typography.Text>
            </Tooltip>
          </div>
          {kw.catalog.length === 0 ? (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              该集体备课未绑定带知识点的教材目录
            </Typography.Text>
          ) : (
            <>
              <div className="yk-dg-tags" style={{ marginBottom: 6 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12, marginRight: 6 }}>
                  已覆盖
                </Typography.Text>
                {kw.covered.length === 0 ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    无
                  </Typography.Text>
                ) : null}
                {kw.covered.map((k) => (
                  <Tag key={k} color="green" data-testid="diagnosis-keyword-covered">
                    {k}
                  </Tag>
                ))}
              </div>
              <div className="yk-dg-tags">
                <Typography.Text type="secondary" style={{ fontSize: 12, marginRight: 6 }}>
                  未提及
                </Typography.Text>
                {kw.missing.length === 0 ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    无
                  </Typography.Text>
                ) : null}
                {kw.missing.map((k) => (
                  <Tag key={k} color="red" className="yk-dg-missing" data-testid="diagnosis-keyword-missing">
                    {k}
                  </Tag>
                ))}
              </div>
            </>
          )}
          {kw.top.length > 0 ? (
            <div className="yk-dg-tags" style={{ marginTop: 10 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12, marginRight: 6 }}>
                教案高频词
              </Typography.Text>
              {kw.top.slice(0, 12).map((t) => (
                <Tag key={t.word} bordered={false}>
                  {t.word}
                </Tag>
              ))}
            </div>
          ) : null}
        </div>
        <div className="yk-dg-box" data-testid="diagnosis-structure">
          <div className="yk-dg-box-title">教案结构</div>
          <div className="yk-dg-tags">
            {r.structure.sections.map((s) => (
              <Tooltip key={s.key} title={s.found ? `找到：${s.evidence}` : s.required ? "必备环节，未找到" : "建议环节，未找到"}>
                <Tag
                  color={s.found ? "green" : s.required ? "red" : "default"}
                  className={s.found ? undefined : "yk-dg-missing"}
                  data-testid="diagnosis-section"
                  data-found={s.found ? "1" : "0"}
                >
                  {s.found ? "✓ " : "✗ "}
                  {s.name}
                </Tag>
              </Tooltip>
            ))}
          </div>
          <ul className="yk-pc-help" style={{ marginTop: 10, fontSize: 12 }}>
            <li>
              教学目标：可测动词 {r.objectives.measurable_count} 个，笼统表述 {r.objectives.vague_count} 个；覆盖
              {[r.objectives.coverage.knowledge ? "知识" : "", r.objectives.coverage.ability ? "能力" : "", r.objectives.coverage.literacy ? "素养" : ""]
                .filter(Boolean)
                .join("、") || "（未识别）"}
            </li>
            <li>
              时间分配：{r.time.total_minutes === null ? "未标注时间" : `共 ${r.time.total_minutes} 分钟`}（一课时 {r.time.expected_minutes} 分钟）
              {r.time.missing_stages.length ? `，缺少 ${r.time.missing_stages.join("、")}` : ""}
            </li>
            <li>
              问题设计：共 {r.questions.count} 个问题，开放性 {r.questions.open} 个，封闭性 {r.questions.closed} 个
            </li>
          </ul>
        </div>
      </div>
      {r.notes.length > 0 ? (
        <div style={{ marginTop: 12 }} data-testid="diagnosis-notes">
          {r.notes.map((n, i) => (
            <Typography.Paragraph
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of one diagnosis result are a fixed list without ids, never reordered.
              key={i}
              type="secondary"
              style={{ fontSize: 12, marginBottom: 2 }}
            >
              注：{n}
            </Typography.Paragraph>
          ))}
        </div>
      ) : null}
    </div>
  );
}

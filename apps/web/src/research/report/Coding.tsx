/**
 * Coding that teachers can correct (#10): the S-T sample strip (machine row, human row; click a human cell to flip
 * it, or select several) → upStSample; the questions' class and 理答 → upDialogueClass. The report recomputes on the
 * server and comes back with the agreement between the machine and the human coding (percent and Cohen's κ).
 */
import { RollbackOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import {
  LIDA_KINDS,
  LIDA_NAMES,
  QUESTION_KINDS,
  QUESTION_KIND_NAMES,
  type Agreement,
  type CourseReport,
  type LidaKind,
  type QuestionItem,
  type QuestionKind,
  type StCode,
} from "@yanke/protocol";
import { Alert, Button, Card, Checkbox, Select, Space, Table, Tag, Tooltip } from "antd";
import { useMemo, useState } from "react";
import { researchApi, researchKeys } from "../api";
import { clock, sampleTime } from "./charts";
import type { Seek } from "./sections";

/** Percent with one decimal, κ with two: the figures the tests read. */
export const agreementPercent = (a: Agreement) => `${a.percent.toFixed(1)}%`;
export const agreementKappa = (a: Agreement) => (a.kappa === null ? "—（只有一类编码）" : a.kappa.toFixed(2));

function AgreementView({ a, testId }: { a: Agreement | null; testId: string }) {
  if (!a)
    return (
      <span className="yk-ar-muted" data-testid={testId} data-percent="">
        尚无人工修正，一致率未计算
      </span>
    );
  return (
    <span className="yk-ar-agree" data-testid={testId} data-percent={a.percent.toFixed(1)} data-kappa={a.kappa === null ? "" : a.kappa.toFixed(2)}>
      <span>
        机器与人工一致率 <b data-testid={`${testId}-percent`}>{agreementPercent(a)}</b>
      </span>
      <span>
        Cohen's κ <b data-testid={`${testId}-kappa`}>{agreementKappa(a)}</b>
      </span>
      <span className="yk-ar-muted">
        （{a.agree}/{a.n} 一致）
      </span>
    </span>
  );
}

/** After a correction: take the answer when it is the report, and read the report again either way. */
function useApplyReport(id: number) {
  const qc = useQueryClient();
  return async (answer: unknown) => {
    if (answer && typeof answer === "object" && "course" in answer && "result" in answer) qc.setQueryData(researchKeys.report(id), answer as CourseReport);
    await qc.invalidateQueries({ queryKey: researchKeys.report(id) });
  };
}

export function StCoding({ report, canEdit, seek }: { report: CourseReport; canEdit: boolean; seek: Seek }) {
  const st = report.result?.st;
  const id = report.course.id;
  const apply = useApplyReport(id);
  const [multi, setMulti] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const corrected = useMemo(() => new Map(report.st_corrections.map((c) => [c.idx, c])), [report.st_corrections]);
  if (!st?.available) return null;
  const machine = st.samples;
  const human: StCode[] = report.st_human?.samples ?? machine;

  const send = async (samples: Array<{ index: number; code: StCode | "" }>) => {
    if (!samples.length) return;
    setBusy(true);
    try {
      await apply(await researchApi.upStSample({ id, samples }));
      setSelected(new Set());
    } catch {
      // the client has shown the message
    } finally {
      setBusy(false);
    }
  };
  /** Setting a sample to the machine's own code returns it to the machine's coding. */
  const setCode = (i: number, code: StCode) => ({ index: i, code: code === machine[i] ? ("" as const) : code });
  const clickHuman = (i: number) => {
    if (!canEdit || busy) return;
    if (multi) {
      setSelected((s) => {
        const n = new Set(s);
        if (n.has(i)) n.delete(i);
        else n.add(i);
        return n;
      });
      return;
    }
    void send([setCode(i, human[i] === "T" ? "S" : "T")]);
  };
  const sel = [...selected].sort((a, b) => a - b);
  /** a time label every so many cells (cells are 24 px apart; labels need about 60 px) */
  const tickEvery = Math.max(3, Math.ceil(60 / 24));

  return (
    <Card
      size="small"
      className="yk-ar-card"
      title="S-T 编码校对"
      data-testid="st-coding"
      extra={<AgreementView a={report.agreement.st} testId="st-agreement" />}
    >
      <div className="yk-ar-muted" style={{ marginBottom: 8 }}>
        每格一个采样点（{st.interval} 秒），<span className="yk-st-key T">T</span> 教师行为，<span className="yk-st-key S">S</span>{" "}
        学生行为。点击“机器”行的格子跳转视频
        {canEdit ? "；点击“人工”行的格子改为另一种编码（或勾选多选后批量修改），修改后报告重新计算。" : "。"}
      </div>
      <div className="yk-st-strip" data-testid="st-strip">
        <div className="yk-st-row">
          <span className="yk-st-label">机器</span>
          <div className="yk-st-cells">
            {machine.map((c, i) => (
              <Tooltip
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per S-T sample: the index is the sample number.
                key={i}
                title={`第 ${i + 1} 个采样 ${clock(sampleTime(i, st.interval))}：${c}（点击跳转）`}
                mouseEnterDelay={0.3}
              >
                <button
                  type="button"
                  className={`yk-st-cell ${c}`}
                  data-testid={`st-machine-${i}`}
                  data-code={c}
                  onClick={() => seek(sampleTime(i, st.interval))}
                >
                  {c}
                </button>
              </Tooltip>
            ))}
          </div>
        </div>
        <div className="yk-st-row">
          <span className="yk-st-label">人工</span>
          <div className="yk-st-cells">
            {human.map((c, i) => (
              <Tooltip
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per S-T sample: the index is the sample number.
                key={i}
                mouseEnterDelay={0.3}
                title={`第 ${i + 1} 个采样 ${clock(sampleTime(i, st.interval))}：${c}${corrected.has(i) ? `（${corrected.get(i)!.account_name} 修改）` : ""}${canEdit ? (multi ? "，点击选中" : `，点击改为 ${c === "T" ? "S" : "T"}`) : ""}`}
              >
                <button
                  type="button"
                  className={`yk-st-cell ${c}${corrected.has(i) ? " fixed" : ""}${selected.has(i) ? " selected" : ""}`}
                  data-testid={`st-cell-${i}`}
                  data-code={c}
                  disabled={!canEdit || busy}
                  onClick={() => clickHuman(i)}
                >
                  {c}
                </button>
              </Tooltip>
            ))}
          </div>
        </div>
        <div className="yk-st-row yk-st-ticks" aria-hidden="true">
          <span className="yk-st-label" />
          <div className="yk-st-cells">
            {machine.map((_, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per S-T sample: the index is the sample number.
                key={i}
                className="yk-st-tick"
              >
                {i % tickEvery === 0 ? clock(i * st.interval) : ""}
              </span>
            ))}
          </div>
        </div>
      </div>
      {canEdit ? (
        <Space wrap className="yk-no-print" style={{ marginTop: 10 }}>
          <Checkbox
            checked={multi}
            onChange={(e) => {
              setMulti(e.target.checked);
              setSelected(new Set());
            }}
            data-testid="st-multi"
          >
            多选
          </Checkbox>
          {multi ? (
            <>
              <span className="yk-ar-muted">已选 {sel.length} 个</span>
              <Button size="small" disabled={!sel.length} loading={busy} onClick={() => void send(sel.map((i) => setCode(i, "T")))}>
                改为 T
              </Button>
              <Button size="small" disabled={!sel.length} loading={busy} onClick={() => void send(sel.map((i) => setCode(i, "S")))}>
                改为 S
              </Button>
              <Button
                size="small"
                disabled={!sel.length}
                loading={busy}
                onClick={() =>
                  void send(sel.map((i) => ({ index: i, code: human[i] === "T" ? (machine[i] === "S" ? "" : "S") : machine[i] === "T" ? "" : "T" })))
                }
              >
                翻转所选
              </Button>
              <Button
                size="small"
                disabled={!sel.length}
                loading={busy}
                icon={<RollbackOutlined />}
                onClick={() => void send(sel.map((i) => ({ index: i, code: "" as const })))}
              >
                恢复机器编码
              </Button>
            </>
          ) : null}
        </Space>
      ) : null}
      {report.st_corrections.length ? (
        <div className="yk-st-fixes" data-testid="st-corrections">
          <div className="yk-ar-subtitle">人工修改（{report.st_corrections.length}）</div>
          {[...report.st_corrections]
            .sort((a, b) => a.idx - b.idx)
            .map((c) => (
              <div key={c.idx} className="yk-st-fix">
                <span>
                  第 {c.idx + 1} 个采样（{clock(sampleTime(c.idx, st.interval))}）：{machine[c.idx]} → <b>{c.code}</b>
                </span>
                <span className="yk-ar-muted">
                  {c.account_name} {c.updated_at}
                </span>
                {canEdit ? (
                  <Button
                    size="small"
                    type="link"
                    icon={<RollbackOutlined />}
                    disabled={busy}
                    data-testid={`st-restore-${c.idx}`}
                    onClick={() => void send([{ index: c.idx, code: "" }])}
                  >
                    恢复机器编码
                  </Button>
                ) : null}
              </div>
            ))}
        </div>
      ) : null}
      {report.st_human ? (
        <Alert
          style={{ marginTop: 10 }}
          type="warning"
          showIcon
          message={`人工修正后：Rt ${report.st_human.rt.toFixed(2)}，Ch ${report.st_human.ch.toFixed(2)}，${report.st_human.mode}（机器编码：Rt ${st.rt.toFixed(2)}，Ch ${st.ch.toFixed(2)}，${st.mode}）`}
        />
      ) : null}
    </Card>
  );
}

export function QuestionCoding({ report, canEdit, seek }: { report: CourseReport; canEdit: boolean; seek: Seek }) {
  const talk = report.result?.talk;
  const id = report.course.id;
  const apply = useApplyReport(id);
  const [busy, setBusy] = useState(false);
  if (!talk?.available || !talk.questions.length) return null;
  const machine = new Map(talk.questions.map((q) => [q.index, q]));
  const rows: QuestionItem[] = report.questions_human ?? talk.questions;
  const fixed = new Set(report.question_corrections.map((c) => c.idx));
  const send = async (items: Array<{ index: number; kind?: QuestionKind; response?: LidaKind }>) => {
    setBusy(true);
    try {
      await apply(await researchApi.upDialogueClass({ id, items }));
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  const update = (q: QuestionItem, patch: { kind?: QuestionKind; response?: LidaKind }) => {
    const kind = patch.kind ?? q.kind;
    const response = patch.response ?? q.response ?? undefined;
    void send([{ index: q.index, kind, ...(response ? { response } : {}) }]);
  };
  return (
    <Card
      size="small"
      className="yk-ar-card"
      title="提问编码校对"
      data-testid="question-coding"
      extra={<AgreementView a={report.agreement.questions} testId="question-agreement" />}
    >
      <Table
        size="small"
        rowKey="index"
        pagination={rows.length > 10 ? { pageSize: 10, size: "small" } : false}
        dataSource={rows}
        columns={[
          { title: "序号", dataIndex: "index", width: 56, render: (v: number) => v + 1 },
          {
            title: "时间",
            dataIndex: "time",
            width: 70,
            render: (v: number) => (
              <a onClick={() => seek(v)} data-testid="question-time">
                {clock(v)}
              </a>
            ),
          },
          { title: "问题", dataIndex: "text", ellipsis: true },
          {
            title: "类型",
            dataIndex: "kind",
            width: 150,
            render: (v: QuestionKind, q) => {
              const m = machine.get(q.index);
              return canEdit ? (
                <Select
                  size="small"
                  value={v}
                  style={{ width: 120 }}
                  disabled={busy}
                  data-testid={`question-kind-${q.index}`}
                  options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_NAMES[k] }))}
                  onChange={(k) => update(q, { kind: k })}
                />
              ) : (
                <span>
                  {QUESTION_KIND_NAMES[v]}
                  {m && m.kind !== v ? <Tag style={{ marginLeft: 4 }}>机器：{QUESTION_KIND_NAMES[m.kind]}</Tag> : null}
                </span>
              );
            },
          },
          {
            title: "理答",
            dataIndex: "response",
            width: 140,
            render: (v: LidaKind | null, q) =>
              canEdit && q.answered ? (
                <Select
                  size="small"
                  value={v ?? undefined}
                  placeholder="选择理答"
                  style={{ width: 110 }}
                  disabled={busy}
                  data-testid={`question-response-${q.index}`}
                  options={LIDA_KINDS.map((k) => ({ value: k, label: LIDA_NAMES[k] }))}
                  onChange={(k) => update(q, { response: k })}
                />
              ) : v ? (
                LIDA_NAMES[v]
              ) : (
                <span className="yk-ar-muted">学生未回答</span>
              ),
          },
          {
            title: "机器编码",
            width: 150,
            render: (_: unknown, q) => {
              const m = machine.get(q.index);
              if (!m) return null;
              const differs = m.kind !== q.kind || m.response !== q.response;
              return (
                <span
                  className={differs ? "yk-ar-diff" : "yk-ar-muted"}
                >{`${QUESTION_KIND_NAMES[m.kind]} · ${m.response ? LIDA_NAMES[m.response] : "未回答"}`}</span>
              );
            },
          },
          ...(canEdit
            ? [
                {
                  title: "操作",
                  width: 130,
                  render: (_: unknown, q: QuestionItem) =>
                    fixed.has(q.index) ? (
                      <Button
                        size="small"
                        type="link"
                        icon={<RollbackOutlined />}
                        disabled={busy}
                        onClick={() => void send([{ index: q.index }])}
                        data-testid={`question-restore-${q.index}`}
                      >
                        恢复机器编码
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

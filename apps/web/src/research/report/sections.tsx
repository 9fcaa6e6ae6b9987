/**
 * The sections of a lesson report (#10). Each is a card with a short 方法说明 popover; a section the pipeline could
 * not compute shows its reason (Section<T> available false) — never an empty chart.
 */
import { QuestionCircleOutlined } from "@ant-design/icons";
import {
  calls,
  ANALYSIS_STAGE_NAMES,
  FIAS_CATEGORIES,
  LIDA_KINDS,
  LIDA_NAMES,
  QUESTION_KIND_NAMES,
  type AnalysisResult,
  type CourseReport,
  type Section,
  type StageRecord,
} from "@yanke/protocol";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Popover, Select, Table, Tag, Tooltip } from "antd";
import { useMemo, useState, type ReactNode } from "react";
import { call } from "../../api/client";
import { useToken } from "../../session/store";
import { researchApi } from "../api";
import { Chart } from "./Chart";
import {
  autonomousOption,
  chainsOption,
  clock,
  depthDistributionOption,
  fiasOption,
  motionOption,
  pct,
  positionHeatmapOption,
  questionsOption,
  rtChOption,
  scoreDims,
  scoreRadarOption,
  seekTimeOf,
  seriesLineOption,
  sharesOption,
  speechTimelineOption,
  stCurveOption,
  zonesOption,
} from "./charts";
import { SECTION_TITLES, type SectionKey } from "./section-keys";

export type Seek = (t: number) => void;

export { SECTION_KEYS, SECTION_TITLES, type SectionKey } from "./section-keys";

const METHODS: Record<SectionKey, (r: AnalysisResult) => string> = {
  st: (r) =>
    `按固定间隔${r.st.available ? `（本课 ${r.st.interval} 秒）` : ""}采样，每个采样点编码为 T（教师行为）或 S（学生行为，含练习与沉默）。S-T 曲线横轴为 S 的累计数、纵轴为 T 的累计数；第 i 个采样对应时刻 (i + 0.5) × 间隔，点击曲线上的点，视频跳到该时刻。`,
  rtch: () =>
    "Rt = N_T / N（教师行为占有率），Ch = (g − 1) / N（师生行为转换率，g 为连续相同编码的段数）。Rt ≤ 0.3 为练习型，Rt ≥ 0.7 为讲授型，Ch ≥ 0.4 为对话型，其余为混合型。",
  talk: (r) =>
    `语音活动检测${r.speech.available ? `（${r.speech.vad_method}）` : ""}找出有人说话的时段，再区分教师与学生${r.speech.available ? `（${r.speech.role_method}）` : ""}；其余时间记为沉默。语速按课堂实录的字数除以说话时间。`,
  questions: () =>
    "从课堂实录中识别教师提问（句末“？/吗/呢”，“为什么/怎么/哪些”等）：有唯一标准答案的为封闭性问题，其余为开放性问题；候答时间为问题结束到下一次说话的间隔；学生回答后教师的第一句回应归为理答（表扬肯定、追问、纠正、重复）。",
  depth: () => "一次提问并得到学生回答算一轮；教师紧接着追问并再次得到回答，问答链加一轮。对话深度即问答链的轮数。",
  fias: (r) =>
    `弗兰德斯互动分析：每 ${r.fias.available ? r.fias.interval : 3} 秒记一个类别（1–7 教师话语，其中 1–4 间接、5–7 直接；8–9 学生话语；10 沉寂或混乱），相邻两个编码构成矩阵中的一次转移（行为前、列为后）。`,
  behavior: (r) =>
    `每隔 ${r.behavior.available ? r.behavior.interval : "若干"} 秒抽取一帧，用相邻帧的差异估计画面运动量与教师位置；位置热力图为画面各区域的停留秒数。学生抬头率与举手需要姿态模型。`,
  autonomous: (r) => `连续至少 ${r.autonomous.available ? r.autonomous.min_seconds : "若干"} 秒没有教师话语的时段计为学生自主学习时间。`,
  scoring: () => "按评价量表逐项评分：能由以上分析结果支撑的指标给出得分与依据；无法判断的指标列为“未评”并说明原因，不计入总分。",
  stages: () => "分析依次经过：解码音视频、语音活动检测、师生角色识别、课堂实录、话语分析、行为分析、指标评分、生成报告。无法运行的步骤如实标记为跳过或失败。",
};

function MethodHint({ text }: { text: string }) {
  return (
    <Popover content={<div style={{ maxWidth: 360, fontSize: 13, lineHeight: 1.7 }}>{text}</div>} title="方法说明" trigger={["hover", "click"]}>
      <span className="yk-ar-method yk-no-print" data-testid="method-hint">
        <QuestionCircleOutlined /> 方法说明
      </span>
    </Popover>
  );
}

/** A report card: the method popover in the header, and the reason when the data is unavailable. */
export function SectionCard({
  k,
  r,
  title,
  children,
  extra,
  unavailable,
}: {
  k: SectionKey;
  r: AnalysisResult;
  title?: string;
  children: ReactNode;
  extra?: ReactNode;
  unavailable?: string | null;
}) {
  return (
    <Card
      size="small"
      className="yk-ar-card"
      data-testid={`section-${k}`}
      title={title ?? SECTION_TITLES[k]}
      extra={
        <span style={{ display: "inline-flex", gap: 12, alignItems: "center" }}>
          {extra}
          <MethodHint text={METHODS[k](r)} />
        </span>
      }
    >
      {unavailable ? <Unavailable reason={unavailable} /> : children}
    </Card>
  );
}

export function Unavailable({ reason }: { reason: string }) {
  return <Alert type="info" showIcon className="yk-ar-unavailable" data-testid="section-unavailable" message="该项无法分析" description={reason} />;
}

const why = (s: Section<object>): string | null => (s.available ? null : s.reason);

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <div className="yk-ar-facts">
      {items.map(([k, v]) => (
        <div key={k}>
          <span>{k}</span>
          <b>{v}</b>
        </div>
      ))}
    </div>
  );
}

// ── the sections ─────────────────────────────────────────────────────────────────────────────────────────────

export function StSectionCard({ report, seek, height = 320 }: { report: CourseReport; seek: Seek; height?: number }) {
  const r = report.result!;
  const st = r.st;
  const option = useMemo(() => (st.available ? stCurveOption(st, report.st_human) : null), [st, report.st_human]);
  return (
    <SectionCard k="st" r={r} unavailable={why(st)}>
      {st.available && option ? (
        <>
          <Chart
            option={option}
            height={height}
            testId="chart-st"
            onClick={(p) => {
              const t = seekTimeOf(p);
              if (t !== null) seek(t);
            }}
          />
          <Facts
            items={[
              ["采样间隔", `${st.interval} 秒`],
              ["采样数 N", st.n],
              ["T / S", `${st.nt} / ${st.ns}`],
              ["连数 g", st.runs],
            ]}
          />
        </>
      ) : null}
    </SectionCard>
  );
}

export function RtChSectionCard({ report, height = 320 }: { report: CourseReport; height?: number }) {
  const r = report.result!;
  const st = r.st;
  const option = useMemo(() => {
    if (!st.available) return null;
    const groups = [{ name: "机器编码", points: [{ name: report.course.name || "本课", rt: st.rt, ch: st.ch }] }];
    if (report.st_human) groups.push({ name: "人工修正", points: [{ name: "人工修正", rt: report.st_human.rt, ch: report.st_human.ch }] });
    return rtChOption(groups);
  }, [st, report.st_human, report.course.name]);
  return (
    <SectionCard k="rtch" r={r} unavailable={why(st)}>
      {st.available && option ? (
        <>
          <Chart option={option} height={height} testId="chart-rtch" />
          <Facts
            items={[
              ["Rt", st.rt.toFixed(2)],
              ["Ch", st.ch.toFixed(2)],
              [
                "教学模式",
                <Tag color="green" key="m">
                  {st.mode}
                </Tag>,
              ],
            ]}
          />
          {report.st_human ? (
            <div className="yk-ar-note" data-testid="rtch-human">
              人工修正后：Rt {report.st_human.rt.toFixed(2)}，Ch {report.st_human.ch.toFixed(2)}，{report.st_human.mode}
            </div>
          ) : null}
        </>
      ) : null}
    </SectionCard>
  );
}

export function TalkSectionCard({ report, seek }: { report: CourseReport; seek: Seek }) {
  const r = report.result!;
  const sp = r.speech;
  const talk = r.talk;
  const shares = useMemo(() => (sp.available ? sharesOption(sp.teacher_ratio, sp.student_ratio, sp.silence_ratio) : null), [sp]);
  const timeline = useMemo(() => (sp.available ? speechTimelineOption(sp.segments, r.duration) : null), [sp, r.duration]);
  return (
    <SectionCard k="talk" r={r} unavailable={why(sp)}>
      {sp.available && shares && timeline ? (
        <div className="yk-ar-talk">
          <div className="yk-ar-talk-pie">
            <Chart option={shares} height={240} testId="chart-shares" />
          </div>
          <div className="yk-ar-talk-side">
            <Facts
              items={[
                ["教师话语", `${pct(sp.teacher_ratio)}（${Math.round(sp.teacher_seconds)} 秒）`],
                ["学生话语", `${pct(sp.student_ratio)}（${Math.round(sp.student_seconds)} 秒）`],
                ["沉默/其他", `${pct(sp.silence_ratio)}（${Math.round(sp.silence_seconds)} 秒）`],
                ...(talk.available
                  ? ([
                      ["教师语速", `${Math.round(talk.teacher_rate)} 字/分`],
                      ["学生语速", `${Math.round(talk.student_rate)} 字/分`],
                      ["师/生字数", `${talk.teacher_chars} / ${talk.student_chars}`],
                    ] as Array<[string, ReactNode]>)
                  : []),
              ]}
            />
            {!talk.available ? <div className="yk-ar-note">语速与字数：{talk.reason}</div> : null}
            <div className="yk-ar-subtitle">话语时间轴（点击跳转视频）</div>
            <Chart
              option={timeline}
              height={120}
              testId="chart-speech"
              onClick={(p) => {
                const t = seekTimeOf(p);
                if (t !== null) seek(t);
              }}
            />
          </div>
        </div>
      ) : null}
    </SectionCard>
  );
}

export function QuestionsSectionCard({ report, seek }: { report: CourseReport; seek: Seek }) {
  const r = report.result!;
  const talk = r.talk;
  const questions = report.questions_human ?? (talk.available ? talk.questions : []);
  const option = useMemo(() => (talk.available ? questionsOption(questions, r.duration) : null), [talk.available, questions, r.duration]);
  const lida = useMemo(() => {
    const c: Record<string, number> = {};
    for (const q of questions) if (q.response) c[q.response] = (c[q.response] ?? 0) + 1;
    return c;
  }, [questions]);
  return (
    <SectionCard k="questions" r={r} unavailable={why(talk)} extra={report.questions_human ? <Tag color="orange">含人工修正</Tag> : null}>
      {talk.available && option ? (
        questions.length ? (
          <>
            <Chart
              option={option}
              height={200}
              testId="chart-questions"
              onClick={(p) => {
                const t = seekTimeOf(p);
                if (t !== null) seek(t);
              }}
            />
            <Facts
              items={[
                ["提问数", questions.length],
                [
                  "开放性问题",
                  `${questions.filter((q) => q.kind === "open").length}（${pct(questions.length ? questions.filter((q) => q.kind === "open").length / questions.length : null)}）`,
                ],
                ["平均候答时间", talk.avg_wait === null ? "无学生回答" : `${talk.avg_wait.toFixed(1)} 秒`],
                ...LIDA_KINDS.filter((k) => k !== "none").map((k) => [LIDA_NAMES[k], lida[k] ?? 0] as [string, ReactNode]),
              ]}
            />
          </>
        ) : (
          <Alert type="info" showIcon message="课堂实录中没有识别到教师提问" />
        )
      ) : null}
    </SectionCard>
  );
}

export function DepthSectionCard({ report, seek }: { report: CourseReport; seek: Seek }) {
  const r = report.result!;
  const talk = r.talk;
  const dist = useMemo(() => (talk.available ? depthDistributionOption(talk.depth_distribution) : null), [talk]);
  const chains = useMemo(() => (talk.available ? chainsOption(talk.chains, r.duration, talk.max_depth) : null), [talk, r.duration]);
  return (
    <SectionCard k="depth" r={r} unavailable={why(talk)}>
      {talk.available && dist && chains ? (
        talk.chains.length ? (
          <>
            <div className="yk-ar-two">
              <Chart option={dist} height={220} testId="chart-depth" />
              <Chart
                option={chains}
                height={220}
                testId="chart-chains"
                onClick={(p) => {
                  const t = seekTimeOf(p);
                  if (t !== null) seek(t);
                }}
              />
            </div>
            <Facts
              items={[
                ["问答链", talk.chains.length],
                ["最大深度", `${talk.max_depth} 轮`],
                ["平均深度", `${talk.mean_depth.toFixed(1)} 轮`],
              ]}
            />
          </>
        ) : (
          <Alert type="info" showIcon message="本课没有形成问答链（没有得到学生回答的提问）" />
        )
      ) : null}
    </SectionCard>
  );
}

export function FiasSectionCard({ report }: { report: CourseReport }) {
  const r = report.result!;
  const f = r.fias;
  const option = useMemo(() => (f.available ? fiasOption(f) : null), [f]);
  const ratio = (v: number | null) => (v === null ? "—" : v.toFixed(2));
  return (
    <SectionCard k="fias" r={r} unavailable={why(f)}>
      {f.available && option ? (
        <div className="yk-ar-two">
          <Chart option={option} height={340} testId="chart-fias" />
          <div>
            <Facts
              items={[
                ["教师话语", pct(f.ratios.teacher_talk)],
                ["学生话语", pct(f.ratios.student_talk)],
                ["沉寂或混乱", pct(f.ratios.silence)],
                ["间接/直接影响", ratio(f.ratios.indirect_direct)],
                ["积极/消极强化", ratio(f.ratios.positive_negative)],
                ["提问比率", pct(f.ratios.question_ratio)],
                ["学生主动比率", pct(f.ratios.student_initiative)],
              ]}
            />
            <div className="yk-ar-fias-legend">
              {FIAS_CATEGORIES.map((c, i) => (
                <div key={c}>
                  <b>{i + 1}</b> {c} <span>{f.counts[i] ?? 0}</span>
                </div>
              ))}
            </div>
          </div>
        </div>
      ) : null}
    </SectionCard>
  );
}

export function BehaviorSectionCard({ report, seek }: { report: CourseReport; seek: Seek }) {
  const r = report.result!;
  const b = r.behavior;
  const opts = useMemo(
    () => (b.available ? { motion: motionOption(b, r.duration), heat: positionHeatmapOption(b.heatmap), zones: zonesOption(b.zones) } : null),
    [b, r.duration],
  );
  const onSeek = (p: Parameters<NonNullable<Parameters<typeof Chart>[0]["onClick"]>>[0]) => {
    const t = seekTimeOf(p);
    if (t !== null) seek(t);
  };
  return (
    <SectionCard k="behavior" r={r} unavailable={why(b)}>
      {b.available && opts ? (
        <>
          <div className="yk-ar-subtitle">画面运动量（点击跳转视频）</div>
          <Chart option={opts.motion} height={180} testId="chart-motion" onClick={onSeek} />
          <div className="yk-ar-two">
            <div>
              <div className="yk-ar-subtitle">教师位置热力图（停留秒数）</div>
              <Chart option={opts.heat} height={220} testId="chart-heatmap" />
            </div>
            <div>
              <div className="yk-ar-subtitle">活动区域</div>
              <Chart option={opts.zones} height={220} testId="chart-zones" />
            </div>
          </div>
          <Facts
            items={[
              ["平均移动", `${b.movement.toFixed(2)} 画面宽/分`],
              ["分析方法", b.method === "frame_diff" ? "帧差法" : b.method],
            ]}
          />
          <div className="yk-ar-two">
            <div>
              <div className="yk-ar-subtitle">学生抬头率</div>
              {b.heads_up.available ? (
                <Chart option={seriesLineOption(b.heads_up.series, r.duration, "抬头率", true)} height={160} onClick={onSeek} />
              ) : (
                <Unavailable reason={b.heads_up.reason} />
              )}
            </div>
            <div>
              <div className="yk-ar-subtitle">学生举手</div>
              {b.hands_up.available ? (
                <Chart option={seriesLineOption(b.hands_up.series, r.duration, "举手人数", false)} height={160} onClick={onSeek} />
              ) : (
                <Unavailable reason={b.hands_up.reason} />
              )}
            </div>
          </div>
        </>
      ) : null}
    </SectionCard>
  );
}

export function AutonomousSectionCard({ report, seek }: { report: CourseReport; seek: Seek }) {
  const r = report.result!;
  const a = r.autonomous;
  const option = useMemo(() => (a.available ? autonomousOption(a, r.duration) : null), [a, r.duration]);
  return (
    <SectionCard k="autonomous" r={r} unavailable={why(a)}>
      {a.available && option ? (
        <>
          {a.spans.length ? (
            <Chart
              option={option}
              height={100}
              testId="chart-autonomous"
              onClick={(p) => {
                const t = seekTimeOf(p);
                if (t !== null) seek(t);
              }}
            />
          ) : (
            <Alert type="info" showIcon message={`本课没有连续 ${a.min_seconds} 秒以上无教师话语的时段`} />
          )}
          <Facts
            items={[
              ["自主学习时长", `${Math.round(a.total_seconds)} 秒`],
              ["占课时", pct(a.ratio)],
              ["时段数", a.spans.length],
            ]}
          />
        </>
      ) : null}
    </SectionCard>
  );
}

export function ScoringSectionCard({ report }: { report: CourseReport }) {
  const r = report.result!;
  // 按其他量表评分 (c170): the lesson scored against another scheme the caller may use; the analysis keeps its own.
  const token = useToken();
  const machine = r.scoring;
  const [schemeId, setSchemeId] = useState<number | null>(null);
  const schemes = useQuery({
    queryKey: ["research", "schemes"],
    enabled: token !== "",
    staleTime: 60_000,
    queryFn: () => call(calls.indicatorList, { status: 1 }, { quiet: true }),
  });
  const other = useQuery({
    queryKey: ["research", "ai-scoring", report.course.id, schemeId],
    enabled: schemeId !== null,
    queryFn: () => researchApi.aiScoring({ id: report.course.id, scheme_id: schemeId! }),
  });
  const s = schemeId !== null && other.data ? other.data : machine;
  const dims = useMemo(() => (s.available ? scoreDims(s.items) : []), [s]);
  const radar = useMemo(() => (dims.length >= 3 ? scoreRadarOption(dims) : null), [dims]);
  const currentId = machine.available ? machine.scheme_id : 0;
  const options = (schemes.data?.list ?? []).map((x) => ({ value: x.id, label: `${x.name}（${x.school_name}）` }));
  const picker =
    options.length > 1 ? (
      <Select
        size="small"
        className="yk-no-print"
        style={{ width: 220 }}
        value={schemeId ?? currentId}
        loading={other.isFetching}
        options={options}
        onChange={(v: number) => setSchemeId(v === currentId ? null : v)}
        data-testid="scoring-scheme"
      />
    ) : null;
  return (
    <SectionCard
      k="scoring"
      r={r}
      unavailable={why(s)}
      extra={
        <>
          {picker}
          {s.available ? <span className="yk-ar-score" data-testid="scoring-total">{`${+s.total.toFixed(1)} / ${+s.full.toFixed(1)}`}</span> : null}
        </>
      }
    >
      {s.available ? (
        <>
          <Facts
            items={[
              ["评价量表", s.scheme_name],
              ["已评得分", `${+s.total.toFixed(1)} / ${+s.full.toFixed(1)}`],
              ["已评指标", s.judged],
              ["未评指标", s.unjudged],
            ]}
          />
          <div className={radar ? "yk-ar-two" : undefined}>
            {radar ? <Chart option={radar} height={280} testId="chart-radar" /> : null}
            <Table
              size="small"
              rowKey="indicator_id"
              pagination={false}
              scroll={{ y: 300 }}
              dataSource={s.items}
              data-testid="scoring-table"
              columns={[
                { title: "指标", dataIndex: "name", ellipsis: true },
                { title: "满分", dataIndex: "max_score", width: 60 },
                {
                  title: "得分",
                  dataIndex: "score",
                  width: 70,
                  render: (v: number | null) => (v === null ? <Tag>未评</Tag> : +v.toFixed(1)),
                },
                {
                  title: "依据 / 未评原因",
                  dataIndex: "basis",
                  render: (v: string) => (
                    <Tooltip title={v}>
                      <span className="yk-ar-basis">{v}</span>
                    </Tooltip>
                  ),
                },
              ]}
            />
          </div>
        </>
      ) : null}
    </SectionCard>
  );
}

const STAGE_TAG: Record<StageRecord["status"], [string, string]> = { done: ["green", "完成"], skipped: ["default", "跳过"], failed: ["red", "失败"] };

export function StagesSectionCard({ report }: { report: CourseReport }) {
  const r = report.result!;
  const stages = r.stages.length ? r.stages : report.course.stages;
  return (
    <SectionCard k="stages" r={r} extra={<span className="yk-ar-muted">用时 {Math.round(r.elapsed)} 秒</span>}>
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={stages}
        data-testid="stages-table"
        columns={[
          { title: "步骤", dataIndex: "name", width: 140, render: (v: StageRecord["name"]) => ANALYSIS_STAGE_NAMES[v] ?? v },
          { title: "结果", dataIndex: "status", width: 80, render: (v: StageRecord["status"]) => <Tag color={STAGE_TAG[v][0]}>{STAGE_TAG[v][1]}</Tag> },
          { title: "用时", dataIndex: "seconds", width: 80, render: (v: number) => `${v.toFixed(1)} 秒` },
          { title: "说明", dataIndex: "note" },
        ]}
      />
    </SectionCard>
  );
}

/** One section by key. */
export function ReportSection({ k, report, seek, tall }: { k: SectionKey; report: CourseReport; seek: Seek; tall?: boolean }) {
  switch (k) {
    case "st":
      return <StSectionCard report={report} seek={seek} height={tall ? 420 : 320} />;
    case "rtch":
      return <RtChSectionCard report={report} height={tall ? 420 : 320} />;
    case "talk":
      return <TalkSectionCard report={report} seek={seek} />;
    case "questions":
      return <QuestionsSectionCard report={report} seek={seek} />;
    case "depth":
      return <DepthSectionCard report={report} seek={seek} />;
    case "fias":
      return <FiasSectionCard report={report} />;
    case "behavior":
      return <BehaviorSectionCard report={report} seek={seek} />;
    case "autonomous":
      return <AutonomousSectionCard report={report} seek={seek} />;
    case "scoring":
      return <ScoringSectionCard report={report} />;
    case "stages":
      return <StagesSectionCard report={report} />;
  }
}

export const kindName = (k: string) => QUESTION_KIND_NAMES[k as keyof typeof QUESTION_KIND_NAMES] ?? k;
export const lidaName = (k: string | null) => (k ? (LIDA_NAMES[k as keyof typeof LIDA_NAMES] ?? k) : "学生未回答");
export { clock };

/**
 * The lesson report of AI analysis (#10): one page in variants, all on ?id=<course id> (?t= start time).
 *  /report                       the full report: header, video beside the charts, every section, coding, discussion
 *  /reportSecond                 compact: summary cards + the key charts
 *  /reportSingle?type=st|…       one section, full width
 *  /configurationReport(Three)?sections=st,talk,…   the sections chosen
 *  /ninxiaAiReport               the full report in the NINGXIA community's look
 * Clicking a point of a chart that stands for a moment seeks the video there. 打印 / 导出 PDF prints (report.css).
 */
import { PrinterOutlined, ReloadOutlined, VideoCameraOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { ANALYSIS_STAGE_NAMES, ANALYSIS_STATUS, type AnalysisStage, type CourseReport } from "@yanke/protocol";
import { Alert, Button, Card, Progress, Segmented, Space, Spin, Tag } from "antd";
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { isRunning, researchApi, researchKeys, useCourseReport } from "../api";
import { clock, pct } from "./charts";
import { QuestionCoding, StCoding } from "./Coding";
import { ReportDiscussion } from "./Discussion";
import { ContentSection } from "./ContentSection";
import { ReportSection, SECTION_KEYS, SECTION_TITLES, type SectionKey, type Seek } from "./sections";
import { parseSections } from "./params";
import "./report.css";

type Variant = "full" | "second" | "single" | "config" | "configThree" | "ningxia";

export function ReportPage() {
  return <Report variant="full" />;
}
export function ReportSecondPage() {
  return <Report variant="second" />;
}
export function ReportSinglePage() {
  return <Report variant="single" />;
}
export function ConfigurationReportPage() {
  return <Report variant="config" />;
}
export function ConfigurationReportThreePage() {
  return <Report variant="configThree" />;
}
export function NinxiaAiReportPage() {
  return <Report variant="ningxia" />;
}

function Report({ variant }: { variant: Variant }) {
  const [params] = useSearchParams();
  const rawId = params.get("id") ?? "";
  const id = /^\d+$/.test(rawId) ? Number(rawId) : 0;
  const startAt = Number(params.get("t") ?? "");
  const q = useCourseReport(id);
  const video = useRef<VideoHandle>(null);
  const seek = useCallback<Seek>((t) => video.current?.seek(t), []);

  if (!id) return <EmptyState text={rawId ? "课堂分析编号不正确" : "缺少课堂分析编号（?id=）"} />;
  if (q.isLoading) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  if (q.error || !q.data)
    return <EmptyState text={q.error?.message || "课堂分析报告加载失败"} extra={<Button onClick={() => void q.refetch()}>重试</Button>} />;
  const report = q.data;
  const r = report.result;

  let sections: SectionKey[] = [...SECTION_KEYS];
  let notice: ReactNode = null;
  if (variant === "second") sections = ["st", "rtch", "talk", "questions", "depth", "scoring"];
  if (variant === "single") {
    const k = parseSections(params.get("type"))[0];
    sections = k ? [k] : [];
    if (!k)
      notice = (
        <Alert type="warning" showIcon message={`请指定分析项（?type=），可选：${SECTION_KEYS.map((s) => `${s}（${SECTION_TITLES[s]}）`).join("、")}`} />
      );
  }
  if (variant === "config" || variant === "configThree") {
    sections = parseSections(params.get("sections"));
    if (!sections.length) {
      sections = [...SECTION_KEYS];
      if (params.get("sections")) notice = <Alert type="warning" showIcon message="指定的分析项无法识别，已显示全部分析项" />;
    }
  }
  const withCoding = variant === "full" || variant === "ningxia";
  const videoUrl = report.course.video_url;

  const body = r ? (
    <div className={`yk-ar-sections ${variant === "second" || variant === "configThree" ? "grid" : ""}`}>
      {sections.map((k) => (
        <ReportSection key={k} k={k} report={report} seek={seek} tall={variant === "single"} />
      ))}
    </div>
  ) : null;

  return (
    <div className={`yk-ar yk-ar-${variant} yk-report-printable`} data-testid="analysis-report" data-variant={variant}>
      <ReportHeader report={report} variant={variant} />
      {notice}
      {r && isRunning(report.course.status) ? (
        <Alert
          type="info"
          showIcon
          data-testid="report-rerunning"
          message={`正在重新分析${report.course.stage_name ? `：${report.course.stage_name}` : ""}（${Math.round(report.course.progress)}%），完成后报告自动更新；下面是上一次的结果。`}
        />
      ) : null}
      {!r ? (
        <JobState report={report} />
      ) : variant === "second" ? (
        <>
          <SummaryCards report={report} />
          <div className="yk-ar-second-top">
            <VideoPane ref={video} report={report} startAt={startAt} />
            <Card size="small" className="yk-ar-card" title="分析概要">
              <Digest report={report} />
            </Card>
          </div>
          {body}
        </>
      ) : variant === "single" ? (
        <>
          {body}
          {videoUrl ? <VideoPane ref={video} report={report} startAt={startAt} compact /> : null}
        </>
      ) : (
        <>
          {variant !== "config" && variant !== "configThree" ? <SummaryCards report={report} /> : null}
          <div className="yk-ar-layout">
            <aside className="yk-ar-aside">
              <VideoPane ref={video} report={report} startAt={startAt} />
              <Card size="small" className="yk-ar-card" title="分析概要" data-testid="report-digest">
                <Digest report={report} />
              </Card>
            </aside>
            <div className="yk-ar-main">{body}</div>
          </div>
        </>
      )}
      {r && (withCoding || variant === "second") ? <ContentSection report={report} seek={seek} /> : null}
      {r && withCoding ? (
        <>
          <StCoding report={report} canEdit={report.course.can_manage} seek={seek} />
          <QuestionCoding report={report} canEdit={report.course.can_manage} seek={seek} />
        </>
      ) : null}
      {variant === "full" || variant === "ningxia" || variant === "second" ? <ReportDiscussion id={report.course.id} /> : null}
    </div>
  );
}

// ── header, job state, summary ───────────────────────────────────────────────────────────────────────────────

const STATUS_COLOR: Record<number, string> = { 0: "default", 1: "processing", 2: "success", 3: "error" };

function ReportHeader({ report, variant }: { report: CourseReport; variant: Variant }) {
  const c = report.course;
  const facts: Array<[string, ReactNode]> = [
    ["授课教师", c.account_name || "—"],
    ["学校", c.school_name || "—"],
    ["学科 / 年级", [c.subject_name, c.grade_name].filter(Boolean).join(" / ") || "—"],
    ["日期", (c.created_at || "").slice(0, 10) || "—"],
    ["时长", c.duration ? clock(c.duration) : "—"],
    ["来源", c.source === "recording" ? "录播课" : "上传视频"],
  ];
  return (
    <div className={`yk-ar-head ${variant === "ningxia" ? "ningxia" : ""}`} data-testid="report-header">
      {variant === "ningxia" ? <div className="yk-ar-ningxia-band">宁夏教育资源公共服务平台 · 人工智能课堂分析报告</div> : null}
      <div className="yk-ar-head-row">
        <div style={{ minWidth: 0, flex: 1 }}>
          <h1 className="yk-ar-title" data-testid="report-title">
            {c.name}
            <Tag color={STATUS_COLOR[c.status]} style={{ marginLeft: 10, verticalAlign: "middle" }} data-testid="report-status">
              {c.status_name || ANALYSIS_STATUS[c.status]}
            </Tag>
            {c.publish_status === 1 ? (
              <Tag color="green" style={{ verticalAlign: "middle" }}>
                已公开
              </Tag>
            ) : null}
          </h1>
          <div className="yk-ar-head-facts">
            {facts.map(([k, v]) => (
              <span key={k}>
                <span className="label">{k}</span>
                {v}
              </span>
            ))}
          </div>
        </div>
        <Space className="yk-no-print" wrap>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
            打印 / 导出 PDF
          </Button>
        </Space>
      </div>
    </div>
  );
}

function JobState({ report }: { report: CourseReport }) {
  const c = report.course;
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const again = async () => {
    setBusy(true);
    try {
      await researchApi.analysisAgain({ id: c.id });
      toast.success("已重新加入分析队列");
      await qc.invalidateQueries({ queryKey: researchKeys.report(c.id) });
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  if (isRunning(c.status)) {
    const stage = c.stage_name || ANALYSIS_STAGE_NAMES[c.stage as AnalysisStage] || "";
    return (
      <Card className="yk-ar-card" data-testid="report-job">
        <div className="yk-ar-job">
          <b>{c.status === 0 ? "排队等待分析" : `正在分析${stage ? `：${stage}` : ""}`}</b>
          <Progress percent={Math.round(c.progress)} status="active" data-testid="report-progress" />
          <span className="yk-ar-muted">分析完成后自动显示报告{c.attempts > 1 ? `（第 ${c.attempts} 次尝试）` : ""}。</span>
        </div>
      </Card>
    );
  }
  if (c.status === 3) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="report-failed"
        message="分析失败"
        description={c.error || "分析没有完成"}
        action={
          c.can_manage ? (
            <Button icon={<ReloadOutlined />} loading={busy} onClick={() => void again()} data-testid="report-again">
              重新分析
            </Button>
          ) : undefined
        }
      />
    );
  }
  return <EmptyState text="该课堂还没有分析结果" />;
}

function SummaryCards({ report }: { report: CourseReport }) {
  const r = report.result!;
  const cards: Array<[string, ReactNode, string?]> = [];
  cards.push(["教学模式", r.st.available ? r.st.mode : "—", r.st.available ? `Rt ${r.st.rt.toFixed(2)} · Ch ${r.st.ch.toFixed(2)}` : r.st.reason]);
  cards.push([
    "教师话语",
    r.speech.available ? pct(r.speech.teacher_ratio) : "—",
    r.speech.available ? `学生 ${pct(r.speech.student_ratio)} · 沉默 ${pct(r.speech.silence_ratio)}` : r.speech.reason,
  ]);
  cards.push([
    "提问",
    r.talk.available ? `${(report.questions_human ?? r.talk.questions).length} 次` : "—",
    r.talk.available ? `开放性 ${pct(r.talk.open_ratio)}` : r.talk.reason,
  ]);
  cards.push([
    "对话深度",
    r.talk.available ? `${r.talk.max_depth} 轮` : "—",
    r.talk.available ? `平均 ${r.talk.mean_depth.toFixed(1)} 轮 · ${r.talk.chains.length} 条问答链` : r.talk.reason,
  ]);
  cards.push([
    "指标评分",
    r.scoring.available ? `${+r.scoring.total.toFixed(1)}` : "—",
    r.scoring.available ? `已评满分 ${+r.scoring.full.toFixed(1)} · 未评 ${r.scoring.unjudged} 项` : r.scoring.reason,
  ]);
  cards.push([
    "自主学习",
    r.autonomous.available ? `${Math.round(r.autonomous.total_seconds)} 秒` : "—",
    r.autonomous.available ? `占 ${pct(r.autonomous.ratio)}` : r.autonomous.reason,
  ]);
  return (
    <div className="yk-ar-cards" data-testid="summary-cards">
      {cards.map(([k, v, sub]) => (
        <div key={k} className="yk-ar-summary">
          <span>{k}</span>
          <b>{v}</b>
          <small title={sub}>{sub}</small>
        </div>
      ))}
    </div>
  );
}

/** A few sentences of what the machine found (reportSecond). */
function Digest({ report }: { report: CourseReport }) {
  const r = report.result!;
  const lines: string[] = [];
  if (r.st.available)
    lines.push(`本课共 ${r.st.n} 个采样点，教师行为占有率 Rt 为 ${r.st.rt.toFixed(2)}，师生行为转换率 Ch 为 ${r.st.ch.toFixed(2)}，属于${r.st.mode}课堂。`);
  else lines.push(`S-T 分析：${r.st.reason}`);
  if (r.speech.available)
    lines.push(`教师话语占 ${pct(r.speech.teacher_ratio)}，学生话语占 ${pct(r.speech.student_ratio)}，沉默占 ${pct(r.speech.silence_ratio)}。`);
  if (r.talk.available) lines.push(`教师提问 ${r.talk.questions.length} 次，其中开放性问题占 ${pct(r.talk.open_ratio)}；最长问答链 ${r.talk.max_depth} 轮。`);
  else lines.push(`提问与理答：${r.talk.reason}`);
  const skipped = r.stages.filter((s) => s.status !== "done");
  if (skipped.length) lines.push(`未完成的步骤：${skipped.map((s) => `${ANALYSIS_STAGE_NAMES[s.name]}（${s.note}）`).join("；")}。`);
  return (
    <ul className="yk-ar-digest">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

// ── the video ────────────────────────────────────────────────────────────────────────────────────────────────

interface VideoHandle {
  seek(t: number): void;
}

const VideoPane = forwardRef<VideoHandle, { report: CourseReport; startAt: number; compact?: boolean }>(function VideoPane({ report, startAt, compact }, ref) {
  const c = report.course;
  const [camera, setCamera] = useState<"teacher" | "student">("teacher");
  const el = useRef<HTMLVideoElement>(null);
  const pending = useRef<number | null>(Number.isFinite(startAt) && startAt > 0 ? startAt : null);
  const [lastSeek, setLastSeek] = useState<number | null>(null);
  const src = camera === "student" && c.student_video_url ? c.student_video_url : c.video_url;

  const apply = (v: HTMLVideoElement, t: number) => {
    const target = Number.isFinite(v.duration) && v.duration > 0 ? Math.min(t, Math.max(0, v.duration - 0.05)) : t;
    v.currentTime = target;
    void v.play().catch(() => {});
  };
  useImperativeHandle(ref, () => ({
    seek(t: number) {
      setLastSeek(t);
      const v = el.current;
      if (!v) return;
      if (v.readyState >= 1) apply(v, t);
      else pending.current = t;
      v.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
    },
  }));
  // A camera switch keeps the time.
  const switchTo = (cam: "teacher" | "student") => {
    const v = el.current;
    if (v && v.currentTime > 0) pending.current = v.currentTime;
    setCamera(cam);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: src is the trigger: the element loads the new source when the camera switches.
  useEffect(() => {
    el.current?.load();
  }, [src]);

  return (
    <Card
      size="small"
      className={`yk-ar-card yk-ar-video yk-no-print${compact ? " compact" : ""}`}
      title={
        <span>
          <VideoCameraOutlined /> 课堂视频
        </span>
      }
      extra={
        c.student_video_url ? (
          <Segmented
            size="small"
            value={camera}
            onChange={(v) => switchTo(v as "teacher" | "student")}
            options={[
              { value: "teacher", label: "教师机位" },
              { value: "student", label: "学生机位" },
            ]}
            data-testid="report-camera"
          />
        ) : null
      }
    >
      {src ? (
        <video
          ref={el}
          src={src}
          controls
          preload="metadata"
          playsInline
          data-testid="report-video"
          data-seek={lastSeek === null ? "" : String(lastSeek)}
          onLoadedMetadata={(e) => {
            if (pending.current !== null) {
              apply(e.currentTarget, pending.current);
              pending.current = null;
            }
          }}
        />
      ) : (
        <EmptyState compact text="暂无可播放的视频" />
      )}
      <div className="yk-ar-muted" style={{ marginTop: 6 }}>
        点击图表中的点，视频跳到对应时刻{lastSeek !== null ? `（上次跳转 ${clock(lastSeek)}）` : ""}。
      </div>
    </Card>
  );
});

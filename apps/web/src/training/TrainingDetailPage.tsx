/**
 * /trainingDetail?id= — a training programme's study page (#12): the header (cover, scope, hours, my progress ring,
 * 报名 / 下载证书), the item list with done marks, and the current item: a video that resumes at my position and
 * sends a heartbeat (position, seconds actually played) on play, every ~10 s while playing, on pause and when left;
 * or a document opened in a reader with 标记为已读. Progress updates live from each answer.
 */
import { CheckCircleFilled, FileTextOutlined, PlayCircleOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, type PreviewAnswer, type TrainingProgressAnswer, type TrainingStudy, type TrainingStudyItem } from "@yanke/protocol";
import { Alert, Button, Card, Col, Empty, Modal, Progress, Result, Row, Skeleton, Space, Spin, Tag, Typography } from "antd";
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { downloadUrl } from "../components/upload/FilePreview";
import { clock, downloadCertificate, hoursText, spentText, StatusTag, timeRange } from "./training-parts";
import "./training.css";

const PdfViewer = lazy(() => import("../components/upload/PdfViewer"));
/** Seconds between heartbeats while a video plays. */
const HEARTBEAT_MS = 10_000;

export function TrainingDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? 0);
  const valid = Number.isSafeInteger(id) && id > 0;
  const qc = useQueryClient();
  const key = ["training", "study", id];
  const q = useQuery({ queryKey: key, enabled: valid, queryFn: () => call(calls.trainingStudy, { id }) });
  const t = q.data;
  const [current, setCurrent] = useState<number | null>(null);
  const [enrolling, setEnrolling] = useState(false);

  useEffect(() => {
    if (!t || current !== null || !t.items.length) return;
    setCurrent((t.items.find((i) => !i.my.done) ?? t.items[0]!).id);
  }, [t, current]);

  /** Applies a progress answer to the cached page (the item's progress, my totals). */
  const applied = useCallback(
    (a: TrainingProgressAnswer) => {
      qc.setQueryData<TrainingStudy>(["training", "study", id], (old) =>
        old ? { ...old, me: a.me, items: old.items.map((i) => (i.id === a.item_id ? { ...i, my: a.item } : i)) } : old,
      );
      if (a.me.completed_at) void qc.invalidateQueries({ queryKey: ["training", "mine"] });
    },
    [qc, id],
  );

  if (!valid) return <Result status="warning" title="缺少培训编号" subTitle="地址应为 /trainingDetail?id=培训编号" />;
  if (q.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (q.isError || !t) return <Result status="404" title="培训不存在或无权查看" subTitle={q.error instanceof Error ? q.error.message : undefined} />;

  const item = t.items.find((i) => i.id === current) ?? null;
  const done = Boolean(t.me.completed_at);
  const enrol = async () => {
    setEnrolling(true);
    try {
      await call(calls.trainingEnrol, { id });
      toast.success("报名成功，开始学习吧");
      await qc.invalidateQueries({ queryKey: ["training"] });
    } finally {
      setEnrolling(false);
    }
  };

  return (
    <div className="yk-page yk-train-study" data-testid="training-detail-page" data-training-id={t.id}>
      <Card className="yk-train-head">
        <div className="yk-train-head-row">
          {t.cover_url ? <img className="yk-train-head-cover" src={t.cover_url} alt="" /> : null}
          <div className="yk-train-head-main">
            <Space wrap size={8}>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="page-title">
                {t.title}
              </Typography.Title>
              <StatusTag status={t.status} />
            </Space>
            <div className="yk-train-meta">
              <span>{t.scope_name}</span>
              <span>{hoursText(t.hours)}</span>
              <span>{t.item_count} 个课程</span>
              <span>培训时间：{timeRange(t.start_time, t.end_time)}</span>
            </div>
            {t.introduce ? (
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: true, symbol: "展开" }} style={{ marginBottom: 0 }}>
                {t.introduce}
              </Typography.Paragraph>
            ) : null}
          </div>
          <div className="yk-train-head-side">
            {t.me.enrolled ? (
              <>
                <Progress type="circle" size={84} percent={t.me.progress} status={done ? "success" : "normal"} data-testid="training-my-progress" />
                <div className="yk-train-side-text">
                  <div>
                    已完成 {t.me.items_done} / {t.me.items_required} 个必修课程
                  </div>
                  <div>已学习 {spentText(t.me.watched_seconds)}</div>
                  {done ? (
                    <Button
                      type="primary"
                      size="small"
                      style={{ marginTop: 6 }}
                      onClick={() => void downloadCertificate(t.id)}
                      data-testid="training-detail-cert"
                    >
                      下载证书
                    </Button>
                  ) : (
                    <div className="yk-train-pass">完成 {t.pass_ratio}% 即可获得证书</div>
                  )}
                </div>
              </>
            ) : t.me.can_enrol ? (
              <Button type="primary" size="large" loading={enrolling} onClick={() => void enrol()} data-testid="training-detail-enrol">
                立即报名
              </Button>
            ) : (
              <Typography.Text type="secondary">{t.me.enrol_hint}</Typography.Text>
            )}
          </div>
        </div>
        {done ? (
          <Alert
            type="success"
            showIcon
            style={{ marginTop: 12 }}
            message={`恭喜！您已于 ${t.me.completed_at.slice(0, 10)} 完成本培训，证书编号 ${t.me.certificate_no}`}
          />
        ) : null}
      </Card>

      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={16}>
          <Card
            className="yk-train-stage-card"
            title={item ? item.title : "课程"}
            styles={{ body: { padding: item?.item_type === 1 && t.me.enrolled ? 0 : undefined } }}
          >
            {!item ? (
              <Empty description="暂无课程" />
            ) : !t.me.enrolled ? (
              <Result icon={<PlayCircleOutlined />} title="报名后即可学习" subTitle={t.me.enrol_hint || "点击上方「立即报名」"} />
            ) : item.item_type === 1 ? (
              <VideoStudy key={item.id} item={item} studying={t.status === 1} onAnswer={applied} />
            ) : (
              <DocumentStudy key={item.id} item={item} studying={t.status === 1} onAnswer={applied} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={`课程目录（${t.items.length}）`} styles={{ body: { padding: 8 } }}>
            <ul className="yk-train-items" data-testid="training-items-list">
              {t.items.map((i, n) => (
                <li
                  key={i.id}
                  className={i.id === current ? "active" : undefined}
                  onClick={() => setCurrent(i.id)}
                  data-testid="training-item"
                  data-done={i.my.done ? "1" : "0"}
                >
                  <span className="yk-train-item-icon">
                    {i.my.done ? <CheckCircleFilled style={{ color: "#52c41a" }} /> : i.item_type === 1 ? <PlayCircleOutlined /> : <FileTextOutlined />}
                  </span>
                  <span className="yk-train-item-main">
                    <span className="yk-train-item-title">
                      {n + 1}. {i.title}
                    </span>
                    <span className="yk-train-item-sub">
                      {i.item_type === 1
                        ? `${clock(i.duration_seconds)} · ${i.my.done ? "已完成" : i.my.watched_seconds ? `已看 ${Math.min(100, Math.floor((i.my.watched_seconds * 100) / Math.max(1, i.duration_seconds)))}%` : "未开始"}`
                        : i.my.done
                          ? "文档 · 已读"
                          : "文档 · 未读"}
                      {i.required ? null : <Tag style={{ marginLeft: 6 }}>选修</Tag>}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        </Col>
      </Row>
    </div>
  );
}

function VideoStudy({ item, studying, onAnswer }: { item: TrainingStudyItem; studying: boolean; onAnswer: (a: TrainingProgressAnswer) => void }) {
  const el = useRef<HTMLVideoElement>(null);
  /** Seconds played since the last heartbeat (seeks excluded). */
  const pending = useRef(0);
  const last = useRef(0);
  const [beats, setBeats] = useState(0);
  const url = item.video?.url ?? "";

  const send = useCallback(() => {
    const v = el.current;
    if (!v || !studying) return;
    const delta = Math.round(pending.current * 10) / 10;
    pending.current = 0;
    call(calls.trainingProgress, { item_id: item.id, position_seconds: Math.floor(v.currentTime), watched_delta: delta }, { quiet: true })
      .then((a) => {
        setBeats((n) => n + 1);
        onAnswer(a);
      })
      .catch(() => {
        pending.current += delta;
      });
  }, [item.id, studying, onAnswer]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the item's saved position is read once, when its video loads; a new answer must not re-attach the listeners.
  useEffect(() => {
    const v = el.current;
    if (!v) return;
    const onMeta = () => {
      const at = item.my.position_seconds;
      if (at > 0 && (!Number.isFinite(v.duration) || at < v.duration - 3)) v.currentTime = at;
      last.current = v.currentTime;
    };
    const onPlay = () => {
      last.current = v.currentTime;
      send();
    };
    const onTime = () => {
      const d = v.currentTime - last.current;
      if (!v.paused && d > 0 && d < 1.5) pending.current += d;
      last.current = v.currentTime;
    };
    const onSeeked = () => {
      last.current = v.currentTime;
    };
    const onStop = () => send();
    v.addEventListener("loadedmetadata", onMeta);
    v.addEventListener("play", onPlay);
    v.addEventListener("timeupdate", onTime);
    v.addEventListener("seeked", onSeeked);
    v.addEventListener("pause", onStop);
    v.addEventListener("ended", onStop);
    const timer = window.setInterval(() => {
      if (!v.paused) send();
    }, HEARTBEAT_MS);
    return () => {
      window.clearInterval(timer);
      v.removeEventListener("loadedmetadata", onMeta);
      v.removeEventListener("play", onPlay);
      v.removeEventListener("timeupdate", onTime);
      v.removeEventListener("seeked", onSeeked);
      v.removeEventListener("pause", onStop);
      v.removeEventListener("ended", onStop);
      if (pending.current > 0.5) send();
    };
  }, [send]);

  if (!url) return <Result status="warning" title="视频暂不可播放" subTitle="视频可能仍在处理中或已被删除" />;
  const need = Math.ceil((item.duration_seconds * item.done_ratio) / 100);
  return (
    <div>
      <video
        ref={el}
        className="yk-train-video"
        src={url}
        poster={item.video?.thumbnail_url || undefined}
        controls
        playsInline
        preload="metadata"
        controlsList="nodownload"
        data-testid="training-video"
        data-beats={beats}
      />
      <div className="yk-train-video-foot">
        {item.my.done ? (
          <Tag color="success" icon={<CheckCircleFilled />}>
            已完成
          </Tag>
        ) : (
          <span>
            观看满 {clock(need)}（{item.done_ratio}%）即完成
          </span>
        )}
        <Progress
          percent={Math.min(100, Math.floor((item.my.watched_seconds * 100) / Math.max(1, need)))}
          size="small"
          style={{ flex: 1, margin: 0, minWidth: 120 }}
          status={item.my.done ? "success" : "active"}
          format={() => `已看 ${clock(item.my.watched_seconds)}`}
          data-testid="training-video-progress"
        />
        {!studying ? <Typography.Text type="secondary">培训已结束，学习进度不再计入</Typography.Text> : null}
      </div>
    </div>
  );
}

function DocumentStudy({ item, studying, onAnswer }: { item: TrainingStudyItem; studying: boolean; onAnswer: (a: TrainingProgressAnswer) => void }) {
  const [preview, setPreview] = useState<PreviewAnswer | null>(null);
  const [opening, setOpening] = useState(false);
  const [reading, setReading] = useState(false);
  const [marking, setMarking] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      const a = await call(calls.trainingProgress, { item_id: item.id, position_seconds: 0, watched_delta: 0 });
      onAnswer(a);
      setPreview(a.preview);
      setReading(true);
    } finally {
      setOpening(false);
    }
  };
  const markRead = async () => {
    setMarking(true);
    try {
      const a = await call(calls.trainingRead, { item_id: item.id });
      onAnswer(a);
      toast.success(a.me.completed_at && !item.my.done ? "已标记为已读，恭喜完成培训！" : "已标记为已读");
      setReading(false);
    } finally {
      setMarking(false);
    }
  };
  return (
    <div className="yk-train-doc" data-testid="training-doc">
      <FileTextOutlined className="yk-train-doc-icon" />
      <Typography.Title level={5}>{item.title}</Typography.Title>
      <Typography.Text type="secondary">
        {item.file_name || "文档"} · {item.my.done ? `已于 ${item.my.done_at.slice(0, 16)} 标记为已读` : "打开阅读后，点击「标记为已读」完成本课程"}
      </Typography.Text>
      <Space wrap style={{ marginTop: 16, justifyContent: "center" }}>
        <Button type="primary" loading={opening} onClick={() => void open()} disabled={!studying && !item.my.opened} data-testid="training-doc-open">
          阅读文档
        </Button>
        {!item.my.done ? (
          <Button onClick={() => void markRead()} loading={marking} disabled={!item.my.opened || !studying} data-testid="training-doc-read">
            标记为已读
          </Button>
        ) : (
          <Tag color="success" icon={<CheckCircleFilled />}>
            已读
          </Tag>
        )}
      </Space>
      <Modal
        open={reading}
        onCancel={() => setReading(false)}
        title={preview?.file_name ?? item.title}
        width={920}
        centered
        destroyOnHidden
        footer={
          <Space wrap>
            {preview ? (
              <Button href={downloadUrl(preview.url)} target="_blank">
                下载
              </Button>
            ) : null}
            {!item.my.done && studying ? (
              <Button type="primary" loading={marking} onClick={() => void markRead()} data-testid="training-doc-read-modal">
                标记为已读
              </Button>
            ) : (
              <Button onClick={() => setReading(false)}>关闭</Button>
            )}
          </Space>
        }
      >
        <div style={{ maxHeight: "70vh", overflow: "auto" }} data-testid="training-doc-viewer">
          {preview ? <DocBody p={preview} /> : <Empty description="文档不可预览，请下载后阅读" />}
        </div>
      </Modal>
    </div>
  );
}

function DocBody({ p }: { p: PreviewAnswer }) {
  const src = p.preview_url;
  if (!src || p.viewer === "none")
    return (
      <div style={{ textAlign: "center", padding: 32 }}>
        <Typography.Paragraph>该文档不支持在线预览，请下载后阅读</Typography.Paragraph>
        <Button type="primary" href={downloadUrl(p.url)} target="_blank">
          下载文档
        </Button>
      </div>
    );
  if (p.viewer === "image") return <img src={src} alt={p.file_name} style={{ display: "block", maxWidth: "100%", margin: "0 auto" }} />;
  if (p.viewer === "audio") return <audio src={src} controls style={{ width: "100%" }} />;
  if (p.viewer === "video") return <video src={src} controls style={{ width: "100%", background: "#000" }} />;
  if (p.viewer === "pdf")
    return (
      <Suspense fallback={<Spin style={{ display: "block", padding: 48 }} />}>
        <PdfViewer url={src} />
      </Suspense>
    );
  return <TextBody url={src} />;
}

function TextBody({ url }: { url: string }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    const ac = new AbortController();
    fetch(url, { signal: ac.signal })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        setText(new TextDecoder("utf-8").decode(new Uint8Array(await r.arrayBuffer())));
      })
      .catch(() => {
        if (!ac.signal.aborted) setError(true);
      });
    return () => ac.abort();
  }, [url]);
  if (error) return <Empty description="文档加载失败，请下载后阅读" />;
  if (text === null) return <Spin style={{ display: "block", padding: 48 }} />;
  return <pre className="yk-train-text">{text}</pre>;
}

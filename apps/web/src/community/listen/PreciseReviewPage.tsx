/**
 * /foreground2_0/preciseClassroomReview?id= — 精准听评课 (#9): the record's recorded video in the /playVideo player
 * (source, progress bar, clock), beneath it a timeline of the video's length with a mark at every time-stamped
 * discussion message and voice comment (clicking one, or a message's time chip, seeks the player); beside it the
 * discussion panel (messages carry the player's time), the scoring form and the voice comments.
 */
import { ArrowLeftOutlined, CaretRightOutlined, PauseOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls, liveGroup, type DiscussMessage, type VideoCamera } from "@yanke/protocol";
import { Alert, Button, Card, Result, Spin, Tabs, Tag } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { DiscussionPanel } from "../discuss/DiscussionPanel";
import { useLiveGroup } from "../discuss/live-socket";
import { usePlayback } from "../../pages/video/common";
import { attachSource, clock } from "../../pages/video/source";
import { Timeline } from "../../pages/video/Timeline";
import "../../pages/video/video.css";
import { ListenPhaseTag, ListenTypeTag, listenCall, listenDetailHref, type ListenDetail } from "./listen-common";
import { useListenDetail } from "./listen-data";
import { useListenVoices, Voices } from "./ListenDetailPage";
import { ScoreForm } from "./ScoreForm";
import { TimelineMarks, type TimedItem } from "./TimelineMarks";

export function PreciseReviewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? 0);
  const q = useListenDetail(Number.isSafeInteger(id) ? id : 0);
  if (!id || !Number.isSafeInteger(id) || id <= 0)
    return <Result status="warning" title="缺少听评课编号" subTitle="地址应为 /foreground2_0/preciseClassroomReview?id=听评课编号" />;
  if (q.isLoading) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  if (q.isError || !q.data) return <Result status="404" title="听评课不存在或无权查看" subTitle={q.error instanceof Error ? q.error.message : undefined} />;
  return <Precise rec={q.data} />;
}

/** Every message of a page, replies included (the replies carry their own time when written while watching). */
function flatten(list: DiscussMessage[]): DiscussMessage[] {
  const out: DiscussMessage[] = [];
  const walk = (m: DiscussMessage) => {
    if (!m.deleted) out.push(m);
    for (const c of m.children ?? []) walk(c);
  };
  list.forEach(walk);
  return out;
}

function Precise({ rec }: { rec: ListenDetail }) {
  const navigate = useNavigate();
  const el = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState("");
  // The address is signed afresh on every read of the record (a score saved refetches it): keep the first one for the
  // video, so that the player does not reload and jump back to the start.
  const [source, setSource] = useState({ video: rec.my_video_id, url: rec.play_url });
  if (source.video !== rec.my_video_id || (!source.url && rec.play_url)) setSource({ video: rec.my_video_id, url: rec.play_url });
  const src = source.video === rec.my_video_id ? source.url : rec.play_url;
  const pb = usePlayback(el, src);
  const [tab, setTab] = useState("discuss");

  useEffect(() => {
    const v = el.current;
    if (!v || !src) return;
    setError("");
    const cam = { camera: "main", url: src, hls_url: /\.m3u8(\?|$)/.test(src) ? src : "" } as unknown as VideoCamera;
    return attachSource(v, cam, setError);
  }, [src]);

  // Time-stamped messages and voices, for the marks: refreshed on every push to the record's live group (the panel's
  // socket, shared), and every 15 s should the socket be down.
  const messages = useQuery({
    queryKey: ["listen", "timeline", rec.id],
    refetchInterval: 15_000,
    queryFn: () => listenCall(calls.listenClassroomDiscussionList, { record_id: rec.id, order: "video_time", page: 1, limit: 100 }),
  });
  useLiveGroup(liveGroup("listen", rec.id), () => void messages.refetch());
  const voices = useListenVoices(rec.id, 5000);
  const timed = useMemo<TimedItem[]>(() => {
    const out: TimedItem[] = [];
    for (const m of flatten(messages.data?.list ?? [])) {
      if (typeof m.video_time === "number")
        out.push({ id: `m${m.id}`, time: m.video_time, label: `${m.account?.realname ?? ""}：${m.content || "[图片]"}`, kind: "message" });
    }
    for (const v of voices.data ?? [])
      if (typeof v.video_time === "number")
        out.push({ id: `v${v.id}`, time: v.video_time, label: `${v.account_name} 的语音（${v.duration} 秒）`, kind: "voice" });
    return out;
  }, [messages.data, voices.data]);

  const seek = useCallback((t: number) => {
    const v = el.current;
    if (!v) return;
    v.currentTime = Math.max(0, Math.min(t, Number.isFinite(v.duration) ? v.duration : t));
  }, []);
  // ?t=<seconds> (links from the precision report): start there once the video knows its length.
  const [search] = useSearchParams();
  const startAt = Number(search.get("t") ?? "");
  useEffect(() => {
    const v = el.current;
    if (!v || !src || !Number.isFinite(startAt) || startAt <= 0) return;
    const go = () => seek(startAt);
    if (v.readyState >= 1) go();
    else v.addEventListener("loadedmetadata", go, { once: true });
    return () => v.removeEventListener("loadedmetadata", go);
  }, [src, startAt, seek]);
  const toggle = () => {
    const v = el.current;
    if (!v) return;
    if (v.paused) void v.play().catch(() => undefined);
    else v.pause();
  };
  const duration = pb.duration;
  const p = rec.power;

  return (
    <div className="yk-page" data-testid="PreciseReviewPage" data-id={rec.id}>
      <Card
        size="small"
        style={{ marginBottom: 16 }}
        title={
          <span style={{ display: "inline-flex", alignItems: "center", gap: 8, flexWrap: "wrap" }}>
            <Button type="text" size="small" icon={<ArrowLeftOutlined />} onClick={() => navigate(listenDetailHref(rec.id))} aria-label="返回详情" />
            <span data-testid="precise-title">{rec.name}</span>
            <ListenTypeTag type={rec.is_type} name={rec.is_type_name} />
            <ListenPhaseTag phase={rec.phase} name={rec.phase_name} />
          </span>
        }
        extra={<span className="yk-muted">授课教师：{rec.teacher_name || "—"}</span>}
      />
      <div className="yk-precise">
        <div style={{ minWidth: 0 }}>
          {rec.is_type !== 2 ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="这不是精准听评课，没有课堂录像" /> : null}
          <div className="yk-vod-stage">
            <video ref={el} className="yk-vod-video" data-testid="precise-video" playsInline preload="metadata" onClick={toggle} />
            {!src ? <div className="yk-vod-error">尚未关联课堂视频</div> : error ? <div className="yk-vod-error">{error}</div> : null}
          </div>
          <div className="yk-vod-controls">
            <Button
              type="text"
              className="yk-vod-btn"
              data-testid="precise-play"
              icon={pb.paused ? <CaretRightOutlined /> : <PauseOutlined />}
              onClick={toggle}
              aria-label={pb.paused ? "播放" : "暂停"}
            />
            <Timeline testId="precise-progress" current={pb.current} duration={duration} buffered={pb.buffered} onSeek={seek} />
            <span className="yk-vod-clock" data-testid="precise-clock">
              {clock(pb.current)} / {clock(duration)}
            </span>
          </div>
          <Card size="small" title="时间轴点评" extra={<span className="yk-muted">点击标记跳转到该时刻</span>}>
            <TimelineMarks items={timed} duration={duration} current={pb.current} onSeek={seek} />
            <div className="yk-precise-stamps" data-testid="precise-stamps">
              {timed.length ? (
                [...timed]
                  .sort((a, b) => (a.time ?? 0) - (b.time ?? 0))
                  .map((t) => (
                    <Tag
                      key={t.id}
                      color={t.kind === "voice" ? "green" : "orange"}
                      style={{ cursor: "pointer", maxWidth: 280, overflow: "hidden", textOverflow: "ellipsis" }}
                      onClick={() => seek(t.time ?? 0)}
                      title={t.label}
                      data-testid="precise-stamp"
                    >
                      {clock(t.time ?? 0)} {t.label}
                    </Tag>
                  ))
              ) : (
                <span className="yk-muted">观看时发表的研讨和语音点评会在这里按时间标出</span>
              )}
            </div>
          </Card>
        </div>
        <div className="yk-precise-side">
          <Card size="small" styles={{ body: { paddingTop: 0 } }}>
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: "discuss",
                  label: <span data-testid="precise-tab-discuss">研讨</span>,
                  children: (
                    <DiscussionPanel
                      kind="listen"
                      refId={rec.id}
                      chatKey="TPK"
                      status={p.can_discuss ? 1 : 2}
                      videoTime={() => el.current?.currentTime}
                      onSeek={seek}
                    />
                  ),
                },
                ...(p.can_evaluate
                  ? [{ key: "score", label: <span data-testid="precise-tab-score">评分</span>, children: <ScoreForm recordId={rec.id} /> }]
                  : []),
                {
                  key: "voice",
                  label: <span data-testid="precise-tab-voice">语音点评</span>,
                  children: <Voices rec={rec} videoTime={() => el.current?.currentTime} onSeek={seek} />,
                },
              ]}
            />
          </Card>
        </div>
      </div>
    </div>
  );
}

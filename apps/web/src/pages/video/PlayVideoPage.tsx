import { CaretRightOutlined, FullscreenOutlined, MutedOutlined, PauseOutlined, SoundOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Result, Segmented, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Timeline } from "./Timeline";
import { cameraOf, frameHeightOf, usePlayback, useVideo, VideoInfo } from "./common";
import { attachSource, CAMERA_NAMES, clock } from "./source";
import "./video.css";

/**
 * /playVideo?id=<video id>[&camera=teacher|student][&t=<seconds>] (docs/decisions/0640-video-player-routes.md): one
 * lesson with its information; the teacher / student camera switch keeps the current time and the play state.
 */
export function PlayVideoPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get("id") ?? 0);
  const q = useVideo(Number.isSafeInteger(id) ? id : 0);
  const video = q.data;
  const cam = cameraOf(video, params.get("camera"));
  const el = useRef<HTMLVideoElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [error, setError] = useState("");
  /** Where the next source resumes (the switch keeps time and play state; ?t= on first load). */
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  if (resume.current === null && params.get("t")) resume.current = { time: Number(params.get("t")) || 0, playing: false };
  const pb = usePlayback(el, cam?.file_id);
  const ready = video?.status === "ready" || (video?.status === "processing" && !!cam?.url);
  const camKey = cam ? `${cam.camera}:${cam.file_id}:${cam.hls_url}` : "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: camKey names the source; the camera object is new on every refetch, which must not reload the video.
  useEffect(() => {
    const v = el.current;
    if (!v || !cam || !ready) return;
    setError("");
    const onMeta = () => {
      const r = resume.current;
      resume.current = null;
      if (!r) return;
      if (r.time > 0) v.currentTime = Math.min(r.time, Number.isFinite(v.duration) ? v.duration : r.time);
      if (r.playing) void v.play().catch(() => undefined);
    };
    v.addEventListener("loadedmetadata", onMeta);
    const detach = attachSource(v, cam, setError);
    return () => {
      v.removeEventListener("loadedmetadata", onMeta);
      detach();
    };
  }, [camKey, ready]);

  const switchCamera = (key: string) => {
    const v = el.current;
    if (v) resume.current = { time: v.currentTime, playing: !v.paused };
    const next = new URLSearchParams(params);
    next.set("camera", key);
    next.delete("t");
    setParams(next, { replace: true });
  };
  const toggle = () => {
    const v = el.current;
    if (!v) return;
    if (v.paused) void v.play().catch(() => undefined);
    else v.pause();
  };

  if (!id || !Number.isSafeInteger(id)) return <Result status="warning" title="缺少视频编号" subTitle="地址应为 /playVideo?id=视频编号" />;
  if (q.isLoading) return <Spin className="yk-vod-loading" />;
  if (q.isError || !video) return <Result status="404" title="视频不存在或无权查看" subTitle={q.error instanceof Error ? q.error.message : undefined} />;

  return (
    <div className="yk-page yk-vod-page" data-testid="play-video-page" data-video-id={video.id}>
      <Card
        variant="borderless"
        title={<span data-testid="page-title">{video.name}</span>}
        extra={
          video.cameras.length > 1 ? (
            <Segmented
              data-testid="camera-switch"
              value={cam?.camera}
              onChange={(v) => switchCamera(String(v))}
              options={video.cameras.map((c) => ({ value: c.camera, label: <span data-testid={`camera-${c.camera}`}>{CAMERA_NAMES[c.camera]}</span> }))}
            />
          ) : null
        }
      >
        {video.status === "failed" ? <Alert type="error" showIcon message={`视频处理失败：${video.error || "未知原因"}`} /> : null}
        {video.status === "processing" ? <Alert type="info" showIcon message="视频处理中，稍后即可播放（缩略图与 HLS 生成后自动刷新）" /> : null}
        <div className="yk-vod-stage" ref={stage}>
          <video
            ref={el}
            className="yk-vod-video"
            data-testid="vod-video"
            data-camera={cam?.camera}
            playsInline
            poster={cam?.thumbnail_url || undefined}
            onClick={toggle}
          />
          {error ? <div className="yk-vod-error">{error}</div> : null}
        </div>
        <div className="yk-vod-controls">
          <Button
            type="text"
            className="yk-vod-btn"
            data-testid="vod-play"
            icon={pb.paused ? <CaretRightOutlined /> : <PauseOutlined />}
            onClick={toggle}
            aria-label={pb.paused ? "播放" : "暂停"}
          />
          <Timeline
            testId="vod-timeline"
            current={pb.current}
            duration={pb.duration || cam?.duration || 0}
            buffered={pb.buffered}
            camera={cam}
            frameHeight={frameHeightOf(el.current)}
            onSeek={(t) => {
              if (el.current) el.current.currentTime = t;
            }}
          />
          <span className="yk-vod-clock" data-testid="vod-clock">
            {clock(pb.current)} / {clock(pb.duration || cam?.duration || 0)}
          </span>
          <Button
            type="text"
            className="yk-vod-btn"
            icon={pb.muted ? <MutedOutlined /> : <SoundOutlined />}
            aria-label={pb.muted ? "取消静音" : "静音"}
            onClick={() => {
              if (el.current) el.current.muted = !el.current.muted;
            }}
          />
          <Button
            type="text"
            className="yk-vod-btn"
            icon={<FullscreenOutlined />}
            aria-label="全屏"
            onClick={() => void stage.current?.requestFullscreen?.().catch(() => undefined)}
          />
        </div>
        <VideoInfo video={video} />
      </Card>
    </div>
  );
}

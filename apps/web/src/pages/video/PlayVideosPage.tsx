import { CaretRightOutlined, MutedOutlined, PauseOutlined, SoundOutlined } from "@ant-design/icons";
import type { VideoCamera } from "@yanke/protocol";
import { Alert, Button, Card, Result, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Timeline } from "./Timeline";
import { frameHeightOf, usePlayback, useVideo, VideoInfo } from "./common";
import { attachSource, CAMERA_NAMES, clock, syncStep } from "./source";
import "./video.css";

/** How often the follower is checked against the leader (ms). */
const SYNC_EVERY_MS = 200;

interface CameraViewProps {
  cam: VideoCamera;
  videoRef: React.RefObject<HTMLVideoElement | null>;
  onError: (m: string) => void;
  /** The follower stays silent (one sound track). */
  silent?: boolean;
}

function CameraView({ cam, videoRef, onError, silent }: CameraViewProps) {
  const key = `${cam.camera}:${cam.file_id}:${cam.hls_url}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: key names the source; the camera object is new on every refetch and onError a new function on every render, neither of which must reload the video; silent and the ref are fixed for a view.
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    v.muted = !!silent;
    return attachSource(v, cam, onError);
  }, [key]);
  return (
    <div className="yk-vod-cell">
      <div className="yk-vod-cell-label">{CAMERA_NAMES[cam.camera]}</div>
      <video ref={videoRef} className="yk-vod-video" data-testid={`sync-video-${cam.camera}`} playsInline poster={cam.thumbnail_url || undefined} />
    </div>
  );
}

/**
 * /playVideos?id=<video id> (docs/decisions/0640-video-player-routes.md): both cameras of a lesson side by side on
 * one timeline. The first camera (the teacher's) leads; one play / pause / seek control drives both, and a loop
 * keeps the follower on the leader's time (a jump past 0.3 s of drift, a playback-rate nudge below it).
 */
export function PlayVideosPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? 0);
  const q = useVideo(Number.isSafeInteger(id) ? id : 0);
  const video = q.data;
  const leaderCam = video?.cameras[0];
  const followerCam = video?.cameras[1];
  const leader = useRef<HTMLVideoElement>(null);
  const follower = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState("");
  const ready = video?.status === "ready";
  const pb = usePlayback(leader, `${ready}:${leaderCam?.file_id}`);

  useEffect(() => {
    if (!ready || !followerCam) return;
    const timer = window.setInterval(() => {
      const a = leader.current;
      const b = follower.current;
      if (!a || !b || a.readyState < 1 || b.readyState < 1 || a.seeking) return;
      const withinFollower = a.currentTime < (Number.isFinite(b.duration) ? b.duration : Infinity);
      if (a.paused || a.ended) {
        if (!b.paused) b.pause();
        b.playbackRate = 1;
        if (Math.abs(b.currentTime - a.currentTime) > 0.05 && withinFollower && !b.seeking) b.currentTime = a.currentTime;
        return;
      }
      if (!withinFollower) return;
      if (b.paused) void b.play().catch(() => undefined);
      if (b.seeking) return;
      const step = syncStep(a.currentTime, b.currentTime);
      if (step.seek !== undefined) b.currentTime = step.seek;
      if (b.playbackRate !== step.rate) b.playbackRate = step.rate;
    }, SYNC_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [ready, followerCam]);

  const both = () => [leader.current, follower.current].filter((v): v is HTMLVideoElement => !!v);
  const toggle = () => {
    const a = leader.current;
    if (!a) return;
    if (a.paused) for (const v of both()) void v.play().catch(() => undefined);
    else for (const v of both()) v.pause();
  };
  const seek = (t: number) => {
    for (const v of both()) v.currentTime = Math.min(t, Number.isFinite(v.duration) ? v.duration : t);
  };

  if (!id || !Number.isSafeInteger(id)) return <Result status="warning" title="缺少视频编号" subTitle="地址应为 /playVideos?id=视频编号" />;
  if (q.isLoading) return <Spin className="yk-vod-loading" />;
  if (q.isError || !video) return <Result status="404" title="视频不存在或无权查看" subTitle={q.error instanceof Error ? q.error.message : undefined} />;
  const duration = pb.duration || leaderCam?.duration || 0;

  return (
    <div className="yk-page yk-vod-page" data-testid="play-videos-page" data-video-id={video.id}>
      <Card variant="borderless" title={<span data-testid="page-title">{video.name}</span>}>
        {video.status === "failed" ? <Alert type="error" showIcon message={`视频处理失败：${video.error || "未知原因"}`} /> : null}
        {video.status === "processing" ? <Alert type="info" showIcon message="视频处理中，稍后即可播放" /> : null}
        {ready && !followerCam ? <Alert type="info" showIcon message="该视频只有一个机位" className="yk-vod-note" /> : null}
        {ready && leaderCam ? (
          <div className={`yk-vod-pair${followerCam ? "" : " yk-vod-pair-single"}`}>
            <CameraView cam={leaderCam} videoRef={leader} onError={setError} />
            {followerCam ? <CameraView cam={followerCam} videoRef={follower} onError={setError} silent /> : null}
          </div>
        ) : null}
        {error ? <Alert type="error" showIcon message={error} className="yk-vod-note" /> : null}
        <div className="yk-vod-controls">
          <Button
            type="text"
            className="yk-vod-btn"
            data-testid="sync-play"
            icon={pb.paused ? <CaretRightOutlined /> : <PauseOutlined />}
            onClick={toggle}
            aria-label={pb.paused ? "播放" : "暂停"}
            disabled={!ready}
          />
          <Timeline
            testId="sync-timeline"
            current={pb.current}
            duration={duration}
            buffered={pb.buffered}
            camera={leaderCam}
            frameHeight={frameHeightOf(leader.current)}
            onSeek={seek}
          />
          <span className="yk-vod-clock" data-testid="sync-clock">
            {clock(pb.current)} / {clock(duration)}
          </span>
          <Button
            type="text"
            className="yk-vod-btn"
            icon={pb.muted ? <MutedOutlined /> : <SoundOutlined />}
            aria-label={pb.muted ? "取消静音" : "静音"}
            onClick={() => {
              if (leader.current) leader.current.muted = !leader.current.muted;
            }}
          />
        </div>
        <VideoInfo video={video} />
      </Card>
    </div>
  );
}

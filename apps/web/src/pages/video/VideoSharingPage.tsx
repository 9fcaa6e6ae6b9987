import { Alert, Result, Segmented, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { cameraOf, useVideo } from "./common";
import { attachSource, CAMERA_NAMES, clock } from "./source";
import "./video.css";

/**
 * /videoSharing?id=<video id>&token=<share token> (the path /v2/my_video/share answers;
 * docs/decisions/0640-video-player-routes.md): a phone page without the application shell playing a shared video
 * through /v2/my_video/shared, which needs no login. The browser's own controls (touch friendly, fullscreen).
 */
export function VideoSharingPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? 0);
  const token = params.get("token") ?? "";
  const q = useVideo(Number.isSafeInteger(id) && token ? id : 0, token);
  const video = q.data;
  const [camera, setCamera] = useState<string | null>(null);
  const cam = cameraOf(video, camera);
  const el = useRef<HTMLVideoElement>(null);
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const [error, setError] = useState("");
  const ready = video?.status === "ready";
  const camKey = cam ? `${cam.camera}:${cam.file_id}:${cam.hls_url}` : "";

  useEffect(() => {
    document.title = video ? `${video.name} - 视频分享` : "视频分享";
  }, [video]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: camKey names the source; the camera object is new on every refetch, which must not reload the video.
  useEffect(() => {
    const v = el.current;
    if (!v || !cam || !ready) return;
    setError("");
    const onMeta = () => {
      const r = resume.current;
      resume.current = null;
      if (!r) return;
      if (r.time > 0) v.currentTime = r.time;
      if (r.playing) void v.play().catch(() => undefined);
    };
    v.addEventListener("loadedmetadata", onMeta);
    const detach = attachSource(v, cam, setError);
    return () => {
      v.removeEventListener("loadedmetadata", onMeta);
      detach();
    };
  }, [camKey, ready]);

  let body: React.ReactNode;
  if (!id || !token) body = <Result status="warning" title="分享链接无效" subTitle="链接缺少视频编号或分享码" />;
  else if (q.isLoading) body = <Spin className="yk-vod-loading" />;
  else if (q.isError || !video) body = <Result status="404" title="分享链接无效或已过期" />;
  else
    body = (
      <>
        <div className="yk-share-stage">
          <video
            ref={el}
            className="yk-share-video"
            data-testid="share-video"
            data-camera={cam?.camera}
            controls
            playsInline
            preload="metadata"
            poster={cam?.thumbnail_url || undefined}
          />
        </div>
        {error ? <Alert type="error" showIcon message={error} /> : null}
        {video.status === "processing" ? <Alert type="info" showIcon message="视频处理中，稍后即可播放" /> : null}
        {video.status === "failed" ? <Alert type="error" showIcon message="视频处理失败，无法播放" /> : null}
        <div className="yk-share-body">
          <h1 className="yk-share-title" data-testid="share-title">
            {video.name}
          </h1>
          <div className="yk-share-meta">
            {[video.account_name, video.school_name, [video.grade_name, video.subject_name].filter(Boolean).join(" ")].filter(Boolean).join(" · ")}
          </div>
          <div className="yk-share-meta">
            {video.created_at.slice(0, 10)} · 时长 {clock(video.duration)}
          </div>
          {video.cameras.length > 1 ? (
            <Segmented
              block
              data-testid="share-camera-switch"
              value={cam?.camera}
              onChange={(v) => {
                const e = el.current;
                if (e) resume.current = { time: e.currentTime, playing: !e.paused };
                setCamera(String(v));
              }}
              options={video.cameras.map((c) => ({ value: c.camera, label: CAMERA_NAMES[c.camera] }))}
            />
          ) : null}
        </div>
      </>
    );
  return (
    <div className="yk-share-page" data-testid="video-sharing-page">
      {body}
    </div>
  );
}

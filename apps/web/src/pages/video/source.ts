/**
 * Video on demand in a <video> element (issue #6): the packaged HLS VOD when there is one (natively where the browser
 * plays HLS, else hls.js), else the MP4 itself (the browser fetches it with Range requests). A fatal HLS error falls
 * back to the MP4. Returns a teardown.
 */
import type { VideoCamera } from "@yanke/protocol";
import { HLS_MIME } from "../../components/player/stream-kind";

export function attachSource(el: HTMLVideoElement, cam: VideoCamera, onError: (message: string) => void): () => void {
  let active = true;
  let teardown: (() => void) | undefined;
  const playMp4 = () => {
    if (!active) return;
    teardown?.();
    teardown = undefined;
    if (!cam.url) return onError("视频文件不存在");
    el.src = cam.url;
    const onVideoError = () => active && onError("视频加载失败");
    el.addEventListener("error", onVideoError, { once: true });
    teardown = () => el.removeEventListener("error", onVideoError);
  };
  if (!cam.hls_url) playMp4();
  else if (el.canPlayType(HLS_MIME) !== "") {
    el.src = cam.hls_url;
    const onVideoError = () => playMp4();
    el.addEventListener("error", onVideoError, { once: true });
    teardown = () => el.removeEventListener("error", onVideoError);
  } else {
    void import("hls.js").then(
      ({ default: Hls }) => {
        if (!active) return;
        if (!Hls.isSupported()) return playMp4();
        const hls = new Hls({ maxBufferLength: 30, startPosition: el.currentTime || -1 });
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) playMp4();
        });
        hls.loadSource(cam.hls_url);
        hls.attachMedia(el);
        teardown = () => hls.destroy();
      },
      () => playMp4(),
    );
  }
  return () => {
    active = false;
    teardown?.();
    el.removeAttribute("src");
    el.load();
  };
}

/** Seconds as m:ss (h:mm:ss past an hour). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

export const CAMERA_NAMES: Readonly<Record<VideoCamera["camera"], string>> = { teacher: "教师机位", student: "学生机位", main: "主机位" };

/** Past this drift the follower jumps to the leader's time; below it the playback rate closes the gap. */
export const SYNC_SEEK_THRESHOLD = 0.3;
/** Drift that is left alone. */
export const SYNC_DEADBAND = 0.04;

/**
 * One step of the two-camera sync loop: what to do with the follower given both times (seconds). `seek` when the
 * drift passes SYNC_SEEK_THRESHOLD, else a playback rate within ±10 % that closes the drift in about a second.
 */
export function syncStep(leader: number, follower: number): { seek?: number; rate: number } {
  const drift = follower - leader;
  if (Math.abs(drift) > SYNC_SEEK_THRESHOLD) return { seek: leader, rate: 1 };
  if (Math.abs(drift) <= SYNC_DEADBAND) return { rate: 1 };
  return { rate: 1 - Math.max(-0.1, Math.min(0.1, drift)) };
}

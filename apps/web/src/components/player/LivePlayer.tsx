import { DisconnectOutlined, PlayCircleOutlined } from "@ant-design/icons";
import { Spin } from "antd";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { guessStreamKind, HLS_MIME, resolveUrl, type StreamKind } from "./stream-kind";
import "./player.css";

export interface LivePlayerProps {
  /** The playback address (HLS .m3u8 or HTTP-FLV .flv, usually a signed site path); empty: no signal. */
  src: string | null | undefined;
  /** Forced kind; by default guessed from the address (guessStreamKind). */
  kind?: StreamKind;
  /** Muted by default (browsers only autoplay muted video). */
  muted?: boolean;
  autoPlay?: boolean;
  controls?: boolean;
  /** Playback failed for good (after the players' own retries); the placeholder shows too. */
  onError?: (message: string) => void;
  style?: CSSProperties;
  className?: string;
  /** data-testid of the box; its data-state is idle | loading | playing | blocked | error. */
  testId?: string;
  /** The placeholder's words (default 暂无直播信号). */
  emptyText?: string;
}

type State = "idle" | "loading" | "playing" | "blocked" | "error";

/**
 * A live camera in the browser: HLS through the browser itself where it plays HLS natively (Safari, iOS), else
 * hls.js; HTTP-FLV through mpegts.js (low latency). Both libraries load only when a stream of their kind is played.
 * Everything is torn down when the address changes or the player unmounts. Without an address, or once playback
 * has failed, a "暂无直播信号" placeholder shows.
 */
export function LivePlayer({
  src,
  kind,
  muted = true,
  autoPlay = true,
  controls = true,
  onError,
  style,
  className,
  testId,
  emptyText = "暂无直播信号",
}: LivePlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>("idle");
  const [detail, setDetail] = useState("");
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const autoPlayRef = useRef(autoPlay);
  autoPlayRef.current = autoPlay;
  const address = (src ?? "").trim();
  const streamKind: StreamKind = kind ?? guessStreamKind(address);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (!address) {
      setState("idle");
      setDetail("");
      return;
    }
    let active = true;
    let teardown: (() => void) | undefined;
    const stop = () => {
      const t = teardown;
      teardown = undefined;
      try {
        t?.();
      } catch {
        /* a player that is already gone */
      }
    };
    const fail = (message: string) => {
      if (!active) return;
      stop();
      setState("error");
      setDetail(message);
      onErrorRef.current?.(message);
    };
    const start = () => {
      if (!autoPlayRef.current) return;
      void el.play().catch((e: unknown) => {
        // Autoplay refused (sound on, no gesture yet): wait for a click.
        if (active && e instanceof DOMException && e.name === "NotAllowedError") setState("blocked");
      });
    };
    const onPlaying = () => active && setState("playing");
    const onWaiting = () => active && setState((s) => (s === "playing" ? "loading" : s));
    el.addEventListener("playing", onPlaying);
    el.addEventListener("waiting", onWaiting);
    setState("loading");
    setDetail("");

    const native = streamKind === "hls" && el.canPlayType(HLS_MIME) !== "";
    if (native) {
      const onVideoError = () => fail("直播加载失败");
      el.addEventListener("error", onVideoError);
      el.src = address;
      teardown = () => {
        el.removeEventListener("error", onVideoError);
        el.removeAttribute("src");
        el.load();
      };
      start();
    } else if (streamKind === "hls") {
      void import("hls.js").then(
        ({ default: Hls }) => {
          if (!active) return;
          if (!Hls.isSupported()) return fail("当前浏览器不支持 HLS 直播播放");
          const hls = new Hls({ liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 6, backBufferLength: 30 });
          let recovered = false;
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            // Network errors are fatal only after hls.js's own retries; a media error is worth one recovery.
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
              recovered = true;
              hls.recoverMediaError();
              return;
            }
            fail(data.type === Hls.ErrorTypes.NETWORK_ERROR ? "直播连接失败" : "直播解码失败");
          });
          hls.on(Hls.Events.MANIFEST_PARSED, start);
          hls.loadSource(address);
          hls.attachMedia(el);
          teardown = () => {
            hls.destroy();
            el.removeAttribute("src");
            el.load();
          };
        },
        () => fail("播放器加载失败"),
      );
    } else {
      void import("mpegts.js").then(
        ({ default: mpegts }) => {
          if (!active) return;
          if (!mpegts.getFeatureList().mseLivePlayback) return fail("当前浏览器不支持 FLV 直播播放");
          const player = mpegts.createPlayer(
            { type: "flv", isLive: true, url: resolveUrl(address, window.location.href) },
            { enableStashBuffer: false, stashInitialSize: 128, liveBufferLatencyChasing: true, autoCleanupSourceBuffer: true, lazyLoad: false },
          );
          player.on(mpegts.Events.ERROR, (type: string) => fail(type === mpegts.ErrorTypes.NETWORK_ERROR ? "直播连接失败" : "直播解码失败"));
          // A live FLV whose loading completes has stopped publishing: what was received still plays, then it ends.
          const onEnded = () => fail("直播已结束");
          player.on(mpegts.Events.LOADING_COMPLETE, () => el.addEventListener("ended", onEnded, { once: true }));
          player.attachMediaElement(el);
          player.load();
          teardown = () => {
            el.removeEventListener("ended", onEnded);
            player.pause();
            player.unload();
            player.detachMediaElement();
            player.destroy();
          };
          start();
        },
        () => fail("播放器加载失败"),
      );
    }
    return () => {
      active = false;
      el.removeEventListener("playing", onPlaying);
      el.removeEventListener("waiting", onWaiting);
      stop();
    };
  }, [address, streamKind]);

  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted]);

  const noSignal = state === "idle" || state === "error";
  return (
    <div
      className={`yk-live-player${className ? ` ${className}` : ""}`}
      style={style}
      data-testid={testId}
      data-state={state}
      data-kind={address ? streamKind : ""}
    >
      <video ref={video} className="yk-live-player-video" muted={muted} playsInline controls={controls && !noSignal} />
      {noSignal ? (
        <div className="yk-live-player-overlay" data-testid={testId ? `${testId}-empty` : undefined}>
          <DisconnectOutlined className="yk-live-player-icon" />
          <div className="yk-live-player-text">{emptyText}</div>
          {detail ? <div className="yk-live-player-detail">{detail}</div> : null}
        </div>
      ) : null}
      {state === "loading" ? (
        <div className="yk-live-player-overlay yk-live-player-overlay-light">
          <Spin />
          <div className="yk-live-player-detail">正在连接直播…</div>
        </div>
      ) : null}
      {state === "blocked" ? (
        <button
          type="button"
          className="yk-live-player-overlay yk-live-player-play"
          onClick={() => {
            const el = video.current;
            if (el) void el.play().catch(() => undefined);
          }}
        >
          <PlayCircleOutlined className="yk-live-player-icon" />
          <div className="yk-live-player-text">点击播放</div>
        </button>
      ) : null}
    </div>
  );
}

import type { VideoCamera } from "@yanke/protocol";
import { useRef, useState } from "react";
import { clock } from "./source";

export interface TimelineProps {
  current: number;
  duration: number;
  /** Buffered up to (seconds). */
  buffered?: number;
  onSeek: (seconds: number) => void;
  /** The camera whose timeline sprite (or thumbnail) shows on hover. */
  camera?: VideoCamera;
  /** Frame height of the sprite (160 px wide frames). */
  frameHeight?: number;
  testId?: string;
}

/** A progress bar: click or drag to seek; hovering shows the time and, when the server made one, the sprite frame. */
export function Timeline({ current, duration, buffered = 0, onSeek, camera, frameHeight = 90, testId }: TimelineProps) {
  const bar = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ x: number; t: number } | null>(null);
  const at = (clientX: number) => {
    const r = bar.current?.getBoundingClientRect();
    if (!r || !duration) return null;
    const f = Math.max(0, Math.min(1, (clientX - r.left) / r.width));
    return { x: f * r.width, t: f * duration };
  };
  const pct = (v: number) => `${duration ? Math.max(0, Math.min(100, (v / duration) * 100)) : 0}%`;
  let preview: React.ReactNode = null;
  if (hover && camera) {
    if (camera.sprite_url && camera.sprite_interval > 0 && camera.sprite_columns > 0) {
      const i = Math.floor(hover.t / camera.sprite_interval);
      const col = i % camera.sprite_columns;
      const row = Math.floor(i / camera.sprite_columns);
      preview = (
        <div
          className="yk-vod-preview-img"
          style={{
            width: 160,
            height: frameHeight,
            backgroundImage: `url("${camera.sprite_url}")`,
            backgroundPosition: `-${col * 160}px -${row * frameHeight}px`,
          }}
        />
      );
    } else if (camera.thumbnail_url) {
      preview = <img className="yk-vod-preview-img" src={camera.thumbnail_url} alt="" style={{ width: 160 }} />;
    }
  }
  return (
    <div
      ref={bar}
      className="yk-vod-timeline"
      data-testid={testId}
      role="slider"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(current)}
      tabIndex={0}
      onPointerMove={(e) => setHover(at(e.clientX))}
      onPointerLeave={() => setHover(null)}
      onPointerDown={(e) => {
        const p = at(e.clientX);
        if (p) onSeek(p.t);
      }}
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") onSeek(Math.min(duration, current + 5));
        if (e.key === "ArrowLeft") onSeek(Math.max(0, current - 5));
      }}
    >
      <div className="yk-vod-track">
        <div className="yk-vod-buffered" style={{ width: pct(buffered) }} />
        <div className="yk-vod-played" style={{ width: pct(current) }} />
        <div className="yk-vod-knob" style={{ left: pct(current) }} />
      </div>
      {hover ? (
        <div className="yk-vod-preview" style={{ left: hover.x }} data-testid={testId ? `${testId}-preview` : undefined}>
          {preview}
          <span className="yk-vod-preview-time">{clock(hover.t)}</span>
        </div>
      ) : null}
    </div>
  );
}

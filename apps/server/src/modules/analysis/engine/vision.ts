/** Behaviour from sampled frames: frame difference motion, teacher position, heatmap (docs/analysis-method.md §Behaviour). OWNER: engine-media helper. */
import type { BehaviorPoint, BehaviorSection, Unavailable } from "@yanke/protocol";
import { ffmpegCapture, noSuchStream } from "./audio.js";

/** sampled frame size (greyscale) */
export const VISION_W = 160;
export const VISION_H = 90;
/** grey-level difference that counts as change */
const DIFF = 25;
/** smallest blob taken for the teacher, pixels of the 160×90 frame */
const MIN_BLOB = 20;
/** samples per background block; the background of a block is the per-pixel median of up to 61 of its frames */
const BLOCK = 300;
const BG_SAMPLES = 61;
/** a lost track holds its last position for up to this many seconds */
const HOLD_SECONDS = 3;
export const HEAT_COLS = 8;
export const HEAT_ROWS = 4;
/** zones by the tracked centre's height in the frame (camera at the back, facing the board) */
export const ZONE_BOARD_MAX_Y = 1 / 3;
export const ZONE_FRONT_MAX_Y = 0.55;

export const POSE_UNAVAILABLE = "需要姿态模型（未配置）";
export const NO_VIDEO = "没有视频画面";

/** Per-pixel median background of frames [a, b) (up to BG_SAMPLES of them, evenly spread). */
function background(frames: readonly Uint8Array[], a: number, b: number): Uint8Array {
  const n = b - a;
  const k = Math.min(n, BG_SAMPLES);
  const idx = Array.from({ length: k }, (_, i) => a + Math.floor((i * n) / k));
  const px = VISION_W * VISION_H;
  const bg = new Uint8Array(px);
  const col = new Uint8Array(k);
  for (let p = 0; p < px; p++) {
    for (let i = 0; i < k; i++) col[i] = frames[idx[i]!]![p]!;
    col.sort();
    bg[p] = col[k >> 1]!;
  }
  return bg;
}

/**
 * The teacher in one frame: the largest 4-connected blob of pixels differing from the background by more than
 * DIFF; its centroid, 0–1 of the frame. null when no blob reaches MIN_BLOB pixels. Pure.
 */
export function locate(frame: Uint8Array, bg: Uint8Array, w = VISION_W, h = VISION_H): { x: number; y: number; size: number } | null {
  const px = w * h;
  const mask = new Uint8Array(px);
  for (let p = 0; p < px; p++) mask[p] = Math.abs(frame[p]! - bg[p]!) > DIFF ? 1 : 0;
  const seen = new Uint8Array(px);
  const stack = new Int32Array(px);
  let best: { x: number; y: number; size: number } | null = null;
  for (let p0 = 0; p0 < px; p0++) {
    if (!mask[p0] || seen[p0]) continue;
    let top = 0;
    stack[top++] = p0;
    seen[p0] = 1;
    let n = 0;
    let sx = 0;
    let sy = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % w;
      const y = (p - x) / w;
      n++;
      sx += x;
      sy += y;
      const nb = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1];
      for (const q of nb) {
        if (q >= 0 && mask[q] && !seen[q]) {
          seen[q] = 1;
          stack[top++] = q;
        }
      }
    }
    if (n >= MIN_BLOB && (!best || n > best.size)) best = { x: (sx / n + 0.5) / w, y: (sy / n + 0.5) / h, size: n };
  }
  return best;
}

/** Share of pixels changed between two frames. Pure. */
export function motionShare(a: Uint8Array, b: Uint8Array): number {
  let c = 0;
  for (let p = 0; p < a.length; p++) if (Math.abs(a[p]! - b[p]!) > DIFF) c++;
  return c / a.length;
}

/** Zone of a tracked centre. Pure. */
export function zoneOf(y: number): "board" | "front" | "among_students" {
  return y < ZONE_BOARD_MAX_Y ? "board" : y < ZONE_FRONT_MAX_Y ? "front" : "among_students";
}

/** The behaviour section from greyscale frames sampled every `interval` seconds. Pure. */
export function behaviourFromFrames(frames: readonly Uint8Array[], interval: number): BehaviorSection & { available: true } {
  const n = frames.length;
  const round = (v: number, d = 4) => Math.round(v * 10 ** d) / 10 ** d;
  const motion = frames.map((f, i) => ({ t: round(i * interval, 3), value: round(i > 0 ? motionShare(frames[i - 1]!, f) : 0) }));
  const positions: Array<BehaviorPoint | null> = new Array(n).fill(null);
  const hold = Math.max(0, Math.floor(HOLD_SECONDS / interval));
  for (let a = 0; a < n; a += BLOCK) {
    const b = Math.min(n, a + BLOCK);
    const bg = background(frames, a, b);
    for (let i = a; i < b; i++) {
      const hit = locate(frames[i]!, bg);
      if (hit) positions[i] = { t: round(i * interval, 3), x: round(hit.x), y: round(hit.y) };
    }
  }
  // short gaps (the teacher stood still long enough to become background, or was hidden) hold the last position
  let last: BehaviorPoint | null = null;
  let lost = 0;
  for (let i = 0; i < n; i++) {
    const p = positions[i];
    if (p) {
      last = p;
      lost = 0;
    } else if (last && ++lost <= hold) positions[i] = { t: round(i * interval, 3), x: last.x, y: last.y };
  }
  const cells = new Array<number>(HEAT_COLS * HEAT_ROWS).fill(0);
  const zones = { board: 0, front: 0, among_students: 0 };
  let tracked = 0;
  let dist = 0;
  let prev: BehaviorPoint | null = null;
  for (const p of positions) {
    if (!p) {
      prev = null;
      continue;
    }
    const cx = Math.min(HEAT_COLS - 1, Math.floor(p.x * HEAT_COLS));
    const cy = Math.min(HEAT_ROWS - 1, Math.floor(p.y * HEAT_ROWS));
    cells[cy * HEAT_COLS + cx]! += interval;
    zones[zoneOf(p.y)] += 1;
    tracked++;
    // distances in frame widths (the vertical scaled by the frame's aspect)
    if (prev) dist += Math.hypot(p.x - prev.x, ((p.y - prev.y) * VISION_H) / VISION_W);
    prev = p;
  }
  const minutes = (tracked * interval) / 60;
  return {
    available: true,
    interval,
    method: "frame_diff",
    motion,
    positions,
    heatmap: { cols: HEAT_COLS, rows: HEAT_ROWS, cells: cells.map((c) => round(c, 2)) },
    zones: tracked
      ? { board: round(zones.board / tracked), front: round(zones.front / tracked), among_students: round(zones.among_students / tracked) }
      : { board: 0, front: 0, among_students: 0 },
    movement: minutes > 0 ? round(dist / minutes) : 0,
    heads_up: { available: false, reason: POSE_UNAVAILABLE },
    hands_up: { available: false, reason: POSE_UNAVAILABLE },
  };
}

/**
 * Samples a frame every `interval` seconds (small greyscale frames via ffmpeg); Unavailable when there is no video
 * stream. Method: the per-pixel median of the frames of each 300-sample block is the background; the teacher is the
 * largest blob differing from it (centroid, 0–1 of the frame; null when nothing stands out, the last position held
 * for up to 3 s); motion is the share of pixels changed since the previous sample; the heatmap (8 × 4) adds the
 * interval per tracked sample; zones by the centre's height: above 1/3 of the frame near the board, down to 0.55 at
 * the front, below that among the students.
 */
export async function analyseFrames(
  ffmpeg: string,
  file: string,
  opts: { interval: number; duration: number; signal?: AbortSignal },
): Promise<(BehaviorSection & { available: true }) | Unavailable> {
  const interval = opts.interval > 0 ? opts.interval : 1;
  const args = ["-nostdin", "-v", "error", "-i", file, "-map", "0:v:0", "-an"];
  if (opts.duration > 0) args.push("-t", String(opts.duration));
  // the first frame of each interval: sample i shows the moment i × interval (the fps filter would take a frame from
  // the end of the interval, half an interval late)
  const sel = `select='isnan(prev_selected_t)+gt(floor(t/${interval})\\,floor(prev_selected_t/${interval}))'`;
  args.push("-vf", `${sel},scale=${VISION_W}:${VISION_H},format=gray`, "-fps_mode", "vfr", "-f", "rawvideo", "pipe:1");
  const { code, out, err } = await ffmpegCapture(ffmpeg, args, opts.signal);
  if (code !== 0) {
    if (noSuchStream(err)) return { available: false, reason: NO_VIDEO };
    throw new Error(`视频解码失败：${err.trim().split("\n").slice(-2).join(" ").slice(0, 300) || `ffmpeg 退出码 ${code}`}`);
  }
  const size = VISION_W * VISION_H;
  const n = Math.floor(out.length / size);
  if (n === 0) return { available: false, reason: NO_VIDEO };
  const frames = Array.from({ length: n }, (_, i) => new Uint8Array(out.buffer, out.byteOffset + i * size, size));
  return behaviourFromFrames(frames, interval);
}

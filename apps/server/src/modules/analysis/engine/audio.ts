/** Decoding, voice activity, speaker roles (docs/analysis-method.md §Audio). OWNER: engine-media helper. */
import { spawn } from "node:child_process";
import { endianness } from "node:os";
import type { SpeechSegment } from "@yanke/protocol";

export interface DecodedAudio {
  sampleRate: number;
  /** mono samples −1…1 */
  pcm: Float32Array;
  duration: number;
}

const RATE = 16000;
const LITTLE_ENDIAN = endianness() === "LE";

/** Runs ffmpeg, collecting stdout; resolves with the bytes, the exit code and the tail of stderr. */
export function ffmpegCapture(ffmpeg: string, args: string[], signal?: AbortSignal): Promise<{ code: number | null; out: Buffer; err: string }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error("分析已取消"));
      return;
    }
    const p = spawn(ffmpeg, args, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let err = "";
    const onAbort = () => p.kill("SIGKILL");
    signal?.addEventListener("abort", onAbort, { once: true });
    p.stdout.on("data", (d: Buffer) => chunks.push(d));
    p.stderr.on("data", (d: Buffer) => {
      err = (err + d.toString()).slice(-4000);
    });
    p.on("error", (e) => {
      signal?.removeEventListener("abort", onAbort);
      reject(new Error(`无法运行 ffmpeg（${ffmpeg}）：${e.message}`));
    });
    p.on("close", (code) => {
      signal?.removeEventListener("abort", onAbort);
      if (signal?.aborted) reject(new Error("分析已取消"));
      else resolve({ code, out: Buffer.concat(chunks), err });
    });
  });
}

/** ffmpeg's message when the requested stream (-map 0:a:0 / 0:v:0) does not exist */
export function noSuchStream(err: string): boolean {
  return /matches no streams|does not contain any stream/i.test(err);
}

function lastLines(err: string): string {
  return err.trim().split("\n").slice(-2).join(" ").slice(0, 300);
}

/** ffmpeg → 16 kHz mono PCM; null when the file has no audio track. Throws with a Chinese message when ffmpeg fails. */
export async function decodeAudio(ffmpeg: string, file: string, signal?: AbortSignal): Promise<DecodedAudio | null> {
  const { code, out, err } = await ffmpegCapture(
    ffmpeg,
    ["-nostdin", "-v", "error", "-i", file, "-map", "0:a:0", "-vn", "-ac", "1", "-ar", String(RATE), "-f", "f32le", "-acodec", "pcm_f32le", "pipe:1"],
    signal,
  );
  if (code !== 0) {
    if (noSuchStream(err)) return null;
    throw new Error(`音频解码失败：${lastLines(err) || `ffmpeg 退出码 ${code}`}`);
  }
  const n = out.length >> 2;
  if (n === 0) return null;
  // f32le is the host's order on little-endian machines: view the bytes in place when aligned (a 45-minute lesson
  // is 165 MiB of samples), else copy
  let pcm: Float32Array;
  if (LITTLE_ENDIAN && out.byteOffset % 4 === 0) pcm = new Float32Array(out.buffer, out.byteOffset, n);
  else {
    pcm = new Float32Array(n);
    for (let i = 0; i < n; i++) pcm[i] = out.readFloatLE(i * 4);
  }
  return { sampleRate: RATE, pcm, duration: n / RATE };
}

// ── voice activity ──────────────────────────────────────────────────────────────────────────────────────────────

/** VAD frame length, seconds */
export const VAD_FRAME = 0.02;

/** Frame energies in dB (RMS, full scale 0 dB). */
export function frameEnergies(audio: DecodedAudio, frame = VAD_FRAME): Float32Array {
  const len = Math.max(1, Math.round(frame * audio.sampleRate));
  const n = Math.floor(audio.pcm.length / len);
  const e = new Float32Array(n);
  for (let f = 0; f < n; f++) {
    let s = 0;
    const o = f * len;
    for (let i = 0; i < len; i++) {
      const x = audio.pcm[o + i]!;
      s += x * x;
    }
    e[f] = 10 * Math.log10(s / len + 1e-12);
  }
  return e;
}

/**
 * Speech regions by short-time energy with an adaptive noise floor: the floor is the 10th percentile of the frame
 * energies in a sliding 10 s window (held at or below the lesson's 20th percentile + 10 dB so that a window full of
 * speech does not raise it); a frame is speech when it is 12 dB above the floor and above −55 dBFS. Hangover 0.1 s,
 * gaps under 0.3 s merged, regions under 0.2 s dropped.
 */
export function detectSpeech(audio: DecodedAudio): Array<{ start: number; end: number }> {
  const e = frameEnergies(audio);
  const n = e.length;
  if (n === 0) return [];
  const sorted = Float32Array.from(e).sort();
  const global20 = sorted[Math.floor(n * 0.2)]!;
  // sliding-window percentile, recomputed every second (50 frames) over ±5 s
  const W = Math.round(5 / VAD_FRAME);
  const STEP = Math.round(1 / VAD_FRAME);
  const floor = new Float32Array(n);
  for (let c = 0; c < n; c += STEP) {
    const a = Math.max(0, c - W);
    const b = Math.min(n, c + W);
    const win = Float32Array.from(e.subarray(a, b)).sort();
    const f = Math.min(win[Math.floor(win.length * 0.1)]!, global20 + 10);
    for (let i = c; i < Math.min(n, c + STEP); i++) floor[i] = f;
  }
  const HANG = Math.round(0.1 / VAD_FRAME);
  const active = new Uint8Array(n);
  let hang = 0;
  for (let i = 0; i < n; i++) {
    const on = e[i]! > floor[i]! + 12 && e[i]! > -55;
    if (on) {
      active[i] = 1;
      hang = HANG;
    } else if (hang > 0) {
      active[i] = 1;
      hang--;
    }
  }
  const regions: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < n; ) {
    if (!active[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && active[j]) j++;
    regions.push({ start: i * VAD_FRAME, end: j * VAD_FRAME });
    i = j;
  }
  return mergeRegions(regions, 0.3, 0.2).map((r) => ({ start: round3(r.start), end: round3(Math.min(r.end, audio.duration)) }));
}

/** Merges regions closer than `gap` seconds, then drops those shorter than `min` seconds. Pure. */
export function mergeRegions(regions: ReadonlyArray<{ start: number; end: number }>, gap: number, min: number): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (const r of regions) {
    const last = out[out.length - 1];
    if (last && r.start - last.end < gap) last.end = Math.max(last.end, r.end);
    else out.push({ start: r.start, end: r.end });
  }
  return out.filter((r) => r.end - r.start >= min);
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

// ── pitch ───────────────────────────────────────────────────────────────────────────────────────────────────────

const PITCH_RATE = 8000;
const F0_MIN = 60;
const F0_MAX = 450;

/**
 * Fundamental frequency of one frame by YIN (cumulative mean normalised difference, threshold 0.15, parabolic
 * refinement; when no dip falls under the threshold, the global minimum if under twice the threshold); null when the
 * frame is unvoiced. `x` is sampled at `rate`. Pure.
 */
export function yinPitch(x: Float32Array, rate: number, fmin = F0_MIN, fmax = F0_MAX, threshold = 0.15): number | null {
  const maxLag = Math.min(Math.floor(rate / fmin), Math.floor(x.length / 2));
  const minLag = Math.max(2, Math.floor(rate / fmax));
  if (maxLag <= minLag + 2) return null;
  const w = x.length - maxLag;
  const d = new Float32Array(maxLag + 2);
  for (let tau = 1; tau <= maxLag + 1 && tau < x.length - w + 1; tau++) {
    let s = 0;
    for (let i = 0; i < w; i++) {
      const v = x[i]! - x[i + tau]!;
      s += v * v;
    }
    d[tau] = s;
  }
  const cm = new Float32Array(maxLag + 2);
  cm[0] = 1;
  let run = 0;
  for (let tau = 1; tau <= maxLag; tau++) {
    run += d[tau]!;
    cm[tau] = run > 0 ? (d[tau]! * tau) / run : 1;
  }
  let best = -1;
  for (let tau = minLag; tau <= maxLag; tau++) {
    if (cm[tau]! < threshold) {
      while (tau + 1 <= maxLag && cm[tau + 1]! < cm[tau]!) tau++;
      best = tau;
      break;
    }
  }
  if (best < 0) {
    // no dip under the threshold: the global minimum, when it is still clearly periodic
    let m = minLag;
    for (let tau = minLag + 1; tau <= maxLag; tau++) if (cm[tau]! < cm[m]!) m = tau;
    if (cm[m]! < 2 * threshold) best = m;
  }
  if (best < 0) return null;
  const a = cm[best - 1]!;
  const b = cm[best]!;
  const c = best + 1 <= maxLag ? cm[best + 1]! : b;
  const den = a - 2 * b + c;
  const shift = den !== 0 ? (0.5 * (a - c)) / den : 0;
  const lag = best + (Math.abs(shift) < 1 ? shift : 0);
  return rate / lag;
}

/** 16 kHz → 8 kHz by averaging pairs (a crude low-pass; enough for F0 up to 450 Hz). */
function downsample(pcm: Float32Array, from: number, to: number): Float32Array {
  const k = Math.max(1, Math.round(from / to));
  const out = new Float32Array(Math.floor(pcm.length / k));
  for (let i = 0; i < out.length; i++) {
    let s = 0;
    for (let j = 0; j < k; j++) s += pcm[i * k + j]!;
    out[i] = s / k;
  }
  return out;
}

interface RegionFeatures {
  start: number;
  end: number;
  /** F0 (80th percentile over voiced frames) in semitones re 100 Hz; null when fewer than 3 frames were voiced */
  pitch: number | null;
  /** mean frame energy, dB */
  loud: number;
  voiced: number;
}

const PITCH_FRAME = 0.05;
const PITCH_HOP = 0.05;

/** The pitch of a piece is the 80th percentile of its voiced frames: intonation falls at the ends of phrases, so the
 *  median wanders with the sentence, while the upper part of the range is the speaker's. */
const PITCH_Q = 0.8;

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Per sub-region features: median pitch (semitones) over voiced frames and mean loudness of the frames above −45 dBFS. */
function features(lo: Float32Array, audio: DecodedAudio, start: number, end: number): RegionFeatures {
  const flen = Math.round(PITCH_FRAME * PITCH_RATE);
  const pitches: number[] = [];
  let loudSum = 0;
  let frames = 0;
  for (let t = start; t + PITCH_FRAME <= end; t += PITCH_HOP) {
    const o = Math.floor(t * PITCH_RATE);
    const x = lo.subarray(o, o + flen);
    if (x.length < flen) break;
    let s = 0;
    for (let i = 0; i < x.length; i++) s += x[i]! * x[i]!;
    const db = 10 * Math.log10(s / x.length + 1e-12);
    if (db < -45) continue;
    loudSum += db;
    frames++;
    const f0 = yinPitch(x, PITCH_RATE);
    if (f0 !== null) pitches.push(12 * Math.log2(f0 / 100));
  }
  void audio;
  return { start, end, pitch: pitches.length >= 3 ? quantile(pitches, PITCH_Q) : null, loud: frames ? loudSum / frames : -100, voiced: pitches.length };
}

/**
 * Sub-regions of about 6 s, so that one long region holding two speakers can be split (3 s pieces cut sentences where
 * the pitch falls and cost 2–3 points of agreement on close voices).
 */
function chunks(regions: ReadonlyArray<{ start: number; end: number }>, max = 6): Array<{ start: number; end: number; region: number }> {
  const out: Array<{ start: number; end: number; region: number }> = [];
  regions.forEach((r, ri) => {
    const len = r.end - r.start;
    const k = Math.max(1, Math.round(len / max));
    for (let i = 0; i < k; i++) out.push({ start: r.start + (len * i) / k, end: r.start + (len * (i + 1)) / k, region: ri });
  });
  return out;
}

/**
 * 2-means on 1–2 dimensional points (pitch weighted over loudness), initialised at the extremes of the first
 * dimension (a small cluster — few student answers — is not swallowed). Returns the cluster per point. Pure.
 */
export function twoMeans(points: ReadonlyArray<readonly number[]>, weights?: readonly number[]): number[] {
  const n = points.length;
  if (n === 0) return [];
  const dim = points[0]!.length;
  let lo = 0;
  let hi = 0;
  for (let i = 1; i < n; i++) {
    if (points[i]![0]! < points[lo]![0]!) lo = i;
    if (points[i]![0]! > points[hi]![0]!) hi = i;
  }
  let c0 = [...points[lo]!];
  let c1 = [...points[hi]!];
  const lab = new Array<number>(n).fill(0);
  for (let it = 0; it < 50; it++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      let d0 = 0;
      let d1 = 0;
      for (let k = 0; k < dim; k++) {
        d0 += (points[i]![k]! - c0[k]!) ** 2;
        d1 += (points[i]![k]! - c1[k]!) ** 2;
      }
      const l = d1 < d0 ? 1 : 0;
      if (l !== lab[i]) {
        lab[i] = l;
        changed = true;
      }
    }
    const s0 = new Array<number>(dim).fill(0);
    const s1 = new Array<number>(dim).fill(0);
    let w0 = 0;
    let w1 = 0;
    for (let i = 0; i < n; i++) {
      const w = weights?.[i] ?? 1;
      for (let k = 0; k < dim; k++) (lab[i] ? s1 : s0)[k]! += points[i]![k]! * w;
      if (lab[i]) w1 += w;
      else w0 += w;
    }
    if (w0 > 0) c0 = s0.map((v) => v / w0);
    if (w1 > 0) c1 = s1.map((v) => v / w1);
    if (!changed && it > 0) break;
  }
  return lab;
}

/**
 * Which of two clusters is the teacher: a vote of three cues — the larger total duration (the teacher talks most), the
 * louder (the teacher is nearest the microphone; votes only at 2 dB or more apart), the lower pitch (pupils' voices
 * are higher than adults'; breaks a tie). Pure.
 */
export function teacherCluster(duration: [number, number], pitch: [number, number], loudness: [number, number]): 0 | 1 {
  let vote = 0; // > 0: cluster 0
  vote += duration[0] >= duration[1] ? 1 : -1;
  // loudness votes only when the clusters differ by 2 dB or more
  if (Math.abs(loudness[0] - loudness[1]) >= 2) vote += loudness[0] > loudness[1] ? 1 : -1;
  // pitch votes, and breaks a tie
  vote += pitch[0] <= pitch[1] ? 1.5 : -1.5;
  return vote > 0 ? 0 : 1;
}

/**
 * Teacher or student per region: each region is cut into pieces of about 6 s; per piece the pitch (80th percentile of
 * YIN over voiced 50 ms frames at 8 kHz) and the mean loudness; both features z-normalised (pitch weighted ×2); two
 * clusters by 2-means; the teacher = the cluster that wins the vote of three cues (larger total duration, louder,
 * lower pitch; see teacherCluster). When the two clusters' pitches are less than 1 semitone apart there is one voice:
 * everything is the teacher. Pieces without a voiced pitch take the role of their nearest neighbour in time.
 * Consecutive pieces of one role are joined.
 */
export function assignRoles(audio: DecodedAudio, regions: ReadonlyArray<{ start: number; end: number }>): SpeechSegment[] {
  if (regions.length === 0) return [];
  const lo = downsample(audio.pcm, audio.sampleRate, PITCH_RATE);
  const pieces = chunks(regions).map((c) => ({ ...features(lo, audio, c.start, c.end), region: c.region }));
  const voiced = pieces.filter((p) => p.pitch !== null);
  const role = new Array<"T" | "S" | null>(pieces.length).fill(null);
  if (voiced.length >= 2) {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = (xs: number[], m: number) => Math.sqrt(mean(xs.map((x) => (x - m) ** 2))) || 1;
    const ps = voiced.map((p) => p.pitch!);
    const ls = voiced.map((p) => p.loud);
    const pm = mean(ps);
    const psd = sd(ps, pm);
    const lm = mean(ls);
    const lsd = sd(ls, lm);
    const pts = voiced.map((p) => [(2 * (p.pitch! - pm)) / psd, (p.loud - lm) / lsd]);
    const lab = twoMeans(
      pts,
      voiced.map((p) => p.end - p.start),
    );
    const dur = [0, 0];
    const pit: number[][] = [[], []];
    const loud: number[][] = [[], []];
    voiced.forEach((p, i) => {
      dur[lab[i]!]! += p.end - p.start;
      pit[lab[i]!]!.push(p.pitch!);
      loud[lab[i]!]!.push(p.loud);
    });
    const oneVoice = pit[0]!.length === 0 || pit[1]!.length === 0 || Math.abs(median(pit[0]!) - median(pit[1]!)) < 1.0;
    const teacher = oneVoice ? 0 : teacherCluster(dur as [number, number], [median(pit[0]!), median(pit[1]!)], [median(loud[0]!), median(loud[1]!)]);
    let k = 0;
    pieces.forEach((p, i) => {
      if (p.pitch !== null) role[i] = oneVoice || lab[k++] === teacher ? "T" : "S";
    });
  } else {
    pieces.forEach((p, i) => {
      if (p.pitch !== null) role[i] = "T";
    });
  }
  // unvoiced pieces inherit from the nearest piece with a role (the same region first), else the teacher
  for (let i = 0; i < pieces.length; i++) {
    if (role[i] !== null) continue;
    let best: "T" | "S" = "T";
    let bestD = Infinity;
    for (let j = 0; j < pieces.length; j++) {
      const r = role[j];
      if (r === null || r === undefined) continue;
      const d = Math.abs(pieces[j]!.start - pieces[i]!.start) + (pieces[j]!.region === pieces[i]!.region ? 0 : 1000);
      if (d < bestD) {
        bestD = d;
        best = r;
      }
    }
    role[i] = best;
  }
  // a short piece (under 1.2 s) between two pieces of the other role, within one region, follows them
  for (let i = 1; i + 1 < pieces.length; i++) {
    const p = pieces[i]!;
    if (
      p.end - p.start < 1.2 &&
      role[i - 1] === role[i + 1] &&
      role[i] !== role[i - 1] &&
      pieces[i - 1]!.region === p.region &&
      pieces[i + 1]!.region === p.region
    )
      role[i] = role[i - 1]!;
  }
  const out: SpeechSegment[] = [];
  pieces.forEach((p, i) => {
    const last = out[out.length - 1];
    const r = role[i]!;
    if (last && last.role === r && p.start - last.end < 1e-6) last.end = round3(p.end);
    else out.push({ start: round3(p.start), end: round3(p.end), role: r });
  });
  return out;
}

/**
 * The labelled lesson generator (#10 "Truth"): a synthetic lesson with a known timeline, for tests and the accuracy
 * bench. OWNER: engine-media helper. Generated, never committed as media.
 *
 * A seeded PRNG scripts a lesson: the teacher (espeak-ng -v cmn, low pitch) lectures, asks questions (open and
 * closed), students (higher pitch, several voices) answer, the teacher responds (praise, follow-up, correction,
 * repeat), practice stretches are silent, and a low noise floor runs under everything. Every utterance is rendered
 * to WAV by espeak-ng and placed at a recorded time (students at 0.45–0.8 of the teacher's level: the teacher wears the
 * microphone); the ground truth is the audible extent of each utterance. The
 * video (optional) is a lavfi background with a static board and student rows and a bright figure moving along a
 * known piecewise-linear path; `positions` is that path's centre, 0–1 of the frame.
 *
 *   npx tsx apps/server/src/modules/analysis/truth/gen-lesson.ts --out DIR --count 5 --seconds 180 [--long 2700]
 *
 * writes lesson-N.mp4 + lesson-N.srt + lesson-N.truth.json (seeds 1…N; lessons 2 and 5 with close pitches).
 */
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { SpeechSegment, TranscriptLine } from "@yanke/protocol";
import { prng } from "../../../infra/prng.js";

export interface LessonTruth {
  /** seconds */
  duration: number;
  /** ground-truth speech, by role, in time order, not overlapping */
  segments: SpeechSegment[];
  /** what was said, with times and role (the same extents as segments, one per utterance) */
  lines: TranscriptLine[];
  /** indices into lines of the teacher's questions */
  questions: number[];
  /** the moving figure's true centre, 0–1 of the frame, every 0.5 s (empty when there is no video) */
  positions: Array<{ t: number; x: number; y: number }>;
  /** the voices used (for the record) */
  voices: { teacher: string; students: string[] };
  seed: number;
  closePitch: boolean;
}

export interface GenerateOptions {
  /** folder for the outputs (created) */
  dir: string;
  /** lesson length in seconds */
  seconds: number;
  seed: number;
  /** teacher -p 45 against students -p 55 (the same base voice, ≈ 2 semitones apart) instead of -p 25 (male) against
   *  -p 70–85 (female variants) */
  closePitch?: boolean;
  /** false: an audio-only file (no video stream). Default true. */
  withVideo?: boolean;
  /** false: a video-only file (no audio track) — the truth still describes the script. Default true. */
  withAudio?: boolean;
  /** file name stem, default `lesson-<seed>` */
  name?: string;
  ffmpeg?: string;
  espeak?: string;
  /** noise floor RMS (linear, full scale 1), default 0.002 (≈ −54 dBFS) */
  noise?: number;
}

export interface GeneratedLesson {
  /** the media file: mp4 (H.264 640x360 10 fps + AAC) or an audio-only m4a */
  video: string;
  srt: string;
  truth: LessonTruth;
}

// ── PRNG ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** The seeded PRNG of the lesson scripts (mulberry32). */
export const mulberry32 = prng;

// ── the script ──────────────────────────────────────────────────────────────────────────────────────────────────

const LECTURE = [
  "同学们，今天我们学习分数的加法。",
  "请大家先看黑板上的这道题。",
  "分母相同的分数相加，分母不变，分子相加。",
  "这就是为什么分母不变的原因。",
  "我们可以把一个圆平均分成四份。",
  "每一份就是这个圆的四分之一。",
  "现在我们把两份涂上颜色。",
  "大家注意，这一步非常重要。",
  "下面我们再来看一个例子。",
  "同分母分数相加，只要把分子相加就可以了。",
  "刚才的方法，我们把它叫做通分。",
  "请大家把书翻到第二十三页。",
  "我们一起来总结一下今天学习的内容。",
  "这个规律在生活中也经常用到。",
  "比如切蛋糕的时候，就会用到分数。",
  "好，我们继续往下看。",
];
/** open questions */
const OPEN_Q = [
  "为什么分母不变呢？",
  "你是怎么想的？",
  "你觉得这两种方法有什么不同？",
  "谁能说一说你的理由？",
  "怎样才能比较两个分数的大小？",
  "生活中还有哪些地方用到分数？",
];
/** closed questions */
const CLOSED_Q = [
  "四分之一加四分之二等于多少？",
  "这两个分数的分母相同吗？",
  "答案是不是四分之三？",
  "大家听明白了吗？",
  "这样做对不对？",
  "一个圆平均分成几份？",
];
/** solicitations that are questions without a question mark */
const SOLICIT_Q = ["谁来回答一下这个问题。", "请你来说一说你的想法。"];
const ANSWERS = [
  "等于四分之三。",
  "因为分的份数没有变。",
  "我觉得答案是四分之三。",
  "相同。",
  "对。",
  "平均分成四份。",
  "我是先画图，再数一数涂色的部分。",
  "切蛋糕和分披萨的时候都会用到。",
  "先通分，再比较分子的大小。",
  "第一种方法更简单一些。",
];
const READING = [
  "把一个物体平均分成若干份，表示这样的一份或几份的数，叫做分数。",
  "分数的分子表示取了几份，分母表示平均分成了几份。",
  "同分母分数相加减，分母不变，只把分子相加减。",
];
const PRAISE = ["很好，回答正确。", "非常好，请坐。", "说得很清楚，大家给他鼓鼓掌。"];
const FOLLOWUP = ["你能再说说为什么吗？", "还有没有别的方法？"];
const CORRECTION = ["不对，再想一想。", "不太准确，我们再看一下题目。"];
const REPEAT = ["他说答案是四分之三。", "她说要先通分。"];
const PRACTICE = ["下面请大家独立完成练习。", "请同学们在本子上算一算。", "同桌之间讨论一下。"];

interface Voice {
  id: string;
  /** espeak-ng -v */
  v: string;
  p: number;
  s: number;
  /** level at the microphone (the teacher wears it: 1; students are further away) */
  gain: number;
}

interface Utterance {
  role: "T" | "S";
  text: string;
  voice: Voice;
  question: boolean;
  /** silence before it, seconds */
  gap: number;
}

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}
function between(r: () => number, a: number, b: number): number {
  return a + (b - a) * r();
}

function voices(r: () => number, closePitch: boolean): { teacher: Voice; students: Voice[] } {
  if (closePitch) {
    return {
      teacher: { id: "T", v: "cmn", p: 45, s: 165, gain: 1 },
      students: [
        { id: "S1", v: "cmn", p: 55, s: 175, gain: +(0.45 + 0.35 * r()).toFixed(2) },
        { id: "S2", v: "cmn", p: 55, s: 185, gain: +(0.45 + 0.35 * r()).toFixed(2) },
        { id: "S3", v: "cmn", p: 55, s: 160, gain: +(0.45 + 0.35 * r()).toFixed(2) },
      ],
    };
  }
  const variants = ["cmn+f2", "cmn+f4", "cmn+f1", "cmn+f3"];
  const n = 3 + Math.floor(r() * 2);
  const students: Voice[] = [];
  for (let i = 0; i < n; i++)
    students.push({
      id: `S${i + 1}`,
      v: variants[i % variants.length]!,
      p: 70 + Math.round(r() * 15),
      s: 160 + Math.round(r() * 25),
      gain: +(0.45 + 0.35 * r()).toFixed(2),
    });
  return { teacher: { id: "T", v: "cmn", p: 25, s: 170, gain: 1 }, students };
}

/** The script, utterance by utterance (times are placed later, from the rendered lengths). */
function script(r: () => number, v: { teacher: Voice; students: Voice[] }): Array<Utterance | { silence: number }> {
  const T = (text: string, gap: number, question = false): Utterance => ({ role: "T", text, voice: v.teacher, question, gap });
  const S = (text: string, gap: number): Utterance => ({ role: "S", text, voice: pick(r, v.students), question: false, gap });
  const out: Array<Utterance | { silence: number }> = [];
  // enough material for any length: the caller stops at the duration
  for (let block = 0; block < 2000; block++) {
    const x = r();
    if (x < 0.3) {
      const n = 2 + Math.floor(r() * 4);
      for (let i = 0; i < n; i++) out.push(T(pick(r, LECTURE), between(r, 0.4, 0.9)));
    } else if (x < 0.75) {
      const kind = r();
      const q = kind < 0.4 ? pick(r, OPEN_Q) : kind < 0.85 ? pick(r, CLOSED_Q) : pick(r, SOLICIT_Q);
      out.push(T(q, between(r, 0.5, 1.0), true));
      out.push(S(pick(r, ANSWERS), between(r, 0.8, 2.5)));
      const resp = r();
      if (resp < 0.4) out.push(T(pick(r, PRAISE), between(r, 0.7, 1.5)));
      else if (resp < 0.6) {
        out.push(T(pick(r, FOLLOWUP), between(r, 0.7, 1.5), true));
        out.push(S(pick(r, ANSWERS), between(r, 0.8, 2.0)));
        out.push(T(pick(r, PRAISE), between(r, 0.7, 1.5)));
      } else if (resp < 0.8) {
        out.push(T(pick(r, CORRECTION), between(r, 0.7, 1.5)));
        out.push(S(pick(r, ANSWERS), between(r, 0.8, 2.0)));
      } else out.push(T(pick(r, REPEAT), between(r, 0.7, 1.5)));
    } else if (x < 0.87) {
      out.push(T("请一位同学来读一读。", between(r, 0.5, 1.0)));
      const n = 1 + Math.floor(r() * 3);
      for (let i = 0; i < n; i++) out.push(S(pick(r, READING), between(r, 0.6, 1.2)));
    } else {
      out.push(T(pick(r, PRACTICE), between(r, 0.5, 1.0)));
      out.push({ silence: between(r, 8, 35) });
    }
  }
  return out;
}

// ── audio ───────────────────────────────────────────────────────────────────────────────────────────────────────

const RATE = 22050;

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    p.stderr.on("data", (d: Buffer) => {
      err = (err + d.toString()).slice(-4000);
    });
    p.on("error", (e) => reject(new Error(`无法运行 ${cmd}：${e.message}`)));
    p.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} 失败（退出码 ${code}）：${err.trim().split("\n").slice(-3).join(" ")}`))));
  });
}

/** A 16-bit mono WAV's samples (espeak-ng writes 22050 Hz). */
function readWav(file: string): Int16Array {
  const b = readFileSync(file);
  let off = 12;
  let rate = 0;
  while (off + 8 <= b.length) {
    const id = b.toString("ascii", off, off + 4);
    const size = b.readUInt32LE(off + 4);
    if (id === "fmt ") rate = b.readUInt32LE(off + 12);
    if (id === "data") {
      if (rate !== RATE) throw new Error(`espeak-ng 输出采样率 ${rate}，预期 ${RATE}`);
      const n = Math.min(size, b.length - off - 8) >> 1;
      const out = new Int16Array(n);
      for (let i = 0; i < n; i++) out[i] = b.readInt16LE(off + 8 + i * 2);
      return out;
    }
    off += 8 + size + (size & 1);
  }
  throw new Error(`无法读取 ${file}`);
}

/** The audible extent of a clip: first and last sample above −40 dBFS. */
function trim(pcm: Int16Array): Int16Array {
  const thr = 328;
  let a = 0;
  while (a < pcm.length && Math.abs(pcm[a]!) < thr) a++;
  let b = pcm.length - 1;
  while (b > a && Math.abs(pcm[b]!) < thr) b--;
  return pcm.subarray(a, b + 1);
}

function wavHeader(samples: number): Buffer {
  const h = Buffer.alloc(44);
  h.write("RIFF", 0, "ascii");
  h.writeUInt32LE(36 + samples * 2, 4);
  h.write("WAVEfmt ", 8, "ascii");
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write("data", 36, "ascii");
  h.writeUInt32LE(samples * 2, 40);
  return h;
}

// ── video path ──────────────────────────────────────────────────────────────────────────────────────────────────

export const FRAME = { w: 640, h: 360, fps: 10, figW: 36, figH: 90 };

export interface FigurePath {
  /** half period of the left-right walk, seconds */
  px: number;
  /** half period of the walk to the back, seconds */
  py: number;
  phx: number;
  phy: number;
}

function tri(u: number): number {
  const m = ((u % 2) + 2) % 2;
  return Math.abs(m - 1);
}
function clip01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

/**
 * The figure's centre at t, 0–1. Left-right across the front with stops at both ends (x 0.15–0.85); now and then
 * down among the students (y 0.40 → 0.75) and back.
 */
export function figureAt(p: FigurePath, t: number): { x: number; y: number } {
  const fx = clip01(1.4 * tri(t / p.px + p.phx) - 0.2);
  const fy = clip01(3 * tri(t / p.py + p.phy) - 2);
  return { x: 0.15 + 0.7 * fx, y: 0.4 + 0.35 * fy };
}

/** The same path as an ffmpeg overlay expression for the figure's top-left corner, in pixels. */
function figureExpr(p: FigurePath): { x: string; y: string } {
  const fx = `clip(1.4*abs(mod(t/${p.px}+${p.phx},2)-1)-0.2,0,1)`;
  const fy = `clip(3*abs(mod(t/${p.py}+${p.phy},2)-1)-2,0,1)`;
  return {
    x: `(0.15+0.7*${fx})*${FRAME.w}-${FRAME.figW / 2}`,
    y: `(0.4+0.35*${fy})*${FRAME.h}-${FRAME.figH / 2}`,
  };
}

// ── SRT ─────────────────────────────────────────────────────────────────────────────────────────────────────────

function srtTime(s: number): string {
  const ms = Math.round(s * 1000);
  const h = Math.floor(ms / 3600_000);
  const m = Math.floor((ms % 3600_000) / 60_000);
  const sec = Math.floor((ms % 60_000) / 1000);
  const r = ms % 1000;
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${p(h)}:${p(m)}:${p(sec)},${p(r, 3)}`;
}

export function toSrt(lines: readonly TranscriptLine[]): string {
  return lines.map((l, i) => `${i + 1}\n${srtTime(l.start)} --> ${srtTime(l.end)}\n${l.text}\n`).join("\n");
}

// ── the generator ───────────────────────────────────────────────────────────────────────────────────────────────

export async function generateLesson(opts: GenerateOptions): Promise<GeneratedLesson> {
  const ffmpeg = opts.ffmpeg ?? "ffmpeg";
  const espeak = opts.espeak ?? "espeak-ng";
  const withVideo = opts.withVideo ?? true;
  const withAudio = opts.withAudio ?? true;
  const closePitch = opts.closePitch ?? false;
  const duration = opts.seconds;
  const name = opts.name ?? `lesson-${opts.seed}`;
  mkdirSync(opts.dir, { recursive: true });
  const work = path.join(opts.dir, `.${name}-work`);
  mkdirSync(work, { recursive: true });
  const r = mulberry32(opts.seed * 2654435761 + 17);
  const v = voices(r, closePitch);
  const steps = script(r, v);

  // render each distinct (voice, text) once
  const cache = new Map<string, Int16Array>();
  const render = async (u: Utterance): Promise<Int16Array> => {
    const key = `${u.voice.v}|${u.voice.p}|${u.voice.s}|${u.text}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const f = path.join(work, `u${cache.size}.wav`);
    await run(espeak, ["-v", u.voice.v, "-p", String(u.voice.p), "-s", String(u.voice.s), "-w", f, u.text]);
    const pcm = trim(readWav(f));
    rmSync(f, { force: true });
    cache.set(key, pcm);
    return pcm;
  };

  // place the utterances: stop at the lesson's end (leaving a short tail)
  const total = Math.round(duration * RATE);
  const placed: Array<{ at: number; pcm: Int16Array; u: Utterance }> = [];
  let cursor = Math.round(between(r, 1, 2) * RATE);
  for (const st of steps) {
    if ("silence" in st) {
      cursor += Math.round(st.silence * RATE);
      continue;
    }
    const pcm = await render(st);
    const at = cursor + Math.round(st.gap * RATE);
    if (at + pcm.length > total - RATE) break;
    placed.push({ at, pcm, u: st });
    cursor = at + pcm.length;
  }

  const lines: TranscriptLine[] = [];
  const segments: SpeechSegment[] = [];
  const questions: number[] = [];
  for (const p of placed) {
    const start = +(p.at / RATE).toFixed(3);
    const end = +((p.at + p.pcm.length) / RATE).toFixed(3);
    if (p.u.question) questions.push(lines.length);
    lines.push({ start, end, role: p.u.role, text: p.u.text });
    const last = segments[segments.length - 1];
    // consecutive utterances of the same role with a gap under 0.3 s are one stretch of speech
    if (last && last.role === p.u.role && start - last.end < 0.3) last.end = end;
    else segments.push({ start, end, role: p.u.role });
  }

  // stream the mix: noise everywhere, speech on top
  const wav = path.join(work, "audio.wav");
  const fd = openSync(wav, "w");
  try {
    writeSync(fd, wavHeader(total));
    const noiseRms = opts.noise ?? 0.002;
    const nr = mulberry32(opts.seed + 99991);
    const CH = RATE * 10;
    const buf = Buffer.alloc(CH * 2);
    let pi = 0;
    for (let s0 = 0; s0 < total; s0 += CH) {
      const n = Math.min(CH, total - s0);
      for (let i = 0; i < n; i++) {
        // approximately gaussian noise: sum of 3 uniforms, scaled to the RMS
        const g = (nr() + nr() + nr() - 1.5) * 2;
        let x = g * noiseRms * 32767;
        const s = s0 + i;
        while (pi < placed.length && placed[pi]!.at + placed[pi]!.pcm.length <= s) pi++;
        const p = placed[pi];
        if (p && s >= p.at) x += p.pcm[s - p.at]! * p.u.voice.gain;
        buf.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(x))), i * 2);
      }
      writeSync(fd, buf, 0, n * 2);
    }
  } finally {
    closeSync(fd);
  }

  const fig: FigurePath = { px: +between(r, 7, 14).toFixed(2), py: +between(r, 35, 70).toFixed(2), phx: +r().toFixed(3), phy: +r().toFixed(3) };
  const positions: LessonTruth["positions"] = [];
  if (withVideo) for (let t = 0; t <= duration + 1e-9; t += 0.5) positions.push({ t, ...figureAt(fig, t) });

  const video = path.join(opts.dir, withVideo ? `${name}.mp4` : `${name}.m4a`);
  const args = ["-y", "-v", "error", "-nostdin"];
  if (withAudio) args.push("-i", wav);
  if (withVideo) {
    const e = figureExpr(fig);
    const { w, h, fps } = FRAME;
    args.push(
      "-f",
      "lavfi",
      "-i",
      `color=c=0x283038:s=${w}x${h}:r=${fps}:d=${duration}`,
      "-f",
      "lavfi",
      "-i",
      `color=c=0xf4e6a8:s=${FRAME.figW}x${FRAME.figH}:r=${fps}:d=${duration}`,
    );
    const vi = withAudio ? 1 : 0;
    // a static board across the top and rows of seated students in the lower half, then the moving figure
    const scene = [
      "drawbox=x=80:y=12:w=480:h=70:color=0x1e5a3c:t=fill",
      ...[0, 1, 2].flatMap((row) => [0, 1, 2, 3, 4, 5].map((c) => `drawbox=x=${60 + c * 90}:y=${200 + row * 52}:w=60:h=34:color=0x50505a:t=fill`)),
    ].join(",");
    args.push(
      "-filter_complex",
      `[${vi}:v]${scene}[bg];[bg][${vi + 1}:v]overlay=x='${e.x}':y='${e.y}':eval=frame:shortest=1[v]`,
      "-map",
      "[v]",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-crf",
      "30",
      "-pix_fmt",
      "yuv420p",
      "-r",
      String(fps),
    );
  }
  if (withAudio) args.push("-map", "0:a", "-c:a", "aac", "-b:a", "48k", "-ar", "22050");
  args.push("-t", String(duration), "-movflags", "+faststart", video);
  await run(ffmpeg, args);
  rmSync(work, { recursive: true, force: true });

  const truth: LessonTruth = {
    duration,
    segments,
    lines,
    questions,
    positions,
    voices: { teacher: `${v.teacher.v} -p ${v.teacher.p} -s ${v.teacher.s}`, students: v.students.map((s) => `${s.v} -p ${s.p} -s ${s.s} ×${s.gain}`) },
    seed: opts.seed,
    closePitch,
  };
  const srt = path.join(opts.dir, `${name}.srt`);
  writeFileSync(srt, toSrt(lines));
  writeFileSync(path.join(opts.dir, `${name}.truth.json`), JSON.stringify(truth));
  return { video, srt, truth };
}

/** Per-second labels of a timeline: the role speaking most of second i (at least half of it), else "-" (silence). */
export function perSecond(segments: ReadonlyArray<{ start: number; end: number; role: string }>, duration: number): string[] {
  const n = Math.floor(duration);
  const t = new Float64Array(n);
  const s = new Float64Array(n);
  for (const g of segments) {
    for (let i = Math.max(0, Math.floor(g.start)); i < Math.min(n, Math.ceil(g.end)); i++) {
      const ov = Math.min(g.end, i + 1) - Math.max(g.start, i);
      if (ov > 0) (g.role === "T" ? t : s)[i]! += ov;
    }
  }
  return Array.from({ length: n }, (_, i) => (t[i]! >= 0.5 && t[i]! >= s[i]! ? "T" : s[i]! >= 0.5 ? "S" : "-"));
}

// ── CLI ─────────────────────────────────────────────────────────────────────────────────────────────────────────

async function main(argv: string[]): Promise<void> {
  const arg = (k: string, d: string) => {
    const i = argv.indexOf(k);
    return i >= 0 && argv[i + 1] ? argv[i + 1]! : d;
  };
  const out = path.resolve(arg("--out", "lessons"));
  const count = Number(arg("--count", "5"));
  const seconds = Number(arg("--seconds", "180"));
  const long = Number(arg("--long", "0"));
  const index: Array<{ name: string; video: string; srt: string; seconds: number; closePitch: boolean }> = [];
  for (let i = 1; i <= count; i++) {
    const closePitch = i % 3 === 2;
    const t0 = Date.now();
    const g = await generateLesson({ dir: out, seconds, seed: i, closePitch });
    index.push({ name: `lesson-${i}`, video: g.video, srt: g.srt, seconds, closePitch });
    console.log(
      `lesson-${i}: ${seconds} s${closePitch ? "（音高接近）" : ""}，${g.truth.lines.length} 句，${g.truth.questions.length} 个提问，${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  if (long > 0) {
    const t0 = Date.now();
    const g = await generateLesson({ dir: out, seconds: long, seed: 100, name: "lesson-long" });
    index.push({ name: "lesson-long", video: g.video, srt: g.srt, seconds: long, closePitch: false });
    console.log(`lesson-long: ${long} s，${g.truth.lines.length} 句，${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  writeFileSync(path.join(out, "index.json"), JSON.stringify(index, null, 2));
  console.log(`写入 ${out}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}

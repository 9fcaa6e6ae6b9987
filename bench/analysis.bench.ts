/**
 * AI lesson analysis accuracy (issue #10 "Truth"): a labelled lesson set from the generator
 * (apps/server/src/modules/analysis/truth/gen-lesson.ts — espeak-ng teacher and student voices, silence, noise, a
 * figure moving along a known path), then per lesson the default media stages (energy VAD, pitch + loudness roles,
 * frame-difference vision) against the ground truth:
 *   - per-second agreement teacher / student / silence, and Cohen's κ of the same labels;
 *   - S-T analysis (engine/st.ts) on the detected speech against the same on the true speech: |ΔRt|, |ΔCh|, mode;
 *   - question detection from the SRT (engine/transcript.ts parse, line roles from the detected speech, talk.ts
 *     isQuestion, teacher lines only) against the scripted questions: precision / recall;
 *   - tracked position error of the moving figure;
 *   - analysis time (decode + VAD + roles + vision) as a fraction of the lesson's length, for a 45-minute lesson.
 * Baselines in the same run: ffmpeg silencedetect alone (every non-silent stretch coded T, no roles) for the speech
 * figures; "ends with a question mark" for question detection. Prints figures only; no thresholds.
 *
 *   npx tsx bench/analysis.bench.ts   (BENCH_ANALYSIS_COUNT lessons of BENCH_ANALYSIS_SECONDS, default 6 × 180 s, every
 *   third from the second with close pitches; BENCH_ANALYSIS_LONG seconds for the long lesson, default 2700, 0 skips it;
 *   BENCH_ANALYSIS_DIR, default the OS temp dir; lessons already generated there with the same settings are reused)
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SpeechSegment } from "@yanke/protocol";
import { agreement } from "@yanke/server/src/modules/analysis/engine/agreement.ts";
import { assignRoles, decodeAudio, detectSpeech } from "@yanke/server/src/modules/analysis/engine/audio.ts";
import { stMetrics, stSample } from "@yanke/server/src/modules/analysis/engine/st.ts";
import { isQuestion } from "@yanke/server/src/modules/analysis/engine/talk.ts";
import { assignLineRoles, parseTranscript } from "@yanke/server/src/modules/analysis/engine/transcript.ts";
import { analyseFrames } from "@yanke/server/src/modules/analysis/engine/vision.ts";
import { type LessonTruth, generateLesson, perSecond } from "@yanke/server/src/modules/analysis/truth/gen-lesson.ts";

const COUNT = Number(process.env.BENCH_ANALYSIS_COUNT ?? 6);
const SECONDS = Number(process.env.BENCH_ANALYSIS_SECONDS ?? 180);
const LONG = Number(process.env.BENCH_ANALYSIS_LONG ?? 2700);
const DIR = path.resolve(process.env.BENCH_ANALYSIS_DIR ?? path.join(os.tmpdir(), "yanke-analysis-bench"));
const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
/** S-T sampling interval: 5 s for the short lessons (the smallest the calls accept), the default 30 s for the long one */
const ST_SHORT = 5;
const ST_LONG = 30;

interface Lesson {
  name: string;
  video: string;
  srt: string;
  truth: LessonTruth;
  closePitch: boolean;
  genSeconds: number | null;
}

async function lesson(name: string, seconds: number, seed: number, closePitch: boolean): Promise<Lesson> {
  const video = path.join(DIR, `${name}.mp4`);
  const truthFile = path.join(DIR, `${name}.truth.json`);
  if (existsSync(video) && existsSync(truthFile)) {
    const truth = JSON.parse(readFileSync(truthFile, "utf8")) as LessonTruth;
    if (truth.duration === seconds && truth.seed === seed && truth.closePitch === closePitch)
      return { name, video, srt: path.join(DIR, `${name}.srt`), truth, closePitch, genSeconds: null };
  }
  const t0 = performance.now();
  const g = await generateLesson({ dir: DIR, seconds, seed, closePitch, name, ffmpeg: FFMPEG });
  return { name, video: g.video, srt: g.srt, truth: g.truth, closePitch, genSeconds: (performance.now() - t0) / 1000 };
}

/** ffmpeg silencedetect (−35 dB, 0.3 s): every stretch that is not silence is speech, all of it coded T. */
function silencedetect(file: string, duration: number): Promise<SpeechSegment[]> {
  return new Promise((resolve, reject) => {
    const p = spawn(FFMPEG, ["-nostdin", "-hide_banner", "-i", file, "-map", "0:a:0", "-af", "silencedetect=noise=-35dB:d=0.3", "-f", "null", "-"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let err = "";
    p.stderr.on("data", (d: Buffer) => (err += d.toString()));
    p.on("error", reject);
    p.on("close", () => {
      const silences: Array<[number, number]> = [];
      let start: number | null = null;
      for (const m of err.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
        if (m[1] === "start") start = Math.max(0, Number(m[2]));
        else if (start !== null) {
          silences.push([start, Number(m[2])]);
          start = null;
        }
      }
      if (start !== null) silences.push([start, duration]);
      const speech: SpeechSegment[] = [];
      let t = 0;
      for (const [a, b] of silences) {
        if (a > t) speech.push({ start: t, end: a, role: "T" });
        t = b;
      }
      if (t < duration) speech.push({ start: t, end: duration, role: "T" });
      resolve(speech.filter((s) => s.end - s.start >= 0.2));
    });
  });
}

interface SpeechFigures {
  agree: number;
  kappa: number;
  dRt: number;
  dCh: number;
  modeOk: boolean;
  rt: number;
  ch: number;
  mode: string;
}

function speechFigures(
  truth: LessonTruth,
  segs: readonly SpeechSegment[],
  interval: number,
): SpeechFigures & { trueRt: number; trueCh: number; trueMode: string } {
  const a = perSecond(truth.segments, truth.duration);
  const b = perSecond(segs, truth.duration);
  const ag = agreement(a, b);
  const st0 = stMetrics(stSample(truth.segments, truth.duration, interval), interval);
  const st1 = stMetrics(stSample(segs, truth.duration, interval), interval);
  return {
    agree: ag.percent / 100,
    kappa: ag.kappa ?? NaN,
    dRt: Math.abs(st1.rt - st0.rt),
    dCh: Math.abs(st1.ch - st0.ch),
    modeOk: st1.mode === st0.mode,
    rt: st1.rt,
    ch: st1.ch,
    mode: st1.mode,
    trueRt: st0.rt,
    trueCh: st0.ch,
    trueMode: st0.mode,
  };
}

interface QCount {
  tp: number;
  fp: number;
  fn: number;
}
function qAdd(c: QCount, predicted: Set<number>, truth: Set<number>): void {
  for (const i of predicted)
    if (truth.has(i)) c.tp++;
    else c.fp++;
  for (const i of truth) if (!predicted.has(i)) c.fn++;
}
const prec = (c: QCount) => (c.tp + c.fp ? c.tp / (c.tp + c.fp) : NaN);
const rec = (c: QCount) => (c.tp + c.fn ? c.tp / (c.tp + c.fn) : NaN);

function questions(l: Lesson, segs: readonly SpeechSegment[]): { rule: Set<number>; baseline: Set<number> } {
  const parsed = parseTranscript(readFileSync(l.srt, "utf8"), path.basename(l.srt), l.truth.duration);
  const lines = assignLineRoles(parsed.lines, segs);
  // the SRT has one cue per scripted line, in order: cue i is truth line i
  if (lines.length !== l.truth.lines.length) throw new Error(`${l.name}: SRT 行数 ${lines.length} ≠ ${l.truth.lines.length}`);
  const rule = new Set<number>();
  const baseline = new Set<number>();
  lines.forEach((x, i) => {
    if (x.role === "T" && isQuestion(x.text)) rule.add(i);
    if (/[？?]\s*$/.test(x.text)) baseline.add(i);
  });
  return { rule, baseline };
}

async function timed<T>(f: () => Promise<T> | T): Promise<[T, number]> {
  const t0 = performance.now();
  const v = await f();
  return [v, (performance.now() - t0) / 1000];
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "—");
const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)} %` : "—");
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

mkdirSync(DIR, { recursive: true });
console.log(`# analysis bench — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), node ${process.version}, lessons in ${DIR}`);

const lessons: Lesson[] = [];
for (let i = 1; i <= COUNT; i++) lessons.push(await lesson(`bench-${i}`, SECONDS, i, i % 3 === 2));
for (const l of lessons)
  console.log(
    `${l.name}: ${l.truth.duration} s${l.closePitch ? "，音高接近" : ""}，教师 ${l.truth.voices.teacher}，学生 ${l.truth.voices.students.join(" / ")}，${l.truth.lines.length} 句，${l.truth.questions.length} 问${l.genSeconds === null ? "（已生成）" : `，生成 ${l.genSeconds.toFixed(1)} s`}`,
  );

interface Row {
  l: Lesson;
  ours: ReturnType<typeof speechFigures>;
  base: ReturnType<typeof speechFigures>;
  posMedian: number;
  posMax: number;
  tracked: number;
}
const rows: Row[] = [];
const qOurs: QCount = { tp: 0, fp: 0, fn: 0 };
const qBase: QCount = { tp: 0, fp: 0, fn: 0 };
const qOursClose: QCount = { tp: 0, fp: 0, fn: 0 };

for (const l of lessons) {
  const audio = await decodeAudio(FFMPEG, l.video);
  if (!audio) throw new Error(`${l.name}: 没有音轨`);
  const segs = assignRoles(audio, detectSpeech(audio));
  const ours = speechFigures(l.truth, segs, ST_SHORT);
  const base = speechFigures(l.truth, await silencedetect(l.video, l.truth.duration), ST_SHORT);
  const q = questions(l, segs);
  const truthQ = new Set(l.truth.questions);
  qAdd(l.closePitch ? qOursClose : qOurs, q.rule, truthQ);
  qAdd(qBase, q.baseline, truthQ);
  const b = await analyseFrames(FFMPEG, l.video, { interval: 1, duration: l.truth.duration });
  const errs: number[] = [];
  if (b.available)
    for (const p of b.positions) {
      if (!p) continue;
      const t = l.truth.positions.find((x) => Math.abs(x.t - p.t) < 1e-6);
      if (t) errs.push(Math.hypot(p.x - t.x, p.y - t.y));
    }
  errs.sort((x, y) => x - y);
  rows.push({
    l,
    ours,
    base,
    posMedian: errs[errs.length >> 1] ?? NaN,
    posMax: errs[errs.length - 1] ?? NaN,
    tracked: b.available ? errs.length / b.positions.length : 0,
  });
}

console.log(`\n## per lesson (S-T every ${ST_SHORT} s; 基线 = silencedetect, all speech T)`);
console.log(
  "lesson     pitch  agree   κ      | Rt true/ours/base      | Ch true/ours/base      | mode true → ours / base          | base agree | pos err med/max  tracked",
);
for (const r of rows) {
  const o = r.ours;
  const b = r.base;
  console.log(
    `${r.l.name.padEnd(10)} ${(r.l.closePitch ? "close" : "far").padEnd(6)} ${pct(o.agree).padStart(7)} ${f3(o.kappa)} | ${f3(o.trueRt)} / ${f3(o.rt)} / ${f3(b.rt)} | ${f3(o.trueCh)} / ${f3(o.ch)} / ${f3(b.ch)} | ${o.trueMode} → ${o.mode}${o.modeOk ? " ✓" : " ✗"} / ${b.mode}${b.modeOk ? " ✓" : " ✗"} | ${pct(b.agree).padStart(7)}    | ${f3(r.posMedian)} / ${f3(r.posMax)}  ${pct(r.tracked)}`,
  );
}

function summary(label: string, rs: Row[]): void {
  if (!rs.length) return;
  const o = rs.map((r) => r.ours);
  const b = rs.map((r) => r.base);
  console.log(
    `${label.padEnd(22)} agreement ${pct(mean(o.map((x) => x.agree)))} (base ${pct(mean(b.map((x) => x.agree)))})  κ ${f3(mean(o.map((x) => x.kappa)))}  |ΔRt| ${f3(mean(o.map((x) => x.dRt)))} (base ${f3(mean(b.map((x) => x.dRt)))}, ×${f3(mean(b.map((x) => x.dRt)) / Math.max(1e-9, mean(o.map((x) => x.dRt))))})  |ΔCh| ${f3(mean(o.map((x) => x.dCh)))} (base ${f3(mean(b.map((x) => x.dCh)))})  mode ${o.filter((x) => x.modeOk).length}/${o.length} (base ${b.filter((x) => x.modeOk).length}/${b.length})`,
  );
}
console.log("\n## summary (means over lessons)");
summary(
  "far pitch",
  rows.filter((r) => !r.l.closePitch),
);
summary(
  "close pitch",
  rows.filter((r) => r.l.closePitch),
);
summary("all", rows);
console.log(
  `questions (talk.ts isQuestion on teacher lines): far P ${pct(prec(qOurs))} R ${pct(rec(qOurs))} (tp ${qOurs.tp} fp ${qOurs.fp} fn ${qOurs.fn}); close P ${pct(prec(qOursClose))} R ${pct(rec(qOursClose))} (tp ${qOursClose.tp} fp ${qOursClose.fp} fn ${qOursClose.fn}); baseline "ends with ？" P ${pct(prec(qBase))} R ${pct(rec(qBase))} (tp ${qBase.tp} fp ${qBase.fp} fn ${qBase.fn})`,
);
const allErr = rows.map((r) => r.posMax);
console.log(`tracked figure: worst error ${f3(Math.max(...allErr))} of the frame, median of medians ${f3(mean(rows.map((r) => r.posMedian)))}`);

if (LONG > 0) {
  const l = await lesson("bench-long", LONG, 100, false);
  console.log(`\n## ${LONG / 60}-minute lesson (${l.truth.lines.length} 句${l.genSeconds === null ? "，已生成" : `，生成 ${l.genSeconds.toFixed(1)} s`})`);
  const [audio, tDecode] = await timed(() => decodeAudio(FFMPEG, l.video));
  if (!audio) throw new Error("长课没有音轨");
  const [regions, tVad] = await timed(() => detectSpeech(audio));
  const [segs, tRoles] = await timed(() => assignRoles(audio, regions));
  const [b, tVision] = await timed(() => analyseFrames(FFMPEG, l.video, { interval: 1, duration: LONG }));
  const [base, tBase] = await timed(() => silencedetect(l.video, LONG));
  const total = tDecode + tVad + tRoles + tVision;
  const o = speechFigures(l.truth, segs, ST_LONG);
  const bs = speechFigures(l.truth, base, ST_LONG);
  console.log(
    `time: decode ${tDecode.toFixed(1)} s, VAD ${tVad.toFixed(1)} s, roles ${tRoles.toFixed(1)} s, vision ${tVision.toFixed(1)} s — total ${total.toFixed(1)} s = ${((total / LONG) * 100).toFixed(2)} % of the lesson (${(LONG / total).toFixed(0)}× real time); baseline silencedetect ${tBase.toFixed(1)} s`,
  );
  console.log(
    `accuracy (S-T every ${ST_LONG} s): agreement ${pct(o.agree)} (base ${pct(bs.agree)}), κ ${f3(o.kappa)}, Rt ${f3(o.trueRt)} → ${f3(o.rt)} (base ${f3(bs.rt)}), Ch ${f3(o.trueCh)} → ${f3(o.ch)} (base ${f3(bs.ch)}), mode ${o.trueMode} → ${o.mode} (base ${bs.mode})`,
  );
  if (b.available)
    console.log(
      `vision: ${b.positions.length} samples, ${b.positions.filter(Boolean).length} tracked, zones ${JSON.stringify(b.zones)}, movement ${b.movement} frame widths/min`,
    );
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(
    `memory: rss ${rss.toFixed(0)} MiB after the long lesson (the decoded 16 kHz float PCM alone is ${((LONG * 16000 * 4) / 1024 / 1024).toFixed(0)} MiB)`,
  );
}

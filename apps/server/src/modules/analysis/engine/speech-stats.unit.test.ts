import { describe, expect, it } from "vitest";
import { autonomousSpans, speechSection } from "./speech-stats.js";

describe("speech shares", () => {
  it("teacher wins where segments overlap; shares sum to 1", () => {
    // duration 100: T 0–40 and 35–50 → union 0–50 = 50 s; S 45–70 → 25 s, of which 45–50 is teacher → 20 s
    // silence = 100 − 50 − 20 = 30 → 0.5 / 0.2 / 0.3
    const s = speechSection(
      [
        { start: 0, end: 40, role: "T" },
        { start: 35, end: 50, role: "T" },
        { start: 45, end: 70, role: "S" },
      ],
      100,
      "energy",
      "pitch-loudness",
    );
    expect(s).toMatchObject({ teacher_seconds: 50, student_seconds: 20, silence_seconds: 30, teacher_ratio: 0.5, student_ratio: 0.2, silence_ratio: 0.3 });
    expect(s.vad_method).toBe("energy");
    expect(s.segments).toHaveLength(3);
  });

  it("clips to the duration and rounds so the three shares still sum to 1", () => {
    // duration 30: T 0–10 (1/3 = 0.333), S 10–20 (0.333), segment past the end clipped → silence 0.334
    const s = speechSection(
      [
        { start: 0, end: 10, role: "T" },
        { start: 10, end: 20, role: "S" },
        { start: 29, end: 40, role: "S" },
      ],
      30,
      "energy",
      "pitch-loudness",
    );
    expect(s.teacher_ratio).toBe(0.333);
    expect(s.student_ratio).toBe(0.367); // 10 + 1 = 11 s → 0.3667
    expect(s.silence_ratio).toBe(0.3);
    expect(s.teacher_ratio + s.student_ratio + s.silence_ratio).toBeCloseTo(1, 9);
    expect(() => speechSection([], 0, "energy", "x")).toThrow(/时长为 0/);
  });
});

describe("autonomous spans", () => {
  it("gaps of at least minSeconds without teacher speech", () => {
    // duration 300: T 0–60, 100–130, 200–210; student talk 60–90 does not interrupt
    // gaps: 60–100 (40 s ≥ 30 ✓), 130–200 (70 s ✓), 210–300 (90 s ✓) → 200 s → 0.667
    const a = autonomousSpans(
      [
        { start: 0, end: 60, role: "T" },
        { start: 60, end: 90, role: "S" },
        { start: 100, end: 130, role: "T" },
        { start: 200, end: 210, role: "T" },
      ],
      300,
    );
    expect(a.spans).toEqual([
      { start: 60, end: 100 },
      { start: 130, end: 200 },
      { start: 210, end: 300 },
    ]);
    expect(a.total_seconds).toBe(200);
    expect(a.ratio).toBe(0.667);
    // with minSeconds 45 the 40 s gap drops: 160 s → 0.533
    expect(
      autonomousSpans(
        [
          { start: 0, end: 60, role: "T" },
          { start: 100, end: 130, role: "T" },
          { start: 200, end: 210, role: "T" },
        ],
        300,
        45,
      ),
    ).toMatchObject({ total_seconds: 160, ratio: 0.533, min_seconds: 45 });
    // exactly 30 s counts (≥)
    expect(
      autonomousSpans(
        [
          { start: 0, end: 30, role: "T" },
          { start: 60, end: 90, role: "T" },
        ],
        90,
      ).spans,
    ).toEqual([{ start: 30, end: 60 }]);
  });
});

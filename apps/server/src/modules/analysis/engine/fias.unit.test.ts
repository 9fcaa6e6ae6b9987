import { describe, expect, it } from "vitest";
import type { TranscriptLine } from "@yanke/protocol";
import { fiasCode, fiasMatrix } from "./fias.js";

const L = (start: number, end: number, role: "T" | "S", text: string): TranscriptLine => ({ start, end, role, text });

describe("FIAS matrix", () => {
  it("pairs, counts and ratios of a short sequence by hand", () => {
    // codes 5 5 4 8 2 10 9 → N = 7, pairs (5,5) (5,4) (4,8) (8,2) (2,10) (10,9)
    const f = fiasMatrix([5, 5, 4, 8, 2, 10, 9]);
    expect(f.counts).toEqual([0, 1, 0, 1, 2, 0, 0, 1, 1, 1]);
    const nonZero: Array<[number, number, number]> = [];
    f.matrix.forEach((row, i) => {
      row.forEach((v, j) => {
        if (v) nonZero.push([i + 1, j + 1, v]);
      });
    });
    expect(nonZero).toEqual([
      [2, 10, 1],
      [4, 8, 1],
      [5, 4, 1],
      [5, 5, 1],
      [8, 2, 1],
      [10, 9, 1],
    ]);
    expect(f.matrix.flat().reduce((a, b) => a + b, 0)).toBe(6); // N − 1 pairs
    // teacher (1–7): 2 + 4 + 5 + 5 = 4 codes → 4/7 = 0.571; student (8–9) 2/7 = 0.286; silence 1/7 = 0.143
    // indirect (1–4) = 2 (codes 2, 4) / direct (5–7) = 2 → 1; positive (1–3) = 1 / negative (6–7) = 0 → null
    // question 4/(4+5) = 1/3 = 0.333; initiative 9/(8+9) = 1/2 = 0.5
    expect(f.ratios).toEqual({
      teacher_talk: 0.571,
      student_talk: 0.286,
      silence: 0.143,
      indirect_direct: 1,
      positive_negative: null,
      question_ratio: 0.333,
      student_initiative: 0.5,
    });
    expect(f.interval).toBe(3);
  });

  it("null ratios where the divisor is 0, errors on bad input", () => {
    expect(fiasMatrix([10, 10]).ratios).toMatchObject({ silence: 1, indirect_direct: null, question_ratio: null, student_initiative: null });
    expect(fiasMatrix([10, 10]).matrix[9]![9]).toBe(1);
    expect(() => fiasMatrix([])).toThrow(/没有可编码/);
    expect(() => fiasMatrix([0, 11])).toThrow(/1–10/);
  });
});

describe("FIAS coding", () => {
  it("codes each 3 s window by the line overlapping it most, then by speech, else 10", () => {
    const lines = [
      L(0, 6, "T", "今天我们学习三角形的内角和。"), // windows 0, 1 → 5
      L(6, 8.9, "T", "三角形的内角和是多少？"), // window 2 (6–9) → 4
      L(9, 11, "S", "一百八十度。"), // window 3 (9–12): 2 s of this line → 8 (after a question)
      L(11.5, 12, "T", "x"), // 0.5 s in window 3 — less than the student line
      L(12, 15, "T", "非常好。"), // window 4 → 2
      L(15, 18, "T", "请大家打开课本翻到第二十页。"), // window 5 → 6
      L(18, 21, "S", "老师，我有一个想法。"), // window 6 → 9 (the teacher's last line was not a question)
      L(21, 24, "T", "别紧张，慢慢说。"), // window 7 → 1
      L(24, 27, "S", "三角形的内角和都一样。"), // window 8 → 9
      L(27, 30, "T", "三角形的内角和都一样。"), // window 9 → 3 (repeats the student's idea)
      L(30, 33, "T", "安静，坐好。"), // window 10 → 7
    ];
    // window 11 (33–36): no line, teacher speech → 5; window 12 (36–39): student speech → 9; window 13: nothing → 10
    const speech = [
      { start: 33, end: 36, role: "T" as const },
      { start: 36, end: 39, role: "S" as const },
    ];
    expect(fiasCode(lines, speech, 42)).toEqual([5, 5, 4, 8, 2, 6, 9, 1, 9, 3, 7, 5, 9, 10]);
    // a 6 s interval halves the windows: 0–6 → 5, 6–12: the 2.9 s question vs the 2 s answer → 4
    expect(fiasCode(lines, speech, 12, 6)).toEqual([5, 4]);
  });

  it("不对 right after a student answer is 7; after a question the student answers 8", () => {
    const codes = fiasCode([L(0, 3, "T", "二加二等于几？"), L(3, 6, "S", "五。"), L(6, 9, "T", "不对。")], [], 9);
    expect(codes).toEqual([4, 8, 7]);
  });
});

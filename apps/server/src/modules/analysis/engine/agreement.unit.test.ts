import { describe, expect, it } from "vitest";
import { agreement } from "./agreement.js";

describe("agreement", () => {
  it("Cohen's κ on the textbook 2×2 table (yes/yes 20, yes/no 5, no/yes 10, no/no 15)", () => {
    // n = 50, p_o = (20 + 15)/50 = 0.7; rater A says yes 25 times (0.5), rater B 30 times (0.6)
    // p_e = 0.5·0.6 + 0.5·0.4 = 0.5 → κ = (0.7 − 0.5)/(1 − 0.5) = 0.4
    const a = [...Array(20).fill("Y"), ...Array(5).fill("Y"), ...Array(10).fill("N"), ...Array(15).fill("N")];
    const b = [...Array(20).fill("Y"), ...Array(5).fill("N"), ...Array(10).fill("Y"), ...Array(15).fill("N")];
    expect(agreement(a, b)).toEqual({ n: 50, agree: 35, percent: 70, kappa: 0.4 });
  });

  it("three of ten S-T samples corrected", () => {
    // machine TTTTTSSSSS, human TTSTTSSTST (3 changed): agree 7 → 70 %
    // machine T 0.5 / S 0.5; human T 5/10 = 0.5 / S 0.5 → p_e = 0.5 → κ = (0.7 − 0.5)/0.5 = 0.4
    expect(agreement([..."TTTTTSSSSS"], [..."TTSTTSSTST"])).toEqual({ n: 10, agree: 7, percent: 70, kappa: 0.4 });
    // machine TTTTTTTTSS, human TTTTTTTTTS: p_o = 0.9; p_e = 0.8·0.9 + 0.2·0.1 = 0.74 → κ = 0.16/0.26 = 0.615
    expect(agreement([..."TTTTTTTTSS"], [..."TTTTTTTTTS"]).kappa).toBe(0.615);
  });

  it("perfect agreement gives κ 1; one category only gives κ null (p_e = 1)", () => {
    expect(agreement(["T", "S"], ["T", "S"])).toEqual({ n: 2, agree: 2, percent: 100, kappa: 1 });
    expect(agreement(["T", "T", "T"], ["T", "T", "T"])).toEqual({ n: 3, agree: 3, percent: 100, kappa: null });
  });

  it("throws on different lengths; nothing to compare gives n = 0 and κ null (no crash for an empty question list)", () => {
    expect(() => agreement(["T"], ["T", "S"])).toThrow(/样本数不一致/);
    expect(agreement([], [])).toEqual({ n: 0, agree: 0, percent: 0, kappa: null });
  });
});

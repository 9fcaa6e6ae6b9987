/** The report pages' pure parts: query parameters, sample times, chart data that a click seeks with, score dimensions. */
import type { ScoringItem, StSection } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { clock, niceStep, rtChOption, sampleTime, scoreDims, seekTimeOf, stCurveOption } from "./charts";
import { MAX_LESSONS, parseIds, parseSections } from "./params";

function st(samples: Array<"T" | "S">, interval: number): StSection {
  const curve: Array<[number, number]> = [[0, 0]];
  let s = 0;
  let t = 0;
  for (const c of samples) {
    if (c === "T") t++;
    else s++;
    curve.push([s, t]);
  }
  const nt = samples.filter((c) => c === "T").length;
  return { interval, samples, n: samples.length, nt, ns: samples.length - nt, runs: 0, rt: nt / samples.length, ch: 0, mode: "混合型", curve };
}

describe("report parameters", () => {
  it("?sections keeps known keys in order, once, with aliases", () => {
    expect(parseSections("talk,st,foo,st")).toEqual(["talk", "st"]);
    expect(parseSections("speech，radar lida")).toEqual(["talk", "scoring", "questions"]);
    expect(parseSections("")).toEqual([]);
    expect(parseSections(null)).toEqual([]);
  });
  it("?ids keeps positive whole ids, once, at most the limit", () => {
    expect(parseIds("3,1,3,x,0,-2,2.5,7")).toEqual([3, 1, 7]);
    expect(parseIds(Array.from({ length: 20 }, (_, i) => i + 1).join(","))).toHaveLength(MAX_LESSONS);
  });
});

describe("times", () => {
  it("sample i codes (i + 0.5) × interval; clock floors to the second", () => {
    expect(sampleTime(0, 30)).toBe(15);
    expect(sampleTime(6, 5)).toBe(32.5);
    expect(clock(32.5)).toBe("0:32");
    expect(clock(3725)).toBe("1:02:05");
  });
  it("ticks: about six per axis", () => {
    expect(niceStep(60)).toBe(10);
    expect(niceStep(600)).toBe(120);
    expect(niceStep(2700)).toBe(600);
  });
});

describe("S-T curve", () => {
  it("point k is after sample k − 1 and seeks to its moment; point 0 to the start", () => {
    const opt = stCurveOption(st(["T", "T", "S", "T"], 10), null) as { series: Array<{ data: Array<{ value: number[]; t: number }> }> };
    const pts = opt.series[0]!.data;
    expect(pts.map((p) => p.value)).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 2],
      [1, 3],
    ]);
    expect(pts.map((p) => p.t)).toEqual([0, 5, 15, 25, 35]);
    expect(seekTimeOf({ dataIndex: 3, data: pts[3], value: pts[3]!.value })).toBe(25);
    expect(seekTimeOf({ dataIndex: 0, data: { value: [1, 2] }, value: [1, 2] })).toBeNull();
  });
  it("the human curve is a second series only when there are corrections", () => {
    const m = st(["T", "S"], 30);
    expect((stCurveOption(m, null) as { series: unknown[] }).series).toHaveLength(1);
    expect((stCurveOption(m, st(["S", "S"], 30)) as { series: unknown[] }).series).toHaveLength(2);
  });
});

describe("Rt-Ch", () => {
  it("draws the four mode regions of the method", () => {
    const opt = rtChOption([{ name: "课例", points: [{ name: "a", rt: 0.456, ch: 0.2 }] }]) as {
      series: Array<{ data: Array<{ value: number[] }>; markArea: { data: Array<[{ name: string; coord: number[] }, { coord: number[] }]> } }>;
    };
    const regions = Object.fromEntries(opt.series[0]!.markArea.data.map(([a, b]) => [a.name, [a.coord, b.coord]]));
    expect(regions).toEqual({
      练习型: [
        [0, 0],
        [0.3, 1],
      ],
      讲授型: [
        [0.7, 0],
        [1, 1],
      ],
      对话型: [
        [0.3, 0.4],
        [0.7, 1],
      ],
      混合型: [
        [0.3, 0],
        [0.7, 0.4],
      ],
    });
    expect(opt.series[0]!.data[0]!.value).toEqual([0.46, 0.2]);
  });
});

describe("score dimensions", () => {
  const item = (indicator_id: number, parent_id: number, name: string, max_score: number, score: number | null): ScoringItem => ({
    indicator_id,
    parent_id,
    name,
    weight: max_score,
    max_score,
    score,
    basis: "",
  });
  it("sum the judged leaves under each top item; unjudged leaves count in neither score nor full", () => {
    const dims = scoreDims([
      item(10, 1, "教学目标", 20, null),
      item(11, 10, "目标明确", 10, null),
      item(12, 10, "重难点", 10, 7),
      item(20, 1, "师生互动", 30, null),
      item(21, 20, "提问", 15, 11),
      item(22, 20, "深度", 15, 9),
      item(30, 1, "板书", 10, null),
    ]);
    expect(dims).toEqual([
      { name: "教学目标", score: 7, max: 10 },
      { name: "师生互动", score: 20, max: 30 },
    ]);
  });
});

import type { CensusRtchPoint, CourseCensusAnswer } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { censusCards, checkTranscript, clockOf, percent, ratio } from "./admin-model";
import { CH_DIALOGUE, modesPieOption, RT_HIGH, RT_LOW, rtchOption } from "./census-charts";

describe("analysis admin helpers", () => {
  it("formats lengths, ratios and shares, and says — for what has no value", () => {
    expect(clockOf(0)).toBe("0:00");
    expect(clockOf(45)).toBe("0:45");
    expect(clockOf(2699.6)).toBe("45:00");
    expect(clockOf(3725)).toBe("1:02:05");
    expect(ratio(0.755)).toBe("0.76");
    expect(ratio(null)).toBe("—");
    expect(percent(0.4251)).toBe("42.5%");
    expect(percent(undefined)).toBe("—");
  });

  it("accepts .srt/.vtt/.txt transcripts up to 5 MB and refuses others in Chinese", () => {
    expect(checkTranscript({ name: "第一课.SRT", size: 10 })).toBeNull();
    expect(checkTranscript({ name: "a.vtt", size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkTranscript({ name: "a.docx", size: 10 })).toBe("课堂实录只支持 .srt、.vtt 或 .txt 文件");
    expect(checkTranscript({ name: "txt", size: 10 })).toBe("课堂实录只支持 .srt、.vtt 或 .txt 文件");
    expect(checkTranscript({ name: "a.txt", size: 0 })).toBe("课堂实录文件是空的");
    expect(checkTranscript({ name: "a.txt", size: 5 * 1024 * 1024 + 1 })).toBe("课堂实录文件不能超过 5MB");
  });

  it("reads c153 into cards: every status and mode listed, the ones the answer lacks as 0", () => {
    const a: CourseCensusAnswer = {
      total: 7,
      by_status: [
        { status: 2, name: "已完成", count: 4 },
        { status: 1, name: "分析中", count: 2 },
        { status: 3, name: "失败", count: 1 },
      ],
      by_mode: [{ mode: "对话型", count: 3 }],
      by_source: { recording: 5, local: 2 },
    };
    const cards = censusCards(a);
    const value = (key: string) => cards.find((c) => c.key === key)?.value;
    expect(cards.map((c) => c.label)).toEqual(["全部", "排队中", "分析中", "已完成", "失败", "练习型", "讲授型", "对话型", "混合型", "录制", "上传"]);
    expect([value("total"), value("s0"), value("s1"), value("s2"), value("s3")]).toEqual([7, 0, 2, 4, 1]);
    expect([value("m练习型"), value("m对话型"), value("recording"), value("local")]).toEqual([0, 3, 5, 2]);
    expect(censusCards(undefined)).toEqual([]);
  });
});

describe("census charts", () => {
  const point = (id: number, rt: number, ch: number, mode: CensusRtchPoint["mode"]): CensusRtchPoint => ({
    id,
    name: `课例${id}`,
    teacher: "张老师",
    school_name: "",
    rt,
    ch,
    mode,
    created_at: "",
  });

  it("puts each lesson in its mode's series, carrying the lesson for the click, and shades the method's regions", () => {
    const points = [
      point(1, 0.2, 0.1, "练习型"),
      point(2, 0.8, 0.2, "讲授型"),
      point(3, 0.5, 0.6, "对话型"),
      point(4, 0.5, 0.1, "混合型"),
      point(5, 0.9, 0.1, "讲授型"),
    ];
    const o = rtchOption(points) as {
      series: Array<{
        name: string;
        data: Array<{ value: number[]; point: CensusRtchPoint }>;
        markArea?: { data: Array<[{ name: string; xAxis: number; yAxis: number }, { xAxis: number; yAxis: number }]> };
      }>;
    };
    expect(o.series.map((s) => s.name)).toEqual(["练习型", "讲授型", "对话型", "混合型"]);
    expect(o.series[1]!.data.map((d) => d.point.id)).toEqual([2, 5]);
    expect(o.series[1]!.data[0]!.value).toEqual([0.8, 0.2]);
    const regions = Object.fromEntries(o.series[0]!.markArea!.data.map(([a, b]) => [a.name, [a.xAxis, b.xAxis, a.yAxis, b.yAxis]]));
    expect(regions).toEqual({
      练习型: [0, RT_LOW, 0, 1],
      讲授型: [RT_HIGH, 1, 0, 1],
      对话型: [RT_LOW, RT_HIGH, CH_DIALOGUE, 1],
      混合型: [RT_LOW, RT_HIGH, 0, CH_DIALOGUE],
    });
    expect([RT_LOW, RT_HIGH, CH_DIALOGUE]).toEqual([0.3, 0.7, 0.4]);
  });

  it("leaves modes without lessons out of the pie", () => {
    const o = modesPieOption([
      { mode: "练习型", count: 0 },
      { mode: "讲授型", count: 3 },
      { mode: "对话型", count: 1 },
      { mode: "混合型", count: 0 },
    ]) as { series: Array<{ data: Array<{ name: string; value: number }> }> };
    expect(o.series[0]!.data.map((d) => [d.name, d.value])).toEqual([
      ["讲授型", 3],
      ["对话型", 1],
    ]);
  });
});

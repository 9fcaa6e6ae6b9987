import type { DiagnosisSuggestion } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { engineName, gaugeOption, impactText, isActive, percentText, radarOption, rankSuggestions, scoreColor } from "./diagnosis-view";

const s = (level: DiagnosisSuggestion["level"], impact: number, message: string): DiagnosisSuggestion => ({
  dimension: "structure",
  level,
  message,
  evidence: "",
  source: "rules",
  impact,
});

describe("diagnosis panel helpers", () => {
  it("ranks suggestions by impact, then level, else keeps the order", () => {
    const ranked = rankSuggestions([s("info", 2, "a"), s("warning", 5, "b"), s("error", 5, "c"), s("info", 2, "d")]);
    expect(ranked.map((x) => x.message)).toEqual(["c", "b", "a", "d"]);
  });

  it("names engines, polls only unfinished jobs and writes impacts and ratios", () => {
    expect(engineName("rules")).toBe("规则");
    expect(engineName("rules+llm")).toBe("规则+大模型");
    expect(isActive({ status: "pending" })).toBe(true);
    expect(isActive({ status: "running" })).toBe(true);
    expect(isActive({ status: "failed" })).toBe(false);
    expect(isActive(null)).toBe(false);
    expect(impactText(3.456)).toBe("+3.5 分");
    expect(impactText(0)).toBe("");
    expect(percentText(null)).toBe("—");
    expect(percentText(0.625)).toBe("63%");
  });

  it("colours scores by grade band and builds the chart options", () => {
    expect(scoreColor(90)).not.toBe(scoreColor(50));
    const g = gaugeOption(82.4, "良好");
    expect(g.series[0]!.data).toEqual([{ value: 82, name: "良好" }]);
    const r = radarOption([
      { dimension: "structure", name: "结构完整性", score: 80.2, weight: 30, scored: true, summary: "" },
      { dimension: "time", name: "", score: 50, weight: 15, scored: true, summary: "" },
    ]);
    expect(r.radar.indicator).toEqual([
      { name: "结构完整性", max: 100 },
      { name: "时间分配", max: 100 },
    ]);
    expect(r.series[0]!.data[0]!.value).toEqual([80, 50]);
  });
});

import { describe, expect, it } from "vitest";
import { clock, densityByMinute, scoreText, shanghaiMs, topTags, windowState } from "./report-model";

describe("report-model", () => {
  it("reads Shanghai times", () => {
    expect(shanghaiMs("2026-11-22 08:00:00")).toBe(Date.UTC(2026, 10, 22, 0, 0, 0));
    expect(Number.isNaN(shanghaiMs("garbage"))).toBe(true);
  });

  it("tells the window state", () => {
    const now = Date.UTC(2026, 10, 22, 2, 0, 0); // 10:00 in Shanghai
    expect(windowState("2026-11-22 11:00:00", "2026-11-22 12:00:00", now)).toBe("upcoming");
    expect(windowState("2026-11-22 09:00:00", "2026-11-22 11:00:00", now)).toBe("running");
    expect(windowState("2026-11-22 08:00:00", "2026-11-22 09:00:00", now)).toBe("ended");
  });

  it("formats clocks", () => {
    expect(clock(0)).toBe("0:00");
    expect(clock(75.9)).toBe("1:15");
    expect(clock(3725)).toBe("1:02:05");
    expect(clock(-4)).toBe("0:00");
  });

  it("counts comments per minute", () => {
    expect(densityByMinute([5, 59, 60, 190, null, -1], 0)).toEqual({ labels: ["0′", "1′", "2′", "3′"], counts: [2, 1, 0, 1] });
    expect(densityByMinute([], 150).counts).toEqual([0, 0, 0]);
    expect(densityByMinute([]).counts).toEqual([0]);
  });

  it("ranks tags", () => {
    expect(topTags(["提问", "板书", "提问", "", null, "互动"], 2)).toEqual([
      { name: "提问", count: 2 },
      { name: "板书", count: 1 },
    ]);
  });

  it("shows scores", () => {
    expect(scoreText(86.666)).toBe("86.67");
    expect(scoreText(90)).toBe("90");
    expect(scoreText(null)).toBe("—");
  });
});

describe("grades and dimension marks", () => {
  it("grades totals", async () => {
    const { gradeOf } = await import("./report-model");
    expect([gradeOf(92), gradeOf(85), gradeOf(80), gradeOf(60), gradeOf(59.9), gradeOf(null)]).toEqual(["优秀", "优秀", "良好", "合格", "待改进", ""]);
  });
});

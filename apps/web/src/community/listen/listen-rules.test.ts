import { describe, expect, it } from "vitest";
import { clampScore, coverText, reviewPageHref, scoreItems, sumScores, timelineMarks, weightedTotal, type ScoreNode } from "./listen-rules";

const item = (id: number, weight: number, max = 10): ScoreNode => ({ id, level: 3, weight, min_score: 0, max_score: max, children: [] });
const scheme: ScoreNode = {
  id: 1,
  level: 1,
  weight: 0,
  min_score: 0,
  max_score: 0,
  children: [
    { id: 2, level: 2, weight: 60, min_score: 0, max_score: 0, children: [item(21, 50), item(22, 50)] },
    { id: 3, level: 2, weight: 40, min_score: 0, max_score: 0, children: [item(31, 100, 5)] },
  ],
};

describe("listen rules", () => {
  it("review pages by type", () => {
    expect(reviewPageHref(7, 2)).toBe("/foreground2_0/preciseClassroomReview?id=7");
    expect(reviewPageHref(7, 1)).toBe("/foreground2_0/remoteClassroomReview?id=7");
    expect(reviewPageHref(7, 3)).toBe("/review?id=7");
  });
  it("timeline marks: positions, merging close ones, leaving out untimed and out-of-range items", () => {
    const marks = timelineMarks(
      [
        { id: "a", time: 10, label: "A" },
        { id: "b", time: 10.2, label: "B" },
        { id: "c", time: 50, label: "C" },
        { id: "d", time: null, label: "D" },
        { id: "e", time: 120, label: "E" },
      ],
      100,
    );
    expect(marks.map((m) => [m.time, m.left, m.count])).toEqual([
      [10, 10, 2],
      [50, 50, 1],
    ]);
    expect(marks[0]!.ids).toEqual(["a", "b"]);
    expect(timelineMarks([{ id: "a", time: 1, label: "" }], 0)).toEqual([]);
  });
  it("cover text skips leading brackets", () => {
    expect(coverText("《勾股定理》精准听评课")).toBe("勾股定理》精准听评课");
    expect(coverText("  「背影」")).toBe("背影」");
    expect(coverText("《》")).toBe("》");
  });
  it("items, clamping and sums", () => {
    expect(scoreItems(scheme).map((i) => i.id)).toEqual([21, 22, 31]);
    expect(clampScore("12", 0, 10)).toBe(10);
    expect(clampScore("", 0, 10)).toBeNull();
    expect(clampScore("x", 0, 10)).toBeNull();
    expect(sumScores({ 1: 2.5, 2: null, 3: 4 })).toBe(6.5);
  });
  it("weighted total out of 100", () => {
    expect(weightedTotal(scheme, { 21: 10, 22: 10, 31: 5 })).toBe(100);
    expect(weightedTotal(scheme, {})).toBe(0);
    // 60 % × (0.5 × 0.8 + 0.5 × 0.6) + 40 % × (2.5 / 5) = 0.42 + 0.2
    expect(weightedTotal(scheme, { 21: 8, 22: 6, 31: 2.5 })).toBe(62);
    // a dimension without items is left out of the weights
    const withEmpty: ScoreNode = { ...scheme, children: [...scheme.children, { id: 4, level: 2, weight: 50, min_score: 0, max_score: 0, children: [] }] };
    expect(weightedTotal(withEmpty, { 21: 10, 22: 10, 31: 5 })).toBe(100);
  });
});

import type { ListenSchemeNode } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { dimensionScore, itemShare, itemsOf, spread, totalScore } from "./listen-score.js";

const node = (id: number, pid: number, level: number, weight: number, children: ListenSchemeNode[] = [], min = 0, max = 10): ListenSchemeNode => ({
  id,
  pid,
  level,
  name: `n${id}`,
  description: "",
  weight,
  min_score: min,
  max_score: max,
  sort: 0,
  children,
});

const scheme = node(1, 0, 1, 0, [node(2, 1, 2, 60, [node(4, 2, 3, 50), node(5, 2, 3, 50)]), node(3, 1, 2, 40, [node(6, 3, 3, 100, [], 0, 5)])]);

describe("listen scores (docs/decisions/0902)", () => {
  it("weights items within dimensions and dimensions within the scheme, out of 100", () => {
    expect(
      totalScore(
        scheme,
        new Map([
          [4, 8],
          [5, 6],
          [6, 4],
        ]),
      ),
    ).toBe(74);
    expect(
      totalScore(
        scheme,
        new Map([
          [4, 10],
          [5, 10],
          [6, 5],
        ]),
      ),
    ).toBe(100);
    expect(totalScore(scheme, new Map())).toBe(0);
    expect(
      dimensionScore(
        scheme.children[0]!,
        new Map([
          [4, 8],
          [5, 6],
        ]),
      ),
    ).toBe(70);
  });

  it("normalises weights that do not add to 100, counts zero weights equally, skips empty dimensions", () => {
    const odd = node(1, 0, 1, 0, [
      node(2, 1, 2, 30, [node(4, 2, 3, 1), node(5, 2, 3, 3)]),
      node(3, 1, 2, 0, []),
      node(7, 1, 2, 10, [node(8, 7, 3, 0), node(9, 7, 3, 0)]),
    ]);
    // dims 30/10 → 0.75 / 0.25; items 1/3 → 0.25 / 0.75; zero weights → 0.5 / 0.5.
    expect(
      totalScore(
        odd,
        new Map([
          [4, 10],
          [5, 0],
          [8, 10],
          [9, 0],
        ]),
      ),
    ).toBe(r2(100 * (0.75 * 0.25 + 0.25 * 0.5)));
  });

  it("an item share runs from min to max", () => {
    expect(itemShare({ min_score: 2, max_score: 6 }, 4)).toBe(0.5);
    expect(itemShare({ min_score: 5, max_score: 5 }, 5)).toBe(0);
    expect(itemsOf(scheme).map((i) => i.id)).toEqual([4, 5, 6]);
    expect(itemsOf(null)).toEqual([]);
  });

  it("spread: count, mean, min, max, population standard deviation", () => {
    expect(spread([])).toEqual({ count: 0, mean: null, min: null, max: null, stddev: null });
    expect(spread([70, 80, 90])).toEqual({ count: 3, mean: 80, min: 70, max: 90, stddev: 8.16 });
  });
});

function r2(v: number): number {
  return Math.round(v * 100) / 100;
}

import { describe, expect, it } from "vitest";
import { mayCreate, reorder } from "./indicator-api";

describe("indicator screen helpers", () => {
  it("reorder swaps a row with its neighbour and answers only the rows that change", () => {
    const rows = [
      { id: 1, sort: 1 },
      { id: 2, sort: 2 },
      { id: 3, sort: 3 },
    ];
    expect(reorder(rows, 2, -1)).toEqual([
      { id: 2, sort: 1 },
      { id: 1, sort: 2 },
    ]);
    expect(reorder(rows, 3, 1)).toEqual([]);
    expect(reorder(rows, 1, -1)).toEqual([]);
    // Unnumbered rows (all 0) get numbers.
    expect(
      reorder(
        [
          { id: 5, sort: 0 },
          { id: 6, sort: 0 },
        ],
        5,
        1,
      ),
    ).toEqual([
      { id: 6, sort: 1 },
      { id: 5, sort: 2 },
    ]);
  });
  it("only administrators create", () => {
    expect([mayCreate(1, 0), mayCreate(5, 0), mayCreate(4, 3), mayCreate(4, 0), mayCreate(2, 3), mayCreate(3, 0)]).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

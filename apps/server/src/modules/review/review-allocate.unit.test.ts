import { describe, expect, it } from "vitest";
import { AllocationError, type AllocPair, allocate, rankScores } from "./review-allocate.js";

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function loads(pairs: readonly AllocPair[], pool: readonly number[]): number[] {
  return pool.map((r) => pairs.filter((p) => p.reviewer_id === r).length);
}

describe("allocate (evenly at random)", () => {
  it("gives every work k distinct reviewers, never its author, loads within 1 — over many random cases", () => {
    const rnd = prng(7);
    let cases = 0;
    for (let t = 0; t < 400; t++) {
      const poolSize = 2 + Math.floor(rnd() * 12);
      const pool = Array.from({ length: poolSize }, (_, i) => 100 + i);
      const nWorks = 1 + Math.floor(rnd() * 40);
      // Authors: some from the pool (reviewers who also submitted), some outside it; one work per author.
      const authors = [...pool.filter(() => rnd() < 0.5), ...Array.from({ length: nWorks }, (_, i) => 1000 + i)].slice(0, nWorks);
      const works = authors.map((a, i) => ({ id: i + 1, author: a }));
      const k = 1 + Math.floor(rnd() * Math.min(4, poolSize - 1));
      const pairs = allocate(works, pool, k, [], rnd);
      cases++;
      for (const w of works) {
        const mine = pairs.filter((p) => p.work_id === w.id).map((p) => p.reviewer_id);
        expect(mine.length).toBe(k);
        expect(new Set(mine).size).toBe(k);
        expect(mine).not.toContain(w.author);
        for (const r of mine) expect(pool).toContain(r);
      }
      const l = loads(pairs, pool);
      expect(Math.max(...l) - Math.min(...l), `pool ${poolSize} works ${nWorks} k ${k}: ${l.join(",")}`).toBeLessThanOrEqual(1);
    }
    expect(cases).toBe(400);
  });

  it("keeps the given assignments and only adds what is missing", () => {
    const pool = [1, 2, 3, 4];
    const works = [1, 2, 3, 4, 5, 6].map((id) => ({ id, author: 50 + id }));
    const keep = [
      { work_id: 1, reviewer_id: 1 },
      { work_id: 2, reviewer_id: 1 },
    ];
    const pairs = allocate(works, pool, 2, keep, prng(3));
    expect(pairs.length).toBe(6 * 2 - 2);
    const all = [...keep, ...pairs];
    for (const w of works) expect(new Set(all.filter((p) => p.work_id === w.id).map((p) => p.reviewer_id)).size).toBe(2);
    const l = loads(all, pool);
    expect(Math.max(...l) - Math.min(...l)).toBeLessThanOrEqual(1);
  });

  it("refuses when the pool is too small (the author excluded)", () => {
    expect(() => allocate([{ id: 1, author: 1 }], [1, 2], 2)).toThrow(AllocationError);
    expect(() => allocate([{ id: 1, author: 1 }], [1, 2], 2)).toThrow(/评审专家不足/);
    expect(allocate([{ id: 1, author: 9 }], [1, 2], 2).length).toBe(2);
  });

  it("is random: different generators give different allocations", () => {
    const pool = [1, 2, 3, 4, 5, 6];
    const works = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, author: 100 + i }));
    const key = (p: AllocPair[]) =>
      p
        .map((x) => `${x.work_id}:${x.reviewer_id}`)
        .sort()
        .join(",");
    const seen = new Set(Array.from({ length: 10 }, (_, i) => key(allocate(works, pool, 2, [], prng(i + 1)))));
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe("rankScores", () => {
  it("ties share a rank and the next one skips (1, 1, 3); unscored have none", () => {
    const r = rankScores([
      { id: 1, score: 80 },
      { id: 2, score: 91.5 },
      { id: 3, score: 80 },
      { id: 4, score: null },
      { id: 5, score: 70.004 },
      { id: 6, score: 70 },
    ]);
    const rank = Object.fromEntries(r.map((x) => [x.id, x.rank]));
    expect(rank).toEqual({ 2: 1, 1: 2, 3: 2, 5: 4, 6: 4, 4: null });
  });
});

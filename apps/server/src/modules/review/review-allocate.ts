/**
 * Allocation of reviewers to works (mode 2, evenly at random; docs/decisions/1122-review-allocation.md) and the
 * competition ranking of results (ties share a rank: 1, 1, 3).
 *
 * allocate() gives every work `perWork` distinct reviewers from the pool, never its author, keeping the assignments it
 * is told to keep (reviewers who have started scoring); among the rest, each pick takes a reviewer of the lowest load
 * (ties broken at random), works with the fewest eligible reviewers first; a repair pass then moves new assignments
 * from the most to the least loaded reviewer while the loads differ by more than 1 and a move is allowed.
 */

export interface AllocWork {
  id: number;
  author: number;
}

export interface AllocPair {
  work_id: number;
  reviewer_id: number;
}

export class AllocationError extends Error {}

function shuffle<T>(a: T[], rnd: () => number): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** New pairs to create (the kept ones are not repeated). Throws AllocationError when the pool is too small. */
export function allocate(
  works: readonly AllocWork[],
  pool: readonly number[],
  perWork: number,
  keep: readonly AllocPair[] = [],
  rnd: () => number = Math.random,
): AllocPair[] {
  const reviewers = [...new Set(pool)];
  const load = new Map<number, number>(reviewers.map((r) => [r, 0]));
  const on = new Map<number, Set<number>>(works.map((w) => [w.id, new Set<number>()]));
  for (const k of keep) {
    const set = on.get(k.work_id);
    if (!set) continue;
    set.add(k.reviewer_id);
    if (load.has(k.reviewer_id)) load.set(k.reviewer_id, load.get(k.reviewer_id)! + 1);
  }
  for (const w of works) {
    const eligible = reviewers.filter((r) => r !== w.author).length;
    if (eligible < perWork) throw new AllocationError(`评审专家不足：每件作品需要 ${perWork} 位评审（作者不能评审自己的作品），可用的只有 ${eligible} 位`);
  }
  const created: AllocPair[] = [];
  const order = shuffle([...works], rnd).sort((a, b) => Number(reviewers.includes(b.author)) - Number(reviewers.includes(a.author)));
  for (const w of order) {
    const set = on.get(w.id)!;
    while (set.size < perWork) {
      const cands = shuffle(
        reviewers.filter((r) => r !== w.author && !set.has(r)),
        rnd,
      ).sort((a, b) => load.get(a)! - load.get(b)!);
      const r = cands[0];
      if (r === undefined) throw new AllocationError("评审专家不足，无法完成分配");
      set.add(r);
      load.set(r, load.get(r)! + 1);
      created.push({ work_id: w.id, reviewer_id: r });
    }
  }
  // Repair: move a new assignment from a most-loaded reviewer to a least-loaded one while that narrows the spread.
  const authorOf = new Map(works.map((w) => [w.id, w.author]));
  for (let guard = 0; guard < 10_000; guard++) {
    const loads = [...load.entries()];
    if (!loads.length) break;
    const max = Math.max(...loads.map(([, n]) => n));
    const min = Math.min(...loads.map(([, n]) => n));
    if (max - min <= 1) break;
    let moved = false;
    for (const [hi] of loads.filter(([, n]) => n === max)) {
      for (const [lo] of loads.filter(([, n]) => n === min)) {
        const i = created.findIndex((p) => p.reviewer_id === hi && authorOf.get(p.work_id) !== lo && !on.get(p.work_id)!.has(lo));
        if (i < 0) continue;
        const p = created[i]!;
        on.get(p.work_id)!.delete(hi);
        on.get(p.work_id)!.add(lo);
        created[i] = { work_id: p.work_id, reviewer_id: lo };
        load.set(hi, max - 1);
        load.set(lo, min + 1);
        moved = true;
        break;
      }
      if (moved) break;
    }
    if (!moved) break;
  }
  return created;
}

/** Competition ranks of scored items, best first; equal scores (to 2 decimals) share a rank; null scores get none. */
export function rankScores<T extends { score: number | null }>(rows: readonly T[]): (T & { rank: number | null })[] {
  const scored = rows.filter((r) => r.score !== null).sort((a, b) => b.score! - a.score!);
  const out: (T & { rank: number | null })[] = [];
  let prev: number | null = null;
  let prevRank = 0;
  scored.forEach((r, i) => {
    const s = Math.round(r.score! * 100);
    const rank = prev !== null && s === prev ? prevRank : i + 1;
    prev = s;
    prevRank = rank;
    out.push({ ...r, rank });
  });
  for (const r of rows) if (r.score === null) out.push({ ...r, rank: null });
  return out;
}

/**
 * The weighted total of an evaluation and the spread between evaluators (docs/decisions/0902-listen-scores.md).
 *
 *   item share  = (score − min_score) / (max_score − min_score)                      ∈ [0, 1]
 *   dimension   = Σ_items (item weight / Σ item weights of the dimension) × item share  ∈ [0, 1]
 *   total       = 100 × Σ_dimensions (dimension weight / Σ dimension weights) × dimension
 *
 * Weights are normalised by their sums, so a scheme whose weights do not add up to exactly 100 still gives a total
 * out of 100; a group whose weights are all 0 counts its members equally. Dimensions without items are left out.
 * An item not scored (a draft) counts 0. Rounded to 2 decimals.
 */
import type { ListenSchemeNode, ListenSpread } from "@yanke/protocol";

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** The share of each sibling's weight (equal shares when the weights add to 0). */
function shares(nodes: readonly { weight: number }[]): number[] {
  const sum = nodes.reduce((s, n) => s + Math.max(0, n.weight), 0);
  return nodes.map((n) => (sum > 0 ? Math.max(0, n.weight) / sum : 1 / nodes.length));
}

export function itemShare(item: Pick<ListenSchemeNode, "min_score" | "max_score">, score: number): number {
  const span = item.max_score - item.min_score;
  if (span <= 0) return 0;
  return Math.min(1, Math.max(0, (score - item.min_score) / span));
}

/** A dimension's score out of 100. */
export function dimensionScore(dim: ListenSchemeNode, scores: ReadonlyMap<number, number>): number {
  const items = dim.children;
  if (!items.length) return 0;
  const w = shares(items);
  return round2(100 * items.reduce((s, it, i) => s + w[i]! * (scores.has(it.id) ? itemShare(it, scores.get(it.id)!) : 0), 0));
}

/** The total out of 100 of one evaluation. */
export function totalScore(scheme: ListenSchemeNode | null, scores: ReadonlyMap<number, number>): number {
  if (!scheme) return 0;
  const dims = scheme.children.filter((d) => d.children.length);
  if (!dims.length) return 0;
  const w = shares(dims);
  let total = 0;
  dims.forEach((d, i) => {
    const items = d.children;
    const iw = shares(items);
    total += w[i]! * items.reduce((s, it, j) => s + iw[j]! * (scores.has(it.id) ? itemShare(it, scores.get(it.id)!) : 0), 0);
  });
  return round2(100 * total);
}

/** Count, mean, min, max and population standard deviation (rounded to 2 decimals). */
export function spread(values: readonly number[]): ListenSpread {
  if (!values.length) return { count: 0, mean: null, min: null, max: null, stddev: null };
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
  return { count: values.length, mean: round2(mean), min: round2(Math.min(...values)), max: round2(Math.max(...values)), stddev: round2(Math.sqrt(variance)) };
}

/** The level-3 items of a scheme. */
export function itemsOf(scheme: ListenSchemeNode | null): ListenSchemeNode[] {
  return scheme ? scheme.children.flatMap((d) => d.children) : [];
}

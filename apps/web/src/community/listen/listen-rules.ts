/** Pure helpers of the listen-evaluate pages (#9): addresses, the timeline's marks, the scoring form's total. */

/** 1 远程, 2 精准, 3 现场 (listen_evaluate.is_type; the long names are the protocol's LISTEN_TYPES). */
export const LISTEN_TYPE_SHORT: Readonly<Record<number, string>> = { 1: "远程", 2: "精准", 3: "现场" };

export const listenDetailHref = (id: number) => `/addTPKDetail?id=${id}`;
export const reviewHref = (id: number) => `/review?id=${id}`;

/** The review page of a record by its type: 精准 → the precise review, 远程 → the remote review, 现场 → /review. */
export function reviewPageHref(id: number, isType: number): string {
  if (isType === 2) return `/foreground2_0/preciseClassroomReview?id=${id}`;
  if (isType === 1) return `/foreground2_0/remoteClassroomReview?id=${id}`;
  return reviewHref(id);
}

export interface TimelineMark {
  /** Seconds into the video. */
  time: number;
  /** Where on the bar, 0–100 (%). */
  left: number;
  /** How many comments / voices fall on this mark. */
  count: number;
  ids: string[];
  labels: string[];
}

/**
 * Marks on a timeline of `duration` seconds for time-stamped items: items closer than `mergePct` percent of the bar
 * share one mark (at the earliest time); items without a time, or past the end, are left out.
 */
export function timelineMarks(items: { id: string; time: number | null | undefined; label: string }[], duration: number, mergePct = 0.8): TimelineMark[] {
  if (!(duration > 0)) return [];
  const timed = items
    .filter((i): i is { id: string; time: number; label: string } => typeof i.time === "number" && Number.isFinite(i.time) && i.time >= 0 && i.time <= duration)
    .sort((a, b) => a.time - b.time);
  const marks: TimelineMark[] = [];
  for (const i of timed) {
    const left = (i.time / duration) * 100;
    const last = marks[marks.length - 1];
    if (last && left - last.left < mergePct) {
      last.count += 1;
      last.ids.push(i.id);
      last.labels.push(i.label);
    } else marks.push({ time: i.time, left, count: 1, ids: [i.id], labels: [i.label] });
  }
  return marks;
}

export interface ScoreNode {
  id: number;
  level: number;
  weight: number;
  min_score: number;
  max_score: number;
  children: ScoreNode[];
}

/** The items (level 3) of a scheme tree, in order. */
export function scoreItems<T extends ScoreNode>(tree: T | null | undefined): T[] {
  const out: T[] = [];
  const walk = (n: T) => {
    if (n.level >= 3 || !n.children.length) {
      if (n.level >= 3) out.push(n);
      return;
    }
    for (const c of n.children as T[]) walk(c);
  };
  if (tree) walk(tree);
  return out;
}

/** A score kept inside its item's range; a blank or non-number is null. */
export function clampScore(v: unknown, min: number, max: number): number | null {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  if (!Number.isFinite(n)) return null;
  return Math.max(min, Math.min(max, n));
}

/** The plain sum of the scores given (items left blank count 0), two decimals. */
export function sumScores(scores: Record<number, number | null | undefined>): number {
  let s = 0;
  for (const v of Object.values(scores)) if (typeof v === "number" && Number.isFinite(v)) s += v;
  return Math.round(s * 100) / 100;
}

/** The most a scheme gives (the sum of its items' max_score). */
export function maxTotal(tree: ScoreNode | null | undefined): number {
  return Math.round(scoreItems(tree).reduce((s, i) => s + i.max_score, 0) * 100) / 100;
}

/**
 * The weighted total out of 100 as the evaluator types — the server's formula (docs/decisions/0902-listen-scores.md,
 * apps/server/src/modules/listen/listen-score.ts):
 * each item's share of its range, weighted among its siblings, each dimension weighted among the scheme's dimensions.
 * Sibling weights are normalised by their sum (equal shares when they are all 0); blank items count 0.
 */
export function weightedTotal(scheme: ScoreNode | null | undefined, scores: Record<number, number | null | undefined>): number {
  if (!scheme) return 0;
  const share = (n: ScoreNode): number => {
    if (n.level >= 3) {
      const v = scores[n.id];
      if (typeof v !== "number" || !Number.isFinite(v) || !(n.max_score > n.min_score)) return 0;
      return Math.max(0, Math.min(1, (v - n.min_score) / (n.max_score - n.min_score)));
    }
    // Groups without items (a dimension with no items) are left out, as the server does.
    const kids = n.children.filter((k) => k.level >= 3 || k.children.length > 0);
    if (!kids.length) return 0;
    const sum = kids.reduce((s, k) => s + Math.max(0, k.weight), 0);
    return kids.reduce((s, k) => s + (sum > 0 ? Math.max(0, k.weight) / sum : 1 / kids.length) * share(k), 0);
  };
  return Math.round(share(scheme) * 10000) / 100;
}

/** The name without leading brackets and quotes (the cover shows its first character). */
export function coverText(name: string): string {
  return name.replace(/^[\s《〈「『“"'‘（(【[]+/u, "") || name;
}

/**
 * The lazily loaded region tree (c038 answers one level: the children of a pid). Pure state:
 * which levels are loaded, which are loading, and the table rows / tree-select nodes built from them.
 */
import type { RegionNode } from "@yanke/protocol";

export interface RegionTreeState {
  /** Children by parent id; the root level is under 0. */
  children: ReadonlyMap<number, readonly RegionNode[]>;
  /** Parent ids whose children are being fetched. */
  loading: ReadonlySet<number>;
}

export const EMPTY_REGION_TREE: RegionTreeState = { children: new Map(), loading: new Set() };

export function startLoading(s: RegionTreeState, pid: number): RegionTreeState {
  const loading = new Set(s.loading);
  loading.add(pid);
  return { ...s, loading };
}

/** Stores one loaded level (sorted by sort, then id) and clears its loading mark. */
export function levelLoaded(s: RegionTreeState, pid: number, nodes: readonly RegionNode[]): RegionTreeState {
  const children = new Map(s.children);
  children.set(
    pid,
    [...nodes].sort((a, b) => a.sort - b.sort || a.id - b.id),
  );
  const loading = new Set(s.loading);
  loading.delete(pid);
  return { children, loading };
}

export function levelFailed(s: RegionTreeState, pid: number): RegionTreeState {
  const loading = new Set(s.loading);
  loading.delete(pid);
  return { ...s, loading };
}

/** Forgets a level (and everything below it) so that it is fetched again on the next expand. */
export function invalidateLevel(s: RegionTreeState, pid: number): RegionTreeState {
  const children = new Map(s.children);
  const drop = (id: number) => {
    for (const n of children.get(id) ?? []) drop(n.id);
    children.delete(id);
  };
  drop(pid);
  return { ...s, children };
}

export function isLoaded(s: RegionTreeState, pid: number): boolean {
  return s.children.has(pid);
}

export interface RegionRow extends RegionNode {
  /**
   * Loaded children; [] for a node that has children not yet loaded (so that the table shows the
   * expand icon); absent for a leaf.
   */
  children?: RegionRow[];
}

/** Table rows below `pid` from what is loaded. */
export function regionRows(s: RegionTreeState, pid = 0): RegionRow[] {
  return (s.children.get(pid) ?? []).map((n) => {
    const loaded = s.children.get(n.id);
    if (loaded) return loaded.length ? { ...n, children: regionRows(s, n.id) } : { ...n, has_children: false };
    return n.has_children ? { ...n, children: [] } : { ...n };
  });
}

/** Every loaded node by id (to find a parent's level and name). */
export function regionById(s: RegionTreeState): Map<number, RegionNode> {
  const out = new Map<number, RegionNode>();
  for (const list of s.children.values()) for (const n of list) out.set(n.id, n);
  return out;
}

export interface RegionPickNode {
  id: number;
  pId: number;
  value: number;
  title: string;
  isLeaf: boolean;
}

/** antd TreeSelect simple-mode data of everything loaded. */
export function regionPickNodes(s: RegionTreeState): RegionPickNode[] {
  const out: RegionPickNode[] = [];
  for (const [pid, list] of s.children) for (const n of list) out.push({ id: n.id, pId: pid, value: n.id, title: n.name, isLeaf: !n.has_children });
  return out;
}

/** The region_code hint of a new child: the parent's code prefix (province 2, city 4 digits). */
export function childCodePrefix(parent: RegionNode | undefined): string {
  if (!parent) return "";
  if (parent.level === 1) return parent.region_code.slice(0, 2);
  if (parent.level === 2) return parent.region_code.slice(0, 4);
  return parent.region_code;
}

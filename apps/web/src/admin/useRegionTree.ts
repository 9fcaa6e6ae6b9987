import { useCallback, useRef, useState } from "react";
import { basicApi } from "./basic-api";
import { EMPTY_REGION_TREE, invalidateLevel, levelFailed, levelLoaded, startLoading, type RegionTreeState } from "./region-tree";

/** The region tree state with load(pid): once per level, or again with force (after a change). */
export function useRegionTree() {
  const [state, setState] = useState<RegionTreeState>(EMPTY_REGION_TREE);
  const requested = useRef(new Set<number>());
  const load = useCallback(async (pid: number, force = false) => {
    if (!force && requested.current.has(pid)) return;
    if (force) requested.current = new Set();
    requested.current.add(pid);
    setState((s) => startLoading(force ? invalidateLevel(s, pid) : s, pid));
    try {
      const nodes = await basicApi.regionList({ pid });
      setState((s) => levelLoaded(s, pid, Array.isArray(nodes) ? nodes : []));
    } catch {
      requested.current.delete(pid);
      setState((s) => levelFailed(s, pid));
    }
  }, []);
  return { state, load };
}

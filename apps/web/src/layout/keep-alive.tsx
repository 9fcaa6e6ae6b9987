/**
 * A tiny keep-alive for the shell's main area: only the view named IndicatorManage is
 * cached when hidden (§2). The cached element stays mounted (display:none), so its state
 * survives a visit elsewhere; closing or refreshing its tag evicts it.
 */
import { Suspense, useContext, useRef, useSyncExternalStore, type ContextType, type ReactNode } from "react";
import { PageLoading } from "../components/PageLoading";
import { UNSAFE_LocationContext } from "react-router";

type LocationValue = ContextType<typeof UNSAFE_LocationContext>;
interface Cached {
  el: ReactNode;
  /** The location the view last saw; a hidden view keeps it, so it does not re-render for other routes. */
  loc: LocationValue;
}

export const KEEP_ALIVE_VIEWS: ReadonlySet<string> = new Set(["IndicatorManage"]);

// Eviction requests from outside (tags strip, logout) → a version counter the outlet watches.
let evicted = new Set<string>();
let version = 0;
const listeners = new Set<() => void>();
function bump(): void {
  version++;
  for (const l of listeners) l();
}
export function evictKeepAlive(name: string): void {
  if (!KEEP_ALIVE_VIEWS.has(name)) return;
  evicted = new Set(evicted).add(name);
  bump();
}
export function clearKeepAlive(): void {
  evicted = new Set(KEEP_ALIVE_VIEWS);
  bump();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function KeepAliveOutlet({ name, outlet, pathKey }: { name: string; outlet: ReactNode; pathKey: string }) {
  const cache = useRef(new Map<string, Cached>());
  const loc = useContext(UNSAFE_LocationContext);
  const v = useSyncExternalStore(subscribe, () => version);
  const seen = useRef(v);
  if (seen.current !== v) {
    seen.current = v;
    for (const n of evicted) cache.current.delete(n);
    evicted = new Set();
  }
  const keep = KEEP_ALIVE_VIEWS.has(name);
  if (keep) {
    const prev = cache.current.get(name);
    if (!prev || prev.el !== outlet || prev.loc !== loc) cache.current.set(name, { el: outlet, loc });
  }
  return (
    <>
      {[...cache.current.entries()].map(([n, c]) => (
        <div key={`keep-${n}`} data-keep-alive={n} style={n === name ? undefined : { display: "none" }}>
          <UNSAFE_LocationContext.Provider value={c.loc}>
            <Suspense fallback={<PageLoading />}>{c.el}</Suspense>
          </UNSAFE_LocationContext.Provider>
        </div>
      ))}
      {keep ? null : (
        // A boundary per view: while a screen's chunk loads the shell commits (its tag, title and
        // breadcrumb follow the route at once) instead of holding the previous view.
        <div key={`live-${pathKey}`}>
          <Suspense fallback={<PageLoading />}>{outlet}</Suspense>
        </div>
      )}
    </>
  );
}

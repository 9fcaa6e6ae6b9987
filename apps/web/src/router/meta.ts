/** Route meta carried in react-router `handle` (title for document.title, view name, tag affix). */
export interface RouteMeta {
  title: string;
  /** View name; the tags strip and keep-alive use it (only IndicatorManage is cached). */
  name?: string;
  /** Front-site breadcrumb / page description. */
  description?: string;
}

/** An entry of a front-site edition's top navigation (the layout reads it; the editions declare it). */
export interface FrontNavItem {
  key: string;
  label: string;
  to: string;
  /** Opens outside the SPA with the token appended (data cockpit). */
  withToken?: boolean;
}

export function isRouteMeta(v: unknown): v is RouteMeta {
  return typeof v === "object" && v !== null && "title" in v && typeof v.title === "string";
}

export const DEFAULT_TITLE = "首页";

/** The meta of the deepest matched route that has one. */
export function deepestMeta(matches: readonly { handle: unknown }[]): RouteMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle;
    if (isRouteMeta(h)) return h;
  }
  return undefined;
}

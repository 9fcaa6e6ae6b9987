import type { ComponentType } from "react";
import { Navigate, useLocation, type RouteObject } from "react-router";
import type { FrontNavItem, RouteMeta } from "./meta";

export type { FrontNavItem };

/** A route with its page. */
export function screen(path: string, title: string, Page: ComponentType, name?: string): RouteObject {
  const handle: RouteMeta = { title, ...(name ? { name } : {}) };
  return { path, handle, element: <Page /> };
}

/** An index route with its page. */
export function indexScreen(title: string, Page: ComponentType): RouteObject {
  const handle: RouteMeta = { title };
  return { index: true, handle, element: <Page /> };
}

function AliasRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/** Redirect routes for the spec's short spellings of nested children (/courseResource → /foreground/courseResource). */
export function aliasRoutes(aliases: Readonly<Record<string, string>>): RouteObject[] {
  return Object.entries(aliases).map(([from, to]) => ({ path: from, element: <AliasRedirect to={to} /> }));
}

/** Builds `{ '/x': '/parent/x' }` for children of a parent route. */
export function childAliases(parent: string, children: readonly string[], taken: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of children) {
    const short = `/${c}`;
    if (!taken.includes(short)) out[short] = `${parent}/${c}`;
  }
  return out;
}

export interface EditionDefinition {
  name: "foreground" | "teachEvents" | "NINGXIA";
  /** The edition's own routes (shared routes are added by the router). */
  routes: RouteObject[];
  /** Short path → canonical path (the guard judges the canonical one). */
  aliases: Readonly<Record<string, string>>;
  /** Header navigation of the front site of this edition. */
  frontNav: readonly FrontNavItem[];
}

/** Every concrete path a route list declares (index routes give the parent path). */
export function collectPaths(routes: readonly RouteObject[], parent = ""): string[] {
  const out: string[] = [];
  for (const r of routes) {
    const own = r.index ? parent || "/" : r.path ? (r.path.startsWith("/") ? r.path : `${parent}/${r.path}`) : parent;
    if (r.path || r.index) out.push(own);
    if (r.children) out.push(...collectPaths(r.children, own));
  }
  return [...new Set(out)];
}

/**
 * How a menu entry finds its screen (docs/decisions/0315): by componentsUrl, then by view name.
 * An entry without a componentsUrl whose screen is not built yet shows a placeholder; an entry whose
 * componentsUrl names no known screen (and whose name names none either) gets the module-not-found
 * error page — never a blank screen.
 */

/** 'views/permission/role/index.vue', '@/views/permission/role', '/permission/role/' → 'permission/role'. */
export function normalizeComponentKey(componentsUrl: string): string {
  return componentsUrl
    .trim()
    .replace(/\\/g, "/")
    .replace(/^@\//, "")
    .replace(/^\/+/, "")
    .replace(/^(src\/)?views\//, "")
    .replace(/\.(vue|tsx?|jsx?)$/, "")
    .replace(/\/index$/, "")
    .replace(/\/+$/, "");
}

export type Resolution<S> =
  | { kind: "screen"; screen: S }
  /** A screen a later issue delivers: a titled placeholder naming it. */
  | { kind: "planned"; issue: number }
  /** No componentsUrl and no known view name: the generic placeholder. */
  | { kind: "placeholder" }
  /** componentsUrl names no known screen: the module-not-found page. */
  | { kind: "missing"; componentsUrl: string };

export interface ScreenRegistry<S> {
  byComponent: Readonly<Record<string, S>>;
  byName: Readonly<Record<string, S>>;
  /** View names of screens that arrive with a later issue → that issue. */
  planned: Readonly<Record<string, number>>;
}

export function resolveScreen<S>(reg: ScreenRegistry<S>, componentsUrl: string, name: string): Resolution<S> {
  const key = normalizeComponentKey(componentsUrl);
  const byComponent = key ? reg.byComponent[key] : undefined;
  if (byComponent) return { kind: "screen", screen: byComponent };
  const byName = name ? reg.byName[name] : undefined;
  if (byName) return { kind: "screen", screen: byName };
  const issue = name ? reg.planned[name] : undefined;
  if (issue) return { kind: "planned", issue };
  return key ? { kind: "missing", componentsUrl: componentsUrl.trim() } : { kind: "placeholder" };
}

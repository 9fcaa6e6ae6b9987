/**
 * How a menu entry finds its screen (docs/decisions/0315): by componentsUrl, then by view name.
 * An entry without a componentsUrl and without a known view name (a menu group) shows a titled empty page; an entry whose
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
  /** No componentsUrl and no known view name (a menu group opened by its address): a titled empty page. */
  | { kind: "placeholder" }
  /** componentsUrl names no known screen: the module-not-found page. */
  | { kind: "missing"; componentsUrl: string };

export interface ScreenRegistry<S> {
  byComponent: Readonly<Record<string, S>>;
  byName: Readonly<Record<string, S>>;
}

export function resolveScreen<S>(reg: ScreenRegistry<S>, componentsUrl: string, name: string): Resolution<S> {
  const key = normalizeComponentKey(componentsUrl);
  const byComponent = key ? reg.byComponent[key] : undefined;
  if (byComponent) return { kind: "screen", screen: byComponent };
  const byName = name ? reg.byName[name] : undefined;
  if (byName) return { kind: "screen", screen: byName };
  return key ? { kind: "missing", componentsUrl: componentsUrl.trim() } : { kind: "placeholder" };
}

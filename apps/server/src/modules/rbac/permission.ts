/**
 * Effective rules (docs/decisions/0302-effective-rules.md), as pure functions so they can be unit tested.
 *
 *   SF_ADMIN (identity 1)  → every rule;
 *   everyone else          → (role rules ∪ account special rules), limited — when the account's apply_auth_list
 *                            (else the role's) is non-empty — to the rules of those applications.
 */

export const SF_ADMIN = 1;

export interface EffectiveInput {
  identity: number;
  group: { status: number; rules: readonly number[]; rules_special: readonly number[]; apply_auth_list: readonly number[] } | undefined;
  rules_special: readonly number[];
  apply_auth_list: readonly number[];
  /** rules of each application by id */
  applicationRules: ReadonlyMap<number, readonly number[]>;
}

export type Effective = { all: true } | { all: false; ids: ReadonlySet<number> };

export function effectiveRules(i: EffectiveInput): Effective {
  if (i.identity === SF_ADMIN) return { all: true };
  const granted = new Set<number>(i.rules_special);
  if (i.group && i.group.status === 1) for (const id of [...i.group.rules, ...i.group.rules_special]) granted.add(id);
  const apps = i.apply_auth_list.length ? i.apply_auth_list : i.group?.status === 1 ? i.group.apply_auth_list : [];
  if (!apps.length) return { all: false, ids: granted };
  const allowed = new Set<number>();
  for (const a of apps) for (const r of i.applicationRules.get(a) ?? []) allowed.add(r);
  return { all: false, ids: new Set([...granted].filter((r) => allowed.has(r))) };
}

export interface RuleNode {
  id: number;
  pid: number;
}

/** Adds the ancestors of every id so a granted child keeps its menu path. */
export function withAncestors<T extends RuleNode>(rows: readonly T[], ids: ReadonlySet<number>): Set<number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const id of ids) {
    let cur = byId.get(id);
    while (cur && !keep.has(cur.id)) {
      keep.add(cur.id);
      cur = cur.pid ? byId.get(cur.pid) : undefined;
    }
  }
  return keep;
}

export function has(e: Effective, id: number): boolean {
  return e.all || e.ids.has(id);
}

/** Ids not covered by the effective set (what a caller may not grant). */
export function beyond(e: Effective, ids: readonly number[]): number[] {
  return e.all ? [] : ids.filter((id) => !e.ids.has(id));
}

/**
 * Who a caller may manage: SF_ADMIN and SF_PINGTAI everything; a district administrator the schools of his region;
 * a school administrator his school; others nothing.
 */
export type Scope = { kind: "all" } | { kind: "region"; code: string } | { kind: "school"; schoolId: number } | { kind: "none" };

export function scopeOf(a: { identity: number; school_id: number; region_code: string }): Scope {
  if (a.identity === 1 || a.identity === 5) return { kind: "all" };
  if (a.identity === 3 && a.region_code) return { kind: "region", code: a.region_code };
  if (a.identity === 4 && a.school_id) return { kind: "school", schoolId: a.school_id };
  return { kind: "none" };
}

/** Identities a caller may give (never above his own standing). */
export function assignableIdentities(identity: number): number[] {
  switch (identity) {
    case 1:
      return [1, 2, 3, 4, 5];
    case 5:
      return [2, 3, 4, 5];
    case 3:
      return [2, 3, 4];
    case 4:
      return [2, 4];
    default:
      return [];
  }
}

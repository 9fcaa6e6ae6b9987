/** Pure helpers over the rule tree (MenuNode, children in `subnode`) for the admin screens. */
import { menuTitle, type MenuNode } from "@yanke/protocol";

export interface RuleTreeNode {
  key: number;
  title: string;
  /** is_menu 0: a permission (button) rule. */
  permission: boolean;
  disabled: boolean;
  children?: RuleTreeNode[];
}

/** The antd Tree data of a rule tree; permission rules are marked (shown as 权限). */
export function toRuleTreeData(nodes: readonly MenuNode[], showVersionName = false): RuleTreeNode[] {
  return nodes.map((n) => {
    const children = toRuleTreeData(n.subnode, showVersionName);
    return {
      key: n.id,
      title: menuTitle(n.title, showVersionName) || n.name,
      permission: n.is_menu === 0,
      disabled: false,
      ...(children.length ? { children } : {}),
    };
  });
}

export function allRuleIds(nodes: readonly MenuNode[]): number[] {
  const out: number[] = [];
  const walk = (l: readonly MenuNode[]) => {
    for (const n of l) {
      out.push(n.id);
      walk(n.subnode);
    }
  };
  walk(nodes);
  return out;
}

/**
 * The keys to hand a non-strict checkable tree for a stored rule list: only the leaves (a checked
 * parent would tick all its children); ids outside the tree are dropped.
 */
export function checkedLeaves(nodes: readonly MenuNode[], checked: readonly number[]): number[] {
  const set = new Set(checked);
  const out: number[] = [];
  const walk = (l: readonly MenuNode[]) => {
    for (const n of l) {
      if (n.subnode.length) walk(n.subnode);
      else if (set.has(n.id)) out.push(n.id);
    }
  };
  walk(nodes);
  return out;
}

/**
 * The rule list to store from a tree's checked and half-checked keys: a granted child needs its
 * parents for the menu to show, so half-checked parents are included. Sorted, unique.
 */
export function rulesFromChecks(checked: readonly number[], halfChecked: readonly number[]): number[] {
  return [...new Set([...checked, ...halfChecked])].sort((a, b) => a - b);
}

/** The ancestors' ids of every rule in `ids` (to recompute half-checked parents of a loaded list). */
export function ancestorsOf(nodes: readonly MenuNode[], ids: readonly number[]): number[] {
  const want = new Set(ids);
  const out = new Set<number>();
  const walk = (l: readonly MenuNode[], trail: number[]): void => {
    for (const n of l) {
      if (want.has(n.id)) for (const a of trail) out.add(a);
      walk(n.subnode, [...trail, n.id]);
    }
  };
  walk(nodes, []);
  return [...out];
}

export interface MenuRow extends Omit<MenuNode, "subnode"> {
  children?: MenuRow[];
}

/** Table rows of the menu tree, children sorted by `sort` then id; leaves have no children array. */
export function menuRows(nodes: readonly MenuNode[]): MenuRow[] {
  return [...nodes]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((n) => {
      const { subnode, ...rest } = n;
      const children = menuRows(subnode);
      return children.length ? { ...rest, children } : { ...rest };
    });
}

/** Keeps the nodes whose title, name or url contains the keyword, with their ancestors. */
export function filterMenuTree(nodes: readonly MenuNode[], keyword: string): MenuNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...nodes];
  const out: MenuNode[] = [];
  for (const n of nodes) {
    const sub = filterMenuTree(n.subnode, k);
    const hit = [n.title, n.name, n.url, n.componentsUrl].some((v) => v.toLowerCase().includes(k));
    if (hit || sub.length) out.push({ ...n, subnode: hit && !sub.length ? n.subnode : sub });
  }
  return out;
}

/** Ids of a rule and its whole subtree. */
export function subtreeIds(nodes: readonly MenuNode[], id: number): number[] {
  for (const n of nodes) {
    if (n.id === id) return allRuleIds([n]);
    const sub = subtreeIds(n.subnode, id);
    if (sub.length) return sub;
  }
  return [];
}

export interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

/** TreeSelect data for a rule's parent: 顶级 plus the menu rules, the rule's own subtree disabled. */
export function parentOptions(nodes: readonly MenuNode[], selfId: number, showVersionName = false): ParentOption[] {
  const banned = new Set(selfId ? subtreeIds(nodes, selfId) : []);
  const walk = (l: readonly MenuNode[]): ParentOption[] =>
    l
      .filter((n) => n.is_menu !== 0)
      .map((n) => {
        const children = walk(n.subnode);
        return {
          value: n.id,
          title: menuTitle(n.title, showVersionName) || n.name,
          ...(banned.has(n.id) ? { disabled: true } : {}),
          ...(children.length ? { children } : {}),
        };
      });
  return [{ value: 0, title: "顶级菜单" }, ...walk(nodes)];
}

/**
 * Menu-tree rules of platform.md §2 (side menu, personal-centre list, breadcrumbs).
 * Pure functions over the server's MenuNode tree (children in `subnode`).
 */
import { menuTitle, type MenuNode } from "@yanke/protocol";

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown): number => (typeof v === "number" ? v : typeof v === "string" && v !== "" && Number.isFinite(Number(v)) ? Number(v) : 0);

/** Reads the /middle/auth_group/getAllRuleByRole answer; malformed nodes are dropped. */
export function normalizeMenus(raw: unknown): MenuNode[] {
  if (!Array.isArray(raw)) return [];
  const out: MenuNode[] = [];
  for (const n of raw) {
    if (!isRecord(n)) continue;
    out.push({
      id: num(n.id),
      name: str(n.name),
      title: str(n.title),
      pid: num(n.pid),
      level: num(n.level),
      sort: num(n.sort),
      status: n.status === undefined ? 1 : num(n.status),
      url: str(n.url),
      is_menu: num(n.is_menu),
      componentsUrl: str(n.componentsUrl),
      activeMenu: str(n.activeMenu),
      icon: str(n.icon),
      redirect: str(n.redirect),
      subnode: normalizeMenus(n.subnode),
    });
  }
  return out;
}

export function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** External menu link: the token and account id appended as query parameters (§2). */
export function externalHref(url: string, token: string, accountId: number): string {
  try {
    const u = new URL(url);
    u.searchParams.set("token", token);
    u.searchParams.set("account_id", String(accountId));
    return u.toString();
  } catch {
    const sep = url.includes("?") ? "&" : "?";
    return `${url}${sep}token=${encodeURIComponent(token)}&account_id=${accountId}`;
  }
}

export interface SideItem {
  key: string;
  title: string;
  icon: string;
  /** Route path or external address ('' for a pure group). */
  url: string;
  external: boolean;
  /** View name (keep-alive key). */
  name: string;
  children?: SideItem[];
}

export interface SideMenuOptions {
  /** Active menu set (§6): when non-empty only nodes whose id is in it (or id 0) show. */
  mode: readonly number[];
  showVersionName: boolean;
}

/**
 * §6: with a mode set only items whose id (or 0) is in it show. A group whose children are in the
 * mode shows too even when the mode list leaves its own id out (a child cannot be reached without
 * its group; c058 answers a pid's subtree without the pid).
 */
function visibleInMode(n: MenuNode, mode: readonly number[]): boolean {
  return mode.length === 0 || n.id === 0 || mode.includes(n.id) || n.subnode.some((c) => visibleInMode(c, mode));
}

function leaf(n: MenuNode, opts: SideMenuOptions, iconFallback = ""): SideItem {
  return {
    key: n.url || `menu-${n.id}`,
    title: menuTitle(n.title, opts.showVersionName),
    icon: n.icon || iconFallback,
    url: n.url,
    external: isExternal(n.url),
    name: n.name,
  };
}

/**
 * The side menu of §2: non-menu items hidden (and, with a mode set, items outside it);
 * an item with exactly one visible child collapses into that child (keeping the parent's
 * icon when the child has none); titles cut at version suffixes unless configured.
 */
export function buildSideMenu(nodes: readonly MenuNode[], opts: SideMenuOptions): SideItem[] {
  const items: SideItem[] = [];
  for (const n of nodes) {
    if (n.is_menu !== 1 || n.status === 0 || !visibleInMode(n, opts.mode)) continue;
    const children = buildSideMenu(n.subnode, opts);
    if (children.length === 0) {
      if (n.url) items.push(leaf(n, opts));
      continue;
    }
    if (children.length === 1) {
      const only = children[0];
      if (only && !only.children) {
        items.push({ ...only, icon: only.icon || n.icon });
        continue;
      }
    }
    items.push({ ...leaf(n, opts), key: `group-${n.id}`, children });
  }
  return items;
}

/** Every node of the tree, depth first. */
export function flattenMenus(nodes: readonly MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (list: readonly MenuNode[]) => {
    for (const n of list) {
      out.push(n);
      walk(n.subnode);
    }
  };
  walk(nodes);
  return out;
}

/** The chain of nodes from a root to the node whose url is `path` (empty when absent). */
export function menuTrail(nodes: readonly MenuNode[], path: string): MenuNode[] {
  for (const n of nodes) {
    if (n.url === path && !isExternal(n.url)) return [n];
    const sub = menuTrail(n.subnode, path);
    if (sub.length) return [n, ...sub];
  }
  return [];
}

export function findMenuByPath(nodes: readonly MenuNode[], path: string): MenuNode | undefined {
  return menuTrail(nodes, path).at(-1);
}

/** Personal-centre menu entries of the user (§2 Access rules: /personalCenter paths). */
export function personalCentreUrls(nodes: readonly MenuNode[]): string[] {
  return flattenMenus(nodes)
    .map((n) => n.url)
    .filter((u) => u.includes("/personalCenter") && !isExternal(u));
}

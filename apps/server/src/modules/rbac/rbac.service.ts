import type { MenuNode } from "@yanke/protocol";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { authGroup, authRule } from "./rbac.schema.js";

type RuleRow = typeof authRule.$inferSelect;

export interface MenuSubject {
  identity: number;
  group_id: number;
  rules: number[];
  rules_special: number[];
}

const FULL_ACCESS_IDENTITIES = new Set([1, 5]);

/** Builds the tree (children in `subnode`) from flat rows, ordered by sort then id. */
export function buildTree(rows: readonly RuleRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      name: r.name,
      title: r.title,
      pid: r.pid,
      level: r.pid ? 1 : 0,
      sort: r.sort,
      status: r.status,
      url: r.url,
      is_menu: r.is_menu,
      componentsUrl: r.componentsUrl,
      activeMenu: r.activeMenu,
      icon: r.icon,
      redirect: r.redirect,
      subnode: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.pid ? nodes.get(n.pid) : undefined;
    if (parent) parent.subnode.push(n);
    else if (!n.pid) roots.push(n);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const n of list) sort(n.subnode);
  };
  sort(roots);
  return roots;
}

/** First menu leaf url, depth first: the user's home route. */
export function firstMenuUrl(tree: readonly MenuNode[]): string | undefined {
  for (const n of tree) {
    if (!n.is_menu) continue;
    if (n.subnode.length) {
      const u = firstMenuUrl(n.subnode);
      if (u) return u;
    } else if (n.url && !/^https?:/.test(n.url)) return n.url;
  }
  return undefined;
}

export class RbacService {
  constructor(private readonly db: Db) {}

  async groupTitle(groupId: number): Promise<string> {
    if (!groupId) return "";
    const [g] = await this.db.select({ title: authGroup.title }).from(authGroup).where(eq(authGroup.id, groupId));
    return g?.title ?? "";
  }

  /**
   * Enabled rules the subject may use: administrators (SF_ADMIN, SF_PINGTAI) get every rule;
   * others the union of their group's rules, their own rules and their special rules.
   */
  async menuTree(subject: MenuSubject): Promise<MenuNode[]> {
    const rows = await this.db.select().from(authRule).where(eq(authRule.status, 1)).orderBy(asc(authRule.sort), asc(authRule.id));
    if (FULL_ACCESS_IDENTITIES.has(subject.identity)) return buildTree(rows);
    const allowed = new Set<number>([...subject.rules, ...subject.rules_special]);
    if (subject.group_id) {
      const [g] = await this.db.select().from(authGroup).where(eq(authGroup.id, subject.group_id));
      if (g && g.status === 1) for (const id of [...g.rules, ...g.rules_special]) allowed.add(id);
    }
    // A permitted child keeps its ancestors so the tree stays navigable.
    const byId = new Map(rows.map((r) => [r.id, r]));
    const keep = new Set<number>();
    for (const id of allowed) {
      let cur = byId.get(id);
      while (cur && !keep.has(cur.id)) {
        keep.add(cur.id);
        cur = cur.pid ? byId.get(cur.pid) : undefined;
      }
    }
    return buildTree(rows.filter((r) => keep.has(r.id)));
  }
}

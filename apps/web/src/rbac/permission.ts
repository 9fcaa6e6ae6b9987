/**
 * Button-level permissions from the c003 tree (docs/api/rbac.md): permission rules (is_menu 0)
 * carry the call path they allow as `name` ("/middle/account/save"). The web app hides what the
 * user cannot call; the server enforces it anyway (403 无权限).
 */
import type { MenuNode } from "@yanke/protocol";

/** Every enabled rule name of the user's tree (menus and permissions). */
export function permissionNames(menus: readonly MenuNode[]): ReadonlySet<string> {
  const out = new Set<string>();
  const walk = (list: readonly MenuNode[]) => {
    for (const n of list) {
      if (n.status === 0) continue;
      if (n.name) out.add(n.name);
      walk(n.subnode);
    }
  };
  walk(menus);
  return out;
}

export type Can = (path: string) => boolean;

/** can(path): the user holds the rule named `path`. A disabled rule (and its subtree) grants nothing. */
export function makeCan(names: ReadonlySet<string>): Can {
  return (path) => path !== "" && names.has(path);
}

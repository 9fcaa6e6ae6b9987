import {
  APPLY_TYPE_NAMES,
  type ApplyIndexAnswer,
  type GetRulesAnswer,
  type MenuNode,
  type OccupationApplyGroups,
  type OccupationApplyRow,
  type OccupationApplySave,
  type OccupationApplyUpdate,
} from "@yanke/protocol";
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { forbidden, notFound } from "../../http/errors.js";
import { has, withAncestors } from "./permission.js";
import { occupationApply } from "./rbac.schema.js";
import { type RbacService, type Subject, firstMenuUrl } from "./rbac.service.js";

type ApplyRow = typeof occupationApply.$inferSelect;

/** Mode tabs in the order of platform.md §2. */
const TAB_ORDER = [4, 5, 1, 2, 3];
export const MANAGE_APPS_RULE = "/middle/occupation_apply/save";

function toRow(a: ApplyRow): OccupationApplyRow {
  return { id: a.id, name: a.name, icon: a.icon, rules: a.rules, group_ids: a.group_ids, type: a.type, is_display: a.is_display, apply_type: a.apply_type };
}

function filterTree(tree: readonly MenuNode[], keep: ReadonlySet<number>): MenuNode[] {
  return tree.filter((n) => keep.has(n.id)).map((n) => ({ ...n, subnode: filterTree(n.subnode, keep) }));
}

/** Application entries (occupation apply): the mode tabs and abilities of platform.md §2/§3. */
export class ApplyService {
  constructor(
    private readonly db: Db,
    private readonly rbac: RbacService,
  ) {}

  private all(): Promise<ApplyRow[]> {
    return this.db.select().from(occupationApply).orderBy(asc(occupationApply.apply_type), asc(occupationApply.sort), asc(occupationApply.id));
  }

  private async byId(id: number): Promise<ApplyRow> {
    const [a] = await this.db.select().from(occupationApply).where(eq(occupationApply.id, id));
    if (!a) throw notFound("应用不存在");
    return a;
  }

  /** Applications the subject may use: SF_ADMIN all; else those naming his role, or listed in his or his role's apply_auth_list. */
  private async usableApps(s: Subject): Promise<(a: ApplyRow) => boolean> {
    if (s.identity === 1) return () => true;
    const granted = new Set([...s.apply_auth_list, ...(await this.rbac.roleApplications(s.group_id))]);
    return (a) => a.group_ids.includes(s.group_id) || granted.has(a.id);
  }

  private async canManage(s: Subject): Promise<boolean> {
    return this.rbac.authorize(s, MANAGE_APPS_RULE).then(
      () => true,
      () => false,
    );
  }

  /** c050: grouped lists; managers see every application, others the ones they may use and that are shown. */
  async groups(s: Subject, limit: number, applyType?: number): Promise<OccupationApplyGroups> {
    const manager = await this.canManage(s);
    const usable = await this.usableApps(s);
    const rows = (await this.all()).filter((a) => (manager || (a.is_display === 1 && usable(a))) && (!applyType || a.apply_type === applyType)).slice(0, limit);
    const out: OccupationApplyGroups = { list1: [], list2: [], list3: [], list4: [], list5: [], list7: [] };
    for (const a of rows) {
      const key = `list${a.apply_type}`;
      if (key === "list1" || key === "list2" || key === "list3" || key === "list4" || key === "list5" || key === "list7") out[key].push(toRow(a));
    }
    return out;
  }

  private async checkRefs(s: Subject, p: { rules?: number[]; group_ids?: number[] }): Promise<void> {
    if (p.rules) await this.rbac.assertGrantable(s, p.rules, "应用规则");
    if (p.group_ids?.length) {
      const options = new Set((await this.rbac.groupOptions(s)).map((g) => g.id));
      const bad = p.group_ids.filter((g) => !options.has(g));
      if (bad.length) throw forbidden(`可用角色(group_ids): 角色不存在或不在您的管理范围（${bad.join("、")}）`);
    }
  }

  async save(s: Subject, p: z.output<typeof OccupationApplySave>): Promise<{ id: number }> {
    await this.checkRefs(s, p);
    const [row] = await this.db.insert(occupationApply).values(p).returning({ id: occupationApply.id });
    if (!row) throw new Error("insert failed");
    return row;
  }

  async update(s: Subject, p: z.output<typeof OccupationApplyUpdate>): Promise<void> {
    const { id, ...rest } = p;
    await this.byId(id);
    await this.checkRefs(s, rest);
    if (Object.keys(rest).length) await this.db.update(occupationApply).set(rest).where(eq(occupationApply.id, id));
  }

  async remove(id: number): Promise<void> {
    await this.byId(id);
    await this.db.delete(occupationApply).where(eq(occupationApply.id, id));
  }

  async authRuleList(s: Subject, id: number): Promise<{ tree: MenuNode[]; checked: number[] }> {
    const a = await this.byId(id);
    return { tree: await this.rbac.grantableTree(s), checked: a.rules };
  }

  async authGroupList(s: Subject, id: number): Promise<{ list: { id: number; title: string }[]; checked: number[] }> {
    const a = await this.byId(id);
    return { list: (await this.rbac.groupOptions(s)).map((g) => ({ id: g.id, title: g.title })), checked: a.group_ids };
  }

  async rulesAndApply(s: Subject): Promise<{ rules: MenuNode[]; applies: OccupationApplyRow[] }> {
    return { rules: await this.rbac.grantableTree(s), applies: (await this.all()).map(toRow) };
  }

  /** Per mode tab the subject may use: the rule ids it opens (effective ∩ its applications, with ancestors) and its first route. */
  private async tabs(s: Subject): Promise<{ apps: ApplyRow[]; tabs: (ApplyIndexAnswer["tabs"][number] & { granted: Set<number> })[] }> {
    const usable = await this.usableApps(s);
    const apps = (await this.all()).filter((a) => a.is_display === 1 && usable(a));
    const [tree, eff] = await Promise.all([this.rbac.menuTree(s), this.rbac.effective(s)]);
    const flat: MenuNode[] = [];
    const walk = (ns: readonly MenuNode[]) => {
      for (const n of ns) {
        flat.push(n);
        walk(n.subnode);
      }
    };
    walk(tree);
    const tabs: (ApplyIndexAnswer["tabs"][number] & { granted: Set<number> })[] = [];
    for (const mode of TAB_ORDER) {
      const granted = new Set(
        apps
          .filter((a) => a.apply_type === mode)
          .flatMap((a) => a.rules)
          .filter((r) => has(eff, r)),
      );
      if (!granted.size) continue;
      const keep = withAncestors(flat, granted);
      tabs.push({
        mode,
        name: APPLY_TYPE_NAMES[mode] ?? "",
        rules: [...keep].sort((a, b) => a - b),
        first_url: firstMenuUrl(filterTree(tree, keep)) ?? "",
        granted,
      });
    }
    return { apps, tabs };
  }

  /** c056: the subject's shown applications and the mode tabs. */
  async index(s: Subject): Promise<ApplyIndexAnswer> {
    const { apps, tabs } = await this.tabs(s);
    return { list: apps.map(toRow), tabs: tabs.map(({ granted: _g, ...t }) => t) };
  }

  /** c058: the rules under a route's pid and the tab (apply_type) it belongs to. */
  async getRules(s: Subject, rulesId: number): Promise<GetRulesAnswer> {
    const ids = await this.rbac.subtreeIds(rulesId);
    const eff = await this.rbac.effective(s);
    if (!ids.some((id) => has(eff, id))) throw forbidden("无权限");
    // The route belongs to the tab whose applications grant most of the pid's subtree: answer that tab's whole
    // rule set, as c056 does, so the side menu shows the tab and not only the route's own group.
    const { tabs } = await this.tabs(s);
    let tab: (typeof tabs)[number] | undefined;
    let best = 0;
    for (const t of tabs) {
      const overlap = ids.filter((id) => t.granted.has(id)).length;
      if (overlap > best) [tab, best] = [t, overlap];
    }
    if (tab) return { auth_rule_list: tab.rules, apply_type: tab.mode };
    const rows = await this.rbac.ancestorsOf(ids.filter((id) => has(eff, id)));
    return { auth_rule_list: rows, apply_type: 0 };
  }
}

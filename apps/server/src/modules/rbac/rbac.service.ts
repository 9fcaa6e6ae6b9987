import type { MenuNode } from "@yanke/protocol";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AuthGroupList, AuthGroupSave, AuthGroupUpdate, AuthRuleSave, AuthRuleUpdate } from "@yanke/protocol";
import type { Db } from "../../db/client.js";
import { AppError, badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { type Effective, beyond, effectiveRules, has, scopeOf, withAncestors } from "./permission.js";
import { authGroup, authRule, occupationApply } from "./rbac.schema.js";

type RuleRow = typeof authRule.$inferSelect;
type GroupRow = typeof authGroup.$inferSelect;

/** What rbac needs to know of the caller (an account row satisfies it). */
export interface Subject {
  id: number;
  identity: number;
  group_id: number;
  school_id: number;
  region_code: string;
  rules_special: number[];
  apply_auth_list: number[];
}

/** What rbac needs from other modules, injected to keep modules apart. */
export interface RbacPorts {
  accountsInGroup(groupId: number): Promise<number>;
  accountCountsByGroup(groupIds: number[]): Promise<Map<number, number>>;
  schoolsInScope(who: Subject): Promise<number[] | undefined>;
  schoolTitles(ids: number[]): Promise<Map<number, string>>;
}

export const NO_PERMISSION = "无权限";

export function toNode(r: RuleRow): MenuNode {
  return {
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
  };
}

/** Builds the tree (children in `subnode`) from flat rows, ordered by sort then id. */
export function buildTree(rows: readonly RuleRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(rows.map((r) => [r.id, toNode(r)]));
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
    const menuChildren = n.subnode.filter((c) => c.is_menu);
    if (menuChildren.length) {
      const u = firstMenuUrl(menuChildren);
      if (u) return u;
    } else if (n.url && !/^https?:/.test(n.url)) return n.url;
  }
  return undefined;
}

export class RbacService {
  constructor(
    private readonly db: Db,
    private readonly ports: RbacPorts,
  ) {}

  // ── effective rules ────────────────────────────────────────────────────────────────

  private async group(id: number): Promise<GroupRow | undefined> {
    if (!id) return undefined;
    const [g] = await this.db.select().from(authGroup).where(eq(authGroup.id, id));
    return g;
  }

  async groupTitle(groupId: number): Promise<string> {
    return (await this.group(groupId))?.title ?? "";
  }

  async effective(s: Subject): Promise<Effective> {
    if (s.identity === 1) return { all: true };
    const group = await this.group(s.group_id);
    const appIds = s.apply_auth_list.length ? s.apply_auth_list : group?.status === 1 ? group.apply_auth_list : [];
    const applicationRules = new Map<number, number[]>();
    if (appIds.length) {
      for (const a of await this.db
        .select({ id: occupationApply.id, rules: occupationApply.rules })
        .from(occupationApply)
        .where(inArray(occupationApply.id, appIds))) {
        applicationRules.set(a.id, a.rules);
      }
    }
    return effectiveRules({ identity: s.identity, group, rules_special: s.rules_special, apply_auth_list: s.apply_auth_list, applicationRules });
  }

  private rules(): Promise<RuleRow[]> {
    return this.db.select().from(authRule).orderBy(asc(authRule.sort), asc(authRule.id));
  }

  /** Enabled rules of the subject, with their ancestors, as a tree (c003). */
  async menuTree(s: Subject): Promise<MenuNode[]> {
    const [rows, eff] = await Promise.all([this.rules(), this.effective(s)]);
    const enabled = rows.filter((r) => r.status === 1);
    if (eff.all) return buildTree(enabled);
    const keep = withAncestors(enabled, eff.ids);
    return buildTree(enabled.filter((r) => keep.has(r.id)));
  }

  /** Throws 403 无权限 unless the subject holds the enabled rule named `name`. */
  async authorize(s: Subject, name: string): Promise<void> {
    if (s.identity === 1) return;
    const [rule] = await this.db.select({ id: authRule.id, status: authRule.status }).from(authRule).where(eq(authRule.name, name));
    if (rule?.status !== 1 || !has(await this.effective(s), rule.id)) throw new AppError(403, NO_PERMISSION);
  }

  /** Refuses rule ids the caller does not hold himself (no granting beyond one's own). */
  async assertGrantable(s: Subject, ids: readonly number[], what = "权限"): Promise<void> {
    if (!ids.length) return;
    const existing = new Set(
      (
        await this.db
          .select({ id: authRule.id })
          .from(authRule)
          .where(inArray(authRule.id, [...ids]))
      ).map((r) => r.id),
    );
    const unknown = ids.filter((id) => !existing.has(id));
    if (unknown.length) throw badInput(`${what}: 规则不存在（${unknown.join("、")}）`);
    const over = beyond(await this.effective(s), ids);
    if (over.length) throw forbidden(`不能授予自己没有的${what}（规则 ${over.slice(0, 10).join("、")}）`);
  }

  /** The tree the subject may grant: his effective enabled rules (with ancestors for structure). */
  async grantableTree(s: Subject): Promise<MenuNode[]> {
    return this.menuTree(s);
  }

  // ── rules (c004–c009) ──────────────────────────────────────────────────────────────

  async ruleTree(): Promise<MenuNode[]> {
    return buildTree(await this.rules());
  }

  private async ruleById(id: number): Promise<RuleRow> {
    const [r] = await this.db.select().from(authRule).where(eq(authRule.id, id));
    if (!r) throw notFound("规则不存在");
    return r;
  }

  private async checkParent(pid: number, selfId?: number): Promise<void> {
    if (!pid) return;
    if (pid === selfId) throw badInput("上级(pid): 不能选择自己作为上级");
    const rows = await this.rules();
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (!byId.has(pid)) throw badInput("上级(pid): 上级规则不存在");
    // No cycles: the new parent must not be a descendant of this rule.
    for (let cur = byId.get(pid), hops = 0; cur && hops < 1000; cur = cur.pid ? byId.get(cur.pid) : undefined, hops++) {
      if (selfId && cur.id === selfId) throw badInput("上级(pid): 不能移动到自己的下级之下");
    }
  }

  private async checkNameFree(name: string, selfId?: number): Promise<void> {
    const [other] = await this.db.select({ id: authRule.id }).from(authRule).where(eq(authRule.name, name));
    if (other && other.id !== selfId) throw conflict(`规则标识「${name}」已存在`);
  }

  async saveRule(p: z.output<typeof AuthRuleSave>): Promise<{ id: number }> {
    await this.checkParent(p.pid);
    await this.checkNameFree(p.name);
    const [row] = await this.db
      .insert(authRule)
      .values({ ...p, level: p.pid ? 1 : 0 })
      .returning({ id: authRule.id });
    if (!row) throw new Error("insert failed");
    return row;
  }

  async updateRule(p: z.output<typeof AuthRuleUpdate>): Promise<void> {
    const { id, ...rest } = p;
    await this.ruleById(id);
    if (rest.pid !== undefined) await this.checkParent(rest.pid, id);
    if (rest.name !== undefined) await this.checkNameFree(rest.name, id);
    const set: Partial<RuleRow> = { ...rest };
    if (rest.pid !== undefined) set.level = rest.pid ? 1 : 0;
    if (Object.keys(set).length) await this.db.update(authRule).set(set).where(eq(authRule.id, id));
  }

  async deleteRule(id: number): Promise<void> {
    await this.ruleById(id);
    const [child] = await this.db.select({ id: authRule.id }).from(authRule).where(eq(authRule.pid, id)).limit(1);
    if (child) throw conflict("该规则下还有子规则，请先删除子规则");
    await this.db.transaction(async (tx) => {
      await tx.delete(authRule).where(eq(authRule.id, id));
      // Drop the id from every role and application that referred to it.
      await tx
        .update(authGroup)
        .set({ rules: sql`array_remove(${authGroup.rules}, ${id})`, rules_special: sql`array_remove(${authGroup.rules_special}, ${id})` });
      await tx.update(occupationApply).set({ rules: sql`array_remove(${occupationApply.rules}, ${id})` });
    });
  }

  async setRuleAttribute(id: number, attribute: "status" | "is_menu" | "sort", value: number): Promise<void> {
    await this.ruleById(id);
    if ((attribute === "status" || attribute === "is_menu") && value > 1) throw badInput("值(value): 只能是 0 或 1");
    await this.db
      .update(authRule)
      .set({ [attribute]: value })
      .where(eq(authRule.id, id));
  }

  /** Applications a role grants through its apply_auth_list (none when disabled). */
  async roleApplications(groupId: number): Promise<number[]> {
    const g = await this.group(groupId);
    return g?.status === 1 ? g.apply_auth_list : [];
  }

  /** The ids with all their ancestors. */
  async ancestorsOf(ids: readonly number[]): Promise<number[]> {
    return [...withAncestors(await this.rules(), new Set(ids))].sort((a, b) => a - b);
  }

  /** Rule ids of a route's parent (c058): the rule and its descendants. */
  async subtreeIds(rootId: number): Promise<number[]> {
    const rows = await this.rules();
    if (!rows.some((r) => r.id === rootId)) throw notFound("规则不存在");
    const out: number[] = [];
    const walk = (id: number) => {
      out.push(id);
      for (const r of rows) if (r.pid === id) walk(r.id);
    };
    walk(rootId);
    return out;
  }

  // ── roles (c024–c031) ──────────────────────────────────────────────────────────────

  private async canSeeGroup(s: Subject, g: GroupRow): Promise<boolean> {
    if (g.school_id === 0) return scopeOf(s).kind === "all" || (await this.visibleGlobalRoles(s)).includes(g.id);
    const schools = await this.ports.schoolsInScope(s);
    return schools === undefined || schools.includes(g.school_id);
  }

  private async canManageGroup(s: Subject, schoolId: number): Promise<boolean> {
    const schools = await this.ports.schoolsInScope(s);
    if (schools === undefined) return true;
    return schoolId !== 0 && schools.includes(schoolId);
  }

  private async groupOr404(s: Subject, id: number): Promise<GroupRow> {
    const g = await this.group(id);
    if (!g || !(await this.canSeeGroup(s, g))) throw notFound("角色不存在");
    return g;
  }

  private async toGroupRows(rows: GroupRow[]) {
    const [titles, counts] = await Promise.all([
      this.ports.schoolTitles([...new Set(rows.map((r) => r.school_id).filter(Boolean))]),
      this.ports.accountCountsByGroup(rows.map((r) => r.id)),
    ]);
    return rows.map((g) => ({
      id: g.id,
      title: g.title,
      status: g.status,
      rules: g.rules,
      rules_special: g.rules_special,
      apply_auth_list: g.apply_auth_list,
      school_id: g.school_id,
      school_name: g.school_id ? (titles.get(g.school_id) ?? "") : "全平台",
      account_count: counts.get(g.id) ?? 0,
      created_at: formatTime(g.created_at),
    }));
  }

  /** Platform-wide roles a scoped administrator may see: those he could assign (no rules beyond his own). */
  private async visibleGlobalRoles(s: Subject): Promise<number[]> {
    const eff = await this.effective(s);
    const globals = await this.db.select().from(authGroup).where(eq(authGroup.school_id, 0));
    return globals.filter((g) => beyond(eff, [...g.rules, ...g.rules_special]).length === 0).map((g) => g.id);
  }

  async listGroups(s: Subject, q: z.output<typeof AuthGroupList>) {
    const schools = await this.ports.schoolsInScope(s);
    const conds = [];
    if (schools !== undefined) {
      const globals = await this.visibleGlobalRoles(s);
      conds.push(or(schools.length ? inArray(authGroup.school_id, schools) : sql`false`, globals.length ? inArray(authGroup.id, globals) : sql`false`));
    }
    if (q.title) conds.push(sql`${authGroup.title} ilike ${`%${q.title.replace(/[%_\\]/g, "\\$&")}%`}`);
    if (q.status !== undefined) conds.push(eq(authGroup.status, q.status));
    if (q.school_id !== undefined) conds.push(eq(authGroup.school_id, q.school_id));
    const where = conds.length ? and(...conds) : undefined;
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(authGroup).where(where);
    const rows = await this.db
      .select()
      .from(authGroup)
      .where(where)
      .orderBy(asc(authGroup.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: await this.toGroupRows(rows), total: n, page: q.page, limit: q.limit };
  }

  async readGroup(s: Subject, id: number) {
    const [row] = await this.toGroupRows([await this.groupOr404(s, id)]);
    return row!;
  }

  private async checkGroupGrants(s: Subject, p: { rules?: number[]; rules_special?: number[]; apply_auth_list?: number[] }) {
    await this.assertGrantable(s, [...(p.rules ?? []), ...(p.rules_special ?? [])]);
    if (p.apply_auth_list?.length) await this.assertAppsUsable(s, p.apply_auth_list);
  }

  /** Applications exist and the caller holds every rule they open. */
  async assertAppsUsable(s: Subject, appIds: readonly number[]): Promise<void> {
    const apps = await this.db
      .select()
      .from(occupationApply)
      .where(inArray(occupationApply.id, [...appIds]));
    const found = new Set(apps.map((a) => a.id));
    const missing = appIds.filter((id) => !found.has(id));
    if (missing.length) throw badInput(`可用应用(apply_auth_list): 应用不存在（${missing.join("、")}）`);
    const eff = await this.effective(s);
    if (apps.some((a) => beyond(eff, a.rules).length)) throw forbidden("不能授予自己没有的应用");
  }

  async saveGroup(s: Subject, p: z.output<typeof AuthGroupSave>): Promise<{ id: number }> {
    const schoolId = scopeOf(s).kind === "school" ? s.school_id : p.school_id;
    if (!(await this.canManageGroup(s, schoolId))) throw forbidden(schoolId ? "只能管理本辖区学校的角色" : "只有平台管理员可以创建全平台角色");
    await this.checkGroupGrants(s, p);
    const [row] = await this.db
      .insert(authGroup)
      .values({ ...p, school_id: schoolId })
      .returning({ id: authGroup.id });
    if (!row) throw new Error("insert failed");
    return row;
  }

  async updateGroup(s: Subject, p: z.output<typeof AuthGroupUpdate>): Promise<void> {
    const { id, ...rest } = p;
    const g = await this.groupOr404(s, id);
    if (!(await this.canManageGroup(s, g.school_id))) throw forbidden("不能修改本辖区以外或全平台的角色");
    if (rest.school_id !== undefined && rest.school_id !== g.school_id && !(await this.canManageGroup(s, rest.school_id))) {
      throw forbidden("只能把角色归到本辖区的学校");
    }
    await this.checkGroupGrants(s, rest);
    if (Object.keys(rest).length) await this.db.update(authGroup).set(rest).where(eq(authGroup.id, id));
  }

  async deleteGroup(s: Subject, id: number): Promise<void> {
    const g = await this.groupOr404(s, id);
    if (!(await this.canManageGroup(s, g.school_id))) throw forbidden("不能删除本辖区以外或全平台的角色");
    const n = await this.ports.accountsInGroup(id);
    if (n > 0) throw conflict(`还有 ${n} 个账号属于该角色，不能删除`);
    await this.db.delete(authGroup).where(eq(authGroup.id, id));
  }

  async setGroupStatus(s: Subject, id: number, value: number): Promise<void> {
    const g = await this.groupOr404(s, id);
    if (!(await this.canManageGroup(s, g.school_id))) throw forbidden("不能修改本辖区以外或全平台的角色");
    await this.db.update(authGroup).set({ status: value }).where(eq(authGroup.id, id));
  }

  /** c030: roles the subject may assign (in scope, enabled, no rules beyond his own). */
  async groupOptions(s: Subject): Promise<{ id: number; title: string; school_id: number }[]> {
    const schools = await this.ports.schoolsInScope(s);
    const rows = await this.db
      .select()
      .from(authGroup)
      .where(and(eq(authGroup.status, 1), schools === undefined ? undefined : inArray(authGroup.school_id, [0, ...schools])))
      .orderBy(asc(authGroup.id));
    const eff = await this.effective(s);
    return rows.filter((g) => beyond(eff, [...g.rules, ...g.rules_special]).length === 0).map((g) => ({ id: g.id, title: g.title, school_id: g.school_id }));
  }

  /** May the subject put an account into this role? */
  async assertAssignable(s: Subject, groupId: number): Promise<void> {
    if (!groupId) return;
    if (!(await this.groupOptions(s)).some((g) => g.id === groupId)) throw forbidden("不能分配该角色（不存在、已禁用、不在本辖区或权限超出您自己的权限）");
  }

  async groupAuthRole(s: Subject, id: number): Promise<{ tree: MenuNode[]; checked: number[] }> {
    const g = await this.groupOr404(s, id);
    return { tree: await this.grantableTree(s), checked: g.rules };
  }

  /** The platform-wide role titled 教师 (given to teachers created by a directory sync), 0 when none. */
  async defaultTeacherGroup(): Promise<number> {
    const [g] = await this.db
      .select({ id: authGroup.id })
      .from(authGroup)
      .where(and(eq(authGroup.title, "教师"), eq(authGroup.school_id, 0)));
    return g?.id ?? 0;
  }
}

/**
 * Evaluation indicators (评课指标): the lecture_indicator tree (scheme → dimensions → items) of issue #9;
 * docs/api/indicator.md, docs/decisions/0910–0912.
 *
 * Who may edit (0910): the platform's rows (school_id 0) by platform administrators (identity 1 管理员, 5 平台), a
 * school's rows by that school's administrators (identity 4 校级, the caller's current school); everybody signed in
 * reads the platform's schemes and his school's. A row of another school answers 404 (not 403: its existence is
 * nobody else's business).
 *
 * Weight check (0912): among the in-use children of each scheme (its dimensions) and of each dimension (its items) the
 * weights should add up to 100; groups that do not, and schemes / dimensions without children, are answered as
 * warnings. Saving never refuses an unbalanced tree: the editor builds it step by step.
 */
import {
  INDICATOR_MAX_LEVEL,
  INDICATOR_MESSAGES as M,
  type IndicatorDeleteAnswer,
  type IndicatorList,
  type IndicatorListAnswer,
  type IndicatorNode,
  type IndicatorReadAnswer,
  type IndicatorRow,
  type IndicatorSave,
  type IndicatorScheme,
  type IndicatorUpdate,
  type IndicatorWarning,
  indicatorInUseMessage,
} from "@yanke/protocol";
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { school } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { lectureIndicator, listenEvaluate } from "./listen.schema.js";

type Row = typeof lectureIndicator.$inferSelect;

/** Platform administrators: 管理员 (1) and 平台 (5). */
export const isPlatformAdmin = (c: Pick<Caller, "identity">) => c.identity === 1 || c.identity === 5;
/** School administrators: 校级 (4) with a current school. */
export const isSchoolAdmin = (c: Pick<Caller, "identity" | "school_id">) => c.identity === 4 && c.school_id > 0;

/** The school whose rows the caller maintains: 0 for platform administrators, his school for school admins, null none. */
export function ownedSchool(c: Pick<Caller, "identity" | "school_id">): number | null {
  if (isPlatformAdmin(c)) return 0;
  if (isSchoolAdmin(c)) return c.school_id;
  return null;
}

/** May the caller see a row of this school? The platform's (0) and his school's. */
export function mayRead(c: Pick<Caller, "identity" | "school_id">, schoolId: number): boolean {
  return schoolId === 0 || schoolId === c.school_id;
}

export function mayEdit(c: Pick<Caller, "identity" | "school_id">, schoolId: number): boolean {
  return ownedSchool(c) === schoolId;
}

/** School titles by id (0 → 平台). */
export async function schoolNames(db: Db, ids: Iterable<number>): Promise<Map<number, string>> {
  const out = new Map<number, string>([[0, "平台"]]);
  const want = [...new Set(ids)].filter((v) => v > 0);
  if (want.length) {
    for (const r of await db.select({ id: school.id, title: school.title }).from(school).where(inArray(school.id, want))) out.set(r.id, r.title);
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export class IndicatorService {
  constructor(private readonly db: Db) {}

  private rowOut(r: Row, c: Caller): IndicatorRow {
    return {
      id: r.id,
      pid: r.pid,
      root_id: r.root_id,
      level: r.level,
      name: r.name,
      description: r.description,
      weight: Number(r.weight),
      min_score: Number(r.min_score),
      max_score: Number(r.max_score),
      sort: r.sort,
      school_id: r.school_id,
      account_id: r.account_id,
      status: r.status,
      created_at: formatTime(r.created_at),
      updated_at: formatTime(r.updated_at),
      editable: mayEdit(c, r.school_id),
    };
  }

  /** A row the caller may read (404 otherwise). */
  private async visible(c: Caller, id: number): Promise<Row> {
    const [r] = await this.db.select().from(lectureIndicator).where(eq(lectureIndicator.id, id));
    if (!r || !mayRead(c, r.school_id)) throw notFound(M.gone);
    return r;
  }

  /** A row the caller may edit (404 when he cannot see it, 403 when he only reads it). */
  private async editable(c: Caller, id: number): Promise<Row> {
    if (ownedSchool(c) === null) throw forbidden(M.notAdmin);
    const r = await this.visible(c, id);
    if (!mayEdit(c, r.school_id)) throw forbidden(M.notYours);
    return r;
  }

  private async schemeRows(rootId: number): Promise<Row[]> {
    return this.db
      .select()
      .from(lectureIndicator)
      .where(eq(lectureIndicator.root_id, rootId))
      .orderBy(asc(lectureIndicator.level), asc(lectureIndicator.sort), asc(lectureIndicator.id));
  }

  private async usedCounts(rootIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!rootIds.length) return out;
    const rows = await this.db
      .select({ id: listenEvaluate.indicator_id, n: count() })
      .from(listenEvaluate)
      .where(inArray(listenEvaluate.indicator_id, rootIds))
      .groupBy(listenEvaluate.indicator_id);
    for (const r of rows) out.set(r.id, Number(r.n));
    return out;
  }

  /** Nest the rows of one scheme under the root. */
  private nest(rows: Row[], c: Caller, rootId: number): IndicatorNode | null {
    const nodes = new Map<number, IndicatorNode>();
    for (const r of rows) nodes.set(r.id, { ...this.rowOut(r, c), children: [] });
    for (const r of rows) if (r.id !== rootId) nodes.get(r.pid)?.children.push(nodes.get(r.id)!);
    const byOrder = (a: IndicatorNode, b: IndicatorNode) => a.sort - b.sort || a.id - b.id;
    for (const n of nodes.values()) n.children.sort(byOrder);
    return nodes.get(rootId) ?? null;
  }

  /** The weight check of a scheme's tree (0912): each group of in-use siblings should add up to 100. */
  static check(root: IndicatorNode): IndicatorWarning[] {
    const out: IndicatorWarning[] = [];
    const visit = (n: IndicatorNode) => {
      if (n.level >= INDICATOR_MAX_LEVEL) return;
      const kids = n.children.filter((k) => k.status === 1);
      const childLevel = n.level + 1;
      const what = childLevel === 2 ? "维度" : "评分项";
      if (!kids.length) {
        out.push({ pid: n.id, pid_name: n.name, level: childLevel, kind: "empty", total: 0, message: `「${n.name}」下还没有${what}` });
      } else {
        const total = round2(kids.reduce((s, k) => s + k.weight, 0));
        if (Math.abs(total - 100) > 0.001) {
          out.push({
            pid: n.id,
            pid_name: n.name,
            level: childLevel,
            kind: "sum",
            total,
            message: `「${n.name}」下各${what}权重合计 ${total}%，应为 100%`,
          });
        }
      }
      for (const k of kids) visit(k);
    };
    visit(root);
    return out;
  }

  private schemeOut(root: IndicatorNode, _c: Caller, names: Map<number, string>, used: Map<number, number>): IndicatorScheme {
    const { children, ...row } = root;
    const dims = children.filter((d) => d.status === 1);
    return {
      ...row,
      school_name: names.get(root.school_id) ?? "",
      dimension_count: dims.length,
      item_count: dims.reduce((s, d) => s + d.children.filter((i) => i.status === 1).length, 0),
      used_count: used.get(root.id) ?? 0,
      warning_count: IndicatorService.check(root).length,
    };
  }

  /** new list: the schemes the caller may use, or one scheme's tree with the weight check. */
  async list(c: Caller, p: IndicatorList): Promise<IndicatorListAnswer> {
    if (p.root_id > 0) {
      const r = await this.visible(c, p.root_id);
      if (r.level !== 1) throw badInput("root_id 应为量表（一级指标）的编号");
      const rows = await this.schemeRows(r.id);
      const tree = this.nest(rows, c, r.id)!;
      const [names, used] = await Promise.all([schoolNames(this.db, [r.school_id]), this.usedCounts([r.id])]);
      return { list: [this.schemeOut(tree, c, names, used)], tree, warnings: IndicatorService.check(tree) };
    }
    const schools = p.scope === "platform" ? [0] : p.scope === "school" ? [c.school_id] : [0, c.school_id];
    const conds = [eq(lectureIndicator.level, 1), inArray(lectureIndicator.school_id, [...new Set(schools)])];
    if (p.scope === "school" && c.school_id === 0) return { list: [], tree: null, warnings: [] };
    if (p.status !== undefined) conds.push(eq(lectureIndicator.status, p.status));
    if (p.keyword) conds.push(ilike(lectureIndicator.name, containsPattern(p.keyword)));
    const roots = await this.db
      .select()
      .from(lectureIndicator)
      .where(and(...conds))
      .orderBy(asc(lectureIndicator.school_id), asc(lectureIndicator.sort), asc(lectureIndicator.id))
      .limit(500);
    if (!roots.length) return { list: [], tree: null, warnings: [] };
    const ids = roots.map((r) => r.id);
    const rows = await this.db
      .select()
      .from(lectureIndicator)
      .where(inArray(lectureIndicator.root_id, ids))
      .orderBy(asc(lectureIndicator.level), asc(lectureIndicator.sort), asc(lectureIndicator.id));
    const byRoot = new Map<number, Row[]>();
    for (const r of rows) byRoot.set(r.root_id, [...(byRoot.get(r.root_id) ?? []), r]);
    const [names, used] = await Promise.all([
      schoolNames(
        this.db,
        roots.map((r) => r.school_id),
      ),
      this.usedCounts(ids),
    ]);
    const list = roots.map((r) => this.schemeOut(this.nest(byRoot.get(r.id) ?? [r], c, r.id)!, c, names, used));
    return { list, tree: null, warnings: [] };
  }

  /** new read: a row with its subtree, its scheme and the scheme's weight check. */
  async read(c: Caller, id: number): Promise<IndicatorReadAnswer> {
    const r = await this.visible(c, id);
    const rootId = r.level === 1 ? r.id : r.root_id;
    const rows = await this.schemeRows(rootId);
    const tree = this.nest(rows, c, rootId);
    if (!tree) throw notFound(M.gone);
    const find = (n: IndicatorNode): IndicatorNode | undefined => (n.id === id ? n : n.children.map(find).find(Boolean));
    const [names, used] = await Promise.all([schoolNames(this.db, [tree.school_id]), this.usedCounts([rootId])]);
    return { scheme: this.schemeOut(tree, c, names, used), node: find(tree) ?? tree, warnings: IndicatorService.check(tree) };
  }

  private async assertUniqueName(schoolId: number, pid: number, name: string, exceptId = 0): Promise<void> {
    const conds = [eq(lectureIndicator.pid, pid), eq(lectureIndicator.name, name)];
    if (pid === 0) conds.push(eq(lectureIndicator.school_id, schoolId));
    if (exceptId) conds.push(ne(lectureIndicator.id, exceptId));
    const [hit] = await this.db
      .select({ id: lectureIndicator.id })
      .from(lectureIndicator)
      .where(and(...conds))
      .limit(1);
    if (hit) throw conflict(M.duplicate);
  }

  /** c130: a scheme (pid 0) or a child of pid. sortSent false → after the last sibling. */
  async save(c: Caller, p: IndicatorSave, sortSent: boolean): Promise<IndicatorRow> {
    const own = ownedSchool(c);
    if (own === null) throw forbidden(M.notAdmin);
    let level = 1;
    let rootId = 0;
    let schoolId = own;
    if (p.pid > 0) {
      const parent = await this.editable(c, p.pid);
      if (parent.level >= INDICATOR_MAX_LEVEL) throw badInput(M.tooDeep);
      level = parent.level + 1;
      rootId = parent.level === 1 ? parent.id : parent.root_id;
      schoolId = parent.school_id;
    }
    await this.assertUniqueName(schoolId, p.pid, p.name);
    let sort = p.sort;
    if (!sortSent) {
      const cond = p.pid > 0 ? eq(lectureIndicator.pid, p.pid) : and(eq(lectureIndicator.pid, 0), eq(lectureIndicator.school_id, schoolId));
      const [m] = await this.db
        .select({ m: sql<number>`coalesce(max(${lectureIndicator.sort}), 0)::int` })
        .from(lectureIndicator)
        .where(cond);
      sort = (m?.m ?? 0) + 1;
    }
    const row = await this.db.transaction(async (tx) => {
      const [ins] = await tx
        .insert(lectureIndicator)
        .values({
          pid: p.pid,
          root_id: rootId,
          level,
          name: p.name,
          description: p.description,
          weight: level === 1 ? 100 : p.weight,
          min_score: p.min_score,
          max_score: p.max_score,
          sort,
          school_id: schoolId,
          account_id: c.id,
          status: p.status,
        })
        .returning();
      if (level > 1) return ins!;
      const [fixed] = await tx.update(lectureIndicator).set({ root_id: ins!.id }).where(eq(lectureIndicator.id, ins!.id)).returning();
      return fixed!;
    });
    return this.rowOut(row, c);
  }

  /** c131: only the fields sent change. */
  async update(c: Caller, p: IndicatorUpdate): Promise<IndicatorRow> {
    const r = await this.editable(c, p.id);
    const min = p.min_score ?? Number(r.min_score);
    const max = p.max_score ?? Number(r.max_score);
    if (!(min < max)) throw badInput(M.range);
    if (p.name !== undefined && p.name !== r.name) await this.assertUniqueName(r.school_id, r.pid, p.name, r.id);
    const set: Partial<Row> = { updated_at: new Date() };
    if (p.name !== undefined) set.name = p.name;
    if (p.description !== undefined) set.description = p.description;
    if (p.weight !== undefined && r.level > 1) set.weight = p.weight;
    if (p.min_score !== undefined) set.min_score = p.min_score;
    if (p.max_score !== undefined) set.max_score = p.max_score;
    if (p.sort !== undefined) set.sort = p.sort;
    if (p.status !== undefined) set.status = p.status;
    const [row] = await this.db.update(lectureIndicator).set(set).where(eq(lectureIndicator.id, r.id)).returning();
    return this.rowOut(row!, c);
  }

  /** c132: the row and its subtree; refused while the scheme is used by listen-evaluate records (0911). */
  async delete(c: Caller, id: number): Promise<IndicatorDeleteAnswer> {
    const r = await this.editable(c, id);
    const rootId = r.level === 1 ? r.id : r.root_id;
    const used = (await this.usedCounts([rootId])).get(rootId) ?? 0;
    if (used > 0) throw conflict(indicatorInUseMessage(used));
    const gone = await this.db.transaction(async (tx) => {
      if (r.level === 1) return tx.delete(lectureIndicator).where(eq(lectureIndicator.root_id, r.id)).returning({ id: lectureIndicator.id });
      return tx
        .delete(lectureIndicator)
        .where(or(eq(lectureIndicator.id, r.id), eq(lectureIndicator.pid, r.id)))
        .returning({ id: lectureIndicator.id });
    });
    return { id: r.id, deleted: gone.length };
  }
}

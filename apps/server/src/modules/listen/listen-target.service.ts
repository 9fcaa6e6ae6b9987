/**
 * Listen targets (听课目标, c294–c297; issue #9; docs/api/indicator.md): short tags a listen-evaluate record picks.
 * The platform's (school_id 0) are maintained by platform administrators, a school's by its administrators
 * (the same rule as the indicators, docs/decisions/0910); the list answers the caller's school's and the platform's.
 * Names are unique per school among the rows in use (status 1; the table's partial unique index).
 */
import {
  INDICATOR_MESSAGES as M,
  type ListenTargetList,
  type ListenTargetListAnswer,
  type ListenTargetRow,
  type ListenTargetSave,
  type ListenTargetUpdate,
} from "@yanke/protocol";
import { and, asc, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { mayEdit, mayRead, ownedSchool, schoolNames } from "./indicator.service.js";
import { listenTarget } from "./listen.schema.js";

type Row = typeof listenTarget.$inferSelect;

export class ListenTargetService {
  constructor(private readonly db: Db) {}

  private out(r: Row, c: Caller, names: Map<number, string>): ListenTargetRow {
    return {
      id: r.id,
      name: r.name,
      school_id: r.school_id,
      school_name: names.get(r.school_id) ?? "",
      sort: r.sort,
      status: r.status,
      account_id: r.account_id,
      created_at: formatTime(r.created_at),
      editable: mayEdit(c, r.school_id),
    };
  }

  private async one(r: Row, c: Caller): Promise<ListenTargetRow> {
    return this.out(r, c, await schoolNames(this.db, [r.school_id]));
  }

  private async editable(c: Caller, id: number): Promise<Row> {
    if (ownedSchool(c) === null) throw forbidden(M.targetNotAdmin);
    const [r] = await this.db.select().from(listenTarget).where(eq(listenTarget.id, id));
    if (!r || !mayRead(c, r.school_id)) throw notFound(M.targetGone);
    if (!mayEdit(c, r.school_id)) throw forbidden(M.targetNotYours);
    return r;
  }

  private async assertUnique(schoolId: number, name: string, exceptId = 0): Promise<void> {
    const conds = [eq(listenTarget.school_id, schoolId), eq(listenTarget.name, name), eq(listenTarget.status, 1)];
    if (exceptId) conds.push(ne(listenTarget.id, exceptId));
    const [hit] = await this.db
      .select({ id: listenTarget.id })
      .from(listenTarget)
      .where(and(...conds))
      .limit(1);
    if (hit) throw conflict(M.targetDuplicate);
  }

  /** c294: the platform's first, then the school's; by sort, then id. */
  async list(c: Caller, p: ListenTargetList): Promise<ListenTargetListAnswer> {
    const conds = [inArray(listenTarget.school_id, [...new Set([0, c.school_id])])];
    if (p.status !== undefined) conds.push(eq(listenTarget.status, p.status));
    if (p.keyword) conds.push(ilike(listenTarget.name, containsPattern(p.keyword)));
    const rows = await this.db
      .select()
      .from(listenTarget)
      .where(and(...conds))
      .orderBy(asc(listenTarget.school_id), asc(listenTarget.sort), asc(listenTarget.id))
      .limit(1000);
    const names = await schoolNames(
      this.db,
      rows.map((r) => r.school_id),
    );
    return { list: rows.map((r) => this.out(r, c, names)) };
  }

  /** c295; sortSent false → after the school's last. */
  async save(c: Caller, p: ListenTargetSave, sortSent = true): Promise<ListenTargetRow> {
    const schoolId = ownedSchool(c);
    if (schoolId === null) throw forbidden(M.targetNotAdmin);
    await this.assertUnique(schoolId, p.name);
    let sort = p.sort;
    if (!sortSent) {
      const [m] = await this.db
        .select({ m: sql<number>`coalesce(max(${listenTarget.sort}), 0)::int` })
        .from(listenTarget)
        .where(eq(listenTarget.school_id, schoolId));
      sort = (m?.m ?? 0) + 1;
    }
    const [row] = await this.db.insert(listenTarget).values({ name: p.name, sort, school_id: schoolId, account_id: c.id }).returning();
    return this.one(row!, c);
  }

  /** c296: only the fields sent change; enabling a row checks the name again. */
  async update(c: Caller, p: ListenTargetUpdate): Promise<ListenTargetRow> {
    const r = await this.editable(c, p.id);
    const name = p.name ?? r.name;
    const status = p.status ?? r.status;
    if (status === 1 && (name !== r.name || r.status !== 1)) await this.assertUnique(r.school_id, name, r.id);
    const set: Partial<Row> = {};
    if (p.name !== undefined) set.name = p.name;
    if (p.sort !== undefined) set.sort = p.sort;
    if (p.status !== undefined) set.status = p.status;
    if (!Object.keys(set).length) return this.one(r, c);
    const [row] = await this.db.update(listenTarget).set(set).where(eq(listenTarget.id, r.id)).returning();
    return this.one(row!, c);
  }

  /** c297 */
  async delete(c: Caller, id: number): Promise<{ id: number }> {
    const r = await this.editable(c, id);
    await this.db.delete(listenTarget).where(eq(listenTarget.id, r.id));
    return { id: r.id };
  }
}

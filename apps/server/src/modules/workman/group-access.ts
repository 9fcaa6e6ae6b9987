/**
 * Who may read a live group (c398 bind, c399 send; docs/decisions/0931): the same can_view rule as the object the
 * group is named after.
 *
 * - "preparation:<id>" → PreparationAccess.power().can_view (#8).
 * - "listen:<id>" → ListenAccess.power().can_view (listen-access.ts).
 * - "after_class:<id>" → the after-class record's visibility: its author; in a community, whoever may view the
 *   community (CommunityAccess.power().can_view); in none, the teachers of its school and the administrators of its
 *   school or region. (The after-class module's own access class was not there when this was written; this rule is
 *   read from the row and the community — docs/decisions/0931.)
 *
 * An unknown or deleted object is 404 (its module's message), a refusal 403 LIVE_REFUSALS.noView.
 */
import { LIVE_REFUSALS } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { forbidden, notFound } from "../../http/errors.js";
import { afterClass } from "../afterclass/afterclass.schema.js";
import type { CommunityDeps } from "../community-edition.js";
import { ListenAccess } from "../listen/listen-access.js";
import type { Caller } from "../org/period.service.js";

/** The kind and id of a group name (validated by the payload schema already). */
export function parseGroup(group: string): { kind: string; id: number } | null {
  const m = /^(preparation|listen|after_class):([1-9]\d{0,9})$/.exec(group);
  return m ? { kind: m[1]!, id: Number(m[2]) } : null;
}

export class GroupAccess {
  private readonly listen: ListenAccess;

  constructor(private readonly deps: CommunityDeps) {
    this.listen = new ListenAccess(deps.db, deps.access);
  }

  /** Whether the caller may read the group's messages (false for an unknown kind); 404 when its object is gone. */
  async canRead(c: Caller, group: string): Promise<boolean> {
    const g = parseGroup(group);
    if (!g) return false;
    switch (g.kind) {
      case "preparation": {
        const prep = await this.deps.preparations.load(g.id);
        return (await this.deps.preparations.power(c, prep)).can_view;
      }
      case "listen": {
        const record = await this.listen.load(g.id);
        return (await this.listen.power(c, record)).can_view;
      }
      case "after_class":
        return this.afterClassVisible(c, g.id);
      default:
        return false;
    }
  }

  /** 403 unless the caller may read the group. */
  async require(c: Caller, group: string): Promise<void> {
    if (!(await this.canRead(c, group))) throw forbidden(LIVE_REFUSALS.noView);
  }

  private async afterClassVisible(c: Caller, id: number): Promise<boolean> {
    const [row] = await this.deps.db
      .select({
        account_id: afterClass.account_id,
        community_id: afterClass.community_id,
        school_id: afterClass.school_id,
        area_id: afterClass.area_id,
        city_id: afterClass.city_id,
        status: afterClass.status,
      })
      .from(afterClass)
      .where(eq(afterClass.id, id));
    if (!row || row.status < 0) throw notFound(LIVE_REFUSALS.gone);
    if (c.id !== 0 && row.account_id === c.id) return true;
    if (row.community_id) {
      const community = await this.deps.access.community(row.community_id).catch(() => null);
      return community ? (await this.deps.access.power(c, community)).can_view : false;
    }
    if (c.id !== 0 && row.school_id !== 0 && c.school_id === row.school_id) return true;
    return c.id !== 0 && this.deps.access.manages(c, { school_id: row.school_id, province_id: 0, city_id: row.city_id, area_id: row.area_id });
  }
}

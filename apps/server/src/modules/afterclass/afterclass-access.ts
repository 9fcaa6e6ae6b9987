/**
 * Who may do what with an after-class reflection (课后反思; docs/decisions/0921-after-class-visibility.md) — the same
 * rule in JS (power) and in SQL (visibleSql), as #8's PreparationAccess:
 *
 * - the author edits it (can_edit) and, with the managers, deletes it, hides it and removes its files (can_manage);
 * - managers: whoever manages its community (owner, community administrators, administrators whose scope holds it);
 *   in no community, administrators of its school or region;
 * - can_view: the author and managers always; others while it is shown (status 1, is_display 1) and its community
 *   shows its content to them (joined members; anyone when the community is normal and displayed — community
 *   can_view); in no community, the teachers of its school;
 * - can_discuss (comment): signed in, can_view, and the author, a joined member of its community (its school's
 *   teachers when in no community) or a manager — else '请先加入空间后评论！'.
 */
import { type ScopedColumns, insiders, managedCommunities, managedLoose } from "../community/scoped-sql.js";
import { AFTER_CLASS_NOT_FOUND, COMMUNITY_STATUS, DISCUSS_MESSAGES } from "@yanke/protocol";
import { type SQL, and, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import type { CommunityAccess } from "../community/community-access.js";
import { community } from "../community/community.schema.js";
import type { CommunityDeps } from "../community-deps.js";
import type { Caller } from "../../http/caller.js";
import { afterClass } from "./afterclass.schema.js";

/** The columns scoped-sql.ts reads. */
const AFTER_CLASS_COLS: ScopedColumns = {
  community_id: afterClass.community_id,
  school_id: afterClass.school_id,
  area_id: afterClass.area_id,
  city_id: afterClass.city_id,
};

export type AfterClassRecord = typeof afterClass.$inferSelect;

export interface AfterClassPower {
  is_author: boolean;
  is_manager: boolean;
  can_view: boolean;
  can_edit: boolean;
  can_manage: boolean;
  can_discuss: boolean;
}
type Ability = "can_view" | "can_edit" | "can_manage" | "can_discuss";
const REFUSALS: Record<Ability, string> = {
  can_view: "无权查看该课后反思",
  can_edit: "只有作者可以修改课后反思",
  can_manage: "只有作者或管理员可以进行此操作",
  can_discuss: DISCUSS_MESSAGES.notJoined,
};

export class AfterClassAccess {
  constructor(
    private readonly db: Db,
    private readonly communities: CommunityAccess,
  ) {}

  async load(id: number | undefined | null): Promise<AfterClassRecord> {
    if (!id) throw badInput("课后反思id不能为空");
    const [row] = await this.db.select().from(afterClass).where(eq(afterClass.id, id));
    if (row?.status !== 1) throw notFound(AFTER_CLASS_NOT_FOUND);
    return row;
  }

  async power(c: Caller, r: AfterClassRecord): Promise<AfterClassPower> {
    const signed = c.id !== 0;
    const author = signed && r.account_id === c.id;
    let manager = false;
    let insider = false;
    let communityShows = false;
    if (r.community_id) {
      const row = await this.communities.community(r.community_id).catch(() => null);
      if (row) {
        const cp = await this.communities.power(c, row);
        manager = cp.can_manage;
        insider = cp.is_member;
        communityShows = cp.can_view;
      }
    } else {
      manager = signed && (await this.communities.manages(c, { school_id: r.school_id, province_id: 0, city_id: r.city_id, area_id: r.area_id }));
      insider = signed && r.school_id !== 0 && c.school_id === r.school_id;
      communityShows = insider;
    }
    const shown = r.status === 1 && r.is_display === 1;
    const canView = author || manager || (shown && communityShows);
    return {
      is_author: author,
      is_manager: manager,
      can_view: canView,
      can_edit: author,
      can_manage: author || manager,
      can_discuss: signed && canView && (author || insider || manager),
    };
  }

  async require(c: Caller, id: number | undefined | null, ability?: Ability, refusal?: string): Promise<{ row: AfterClassRecord; power: AfterClassPower }> {
    const row = await this.load(id);
    const power = await this.power(c, row);
    if (ability && !power[ability]) throw forbidden(refusal ?? REFUSALS[ability]);
    return { row, power };
  }

  /** can_view as SQL (undefined = everything). */
  async visibleSql(c: Caller): Promise<SQL | undefined> {
    const managed = await managedCommunities(this.db, c, AFTER_CLASS_COLS);
    if (managed === "all") return undefined;
    const communityShows = or(
      sql`${afterClass.community_id} in (select ${community.id} from ${community} where ${community.status} = ${COMMUNITY_STATUS.normal} and ${community.is_display} = 1)`,
      insiders(c, AFTER_CLASS_COLS),
    );
    const shown = and(eq(afterClass.status, 1), eq(afterClass.is_display, 1), communityShows);
    return or(
      c.id ? eq(afterClass.account_id, c.id) : undefined,
      and(ne(afterClass.community_id, 0), managed),
      await managedLoose(this.db, c, AFTER_CLASS_COLS),
      shown,
    );
  }

  /** Managed-by-the-caller as SQL (undefined = everything). */
  async managerSql(c: Caller): Promise<SQL | undefined> {
    const managed = await managedCommunities(this.db, c, AFTER_CLASS_COLS);
    if (managed === "all") return undefined;
    return or(
      c.id ? eq(afterClass.account_id, c.id) : sql`false`,
      and(ne(afterClass.community_id, 0), managed),
      await managedLoose(this.db, c, AFTER_CLASS_COLS),
    );
  }
}

const cache = new WeakMap<CommunityDeps, AfterClassAccess>();
export function afterClassAccessOf(deps: CommunityDeps): AfterClassAccess {
  let a = cache.get(deps);
  if (!a) {
    a = new AfterClassAccess(deps.db, deps.access);
    cache.set(deps, a);
  }
  return a;
}

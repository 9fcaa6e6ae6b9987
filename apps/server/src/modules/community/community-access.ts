/**
 * Who may do what in a community (c203 communityPower; docs/decisions/0701), and the community log every mutating
 * call writes. Every community module (communities, articles, notices, activities, meetings, files) asks here:
 *
 *   const { community, power } = await access.require(caller, payload.community_id, "can_post");
 *   await access.log(tx, { community_id, account_id: caller.id, action: "article.save", target_type: "article", target_id });
 *
 * Managers (can_manage without being members): platform administrators (everything), a district administrator for
 * the communities of his region (and of its schools), a school administrator for his school's communities.
 */
import { COMMUNITY_ID_REQUIRED, COMMUNITY_STATUS, type CommunityPower, MEMBER_ROLES, MEMBER_STATUS } from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { regionIdByCode, schoolRegionCodes } from "../org/org-reads.js";
import type { Caller } from "../../http/caller.js";
import { scopeOf } from "../rbac/permission.js";
import { community, communityLog, communityMember } from "./community.schema.js";

export type CommunityRow = typeof community.$inferSelect;
export type MemberRow = typeof communityMember.$inferSelect;
type Ability = { [K in keyof CommunityPower]: CommunityPower[K] extends boolean ? K : never }[keyof CommunityPower];

export const COMMUNITY_NOT_FOUND = "社区不存在或已删除";

/**
 * An anonymous visitor of a public page (/blog): no account (id 0 matches no row), no identity, no school. Its power
 * is can_view for a normal community shown on the site, nothing else.
 */
export const GUEST: Caller = { id: 0, identity: 0, school_id: 0, region_code: "", period_id: 0 };

/** Chinese refusals by ability. */
const REFUSALS: Record<Ability, string> = {
  is_member: "请先加入社区",
  can_view: "请先加入社区后查看",
  can_post: "请先加入社区后再发布",
  can_manage: "只有社区创建者或管理员可以进行此操作",
  can_edit: "只有社区创建者可以修改社区信息",
  can_delete: "只有社区创建者可以删除社区",
  can_transfer: "只有社区创建者可以转让社区",
  can_verify: "只有管辖该社区的管理员可以审核",
  can_join: "该社区当前不能加入",
  can_leave: "社区创建者不能退出社区，请先转让社区",
};

export interface LogEntry {
  community_id: number;
  account_id: number;
  /** e.g. "community.update", "member.join", "article.save". */
  action: string;
  target_type?: string;
  target_id?: number;
  /** A short Chinese description shown in the log. */
  content?: string;
}

export class CommunityAccess {
  constructor(private readonly db: Db) {}

  /** The community, or 400 社区id不能为空 (no id) / 404. */
  async community(id: number | undefined | null): Promise<CommunityRow> {
    if (!id) throw badInput(COMMUNITY_ID_REQUIRED);
    const [row] = await this.db.select().from(community).where(eq(community.id, id));
    if (!row) throw notFound(COMMUNITY_NOT_FOUND);
    return row;
  }

  async membership(communityId: number, accountId: number): Promise<MemberRow | undefined> {
    const [m] = await this.db
      .select()
      .from(communityMember)
      .where(and(eq(communityMember.community_id, communityId), eq(communityMember.account_id, accountId)));
    return m;
  }

  /** Does the caller administer the organization the community belongs to? */
  async manages(c: Caller, row: Pick<CommunityRow, "school_id" | "province_id" | "city_id" | "area_id">): Promise<boolean> {
    const scope = scopeOf(c);
    switch (scope.kind) {
      case "all":
        return true;
      case "none":
        return false;
      case "school":
        return row.school_id !== 0 && row.school_id === scope.schoolId;
      case "region": {
        const regionId = await regionIdByCode(this.db, scope.code);
        if (regionId === undefined) return false;
        if ([row.province_id, row.city_id, row.area_id].includes(regionId)) return true;
        if (!row.school_id) return false;
        const s = await schoolRegionCodes(this.db, row.school_id);
        return Boolean(s && [s.area, s.city, s.province].includes(scope.code));
      }
    }
  }

  /** What the caller may do in the community (c203). */
  async power(c: Caller, row: CommunityRow): Promise<CommunityPower> {
    const m = await this.membership(row.id, c.id);
    const joined = m?.status === MEMBER_STATUS.joined;
    const role = joined ? m.role : 0;
    const manager = await this.manages(c, row);
    const normal = row.status === COMMUNITY_STATUS.normal;
    const owner = role === MEMBER_ROLES.owner;
    return {
      community_id: row.id,
      role,
      member_status: m ? m.status : -1,
      is_member: joined,
      can_view: joined || manager || (normal && row.is_display === 1),
      can_post: joined && normal,
      can_manage: manager || (normal && (role === MEMBER_ROLES.owner || role === MEMBER_ROLES.admin)),
      can_edit: manager || owner,
      can_delete: manager || owner,
      can_transfer: manager || owner,
      can_verify: manager,
      can_join: normal && !joined && m?.status !== MEMBER_STATUS.applying,
      can_leave: joined && !owner,
    };
  }

  /** The community and the caller's power, or 400 (no id) / 404 / 403 with the ability's Chinese refusal. */
  async require(
    c: Caller,
    communityId: number | undefined | null,
    ability?: Ability,
    refusal?: string,
  ): Promise<{ community: CommunityRow; power: CommunityPower }> {
    const row = await this.community(communityId);
    const power = await this.power(c, row);
    if (ability && !power[ability]) throw forbidden(refusal ?? REFUSALS[ability]);
    return { community: row, power };
  }

  /** Writes a community log row (inside the caller's transaction when given one). */
  async log(tx: Db | Tx, e: LogEntry): Promise<void> {
    await tx.insert(communityLog).values({
      community_id: e.community_id,
      account_id: e.account_id,
      action: e.action,
      target_type: e.target_type ?? "",
      target_id: e.target_id ?? 0,
      content: (e.content ?? "").slice(0, 500),
    });
  }
}

/**
 * Who may do what with a preparation (issue #8): the lesson-plan, AI-diagnosis and discussion modules ask here as the
 * preparation module does.
 *
 *   const { prep, power } = await preps.require(caller, id, "can_edit");
 *
 * - author: the creator (主备人). member: the author or a participant (accountIds).
 * - manager: whoever manages its community (community owner/admin, or the administrator of its school or region), or
 *   for a preparation in no community the administrator of the author's school or region.
 * - can_view: members and managers always; others when it is open (status 1, displayed, approved) and its open_model
 *   lets them: 1 公开 everyone (anonymous visitors too), 2 社区内 the joined members of its community (in no
 *   community: the teachers of its school), 3 仅参与人 nobody else.
 * - can_edit (co-edit the lesson plans, upload files): members while it is open for work (status 1) — in a 个人备课
 *   (type 2) only the author — and managers.
 * - can_discuss: signed-in viewers who are members of it or of its community, and managers ("请先加入空间后评论！").
 * - can_manage (update, delete, display toggle): the author and managers. can_verify and can_recommend: managers.
 */
import { type ScopedColumns, insiders, managedCommunities, managedLoose } from "../community/scoped-sql.js";
import type { PreparationPowerAnswer } from "@yanke/protocol";
import { type SQL, and, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import type { CommunityAccess } from "../community/community-access.js";
import type { Caller } from "../../http/caller.js";
import { preparation, preparationMember } from "./preparation.schema.js";

/** The columns scoped-sql.ts reads. */
const PREPARATION_COLS: ScopedColumns = {
  community_id: preparation.community_id,
  school_id: preparation.school_id,
  area_id: preparation.area_id,
  city_id: preparation.city_id,
};

export type PreparationRow = typeof preparation.$inferSelect;

/** The answer's shape (PreparationDetail.power). */
export type PreparationPower = PreparationPowerAnswer;
type Ability = Exclude<{ [K in keyof PreparationPower]: PreparationPower[K] extends boolean ? K : never }[keyof PreparationPower], "is_author" | "is_manager">;

export const PREPARATION_NOT_FOUND = "集体备课不存在或已删除";
const REFUSALS: Record<Ability, string> = {
  is_member: "只有备课参与人可以进行此操作",
  can_view: "无权查看该集体备课",
  can_edit: "只有备课参与人可以编辑",
  can_discuss: "请先加入空间后评论！",
  can_manage: "只有主备人或管理员可以进行此操作",
  can_verify: "只有管理员可以审核集体备课",
  can_recommend: "只有管理员可以推荐集体备课",
};

export class PreparationAccess {
  constructor(
    private readonly db: Db,
    private readonly communities: CommunityAccess,
  ) {}

  /** The preparation, or 400 (no id) / 404. */
  async load(id: number | undefined | null): Promise<PreparationRow> {
    if (!id) throw badInput("集体备课id不能为空");
    const [row] = await this.db.select().from(preparation).where(eq(preparation.id, id));
    if (!row) throw notFound(PREPARATION_NOT_FOUND);
    return row;
  }

  async isParticipant(preparationId: number, accountId: number): Promise<boolean> {
    if (!accountId) return false;
    const [m] = await this.db
      .select({ a: preparationMember.account_id })
      .from(preparationMember)
      .where(and(eq(preparationMember.preparation_id, preparationId), eq(preparationMember.account_id, accountId)));
    return Boolean(m);
  }

  async power(c: Caller, p: PreparationRow): Promise<PreparationPower> {
    const isAuthor = c.id !== 0 && p.account_id === c.id;
    const isMember = isAuthor || (await this.isParticipant(p.id, c.id));
    let manager = false;
    let communityMember = false;
    if (p.community_id) {
      const row = await this.communities.community(p.community_id).catch(() => null);
      if (row) {
        const cp = await this.communities.power(c, row);
        manager = cp.can_manage;
        communityMember = cp.is_member;
      }
    } else {
      manager = c.id !== 0 && (await this.communities.manages(c, { school_id: p.school_id, province_id: 0, city_id: p.city_id, area_id: p.area_id }));
    }
    const open = p.status === 1 && p.is_display === 1 && p.verify_status === 1;
    const insider = p.community_id ? communityMember : c.id !== 0 && p.school_id !== 0 && c.school_id === p.school_id;
    const byModel = p.open_model === 1 || (p.open_model === 2 && insider);
    const canView = isMember || manager || (open && byModel);
    return {
      preparation_id: p.id,
      is_author: isAuthor,
      is_member: isMember,
      is_manager: manager,
      can_view: canView,
      can_edit: manager || (isMember && p.status === 1 && (p.type !== 2 || isAuthor)),
      can_discuss: c.id !== 0 && canView && (isMember || communityMember || manager),
      can_manage: isAuthor || manager,
      can_verify: manager,
      can_recommend: manager,
    };
  }

  /** The preparation and the caller's power, or 400 / 404 / 403 with the ability's Chinese refusal. */
  async require(c: Caller, id: number | undefined | null, ability?: Ability, refusal?: string): Promise<{ prep: PreparationRow; power: PreparationPower }> {
    const prep = await this.load(id);
    const power = await this.power(c, prep);
    if (ability && !power[ability]) throw forbidden(refusal ?? REFUSALS[ability]);
    return { prep, power };
  }

  // ── the same rules in SQL, for lists (c233, c234, c249, c260, c247, the community's c216) ─────────────────────

  /** The caller is the author or a participant. */
  memberSql(c: Caller): SQL {
    if (!c.id) return sql`false`;
    return or(
      eq(preparation.account_id, c.id),
      sql`${preparation.id} in (select ${preparationMember.preparation_id} from ${preparationMember} where ${preparationMember.account_id} = ${c.id})`,
    )!;
  }

  /** The caller manages the preparation (can_manage without being its author). */
  async managerSql(c: Caller): Promise<SQL | undefined> {
    const managed = await managedCommunities(this.db, c, PREPARATION_COLS);
    if (managed === "all") return sql`true`;
    return or(and(ne(preparation.community_id, 0), managed), await managedLoose(this.db, c, PREPARATION_COLS));
  }

  /** can_view as SQL: members, managers, and — when it is open (status 1, shown, approved) — whom its open_model lets in. */
  async visibleSql(c: Caller): Promise<SQL | undefined> {
    const managed = await managedCommunities(this.db, c, PREPARATION_COLS);
    if (managed === "all") return undefined;
    // 社区内: the community's joined members; in no community, the teachers of its school.
    const inside = insiders(c, PREPARATION_COLS);
    const open = and(
      eq(preparation.status, 1),
      eq(preparation.is_display, 1),
      eq(preparation.verify_status, 1),
      or(eq(preparation.open_model, 1), and(eq(preparation.open_model, 2), or(inside, managed))),
    );
    return or(this.memberSql(c), and(ne(preparation.community_id, 0), managed), await managedLoose(this.db, c, PREPARATION_COLS), open);
  }
}

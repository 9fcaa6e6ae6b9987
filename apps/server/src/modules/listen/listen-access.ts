/**
 * Who may do what with a listen-evaluate record (听评课, issue #9; docs/decisions/0900-listen-access.md). The listen
 * module, the generic discussion and live messaging ask here, as #8's modules ask PreparationAccess.
 *
 *   const { record, power } = await listenAccessOf(deps).require(caller, id, "can_evaluate");
 *
 * - organiser: the creator (role 1). teacher: teacher_account_id (授课教师, role 2; 0 = the creator). member: the
 *   organiser, the teacher or a participant (listen_member).
 * - manager: whoever manages its community (community owner/admin, or the administrator of its school or region), or
 *   for a record in no community the administrator of its school or region.
 * - can_view: members and managers always; others when it is open (status 1, displayed, approved) and its open_model
 *   lets them: 1 公开 everyone (anonymous visitors too), 2 社区内 the joined members of its community (in no
 *   community: the teachers of its school), 3 仅参与人 nobody else.
 * - can_evaluate (score it, save an evaluation): evaluators (role 3) and the organiser while it is in use (status 1) —
 *   never the teacher being evaluated; managers only when they are also evaluators.
 * - can_discuss (comments, voices, evaluation files): signed-in viewers who are members of it or of its community, and
 *   managers ("请先加入空间后评论！").
 * - can_manage (update, delete, display toggle, the record's own files): the organiser and managers.
 *   can_verify and can_recommend: managers.
 */
import { type ScopedColumns, insiders, managedCommunities, managedLoose } from "../community/scoped-sql.js";
import type { ListenPowerAnswer } from "@yanke/protocol";
import { type SQL, and, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import type { CommunityAccess } from "../community/community-access.js";
import type { CommunityDeps } from "../community-deps.js";
import type { Caller } from "../../http/caller.js";
import { listenEvaluate, listenMember } from "./listen.schema.js";

/** The columns scoped-sql.ts reads. */
const LISTEN_COLS: ScopedColumns = {
  community_id: listenEvaluate.community_id,
  school_id: listenEvaluate.school_id,
  area_id: listenEvaluate.area_id,
  city_id: listenEvaluate.city_id,
};

export type ListenRow = typeof listenEvaluate.$inferSelect;

/** The answer's shape (ListenDetail.power). */
export type ListenPower = ListenPowerAnswer;
export type ListenAbility = Exclude<
  { [K in keyof ListenPower]: ListenPower[K] extends boolean ? K : never }[keyof ListenPower],
  "is_organiser" | "is_teacher" | "is_manager"
>;

export const LISTEN_NOT_FOUND = "听评课不存在或已删除";
/** Participant roles (listen_member.role). */
export const LISTEN_ROLE = { organiser: 1, teacher: 2, evaluator: 3 } as const;

const REFUSALS: Record<ListenAbility, string> = {
  is_member: "只有听评课参与人可以进行此操作",
  can_view: "无权查看该听评课",
  can_evaluate: "只有评课人可以评价",
  can_discuss: "请先加入空间后评论！",
  can_manage: "只有组织者或管理员可以进行此操作",
  can_verify: "只有管理员可以审核听评课",
  can_recommend: "只有管理员可以推荐听评课",
};

/** The teacher of a record (授课教师): teacher_account_id, or the creator when 0. */
export function teacherOf(r: Pick<ListenRow, "teacher_account_id" | "account_id">): number {
  return r.teacher_account_id || r.account_id;
}

export class ListenAccess {
  constructor(
    private readonly db: Db,
    private readonly communities: CommunityAccess,
  ) {}

  /** The record, or 400 (no id) / 404. */
  async load(id: number | undefined | null): Promise<ListenRow> {
    if (!id) throw badInput("听评课id不能为空");
    const [row] = await this.db.select().from(listenEvaluate).where(eq(listenEvaluate.id, id));
    if (!row || row.status === -1) throw notFound(LISTEN_NOT_FOUND);
    return row;
  }

  /** The caller's role in the record (listen_member), 0 = none. */
  async roleOf(recordId: number, accountId: number): Promise<number> {
    if (!accountId) return 0;
    const [m] = await this.db
      .select({ role: listenMember.role })
      .from(listenMember)
      .where(and(eq(listenMember.record_id, recordId), eq(listenMember.account_id, accountId)));
    return m?.role ?? 0;
  }

  async power(c: Caller, r: ListenRow): Promise<ListenPower> {
    const signed = c.id !== 0;
    const isOrganiser = signed && r.account_id === c.id;
    const isTeacher = signed && teacherOf(r) === c.id;
    const role = await this.roleOf(r.id, c.id);
    const isMember = isOrganiser || isTeacher || role !== 0;
    let manager = false;
    let communityMember = false;
    if (r.community_id) {
      const row = await this.communities.community(r.community_id).catch(() => null);
      if (row) {
        const cp = await this.communities.power(c, row);
        manager = cp.can_manage;
        communityMember = cp.is_member;
      }
    } else {
      manager = signed && (await this.communities.manages(c, { school_id: r.school_id, province_id: 0, city_id: r.city_id, area_id: r.area_id }));
    }
    const open = r.status === 1 && r.is_display === 1 && r.verify_status === 1;
    const insider = r.community_id ? communityMember : signed && r.school_id !== 0 && c.school_id === r.school_id;
    const byModel = r.open_model === 1 || (r.open_model === 2 && insider);
    const canView = isMember || manager || (open && byModel);
    return {
      record_id: r.id,
      is_organiser: isOrganiser,
      is_teacher: isTeacher,
      is_member: isMember,
      is_manager: manager,
      can_view: canView,
      can_evaluate: r.status === 1 && !isTeacher && (isOrganiser || role === LISTEN_ROLE.evaluator),
      can_discuss: signed && canView && (isMember || communityMember || manager),
      can_manage: isOrganiser || manager,
      can_verify: manager,
      can_recommend: manager,
    };
  }

  /** The record and the caller's power, or 400 / 404 / 403 with the ability's Chinese refusal. */
  async require(c: Caller, id: number | undefined | null, ability?: ListenAbility, refusal?: string): Promise<{ record: ListenRow; power: ListenPower }> {
    const record = await this.load(id);
    const power = await this.power(c, record);
    if (ability && !power[ability]) throw forbidden(refusal ?? REFUSALS[ability]);
    return { record, power };
  }

  // ── the same rules in SQL, for lists (c264, c271, c287, c281) ─────────────────────────────────────────────────

  /** The caller organises, teaches or takes part in the record. */
  memberSql(c: Caller): SQL {
    if (!c.id) return sql`false`;
    return or(
      eq(listenEvaluate.account_id, c.id),
      eq(listenEvaluate.teacher_account_id, c.id),
      sql`${listenEvaluate.id} in (select ${listenMember.record_id} from ${listenMember} where ${listenMember.account_id} = ${c.id})`,
    )!;
  }

  /** The caller manages the record (can_manage without organising it). */
  async managerSql(c: Caller): Promise<SQL | undefined> {
    const managed = await managedCommunities(this.db, c, LISTEN_COLS);
    if (managed === "all") return sql`true`;
    return or(and(ne(listenEvaluate.community_id, 0), managed), await managedLoose(this.db, c, LISTEN_COLS));
  }

  /** can_view as SQL (undefined = everything): members, managers, and — when open — whom its open_model lets in. */
  async visibleSql(c: Caller): Promise<SQL | undefined> {
    const managed = await managedCommunities(this.db, c, LISTEN_COLS);
    if (managed === "all") return undefined;
    const inside = insiders(c, LISTEN_COLS);
    const open = and(
      eq(listenEvaluate.status, 1),
      eq(listenEvaluate.is_display, 1),
      eq(listenEvaluate.verify_status, 1),
      or(eq(listenEvaluate.open_model, 1), inside ? and(eq(listenEvaluate.open_model, 2), inside) : undefined),
    );
    return or(this.memberSql(c), and(ne(listenEvaluate.community_id, 0), managed), await managedLoose(this.db, c, LISTEN_COLS), open);
  }
}

const cache = new WeakMap<CommunityDeps, ListenAccess>();
/** The ListenAccess of a CommunityDeps (one per deps). */
export function listenAccessOf(deps: CommunityDeps): ListenAccess {
  let a = cache.get(deps);
  if (!a) {
    a = new ListenAccess(deps.db, deps.access);
    cache.set(deps, a);
  }
  return a;
}

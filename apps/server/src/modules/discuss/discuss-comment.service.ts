/**
 * The generic discussion calls (c315–c320 /v2/discuss_comment; docs/api/discuss.md, docs/decisions/0920): one panel
 * over the three discussed kinds. The payload names its target with exactly one of preparation_id,
 * reservation_record_id (a listen-evaluate record) or after_class_id; the kind's own access class decides:
 *
 *   preparation → PreparationAccess (can_view / can_discuss / can_manage)
 *   listen      → ListenAccess (listen-access.ts)
 *   after_class → AfterClassAccess (afterclass-access.ts)
 *
 * Reading needs can_view, writing can_discuss ('请先加入空间后评论！'); folding a thread its author or can_manage;
 * deleting the author only; liking can_view. Every write is pushed to the target's socket group after it commits
 * (DiscussService).
 */
import {
  DISCUSS_KINDS,
  DISCUSS_MESSAGES,
  type DiscussDeleteAnswer,
  type DiscussExpandAnswer,
  type DiscussIndexAnswer,
  type DiscussKind,
  type DiscussLikeAnswer,
  type DiscussListPayload,
  type DiscussMessage,
  type DiscussPage,
  type DiscussSavePayload,
  discussTargetOf,
  liveGroup,
} from "@yanke/protocol";
import { and, asc, count, countDistinct, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { afterClassAccessOf } from "../afterclass/afterclass-access.js";
import type { CommunityDeps } from "../community-deps.js";
import { listenAccessOf } from "../listen/listen-access.js";
import { listenTarget } from "../listen/listen.schema.js";
import type { Caller } from "../../http/caller.js";
import { discussComment } from "./discuss.schema.js";
import { DiscussService } from "./discuss.service.js";

/** The discussed object as the caller sees it. */
export interface DiscussTarget {
  kind: DiscussKind;
  ref_id: number;
  title: string;
  community_id: number;
  school_id: number;
  can_view: boolean;
  can_discuss: boolean;
  can_manage: boolean;
}

/** The community log action of a message written / deleted, per kind. */
const LOG: Record<DiscussKind, { save: string; del: string }> = {
  preparation: { save: "preparation.discuss", del: "preparation.discuss_delete" },
  listen: { save: "discuss.listen", del: "discuss.listen_delete" },
  after_class: { save: "after_class.comment", del: "after_class.comment_delete" },
};

const services = new WeakMap<CommunityDeps, DiscussService>();
/** The DiscussService of a CommunityDeps (one per deps), publishing to deps.live. */
export function discussServiceOf(deps: CommunityDeps): DiscussService {
  let s = services.get(deps);
  if (!s) {
    s = new DiscussService(deps.db, deps.files, deps.now, deps.live);
    services.set(deps, s);
  }
  return s;
}

export class DiscussCommentService {
  readonly discuss: DiscussService;
  private readonly db: Db;

  constructor(private readonly deps: CommunityDeps) {
    this.discuss = discussServiceOf(deps);
    this.db = deps.db;
  }

  /** The target and the caller's power over it (404 when it is gone). */
  async target(c: Caller, kind: DiscussKind, refId: number): Promise<DiscussTarget> {
    if (kind === "preparation") {
      const { prep, power } = await this.deps.preparations.require(c, refId);
      return {
        kind,
        ref_id: prep.id,
        title: prep.theme,
        community_id: prep.community_id,
        school_id: prep.school_id,
        can_view: power.can_view,
        can_discuss: power.can_discuss,
        can_manage: power.can_manage,
      };
    }
    if (kind === "listen") {
      const { record, power } = await listenAccessOf(this.deps).require(c, refId);
      return {
        kind,
        ref_id: record.id,
        title: record.name,
        community_id: record.community_id,
        school_id: record.school_id,
        can_view: power.can_view,
        can_discuss: power.can_discuss,
        can_manage: power.can_manage,
      };
    }
    const { row, power } = await afterClassAccessOf(this.deps).require(c, refId);
    return {
      kind,
      ref_id: row.id,
      title: row.title,
      community_id: row.community_id,
      school_id: row.school_id,
      can_view: power.can_view,
      can_discuss: power.can_discuss,
      can_manage: power.can_manage,
    };
  }

  private async viewable(c: Caller, kind: DiscussKind, refId: number): Promise<DiscussTarget> {
    const t = await this.target(c, kind, refId);
    if (!t.can_view) throw forbidden(`无权查看该${DISCUSS_KINDS[kind]}的研讨`);
    return t;
  }

  /** A message (not deleted) of one of the three kinds, or 404. */
  private async row(id: number): Promise<typeof discussComment.$inferSelect & { kind: DiscussKind }> {
    const [r] = await this.db.select().from(discussComment).where(eq(discussComment.id, id));
    if (!r || r.deleted_at || !(r.target_type in DISCUSS_KINDS)) throw notFound(DISCUSS_MESSAGES.gone);
    return { ...r, kind: r.target_type as DiscussKind };
  }

  /** A listen target tag must exist (in use; the platform's or the target's school's). */
  private async checkListenTarget(targetId: number, schoolId: number): Promise<void> {
    if (!targetId) return;
    const [t] = await this.db
      .select({ id: listenTarget.id })
      .from(listenTarget)
      .where(and(eq(listenTarget.id, targetId), eq(listenTarget.status, 1), inArray(listenTarget.school_id, [0, schoolId])));
    if (!t) throw badInput("听课维度不存在或已停用");
  }

  /** Writes a message on a target the caller may discuss (c315; c310 and c280 come here too). */
  async save(
    c: Caller,
    kind: DiscussKind,
    refId: number,
    p: Omit<DiscussSavePayload, "preparation_id" | "reservation_record_id" | "after_class_id">,
  ): Promise<DiscussMessage> {
    const t = await this.target(c, kind, refId);
    if (!t.can_discuss) throw forbidden(DISCUSS_MESSAGES.notJoined);
    await this.checkListenTarget(p.target_id ?? 0, t.school_id);
    return this.discuss.save(c, { target_type: kind, ref_id: t.ref_id, community_id: t.community_id, ...p }, async (tx: Tx) => {
      if (t.community_id)
        await this.deps.access.log(tx, {
          community_id: t.community_id,
          account_id: c.id,
          action: LOG[kind].save,
          target_type: kind,
          target_id: t.ref_id,
          content: `在${DISCUSS_KINDS[kind]}「${t.title}」中发表研讨`,
        });
    });
  }

  /** c315 */
  saveFrom(c: Caller, p: DiscussSavePayload): Promise<DiscussMessage> {
    const { kind, ref_id } = discussTargetOf(p);
    const { preparation_id: _a, reservation_record_id: _b, after_class_id: _c, ...msg } = p;
    return this.save(c, kind, ref_id, msg);
  }

  /** c316: its author, or a manager of the target. */
  async setExpand(c: Caller, id: number, expandStatus: number): Promise<DiscussExpandAnswer> {
    const r = await this.row(id);
    const t = await this.viewable(c, r.kind, r.ref_id);
    const d = await this.discuss.setExpand(c, r.kind, id, expandStatus, t.can_manage);
    return { id: d.id, expand_status: d.expand_status };
  }

  /** c317 */
  async list(c: Caller, p: DiscussListPayload): Promise<DiscussPage> {
    const { kind, ref_id } = discussTargetOf(p);
    const t = await this.viewable(c, kind, ref_id);
    const page = await this.discuss.list(c, {
      target_type: kind,
      ref_id: t.ref_id,
      page: p.page,
      limit: p.limit,
      target_id: p.target_id,
      wps_file_key: p.wps_file_key,
      order: p.order,
    });
    return { ...page, status: t.can_discuss ? 1 : 2 };
  }

  /** c318: the panel's state. */
  async index(c: Caller, kind: DiscussKind, refId: number): Promise<DiscussIndexAnswer> {
    const t = await this.viewable(c, kind, refId);
    const alive = and(eq(discussComment.target_type, kind), eq(discussComment.ref_id, t.ref_id), isNull(discussComment.deleted_at));
    const [n] = await this.db
      .select({ all: count(), threads: sql<number>`count(*) filter (where ${discussComment.pid} = 0)`, people: countDistinct(discussComment.account_id) })
      .from(discussComment)
      .where(alive);
    const targets =
      kind === "listen"
        ? await this.db
            .select({ id: listenTarget.id, name: listenTarget.name })
            .from(listenTarget)
            .where(and(eq(listenTarget.status, 1), inArray(listenTarget.school_id, [0, t.school_id])))
            .orderBy(asc(listenTarget.sort), asc(listenTarget.id))
        : [];
    return {
      kind,
      ref_id: t.ref_id,
      title: t.title,
      community_id: t.community_id,
      status: t.can_discuss ? 1 : 2,
      count: Number(n?.all ?? 0),
      threads: Number(n?.threads ?? 0),
      participants: Number(n?.people ?? 0),
      can_manage: t.can_manage,
      chat_key: kind === "listen" ? "TPK" : "",
      targets,
      group: liveGroup(kind, t.ref_id),
    };
  }

  /** c319 (and c311): the author only; soft delete, the replies stay. */
  async remove(c: Caller, id: number, onlyKind?: DiscussKind): Promise<DiscussDeleteAnswer> {
    const r = await this.row(id);
    if (onlyKind && r.kind !== onlyKind) throw notFound(DISCUSS_MESSAGES.gone);
    const t = await this.target(c, r.kind, r.ref_id).catch(() => null);
    await this.discuss.delete(c, r.kind, id, async (tx) => {
      if (t?.community_id)
        await this.deps.access.log(tx, {
          community_id: t.community_id,
          account_id: c.id,
          action: LOG[r.kind].del,
          target_type: r.kind,
          target_id: t.ref_id,
          content: `删除${DISCUSS_KINDS[r.kind]}「${t.title}」中的一条研讨`,
        });
    });
    return { id };
  }

  /** c320: toggles the caller's like (one per account). */
  async like(c: Caller, id: number): Promise<DiscussLikeAnswer> {
    const r = await this.row(id);
    await this.viewable(c, r.kind, r.ref_id);
    const d = await this.discuss.like(c, r.kind, id);
    return { id, like_count: d.like_count, is_like: d.is_like };
  }
}

/**
 * A teacher's reflections (教学反思; c388–c390; docs/api/collect.md, docs/decisions/0703): free-standing, on an
 * activity or in a community. Only the author edits and deletes; the list is the caller's own, except that the
 * creator of an activity or a manager of its community lists everyone's reflections on it (all = 1).
 */
import type { Page, ReflectListPayload, ReflectRow, ReflectSave } from "@yanke/protocol";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { activity } from "../activity/activity.schema.js";
import { hasContent, sanitizeRichText, summaryOf } from "../article/sanitize.js";
import type { CommunityAccess } from "../community/community-access.js";
import { community } from "../community/community.schema.js";
import type { Caller } from "../../http/caller.js";
import { and2, containsPattern } from "../org/period.service.js";
import { reflect } from "./personal.schema.js";

export const REFLECT_NOT_FOUND = "反思不存在或已删除";
export const ACTIVITY_NOT_FOUND = "活动不存在或已删除";

type ActivityRecord = typeof activity.$inferSelect;

export class ReflectService {
  constructor(
    private readonly db: Db,
    private readonly access: CommunityAccess,
  ) {}

  private async activity(id: number): Promise<ActivityRecord> {
    const [a] = await this.db.select().from(activity).where(eq(activity.id, id));
    if (!a) throw notFound(ACTIVITY_NOT_FOUND);
    return a;
  }

  /** The activity's creator, or a manager of its community. */
  private async managesActivity(c: Caller, a: ActivityRecord): Promise<boolean> {
    if (a.account_id === c.id) return true;
    if (!a.community_id) return false;
    const { power } = await this.access.require(c, a.community_id);
    return power.can_manage;
  }

  private select() {
    return this.db
      .select({ r: reflect, account_name: account.realname, activity_name: activity.name, community_name: community.name })
      .from(reflect)
      .leftJoin(account, eq(account.id, reflect.account_id))
      .leftJoin(activity, eq(activity.id, reflect.activity_id))
      .leftJoin(community, eq(community.id, reflect.community_id));
  }

  private toRow(
    c: Caller,
    x: { r: typeof reflect.$inferSelect; account_name: string | null; activity_name: string | null; community_name: string | null },
  ): ReflectRow {
    const r = x.r;
    return {
      id: r.id,
      account_id: r.account_id,
      account_name: x.account_name ?? "",
      title: r.title,
      content: r.content,
      summary: summaryOf(r.content),
      activity_id: r.activity_id,
      activity_name: x.activity_name ?? "",
      community_id: r.community_id,
      community_name: x.community_name ?? "",
      can_delete: r.account_id === c.id,
      created_at: formatTime(r.created_at),
      updated_at: formatTime(r.updated_at),
    };
  }

  /** c388 */
  async list(c: Caller, q: z.output<typeof ReflectListPayload>): Promise<Page<ReflectRow>> {
    let everyone = false;
    if (q.all) {
      if (!q.activity_id) throw forbidden("查看全部反思需要指定活动");
      const a = await this.activity(q.activity_id);
      if (!(await this.managesActivity(c, a))) throw forbidden("只有活动创建者或社区管理员可以查看全部反思");
      everyone = true;
    }
    const where = and2(
      everyone ? undefined : eq(reflect.account_id, c.id),
      q.activity_id ? eq(reflect.activity_id, q.activity_id) : undefined,
      q.community_id ? eq(reflect.community_id, q.community_id) : undefined,
      q.title ? sql`${reflect.title} ilike ${containsPattern(q.title)}` : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(reflect).where(where);
    const rows = await this.select()
      .where(where)
      .orderBy(desc(reflect.created_at), desc(reflect.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: rows.map((r) => this.toRow(c, r)), total: n, page: q.page, limit: q.limit };
  }

  /** c389: a new reflection, or the author's edit (id). */
  async save(c: Caller, p: z.output<typeof ReflectSave>): Promise<ReflectRow> {
    let communityId = p.community_id;
    if (p.activity_id) {
      const a = await this.activity(p.activity_id);
      if (a.status !== 1 && a.account_id !== c.id) throw notFound(ACTIVITY_NOT_FOUND);
      if (a.community_id) {
        if (communityId && communityId !== a.community_id) throw notFound("活动不属于该社区");
        communityId = a.community_id;
      }
    }
    if (communityId) await this.access.require(c, communityId, "can_view");
    const content = sanitizeRichText(p.content);
    const values = { title: p.title, content: hasContent(content) ? content : "", activity_id: p.activity_id, community_id: communityId };
    let id = p.id;
    if (id) {
      const [own] = await this.db.select({ account_id: reflect.account_id }).from(reflect).where(eq(reflect.id, id));
      if (!own) throw notFound(REFLECT_NOT_FOUND);
      if (own.account_id !== c.id) throw forbidden("只能修改自己的反思");
      await this.db
        .update(reflect)
        .set({ ...values, updated_at: new Date() })
        .where(eq(reflect.id, id));
    } else {
      const [row] = await this.db
        .insert(reflect)
        .values({ ...values, account_id: c.id })
        .returning({ id: reflect.id });
      id = row!.id;
    }
    const [r] = await this.select().where(eq(reflect.id, id));
    return this.toRow(c, r!);
  }

  /** c390: only the author. */
  async remove(c: Caller, id: number): Promise<null> {
    const [r] = await this.db.select({ account_id: reflect.account_id }).from(reflect).where(eq(reflect.id, id));
    if (!r) throw notFound(REFLECT_NOT_FOUND);
    if (r.account_id !== c.id) throw forbidden("只能删除自己的反思");
    await this.db.delete(reflect).where(and(eq(reflect.id, id), eq(reflect.account_id, c.id)));
    return null;
  }
}

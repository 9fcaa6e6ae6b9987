/**
 * Collections (我的收藏; c391, c392; docs/api/collect.md, docs/decisions/0703): one per user and target — the unique
 * index collect_uq decides a race; saving again removes it. A target must exist and be visible to the caller when it
 * is collected: a community or article he may view, an activity shown (of a community he may view), a video he owns
 * or administers, a collective preparation (#8) he may view (PreparationAccess can_view).
 */
import { COLLECT_TARGETS, type CollectListPayload, type CollectRow, type CollectSave, type CollectSaveAnswer, type Page } from "@yanke/protocol";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { badInput, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { activity } from "../activity/activity.schema.js";
import { communityArticle } from "../article/article.schema.js";
import type { CommunityAccess } from "../community/community-access.js";
import { community } from "../community/community.schema.js";
import type { OrgService } from "../org/org.service.js";
import type { Caller } from "../../http/caller.js";
import { OUT_OF_SCOPE, and2 } from "../org/period.service.js";
import { video } from "../video/video.schema.js";
import { PreparationAccess } from "../preparation/preparation-access.js";
import { preparation } from "../preparation/preparation.schema.js";
import { collect } from "./personal.schema.js";

export const TARGET_GONE = "该内容已删除";

interface Target {
  title: string;
  cover_url: string;
  community_id: number;
  community_name: string;
  account_name: string;
}

export class CollectService {
  private readonly preparations: PreparationAccess;

  constructor(
    private readonly db: Db,
    private readonly access: CommunityAccess,
    private readonly org: OrgService,
  ) {
    this.preparations = new PreparationAccess(db, access);
  }

  /** 404 / 403 unless the target exists and the caller may see it. */
  private async checkTarget(c: Caller, type: string, id: number): Promise<void> {
    switch (type) {
      case "community":
        await this.access.require(c, id, "can_view");
        return;
      case "article": {
        const [a] = await this.db.select().from(communityArticle).where(eq(communityArticle.id, id));
        if (!a) throw notFound("文章不存在或已删除");
        const { power } = await this.access.require(c, a.community_id, "can_view");
        if (a.status !== 1 && a.account_id !== c.id && !power.can_manage) throw notFound("文章不存在或已删除");
        return;
      }
      case "activity": {
        const [a] = await this.db.select().from(activity).where(eq(activity.id, id));
        if (!a || (a.status !== 1 && a.account_id !== c.id)) throw notFound("活动不存在或已删除");
        if (a.community_id) await this.access.require(c, a.community_id, "can_view");
        return;
      }
      case "video": {
        const [v] = await this.db.select({ account_id: video.account_id, school_id: video.school_id }).from(video).where(eq(video.id, id));
        if (!v || (v.account_id !== c.id && !(v.school_id && (await this.org.inScope(c, v.school_id))))) throw notFound(`视频${OUT_OF_SCOPE}`);
        return;
      }
      case "preparation":
        await this.preparations.require(c, id, "can_view");
        return;
      default:
        throw badInput(`收藏类型只能是 ${Object.keys(COLLECT_TARGETS).join("、")}`);
    }
  }

  /** c391: toggles; the unique index keeps one row per user and target whatever the concurrency. */
  async save(c: Caller, p: z.output<typeof CollectSave>): Promise<CollectSaveAnswer> {
    await this.checkTarget(c, p.target_type, p.target_id);
    const mine = and(eq(collect.account_id, c.id), eq(collect.target_type, p.target_type), eq(collect.target_id, p.target_id));
    const added = await this.db
      .insert(collect)
      .values({ account_id: c.id, target_type: p.target_type, target_id: p.target_id })
      .onConflictDoNothing()
      .returning({ id: collect.id });
    if (added.length) return { target_type: p.target_type, target_id: p.target_id, is_collect: true };
    await this.db.delete(collect).where(mine);
    const [left] = await this.db.select({ id: collect.id }).from(collect).where(mine);
    return { target_type: p.target_type, target_id: p.target_id, is_collect: Boolean(left) };
  }

  /** What the list shows of each target, by type. */
  private async targets(type: string, ids: number[]): Promise<Map<number, Target>> {
    const out = new Map<number, Target>();
    if (!ids.length) return out;
    switch (type) {
      case "community": {
        const rows = await this.db
          .select({ id: community.id, name: community.name, logo: community.logo_url, owner: account.realname })
          .from(community)
          .leftJoin(account, eq(account.id, community.account_id))
          .where(inArray(community.id, ids));
        for (const r of rows) out.set(r.id, { title: r.name, cover_url: r.logo, community_id: r.id, community_name: r.name, account_name: r.owner ?? "" });
        break;
      }
      case "article": {
        const rows = await this.db
          .select({
            id: communityArticle.id,
            title: communityArticle.title,
            cover: communityArticle.cover_url,
            cid: communityArticle.community_id,
            cname: community.name,
            author: account.realname,
          })
          .from(communityArticle)
          .leftJoin(community, eq(community.id, communityArticle.community_id))
          .leftJoin(account, eq(account.id, communityArticle.account_id))
          .where(inArray(communityArticle.id, ids));
        for (const r of rows)
          out.set(r.id, { title: r.title, cover_url: r.cover, community_id: r.cid, community_name: r.cname ?? "", account_name: r.author ?? "" });
        break;
      }
      case "activity": {
        const rows = await this.db
          .select({
            id: activity.id,
            name: activity.name,
            cover: activity.cover_url,
            cid: activity.community_id,
            cname: community.name,
            author: account.realname,
          })
          .from(activity)
          .leftJoin(community, eq(community.id, activity.community_id))
          .leftJoin(account, eq(account.id, activity.account_id))
          .where(inArray(activity.id, ids));
        for (const r of rows)
          out.set(r.id, { title: r.name, cover_url: r.cover, community_id: r.cid, community_name: r.cname ?? "", account_name: r.author ?? "" });
        break;
      }
      case "preparation": {
        const rows = await this.db
          .select({
            id: preparation.id,
            theme: preparation.theme,
            cover: preparation.cover_url,
            logo: preparation.logo_url,
            cid: preparation.community_id,
            cname: community.name,
            author: account.realname,
          })
          .from(preparation)
          .leftJoin(community, eq(community.id, preparation.community_id))
          .leftJoin(account, eq(account.id, preparation.account_id))
          .where(inArray(preparation.id, ids));
        for (const r of rows)
          out.set(r.id, { title: r.theme, cover_url: r.cover || r.logo, community_id: r.cid, community_name: r.cname ?? "", account_name: r.author ?? "" });
        break;
      }
      case "video": {
        const rows = await this.db
          .select({ id: video.id, name: video.name, author: account.realname })
          .from(video)
          .leftJoin(account, eq(account.id, video.account_id))
          .where(inArray(video.id, ids));
        for (const r of rows) out.set(r.id, { title: r.name, cover_url: "", community_id: 0, community_name: "", account_name: r.author ?? "" });
        break;
      }
    }
    return out;
  }

  /** c392: the caller's collects, newest first, each with its target's title and link data. */
  async list(c: Caller, q: z.output<typeof CollectListPayload>): Promise<Page<CollectRow>> {
    const where = and2(eq(collect.account_id, c.id), q.target_type ? eq(collect.target_type, q.target_type) : undefined);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(collect).where(where);
    const rows = await this.db
      .select()
      .from(collect)
      .where(where)
      .orderBy(desc(collect.created_at), desc(collect.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const byType = new Map<string, Map<number, Target>>();
    for (const type of new Set(rows.map((r) => r.target_type))) {
      byType.set(
        type,
        await this.targets(
          type,
          rows.filter((r) => r.target_type === type).map((r) => r.target_id),
        ),
      );
    }
    const list = rows.map((r): CollectRow => {
      const t = byType.get(r.target_type)?.get(r.target_id);
      return {
        id: r.id,
        target_type: r.target_type,
        target_type_name: COLLECT_TARGETS[r.target_type] ?? r.target_type,
        target_id: r.target_id,
        title: t?.title ?? TARGET_GONE,
        cover_url: t?.cover_url ?? "",
        community_id: t?.community_id ?? 0,
        community_name: t?.community_name ?? "",
        account_name: t?.account_name ?? "",
        exists: Boolean(t),
        created_at: formatTime(r.created_at),
      };
    });
    return { list, total: n, page: q.page, limit: q.limit };
  }
}

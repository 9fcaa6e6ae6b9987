/**
 * The personal centre of the community edition (newPersonalCenter c368–c375; docs/api/personal.md): the caller's
 * studios, communities recommended to him, recommended activities (and their toggle by managers), a teacher's
 * public profile, his videos, the activities he created and those he takes part in.
 */
import {
  type AccountStudio,
  type AccountStudioPayload,
  COMMUNITY_LEVELS,
  COMMUNITY_TYPES,
  type CourseRow,
  MEMBER_ROLE_NAMES,
  MEMBER_STATUS,
  type Page,
  type PersonalCourseListPayload,
  type PersonalPagePayload,
  type StudioRow,
} from "@yanke/protocol";
import { type SQL, and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { activity, activityMember } from "../activity/activity.schema.js";
import { communityArticle } from "../article/article.schema.js";
import { community, communityMember } from "../community/community.schema.js";
import { grade, period, school, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { video } from "../video/video.schema.js";

/** Studios (工作室): 名师工作室 and 名班主任工作室. */
export const STUDIO_TYPES = [2, 3];
/** Communities a profile lists at most. */
export const PROFILE_COMMUNITIES = 50;
export const ACCOUNT_NOT_FOUND = "用户不存在";

const n = sql<number>`count(*)::int`;

export interface PersonalDeps {
  db: Db;
  /** Signed address of a stored file (FileService.signedPath). */
  signedPath(fileId: number): string;
}

export class PersonalService {
  private readonly db: Db;

  constructor(private readonly deps: PersonalDeps) {
    this.db = deps.db;
  }

  /** Studio rows of these communities in order, with the role `roleOf` gives. */
  private async studios(ids: number[], roleOf: Map<number, number>): Promise<StudioRow[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({
        c: community,
        // The owner now (role 1; a transfer changes it), not necessarily the creator.
        owner_name: sql<string>`coalesce((select "o"."realname" from "community_member" "m" inner join "account" "o" on "o"."id" = "m"."account_id" where "m"."community_id" = ${community.id} and "m"."role" = 1 limit 1), '')`,
        school_name: sql<string>`coalesce(${school.title}, '')`,
        members: sql<number>`(select count(*) from ${communityMember} where ${communityMember.community_id} = ${community.id} and ${communityMember.status} = 1)::int`,
        activities: sql<number>`(select count(*) from ${activity} where ${activity.community_id} = ${community.id} and ${activity.status} = 1)::int`,
      })
      .from(community)
      .leftJoin(school, eq(school.id, community.school_id))
      .where(inArray(community.id, ids));
    return ids.flatMap((id) => {
      const r = rows.find((x) => x.c.id === id);
      if (!r) return [];
      const role = roleOf.get(id) ?? 0;
      return [
        {
          id,
          name: r.c.name,
          introduction: r.c.introduction,
          logo_url: r.c.logo_url,
          type: r.c.type,
          type_name: COMMUNITY_TYPES[r.c.type] ?? "",
          level: r.c.level,
          level_name: COMMUNITY_LEVELS[r.c.level] ?? "",
          period_id: r.c.period_id,
          subject_id: r.c.subject_id,
          school_name: r.school_name,
          owner_name: r.owner_name,
          member_count: r.members,
          activity_count: r.activities,
          is_recommend: r.c.is_recommend,
          role,
          role_name: MEMBER_ROLE_NAMES[role] ?? "",
        },
      ];
    });
  }

  /** Normal communities the account joined, (optionally) of these types, as a page. */
  private async joined(accountId: number, p: PersonalPagePayload, types?: number[]): Promise<Page<StudioRow>> {
    const where = and(
      eq(communityMember.account_id, accountId),
      eq(communityMember.status, MEMBER_STATUS.joined),
      eq(community.status, 1),
      types ? inArray(community.type, types) : undefined,
      p.keyword ? sql`${community.name} ilike ${containsPattern(p.keyword)}` : undefined,
    );
    const [total] = await this.db.select({ n }).from(communityMember).innerJoin(community, eq(community.id, communityMember.community_id)).where(where);
    const rows = await this.db
      .select({ id: community.id, role: communityMember.role })
      .from(communityMember)
      .innerJoin(community, eq(community.id, communityMember.community_id))
      .where(where)
      .orderBy(asc(communityMember.role), desc(community.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: await this.studios(
        rows.map((r) => r.id),
        new Map(rows.map((r) => [r.id, r.role])),
      ),
      total: total?.n ?? 0,
      page: p.page,
      limit: p.limit,
    };
  }

  /** c368: the caller's studios. */
  teachingStudio(c: Caller, p: PersonalPagePayload): Promise<Page<StudioRow>> {
    return this.joined(c.id, p, STUDIO_TYPES);
  }

  /**
   * c369: normal displayed communities he has not joined (nor applied to), of his period or subject when he has
   * them; recommended first, then the biggest.
   */
  async recommend(c: Caller & { subject_id: number }, p: PersonalPagePayload): Promise<Page<StudioRow>> {
    const match: SQL[] = [];
    if (c.period_id) match.push(eq(community.period_id, c.period_id));
    if (c.subject_id) match.push(eq(community.subject_id, c.subject_id));
    const where = and(
      eq(community.status, 1),
      eq(community.is_display, 1),
      sql`not exists (select 1 from ${communityMember} where ${communityMember.community_id} = ${community.id} and ${communityMember.account_id} = ${c.id} and ${communityMember.status} in (${MEMBER_STATUS.joined}, ${MEMBER_STATUS.applying}))`,
      match.length ? or(...match) : undefined,
      p.keyword ? sql`${community.name} ilike ${containsPattern(p.keyword)}` : undefined,
    );
    const size = sql`(select count(*) from ${communityMember} where ${communityMember.community_id} = ${community.id} and ${communityMember.status} = 1)`;
    const [total] = await this.db.select({ n }).from(community).where(where);
    const rows = await this.db
      .select({ id: community.id })
      .from(community)
      .where(where)
      .orderBy(desc(community.is_recommend), desc(size), desc(community.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: await this.studios(
        rows.map((r) => r.id),
        new Map(),
      ),
      total: total?.n ?? 0,
      page: p.page,
      limit: p.limit,
    };
  }

  /** c372: a teacher's public profile (default the caller). */
  async accountStudio(c: Caller, p: AccountStudioPayload): Promise<AccountStudio> {
    const id = p.account_id ?? c.id;
    const [a] = await this.db
      .select({
        a: account,
        school_name: sql<string>`coalesce(${school.title}, '')`,
        period_name: sql<string>`coalesce(${period.name}, '')`,
        subject_name: sql<string>`coalesce(${subject.name}, '')`,
      })
      .from(account)
      .leftJoin(school, eq(school.id, account.school_id))
      .leftJoin(period, eq(period.id, account.period_id))
      .leftJoin(subject, eq(subject.id, account.subject_id))
      .where(eq(account.id, id));
    if (a?.a.status !== 1) throw notFound(ACCOUNT_NOT_FOUND);
    const communities = await this.joined(id, { page: 1, limit: PROFILE_COMMUNITIES });
    const [studios] = await this.db
      .select({ n })
      .from(communityMember)
      .innerJoin(community, eq(community.id, communityMember.community_id))
      .where(and(eq(communityMember.account_id, id), eq(communityMember.status, 1), eq(community.status, 1), inArray(community.type, STUDIO_TYPES)));
    const [created] = await this.db
      .select({ n })
      .from(activity)
      .where(and(eq(activity.account_id, id), eq(activity.status, 1)));
    const [involved] = await this.db
      .select({ n })
      .from(activityMember)
      .innerJoin(activity, eq(activity.id, activityMember.activity_id))
      .where(and(eq(activityMember.account_id, id), eq(activity.status, 1)));
    const [articles] = await this.db
      .select({ n })
      .from(communityArticle)
      .where(and(eq(communityArticle.account_id, id), eq(communityArticle.status, 1)));
    const [videos] = await this.db.select({ n }).from(video).where(eq(video.account_id, id));
    return {
      account: {
        id: a.a.id,
        realname: a.a.realname,
        head_portrait_url: a.a.head_portrait_url,
        school_id: a.a.school_id,
        school_name: a.school_name,
        period_id: a.a.period_id,
        period_name: a.period_name,
        subject_id: a.a.subject_id,
        subject_name: a.subject_name,
      },
      communities: communities.list,
      community_count: communities.total,
      studio_count: studios?.n ?? 0,
      activity_count: created?.n ?? 0,
      involved_count: involved?.n ?? 0,
      article_count: articles?.n ?? 0,
      video_count: videos?.n ?? 0,
    };
  }

  /** c373: the caller's videos, newest first. */
  async courseList(c: Caller, p: PersonalCourseListPayload): Promise<Page<CourseRow>> {
    const where = and(eq(video.account_id, c.id), p.name ? sql`${video.name} ilike ${containsPattern(p.name)}` : undefined);
    const [total] = await this.db.select({ n }).from(video).where(where);
    const rows = await this.db
      .select({
        v: video,
        account_name: sql<string>`coalesce(${account.realname}, '')`,
        grade_name: sql<string>`coalesce(${grade.name}, '')`,
        period_name: sql<string>`coalesce(${period.name}, '')`,
        subject_name: sql<string>`coalesce(${subject.name}, '')`,
      })
      .from(video)
      .leftJoin(account, eq(account.id, video.account_id))
      .leftJoin(grade, eq(grade.id, video.grade_id))
      .leftJoin(period, eq(period.id, video.period_id))
      .leftJoin(subject, eq(subject.id, video.subject_id))
      .where(where)
      .orderBy(desc(video.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: rows.map((r) => ({
        id: r.v.id,
        name: r.v.name,
        account_name: r.account_name,
        grade_name: r.grade_name,
        grade_config_id: r.v.grade_id,
        period_id: r.v.period_id,
        period_name: r.period_name,
        subject_id: r.v.subject_id,
        subject_name: r.subject_name,
        url: this.deps.signedPath(r.v.file_id),
        duration: r.v.duration,
        status: r.v.status,
        source: r.v.source,
        created_at: formatTime(r.v.created_at),
      })),
      total: total?.n ?? 0,
      page: p.page,
      limit: p.limit,
    };
  }
}

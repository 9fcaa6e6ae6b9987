/**
 * The community home (njy_index c338–c344), statistics (stat c345–c347) and organization calls (c348–c357),
 * computed from the rows by SQL over the caller's organization (docs/decisions/0707, docs/api/home.md).
 */
import {
  ACTIVITY_TYPES,
  ACTIVITY_TYPE_KEYS,
  type ActivityNums,
  type ActivityNumsPayload,
  type ActivityRow,
  type ActivitySchedule,
  type ActivitySchedulePayload,
  COMMUNITY_LEVELS,
  COMMUNITY_TYPES,
  type Census,
  type CommunityAccountRow,
  type CommunityActivityCount,
  type CommunityCard,
  type DynamicRow,
  type HomeActivityListPayload,
  type HomeStatistics,
  type HomeTypeActivityPayload,
  type JuniorListPayload,
  type MyOrganization,
  type OrgActivityCountPayload,
  type OrgActivityListPayload,
  type OrgCommunityAccountPayload,
  type OrgCommunityListPayload,
  type OrgTeacherListPayload,
  type OrgTeacherRow,
  type Page,
  type Ranking,
  type RankingPayload,
  type RegionAccountPayload,
  type ScheduleActivity,
  type ScopePayload,
  type TeacherActivityCount,
  TIME_FORMAT,
  TIME_ZONE,
  type TrainRow,
  type UnitCount,
  COMMUNITY_LOG_ACTIONS,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { type SQL, and, asc, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { badInput } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { activity, activityMember } from "../activity/activity.schema.js";
import { ActivityService, activityInScope, filterSql, involving, ofJoinedCommunities, phaseOf, phaseSql } from "../activity/activity.service.js";
import { communityArticle } from "../article/article.schema.js";
import { community, communityLog, communityMember } from "../community/community.schema.js";
import { notice } from "../notice/notice.schema.js";
import { region, school, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { video } from "../video/video.schema.js";
import { trainPublicList } from "../training/training.service.js";
import { type OrgScope, type OrgScopes, type RegionRow, within } from "./org-scope.js";

const TEACHER = 2;
/** Community log rows over this many days make a community's active_score. */
export const ACTIVE_DAYS = 30;
export const SCHEDULE_DAY_LIST = 20;
/** Schools a census answers at most. */
export const CENSUS_SCHOOLS = 200;

/** How the feed names a log action (all of them: COMMUNITY_LOG_ACTIONS). */
export const ACTION_NAMES = COMMUNITY_LOG_ACTIONS;

function actionName(action: string): string {
  const known = ACTION_NAMES[action];
  if (known) return known;
  const verb = action.split(".").pop();
  return verb === "save" ? "发布了内容" : verb === "delete" ? "删除了内容" : "更新了社区";
}

type Totals = Census["totals"];

/** `community` rows in an organization: its schools' communities and the communities of its regions. */
export function communityInScope(s: OrgScope): SQL | undefined {
  if (s.all) return undefined;
  return or(within(community.school_id, s.schools), within(community.region_id, s.regions));
}

function schoolIn(column: Parameters<typeof within>[0], s: OrgScope): SQL | undefined {
  return s.all ? undefined : within(column, s.schools);
}

const n = sql<number>`count(*)::int`;

function monthStart(month: string): dayjs.Dayjs {
  return dayjs.tz(`${month}-01 00:00:00`, TIME_FORMAT, TIME_ZONE);
}

export class HomeService {
  readonly scopes: OrgScopes;

  constructor(
    private readonly db: Db,
    private readonly activities: ActivityService,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.scopes = activities.scopes;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Counts

  async totals(s: OrgScope): Promise<Totals> {
    const db = this.db;
    const comScope = communityInScope(s);
    const [schools] = s.all ? await db.select({ n }).from(school) : [{ n: s.schools.length }];
    const [teachers] = await db
      .select({ n })
      .from(account)
      .where(and(eq(account.identity, TEACHER), eq(account.status, 1), schoolIn(account.school_id, s)));
    const [communities] = await db
      .select({ n })
      .from(community)
      .where(and(eq(community.status, 1), comScope));
    const [members] = await db
      .select({ n: sql<number>`count(distinct ${communityMember.account_id})::int` })
      .from(communityMember)
      .innerJoin(community, eq(community.id, communityMember.community_id))
      .where(and(eq(communityMember.status, 1), eq(community.status, 1), comScope));
    const [activities] = await db
      .select({ n })
      .from(activity)
      .where(and(eq(activity.status, 1), activityInScope(s)));
    const [articles] = await db
      .select({ n })
      .from(communityArticle)
      .innerJoin(community, eq(community.id, communityArticle.community_id))
      .where(and(eq(communityArticle.status, 1), eq(community.status, 1), comScope));
    return {
      school_count: schools?.n ?? 0,
      teacher_count: teachers?.n ?? 0,
      community_count: communities?.n ?? 0,
      member_count: members?.n ?? 0,
      activity_count: activities?.n ?? 0,
      article_count: articles?.n ?? 0,
    };
  }

  /** c338 / c348. */
  async statistics(c: Caller, p: ScopePayload): Promise<HomeStatistics> {
    const s = await this.scopes.resolve(c, p);
    const db = this.db;
    const now = this.now();
    const comScope = communityInScope(s);
    const totals = await this.totals(s);
    const [studios] = await db
      .select({ n })
      .from(community)
      .where(and(eq(community.status, 1), inArray(community.type, [2, 3]), comScope));
    const byType = await db
      .select({
        type: activity.type,
        n,
        running: sql<number>`(count(*) filter (where ${activity.start_time} <= ${now} and ${activity.end_time} >= ${now}))::int`,
        upcoming: sql<number>`(count(*) filter (where ${activity.start_time} > ${now}))::int`,
      })
      .from(activity)
      .where(and(eq(activity.status, 1), activityInScope(s)))
      .groupBy(activity.type);
    const [notices] = await db
      .select({ n })
      .from(notice)
      .innerJoin(community, eq(community.id, notice.community_id))
      .where(and(eq(notice.status, 1), eq(community.status, 1), comScope));
    const [videos] = await db.select({ n }).from(video).where(schoolIn(video.school_id, s));
    const types = [...ACTIVITY_TYPE_KEYS, ...byType.map((r) => r.type).filter((t) => !(ACTIVITY_TYPE_KEYS as readonly string[]).includes(t))];
    return {
      scope: s.info,
      school_count: totals.school_count,
      teacher_count: totals.teacher_count,
      community_count: totals.community_count,
      studio_count: studios?.n ?? 0,
      member_count: totals.member_count,
      activity_count: totals.activity_count,
      running_activity_count: byType.reduce((a, r) => a + r.running, 0),
      upcoming_activity_count: byType.reduce((a, r) => a + r.upcoming, 0),
      activity_by_type: types.map((t) => ({ type: t, name: ACTIVITY_TYPES[t] ?? t, count: byType.find((r) => r.type === t)?.n ?? 0 })),
      article_count: totals.article_count,
      notice_count: notices?.n ?? 0,
      video_count: videos?.n ?? 0,
    };
  }

  /** Activities of the caller's home page: those he may see, of his organization or of his communities (or his own). */
  private async homeActivities(c: Caller): Promise<SQL> {
    const s = await this.scopes.of(c);
    const visible = await this.activities.visibleSql(c);
    if (s.all) return visible;
    return and(visible, or(activityInScope(s), ofJoinedCommunities(c.id), eq(activity.account_id, c.id), involving(c.id)))!;
  }

  /** c339: every day of a month with the activities taking place on it. */
  async activitySchedule(c: Caller, p: ActivitySchedulePayload): Promise<ActivitySchedule> {
    const month = p.month ?? dayjs(this.now()).tz(TIME_ZONE).format("YYYY-MM");
    const first = monthStart(month);
    const next = first.add(1, "month");
    const where = and(
      await this.homeActivities(c),
      lt(activity.start_time, next.toDate()),
      gte(activity.end_time, first.toDate()),
      p.type ? eq(activity.type, p.type) : undefined,
    );
    // One pass in SQL: each day of the month joined with the activities overlapping it, numbered by start time; only
    // the first SCHEDULE_DAY_LIST of a day travel, with the day's count beside them.
    const tz = sql.raw(`'${TIME_ZONE}'`);
    const result = await this.db.execute(sql`
      select * from (
        select to_char(d.day at time zone ${tz}, 'YYYY-MM-DD') as date,
               ${activity.id} as id, ${activity.type} as type, ${activity.name} as name, ${activity.community_id} as community_id,
               (extract(epoch from ${activity.start_time}) * 1000)::float8 as start_ms,
               (extract(epoch from ${activity.end_time}) * 1000)::float8 as end_ms,
               row_number() over (partition by d.day order by ${activity.start_time}, ${activity.id}) as rn,
               (count(*) over (partition by d.day))::int as day_count
        from generate_series(${first.toDate()}::timestamptz, ${next.subtract(1, "day").toDate()}::timestamptz, interval '1 day') as d(day)
        inner join ${activity} on ${activity.start_time} < d.day + interval '1 day' and ${activity.end_time} >= d.day
        where ${where}
      ) x where x.rn <= ${SCHEDULE_DAY_LIST}
      order by x.date, x.rn`);
    const rows = (
      result as unknown as {
        rows: { date: string; id: number; type: string; name: string; community_id: number; start_ms: number; end_ms: number; day_count: number }[];
      }
    ).rows;
    const [counted] = await this.db.select({ n }).from(activity).where(where);
    const total = counted?.n ?? 0;
    const ids = [...new Set(rows.map((r) => Number(r.community_id)).filter(Boolean))];
    const names = new Map(
      ids.length
        ? (await this.db.select({ id: community.id, name: community.name }).from(community).where(inArray(community.id, ids))).map((r) => [r.id, r.name])
        : [],
    );
    const now = this.now();
    const days: ActivitySchedule["days"] = [];
    for (let d = first; d.isBefore(next); d = d.add(1, "day")) {
      const date = d.format("YYYY-MM-DD");
      const on = rows.filter((r) => r.date === date);
      days.push({
        date,
        count: on.length ? Number(on[0]!.day_count) : 0,
        list: on.map((r): ScheduleActivity => {
          const start = new Date(Number(r.start_ms));
          const end = new Date(Number(r.end_ms));
          return {
            id: Number(r.id),
            type: r.type,
            type_name: ACTIVITY_TYPES[r.type] ?? r.type,
            name: r.name,
            community_id: Number(r.community_id),
            community_name: names.get(Number(r.community_id)) ?? "",
            start_time: formatTime(start),
            end_time: formatTime(end),
            phase: phaseOf(start, end, now),
          };
        }),
      });
    }
    return { month, total, days };
  }

  /** Community cards of these ids (counts for them only), in the given order. */
  async cards(ids: number[]): Promise<CommunityCard[]> {
    if (!ids.length) return [];
    const db = this.db;
    const since = new Date(this.now().getTime() - ACTIVE_DAYS * 86400_000);
    const rows = await db
      .select({
        c: community,
        // The owner now (role 1; a transfer changes it), not necessarily the creator.
        owner_name: sql<string>`coalesce((select "o"."realname" from "community_member" "m" inner join "account" "o" on "o"."id" = "m"."account_id" where "m"."community_id" = ${community.id} and "m"."role" = 1 limit 1), '')`,
        school_name: sql<string>`coalesce(${school.title}, '')`,
      })
      .from(community)
      .leftJoin(school, eq(school.id, community.school_id))
      .where(inArray(community.id, ids));
    const count = async (q: Promise<{ id: number; n: number }[]>) => new Map((await q).map((r) => [r.id, r.n]));
    const members = await count(
      db
        .select({ id: communityMember.community_id, n })
        .from(communityMember)
        .where(and(inArray(communityMember.community_id, ids), eq(communityMember.status, 1)))
        .groupBy(communityMember.community_id),
    );
    const acts = await count(
      db
        .select({ id: activity.community_id, n })
        .from(activity)
        .where(and(inArray(activity.community_id, ids), eq(activity.status, 1)))
        .groupBy(activity.community_id),
    );
    const arts = await count(
      db
        .select({ id: communityArticle.community_id, n })
        .from(communityArticle)
        .where(and(inArray(communityArticle.community_id, ids), eq(communityArticle.status, 1)))
        .groupBy(communityArticle.community_id),
    );
    const logs = await count(
      db
        .select({ id: communityLog.community_id, n })
        .from(communityLog)
        .where(and(inArray(communityLog.community_id, ids), gte(communityLog.created_at, since)))
        .groupBy(communityLog.community_id),
    );
    const byId = new Map(rows.map((r) => [r.c.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const c = r.c;
      return [
        {
          id: c.id,
          name: c.name,
          introduction: c.introduction,
          logo_url: c.logo_url,
          banner_url: c.banner_url,
          type: c.type,
          type_name: COMMUNITY_TYPES[c.type] ?? "",
          level: c.level,
          level_name: COMMUNITY_LEVELS[c.level] ?? "",
          community_level: c.community_level,
          school_id: c.school_id,
          school_name: r.school_name,
          region_id: c.region_id,
          is_recommend: c.is_recommend,
          status: c.status,
          owner_name: r.owner_name,
          member_count: members.get(id) ?? 0,
          activity_count: acts.get(id) ?? 0,
          article_count: arts.get(id) ?? 0,
          active_score: logs.get(id) ?? 0,
          created_at: formatTime(c.created_at),
        },
      ];
    });
  }

  /** c340: recommended normal communities first, then the most active (log rows over 30 days), then the biggest. */
  async recommendCommunityList(_c: Caller, p: { page: number; limit: number }): Promise<Page<CommunityCard>> {
    const since = new Date(this.now().getTime() - ACTIVE_DAYS * 86400_000);
    const where = and(eq(community.status, 1), eq(community.is_display, 1));
    const [total] = await this.db.select({ n }).from(community).where(where);
    const score = sql`(select count(*) from ${communityLog} where ${communityLog.community_id} = ${community.id} and ${communityLog.created_at} >= ${since})`;
    const size = sql`(select count(*) from ${communityMember} where ${communityMember.community_id} = ${community.id} and ${communityMember.status} = 1)`;
    const ids = await this.db
      .select({ id: community.id })
      .from(community)
      .where(where)
      .orderBy(desc(community.is_recommend), desc(score), desc(size), desc(community.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return { list: await this.cards(ids.map((r) => r.id)), total: total?.n ?? 0, page: p.page, limit: p.limit };
  }

  /** c341: upcoming and running activities, soonest first. */
  async activityList(c: Caller, p: HomeActivityListPayload): Promise<Page<ActivityRow>> {
    const now = this.now();
    const when = p.phase ? phaseSql(p.phase, now) : gte(activity.end_time, now);
    return this.activities.page(and(await this.homeActivities(c), when), ActivityService.SOONEST, p.page, p.limit);
  }

  /** c344: activities by type (every phase), newest first. */
  async typeActivityList(c: Caller, p: HomeTypeActivityPayload): Promise<Page<ActivityRow>> {
    return this.activities.page(
      and(await this.homeActivities(c), ...filterSql({ type: p.type, phase: p.phase }, this.now())),
      ActivityService.NEWEST,
      p.page,
      p.limit,
    );
  }

  /** c342: the latest events of the platform's normal, displayed communities. */
  async platformDynamics(_c: Caller, p: { page: number; limit: number }): Promise<Page<DynamicRow>> {
    const where = and(eq(community.status, 1), eq(community.is_display, 1));
    const [total] = await this.db.select({ n }).from(communityLog).innerJoin(community, eq(community.id, communityLog.community_id)).where(where);
    const rows = await this.db
      .select({
        l: communityLog,
        community_name: community.name,
        account_name: sql<string>`coalesce(${account.realname}, '')`,
        head_portrait_url: sql<string>`coalesce(${account.head_portrait_url}, '')`,
      })
      .from(communityLog)
      .innerJoin(community, eq(community.id, communityLog.community_id))
      .leftJoin(account, eq(account.id, communityLog.account_id))
      .where(where)
      .orderBy(desc(communityLog.created_at), desc(communityLog.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: rows.map((r) => ({
        id: r.l.id,
        community_id: r.l.community_id,
        community_name: r.community_name,
        account_id: r.l.account_id,
        account_name: r.account_name,
        head_portrait_url: r.head_portrait_url,
        action: r.l.action,
        action_name: actionName(r.l.action),
        target_type: r.l.target_type,
        target_id: r.l.target_id,
        content: r.l.content,
        created_at: formatTime(r.l.created_at),
      })),
      total: total?.n ?? 0,
      page: p.page,
      limit: p.limit,
    };
  }

  /** c343: published training programmes (#12), newest first, by keyword (the training module answers). */
  async trainList(_c: Caller, p: { page: number; limit: number; keyword?: string | undefined }): Promise<Page<TrainRow>> {
    return trainPublicList(this.db, p);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Units (regions and schools)

  /** Counts of each school (one grouped query per measure). */
  async schoolUnits(schoolIds: number[] | undefined): Promise<UnitCount[]> {
    const db = this.db;
    const only = (col: Parameters<typeof within>[0]) => (schoolIds === undefined ? undefined : within(col, schoolIds));
    const schools = await db.select({ id: school.id, title: school.title }).from(school).where(only(school.id)).orderBy(asc(school.id));
    if (!schools.length) return [];
    const count = async (q: Promise<{ id: number; n: number }[]>) => new Map((await q).map((r) => [r.id, r.n]));
    const teachers = await count(
      db
        .select({ id: account.school_id, n })
        .from(account)
        .where(and(eq(account.identity, TEACHER), eq(account.status, 1), only(account.school_id)))
        .groupBy(account.school_id),
    );
    const communities = await count(
      db
        .select({ id: community.school_id, n })
        .from(community)
        .where(and(eq(community.status, 1), only(community.school_id)))
        .groupBy(community.school_id),
    );
    const members = await count(
      db
        .select({ id: community.school_id, n: sql<number>`count(distinct ${communityMember.account_id})::int` })
        .from(communityMember)
        .innerJoin(community, eq(community.id, communityMember.community_id))
        .where(and(eq(communityMember.status, 1), eq(community.status, 1), only(community.school_id)))
        .groupBy(community.school_id),
    );
    const acts = await count(
      db
        .select({ id: activity.school_id, n })
        .from(activity)
        .where(and(eq(activity.status, 1), only(activity.school_id)))
        .groupBy(activity.school_id),
    );
    const arts = await count(
      db
        .select({ id: community.school_id, n })
        .from(communityArticle)
        .innerJoin(community, eq(community.id, communityArticle.community_id))
        .where(and(eq(communityArticle.status, 1), eq(community.status, 1), only(community.school_id)))
        .groupBy(community.school_id),
    );
    return schools.map((s) => ({
      kind: "school" as const,
      id: s.id,
      name: s.title,
      level: 0,
      school_count: 1,
      teacher_count: teachers.get(s.id) ?? 0,
      community_count: communities.get(s.id) ?? 0,
      member_count: members.get(s.id) ?? 0,
      activity_count: acts.get(s.id) ?? 0,
      article_count: arts.get(s.id) ?? 0,
    }));
  }

  async regionUnit(r: RegionRow): Promise<UnitCount> {
    const t = await this.totals(await this.scopes.ofRegion(r));
    return { kind: "region", id: r.id, name: r.name, level: r.level, ...t };
  }

  /** The regions directly below a scope: provinces for the platform, children of a province or city; none below a district or for a school. */
  private async juniorRegions(s: OrgScope, keyword?: string): Promise<RegionRow[] | undefined> {
    const kw = keyword ? sql`${region.name} ilike ${containsPattern(keyword)}` : undefined;
    if (s.all)
      return this.db
        .select()
        .from(region)
        .where(and(eq(region.level, 1), kw))
        .orderBy(asc(region.sort), asc(region.id));
    if (s.root && s.root.level < 3)
      return this.db
        .select()
        .from(region)
        .where(and(eq(region.pid, s.root.id), kw))
        .orderBy(asc(region.sort), asc(region.id));
    return undefined;
  }

  /** c345: totals, the regions below and the schools of the scope. */
  async census(c: Caller, p: ScopePayload): Promise<Census> {
    const s = await this.scopes.resolve(c, p);
    const totals = await this.totals(s);
    const regions = await Promise.all(((await this.juniorRegions(s)) ?? []).map((r) => this.regionUnit(r)));
    const schools = (await this.schoolUnits(s.all ? undefined : s.schools))
      .sort((a, b) => b.activity_count - a.activity_count || a.id - b.id)
      .slice(0, CENSUS_SCHOOLS);
    return { scope: s.info, totals, regions, schools };
  }

  /** c346: activities per month (by start time, Asia/Shanghai) over the last `months` months, by type. */
  async activityNums(c: Caller, p: ActivityNumsPayload): Promise<ActivityNums> {
    const s = await this.scopes.resolve(c, p);
    const current = monthStart(dayjs(this.now()).tz(TIME_ZONE).format("YYYY-MM"));
    const labels = Array.from({ length: p.months }, (_, i) => current.subtract(p.months - 1 - i, "month").format("YYYY-MM"));
    const from = monthStart(labels[0]!).toDate();
    const to = current.add(1, "month").toDate();
    // The zone inlined (a bound parameter would make the GROUP BY expression differ from the selected one).
    const month = sql<string>`to_char(${activity.start_time} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM')`;
    const rows = await this.db
      .select({ month, type: activity.type, n })
      .from(activity)
      .where(and(eq(activity.status, 1), activityInScope(s), gte(activity.start_time, from), lt(activity.start_time, to)))
      .groupBy(month, activity.type);
    const types = [...ACTIVITY_TYPE_KEYS, ...new Set(rows.map((r) => r.type).filter((t) => !(ACTIVITY_TYPE_KEYS as readonly string[]).includes(t)))];
    const series = types.map((t) => ({
      type: t,
      name: ACTIVITY_TYPES[t] ?? t,
      data: labels.map((m) => rows.find((r) => r.month === m && r.type === t)?.n ?? 0),
    }));
    return { labels, total: labels.map((_, i) => series.reduce((a, x) => a + (x.data[i] ?? 0), 0)), series };
  }

  /** c347: schools, teachers or communities ranked by the activities started over the last `days` days. */
  async ranking(c: Caller, p: RankingPayload): Promise<Ranking> {
    const s = await this.scopes.resolve(c, p);
    const now = this.now();
    const since = new Date(now.getTime() - p.days * 86400_000);
    const window = and(eq(activity.status, 1), gte(activity.start_time, since), sql`${activity.start_time} <= ${now}`);
    const offset = (p.page - 1) * p.limit;
    const base = { target: p.target, days: p.days, page: p.page, limit: p.limit };
    if (p.target === "school") {
      const where = and(window, activityInScope(s), sql`${activity.school_id} <> 0`);
      const [total] = await this.db
        .select({ n: sql<number>`count(distinct ${activity.school_id})::int` })
        .from(activity)
        .where(where);
      const rows = await this.db
        .select({
          id: activity.school_id,
          name: sql<string>`coalesce(max(${school.title}), '')`,
          n,
          extra: sql<number>`count(distinct ${activity.account_id})::int`,
        })
        .from(activity)
        .leftJoin(school, eq(school.id, activity.school_id))
        .where(where)
        .groupBy(activity.school_id)
        .orderBy(desc(n), asc(activity.school_id))
        .limit(p.limit)
        .offset(offset);
      return {
        ...base,
        total: total?.n ?? 0,
        list: rows.map((r, i) => ({ rank: offset + i + 1, id: r.id, name: r.name, school_name: r.name, activity_count: r.n, extra_count: r.extra })),
      };
    }
    if (p.target === "community") {
      const where = and(
        window,
        sql`${activity.community_id} <> 0`,
        s.all ? undefined : sql`${activity.community_id} in (select ${community.id} from ${community} where ${communityInScope(s)})`,
      );
      const [total] = await this.db
        .select({ n: sql<number>`count(distinct ${activity.community_id})::int` })
        .from(activity)
        .where(where);
      const rows = await this.db
        .select({ id: activity.community_id, n })
        .from(activity)
        .where(where)
        .groupBy(activity.community_id)
        .orderBy(desc(n), asc(activity.community_id))
        .limit(p.limit)
        .offset(offset);
      const ids = rows.map((r) => r.id);
      const names = ids.length
        ? await this.db
            .select({ id: community.id, name: community.name, school_name: sql<string>`coalesce(${school.title}, '')` })
            .from(community)
            .leftJoin(school, eq(school.id, community.school_id))
            .where(inArray(community.id, ids))
        : [];
      const logs = ids.length
        ? await this.db
            .select({ id: communityLog.community_id, n })
            .from(communityLog)
            .where(and(inArray(communityLog.community_id, ids), gte(communityLog.created_at, since)))
            .groupBy(communityLog.community_id)
        : [];
      return {
        ...base,
        total: total?.n ?? 0,
        list: rows.map((r, i) => {
          const c = names.find((x) => x.id === r.id);
          return {
            rank: offset + i + 1,
            id: r.id,
            name: c?.name ?? "",
            school_name: c?.school_name ?? "",
            activity_count: r.n,
            extra_count: logs.find((x) => x.id === r.id)?.n ?? 0,
          };
        }),
      };
    }
    // Teachers: activities created plus activities taken part in, within the window (grouped, merged here).
    const counts = await this.teacherCounts(s, window);
    const ranked = [...counts]
      .filter(([, v]) => v.created + v.involved > 0)
      .sort(([a, x], [b, y]) => y.created + y.involved - (x.created + x.involved) || a - b);
    const pageRows = ranked.slice(offset, offset + p.limit);
    const names = await this.teacherNames(pageRows.map(([id]) => id));
    return {
      ...base,
      total: ranked.length,
      list: pageRows.map(([id, v], i) => ({
        rank: offset + i + 1,
        id,
        name: names.get(id)?.realname ?? "",
        school_name: names.get(id)?.school_name ?? "",
        activity_count: v.created + v.involved,
        extra_count: v.created,
      })),
    };
  }

  /** Teachers of a scope (enabled, identity 2), optionally by name. */
  private teacherWhere(s: OrgScope, keyword?: string): SQL | undefined {
    return and(
      eq(account.identity, TEACHER),
      eq(account.status, 1),
      schoolIn(account.school_id, s),
      keyword ? sql`${account.realname} ilike ${containsPattern(keyword)}` : undefined,
    );
  }

  /** Activities each teacher of the scope created / takes part in (matching `window`): two grouped queries. */
  private async teacherCounts(s: OrgScope, window: SQL | undefined, keyword?: string): Promise<Map<number, { created: number; involved: number }>> {
    const who = this.teacherWhere(s, keyword);
    const created = await this.db
      .select({ id: activity.account_id, n })
      .from(activity)
      .innerJoin(account, eq(account.id, activity.account_id))
      .where(and(window, who))
      .groupBy(activity.account_id);
    const involved = await this.db
      .select({ id: activityMember.account_id, n })
      .from(activityMember)
      .innerJoin(activity, eq(activity.id, activityMember.activity_id))
      .innerJoin(account, eq(account.id, activityMember.account_id))
      .where(and(window, who))
      .groupBy(activityMember.account_id);
    const out = new Map<number, { created: number; involved: number }>();
    for (const r of created) out.set(r.id, { created: r.n, involved: 0 });
    for (const r of involved) out.set(r.id, { created: out.get(r.id)?.created ?? 0, involved: r.n });
    return out;
  }

  private async teacherNames(ids: number[]): Promise<Map<number, { realname: string; school_name: string }>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: account.id, realname: account.realname, school_name: sql<string>`coalesce(${school.title}, '')` })
      .from(account)
      .leftJoin(school, eq(school.id, account.school_id))
      .where(inArray(account.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  // ---------------------------------------------------------------------------------------------------------
  // Organization

  /** c349: the regions below (with their counts), or a district's schools; nothing below a school. */
  async juniorList(c: Caller, p: JuniorListPayload): Promise<Page<UnitCount>> {
    const s = await this.scopes.resolve(c, { region_id: p.region_id });
    const offset = (p.page - 1) * p.limit;
    const regions = await this.juniorRegions(s, p.keyword);
    if (regions) {
      const list = await Promise.all(regions.slice(offset, offset + p.limit).map((r) => this.regionUnit(r)));
      return { list, total: regions.length, page: p.page, limit: p.limit };
    }
    if (!s.root) return { list: [], total: 0, page: p.page, limit: p.limit };
    const kw = p.keyword ? sql`${school.title} ilike ${containsPattern(p.keyword)}` : undefined;
    const where = and(within(school.id, s.schools), kw);
    const [total] = await this.db.select({ n }).from(school).where(where);
    const ids = (await this.db.select({ id: school.id }).from(school).where(where).orderBy(asc(school.id)).limit(p.limit).offset(offset)).map((r) => r.id);
    return { list: ids.length ? await this.schoolUnits(ids) : [], total: total?.n ?? 0, page: p.page, limit: p.limit };
  }

  /** c350. */
  async orgActivityList(c: Caller, p: OrgActivityListPayload): Promise<Page<ActivityRow>> {
    const s = await this.scopes.resolve(c, p);
    return this.activities.page(and(eq(activity.status, 1), activityInScope(s), ...filterSql(p, this.now())), ActivityService.NEWEST, p.page, p.limit);
  }

  /** c351: the organization's normal communities, newest first. */
  async orgCommunityList(c: Caller, p: OrgCommunityListPayload): Promise<Page<CommunityCard>> {
    const s = await this.scopes.resolve(c, p);
    const where = and(
      eq(community.status, 1),
      communityInScope(s),
      p.keyword ? sql`${community.name} ilike ${containsPattern(p.keyword)}` : undefined,
      p.type ? eq(community.type, p.type) : undefined,
      p.level ? eq(community.level, p.level) : undefined,
    );
    const [total] = await this.db.select({ n }).from(community).where(where);
    const ids = await this.db
      .select({ id: community.id })
      .from(community)
      .where(where)
      .orderBy(desc(community.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return { list: await this.cards(ids.map((r) => r.id)), total: total?.n ?? 0, page: p.page, limit: p.limit };
  }

  /** c352: joined members of the organization's communities, one row per account, most communities first. */
  async orgCommunityAccountList(c: Caller, p: OrgCommunityAccountPayload): Promise<Page<CommunityAccountRow>> {
    const s = await this.scopes.resolve(c, { region_id: p.region_id, school_id: p.school_id });
    const where = and(
      eq(communityMember.status, 1),
      eq(community.status, 1),
      communityInScope(s),
      p.community_id ? eq(community.id, p.community_id) : undefined,
      p.keyword ? sql`${account.realname} ilike ${containsPattern(p.keyword)}` : undefined,
    );
    const from = () =>
      this.db
        .select({ id: communityMember.account_id, n, joined: sql<Date | null>`min(${communityMember.joined_at})` })
        .from(communityMember)
        .innerJoin(community, eq(community.id, communityMember.community_id))
        .innerJoin(account, eq(account.id, communityMember.account_id))
        .where(where)
        .groupBy(communityMember.account_id);
    const [total] = await this.db
      .select({ n: sql<number>`count(distinct ${communityMember.account_id})::int` })
      .from(communityMember)
      .innerJoin(community, eq(community.id, communityMember.community_id))
      .innerJoin(account, eq(account.id, communityMember.account_id))
      .where(where);
    const rows = await from()
      .orderBy(desc(n), asc(communityMember.account_id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    const ids = rows.map((r) => r.id);
    const people = ids.length
      ? await this.db
          .select({
            id: account.id,
            realname: account.realname,
            head: account.head_portrait_url,
            school_id: account.school_id,
            school_name: sql<string>`coalesce(${school.title}, '')`,
          })
          .from(account)
          .leftJoin(school, eq(school.id, account.school_id))
          .where(inArray(account.id, ids))
      : [];
    const names = ids.length
      ? await this.db
          .select({ account_id: communityMember.account_id, name: community.name })
          .from(communityMember)
          .innerJoin(community, eq(community.id, communityMember.community_id))
          .where(and(inArray(communityMember.account_id, ids), eq(communityMember.status, 1), eq(community.status, 1), communityInScope(s)))
          .orderBy(asc(community.id))
      : [];
    return {
      list: rows.map((r) => {
        const a = people.find((x) => x.id === r.id);
        return {
          account_id: r.id,
          realname: a?.realname ?? "",
          head_portrait_url: a?.head ?? "",
          school_id: a?.school_id ?? 0,
          school_name: a?.school_name ?? "",
          community_count: r.n,
          community_names: names
            .filter((x) => x.account_id === r.id)
            .slice(0, 5)
            .map((x) => x.name),
          joined_at: r.joined ? formatTime(new Date(r.joined)) : "",
        };
      }),
      total: total?.n ?? 0,
      page: p.page,
      limit: p.limit,
    };
  }

  /** c353: province / city / district / school of the caller. */
  async myOrganization(c: Caller): Promise<MyOrganization> {
    const s = await this.scopes.of(c);
    const out: MyOrganization = { province: null, city: null, district: null, school: null, scope: s.info };
    let codes: { province: string; city: string; area: string } | undefined;
    if (c.school_id) {
      const [sc] = await this.db.select().from(school).where(eq(school.id, c.school_id));
      if (sc) {
        out.school = { id: sc.id, name: sc.title };
        codes = { province: sc.province_code, city: sc.city_code, area: sc.area_code };
      }
    }
    if (!codes && s.root) codes = { province: s.root.province_code, city: s.root.city_code, area: s.root.area_code };
    if (codes) {
      const wanted = [codes.province, codes.city, codes.area].filter(Boolean);
      const rows = wanted.length ? await this.db.select().from(region).where(inArray(region.region_code, wanted)) : [];
      const at = (code: string) => {
        const r = code ? rows.find((x) => x.region_code === code) : undefined;
        return r ? { id: r.id, name: r.name } : null;
      };
      out.province = at(codes.province);
      out.city = at(codes.city);
      out.district = at(codes.area);
    }
    return out;
  }

  /** Teacher rows with their counts (for a page of ids, in that order). */
  private async teacherRows(ids: number[]): Promise<OrgTeacherRow[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({
        id: account.id,
        realname: account.realname,
        head: account.head_portrait_url,
        school_id: account.school_id,
        school_name: sql<string>`coalesce(${school.title}, '')`,
        period_id: account.period_id,
        subject_id: account.subject_id,
        subject_name: sql<string>`coalesce(${subject.name}, '')`,
        communities: sql<number>`(select count(*) from ${communityMember} inner join ${community} on ${community.id} = ${communityMember.community_id} where ${communityMember.account_id} = ${account.id} and ${communityMember.status} = 1 and ${community.status} = 1)::int`,
        created: sql<number>`(select count(*) from ${activity} where ${activity.account_id} = ${account.id} and ${activity.status} = 1)::int`,
        involved: sql<number>`(select count(*) from ${activityMember} inner join ${activity} on ${activity.id} = ${activityMember.activity_id} where ${activityMember.account_id} = ${account.id} and ${activity.status} = 1)::int`,
      })
      .from(account)
      .leftJoin(school, eq(school.id, account.school_id))
      .leftJoin(subject, eq(subject.id, account.subject_id))
      .where(inArray(account.id, ids));
    return ids.flatMap((id) => {
      const r = rows.find((x) => x.id === id);
      return r
        ? [
            {
              id: r.id,
              realname: r.realname,
              head_portrait_url: r.head,
              school_id: r.school_id,
              school_name: r.school_name,
              period_id: r.period_id,
              subject_id: r.subject_id,
              subject_name: r.subject_name,
              community_count: r.communities,
              created_count: r.created,
              involved_count: r.involved,
            },
          ]
        : [];
    });
  }

  /** c354: the teachers of a region (default the caller's organization), by school then name. */
  async regionAccountList(c: Caller, p: RegionAccountPayload): Promise<Page<OrgTeacherRow>> {
    const s = await this.scopes.resolve(c, p);
    const where = and(
      eq(account.identity, TEACHER),
      eq(account.status, 1),
      schoolIn(account.school_id, s),
      p.keyword ? sql`${account.realname} ilike ${containsPattern(p.keyword)}` : undefined,
    );
    const [total] = await this.db.select({ n }).from(account).where(where);
    const ids = await this.db
      .select({ id: account.id })
      .from(account)
      .where(where)
      .orderBy(asc(account.school_id), asc(account.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return { list: await this.teacherRows(ids.map((r) => r.id)), total: total?.n ?? 0, page: p.page, limit: p.limit };
  }

  /** c355: the teachers of a school (default the caller's), most activities first. */
  async organizationTeacherList(c: Caller, p: OrgTeacherListPayload): Promise<Page<OrgTeacherRow>> {
    const schoolId = p.school_id ?? c.school_id;
    if (!schoolId) throw badInput("学校(school_id): 请选择学校");
    await this.scopes.resolve(c, { school_id: schoolId });
    const score = sql`((select count(*) from ${activity} where ${activity.account_id} = ${account.id} and ${activity.status} = 1) + (select count(*) from ${activityMember} inner join ${activity} on ${activity.id} = ${activityMember.activity_id} where ${activityMember.account_id} = ${account.id} and ${activity.status} = 1))`;
    const where = and(
      eq(account.identity, TEACHER),
      eq(account.status, 1),
      eq(account.school_id, schoolId),
      p.keyword ? sql`${account.realname} ilike ${containsPattern(p.keyword)}` : undefined,
    );
    const [total] = await this.db.select({ n }).from(account).where(where);
    const ids = await this.db
      .select({ id: account.id })
      .from(account)
      .where(where)
      .orderBy(desc(score), asc(account.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return { list: await this.teacherRows(ids.map((r) => r.id)), total: total?.n ?? 0, page: p.page, limit: p.limit };
  }

  private since(days: number): Date | undefined {
    return days > 0 ? new Date(this.now().getTime() - days * 86400_000) : undefined;
  }

  /** c356: activities per community of the organization (within `days`, 0 = all time), most first. */
  async communityActivityList(c: Caller, p: OrgActivityCountPayload): Promise<Page<CommunityActivityCount>> {
    const s = await this.scopes.resolve(c, p);
    const since = this.since(p.days);
    const window = and(eq(activity.status, 1), since ? gte(activity.start_time, since) : undefined);
    const count = sql<number>`(select count(*) from ${activity} where ${activity.community_id} = ${community.id} and ${window})::int`;
    const where = and(eq(community.status, 1), communityInScope(s), p.keyword ? sql`${community.name} ilike ${containsPattern(p.keyword)}` : undefined);
    const [total] = await this.db.select({ n }).from(community).where(where);
    const rows = await this.db
      .select({
        id: community.id,
        name: community.name,
        type: community.type,
        school_name: sql<string>`coalesce(${school.title}, '')`,
        count,
        members: sql<number>`(select count(*) from ${communityMember} where ${communityMember.community_id} = ${community.id} and ${communityMember.status} = 1)::int`,
      })
      .from(community)
      .leftJoin(school, eq(school.id, community.school_id))
      .where(where)
      .orderBy(desc(count), desc(community.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    const ids = rows.map((r) => r.id);
    const byType = ids.length
      ? await this.db
          .select({ id: activity.community_id, type: activity.type, n, last: sql<Date>`max(${activity.start_time})` })
          .from(activity)
          .where(and(window, inArray(activity.community_id, ids)))
          .groupBy(activity.community_id, activity.type)
      : [];
    return {
      list: rows.map((r) => {
        const mine = byType.filter((x) => x.id === r.id);
        const last = mine.reduce<Date | undefined>((a, x) => {
          const d = new Date(x.last);
          return !a || d > a ? d : a;
        }, undefined);
        return {
          id: r.id,
          name: r.name,
          type: r.type,
          type_name: COMMUNITY_TYPES[r.type] ?? "",
          school_name: r.school_name,
          member_count: r.members,
          activity_count: r.count,
          by_type: Object.fromEntries(mine.map((x) => [x.type, x.n])),
          last_activity_time: last ? formatTime(last) : "",
        };
      }),
      total: total?.n ?? 0,
      page: p.page,
      limit: p.limit,
    };
  }

  /** c357: activities per teacher of the organization (created / taken part in, within `days`), most first, then the others by id. */
  async teacherActivityList(c: Caller, p: OrgActivityCountPayload): Promise<Page<TeacherActivityCount>> {
    const s = await this.scopes.resolve(c, p);
    const since = this.since(p.days);
    const window = and(eq(activity.status, 1), since ? gte(activity.start_time, since) : undefined);
    const counts = await this.teacherCounts(s, window, p.keyword);
    const all = (await this.db.select({ id: account.id }).from(account).where(this.teacherWhere(s, p.keyword)).orderBy(asc(account.id))).map((r) => r.id);
    const score = (id: number) => {
      const v = counts.get(id);
      return v ? v.created + v.involved : 0;
    };
    const order = all.map((id, i) => ({ id, i, score: score(id) })).sort((a, b) => b.score - a.score || a.i - b.i);
    const offset = (p.page - 1) * p.limit;
    const pageIds = order.slice(offset, offset + p.limit).map((x) => x.id);
    const names = await this.teacherNames(pageIds);
    return {
      list: pageIds.map((id) => {
        const v = counts.get(id) ?? { created: 0, involved: 0 };
        return {
          account_id: id,
          realname: names.get(id)?.realname ?? "",
          school_name: names.get(id)?.school_name ?? "",
          created_count: v.created,
          involved_count: v.involved,
          total: v.created + v.involved,
        };
      }),
      total: all.length,
      page: p.page,
      limit: p.limit,
    };
  }
}

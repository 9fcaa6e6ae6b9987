/**
 * Teaching-research activities (docs/decisions/0704, docs/api/activity.md): one table for every kind.
 *
 *   research activities: created here (save/update/delete by the community's managers or the creator);
 *   preparations (#8), listen records and after-class reflections (#9), meetings and questionnaires (#12):
 *     their modules call, inside their own transaction,
 *       await activities.register(tx, { type: "preparation", ref_id: row.id, name, community_id, account_id,
 *                                       start_time, end_time, participation_account_ids });
 *       await activities.unregister("preparation", row.id, tx);
 *     register is an upsert on (type, ref_id): call it again after an update.
 *
 * The lists (c393, c396, the personal centre, the home page) share `page()` and the filters below.
 */
import {
  ACTIVITY_PHASES,
  ACTIVITY_TYPES,
  type ActivityDetail,
  type ActivityListPayload,
  type ActivityParticipant,
  type ActivityPhase,
  type ActivityRow,
  type ActivitySave,
  type ActivityUpdate,
  type CommunityAllActivityPayload,
  MEMBER_STATUS,
  type Page,
  type PersonalActivityPayload,
  type RecommendActivityManagePayload,
  type RecommendActivityPayload,
} from "@yanke/protocol";
import { type SQL, and, asc, desc, eq, getTableColumns, gt, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import type { CommunityAccess } from "../community/community-access.js";
import { community, communityMember } from "../community/community.schema.js";
import { type OrgScope, OrgScopes, within } from "../home/org-scope.js";
import { school } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { addDays, dayStart, parseWhen } from "../recording/clock.js";
import { scopeOf } from "../rbac/permission.js";
import { activity, activityMember } from "./activity.schema.js";

export type ActivityRecord = typeof activity.$inferSelect;

export const ACTIVITY_NOT_FOUND = "活动不存在或已删除";
export const ACTIVITY_NOT_VISIBLE = "无权查看该活动";
export const ACTIVITY_NOT_YOURS = "只有活动创建者或社区管理员可以进行此操作";
export const ACTIVITY_NOT_MANAGER = "只有社区创建者或管理员可以推荐活动";
export const PARTICIPANTS_NOT_MEMBERS = "参与人必须是本社区已加入的成员";
export const END_BEFORE_START = "结束时间应晚于开始时间";

/** What another module registers (docs/decisions/0704). */
export interface RegisterActivity {
  /** preparation | listen | after_class | meeting | questionnaire (research is created by save). */
  type: string;
  /** The id of the module's own row. */
  ref_id: number;
  name: string;
  /** 0 when the activity belongs to no community. */
  community_id?: number;
  /** The creator. */
  account_id: number;
  start_time: Date;
  end_time: Date;
  participation_account_ids?: readonly number[];
  introduction?: string;
  cover_url?: string;
  /** Default: the community's school, else the creator's. */
  school_id?: number;
  period_id?: number;
  subject_id?: number;
  is_display?: number;
  is_recommend?: number;
  /** 1 normal, 0 hidden. */
  status?: number;
}

export interface ActivityFilterInput {
  type?: string;
  phase?: ActivityPhase;
  keyword?: string;
  start_time?: string;
  end_time?: string;
}

export function phaseOf(start: Date, end: Date, now: Date): ActivityPhase {
  if (now < start) return "upcoming";
  if (now > end) return "ended";
  return "running";
}

/** SQL of a phase at `now`. */
export function phaseSql(phase: ActivityPhase, now: Date): SQL {
  if (phase === "upcoming") return gt(activity.start_time, now);
  if (phase === "ended") return lt(activity.end_time, now);
  return and(lte(activity.start_time, now), gte(activity.end_time, now))!;
}

/** A range bound "YYYY-MM-DD" or "YYYY-MM-DD HH:mm[:ss]": the instant (a date: its start, or with `endOfDay` the next day's start). */
function bound(v: string, label: string, endOfDay: boolean): { at: Date; exclusive: boolean } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    if (!parseWhen(`${v} 00:00:00`)) throw badInput(`${label}: 日期无效`);
    return endOfDay ? { at: dayStart(addDays(v, 1)), exclusive: true } : { at: dayStart(v), exclusive: false };
  }
  const at = parseWhen(v);
  if (!at) throw badInput(`${label}: 时间无效`);
  return { at, exclusive: false };
}

/** The filters every activity list shares. */
export function filterSql(p: ActivityFilterInput, now: Date): SQL[] {
  const out: SQL[] = [];
  if (p.type) out.push(eq(activity.type, p.type));
  if (p.phase) out.push(phaseSql(p.phase, now));
  if (p.keyword) out.push(sql`${activity.name} ilike ${containsPattern(p.keyword)}`);
  if (p.start_time) out.push(gte(activity.end_time, bound(p.start_time, "开始时间(start_time)", false).at));
  if (p.end_time) {
    const b = bound(p.end_time, "结束时间(end_time)", true);
    out.push(b.exclusive ? lt(activity.start_time, b.at) : lte(activity.start_time, b.at));
  }
  if (p.start_time && p.end_time) {
    const a = bound(p.start_time, "开始时间(start_time)", false).at;
    const b = bound(p.end_time, "结束时间(end_time)", true);
    if (b.exclusive ? b.at <= a : b.at < a) throw badInput("结束时间不能早于开始时间");
  }
  return out;
}

/** Activities whose school or region lies in an organization. */
export function activityInScope(s: OrgScope): SQL | undefined {
  if (s.all) return undefined;
  return or(within(activity.school_id, s.schools), within(activity.area_id, s.regions), within(activity.city_id, s.regions));
}

/** Activities of the communities the account joined. */
export function ofJoinedCommunities(accountId: number): SQL {
  return sql`${activity.community_id} in (select ${communityMember.community_id} from ${communityMember} where ${communityMember.account_id} = ${accountId} and ${communityMember.status} = ${MEMBER_STATUS.joined})`;
}

export function involving(accountId: number): SQL {
  // IN (uncorrelated) rather than EXISTS: PostgreSQL hashes it once instead of costing a probe per row.
  return sql`${activity.id} in (select ${activityMember.activity_id} from ${activityMember} where ${activityMember.account_id} = ${accountId})`;
}

/** Shown to everyone: normal, displayed, and in no community or a normal displayed one. */
export const PUBLIC_ACTIVITY: SQL = sql`(${activity.status} = 1 and ${activity.is_display} = 1 and (${activity.community_id} = 0 or ${activity.community_id} in (select ${community.id} from ${community} where ${community.status} = 1 and ${community.is_display} = 1)))`;

const rowColumns = {
  ...getTableColumns(activity),
  community_name: sql<string>`coalesce(${community.name}, '')`.as("community_name"),
  account_name: sql<string>`coalesce(${account.realname}, '')`.as("account_name"),
  school_name: sql<string>`coalesce(${school.title}, '')`.as("school_name"),
};

export class ActivityService {
  readonly scopes: OrgScopes;

  constructor(
    private readonly db: Db,
    private readonly access: CommunityAccess,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.scopes = new OrgScopes(db);
  }

  // ---------------------------------------------------------------------------------------------------------
  // For the other modules

  /** Registers (or, for an existing type + ref_id, updates) another module's activity; returns its id. */
  async register(tx: Db | Tx, input: RegisterActivity): Promise<number> {
    const communityId = input.community_id ?? 0;
    const [c] = communityId ? await tx.select().from(community).where(eq(community.id, communityId)) : [];
    const [creator] = await tx.select({ school_id: account.school_id }).from(account).where(eq(account.id, input.account_id));
    const schoolId = input.school_id ?? (c?.school_id || creator?.school_id || 0);
    const regions = await this.scopes.schoolRegions(schoolId, tx);
    const values = {
      type: input.type,
      ref_id: input.ref_id,
      name: input.name.slice(0, 200),
      introduction: input.introduction ?? "",
      cover_url: input.cover_url ?? "",
      community_id: communityId,
      account_id: input.account_id,
      school_id: schoolId,
      area_id: c?.area_id || regions.area_id,
      city_id: c?.city_id || regions.city_id,
      period_id: input.period_id ?? c?.period_id ?? 0,
      subject_id: input.subject_id ?? c?.subject_id ?? 0,
      start_time: input.start_time,
      end_time: input.end_time,
      is_display: input.is_display ?? 1,
      is_recommend: input.is_recommend ?? 0,
      status: input.status ?? 1,
      updated_at: this.now(),
    };
    // Research activities have no row elsewhere (ref_id 0): each save is a new one.
    const [existing] =
      input.ref_id > 0
        ? await tx
            .select({ id: activity.id })
            .from(activity)
            .where(and(eq(activity.type, input.type), eq(activity.ref_id, input.ref_id)))
        : [];
    let id: number;
    if (existing) {
      await tx.update(activity).set(values).where(eq(activity.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx.insert(activity).values(values).returning({ id: activity.id });
      id = row!.id;
    }
    if (input.participation_account_ids) await this.setParticipants(tx, id, input.participation_account_ids);
    return id;
  }

  /** Removes another module's activity (its participants go with it); answers how many rows went. */
  async unregister(type: string, refId: number, tx: Db | Tx = this.db): Promise<number> {
    const gone = await tx
      .delete(activity)
      .where(and(eq(activity.type, type), eq(activity.ref_id, refId)))
      .returning({ id: activity.id });
    return gone.length;
  }

  private async setParticipants(tx: Db | Tx, activityId: number, ids: readonly number[]): Promise<void> {
    await tx.delete(activityMember).where(eq(activityMember.activity_id, activityId));
    const unique = [...new Set(ids)].filter((x) => x > 0);
    if (unique.length) {
      const known = await tx.select({ id: account.id }).from(account).where(inArray(account.id, unique));
      if (known.length) await tx.insert(activityMember).values(known.map((k) => ({ activity_id: activityId, account_id: k.id })));
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Shared list machinery

  /** What the caller may see: public activities, his own, those he takes part in, his communities', his organization's (administrators). */
  async visibleSql(c: Caller): Promise<SQL> {
    const sc = scopeOf(c);
    if (sc.kind === "all") return eq(activity.status, 1);
    const managed = sc.kind === "none" ? undefined : activityInScope(await this.scopes.of(c));
    return and(eq(activity.status, 1), or(PUBLIC_ACTIVITY, eq(activity.account_id, c.id), involving(c.id), ofJoinedCommunities(c.id), managed))!;
  }

  /** A page of activity rows. */
  async page(where: SQL | undefined, order: SQL[], page: number, limit: number): Promise<Page<ActivityRow>> {
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(activity).where(where);
    const list = n ? await this.rows(where, order, limit, (page - 1) * limit) : [];
    return { list, total: n, page, limit };
  }

  async rows(where: SQL | undefined, order: SQL[], limit: number, offset = 0): Promise<ActivityRow[]> {
    const rows = await this.db
      .select(rowColumns)
      .from(activity)
      .leftJoin(community, eq(community.id, activity.community_id))
      .leftJoin(account, eq(account.id, activity.account_id))
      .leftJoin(school, eq(school.id, activity.school_id))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const members = await this.participantIds(rows.map((r) => r.id));
    const now = this.now();
    return rows.map((r) => this.toRow(r, members.get(r.id) ?? [], now));
  }

  private async participantIds(ids: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (!ids.length) return out;
    const rows = await this.db
      .select({ activity_id: activityMember.activity_id, account_id: activityMember.account_id })
      .from(activityMember)
      .where(inArray(activityMember.activity_id, ids))
      .orderBy(asc(activityMember.created_at), asc(activityMember.account_id));
    for (const r of rows) {
      const l = out.get(r.activity_id) ?? [];
      l.push(r.account_id);
      out.set(r.activity_id, l);
    }
    return out;
  }

  private toRow(r: ActivityRecord & { community_name: string; account_name: string; school_name: string }, members: number[], now: Date): ActivityRow {
    const phase = phaseOf(r.start_time, r.end_time, now);
    return {
      id: r.id,
      type: r.type,
      type_name: ACTIVITY_TYPES[r.type] ?? r.type,
      ref_id: r.ref_id,
      name: r.name,
      introduction: r.introduction,
      cover_url: r.cover_url,
      community_id: r.community_id,
      community_name: r.community_name,
      account_id: r.account_id,
      account_name: r.account_name,
      school_id: r.school_id,
      school_name: r.school_name,
      period_id: r.period_id,
      subject_id: r.subject_id,
      start_time: formatTime(r.start_time),
      end_time: formatTime(r.end_time),
      phase,
      phase_name: ACTIVITY_PHASES[phase] ?? phase,
      is_recommend: r.is_recommend,
      is_display: r.is_display,
      status: r.status,
      participation_account_ids: members,
      participant_count: members.length,
      created_at: formatTime(r.created_at),
      updated_at: formatTime(r.updated_at),
    };
  }

  static readonly NEWEST: SQL[] = [desc(activity.start_time), desc(activity.id)];
  static readonly SOONEST: SQL[] = [asc(activity.start_time), asc(activity.id)];

  // ---------------------------------------------------------------------------------------------------------
  // Permission

  async record(id: number): Promise<ActivityRecord> {
    const [row] = await this.db.select().from(activity).where(eq(activity.id, id));
    if (!row) throw notFound(ACTIVITY_NOT_FOUND);
    return row;
  }

  /** Does the caller manage the activity's community (or, without one, the organization of its school)? */
  async managesCommunityOf(c: Caller, a: ActivityRecord): Promise<boolean> {
    if (a.community_id) {
      const [row] = await this.db.select().from(community).where(eq(community.id, a.community_id));
      if (row) return (await this.access.power(c, row)).can_manage;
    }
    const sc = scopeOf(c);
    if (sc.kind === "all") return true;
    if (sc.kind === "none") return false;
    const s = await this.scopes.of(c);
    return s.schools.includes(a.school_id) || (a.area_id !== 0 && s.regions.includes(a.area_id));
  }

  /** The creator, or a manager of its community. */
  async mayManage(c: Caller, a: ActivityRecord): Promise<boolean> {
    return a.account_id === c.id || (await this.managesCommunityOf(c, a));
  }

  private ownModule(a: ActivityRecord, verb: string): void {
    if (a.type !== "research") throw badInput(`该活动是${ACTIVITY_TYPES[a.type] ?? a.type}，请在其所属模块中${verb}`);
  }

  private times(start: string, end: string): { start: Date; end: Date } {
    const s = parseWhen(start);
    if (!s) throw badInput("开始时间(start_time): 时间无效");
    const e = parseWhen(end);
    if (!e) throw badInput("结束时间(end_time): 时间无效");
    if (e <= s) throw badInput(END_BEFORE_START);
    return { start: s, end: e };
  }

  private async checkParticipants(communityId: number, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const rows = await this.db
      .select({ id: communityMember.account_id })
      .from(communityMember)
      .where(and(eq(communityMember.community_id, communityId), eq(communityMember.status, MEMBER_STATUS.joined), inArray(communityMember.account_id, unique)));
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((r) => r.id));
      throw badInput(`${PARTICIPANTS_NOT_MEMBERS}（账号 ${unique.filter((x) => !found.has(x)).join("、")} 不是成员）`);
    }
    return unique;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Calls

  /** new: a research activity of a community (its managers). */
  async save(c: Caller, p: ActivitySave): Promise<ActivityDetail> {
    const { community: com } = await this.access.require(c, p.community_id, "can_manage");
    const t = this.times(p.start_time, p.end_time);
    const participants = await this.checkParticipants(com.id, p.participation_account_ids);
    const id = await this.db.transaction(async (tx) => {
      const id = await this.register(tx, {
        type: "research",
        ref_id: 0,
        name: p.name,
        introduction: p.introduction,
        cover_url: p.cover_url,
        community_id: com.id,
        account_id: c.id,
        start_time: t.start,
        end_time: t.end,
        participation_account_ids: participants,
        period_id: p.period_id || com.period_id,
        subject_id: p.subject_id || com.subject_id,
      });
      await this.access.log(tx, {
        community_id: com.id,
        account_id: c.id,
        action: "activity.save",
        target_type: "activity",
        target_id: id,
        content: `发起了活动「${p.name}」`,
      });
      return id;
    });
    return this.info(c, id);
  }

  /** new: only the fields sent change. */
  async update(c: Caller, p: ActivityUpdate, sent: ReadonlySet<string>): Promise<ActivityDetail> {
    const a = await this.record(p.id);
    this.ownModule(a, "修改");
    if (!(await this.mayManage(c, a))) throw forbidden(ACTIVITY_NOT_YOURS);
    const start = sent.has("start_time") && p.start_time ? p.start_time : formatTime(a.start_time);
    const end = sent.has("end_time") && p.end_time ? p.end_time : formatTime(a.end_time);
    const t = this.times(start, end);
    const participants =
      p.participation_account_ids && sent.has("participation_account_ids")
        ? await this.checkParticipants(a.community_id, p.participation_account_ids)
        : undefined;
    const set: Partial<typeof activity.$inferInsert> = { start_time: t.start, end_time: t.end, updated_at: this.now() };
    for (const k of ["name", "introduction", "cover_url", "period_id", "subject_id"] as const) {
      const v = p[k];
      if (sent.has(k) && v !== undefined) Object.assign(set, { [k]: v });
    }
    await this.db.transaction(async (tx) => {
      await tx.update(activity).set(set).where(eq(activity.id, a.id));
      if (participants) await this.setParticipants(tx, a.id, participants);
      if (a.community_id) {
        await this.access.log(tx, {
          community_id: a.community_id,
          account_id: c.id,
          action: "activity.update",
          target_type: "activity",
          target_id: a.id,
          content: `修改了活动「${set.name ?? a.name}」`,
        });
      }
    });
    return this.info(c, a.id);
  }

  /** c395: the creator or a manager; other kinds belong to their own module. */
  async remove(c: Caller, id: number): Promise<{ id: number }> {
    const a = await this.record(id);
    this.ownModule(a, "删除");
    if (!(await this.mayManage(c, a))) throw forbidden(ACTIVITY_NOT_YOURS);
    await this.db.transaction(async (tx) => {
      await tx.delete(activity).where(eq(activity.id, a.id));
      const [com] = a.community_id ? await tx.select({ id: community.id }).from(community).where(eq(community.id, a.community_id)) : [];
      if (com)
        await this.access.log(tx, {
          community_id: com.id,
          account_id: c.id,
          action: "activity.delete",
          target_type: "activity",
          target_id: a.id,
          content: `删除了活动「${a.name}」`,
        });
    });
    return { id: a.id };
  }

  /** c394. */
  async info(c: Caller, id: number): Promise<ActivityDetail> {
    const a = await this.record(id);
    const [row] = await this.rows(and(eq(activity.id, id), await this.visibleSql(c)), ActivityService.NEWEST, 1);
    if (!row) throw a.status === 1 ? forbidden(ACTIVITY_NOT_VISIBLE) : notFound(ACTIVITY_NOT_FOUND);
    const people: ActivityParticipant[] = row.participation_account_ids.length
      ? await this.db
          .select({
            id: account.id,
            realname: account.realname,
            head_portrait_url: account.head_portrait_url,
            school_name: sql<string>`coalesce(${school.title}, '')`,
          })
          .from(account)
          .leftJoin(school, eq(school.id, account.school_id))
          .where(inArray(account.id, row.participation_account_ids))
      : [];
    const order = new Map(row.participation_account_ids.map((x, i) => [x, i]));
    people.sort((x, y) => (order.get(x.id) ?? 0) - (order.get(y.id) ?? 0));
    return { ...row, participants: people, can_manage: await this.mayManage(c, a), is_participant: row.participation_account_ids.includes(c.id) };
  }

  /** c393: what the caller may see, filtered (a community: he must be allowed to view it). */
  async list(c: Caller, p: ActivityListPayload): Promise<Page<ActivityRow>> {
    const where: (SQL | undefined)[] = [await this.visibleSql(c), ...filterSql(p, this.now())];
    if (p.community_id) {
      await this.access.require(c, p.community_id, "can_view");
      where.push(eq(activity.community_id, p.community_id));
    }
    return this.page(and(...where), ActivityService.NEWEST, p.page, p.limit);
  }

  /** c396: every activity of the communities the caller joined. */
  async communityAll(c: Caller, p: CommunityAllActivityPayload): Promise<Page<ActivityRow>> {
    return this.page(and(eq(activity.status, 1), ofJoinedCommunities(c.id), ...filterSql(p, this.now())), ActivityService.NEWEST, p.page, p.limit);
  }

  /** c374: activities he created. */
  async mine(c: Caller, p: PersonalActivityPayload): Promise<Page<ActivityRow>> {
    return this.page(and(eq(activity.account_id, c.id), eq(activity.status, 1), ...filterSql(p, this.now())), ActivityService.NEWEST, p.page, p.limit);
  }

  /** c375: activities he takes part in. */
  async involved(c: Caller, p: PersonalActivityPayload): Promise<Page<ActivityRow>> {
    return this.page(and(eq(activity.status, 1), involving(c.id), ...filterSql(p, this.now())), ActivityService.NEWEST, p.page, p.limit);
  }

  /** c370: recommended activities he may see. */
  async recommended(c: Caller, p: RecommendActivityPayload): Promise<Page<ActivityRow>> {
    return this.page(
      and(eq(activity.is_recommend, 1), await this.visibleSql(c), ...filterSql({ type: p.type }, this.now())),
      ActivityService.NEWEST,
      p.page,
      p.limit,
    );
  }

  /** c371: a manager of its community (or of its school) recommends it or stops. */
  async recommend(c: Caller, p: RecommendActivityManagePayload): Promise<{ id: number; is_recommend: number }> {
    const a = await this.record(p.id);
    if (!(await this.managesCommunityOf(c, a))) throw forbidden(ACTIVITY_NOT_MANAGER);
    await this.db.transaction(async (tx) => {
      await tx.update(activity).set({ is_recommend: p.is_recommend, updated_at: this.now() }).where(eq(activity.id, a.id));
      const [com] = a.community_id ? await tx.select({ id: community.id }).from(community).where(eq(community.id, a.community_id)) : [];
      if (com) {
        await this.access.log(tx, {
          community_id: com.id,
          account_id: c.id,
          action: "activity.recommend",
          target_type: "activity",
          target_id: a.id,
          content: p.is_recommend ? `推荐了活动「${a.name}」` : `取消推荐活动「${a.name}」`,
        });
      }
    });
    return { id: a.id, is_recommend: p.is_recommend };
  }
}

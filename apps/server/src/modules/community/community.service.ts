/**
 * Communities (issue #7; community.md §3 Community; docs/api/community.md, docs/decisions/0700, 0702): lists, create
 * and verify, members (join / apply / approve / remove / transfer), display and operate, the community index (info,
 * home page, power, log, rankings, statistics), files and the lists fed by lesson analysis, preparation and
 * after-class reflection. Permission is CommunityAccess (docs/decisions/0701); every mutating call writes its
 * community_log row in its own transaction.
 */
import {
  ACTIVITY_TYPES,
  COMMUNITY_FILE_TYPES,
  COMMUNITY_GRADES,
  COMMUNITY_LEVELS,
  COMMUNITY_STATUS,
  COMMUNITY_STATUS_NAMES,
  COMMUNITY_TYPES,
  FILE_GET_PREFIX,
  MEMBER_ROLES,
  MEMBER_ROLE_NAMES,
  MEMBER_STATUS,
  MEMBER_STATUS_NAMES,
  TIME_ZONE,
  type ActiveCommunityPayload,
  type ActiveCommunityRow,
  type CommunityActivityRow,
  type CommunityActivityStatistics,
  type CommunityAdminSave,
  type CommunityAdminUpdate,
  type CommunityAiCourseRow,
  type CommunityAllListPayload,
  type CommunityCounts,
  type CommunityFileDelete,
  type CommunityFileListPayload,
  type CommunityFileRow,
  type CommunityFileSave,
  type CommunityInfo,
  type CommunityInsertMemberPayload,
  type CommunityIsDisplayPayload,
  type CommunityItem,
  type CommunityJoinPayload,
  type CommunityListPayload,
  type CommunityLogPayload,
  type CommunityLogRow,
  type CommunityMemberBrief,
  type CommunityMemberDeletePayload,
  type CommunityMemberListPayload,
  type CommunityMemberRow,
  type CommunityMonthsPayload,
  type CommunityOperateAnswer,
  type CommunityOperatePayload,
  type CommunityPagePayload,
  type CommunityPower,
  type CommunitySave,
  type CommunityStatistics,
  type CommunityTransferPayload,
  type CommunityUpdate,
  type CommunityVerifyPayload,
  type CommunityWebIndex,
  type MyCommunityItem,
  type MyCommunityListPayload,
  type Page,
  type RegionRankingPayload,
  type RegionRankingRow,
  type ResearchCelebrityPayload,
  type ResearchCelebrityRow,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { type SQL, and, asc, desc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import { type PgColumn, type PgTable, alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { activity } from "../activity/activity.schema.js";
import { preparation } from "../preparation/preparation.schema.js";
import { communityArticle } from "../article/article.schema.js";
import type { CommunityDeps } from "../community-deps.js";
import { storedFile } from "../file/file.schema.js";
import { meeting } from "../meeting/meeting.schema.js";
import { accountMessage, notice } from "../notice/notice.schema.js";
import { period, region, school, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { scopeOf } from "../rbac/permission.js";
import { video } from "../video/video.schema.js";
import { analysisCourse } from "../analysis/analysis.schema.js";
import { COMMUNITY_NOT_FOUND, type CommunityRow, GUEST, type LogEntry } from "./community-access.js";
import { community, communityFile, communityLog, communityMember } from "./community.schema.js";

type In<S extends z.ZodType> = z.output<S>;

const ownerM = alias(communityMember, "owner_m");
const ownerA = alias(account, "owner_a");
const memberCount = sql<number>`(select count(*)::int from community_member mc where mc.community_id = ${community.id} and mc.status = 1)`;
// The zone is a literal: the same expression appears in SELECT and GROUP BY, where two parameters would differ.
const month = (col: SQL | unknown) => sql<string>`to_char(${col} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM')`;

/** Anonymous callers of the public reads: they see normal displayed communities and may do nothing. */
function anonymousPower(row: CommunityRow): CommunityPower {
  return {
    community_id: row.id,
    role: 0,
    member_status: -1,
    is_member: false,
    can_view: row.status === COMMUNITY_STATUS.normal && row.is_display === 1,
    can_post: false,
    can_manage: false,
    can_edit: false,
    can_delete: false,
    can_transfer: false,
    can_verify: false,
    can_join: false,
    can_leave: false,
  };
}

const num = (v: unknown) => Number(v ?? 0);

export class CommunityService {
  private readonly db: Db;

  constructor(private readonly deps: CommunityDeps) {
    this.db = deps.db;
  }

  private get access() {
    return this.deps.access;
  }

  /** Several log rows at once (calls that change many accounts: one row per account), in the call's transaction. */
  private async logMany(tx: Tx, entries: LogEntry[]): Promise<void> {
    if (!entries.length) return;
    await tx.insert(communityLog).values(
      entries.map((e) => ({
        community_id: e.community_id,
        account_id: e.account_id,
        action: e.action,
        target_type: e.target_type ?? "",
        target_id: e.target_id ?? 0,
        content: (e.content ?? "").slice(0, 500),
      })),
    );
  }

  // ── reading rows ─────────────────────────────────────────────────────────────────────────────────────────

  private readonly fields = {
    c: community,
    school_name: school.title,
    region_name: region.name,
    period_name: period.name,
    subject_name: subject.name,
    owner_id: ownerM.account_id,
    owner_name: ownerA.realname,
    member_count: memberCount,
  };

  private joins<T extends { leftJoin: unknown }>(q: T): T {
    const x = q as unknown as ReturnType<ReturnType<Db["select"]>["from"]>;
    return x
      .leftJoin(school, eq(school.id, community.school_id))
      .leftJoin(region, eq(region.id, community.region_id))
      .leftJoin(period, eq(period.id, community.period_id))
      .leftJoin(subject, eq(subject.id, community.subject_id))
      .leftJoin(ownerM, and(eq(ownerM.community_id, community.id), eq(ownerM.role, MEMBER_ROLES.owner)))
      .leftJoin(ownerA, eq(ownerA.id, ownerM.account_id)) as unknown as T;
  }

  private base() {
    return this.joins(this.db.select(this.fields).from(community).$dynamic());
  }

  /** The caller's memberships with their communities. */
  private mineBase() {
    return this.joins(
      this.db
        .select({ ...this.fields, community_member: communityMember })
        .from(communityMember)
        .innerJoin(community, eq(community.id, communityMember.community_id))
        .$dynamic(),
    );
  }

  /**
   * A stored file's address as the readers of a community need it: the apply template (anyone who may apply) and a
   * filled application (the managers who review it) are private uploads, so their /files/<id> is answered signed.
   */
  private readable(url: string): string {
    const m = /^\/files\/(\d+)$/.exec(url);
    return m ? this.deps.files.signedPath(Number(m[1])) : url;
  }

  /**
   * An uploaded file's address a caller may put on a community (the apply template) or an application (the filled
   * form): one of his own uploads (or a public one) as /files/<id>, or an outside http(s) address; "" = none. Its
   * readers get it signed (readable), so a private file of someone else must never be accepted here.
   */
  private async ownFileUrl(c: Caller, url: string | undefined, label: string): Promise<void> {
    if (!url) return;
    const m = /^\/files\/(\d+)$/.exec(url);
    if (m) {
      const f = await this.deps.files.fileRow(Number(m[1]));
      if (!f || (f.account_id !== c.id && !f.is_public)) throw badInput(`${label}：文件不存在或不是您上传的，请重新上传`);
      return;
    }
    if (!/^https?:\/\/\S+$/.test(url)) throw badInput(`${label}：应为上传的文件或以 http:// 或 https:// 开头的地址`);
  }

  private item(r: {
    c: CommunityRow;
    school_name: string | null;
    region_name: string | null;
    period_name: string | null;
    subject_name: string | null;
    owner_id: number | null;
    owner_name: string | null;
    member_count: number;
  }): CommunityItem {
    const c = r.c;
    return {
      id: c.id,
      name: c.name,
      introduction: c.introduction,
      logo_url: c.logo_url,
      banner_url: c.banner_url,
      apply_template_url: this.readable(c.apply_template_url),
      type: c.type,
      type_name: COMMUNITY_TYPES[c.type] ?? "",
      level: c.level,
      level_name: COMMUNITY_LEVELS[c.level] ?? "",
      community_level: c.community_level,
      community_level_name: COMMUNITY_GRADES[c.community_level] ?? "",
      join_mode: c.join_mode,
      period_id: c.period_id,
      period_name: r.period_name ?? "",
      subject_id: c.subject_id,
      subject_name: r.subject_name ?? "",
      region_id: c.region_id,
      region_name: r.region_name ?? (c.level === 1 ? (r.school_name ?? "") : ""),
      region_list: c.region_list,
      province_id: c.province_id,
      city_id: c.city_id,
      area_id: c.area_id,
      school_id: c.school_id,
      school_name: r.school_name ?? "",
      is_display: c.is_display,
      is_recommend: c.is_recommend,
      status: c.status,
      status_name: COMMUNITY_STATUS_NAMES[c.status] ?? "",
      verify_reason: c.verify_reason,
      account_id: c.account_id,
      owner_id: r.owner_id ?? 0,
      owner_name: r.owner_name ?? "",
      member_count: num(r.member_count),
      created_at: formatTime(c.created_at),
      updated_at: formatTime(c.updated_at),
    };
  }

  private async one(id: number): Promise<CommunityItem> {
    const [r] = await this.base().where(eq(community.id, id));
    if (!r) throw notFound(COMMUNITY_NOT_FOUND);
    return this.item(r);
  }

  private async page(where: SQL | undefined, p: { page: number; limit: number }, order: SQL[]): Promise<Page<CommunityItem>> {
    const [n] = await this.db.select({ n: sql<number>`count(*)::int` }).from(community).where(where);
    const rows = await this.base()
      .where(where)
      .orderBy(...order)
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return { list: rows.map((r) => this.item(r)), total: num(n?.n), page: p.page, limit: p.limit };
  }

  /** The filters of c177 / c208. */
  private filters(p: In<typeof CommunityAllListPayload>): (SQL | undefined)[] {
    return [
      p.name ? ilike(community.name, containsPattern(p.name)) : undefined,
      p.type ? eq(community.type, p.type) : undefined,
      p.level ? eq(community.level, p.level) : undefined,
      p.community_level ? eq(community.community_level, p.community_level) : undefined,
      p.period_id ? eq(community.period_id, p.period_id) : undefined,
      p.subject_id ? eq(community.subject_id, p.subject_id) : undefined,
      p.region_id ? sql`${community.region_list} @> ${JSON.stringify([p.region_id])}::jsonb` : undefined,
      p.province_id ? eq(community.province_id, p.province_id) : undefined,
      p.city_id ? eq(community.city_id, p.city_id) : undefined,
      p.area_id ? eq(community.area_id, p.area_id) : undefined,
      p.school_id ? eq(community.school_id, p.school_id) : undefined,
      p.is_recommend !== undefined ? eq(community.is_recommend, p.is_recommend) : undefined,
    ];
  }

  /** The communities a manager's scope holds (undefined: none; true SQL for platform administrators). */
  private async scopeSql(c: Caller): Promise<SQL | undefined> {
    const scope = scopeOf(c);
    if (scope.kind === "all") return sql`true`;
    if (scope.kind === "school") return eq(community.school_id, scope.schoolId);
    if (scope.kind === "region") {
      const [r] = await this.db.select({ id: region.id }).from(region).where(eq(region.region_code, scope.code));
      const inSchools = sql`${community.school_id} in (select id from school where area_code = ${scope.code} or city_code = ${scope.code} or province_code = ${scope.code})`;
      return r ? or(eq(community.province_id, r.id), eq(community.city_id, r.id), eq(community.area_id, r.id), inSchools) : inSchools;
    }
    return undefined;
  }

  private readonly visible = and(eq(community.status, COMMUNITY_STATUS.normal), eq(community.is_display, 1));
  private readonly listOrder = [desc(community.is_recommend), desc(community.id)];

  /** c177 */
  async list(c: Caller, p: In<typeof CommunityListPayload>): Promise<Page<CommunityItem>> {
    const scope = await this.scopeSql(c);
    const reach = scope ? or(this.visible, scope) : this.visible;
    const where = and(
      reach,
      ...this.filters(p),
      scope && p.status !== undefined ? eq(community.status, p.status) : undefined,
      scope && p.is_display !== undefined ? eq(community.is_display, p.is_display) : undefined,
    );
    return this.page(where, p, this.listOrder);
  }

  /** c208: public. */
  async allList(p: In<typeof CommunityAllListPayload>): Promise<Page<CommunityItem>> {
    return this.page(and(this.visible, ...this.filters(p)), p, this.listOrder);
  }

  // ── create, update, delete ───────────────────────────────────────────────────────────────────────────────

  /** Where a community sits: level 1 by its school, 2–4 by a district, city or province. */
  private async place(c: Caller, level: number, regionId: number, schoolId: number, asTeacher: boolean) {
    if (level === 1) {
      const sid = schoolId || c.school_id;
      if (!sid) throw badInput("请选择社区所属学校");
      if (asTeacher && sid !== c.school_id && !(await this.deps.accounts.membershipId(c.id, sid))) throw forbidden("只能在本人所在的学校创建校级社区");
      const [s] = await this.db.select().from(school).where(eq(school.id, sid));
      if (!s) throw badInput("学校不存在");
      const codes = [s.province_code, s.city_code, s.area_code].filter(Boolean);
      const rows = codes.length ? await this.db.select().from(region).where(inArray(region.region_code, codes)) : [];
      const byCode = (code: string) => rows.find((r) => r.region_code === code)?.id ?? 0;
      const ids = { province_id: byCode(s.province_code), city_id: byCode(s.city_code), area_id: byCode(s.area_code) };
      return { ...ids, school_id: sid, region_id: 0, region_list: [ids.province_id, ids.city_id, ids.area_id].filter(Boolean) };
    }
    if (!regionId) throw badInput("请选择社区所属地区");
    // community level 2 district ↔ region level 3; 3 city ↔ 2; 4 province ↔ 1.
    const want = 5 - level;
    const chain: (typeof region.$inferSelect)[] = [];
    let cur = regionId;
    for (let i = 0; i < 6 && cur; i++) {
      const [r] = await this.db.select().from(region).where(eq(region.id, cur));
      if (!r) break;
      chain.unshift(r);
      cur = r.pid;
    }
    const own = chain[chain.length - 1];
    if (!own || own.id !== regionId) throw badInput("地区不存在");
    if (own.level !== want) throw badInput(`${COMMUNITY_LEVELS[level]}社区请选择${["", "省", "市", "区县"][want]}`);
    const at = (lv: number) => chain.find((r) => r.level === lv)?.id ?? 0;
    return { province_id: at(1), city_id: at(2), area_id: at(3), school_id: 0, region_id: regionId, region_list: chain.map((r) => r.id) };
  }

  private async insertCommunity(
    c: Caller,
    ownerId: number,
    p: In<typeof CommunitySave>,
    placed: Awaited<ReturnType<CommunityService["place"]>>,
    status: number,
    action: string,
  ): Promise<CommunityItem> {
    await this.ownFileUrl(c, p.apply_template_url, "申请模板");
    const now = this.deps.now();
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(community)
        .values({
          name: p.name,
          introduction: p.introduction,
          logo_url: p.logo_url,
          banner_url: p.banner_url,
          apply_template_url: p.apply_template_url,
          type: p.type,
          level: p.level,
          join_mode: p.join_mode,
          period_id: p.period_id,
          subject_id: p.subject_id,
          ...placed,
          status,
          verified_by: status === COMMUNITY_STATUS.normal ? c.id : 0,
          verified_at: status === COMMUNITY_STATUS.normal ? now : null,
          account_id: ownerId,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: community.id });
      await tx.insert(communityMember).values({
        community_id: row!.id,
        account_id: ownerId,
        role: MEMBER_ROLES.owner,
        status: MEMBER_STATUS.joined,
        joined_at: now,
        created_at: now,
        updated_at: now,
      });
      await this.access.log(tx, {
        community_id: row!.id,
        account_id: c.id,
        action,
        target_type: "community",
        target_id: row!.id,
        content: `创建社区「${p.name}」`,
      });
      return row!.id;
    });
    return this.one(id);
  }

  /** c179: a teacher's own community; school level is normal at once, higher levels wait for verification. */
  async save(c: Caller, p: In<typeof CommunitySave>): Promise<CommunityItem> {
    const placed = await this.place(c, p.level, p.region_id, p.school_id, true);
    const status = p.level === 1 ? COMMUNITY_STATUS.normal : COMMUNITY_STATUS.pending;
    return this.insertCommunity(c, c.id, p, placed, status, "community.save");
  }

  /** c181: an administrator creates a community inside his scope for the owner he names; normal at once. */
  async adminSave(c: Caller, p: In<typeof CommunityAdminSave>): Promise<CommunityItem> {
    if (scopeOf(c).kind === "none") throw forbidden("只有管理员可以为他人创建社区");
    const [owner] = await this.db.select({ id: account.id, status: account.status }).from(account).where(eq(account.id, p.account_id));
    if (owner?.status !== 1) throw badInput("社区创建者账号不存在或已停用");
    const placed = await this.place(c, p.level, p.region_id, p.school_id, false);
    if (!(await this.access.manages(c, placed))) throw forbidden("该社区不在您的管理范围");
    return this.insertCommunity(c, p.account_id, p, placed, COMMUNITY_STATUS.normal, "community.admin_save");
  }

  private editable(p: In<typeof CommunityUpdate>) {
    const set: Partial<typeof community.$inferInsert> = {};
    for (const k of ["name", "introduction", "logo_url", "banner_url", "apply_template_url", "type", "join_mode", "period_id", "subject_id"] as const) {
      if (p[k] !== undefined) (set as Record<string, unknown>)[k] = p[k];
    }
    return set;
  }

  private async writeUpdate(c: Caller, row: CommunityRow, set: Partial<typeof community.$inferInsert>, action: string): Promise<CommunityItem> {
    if (set.apply_template_url !== undefined && set.apply_template_url !== row.apply_template_url) await this.ownFileUrl(c, set.apply_template_url, "申请模板");
    await this.db.transaction(async (tx) => {
      await tx
        .update(community)
        .set({ ...set, updated_at: this.deps.now() })
        .where(eq(community.id, row.id));
      const fields = Object.keys(set).filter((k) => k !== "status");
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action,
        target_type: "community",
        target_id: row.id,
        content: `修改社区信息（${fields.join("、") || "无变化"}）`,
      });
    });
    return this.one(row.id);
  }

  /** c180: the owner or a manager; a rejected higher-level community goes back to verification. */
  async update(c: Caller, p: In<typeof CommunityUpdate>): Promise<CommunityItem> {
    const { community: row, power } = await this.access.require(c, p.community_id, "can_edit");
    const set = this.editable(p);
    if (row.status === COMMUNITY_STATUS.rejected && !power.can_verify) set.status = COMMUNITY_STATUS.pending;
    return this.writeUpdate(c, row, set, "community.update");
  }

  /** c182: an administrator of its scope; he may also move it (level, region, school) inside his scope. */
  async adminUpdate(c: Caller, p: In<typeof CommunityAdminUpdate>): Promise<CommunityItem> {
    const { community: row } = await this.access.require(c, p.community_id, "can_verify", "该社区不在您的管理范围");
    const set = this.editable(p);
    if (p.level !== undefined || p.region_id !== undefined || p.school_id !== undefined) {
      const level = p.level ?? row.level;
      const placed = await this.place(c, level, p.region_id ?? row.region_id, p.school_id ?? row.school_id, false);
      if (!(await this.access.manages(c, placed))) throw forbidden("该社区不在您的管理范围");
      Object.assign(set, placed, { level });
    }
    return this.writeUpdate(c, row, set, "community.admin_update");
  }

  /** c183: the owner or a manager; members, logs, files and articles go with it (cascade), its notices and activities too; its meetings are cancelled. */
  async remove(c: Caller, communityId: number): Promise<{ id: number }> {
    const { community: row } = await this.access.require(c, communityId, "can_delete");
    await this.db.transaction(async (tx) => {
      // The log row would go with the community (cascade): the deletion is written on the creator's messages instead.
      await tx.delete(notice).where(eq(notice.community_id, row.id));
      await tx.delete(activity).where(eq(activity.community_id, row.id));
      // Its booked meetings are cancelled here (kept for their participants' history; a Tencent booking is not
      // cancelled remotely — docs/decisions/0705).
      await tx
        .update(meeting)
        .set({ status: 2, updated_at: new Date() })
        .where(and(eq(meeting.community_id, row.id), eq(meeting.status, 1)));
      await tx.delete(community).where(eq(community.id, row.id));
      if (row.account_id !== c.id) {
        await tx.insert(accountMessage).values({
          account_id: row.account_id,
          title: "社区已删除",
          content: `您创建的社区「${row.name}」已被管理员删除`,
          source_type: "community",
          source_id: row.id,
          sender_id: c.id,
        });
      }
    });
    return { id: row.id };
  }

  // ── members ──────────────────────────────────────────────────────────────────────────────────────────────

  /** c184: join at once (join_mode 0, no template) or apply (join_mode 1, or a template to fill in). */
  async join(c: Caller, p: In<typeof CommunityJoinPayload>): Promise<{ community_id: number; member_status: number; member_status_name: string }> {
    const row = await this.access.community(p.community_id);
    if (row.status !== COMMUNITY_STATUS.normal) throw forbidden("该社区当前不能加入");
    const applying = row.join_mode === 1 || row.apply_template_url !== "";
    const before = await this.access.membership(row.id, c.id);
    if (before && before.status !== MEMBER_STATUS.rejected)
      throw conflict(before.status === MEMBER_STATUS.applying ? "您的加入申请正在审核中" : "您已加入该社区");
    if (row.apply_template_url && !p.apply_file_url) throw badInput("请先下载申请模板，填写后上传申请表");
    await this.ownFileUrl(c, p.apply_file_url, "申请表");
    const status = applying ? MEMBER_STATUS.applying : MEMBER_STATUS.joined;
    const now = this.deps.now();
    const values = {
      apply_reason: p.apply_reason,
      apply_file_url: p.apply_file_url,
      status,
      role: MEMBER_ROLES.member,
      reviewed_by: 0,
      joined_at: applying ? null : now,
      updated_at: now,
    };
    const done = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(communityMember)
        .values({ community_id: row.id, account_id: c.id, ...values, created_at: now })
        .onConflictDoNothing()
        .returning({ id: communityMember.id });
      let id = inserted[0]?.id;
      if (!id) {
        // A rejected application may be sent again; anything else already stands.
        const again = await tx
          .update(communityMember)
          .set(values)
          .where(and(eq(communityMember.community_id, row.id), eq(communityMember.account_id, c.id), eq(communityMember.status, MEMBER_STATUS.rejected)))
          .returning({ id: communityMember.id });
        id = again[0]?.id;
      }
      if (!id) return false;
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action: applying ? "member.apply" : "member.join",
        target_type: "member",
        target_id: c.id,
        content: applying ? "申请加入社区" : "加入社区",
      });
      if (applying) {
        // The owner hears of the application in his personal centre.
        const [owner] = await tx
          .select({ id: communityMember.account_id })
          .from(communityMember)
          .where(and(eq(communityMember.community_id, row.id), eq(communityMember.role, MEMBER_ROLES.owner)));
        if (owner) {
          await tx.insert(accountMessage).values({
            account_id: owner.id,
            title: "新的加入申请",
            content: `有成员申请加入社区「${row.name}」，请及时审核`,
            source_type: "community",
            source_id: row.id,
            community_id: row.id,
            sender_id: c.id,
          });
        }
      }
      return true;
    });
    if (!done) {
      const m = await this.access.membership(row.id, c.id);
      throw conflict(m?.status === MEMBER_STATUS.applying ? "您的加入申请正在审核中" : "您已加入该社区");
    }
    return { community_id: row.id, member_status: status, member_status_name: MEMBER_STATUS_NAMES[status]! };
  }

  /** c185: a member leaves (the owner cannot), or an applicant withdraws. */
  async leave(c: Caller, communityId: number): Promise<{ community_id: number }> {
    const { community: row, power } = await this.access.require(c, communityId);
    if (power.member_status === -1) throw forbidden("您不是该社区成员");
    if (power.role === MEMBER_ROLES.owner) throw forbidden("社区创建者不能退出社区，请先转让社区");
    await this.db.transaction(async (tx) => {
      await tx
        .delete(communityMember)
        .where(and(eq(communityMember.community_id, row.id), eq(communityMember.account_id, c.id), ne(communityMember.role, MEMBER_ROLES.owner)));
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action: "member.leave",
        target_type: "member",
        target_id: c.id,
        content: power.is_member ? "退出社区" : "撤回加入申请",
      });
    });
    return { community_id: row.id };
  }

  private memberBrief(r: {
    m: typeof communityMember.$inferSelect;
    realname: string | null;
    head: string | null;
    school_name: string | null;
  }): CommunityMemberBrief {
    return {
      account_id: r.m.account_id,
      realname: r.realname ?? "",
      head_portrait_url: r.head ?? "",
      school_name: r.school_name ?? "",
      role: r.m.role,
      role_name: MEMBER_ROLE_NAMES[r.m.role] ?? "",
      joined_at: formatTime(r.m.joined_at),
    };
  }

  private members() {
    return this.db
      .select({ m: communityMember, realname: account.realname, head: account.head_portrait_url, school_name: school.title })
      .from(communityMember)
      .leftJoin(account, eq(account.id, communityMember.account_id))
      .leftJoin(school, eq(school.id, account.school_id))
      .$dynamic();
  }

  /** c178: joined members for whoever may view; applications (status 0, 2) for managers. */
  async memberList(c: Caller, p: In<typeof CommunityMemberListPayload>): Promise<Page<CommunityMemberRow>> {
    const { community: row } = await this.access.require(c, p.community_id, p.status === MEMBER_STATUS.joined ? "can_view" : "can_manage");
    const where = and(
      eq(communityMember.community_id, row.id),
      eq(communityMember.status, p.status),
      p.role ? eq(communityMember.role, p.role) : undefined,
      p.realname ? ilike(account.realname, containsPattern(p.realname)) : undefined,
    );
    const [n] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(communityMember)
      .leftJoin(account, eq(account.id, communityMember.account_id))
      .where(where);
    const rows = await this.members()
      .where(where)
      .orderBy(asc(communityMember.role), desc(communityMember.joined_at), desc(communityMember.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: rows.map((r) => ({
        ...this.memberBrief(r),
        id: r.m.id,
        member_status: r.m.status,
        member_status_name: MEMBER_STATUS_NAMES[r.m.status] ?? "",
        apply_reason: r.m.apply_reason,
        apply_file_url: this.readable(r.m.apply_file_url),
        created_at: formatTime(r.m.created_at),
      })),
      total: num(n?.n),
      page: p.page,
      limit: p.limit,
    };
  }

  private async myPage(c: Caller, p: In<typeof MyCommunityListPayload>, which: SQL | undefined): Promise<Page<MyCommunityItem>> {
    const where = and(
      eq(communityMember.account_id, c.id),
      which,
      p.name ? ilike(community.name, containsPattern(p.name)) : undefined,
      p.type ? eq(community.type, p.type) : undefined,
      p.level ? eq(community.level, p.level) : undefined,
    );
    const [n] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(communityMember)
      .innerJoin(community, eq(community.id, communityMember.community_id))
      .where(where);
    const rows = await this.mineBase()
      .where(where)
      .orderBy(asc(communityMember.role), desc(communityMember.updated_at), desc(community.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return { list: rows.map((r) => this.mine(r)), total: num(n?.n), page: p.page, limit: p.limit };
  }

  private mine(r: Parameters<CommunityService["item"]>[0] & { community_member: typeof communityMember.$inferSelect }): MyCommunityItem {
    const m = r.community_member;
    return {
      ...this.item(r),
      role: m.role,
      role_name: MEMBER_ROLE_NAMES[m.role] ?? "",
      member_status: m.status,
      member_status_name: MEMBER_STATUS_NAMES[m.status] ?? "",
      joined_at: formatTime(m.joined_at),
    };
  }

  /** c186: communities I joined as a member or administrator (not my own). */
  myJoin(c: Caller, p: In<typeof MyCommunityListPayload>): Promise<Page<MyCommunityItem>> {
    return this.myPage(c, p, and(eq(communityMember.status, MEMBER_STATUS.joined), ne(communityMember.role, MEMBER_ROLES.owner)));
  }

  /** c187: communities I own, whatever their status (pending and rejected ones included, with verify_reason). */
  myCreate(c: Caller, p: In<typeof MyCommunityListPayload>): Promise<Page<MyCommunityItem>> {
    return this.myPage(c, p, eq(communityMember.role, MEMBER_ROLES.owner));
  }

  /** c188: every community I am in or applied to (owned, joined, applying, rejected). */
  myList(c: Caller, p: In<typeof MyCommunityListPayload>): Promise<Page<MyCommunityItem>> {
    return this.myPage(c, p, undefined);
  }

  /** c189: one community of mine with my power — the one named, else my default (owned first, then latest joined). */
  async myCommunity(c: Caller, communityId: number | undefined): Promise<(MyCommunityItem & { power: CommunityPower }) | null> {
    const where = and(
      eq(communityMember.account_id, c.id),
      eq(communityMember.status, MEMBER_STATUS.joined),
      communityId ? eq(community.id, communityId) : eq(community.status, COMMUNITY_STATUS.normal),
    );
    const [r] = await this.mineBase().where(where).orderBy(asc(communityMember.role), desc(communityMember.joined_at), desc(community.id)).limit(1);
    if (!r) {
      if (communityId) throw forbidden("您不是该社区成员");
      return null;
    }
    return { ...this.mine(r), power: await this.access.power(c, r.c) };
  }

  /** c190: managers remove a member; never the owner; only the owner or a manager removes an administrator. */
  async deleteMember(c: Caller, p: In<typeof CommunityMemberDeletePayload>): Promise<{ account_id: number }> {
    const { community: row, power } = await this.access.require(c, p.community_id, "can_manage");
    const m = await this.access.membership(row.id, p.account_id);
    if (!m) throw notFound("该账号不是社区成员");
    if (m.role === MEMBER_ROLES.owner) throw forbidden("不能移除社区创建者");
    if (m.role === MEMBER_ROLES.admin && !power.can_edit) throw forbidden("只有社区创建者可以移除管理员");
    await this.db.transaction(async (tx) => {
      await tx.delete(communityMember).where(eq(communityMember.id, m.id));
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action: "member.delete",
        target_type: "member",
        target_id: p.account_id,
        content: "移除社区成员",
      });
      await tx.insert(accountMessage).values({
        account_id: p.account_id,
        title: "您已被移出社区",
        content: `您已被移出社区「${row.name}」`,
        source_type: "community",
        source_id: row.id,
        community_id: row.id,
        sender_id: c.id,
      });
    });
    return { account_id: p.account_id };
  }

  /** c196: managers add accounts directly (applications and rejected rows become joined). */
  async insertMember(c: Caller, p: In<typeof CommunityInsertMemberPayload>): Promise<{ added: number }> {
    const { community: row } = await this.access.require(c, p.community_id, "can_manage");
    const ids = [...new Set(p.account_ids)];
    const found = await this.db
      .select({ id: account.id })
      .from(account)
      .where(and(inArray(account.id, ids), eq(account.status, 1)));
    if (found.length !== ids.length) throw badInput("账号不存在或已停用");
    const now = this.deps.now();
    const added = await this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(communityMember)
        .values(
          ids.map((id) => ({
            community_id: row.id,
            account_id: id,
            role: MEMBER_ROLES.member,
            status: MEMBER_STATUS.joined,
            reviewed_by: c.id,
            joined_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflictDoUpdate({
          target: [communityMember.community_id, communityMember.account_id],
          set: { status: MEMBER_STATUS.joined, reviewed_by: c.id, joined_at: now, updated_at: now },
          setWhere: ne(communityMember.status, MEMBER_STATUS.joined),
        })
        .returning({ account_id: communityMember.account_id });
      await this.logMany(
        tx,
        rows.map((r) => ({
          community_id: row.id,
          account_id: c.id,
          action: "member.insert",
          target_type: "member",
          target_id: r.account_id,
          content: "添加社区成员",
        })),
      );
      if (rows.length) {
        await tx.insert(accountMessage).values(
          rows.map((r) => ({
            account_id: r.account_id,
            title: "您已加入社区",
            content: `您已被加入社区「${row.name}」`,
            source_type: "community",
            source_id: row.id,
            community_id: row.id,
            sender_id: c.id,
          })),
        );
      }
      return rows.length;
    });
    return { added };
  }

  /** c197: the owner (or a manager) hands the community to a joined member; the old owner becomes an administrator. */
  async transfer(c: Caller, p: In<typeof CommunityTransferPayload>): Promise<CommunityItem> {
    const { community: row } = await this.access.require(c, p.community_id, "can_transfer");
    const m = await this.access.membership(row.id, p.account_id);
    if (!m || m.status !== MEMBER_STATUS.joined) throw badInput("只能转让给已加入社区的成员");
    if (m.role === MEMBER_ROLES.owner) throw badInput("该成员已是社区创建者");
    const now = this.deps.now();
    await this.db.transaction(async (tx) => {
      // Demote first: the partial unique index holds one owner per community.
      await tx
        .update(communityMember)
        .set({ role: MEMBER_ROLES.admin, updated_at: now })
        .where(and(eq(communityMember.community_id, row.id), eq(communityMember.role, MEMBER_ROLES.owner)));
      await tx.update(communityMember).set({ role: MEMBER_ROLES.owner, updated_at: now }).where(eq(communityMember.id, m.id));
      await tx.update(community).set({ updated_at: now }).where(eq(community.id, row.id));
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action: "community.transfer",
        target_type: "member",
        target_id: p.account_id,
        content: "转让社区",
      });
      await tx.insert(accountMessage).values({
        account_id: p.account_id,
        title: "社区转让",
        content: `社区「${row.name}」已转让给您`,
        source_type: "community",
        source_id: row.id,
        community_id: row.id,
        sender_id: c.id,
      });
    });
    return this.one(row.id);
  }

  // ── verify, display, operate ─────────────────────────────────────────────────────────────────────────────

  /** c191: an administrator whose scope holds a pending community passes (1) or rejects (2, with a reason) it. */
  async verify(c: Caller, p: In<typeof CommunityVerifyPayload>): Promise<CommunityItem> {
    const { community: row } = await this.access.require(c, p.community_id, "can_verify");
    if (row.status !== COMMUNITY_STATUS.pending) throw conflict("该社区不是待审核状态");
    if (p.status === COMMUNITY_STATUS.rejected && !p.reason) throw badInput("请填写不通过的原因");
    const now = this.deps.now();
    const passed = p.status === COMMUNITY_STATUS.normal;
    await this.db.transaction(async (tx) => {
      const done = await tx
        .update(community)
        .set({ status: p.status, verify_reason: p.reason, verified_by: c.id, verified_at: now, updated_at: now })
        .where(and(eq(community.id, row.id), eq(community.status, COMMUNITY_STATUS.pending)))
        .returning({ id: community.id });
      if (!done.length) throw conflict("该社区不是待审核状态");
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action: "community.verify",
        target_type: "community",
        target_id: row.id,
        content: passed ? "审核通过" : `审核不通过：${p.reason}`,
      });
      const [owner] = await tx
        .select({ id: communityMember.account_id })
        .from(communityMember)
        .where(and(eq(communityMember.community_id, row.id), eq(communityMember.role, MEMBER_ROLES.owner)));
      await tx.insert(accountMessage).values({
        account_id: owner?.id ?? row.account_id,
        title: passed ? "社区审核通过" : "社区审核未通过",
        content: passed ? `您创建的社区「${row.name}」已审核通过` : `您创建的社区「${row.name}」未通过审核，原因：${p.reason}`,
        source_type: "community",
        source_id: row.id,
        community_id: row.id,
        sender_id: c.id,
      });
    });
    return this.one(row.id);
  }

  /** c192: managers show or hide the community on the public lists. */
  async isDisplay(c: Caller, p: In<typeof CommunityIsDisplayPayload>): Promise<CommunityItem> {
    const { community: row } = await this.access.require(c, p.community_id, "can_manage");
    await this.db.transaction(async (tx) => {
      await tx.update(community).set({ is_display: p.is_display, updated_at: this.deps.now() }).where(eq(community.id, row.id));
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action: "community.display",
        target_type: "community",
        target_id: row.id,
        content: p.is_display ? "设为展示" : "设为隐藏",
      });
    });
    return this.one(row.id);
  }

  /** c193: applications (approve / reject), administrators (set / unset), recommendation and grade (operators). */
  async operate(c: Caller, p: In<typeof CommunityOperatePayload>): Promise<CommunityOperateAnswer> {
    const { community: row, power } = await this.access.require(c, p.community_id);
    const op = p.operate;
    const need = (ok: boolean, msg: string) => {
      if (!ok) throw forbidden(msg);
    };
    const ids = [...new Set(p.account_ids ?? [])];
    const now = this.deps.now();
    const entry = (target_id: number, content: string, target_type = "member") => ({
      community_id: row.id,
      account_id: c.id,
      action: `community.operate.${op}`,
      target_type,
      target_id,
      content,
    });
    const log = (tx: Tx, target_id: number, content: string, target_type = "member") => this.access.log(tx, entry(target_id, content, target_type));
    const members = (status: number, role?: number) =>
      and(
        eq(communityMember.community_id, row.id),
        inArray(communityMember.account_id, ids),
        eq(communityMember.status, status),
        role ? eq(communityMember.role, role) : undefined,
      );
    let affected = 0;
    if (op === "approve" || op === "reject") {
      need(power.can_manage, "只有社区创建者或管理员可以审核加入申请");
      if (!ids.length) throw badInput("请选择要审核的申请");
      if (op === "reject" && !p.reason) throw badInput("请填写拒绝的原因");
      await this.db.transaction(async (tx) => {
        const done = await tx
          .update(communityMember)
          .set(
            op === "approve"
              ? { status: MEMBER_STATUS.joined, reviewed_by: c.id, joined_at: now, updated_at: now }
              : { status: MEMBER_STATUS.rejected, reviewed_by: c.id, updated_at: now },
          )
          .where(members(MEMBER_STATUS.applying))
          .returning({ account_id: communityMember.account_id });
        affected = done.length;
        await this.logMany(
          tx,
          done.map((d) => entry(d.account_id, op === "approve" ? "通过加入申请" : `拒绝加入申请：${p.reason}`)),
        );
        if (done.length) {
          await tx.insert(accountMessage).values(
            done.map((d) => ({
              account_id: d.account_id,
              title: op === "approve" ? "加入申请已通过" : "加入申请未通过",
              content: op === "approve" ? `您已加入社区「${row.name}」` : `您加入社区「${row.name}」的申请未通过，原因：${p.reason}`,
              source_type: "community",
              source_id: row.id,
              community_id: row.id,
              sender_id: c.id,
            })),
          );
        }
      });
      if (!affected) throw conflict("所选账号没有待审核的申请");
    } else if (op === "set_admin" || op === "unset_admin") {
      need(power.can_edit, "只有社区创建者可以设置管理员");
      if (!ids.length) throw badInput("请选择成员");
      await this.db.transaction(async (tx) => {
        const done = await tx
          .update(communityMember)
          .set({ role: op === "set_admin" ? MEMBER_ROLES.admin : MEMBER_ROLES.member, updated_at: now })
          .where(members(MEMBER_STATUS.joined, op === "set_admin" ? MEMBER_ROLES.member : MEMBER_ROLES.admin))
          .returning({ account_id: communityMember.account_id });
        affected = done.length;
        await this.logMany(
          tx,
          done.map((d) => entry(d.account_id, op === "set_admin" ? "设为管理员" : "取消管理员")),
        );
      });
      if (!affected) throw conflict(op === "set_admin" ? "所选账号不是社区的普通成员" : "所选账号不是社区管理员");
    } else {
      need(power.can_verify, "只有管辖该社区的管理员可以推荐或评定社区");
      const set: Partial<typeof community.$inferInsert> =
        op === "grade" ? { community_level: p.community_level ?? 0 } : { is_recommend: op === "recommend" ? 1 : 0 };
      if (op === "grade" && !p.community_level) throw badInput("请选择社区等级");
      await this.db.transaction(async (tx) => {
        await tx
          .update(community)
          .set({ ...set, updated_at: now })
          .where(eq(community.id, row.id));
        await log(tx, row.id, op === "grade" ? `评定为${COMMUNITY_GRADES[p.community_level!]}社区` : op === "recommend" ? "推荐社区" : "取消推荐", "community");
      });
      affected = 1;
    }
    return { operate: op, affected };
  }

  // ── reading one community ───────────────────────────────────────────────────────────────────────────────

  /** The community and what the caller (null: anonymous) may do; refuses when he may not view it. */
  async viewer(c: Caller | null, communityId: number): Promise<{ row: CommunityRow; power: CommunityPower }> {
    const row = await this.access.community(communityId);
    const power = c ? await this.access.power(c, row) : anonymousPower(row);
    if (!power.can_view) throw forbidden(c ? "请先加入社区后查看" : "请登录后查看");
    return { row, power };
  }

  async counts(id: number): Promise<CommunityCounts> {
    const [x] = await this.db
      .select({
        members: sql<number>`(select count(*)::int from community_member where community_id = ${id} and status = 1)`,
        applying: sql<number>`(select count(*)::int from community_member where community_id = ${id} and status = 0)`,
        articles: sql<number>`(select count(*)::int from community_article where community_id = ${id} and status = 1)`,
        activities: sql<number>`(select count(*)::int from activity where community_id = ${id} and status = 1)`,
        files: sql<number>`(select count(*)::int from community_file where community_id = ${id})`,
        notices: sql<number>`(select count(*)::int from notice where community_id = ${id})`,
        logs: sql<number>`(select count(*)::int from community_log where community_id = ${id})`,
      })
      .from(community)
      .where(eq(community.id, id));
    if (!x) throw notFound(COMMUNITY_NOT_FOUND);
    return {
      members: num(x.members),
      applying: num(x.applying),
      articles: num(x.articles),
      activities: num(x.activities),
      files: num(x.files),
      notices: num(x.notices),
      logs: num(x.logs),
    };
  }

  /** c198, c199, c209: the community, its counts and the caller's power. */
  async info(c: Caller | null, communityId: number): Promise<CommunityInfo> {
    const { row, power } = await this.viewer(c, communityId);
    const counts = await this.counts(row.id);
    if (!power.can_manage) counts.applying = 0;
    return { ...(await this.one(row.id)), counts, power };
  }

  /** c200 */
  async webIndex(c: Caller | null, communityId: number): Promise<CommunityWebIndex> {
    const info = await this.info(c, communityId);
    const joined = and(eq(communityMember.community_id, info.id), eq(communityMember.status, MEMBER_STATUS.joined));
    const leaders = await this.members()
      .where(and(joined, inArray(communityMember.role, [MEMBER_ROLES.owner, MEMBER_ROLES.admin])))
      .orderBy(asc(communityMember.role), asc(communityMember.id));
    const latest = await this.members().where(joined).orderBy(desc(communityMember.joined_at), desc(communityMember.id)).limit(12);
    const owner = leaders.find((l) => l.m.role === MEMBER_ROLES.owner);
    const logs = await this.logPage(info.id, { page: 1, limit: 10 });
    return {
      community: info,
      owner: owner ? this.memberBrief(owner) : null,
      admins: leaders.filter((l) => l.m.role === MEMBER_ROLES.admin).map((l) => this.memberBrief(l)),
      latest_members: latest.map((l) => this.memberBrief(l)),
      latest_logs: logs.list,
    };
  }

  /** c203 */
  async power(c: Caller, communityId: number): Promise<CommunityPower> {
    return (await this.access.require(c, communityId)).power;
  }

  // ── log, rankings, statistics ────────────────────────────────────────────────────────────────────────────

  private async logPage(communityId: number, p: { page: number; limit: number; account_id?: number; action?: string }): Promise<Page<CommunityLogRow>> {
    const where = and(
      eq(communityLog.community_id, communityId),
      p.account_id ? eq(communityLog.account_id, p.account_id) : undefined,
      p.action ? sql`${communityLog.action} like ${`${p.action.replace(/[%_\\]/g, "\\$&")}%`}` : undefined,
    );
    const [n] = await this.db.select({ n: sql<number>`count(*)::int` }).from(communityLog).where(where);
    const rows = await this.db
      .select({ l: communityLog, name: account.realname })
      .from(communityLog)
      .leftJoin(account, eq(account.id, communityLog.account_id))
      .where(where)
      .orderBy(desc(communityLog.created_at), desc(communityLog.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: rows.map(({ l, name }) => ({
        id: l.id,
        community_id: l.community_id,
        account_id: l.account_id,
        account_name: name ?? "",
        action: l.action,
        target_type: l.target_type,
        target_id: l.target_id,
        content: l.content,
        created_at: formatTime(l.created_at),
      })),
      total: num(n?.n),
      page: p.page,
      limit: p.limit,
    };
  }

  /** c205 */
  async log(c: Caller | null, p: In<typeof CommunityLogPayload>): Promise<Page<CommunityLogRow>> {
    const { row } = await this.viewer(c, p.community_id);
    return this.logPage(row.id, p);
  }

  private since(days: number): Date {
    return new Date(this.deps.now().getTime() - days * 86_400_000);
  }

  /** c204: the members with the most log rows and articles over the last `days` days. */
  async researchCelebrity(c: Caller | null, p: In<typeof ResearchCelebrityPayload>): Promise<ResearchCelebrityRow[]> {
    const { row } = await this.viewer(c, p.community_id);
    const since = this.since(p.days);
    const logNum = sql<number>`(select count(*)::int from community_log l where l.community_id = ${row.id} and l.account_id = ${communityMember.account_id} and l.created_at >= ${since})`;
    const articleNum = sql<number>`(select count(*)::int from community_article a where a.community_id = ${row.id} and a.account_id = ${communityMember.account_id} and a.status = 1 and a.created_at >= ${since})`;
    const rows = await this.db
      .select({
        m: communityMember,
        realname: account.realname,
        head: account.head_portrait_url,
        school_name: school.title,
        log_num: logNum,
        article_num: articleNum,
      })
      .from(communityMember)
      .leftJoin(account, eq(account.id, communityMember.account_id))
      .leftJoin(school, eq(school.id, account.school_id))
      .where(and(eq(communityMember.community_id, row.id), eq(communityMember.status, MEMBER_STATUS.joined)))
      .orderBy(desc(sql`${logNum} + ${articleNum}`), asc(communityMember.account_id))
      .limit(p.limit);
    return rows
      .map((r) => ({ ...this.memberBrief(r), log_num: num(r.log_num), article_num: num(r.article_num), score: num(r.log_num) + num(r.article_num) }))
      .filter((r) => r.score > 0)
      .map(({ joined_at: _j, ...r }) => r);
  }

  /** c206: normal displayed communities ranked by their log rows over the last `days` days. */
  async activeCommunity(p: In<typeof ActiveCommunityPayload>): Promise<ActiveCommunityRow[]> {
    const since = this.since(p.days);
    // The window's log rows counted once, grouped (one pass over the time index), then joined to the communities.
    const l = this.db
      .select({ community_id: communityLog.community_id, n: sql<number>`count(*)::int`.as("log_n") })
      .from(communityLog)
      .where(sql`${communityLog.created_at} >= ${since}`)
      .groupBy(communityLog.community_id)
      .as("l");
    const rows = await this.base()
      .innerJoin(l, eq(l.community_id, community.id))
      .where(
        and(
          this.visible,
          p.type ? eq(community.type, p.type) : undefined,
          p.level ? eq(community.level, p.level) : undefined,
          p.region_id ? sql`${community.region_list} @> ${JSON.stringify([p.region_id])}::jsonb` : undefined,
        ),
      )
      .orderBy(desc(l.n), desc(community.id))
      .limit(p.limit);
    // The counts of the chosen ones (the base select has no room for them).
    const ids = rows.map((r) => r.c.id);
    const counts = ids.length
      ? await this.db
          .select({ id: communityLog.community_id, n: sql<number>`count(*)::int` })
          .from(communityLog)
          .where(and(inArray(communityLog.community_id, ids), sql`${communityLog.created_at} >= ${since}`))
          .groupBy(communityLog.community_id)
      : [];
    const by = new Map(counts.map((x) => [x.id, num(x.n)]));
    return rows.map((r, i) => ({ ...this.item(r), rank: i + 1, log_num: by.get(r.c.id) ?? 0 }));
  }

  /** c210: regions (districts, or cities) ranked by their normal communities' log rows over the last `days` days. */
  async regionRanking(p: In<typeof RegionRankingPayload>): Promise<RegionRankingRow[]> {
    const since = this.since(p.days);
    const col = p.by === "city" ? community.city_id : community.area_id;
    const m = this.db
      .select({ community_id: communityMember.community_id, n: sql<number>`count(*)`.as("member_n") })
      .from(communityMember)
      .where(eq(communityMember.status, MEMBER_STATUS.joined))
      .groupBy(communityMember.community_id)
      .as("m");
    const l = this.db
      .select({ community_id: communityLog.community_id, n: sql<number>`count(*)`.as("log_n") })
      .from(communityLog)
      .where(sql`${communityLog.created_at} >= ${since}`)
      .groupBy(communityLog.community_id)
      .as("l");
    const logNum = sql<number>`coalesce(sum(${l.n}), 0)::int`;
    const communityNum = sql<number>`count(*)::int`;
    const rows = await this.db
      .select({
        region_id: col,
        region_name: region.name,
        community_num: communityNum,
        member_num: sql<number>`coalesce(sum(${m.n}), 0)::int`,
        log_num: logNum,
      })
      .from(community)
      .innerJoin(region, eq(region.id, col))
      .leftJoin(m, eq(m.community_id, community.id))
      .leftJoin(l, eq(l.community_id, community.id))
      .where(and(eq(community.status, COMMUNITY_STATUS.normal), p.by === "area" && p.city_id ? eq(community.city_id, p.city_id) : undefined))
      .groupBy(col, region.name)
      .orderBy(desc(logNum), desc(communityNum), asc(col))
      .limit(p.limit);
    return rows.map((r, i) => ({
      rank: i + 1,
      region_id: r.region_id,
      region_name: r.region_name,
      community_num: num(r.community_num),
      member_num: num(r.member_num),
      log_num: num(r.log_num),
    }));
  }

  /** The last `months` months (Asia/Shanghai), oldest first, and the instant the first one starts. */
  private months(n: number): { keys: string[]; start: Date } {
    const now = dayjs(this.deps.now()).tz(TIME_ZONE).startOf("month");
    const keys: string[] = [];
    for (let i = n - 1; i >= 0; i--) keys.push(now.subtract(i, "month").format("YYYY-MM"));
    return { keys, start: now.subtract(n - 1, "month").toDate() };
  }

  /** c195: the community's activities by type and by month (start_time). */
  async activityStatistics(c: Caller | null, p: In<typeof CommunityMonthsPayload>): Promise<CommunityActivityStatistics> {
    const { row } = await this.viewer(c, p.community_id);
    const { keys, start } = this.months(p.months);
    const m = month(activity.start_time);
    const rows = await this.db
      .select({ month: m, type: activity.type, n: sql<number>`count(*)::int` })
      .from(activity)
      .where(and(eq(activity.community_id, row.id), eq(activity.status, 1), sql`${activity.start_time} >= ${start}`))
      .groupBy(m, activity.type);
    const byType = new Map<string, number>();
    const byMonth = new Map<string, Record<string, number>>(keys.map((k) => [k, {}]));
    for (const r of rows) {
      const slot = byMonth.get(r.month);
      if (!slot) continue; // after this month (activities scheduled ahead)
      slot[r.type] = (slot[r.type] ?? 0) + num(r.n);
      byType.set(r.type, (byType.get(r.type) ?? 0) + num(r.n));
    }
    const types = [...new Set([...Object.keys(ACTIVITY_TYPES), ...byType.keys()])];
    return {
      total: [...byType.values()].reduce((a, b) => a + b, 0),
      by_type: types.map((t) => ({ type: t, type_name: ACTIVITY_TYPES[t] ?? t, count: byType.get(t) ?? 0 })),
      by_month: keys.map((k) => {
        const slot = byMonth.get(k)!;
        return { month: k, count: Object.values(slot).reduce((a, b) => a + b, 0), by_type: slot };
      }),
    };
  }

  /** c207: totals, and what was added each month. */
  async statistics(c: Caller | null, p: In<typeof CommunityMonthsPayload>): Promise<CommunityStatistics> {
    const { row, power } = await this.viewer(c, p.community_id);
    const { keys, start } = this.months(p.months);
    const totals = await this.counts(row.id);
    if (!power.can_manage) totals.applying = 0;
    const series = async (t: PgTable, cid: PgColumn, time: PgColumn, extra?: SQL) => {
      const m = month(time);
      const r = await this.db
        .select({ month: m, n: sql<number>`count(*)::int` })
        .from(t)
        .where(and(eq(cid, row.id), sql`${time} >= ${start}`, extra))
        .groupBy(m);
      return new Map(r.map((x) => [x.month, num(x.n)]));
    };
    const members = await series(communityMember, communityMember.community_id, communityMember.joined_at, eq(communityMember.status, MEMBER_STATUS.joined));
    const articles = await series(communityArticle, communityArticle.community_id, communityArticle.created_at, eq(communityArticle.status, 1));
    const activities = await series(activity, activity.community_id, activity.start_time, eq(activity.status, 1));
    const files = await series(communityFile, communityFile.community_id, communityFile.created_at);
    const notices = await series(notice, notice.community_id, notice.created_at);
    const logs = await series(communityLog, communityLog.community_id, communityLog.created_at);
    return {
      totals,
      months: keys.map((k) => ({
        month: k,
        members: members.get(k) ?? 0,
        articles: articles.get(k) ?? 0,
        activities: activities.get(k) ?? 0,
        files: files.get(k) ?? 0,
        notices: notices.get(k) ?? 0,
        logs: logs.get(k) ?? 0,
      })),
    };
  }

  // ── files ────────────────────────────────────────────────────────────────────────────────────────────────

  /** c211: a joined member attaches a file he uploaded. */
  async fileSave(c: Caller, p: In<typeof CommunityFileSave>): Promise<CommunityFileRow> {
    const { community: row } = await this.access.require(c, p.community_id, "can_post");
    const file = await this.deps.files.fileRow(p.file_id);
    if (!file) throw notFound("文件不存在或已删除");
    if (file.account_id !== c.id) throw forbidden("只能添加本人上传的文件");
    const [dup] = await this.db
      .select({ id: communityFile.id })
      .from(communityFile)
      .where(and(eq(communityFile.community_id, row.id), eq(communityFile.file_id, file.id)));
    if (dup) throw conflict("该文件已在社区中");
    const id = await this.db.transaction(async (tx) => {
      const [f] = await tx
        .insert(communityFile)
        .values({
          community_id: row.id,
          file_id: file.id,
          account_id: c.id,
          file_name: p.file_name || file.real_file_name,
          type: p.type,
          created_at: this.deps.now(),
        })
        .returning({ id: communityFile.id });
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action: "file.save",
        target_type: "file",
        target_id: f!.id,
        content: `上传文件「${p.file_name || file.real_file_name}」`,
      });
      return f!.id;
    });
    const [one] = (await this.filePage(c, row.id, true, { page: 1, limit: 1, id })).list;
    return one!;
  }

  private async filePage(
    c: Caller | null,
    communityId: number,
    manager: boolean,
    p: { page: number; limit: number; type?: number; file_name?: string; id?: number },
  ): Promise<Page<CommunityFileRow>> {
    const where = and(
      eq(communityFile.community_id, communityId),
      p.id ? eq(communityFile.id, p.id) : undefined,
      p.type ? eq(communityFile.type, p.type) : undefined,
      p.file_name ? ilike(communityFile.file_name, containsPattern(p.file_name)) : undefined,
    );
    const [n] = await this.db.select({ n: sql<number>`count(*)::int` }).from(communityFile).where(where);
    const rows = await this.db
      .select({ f: communityFile, s: storedFile, name: account.realname })
      .from(communityFile)
      .innerJoin(storedFile, eq(storedFile.id, communityFile.file_id))
      .leftJoin(account, eq(account.id, communityFile.account_id))
      .where(where)
      .orderBy(desc(communityFile.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: rows.map(({ f, s, name }) => ({
        id: f.id,
        community_id: f.community_id,
        file_id: f.file_id,
        file_name: f.file_name,
        file_type: s.file_type,
        kind: s.kind,
        size: s.size,
        type: f.type,
        type_name: COMMUNITY_FILE_TYPES[f.type] ?? "",
        url: s.is_public ? `${FILE_GET_PREFIX}/${s.id}` : this.deps.files.signedPath(s.id),
        account_id: f.account_id,
        account_name: name ?? "",
        can_delete: Boolean(c) && (manager || f.account_id === c?.id),
        created_at: formatTime(f.created_at),
      })),
      total: num(n?.n),
      page: p.page,
      limit: p.limit,
    };
  }

  /** c212 */
  async fileList(c: Caller | null, p: In<typeof CommunityFileListPayload>): Promise<Page<CommunityFileRow>> {
    const { row, power } = await this.viewer(c, p.community_id);
    return this.filePage(c, row.id, power.can_manage, p);
  }

  /** c213: the uploader or a manager detaches the file; the uploaded file stays in its owner's space. */
  async fileDelete(c: Caller, p: In<typeof CommunityFileDelete>): Promise<{ id: number }> {
    const [f] = await this.db.select().from(communityFile).where(eq(communityFile.id, p.id));
    if (!f) throw notFound("社区文件不存在或已删除");
    const { community: row, power } = await this.access.require(c, f.community_id);
    if (f.account_id !== c.id && !power.can_manage) throw forbidden("只有上传者或社区管理员可以删除该文件");
    await this.db.transaction(async (tx) => {
      await tx.delete(communityFile).where(eq(communityFile.id, f.id));
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action: "file.delete",
        target_type: "file",
        target_id: f.id,
        content: `删除文件「${f.file_name}」`,
      });
    });
    return { id: f.id };
  }

  // ── lists fed by #8, #9, #10 ─────────────────────────────────────────────────────────────────────────────

  /** c214: analysed videos (analysis_status done) of the community's joined members. */
  async aiCourseList(c: Caller | null, p: In<typeof CommunityPagePayload>): Promise<Page<CommunityAiCourseRow>> {
    const { row } = await this.viewer(c, p.community_id);
    const where = and(
      eq(video.analysis_status, "done"),
      sql`${video.account_id} in (select account_id from community_member where community_id = ${row.id} and status = 1)`,
    );
    const [n] = await this.db.select({ n: sql<number>`count(*)::int` }).from(video).where(where);
    // The newest finished analysis of each video (#10): where its report is, whether it is published, its mode.
    const analysis = sql<{ id: number; publish_status: number; mode: string | null; rt: number | null; ch: number | null } | null>`(
      select jsonb_build_object('id', ac.id, 'publish_status', ac.publish_status,
        'mode', case when ac.result->'st'->>'available' = 'true' then ac.result->'st'->>'mode' end,
        'rt', case when ac.result->'st'->>'available' = 'true' then (ac.result->'st'->>'rt')::float end,
        'ch', case when ac.result->'st'->>'available' = 'true' then (ac.result->'st'->>'ch')::float end)
      from ${analysisCourse} ac where ac.video_id = ${video.id} and ac.status = 2
      order by ac.finished_at desc nulls last, ac.id desc limit 1)`;
    const rows = await this.db
      .select({ v: video, name: account.realname, analysis })
      .from(video)
      .leftJoin(account, eq(account.id, video.account_id))
      .where(where)
      .orderBy(desc(video.created_at), desc(video.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: rows.map(({ v, name, analysis: a }) => ({
        id: v.id,
        name: v.name,
        account_id: v.account_id,
        account_name: name ?? "",
        school_id: v.school_id,
        period_id: v.period_id,
        subject_id: v.subject_id,
        duration: v.duration,
        analysis_status: v.analysis_status,
        created_at: formatTime(v.created_at),
        course_id: a?.id ?? 0,
        publish_status: a?.publish_status ?? 0,
        mode: a?.mode ?? null,
        rt: a?.rt ?? null,
        ch: a?.ch ?? null,
      })),
      total: num(n?.n),
      page: p.page,
      limit: p.limit,
    };
  }

  /**
   * c215 (after_class), c216 (preparation): the community's activity rows of that type, displayed, newest first.
   * Preparations are listed only where the caller may view them (open_model: 社区内 and 仅参与人 ones stay out of
   * outsiders' lists — PreparationAccess.visibleSql).
   */
  async activityPage(c: Caller | null, p: In<typeof CommunityPagePayload>, type: "after_class" | "preparation"): Promise<Page<CommunityActivityRow>> {
    const { row } = await this.viewer(c, p.community_id);
    const visible = type === "preparation" ? await this.deps.preparations.visibleSql(c ?? GUEST) : undefined;
    const where = and(
      eq(activity.community_id, row.id),
      eq(activity.type, type),
      eq(activity.status, 1),
      // A preparation's own rule decides (its activity is displayed only when it is 公开).
      type === "preparation"
        ? visible
          ? inArray(activity.ref_id, this.db.select({ id: preparation.id }).from(preparation).where(visible))
          : undefined
        : eq(activity.is_display, 1),
    );
    const [n] = await this.db.select({ n: sql<number>`count(*)::int` }).from(activity).where(where);
    const rows = await this.db
      .select({ a: activity, name: account.realname })
      .from(activity)
      .leftJoin(account, eq(account.id, activity.account_id))
      .where(where)
      .orderBy(desc(activity.start_time), desc(activity.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: rows.map(({ a, name }) => ({
        id: a.id,
        type: a.type,
        ref_id: a.ref_id,
        name: a.name,
        introduction: a.introduction,
        cover_url: a.cover_url,
        account_id: a.account_id,
        account_name: name ?? "",
        period_id: a.period_id,
        subject_id: a.subject_id,
        start_time: formatTime(a.start_time),
        end_time: formatTime(a.end_time),
        created_at: formatTime(a.created_at),
      })),
      total: num(n?.n),
      page: p.page,
      limit: p.limit,
    };
  }
}

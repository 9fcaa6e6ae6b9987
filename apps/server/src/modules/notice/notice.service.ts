/**
 * Notices (community.md §3 Activity notice and operate notice; docs/api/notice.md, docs/decisions/0706): activity
 * notices (notice_type 1) and operate notices (2) of a community, written by those who manage it (can_manage);
 * platform (3) and web (4) notices written by platform administrators. Publishing (status 1) sends each participant
 * one personal-centre message — participation_account_ids, or every joined member when none is named — once per
 * notice and account, in the notice's transaction.
 */
import {
  type CommunityNoticeSave,
  type CommunityNoticeUpdate,
  MEMBER_ROLES,
  MEMBER_STATUS,
  NOTICE_KINDS,
  NOTICE_KIND_NAMES,
  NOTICE_STATUS_NAMES,
  NOTICE_TYPES,
  type NoticeParticipant,
  type NoticeRow,
  type Page,
} from "@yanke/protocol";
import type {
  CommunityAllNoticePayload,
  CommunityIndexNoticePayload,
  NoticeAcrossPayload,
  NoticeStatusPayload,
  PlatformNoticeListPayload,
  PlatformNoticeSave,
  PlatformNoticeUpdate,
} from "@yanke/protocol";
import { type SQL, and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { COMMUNITY_NOT_FOUND, type CommunityAccess, type CommunityRow } from "../community/community-access.js";
import { community, communityMember } from "../community/community.schema.js";
import { region, school } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { and2, containsPattern } from "../org/period.service.js";
import { scopeOf } from "../rbac/permission.js";
import { parseWhen } from "../recording/clock.js";
import { sanitizeRichText } from "../article/sanitize.js";
import { plainText, sendMessagesOnce } from "./message.service.js";
import { accountMessage, notice } from "./notice.schema.js";

export type NoticeRecord = typeof notice.$inferSelect;
/** The kinds written inside a community. */
export type CommunityKind = typeof NOTICE_KINDS.activity | typeof NOTICE_KINDS.community;
type PlatformKind = typeof NOTICE_KINDS.platform | typeof NOTICE_KINDS.web;

const NOT_FOUND: Record<number, string> = {
  1: "活动通知不存在或已删除",
  2: "社区公告不存在或已删除",
  3: "平台公告不存在或已删除",
  4: "网站公告不存在或已删除",
};
const LOG_NAME: Record<number, string> = { 1: "活动通知", 2: "社区公告" };
export const NOTICE_SOURCE = "notice";

type Update = CommunityNoticeUpdate;
type ListQ = z.output<typeof CommunityAllNoticePayload>;
type IndexQ = z.output<typeof CommunityIndexNoticePayload>;
type AcrossQ = z.output<typeof NoticeAcrossPayload>;
type PlatformListQ = z.output<typeof PlatformNoticeListPayload>;
type PlatformSaveQ = z.output<typeof PlatformNoticeSave>;
type PlatformUpdateQ = z.output<typeof PlatformNoticeUpdate>;

const isPlatformAdmin = (c: Caller | null) => c !== null && (c.identity === 1 || c.identity === 5);

/** "YYYY-MM-DD HH:mm[:ss]" → Date; "" → null; anything else 400. */
export function parseTimes(
  start: string,
  end: string,
  labels: [string, string] = ["开始时间", "结束时间"],
  required = false,
): { start: Date | null; end: Date | null } {
  const one = (v: string, label: string): Date | null => {
    if (v === "") {
      if (required) throw badInput(`请选择${label}`);
      return null;
    }
    const d = parseWhen(v);
    if (!d) throw badInput(`${label}不是有效的时间（格式 YYYY-MM-DD HH:mm:ss）`);
    return d;
  };
  const s = one(start, labels[0]);
  const e = one(end, labels[1]);
  if (s && e && e.getTime() < s.getTime()) throw badInput(`${labels[1]}不能早于${labels[0]}`);
  return { start: s, end: e };
}

/** Refuses participants who are not joined members of the community, naming them. */
export async function assertMembers(db: Db, communityId: number, ids: readonly number[], label = "参与人"): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const ok = await db
    .select({ id: communityMember.account_id })
    .from(communityMember)
    .where(and(eq(communityMember.community_id, communityId), eq(communityMember.status, MEMBER_STATUS.joined), inArray(communityMember.account_id, wanted)));
  const okSet = new Set(ok.map((r) => r.id));
  const bad = wanted.filter((id) => !okSet.has(id));
  if (bad.length) {
    const names = await accountNames(db, bad);
    const shown = bad.slice(0, 5).map((id) => names.get(id) || `账号 ${id}`);
    throw badInput(`${label}必须是本社区已加入的成员，以下人员不是：${shown.join("、")}${bad.length > 5 ? ` 等 ${bad.length} 人` : ""}`);
  }
  return wanted;
}

/** Joined members of a community. */
export async function joinedMembers(db: Db | Tx, communityId: number): Promise<number[]> {
  const rows = await db
    .select({ id: communityMember.account_id })
    .from(communityMember)
    .where(and(eq(communityMember.community_id, communityId), eq(communityMember.status, MEMBER_STATUS.joined)));
  return rows.map((r) => r.id);
}

export async function accountNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const list = [...new Set(ids)].filter((id) => id > 0);
  if (!list.length) return new Map();
  const rows = await db.select({ id: account.id, realname: account.realname, username: account.username }).from(account).where(inArray(account.id, list));
  return new Map(rows.map((r) => [r.id, r.realname || r.username]));
}

export async function communityNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const list = [...new Set(ids)].filter((id) => id > 0);
  if (!list.length) return new Map();
  const rows = await db.select({ id: community.id, name: community.name }).from(community).where(inArray(community.id, list));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export class NoticeService {
  constructor(
    private readonly db: Db,
    private readonly access: CommunityAccess,
    private readonly now: () => Date,
  ) {}

  // ------------------------------------------------------------------------------------------------------
  // Reading rows

  private async toRows(records: NoticeRecord[]): Promise<NoticeRow[]> {
    if (!records.length) return [];
    const people = await accountNames(
      this.db,
      records.flatMap((r) => [r.account_id, ...r.participation_account_ids]),
    );
    const names = await communityNames(
      this.db,
      records.map((r) => r.community_id),
    );
    const sent = await this.db
      .select({ id: accountMessage.source_id, n: count() })
      .from(accountMessage)
      .where(
        and(
          eq(accountMessage.source_type, NOTICE_SOURCE),
          inArray(
            accountMessage.source_id,
            records.map((r) => r.id),
          ),
        ),
      )
      .groupBy(accountMessage.source_id);
    const sentBy = new Map(sent.map((r) => [r.id, Number(r.n)]));
    return records.map((r) => ({
      id: r.id,
      notice_type: r.notice_type,
      notice_type_name: NOTICE_KIND_NAMES[r.notice_type] ?? "",
      type: r.type,
      type_name: NOTICE_TYPES[r.type] ?? "",
      name: r.name,
      message_content: r.message_content,
      community_id: r.community_id,
      community_name: names.get(r.community_id) ?? "",
      activity_id: r.activity_id,
      participation_account_ids: r.participation_account_ids,
      participants: r.participation_account_ids.map((id): NoticeParticipant => ({ id, realname: people.get(id) ?? "" })),
      start_time: formatTime(r.start_time),
      end_time: formatTime(r.end_time),
      status: r.status,
      status_name: NOTICE_STATUS_NAMES[r.status] ?? "",
      account_id: r.account_id,
      account_name: people.get(r.account_id) ?? "",
      message_count: sentBy.get(r.id) ?? 0,
      created_at: formatTime(r.created_at),
      updated_at: formatTime(r.updated_at),
    }));
  }

  private async page(where: SQL | undefined, page: number, limit: number): Promise<Page<NoticeRow>> {
    const [{ n }] = (await this.db.select({ n: count() }).from(notice).where(where)) as [{ n: number }];
    const records = await this.db
      .select()
      .from(notice)
      .where(where)
      .orderBy(desc(notice.created_at), desc(notice.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { list: await this.toRows(records), total: Number(n), page, limit };
  }

  private async record(id: number): Promise<NoticeRecord | undefined> {
    const [r] = await this.db.select().from(notice).where(eq(notice.id, id));
    return r;
  }

  /** A notice of one of the kinds, or 404 with that kind's message. */
  private async ofKind(id: number, kinds: readonly number[]): Promise<NoticeRecord> {
    const r = await this.record(id);
    if (!r || !kinds.includes(r.notice_type)) throw notFound(NOT_FOUND[kinds[0]!]);
    return r;
  }

  /** What an anonymous visitor (or a logged-in caller) may do in a community. */
  private async viewPower(c: Caller | null, row: CommunityRow): Promise<{ can_view: boolean; can_manage: boolean }> {
    if (c) return this.access.power(c, row);
    return { can_view: row.status === 1 && row.is_display === 1, can_manage: false };
  }

  // ------------------------------------------------------------------------------------------------------
  // Publishing

  /**
   * Inside tx, with the notice row locked: a published notice of a community sends its message to each recipient
   * who has none about it yet. Recipients: the participants, or every joined member when none is named; never the
   * sender. Returns the messages sent.
   */
  private async fanOut(tx: Tx, r: NoticeRecord, senderId: number): Promise<number> {
    if (r.status !== 1 || (r.notice_type !== NOTICE_KINDS.activity && r.notice_type !== NOTICE_KINDS.community) || !r.community_id) return 0;
    const recipients = (r.participation_account_ids.length ? r.participation_account_ids : await joinedMembers(tx, r.community_id)).filter(
      (id) => id !== senderId,
    );
    const body = plainText(r.message_content);
    const when = r.start_time ? `时间：${formatTime(r.start_time).slice(0, 16)}${r.end_time ? ` 至 ${formatTime(r.end_time).slice(0, 16)}` : ""}` : "";
    return sendMessagesOnce(tx, recipients, {
      title: `【${NOTICE_KIND_NAMES[r.notice_type]}】${r.name}`,
      content: [when, body].filter(Boolean).join("\n"),
      source_type: NOTICE_SOURCE,
      source_id: r.id,
      community_id: r.community_id,
      sender_id: senderId,
    });
  }

  private async lock(tx: Tx, id: number): Promise<NoticeRecord | undefined> {
    const [r] = await tx.select().from(notice).where(eq(notice.id, id)).for("update");
    return r;
  }

  // ------------------------------------------------------------------------------------------------------
  // Notices of a community (c321–c328, c332)

  async save(c: Caller, kind: CommunityKind, p: CommunityNoticeSave): Promise<NoticeRow> {
    const { community: row } = await this.access.require(c, p.community_id, "can_manage");
    const times = parseTimes(p.start_time, p.end_time);
    const participants = await assertMembers(this.db, row.id, p.participation_account_ids);
    const created = await this.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(notice)
        .values({
          notice_type: kind,
          type: p.type,
          name: p.name,
          message_content: sanitizeRichText(p.message_content),
          community_id: row.id,
          activity_id: kind === NOTICE_KINDS.activity ? p.activity_id : 0,
          participation_account_ids: participants,
          start_time: times.start,
          end_time: times.end,
          status: p.status,
          account_id: c.id,
          school_id: row.school_id,
          area_id: row.area_id,
        })
        .returning();
      const rec = r!;
      const sent = await this.fanOut(tx, rec, c.id);
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action: "notice.save",
        target_type: "notice",
        target_id: rec.id,
        content: `${p.status === 1 ? "发布" : "保存草稿"}${LOG_NAME[kind]}「${p.name}」${sent ? `，通知 ${sent} 人` : ""}`,
      });
      return rec;
    });
    return (await this.toRows([created]))[0]!;
  }

  async update(c: Caller, kind: CommunityKind, p: Update, sent: ReadonlySet<string>): Promise<NoticeRow> {
    const before = await this.ofKind(p.id, [kind]);
    const { community: row } = await this.access.require(c, before.community_id, "can_manage");
    const has = (k: keyof Update) => sent.has(k) && p[k] !== undefined;
    const startIn = has("start_time") ? p.start_time! : formatTime(before.start_time);
    const endIn = has("end_time") ? p.end_time! : formatTime(before.end_time);
    const times = parseTimes(startIn, endIn);
    const participants = has("participation_account_ids") ? await assertMembers(this.db, row.id, p.participation_account_ids!) : undefined;
    const changes: Partial<typeof notice.$inferInsert> = { updated_at: this.now() };
    if (has("name")) changes.name = p.name!;
    if (has("type")) changes.type = p.type!;
    if (has("message_content")) changes.message_content = sanitizeRichText(p.message_content!);
    if (has("start_time") || has("end_time")) Object.assign(changes, { start_time: times.start, end_time: times.end });
    if (participants) changes.participation_account_ids = participants;
    if (has("status")) changes.status = p.status!;
    if (has("activity_id") && kind === NOTICE_KINDS.activity) changes.activity_id = p.activity_id!;
    const updated = await this.db.transaction(async (tx) => {
      if (!(await this.lock(tx, p.id))) throw notFound(NOT_FOUND[kind]);
      const [r] = await tx.update(notice).set(changes).where(eq(notice.id, p.id)).returning();
      const rec = r!;
      const n = await this.fanOut(tx, rec, c.id);
      await this.access.log(tx, {
        community_id: row.id,
        account_id: c.id,
        action: "notice.update",
        target_type: "notice",
        target_id: rec.id,
        content: `修改${LOG_NAME[kind]}「${rec.name}」${n ? `，通知 ${n} 人` : ""}`,
      });
      return rec;
    });
    return (await this.toRows([updated]))[0]!;
  }

  /** Deletes the notice and the messages it sent. */
  async remove(c: Caller, kind: CommunityKind, id: number): Promise<null> {
    const before = await this.ofKind(id, [kind]);
    await this.access.require(c, before.community_id, "can_manage");
    await this.db.transaction(async (tx) => {
      await tx.delete(notice).where(eq(notice.id, id));
      await tx.delete(accountMessage).where(and(eq(accountMessage.source_type, NOTICE_SOURCE), eq(accountMessage.source_id, id)));
      await this.access.log(tx, {
        community_id: before.community_id,
        account_id: c.id,
        action: "notice.delete",
        target_type: "notice",
        target_id: id,
        content: `删除${LOG_NAME[kind]}「${before.name}」`,
      });
    });
    return null;
  }

  /** c332: publish (1; messages go out once) or withdraw (0; messages already sent stay). */
  async setStatus(c: Caller, p: z.output<typeof NoticeStatusPayload>): Promise<NoticeRow> {
    const before = await this.ofKind(p.id, [NOTICE_KINDS.community, NOTICE_KINDS.activity]);
    await this.access.require(c, before.community_id, "can_manage");
    const updated = await this.db.transaction(async (tx) => {
      if (!(await this.lock(tx, p.id))) throw notFound(NOT_FOUND[before.notice_type]);
      const [r] = await tx.update(notice).set({ status: p.status, updated_at: this.now() }).where(eq(notice.id, p.id)).returning();
      const rec = r!;
      const n = await this.fanOut(tx, rec, c.id);
      await this.access.log(tx, {
        community_id: rec.community_id,
        account_id: c.id,
        action: p.status === 1 ? "notice.publish" : "notice.withdraw",
        target_type: "notice",
        target_id: rec.id,
        content: `${p.status === 1 ? "发布" : "撤回"}${LOG_NAME[rec.notice_type]}「${rec.name}」${n ? `，通知 ${n} 人` : ""}`,
      });
      return rec;
    });
    return (await this.toRows([updated]))[0]!;
  }

  // ------------------------------------------------------------------------------------------------------
  // Lists

  /** c321 / c325 / c194: one community's notices of the kinds; members see published ones, managers drafts too. */
  async communityList(c: Caller, kinds: readonly number[], q: ListQ): Promise<Page<NoticeRow>> {
    const { community: row, power } = await this.access.require(c, q.community_id, "can_view");
    const narrowed = q.notice_type && kinds.includes(q.notice_type) ? [q.notice_type] : kinds;
    const where = and2(
      eq(notice.community_id, row.id),
      inArray(notice.notice_type, [...narrowed]),
      power.can_manage ? (q.status !== undefined ? eq(notice.status, q.status) : undefined) : eq(notice.status, 1),
      q.type ? eq(notice.type, q.type) : undefined,
      q.name ? sql`${notice.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    return this.page(where, q.page, q.limit);
  }

  /** c201 (no login for a community shown on the site): a community home's published notices of both kinds. */
  async indexList(c: Caller | null, q: IndexQ): Promise<Page<NoticeRow>> {
    const row = await this.access.community(q.community_id);
    const power = await this.viewPower(c, row);
    if (!power.can_view) throw forbidden(c ? "请先加入社区后查看" : "该社区未公开，请登录并加入社区后查看");
    const where = and2(
      eq(notice.community_id, row.id),
      inArray(notice.notice_type, [NOTICE_KINDS.activity, NOTICE_KINDS.community]),
      eq(notice.status, 1),
      q.name ? sql`${notice.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    return this.page(where, q.page, q.limit);
  }

  /** The communities the caller manages (SQL), undefined = every community (platform administrators). */
  private managedCommunities(c: Caller): SQL | undefined {
    const scope = scopeOf(c);
    if (scope.kind === "all") return undefined;
    const asMember = inArray(
      community.id,
      this.db
        .select({ id: communityMember.community_id })
        .from(communityMember)
        .where(
          and(
            eq(communityMember.account_id, c.id),
            eq(communityMember.status, MEMBER_STATUS.joined),
            inArray(communityMember.role, [MEMBER_ROLES.owner, MEMBER_ROLES.admin]),
          ),
        ),
    );
    const conds: SQL[] = [and(asMember, eq(community.status, 1))!];
    if (scope.kind === "school") conds.push(eq(community.school_id, scope.schoolId));
    if (scope.kind === "region") {
      const rid = this.db.select({ id: region.id }).from(region).where(eq(region.region_code, scope.code));
      conds.push(
        inArray(community.province_id, rid),
        inArray(community.city_id, rid),
        inArray(community.area_id, rid),
        inArray(
          community.school_id,
          this.db
            .select({ id: school.id })
            .from(school)
            .where(or(eq(school.area_code, scope.code), eq(school.city_code, scope.code), eq(school.province_code, scope.code))),
        ),
      );
    }
    return inArray(
      notice.community_id,
      this.db
        .select({ id: community.id })
        .from(community)
        .where(or(...conds)),
    );
  }

  /** c329: operate notices of every community the caller manages, drafts included. */
  async allList(c: Caller, q: AcrossQ): Promise<Page<NoticeRow>> {
    const where = and2(
      eq(notice.notice_type, NOTICE_KINDS.community),
      this.managedCommunities(c),
      q.community_id ? eq(notice.community_id, q.community_id) : undefined,
      q.status !== undefined ? eq(notice.status, q.status) : undefined,
      q.name ? sql`${notice.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    return this.page(where, q.page, q.limit);
  }

  /** c330: published operate notices of the communities the caller joined. */
  async myCommunityNotice(c: Caller, q: AcrossQ): Promise<Page<NoticeRow>> {
    const where = and2(
      eq(notice.notice_type, NOTICE_KINDS.community),
      eq(notice.status, 1),
      inArray(
        notice.community_id,
        this.db
          .select({ id: communityMember.community_id })
          .from(communityMember)
          .where(and(eq(communityMember.account_id, c.id), eq(communityMember.status, MEMBER_STATUS.joined))),
      ),
      q.community_id ? eq(notice.community_id, q.community_id) : undefined,
      q.name ? sql`${notice.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    return this.page(where, q.page, q.limit);
  }

  /** c217 (no login): published operate notices of every normal community shown on the site. */
  async frontList(q: AcrossQ): Promise<Page<NoticeRow>> {
    const where = and2(
      eq(notice.notice_type, NOTICE_KINDS.community),
      eq(notice.status, 1),
      inArray(
        notice.community_id,
        this.db
          .select({ id: community.id })
          .from(community)
          .where(and(eq(community.status, 1), eq(community.is_display, 1))),
      ),
      q.community_id ? eq(notice.community_id, q.community_id) : undefined,
      q.name ? sql`${notice.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    return this.page(where, q.page, q.limit);
  }

  /**
   * c331 / c202: one notice. Published: whoever may view its community (anyone for platform and web notices and
   * for communities shown on the site); a draft only to those who manage it (404 to others).
   */
  async detail(c: Caller | null, id: number): Promise<NoticeRow> {
    const r = await this.record(id);
    if (!r) throw notFound("通知不存在或已删除");
    if (r.notice_type === NOTICE_KINDS.platform || r.notice_type === NOTICE_KINDS.web) {
      if (r.status !== 1 && !isPlatformAdmin(c)) throw notFound("通知不存在或已删除");
    } else {
      const [row] = await this.db.select().from(community).where(eq(community.id, r.community_id));
      if (!row) throw notFound(COMMUNITY_NOT_FOUND);
      const power = await this.viewPower(c, row);
      if (r.status !== 1 && !power.can_manage) throw notFound("通知不存在或已删除");
      if (!power.can_view) throw forbidden(c ? "请先加入社区后查看" : "该社区未公开，请登录并加入社区后查看");
    }
    return (await this.toRows([r]))[0]!;
  }

  // ------------------------------------------------------------------------------------------------------
  // Platform (3) and web (4) notices

  /** c336 / c337 (no login): published notices of the kind; a platform administrator may filter by status. */
  async platformList(c: Caller | null, kind: PlatformKind, q: PlatformListQ): Promise<Page<NoticeRow>> {
    const where = and2(
      eq(notice.notice_type, kind),
      isPlatformAdmin(c) ? (q.status !== undefined ? eq(notice.status, q.status) : undefined) : eq(notice.status, 1),
      q.name ? sql`${notice.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    return this.page(where, q.page, q.limit);
  }

  async platformSave(c: Caller, p: PlatformSaveQ): Promise<NoticeRow> {
    const times = parseTimes(p.start_time, p.end_time);
    const [r] = await this.db
      .insert(notice)
      .values({
        notice_type: p.notice_type,
        type: p.type,
        name: p.name,
        message_content: sanitizeRichText(p.message_content),
        start_time: times.start,
        end_time: times.end,
        status: p.status,
        account_id: c.id,
      })
      .returning();
    return (await this.toRows([r!]))[0]!;
  }

  async platformUpdate(c: Caller, p: PlatformUpdateQ, sent: ReadonlySet<string>): Promise<NoticeRow> {
    const before = await this.ofKind(p.id, [NOTICE_KINDS.platform, NOTICE_KINDS.web]);
    const has = (k: keyof PlatformUpdateQ) => sent.has(k) && p[k] !== undefined;
    const times = parseTimes(has("start_time") ? p.start_time! : formatTime(before.start_time), has("end_time") ? p.end_time! : formatTime(before.end_time));
    const changes: Partial<typeof notice.$inferInsert> = { updated_at: this.now() };
    if (has("name")) changes.name = p.name!;
    if (has("type")) changes.type = p.type!;
    if (has("message_content")) changes.message_content = sanitizeRichText(p.message_content!);
    if (has("start_time") || has("end_time")) Object.assign(changes, { start_time: times.start, end_time: times.end });
    if (has("status")) changes.status = p.status!;
    void c;
    const [r] = await this.db.update(notice).set(changes).where(eq(notice.id, p.id)).returning();
    return (await this.toRows([r!]))[0]!;
  }

  async platformDelete(_c: Caller, id: number): Promise<null> {
    await this.ofKind(id, [NOTICE_KINDS.platform, NOTICE_KINDS.web]);
    await this.db.delete(notice).where(eq(notice.id, id));
    return null;
  }
}

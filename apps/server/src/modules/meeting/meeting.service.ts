/**
 * Meetings (community.md §3 Meeting; docs/api/meeting.md, docs/decisions/0705): booked in a community by those who
 * manage it (can_manage) through a provider — the configured one for c228 reservation, the join link the organizer
 * gives for c232 save — with participants who are joined members; each participant gets a personal-centre message.
 * The organizer or a manager of the community cancels (the provider's meeting too); participants are told.
 */
import {
  MEETING_PROVIDERS,
  MEETING_STATUS,
  MEETING_STATUS_NAMES,
  type MeetingReservation,
  type MeetingRow,
  type MeetingSave,
  type Page,
} from "@yanke/protocol";
import type { CommunityMeetingListPayload, MyMeetingListPayload } from "@yanke/protocol";
import { type SQL, count, desc, eq, gt, gte, lt, lte, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import type { CommunityAccess } from "../community/community-access.js";
import { community } from "../community/community.schema.js";
import { sendMessages } from "../notice/message.service.js";
import { accountNames, assertMembers, communityNames, parseTimes } from "../notice/notice.service.js";
import type { Caller } from "../../http/caller.js";
import { and2, containsPattern } from "../org/period.service.js";
import { meeting } from "./meeting.schema.js";
import type { MeetingProvider } from "./providers/index.js";

export type MeetingRecord = typeof meeting.$inferSelect;
export const MEETING_SOURCE = "meeting";
const NOT_FOUND = "会议不存在或已删除";

type MyListQ = z.output<typeof MyMeetingListPayload>;
type CommunityListQ = z.output<typeof CommunityMeetingListPayload>;

export interface MeetingProviders {
  configured: MeetingProvider;
  link: MeetingProvider;
  byName(name: string): MeetingProvider;
}

export interface MeetingActivities {
  register(
    tx: Tx,
    input: {
      type: string;
      ref_id: number;
      name: string;
      community_id: number;
      account_id: number;
      start_time: Date;
      end_time: Date;
      participation_account_ids: readonly number[];
      introduction: string;
    },
  ): Promise<number>;
  unregister(type: string, refId: number, tx: Tx): Promise<number>;
}

export class MeetingService {
  constructor(
    private readonly db: Db,
    private readonly access: CommunityAccess,
    private readonly providers: MeetingProviders,
    private readonly now: () => Date,
    /** The activity registry (ActivityService): a booked meeting is an activity of type "meeting" (docs/decisions/0704). */
    private readonly activities?: MeetingActivities,
  ) {}

  private phase(r: MeetingRecord): string {
    if (r.status === MEETING_STATUS.cancelled) return "cancelled";
    const t = this.now().getTime();
    if (t < r.start_time.getTime()) return "upcoming";
    if (t <= r.end_time.getTime()) return "running";
    return "ended";
  }

  private async toRows(c: Caller, records: MeetingRecord[]): Promise<MeetingRow[]> {
    if (!records.length) return [];
    const people = await accountNames(
      this.db,
      records.flatMap((r) => [r.account_id, ...r.participation_account_ids]),
    );
    const names = await communityNames(
      this.db,
      records.map((r) => r.community_id),
    );
    const manages = new Map<number, boolean>();
    for (const id of new Set(records.map((r) => r.community_id))) {
      const [row] = await this.db.select().from(community).where(eq(community.id, id));
      manages.set(id, row ? (await this.access.power(c, row)).can_manage : false);
    }
    return records.map((r) => ({
      id: r.id,
      name: r.name,
      community_id: r.community_id,
      community_name: names.get(r.community_id) ?? "",
      preparation_id: r.preparation_id,
      meeting_url: r.meeting_url,
      join_url: r.meeting_url,
      provider: r.provider,
      provider_name: MEETING_PROVIDERS[r.provider] ?? r.provider,
      provider_meeting_id: r.provider_meeting_id,
      meeting_code: r.meeting_code,
      start_time: formatTime(r.start_time),
      end_time: formatTime(r.end_time),
      participation_account_ids: r.participation_account_ids,
      participants: r.participation_account_ids.map((id) => ({ id, realname: people.get(id) ?? "" })),
      introduction: r.introduction,
      status: r.status,
      status_name: MEETING_STATUS_NAMES[r.status] ?? "",
      phase: this.phase(r),
      account_id: r.account_id,
      account_name: people.get(r.account_id) ?? "",
      can_cancel: r.status === MEETING_STATUS.booked && (r.account_id === c.id || (manages.get(r.community_id) ?? false)),
      created_at: formatTime(r.created_at),
    }));
  }

  /** c228 through the configured provider. */
  reserve(c: Caller, p: MeetingReservation): Promise<MeetingRow> {
    const name = p.name ?? p.subject;
    if (!name) throw badInput("会议主题(name): 请输入会议主题");
    return this.book(c, { ...p, name }, this.providers.configured);
  }

  /** c232 with the organizer's link. */
  save(c: Caller, p: MeetingSave): Promise<MeetingRow> {
    return this.book(c, p, this.providers.link);
  }

  private async book(c: Caller, p: Omit<MeetingSave, "name"> & { name: string }, provider: MeetingProvider): Promise<MeetingRow> {
    const { community: row } = await this.access.require(c, p.community_id, "can_manage", "只有社区创建者或管理员可以预约会议");
    const times = parseTimes(p.start_time, p.end_time, ["开始时间", "结束时间"], true);
    const start = times.start!;
    const end = times.end!;
    if (end.getTime() <= start.getTime()) throw badInput("结束时间必须晚于开始时间");
    if (end.getTime() < this.now().getTime()) throw badInput("结束时间已过，不能预约过去的会议");
    const participants = await assertMembers(this.db, row.id, p.participation_account_ids, "参会人");
    const booked = await provider.create({ subject: p.name, start, end, meetingUrl: p.meeting_url });
    try {
      const created = await this.db.transaction(async (tx) => {
        const [r] = await tx
          .insert(meeting)
          .values({
            name: p.name,
            community_id: row.id,
            preparation_id: p.preparation_id ?? 0,
            meeting_url: booked.meeting_url,
            provider: booked.provider,
            provider_meeting_id: booked.provider_meeting_id,
            meeting_code: booked.meeting_code,
            start_time: start,
            end_time: end,
            participation_account_ids: participants,
            introduction: p.introduction,
            account_id: c.id,
          })
          .returning();
        const rec = r!;
        await this.activities?.register(tx, {
          type: "meeting",
          ref_id: rec.id,
          name: p.name,
          community_id: row.id,
          account_id: c.id,
          start_time: start,
          end_time: end,
          participation_account_ids: participants,
          introduction: p.introduction,
        });
        const when = `${formatTime(start).slice(0, 16)} 至 ${formatTime(end).slice(0, 16)}`;
        await sendMessages(
          tx,
          participants.filter((id) => id !== c.id),
          {
            title: `【会议邀请】${p.name}`,
            content: [`时间：${when}`, booked.meeting_code ? `会议号：${booked.meeting_code}` : "", `入会链接：${booked.meeting_url}`, p.introduction]
              .filter(Boolean)
              .join("\n"),
            source_type: MEETING_SOURCE,
            source_id: rec.id,
            community_id: row.id,
            sender_id: c.id,
          },
        );
        await this.access.log(tx, {
          community_id: row.id,
          account_id: c.id,
          action: "meeting.save",
          target_type: "meeting",
          target_id: rec.id,
          content: `预约会议「${p.name}」（${MEETING_PROVIDERS[booked.provider] ?? booked.provider}，${when}）`,
        });
        return rec;
      });
      return (await this.toRows(c, [created]))[0]!;
    } catch (e) {
      // The provider booked it but we could not keep it: give the provider's meeting back.
      if (booked.provider_meeting_id) await provider.cancel(booked.provider_meeting_id).catch(() => undefined);
      throw e;
    }
  }

  private filters(q: { name?: string; status?: number; phase?: string }): (SQL | undefined)[] {
    const now = this.now();
    return [
      q.name ? sql`${meeting.name} ilike ${containsPattern(q.name)}` : undefined,
      q.status ? eq(meeting.status, q.status) : undefined,
      q.phase === "upcoming" ? and2(eq(meeting.status, MEETING_STATUS.booked), gt(meeting.start_time, now)) : undefined,
      q.phase === "running" ? and2(eq(meeting.status, MEETING_STATUS.booked), lte(meeting.start_time, now), gte(meeting.end_time, now)) : undefined,
      q.phase === "ended" ? and2(eq(meeting.status, MEETING_STATUS.booked), lt(meeting.end_time, now)) : undefined,
    ];
  }

  private async page(c: Caller, where: SQL | undefined, page: number, limit: number): Promise<Page<MeetingRow>> {
    const [{ n }] = (await this.db.select({ n: count() }).from(meeting).where(where)) as [{ n: number }];
    const records = await this.db
      .select()
      .from(meeting)
      .where(where)
      .orderBy(desc(meeting.start_time), desc(meeting.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { list: await this.toRows(c, records), total: Number(n), page, limit };
  }

  /** c229: meetings the caller organizes or takes part in. */
  myList(c: Caller, q: MyListQ): Promise<Page<MeetingRow>> {
    const mine = or(eq(meeting.account_id, c.id), sql`${meeting.participation_account_ids} @> ${JSON.stringify([c.id])}::jsonb`);
    return this.page(c, and2(mine, q.community_id ? eq(meeting.community_id, q.community_id) : undefined, ...this.filters(q)), q.page, q.limit);
  }

  /** c231: one community's meetings (who may view the community). */
  async communityList(c: Caller, q: CommunityListQ): Promise<Page<MeetingRow>> {
    const { community: row } = await this.access.require(c, q.community_id, "can_view");
    return this.page(c, and2(eq(meeting.community_id, row.id), ...this.filters(q)), q.page, q.limit);
  }

  private async visible(c: Caller, id: number): Promise<MeetingRecord> {
    const [r] = await this.db.select().from(meeting).where(eq(meeting.id, id));
    if (!r) throw notFound(NOT_FOUND);
    if (r.account_id === c.id || r.participation_account_ids.includes(c.id)) return r;
    const [row] = await this.db.select().from(community).where(eq(community.id, r.community_id));
    if (!row || !(await this.access.power(c, row)).can_view) throw forbidden("只有会议的组织者、参会人和社区成员可以查看该会议");
    return r;
  }

  /** c230: one meeting; a booked Tencent meeting is read back from Tencent Meeting (its join link may change, or it was cancelled there). */
  async detail(c: Caller, id: number): Promise<MeetingRow> {
    let r = await this.visible(c, id);
    if (r.status === MEETING_STATUS.booked && r.provider_meeting_id) {
      const state = await this.providers.byName(r.provider).get(r.provider_meeting_id);
      const changes: Partial<MeetingRecord> = {};
      if (state?.meeting_url && state.meeting_url !== r.meeting_url) changes.meeting_url = state.meeting_url;
      if (state?.meeting_code && state.meeting_code !== r.meeting_code) changes.meeting_code = state.meeting_code;
      // Cancelled in Tencent Meeting itself (by its own client): the meeting is cancelled here too.
      if (state?.state === "MEETING_STATE_CANCELLED") changes.status = MEETING_STATUS.cancelled;
      if (Object.keys(changes).length)
        [r] = (await this.db
          .update(meeting)
          .set({ ...changes, updated_at: this.now() })
          .where(eq(meeting.id, id))
          .returning()) as [MeetingRecord];
    }
    return (await this.toRows(c, [r]))[0]!;
  }

  /** new: the organizer or a manager of the community cancels; the provider's meeting too; participants (and the organizer, when a manager cancels) are told. */
  async cancel(c: Caller, id: number): Promise<MeetingRow> {
    const [r] = await this.db.select().from(meeting).where(eq(meeting.id, id));
    if (!r) throw notFound(NOT_FOUND);
    if (r.account_id !== c.id) {
      const [row] = await this.db.select().from(community).where(eq(community.id, r.community_id));
      if (!row || !(await this.access.power(c, row)).can_manage) throw forbidden("只有会议的组织者或社区创建者、管理员可以取消会议");
    }
    if (r.status === MEETING_STATUS.cancelled) throw conflict("会议已取消");
    if (r.provider_meeting_id) await this.providers.byName(r.provider).cancel(r.provider_meeting_id);
    const updated = await this.db.transaction(async (tx) => {
      const [u] = await tx.update(meeting).set({ status: MEETING_STATUS.cancelled, updated_at: this.now() }).where(eq(meeting.id, id)).returning();
      const rec = u!;
      await this.activities?.unregister("meeting", rec.id, tx);
      await sendMessages(
        tx,
        [...rec.participation_account_ids, rec.account_id].filter((a) => a !== c.id),
        {
          title: `【会议取消】${rec.name}`,
          content: `原定 ${formatTime(rec.start_time).slice(0, 16)} 的会议已取消`,
          source_type: MEETING_SOURCE,
          source_id: rec.id,
          community_id: rec.community_id,
          sender_id: c.id,
        },
      );
      await this.access.log(tx, {
        community_id: rec.community_id,
        account_id: c.id,
        action: "meeting.cancel",
        target_type: "meeting",
        target_id: rec.id,
        content: `取消会议「${rec.name}」`,
      });
      return rec;
    });
    return (await this.toRows(c, [updated]))[0]!;
  }
}

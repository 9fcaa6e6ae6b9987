/** Meetings (community.md §3 Meeting; issue #7; docs/api/meeting.md, docs/decisions/0705). */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { zCommunityId } from "./community.js";
import { type NoticeParticipant, zAccountIds } from "./notice.js";
import { call } from "../contract.js";
import { EmptyPayload } from "./common.js";
import type { Page } from "../codes.js";

export const MEETING_CALLS = {
  /** c228: book through the configured provider */ tencentMeetingReservation: "/v2/tencent_meeting/reservation",
  /** c229 */ tencentMeetingList: "/v2/tencent_meeting/list",
  /** c230 */ tencentMeetingDetail: "/v2/tencent_meeting/detail",
  /** new */ tencentMeetingCancel: "/v2/tencent_meeting/cancel",
  /** c231 */ meetingList: "/v2/meeting/list",
  /** c232: a meeting with the join link the organizer gives */ meetingSave: "/v2/meeting/save",
  /** new: which provider c228 books with (the booking form shows the right fields) */ meetingProvider: "/v2/meeting/provider",
} as const;

export const MEETING_PROVIDERS: Readonly<Record<string, string>> = { link: "会议链接", tencent: "腾讯会议" };
export const MEETING_STATUS = { booked: 1, cancelled: 2 } as const;
export const MEETING_STATUS_NAMES: Readonly<Record<number, string>> = { 1: "已预约", 2: "已取消" };
/** Where a booked meeting stands, from its times (not stored). */
export const MEETING_PHASES: Readonly<Record<string, string>> = { upcoming: "未开始", running: "进行中", ended: "已结束", cancelled: "已取消" };

const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const zWhen = (label: string) =>
  z
    .string(`请选择${label}`)
    .trim()
    .min(1, `请选择${label}`)
    .refine((v) => DATETIME.test(v), "格式应为 YYYY-MM-DD HH:mm:ss")
    .describe(label);
const zMeetingName = z.string().trim().min(1, "请输入会议主题").max(100, "会议主题不能超过 100 个字符").describe("会议主题");
const zUrl = z
  .string()
  .trim()
  .max(1000, "会议链接不能超过 1000 个字符")
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "会议链接应以 http:// 或 https:// 开头")
  .describe("会议链接");
const zIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);

const MeetingFields = {
  community_id: zCommunityId,
  /** The collective preparation (#8) it is about; 0 = none. */
  preparation_id: zIdFilter("集体备课").default(0).describe("集体备课"),
  start_time: zWhen("开始时间"),
  end_time: zWhen("结束时间"),
  participation_account_ids: zAccountIds("参会人").default([]).describe("参会人"),
  introduction: z.string().trim().max(2000, "会议说明不能超过 2000 个字符").default("").describe("会议说明"),
};

/**
 * c228: book through the configured provider. name or subject (Tencent's word) is the subject; meeting_url is
 * needed with the "link" provider and ignored with "tencent" (the join link comes from Tencent Meeting).
 */
export const MeetingReservation = z.object({
  ...MeetingFields,
  name: zMeetingName.optional().describe("会议主题"),
  subject: zMeetingName.optional().describe("会议主题"),
  meeting_url: zUrl.default(""),
});
export type MeetingReservation = z.infer<typeof MeetingReservation>;
/** c232: a meeting whose join link the organizer gives (provider "link" whatever is configured). */
export const MeetingSave = z.object({
  ...MeetingFields,
  name: zMeetingName,
  meeting_url: zUrl.refine((v) => v !== "", "请输入会议链接"),
});
export type MeetingSave = z.infer<typeof MeetingSave>;
const ListFilters = {
  page: zPage,
  limit: zLimit,
  name: z.string().trim().max(60, "会议主题不能超过 60 个字符").optional().describe("会议主题"),
  status: z
    .preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(1, "只能是 1 或 2").max(2, "只能是 1 或 2").optional())
    .describe("状态"),
  phase: z.enum(["upcoming", "running", "ended"], { message: "只能是 upcoming、running 或 ended" }).optional().describe("阶段"),
};
/** c229: the meetings the caller organizes or takes part in (community_id narrows). */
export const MyMeetingListPayload = z.object({ ...ListFilters, community_id: zIdFilter("社区") });
/** c231: one community's meetings. */
export const CommunityMeetingListPayload = z.object({ ...ListFilters, community_id: zCommunityId });
export const MeetingIdPayload = z.object({ id: zId("会议编号") });

/** A meeting (community.md §3 Meeting: meeting_url, name, community_id, preparation_id) with names. */
export interface MeetingRow {
  id: number;
  name: string;
  community_id: number;
  community_name: string;
  preparation_id: number;
  /** The join link (the organizer's, or Tencent Meeting's join_url). */
  meeting_url: string;
  join_url: string;
  provider: string;
  provider_name: string;
  /** Tencent Meeting's meeting id and code ("" for a link). */
  provider_meeting_id: string;
  meeting_code: string;
  start_time: string;
  end_time: string;
  participation_account_ids: number[];
  participants: NoticeParticipant[];
  introduction: string;
  status: number;
  status_name: string;
  /** MEETING_PHASES key. */
  phase: string;
  account_id: number;
  account_name: string;
  /** The caller may cancel it (organizer or community manager, while booked). */
  can_cancel: boolean;
  created_at: string;
}

/** new /v2/meeting/provider: the provider c228 books with. */
export interface MeetingProviderAnswer {
  /** "link" or "tencent". */
  provider: string;
  provider_name: string;
}

/** The calls of MEETING_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const MEETING = {
  tencentMeetingReservation: call<MeetingRow>()(MEETING_CALLS.tencentMeetingReservation, MeetingReservation),
  tencentMeetingList: call<Page<MeetingRow>>()(MEETING_CALLS.tencentMeetingList, MyMeetingListPayload),
  tencentMeetingDetail: call<MeetingRow>()(MEETING_CALLS.tencentMeetingDetail, MeetingIdPayload),
  tencentMeetingCancel: call<MeetingRow>()(MEETING_CALLS.tencentMeetingCancel, MeetingIdPayload),
  meetingList: call<Page<MeetingRow>>()(MEETING_CALLS.meetingList, CommunityMeetingListPayload),
  meetingSave: call<MeetingRow>()(MEETING_CALLS.meetingSave, MeetingSave),
  meetingProvider: call<MeetingProviderAnswer>()(MEETING_CALLS.meetingProvider, EmptyPayload),
} as const;

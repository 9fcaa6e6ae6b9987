/**
 * Notices and personal-centre messages (community.md §3 Activity notice and operate notice; issue #7;
 * docs/api/notice.md, docs/decisions/0706).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { zCommunityId } from "./community.js";
import { call } from "../contract.js";
import { EmptyPayload } from "./common.js";
import type { Page } from "../codes.js";

export const NOTICE_CALLS = {
  /** c321 */ activityNoticeList: "/v2/activity_notice/list",
  /** c322 */ activityNoticeSave: "/v2/activity_notice/save",
  /** c323 */ activityNoticeUpdate: "/v2/activity_notice/update",
  /** c324 */ activityNoticeDelete: "/v2/activity_notice/delete",
  /** c325 */ operateNoticeIndex: "/v2/operate_notice/index",
  /** c326 */ operateNoticeSave: "/v2/operate_notice/communityNoticeSave",
  /** c327 */ operateNoticeUpdate: "/v2/operate_notice/communityNoticeUpdate",
  /** c328 */ operateNoticeDelete: "/v2/operate_notice/communityNoticeDelete",
  /** c329 */ operateNoticeAllList: "/v2/operate_notice/allList",
  /** c330 */ myCommunityNotice: "/v2/operate_notice/myCommunityNotice",
  /** c331 */ operateNoticeDetail: "/v2/operate_notice/detail",
  /** c332 */ operateNoticeSetStatus: "/v2/operate_notice/setOperateNoticeStatus",
  /** c336 */ webNoticeList: "/v2/web_notice/webNoticeList",
  /** c337 */ platformNoticeList: "/v2/web/notice/platformNoticeList",
  /** c194 */ communityNoticeList: "/v2/community/communityNoticeList",
  /** c201 */ communityIndexNoticeList: "/v2/community_index/noticeList",
  /** c202 */ communityIndexNoticeInfo: "/v2/community_index/noticeInfo",
  /** c217 */ communityIndexCommunityNoticeList: "/v2/community_index/communityNoticeList",
  /** new: platform / web notices by operators */ platformNoticeSave: "/v2/web/notice/save",
  /** new */ platformNoticeUpdate: "/v2/web/notice/update",
  /** new */ platformNoticeDelete: "/v2/web/notice/delete",
  /** new: the personal centre's messages */ messageList: "/v2/message/list",
  /** new: mark read ({id} or {ids}, or all) */ messageRead: "/v2/message/read",
  /** new */ messageUnread: "/v2/message/unreadNum",
  /** new */ messageDelete: "/v2/message/delete",
} as const;

/** notice_type. */
export const NOTICE_KINDS = { activity: 1, community: 2, platform: 3, web: 4 } as const;
export const NOTICE_KIND_NAMES: Readonly<Record<number, string>> = { 1: "活动通知", 2: "社区公告", 3: "平台公告", 4: "网站公告" };
/** type within a kind. */
export const NOTICE_TYPES: Readonly<Record<number, string>> = { 1: "通知", 2: "公告", 3: "活动" };
export const NOTICE_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "未发布", 1: "已发布" };

// ---------------------------------------------------------------------------------------------------------
// Payloads (field names: community.md §3 Activity notice and operate notice)

const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const opt = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? "");
const zNoticeName = z.string().trim().min(1, "请输入通知标题").max(100, "通知标题不能超过 100 个字符").describe("通知标题");
const zContent = z.string().max(20000, "通知内容不能超过 20000 个字符").describe("通知内容");
/** "YYYY-MM-DD HH:mm[:ss]" (Asia/Shanghai); "" or null = none. */
export const zNoticeTime = (label: string) =>
  z
    .union([z.string().trim(), z.null()])
    .transform((v) => v ?? "")
    .refine((v) => v === "" || DATETIME.test(v), "格式应为 YYYY-MM-DD HH:mm:ss")
    .describe(label);
/** Account ids: a list, or "1,2,3". */
export const zAccountIds = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? [] : v.split(/[,，\s]+/).filter(Boolean)) : v === null ? [] : v),
      z.array(z.coerce.number().int("必须是整数").positive("必须大于 0")).max(2000, "最多 2000 人"),
    )
    .describe(label);
const zStatus = z.coerce.number().int("必须是整数").min(0, "只能是 0（未发布）或 1（已发布）").max(1, "只能是 0（未发布）或 1（已发布）").describe("状态");
const zNoticeType = z.coerce
  .number()
  .int("必须是整数")
  .min(1, "只能是 1（通知）、2（公告）或 3（活动）")
  .max(3, "只能是 1（通知）、2（公告）或 3（活动）")
  .describe("类别");
const zIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);
const zStatusFilter = z.preprocess((v) => (v === "" || v === null ? undefined : v), zStatus.optional()).describe("状态");
const zSearch = opt(zText("标题", 60));

/** The fields a notice of a community is written with (activity notices add activity_id). */
const NoticeFields = {
  name: zNoticeName,
  type: zNoticeType.default(1),
  message_content: zContent.default(""),
  start_time: zNoticeTime("开始时间").default("").describe("开始时间"),
  end_time: zNoticeTime("结束时间").default("").describe("结束时间"),
  participation_account_ids: zAccountIds("参与人").default([]).describe("参与人"),
  /** 1 publish now (participants get a message), 0 keep as a draft. */
  status: zStatus.default(1),
};

/** c322 activity notice / c326 community operate notice. */
export const CommunityNoticeSave = z.object({ community_id: zCommunityId, ...NoticeFields, activity_id: zIdFilter("活动").default(0).describe("活动") });
export type CommunityNoticeSave = z.infer<typeof CommunityNoticeSave>;
/** c323 / c327: only the fields sent change. */
export const CommunityNoticeUpdate = z.object({
  id: zId("通知编号"),
  name: opt(zNoticeName),
  type: opt(zNoticeType),
  message_content: opt(zContent),
  start_time: opt(zNoticeTime("开始时间")),
  end_time: opt(zNoticeTime("结束时间")),
  participation_account_ids: opt(zAccountIds("参与人")),
  status: opt(zStatus),
  activity_id: zIdFilter("活动"),
});
export type CommunityNoticeUpdate = z.infer<typeof CommunityNoticeUpdate>;
export const NoticeIdPayload = z.object({ id: zId("通知编号") });
/** c332 publish (1) or withdraw (0). */
export const NoticeStatusPayload = z.object({ id: zId("通知编号"), status: zStatus });

/** c321 / c325: one community's notices of that kind (managers also see drafts). */
export const CommunityNoticeListPayload = z.object({
  page: zPage,
  limit: zLimit,
  community_id: zCommunityId,
  name: zSearch,
  status: zStatusFilter,
  type: zIdFilter("类别"),
});
/** c194: a community's notices of both kinds (notice_type 1 or 2 to narrow). */
export const CommunityAllNoticePayload = CommunityNoticeListPayload.extend({ notice_type: zIdFilter("通知种类") });
/** c201: a community home's published notices (no login for a community shown on the site). */
export const CommunityIndexNoticePayload = z.object({ page: zPage, limit: zLimit, community_id: zCommunityId, name: zSearch });
/** c329: the operate notices of every community the caller manages (filters). c217 / c330 use the same filters. */
export const NoticeAcrossPayload = z.object({ page: zPage, limit: zLimit, community_id: zIdFilter("社区"), name: zSearch, status: zStatusFilter });
/** c336 / c337 (no login); an administrator may ask for drafts with status. */
export const PlatformNoticeListPayload = z.object({ page: zPage, limit: zLimit, name: zSearch, status: zStatusFilter });
/** new: a platform (3) or web (4) notice, by platform administrators. */
export const PlatformNoticeSave = z.object({
  notice_type: z.coerce
    .number()
    .int("必须是整数")
    .min(3, "只能是 3（平台公告）或 4（网站公告）")
    .max(4, "只能是 3（平台公告）或 4（网站公告）")
    .describe("通知种类"),
  name: zNoticeName,
  type: zNoticeType.default(2),
  message_content: zContent.default(""),
  start_time: zNoticeTime("开始时间").default("").describe("开始时间"),
  end_time: zNoticeTime("结束时间").default("").describe("结束时间"),
  status: zStatus.default(1),
});
export const PlatformNoticeUpdate = z.object({
  id: zId("通知编号"),
  name: opt(zNoticeName),
  type: opt(zNoticeType),
  message_content: opt(zContent),
  start_time: opt(zNoticeTime("开始时间")),
  end_time: opt(zNoticeTime("结束时间")),
  status: opt(zStatus),
});

// Messages of the personal centre
export const MessageListPayload = z.object({
  page: zPage,
  limit: zLimit,
  /** 0 unread only, 1 read only; absent = all. */
  is_read: z
    .preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").optional())
    .describe("已读"),
  /** newest (default): newest first; unread: unread first, then newest. */
  order: z.enum(["newest", "unread"], { message: "只能是 newest 或 unread" }).default("newest").describe("排序"),
  source_type: opt(zText("消息来源", 30)),
});
/** One id, several ids, or all = 1 (every unread message of the caller). */
export const MessageReadPayload = z.object({
  id: zIdFilter("消息编号"),
  ids: opt(zAccountIds("消息编号")),
  all: z
    .preprocess((v) => (v === true ? 1 : v === false ? 0 : v), z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").default(0))
    .describe("全部"),
});
export const MessageDeletePayload = z.object({ id: zIdFilter("消息编号"), ids: opt(zAccountIds("消息编号")) });

// ---------------------------------------------------------------------------------------------------------
// Answers

export interface NoticeParticipant {
  id: number;
  realname: string;
}

/** A notice (community.md §3) with names. */
export interface NoticeRow {
  id: number;
  notice_type: number;
  notice_type_name: string;
  type: number;
  type_name: string;
  name: string;
  message_content: string;
  community_id: number;
  community_name: string;
  activity_id: number;
  participation_account_ids: number[];
  participants: NoticeParticipant[];
  start_time: string;
  end_time: string;
  status: number;
  status_name: string;
  account_id: number;
  account_name: string;
  /** How many personal-centre messages it sent (0 for a draft). */
  message_count: number;
  created_at: string;
  updated_at: string;
}

/** A personal-centre message (account_message). */
export interface MessageRow {
  id: number;
  title: string;
  content: string;
  /** MESSAGE_SOURCES key: what it is about; source_id its row. */
  source_type: string;
  source_type_name: string;
  source_id: number;
  community_id: number;
  community_name: string;
  sender_id: number;
  sender_name: string;
  is_read: number;
  read_at: string;
  created_at: string;
}
export interface MessageUnread {
  unread: number;
  total: number;
}
export interface MessageChange {
  /** Rows changed. */
  count: number;
}

/**
 * account_message.source_type values (docs/api/notice.md): other modules insert rows directly with theirs.
 * notice: a published notice reached a participant; meeting: a meeting booked (or cancelled) with the account as a
 * participant; community: membership decisions (joined, approved, rejected, removed, transferred), verification
 * results; article / activity: reserved for those modules.
 */
export const MESSAGE_SOURCES: Readonly<Record<string, string>> = {
  notice: "通知公告",
  meeting: "会议",
  community: "社区",
  article: "文章",
  activity: "活动",
  system: "系统消息",
};

/** The calls of NOTICE_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const NOTICE = {
  activityNoticeList: call<Page<NoticeRow>>()(NOTICE_CALLS.activityNoticeList, CommunityNoticeListPayload),
  activityNoticeSave: call<NoticeRow>()(NOTICE_CALLS.activityNoticeSave, CommunityNoticeSave),
  activityNoticeUpdate: call<NoticeRow>()(NOTICE_CALLS.activityNoticeUpdate, CommunityNoticeUpdate),
  activityNoticeDelete: call<null>()(NOTICE_CALLS.activityNoticeDelete, NoticeIdPayload),
  operateNoticeIndex: call<Page<NoticeRow>>()(NOTICE_CALLS.operateNoticeIndex, CommunityNoticeListPayload),
  operateNoticeSave: call<NoticeRow>()(NOTICE_CALLS.operateNoticeSave, CommunityNoticeSave),
  operateNoticeUpdate: call<NoticeRow>()(NOTICE_CALLS.operateNoticeUpdate, CommunityNoticeUpdate),
  operateNoticeDelete: call<null>()(NOTICE_CALLS.operateNoticeDelete, NoticeIdPayload),
  operateNoticeAllList: call<Page<NoticeRow>>()(NOTICE_CALLS.operateNoticeAllList, NoticeAcrossPayload),
  myCommunityNotice: call<Page<NoticeRow>>()(NOTICE_CALLS.myCommunityNotice, NoticeAcrossPayload),
  operateNoticeDetail: call<NoticeRow>()(NOTICE_CALLS.operateNoticeDetail, NoticeIdPayload),
  operateNoticeSetStatus: call<NoticeRow>()(NOTICE_CALLS.operateNoticeSetStatus, NoticeStatusPayload),
  webNoticeList: call<Page<NoticeRow>>()(NOTICE_CALLS.webNoticeList, PlatformNoticeListPayload),
  platformNoticeList: call<Page<NoticeRow>>()(NOTICE_CALLS.platformNoticeList, PlatformNoticeListPayload),
  communityNoticeList: call<Page<NoticeRow>>()(NOTICE_CALLS.communityNoticeList, CommunityAllNoticePayload),
  communityIndexNoticeList: call<Page<NoticeRow>>()(NOTICE_CALLS.communityIndexNoticeList, CommunityIndexNoticePayload),
  communityIndexNoticeInfo: call<NoticeRow>()(NOTICE_CALLS.communityIndexNoticeInfo, NoticeIdPayload),
  communityIndexCommunityNoticeList: call<Page<NoticeRow>>()(NOTICE_CALLS.communityIndexCommunityNoticeList, NoticeAcrossPayload),
  platformNoticeSave: call<NoticeRow>()(NOTICE_CALLS.platformNoticeSave, PlatformNoticeSave),
  platformNoticeUpdate: call<NoticeRow>()(NOTICE_CALLS.platformNoticeUpdate, PlatformNoticeUpdate),
  platformNoticeDelete: call<null>()(NOTICE_CALLS.platformNoticeDelete, NoticeIdPayload),
  messageList: call<Page<MessageRow>>()(NOTICE_CALLS.messageList, MessageListPayload),
  messageRead: call<MessageChange>()(NOTICE_CALLS.messageRead, MessageReadPayload),
  messageUnread: call<MessageUnread>()(NOTICE_CALLS.messageUnread, EmptyPayload),
  messageDelete: call<MessageChange>()(NOTICE_CALLS.messageDelete, MessageDeletePayload),
} as const;

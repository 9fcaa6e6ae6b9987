/**
 * Routes of notices and personal-centre messages (issue #7; docs/api/notice.md, docs/decisions/0706): activity
 * notices c321–c324, operate notices c325–c332, community notice lists c194 / c201 / c202 / c217, platform and web
 * notices c336 / c337 (no login) with their save / update / delete for platform administrators, and messages.
 */
import {
  CommunityAllNoticePayload,
  CommunityIndexNoticePayload,
  CommunityNoticeListPayload,
  CommunityNoticeSave,
  CommunityNoticeUpdate,
  MessageDeletePayload,
  MessageListPayload,
  MessageReadPayload,
  NOTICE_CALLS as C,
  NOTICE_KINDS as K,
  EmptyPayload,
  NoticeAcrossPayload,
  NoticeIdPayload,
  NoticeStatusPayload,
  PlatformNoticeListPayload,
  PlatformNoticeSave,
  PlatformNoticeUpdate,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";

export function noticeRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const { notices, messages } = built;

  // Activity notices (notice_type 1)
  defineCall(app, host, {
    id: "c321",
    path: C.activityNoticeList,
    summary: "活动通知列表：某社区的活动通知（成员看已发布的；创建者、管理员另看草稿），按标题、状态筛选，分页",
    access: "user",
    schema: CommunityNoticeListPayload,
    handler: async ({ payload, caller }) => notices.communityList(await caller(), [K.activity], payload),
  });
  defineCall(app, host, {
    id: "c322",
    path: C.activityNoticeSave,
    summary: "发布活动通知：社区创建者或管理员；参与人须是本社区成员；status 1 立即发布并给参与人发消息，0 存草稿",
    access: "user",
    schema: CommunityNoticeSave,
    message: "保存成功",
    handler: async ({ payload, caller }) => notices.save(await caller(), K.activity, payload),
  });
  defineCall(app, host, {
    id: "c323",
    path: C.activityNoticeUpdate,
    summary: "修改活动通知（只改传入的字段）；改为发布或新增参与人时给未收到的参与人发消息",
    access: "user",
    schema: CommunityNoticeUpdate,
    message: "修改成功",
    handler: async ({ payload, sent, caller }) => notices.update(await caller(), K.activity, payload, sent),
  });
  defineCall(app, host, {
    id: "c324",
    path: C.activityNoticeDelete,
    summary: "删除活动通知（连同它发出的消息）",
    access: "user",
    schema: NoticeIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => notices.remove(await caller(), K.activity, payload.id),
  });

  // Operate notices (notice_type 2)
  defineCall(app, host, {
    id: "c325",
    path: C.operateNoticeIndex,
    summary: "社区公告管理列表：某社区的通知公告（创建者、管理员含草稿；成员只看已发布的），按标题、状态筛选，分页",
    access: "user",
    schema: CommunityNoticeListPayload,
    handler: async ({ payload, caller }) => notices.communityList(await caller(), [K.community], payload),
  });
  defineCall(app, host, {
    id: "c326",
    path: C.operateNoticeSave,
    summary: "发布社区公告：社区创建者或管理员；发布后参与人（未指定时为全体成员）收到消息",
    access: "user",
    schema: CommunityNoticeSave,
    message: "保存成功",
    handler: async ({ payload, caller }) => notices.save(await caller(), K.community, payload),
  });
  defineCall(app, host, {
    id: "c327",
    path: C.operateNoticeUpdate,
    summary: "修改社区公告（只改传入的字段）",
    access: "user",
    schema: CommunityNoticeUpdate,
    message: "修改成功",
    handler: async ({ payload, sent, caller }) => notices.update(await caller(), K.community, payload, sent),
  });
  defineCall(app, host, {
    id: "c328",
    path: C.operateNoticeDelete,
    summary: "删除社区公告（连同它发出的消息）",
    access: "user",
    schema: NoticeIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => notices.remove(await caller(), K.community, payload.id),
  });
  defineCall(app, host, {
    id: "c329",
    path: C.operateNoticeAllList,
    summary: "全部社区公告：本人管理的所有社区的通知公告（平台管理员为全部社区；区县、学校管理员含所辖社区），含草稿，分页",
    access: "user",
    schema: NoticeAcrossPayload,
    handler: async ({ payload, caller }) => notices.allList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c330",
    path: C.myCommunityNotice,
    summary: "我的社区公告：本人已加入的社区发布的通知公告，分页",
    access: "user",
    schema: NoticeAcrossPayload,
    handler: async ({ payload, caller }) => notices.myCommunityNotice(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c331",
    path: C.operateNoticeDetail,
    summary: "通知详情：已发布的通知对能查看该社区的人可见，草稿只对社区创建者、管理员可见",
    access: "user",
    schema: NoticeIdPayload,
    handler: async ({ payload, caller }) => notices.detail(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c332",
    path: C.operateNoticeSetStatus,
    summary: "发布（1）或撤回（0）通知：发布时参与人收到消息（每人只收一次，重复发布不重复发送）",
    access: "user",
    schema: NoticeStatusPayload,
    message: "操作成功",
    handler: async ({ payload, caller }) => notices.setStatus(await caller(), payload),
  });

  // Community notice lists
  defineCall(app, host, {
    id: "c194",
    path: C.communityNoticeList,
    summary: "社区的通知公告：某社区的活动通知与社区公告（notice_type 可只取一种；管理者含草稿），分页",
    access: "user",
    schema: CommunityAllNoticePayload,
    handler: async ({ payload, caller }) => notices.communityList(await caller(), [K.activity, K.community], payload),
  });
  defineCall(app, host, {
    id: "c201",
    path: C.communityIndexNoticeList,
    summary: "社区主页通知列表（公开社区无需登录）：某社区已发布的活动通知与社区公告，分页",
    access: "public",
    schema: CommunityIndexNoticePayload,
    handler: async ({ payload, caller }) => notices.indexList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c202",
    path: C.communityIndexNoticeInfo,
    summary: "社区主页通知详情（公开社区与平台、网站公告无需登录）",
    access: "public",
    schema: NoticeIdPayload,
    handler: async ({ payload, caller }) => notices.detail(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c217",
    path: C.communityIndexCommunityNoticeList,
    summary: "全站社区公告（无需登录）：所有公开社区已发布的社区公告，最新在前，分页",
    access: "public",
    schema: NoticeAcrossPayload,
    handler: async ({ payload }) => notices.frontList(payload),
  });

  // Platform (3) and web (4) notices
  defineCall(app, host, {
    id: "c336",
    path: C.webNoticeList,
    summary: "网站公告列表（无需登录）：已发布的网站公告，分页；平台管理员可按状态查看草稿",
    access: "public",
    schema: PlatformNoticeListPayload,
    handler: async ({ payload, caller }) => notices.platformList(await caller(), K.web, payload),
  });
  defineCall(app, host, {
    id: "c337",
    path: C.platformNoticeList,
    summary: "平台公告列表（无需登录）：已发布的平台公告，分页；平台管理员可按状态查看草稿",
    access: "public",
    schema: PlatformNoticeListPayload,
    handler: async ({ payload, caller }) => notices.platformList(await caller(), K.platform, payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.platformNoticeSave,
    summary: "发布平台公告（notice_type 3）或网站公告（4）：仅平台管理员",
    access: "admin",
    schema: PlatformNoticeSave,
    message: "保存成功",
    handler: async ({ payload, caller }) => notices.platformSave(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.platformNoticeUpdate,
    summary: "修改平台公告或网站公告（只改传入的字段）：仅平台管理员",
    access: "admin",
    schema: PlatformNoticeUpdate,
    message: "修改成功",
    handler: async ({ payload, sent, caller }) => notices.platformUpdate(await caller(), payload, sent),
  });
  defineCall(app, host, {
    id: "new",
    path: C.platformNoticeDelete,
    summary: "删除平台公告或网站公告：仅平台管理员",
    access: "admin",
    schema: NoticeIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => notices.platformDelete(await caller(), payload.id),
  });

  // Messages of the personal centre
  defineCall(app, host, {
    id: "new",
    path: C.messageList,
    summary: "我的消息：本人的消息，最新在前或未读在前，可只看未读（is_read 0）或已读（1），分页",
    access: "user",
    schema: MessageListPayload,
    handler: async ({ auth, payload }) => messages.list(auth.accountId, payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.messageRead,
    summary: "标记已读：id、ids，或 all 1 全部标记",
    access: "user",
    schema: MessageReadPayload,
    handler: async ({ auth, payload }) => messages.read(auth.accountId, payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.messageUnread,
    summary: "未读消息数（与消息总数）",
    access: "user",
    schema: EmptyPayload,
    handler: async ({ auth }) => messages.unread(auth.accountId),
  });
  defineCall(app, host, {
    id: "new",
    path: C.messageDelete,
    summary: "删除本人的消息：id 或 ids",
    access: "user",
    schema: MessageDeletePayload,
    message: "删除成功",
    handler: async ({ auth, payload }) => messages.remove(auth.accountId, payload),
  });
}

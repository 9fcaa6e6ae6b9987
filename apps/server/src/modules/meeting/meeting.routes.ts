/**
 * Routes of meetings (issue #7; docs/api/meeting.md, docs/decisions/0705): c228 reservation through the configured
 * provider, c229 my meetings, c230 detail, cancel, c231 a community's meetings, c232 a meeting with the organizer's
 * join link.
 */
import {
  CommunityMeetingListPayload,
  EmptyPayload,
  MEETING_CALLS as C,
  MEETING_PROVIDERS,
  MeetingIdPayload,
  type MeetingProviderAnswer,
  MeetingReservation,
  MeetingSave,
  MyMeetingListPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";

export function meetingRoutes(app: FastifyInstance, host: CallHost, deps: CommunityDeps, built: CommunityServices): void {
  const meetings = built.meetings;

  defineCall(app, host, {
    id: "new",
    path: C.meetingProvider,
    summary: "会议服务：c228 预约会议使用的服务（link 组织者提供会议链接，tencent 腾讯会议）",
    access: "user",
    schema: EmptyPayload,
    handler: async (): Promise<MeetingProviderAnswer> => ({
      provider: deps.config.meeting.provider,
      provider_name: MEETING_PROVIDERS[deps.config.meeting.provider] ?? "",
    }),
  });

  defineCall(app, host, {
    id: "c228",
    path: C.tencentMeetingReservation,
    summary: "预约会议：通过配置的会议服务（腾讯会议，或组织者提供的会议链接）预约社区会议，参会人须是本社区成员并收到消息；社区创建者或管理员",
    access: "user",
    schema: MeetingReservation,
    message: "预约成功",
    handler: async ({ payload, caller }) => meetings.reserve(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c229",
    path: C.tencentMeetingList,
    summary: "我的会议：本人组织或参加的会议（可按社区、主题、状态、阶段筛选），按开始时间倒序，分页",
    access: "user",
    schema: MyMeetingListPayload,
    handler: async ({ payload, caller }) => meetings.myList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c230",
    path: C.tencentMeetingDetail,
    summary: "会议详情：组织者、参会人与社区成员可看；腾讯会议的会议向腾讯会议查询最新的入会链接",
    access: "user",
    schema: MeetingIdPayload,
    handler: async ({ payload, caller }) => meetings.detail(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.tencentMeetingCancel,
    summary: "取消会议：组织者或社区创建者、管理员；腾讯会议的会议同时在腾讯会议取消，参会人收到消息",
    access: "user",
    schema: MeetingIdPayload,
    message: "会议已取消",
    handler: async ({ payload, caller }) => meetings.cancel(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c231",
    path: C.meetingList,
    summary: "社区会议列表：某社区的会议（能查看该社区的人），按开始时间倒序，分页",
    access: "user",
    schema: CommunityMeetingListPayload,
    handler: async ({ payload, caller }) => meetings.communityList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c232",
    path: C.meetingSave,
    summary: "保存会议：组织者提供入会链接（meeting_url），名称、社区、集体备课、时间、参会人；社区创建者或管理员",
    access: "user",
    schema: MeetingSave,
    message: "保存成功",
    handler: async ({ payload, caller }) => meetings.save(await caller(), payload),
  });
}

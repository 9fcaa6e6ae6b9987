/** Routes of the activity calls (issue #7; docs/api/activity.md): c393–c396, save and update. */
import { ACTIVITY_CALLS as C, ActivityIdPayload, ActivityListPayload, ActivitySave, ActivityUpdate, CommunityAllActivityPayload } from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { CommunityDeps } from "../community-deps.js";
import { ActivityService } from "./activity.service.js";

/** One service per CommunityDeps: the other modules register their activities through it (activityServiceOf). */
const services = new WeakMap<CommunityDeps, ActivityService>();
export function activityServiceOf(deps: CommunityDeps): ActivityService {
  let s = services.get(deps);
  if (!s) {
    s = new ActivityService(deps.db, deps.access, deps.now);
    services.set(deps, s);
  }
  return s;
}

export function activityRoutes(app: FastifyInstance, host: CallHost, deps: CommunityDeps): void {
  const activities = activityServiceOf(deps);

  defineCall(app, host, {
    id: "c393",
    path: C.activityList,
    summary:
      "活动列表：调用者可见的活动（公开的、本人发起或参与的、所在社区的、所管组织的），按社区、类型、状态（未开始/进行中/已结束）、关键词、时间段筛选，分页",
    access: "user",
    schema: ActivityListPayload,
    handler: async ({ payload, caller }) => activities.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c394",
    path: C.activityInfo,
    summary: "活动详情：活动信息、参与人、调用者能否管理、是否参与",
    access: "user",
    schema: ActivityIdPayload,
    handler: async ({ payload, caller }) => activities.info(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c395",
    path: C.activityDelete,
    summary: "删除活动：教研活动的创建者或社区管理员；集体备课、听评课等请在其所属模块删除",
    access: "user",
    schema: ActivityIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => activities.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c396",
    path: C.communityAllActivity,
    summary: "我的社区活动：调用者已加入的所有社区的活动，按类型、状态、关键词、时间段筛选，分页",
    access: "user",
    schema: CommunityAllActivityPayload,
    handler: async ({ payload, caller }) => activities.communityAll(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.activitySave,
    summary: "发起教研活动：社区创建者或管理员在社区中发起，参与人须为社区成员",
    access: "user",
    schema: ActivitySave,
    message: "保存成功",
    handler: async ({ payload, caller }) => activities.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.activityUpdate,
    summary: "修改教研活动：创建者或社区管理员，只改传入的字段",
    access: "user",
    schema: ActivityUpdate,
    message: "修改成功",
    handler: async ({ payload, sent, caller }) => activities.update(await caller(), payload, sent),
  });
}

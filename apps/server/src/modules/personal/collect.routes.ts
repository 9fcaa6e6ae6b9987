/** Routes of reflections and collections (issue #7; docs/api/collect.md): c388–c392. */
import { COLLECT_CALLS as C, CollectListPayload, CollectSave, ReflectIdPayload, ReflectListPayload, ReflectSave } from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";

export function collectRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const { reflects, collects } = built;

  defineCall(app, host, {
    id: "c388",
    path: C.reflectList,
    summary: "我的反思：本人的反思，最新在前，按标题、活动、社区筛选，分页；活动创建者或社区管理者以 all=1 查看该活动所有人的反思",
    access: "user",
    schema: ReflectListPayload,
    handler: async ({ payload, caller }) => reflects.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c389",
    path: C.reflectSave,
    summary: "保存反思：新建（可关联活动 activity_id 或社区 community_id），或以 id 修改本人的反思；内容为富文本（服务器过滤）",
    access: "user",
    schema: ReflectSave,
    message: "保存成功",
    handler: async ({ payload, caller }) => reflects.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c390",
    path: C.reflectDelete,
    summary: "删除反思：仅作者本人",
    access: "user",
    schema: ReflectIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => reflects.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c391",
    path: C.collectSave,
    summary: "收藏 / 取消收藏（切换）：社区、文章、活动、视频，每人每个对象一条",
    access: "user",
    schema: CollectSave,
    handler: async ({ payload, caller }) => collects.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c392",
    path: C.collectList,
    summary: "我的收藏：最新在前，按类型筛选，分页；每条带对象的标题、封面、所属社区与作者",
    access: "user",
    schema: CollectListPayload,
    handler: async ({ payload, caller }) => collects.list(await caller(), payload),
  });
}

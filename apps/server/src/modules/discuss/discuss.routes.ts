/** Routes of the discuss_comment calls c315–c320 (issue #9; docs/api/discuss.md). */
import {
  DISCUSS_CALLS as C,
  DiscussDeletePayload,
  DiscussIndexPayload,
  DiscussLikePayload,
  DiscussListPayload,
  DiscussSavePayload,
  DiscussSetExpandPayload,
  discussTargetOf,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallerLookup, type CallHost, defineCall } from "../../http/call.js";
import { GUEST } from "../community/community-access.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";
import type { Caller } from "../../http/caller.js";

export function discussRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const talk = built.discussComments;
  const anyone = async (caller: CallerLookup): Promise<Caller> => (await caller()) ?? GUEST;

  defineCall(app, host, {
    id: "c315",
    path: C.discussSave,
    summary:
      "发表研讨：对象为 preparation_id（集体备课）、reservation_record_id（听评课）或 after_class_id（课后反思）之一；内容或图片（本人上传的 png/jpg/jpeg，≤100MB）、上级研讨、回复对象、听课维度（TPK，须存在）、教案、视频时间（秒）；须能参与研讨（请先加入空间后评论！），保存后推送到该对象的实时分组",
    access: "user",
    schema: DiscussSavePayload,
    message: "发表成功",
    handler: async ({ payload, caller }) => talk.saveFrom(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c316",
    path: C.discussSetExpandStatus,
    summary: "折叠（0）或展开（1）一条研讨：作者或该对象的管理者；推送 discuss.expand",
    access: "user",
    schema: DiscussSetExpandPayload,
    handler: async ({ payload, caller }) => talk.setExpand(await caller(), payload.id, payload.expand_status),
  });
  defineCall(app, host, {
    id: "c317",
    path: C.discussList,
    summary: "研讨列表：顶层研讨分页（最新在前，或 order=video_time 按视频时间），回复嵌套在 children 中；status 1 可发表 / 2 只读（按对象的可见性，无需登录）",
    access: "public",
    schema: DiscussListPayload,
    handler: async ({ payload, caller }) => talk.list(await anyone(caller), payload),
  });
  defineCall(app, host, {
    id: "c318",
    path: C.discussIndex,
    summary: "研讨面板状态：调用者可发表（status 1）或只读（2）、研讨数、话题数、参与人数、能否管理、实时分组；听评课（TPK）答复可选的听课维度（无需登录）",
    access: "public",
    schema: DiscussIndexPayload,
    handler: async ({ payload, caller }) => {
      const t = discussTargetOf(payload);
      return talk.index(await anyone(caller), t.kind, t.ref_id);
    },
  });
  defineCall(app, host, {
    id: "c319",
    path: C.discussDelete,
    summary: "删除研讨：只有作者；软删除，回复保留（显示“该条研讨已删除”）；推送 discuss.delete",
    access: "user",
    schema: DiscussDeletePayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => talk.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c320",
    path: C.discussLikeNums,
    summary: "点赞研讨：再点一次取消，每人最多一个赞；答复点赞数与是否已赞；推送 discuss.like",
    access: "user",
    schema: DiscussLikePayload,
    handler: async ({ payload, caller }) => talk.like(await caller(), payload.id),
  });
}

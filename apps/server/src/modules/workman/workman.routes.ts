/**
 * The live socket (/ws, live-server.ts) and its two calls (issue #9; docs/api/workman.md; docs/decisions/0930–0932):
 *
 * - c398 /v2/workman/bind (raw): binds the socket client_id — one of the caller's own (its session's account is the
 *   caller, uid too) — to a group the caller may read (group-access.ts). A socket on another process (REDIS_URL) is
 *   bound there through Redis: its owner checks the account the same way.
 * - c399 /v2/workman/send (raw): a transient message (typing, "正在观看 12:30", presence …) to a group, pushed to the
 *   group's sockets as {type: "workman.send", group, data: WorkmanSendPush} and never stored. The caller must be
 *   allowed to read the group and, when the sending socket lives on this process, it must be the caller's and bound
 *   to the group. Discussion messages are stored through the discuss calls, which push them themselves.
 */
import {
  LIVE_REFUSALS,
  LIVE_SEND_TYPE,
  WORKMAN_CALLS,
  WorkmanBindPayload,
  type WorkmanBindResult,
  WorkmanSendPayload,
  type WorkmanSendPush,
  type WorkmanSendResult,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type AuthedContext, type CallHost, defineCall } from "../../http/call.js";
import { forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import type { CommunityDeps } from "../community-deps.js";
import { GroupAccess } from "./group-access.js";
import { LiveServer } from "./live-server.js";

export function workmanRoutes(app: FastifyInstance, host: CallHost, deps: CommunityDeps): LiveServer {
  const live = new LiveServer(app, host, { redisUrl: deps.config.redisUrl, redisPrefix: deps.config.redisPrefix, log: app.log });
  deps.live.attach(live);
  const groups = new GroupAccess(deps);

  /** The caller's own socket on this process, or undefined when it lives on another one (REDIS_URL); 404 / 403 otherwise. */
  const ownSocket = (ctx: AuthedContext<{ client_id: string }>) => {
    const c = live.connection(ctx.payload.client_id);
    if (!c) {
      if (live.isLocal(ctx.payload.client_id) || !deps.config.redisUrl) throw notFound(LIVE_REFUSALS.noClient);
      return undefined;
    }
    if (c.accountId !== ctx.auth.accountId) throw forbidden(LIVE_REFUSALS.notYours);
    return c;
  };

  defineCall(app, host, {
    id: "c398",
    path: WORKMAN_CALLS.workmanBind,
    summary: "实时连接绑定分组（raw）",
    access: "user",
    raw: true,
    schema: WorkmanBindPayload,
    message: "绑定成功",
    handler: async (ctx): Promise<WorkmanBindResult> => {
      const p = ctx.payload;
      if (p.uid !== ctx.auth.accountId) throw forbidden(LIVE_REFUSALS.notYou);
      const c = ownSocket(ctx);
      await groups.require(await deps.accounts.subject(ctx.auth.accountId), p.group);
      if (!c) {
        await live.bindRemote(p.client_id, ctx.auth.accountId, p.group);
        return { client_id: p.client_id, group: p.group, groups: [p.group] };
      }
      // The socket may have closed while the access check ran: binding it then would leak nothing, but say so.
      if (!live.connection(p.client_id)) throw notFound(LIVE_REFUSALS.noClient);
      return { client_id: p.client_id, group: p.group, groups: live.bindLocal(c, p.group) };
    },
  });

  defineCall(app, host, {
    id: "c399",
    path: WORKMAN_CALLS.workmanSend,
    summary: "实时连接发送临时消息（raw，不保存）",
    access: "user",
    raw: true,
    schema: WorkmanSendPayload,
    message: "发送成功",
    handler: async (ctx): Promise<WorkmanSendResult> => {
      const p = ctx.payload;
      if (p.account_id && p.account_id !== ctx.auth.accountId) throw forbidden("account_id 与当前登录用户不一致");
      if (p.identity && p.identity !== ctx.auth.identity) throw forbidden("identity 与当前登录用户的身份不一致");
      const c = ownSocket(ctx);
      if (c && !c.groups.has(p.group)) throw forbidden(LIVE_REFUSALS.notBound);
      await groups.require(await deps.accounts.subject(ctx.auth.accountId), p.group);
      const push: WorkmanSendPush = {
        kind: p.type,
        client_id: p.client_id,
        sender: { account_id: ctx.auth.accountId, realname: ctx.auth.realname, identity: ctx.auth.identity },
        msg: p.msg ?? "",
        content: p.content ?? "",
        content_img: p.content_img,
        ...(p.reservation_record_id !== undefined ? { reservation_record_id: p.reservation_record_id } : {}),
        ...(p.preparation_id !== undefined ? { preparation_id: p.preparation_id } : {}),
        ...(p.wps_file_key !== undefined ? { wps_file_key: p.wps_file_key } : {}),
        ...(p.target_id !== undefined ? { target_id: p.target_id } : {}),
        ...(p.after_class_id !== undefined ? { after_class_id: p.after_class_id } : {}),
        ...(p.pid !== undefined ? { pid: p.pid } : {}),
        ...(p.reply_person !== undefined ? { reply_person: p.reply_person } : {}),
        time: formatTime(deps.now()),
      };
      const delivered = await live.deliver(p.group, { type: LIVE_SEND_TYPE, data: push });
      return { group: p.group, delivered };
    },
  });

  return live;
}

import {
  CALLS,
  EsBindPayload,
  EsTeacherSyncPayload,
  EsUnbindPayload,
  ROSTER_CALLS,
  RosterIdPayload,
  RosterListPayload,
  RosterSave,
  RosterUpdate,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall, pickSent } from "../../http/call.js";
import { AppError } from "../../http/errors.js";
import type { LoginThrottle } from "../auth/throttle.js";
import type { Caller } from "../../http/caller.js";
import type { RosterService } from "./local-directory.js";
import type { TeacherService } from "./teacher.service.js";

/** c035–c037: the regional education cloud account (docs/api/es-directory.md). */
export function teacherRoutes(app: FastifyInstance, host: CallHost, deps: { teachers: TeacherService; throttle: LoginThrottle }): void {
  defineCall(app, host, {
    id: "c035",
    path: CALLS.teacherEsSync,
    summary: "从区域教育云目录同步教师：按目录 id 新建或更新账号（姓名、手机号），逐行报告 created/updated/unchanged/failed；重复同步不改动数据",
    access: "user",
    rule: CALLS.teacherEsSync,
    schema: EsTeacherSyncPayload,
    message: "同步完成",
    handler: ({ payload }) => deps.teachers.sync(payload),
  });

  defineCall(app, host, {
    id: "c036",
    path: CALLS.teacherEsBind,
    summary: "绑定区域教育云账号：账号密码经目录服务校验后保存其 id；默认绑定本人账号，管理员可指定 account_id",
    access: "user",
    schema: EsBindPayload,
    message: "绑定成功",
    handler: async ({ payload, auth, req }) => {
      // Directory passwords are guessed no faster than login passwords (same throttle and limits).
      const key = `es:${payload.es_account}`;
      await deps.throttle.check(key, req.ip);
      const target = await deps.teachers.targetFor(auth, payload.account_id);
      try {
        const answer = await deps.teachers.bind(target, payload.es_account, payload.es_password);
        await deps.throttle.succeed(key);
        return answer;
      } catch (e) {
        if (e instanceof AppError && (e.code === 400 || e.code === 404)) await deps.throttle.fail(key, req.ip);
        throw e;
      }
    },
  });

  defineCall(app, host, {
    id: "c037",
    path: CALLS.teacherEsUnbind,
    summary: "解除区域教育云账号绑定：默认本人账号，管理员可指定 account_id",
    access: "user",
    schema: EsUnbindPayload,
    message: "解除绑定成功",
    handler: async ({ payload, auth }) => deps.teachers.unbind(await deps.teachers.targetFor(auth, payload.account_id)),
  });
}

/** The local roster (本地教师名册) calls; 404 while a remote directory is configured (docs/api/es-directory.md). */
export function rosterRoutes(app: FastifyInstance, host: CallHost, deps: { roster: RosterService; accounts: { subject(id: number): Promise<Caller> } }): void {
  defineCall(app, host, {
    id: "new",
    path: ROSTER_CALLS.rosterList,
    summary: "本地教师名册列表（按账号或姓名、学校编码筛选），并说明平台使用的目录（local 本地名册 / remote 区域教育云）",
    access: "user",
    rule: ROSTER_CALLS.rosterList,
    schema: RosterListPayload,
    handler: async ({ payload, caller }) => deps.roster.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: ROSTER_CALLS.rosterSave,
    summary: "登记名册教师（名册密码供教师绑定时校验；只能登记本人管辖学校的教师）",
    access: "user",
    rule: ROSTER_CALLS.rosterSave,
    schema: RosterSave,
    message: "登记成功",
    handler: async ({ payload, caller }) => deps.roster.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: ROSTER_CALLS.rosterUpdate,
    summary: "修改名册教师（只改传入的字段；password 传入时重设名册密码）",
    access: "user",
    rule: ROSTER_CALLS.rosterUpdate,
    schema: RosterUpdate,
    message: "修改成功",
    handler: async ({ payload, sent, caller }) => deps.roster.update(await caller(), payload, pickSent(payload, sent)),
  });
  defineCall(app, host, {
    id: "new",
    path: ROSTER_CALLS.rosterDelete,
    summary: "删除名册教师（已绑定平台账号的需先解除绑定）",
    access: "user",
    rule: ROSTER_CALLS.rosterDelete,
    schema: RosterIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => deps.roster.remove(await caller(), payload.id),
  });
}

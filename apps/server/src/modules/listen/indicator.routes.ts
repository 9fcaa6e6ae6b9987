/**
 * Routes of the evaluation indicators and listen targets (helper G2) — issue #9; docs/api/indicator.md.
 * Everybody signed in reads (the listen forms pick a scheme and targets); editing is checked in the services
 * (platform administrators the platform's rows, school administrators their school's: docs/decisions/0910).
 */
import {
  INDICATOR_CALLS as C,
  IndicatorDelete,
  IndicatorList,
  IndicatorRead,
  IndicatorSave,
  IndicatorUpdate,
  ListenTargetDelete,
  ListenTargetList,
  ListenTargetSave,
  ListenTargetUpdate,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";

export function indicatorRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const { indicators, listenTargets: targets } = built;

  defineCall(app, host, {
    id: "c130",
    path: C.indicatorSave,
    summary: "新增评课指标：量表（pid 0，平台管理员建平台量表，学校管理员建本校量表）或其下的维度、评分项（层级由上级决定，最多三级）",
    access: "user",
    schema: IndicatorSave,
    handler: async ({ payload, sent, caller }) => indicators.save(await caller(), payload, sent.has("sort")),
  });
  defineCall(app, host, {
    id: "c131",
    path: C.indicatorUpdate,
    summary: "修改评课指标（名称、说明、权重、分值范围、排序、启用停用；只改传入的字段）",
    access: "user",
    schema: IndicatorUpdate,
    handler: async ({ payload, caller }) => indicators.update(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c132",
    path: C.indicatorDelete,
    summary: "删除评课指标及其下级；已被听评课记录使用的量表不能删除（可以停用）",
    access: "user",
    schema: IndicatorDelete,
    handler: async ({ payload, caller }) => indicators.delete(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.indicatorList,
    summary: "可用的评课量表（平台的和本校的）；传 root_id 时答该量表的整棵树和权重检查（各组同级权重合计应为 100%）",
    access: "user",
    schema: IndicatorList,
    handler: async ({ payload, caller }) => indicators.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.indicatorRead,
    summary: "一条评课指标及其下级、所属量表和量表的权重检查",
    access: "user",
    schema: IndicatorRead,
    handler: async ({ payload, caller }) => indicators.read(await caller(), payload.id),
  });

  defineCall(app, host, {
    id: "c294",
    path: C.listenTargetList,
    summary: "听课目标列表：平台的和本校的",
    access: "user",
    schema: ListenTargetList,
    handler: async ({ payload, caller }) => targets.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c295",
    path: C.listenTargetSave,
    summary: "新增听课目标（平台管理员建平台的，学校管理员建本校的；同校启用的目标不能重名；不传排序时排在最后）",
    access: "user",
    schema: ListenTargetSave,
    handler: async ({ payload, sent, caller }) => targets.save(await caller(), payload, sent.has("sort")),
  });
  defineCall(app, host, {
    id: "c296",
    path: C.listenTargetUpdate,
    summary: "修改听课目标（名称、排序、启用停用；只改传入的字段）",
    access: "user",
    schema: ListenTargetUpdate,
    handler: async ({ payload, caller }) => targets.update(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c297",
    path: C.listenTargetDelete,
    summary: "删除听课目标",
    access: "user",
    schema: ListenTargetDelete,
    handler: async ({ payload, caller }) => targets.delete(await caller(), payload.id),
  });
}

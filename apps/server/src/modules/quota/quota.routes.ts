/**
 * Storage quota calls c021–c023, c042–c045 (docs/api/quota.md).
 * Wiring: `quotaRoutes(app, host, { quota: new QuotaService(db, org), accounts })`.
 */
import {
  AccountSpacePayload,
  AccountSpaceStatisticsQuery,
  QUOTA_CALLS,
  RegionSpacePayload,
  SchoolSpacePayload,
  SetAccountSpace,
  SetRegionSpace,
  SetSchoolSpace,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { AccountService } from "../account/account.service.js";
import type { QuotaService } from "./quota.service.js";

export function quotaRoutes(app: FastifyInstance, host: CallHost, deps: { quota: QuotaService; accounts: AccountService }): void {
  const { quota } = deps;
  const C = QUOTA_CALLS;

  defineCall(app, host, {
    id: "c043",
    path: C.regionSurplusSpace,
    rule: C.regionSurplusSpace,
    summary: "区域存储空间：总量、已用、剩余、已分配与未分配，以及下级区域和学校的用量",
    access: "user",
    schema: RegionSpacePayload,
    handler: async ({ payload, caller }) => quota.regionSpace(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c042",
    path: C.setRegionSpace,
    rule: C.setRegionSpace,
    summary: "设置区域存储空间（0 为不限）：不能小于已用和已分配给下级的空间，不能超过上级区域的可分配空间",
    access: "user",
    schema: SetRegionSpace,
    message: "设置成功",
    handler: async ({ payload, caller }) => quota.setRegionSpace(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c044",
    path: C.schoolSurplusSpace,
    rule: C.schoolSurplusSpace,
    summary: "学校存储空间：总量、已用、剩余、已分配给账号与未分配",
    access: "user",
    schema: SchoolSpacePayload,
    handler: async ({ payload, caller }) => quota.schoolSpace(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c045",
    path: C.setSchoolSpace,
    rule: C.setSchoolSpace,
    summary: "设置学校存储空间（0 为不限）：不能小于已用和已分配给账号的空间，不能超过所属区域的可分配空间",
    access: "user",
    schema: SetSchoolSpace,
    message: "设置成功",
    handler: async ({ payload, caller }) => quota.setSchoolSpace(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c021",
    path: C.accountSurplusSpace,
    rule: C.accountSurplusSpace,
    summary: "账号存储空间：总量、已用、剩余、本次最多可上传，以及所属学校的剩余可分配空间",
    access: "user",
    schema: AccountSpacePayload,
    handler: async ({ payload, caller }) => quota.accountSpace(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c022",
    path: C.setAccountSpace,
    rule: C.setAccountSpace,
    summary: "设置账号存储空间（0 为不限）：不能小于已用空间，不能超过所属学校的可分配空间",
    access: "user",
    schema: SetAccountSpace,
    message: "设置成功",
    handler: async ({ payload, caller }) => quota.setAccountSpace(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c023",
    path: C.accountSpaceStatistics,
    rule: C.accountSpaceStatistics,
    summary: "存储空间统计：本辖区（或指定学校、区域）用量最大的账号，按已用空间降序分页",
    access: "user",
    schema: AccountSpaceStatisticsQuery,
    handler: async ({ payload, caller }) => quota.statistics(await caller(), payload),
  });
}

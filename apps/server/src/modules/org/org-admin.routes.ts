/**
 * Regions and schools (#4): c038–c041, /middle/school/*, /v2/school/* (c359–c364) and GET /templates/school.xlsx.
 * docs/api/org.md.
 *
 * Wiring (app.ts): services `regions` (RegionService) and `schools` (SchoolService), see region.service.ts, then
 *   orgAdminRoutes(app, host, services);   // deps: { regions, schools, accounts }
 * Register before or after accountAdminRoutes: the static GET /templates/school.xlsx wins over /templates/:kind.
 */
import { IdPayload, IdsPayload, QuickOperate } from "@yanke/protocol";
// Until @yanke/protocol exports schemas/org (lead: index.ts), straight from the file.
import {
  ORG_CALLS,
  RegionList,
  RegionSave,
  RegionSchoolList,
  RegionUpdate,
  SCHOOL_TEMPLATE_PATH,
  SchoolExport,
  SchoolImport,
  SchoolList,
  SchoolSave,
  SchoolUpdate,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { AccountService } from "../account/account.service.js";
import type { RegionService } from "./region.service.js";
import type { SchoolService } from "./school.service.js";
import { SCHOOL_TEMPLATE_FILENAME, buildSchoolTemplate } from "./school-xlsx.js";
import { XLSX_MIME, decodeXlsx } from "../../infra/xlsx.js";

export interface OrgAdminDeps {
  regions: RegionService;
  schools: SchoolService;
  accounts: AccountService;
}

export function orgAdminRoutes(app: FastifyInstance, host: CallHost, deps: OrgAdminDeps): void {
  const { regions, schools } = deps;
  const C = ORG_CALLS;

  // Regions -------------------------------------------------------------------------------------------------
  defineCall(app, host, {
    id: "c038",
    path: C.regionList,
    rule: C.regionList,
    summary: "区域树：pid 的下级区域（不传为可见的顶层，带 has_children 供懒加载），或按名称搜索",
    access: "user",
    schema: RegionList,
    handler: async ({ payload, caller }) => regions.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c039",
    path: C.regionSave,
    rule: C.regionSave,
    summary: "新增区域（省、市、区县）：级别与各级编码由上级区域和区域编码决定",
    access: "user",
    schema: RegionSave,
    message: "添加成功",
    handler: async ({ payload, caller }) => regions.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c040",
    path: C.regionUpdate,
    rule: C.regionUpdate,
    summary: "修改区域名称、排序；没有下级区域、学校和账号时可改区域编码",
    access: "user",
    schema: RegionUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => {
      await regions.update(await caller(), payload);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c041",
    path: C.regionDelete,
    rule: C.regionDelete,
    summary: "删除区域；有下级区域、学校或账号时拒绝（409）",
    access: "user",
    schema: IdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => {
      await regions.remove(await caller(), payload.id);
      return null;
    },
  });

  // Schools (admin screens and the community edition's /v2/school/*) -------------------------------------------
  for (const [id, path, summary] of [
    ["new", C.schoolList, "学校列表（本辖区），可按名称、编码、区域、类型、状态筛选"],
    ["c359", C.njySchoolList, "学校列表（社区版）：同 /middle/school/list"],
  ] as const) {
    defineCall(app, host, {
      id,
      path,
      rule: path,
      summary,
      access: "user",
      schema: SchoolList,
      handler: async ({ payload, caller }) => schools.list(await caller(), payload),
    });
  }
  for (const [id, path, summary] of [
    ["new", C.schoolRead, "学校详情"],
    ["c360", C.njySchool, "学校详情（社区版）：同 /middle/school/read"],
  ] as const) {
    defineCall(app, host, {
      id,
      path,
      rule: path,
      summary,
      access: "user",
      schema: IdPayload,
      handler: async ({ payload, caller }) => schools.read(await caller(), payload.id),
    });
  }
  for (const [id, path, summary] of [
    ["new", C.schoolSave, "新增学校：所属区域由 region_id（或区域编码）决定，区级管理员只能在本辖区内新增"],
    ["c361", C.njySave, "新增学校（社区版）：同 /middle/school/save"],
  ] as const) {
    defineCall(app, host, {
      id,
      path,
      rule: path,
      summary,
      access: "user",
      schema: SchoolSave,
      message: "添加成功",
      handler: async ({ payload, caller }) => schools.save(await caller(), payload),
    });
  }
  for (const [id, path, summary] of [
    ["new", C.schoolUpdate, "修改学校（只改传来的字段）；校级管理员只能改本校名称、首页名称、标志、地址和电话"],
    ["c362", C.njyUpdate, "修改学校（社区版）：同 /middle/school/update"],
  ] as const) {
    defineCall(app, host, {
      id,
      path,
      rule: path,
      summary,
      access: "user",
      schema: SchoolUpdate,
      message: "修改成功",
      handler: async ({ payload, caller }) => {
        await schools.update(await caller(), payload);
        return null;
      },
    });
  }
  for (const [id, path, summary] of [
    ["new", C.schoolDelete, "删除学校；有账号或班级时拒绝（409），学段、学科、年级一并删除"],
    ["c363", C.njyDelete, "删除学校（社区版）：同 /middle/school/delete"],
  ] as const) {
    defineCall(app, host, {
      id,
      path,
      rule: path,
      summary,
      access: "user",
      schema: IdPayload,
      message: "删除成功",
      handler: async ({ payload, caller }) => {
        await schools.remove(await caller(), payload.id);
        return null;
      },
    });
  }
  defineCall(app, host, {
    id: "new",
    path: C.schoolBatchDelete,
    rule: C.schoolBatchDelete,
    summary: "批量删除学校，逐条返回结果",
    access: "user",
    schema: IdsPayload,
    message: "操作完成",
    handler: async ({ payload, caller }) => schools.batchDelete(await caller(), payload.ids),
  });
  defineCall(app, host, {
    id: "new",
    path: C.schoolQuickOperate,
    rule: C.schoolQuickOperate,
    summary: "启用或禁用学校",
    access: "user",
    schema: QuickOperate,
    message: "设置成功",
    handler: async ({ payload, caller }) => {
      await schools.setStatus(await caller(), payload.id, payload.value);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.schoolImport,
    rule: C.schoolImport,
    summary: "从 .xlsx 导入学校：逐行校验并报告；mode=all 时有错误则不导入，mode=valid 时只导入正确的行",
    access: "user",
    schema: SchoolImport,
    message: "导入完成",
    handler: async ({ payload, caller }) => schools.importWorkbook(await caller(), decodeXlsx(payload.file), payload.mode),
  });
  defineCall(app, host, {
    id: "new",
    path: C.schoolExport,
    rule: C.schoolExport,
    summary: "导出筛选后的学校列表（.xlsx，base64），可修改后再导入",
    access: "user",
    schema: SchoolExport,
    handler: async ({ payload, caller }) => schools.exportWorkbook(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c364",
    path: C.getRegionSchoolList,
    rule: C.getRegionSchoolList,
    summary: "区域及其下级区域的全部学校（本辖区内），供选择器使用",
    access: "user",
    schema: RegionSchoolList,
    handler: async ({ payload, caller }) => schools.regionSchools(await caller(), payload),
  });

  app.get(SCHOOL_TEMPLATE_PATH, async (_req, res) => {
    const buf = await buildSchoolTemplate();
    return res
      .header("content-type", XLSX_MIME)
      .header("content-disposition", `attachment; filename="school.xlsx"; filename*=UTF-8''${encodeURIComponent(SCHOOL_TEMPLATE_FILENAME)}`)
      .send(buf);
  });
}

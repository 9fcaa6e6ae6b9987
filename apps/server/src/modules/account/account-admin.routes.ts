import {
  AccountExport,
  AccountImport,
  AccountList,
  AccountSave,
  AccountSchoolListPayload,
  AccountUpdate,
  CALLS,
  IdPayload,
  IdsPayload,
  QuickOperate,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall, pickSent } from "../../http/call.js";
import type { AccountAdminService } from "./account-admin.service.js";
import type { AccountService } from "./account.service.js";
import { IMPORT_KINDS, buildTemplate } from "./account-xlsx.js";
import { XLSX_MIME, decodeXlsx } from "../../infra/xlsx.js";

export function accountAdminRoutes(app: FastifyInstance, host: CallHost, deps: { accountAdmin: AccountAdminService; accounts: AccountService }): void {
  const { accountAdmin: admin } = deps;

  defineCall(app, host, {
    id: "new",
    path: CALLS.accountList,
    rule: CALLS.accountList,
    summary: "账号列表（本辖区），可按关键字、学校、角色、身份、状态筛选",
    access: "user",
    schema: AccountList,
    handler: async ({ payload, caller }) => admin.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c013",
    path: CALLS.accountRead,
    rule: CALLS.accountRead,
    summary: "账号详情（rules 为生效规则）",
    access: "user",
    schema: IdPayload,
    handler: async ({ payload, caller }) => admin.read(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c011",
    path: CALLS.accountSave,
    rule: CALLS.accountSave,
    summary: "新增账号（身份、角色、规则与应用不能超过调用者自己的权限）",
    access: "user",
    schema: AccountSave,
    message: "添加成功",
    handler: async ({ payload, caller }) => admin.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c012",
    path: CALLS.accountUpdate,
    rule: CALLS.accountUpdate,
    summary: "修改账号；设置新密码时该账号的会话全部结束",
    access: "user",
    schema: AccountUpdate,
    message: "修改成功",
    handler: async ({ payload, sent, caller }) => {
      await admin.update(await caller(), { ...pickSent(payload, sent), id: payload.id });
      return null;
    },
  });
  defineCall(app, host, {
    id: "c014",
    path: CALLS.accountDelete,
    rule: CALLS.accountDelete,
    summary: "删除账号",
    access: "user",
    schema: IdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => {
      await admin.remove(await caller(), payload.id);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c015",
    path: CALLS.accountBatchDelete,
    rule: CALLS.accountBatchDelete,
    summary: "批量删除账号，逐条返回结果",
    access: "user",
    schema: IdsPayload,
    message: "操作完成",
    handler: async ({ payload, caller }) => admin.batchDelete(await caller(), payload.ids),
  });
  defineCall(app, host, {
    id: "c016",
    path: CALLS.accountQuickOperate,
    rule: CALLS.accountQuickOperate,
    summary: "启用或禁用账号；禁用后其会话以 1028 结束",
    access: "user",
    schema: QuickOperate,
    message: "设置成功",
    handler: async ({ payload, caller }) => {
      await admin.setStatus(await caller(), payload.id, payload.value);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c010",
    path: CALLS.accountResetPassword,
    rule: CALLS.accountResetPassword,
    summary: "重置密码：逐条返回新密码（只显示一次），该账号会话结束",
    access: "user",
    schema: IdsPayload,
    message: "操作完成",
    handler: async ({ payload, caller }) => admin.resetPasswords(await caller(), payload.ids),
  });
  for (const [id, path, kind] of [
    ["c018", CALLS.accountImportTeacher, "teacher"],
    ["c019", CALLS.accountImportAccount, "account"],
  ] as const) {
    defineCall(app, host, {
      id,
      path,
      rule: path,
      summary: `从 .xlsx 导入${kind === "teacher" ? "教师" : "账号"}：逐行校验并报告；mode=all 时有错误则不导入，mode=valid 时只导入正确的行`,
      access: "user",
      schema: AccountImport,
      message: "导入完成",
      handler: async ({ payload, caller }) => admin.importWorkbook(await caller(), kind, decodeXlsx(payload.file), payload.mode, payload.school_id),
    });
  }
  defineCall(app, host, {
    id: "c020",
    path: CALLS.accountExport,
    rule: CALLS.accountExport,
    summary: "导出筛选后的账号列表（.xlsx，base64）",
    access: "user",
    schema: AccountExport,
    handler: async ({ payload, caller }) => admin.exportWorkbook(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c046",
    path: CALLS.accountSchoolList,
    summary: "学校身份切换：当前账号所属的学校、身份与学段",
    access: "user",
    schema: AccountSchoolListPayload,
    handler: async ({ caller }) => admin.schoolList(await caller()),
  });

  app.get<{ Params: { kind: string } }>("/templates/:kind", async (req, res) => {
    const kind = req.params.kind.replace(/\.xlsx$/, "");
    const k = IMPORT_KINDS.find((x) => x === kind);
    if (!k) return res.code(404).type("text/plain; charset=utf-8").send("模板不存在");
    const buf = await buildTemplate(k);
    const name = k === "teacher" ? "教师导入模板.xlsx" : "账号导入模板.xlsx";
    return res
      .header("content-type", XLSX_MIME)
      .header("content-disposition", `attachment; filename="${k}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(buf);
  });
}

/** Routes of the software module (issue #12; docs/api/software.md): /middle/software_version/*. */
import {
  EQUIPMENT_CALLS,
  SOFTWARE_CALLS as C,
  EmptyPayload,
  SoftwareIdPayload,
  SoftwareListPayload,
  SoftwareSavePayload,
  SoftwareUpdatePayload,
  SoftwareWithdrawPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type Auth, type CallHost, defineCall } from "../../http/call.js";
import type { AdminModuleDeps } from "../site-deps.js";
import type { CallerAccount } from "../../http/caller.js";
import type { SoftwareCaller } from "./software.service.js";

export function softwareRoutes(app: FastifyInstance, host: CallHost, deps: AdminModuleDeps): void {
  const s = deps.admin.software;
  /** The reads: the module's own rule, or 查看设备 (an administrator who manages devices). */
  const reader = async (auth: Auth, caller: () => Promise<CallerAccount>, rule: string): Promise<SoftwareCaller> => {
    try {
      await host.authorize(auth, rule, caller);
    } catch {
      await host.authorize(auth, EQUIPMENT_CALLS.equipmentList, caller);
    }
    return caller();
  };

  defineCall(app, host, {
    id: "new",
    path: C.softwareList,
    summary: "软件版本列表：某产品的版本（按版本号从新到旧），含运行 / 以其为目标的设备数与各版本设备分布（调用者管理的设备）",
    access: "user",
    schema: SoftwareListPayload,
    handler: async ({ auth, payload, caller }) => s.list(await reader(auth, caller, C.softwareList), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.softwareProducts,
    summary: "软件产品及其当前版本",
    access: "user",
    schema: EmptyPayload,
    handler: async ({ auth, caller }) => {
      await reader(auth, caller, C.softwareProducts);
      return s.products();
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.softwareModels,
    summary: "设备型号（设备的厂商/型号字段去重，及已登记的适用型号），供“适用型号”选择",
    access: "user",
    schema: EmptyPayload,
    handler: async ({ auth, caller }) => s.models(await reader(auth, caller, C.softwareModels)),
  });
  defineCall(app, host, {
    id: "new",
    path: C.softwareDownload,
    summary: "安装包下载地址（签名，无需登录即可在有效期内下载）",
    access: "user",
    schema: SoftwareIdPayload,
    handler: async ({ auth, payload, caller }) => {
      await reader(auth, caller, C.softwareDownload);
      return s.download(payload.id);
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.softwareSave,
    rule: C.softwareSave,
    summary: "上传软件版本：产品、版本号、安装包（本人上传的文件）、适用型号、更新说明",
    access: "user",
    schema: SoftwareSavePayload,
    message: "已上传",
    handler: async ({ payload, caller }) => s.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.softwareUpdate,
    rule: C.softwareUpdate,
    summary: "修改软件版本（只改传入的字段；设备以其为目标版本时不能改版本号）",
    access: "user",
    schema: SoftwareUpdatePayload,
    message: "已保存",
    handler: async ({ payload, caller }) => s.update(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.softwareDelete,
    rule: C.softwareDelete,
    summary: "删除软件版本（当前版本、设备以其为目标的版本不能删除）",
    access: "user",
    schema: SoftwareIdPayload,
    message: "已删除",
    handler: async ({ payload }) => s.remove(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.softwareSetCurrent,
    rule: C.softwareSetCurrent,
    summary: "设为当前版本（每个产品一个，原当前版本同时取消）",
    access: "user",
    schema: SoftwareIdPayload,
    message: "已设为当前版本",
    handler: async ({ payload }) => s.setCurrent(payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.softwareWithdraw,
    rule: C.softwareWithdraw,
    summary: "下架（status 0）或重新上架（status 1）；当前版本不能下架",
    access: "user",
    schema: SoftwareWithdrawPayload,
    message: "操作成功",
    handler: async ({ payload }) => s.withdraw(payload),
  });
}

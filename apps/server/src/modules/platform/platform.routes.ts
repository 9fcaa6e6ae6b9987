import { EmptyPayload, IdPayload } from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import {
  AuthCodeList,
  AuthVerifyPayload,
  CommonImgList,
  CommonImgSave,
  CommonImgUpdate,
  ImgInfoPayload,
  MandatePayload,
  PLATFORM_CALLS as C,
  ShortcutOperate,
  SystemReadPayload,
  SystemUpdatePayload,
  WebIndexPayload,
  WebsitePayload,
  WebsiteUpdatePayload,
} from "@yanke/protocol";
import { type CallHost, defineCall } from "../../http/call.js";
import type { AccountService } from "../account/account.service.js";
import type { PlatformService } from "./platform.service.js";

/**
 * c032–c034, c064–c072 and /middle/system/list, /middle/system/update, /middle/auth_code/list (docs/api/platform.md).
 * Wiring: platformRoutes(app, host, { platform, accounts }).
 */
export function platformRoutes(app: FastifyInstance, host: CallHost, deps: { platform: PlatformService; accounts: Pick<AccountService, "subject"> }): void {
  const { platform } = deps;

  // ── settings ──
  defineCall(app, host, {
    id: "c034",
    path: C.systemRead,
    summary: "读取一项平台设置（如 ai_capacity：同时进行的课堂分析数量上限）；未设置时为默认值",
    access: "user",
    schema: SystemReadPayload,
    handler: ({ payload }) => platform.readSetting(payload.key),
  });
  defineCall(app, host, {
    id: "new",
    path: C.systemList,
    rule: C.systemList,
    summary: "全部平台设置项：当前值、默认值与说明",
    access: "user",
    schema: EmptyPayload,
    handler: () => platform.listSettings(),
  });
  defineCall(app, host, {
    id: "new",
    path: C.systemUpdate,
    rule: C.systemUpdate,
    summary: "修改一项平台设置（仅平台管理员）；值按该设置项的规则校验",
    access: "user",
    schema: SystemUpdatePayload,
    message: "设置成功",
    handler: async ({ payload, caller }) => platform.updateSetting(await caller(), payload.key, payload.value),
  });

  // ── website ──
  defineCall(app, host, {
    id: "c064",
    path: C.website,
    summary: "平台信息（页脚）：名称、标志、主办单位、技术支持、电话、工作时间、ICP 备案号；指定学校时按字段优先取该校设置",
    access: "public",
    schema: WebsitePayload,
    handler: ({ payload }) => platform.website(payload.school_id ?? 0),
  });
  defineCall(app, host, {
    id: "c065",
    path: C.websiteUpdate,
    rule: C.websiteUpdate,
    summary: "修改平台信息：school_id 0 为平台（仅平台管理员），学校管理员只能修改本校的设置（空字段沿用平台的）",
    access: "user",
    schema: WebsiteUpdatePayload,
    message: "修改成功",
    handler: async ({ payload, caller }) => platform.updateWebsite(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c066",
    path: C.websiteIndex,
    summary: "前台首页数据：平台信息、轮播图与快捷入口（学校自己的，没有时用平台的）",
    access: "public",
    schema: WebIndexPayload,
    handler: ({ payload }) => platform.webIndex(payload),
  });
  defineCall(app, host, {
    id: "c067",
    path: C.websiteImages,
    summary: "前台某一位置的图片（banner、module、ad、login），学校自己的，没有时用平台的",
    access: "public",
    schema: ImgInfoPayload,
    handler: ({ payload }) => platform.images(payload),
  });

  // ── images ──
  defineCall(app, host, {
    id: "c068",
    path: C.imgList,
    rule: C.imgList,
    summary: "首页图片列表（本辖区），可按位置、学校、学段、状态、快捷入口、关键字筛选",
    access: "user",
    schema: CommonImgList,
    handler: async ({ payload, caller }) => platform.listImages(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c069",
    path: C.imgSave,
    rule: C.imgSave,
    summary: "添加首页图片：平台的图片仅平台管理员可加，学校管理员的图片属于本校",
    access: "user",
    schema: CommonImgSave,
    message: "添加成功",
    handler: async ({ payload, caller }) => platform.saveImage(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c070",
    path: C.imgUpdate,
    rule: C.imgUpdate,
    summary: "修改首页图片（只改给出的字段）",
    access: "user",
    schema: CommonImgUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => {
      await platform.updateImage(await caller(), payload);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c071",
    path: C.imgDelete,
    rule: C.imgDelete,
    summary: "删除首页图片",
    access: "user",
    schema: IdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => {
      await platform.removeImage(await caller(), payload.id);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c072",
    path: C.imgShortcut,
    rule: C.imgShortcut,
    summary: "设为（value 1）或取消（value 0）快捷入口",
    access: "user",
    schema: ShortcutOperate,
    message: "设置成功",
    handler: async ({ payload, caller }) => {
      await platform.setShortcut(await caller(), payload.id, payload.value);
      return null;
    },
  });

  // ── authorization codes ──
  defineCall(app, host, {
    id: "c032",
    path: C.authVerify,
    rule: C.authVerify,
    summary: "校验并激活授权码：格式错误、签名不符、应用不符、已过期（400）与已使用（409）分别拒绝；答复该应用的授权状态",
    access: "user",
    schema: AuthVerifyPayload,
    message: "授权码激活成功",
    handler: ({ auth, payload }) => platform.verifyAndActivate(auth.accountId, payload.authorization_code, payload.type),
  });
  defineCall(app, host, {
    id: "c033",
    path: C.mandate,
    summary: "应用的授权状态：是否已激活、到期时间、容量、剩余天数",
    access: "user",
    schema: MandatePayload,
    handler: ({ payload }) => platform.mandate(payload.apply_code),
  });
  defineCall(app, host, {
    id: "new",
    path: C.authCodeList,
    rule: C.authCodeList,
    summary: "已激活的授权码列表，可按应用筛选",
    access: "user",
    schema: AuthCodeList,
    handler: ({ payload }) => platform.listCodes(payload),
  });
}

import { PLATFORM_CALLS as C } from "@yanke/protocol";

/**
 * Permission rules of this module's calls, by the menu entry (rbac.seed BASE_MENU name) they sit under:
 * { MenuName: [["中文标题", "/middle/x/verb"], …] }. Merged into the seeded menu; roles that hold the menu entry's
 * subtree hold these rules.
 *
 * Not rule-guarded (docs/api/platform.md): c034 /middle/system/read and c033 /middle/mandate (any session), c064,
 * c066, c067 (public). /middle/system/update also needs the platform scope (SF_ADMIN, SF_PINGTAI); /web/website/update
 * is confined to the caller's schools (docs/decisions/0431).
 */
export const RULES: Record<string, [string, string][]> = {
  PlatformSetting: [
    ["平台设置列表", C.systemList],
    ["修改平台设置", C.systemUpdate],
    ["修改站点信息", C.websiteUpdate],
  ],
  ImageManage: [
    ["首页图片列表", C.imgList],
    ["添加首页图片", C.imgSave],
    ["修改首页图片", C.imgUpdate],
    ["删除首页图片", C.imgDelete],
    ["设置快捷入口", C.imgShortcut],
  ],
  AuthCodeManage: [
    ["激活授权码", C.authVerify],
    ["授权码列表", C.authCodeList],
  ],
};

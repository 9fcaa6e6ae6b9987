/**
 * Permission rules of this module's calls, by the menu entry (rbac.seed BASE_MENU name) they sit under:
 * { MenuName: [["中文标题", "/middle/x/verb"], …] }. Merged into the seeded menu; roles that hold the menu entry's
 * subtree hold these rules.
 *
 * Region and school quotas sit under 存储空间 (StorageManage, held by district administrators through BasicManage);
 * account quotas under 账号管理 (AccountManage), which school administrators hold too (docs/decisions/0404).
 */
export const RULES: Record<string, [string, string][]> = {
  StorageManage: [
    ["区域存储空间", "/middle/region/regionSurplusSpace"],
    ["设置区域存储空间", "/middle/region/setRegionSpace"],
    ["学校存储空间", "/middle/school/schoolSurplusSpace"],
    ["设置学校存储空间", "/middle/school/setSchoolSpace"],
  ],
  AccountManage: [
    ["账号存储空间", "/middle/account/accountSurplusSpace"],
    ["设置账号存储空间", "/middle/account/setAccountSpace"],
    ["存储空间统计", "/middle/account/accountSpaceStatistics"],
  ],
};

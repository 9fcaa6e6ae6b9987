/**
 * Permission rules of this module's calls, by the menu entry (rbac.seed BASE_MENU name) they sit under:
 * { MenuName: [["中文标题", "/middle/x/verb"], …] }. Merged into the seeded menu; roles that hold the menu entry's
 * subtree hold these rules.
 *
 * Regions and schools (#4, docs/api/org.md). The services confine each caller further (docs/decisions/0412):
 * a school administrator who holds SchoolManage reads his own school and edits its profile fields only.
 */
import { ORG_CALLS as C } from "@yanke/protocol";

export const RULES: Record<string, [string, string][]> = {
  RegionManage: [
    ["查看区域", C.regionList],
    ["新增区域", C.regionSave],
    ["修改区域", C.regionUpdate],
    ["删除区域", C.regionDelete],
  ],
  SchoolManage: [
    ["查看学校", C.schoolList],
    ["学校详情", C.schoolRead],
    ["新增学校", C.schoolSave],
    ["修改学校", C.schoolUpdate],
    ["删除学校", C.schoolDelete],
    ["批量删除学校", C.schoolBatchDelete],
    ["启用禁用学校", C.schoolQuickOperate],
    ["导入学校", C.schoolImport],
    ["导出学校", C.schoolExport],
    ["学校列表（社区版）", C.njySchoolList],
    ["学校详情（社区版）", C.njySchool],
    ["新增学校（社区版）", C.njySave],
    ["修改学校（社区版）", C.njyUpdate],
    ["删除学校（社区版）", C.njyDelete],
    ["区域内学校", C.getRegionSchoolList],
  ],
};

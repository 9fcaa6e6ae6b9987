import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { authGroup, authRule } from "./rbac.schema.js";

interface SeedRule {
  name: string;
  title: string;
  url: string;
  icon?: string;
  is_menu?: number;
  componentsUrl?: string;
  children?: SeedRule[];
}

/** The platform's base menu (grows with each module's issue). */
export const BASE_MENU: SeedRule[] = [
  { name: "Dashboard", title: "工作台", url: "/dashboard", icon: "DashboardOutlined", componentsUrl: "dashboard/index" },
  {
    name: "BasicManage",
    title: "基础管理",
    url: "/basic",
    icon: "DatabaseOutlined",
    children: [
      { name: "SchoolManage", title: "学校管理", url: "/basic/school" },
      { name: "ClassManage", title: "班级管理", url: "/basic/class" },
      { name: "StudentManage", title: "学生管理", url: "/basic/student" },
      { name: "TeacherManage", title: "教师管理", url: "/basic/teacher" },
      { name: "PeriodManage", title: "学段管理", url: "/basic/period" },
      { name: "RegionManage", title: "区域管理", url: "/basic/region" },
      { name: "DeviceManage", title: "设备管理", url: "/basic/device" },
      { name: "DisciplineManage", title: "学科管理", url: "/basic/discipline" },
      { name: "TimetableManage", title: "课表管理", url: "/basic/timetable" },
    ],
  },
  {
    name: "PermissionManage",
    title: "权限管理",
    url: "/permission",
    icon: "SafetyOutlined",
    children: [
      { name: "RoleManage", title: "角色管理", url: "/permission/role" },
      { name: "MenuManage", title: "菜单管理", url: "/permission/menu" },
      { name: "MenuGroupManage", title: "菜单分组", url: "/permission/menuGroup" },
      { name: "AbilityManage", title: "应用管理2_0", url: "/permission/ability" },
    ],
  },
  {
    name: "ResearchManage",
    title: "教研管理",
    url: "/research",
    icon: "ExperimentOutlined",
    children: [{ name: "IndicatorManage", title: "听课指标管理", url: "/research/indicator" }],
  },
  {
    name: "PlatformManage",
    title: "平台管理",
    url: "/platform",
    icon: "SettingOutlined",
    children: [{ name: "PlatformSetting", title: "平台设置", url: "/platform/setting" }],
  },
  {
    name: "PersonalCenter",
    title: "个人中心",
    url: "/personalCenter",
    icon: "UserOutlined",
    children: [
      { name: "PersonalSettings", title: "个人设置", url: "/personalCenter/personalSettings" },
      { name: "MyMessage", title: "我的消息", url: "/personalCenter/message" },
    ],
  },
  { name: "DataCockpit", title: "数据驾驶舱", url: "https://example.invalid/cockpit", icon: "FundOutlined" },
];

/** Inserts the base menu when the rule table is empty; returns the ids by name. */
export async function seedRules(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(authRule);
  if (n > 0) {
    for (const r of await db.select({ id: authRule.id, name: authRule.name }).from(authRule)) ids.set(r.name, r.id);
    return ids;
  }
  const insert = async (rules: SeedRule[], pid: number) => {
    let sort = 0;
    for (const r of rules) {
      sort += 10;
      const [row] = await db
        .insert(authRule)
        .values({
          name: r.name,
          title: r.title,
          pid,
          level: pid ? 1 : 0,
          sort,
          url: r.url,
          is_menu: r.is_menu ?? 1,
          icon: r.icon ?? "",
          componentsUrl: r.componentsUrl ?? "",
        })
        .returning({ id: authRule.id });
      if (!row) throw new Error("rule insert failed");
      ids.set(r.name, row.id);
      if (r.children) await insert(r.children, row.id);
    }
  };
  await insert(BASE_MENU, 0);
  return ids;
}

export async function createGroup(db: Db, title: string, rules: number[], schoolId = 0): Promise<number> {
  const [row] = await db.insert(authGroup).values({ title, rules, school_id: schoolId }).returning({ id: authGroup.id });
  if (!row) throw new Error("group insert failed");
  return row.id;
}

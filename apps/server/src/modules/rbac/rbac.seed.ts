import { CALLS } from "@yanke/protocol";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { RULES as EQUIPMENT_RULES } from "../equipment/equipment.rules.js";
import { RULES as REPORT_RULES } from "../report/report.rules.js";
import { RULES as SOFTWARE_RULES } from "../software/software.rules.js";
import { RULES as TRAINING_RULES } from "../training/training.rules.js";
import { RULES as CLASS_RULES } from "../org/class.rules.js";
import { RULES as ORG_RULES } from "../org/org.rules.js";
import { RULES as PLATFORM_RULES } from "../platform/platform.rules.js";
import { RULES as QUOTA_RULES } from "../quota/quota.rules.js";
import { RULES as RECORDING_RULES } from "../recording/recording.rules.js";
import { RULES as TEACHER_RULES } from "../teacher/teacher.rules.js";
import { authGroup, authRule, occupationApply } from "./rbac.schema.js";

/** Each module's permission rules, by menu entry name. */
const MODULE_RULES: Record<string, [string, string][]>[] = [
  ORG_RULES,
  CLASS_RULES,
  QUOTA_RULES,
  PLATFORM_RULES,
  TEACHER_RULES,
  EQUIPMENT_RULES,
  RECORDING_RULES,
  TRAINING_RULES,
  REPORT_RULES,
  SOFTWARE_RULES,
];

function permsOf(r: SeedRule): [string, string][] {
  return [...(r.perms ?? []), ...MODULE_RULES.flatMap((m) => m[r.name] ?? [])];
}

interface SeedRule {
  name: string;
  title: string;
  url: string;
  icon?: string;
  componentsUrl?: string;
  children?: SeedRule[];
  /** Permission rules (is_menu 0) of this screen: [title, call path]. */
  perms?: [string, string][];
}

const p = (title: string, path: string): [string, string] => [title, path];

/** The platform's base menu with the permission rules of each screen (grows with each module's issue). */
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
      { name: "TeacherManage", title: "教师管理", url: "/basic/teacher", perms: [p("同步区域教育云教师", CALLS.teacherEsSync)] },
      { name: "PeriodManage", title: "学段管理", url: "/basic/period" },
      { name: "RegionManage", title: "区域管理", url: "/basic/region" },
      { name: "DeviceManage", title: "设备管理", url: "/basic/device" },
      { name: "DisciplineManage", title: "学科管理", url: "/basic/discipline" },
      { name: "TimetableManage", title: "课表管理", url: "/basic/timetable" },
      { name: "StorageManage", title: "存储空间", url: "/basic/storage" },
    ],
  },
  {
    name: "PermissionManage",
    title: "权限管理",
    url: "/permission",
    icon: "SafetyOutlined",
    children: [
      {
        name: "RoleManage",
        title: "角色管理",
        url: "/permission/role",
        componentsUrl: "permission/role",
        perms: [
          p("查看角色", CALLS.groupList),
          p("角色详情", CALLS.groupRead),
          p("新增角色", CALLS.groupSave),
          p("修改角色", CALLS.groupUpdate),
          p("删除角色", CALLS.groupDelete),
          p("启用禁用角色", CALLS.groupQuickOperate),
          p("可分配角色", CALLS.groupOptions),
          p("角色规则", CALLS.groupAuthRole),
          p("可授予规则", CALLS.ruleUseList),
        ],
      },
      {
        name: "MenuManage",
        title: "菜单管理",
        url: "/permission/menu",
        componentsUrl: "permission/menu",
        perms: [
          p("查看菜单", CALLS.ruleList),
          p("新增菜单", CALLS.ruleSave),
          p("修改菜单", CALLS.ruleUpdate),
          p("删除菜单", CALLS.ruleDelete),
          p("设置菜单属性", CALLS.ruleSetAttribute),
        ],
      },
      {
        name: "MenuGroupManage",
        title: "菜单分组",
        url: "/permission/menuGroup",
        componentsUrl: "permission/menuGroup",
        perms: [
          p("新增应用", CALLS.applySave),
          p("修改应用", CALLS.applyUpdate),
          p("删除应用", CALLS.applyDelete),
          p("应用规则", CALLS.applyAuthRuleList),
          p("应用角色", CALLS.applyAuthGroupList),
          p("规则与应用", CALLS.applyRulesAndApply),
        ],
      },
      { name: "AbilityManage", title: "应用管理2_0", url: "/permission/ability", componentsUrl: "permission/ability" },
      {
        name: "AccountManage",
        title: "账号管理",
        url: "/permission/account",
        componentsUrl: "permission/account",
        perms: [
          p("查看账号", CALLS.accountList),
          p("账号详情", CALLS.accountRead),
          p("新增账号", CALLS.accountSave),
          p("修改账号", CALLS.accountUpdate),
          p("删除账号", CALLS.accountDelete),
          p("批量删除账号", CALLS.accountBatchDelete),
          p("启用禁用账号", CALLS.accountQuickOperate),
          p("重置密码", CALLS.accountResetPassword),
          p("导入教师", CALLS.accountImportTeacher),
          p("导入账号", CALLS.accountImportAccount),
          p("导出账号", CALLS.accountExport),
        ],
      },
    ],
  },
  {
    name: "ResearchManage",
    title: "教研管理",
    url: "/research",
    icon: "ExperimentOutlined",
    children: [
      { name: "IndicatorManage", title: "听课指标管理", url: "/research/indicator" },
      { name: "AnalysisCourse", title: "课堂分析", url: "/research/course" },
      { name: "AnalysisCensus", title: "分析统计", url: "/research/census" },
    ],
  },
  {
    name: "ResourceCenter",
    title: "资源中心",
    url: "/resourceCenter",
    icon: "FolderOpenOutlined",
    // The school teaching-resource area, review activities and topics (#11).
    children: [
      { name: "SchoolResource", title: "课程资源", url: "/resourceCenter/course" },
      { name: "ReviewActivityManage", title: "评课活动", url: "/resourceCenter/reviewActivity" },
      { name: "TopicManage", title: "专题管理", url: "/resourceCenter/topic" },
    ],
  },
  { name: "TrainingManage", title: "培训管理", url: "/training", icon: "ReadOutlined" },
  { name: "QuestionnaireManage", title: "问卷管理", url: "/questionnaire", icon: "FormOutlined" },
  { name: "ReportManage", title: "报表统计", url: "/statistics", icon: "BarChartOutlined" },
  {
    name: "DeviceCenter",
    title: "设备中心",
    url: "/device",
    icon: "VideoCameraOutlined",
    children: [
      { name: "DeviceLive", title: "直播巡课", url: "/device/live" },
      { name: "DeviceRecord", title: "录制计划", url: "/device/record" },
    ],
  },
  {
    name: "PlatformManage",
    title: "平台管理",
    url: "/platform",
    icon: "SettingOutlined",
    children: [
      { name: "PlatformSetting", title: "平台设置", url: "/platform/setting" },
      { name: "ImageManage", title: "首页图片", url: "/platform/images" },
      { name: "SoftwareVersion", title: "软件版本", url: "/platform/version" },
      { name: "AuthCodeManage", title: "授权码", url: "/platform/authCode" },
    ],
  },
  {
    name: "PersonalCenter",
    title: "个人中心",
    url: "/personalCenter",
    icon: "UserOutlined",
    children: [
      { name: "PersonalSettings", title: "个人设置", url: "/personalCenter/personalSettings" },
      { name: "MyMessage", title: "我的消息", url: "/personalCenter/message" },
      { name: "MyFiles", title: "我的文件", url: "/personalCenter/myFiles" },
      { name: "MyVideo", title: "我的视频", url: "/personalCenter/myVideo" },
      { name: "MyAnalysis", title: "我的课例分析", url: "/personalCenter/myAnalysis" },
      { name: "MyPersonalCenter", title: "我的主页", url: "/personalCenter/myPersonalCenter" },
      { name: "SpaceManagement", title: "空间管理", url: "/personalCenter/spaceManagement" },
      { name: "EventManagement", title: "活动管理", url: "/personalCenter/eventManagement" },
      { name: "EventHistory", title: "活动历史", url: "/personalCenter/eventHistory" },
      { name: "RecommendedActivities", title: "推荐活动", url: "/personalCenter/recommendedActivities" },
      { name: "MyCollect", title: "我的收藏", url: "/personalCenter/collect" },
      { name: "MyResources", title: "我的资源", url: "/personalCenter/personalCenter3" },
      { name: "MyQuestionnaire", title: "我的问卷", url: "/personalCenter/myQuestionnaire" },
      { name: "MyTraining", title: "我的培训", url: "/personalCenter/myTraining" },
    ],
  },
  // The built-in cockpit (the front site's 数据驾驶舱 follows DATA_COCKPIT_URL when set; docs/decisions/1316).
  { name: "DataCockpit", title: "数据驾驶舱", url: "/bigData", icon: "FundOutlined" },
];

export interface SeededRules {
  ids: Map<string, number>;
  /** The rule and all its descendants (menus and permissions), by name. */
  subtree(...names: string[]): number[];
  all(): number[];
}

/** Inserts the base menu when the rule table is empty. */
export async function seedRules(db: Db): Promise<SeededRules> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(authRule);
  if (n === 0) {
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
            is_menu: 1,
            icon: r.icon ?? "",
            componentsUrl: r.componentsUrl ?? "",
          })
          .returning({ id: authRule.id });
        if (!row) throw new Error("rule insert failed");
        const perms = permsOf(r);
        if (perms.length) {
          await db.insert(authRule).values(perms.map(([title, path], i) => ({ name: path, title, pid: row.id, level: 1, sort: (i + 1) * 10, is_menu: 0 })));
        }
        if (r.children) await insert(r.children, row.id);
      }
    };
    await insert(BASE_MENU, 0);
  } else {
    await addMissingRules(db);
  }
  const rows = await db.select({ id: authRule.id, pid: authRule.pid, name: authRule.name }).from(authRule);
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  const subtree = (...names: string[]) => {
    const out = new Set<number>();
    const walk = (id: number) => {
      out.add(id);
      for (const r of rows) if (r.pid === id) walk(r.id);
    };
    for (const name of names) {
      const id = ids.get(name);
      if (id !== undefined) walk(id);
    }
    return [...out].sort((a, b) => a - b);
  };
  return { ids, subtree, all: () => rows.map((r) => r.id).sort((a, b) => a - b) };
}

/**
 * An existing platform gets the menus and rules of modules added since it was set up (an upgrade): each missing
 * seed rule is inserted under its parent, and every role and application that holds the parent receives it, so a
 * role that manages a screen can use the screen's new calls. Rules an administrator renamed or moved stay as they are
 * (matched by name). Nothing is removed.
 */
async function addMissingRules(db: Db): Promise<void> {
  const existing = new Map((await db.select({ id: authRule.id, name: authRule.name }).from(authRule)).map((r) => [r.name, r.id]));
  const added: { id: number; pid: number }[] = [];
  const add = async (name: string, values: typeof authRule.$inferInsert): Promise<number> => {
    const have = existing.get(name);
    if (have !== undefined) return have;
    const [row] = await db.insert(authRule).values(values).returning({ id: authRule.id });
    if (!row) throw new Error("rule insert failed");
    existing.set(name, row.id);
    added.push({ id: row.id, pid: values.pid ?? 0 });
    return row.id;
  };
  const walk = async (rules: SeedRule[], pid: number) => {
    let sort = 0;
    for (const r of rules) {
      sort += 10;
      const id = await add(r.name, {
        name: r.name,
        title: r.title,
        pid,
        level: pid ? 1 : 0,
        sort,
        url: r.url,
        is_menu: 1,
        icon: r.icon ?? "",
        componentsUrl: r.componentsUrl ?? "",
      });
      for (const [i, [title, path]] of permsOf(r).entries()) await add(path, { name: path, title, pid: id, level: 1, sort: (i + 1) * 10, is_menu: 0 });
      if (r.children) await walk(r.children, id);
    }
  };
  await walk(BASE_MENU, 0);
  if (added.length === 0) return;
  // Parents first: a new menu's new children follow it into the roles that receive the menu.
  for (const table of [authGroup, occupationApply] as const) {
    const holders = await db.select({ id: table.id, rules: table.rules }).from(table);
    for (const h of holders) {
      const held = new Set(h.rules);
      for (const a of added) if (a.pid && held.has(a.pid)) held.add(a.id);
      if (held.size !== h.rules.length)
        await db
          .update(table)
          .set({ rules: [...held].sort((x, y) => x - y) })
          .where(sql`${table.id} = ${h.id}`);
    }
  }
}

export async function createGroup(db: Db, title: string, rules: number[], schoolId = 0): Promise<number> {
  const [row] = await db.insert(authGroup).values({ title, rules, school_id: schoolId }).returning({ id: authGroup.id });
  if (!row) throw new Error("group insert failed");
  return row.id;
}

export interface SeededRoles {
  admin: number;
  platform: number;
  district: number;
  school: number;
  teacher: number;
}

/** Roles for the five identities and the applications of the five mode tabs plus one ability. */
export async function seedRolesAndApps(db: Db, rules: SeededRules): Promise<SeededRoles> {
  const roles: SeededRoles = {
    admin: await createGroup(db, "超级管理员", rules.all()),
    platform: await createGroup(db, "平台管理员", rules.all()),
    district: await createGroup(
      db,
      "区级管理员",
      rules.subtree(
        "Dashboard",
        "BasicManage",
        "RoleManage",
        "AccountManage",
        "ResearchManage",
        "ResourceCenter",
        "TrainingManage",
        "QuestionnaireManage",
        "ReportManage",
        "PersonalCenter",
        "DeviceCenter",
      ),
    ),
    school: await createGroup(db, "校级管理员", [
      ...rules.subtree(
        "Dashboard",
        "SchoolManage",
        "PeriodManage",
        "DisciplineManage",
        "ClassManage",
        "StudentManage",
        "TeacherManage",
        "DeviceManage",
        "TimetableManage",
        "RoleManage",
        "AccountManage",
        "PersonalCenter",
        "DeviceCenter",
      ),
      // His school's evaluation schemes and listen targets (听课指标管理, #9; decision 0910).
      ...rules.subtree("ResearchManage"),
      // His school's course resources, review activities and topics (#11).
      ...rules.subtree("ResourceCenter"),
      // His school's training programmes, questionnaires and statistical reports (#12).
      ...rules.subtree("TrainingManage", "QuestionnaireManage", "ReportManage"),
      // His school's footer override (the service confines him to his school).
      ...[rules.ids.get(CALLS.websiteUpdate)].filter((id): id is number => id !== undefined),
    ]),
    teacher: await createGroup(db, "教师", rules.subtree("PersonalCenter")),
  };
  const admins = [roles.admin, roles.platform];
  const apps: (typeof occupationApply.$inferInsert)[] = [
    {
      name: "个人研修",
      icon: "UserOutlined",
      apply_type: 4,
      rules: rules.subtree("PersonalCenter"),
      group_ids: [...admins, roles.district, roles.school, roles.teacher],
      sort: 1,
    },
    {
      name: "设备中心",
      icon: "VideoCameraOutlined",
      apply_type: 5,
      rules: rules.subtree("DeviceCenter"),
      group_ids: [...admins, roles.district, roles.school],
      sort: 2,
    },
    {
      name: "教研管理",
      icon: "ExperimentOutlined",
      apply_type: 1,
      rules: rules.subtree("Dashboard", "ResearchManage", "ResourceCenter", "TrainingManage", "QuestionnaireManage", "ReportManage"),
      group_ids: [...admins, roles.district, roles.school],
      sort: 3,
    },
    {
      name: "设备管理",
      icon: "DesktopOutlined",
      apply_type: 2,
      rules: rules.subtree("Dashboard", "DeviceManage", "TimetableManage"),
      group_ids: [...admins, roles.district, roles.school],
      sort: 4,
    },
    {
      name: "基础数据管理",
      icon: "DatabaseOutlined",
      apply_type: 3,
      rules: rules.subtree("Dashboard", "BasicManage", "PermissionManage", "PlatformManage"),
      group_ids: [...admins, roles.district, roles.school],
      sort: 5,
    },
    { name: "数据驾驶舱", icon: "FundOutlined", apply_type: 7, type: 2, rules: rules.subtree("DataCockpit"), group_ids: [...admins, roles.district], sort: 6 },
  ];
  await db.insert(occupationApply).values(apps);
  return roles;
}

/**
 * Screens that menu entries open, by componentsUrl (normalised: 'views/permission/role/index.vue'
 * → 'permission/role') or by view name (MenuNode.name). See screen-resolve.ts for the rules.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { resolveScreen, type Resolution, type ScreenRegistry } from "./screen-resolve";

type Screen = LazyExoticComponent<ComponentType>;

const AdminHome: Screen = lazy(() => import("./AdminHomePage").then((m) => ({ default: m.AdminHomePage })));
const PersonalSettings: Screen = lazy(() => import("./PersonalSettingsPage").then((m) => ({ default: m.PersonalSettingsPage })));
const RoleManage: Screen = lazy(() => import("../admin/RolePage").then((m) => ({ default: m.RolePage })));
const MenuManage: Screen = lazy(() => import("../admin/MenuPage").then((m) => ({ default: m.MenuPage })));
const MenuGroupManage: Screen = lazy(() => import("../admin/ApplyPage").then((m) => ({ default: m.MenuGroupPage })));
const AbilityManage: Screen = lazy(() => import("../admin/ApplyPage").then((m) => ({ default: m.AbilityPage })));
const AccountManage: Screen = lazy(() => import("../admin/AccountPage").then((m) => ({ default: m.AccountPage })));

export const SCREENS_BY_COMPONENT: Readonly<Record<string, Screen>> = {
  dashboard: AdminHome,
  "permission/role": RoleManage,
  "permission/menu": MenuManage,
  "permission/menuGroup": MenuGroupManage,
  "permission/ability": AbilityManage,
  "permission/account": AccountManage,
};

export const SCREENS_BY_NAME: Readonly<Record<string, Screen>> = {
  Dashboard: AdminHome,
  AdminHome,
  PersonalSettings,
  RoleManage,
  MenuManage,
  MenuGroupManage,
  AbilityManage,
  AccountManage,
};

/** Admin screens of the seeded menu that later issues deliver (view name → issue). */
export const PLANNED_SCREENS: Readonly<Record<string, number>> = {
  SchoolManage: 4,
  ClassManage: 4,
  StudentManage: 4,
  TeacherManage: 4,
  PeriodManage: 4,
  RegionManage: 4,
  DeviceManage: 4,
  DisciplineManage: 4,
  TimetableManage: 4,
};

const REGISTRY: ScreenRegistry<Screen> = { byComponent: SCREENS_BY_COMPONENT, byName: SCREENS_BY_NAME, planned: PLANNED_SCREENS };

export function screenFor(componentsUrl: string, name: string): Resolution<Screen> {
  return resolveScreen(REGISTRY, componentsUrl, name);
}

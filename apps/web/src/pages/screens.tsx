/**
 * Screens that menu entries open, by componentsUrl or by view name (MenuNode.name).
 * Later issues register their admin screens here; unknown entries show MenuModulePage's
 * placeholder (#3 turns an unknown componentsUrl into a module-not-found page).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

type Screen = LazyExoticComponent<ComponentType>;

const AdminHome: Screen = lazy(() => import("./AdminHomePage").then((m) => ({ default: m.AdminHomePage })));
const PersonalSettings: Screen = lazy(() => import("./PersonalSettingsPage").then((m) => ({ default: m.PersonalSettingsPage })));

export const SCREENS_BY_COMPONENT: Readonly<Record<string, Screen>> = {
  dashboard: AdminHome,
  "dashboard/index": AdminHome,
};

export const SCREENS_BY_NAME: Readonly<Record<string, Screen>> = {
  Dashboard: AdminHome,
  AdminHome,
  PersonalSettings,
};

export function screenFor(componentsUrl: string, name: string): Screen | undefined {
  return SCREENS_BY_COMPONENT[componentsUrl] ?? SCREENS_BY_NAME[name];
}

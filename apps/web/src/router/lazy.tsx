/** Lazily loaded pages and layouts (one chunk each) so the entry stays small. */
import { lazy } from "react";

export const LoginPage = lazy(() => import("../pages/LoginPage").then((m) => ({ default: m.LoginPage })));
export const NotFoundPage = lazy(() => import("../pages/NotFoundPage").then((m) => ({ default: m.NotFoundPage })));
export const PersonalSettingsPage = lazy(() => import("../pages/PersonalSettingsPage").then((m) => ({ default: m.PersonalSettingsPage })));
export const AdminHomePage = lazy(() => import("../pages/AdminHomePage").then((m) => ({ default: m.AdminHomePage })));
export const MenuModulePage = lazy(() => import("../pages/MenuModulePage").then((m) => ({ default: m.MenuModulePage })));
export const AppShell = lazy(() => import("../layout/AppShell").then((m) => ({ default: m.AppShell })));
export const FrontLayout = lazy(() => import("../layout/FrontLayout").then((m) => ({ default: m.FrontLayout })));
export const PageFrame = lazy(() => import("../layout/PageFrame").then((m) => ({ default: m.PageFrame })));

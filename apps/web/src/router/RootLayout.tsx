import { type ReactNode, Suspense, useEffect } from "react";
import { Navigate, Outlet, useLocation, useMatches } from "react-router";
import { menuTitle } from "@yanke/protocol";
import { toast } from "../api/toast";
import { IeNotice } from "../components/IeNotice";
import { PageLoading } from "../components/PageLoading";
import { config, homeRoute } from "../config";
import { findMenuByPath, personalCentreUrls } from "../menu/menu";
import { loadMenus } from "../session/auth";
import { useAppState } from "../session/store";
import { decideAccess, isPublicPath, normalizePath } from "./access";
import { clearSilentLoginRedirect, isSilentLoginRedirect } from "./location";
import { DEFAULT_TITLE, deepestMeta } from "./meta";
import type { EditionDefinition } from "./route-helpers";

function GuardRedirect({ to, warning }: { to: string; warning?: string }) {
  useEffect(() => {
    // Keyed so that a double effect (StrictMode) or a quick second redirect shows one toast.
    // No warning when the session was just ended on purpose (logout, 1025/1028: silent).
    if (warning && !isSilentLoginRedirect()) toast.warning(warning, "guard-warning");
  }, [warning]);
  return <Navigate to={to} replace />;
}

/** Page title from the route meta, else the menu entry, default 首页 (§2). */
function useDocumentTitle(path: string): void {
  const matches = useMatches();
  const menus = useAppState((s) => s.menus);
  const meta = deepestMeta(matches);
  const menu = meta ? undefined : findMenuByPath(menus, path);
  const title = meta?.title ?? (menu ? menuTitle(menu.title, config.showVersionName) : DEFAULT_TITLE);
  useEffect(() => {
    document.title = `${title} - ${config.platformName}`;
  }, [title]);
}

/**
 * The root of every route: access guard (§2 Access rules), the load-menus-once gate (§4),
 * the page title, the Internet Explorer notice and the lazy-page suspense boundary.
 */
export function RootLayout({ edition }: { edition: EditionDefinition }) {
  const location = useLocation();
  const session = useAppState((s) => s.session);
  const menus = useAppState((s) => s.menus);
  const menuReload = useAppState((s) => s.menuReload);
  const path = normalizePath(location.pathname);
  const canonical = edition.aliases[path] ?? path;
  const token = session.token;
  const needMenus = token !== "" && menuReload;

  useDocumentTitle(path);

  useEffect(() => {
    if (path === "/login") clearSilentLoginRedirect();
  }, [path]);

  useEffect(() => {
    if (needMenus) loadMenus().catch(() => {});
  }, [needMenus]);

  const isPublic = isPublicPath(canonical, edition.name);
  let body: ReactNode;
  if (needMenus && !isPublic && canonical !== "/login") {
    body = <PageLoading full tip="正在加载菜单…" />;
  } else {
    const decision = decideAccess({
      path: canonical,
      edition: edition.name,
      token,
      homeUrl: session.url,
      publicHome: homeRoute(),
      personalCentreUrls: personalCentreUrls(menus),
      menusReady: !menuReload,
    });
    body =
      decision.kind === "redirect" ? (
        <GuardRedirect to={decision.to} warning={decision.warning} />
      ) : (
        <Suspense fallback={<PageLoading full />}>
          <Outlet />
        </Suspense>
      );
  }
  return (
    <>
      <IeNotice />
      {body}
    </>
  );
}

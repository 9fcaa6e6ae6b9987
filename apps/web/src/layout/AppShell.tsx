import { Layout, Spin } from "antd";
import { menuTitle } from "@yanke/protocol";
import { useEffect } from "react";
import { Navigate, useLocation, useMatches, useOutlet } from "react-router";
import { config } from "../config";
import { findMenuByPath } from "../menu/menu";
import { normalizePath } from "../router/access";
import { deepestMeta, DEFAULT_TITLE } from "../router/meta";
import { ADMIN_HOME_PATH } from "../router/paths";
import { setState, useAppState } from "../session/store";
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from "../theme/constants";
import { useRouteRules } from "../modes/useRouteRules";
import { KeepAliveOutlet } from "./keep-alive";
import { Sidebar } from "./Sidebar";
import { TagsView } from "./TagsView";
import { visitTag } from "./tags";
import { TopBar } from "./TopBar";

/**
 * The application shell of §2 for the admin home and every route of the server menu tree:
 * sidebar, fixed top bar with tags strip, and the main area (only IndicatorManage kept alive).
 * Full-screen mode (configured paths, or the session's isFullScreen) shows only the content.
 */
export function AppShell() {
  const location = useLocation();
  const path = normalizePath(location.pathname);
  const matches = useMatches();
  const outlet = useOutlet();
  const session = useAppState((s) => s.session);
  const menus = useAppState((s) => s.menus);
  const collapsed = useAppState((s) => s.sidebarCollapsed);
  const loadingRules = useRouteRules(path);

  const home = session.url && session.url !== "/" ? session.url : ADMIN_HOME_PATH;
  const meta = deepestMeta(matches);
  const node = findMenuByPath(menus, path);
  const homeNode = findMenuByPath(menus, home);
  const isRedirect = path.startsWith("/redirect/");
  const valid = isRedirect || path === ADMIN_HOME_PATH || path === home || node !== undefined;
  const title = path === home ? DEFAULT_TITLE : node ? menuTitle(node.title, config.showVersionName) : (meta?.title ?? DEFAULT_TITLE);
  const viewName = node?.name || meta?.name || path;

  useEffect(() => {
    if (!valid || isRedirect) return;
    setState((s) => ({ tags: visitTag(s.tags, { path, title, name: viewName, affix: false }, home, homeNode?.name ?? "AdminHome") }));
  }, [valid, isRedirect, path, title, viewName, home, homeNode?.name]);

  if (!valid) return <Navigate to="/404" replace />;

  const content = <KeepAliveOutlet name={viewName} outlet={outlet} pathKey={path} />;
  const overlay = loadingRules ? (
    <div data-testid="route-loading">
      <Spin fullscreen spinning description="加载中…" />
    </div>
  ) : null;
  const fullScreen = config.fullScreenPaths.includes(path) || session.isFullScreen === 1;
  if (fullScreen) {
    return (
      <main className="yk-fullscreen" data-testid="fullscreen-main">
        {content}
        {overlay}
      </main>
    );
  }
  return (
    <Layout hasSider className="yk-shell" data-testid="app-shell">
      <Sidebar collapsed={collapsed} path={path} />
      <Layout className="yk-shell-body" style={{ marginLeft: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}>
        <div className="yk-fixed-header">
          <TopBar path={path} home={home} title={title} />
          <TagsView path={path} />
        </div>
        <Layout.Content className="yk-main" data-testid="main-content">
          {content}
        </Layout.Content>
      </Layout>
      {overlay}
    </Layout>
  );
}

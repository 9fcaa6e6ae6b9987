import { menuTitle } from "@yanke/protocol";
import { Card, Tag } from "antd";
import { useLocation } from "react-router";
import { EmptyState } from "../components/EmptyState";
import { config } from "../config";
import { findMenuByPath } from "../menu/menu";
import { normalizePath } from "../router/access";
import { useAppState } from "../session/store";
import { AdminHomePage } from "./AdminHomePage";
import { ModuleNotFoundPage } from "./ModuleNotFoundPage";
import { screenFor } from "./screens";

/**
 * A route of the server menu tree: the screen registered for its componentsUrl or view name; a
 * module-not-found page when the componentsUrl names no screen; otherwise (no componentsUrl and no known view
 * name: a menu group opened by its address, or an entry added in 菜单管理 without a component) a titled empty page.
 */
export function MenuModulePage() {
  const path = normalizePath(useLocation().pathname);
  const menus = useAppState((s) => s.menus);
  const home = useAppState((s) => s.session.url);
  const node = findMenuByPath(menus, path);
  if (!node) return path === home ? <AdminHomePage /> : null;
  const title = menuTitle(node.title, config.showVersionName);
  const found = screenFor(node.componentsUrl, node.name);
  if (found.kind === "screen") {
    const Screen = found.screen;
    return <Screen />;
  }
  if (found.kind === "missing") return <ModuleNotFoundPage componentsUrl={found.componentsUrl} title={title} />;
  return (
    <div className="yk-page" data-testid="menu-page" data-view={node.name}>
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>} extra={node.componentsUrl ? <Tag>{node.componentsUrl}</Tag> : null}>
        <EmptyState />
      </Card>
    </div>
  );
}

import { Layout, Menu, type MenuProps } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { config } from "../config";
import { buildSideMenu, externalHref, type SideItem } from "../menu/menu";
import { COMMUNITY_MODE } from "../modes/modes";
import { routeHref } from "../router/location";
import { useAppState } from "../session/store";
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from "../theme/constants";
import { menuIcon } from "./menu-icons";

type Items = NonNullable<MenuProps["items"]>;

function toItems(items: readonly SideItem[], top: boolean): Items {
  return items.map((it) => {
    const label = (
      // biome-ignore lint/correctness/useJsxKeyInIterable: the label of a menu item object (keyed by key), not a list child.
      <span data-testid="menu-item" data-url={it.url} data-external={it.external ? "1" : undefined}>
        {it.title}
      </span>
    );
    return it.children
      ? { key: it.key, icon: menuIcon(it.icon, top), label, children: toItems(it.children, false) }
      : { key: it.key, icon: menuIcon(it.icon, top), label };
  });
}

function findTrail(items: readonly SideItem[], key: string): string[] {
  for (const it of items) {
    if (it.key === key) return [it.key];
    if (it.children) {
      const sub = findTrail(it.children, key);
      if (sub.length) return [it.key, ...sub];
    }
  }
  return [];
}

function findItem(items: readonly SideItem[], key: string): SideItem | undefined {
  for (const it of items) {
    if (it.key === key) return it;
    const sub = it.children ? findItem(it.children, key) : undefined;
    if (sub) return sub;
  }
  return undefined;
}

/** The collapsible side menu built from the server menu tree (§2 Side menu). */
export function Sidebar({ collapsed, path }: { collapsed: boolean; path: string }) {
  const navigate = useNavigate();
  const menus = useAppState((s) => s.menus);
  const mode = useAppState((s) => s.mode);
  const session = useAppState((s) => s.session);
  const modeName = useAppState((s) => s.modeName);
  const communityRef = useAppState((s) => s.community);
  // §2: in community mode (personal research, docs/decisions/0314) the header names the community
  // (or 未设置) and opens the community blog in a new tab.
  const community = modeName === String(COMMUNITY_MODE);
  const communityName = communityRef?.community_name || "未设置";
  const openBlog = () => window.open(`${window.location.origin}${routeHref("/blog")}`, "_blank", "noopener,noreferrer");
  const items = useMemo(() => buildSideMenu(menus, { mode, showVersionName: config.showVersionName }), [menus, mode]);
  const antItems = useMemo(() => toItems(items, true), [items]);
  const trail = useMemo(() => findTrail(items, path), [items, path]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => trail.slice(0, -1));
  useEffect(() => {
    const parents = trail.slice(0, -1);
    if (parents.length) setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }, [trail]);

  const onClick: MenuProps["onClick"] = ({ key }) => {
    const it = findItem(items, key);
    if (!it?.url) return;
    if (it.external) window.open(externalHref(it.url, session.token, session.account_id), "_blank", "noopener,noreferrer");
    else void navigate(it.url);
  };

  return (
    <Layout.Sider
      data-testid="sidebar"
      className="yk-sider"
      collapsed={collapsed}
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      trigger={null}
    >
      {community ? (
        <button
          type="button"
          className="yk-logo yk-logo-community"
          data-testid="community-header"
          title={`${communityName}（在新窗口打开社区空间）`}
          onClick={openBlog}
        >
          <span className="yk-logo-mark">社</span>
          {collapsed ? null : (
            <span className="yk-logo-text yk-community-name" data-testid="community-name">
              {communityName}
            </span>
          )}
        </button>
      ) : (
        <div className="yk-logo" title={config.platformName}>
          <span className="yk-logo-mark">研</span>
          {collapsed ? null : <span className="yk-logo-text">{config.platformName}</span>}
        </div>
      )}
      {antItems.length ? (
        <Menu
          theme="dark"
          mode="inline"
          items={antItems}
          selectedKeys={trail.length ? [trail[trail.length - 1] ?? path] : []}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          onClick={onClick}
        />
      ) : (
        <div className="yk-sider-empty">{collapsed ? "" : "暂无菜单"}</div>
      )}
    </Layout.Sider>
  );
}

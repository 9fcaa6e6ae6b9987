import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined, RollbackOutlined } from "@ant-design/icons";
import { Breadcrumb, Button, Tooltip } from "antd";
import { menuTitle } from "@yanke/protocol";
import { Link, useNavigate } from "react-router";
import { config } from "../config";
import { menuTrail } from "../menu/menu";
import { toggleSidebar, useAppState } from "../session/store";
import { ModeTabs } from "../modes/ModeTabs";
import { CourseFilter, PeriodSwitcher, SchoolSwitcher } from "../switcher/Switchers";
import { PatrolBadge } from "./PatrolBadge";
import { UserDropdown } from "./UserDropdown";

/**
 * Fixed top bar (§2): collapse toggle, breadcrumb from 首页, the mode tabs, back-to-home, school
 * switcher, study-period switcher, course filter and the user dropdown (password, unbind, logout).
 */
export function TopBar({ path, home, title }: { path: string; home: string; title: string }) {
  const navigate = useNavigate();
  const collapsed = useAppState((s) => s.sidebarCollapsed);
  const menus = useAppState((s) => s.menus);
  const isHome = path === home;
  const trail = isHome ? [] : menuTrail(menus, path);
  const crumbs = [
    {
      key: "home",
      title: (
        <Link to={home} data-testid="breadcrumb-home">
          <HomeOutlined /> 首页
        </Link>
      ),
    },
    ...(isHome ? [] : trail.length ? trail.map((n) => ({ key: `m${n.id}`, title: menuTitle(n.title, config.showVersionName) })) : [{ key: "page", title }]),
  ];
  return (
    <div className="yk-topbar" data-testid="topbar">
      <Tooltip title={collapsed ? "展开菜单" : "收起菜单"}>
        <Button
          type="text"
          data-testid="sidebar-toggle"
          aria-label={collapsed ? "展开菜单" : "收起菜单"}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={toggleSidebar}
        />
      </Tooltip>
      <Breadcrumb className="yk-breadcrumb" items={crumbs} data-testid="breadcrumb" />
      <ModeTabs home={home} />
      <div className="yk-topbar-spacer" />
      {isHome ? null : (
        <Tooltip title="返回首页" placement="bottom">
          <Button data-testid="back-home" aria-label="返回首页" icon={<RollbackOutlined />} onClick={() => navigate(home)}>
            <span className="yk-back-home-text">返回首页</span>
          </Button>
        </Tooltip>
      )}
      <div className="yk-switchers" data-testid="topbar-switchers">
        <SchoolSwitcher />
        <PeriodSwitcher />
        <CourseFilter />
      </div>
      <PatrolBadge />
      <UserDropdown />
    </div>
  );
}

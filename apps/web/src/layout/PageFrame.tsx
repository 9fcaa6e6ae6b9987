import { HomeOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { Suspense } from "react";
import { Link, Outlet, useNavigate } from "react-router";
import { PageLoading } from "../components/PageLoading";
import { config, homeRoute } from "../config";
import { useSession } from "../session/store";
import { UserDropdown } from "./UserDropdown";

export function Brand({ to }: { to: string }) {
  return (
    <Link to={to} className="yk-brand" data-testid="brand">
      <span className="yk-brand-mark">研</span>
      <span className="yk-brand-text">
        <b>{config.platformName}</b>
        <small>教研与听评课平台</small>
      </span>
    </Link>
  );
}

/** A slim frame for standalone pages (reports, players, personal settings). */
export function PageFrame() {
  const session = useSession();
  const navigate = useNavigate();
  const home = session.token && session.url ? session.url : homeRoute();
  return (
    <div className="yk-frame">
      <header className="yk-frame-header">
        <Brand to={home} />
        <div className="yk-topbar-spacer" />
        <Button type="text" icon={<HomeOutlined />} onClick={() => navigate(home)} data-testid="frame-home">
          返回首页
        </Button>
        {session.token ? <UserDropdown /> : null}
      </header>
      <main className="yk-frame-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

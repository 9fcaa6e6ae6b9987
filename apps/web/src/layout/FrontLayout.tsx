import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { call } from "../api/client";
import { calls } from "@yanke/protocol";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { PageLoading } from "../components/PageLoading";
import { config } from "../config";
import { externalHref } from "../menu/menu";
import type { FrontNavItem } from "../router/meta";
import { routeHref } from "../router/location";
import { logout } from "../session/auth";
import { useSession } from "../session/store";
import "./front.css";

/**
 * Front-site frame (§2 Front-site header): navigation with the active item, 个人中心/登录, 退出, footer. Below 768 px
 * the navigation folds into a drawer opened by a menu button. Every item is a real link or button (keyboard usable).
 */
export function FrontLayout({ nav }: { nav: readonly FrontNavItem[] }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = session.token !== "";
  const [drawer, setDrawer] = useState(false);
  // A route change closes the drawer; Escape closes it too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger: a route change closes the drawer.
  useEffect(() => setDrawer(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setDrawer(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawer]);
  const cockpitHref = (it: FrontNavItem) => {
    // 数据驾驶舱: the configured external cockpit (DATA_COCKPIT_URL) or the in-app /bigData, with the token appended.
    const href = it.key === "bigData" && config.dataCockpitUrl ? config.dataCockpitUrl : `${window.location.origin}${routeHref(it.to)}`;
    return loggedIn ? externalHref(href, session.token, session.account_id) : href;
  };
  const links = (where: "bar" | "drawer") =>
    nav.map((it) =>
      it.withToken ? (
        <a
          key={it.key}
          className="yk-front-link"
          href={cockpitHref(it)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`front-nav-${it.key}${where === "drawer" ? "-m" : ""}`}
        >
          {it.label}
          <span className="ykh-ext" aria-hidden="true">
            ↗
          </span>
        </a>
      ) : (
        <NavLink
          key={it.key}
          to={it.to}
          end={it.to === "/foreground"}
          className={({ isActive }) => `yk-front-link${isActive ? " active" : ""}`}
          data-testid={`front-nav-${it.key}${where === "drawer" ? "-m" : ""}`}
        >
          {it.label}
        </NavLink>
      ),
    );
  const user = (
    <>
      {loggedIn ? (
        <>
          <button type="button" className="yk-front-link ykh-btn" data-testid="front-personal-link" onClick={() => navigate(session.url || "/")}>
            个人中心
          </button>
          <button type="button" className="yk-front-link ykh-btn" data-testid="front-logout-link" onClick={() => void logout()}>
            退出
          </button>
        </>
      ) : (
        <button type="button" className="yk-front-link yk-front-login ykh-btn" data-testid="front-login-link" onClick={() => navigate("/login")}>
          登录
        </button>
      )}
    </>
  );
  return (
    <div className="yk-front">
      <a
        className="ykh-skip"
        href="#yk-front-main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById("yk-front-main")?.focus();
        }}
      >
        跳到正文
      </a>
      <header className="yk-front-header">
        <div className="yk-front-inner">
          <Brand to="/foreground" />
          <nav className="yk-front-nav" data-testid="front-nav" aria-label="前台导航">
            {links("bar")}
          </nav>
          <div className="yk-front-user">{user}</div>
          <button
            type="button"
            className="ykh-burger"
            aria-label={drawer ? "关闭导航" : "打开导航"}
            aria-expanded={drawer}
            aria-controls="yk-front-drawer"
            data-testid="front-burger"
            onClick={() => setDrawer((v) => !v)}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </header>
      {drawer ? (
        <div className="ykh-drawer-mask" onClick={() => setDrawer(false)} data-testid="front-drawer-mask">
          <nav id="yk-front-drawer" className="ykh-drawer" aria-label="前台导航" data-testid="front-drawer" onClick={(e) => e.stopPropagation()}>
            {links("drawer")}
            <div className="ykh-drawer-user">{user}</div>
          </nav>
        </div>
      ) : null}
      <main className="yk-front-main" id="yk-front-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <FrontFooter />
    </div>
  );
}

/** The platform's mark and name (PageFrame's Brand, kept here so the front site's first load skips PageFrame's menus). */
function Brand({ to }: { to: string }) {
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

/** The front-site footer: the platform information of /web/website (public; the school's override when signed in to one). */
function FrontFooter() {
  const schoolId = useSession().school_id;
  const q = useQuery({
    queryKey: ["website", "footer", schoolId],
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => call(calls.website, schoolId ? { school_id: schoolId } : {}, { quiet: true }),
  });
  const w = q.data;
  const name = w?.name || config.platformName;
  const parts = [
    w?.host ? `主办单位：${w.host}` : "",
    w?.support ? `技术支持：${w.support}` : "",
    w?.phone ? `联系电话：${w.phone}` : "",
    w?.work_time ? `工作时间：${w.work_time}` : "",
  ].filter(Boolean);
  return (
    <footer className="yk-front-footer" data-testid="front-footer">
      <div className="yk-front-footer-brand">
        {w?.logo_url ? <img src={w.logo_url} alt="" height={24} data-testid="front-footer-logo" /> : null}
        <span data-testid="front-footer-name">{name}</span>
      </div>
      {parts.length ? (
        <div className="ykh-footer-info" data-testid="front-footer-info">
          {parts.map((p) => (
            <span key={p}>{p}</span>
          ))}
        </div>
      ) : (
        <div>教研与听评课平台</div>
      )}
      {w?.icp ? (
        <div>
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" data-testid="front-footer-icp">
            {w.icp}
          </a>
        </div>
      ) : null}
    </footer>
  );
}

import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { call } from "../api/client";
import { CALLS, type WebsiteInfo } from "@yanke/protocol";
import { NavLink, Outlet, useNavigate } from "react-router";
import { PageLoading } from "../components/PageLoading";
import { config } from "../config";
import { externalHref } from "../menu/menu";
import type { FrontNavItem } from "../router/route-helpers";
import { routeHref } from "../router/location";
import { logout } from "../session/auth";
import { useSession } from "../session/store";
import { Brand } from "./PageFrame";

/** Front-site frame (§2 Front-site header): navigation, 个人中心/登录, logout, footer. */
export function FrontLayout({ nav }: { nav: readonly FrontNavItem[] }) {
  const session = useSession();
  const navigate = useNavigate();
  const loggedIn = session.token !== "";
  const open = (it: FrontNavItem) => {
    // 数据驾驶舱: the configured external cockpit (DATA_COCKPIT_URL) or the in-app /bigData, with the token appended.
    const href = it.key === "bigData" && config.dataCockpitUrl ? config.dataCockpitUrl : `${window.location.origin}${routeHref(it.to)}`;
    window.open(loggedIn ? externalHref(href, session.token, session.account_id) : href, "_blank", "noopener,noreferrer");
  };
  return (
    <div className="yk-front">
      <header className="yk-front-header">
        <div className="yk-front-inner">
          <Brand to="/foreground" />
          <nav className="yk-front-nav" data-testid="front-nav">
            {nav.map((it) =>
              it.withToken ? (
                <a key={it.key} className="yk-front-link" onClick={() => open(it)} role="link" tabIndex={0}>
                  {it.label}
                </a>
              ) : (
                <NavLink key={it.key} to={it.to} end={it.to === "/foreground"} className={({ isActive }) => `yk-front-link${isActive ? " active" : ""}`}>
                  {it.label}
                </NavLink>
              ),
            )}
          </nav>
          <div className="yk-front-user">
            {loggedIn ? (
              <>
                <a className="yk-front-link" data-testid="front-personal-link" onClick={() => navigate(session.url || "/")}>
                  个人中心
                </a>
                <a className="yk-front-link" data-testid="front-logout-link" onClick={() => void logout()}>
                  退出
                </a>
              </>
            ) : (
              <a className="yk-front-link yk-front-login" data-testid="front-login-link" onClick={() => navigate("/login")}>
                登录
              </a>
            )}
          </div>
        </div>
      </header>
      <main className="yk-front-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <FrontFooter />
    </div>
  );
}

/** The front-site footer: the platform information of /web/website (public; the school's override when signed in to one). */
function FrontFooter() {
  const schoolId = useSession().school_id;
  const q = useQuery({
    queryKey: ["website", "footer", schoolId],
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => call<WebsiteInfo>(CALLS.website, schoolId ? { school_id: schoolId } : {}, { quiet: true }),
  });
  const w = q.data;
  const name = w?.name || config.platformName;
  const parts = [w?.host ? `主办单位：${w.host}` : "", w?.support ? `技术支持：${w.support}` : "", w?.phone ? `联系电话：${w.phone}` : "", w?.work_time ? `工作时间：${w.work_time}` : ""].filter(Boolean);
  return (
    <footer className="yk-front-footer" data-testid="front-footer">
      <div className="yk-front-footer-brand">
        {w?.logo_url ? <img src={w.logo_url} alt="" height={24} data-testid="front-footer-logo" /> : null}
        <span data-testid="front-footer-name">{name}</span>
      </div>
      {parts.length ? <div data-testid="front-footer-info">{parts.join("　")}</div> : <div>教研与听评课平台</div>}
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

import { ArrowRightOutlined } from "@ant-design/icons";
import { menuTitle, ROLE } from "@yanke/protocol";
import { Card, Col, Row, Statistic } from "antd";
import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { EmptyState } from "../components/EmptyState";
import { config } from "../config";
import { buildSideMenu, externalHref, type SideItem } from "../menu/menu";
import { useAppState } from "../session/store";
import { menuIcon } from "../layout/menu-icons";
import { userIdentityCodes } from "../rbac/identity-permission";

const BaseVideoCard = lazy(() => import("./BaseVideoCard").then((m) => ({ default: m.BaseVideoCard })));

/** Identities that manage schools (platform, district, school administrators): the video overview (c059) is theirs. */
const MANAGERS: readonly number[] = [ROLE.SF_ADMIN, ROLE.SF_QUJI, ROLE.SF_XUEXIAO, ROLE.SF_PINGTAI];

export function managesSchools(identityCode: readonly number[], identity: number): boolean {
  return userIdentityCodes(identityCode, identity).some((c) => MANAGERS.includes(c));
}

function firstLeaf(it: SideItem): SideItem {
  return it.children?.[0] ? firstLeaf(it.children[0]) : it;
}

function greeting(d = new Date()): string {
  const h = d.getHours();
  return h < 11 ? "上午好" : h < 13 ? "中午好" : h < 18 ? "下午好" : "晚上好";
}

/** Administration home: a welcome, the user's school and identity, the video overview (school managers), and shortcuts to the menu areas. */
export function AdminHomePage() {
  const navigate = useNavigate();
  const session = useAppState((s) => s.session);
  const menus = useAppState((s) => s.menus);
  const mode = useAppState((s) => s.mode);
  const areas = buildSideMenu(menus, { mode, showVersionName: config.showVersionName }).filter((it) => it.url !== session.url);
  const go = (it: SideItem) => {
    const target = firstLeaf(it);
    if (target.external) window.open(externalHref(target.url, session.token, session.account_id), "_blank", "noopener,noreferrer");
    else if (target.url) void navigate(target.url);
  };
  return (
    <div className="yk-page" data-testid="admin-home">
      <Card variant="borderless" className="yk-welcome">
        <div className="yk-welcome-title">
          {greeting()}，{session.realname || "用户"}
        </div>
        <div className="yk-muted">{[session.identity_name, session.school_index_name].filter(Boolean).join(" · ") || `欢迎使用${config.platformName}`}</div>
      </Card>
      <Row gutter={[12, 12]}>
        {[
          { title: "功能模块", value: areas.length },
          { title: "已开通菜单", value: countLeaves(areas) },
          { title: "身份", value: session.identity_name || "—" },
          { title: "学段", value: session.period_id || "—" },
        ].map((s) => (
          <Col xs={12} md={6} key={s.title}>
            <Card variant="borderless">
              <Statistic title={s.title} value={s.value} />
            </Card>
          </Col>
        ))}
      </Row>
      {managesSchools(session.identityCode, session.identity) ? (
        <Suspense fallback={null}>
          <BaseVideoCard />
        </Suspense>
      ) : null}
      <Card title="快捷入口" variant="borderless" style={{ marginTop: 12 }}>
        {areas.length ? (
          <Row gutter={[12, 12]}>
            {areas.map((it) => (
              <Col xs={12} md={8} xl={6} key={it.key}>
                <button type="button" className="yk-shortcut" onClick={() => go(it)} data-testid="admin-shortcut">
                  <span className="yk-shortcut-icon">{menuIcon(it.icon, true)}</span>
                  <span className="yk-shortcut-title">{menuTitle(it.title, config.showVersionName)}</span>
                  <ArrowRightOutlined className="yk-shortcut-arrow" />
                </button>
              </Col>
            ))}
          </Row>
        ) : (
          <EmptyState />
        )}
      </Card>
    </div>
  );
}

function countLeaves(items: readonly SideItem[]): number {
  return items.reduce((n, it) => n + (it.children ? countLeaves(it.children) : 1), 0);
}

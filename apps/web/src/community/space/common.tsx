/**
 * Shared pieces of the community space pages (/community/home, member, notice, community7): the current community
 * (?community_id= first, else the store's), its power, the header with the space navigation, the picker of my
 * communities, a coloured avatar (account id % 20) and small helpers.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, PAGE, type Call, type PayloadOf } from "@yanke/protocol";
import { Button, Card, Dropdown, Tag, Typography, type MenuProps } from "antd";
import { SwapOutlined, TeamOutlined } from "@ant-design/icons";
import type { CSSProperties, ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { setState, useAppState } from "../../session/store";
import { avatarColor } from "../../theme/constants";

export const api = <C extends Call>(c: C, payload: PayloadOf<C>) => call(c, payload);

/** Administrators (platform 1/5, district 3, school 4) may verify communities of their scope. */
export const ADMIN_IDENTITIES = [1, 3, 4, 5];

/** The community the page works on: ?community_id= when present, else the store's; null when neither. */
export function useCommunityId(): number | null {
  const [params] = useSearchParams();
  const stored = useAppState((s) => s.community);
  const fromUrl = Number(params.get("community_id") ?? "");
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  return stored?.community_id ?? null;
}

/** Makes a community the current one (the store is persisted; the admin sidebar shows its name). */
export function openCommunity(c: { id: number; name: string }): void {
  setState({ community: { community_id: c.id, community_name: c.name } });
}

export function spaceHref(path: string, communityId: number): string {
  return `${path}?community_id=${communityId}`;
}

/** c203: what the caller may do here. */
export function usePower(communityId: number | null) {
  return useQuery({
    staleTime: 0,
    queryKey: ["community", "power", communityId],
    enabled: Boolean(communityId),
    queryFn: () => api(calls.communityPower, { community_id: communityId }),
  });
}

/** c200: the community home in one call (also the header of the other space pages). */
export function useWebIndex(communityId: number | null) {
  return useQuery({
    staleTime: 0,
    queryKey: ["community", "webIndex", communityId],
    enabled: Boolean(communityId),
    queryFn: () => api(calls.communityWebIndex, { community_id: communityId }),
  });
}

/** c188: every community row of mine (owned, joined, applying, rejected). */
export function useMyCommunities() {
  return useQuery({
    staleTime: 0,
    queryKey: ["community", "mine", "all"],
    queryFn: () => api(calls.myCommunityList, { page: 1, limit: PAGE.maxLimit }),
  });
}

/** Invalidates every community query (after a change). */
export function useRefreshCommunity() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: ["community"] });
}

/** An avatar: the picture when there is one, else the name's first character on the account's colour. */
export function MemberAvatar({ id, name, url, size = 36, style }: { id: number; name: string; url?: string; size?: number; style?: CSSProperties }) {
  const box: CSSProperties = { width: size, height: size, borderRadius: "50%", flex: "none", ...style };
  if (url) return <img src={url} alt={name} style={{ ...box, objectFit: "cover" }} />;
  return (
    <span
      data-testid="member-avatar"
      style={{
        ...box,
        background: avatarColor(id),
        color: "#fff",
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        fontSize: size * 0.42,
        fontWeight: 600,
      }}
    >
      {(name || "?").slice(0, 1)}
    </span>
  );
}

/** A community's logo: its picture or the first character on a colour. */
export function CommunityLogo({ id, name, url, size = 48 }: { id: number; name: string; url?: string; size?: number }) {
  const box: CSSProperties = { width: size, height: size, borderRadius: 8, flex: "none" };
  if (url) return <img src={url} alt={name} style={{ ...box, objectFit: "cover", background: "#fff" }} />;
  return (
    <span
      style={{
        ...box,
        background: avatarColor(id),
        color: "#fff",
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        fontSize: size * 0.45,
        fontWeight: 700,
      }}
    >
      {(name || "社").slice(0, 1)}
    </span>
  );
}

export const ROLE_COLORS: Record<number, string> = { 1: "gold", 2: "blue", 3: "default" };
export const STATUS_COLORS: Record<number, string> = { 0: "orange", 1: "green", 2: "red", 3: "default" };
export const PHASE_COLORS: Record<string, string> = { upcoming: "blue", running: "green", ended: "default" };

/** The space navigation of one community. */
const SPACE_LINKS: { key: string; label: string; path: string }[] = [
  { key: "home", label: "社区首页", path: "/community/home" },
  { key: "member", label: "成员", path: "/community/member" },
  { key: "prepare", label: "集体备课", path: "/community/collectivePrepare" },
  { key: "listen", label: "听评课", path: "/community/listenToReviews" },
  { key: "discuss", label: "研讨", path: "/community/discuss" },
  { key: "notice", label: "通知公告", path: "/community/notice" },
  { key: "activity", label: "社区活动", path: "/community/community7" },
  { key: "questionnaire", label: "问卷", path: "/community/questionnaire" },
  { key: "blog", label: "空间", path: "/blog" },
];

export function SpaceNav({ communityId, active }: { communityId: number; active: string }) {
  return (
    <div className="yk-space-nav" data-testid="space-nav" style={{ display: "flex", gap: 4, flexWrap: "wrap" }}>
      {SPACE_LINKS.map((l) => (
        <Link
          key={l.key}
          to={spaceHref(l.path, communityId)}
          data-testid={`space-link-${l.key}`}
          className={`yk-front-link${l.key === active ? " active" : ""}`}
        >
          {l.label}
        </Link>
      ))}
    </div>
  );
}

/** Switches to another of my communities (joined, normal ones), or back to 我的社区. */
export function CommunitySwitcher({ currentId }: { currentId: number }) {
  const mine = useMyCommunities();
  const navigate = useNavigate();
  const usable = (mine.data?.list ?? []).filter((c) => c.member_status === 1 && c.status === 1);
  const items: MenuProps["items"] = [
    ...usable.map((c) => ({ key: String(c.id), label: c.name, disabled: c.id === currentId })),
    { type: "divider" as const },
    { key: "mine", label: "我的社区" },
  ];
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === "mine") {
            void navigate("/community/home?view=mine");
            return;
          }
          const c = usable.find((x) => String(x.id) === key);
          if (c) {
            openCommunity(c);
            void navigate(spaceHref("/community/home", c.id));
          }
        },
      }}
    >
      <Button icon={<SwapOutlined />} data-testid="community-switcher">
        切换社区
      </Button>
    </Dropdown>
  );
}

/** The compact header of the member / notice / activity pages: logo, name, tags, switcher and the navigation. */
export function SpaceHeader({ communityId, active, extra }: { communityId: number; active: string; extra?: ReactNode }) {
  const index = useWebIndex(communityId);
  const c = index.data?.community;
  return (
    <Card styles={{ body: { padding: 16 } }} data-testid="space-header">
      <div style={{ display: "flex", alignItems: "center", gap: 12 }}>
        <CommunityLogo id={communityId} name={c?.name ?? ""} url={c?.logo_url} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis data-testid="space-name">
            {c?.name ?? "…"}
          </Typography.Title>
          {c ? (
            <div style={{ marginTop: 4, color: "#6b7772", fontSize: 13 }}>
              <Tag color="green">{c.type_name}</Tag>
              <Tag>{c.level_name}</Tag>
              <TeamOutlined /> {c.counts.members} 名成员 · 创建者 {c.owner_name || "—"}
            </div>
          ) : null}
        </div>
        {extra}
        <CommunitySwitcher currentId={communityId} />
      </div>
      <div style={{ marginTop: 12, borderTop: "1px solid #eef2f0", paddingTop: 8 }}>
        <SpaceNav communityId={communityId} active={active} />
      </div>
    </Card>
  );
}

/** When no community is known: my joined communities to pick one from. */
/**
 * A /community page of the current community: without one (no ?community_id= and none stored), the picker of my
 * communities, which comes back to `target` with the one chosen.
 */
export function CommunityScreen({ testId, target, children }: { testId: string; target: string; children: (communityId: number) => ReactNode }) {
  const id = useCommunityId();
  if (!id) {
    return (
      <div className="yk-page" data-testid={testId}>
        <CommunityPicker target={target} />
      </div>
    );
  }
  return <>{children(id)}</>;
}

export function CommunityPicker({ target }: { target: string }) {
  const mine = useMyCommunities();
  const navigate = useNavigate();
  const usable = (mine.data?.list ?? []).filter((c) => c.member_status === 1 && c.status === 1);
  return (
    <Card title="请选择社区" data-testid="community-picker">
      {mine.isLoading ? null : usable.length === 0 ? (
        <EmptyState
          text="您还没有加入社区"
          extra={
            <Button type="primary" onClick={() => navigate("/community/home")}>
              去加入社区
            </Button>
          }
        />
      ) : (
        <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))", gap: 12 }}>
          {usable.map((c) => (
            <Card
              key={c.id}
              hoverable
              size="small"
              data-testid="picker-item"
              onClick={() => {
                openCommunity(c);
                void navigate(spaceHref(target, c.id));
              }}
            >
              <div style={{ display: "flex", gap: 10, alignItems: "center" }}>
                <CommunityLogo id={c.id} name={c.name} url={c.logo_url} size={40} />
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong ellipsis style={{ display: "block" }}>
                    {c.name}
                  </Typography.Text>
                  <span style={{ color: "#8a9690", fontSize: 12 }}>
                    {c.role_name} · {c.member_count} 名成员
                  </span>
                </div>
              </div>
            </Card>
          ))}
        </div>
      )}
    </Card>
  );
}

/** Plain text of a rich-text notice body (never injected as HTML). */
export function plainText(html: string): string {
  if (!html) return "";
  const doc = new DOMParser().parseFromString(html, "text/html");
  return (doc.body.textContent ?? "").trim();
}

/** The joined members of a community, for participant pickers. */
export function useMemberOptions(communityId: number | null, enabled = true) {
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "members", communityId, "options"],
    enabled: Boolean(communityId) && enabled,
    queryFn: () =>
      api(calls.communityMemberList, {
        community_id: communityId,
        page: 1,
        limit: PAGE.maxLimit,
      }),
  });
  return (q.data?.list ?? []).map((m) => ({ value: m.account_id, label: `${m.realname}（${m.role_name}）` }));
}

import { TeamOutlined, UserOutlined } from "@ant-design/icons";
import { CHART_COLORS } from "@yanke/protocol";
import { useNavigate } from "react-router";
import { setState } from "../../session/store";
import { CommunityLevelTag, CommunityTypeTag } from "./tags";
import "./common.css";

/** The fields a community card shows (both CommunityItem of c208 and CommunityCard of c340 have them). */
export interface CommunityCardData {
  id: number;
  name: string;
  introduction: string;
  logo_url: string;
  type: number;
  type_name: string;
  level: number;
  level_name: string;
  owner_name: string;
  member_count: number;
  is_recommend: number;
  school_name?: string;
  region_name?: string;
  activity_count?: number;
  article_count?: number;
}

/** The blog of a community: the community becomes the current one (the community pages and the admin sidebar show it). */
export function useOpenCommunity(): (c: { id: number; name: string }) => void {
  const navigate = useNavigate();
  return (c) => {
    setState({ community: { community_id: c.id, community_name: c.name } });
    void navigate(`/blog?community_id=${c.id}`);
  };
}

/** A community's logo, or its first character on a colour of the chart palette when it has none. */
export function CommunityLogo({ id, name, url, size = 56 }: { id: number; name: string; url: string; size?: number }) {
  if (url) return <img className="ykc-logo" src={url} alt="" width={size} height={size} style={{ width: size, height: size }} />;
  const colour = CHART_COLORS[id % CHART_COLORS.length];
  return (
    <span className="ykc-logo ykc-logo-text" style={{ width: size, height: size, background: colour, fontSize: size * 0.42 }}>
      {(name || "社").slice(0, 1)}
    </span>
  );
}

/** A community as a card: logo, name, level and type tags, owner, members; opens the community's blog. */
export function CommunityCard({ c, compact = false }: { c: CommunityCardData; compact?: boolean }) {
  const open = useOpenCommunity();
  const place = c.region_name || c.school_name || "";
  return (
    <div
      className={`ykc-card ykc-community${compact ? " compact" : ""}`}
      role="link"
      tabIndex={0}
      data-testid="community-card"
      data-id={c.id}
      onClick={() => open(c)}
      onKeyDown={(e) => {
        if (e.key === "Enter") open(c);
      }}
    >
      <div className="ykc-community-head">
        <CommunityLogo id={c.id} name={c.name} url={c.logo_url} size={compact ? 44 : 56} />
        <div className="ykc-community-title">
          <div className="ykc-community-name" title={c.name} data-testid="community-card-name">
            {c.is_recommend ? <span className="ykc-recommend">荐</span> : null}
            {c.name}
          </div>
          <div className="ykc-tags">
            <CommunityLevelTag level={c.level} name={c.level_name} />
            <CommunityTypeTag type={c.type} name={c.type_name} />
          </div>
        </div>
      </div>
      {compact ? null : <div className="ykc-community-intro">{c.introduction || "暂无简介"}</div>}
      <div className="ykc-community-foot">
        <span title="创建者">
          <UserOutlined /> {c.owner_name || "—"}
        </span>
        <span title="成员" data-testid="community-card-members">
          <TeamOutlined /> {c.member_count} 人
        </span>
        {place && !compact ? (
          <span className="ykc-place" title={place}>
            {place}
          </span>
        ) : null}
      </div>
    </div>
  );
}

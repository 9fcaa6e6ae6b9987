/**
 * Shared pieces of the personal-centre and meeting pages (#7): avatars coloured by account id % 20, the pages'
 * header, activity rows, and where a message or a collect leads.
 */
import type { ActivityRow, CollectRow, MessageRow } from "@yanke/protocol";
import { Avatar, Space, Tag, Typography } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { config } from "../../config";
import { avatarColor } from "../../theme/constants";
import "./personal.css";

/** A person's avatar: the picture when there is one, else the first character on the colour of id % 20. */
export function PersonAvatar({ id, name, url, size = 32, style }: { id: number; name: string; url?: string; size?: number; style?: CSSProperties }) {
  if (url) return <Avatar size={size} src={url} style={{ flex: "none", ...style }} data-testid="person-avatar" data-account={id} />;
  return (
    <Avatar size={size} style={{ background: avatarColor(id), flex: "none", ...style }} data-testid="person-avatar" data-account={id}>
      {name.slice(0, 1) || "用"}
    </Avatar>
  );
}

/** The title strip of a personal page. */
export function PageHead({ title, sub, extra }: { title: string; sub?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="yk-pc-head">
      <div>
        <div className="yk-pc-title">{title}</div>
        {sub ? <div className="yk-muted yk-pc-sub">{sub}</div> : null}
      </div>
      {extra ? <Space wrap>{extra}</Space> : null}
    </div>
  );
}

/**
 * The community pages (/community/*, /blog/*, /meeting*) exist in the NINGXIA edition only; elsewhere (the personal
 * centre inside the admin shell) links to them are left out.
 */
export const hasCommunityRoutes = (): boolean => config.edition === "NINGXIA";

export const PHASE_COLORS: Record<string, string> = { upcoming: "blue", running: "green", ended: "default", cancelled: "red" };

/** Where a community's page is (null outside the NINGXIA edition). */
export const communityHref = (id: number): string | null => (hasCommunityRoutes() && id > 0 ? `/community/home?community_id=${id}` : null);
/** Where an activity is shown: its community's activity page (the activity id beside). */
export function activityHref(a: { id: number; community_id: number }): string | null {
  if (!hasCommunityRoutes()) return null;
  return a.community_id > 0 ? `/community/community7?community_id=${a.community_id}&activity_id=${a.id}` : `/foreground/teachingActivities?activity_id=${a.id}`;
}

/** What a message is about, as a route (notice → its community's notices, community → its home, meeting → the meeting). */
export function messageHref(m: Pick<MessageRow, "source_type" | "source_id" | "community_id">): string | null {
  if (!hasCommunityRoutes()) return null;
  switch (m.source_type) {
    case "notice":
      return m.community_id > 0 ? `/community/notice?community_id=${m.community_id}&id=${m.source_id}` : "/foreground/bulletin";
    case "community":
      return communityHref(m.community_id || m.source_id);
    case "meeting":
      return m.source_id > 0 ? `/meetingdetail?id=${m.source_id}` : null;
    case "article":
      return m.source_id > 0 ? `/blog/acticle?id=${m.source_id}${m.community_id ? `&community_id=${m.community_id}` : ""}` : null;
    case "activity":
      return m.source_id > 0 ? activityHref({ id: m.source_id, community_id: m.community_id }) : null;
    default:
      return null;
  }
}

/** Where a collected target is (null when it is gone). */
export function collectHref(c: CollectRow): string | null {
  if (!c.exists) return null;
  if (!hasCommunityRoutes()) return c.target_type === "video" ? `/playVideo?id=${c.target_id}` : null;
  switch (c.target_type) {
    case "community":
      return communityHref(c.target_id);
    case "article":
      return `/blog/acticle?id=${c.target_id}${c.community_id ? `&community_id=${c.community_id}` : ""}`;
    case "activity":
      return activityHref({ id: c.target_id, community_id: c.community_id });
    case "video":
      return `/playVideo?id=${c.target_id}`;
    default:
      return null;
  }
}

/** "YYYY-MM-DD HH:mm:ss" → "YYYY-MM-DD HH:mm" (the server's Shanghai time, shown as sent). */
export const minutes = (t: string) => (t ? t.slice(0, 16) : "");

/** One line of an activity: name, type, phase, community, time. */
export function ActivityLine({ a, extra, onOpen }: { a: ActivityRow; extra?: ReactNode; onOpen?: () => void }) {
  return (
    <div className="yk-pc-activity" data-testid="activity-row" data-id={a.id}>
      <div className="yk-pc-activity-main">
        <Space size={6} wrap>
          <Typography.Link strong onClick={onOpen} data-testid="activity-name">
            {a.name}
          </Typography.Link>
          <Tag color="cyan">{a.type_name}</Tag>
          <Tag color={PHASE_COLORS[a.phase]}>{a.phase_name}</Tag>
          {a.is_recommend ? <Tag color="gold">推荐</Tag> : null}
        </Space>
        <div className="yk-muted yk-pc-meta">
          {a.community_name ? <span>社区：{a.community_name}</span> : <span>{a.school_name || "个人活动"}</span>}
          <span>
            时间：{minutes(a.start_time)} ～ {minutes(a.end_time)}
          </span>
          <span>发起人：{a.account_name}</span>
          <span>参与 {a.participant_count} 人</span>
        </div>
      </div>
      {extra ? <div className="yk-pc-activity-extra">{extra}</div> : null}
    </div>
  );
}

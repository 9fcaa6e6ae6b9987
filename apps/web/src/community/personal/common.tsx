/**
 * Shared pieces of the personal-centre and meeting pages (#7): avatars coloured by account id % 20, the pages'
 * header, activity rows, and where a message or a collect leads.
 */
import type { ActivityRow } from "@yanke/protocol";
import { Avatar, Space, Tag, Typography } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { avatarColor } from "../../theme/constants";
import "./personal.css";

export { activityHref, collectHref, communityHref, hasCommunityRoutes, messageHref } from "./links";

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

export const PHASE_COLORS: Record<string, string> = { upcoming: "blue", running: "green", ended: "default", cancelled: "red" };

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

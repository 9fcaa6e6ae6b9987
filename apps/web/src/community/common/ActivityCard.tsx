import { ClockCircleOutlined, TeamOutlined, UserOutlined } from "@ant-design/icons";
import { ActivityPhaseTag, ActivityTypeTag } from "./tags";
import { span } from "./util";
import "./common.css";

/** The fields an activity card shows (ActivityRow of c341/c344/c393). */
export interface ActivityCardData {
  id: number;
  type: string;
  type_name: string;
  name: string;
  community_name: string;
  account_name?: string;
  start_time: string;
  end_time: string;
  phase: string;
  phase_name?: string;
  participant_count?: number;
  introduction?: string;
}

/** An activity as a card: type and phase, name, time, community, organizer, participants. */
export function ActivityCard({ a, onOpen, compact = false }: { a: ActivityCardData; onOpen?: (id: number) => void; compact?: boolean }) {
  return (
    <div
      className={`ykc-card ykc-activity${compact ? " compact" : ""}${onOpen ? " clickable" : ""}`}
      data-testid="activity-card"
      data-id={a.id}
      role={onOpen ? "button" : undefined}
      tabIndex={onOpen ? 0 : undefined}
      onClick={onOpen ? () => onOpen(a.id) : undefined}
      onKeyDown={
        onOpen
          ? (e) => {
              if (e.key === "Enter") onOpen(a.id);
            }
          : undefined
      }
    >
      <div className="ykc-activity-head">
        <ActivityTypeTag type={a.type} name={a.type_name} />
        <span className="ykc-activity-name" title={a.name} data-testid="activity-card-name">
          {a.name}
        </span>
        <ActivityPhaseTag phase={a.phase} name={a.phase_name} />
      </div>
      <div className="ykc-activity-meta">
        <span>
          <ClockCircleOutlined /> {span(a.start_time, a.end_time)}
        </span>
        {a.community_name ? (
          <span className="ykc-activity-community" title={a.community_name}>
            {a.community_name}
          </span>
        ) : null}
        {!compact && a.account_name ? (
          <span>
            <UserOutlined /> {a.account_name}
          </span>
        ) : null}
        {!compact && a.participant_count !== undefined ? (
          <span>
            <TeamOutlined /> {a.participant_count} 人参与
          </span>
        ) : null}
      </div>
      {!compact && a.introduction ? <div className="ykc-activity-intro">{a.introduction}</div> : null}
    </div>
  );
}

/**
 * Shared pieces of the collective-preparation pages (#8): the quiet call for anonymous visitors, the phase / verify /
 * type tags, the cover, the card of a preparation in a list and the participants' avatars.
 */
import { EyeOutlined, LikeOutlined, MessageOutlined, TeamOutlined } from "@ant-design/icons";
import type { QueryClient } from "@tanstack/react-query";
import {
  avatarColor,
  PREPARATION_PHASES,
  PREPARATION_VERIFY_STATUS,
  type PreparationDetail,
  type PreparationMemberRow,
  type PreparationRow,
  type Call,
  type PayloadOf,
  type AnswerOf,
} from "@yanke/protocol";
import { Avatar, Tag, Tooltip } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { call } from "../../api/client";
import { getState } from "../../session/store";
import { prepDetailHref } from "./prepare-rules";
import "./prepare.css";

export * from "./prepare-rules";

/** A call that stays quiet for anonymous visitors (no toast, no login redirect: the page shows what it can). */
export function prepCall<C extends Call>(c: C, payload: PayloadOf<C>): Promise<AnswerOf<C>> {
  return call(c, payload, { quiet: getState().session.token === "" });
}

/**
 * Changes the cached detail of a preparation in place (a like, a collect, a discussion count), so that the page does
 * not fetch the detail again — each fetch of c240 counts a view.
 */
export function patchDetail(qc: QueryClient, id: number, patch: (d: PreparationDetail) => Partial<PreparationDetail>): void {
  qc.setQueriesData<PreparationDetail>({ queryKey: ["prepare", "detail", id] }, (d) =>
    d && typeof d === "object" && "power" in d ? { ...d, ...patch(d) } : d,
  );
}

const PHASE_COLORS: Record<string, string> = { upcoming: "blue", running: "green", ended: "default" };
const VERIFY_COLORS: Record<number, string> = { 0: "orange", 1: "green", 2: "red" };

export function PhaseTag({ phase, name }: { phase: string; name?: string }) {
  return (
    <Tag color={PHASE_COLORS[phase] ?? "default"} data-testid="prep-phase">
      {name || PREPARATION_PHASES[phase] || phase}
    </Tag>
  );
}

export function VerifyTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={VERIFY_COLORS[status] ?? "default"} data-testid="prep-verify">
      {name || PREPARATION_VERIFY_STATUS[status] || "—"}
    </Tag>
  );
}

export function TypeTag({ type, name }: { type: number; name: string }) {
  return <Tag color={type === 1 ? "cyan" : "purple"}>{name}</Tag>;
}

/** The cover: the picture, or the theme's first character on the preparation's colour. */
export function PrepCover({
  id,
  theme,
  url,
  width,
  height,
  radius = 8,
}: {
  id: number;
  theme: string;
  url: string;
  width?: number | string;
  height: number;
  radius?: number;
}) {
  if (url) return <img className="yk-prep-cover" src={url} alt={theme} style={{ width: width ?? "100%", height, borderRadius: radius }} />;
  return (
    <div
      className="yk-prep-cover yk-prep-cover-text"
      style={{
        width: width ?? "100%",
        height,
        borderRadius: radius,
        background: `linear-gradient(135deg, ${avatarColor(id)} 0%, #2f8f76 100%)`,
        fontSize: Math.min(48, height * 0.36),
      }}
    >
      {(theme || "备").slice(0, 1)}
    </div>
  );
}

/** The time window on one line (the end's date left out on the same day). */
export function windowText(start: string, end: string): string {
  if (!start) return "";
  const s = start.slice(0, 16);
  if (!end) return s;
  return start.slice(0, 10) === end.slice(0, 10) ? `${s} – ${end.slice(11, 16)}` : `${s} – ${end.slice(0, 16)}`;
}

/** Participants as overlapping avatars (主备人 first), with names on hover. */
export function MemberAvatars({ members, max = 8, size = 28 }: { members: PreparationMemberRow[]; max?: number; size?: number }) {
  return (
    <Avatar.Group max={{ count: max, style: { background: "#e6f4ef", color: "#1f6f5c" } }} size={size} data-testid="prep-members">
      {members.map((m) => (
        <Tooltip key={m.account_id} title={`${m.realname}（${m.role_name}）`}>
          <Avatar size={size} style={{ background: avatarColor(m.account_id), border: m.role === 1 ? "2px solid #faad14" : undefined }}>
            {(m.realname || "?").slice(0, 1)}
          </Avatar>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}

/** A preparation as a card: cover, theme, tags, subject / grade, binding, window, author, counts; `footer` for actions. */
export function PrepCard({ row, footer, showVerify = false }: { row: PreparationRow; footer?: ReactNode; showVerify?: boolean }) {
  const meta = [row.period_name, row.subject_name, row.grade_name].filter(Boolean).join(" · ");
  return (
    <div className="yk-prep-card" data-testid="prep-card" data-id={row.id}>
      <Link to={prepDetailHref(row.id)} className="yk-prep-card-cover">
        <PrepCover id={row.id} theme={row.theme} url={row.cover_url} height={132} radius={0} />
        <span className="yk-prep-card-phase">
          <PhaseTag phase={row.phase} name={row.phase_name} />
        </span>
        {row.is_recommend === 1 ? <span className="yk-prep-card-rec">推荐</span> : null}
      </Link>
      <div className="yk-prep-card-body">
        <Link to={prepDetailHref(row.id)} className="yk-prep-card-title" title={row.theme} data-testid="prep-card-title">
          {row.theme}
        </Link>
        <div className="yk-prep-card-tags">
          <TypeTag type={row.type} name={row.type_name} />
          <Tag>{row.open_model_name}</Tag>
          {showVerify ? <VerifyTag status={row.verify_status} name={row.verify_status_name} /> : null}
          {showVerify && row.is_display === 0 ? <Tag color="default">已隐藏</Tag> : null}
        </div>
        <div className="yk-prep-card-line yk-muted">{meta || "未设置学科"}</div>
        <div className="yk-prep-card-line yk-muted" title={row.njy_structure}>
          {row.njy_structure ? `教材：${row.njy_structure}` : "未绑定教材"}
        </div>
        <div className="yk-prep-card-line yk-muted">{windowText(row.start_time, row.end_time)}</div>
        <div className="yk-prep-card-foot">
          <span className="yk-prep-author">
            <Avatar size={20} style={{ background: avatarColor(row.account_id), fontSize: 11 }}>
              {(row.account_name || "?").slice(0, 1)}
            </Avatar>
            {row.account_name}
          </span>
          <span className="yk-prep-stats yk-muted">
            <span title="参与人数">
              <TeamOutlined /> {row.member_count}
            </span>
            <span title="点赞">
              <LikeOutlined /> <b data-testid="prep-card-likes">{row.like_count}</b>
            </span>
            <span title="研讨">
              <MessageOutlined /> {row.discuss_count}
            </span>
            <span title="浏览">
              <EyeOutlined /> {row.view_count}
            </span>
          </span>
        </div>
        {footer ? <div className="yk-prep-card-actions">{footer}</div> : null}
      </div>
    </div>
  );
}

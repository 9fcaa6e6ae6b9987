/**
 * Shared pieces of the listen-evaluate pages (#9): the quiet call for anonymous visitors, the type / phase tags, the
 * card of a record in a list, the addresses of the record's pages and the answer types the pages read.
 */
import { CheckSquareOutlined, MessageOutlined, TeamOutlined, TrophyOutlined } from "@ant-design/icons";
import { avatarColor, LISTEN_PHASES, type Call, type PayloadOf, type AnswerOf } from "@yanke/protocol";
import { Avatar, Tag } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { call } from "../../api/client";
import { getState } from "../../session/store";
import { PrepCover, windowText } from "../prepare/prepare-common";
import { coverText } from "./listen-rules";
import type { ListenRow } from "./listen-types";
import "../prepare/prepare.css";
import "./listen.css";

export * from "./listen-rules";
export type * from "./listen-types";
export { LISTEN_TYPES, LISTEN_EVALUATION_TYPES, LISTEN_OPEN_MODELS, LISTEN_PHASES } from "@yanke/protocol";

/** A call that stays quiet for anonymous visitors (no toast, no login redirect: the page shows what it can). */
export function listenCall<C extends Call>(c: C, payload: PayloadOf<C>): Promise<AnswerOf<C>> {
  return call(c, payload, { quiet: getState().session.token === "" });
}

const TYPE_COLORS: Record<number, string> = { 1: "geekblue", 2: "purple", 3: "cyan" };
const PHASE_COLORS: Record<string, string> = { upcoming: "blue", running: "green", ended: "default" };

export function ListenTypeTag({ type, name }: { type: number; name?: string }) {
  return (
    <Tag color={TYPE_COLORS[type] ?? "default"} data-testid="listen-type">
      {name || LISTEN_TYPE_NAMES_LOCAL[type] || "听评课"}
    </Tag>
  );
}
const LISTEN_TYPE_NAMES_LOCAL: Record<number, string> = { 1: "远程", 2: "精准", 3: "现场" };

export function ListenPhaseTag({ phase, name }: { phase: string; name?: string }) {
  return (
    <Tag color={PHASE_COLORS[phase] ?? "default"} data-testid="listen-phase">
      {name || LISTEN_PHASES[phase] || phase || "—"}
    </Tag>
  );
}

/** A record as a card: cover, name, tags, teacher, time, evaluators, average score; `footer` for actions. */
export function ListenCard({ row, footer, showVerify = false, href }: { row: ListenRow; footer?: ReactNode; showVerify?: boolean; href: string }) {
  const meta = [row.period_name, row.subject_name, row.grade_name].filter(Boolean).join(" · ");
  return (
    <div className="yk-prep-card" data-testid="listen-card" data-id={row.id}>
      <Link to={href} className="yk-prep-card-cover">
        <PrepCover id={row.id} theme={coverText(row.name)} url={row.logo_url} height={120} radius={0} />
        <span className="yk-prep-card-phase">
          <ListenPhaseTag phase={row.phase} name={row.phase_name} />
        </span>
        {row.is_recommend === 1 ? <span className="yk-prep-card-rec">推荐</span> : null}
      </Link>
      <div className="yk-prep-card-body">
        <Link to={href} className="yk-prep-card-title" title={row.name} data-testid="listen-card-title">
          {row.name}
        </Link>
        <div className="yk-prep-card-tags">
          <ListenTypeTag type={row.is_type} name={row.is_type_name} />
          {row.evaluation_type_name ? <Tag>{row.evaluation_type_name}</Tag> : null}
          {showVerify && row.verify_status !== 1 ? (
            <Tag color={row.verify_status === 2 ? "red" : "orange"}>{row.verify_status_name || (row.verify_status === 2 ? "未通过" : "待审核")}</Tag>
          ) : null}
          {showVerify && row.is_display === 0 ? <Tag>已隐藏</Tag> : null}
        </div>
        <div className="yk-prep-card-line yk-muted">{meta || "未设置学科"}</div>
        <div className="yk-prep-card-line yk-muted">{windowText(row.start_time, row.end_time)}</div>
        <div className="yk-prep-card-foot">
          <span className="yk-prep-author" title="授课教师">
            <Avatar size={20} style={{ background: avatarColor(row.teacher_account_id || row.account_id), fontSize: 11 }}>
              {(row.teacher_name || row.account_name || "?").slice(0, 1)}
            </Avatar>
            {row.teacher_name || row.account_name}
          </span>
          <span className="yk-prep-stats yk-muted">
            <span title="参与人数">
              <TeamOutlined /> {row.member_count}
            </span>
            <span title="已提交评分">
              <CheckSquareOutlined /> <b data-testid="listen-card-evaluations">{row.evaluation_count}</b>
            </span>
            {row.average_score !== null && row.average_score !== undefined ? (
              <span title="平均分">
                <TrophyOutlined /> <b data-testid="listen-card-score">{formatScore(row.average_score)}</b>
              </span>
            ) : null}
            {row.discuss_count ? (
              <span title="研讨">
                <MessageOutlined /> {row.discuss_count}
              </span>
            ) : null}
          </span>
        </div>
        {footer ? <div className="yk-prep-card-actions">{footer}</div> : null}
      </div>
    </div>
  );
}

/** A score with at most two decimals (trailing zeros dropped). */
export function formatScore(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  return String(Math.round(v * 100) / 100);
}

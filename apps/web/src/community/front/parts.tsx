import { useQuery } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import { Descriptions, Drawer, Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { call } from "../../api/client";
import { Avatar, ActivityPhaseTag, ActivityTypeTag, Empty, minutes, NoticeKindTag, plainText, span } from "../common";
import "./front.css";

/** A titled block of a front page. */
export function Section({
  title,
  extra,
  children,
  testId,
  className,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <section className={`ykf-section${className ? ` ${className}` : ""}`} data-testid={testId}>
      <header className="ykf-section-head">
        <h3 className="ykf-section-title">{title}</h3>
        {extra ? <div className="ykf-section-extra">{extra}</div> : null}
      </header>
      <div className="ykf-section-body">{children}</div>
    </section>
  );
}

export interface StatItem {
  key: string;
  title: string;
  value: number | undefined;
  hint?: string;
}

/** A row of number cards. */
export function StatCards({ items, loading, testId }: { items: StatItem[]; loading?: boolean; testId?: string }) {
  return (
    <div className="ykf-stats" data-testid={testId}>
      {items.map((s, i) => (
        <div key={s.key} className="ykf-stat" data-testid={`stat-${s.key}`} style={{ borderTopColor: STAT_COLORS[i % STAT_COLORS.length] }}>
          <div className="ykf-stat-value" data-testid={`stat-${s.key}-value`}>
            {loading || s.value === undefined ? "—" : s.value.toLocaleString("zh-CN")}
          </div>
          <div className="ykf-stat-title">{s.title}</div>
          {s.hint ? <div className="ykf-stat-hint">{s.hint}</div> : null}
        </div>
      ))}
    </div>
  );
}
const STAT_COLORS = ["#1f6f5c", "#3a86ff", "#f4a261", "#8e6cef", "#e76f51", "#2a9d8f", "#e9c46a", "#5c7cfa", "#d6336c"];

/** A page heading of the front site. */
export function PageHead({ title, sub, extra }: { title: string; sub?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="ykf-head">
      <div>
        <h2 className="ykf-head-title">{title}</h2>
        {sub ? <div className="ykf-head-sub">{sub}</div> : null}
      </div>
      {extra ? <div>{extra}</div> : null}
    </div>
  );
}

/** One notice in a drawer: c202 (public for published platform / web notices and public communities' notices). */
export function NoticeDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ["front", "notice", id],
    enabled: id !== null,
    queryFn: () => call(calls.communityIndexNoticeInfo, { id }),
  });
  const n = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title="公告详情" size="large" destroyOnHidden data-testid="notice-drawer">
      {q.isLoading ? (
        <Skeleton active />
      ) : !n ? (
        <Empty />
      ) : (
        <div data-testid="notice-detail">
          <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="notice-detail-name">
            {n.name}
          </Typography.Title>
          <Space size={8} wrap style={{ marginBottom: 12 }}>
            <NoticeKindTag kind={n.notice_type} name={n.notice_type_name} />
            {n.community_name ? <span className="yk-muted">{n.community_name}</span> : null}
            <span className="yk-muted">{n.account_name}</span>
            <span className="yk-muted">{minutes(n.created_at)}</span>
          </Space>
          {n.start_time || n.end_time ? (
            <div className="yk-muted" style={{ marginBottom: 12 }}>
              时间：{span(n.start_time, n.end_time)}
            </div>
          ) : null}
          <div className="ykf-notice-content">{plainText(n.message_content) || "（无正文）"}</div>
        </div>
      )}
    </Drawer>
  );
}

/** One activity in a drawer: c394 (needs login — only opened for a signed-in user). */
export function ActivityDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ["front", "activity", id],
    enabled: id !== null,
    queryFn: () => call(calls.activityInfo, { id }),
  });
  const a = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title="活动详情" size="large" destroyOnHidden data-testid="activity-drawer">
      {q.isLoading ? (
        <Skeleton active />
      ) : !a ? (
        <Empty />
      ) : (
        <div data-testid="activity-detail">
          <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="activity-detail-name">
            {a.name}
          </Typography.Title>
          <Space size={4} style={{ marginBottom: 12 }}>
            <ActivityTypeTag type={a.type} name={a.type_name} />
            <ActivityPhaseTag phase={a.phase} name={a.phase_name} />
          </Space>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="时间">{span(a.start_time, a.end_time)}</Descriptions.Item>
            <Descriptions.Item label="所属社区">{a.community_name || "—"}</Descriptions.Item>
            <Descriptions.Item label="学校">{a.school_name || "—"}</Descriptions.Item>
            <Descriptions.Item label="发起人">{a.account_name || "—"}</Descriptions.Item>
            <Descriptions.Item label="参与人数">{a.participant_count}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>活动简介</Typography.Title>
          <div className="ykf-notice-content">{a.introduction || "暂无简介"}</div>
          <Typography.Title level={5}>参与人（{a.participants.length}）</Typography.Title>
          {a.participants.length ? (
            <div className="ykf-people" data-testid="activity-participants">
              {a.participants.map((p) => (
                <div key={p.id} className="ykf-person">
                  <Avatar accountId={p.id} name={p.realname} src={p.head_portrait_url} size={36} />
                  <div className="ykf-person-name" title={p.realname}>
                    {p.realname}
                  </div>
                  <div className="ykf-person-sub" title={p.school_name}>
                    {p.school_name}
                  </div>
                </div>
              ))}
            </div>
          ) : (
            <Empty />
          )}
        </div>
      )}
    </Drawer>
  );
}

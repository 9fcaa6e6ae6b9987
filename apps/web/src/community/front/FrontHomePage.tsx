import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { type Call, calls, type NoticeRow, type ScheduleDay } from "@yanke/protocol";
import { Button, Segmented, Skeleton, Tabs } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { call } from "../../api/client";
import { ActivityCard, Avatar, CommunityCard, Empty, LoginHint, minutes, NoticeKindTag, useLoggedIn, useOpenCommunity } from "../common";
import { ActiveCommunityChart, RegionRankingChart } from "./charts";
import { ActivityDrawer, NoticeDrawer, Section, StatCards, type StatItem } from "./parts";

const quiet = { quiet: true } as const;

/** This month in Shanghai as YYYY-MM. */
function thisMonth(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit" }).format(new Date()).slice(0, 7);
}
function today(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * 社区首页 (/foreground, public): platform numbers, recommended communities, notices, the month's activity calendar,
 * ongoing and upcoming activities, region ranking and active communities (charts), platform dynamics, training.
 * Calls that need a session (njy_index c338–c344) are made only when signed in; an anonymous visitor gets the public
 * counts (c208, c217, c336, c337) and the public lists instead.
 */
export function FrontHomePage() {
  const loggedIn = useLoggedIn();
  const [noticeId, setNoticeId] = useState<number | null>(null);
  const [activityId, setActivityId] = useState<number | null>(null);
  return (
    <div className="yk-page ykf-page" data-testid="FrontHomePage">
      <HomeNumbers loggedIn={loggedIn} />
      <div className="ykf-grid-main">
        <RecommendedCommunities />
        <HomeNotices onOpen={setNoticeId} />
      </div>
      <div className="ykf-grid-cal">
        <ScheduleCalendar loggedIn={loggedIn} onOpen={setActivityId} />
        <CurrentActivities loggedIn={loggedIn} onOpen={setActivityId} />
      </div>
      <div className="ykf-grid-2">
        <RegionRankingChart />
        <ActiveCommunityChart />
      </div>
      <div className="ykf-grid-main">
        <PlatformDynamics />
        <TrainList />
      </div>
      <NoticeDrawer id={noticeId} onClose={() => setNoticeId(null)} />
      <ActivityDrawer id={activityId} onClose={() => setActivityId(null)} />
    </div>
  );
}

function HomeNumbers({ loggedIn }: { loggedIn: boolean }) {
  // c338 is public: anonymous visitors get the platform's totals, signed-in users their organization's.
  const stats = useQuery({
    queryKey: ["front", "home", "statistics", loggedIn],
    queryFn: () => call(calls.njyStatistics, {}, quiet),
  });
  const s = stats.data;
  const items: StatItem[] = [
    { key: "community_count", title: "社区总数", value: s?.community_count },
    { key: "studio_count", title: "工作室", value: s?.studio_count },
    { key: "member_count", title: "社区成员", value: s?.member_count },
    { key: "activity_count", title: "教研活动", value: s?.activity_count },
    { key: "running_activity_count", title: "进行中活动", value: s?.running_activity_count },
    { key: "article_count", title: "文章", value: s?.article_count },
    { key: "notice_count", title: "通知公告", value: s?.notice_count },
    { key: "school_count", title: "学校", value: s?.school_count },
    { key: "teacher_count", title: "教师", value: s?.teacher_count },
  ];
  const scopeName = s?.scope.kind === "all" ? "全平台" : s?.scope.name;
  return (
    <div className="ykf-head" style={{ flexDirection: "column", alignItems: "stretch", gap: 14 }} data-testid="home-numbers">
      <div style={{ display: "flex", alignItems: "flex-end", justifyContent: "space-between", gap: 12 }}>
        <div>
          <h2 className="ykf-head-title">宁夏教研社区</h2>
          <div className="ykf-head-sub">
            {loggedIn ? (scopeName ? `统计范围：${scopeName}` : "统计范围：本人所在组织") : "统计范围：全平台（登录后查看本组织的统计）"}
          </div>
        </div>
      </div>
      <StatCards items={items} loading={stats.isLoading} testId="home-stats" />
    </div>
  );
}

function RecommendedCommunities() {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ["front", "home", "recommend"],
    queryFn: () => call(calls.njyRecommendCommunityList, { page: 1, limit: 6 }, quiet),
  });
  return (
    <Section
      title="推荐社区"
      testId="home-recommend"
      extra={
        <Button type="link" size="small" onClick={() => navigate("/foreground/teachingRresearch")}>
          全部社区
        </Button>
      }
    >
      {q.isLoading ? (
        <Skeleton active />
      ) : q.data?.list.length ? (
        <div className="ykf-cards two">
          {q.data.list.map((c) => (
            <CommunityCard key={c.id} c={c} compact />
          ))}
        </div>
      ) : (
        <Empty />
      )}
    </Section>
  );
}

type NoticeTab = "platform" | "web" | "community";
const NOTICE_SOURCES = {
  platform: { label: "平台公告", call: calls.platformNoticeList },
  web: { label: "网站公告", call: calls.webNoticeList },
  community: { label: "社区公告", call: calls.communityIndexCommunityNoticeList },
} satisfies Record<NoticeTab, { label: string; call: Call }>;

function HomeNotices({ onOpen }: { onOpen: (id: number) => void }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<NoticeTab>("platform");
  const q = useQuery({
    queryKey: ["front", "home", "notices", tab],
    queryFn: () => call(NOTICE_SOURCES[tab].call, { page: 1, limit: 7 }, quiet),
  });
  return (
    <Section
      title="通知公告"
      testId="home-notices"
      extra={
        <Button type="link" size="small" onClick={() => navigate("/foreground/bulletin")}>
          更多
        </Button>
      }
    >
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as NoticeTab)}
        items={(Object.keys(NOTICE_SOURCES) as NoticeTab[]).map((k) => ({ key: k, label: NOTICE_SOURCES[k].label }))}
        style={{ marginTop: -8 }}
      />
      {q.isLoading ? <Skeleton active paragraph={{ rows: 5 }} /> : <NoticeLines rows={q.data?.list ?? []} onOpen={onOpen} />}
    </Section>
  );
}

export function NoticeLines({ rows, onOpen }: { rows: NoticeRow[]; onOpen: (id: number) => void }) {
  if (!rows.length) return <Empty />;
  return (
    <ul className="ykf-notice-list" data-testid="notice-lines">
      {rows.map((n) => (
        <li key={n.id} className="ykf-notice-item" onClick={() => onOpen(n.id)} data-testid="notice-line">
          <NoticeKindTag kind={n.notice_type} name={n.notice_type_name} />
          <span className="ykf-notice-name" title={n.name}>
            {n.name}
          </span>
          <span className="ykf-notice-date">{n.created_at.slice(0, 10)}</span>
        </li>
      ))}
    </ul>
  );
}

const WEEKDAYS = ["一", "二", "三", "四", "五", "六", "日"];

function ScheduleCalendar({ loggedIn, onOpen }: { loggedIn: boolean; onOpen: (id: number) => void }) {
  const [month, setMonth] = useState(thisMonth);
  const [picked, setPicked] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ["front", "home", "schedule", month],
    enabled: loggedIn,
    queryFn: () => call(calls.njyActivitySchedule, { month }, quiet),
  });
  const days = q.data?.days ?? [];
  const first = days[0]?.date ?? `${month}-01`;
  // Monday first: blanks before the 1st.
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const now = today();
  const day: ScheduleDay | undefined = days.find((d) => d.date === picked) ?? undefined;
  const go = (by: number) => {
    setMonth((m) => shiftMonth(m, by));
    setPicked(null);
  };
  const [y, m] = month.split("-");
  return (
    <Section
      title="活动日程"
      testId="home-schedule"
      extra={
        loggedIn ? (
          <div className="ykf-cal-head">
            <Button size="small" icon={<LeftOutlined />} onClick={() => go(-1)} aria-label="上个月" />
            <span className="ykf-cal-month" data-testid="schedule-month">
              {y}年{Number(m)}月
            </span>
            <Button size="small" icon={<RightOutlined />} onClick={() => go(1)} aria-label="下个月" />
            {q.data ? <span className="ykf-note">共 {q.data.total} 项</span> : null}
          </div>
        ) : null
      }
    >
      {!loggedIn ? (
        <LoginHint text="登录后查看本月活动日程" />
      ) : q.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <div className="ykf-cal" data-testid="schedule-calendar">
            {WEEKDAYS.map((w) => (
              <div key={w} className="ykf-cal-wd">
                {w}
              </div>
            ))}
            {Array.from({ length: lead }, (_, i) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: the blank cells before the 1st of the month are positions, with nothing else to tell them apart.
                key={`b${i}`}
                className="ykf-cal-blank"
              />
            ))}
            {days.map((d) => (
              <div
                key={d.date}
                className={`ykf-cal-day${d.count ? " has" : ""}${d.date === now ? " today" : ""}${d.date === picked ? " selected" : ""}`}
                data-testid="schedule-day"
                data-date={d.date}
                data-count={d.count}
                onClick={d.count ? () => setPicked(d.date === picked ? null : d.date) : undefined}
              >
                <span className="ykf-cal-num">{Number(d.date.slice(8))}</span>
                {d.count ? <span className="ykf-cal-count">{d.count} 项</span> : null}
              </div>
            ))}
          </div>
          {day ? (
            <div style={{ marginTop: 12 }} data-testid="schedule-day-list">
              <div className="ykf-note" style={{ marginBottom: 6 }}>
                {day.date} 的活动（{day.count}）
              </div>
              <div className="ykf-list">
                {day.list.map((a) => (
                  <ActivityCard key={a.id} a={a} compact onOpen={onOpen} />
                ))}
              </div>
            </div>
          ) : (
            <div className="ykf-note" style={{ marginTop: 8 }}>
              点击有活动的日期查看当天活动
            </div>
          )}
        </>
      )}
    </Section>
  );
}

function CurrentActivities({ loggedIn, onOpen }: { loggedIn: boolean; onOpen: (id: number) => void }) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<"running" | "upcoming">("running");
  const q = useQuery({
    queryKey: ["front", "home", "activities", phase],
    enabled: loggedIn,
    queryFn: () => call(calls.njyActivityList, { page: 1, limit: 6, phase }, quiet),
  });
  return (
    <Section
      title="近期活动"
      testId="home-activities"
      extra={
        loggedIn ? (
          <>
            <Segmented
              size="small"
              value={phase}
              onChange={(v) => setPhase(v as "running" | "upcoming")}
              options={[
                { value: "running", label: "进行中" },
                { value: "upcoming", label: "即将开始" },
              ]}
            />
            <Button type="link" size="small" onClick={() => navigate("/foreground/teachingActivities")}>
              更多
            </Button>
          </>
        ) : null
      }
    >
      {!loggedIn ? (
        <LoginHint text="教研活动需登录后查看" />
      ) : q.isLoading ? (
        <Skeleton active />
      ) : q.data?.list.length ? (
        <div className="ykf-list">
          {q.data.list.map((a) => (
            <ActivityCard key={a.id} a={a} compact onOpen={onOpen} />
          ))}
        </div>
      ) : (
        <Empty note={phase === "running" ? "当前没有进行中的活动" : "近期没有即将开始的活动"} />
      )}
    </Section>
  );
}

function PlatformDynamics() {
  const open = useOpenCommunity();
  const q = useQuery({
    queryKey: ["front", "home", "dynamics"],
    queryFn: () => call(calls.njyPlatformDynamics, { page: 1, limit: 8 }, quiet),
  });
  return (
    <Section title="平台动态" testId="home-dynamics">
      {q.isLoading ? (
        <Skeleton active />
      ) : q.data?.list.length ? (
        <div>
          {q.data.list.map((d) => (
            <div key={d.id} className="ykf-dyn" data-testid="dynamic-row">
              <Avatar accountId={d.account_id} name={d.account_name} src={d.head_portrait_url} size={34} />
              <div className="ykf-dyn-body">
                <div className="ykf-dyn-line">
                  <b>{d.account_name || "—"}</b> 在 <a onClick={() => open({ id: d.community_id, name: d.community_name })}>{d.community_name}</a>{" "}
                  {d.action_name}
                </div>
                {d.content && d.content !== d.action_name.replace("了", "") ? <div className="ykf-dyn-content">{d.content}</div> : null}
              </div>
              <span className="ykf-dyn-time">{minutes(d.created_at)}</span>
            </div>
          ))}
        </div>
      ) : (
        <Empty />
      )}
    </Section>
  );
}

function TrainList() {
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const q = useQuery({
    queryKey: ["front", "home", "train"],
    queryFn: () => call(calls.njyGetTrainList, { page: 1, limit: 6 }, quiet),
  });
  return (
    <Section title="培训项目" testId="home-train">
      {q.isLoading ? (
        <Skeleton active />
      ) : q.data?.list.length ? (
        <ul className="ykf-notice-list">
          {q.data.list.map((t) => (
            <li
              key={t.id}
              className="ykf-notice-item"
              style={{ cursor: loggedIn ? "pointer" : undefined }}
              title={t.introduce || t.name}
              onClick={loggedIn ? () => navigate(`/trainingDetail?id=${t.id}`) : undefined}
              data-testid="home-train-item"
            >
              <span style={{ display: "flex", flexDirection: "column", minWidth: 0, flex: 1 }}>
                <span className="ykf-notice-name">{t.name}</span>
                <span className="ykf-notice-date" style={{ marginTop: 2 }}>
                  {[t.scope_name, t.hours > 0 ? `${t.hours} 学时` : "", `${t.enrol_count} 人报名`, t.start_time ? `${t.start_time.slice(0, 10)} 起` : ""]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Empty />
      )}
    </Section>
  );
}

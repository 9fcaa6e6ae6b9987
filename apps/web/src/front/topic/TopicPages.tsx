/**
 * Teaching events, topics (专题) and the public video lists of the front site (#11; docs/api/topic.md):
 *   /foreground/teachEvents           TeachEventsPage — the hub: a month strip of events, review activities, community
 *                                     activities, topics (needs login)
 *   /foreground/topicPage[?id=]       TopicPage — topic cards; with id one topic, its items grouped by type
 *   /foreground/topicPageVideo        TopicPageVideoPage — ?id=&item= one video item of a topic with the topic's other
 *                                     videos as a playlist; ?video= one public video with its teacher's others
 *   /foreground/videoList             VideoListPage — the public lesson videos with a filter bar (teachEvents edition)
 *   /foreground/videoLists            VideoListsPage — the videos as series by teacher or by topic
 *   /foreground/evaluationClassTopic  EvaluationClassTopicPage — topics of listen-evaluate records with their scores
 */
import { CalendarOutlined, LeftOutlined, RightOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, PAGE, TOPIC_ITEM_TYPE_NAMES, type ActivityRow, type TopicEventRow, type TopicItemCard, type TopicRow, type VideoRow } from "@yanke/protocol";
import { Breadcrumb, Button, Input, Pagination, Result, Segmented, Select, Skeleton, Tag } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { ActivityPhaseTag, ActivityTypeTag } from "../../community/common/tags";
import { ActivityDrawer } from "../../community/front/parts";
import { EmptyState } from "../../components/EmptyState";
import { attachSource } from "../../pages/video/source";
import { Block, Cover, ItemCard, TOPIC_PATH, TopicCard, VideoCard, clockOf, dot, itemVideoHref, topicApi, topicHref, videoHref } from "./topic-common";

const PAGE_SIZES = PAGE.limitChoices.map(String);
const idParam = (v: string | null) => {
  const n = Number(v ?? 0);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};
const errText = (e: unknown) => (e instanceof Error ? e.message : "加载失败");

function Pager({ page, limit, total, onChange }: { page: number; limit: number; total: number; onChange: (page: number, limit: number) => void }) {
  if (total <= limit && page === 1) return null;
  return (
    <div className="ykt-pager">
      <Pagination
        current={page}
        pageSize={limit}
        total={total}
        showSizeChanger
        pageSizeOptions={PAGE_SIZES}
        showTotal={(t) => `共 ${t} 条`}
        onChange={onChange}
        responsive
      />
    </div>
  );
}

// ── the hub ─────────────────────────────────────────────────────────────────────────────────────────────────

interface HubEvent {
  key: string;
  date: string;
  kind: "review" | "activity";
  title: string;
  label: string;
  sub: string;
  reviewLink?: string;
  activityId?: number;
}

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const WEEKDAYS = ["一", "二", "三", "四", "五", "六", "日"];

function reviewEvents(r: TopicEventRow): HubEvent[] {
  const marks: [string, string][] = [
    [r.signup_start, "报名开始"],
    [r.signup_end, "报名截止"],
    [r.submit_end, "作品提交截止"],
    [r.review_end, "评审结束"],
  ];
  return marks
    .filter(([t]) => !!t)
    .map(([t, label]) => ({
      key: `r${r.id}-${label}`,
      date: t.slice(0, 10),
      kind: "review" as const,
      title: r.title,
      label,
      sub: dot(r.school_name, r.phase_name),
      reviewLink: r.link,
    }));
}

function activityEvents(a: ActivityRow): HubEvent[] {
  return [
    {
      key: `a${a.id}`,
      date: a.start_time.slice(0, 10),
      kind: "activity",
      title: a.name,
      label: a.type_name,
      sub: dot(a.community_name, a.start_time.slice(11, 16)),
      activityId: a.id,
    },
  ];
}

/** /foreground/teachEvents: what is on this month and what is open now. */
export function TeachEventsPage() {
  const today = ymd(new Date());
  const [month, setMonth] = useState(() => {
    const d = new Date();
    return { y: d.getFullYear(), m: d.getMonth() };
  });
  const [day, setDay] = useState<string | null>(null);
  const [activityId, setActivityId] = useState<number | null>(null);
  const first = new Date(month.y, month.m, 1);
  const last = new Date(month.y, month.m + 1, 0);
  const range = { start: ymd(first), end: ymd(last) };

  const monthReviews = useQuery({ queryKey: ["topic", "events", range], queryFn: () => topicApi.events(range), placeholderData: keepPreviousData });
  const monthActs = useQuery({
    queryKey: ["topic", "hub-activities", range],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.activityList, { page: 1, limit: 100, start_time: range.start, end_time: range.end }),
  });
  const reviews = useQuery({ queryKey: ["topic", "events", "now"], queryFn: () => topicApi.events({}) });
  const acts = useQuery({
    queryKey: ["topic", "hub-activities", "open", today],
    queryFn: () => call(calls.activityList, { page: 1, limit: 8, start_time: today }),
  });
  const topics = useQuery({ queryKey: ["topic", "web-list", "hub"], queryFn: () => topicApi.list({ page: 1, limit: 4 }) });

  const events = useMemo(() => {
    const all = [...(monthReviews.data?.reviews ?? []).flatMap(reviewEvents), ...(monthActs.data?.list ?? []).flatMap(activityEvents)];
    return all.filter((e) => e.date >= range.start && e.date <= range.end).sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
  }, [monthReviews.data, monthActs.data, range.start, range.end]);
  const byDay = useMemo(() => {
    const m = new Map<string, HubEvent[]>();
    for (const e of events) m.set(e.date, [...(m.get(e.date) ?? []), e]);
    return m;
  }, [events]);
  const agenda = day ? (byDay.get(day) ?? []) : events.filter((e) => e.date >= (today.slice(0, 7) === range.start.slice(0, 7) ? today : range.start));
  const lead = (first.getDay() + 6) % 7;
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: last.getDate() }, (_, i) => ymd(new Date(month.y, month.m, i + 1))),
  ];
  const shift = (n: number) => {
    setDay(null);
    setMonth((p) => {
      const d = new Date(p.y, p.m + n, 1);
      return { y: d.getFullYear(), m: d.getMonth() };
    });
  };
  const openReviews = (reviews.data?.reviews ?? []).filter((r) => r.phase >= 1 && r.phase <= 3);

  return (
    <div className="ykt-page" data-testid="teach-events-page">
      <div className="ykt-hero">
        <div>
          <h2 className="ykt-hero-title" data-testid="page-title">
            教研活动
          </h2>
          <div className="ykt-hero-sub">评课活动、社区教研与专题学习，一页掌握本周与本月的安排。</div>
        </div>
        <div className="ykt-hero-stats">
          <div className="ykt-hero-stat">
            <b>{openReviews.length}</b>
            <span>进行中的评课</span>
          </div>
          <div className="ykt-hero-stat">
            <b>{acts.data?.total ?? 0}</b>
            <span>近期社区活动</span>
          </div>
          <div className="ykt-hero-stat">
            <b>{topics.data?.total ?? 0}</b>
            <span>专题</span>
          </div>
        </div>
      </div>

      <div className="ykt-hub">
        <Block title="活动日历" testId="hub-calendar">
          <div className="ykt-month-head">
            <Button icon={<LeftOutlined />} aria-label="上个月" onClick={() => shift(-1)} />
            <span className="ykt-month-title" data-testid="hub-month">
              {month.y} 年 {month.m + 1} 月
            </span>
            <Button icon={<RightOutlined />} aria-label="下个月" onClick={() => shift(1)} />
          </div>
          <div className="ykt-days" role="grid" aria-label="活动日历">
            {WEEKDAYS.map((w) => (
              <div key={w} className="ykt-weekday">
                {w}
              </div>
            ))}
            {cells.map((d, i) =>
              d ? (
                <button
                  key={d}
                  type="button"
                  className={`ykt-day${d === today ? " today" : ""}${d === day ? " on" : ""}`}
                  aria-pressed={d === day}
                  aria-label={`${d}，${byDay.get(d)?.length ?? 0} 项安排`}
                  onClick={() => setDay(d === day ? null : d)}
                >
                  <span className="ykt-day-num">{Number(d.slice(8))}</span>
                  <span className="ykt-day-dots">
                    {(byDay.get(d) ?? []).slice(0, 6).map((e) => (
                      <i key={e.key} className={`ykt-dot ${e.kind}`} />
                    ))}
                  </span>
                </button>
              ) : (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: the blank cells before the 1st of the month are positions, with nothing else to tell them apart.
                  key={`b${i}`}
                  className="ykt-day blank"
                  aria-hidden="true"
                />
              ),
            )}
          </div>
          <div className="ykt-legend" style={{ marginTop: 10 }}>
            <span>
              <i className="ykt-dot review" /> 评课活动
            </span>
            <span>
              <i className="ykt-dot activity" /> 社区活动
            </span>
          </div>
        </Block>
        <Block
          title={day ? `${day} 的安排` : "近期日程"}
          extra={
            day ? (
              <Button type="link" size="small" onClick={() => setDay(null)}>
                查看全月
              </Button>
            ) : null
          }
          testId="hub-agenda"
        >
          {monthReviews.isLoading || monthActs.isLoading ? (
            <Skeleton active />
          ) : agenda.length ? (
            <div className="ykt-agenda">
              {agenda.map((e) => {
                const inner = (
                  <>
                    <span className="ykt-agenda-date">
                      <b>{Number(e.date.slice(8))}</b>
                      <span>{Number(e.date.slice(5, 7))} 月</span>
                    </span>
                    <span className="ykt-agenda-text">
                      <span className="ykt-agenda-name">{e.title}</span>
                      <span className="ykt-agenda-sub">
                        <Tag color={e.kind === "review" ? "orange" : "blue"} bordered={false}>
                          {e.label}
                        </Tag>
                        {e.sub}
                      </span>
                    </span>
                  </>
                );
                return e.reviewLink ? (
                  <Link key={e.key} to={e.reviewLink} className="ykt-agenda-item" data-testid="agenda-item">
                    {inner}
                  </Link>
                ) : (
                  <button key={e.key} type="button" className="ykt-agenda-item" data-testid="agenda-item" onClick={() => setActivityId(e.activityId ?? null)}>
                    {inner}
                  </button>
                );
              })}
            </div>
          ) : (
            <EmptyState compact text={day ? "当天没有安排" : "本月暂无安排"} />
          )}
        </Block>
      </div>

      <Block
        title="评课活动"
        count={openReviews.length}
        testId="hub-reviews"
        extra={
          <Link className="ykt-more" to="/foreground/reviewActivity">
            全部评课活动 ›
          </Link>
        }
      >
        {reviews.isLoading ? (
          <Skeleton active />
        ) : openReviews.length ? (
          <div className="ykt-grid">
            {openReviews.map((r) => (
              <Link key={r.id} to={r.link} className="ykt-card" data-testid="hub-review-card">
                <Cover src={r.cover_url} name={r.title} seed={r.id + 7} tag={r.phase_name} />
                <div className="ykt-card-body">
                  <div className="ykt-card-name" title={r.title}>
                    {r.title}
                  </div>
                  <div className="ykt-card-sub">{dot(r.school_name, `${r.work_count} 件作品`)}</div>
                  <div className="ykt-card-sub">
                    <CalendarOutlined />{" "}
                    {r.phase === 1
                      ? `报名截止 ${r.signup_end.slice(0, 10) || "待定"}`
                      : r.phase === 2
                        ? `提交截止 ${r.submit_end.slice(0, 10) || "待定"}`
                        : `评审截止 ${r.review_end.slice(0, 10) || "待定"}`}
                  </div>
                  <div className="ykt-phase-steps" role="img" aria-label={`当前阶段：${r.phase_name}`}>
                    {[1, 2, 3, 4].map((p) => (
                      <span key={p} className={`ykt-phase-step${p <= r.phase ? " done" : ""}`} />
                    ))}
                  </div>
                </div>
              </Link>
            ))}
          </div>
        ) : (
          <EmptyState compact text="暂无进行中的评课活动" />
        )}
      </Block>

      <Block title="社区活动" count={acts.data?.total} testId="hub-activities">
        {acts.isLoading ? (
          <Skeleton active />
        ) : acts.isError ? (
          <EmptyState compact text={errText(acts.error)} />
        ) : acts.data?.list.length ? (
          <div className="ykt-grid">
            {[...acts.data.list]
              .sort((x, y) => x.start_time.localeCompare(y.start_time))
              .map((a) => (
                <button key={a.id} type="button" className="ykt-card" data-testid="hub-activity-card" onClick={() => setActivityId(a.id)}>
                  <Cover src={a.cover_url} name={a.name} seed={a.id + 3} tag={a.type_name} />
                  <div className="ykt-card-body">
                    <div className="ykt-card-name" title={a.name}>
                      {a.name}
                    </div>
                    <div className="ykt-card-sub">{dot(a.community_name, a.account_name)}</div>
                    <div className="ykt-card-sub">
                      <CalendarOutlined /> {a.start_time.slice(0, 16)}
                    </div>
                    <div>
                      <ActivityTypeTag type={a.type} name={a.type_name} />
                      <ActivityPhaseTag phase={a.phase} name={a.phase_name} />
                    </div>
                  </div>
                </button>
              ))}
          </div>
        ) : (
          <EmptyState compact text="近期暂无社区活动" />
        )}
      </Block>

      <Block
        title="专题"
        count={topics.data?.total}
        testId="hub-topics"
        extra={
          <Link className="ykt-more" to={TOPIC_PATH}>
            全部专题 ›
          </Link>
        }
      >
        {topics.isLoading ? (
          <Skeleton active />
        ) : topics.data?.list.length ? (
          <div className="ykt-grid">
            {topics.data.list.map((t) => (
              <TopicCard key={t.id} row={t} />
            ))}
          </div>
        ) : (
          <EmptyState compact />
        )}
      </Block>
      <ActivityDrawer id={activityId} onClose={() => setActivityId(null)} />
    </div>
  );
}

// ── topics ──────────────────────────────────────────────────────────────────────────────────────────────────

/** /foreground/topicPage: the topics; with ?id= one topic. */
export function TopicPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get("id"));
  return id ? <TopicDetailView id={id} /> : <TopicListView />;
}

function TopicListView() {
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [draft, setDraft] = useState("");
  const [keyword, setKeyword] = useState("");
  const q = useQuery({
    queryKey: ["topic", "web-list", paging, keyword],
    queryFn: () => topicApi.list({ ...paging, keyword }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="ykt-page" data-testid="topic-list-page">
      <div className="ykt-hero">
        <div>
          <h2 className="ykt-hero-title" data-testid="page-title">
            专题
          </h2>
          <div className="ykt-hero-sub">围绕一个教学主题精选的课例视频、课程资源、课堂分析与听评课记录。</div>
        </div>
        <Input.Search
          className="ykt-search"
          placeholder="搜索专题名称或简介"
          allowClear
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          enterButton={<SearchOutlined aria-label="搜索" />}
          data-testid="topic-search"
        />
      </div>
      {q.isLoading ? (
        <Skeleton active />
      ) : q.isError ? (
        <Result status="error" title="专题加载失败" subTitle={errText(q.error)} />
      ) : q.data?.list.length ? (
        <>
          <div className="ykt-result-line">共 {q.data.total} 个专题</div>
          <div className="ykt-grid ykt-grid-wide" data-testid="topic-grid">
            {q.data.list.map((t) => (
              <TopicCard key={t.id} row={t} />
            ))}
          </div>
          <Pager page={paging.page} limit={paging.limit} total={q.data.total} onChange={(page, limit) => setPaging({ page, limit })} />
        </>
      ) : (
        <EmptyState text={keyword ? "没有找到相关专题" : "暂无数据"} />
      )}
    </div>
  );
}

const TYPE_ORDER = [1, 2, 3, 4, 5];

function TopicDetailView({ id }: { id: number }) {
  const q = useQuery({ queryKey: ["topic", "web-detail", id], queryFn: () => topicApi.detail(id), retry: false });
  const t = q.data;
  const groups = useMemo(
    () => TYPE_ORDER.map((type) => ({ type, items: (t?.items ?? []).filter((i) => i.item_type === type) })).filter((g) => g.items.length),
    [t],
  );
  if (q.isLoading) return <Skeleton active />;
  if (q.isError || !t) return <Result status="404" title="专题不存在或未发布" subTitle={errText(q.error)} extra={<Link to={TOPIC_PATH}>返回专题列表</Link>} />;
  const firstVideo = t.items.find((i) => i.video_id);
  return (
    <div className="ykt-page" data-testid="topic-detail-page" data-topic-id={t.id}>
      <Breadcrumb items={[{ title: <Link to={TOPIC_PATH}>专题</Link> }, { title: t.title }]} />
      <div className="ykt-head">
        <Cover className="ykt-head-cover" src={t.cover_url} name={t.title} seed={t.id} eager />
        <div className="ykt-head-body">
          <h2 className="ykt-head-title" data-testid="page-title">
            {t.title}
          </h2>
          <div className="ykt-head-meta">
            {t.school_name ? <span>{t.school_name}</span> : null}
            {t.subject_name ? <span>{dot(t.period_name, t.subject_name)}</span> : null}
            <span>{t.items.length} 项内容</span>
            <span>浏览 {t.view_count}</span>
            <span>更新于 {t.updated_at.slice(0, 10)}</span>
          </div>
          <p className="ykt-head-desc">{t.description || "暂无简介"}</p>
          <div className="ykt-type-nav">
            {firstVideo ? (
              <Link className="ykt-chip on" to={itemVideoHref(t.id, firstVideo.id)} data-testid="topic-play-all">
                ▶ 播放专题视频
              </Link>
            ) : null}
            {groups.map((g) => (
              <button
                key={g.type}
                type="button"
                className="ykt-chip"
                onClick={() => document.getElementById(`topic-type-${g.type}`)?.scrollIntoView({ behavior: "smooth", block: "start" })}
              >
                {TOPIC_ITEM_TYPE_NAMES[g.type]} {g.items.length}
              </button>
            ))}
          </div>
        </div>
      </div>
      {groups.length ? (
        groups.map((g) => (
          <Block key={g.type} id={`topic-type-${g.type}`} title={TOPIC_ITEM_TYPE_NAMES[g.type]} count={g.items.length} testId={`topic-group-${g.type}`}>
            <div className="ykt-grid">
              {g.items.map((i) => (
                <ItemCard key={i.id} topicId={t.id} item={i} extra={i.item_type === 4 ? <EvalLine item={i} /> : null} />
              ))}
            </div>
          </Block>
        ))
      ) : (
        <EmptyState text="该专题暂无可查看的内容" />
      )}
    </div>
  );
}

function EvalLine({ item }: { item: TopicItemCard }) {
  return (
    <div className="ykt-card-stats">
      <span>{item.eval_count} 人评价</span>
      <span>均分 {item.eval_score ?? "—"}</span>
    </div>
  );
}

// ── the player ──────────────────────────────────────────────────────────────────────────────────────────────

function VideoStage({ videoId, onLoaded }: { videoId: number; onLoaded?: (v: VideoRow) => void }) {
  const q = useQuery({ queryKey: ["topic", "play", videoId], queryFn: () => topicApi.play(videoId), enabled: videoId > 0, retry: false });
  const el = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState("");
  const cam = q.data?.cameras[0];
  const camKey = cam ? `${q.data?.id}:${cam.file_id}:${cam.hls_url}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: camKey names the source; the camera object is new on every refetch, which must not reload the video.
  useEffect(() => {
    const v = el.current;
    if (!v || !cam) return;
    setError("");
    return attachSource(v, cam, setError);
  }, [camKey]);
  useEffect(() => {
    if (q.data) onLoaded?.(q.data);
  }, [q.data, onLoaded]);
  return (
    <div className="ykt-stage" data-testid="topic-stage">
      {q.isLoading ? (
        <div className="ykt-stage-msg">加载中…</div>
      ) : q.isError || !q.data ? (
        <div className="ykt-stage-msg">{q.isError ? errText(q.error) : "视频不存在或未公开"}</div>
      ) : !cam ? (
        <div className="ykt-stage-msg">视频处理中，稍后即可播放</div>
      ) : (
        <>
          <video
            ref={el}
            controls
            playsInline
            preload="metadata"
            poster={cam.thumbnail_url || undefined}
            data-testid="topic-video"
            data-video-id={q.data.id}
            aria-label={q.data.name}
          />
          {error ? <div className="ykt-stage-msg">{error}</div> : null}
        </>
      )}
    </div>
  );
}

interface PlayEntry {
  key: string;
  to: string;
  name: string;
  sub: string;
  cover: string;
  seed: number;
  duration: number;
  on: boolean;
}

function Playlist({ title, entries, testId }: { title: string; entries: PlayEntry[]; testId: string }) {
  return (
    <aside className="ykt-playlist" data-testid={testId}>
      <div className="ykt-playlist-head">
        <span>{title}</span>
        <span className="ykt-section-count">{entries.length} 个视频</span>
      </div>
      <div className="ykt-playlist-body">
        {entries.length ? (
          entries.map((e, i) => (
            <Link
              key={e.key}
              to={e.to}
              replace
              className={`ykt-play-item${e.on ? " on" : ""}`}
              aria-current={e.on ? "true" : undefined}
              data-testid="playlist-item"
            >
              <Cover className="ykt-play-thumb" src={e.cover} name={e.name} seed={e.seed} time={e.duration} />
              <span className="ykt-play-text">
                <span className="ykt-play-name">
                  {e.on ? "▶ " : `${i + 1}. `}
                  {e.name}
                </span>
                <span className="ykt-play-sub">{e.sub}</span>
              </span>
            </Link>
          ))
        ) : (
          <EmptyState compact />
        )}
      </div>
    </aside>
  );
}

/** /foreground/topicPageVideo?id=&item= (a topic's video item) or ?video= (one public video). */
export function TopicPageVideoPage() {
  const [params] = useSearchParams();
  const topicId = idParam(params.get("id"));
  const itemId = idParam(params.get("item"));
  const videoId = idParam(params.get("video"));
  if (topicId) return <TopicVideoView topicId={topicId} itemId={itemId} />;
  if (videoId) return <SingleVideoView videoId={videoId} />;
  return (
    <Result
      status="warning"
      title="缺少专题或视频编号"
      subTitle="地址应为 /foreground/topicPageVideo?id=专题编号&item=条目编号"
      extra={<Link to={TOPIC_PATH}>返回专题列表</Link>}
    />
  );
}

function TopicVideoView({ topicId, itemId }: { topicId: number; itemId: number }) {
  const q = useQuery({ queryKey: ["topic", "web-detail", topicId, "play"], queryFn: () => topicApi.detail(topicId, false), retry: false });
  const t = q.data;
  if (q.isLoading) return <Skeleton active />;
  if (q.isError || !t) return <Result status="404" title="专题不存在或未发布" subTitle={errText(q.error)} extra={<Link to={TOPIC_PATH}>返回专题列表</Link>} />;
  const playable = t.items.filter((i) => i.video_id);
  const current = playable.find((i) => i.id === itemId) ?? playable[0];
  const others = t.items.filter((i) => !i.video_id);
  return (
    <div className="ykt-page" data-testid="topic-video-page">
      <Breadcrumb
        items={[{ title: <Link to={TOPIC_PATH}>专题</Link> }, { title: <Link to={topicHref(t.id)}>{t.title}</Link> }, { title: current?.name ?? "播放" }]}
      />
      {current ? (
        <div className="ykt-player-layout">
          <div>
            <VideoStage videoId={current.video_id} />
            <div className="ykt-now">
              <h2 className="ykt-now-title" data-testid="page-title">
                {current.name}
              </h2>
              <div className="ykt-head-meta">
                <Tag bordered={false} color="green">
                  {current.type_name}
                </Tag>
                {current.teacher_name ? <span>授课：{current.teacher_name}</span> : null}
                {current.school_name ? <span>{current.school_name}</span> : null}
                {current.subject_name ? <span>{current.subject_name}</span> : null}
                {current.duration ? <span>时长 {clockOf(current.duration)}</span> : null}
              </div>
              {current.note ? <div className="ykt-card-note">{current.note}</div> : null}
              {current.link ? (
                <div>
                  <Link to={current.link}>{current.item_type === 3 ? "查看课堂分析报告 ›" : current.item_type === 2 ? "查看课程资源 ›" : "查看详情 ›"}</Link>
                </div>
              ) : null}
            </div>
          </div>
          <Playlist
            title={`专题：${t.title}`}
            testId="topic-playlist"
            entries={playable.map((i) => ({
              key: String(i.id),
              to: itemVideoHref(t.id, i.id),
              name: i.name,
              sub: dot(i.teacher_name, i.type_name),
              cover: i.cover_url,
              seed: i.item_id + i.item_type,
              duration: i.duration,
              on: i.id === current.id,
            }))}
          />
        </div>
      ) : (
        <EmptyState text="该专题暂无可播放的视频" extra={<Link to={topicHref(t.id)}>返回专题</Link>} />
      )}
      {others.length ? (
        <Block title="专题中的其他内容" count={others.length}>
          <div className="ykt-grid">
            {others.map((i) => (
              <ItemCard key={i.id} topicId={t.id} item={i} extra={i.item_type === 4 ? <EvalLine item={i} /> : null} />
            ))}
          </div>
        </Block>
      ) : null}
    </div>
  );
}

function SingleVideoView({ videoId }: { videoId: number }) {
  const [row, setRow] = useState<VideoRow | null>(null);
  const more = useQuery({
    queryKey: ["topic", "teacher-videos", row?.account_id],
    enabled: !!row?.account_id,
    queryFn: () => topicApi.videos({ account_id: row!.account_id, limit: 30 }),
  });
  const entries: PlayEntry[] = (more.data?.list ?? []).map((v) => ({
    key: String(v.id),
    to: videoHref(v.id),
    name: v.name,
    sub: dot(v.subject_name, v.grade_name),
    cover: v.thumbnail_url,
    seed: v.id,
    duration: v.duration,
    on: v.id === videoId,
  }));
  return (
    <div className="ykt-page" data-testid="single-video-page">
      <div className="ykt-player-layout">
        <div>
          <VideoStage videoId={videoId} onLoaded={setRow} />
          {row ? (
            <div className="ykt-now">
              <h2 className="ykt-now-title" data-testid="page-title">
                {row.name}
              </h2>
              <div className="ykt-head-meta">
                {row.account_name ? <span>授课：{row.account_name}</span> : null}
                {row.school_name ? <span>{row.school_name}</span> : null}
                <span>{dot(row.period_name, row.grade_name, row.subject_name)}</span>
                {row.duration ? <span>时长 {clockOf(row.duration)}</span> : null}
              </div>
            </div>
          ) : null}
        </div>
        <Playlist title={row ? `${row.account_name}的课例` : "更多课例"} entries={entries} testId="teacher-playlist" />
      </div>
    </div>
  );
}

// ── public video lists ──────────────────────────────────────────────────────────────────────────────────────

interface VideoFilterState {
  keyword?: string;
  period_id?: number;
  subject_id?: number;
  grade_id?: number;
  school_id?: number;
}

/** /foreground/videoList: every public lesson video, filtered. */
export function VideoListPage() {
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<VideoFilterState>(() => ({ school_id: idParam(params.get("school_id")) || undefined }));
  const [draft, setDraft] = useState("");
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const options = useQuery({
    queryKey: ["topic", "video-filters", filters.period_id],
    queryFn: () => topicApi.filters({ period_id: filters.period_id }),
    placeholderData: keepPreviousData,
  });
  const q = useQuery({
    queryKey: ["topic", "videos", filters, paging],
    queryFn: () => topicApi.videos({ ...filters, ...paging }),
    placeholderData: keepPreviousData,
  });
  const set = (patch: VideoFilterState) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const opt = (list: { id: number; name: string; count: number }[] | undefined) => (list ?? []).map((o) => ({ value: o.id, label: `${o.name}（${o.count}）` }));
  return (
    <div className="ykt-page" data-testid="video-list-page">
      <div className="ykt-hero">
        <div>
          <h2 className="ykt-hero-title" data-testid="page-title">
            视频列表
          </h2>
          <div className="ykt-hero-sub">已公开的课例视频：来自已发布的课程资源、专题、课堂分析与评课活动作品。</div>
        </div>
        <Link to="/foreground/videoLists" className="ykt-chip" style={{ background: "rgba(255,255,255,0.92)" }}>
          按系列浏览 ›
        </Link>
      </div>
      <div className="ykt-section">
        <div className="ykt-toolbar" data-testid="video-filters">
          <Input.Search
            className="ykt-search"
            placeholder="搜索课例、教师或学校"
            allowClear
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(v) => set({ keyword: v.trim() || undefined })}
            data-testid="video-search"
          />
          <Select
            allowClear
            placeholder="学段"
            value={filters.period_id}
            onChange={(v) => set({ period_id: v, subject_id: undefined, grade_id: undefined })}
            options={opt(options.data?.periods)}
            data-testid="filter-period"
          />
          <Select
            allowClear
            placeholder="学科"
            value={filters.subject_id}
            onChange={(v) => set({ subject_id: v })}
            options={opt(options.data?.subjects)}
            data-testid="filter-subject"
          />
          <Select
            allowClear
            placeholder="年级"
            value={filters.grade_id}
            onChange={(v) => set({ grade_id: v })}
            options={opt(options.data?.grades)}
            data-testid="filter-grade"
          />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="学校"
            value={filters.school_id}
            onChange={(v) => set({ school_id: v })}
            options={opt(options.data?.schools)}
            style={{ minWidth: 160 }}
            data-testid="filter-school"
          />
          <Button
            onClick={() => {
              setDraft("");
              setFilters({});
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          >
            重置
          </Button>
        </div>
      </div>
      {q.isLoading ? (
        <Skeleton active />
      ) : q.isError ? (
        <Result status="error" title="视频加载失败" subTitle={errText(q.error)} />
      ) : q.data?.list.length ? (
        <>
          <div className="ykt-result-line" data-testid="video-total">
            共 {q.data.total} 个课例视频
          </div>
          <div className="ykt-grid" data-testid="video-grid">
            {q.data.list.map((v) => (
              <VideoCard key={v.id} v={v} />
            ))}
          </div>
          <Pager page={paging.page} limit={paging.limit} total={q.data.total} onChange={(page, limit) => setPaging({ page, limit })} />
        </>
      ) : (
        <EmptyState />
      )}
    </div>
  );
}

function SeriesStrip({
  title,
  sub,
  more,
  query,
  testId,
}: {
  title: string;
  sub?: string;
  more?: string;
  query: { account_id?: number; topic_id?: number };
  testId: string;
}) {
  const q = useQuery({ queryKey: ["topic", "series", query], queryFn: () => topicApi.videos({ ...query, limit: 12 }) });
  if (q.data && !q.data.list.length) return null;
  return (
    <Block
      title={
        <>
          {title}
          {sub ? <span className="ykt-section-count">{sub}</span> : null}
        </>
      }
      testId={testId}
      extra={
        more ? (
          <Link className="ykt-more" to={more}>
            查看全部 ›
          </Link>
        ) : null
      }
    >
      {q.isLoading ? (
        <Skeleton active />
      ) : (
        <div className="ykt-strip" role="list">
          {(q.data?.list ?? []).map((v) => (
            <div role="listitem" key={v.id}>
              <VideoCard v={v} />
            </div>
          ))}
        </div>
      )}
    </Block>
  );
}

/** /foreground/videoLists: the public videos as series — by teacher or by topic. */
export function VideoListsPage() {
  const [tab, setTab] = useState<"teacher" | "topic">("teacher");
  const filters = useQuery({ queryKey: ["topic", "video-filters", undefined], queryFn: () => topicApi.filters({}) });
  const topics = useQuery({
    queryKey: ["topic", "web-list", "videos"],
    queryFn: () => topicApi.list({ page: 1, limit: 12, item_type: 1 }),
    enabled: tab === "topic",
  });
  return (
    <div className="ykt-page" data-testid="video-lists-page">
      <div className="ykt-hero">
        <div>
          <h2 className="ykt-hero-title" data-testid="page-title">
            课例系列
          </h2>
          <div className="ykt-hero-sub">同一位老师、同一个专题的课例连起来看。</div>
        </div>
        <Segmented
          value={tab}
          onChange={(v) => setTab(v as "teacher" | "topic")}
          options={[
            { value: "teacher", label: <span data-testid="series-tab-teacher">按教师</span> },
            { value: "topic", label: <span data-testid="series-tab-topic">按专题</span> },
          ]}
        />
      </div>
      {tab === "teacher" ? (
        filters.isLoading ? (
          <Skeleton active />
        ) : filters.data?.teachers.length ? (
          filters.data.teachers
            .slice(0, 12)
            .map((t) => <SeriesStrip key={t.id} title={t.name} sub={`${t.count} 个课例`} query={{ account_id: t.id }} testId="series-teacher" />)
        ) : (
          <EmptyState />
        )
      ) : topics.isLoading ? (
        <Skeleton active />
      ) : topics.data?.list.length ? (
        topics.data.list.map((t: TopicRow) => (
          <SeriesStrip key={t.id} title={t.title} sub={t.school_name} more={topicHref(t.id)} query={{ topic_id: t.id }} testId="series-topic" />
        ))
      ) : (
        <EmptyState />
      )}
    </div>
  );
}

// ── evaluation topics ───────────────────────────────────────────────────────────────────────────────────────

function EvalTopic({ row }: { row: TopicRow }) {
  const q = useQuery({ queryKey: ["topic", "web-detail", row.id, "eval"], queryFn: () => topicApi.detail(row.id, false), retry: false });
  const records = (q.data?.items ?? []).filter((i) => i.item_type === 4);
  const scored = records.filter((r) => r.eval_score !== null);
  const mean = scored.length ? Math.round((scored.reduce((a, r) => a + (r.eval_score ?? 0), 0) / scored.length) * 10) / 10 : null;
  return (
    <Block
      title={<Link to={topicHref(row.id)}>{row.title}</Link>}
      testId="eval-topic"
      extra={
        <span className="ykt-result-line">
          {records.length} 节课 · {records.reduce((a, r) => a + r.eval_count, 0)} 人次评价{mean !== null ? ` · 平均 ${mean} 分` : ""}
        </span>
      }
    >
      {q.isLoading ? (
        <Skeleton active />
      ) : records.length ? (
        <div className="ykt-eval-list">
          {records.map((r) => (
            <div key={r.id} className="ykt-eval-row" data-testid="eval-record">
              <div style={{ minWidth: 0 }}>
                <div className="ykt-eval-name" title={r.name}>
                  {r.name}
                </div>
                <div className="ykt-card-sub">{dot(r.teacher_name, r.subject_name, r.school_name)}</div>
              </div>
              <span className="ykt-eval-count">{r.eval_count} 人评价</span>
              {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kept as it was; giving the score a role that takes a label changes what a screen reader reads, a separate accessibility change. */}
              <span className="ykt-eval-score" aria-label="平均分">
                {r.eval_score ?? "—"}
              </span>
              {r.link ? (
                <Link to={r.link} data-testid="eval-report-link">
                  评课报告
                </Link>
              ) : (
                <span />
              )}
            </div>
          ))}
        </div>
      ) : (
        <EmptyState compact text="暂无可查看的听评课记录" />
      )}
    </Block>
  );
}

/** /foreground/evaluationClassTopic: topics of listen-evaluate records with each record's evaluation summary. */
export function EvaluationClassTopicPage() {
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const q = useQuery({
    queryKey: ["topic", "web-list", "eval", paging],
    queryFn: () => topicApi.list({ ...paging, item_type: 4 }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="ykt-page" data-testid="evaluation-topic-page">
      <div className="ykt-hero">
        <div>
          <h2 className="ykt-hero-title" data-testid="page-title">
            专题评课
          </h2>
          <div className="ykt-hero-sub">按专题汇集的听评课记录：每节课的评价人次与平均分，点开看评课报告。</div>
        </div>
      </div>
      {q.isLoading ? (
        <Skeleton active />
      ) : q.data?.list.length ? (
        <>
          {q.data.list.map((t) => (
            <EvalTopic key={t.id} row={t} />
          ))}
          <Pager page={paging.page} limit={paging.limit} total={q.data.total} onChange={(page, limit) => setPaging({ page, limit })} />
        </>
      ) : (
        <EmptyState />
      )}
    </div>
  );
}

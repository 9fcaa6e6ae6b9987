/**
 * The front site's home pages and lists (#11; docs/api/front.md): /foreground (foreground and teachEvents editions),
 * /foreground/schoolBulletin, /foreground/courseResources (直播列表), /foreground/AIAnalysisCourse(Video), and the
 * lesson films /foregroundFilm, /foregroundFilmMore, /foregroundFilmDetail, /knowledgeMore(Video), /foreMoreTime —
 * one video-card grid (parts.tsx) and one player page (FilmPlayer) across them.
 */
import { useQuery } from "@tanstack/react-query";
import {
  CALLS,
  type CommonImgRow,
  type FilmKind,
  type FrontAnalysisCard,
  type FrontBulletinDetail,
  type FrontBulletinList,
  type FrontFilmDetail,
  type FrontFilmList,
  type FrontHome,
  type FrontLiveList,
  type FrontLiveRow,
  type FrontReviewCard,
  type Page,
  type RankingList,
  TEACHING_MODES,
  type WebIndexAnswer,
  type WebResourceRow,
} from "@yanke/protocol";
import { Input, Pagination, Select, Skeleton } from "antd";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { LivePlayer } from "../../components/player";
import { config } from "../../config";
import { useSession } from "../../session/store";
import {
  AnalysisCardView,
  Carousel,
  Chips,
  Cover,
  day,
  Empty,
  FilmCardView,
  Grid,
  LiveCard,
  PageHead,
  quiet,
  Section,
  shortTime,
  type Slide,
  useFrontOptions,
} from "./parts";

const PAGE_SIZES = [10, 20, 50];

// ── data ──────────────────────────────────────────────────────────────────────────────────────────────────

function useHome() {
  const schoolId = useSession().school_id;
  return useQuery({ queryKey: ["front", "home", schoolId], staleTime: 30_000, queryFn: () => call<FrontHome>(CALLS.frontHome, {}, quiet) });
}
function useWebIndex() {
  return useQuery({ queryKey: ["front", "web_index"], staleTime: 5 * 60_000, retry: false, queryFn: () => call<WebIndexAnswer>(CALLS.websiteIndex, {}, quiet) });
}
function useLatestCourses(limit: number) {
  return useQuery({
    queryKey: ["front", "courses", limit],
    staleTime: 60_000,
    retry: false,
    queryFn: () => call<Page<WebResourceRow>>(CALLS.webResourceList, { page: 1, limit, order: "new" }, quiet),
  });
}
function useRanking() {
  return useQuery({ queryKey: ["front", "ranking"], staleTime: 60_000, retry: false, queryFn: () => call<RankingList>(CALLS.webRankingList, { limit: 8 }, quiet) });
}

const imgSlides = (rows: CommonImgRow[] | undefined): Slide[] => (rows ?? []).map((r) => ({ key: r.id, img: r.img_url, title: r.title, link: r.link_url }));

// ── shared blocks ─────────────────────────────────────────────────────────────────────────────────────────

/** The welcome panel shown when no banner images are configured, with the platform's numbers. */
function Hero({ home, title, sub, actions }: { home: FrontHome | undefined; title: string; sub: string; actions: ReactNode }) {
  const c = home?.counts;
  const stats = c
    ? [
        { label: "正在直播", value: c.live },
        { label: "课程资源", value: c.courses },
        { label: "课例视频", value: c.videos },
        { label: "AI分析课例", value: c.analyses },
        { label: "参与教师", value: c.teachers },
        { label: "学校", value: c.schools },
      ]
    : [];
  return (
    <div className="ykh-hero" data-testid="home-hero">
      <div className="ykh-hero-text">
        <div className="ykh-hero-kicker">{config.platformName}</div>
        <h1 className="ykh-hero-title">{title}</h1>
        <p className="ykh-hero-sub">{sub}</p>
        <div className="ykh-hero-actions">{actions}</div>
      </div>
      <dl className="ykh-hero-stats" data-testid="home-stats">
        {stats.map((s) => (
          <div key={s.label}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Shortcuts({ rows, fallback }: { rows: CommonImgRow[] | undefined; fallback: { title: string; to: string; icon: string }[] }) {
  const items = rows?.length ? rows.map((r) => ({ key: `img-${r.id}`, title: r.title || "快捷入口", to: r.link_url, img: r.img_url, icon: "" })) : fallback.map((f) => ({ key: f.to, title: f.title, to: f.to, img: "", icon: f.icon }));
  return (
    <nav className="ykh-shortcuts" aria-label="快捷入口" data-testid="home-shortcuts">
      {items.map((it) => {
        const inner = (
          <>
            <span className="ykh-shortcut-icon">{it.img ? <img src={it.img} alt="" loading="lazy" /> : it.icon}</span>
            <span className="ykh-shortcut-title">{it.title}</span>
          </>
        );
        return /^https?:/.test(it.to) ? (
          <a key={it.key} className="ykh-shortcut" href={it.to} target="_blank" rel="noopener noreferrer">
            {inner}
          </a>
        ) : (
          <Link key={it.key} className="ykh-shortcut" to={it.to || "/foreground"}>
            {inner}
          </Link>
        );
      })}
    </nav>
  );
}

function BulletinList({ rows, loading }: { rows: FrontHome["bulletins"] | undefined; loading: boolean }) {
  if (loading) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (!rows?.length) return <Empty />;
  return (
    <ul className="ykh-bulletins" data-testid="home-bulletins">
      {rows.map((b) => (
        <li key={b.id}>
          <Link to={`/foreground/schoolBulletin?id=${b.id}`}>
            <span className="ykh-bulletin-school">{b.school_name}</span>
            <span className="ykh-bulletin-name">{b.name}</span>
            <time>{day(b.created_at).slice(5)}</time>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CourseCards({ rows, to }: { rows: WebResourceRow[]; to: (r: WebResourceRow) => string }) {
  return (
    <Grid testId="home-courses">
      {rows.map((r) => (
        <Link key={r.id} to={to(r)} className="ykh-card" title={r.name} data-testid="course-card">
          <Cover src={r.cover_url} title={r.name} tag={r.subject_name || "课程"} seed={r.id}>
            <span className="ykh-badge">{r.grade_name || r.period_name || "课程"}</span>
          </Cover>
          <div className="ykh-card-body">
            <div className="ykh-card-title">{r.name}</div>
            <div className="ykh-card-line">
              {r.account_name}
              {r.school_name ? ` · ${r.school_name}` : ""}
            </div>
            <div className="ykh-card-line ykh-meta">
              <span>
                {r.video_count} 个视频 · {r.file_count} 个文档
              </span>
              <span>{r.view_count} 次浏览</span>
            </div>
          </div>
        </Link>
      ))}
    </Grid>
  );
}

function ReviewCards({ rows, to }: { rows: FrontReviewCard[]; to: (r: FrontReviewCard) => string }) {
  return (
    <div className="ykh-reviews" data-testid="home-reviews">
      {rows.map((r) => (
        <Link key={r.id} to={to(r)} className="ykh-review">
          <Cover src={r.cover_url} title={r.title} tag="评课活动" seed={r.id + 5} />
          <div className="ykh-review-body">
            <div className="ykh-review-head">
              <span className={`ykh-phase p${r.phase}`}>{r.phase_name}</span>
              <span className="ykh-card-title">{r.title}</span>
            </div>
            <div className="ykh-card-line">{r.school_name}</div>
            <div className="ykh-card-line ykh-meta">
              <span>
                报名 {r.signup_count} 人 · 作品 {r.work_count} 件
              </span>
              <span>{r.phase === 1 && r.signup_end ? `报名截止 ${shortTime(r.signup_end)}` : r.phase === 2 && r.submit_end ? `提交截止 ${shortTime(r.submit_end)}` : r.phase === 3 && r.review_end ? `评审截止 ${shortTime(r.review_end)}` : ""}</span>
            </div>
          </div>
        </Link>
      ))}
    </div>
  );
}

type RankTab = "videos" | "resources" | "teachers" | "schools";
const RANK_TABS: { key: RankTab; label: string }[] = [
  { key: "videos", label: "视频" },
  { key: "resources", label: "资源" },
  { key: "teachers", label: "教师" },
  { key: "schools", label: "学校" },
];
function Ranking() {
  const q = useRanking();
  const [tab, setTab] = useState<RankTab>("videos");
  const d = q.data;
  const rows: { key: number; name: string; sub: string; views: number }[] = !d
    ? []
    : tab === "videos"
      ? d.videos.map((r) => ({ key: r.id, name: r.name, sub: r.account_name, views: r.views }))
      : tab === "resources"
        ? d.resources.map((r) => ({ key: r.id, name: r.name, sub: r.account_name, views: r.views }))
        : tab === "teachers"
          ? d.teachers.map((r) => ({ key: r.account_id, name: r.realname, sub: r.school_name, views: r.views }))
          : d.schools.map((r) => ({ key: r.school_id, name: r.school_name, sub: `${r.resources} 个资源`, views: r.views }));
  return (
    <Section title="排行榜" testId="home-ranking">
      <div className="ykh-tabs" role="tablist" aria-label="排行榜">
        {RANK_TABS.map((t) => (
          <button key={t.key} type="button" role="tab" aria-selected={tab === t.key} className={tab === t.key ? "on" : ""} onClick={() => setTab(t.key)}>
            {t.label}
          </button>
        ))}
      </div>
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length ? (
        <ol className="ykh-rank">
          {rows.map((r, i) => (
            <li key={r.key}>
              <span className={`ykh-rank-no n${i + 1}`}>{i + 1}</span>
              <span className="ykh-rank-name">
                {r.name}
                <small>{r.sub}</small>
              </span>
              <span className="ykh-rank-views">{r.views}</span>
            </li>
          ))}
        </ol>
      ) : (
        <Empty />
      )}
    </Section>
  );
}

// ── /foreground (foreground edition) ──────────────────────────────────────────────────────────────────────

/** 首页: banners and shortcuts (common_img), then 正在直播, 课程资源, AI分析课程, 评课活动, 学校公告, 排行榜. */
export function ForegroundHomePage() {
  const home = useHome();
  const idx = useWebIndex();
  const courses = useLatestCourses(8);
  const navigate = useNavigate();
  const h = home.data;
  const hero = (
    <Hero
      home={h}
      title="让每一节好课被看见"
      sub="直播课堂、课程资源、AI 课堂分析与评课活动，一站汇聚区域教研成果"
      actions={
        <>
          <button type="button" className="ykh-btn-primary" onClick={() => navigate("/foreground/courseResource")}>
            浏览课程资源
          </button>
          <button type="button" className="ykh-btn-ghost" onClick={() => navigate("/foreground/courseResources")}>
            观看直播
          </button>
        </>
      }
    />
  );
  return (
    <div className="ykh-page" data-testid="ForegroundHomePage">
      <div className="ykh-top">
        <Carousel slides={imgSlides(idx.data?.banner)} fallback={hero} />
        <Section title="学校公告" more="/foreground/schoolBulletin" testId="home-bulletin-section">
          <BulletinList rows={h?.bulletins} loading={home.isLoading} />
        </Section>
      </div>
      <Shortcuts
        rows={idx.data?.shortcut}
        fallback={[
          { title: "课程资源", to: "/foreground/courseResource", icon: "📚" },
          { title: "直播列表", to: "/foreground/courseResources", icon: "📡" },
          { title: "AI分析课程", to: "/foreground/AIAnalysisCourse", icon: "📈" },
          { title: "评课活动", to: "/foreground/reviewActivity", icon: "🏅" },
          { title: "精品课例", to: "/foregroundFilm", icon: "🎬" },
          { title: "学校公告", to: "/foreground/schoolBulletin", icon: "📢" },
        ]}
      />
      <Section title="正在直播" sub={h ? `${h.counts.live} 间课堂` : undefined} more="/foreground/courseResources" testId="home-live">
        {home.isLoading ? <Skeleton active /> : h?.live.length ? <Grid>{h.live.map((r) => <LiveCard key={r.timetable_id} r={r} />)}</Grid> : <Empty text="暂无数据（当前没有正在直播的课堂）" />}
      </Section>
      <Section title="课程资源" more="/foreground/courseResource" testId="home-courses-section">
        {courses.isLoading ? <Skeleton active /> : courses.data?.list.length ? <CourseCards rows={courses.data.list} to={(r) => `/foreground/courseResourceVideo?id=${r.id}`} /> : <Empty />}
      </Section>
      <Section title="AI分析课程" more="/foreground/AIAnalysisCourse" testId="home-analyses">
        {home.isLoading ? <Skeleton active /> : h?.analyses.length ? <Grid>{h.analyses.map((a) => <AnalysisCardView key={a.id} a={a} />)}</Grid> : <Empty />}
      </Section>
      <div className="ykh-split">
        <Section title="评课活动" more="/foreground/reviewActivity" testId="home-review">
          {home.isLoading ? <Skeleton active /> : h?.reviews.length ? <ReviewCards rows={h.reviews} to={(r) => `/foreground/activityCourseDetails?id=${r.id}`} /> : <Empty />}
        </Section>
        <Ranking />
      </div>
    </div>
  );
}

// ── /foreground (teachEvents edition) ─────────────────────────────────────────────────────────────────────

/** teachEvents 首页: teaching events first (activities, topics, the review big screen, portraits), then videos and resources. */
export function TeachEventsHomePage() {
  const home = useHome();
  const idx = useWebIndex();
  const courses = useLatestCourses(8);
  const navigate = useNavigate();
  const h = home.data;
  const hero = (
    <Hero
      home={h}
      title="教研活动 · 以评促教"
      sub="评课活动、专题研修与课堂画像，记录每一次教研的过程与成果"
      actions={
        <>
          <button type="button" className="ykh-btn-primary" onClick={() => navigate("/foreground/teachEvents")}>
            进入教研活动
          </button>
          <button type="button" className="ykh-btn-ghost" onClick={() => navigate("/foreground/classroomReview")}>
            评课大屏
          </button>
        </>
      }
    />
  );
  return (
    <div className="ykh-page" data-testid="TeachEventsHomePage">
      <div className="ykh-top">
        <Carousel slides={imgSlides(idx.data?.banner)} fallback={hero} />
        <Section title="学校公告" more="/foreground/schoolBulletin" testId="home-bulletin-section">
          <BulletinList rows={h?.bulletins} loading={home.isLoading} />
        </Section>
      </div>
      <nav className="ykh-entries" aria-label="教研入口" data-testid="teach-entries">
        {[
          { to: "/foreground/teachEvents", title: "教研活动", sub: "活动报名、作品与评审", icon: "🏅" },
          { to: "/foreground/topicPage", title: "专题研修", sub: "精选课例专题", icon: "🧭" },
          { to: "/foreground/classroomReview", title: "评课大屏", sub: "评课数据实时看板", icon: "🖥️" },
          { to: "/foreground/personalPortrait", title: "教师画像", sub: "课例、分析与评分", icon: "👩‍🏫" },
          { to: "/foreground/schoolPortrait", title: "学校画像", sub: "学校教研全景", icon: "🏫" },
        ].map((e) => (
          <Link key={e.to} to={e.to} className="ykh-entry">
            <span className="ykh-entry-icon" aria-hidden="true">
              {e.icon}
            </span>
            <span>
              <b>{e.title}</b>
              <small>{e.sub}</small>
            </span>
          </Link>
        ))}
      </nav>
      <Section title="评课活动" more="/foreground/teachEvents" testId="home-review">
        {home.isLoading ? <Skeleton active /> : h?.reviews.length ? <ReviewCards rows={h.reviews} to={() => "/foreground/teachEvents"} /> : <Empty />}
      </Section>
      <Section title="专题" more="/foreground/topicPage" testId="home-topics">
        {home.isLoading ? (
          <Skeleton active />
        ) : h?.topics.length ? (
          <Grid cols={3}>
            {h.topics.map((t) => (
              <Link key={t.id} to={`/foreground/topicPageVideo?id=${t.id}`} className="ykh-card" data-testid="topic-card">
                <Cover src={t.cover_url} title={t.title} tag="专题" seed={t.id + 1} />
                <div className="ykh-card-body">
                  <div className="ykh-card-title">{t.title}</div>
                  <div className="ykh-card-line">{t.description || "—"}</div>
                  <div className="ykh-card-line ykh-meta">
                    <span>{t.item_count} 个课例与资源</span>
                  </div>
                </div>
              </Link>
            ))}
          </Grid>
        ) : (
          <Empty />
        )}
      </Section>
      <Section title="课例视频" sub="AI 课堂分析" more="/foreground/videoList" testId="home-analyses">
        {home.isLoading ? (
          <Skeleton active />
        ) : h?.analyses.length ? (
          <Grid>
            {h.analyses.map((a) => (
              <AnalysisCardView key={a.id} a={a} to={`/reportSecond?id=${a.id}`} />
            ))}
          </Grid>
        ) : (
          <Empty />
        )}
      </Section>
      <Section title="课程资源" more="/foreground/courseResource" testId="home-courses-section">
        {courses.isLoading ? <Skeleton active /> : courses.data?.list.length ? <CourseCards rows={courses.data.list} to={() => "/foreground/courseResource"} /> : <Empty />}
      </Section>
    </div>
  );
}

// ── /foreground/schoolBulletin ────────────────────────────────────────────────────────────────────────────

/** 学校公告: published notices per school, a school filter, a title search and the detail (?id=). */
export function SchoolBulletinPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get("id") ?? 0);
  const schoolParam = params.get("school_id");
  const school = schoolParam === null || schoolParam === "" ? undefined : Number(schoolParam);
  const [name, setName] = useState("");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const list = useQuery({
    queryKey: ["front", "bulletins", school, name, page, limit],
    enabled: !id,
    queryFn: () => call<FrontBulletinList>(CALLS.frontBulletinList, { school_id: school, name: name || undefined, page, limit }, quiet),
  });
  const setSchool = (v: number | undefined) => {
    setPage(1);
    setParams(v === undefined ? {} : { school_id: String(v) });
  };
  if (id > 0) return <BulletinDetailView id={id} onBack={() => setParams(schoolParam ? { school_id: schoolParam } : {})} />;
  const d = list.data;
  return (
    <div className="ykh-page" data-testid="SchoolBulletinPage">
      <PageHead title="学校公告" sub="各学校与平台发布的通知公告" />
      <div className="ykh-panel">
        <Chips label="学校" value={school} options={(d?.schools ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.count}）` }))} onChange={setSchool} testId="bulletin-schools" />
        <div className="ykh-filter-row">
          <Input.Search allowClear placeholder="搜索公告标题" onSearch={(v) => (setPage(1), setName(v.trim()))} style={{ maxWidth: 320 }} aria-label="搜索公告标题" />
        </div>
      </div>
      <div className="ykh-panel">
        {list.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : d?.list.length ? (
          <ul className="ykh-bulletin-rows" data-testid="bulletin-list">
            {d.list.map((b) => (
              <li key={b.id}>
                <Link to={`/foreground/schoolBulletin?id=${b.id}${school !== undefined ? `&school_id=${school}` : ""}`}>
                  <div className="ykh-bulletin-date">
                    <b>{b.created_at.slice(8, 10)}</b>
                    <small>{b.created_at.slice(0, 7)}</small>
                  </div>
                  <div className="ykh-bulletin-main">
                    <div className="ykh-bulletin-title">
                      <span className="ykh-tag">{b.school_name}</span>
                      {b.name}
                    </div>
                    <div className="ykh-bulletin-excerpt">{b.excerpt || "（无正文）"}</div>
                    <div className="ykh-card-line">
                      {b.notice_type_name} · {b.account_name}
                    </div>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <Empty />
        )}
        <Pager total={d?.total ?? 0} page={page} limit={limit} onChange={(p, l) => (setPage(p), setLimit(l))} />
      </div>
    </div>
  );
}

function BulletinDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  const q = useQuery({ queryKey: ["front", "bulletin", id], queryFn: () => call<FrontBulletinDetail>(CALLS.frontBulletinDetail, { id }, quiet) });
  const b = q.data;
  return (
    <div className="ykh-page" data-testid="SchoolBulletinDetail">
      <div className="ykh-panel ykh-article">
        <button type="button" className="ykh-back" onClick={onBack}>
          ‹ 返回公告列表
        </button>
        {q.isLoading ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : b ? (
          <article>
            <h1 className="ykh-article-title">{b.name}</h1>
            <div className="ykh-article-meta">
              <span>{b.school_name}</span>
              <span>{b.notice_type_name}</span>
              <span>发布人：{b.account_name}</span>
              <span>{b.created_at.slice(0, 16)}</span>
            </div>
            {/* Sanitized on save by the notice service (#7). */}
            <div className="ykh-article-body" dangerouslySetInnerHTML={{ __html: b.message_content || "<p>（无正文）</p>" }} />
          </article>
        ) : (
          <Empty text="公告不存在或未发布" />
        )}
      </div>
    </div>
  );
}

function Pager({ total, page, limit, onChange }: { total: number; page: number; limit: number; onChange: (page: number, limit: number) => void }) {
  if (!total) return null;
  return (
    <div className="ykh-pager">
      <Pagination current={page} pageSize={limit} total={total} showSizeChanger pageSizeOptions={PAGE_SIZES} showTotal={(t) => `共 ${t} 条`} onChange={onChange} />
    </div>
  );
}

// ── /foreground/courseResources (直播列表) ────────────────────────────────────────────────────────────────

/** 直播列表: classrooms live now (playable), the is_live lessons later today, recent replays. */
export function LiveListPage() {
  const [params, setParams] = useSearchParams();
  const q = useQuery({ queryKey: ["front", "live"], refetchInterval: 30_000, queryFn: () => call<FrontLiveList>(CALLS.frontLiveList, { replay_limit: 8 }, quiet) });
  const d = q.data;
  const playId = Number(params.get("play") ?? 0);
  const playing: FrontLiveRow | undefined = d?.live.find((r) => r.timetable_id === playId) ?? d?.live[0];
  return (
    <div className="ykh-page" data-testid="LiveListPage">
      <PageHead title="直播列表" sub="正在直播的公开课堂，今日直播预告与往期回顾" />
      {d?.live.length && playing ? (
        <div className="ykh-live-stage" data-testid="live-stage">
          <div className="ykh-live-player">
            <LivePlayer src={playing.hls_url || playing.flv_url} testId="live-player" />
          </div>
          <div className="ykh-live-info">
            <span className="ykh-live-badge on">● 直播中</span>
            <h2>{playing.course_name}</h2>
            {playing.chapter_name ? <p>{playing.chapter_name}</p> : null}
            <dl>
              <dt>授课教师</dt>
              <dd>{playing.teacher_name || "—"}</dd>
              <dt>学校</dt>
              <dd>{playing.school_name}</dd>
              <dt>班级</dt>
              <dd>{playing.class_name || playing.position || "—"}</dd>
              <dt>时间</dt>
              <dd>
                {playing.start_time.slice(11, 16)}–{playing.end_time.slice(11, 16)}
              </dd>
            </dl>
          </div>
        </div>
      ) : null}
      <Section title="正在直播" sub={d ? `${d.live.length} 间课堂` : undefined} testId="live-now">
        {q.isLoading ? (
          <Skeleton active />
        ) : d?.live.length ? (
          <Grid>
            {d.live.map((r) => (
              <LiveCard key={r.timetable_id} r={r} onPlay={(x) => (setParams({ play: String(x.timetable_id) }), window.scrollTo({ top: 0, behavior: "smooth" }))} />
            ))}
          </Grid>
        ) : (
          <Empty text="暂无数据（当前没有正在直播的课堂）" />
        )}
      </Section>
      <Section title="今日直播预告" testId="live-upcoming">
        {d?.upcoming.length ? <Grid>{d.upcoming.map((r) => <LiveCard key={r.timetable_id} r={r} />)}</Grid> : <Empty />}
      </Section>
      <Section title="往期回顾" more="/foreMoreTime" testId="live-replays">
        {d?.replays.length ? <Grid>{d.replays.map((f) => <FilmCardView key={f.id} f={f} kind="replay" />)}</Grid> : <Empty />}
      </Section>
    </div>
  );
}

// ── /foreground/AIAnalysisCourse ──────────────────────────────────────────────────────────────────────────

/** AI分析课程: published, finished analyses with filters (subject, period, school, teacher, S-T mode). */
export function AIAnalysisCoursePage() {
  const opts = useFrontOptions();
  const [f, setF] = useState<{ subject_name?: string; period_name?: string; school_id?: number; mode?: string; teacher?: string; name?: string }>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const set = (patch: Partial<typeof f>) => (setPage(1), setF((x) => ({ ...x, ...patch })));
  const q = useQuery({ queryKey: ["front", "analyses", f, page, limit], queryFn: () => call<Page<FrontAnalysisCard>>(CALLS.frontAnalysisList, { ...f, page, limit }, quiet) });
  const o = opts.data;
  return (
    <div className="ykh-page" data-testid="AIAnalysisCoursePage">
      <PageHead title="AI分析课程" sub="经 AI 课堂分析并公开的课例：S-T 分析、师生对话与课堂行为" />
      <div className="ykh-panel">
        <Chips label="学段" value={f.period_name} options={(o?.periods ?? []).map((p) => ({ value: p, label: p }))} onChange={(v) => set({ period_name: v })} />
        <Chips label="学科" value={f.subject_name} options={(o?.subjects ?? []).map((p) => ({ value: p, label: p }))} onChange={(v) => set({ subject_name: v })} />
        <Chips label="模式" value={f.mode} options={TEACHING_MODES.map((m) => ({ value: m, label: m }))} onChange={(v) => set({ mode: v })} testId="analysis-modes" />
        <div className="ykh-filter-row">
          <Select
            allowClear
            placeholder="全部学校"
            style={{ width: 200 }}
            value={f.school_id}
            options={(o?.schools ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(v) => set({ school_id: v })}
            aria-label="学校"
          />
          <Input.Search allowClear placeholder="授课教师" style={{ width: 180 }} onSearch={(v) => set({ teacher: v.trim() || undefined })} aria-label="授课教师" />
          <Input.Search allowClear placeholder="课例名称" style={{ width: 220 }} onSearch={(v) => set({ name: v.trim() || undefined })} aria-label="课例名称" />
        </div>
      </div>
      <Section title="课例" sub={q.data ? `共 ${q.data.total} 节` : undefined} testId="analysis-list">
        {q.isLoading ? <Skeleton active /> : q.data?.list.length ? <Grid>{q.data.list.map((a) => <AnalysisCardView key={a.id} a={a} />)}</Grid> : <Empty />}
        <Pager total={q.data?.total ?? 0} page={page} limit={limit} onChange={(p, l) => (setPage(p), setLimit(l))} />
      </Section>
    </div>
  );
}

const AnalysisVideo = lazy(() => import("./AnalysisVideo"));

/** /foreground/AIAnalysisCourseVideo?id=: the lesson's video, its key figures and charts, the public report link. */
export function AIAnalysisCourseVideoPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? 0);
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
      <AnalysisVideo id={Number.isSafeInteger(id) ? id : 0} />
    </Suspense>
  );
}

// ── films ─────────────────────────────────────────────────────────────────────────────────────────────────

function useFilms(kind: FilmKind, payload: Record<string, unknown>) {
  return useQuery({ queryKey: ["front", "films", kind, payload], queryFn: () => call<FrontFilmList>(CALLS.frontFilmList, { kind, ...payload }, quiet) });
}

function FilmBlock({ kind, title, more, limit }: { kind: FilmKind; title: string; more: string; limit: number }) {
  const q = useFilms(kind, { page: 1, limit });
  return (
    <Section title={title} more={more} testId={`films-${kind}`} sub={q.data ? `${q.data.total} 个视频` : undefined}>
      {q.isLoading ? <Skeleton active /> : q.data?.list.length ? <Grid>{q.data.list.map((f) => <FilmCardView key={f.id} f={f} kind={kind} />)}</Grid> : <Empty />}
    </Section>
  );
}

/** /foregroundFilm: 精品课例 (公开课 / 优课 videos), 微课视频, 往期回顾. */
export function ForegroundFilmPage() {
  return (
    <div className="ykh-page" data-testid="ForegroundFilmPage">
      <PageHead title="精品课例" sub="公开课、优课与微课视频，往期直播回顾" />
      <FilmBlock kind="featured" title="精品课例" more="/foregroundFilmMore" limit={8} />
      <FilmBlock kind="knowledge" title="微课视频" more="/knowledgeMore" limit={8} />
      <FilmBlock kind="replay" title="往期回顾" more="/foreMoreTime" limit={4} />
    </div>
  );
}

/** One paged, filtered grid of films of a kind (/foregroundFilmMore, /knowledgeMore, /foreMoreTime). */
function FilmBrowser({ kind, title, sub, testId }: { kind: FilmKind; title: string; sub: string; testId: string }) {
  const opts = useFrontOptions();
  const [f, setF] = useState<{ subject_name?: string; period_name?: string; school_id?: number; name?: string; order?: "new" | "hot" }>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const set = (patch: Partial<typeof f>) => (setPage(1), setF((x) => ({ ...x, ...patch })));
  const q = useFilms(kind, { ...f, page, limit });
  const o = opts.data;
  return (
    <div className="ykh-page" data-testid={testId}>
      <PageHead title={title} sub={sub} />
      <div className="ykh-panel">
        <Chips label="学段" value={f.period_name} options={(o?.periods ?? []).map((p) => ({ value: p, label: p }))} onChange={(v) => set({ period_name: v })} />
        <Chips label="学科" value={f.subject_name} options={(o?.subjects ?? []).map((p) => ({ value: p, label: p }))} onChange={(v) => set({ subject_name: v })} />
        <div className="ykh-filter-row">
          <Select allowClear placeholder="全部学校" style={{ width: 200 }} value={f.school_id} options={(o?.schools ?? []).map((s) => ({ value: s.id, label: s.name }))} onChange={(v) => set({ school_id: v })} aria-label="学校" />
          <Select
            style={{ width: 120 }}
            value={f.order ?? "new"}
            options={[
              { value: "new", label: "最新" },
              { value: "hot", label: "最热" },
            ]}
            onChange={(v) => set({ order: v })}
            aria-label="排序"
          />
          <Input.Search allowClear placeholder="视频名称" style={{ width: 220 }} onSearch={(v) => set({ name: v.trim() || undefined })} aria-label="视频名称" />
        </div>
      </div>
      <Section title="全部视频" sub={q.data ? `共 ${q.data.total} 个` : undefined}>
        {q.isLoading ? <Skeleton active /> : q.data?.list.length ? <Grid>{q.data.list.map((x) => <FilmCardView key={x.id} f={x} kind={kind} />)}</Grid> : <Empty />}
        <Pager total={q.data?.total ?? 0} page={page} limit={limit} onChange={(p, l) => (setPage(p), setLimit(l))} />
      </Section>
    </div>
  );
}

export function ForegroundFilmMorePage() {
  return <FilmBrowser kind="featured" title="更多精品课例" sub="公开课与优课资源中的课例视频" testId="ForegroundFilmMorePage" />;
}
export function KnowledgeMorePage() {
  return <FilmBrowser kind="knowledge" title="微课视频" sub="视频资源中的微课与知识点讲解" testId="KnowledgeMorePage" />;
}
export function ForeMoreTimePage() {
  return <FilmBrowser kind="replay" title="往期回顾" sub="往期直播课堂的回放" testId="ForeMoreTimePage" />;
}

/** The one player page of a film (/foregroundFilmDetail?id=, /knowledgeMoreVideo?id=): cameras, details, related. */
function FilmPlayer({ kind }: { kind?: FilmKind }) {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? 0);
  const k = (params.get("kind") as FilmKind | null) ?? kind;
  const q = useQuery({ queryKey: ["front", "film", id, k], enabled: id > 0, queryFn: () => call<FrontFilmDetail>(CALLS.frontFilmDetail, { id, kind: k }, quiet) });
  const [cam, setCam] = useState(0);
  useEffect(() => setCam(0), [id]);
  useEffect(() => {
    // One view for the ranking lists (c074; a failure is not the viewer's concern).
    if (id > 0) void call(CALLS.webRecordLog, { video_id: id }, quiet).catch(() => undefined);
  }, [id]);
  const d = q.data;
  const c = d?.cameras[cam] ?? d?.cameras[0];
  const relatedKind: FilmKind = k ?? "featured";
  return (
    <div className="ykh-page" data-testid="FilmPlayerPage">
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : !d ? (
        <div className="ykh-panel">
          <Empty text="视频不存在或未公开" />
        </div>
      ) : (
        <>
          <div className="ykh-film">
            <div className="ykh-film-stage">
              {c ? <video key={c.url} src={c.url} controls playsInline preload="metadata" poster={d.film.cover_url || undefined} data-testid="film-video" /> : <Empty text="暂无可播放的视频" />}
              {d.cameras.length > 1 ? (
                <div className="ykh-tabs" role="tablist" aria-label="机位">
                  {d.cameras.map((x, i) => (
                    <button key={x.camera} type="button" role="tab" aria-selected={i === cam} className={i === cam ? "on" : ""} onClick={() => setCam(i)}>
                      {x.name}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
            <aside className="ykh-film-info">
              <h1>{d.film.name}</h1>
              <dl>
                <dt>授课教师</dt>
                <dd>{d.film.account_name || "—"}</dd>
                <dt>学校</dt>
                <dd>{d.film.school_name || "—"}</dd>
                <dt>学段学科</dt>
                <dd>{[d.film.period_name, d.film.grade_name, d.film.subject_name].filter(Boolean).join(" · ") || "—"}</dd>
                {d.film.course_name ? (
                  <>
                    <dt>所属课程</dt>
                    <dd>
                      {d.film.course_name}
                      {d.film.course_type_name ? <span className="ykh-tag">{d.film.course_type_name}</span> : null}
                    </dd>
                  </>
                ) : null}
                <dt>观看</dt>
                <dd>{d.film.views} 次</dd>
              </dl>
              {d.course_introduce ? <p className="ykh-film-intro">{d.course_introduce}</p> : null}
              {d.analysis_id ? (
                <Link className="ykh-btn-primary" to={`/reportSecond?id=${d.analysis_id}`} data-testid="film-report-link">
                  查看 AI 课堂分析报告
                </Link>
              ) : null}
            </aside>
          </div>
          <Section title="相关视频" testId="film-related">
            {d.related.length ? <Grid>{d.related.map((f) => <FilmCardView key={f.id} f={f} kind={relatedKind} />)}</Grid> : <Empty />}
          </Section>
        </>
      )}
    </div>
  );
}

export function ForegroundFilmDetailPage() {
  return <FilmPlayer />;
}
export function KnowledgeMoreVideoPage() {
  return <FilmPlayer kind="knowledge" />;
}

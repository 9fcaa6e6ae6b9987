/**
 * The front site's home pages (#11; docs/api/front.md): /foreground of the foreground and teachEvents editions —
 * light on purpose (no antd, no player, no charts: decision 1155); the lists are in ListPages.tsx, loaded when
 * opened, and re-exported here under the names front/pages.ts imports.
 */
import { useQuery } from "@tanstack/react-query";
import { calls, type CommonImgRow, type FrontHome, type FrontReviewCard, type WebResourceRow } from "@yanke/protocol";
import { lazy, type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import { call } from "../../api/client";
import { config } from "../../config";
import { useSession } from "../../session/store";
import { AnalysisCardView, Carousel, Cover, day, Empty, Grid, LiveCard, Loading, quiet, Section, shortTime, type Slide } from "./parts";

/** A list page: a plain component (React's lazy cannot resolve to another lazy) rendering the lazily loaded one. */
function list<K extends keyof typeof import("./ListPages")>(name: K): () => ReactNode {
  const Page = lazy(() => import("./ListPages").then((m) => ({ default: m[name] as () => ReactNode })));
  // biome-ignore lint/correctness/noComponentHookFactories: list() runs once per page at module level, never during a render, so each page's component is stable.
  return function ListPage() {
    return <Page />;
  };
}
export const SchoolBulletinPage = list("SchoolBulletinPage");
export const LiveListPage = list("LiveListPage");
export const AIAnalysisCoursePage = list("AIAnalysisCoursePage");
export const AIAnalysisCourseVideoPage = list("AIAnalysisCourseVideoPage");
export const ForegroundFilmPage = list("ForegroundFilmPage");
export const ForegroundFilmDetailPage = list("ForegroundFilmDetailPage");
export const ForegroundFilmMorePage = list("ForegroundFilmMorePage");
export const KnowledgeMorePage = list("KnowledgeMorePage");
export const KnowledgeMoreVideoPage = list("KnowledgeMoreVideoPage");
export const ForeMoreTimePage = list("ForeMoreTimePage");

// ── data ──────────────────────────────────────────────────────────────────────────────────────────────────

function useHome() {
  const schoolId = useSession().school_id;
  return useQuery({ queryKey: ["front", "home", schoolId], staleTime: 30_000, queryFn: () => call(calls.frontHome, {}, quiet) });
}
function useWebIndex() {
  return useQuery({
    queryKey: ["front", "web_index"],
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => call(calls.websiteIndex, {}, quiet),
  });
}
function useLatestCourses(limit: number) {
  return useQuery({
    queryKey: ["front", "courses", limit],
    staleTime: 60_000,
    retry: false,
    queryFn: () => call(calls.webResourceList, { page: 1, limit, order: "new" }, quiet),
  });
}
function useRanking() {
  return useQuery({
    queryKey: ["front", "ranking"],
    staleTime: 60_000,
    retry: false,
    queryFn: () => call(calls.webRankingList, { limit: 8 }, quiet),
  });
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

function Shortcuts({ rows, fallback }: { rows: CommonImgRow[] | undefined; fallback: { title: string; to: string; icon: string; color: string }[] }) {
  const items = rows?.length
    ? rows.map((r) => ({ key: `img-${r.id}`, title: r.title || "快捷入口", to: r.link_url, img: r.img_url, icon: "", color: "" }))
    : fallback.map((f) => ({ key: f.to, title: f.title, to: f.to, img: "", icon: f.icon, color: f.color }));
  return (
    <nav className="ykh-shortcuts" aria-label="快捷入口" data-testid="home-shortcuts">
      {items.map((it) => {
        const inner = (
          <>
            <span className="ykh-shortcut-icon" style={it.color ? { background: it.color } : undefined} aria-hidden="true">
              {it.img ? <img src={it.img} alt="" loading="lazy" /> : it.icon}
            </span>
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
  if (loading) return <Loading rows={5} />;
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
              <span>
                {r.phase === 1 && r.signup_end
                  ? `报名截止 ${shortTime(r.signup_end)}`
                  : r.phase === 2 && r.submit_end
                    ? `提交截止 ${shortTime(r.submit_end)}`
                    : r.phase === 3 && r.review_end
                      ? `评审截止 ${shortTime(r.review_end)}`
                      : ""}
              </span>
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
        <Loading rows={6} />
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

/** What both home pages read: the home blocks, banners and shortcuts, the latest courses. */
function useHomeData() {
  const home = useHome();
  return { home, idx: useWebIndex(), courses: useLatestCourses(8), navigate: useNavigate(), h: home.data };
}

/** The top row of both home pages: the banners (or the hero) beside the school bulletins. */
function HomeTop({
  banners,
  bulletins,
  loading,
  hero,
}: {
  banners: Parameters<typeof imgSlides>[0];
  bulletins: Parameters<typeof BulletinList>[0]["rows"];
  loading: boolean;
  hero: ReactNode;
}) {
  return (
    <div className="ykh-top">
      <Carousel slides={imgSlides(banners)} fallback={hero} />
      <Section title="学校公告" more="/foreground/schoolBulletin" testId="home-bulletin-section">
        <BulletinList rows={bulletins} loading={loading} />
      </Section>
    </div>
  );
}

// ── /foreground (foreground edition) ──────────────────────────────────────────────────────────────────────

/** 首页: banners and shortcuts (common_img), then 正在直播, 课程资源, AI分析课程, 评课活动, 学校公告, 排行榜. */
export function ForegroundHomePage() {
  const { home, idx, courses, navigate, h } = useHomeData();
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
      <HomeTop banners={idx.data?.banner} bulletins={h?.bulletins} loading={home.isLoading} hero={hero} />
      <Shortcuts
        rows={idx.data?.shortcut}
        fallback={[
          { title: "课程资源", to: "/foreground/courseResource", icon: "资", color: "#1f6f5c" },
          { title: "直播列表", to: "/foreground/courseResources", icon: "播", color: "#e5484d" },
          { title: "AI分析课程", to: "/foreground/AIAnalysisCourse", icon: "析", color: "#2f6fae" },
          { title: "评课活动", to: "/foreground/reviewActivity", icon: "评", color: "#d48806" },
          { title: "精品课例", to: "/foregroundFilm", icon: "影", color: "#6b4fa0" },
          { title: "学校公告", to: "/foreground/schoolBulletin", icon: "告", color: "#2e7d8c" },
        ]}
      />
      <Section title="正在直播" sub={h ? `${h.counts.live} 间课堂` : undefined} more="/foreground/courseResources" testId="home-live">
        {home.isLoading ? (
          <Loading />
        ) : h?.live.length ? (
          <Grid>
            {h.live.map((r) => (
              <LiveCard key={r.timetable_id} r={r} />
            ))}
          </Grid>
        ) : (
          <Empty text="暂无数据（当前没有正在直播的课堂）" />
        )}
      </Section>
      <Section title="课程资源" more="/foreground/courseResource" testId="home-courses-section">
        {courses.isLoading ? (
          <Loading />
        ) : courses.data?.list.length ? (
          <CourseCards rows={courses.data.list} to={(r) => `/foreground/courseResourceVideo?id=${r.id}`} />
        ) : (
          <Empty />
        )}
      </Section>
      <Section title="AI分析课程" more="/foreground/AIAnalysisCourse" testId="home-analyses">
        {home.isLoading ? (
          <Loading />
        ) : h?.analyses.length ? (
          <Grid>
            {h.analyses.map((a) => (
              <AnalysisCardView key={a.id} a={a} />
            ))}
          </Grid>
        ) : (
          <Empty />
        )}
      </Section>
      <div className="ykh-split">
        <Section title="评课活动" more="/foreground/reviewActivity" testId="home-review">
          {home.isLoading ? (
            <Loading />
          ) : h?.reviews.length ? (
            <ReviewCards rows={h.reviews} to={(r) => `/foreground/activityCourseDetails?id=${r.id}`} />
          ) : (
            <Empty />
          )}
        </Section>
        <Ranking />
      </div>
    </div>
  );
}

// ── /foreground (teachEvents edition) ─────────────────────────────────────────────────────────────────────

/** teachEvents 首页: teaching events first (activities, topics, the review big screen, portraits), then videos and resources. */
export function TeachEventsHomePage() {
  const { home, idx, courses, navigate, h } = useHomeData();
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
      <HomeTop banners={idx.data?.banner} bulletins={h?.bulletins} loading={home.isLoading} hero={hero} />
      <nav className="ykh-entries" aria-label="教研入口" data-testid="teach-entries">
        {[
          { to: "/foreground/teachEvents", title: "教研活动", sub: "活动报名、作品与评审", icon: "活", color: "#1f6f5c" },
          { to: "/foreground/topicPage", title: "专题研修", sub: "精选课例专题", icon: "题", color: "#9b3f72" },
          { to: "/foreground/classroomReview", title: "评课大屏", sub: "评课数据实时看板", icon: "屏", color: "#2f6fae" },
          { to: "/foreground/personalPortrait", title: "教师画像", sub: "课例、分析与评分", icon: "师", color: "#d48806" },
          { to: "/foreground/schoolPortrait", title: "学校画像", sub: "学校教研全景", icon: "校", color: "#5f7a2a" },
        ].map((e) => (
          <Link key={e.to} to={e.to} className="ykh-entry">
            <span className="ykh-entry-icon" aria-hidden="true" style={{ background: e.color }}>
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
        {home.isLoading ? <Loading /> : h?.reviews.length ? <ReviewCards rows={h.reviews} to={() => "/foreground/teachEvents"} /> : <Empty />}
      </Section>
      <Section title="专题" more="/foreground/topicPage" testId="home-topics">
        {home.isLoading ? (
          <Loading />
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
          <Loading />
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
        {courses.isLoading ? (
          <Loading />
        ) : courses.data?.list.length ? (
          <CourseCards rows={courses.data.list} to={() => "/foreground/courseResource"} />
        ) : (
          <Empty />
        )}
      </Section>
    </div>
  );
}

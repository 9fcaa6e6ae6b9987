/**
 * The front site's lists (#11; docs/api/front.md), loaded only when one of them is opened (the home pages stay light):
 * /foreground/schoolBulletin, /foreground/courseResources (直播列表), /foreground/AIAnalysisCourse(Video), and the
 * lesson films /foregroundFilm, /foregroundFilmMore, /foregroundFilmDetail, /knowledgeMore(Video), /foreMoreTime —
 * one video-card grid (parts.tsx) and one player page (FilmPlayer) across them.
 */
import { useQuery } from "@tanstack/react-query";
import { calls, type FilmKind, type FrontLiveRow, TEACHING_MODES } from "@yanke/protocol";
import { Input, Pagination, Select } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { LivePlayer } from "../../components/player";
import { AnalysisCardView, Chips, Empty, FilmCardView, Grid, LiveCard, Loading, PageHead, quiet, Section, useFrontOptions } from "./parts";

const PAGE_SIZES = [10, 20, 50];

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
    queryFn: () => call(calls.frontBulletinList, { school_id: school, name: name || undefined, page, limit }, quiet),
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
        <Chips
          label="学校"
          value={school}
          options={(d?.schools ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.count}）` }))}
          onChange={setSchool}
          testId="bulletin-schools"
        />
        <div className="ykh-filter-row">
          <Input.Search
            allowClear
            placeholder="搜索公告标题"
            onSearch={(v) => {
              setPage(1);
              setName(v.trim());
            }}
            style={{ maxWidth: 320 }}
            aria-label="搜索公告标题"
          />
        </div>
      </div>
      <div className="ykh-panel">
        {list.isLoading ? (
          <Loading rows={8} />
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
                      <span>{b.name}</span>
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
        <Pager
          total={d?.total ?? 0}
          page={page}
          limit={limit}
          onChange={(p, l) => {
            setPage(p);
            setLimit(l);
          }}
        />
      </div>
    </div>
  );
}

function BulletinDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  const q = useQuery({ queryKey: ["front", "bulletin", id], queryFn: () => call(calls.frontBulletinDetail, { id }, quiet) });
  const b = q.data;
  return (
    <div className="ykh-page" data-testid="SchoolBulletinDetail">
      <div className="ykh-panel ykh-article">
        <button type="button" className="ykh-back" onClick={onBack}>
          ‹ 返回公告列表
        </button>
        {q.isLoading ? (
          <Loading rows={10} />
        ) : b ? (
          <article>
            <h1 className="ykh-article-title">{b.name}</h1>
            <div className="ykh-article-meta">
              <span>{b.school_name}</span>
              <span>{b.notice_type_name}</span>
              <span>发布人：{b.account_name}</span>
              <span>{b.created_at.slice(0, 16)}</span>
            </div>
            <div
              className="ykh-article-body"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save by the notice service (#7: notice.service.ts → sanitizeRichText).
              dangerouslySetInnerHTML={{ __html: b.message_content || "<p>（无正文）</p>" }}
            />
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
      <Pagination
        current={page}
        pageSize={limit}
        total={total}
        showSizeChanger
        pageSizeOptions={PAGE_SIZES}
        showTotal={(t) => `共 ${t} 条`}
        onChange={onChange}
      />
    </div>
  );
}

// ── /foreground/courseResources (直播列表) ────────────────────────────────────────────────────────────────

/** 直播列表: classrooms live now (playable), the is_live lessons later today, recent replays. */
export function LiveListPage() {
  const [params, setParams] = useSearchParams();
  const q = useQuery({
    queryKey: ["front", "live"],
    refetchInterval: 30_000,
    queryFn: () => call(calls.frontLiveList, { replay_limit: 8 }, quiet),
  });
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
          <Loading />
        ) : d?.live.length ? (
          <Grid>
            {d.live.map((r) => (
              <LiveCard
                key={r.timetable_id}
                r={r}
                onPlay={(x) => {
                  setParams({ play: String(x.timetable_id) });
                  window.scrollTo({ top: 0, behavior: "smooth" });
                }}
              />
            ))}
          </Grid>
        ) : (
          <Empty text="暂无数据（当前没有正在直播的课堂）" />
        )}
      </Section>
      <Section title="今日直播预告" testId="live-upcoming">
        {d?.upcoming.length ? (
          <Grid>
            {d.upcoming.map((r) => (
              <LiveCard key={r.timetable_id} r={r} />
            ))}
          </Grid>
        ) : (
          <Empty />
        )}
      </Section>
      <Section title="往期回顾" more="/foreMoreTime" testId="live-replays">
        {d?.replays.length ? (
          <Grid>
            {d.replays.map((f) => (
              <FilmCardView key={f.id} f={f} kind="replay" />
            ))}
          </Grid>
        ) : (
          <Empty />
        )}
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
  const set = (patch: Partial<typeof f>) => {
    setPage(1);
    setF((x) => ({ ...x, ...patch }));
  };
  const q = useQuery({
    queryKey: ["front", "analyses", f, page, limit],
    queryFn: () => call(calls.frontAnalysisList, { ...f, page, limit }, quiet),
  });
  const o = opts.data;
  return (
    <div className="ykh-page" data-testid="AIAnalysisCoursePage">
      <PageHead title="AI分析课程" sub="经 AI 课堂分析并公开的课例：S-T 分析、师生对话与课堂行为" />
      <div className="ykh-panel">
        <Chips label="学段" value={f.period_name} options={(o?.periods ?? []).map((p) => ({ value: p, label: p }))} onChange={(v) => set({ period_name: v })} />
        <Chips
          label="学科"
          value={f.subject_name}
          options={(o?.subjects ?? []).map((p) => ({ value: p, label: p }))}
          onChange={(v) => set({ subject_name: v })}
        />
        <Chips
          label="模式"
          value={f.mode}
          options={TEACHING_MODES.map((m) => ({ value: m, label: m }))}
          onChange={(v) => set({ mode: v })}
          testId="analysis-modes"
        />
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
          <Input.Search
            allowClear
            placeholder="授课教师"
            style={{ width: 180 }}
            onSearch={(v) => set({ teacher: v.trim() || undefined })}
            aria-label="授课教师"
          />
          <Input.Search allowClear placeholder="课例名称" style={{ width: 220 }} onSearch={(v) => set({ name: v.trim() || undefined })} aria-label="课例名称" />
        </div>
      </div>
      <Section title="课例" sub={q.data ? `共 ${q.data.total} 节` : undefined} testId="analysis-list">
        {q.isLoading ? (
          <Loading />
        ) : q.data?.list.length ? (
          <Grid>
            {q.data.list.map((a) => (
              <AnalysisCardView key={a.id} a={a} />
            ))}
          </Grid>
        ) : (
          <Empty />
        )}
        <Pager
          total={q.data?.total ?? 0}
          page={page}
          limit={limit}
          onChange={(p, l) => {
            setPage(p);
            setLimit(l);
          }}
        />
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
    <Suspense fallback={<Loading rows={10} />}>
      <AnalysisVideo id={Number.isSafeInteger(id) ? id : 0} />
    </Suspense>
  );
}

// ── films ─────────────────────────────────────────────────────────────────────────────────────────────────

function useFilms(kind: FilmKind, payload: Record<string, unknown>) {
  return useQuery({ queryKey: ["front", "films", kind, payload], queryFn: () => call(calls.frontFilmList, { kind, ...payload }, quiet) });
}

function FilmBlock({ kind, title, more, limit }: { kind: FilmKind; title: string; more: string; limit: number }) {
  const q = useFilms(kind, { page: 1, limit });
  return (
    <Section title={title} more={more} testId={`films-${kind}`} sub={q.data ? `${q.data.total} 个视频` : undefined}>
      {q.isLoading ? (
        <Loading />
      ) : q.data?.list.length ? (
        <Grid>
          {q.data.list.map((f) => (
            <FilmCardView key={f.id} f={f} kind={kind} />
          ))}
        </Grid>
      ) : (
        <Empty />
      )}
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
  const set = (patch: Partial<typeof f>) => {
    setPage(1);
    setF((x) => ({ ...x, ...patch }));
  };
  const q = useFilms(kind, { ...f, page, limit });
  const o = opts.data;
  return (
    <div className="ykh-page" data-testid={testId}>
      <PageHead title={title} sub={sub} />
      <div className="ykh-panel">
        <Chips label="学段" value={f.period_name} options={(o?.periods ?? []).map((p) => ({ value: p, label: p }))} onChange={(v) => set({ period_name: v })} />
        <Chips
          label="学科"
          value={f.subject_name}
          options={(o?.subjects ?? []).map((p) => ({ value: p, label: p }))}
          onChange={(v) => set({ subject_name: v })}
        />
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
        {q.isLoading ? (
          <Loading />
        ) : q.data?.list.length ? (
          <Grid>
            {q.data.list.map((x) => (
              <FilmCardView key={x.id} f={x} kind={kind} />
            ))}
          </Grid>
        ) : (
          <Empty />
        )}
        <Pager
          total={q.data?.total ?? 0}
          page={page}
          limit={limit}
          onChange={(p, l) => {
            setPage(p);
            setLimit(l);
          }}
        />
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
  const q = useQuery({
    queryKey: ["front", "film", id, k],
    enabled: id > 0,
    queryFn: () => call(calls.frontFilmDetail, { id, kind: k }, quiet),
  });
  const [cam, setCam] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: id is the trigger: another film starts on its first camera.
  useEffect(() => setCam(0), [id]);
  useEffect(() => {
    // One view for the ranking lists (c074; a failure is not the viewer's concern).
    if (id > 0) void call(calls.webRecordLog, { video_id: id }, quiet).catch(() => undefined);
  }, [id]);
  const d = q.data;
  const c = d?.cameras[cam] ?? d?.cameras[0];
  const relatedKind: FilmKind = k ?? "featured";
  return (
    <div className="ykh-page" data-testid="FilmPlayerPage">
      {q.isLoading ? (
        <Loading rows={10} />
      ) : !d ? (
        <div className="ykh-panel">
          <Empty text="视频不存在或未公开" />
        </div>
      ) : (
        <>
          <div className="ykh-film">
            <div className="ykh-film-stage">
              {c ? (
                <video key={c.url} src={c.url} controls playsInline preload="metadata" poster={d.film.cover_url || undefined} data-testid="film-video" />
              ) : (
                <Empty text="暂无可播放的视频" />
              )}
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
            {d.related.length ? (
              <Grid>
                {d.related.map((f) => (
                  <FilmCardView key={f.id} f={f} kind={relatedKind} />
                ))}
              </Grid>
            ) : (
              <Empty />
            )}
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

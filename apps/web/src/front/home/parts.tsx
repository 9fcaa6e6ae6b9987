/**
 * Building blocks of the front site's home pages and lists (#11): a section with a title and a 更多 link, the one
 * video-card grid (films, replays, AI-analysed lessons), live cards, a light banner carousel, filters, pagers.
 */
import type { FilmCard, FrontAnalysisCard, FrontLiveRow } from "@yanke/protocol";
import { calls } from "@yanke/protocol";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import "./home.css";

export const quiet = { quiet: true } as const;

/** 1:05:09 / 12:03 */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds || 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(r)}` : `${two(m)}:${two(r)}`;
}
/** "2026-11-22 09:30:00" → "11-22 09:30" */
export const shortTime = (t: string) => (t ? t.slice(5, 16) : "");
export const hhmm = (t: string) => (t ? t.slice(11, 16) : "");
export const day = (t: string) => (t ? t.slice(0, 10) : "");

const PALETTE = ["#1f6f5c", "#2f6fae", "#8a5a2b", "#6b4fa0", "#a8443b", "#2e7d8c", "#5f7a2a", "#9b3f72"];
/** A cover: the image (lazy), or a coloured panel with the subject and title when there is none. */
export function Cover({ src, title, tag, seed = 0, children }: { src?: string; title: string; tag?: string; seed?: number; children?: ReactNode }) {
  const [broken, setBroken] = useState(false);
  const bg = PALETTE[Math.abs(seed) % PALETTE.length]!;
  return (
    <div className="ykh-cover">
      {src && !broken ? (
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} />
      ) : (
        <div className="ykh-cover-art" style={{ background: `linear-gradient(135deg, ${bg} 0%, ${bg}cc 100%)` }} aria-hidden="true">
          <span className="ykh-cover-tag">{tag || "课例"}</span>
          <span className="ykh-cover-title">{title}</span>
        </div>
      )}
      {children}
    </div>
  );
}

export function Section({
  title,
  more,
  extra,
  children,
  testId,
  sub,
}: {
  title: string;
  more?: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
  sub?: string;
}) {
  return (
    <section className="ykh-section" data-testid={testId} aria-label={title}>
      <div className="ykh-section-head">
        <h2 className="ykh-section-title">
          {title}
          {sub ? <small>{sub}</small> : null}
        </h2>
        <div className="ykh-section-extra">
          {extra}
          {more ? (
            <Link to={more} className="ykh-more">
              更多 ›
            </Link>
          ) : null}
        </div>
      </div>
      {children}
    </section>
  );
}

/** A light loading placeholder (shimmering bars) — the home pages avoid antd's Skeleton to stay small. */
export function Loading({ rows = 3 }: { rows?: number }) {
  return (
    <div className="ykh-loading" role="status" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholder bars or text lines, never reordered.
          key={i}
          style={{ width: `${i === rows - 1 ? 60 : 100 - (i % 3) * 8}%` }}
        />
      ))}
    </div>
  );
}

export function Empty({ text }: { text?: string }) {
  return <EmptyState compact text={text} />;
}

/** The one video card: a cover with its duration, the title, teacher · school, subject and views. */
export function VideoCard({
  to,
  title,
  cover,
  seconds,
  tag,
  lines,
  badge,
  seed,
  testId,
}: {
  to: string;
  title: string;
  cover: string;
  seconds: number;
  tag?: string;
  lines: ReactNode[];
  badge?: ReactNode;
  seed?: number;
  testId?: string;
}) {
  return (
    <Link to={to} className="ykh-card" data-testid={testId} title={title}>
      <Cover src={cover} title={title} tag={tag} seed={seed}>
        {seconds ? <span className="ykh-duration">{duration(seconds)}</span> : null}
        {badge ? <span className="ykh-badge">{badge}</span> : null}
        <span className="ykh-play" aria-hidden="true">
          ▶
        </span>
      </Cover>
      <div className="ykh-card-body">
        <div className="ykh-card-title">{title}</div>
        {lines.filter(Boolean).map((l, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholder bars or text lines, never reordered.
            key={i}
            className="ykh-card-line"
          >
            {l}
          </div>
        ))}
      </div>
    </Link>
  );
}

export function Grid({ children, testId, cols }: { children: ReactNode; testId?: string; cols?: 3 | 4 }) {
  return (
    <div className={`ykh-grid${cols === 3 ? " three" : ""}`} data-testid={testId}>
      {children}
    </div>
  );
}

/** Where a film opens: replays on /foreMoreTime, 微课 on /knowledgeMoreVideo, the rest on /foregroundFilmDetail. */
export function filmHref(f: Pick<FilmCard, "id">, kind: "featured" | "knowledge" | "replay"): string {
  if (kind === "knowledge") return `/knowledgeMoreVideo?id=${f.id}`;
  if (kind === "replay") return `/foregroundFilmDetail?id=${f.id}&kind=replay`;
  return `/foregroundFilmDetail?id=${f.id}`;
}

export function FilmCardView({ f, kind }: { f: FilmCard; kind: "featured" | "knowledge" | "replay" }) {
  return (
    <VideoCard
      to={filmHref(f, kind)}
      title={f.name}
      cover={f.cover_url}
      seconds={f.duration}
      tag={f.subject_name || f.course_type_name}
      seed={f.id}
      badge={kind === "replay" ? "回放" : f.course_type_name || undefined}
      testId="film-card"
      lines={[
        <span key="who">
          {f.account_name}
          {f.school_name ? ` · ${f.school_name}` : ""}
        </span>,
        <span key="meta" className="ykh-meta">
          <span>{[f.period_name, f.subject_name].filter(Boolean).join(" · ") || day(f.created_at)}</span>
          <span>{f.views} 次观看</span>
        </span>,
      ]}
    />
  );
}

export function AnalysisCardView({ a, to }: { a: FrontAnalysisCard; to?: string }) {
  return (
    <VideoCard
      to={to ?? `/foreground/AIAnalysisCourseVideo?id=${a.id}`}
      title={a.name}
      cover={a.cover_url}
      seconds={a.duration}
      tag={a.subject_name || "AI分析"}
      seed={a.id + 3}
      badge={a.mode ?? undefined}
      testId="analysis-card"
      lines={[
        <span key="who">
          {a.account_name}
          {a.school_name ? ` · ${a.school_name}` : ""}
        </span>,
        <span key="st" className="ykh-meta">
          <span>{a.rt !== null && a.ch !== null ? `Rt ${a.rt.toFixed(2)} · Ch ${a.ch.toFixed(2)}` : "S-T 分析"}</span>
          <span>{day(a.finished_at)}</span>
        </span>,
      ]}
    />
  );
}

export function LiveCard({ r, onPlay }: { r: FrontLiveRow; onPlay?: (r: FrontLiveRow) => void }) {
  const live = r.state === "live";
  const body = (
    <>
      <Cover src={r.cover_url} title={r.course_name} tag={r.subject_name || "直播"} seed={r.timetable_id}>
        <span className={`ykh-live-badge${live ? " on" : ""}`}>{live ? "● 直播中" : `${hhmm(r.start_time)} 开始`}</span>
      </Cover>
      <div className="ykh-card-body">
        <div className="ykh-card-title">{r.course_name}</div>
        <div className="ykh-card-line">
          {r.teacher_name || "—"}
          {r.school_name ? ` · ${r.school_name}` : ""}
        </div>
        <div className="ykh-card-line ykh-meta">
          <span>{r.class_name || r.position}</span>
          <span>
            {hhmm(r.start_time)}–{hhmm(r.end_time)}
          </span>
        </div>
      </div>
    </>
  );
  if (live && onPlay)
    return (
      <button type="button" className="ykh-card ykh-card-btn" onClick={() => onPlay(r)} data-testid="live-card">
        {body}
      </button>
    );
  if (live)
    return (
      <Link to={`/foreground/courseResources?play=${r.timetable_id}`} className="ykh-card" data-testid="live-card">
        {body}
      </Link>
    );
  return (
    <div className="ykh-card ykh-card-static" data-testid="upcoming-card">
      {body}
    </div>
  );
}

export interface Slide {
  key: string | number;
  img: string;
  title: string;
  link: string;
}
/** A light banner carousel (no library): autoplay every 5 s, pauses on hover/focus, dots and arrows are buttons. */
export function Carousel({ slides, fallback }: { slides: Slide[]; fallback: ReactNode }) {
  const [i, setI] = useState(0);
  const paused = useRef(false);
  const n = slides.length;
  useEffect(() => {
    if (n < 2) return;
    const t = window.setInterval(() => !paused.current && setI((x) => (x + 1) % n), 5000);
    return () => window.clearInterval(t);
  }, [n]);
  if (!n) return <>{fallback}</>;
  const go = (to: number) => setI(((to % n) + n) % n);
  return (
    <div
      className="ykh-carousel"
      data-testid="home-banner"
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
      role="region"
      aria-roledescription="轮播图"
    >
      <div className="ykh-carousel-track" style={{ transform: `translateX(-${i * 100}%)` }}>
        {slides.map((s, k) => {
          const img = <img src={s.img} alt={s.title} loading={k === 0 ? "eager" : "lazy"} />;
          const caption = s.title ? <span className="ykh-carousel-caption">{s.title}</span> : null;
          return (
            <div className="ykh-carousel-slide" key={s.key} aria-hidden={k !== i}>
              {s.link ? (
                /^https?:/.test(s.link) ? (
                  <a href={s.link} target="_blank" rel="noopener noreferrer" tabIndex={k === i ? 0 : -1}>
                    {img}
                    {caption}
                  </a>
                ) : (
                  <Link to={s.link} tabIndex={k === i ? 0 : -1}>
                    {img}
                    {caption}
                  </Link>
                )
              ) : (
                <>
                  {img}
                  {caption}
                </>
              )}
            </div>
          );
        })}
      </div>
      {n > 1 ? (
        <>
          <button type="button" className="ykh-carousel-arrow prev" aria-label="上一张" onClick={() => go(i - 1)}>
            ‹
          </button>
          <button type="button" className="ykh-carousel-arrow next" aria-label="下一张" onClick={() => go(i + 1)}>
            ›
          </button>
          <div className="ykh-carousel-dots">
            {slides.map((s, k) => (
              <button type="button" key={s.key} className={k === i ? "on" : ""} aria-label={`第 ${k + 1} 张`} aria-current={k === i} onClick={() => go(k)} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** Platform-wide filter options (schools; period and subject names). */
export function useFrontOptions() {
  return useQuery({ queryKey: ["front", "options"], staleTime: 10 * 60_000, queryFn: () => call(calls.frontOptions, {}, quiet) });
}

/** A row of choice chips (全部 first): the front site's filter. */
export function Chips<T extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T | undefined;
  options: { value: T; label: string }[];
  onChange: (v: T | undefined) => void;
  testId?: string;
}) {
  return (
    <div className="ykh-chips" role="group" aria-label={label} data-testid={testId}>
      <span className="ykh-chips-label">{label}</span>
      <div className="ykh-chips-items">
        <button type="button" className={value === undefined ? "on" : ""} aria-pressed={value === undefined} onClick={() => onChange(undefined)}>
          全部
        </button>
        {options.map((o) => (
          <button
            type="button"
            key={String(o.value)}
            className={value === o.value ? "on" : ""}
            aria-pressed={value === o.value}
            onClick={() => onChange(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** A page banner: title and subtitle over the brand gradient. */
export function PageHead({ title, sub, children }: { title: string; sub?: string; children?: ReactNode }) {
  return (
    <div className="ykh-head">
      <div>
        <h1 className="ykh-head-title">{title}</h1>
        {sub ? <div className="ykh-head-sub">{sub}</div> : null}
      </div>
      {children}
    </div>
  );
}

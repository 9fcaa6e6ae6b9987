/**
 * Shared pieces of the topic pages (#11; docs/api/topic.md): the typed calls, covers (lazy images, else a colour with
 * the first character), topic / item / video cards. Every card is a real link or button (keyboard: Tab + Enter).
 */
import { PlayCircleOutlined, EyeOutlined, AppstoreOutlined } from "@ant-design/icons";
import { type PayloadOf, calls, type TopicItemCard, type TopicRow, type WebVideoCard } from "@yanke/protocol";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { call } from "../../api/client";
import "./topic.css";

export const topicApi = {
  list: (p: PayloadOf<typeof calls.webTopicList>) => call(calls.webTopicList, p),
  /** view false: a read that is not a visit (the player, 专题评课). */
  detail: (id: number, view = true) => call(calls.webTopicDetail, { id, view: view ? 1 : 0 }),
  events: (p: PayloadOf<typeof calls.webTopicEvents>) => call(calls.webTopicEvents, p),
  videos: (p: PayloadOf<typeof calls.webVideoList>) => call(calls.webVideoList, p),
  filters: (p: PayloadOf<typeof calls.webVideoFilters>) => call(calls.webVideoFilters, p),
  play: (id: number) => call(calls.webVideoPlay, { id }),
};

export const TOPIC_PATH = "/foreground/topicPage";
export const topicHref = (id: number) => `${TOPIC_PATH}?id=${id}`;
export const itemVideoHref = (topicId: number, itemId: number) => `/foreground/topicPageVideo?id=${topicId}&item=${itemId}`;
export const videoHref = (videoId: number) => `/foreground/topicPageVideo?video=${videoId}`;

const PALETTE = ["#2f8f77", "#3a7bd5", "#d08b2c", "#8a5cc2", "#c2554f", "#2c8fb5"];
export const colorOf = (id: number) => PALETTE[Math.abs(id) % PALETTE.length]!;

/** "12:05" / "1:02:03" from seconds; "" for 0. */
export function clockOf(seconds: number): string {
  if (!seconds || seconds < 0) return "";
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

/** The first character worth showing on a cover without an image (opening quotes and brackets skipped). */
export const initialOf = (name: string) => name.replace(/^[\s《「『“"'（(【[]+/, "").slice(0, 1) || "课";

export const dot = (...parts: (string | undefined | null)[]) => parts.filter((p) => p?.trim()).join(" · ");

export function Cover({
  src,
  name,
  seed,
  tag,
  time,
  play,
  className = "",
  eager = false,
}: {
  src: string;
  name: string;
  seed: number;
  tag?: string;
  time?: number;
  play?: boolean;
  className?: string;
  eager?: boolean;
}) {
  const color = colorOf(seed);
  return (
    <div className={`ykt-cover ${className}`} style={{ background: `linear-gradient(135deg, ${color} 0%, ${color}bb 100%)` }}>
      {src ? (
        <img src={src} alt="" loading={eager ? "eager" : "lazy"} decoding="async" />
      ) : (
        <span className="ykt-cover-letter" aria-hidden="true">
          {initialOf(name)}
        </span>
      )}
      {tag ? <span className="ykt-cover-tag">{tag}</span> : null}
      {time ? <span className="ykt-cover-time">{clockOf(time)}</span> : null}
      {play ? <PlayCircleOutlined className="ykt-cover-play" aria-hidden="true" /> : null}
    </div>
  );
}

/** A published topic: a link to its page. */
export function TopicCard({ row }: { row: TopicRow }) {
  return (
    <Link to={topicHref(row.id)} className="ykt-card" data-testid="topic-card" data-topic-id={row.id} aria-label={row.title}>
      <Cover src={row.cover_url} name={row.title} seed={row.id} tag="专题" />
      <div className="ykt-card-body">
        <div className="ykt-card-name" data-testid="topic-card-title" title={row.title}>
          {row.title}
        </div>
        <div className="ykt-card-desc">{row.description || "暂无简介"}</div>
        <div className="ykt-card-stats">
          <span title="内容数" data-testid="topic-card-count">
            <AppstoreOutlined /> {row.item_count} 项内容
          </span>
          <span title="浏览">
            <EyeOutlined /> {row.view_count}
          </span>
          {row.school_name ? <span>{row.school_name}</span> : null}
        </div>
      </div>
    </Link>
  );
}

/** Where an item's card goes: its video in the topic's player, else its own page, else nowhere. */
export function itemTarget(topicId: number, item: TopicItemCard): string {
  if (item.video_id) return itemVideoHref(topicId, item.id);
  return item.link;
}

/** One item of a topic as a card. */
export function ItemCard({ topicId, item, extra }: { topicId: number; item: TopicItemCard; extra?: ReactNode }) {
  const to = itemTarget(topicId, item);
  const body = (
    <>
      <Cover src={item.cover_url} name={item.name} seed={item.item_id + item.item_type} tag={item.type_name} time={item.duration} play={!!item.video_id} />
      <div className="ykt-card-body">
        <div className="ykt-card-name" title={item.name} data-testid="topic-item-name">
          {item.name}
        </div>
        <div className="ykt-card-sub">{dot(item.teacher_name, item.subject_name) || "—"}</div>
        <div className="ykt-card-sub">{item.school_name || " "}</div>
        {item.note ? (
          <div className="ykt-card-note" title={item.note}>
            {item.note}
          </div>
        ) : null}
        {extra}
      </div>
    </>
  );
  if (!to)
    return (
      <div className="ykt-card static" data-testid="topic-item" data-item-type={item.item_type}>
        {body}
      </div>
    );
  return (
    <Link to={to} className="ykt-card" data-testid="topic-item" data-item-type={item.item_type} aria-label={`${item.type_name}：${item.name}`}>
      {body}
    </Link>
  );
}

/** One public video as a card. */
export function VideoCard({ v, to }: { v: WebVideoCard; to?: string }) {
  return (
    <Link to={to ?? videoHref(v.id)} className="ykt-card" data-testid="video-card" data-video-id={v.id} aria-label={v.name}>
      <Cover src={v.thumbnail_url} name={v.name} seed={v.id} time={v.duration} play tag={v.subject_name || undefined} />
      <div className="ykt-card-body">
        <div className="ykt-card-name" title={v.name} data-testid="video-card-name">
          {v.name}
        </div>
        <div className="ykt-card-sub">{dot(v.account_name, v.grade_name || v.period_name)}</div>
        <div className="ykt-card-sub">{v.school_name || " "}</div>
      </div>
    </Link>
  );
}

/** A titled block. */
export function Block({
  title,
  count,
  extra,
  children,
  testId,
  id,
}: {
  title: ReactNode;
  count?: number;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
  id?: string;
}) {
  return (
    <section className="ykt-section" data-testid={testId} id={id}>
      <header className="ykt-section-head">
        <h3 className="ykt-section-title">
          {title}
          {count !== undefined ? <span className="ykt-section-count">共 {count} 项</span> : null}
        </h3>
        {extra}
      </header>
      {children}
    </section>
  );
}

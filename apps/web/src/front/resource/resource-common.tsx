/**
 * Shared pieces of the front site's course resources (#11; docs/api/resource.md): the public calls, the course cover
 * (image lazy-loaded, else the course colour with its first character) and the course card every list uses.
 */
import { EyeOutlined, FileTextOutlined, PlayCircleOutlined } from "@ant-design/icons";
import { COURSE_TYPE_NAMES, type WebResourceRow } from "@yanke/protocol";
import { Link } from "react-router";
import "./resource.css";

export const DETAIL_PATH = "/foreground/courseResourceVideo";
export const detailHref = (id: number) => `${DETAIL_PATH}?id=${id}`;

/** The course's own colour, else one of a few calm colours picked by its id. */
const PALETTE = ["#2f8f77", "#3a7bd5", "#d08b2c", "#8a5cc2", "#c2554f", "#2c8fb5"];
export function coverColor(r: { id: number; color: string }): string {
  return /^#[0-9a-fA-F]{6}$/.test(r.color) ? r.color : PALETTE[Math.abs(r.id) % PALETTE.length]!;
}

export function CourseCover({
  row,
  className = "",
  eager = false,
}: {
  row: { id: number; name: string; color: string; cover_url: string; course_type: number };
  className?: string;
  eager?: boolean;
}) {
  const color = coverColor(row);
  return (
    <div className={`ykr-cover ${className}`} style={{ background: `linear-gradient(135deg, ${color} 0%, ${color}cc 100%)` }} data-testid="resource-cover">
      {row.cover_url ? (
        <img src={row.cover_url} alt="" loading={eager ? "eager" : "lazy"} decoding="async" />
      ) : (
        <span className="ykr-cover-letter" aria-hidden="true">
          {row.name.trim().slice(0, 1) || "课"}
        </span>
      )}
      {COURSE_TYPE_NAMES[row.course_type] ? <span className="ykr-cover-type">{COURSE_TYPE_NAMES[row.course_type]}</span> : null}
    </div>
  );
}

const dot = (...parts: (string | undefined)[]) => parts.filter((p) => p?.trim()).join(" · ");

/** One published course: a link to its page (keyboard: Tab + Enter). */
export function ResourceCard({ row }: { row: WebResourceRow }) {
  return (
    <Link to={detailHref(row.id)} className="ykr-card" data-testid="resource-card" data-resource-id={row.id} aria-label={row.name}>
      <CourseCover row={row} />
      <div className="ykr-card-body">
        <div className="ykr-card-name" data-testid="resource-card-name" title={row.name}>
          {row.name}
        </div>
        <div className="ykr-card-sub">{dot(row.subject_name, row.grade_name) || "未设置学科"}</div>
        <div className="ykr-card-sub">{dot(row.school_name, row.account_name)}</div>
        <div className="ykr-card-stats">
          <span title="视频">
            <PlayCircleOutlined /> {row.video_count}
          </span>
          <span title="文档">
            <FileTextOutlined /> {row.file_count}
          </span>
          <span title="浏览" data-testid="resource-card-views">
            <EyeOutlined /> {row.view_count}
          </span>
        </div>
      </div>
    </Link>
  );
}

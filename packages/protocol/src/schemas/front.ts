/**
 * The public front site's own lists: live classrooms, school bulletins, AI-analysed lessons, lesson films, home page
 * blocks (issue #11; docs/api/front.md; decisions 1150–1155).
 *
 * Anonymous callers ("public") only ever see published things: published notices, analyses with publish_status 1 and
 * status 2, review activities past their draft, published topics; a live classroom's play address only while its
 * current timetable lesson is marked is_live. The film calls need a session (§2 Access rules).
 */
import { z } from "zod";
import { blankToUndef, zId, zLimit, zOptId, zOptText, zPage } from "./common.js";
import { TEACHING_MODES, type TeachingMode } from "./research.js";
import { call } from "../contract.js";
import { EmptyPayload } from "./common.js";
import type { Page } from "../codes.js";

export const FRONT_CALLS = {
  /** new: the home page's own blocks (live now, AI-analysed lessons, review activities, bulletins, topics, counts) */ frontHome: "/web/front/home",
  /** new: published platform / web notices per school */ frontBulletinList: "/web/bulletin/list",
  /** new */ frontBulletinDetail: "/web/bulletin/detail",
  /** new: classrooms live now (is_live lessons), upcoming is_live lessons today, recent replays */ frontLiveList: "/web/live/list",
  /** new: published, finished AI analyses with filters */ frontAnalysisList: "/web/analysis/list",
  /** new: lesson films (featured 公开课/优课, knowledge 微课, replay 往期回顾) — login */ frontFilmList: "/web/film/list",
  /** new: one film with its play addresses, its course and related films — login */ frontFilmDetail: "/web/film/detail",
  /** new: the filters' options across the platform (schools; period and subject names) */ frontOptions: "/web/front/options",
} as const;

/** /web/front/home: school_id narrows the school-bound blocks (0 or absent: the whole platform). */
export const FrontHomePayload = z.object({ school_id: zOptId("学校"), period_id: zOptId("学段") });
export type FrontHomePayload = z.input<typeof FrontHomePayload>;

/** /web/bulletin/list */
export const FrontBulletinListPayload = z.object({ page: zPage, limit: zLimit, school_id: zOptId("学校"), name: zOptText("标题", 60) });
export type FrontBulletinListPayload = z.input<typeof FrontBulletinListPayload>;
/** /web/bulletin/detail */
export const FrontBulletinDetailPayload = z.object({ id: zId("公告") });

/** /web/live/list */
export const FrontLiveListPayload = z.object({
  school_id: zOptId("学校"),
  replay_limit: z.preprocess(blankToUndef, z.coerce.number().int().min(0).max(50).default(12)).describe("回放条数"),
});
export type FrontLiveListPayload = z.input<typeof FrontLiveListPayload>;

/** /web/analysis/list */
export const FrontAnalysisListPayload = z.object({
  page: zPage,
  limit: zLimit,
  name: zOptText("名称", 60),
  subject_id: zOptId("学科"),
  period_id: zOptId("学段"),
  school_id: zOptId("学校"),
  subject_name: zOptText("学科名称", 30),
  period_name: zOptText("学段名称", 30),
  teacher: zOptText("教师", 30),
  mode: z.preprocess(blankToUndef, z.enum(TEACHING_MODES, { message: "教学模式只能是 练习型、讲授型、对话型 或 混合型" }).optional()).describe("教学模式"),
});
export type FrontAnalysisListPayload = z.input<typeof FrontAnalysisListPayload>;

/** featured: videos of published 公开课 / 优课资源 courses; knowledge: videos of published 视频资源 courses (微课); replay: videos of past is_live lessons. */
export const FILM_KINDS = ["featured", "knowledge", "replay"] as const;
export type FilmKind = (typeof FILM_KINDS)[number];
export const FILM_KIND_NAMES: Readonly<Record<FilmKind, string>> = { featured: "精品课例", knowledge: "微课视频", replay: "往期回顾" };
const zFilmKind = z.enum(FILM_KINDS, { message: "类别只能是 featured、knowledge 或 replay" }).describe("类别");
/** /web/film/list */
export const FrontFilmListPayload = z.object({
  kind: zFilmKind.default("featured"),
  page: zPage,
  limit: zLimit,
  name: zOptText("名称", 60),
  subject_id: zOptId("学科"),
  period_id: zOptId("学段"),
  school_id: zOptId("学校"),
  subject_name: zOptText("学科名称", 30),
  period_name: zOptText("学段名称", 30),
  /** new (default) or hot */
  order: z.preprocess(blankToUndef, z.enum(["new", "hot"], { message: "排序只能是 new 或 hot" }).optional()).describe("排序"),
});
export type FrontFilmListPayload = z.input<typeof FrontFilmListPayload>;
/** /web/film/detail: the video's id. */
export const FrontFilmDetailPayload = z.object({ id: zId("视频"), kind: z.preprocess(blankToUndef, zFilmKind.optional()) });

// ── answers ─────────────────────────────────────────────────────────────────────────────────────────────

/** A classroom on the live list: streaming now (state live) or an is_live lesson later today (upcoming). */
export interface FrontLiveRow {
  /** The timetable lesson. */
  timetable_id: number;
  state: "live" | "upcoming";
  equipment_id: number;
  position: string;
  school_id: number;
  school_name: string;
  class_name: string;
  course_name: string;
  chapter_name: string;
  subject_name: string;
  teacher_name: string;
  /** "YYYY-MM-DD HH:mm:ss" (Asia/Shanghai) */
  start_time: string;
  end_time: string;
  cover_url: string;
  /** Signed playback addresses while live; "" otherwise. */
  hls_url: string;
  flv_url: string;
  student_hls_url: string;
}

/** A lesson video card (films, replays, related). */
export interface FilmCard {
  id: number;
  name: string;
  cover_url: string;
  duration: number;
  account_id: number;
  account_name: string;
  school_id: number;
  school_name: string;
  subject_name: string;
  grade_name: string;
  period_name: string;
  /** The course it is bound to (0 for a replay without one). */
  course_id: number;
  course_name: string;
  course_type: number;
  course_type_name: string;
  views: number;
  created_at: string;
}

export interface FrontLiveList {
  live: FrontLiveRow[];
  upcoming: FrontLiveRow[];
  replays: FilmCard[];
}

export interface FrontBulletinRow {
  id: number;
  name: string;
  notice_type: number;
  notice_type_name: string;
  type_name: string;
  /** The school it belongs to (the author's); 0 with school_name 平台 for a platform-wide notice. */
  school_id: number;
  school_name: string;
  account_name: string;
  /** Plain text, at most 120 characters. */
  excerpt: string;
  created_at: string;
}
export interface FrontBulletinDetail extends FrontBulletinRow {
  /** Sanitized rich text. */
  message_content: string;
  start_time: string;
  end_time: string;
}
export interface FrontBulletinList {
  list: FrontBulletinRow[];
  total: number;
  page: number;
  limit: number;
  /** The schools that have published notices (the filter's options). */
  schools: { id: number; name: string; count: number }[];
}

/** A published, finished AI analysis (the report opens at /reportSecond?id=). */
export interface FrontAnalysisCard {
  id: number;
  name: string;
  video_id: number;
  cover_url: string;
  duration: number;
  account_name: string;
  school_id: number;
  school_name: string;
  subject_id: number;
  subject_name: string;
  grade_name: string;
  period_id: number;
  mode: TeachingMode | null;
  rt: number | null;
  ch: number | null;
  finished_at: string;
}

export interface FrontReviewCard {
  id: number;
  title: string;
  cover_url: string;
  phase: number;
  phase_name: string;
  school_name: string;
  signup_count: number;
  work_count: number;
  signup_end: string;
  submit_end: string;
  review_end: string;
}

export interface FrontTopicCard {
  id: number;
  title: string;
  description: string;
  cover_url: string;
  item_count: number;
}

/** /web/front/home */
export interface FrontHome {
  live: FrontLiveRow[];
  analyses: FrontAnalysisCard[];
  reviews: FrontReviewCard[];
  bulletins: FrontBulletinRow[];
  topics: FrontTopicCard[];
  counts: { courses: number; videos: number; analyses: number; teachers: number; schools: number; live: number };
}

export interface FrontFilmList {
  list: FilmCard[];
  total: number;
  page: number;
  limit: number;
  kind: FilmKind;
}

/** /web/film/detail */
export interface FrontFilmDetail {
  film: FilmCard;
  /** Playable addresses of the cameras (signed). */
  cameras: { camera: string; name: string; url: string; hls_url: string }[];
  course_introduce: string;
  /** The published AI analysis of this video, when there is one. */
  analysis_id: number;
  related: FilmCard[];
}

/** /web/front/options: periods and subjects are per school, so the front site filters them by name. */
export interface FrontOptions {
  schools: { id: number; name: string }[];
  periods: string[];
  subjects: string[];
}

/** The calls of FRONT_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const FRONT = {
  frontHome: call<FrontHome>()(FRONT_CALLS.frontHome, FrontHomePayload),
  frontBulletinList: call<FrontBulletinList>()(FRONT_CALLS.frontBulletinList, FrontBulletinListPayload),
  frontBulletinDetail: call<FrontBulletinDetail>()(FRONT_CALLS.frontBulletinDetail, FrontBulletinDetailPayload),
  frontLiveList: call<FrontLiveList>()(FRONT_CALLS.frontLiveList, FrontLiveListPayload),
  frontAnalysisList: call<Page<FrontAnalysisCard>>()(FRONT_CALLS.frontAnalysisList, FrontAnalysisListPayload),
  frontFilmList: call<FrontFilmList>()(FRONT_CALLS.frontFilmList, FrontFilmListPayload),
  frontFilmDetail: call<FrontFilmDetail>()(FRONT_CALLS.frontFilmDetail, FrontFilmDetailPayload),
  frontOptions: call<FrontOptions>()(FRONT_CALLS.frontOptions, EmptyPayload),
} as const;

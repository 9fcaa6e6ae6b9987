/**
 * Video on demand: my videos (community.md §3 My video), lesson recordings turned into videos, uploads registered as
 * videos, the dashboard's base video data (issue #6 "Video on demand"; docs/api/video.md).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";

export const VIDEO_CALLS = {
  /** c092 */ myVideoAll: "/middle/my_video/myVideoAll",
  /** c333 */ myVideoList: "/v2/my_video/list",
  /** c334 */ myVideoSave: "/v2/my_video/save",
  /** c335 */ myVideoUpdate: "/v2/my_video/update",
  /** new: one video with its playback addresses (the players /playVideo, /playVideos) */ myVideoRead: "/v2/my_video/read",
  /** new */ myVideoDelete: "/v2/my_video/delete",
  /** new: a share token for /videoSharing */ myVideoShare: "/v2/my_video/share",
  /** new (no login): a shared video by its token */ myVideoShared: "/v2/my_video/shared",
  /** c059 */ baseVideo: "/middle/board/baseVideo",
} as const;

/** Playback of packaged HLS, thumbnails and sprites: GET /vod/<exp>.<sig>/<video_id>/<camera>/<file>. */
export const VOD_PREFIX = "/vod";

export const VIDEO_STATUS_NAMES: Readonly<Record<string, string>> = { processing: "处理中", ready: "可播放", failed: "处理失败" };
/** analysis_status: none, or pending once an is_ai lesson is recorded (lesson analysis, #10, takes it from there). */
export const ANALYSIS_STATUSES = ["none", "pending", "running", "done", "failed"] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];
/** Share tokens stay valid this many days. */
export const VIDEO_SHARE_DAYS = 7;

const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const zIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);
const opt = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? "");
const zName = z.string().trim().min(1, "请输入视频名称").max(100, "视频名称不能超过 100 个字符").describe("视频名称");
const zInt0 = (label: string) => z.coerce.number().int("必须是整数").min(0, "不能为负数").describe(label);

/** c092: a teacher's videos (his own without account_id; an administrator may name an account of his schools). */
export const MyVideoAllPayload = z.object({
  page: zPage,
  limit: zLimit,
  account_id: zIdFilter("账号"),
  search_name: opt(zText("视频名称", 60)),
});
/** c333: the caller's videos (an administrator: his schools'), filtered. */
export const MyVideoListPayload = z.object({
  page: zPage,
  limit: zLimit,
  name: opt(zText("视频名称", 60)),
  period_id: zIdFilter("学段"),
  subject_id: zIdFilter("学科"),
  grade_config_id: zIdFilter("年级"),
  school_id: zIdFilter("学校"),
  /** recording or upload. */
  source: opt(z.enum(["recording", "upload"], { message: "只能是 recording 或 upload" }).describe("来源")),
});
/** c334: an uploaded file (#5) registered as a video. */
export const MyVideoSave = z.object({
  file_id: zId("文件"),
  /** An optional second camera (the student camera of the same lesson). */
  student_file_id: zIdFilter("学生机位文件"),
  name: zName,
  period_id: zInt0("学段").default(0),
  subject_id: zInt0("学科").default(0),
  grade_config_id: zInt0("年级").default(0),
});
/** c335: only the fields sent change. */
export const MyVideoUpdate = z.object({
  id: zId("视频编号"),
  name: opt(zName),
  period_id: opt(zInt0("学段")),
  subject_id: opt(zInt0("学科")),
  grade_config_id: opt(zInt0("年级")),
});
export const VideoIdPayload = z.object({ id: zId("视频编号") });
export const SharedVideoPayload = z.object({
  id: zId("视频编号"),
  token: z.string().trim().min(1, "分享链接无效").max(200, "分享链接无效").describe("分享码"),
});
/** c059: the caller's schools, or one of them. */
export const BaseVideoPayload = z.object({
  school_id: zIdFilter("学校"),
  days: z.coerce.number().int("必须是整数").min(1, "至少 1 天").max(90, "最多 90 天").default(30).describe("天数"),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

/** One camera of a video: the MP4 (Range requests), HLS when packaged, the thumbnail and the timeline sprite. */
export interface VideoCamera {
  camera: "teacher" | "student" | "main";
  file_id: number;
  /** Signed /files/<id> address of the MP4 (6 h). */
  url: string;
  /** Signed HLS VOD playlist, "" until packaged. */
  hls_url: string;
  thumbnail_url: string;
  /** A sprite of timeline thumbnails (sprite_interval seconds apart, sprite_columns per row, 160 px wide each); "" when none. */
  sprite_url: string;
  sprite_interval: number;
  sprite_columns: number;
  duration: number;
}

/** A video (community.md §3 My video) with its playback addresses. */
export interface VideoRow {
  id: number;
  name: string;
  account_id: number;
  account_name: string;
  school_id: number;
  school_name: string;
  grade_name: string;
  grade_config_id: number;
  period_id: number;
  period_name: string;
  subject_id: number;
  subject_name: string;
  /** The main camera's MP4 (the teacher camera of a lesson). */
  url: string;
  thumbnail_url: string;
  duration: number;
  source: "recording" | "upload";
  record_id: number;
  /** processing, ready, failed. */
  status: string;
  status_name: string;
  error: string;
  analysis_status: AnalysisStatus;
  cameras: VideoCamera[];
  created_at: string;
}

export interface VideoShareAnswer {
  id: number;
  token: string;
  /** The mobile page's path: /videoSharing?id=…&token=… */
  path: string;
  expires_at: string;
}

/** c059: the dashboard's base video data. */
export interface BaseVideoAnswer {
  totals: { videos: number; recordings: number; minutes: number; devices: number; live_devices: number };
  /** Last `days` days, oldest first (every day present, zeros included). */
  days: { date: string; videos: number; recordings: number; minutes: number }[];
  schools: { school_id: number; school_name: string; videos: number; recordings: number; minutes: number }[];
}

/** The calls of VIDEO_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const VIDEO = {
  myVideoAll: call<Page<VideoRow>>()(VIDEO_CALLS.myVideoAll, MyVideoAllPayload),
  myVideoList: call<Page<VideoRow>>()(VIDEO_CALLS.myVideoList, MyVideoListPayload),
  myVideoSave: call<VideoRow>()(VIDEO_CALLS.myVideoSave, MyVideoSave),
  myVideoUpdate: call<VideoRow>()(VIDEO_CALLS.myVideoUpdate, MyVideoUpdate),
  myVideoRead: call<VideoRow>()(VIDEO_CALLS.myVideoRead, VideoIdPayload),
  myVideoDelete: call<{ id: number }>()(VIDEO_CALLS.myVideoDelete, VideoIdPayload),
  myVideoShare: call<VideoShareAnswer>()(VIDEO_CALLS.myVideoShare, VideoIdPayload),
  myVideoShared: call<VideoRow>()(VIDEO_CALLS.myVideoShared, SharedVideoPayload),
  baseVideo: call<BaseVideoAnswer>()(VIDEO_CALLS.baseVideo, BaseVideoPayload),
} as const;

/**
 * Videos (community.md §3 My video; issue #6 "Video on demand"; docs/api/video.md): lesson recordings and uploaded
 * files registered as videos, their processing (probe, thumbnail, HLS, timeline sprite — the video.process job), the
 * lists c092 / c333, save and update c334 / c335, one video with signed playback addresses, sharing, and the
 * dashboard's base video data c059.
 *
 * Access (docs/decisions/0628): a video is read and changed by its owner and by administrators of its school
 * (OrgService.schoolsInScope); anyone with a share token reads it (7 days).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  type AnalysisStatus,
  type BaseVideoAnswer,
  type BaseVideoPayload,
  type EquipmentRow,
  type MyVideoAllPayload,
  type MyVideoListPayload,
  type MyVideoSave,
  type MyVideoUpdate,
  type Page,
  VIDEO_SHARE_DAYS,
  VIDEO_STATUS_NAMES,
  VOD_PREFIX,
  type VideoCamera,
  type VideoRow,
  type VideoShareAnswer,
} from "@yanke/protocol";
import { type SQL, and, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { badInput, conflict, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { LocalObjectStore, type ObjectStore } from "../../infra/storage/index.js";
import type { FileRecord } from "@yanke/protocol";
import { account } from "../account/account.schema.js";
import type { FileRow } from "../file/file.service.js";
import { probe } from "../file/media.js";
import { grade, period, school, schoolClass, subject } from "../org/org.schema.js";
import type { OrgService } from "../org/org.service.js";
import type { Caller } from "../../http/caller.js";
import { OUT_OF_SCOPE, and2, containsPattern, inSchools } from "../org/period.service.js";
import { addDays, dateOf, dayStart } from "../recording/clock.js";
import { packageHls, sprite, thumbnail } from "../recording/ffmpeg.js";
import { recording } from "../recording/recording.schema.js";
import { type CameraMedia, video } from "./video.schema.js";

type VideoRecord = typeof video.$inferSelect;
type RecordingRecord = typeof recording.$inferSelect;
type CameraKey = "teacher" | "student" | "main";

/** Signed playback addresses stay valid this long. */
const SIGNED_TTL_S = 6 * 3600;
const SPRITE_COLUMNS = 10;
const SPRITE_MAX_FRAMES = 100;

export interface VideoFiles {
  fileRow(id: number): Promise<FileRow | undefined>;
  signedPath(id: number): string;
  remove(actor: Caller, id: number): Promise<unknown>;
  adopt(accountId: number, localPath: string, realName: string, module: string): Promise<FileRecord>;
}

export interface VideoServiceDeps {
  db: Db;
  org: OrgService;
  store: ObjectStore;
  files: VideoFiles;
  ffmpeg: string;
  ffprobe: string;
  /** Key of the playback and share signatures (derived from the server secret). */
  signingKey: Buffer;
  /** Queues video.process (the media job queue). */
  enqueue(videoId: number): Promise<void>;
  /** Devices the caller sees (EquipmentService.allList), for the dashboard. */
  allDevices(c: Caller, q: { school_id?: number }): Promise<EquipmentRow[]>;
  now?: () => Date;
}

export class VideoService {
  private readonly db: Db;
  now: () => Date;
  /** Lesson analysis (#10) takes on a ready video whose analysis_status is pending (set by app.ts). */
  onAnalysisReady: ((videoId: number) => Promise<unknown>) | undefined;

  constructor(private readonly deps: VideoServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
  }

  // ── signatures ───────────────────────────────────────────────────────────────────────────────────────────

  private sign(text: string): string {
    return createHmac("sha256", this.deps.signingKey).update(text).digest("base64url").slice(0, 32);
  }

  private verify(text: string, sig: string): boolean {
    const want = Buffer.from(this.sign(text));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  /** /vod/<exp>.<sig>/<id>/<camera>/<file>: the signature covers the video and the expiry; relative HLS segment paths keep it. */
  vodPath(videoId: number, camera: string, file: string): string {
    const exp = Math.floor(this.now().getTime() / 1000) + SIGNED_TTL_S;
    return `${VOD_PREFIX}/${exp}.${this.sign(`vod.${videoId}.${exp}`)}/${videoId}/${camera}/${file}`;
  }

  /** The object key a /vod address names, or undefined when the signature or the name is not valid. */
  async vodObject(token: string, videoId: number, camera: string, file: string): Promise<string | undefined> {
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!m || !/^(teacher|student|main)$/.test(camera) || !/^[A-Za-z0-9_.-]{1,64}$/.test(file) || file.startsWith(".")) return undefined;
    const exp = Number(m[1]);
    if (exp * 1000 < this.now().getTime() || !this.verify(`vod.${videoId}.${exp}`, m[2]!)) return undefined;
    return `videos/${videoId}/${camera}/${file}`;
  }

  readObject(key: string, range?: { start: number; end: number }) {
    return this.deps.store.read(key, range);
  }

  statObject(key: string) {
    return this.deps.store.stat(key);
  }

  // ── access ───────────────────────────────────────────────────────────────────────────────────────────────

  private async byId(id: number): Promise<VideoRecord | undefined> {
    const [row] = await this.db.select().from(video).where(eq(video.id, id));
    return row;
  }

  private async mayManage(c: Caller, v: VideoRecord): Promise<boolean> {
    if (v.account_id === c.id) return true;
    const schools = await this.deps.org.schoolsInScope(c);
    return schools === undefined || (v.school_id !== 0 && schools.includes(v.school_id));
  }

  /** A video the caller owns or administers (404 otherwise). */
  private async managedVideo(c: Caller, id: number): Promise<VideoRecord> {
    const v = await this.byId(id);
    if (!v || !(await this.mayManage(c, v))) throw notFound(`视频${OUT_OF_SCOPE}`);
    return v;
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────

  private select() {
    return this.db
      .select({
        v: video,
        account_name: account.realname,
        school_name: school.title,
        grade_name: grade.name,
        period_name: period.name,
        subject_name: subject.name,
      })
      .from(video)
      .leftJoin(account, eq(account.id, video.account_id))
      .leftJoin(school, eq(school.id, video.school_id))
      .leftJoin(grade, eq(grade.id, video.grade_id))
      .leftJoin(period, eq(period.id, video.period_id))
      .leftJoin(subject, eq(subject.id, video.subject_id));
  }

  private camera(v: VideoRecord, key: CameraKey, fileId: number): VideoCamera {
    const m: CameraMedia | undefined = v.cameras[key];
    const frames = m?.duration ? Math.min(SPRITE_MAX_FRAMES, Math.max(1, Math.ceil(m.duration / spriteInterval(m.duration)))) : 0;
    return {
      camera: key,
      file_id: fileId,
      url: this.deps.files.signedPath(fileId),
      hls_url: m?.hls ? this.vodPath(v.id, key, "index.m3u8") : "",
      thumbnail_url: m?.thumbnail ? this.vodPath(v.id, key, "thumb.jpg") : "",
      sprite_url: m?.sprite ? this.vodPath(v.id, key, "sprite.jpg") : "",
      sprite_interval: m?.sprite ? spriteInterval(m.duration) : 0,
      sprite_columns: m?.sprite ? Math.min(SPRITE_COLUMNS, frames) : 0,
      duration: m?.duration ?? 0,
    };
  }

  private toRow(r: Awaited<ReturnType<ReturnType<VideoService["select"]>["execute"]>>[number]): VideoRow {
    const v = r.v;
    const cameras: VideoCamera[] = CAMERA_ORDER.filter((k) => v.cameras[k]).map((k) => this.camera(v, k, v.cameras[k]!.file_id));
    const main = cameras[0];
    return {
      id: v.id,
      name: v.name,
      account_id: v.account_id,
      account_name: r.account_name ?? "",
      school_id: v.school_id,
      school_name: r.school_name ?? "",
      grade_name: r.grade_name ?? "",
      grade_config_id: v.grade_id,
      period_id: v.period_id,
      period_name: r.period_name ?? "",
      subject_id: v.subject_id,
      subject_name: r.subject_name ?? "",
      url: main?.url ?? "",
      thumbnail_url: main?.thumbnail_url ?? "",
      duration: Math.round(v.duration),
      source: v.source === "upload" ? "upload" : "recording",
      record_id: v.recording_id ?? 0,
      status: v.status,
      status_name: VIDEO_STATUS_NAMES[v.status] ?? v.status,
      error: v.error,
      analysis_status: v.analysis_status as AnalysisStatus,
      cameras,
      created_at: formatTime(v.created_at),
    };
  }

  async row(id: number): Promise<VideoRow> {
    const [r] = await this.select().where(eq(video.id, id));
    if (!r) throw notFound("视频不存在");
    return this.toRow(r);
  }

  private async page(where: SQL | undefined, page: number, limit: number): Promise<Page<VideoRow>> {
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(video).where(where);
    const rows = await this.select()
      .where(where)
      .orderBy(desc(video.created_at), desc(video.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { list: rows.map((r) => this.toRow(r)), total: n, page, limit };
  }

  // ── lists and reads ──────────────────────────────────────────────────────────────────────────────────────

  /** c092: an account's videos (default the caller's; another account only for his administrators). */
  async myVideoAll(c: Caller, q: z.output<typeof MyVideoAllPayload>): Promise<Page<VideoRow>> {
    const accountId = q.account_id || c.id;
    if (accountId !== c.id) {
      const [a] = await this.db.select({ school_id: account.school_id }).from(account).where(eq(account.id, accountId));
      if (!a || !(await this.deps.org.inScope(c, a.school_id))) throw notFound(`账号${OUT_OF_SCOPE}`);
    }
    const where = and2(eq(video.account_id, accountId), q.search_name ? sql`${video.name} ilike ${containsPattern(q.search_name)}` : undefined);
    return this.page(where, q.page, q.limit);
  }

  /** c333: the caller's videos, and an administrator's schools' videos. */
  async list(c: Caller, q: z.output<typeof MyVideoListPayload>): Promise<Page<VideoRow>> {
    const schools = c.identity === 2 ? [] : await this.deps.org.schoolsInScope(c);
    const mine = eq(video.account_id, c.id);
    const scope = schools === undefined ? undefined : schools.length ? or(mine, inArray(video.school_id, schools)) : mine;
    const where = and2(
      scope,
      q.name ? sql`${video.name} ilike ${containsPattern(q.name)}` : undefined,
      q.period_id ? eq(video.period_id, q.period_id) : undefined,
      q.subject_id ? eq(video.subject_id, q.subject_id) : undefined,
      q.grade_config_id ? eq(video.grade_id, q.grade_config_id) : undefined,
      q.school_id ? eq(video.school_id, q.school_id) : undefined,
      q.source ? eq(video.source, q.source) : undefined,
    );
    return this.page(where, q.page, q.limit);
  }

  /** One video with its playback addresses (for /playVideo and /playVideos). */
  async read(c: Caller, id: number): Promise<VideoRow> {
    await this.managedVideo(c, id);
    return this.row(id);
  }

  // ── save, update, delete ─────────────────────────────────────────────────────────────────────────────────

  /** grade → its period; checks that period, subject and grade exist and agree (400 otherwise). */
  private async classify(p: {
    period_id: number;
    subject_id: number;
    grade_config_id: number;
  }): Promise<{ period_id: number; subject_id: number; grade_id: number }> {
    let periodId = p.period_id;
    if (p.grade_config_id) {
      const [g] = await this.db.select({ period_id: grade.period_id }).from(grade).where(eq(grade.id, p.grade_config_id));
      if (!g) throw badInput("年级(grade_config_id): 不存在");
      if (periodId && periodId !== g.period_id) throw badInput("年级(grade_config_id): 不属于所选学段");
      periodId = g.period_id;
    }
    if (p.subject_id) {
      const [s] = await this.db.select({ period_id: subject.period_id }).from(subject).where(eq(subject.id, p.subject_id));
      if (!s) throw badInput("学科(subject_id): 不存在");
      if (periodId && periodId !== s.period_id) throw badInput("学科(subject_id): 不属于所选学段");
      periodId = s.period_id;
    }
    if (periodId && !(await this.db.select({ id: period.id }).from(period).where(eq(period.id, periodId))).length) throw badInput("学段(period_id): 不存在");
    return { period_id: periodId, subject_id: p.subject_id, grade_id: p.grade_config_id };
  }

  private async ownVideoFile(c: Caller, fileId: number, field: string): Promise<void> {
    const f = await this.deps.files.fileRow(fileId);
    if (!f || f.account_id !== c.id) throw notFound(`文件(${field}): 不存在或不是您上传的文件`);
    if (f.kind !== "video") throw badInput(`文件(${field}): 只能登记视频文件`);
    const [used] = await this.db
      .select({ id: video.id, name: video.name })
      .from(video)
      .where(or(eq(video.file_id, fileId), eq(video.student_file_id, fileId)));
    if (used) throw conflict(`该文件已登记为视频《${used.name}》`);
  }

  /** c334: an uploaded video file (the caller's) becomes a video; processing follows. */
  async save(c: Caller, p: z.output<typeof MyVideoSave>): Promise<VideoRow> {
    await this.ownVideoFile(c, p.file_id, "file_id");
    if (p.student_file_id) {
      if (p.student_file_id === p.file_id) throw badInput("学生机位文件(student_file_id): 不能与主文件相同");
      await this.ownVideoFile(c, p.student_file_id, "student_file_id");
    }
    const cls = await this.classify(p);
    const [a] = await this.db.select({ school_id: account.school_id }).from(account).where(eq(account.id, c.id));
    const [row] = await this.db
      .insert(video)
      .values({
        name: p.name,
        account_id: c.id,
        school_id: a?.school_id ?? 0,
        ...cls,
        source: "upload",
        file_id: p.file_id,
        student_file_id: p.student_file_id || null,
        cameras: { main: pending(p.file_id), ...(p.student_file_id ? { student: pending(p.student_file_id) } : {}) },
        created_at: this.now(),
        updated_at: this.now(),
      })
      .returning({ id: video.id });
    await this.deps.enqueue(row!.id);
    return this.row(row!.id);
  }

  /** c335: only the fields sent change. */
  async update(c: Caller, p: z.output<typeof MyVideoUpdate>): Promise<VideoRow> {
    const v = await this.managedVideo(c, p.id);
    const set: Partial<VideoRecord> = { updated_at: this.now() };
    if (p.name !== undefined) set.name = p.name;
    if (p.period_id !== undefined || p.subject_id !== undefined || p.grade_config_id !== undefined) {
      const cls = await this.classify({
        period_id: p.period_id ?? (p.grade_config_id !== undefined || p.subject_id !== undefined ? 0 : v.period_id),
        subject_id: p.subject_id ?? v.subject_id,
        grade_config_id: p.grade_config_id ?? v.grade_id,
      });
      Object.assign(set, cls);
    }
    await this.db.update(video).set(set).where(eq(video.id, v.id));
    return this.row(v.id);
  }

  /** The video, its stored files (quota given back) and its HLS, thumbnails and sprites. */
  async remove(c: Caller, id: number): Promise<{ id: number }> {
    const v = await this.managedVideo(c, id);
    await this.db.delete(video).where(eq(video.id, v.id));
    if (v.recording_id) await this.db.update(recording).set({ video_id: null }).where(eq(recording.id, v.recording_id));
    for (const fileId of [v.file_id, v.student_file_id]) if (fileId) await this.deps.files.remove(c, fileId).catch(() => undefined);
    await this.deps.store.deletePrefix(`videos/${v.id}/`);
    return { id: v.id };
  }

  // ── sharing ──────────────────────────────────────────────────────────────────────────────────────────────

  async share(c: Caller, id: number): Promise<VideoShareAnswer> {
    const v = await this.managedVideo(c, id);
    const exp = Math.floor(this.now().getTime() / 1000) + VIDEO_SHARE_DAYS * 86400;
    const token = `${exp}.${this.sign(`share.${v.id}.${exp}`)}`;
    return { id: v.id, token, path: `/videoSharing?id=${v.id}&token=${encodeURIComponent(token)}`, expires_at: formatTime(new Date(exp * 1000)) };
  }

  /** A shared video (no login): its row with signed addresses, 404 when the token is not valid or expired. */
  async shared(id: number, token: string): Promise<VideoRow> {
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
    const exp = m ? Number(m[1]) : 0;
    if (!m || exp * 1000 < this.now().getTime() || !this.verify(`share.${id}.${exp}`, m[2]!) || !(await this.byId(id))) {
      throw notFound("分享链接无效或已过期");
    }
    return this.row(id);
  }

  // ── from a recording ─────────────────────────────────────────────────────────────────────────────────────

  /** The video of a finished recording (created once); an is_ai lesson is marked for lesson analysis (#10). */
  async fromRecording(rec: RecordingRecord): Promise<number> {
    const [existing] = await this.db.select({ id: video.id }).from(video).where(eq(video.recording_id, rec.id));
    if (existing) return existing.id;
    const teacher = rec.files.teacher;
    const student = rec.files.student;
    const main = teacher ?? student;
    if (!main) throw new Error(`recording ${rec.id} has no files`);
    const [cls] = rec.class_id
      ? await this.db
          .select({ grade_id: grade.id, period_id: grade.period_id })
          .from(schoolClass)
          .innerJoin(grade, eq(grade.id, schoolClass.grade_id))
          .where(eq(schoolClass.id, rec.class_id))
      : [];
    const cameras: VideoRecord["cameras"] = {};
    if (teacher) cameras.teacher = pending(teacher);
    if (student) cameras.student = pending(student);
    const [row] = await this.db
      .insert(video)
      .values({
        name: rec.course_name,
        account_id: rec.account_id,
        school_id: rec.school_id,
        period_id: cls?.period_id ?? 0,
        subject_id: rec.subject_id,
        grade_id: cls?.grade_id ?? 0,
        class_id: rec.class_id,
        source: "recording",
        recording_id: rec.id,
        file_id: main,
        student_file_id: teacher && student ? student : null,
        cameras,
        duration: rec.duration,
        analysis_status: rec.is_ai ? "pending" : "none",
        created_at: this.now(),
        updated_at: this.now(),
      })
      .returning({ id: video.id });
    return row!.id;
  }

  // ── the video.process job ────────────────────────────────────────────────────────────────────────────────

  /** Probe, thumbnail, HLS and sprite of each camera (idempotent: a camera done is skipped). */
  async process(videoId: number): Promise<void> {
    const v = await this.byId(videoId);
    if (!v) return;
    const cameras = { ...v.cameras };
    let duration = v.duration;
    for (const key of CAMERA_ORDER) {
      const fileId = cameras[key]?.file_id;
      if (!fileId || cameras[key]?.hls) continue;
      const file = await this.deps.files.fileRow(fileId);
      if (!file) throw new Error(`文件 ${fileId} 不存在`);
      cameras[key] = await this.withLocal(file.storage_key, async (local) => this.processCamera(v.id, key, fileId, local));
      duration = Math.max(duration, cameras[key]!.duration);
      await this.db.update(video).set({ cameras, duration, updated_at: this.now() }).where(eq(video.id, v.id));
    }
    await this.db.update(video).set({ status: "ready", error: "", updated_at: this.now() }).where(eq(video.id, v.id));
    // An is_ai lesson goes on to analysis (#10); a failure there never fails the video.
    if (v.analysis_status === "pending" && this.onAnalysisReady) {
      await this.onAnalysisReady(v.id).catch((e: unknown) =>
        console.warn(`[video] analysis hand-off of video ${v.id} failed:`, e instanceof Error ? e.message : e),
      );
    }
  }

  async failed(videoId: number, error: string): Promise<void> {
    await this.db
      .update(video)
      .set({ status: "failed", error: error.slice(0, 500), updated_at: this.now() })
      .where(eq(video.id, videoId));
  }

  private async processCamera(videoId: number, key: CameraKey, fileId: number, local: string): Promise<CameraMedia> {
    const media = await probe(this.deps.ffprobe, local);
    if (!media?.duration) throw new Error("ffprobe 无法读取该视频");
    const prefix = `videos/${videoId}/${key}/`;
    const work = await mkdtemp(path.join(this.deps.store.tmpDir, "vod-"));
    try {
      await this.deps.store.deletePrefix(prefix);
      const out: CameraMedia = { file_id: fileId, duration: media.duration, thumbnail: "", hls: "", sprite: "" };
      if (media.videoCodec) {
        await thumbnail(this.deps.ffmpeg, local, path.join(work, "thumb.jpg"), Math.min(1, media.duration / 2));
        const interval = spriteInterval(media.duration);
        const frames = Math.min(SPRITE_MAX_FRAMES, Math.max(1, Math.ceil(media.duration / interval)));
        await sprite(this.deps.ffmpeg, local, path.join(work, "sprite.jpg"), interval, SPRITE_COLUMNS, Math.ceil(frames / SPRITE_COLUMNS)).catch(
          () => undefined,
        );
      }
      const hlsDir = path.join(work, "hls");
      await mkdir(hlsDir);
      await packageHls(this.deps.ffmpeg, local, hlsDir);
      // Segments first, the playlist last: a playlist in the store always names segments that are there.
      const names = (await readdir(hlsDir)).sort((a, b) => (a === "index.m3u8" ? 1 : b === "index.m3u8" ? -1 : a.localeCompare(b)));
      for (const name of names) {
        await this.deps.store.putFile(`${prefix}${name}`, path.join(hlsDir, name), {
          contentType: name.endsWith(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t",
        });
      }
      out.hls = `${prefix}index.m3u8`;
      for (const name of ["thumb.jpg", "sprite.jpg"]) {
        const p = path.join(work, name);
        if (
          await stat(p).then(
            () => true,
            () => false,
          )
        ) {
          await this.deps.store.putFile(`${prefix}${name}`, p, { contentType: "image/jpeg" });
          if (name === "thumb.jpg") out.thumbnail = `${prefix}${name}`;
          else out.sprite = `${prefix}${name}`;
        }
      }
      return out;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async withLocal<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    if (this.deps.store instanceof LocalObjectStore) return fn(this.deps.store.file(key));
    const dir = await mkdtemp(path.join(this.deps.store.tmpDir, "copy-"));
    const file = path.join(dir, "video.mp4");
    try {
      await pipeline(await this.deps.store.read(key), createWriteStream(file));
      return await fn(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  // ── the dashboard ────────────────────────────────────────────────────────────────────────────────────────

  /** c059: counts of videos and recordings and minutes, by day for the last `days` days and by school. */
  async baseVideo(c: Caller, q: z.output<typeof BaseVideoPayload>): Promise<BaseVideoAnswer> {
    const managed = await this.deps.org.schoolsInScope(c);
    let schools = managed === undefined ? undefined : c.school_id && !managed.includes(c.school_id) ? [...managed, c.school_id] : managed;
    if (q.school_id) {
      if (schools !== undefined && !schools.includes(q.school_id)) throw notFound(`学校${OUT_OF_SCOPE}`);
      schools = [q.school_id];
    }
    const today = dateOf(this.now());
    const first = addDays(today, 1 - q.days);
    const since = dayStart(first);
    const vScope = inSchools(video.school_id, schools);
    const rScope = inSchools(recording.school_id, schools);
    const day = (col: SQL) => sql<string>`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
    const vDays = await this.db
      .select({ d: day(sql`${video.created_at}`), n: sql<number>`count(*)::int`, s: sql<number>`coalesce(sum(${video.duration}), 0)::float` })
      .from(video)
      .where(and(vScope ?? sql`true`, gte(video.created_at, since), sql`${video.status} <> 'failed'`))
      .groupBy(sql`1`);
    const rDays = await this.db
      .select({ d: day(sql`${recording.start_at}`), n: sql<number>`count(*)::int` })
      .from(recording)
      .where(and(rScope ?? sql`true`, gte(recording.start_at, since), sql`${recording.state} <> 'failed'`))
      .groupBy(sql`1`);
    const vMap = new Map(vDays.map((r) => [r.d, r]));
    const rMap = new Map(rDays.map((r) => [r.d, r.n]));
    const days = Array.from({ length: q.days }, (_, i) => {
      const d = addDays(first, i);
      return { date: d, videos: vMap.get(d)?.n ?? 0, recordings: rMap.get(d) ?? 0, minutes: Math.round((vMap.get(d)?.s ?? 0) / 60) };
    });
    const vSchools = await this.db
      .select({ id: video.school_id, n: sql<number>`count(*)::int`, s: sql<number>`coalesce(sum(${video.duration}), 0)::float` })
      .from(video)
      .where(and(vScope ?? sql`true`, sql`${video.status} <> 'failed'`))
      .groupBy(video.school_id);
    const rSchools = await this.db
      .select({ id: recording.school_id, n: sql<number>`count(*)::int` })
      .from(recording)
      .where(and(rScope ?? sql`true`, sql`${recording.state} <> 'failed'`))
      .groupBy(recording.school_id);
    const ids = [...new Set([...vSchools.map((r) => r.id), ...rSchools.map((r) => r.id)].filter((id) => id > 0))];
    const titles = await this.deps.org.schoolTitles(ids);
    const rById = new Map(rSchools.map((r) => [r.id, r.n]));
    const vById = new Map(vSchools.map((r) => [r.id, r]));
    const bySchool = ids
      .map((id) => ({
        school_id: id,
        school_name: titles.get(id) ?? "",
        videos: vById.get(id)?.n ?? 0,
        recordings: rById.get(id) ?? 0,
        minutes: Math.round((vById.get(id)?.s ?? 0) / 60),
      }))
      .sort((a, b) => b.minutes - a.minutes || b.videos - a.videos || a.school_id - b.school_id);
    const devices = await this.deps.allDevices(c, { school_id: q.school_id });
    return {
      totals: {
        videos: vSchools.reduce((a, r) => a + r.n, 0),
        recordings: rSchools.reduce((a, r) => a + r.n, 0),
        minutes: Math.round(vSchools.reduce((a, r) => a + r.s, 0) / 60),
        devices: devices.length,
        live_devices: devices.filter((d) => d.liveStreamStatus === 1).length,
      },
      days,
      schools: bySchool,
    };
  }
}

const CAMERA_ORDER: CameraKey[] = ["teacher", "main", "student"];

/** A camera not processed yet. */
function pending(fileId: number): CameraMedia {
  return { file_id: fileId, duration: 0, thumbnail: "", hls: "", sprite: "" };
}

/**
 * Seconds between timeline thumbnails: the video spread over at most SPRITE_MAX_FRAMES frames, never closer than 2 s
 * (the cameras' keyframe interval — only keyframes are decoded), so a short clip gets a useful strip too.
 */
function spriteInterval(duration: number): number {
  return Math.max(2, Math.ceil(duration / SPRITE_MAX_FRAMES));
}

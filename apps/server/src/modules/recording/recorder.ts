/**
 * The recorder (docs/decisions/0620, 0624, 0626): a tick every second (injectable clock) that
 *   - marks the scheduled slots whose end passed as missed (logged),
 *   - starts a recording for each due slot whose class device pushes (late when it came late; noted),
 *   - keeps the all-day devices' hourly recordings going,
 *   - for every recording in progress: captures each wanted camera that is live (a stream that dropped and came back
 *     adds a part to the SAME recording), and finishes the recording once its end is reached,
 *   - runs the media jobs (join parts → stored files → video → probe, thumbnail, HLS).
 *
 * Everything it needs to go on is in the database: after a stop or a crash, start() closes the parts left open and
 * the next tick resumes the recordings whose window is still open (new parts), finishes the others, and marks the
 * slots that were missed.
 */
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { MANUAL_MAX_MINUTES, RECORD_TYPE, SLOT_STATUS } from "@yanke/protocol";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { Camera, LiveLog } from "../live/live.types.js";
import { clockOf, dateOf, hourOf } from "./clock.js";
import type { DeviceDirectory } from "./devices.js";
import { Capture, joinParts } from "./ffmpeg.js";
import type { MediaJobs } from "./media-jobs.js";
import { allDayDevice, recording, recordingPart } from "./recording.schema.js";
import type { TimetableService } from "./timetable.service.js";

type RecordingRow = typeof recording.$inferSelect;

/** What the recorder reads of the ingest (LiveIngest satisfies it). */
export interface LiveFeed {
  isLive(equipmentId: number, camera: Camera): boolean;
  subscribe(equipmentId: number, camera: Camera): Readable | undefined | Promise<Readable | undefined>;
  on?(event: "publish", listener: (info: { equipmentId: number; camera: Camera }) => void): unknown;
  off?(event: "publish", listener: (info: { equipmentId: number; camera: Camera }) => void): unknown;
}

/** How a finished recording becomes files and a video (FileService and VideoService through app.ts). */
export interface RecordingSink {
  /** Moves a local MP4 into the store as the account's file (quota charged); answers the stored file id. */
  adopt(accountId: number, localPath: string, name: string): Promise<number>;
  /** Registers (once) the video of a recording whose files are stored; answers its id (a video.process job follows). */
  videoOf(rec: RecordingRow): Promise<number>;
  /** Seconds of a local media file (ffprobe), undefined when unreadable. */
  duration(file: string): Promise<number | undefined>;
}

export interface RecorderDeps {
  db: Db;
  live: LiveFeed;
  devices: DeviceDirectory;
  timetables: TimetableService;
  jobs: MediaJobs;
  sink: RecordingSink;
  dataDir: string;
  ffmpeg: string;
  log: LiveLog;
  /** Tick interval (default 1000 ms). */
  tickMs?: number;
}

const CAMERA_NAMES: Record<Camera, string> = { teacher: "教师机位", student: "学生机位" };
/** A slot started this much after its time is noted as late. */
const LATE_NOTE_MS = 10_000;

export function camerasOf(recordModel: number): Camera[] {
  return recordModel === 2 ? ["teacher"] : recordModel === 3 ? ["student"] : ["teacher", "student"];
}

export class Recorder {
  private readonly db: Db;
  /** The clock (tests replace it). */
  now: () => Date = () => new Date();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly captures = new Map<string, { capture: Capture; partId: number; recordingId: number; camera: Camera; closed?: Promise<void> }>();
  private readonly onPublish = () => this.kick();

  constructor(private readonly deps: RecorderDeps) {
    this.db = deps.db;
  }

  private abs(rel: string): string {
    return path.join(this.deps.dataDir, rel);
  }

  /** Recovers what a stop or crash left, then ticks every second. */
  async start(): Promise<void> {
    this.stopped = false;
    const now = this.now();
    const open = await this.db
      .update(recordingPart)
      .set({ state: "closed", ended_at: now })
      .where(eq(recordingPart.state, "open"))
      .returning({ id: recordingPart.id });
    const resumed = await this.db.select({ id: recording.id, course_name: recording.course_name }).from(recording).where(eq(recording.state, "recording"));
    for (const r of resumed) this.deps.log.info(`录制 #${r.id}《${r.course_name}》在重启后继续（已关闭 ${open.length} 个未结束的片段）`);
    await this.deps.jobs.recover();
    // A finish that a crash interrupted before its job was queued.
    const processing = await this.db.select({ id: recording.id }).from(recording).where(eq(recording.state, "processing"));
    for (const r of processing) await this.deps.jobs.enqueue("recording.finalize", r.id);
    this.deps.live.on?.("publish", this.onPublish);
    this.timer = setInterval(() => this.kick(), this.deps.tickMs ?? 1000);
    this.timer.unref();
    this.kick();
  }

  /** Stops ticking and capturing: the parts are closed, the recordings stay in progress for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.deps.live.off?.("publish", this.onPublish);
    await this.ticking?.catch(() => undefined);
    await Promise.all([...this.captures.values()].map((c) => c.capture.stop().then(() => c.closed)));
    await this.deps.jobs.stop();
  }

  /** Runs a tick now (or right after the one in progress). */
  kick(): void {
    if (this.stopped) return;
    if (this.ticking !== undefined) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch((e: unknown) => this.deps.log.error(`录制调度出错：${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        this.ticking = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** One pass (tests may await it directly after setting the clock). */
  async tick(): Promise<void> {
    const now = this.now();
    for (const slot of await this.deps.timetables.markMissed(now)) {
      this.deps.log.warn(
        `课程 #${slot.id}《${slot.course_name}》${slot.currency_date} ${clockOf(slot.start_at)}–${clockOf(slot.end_at)} 未录制（${slot.note}）`,
      );
    }
    for (const slot of await this.deps.timetables.due(now)) await this.startSlot(slot, now);
    await this.allDay(now);
    const active = await this.db.select().from(recording).where(eq(recording.state, "recording")).orderBy(asc(recording.id));
    for (const rec of active) {
      if (this.stopped) return;
      if (rec.end_at <= now) await this.finish(rec, now);
      else await this.capture(rec, now);
    }
    if (this.stopped) return;
    void this.deps.jobs.drain();
    // Starts and ends between two ticks happen on time, not up to a tick late.
    const tickMs = this.deps.tickMs ?? 1000;
    const next = await this.deps.timetables.nextStart(now, tickMs);
    const soon = [...active.map((r) => r.end_at.getTime()), ...(next ? [next.getTime()] : [])].map((t) => t - now.getTime()).filter((d) => d > 0 && d < tickMs);
    if (soon.length) {
      const wake = setTimeout(() => this.kick(), Math.min(...soon) + 5);
      wake.unref();
    }
  }

  private liveCameras(equipmentId: number, cams: Camera[]): Camera[] {
    return cams.filter((c) => this.deps.live.isLive(equipmentId, c));
  }

  private async startSlot(slot: Awaited<ReturnType<TimetableService["due"]>>[number], now: Date): Promise<void> {
    const device = await this.deps.devices.forClass(slot.class_id);
    if (device?.is_record !== 1) {
      const note = device ? "班级设备已关闭录制" : "班级没有启用的录播设备";
      if (slot.note !== note) await this.deps.timetables.setStatus(slot.id, SLOT_STATUS.scheduled, note);
      return;
    }
    if (this.liveCameras(device.id, camerasOf(slot.record_model)).length === 0) {
      const note = "等待设备推流";
      if (slot.note !== note) await this.deps.timetables.setStatus(slot.id, SLOT_STATUS.scheduled, note);
      return;
    }
    const late = now.getTime() - slot.start_at.getTime() > LATE_NOTE_MS;
    const note = late ? `晚于计划开始（${clockOf(now)} 开始录制）` : "";
    const [rec] = await this.db
      .insert(recording)
      .values({
        record_type: slot.kind === "reservation" ? RECORD_TYPE.reservation : RECORD_TYPE.timetable,
        timetable_id: slot.id,
        equipment_id: device.id,
        school_id: slot.school_id,
        class_id: slot.class_id,
        subject_id: slot.subject_id,
        account_id: slot.account_id || slot.created_by,
        course_name: slot.course_name,
        record_model: slot.record_model,
        is_ai: slot.is_ai,
        start_at: now > slot.start_at ? now : slot.start_at,
        end_at: slot.end_at,
        note,
        created_by: slot.created_by,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing()
      .returning();
    await this.deps.timetables.setStatus(slot.id, SLOT_STATUS.recording, note);
    if (rec) this.deps.log.info(`课程 #${slot.id}《${slot.course_name}》开始录制（录制 #${rec.id}，设备 ${device.id}）${note ? `：${note}` : ""}`);
  }

  private async allDay(now: Date): Promise<void> {
    const devices = await this.db.select().from(allDayDevice).where(eq(allDayDevice.enabled, 1));
    if (!devices.length) return;
    const hour = hourOf(now);
    const facts = await this.deps.devices.byIds(devices.map((d) => d.equipment_id));
    for (const d of devices) {
      const dev = facts.get(d.equipment_id);
      if (dev?.status !== 1 || this.liveCameras(dev.id, ["teacher", "student"]).length === 0) continue;
      const [existing] = await this.db
        .select({ id: recording.id })
        .from(recording)
        .where(
          and(
            eq(recording.equipment_id, dev.id),
            eq(recording.record_type, RECORD_TYPE.allDay),
            lte(recording.start_at, now),
            sql`${recording.end_at} > ${now.toISOString()}::timestamptz`,
          ),
        );
      if (existing) continue;
      const start = now > hour.start ? now : hour.start;
      await this.db
        .insert(recording)
        .values({
          record_type: RECORD_TYPE.allDay,
          equipment_id: dev.id,
          school_id: dev.school_id,
          class_id: dev.new_class_id,
          account_id: d.account_id,
          course_name: `${dev.position} ${dateOf(start)} ${clockOf(hour.start)} 全天录制`,
          record_model: 1,
          start_at: start,
          end_at: hour.end,
          created_by: d.account_id,
          created_at: now,
          updated_at: now,
        })
        .onConflictDoNothing();
    }
  }

  /** Starts a part for each wanted camera that is live and not being captured. */
  private async capture(rec: RecordingRow, now: Date): Promise<void> {
    for (const camera of camerasOf(rec.record_model)) {
      const key = `${rec.id}/${camera}`;
      if (this.captures.has(key) || !this.deps.live.isLive(rec.equipment_id, camera)) continue;
      const [last] = await this.db
        .select({ seq: sql<number>`coalesce(max(${recordingPart.seq}), 0)::int` })
        .from(recordingPart)
        .where(and(eq(recordingPart.recording_id, rec.id), eq(recordingPart.camera, camera)));
      const seq = (last?.seq ?? 0) + 1;
      const rel = path.join("recordings", String(rec.id), `${camera}-${String(seq).padStart(3, "0")}.mp4`);
      await mkdir(path.dirname(this.abs(rel)), { recursive: true });
      if (this.stopped) return;
      // Subscribed last, and the capture made at once: its first read is the cached GOP alone (see flv-gate.ts).
      const source = await this.deps.live.subscribe(rec.equipment_id, camera);
      if (!source) continue;
      const capture = new Capture(this.deps.ffmpeg, source, this.abs(rel), (line) => this.deps.log.warn(`录制 #${rec.id} ${CAMERA_NAMES[camera]}：${line}`));
      const [part] = await this.db
        .insert(recordingPart)
        .values({ recording_id: rec.id, camera, seq, path: rel, started_at: now })
        .returning({ id: recordingPart.id });
      const entry: { capture: Capture; partId: number; recordingId: number; camera: Camera; closed?: Promise<void> } = {
        capture,
        partId: part!.id,
        recordingId: rec.id,
        camera,
      };
      this.captures.set(key, entry);
      if (seq > 1) this.deps.log.info(`录制 #${rec.id} ${CAMERA_NAMES[camera]}：推流恢复，继续录制（第 ${seq} 段）`);
      entry.closed = capture.done.then(async () => {
        if (this.captures.get(key) === entry) this.captures.delete(key);
        await this.db
          .update(recordingPart)
          .set({ state: "closed", ended_at: this.now() })
          .where(eq(recordingPart.id, entry.partId))
          .catch(() => undefined);
        // The stream dropped inside the window: the next tick picks it up again when it returns.
        if (!this.stopped) this.kick();
      });
    }
  }

  /** Stops the captures of a recording whose window ended and queues its join. */
  private async finish(rec: RecordingRow, now: Date): Promise<void> {
    const mine = [...this.captures.entries()].filter(([, c]) => c.recordingId === rec.id);
    await Promise.all(mine.map(([, c]) => c.capture.stop()));
    for (const [key, c] of mine) {
      if (this.captures.get(key) === c) this.captures.delete(key);
      await this.db.update(recordingPart).set({ state: "closed", ended_at: now }).where(eq(recordingPart.id, c.partId));
    }
    const [n] = await this.db.select({ n: sql<number>`count(*)::int` }).from(recordingPart).where(eq(recordingPart.recording_id, rec.id));
    if (!n?.n) {
      await this.fail(rec.id, "没有录到任何画面");
      return;
    }
    await this.db
      .update(recording)
      .set({ state: "processing", updated_at: now })
      .where(and(eq(recording.id, rec.id), eq(recording.state, "recording")));
    if (rec.timetable_id) await this.deps.timetables.setStatus(rec.timetable_id, SLOT_STATUS.done);
    this.deps.log.info(`录制 #${rec.id}《${rec.course_name}》结束，开始合成`);
    await this.deps.jobs.enqueue("recording.finalize", rec.id);
  }

  async fail(recordingId: number, error: string): Promise<void> {
    const [rec] = await this.db
      .update(recording)
      .set({ state: "failed", error: error.slice(0, 500), updated_at: this.now() })
      .where(eq(recording.id, recordingId))
      .returning();
    if (rec?.timetable_id) await this.deps.timetables.setStatus(rec.timetable_id, SLOT_STATUS.failed, error.slice(0, 200));
    this.deps.log.warn(`录制 #${recordingId} 失败：${error}`);
  }

  /**
   * A failed recording whose parts are still on disk (e.g. the owner's space was full when it was joined) goes back
   * to processing and its join is queued again; the cameras already stored are kept. False when no part is left.
   */
  async retry(recordingId: number): Promise<boolean> {
    const parts = await this.db.select({ path: recordingPart.path }).from(recordingPart).where(eq(recordingPart.recording_id, recordingId));
    const left = await Promise.all(parts.map(async (p) => ((await stat(this.abs(p.path)).catch(() => undefined))?.size ?? 0) > 0));
    if (!left.some(Boolean)) return false;
    const [rec] = await this.db
      .update(recording)
      .set({ state: "processing", error: "", updated_at: this.now() })
      .where(and(eq(recording.id, recordingId), eq(recording.state, "failed")))
      .returning();
    if (!rec) return false;
    if (rec.timetable_id) await this.deps.timetables.setStatus(rec.timetable_id, SLOT_STATUS.done);
    await this.deps.jobs.enqueue("recording.finalize", rec.id);
    this.deps.log.info(`录制 #${rec.id}《${rec.course_name}》重新合成`);
    return true;
  }

  /** Ends a recording now (the next tick stops its captures and queues the join). */
  async stopNow(recordingId: number): Promise<void> {
    await this.db
      .update(recording)
      .set({ end_at: this.now(), updated_at: this.now() })
      .where(and(eq(recording.id, recordingId), eq(recording.state, "recording")));
    this.kick();
  }

  /** Does any camera of the device push now? */
  isLive(equipmentId: number): boolean {
    return this.deps.live.isLive(equipmentId, "teacher") || this.deps.live.isLive(equipmentId, "student");
  }

  /** Cameras being captured now, by recording. */
  capturing(recordingIds: readonly number[]): Map<number, Camera[]> {
    const out = new Map<number, Camera[]>();
    for (const c of this.captures.values()) {
      if (!recordingIds.includes(c.recordingId)) continue;
      out.set(c.recordingId, [...(out.get(c.recordingId) ?? []), c.camera]);
    }
    return out;
  }

  /** A manual recording of a device from now for at most MANUAL_MAX_MINUTES. */
  async startManual(p: { equipmentId: number; schoolId: number; classId: number; accountId: number; courseName: string }): Promise<RecordingRow> {
    const now = this.now();
    const [rec] = await this.db
      .insert(recording)
      .values({
        record_type: RECORD_TYPE.manual,
        equipment_id: p.equipmentId,
        school_id: p.schoolId,
        class_id: p.classId,
        account_id: p.accountId,
        course_name: p.courseName,
        start_at: now,
        end_at: new Date(now.getTime() + MANUAL_MAX_MINUTES * 60_000),
        created_by: p.accountId,
        created_at: now,
        updated_at: now,
      })
      .returning();
    this.kick();
    return rec!;
  }

  // ── the recording.finalize job ───────────────────────────────────────────────────────────────────────────

  /** Joins each camera's parts into one MP4, stores it as the owner's file, registers the video. Idempotent. */
  async finalize(recordingId: number): Promise<void> {
    const [rec] = await this.db.select().from(recording).where(eq(recording.id, recordingId));
    if (!rec || rec.state === "done" || rec.state === "failed") return;
    const parts = await this.db
      .select()
      .from(recordingPart)
      .where(eq(recordingPart.recording_id, rec.id))
      .orderBy(asc(recordingPart.camera), asc(recordingPart.seq));
    const dir = this.abs(path.join("recordings", String(rec.id)));
    const files = { ...rec.files };
    let duration = rec.duration;
    for (const camera of camerasOf(rec.record_model)) {
      if (files[camera]) continue;
      const usable: string[] = [];
      for (const p of parts.filter((x) => x.camera === camera)) {
        const file = this.abs(p.path);
        const st = await stat(file).catch(() => undefined);
        if (!st || st.size === 0) continue;
        const d = await this.deps.sink.duration(file);
        if (d && d > 0) usable.push(file);
      }
      if (!usable.length) continue;
      const out = path.join(dir, `${camera}-joined.mp4`);
      await joinParts(this.deps.ffmpeg, usable, path.join(dir, `${camera}-parts.txt`), out);
      const seconds = (await this.deps.sink.duration(out)) ?? 0;
      const name = `${rec.course_name}-${CAMERA_NAMES[camera]}-${dateOf(rec.start_at)}.mp4`;
      files[camera] = await this.deps.sink.adopt(rec.account_id, out, name);
      duration = Math.max(duration, Math.round(seconds));
      await this.db
        .update(recording)
        .set({ files: sql`${recording.files} || ${JSON.stringify({ [camera]: files[camera] })}::jsonb`, duration, updated_at: this.now() })
        .where(eq(recording.id, rec.id));
    }
    if (!files.teacher && !files.student) {
      await this.fail(rec.id, "没有可用的录像片段（推流中断或录制进程失败）");
      return;
    }
    const videoId = await this.deps.sink.videoOf({ ...rec, files, duration });
    await this.db.update(recording).set({ state: "done", video_id: videoId, duration, updated_at: this.now() }).where(eq(recording.id, rec.id));
    await rm(dir, { recursive: true, force: true });
    await this.deps.jobs.enqueue("video.process", videoId);
    this.deps.log.info(`录制 #${rec.id}《${rec.course_name}》已生成视频 #${videoId}`);
  }

  /** Removes what is left on disk of recordings (their parts), e.g. when one is deleted. */
  async removeParts(recordingIds: readonly number[]): Promise<void> {
    for (const id of recordingIds) await rm(this.abs(path.join("recordings", String(id))), { recursive: true, force: true });
  }

  /** The recordings in progress of a device. */
  async activeOf(equipmentId: number): Promise<RecordingRow[]> {
    return this.db
      .select()
      .from(recording)
      .where(and(eq(recording.equipment_id, equipmentId), eq(recording.state, "recording")));
  }

  /** All-day recordings in progress of devices (to stop when all-day is switched off). */
  async activeAllDay(equipmentIds: readonly number[]): Promise<RecordingRow[]> {
    if (!equipmentIds.length) return [];
    return this.db
      .select()
      .from(recording)
      .where(and(inArray(recording.equipment_id, [...equipmentIds]), eq(recording.record_type, RECORD_TYPE.allDay), eq(recording.state, "recording")));
  }
}

/**
 * Supervision (c126–c128), stopping a slot's recording (c125), all-day recording (c120, c121, set) and the patrol count
 * (c073) — docs/api/recording.md. Scope: the schools the caller manages; the patrol count also his own school.
 */
import {
  type AllDayAnswer,
  type AllDayPayload,
  type AllDayStatusAnswer,
  type AllDayStatusPayload,
  type BatchResult,
  type EquipmentRow,
  type Page,
  type PatrolNumAnswer,
  RECORD_TYPE,
  RECORD_TYPE_NAMES,
  SLOT_STATUS,
  type StartOrStopAnswer,
  type StartOrStopPayload,
  type SupervisionPayload,
  type SupervisionRow,
  TRANSCRIBE_STATUS,
  TRANSCRIBE_STATUS_NAMES,
} from "@yanke/protocol";
import { type SQL, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { conflict, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { grade, schoolClass } from "../org/org.schema.js";
import type { OrgService } from "../org/org.service.js";
import type { Caller } from "../../http/caller.js";
import { OUT_OF_SCOPE, and2, containsPattern, inSchools } from "../org/period.service.js";
import { addDays, clockOf, dateOf, dayStart, monthRange } from "./clock.js";
import type { DeviceDirectory } from "./devices.js";
import type { Recorder } from "./recorder.js";
import { allDayDevice, recording } from "./recording.schema.js";
import type { TimetableService } from "./timetable.service.js";

type RecordingRow = typeof recording.$inferSelect;

const TRANSCRIBE: Record<string, number> = {
  recording: TRANSCRIBE_STATUS.recording,
  processing: TRANSCRIBE_STATUS.processing,
  done: TRANSCRIBE_STATUS.done,
  failed: TRANSCRIBE_STATUS.failed,
};
const STATE_OF: Record<number, string> = { 0: "recording", 1: "processing", 2: "done", 3: "failed" };

export interface RecordingServiceDeps {
  db: Db;
  org: OrgService;
  devices: DeviceDirectory;
  timetables: TimetableService;
  recorder: Recorder;
  /** Devices the caller sees with filters (EquipmentService.allList). */
  allDevices(c: Caller, q: { is_tour?: number; heartbeat_state?: number }): Promise<EquipmentRow[]>;
  /** Removes a recording's video (and its stored files) for the caller; removes loose stored files. */
  removeVideo(c: Caller, videoId: number): Promise<void>;
  removeFile(c: Caller, fileId: number): Promise<void>;
}

export class RecordingService {
  private readonly db: Db;

  constructor(private readonly deps: RecordingServiceDeps) {
    this.db = deps.db;
  }

  private managed(c: Caller): Promise<number[] | undefined> {
    return this.deps.org.schoolsInScope(c);
  }

  private async managedDevice(c: Caller, id: number) {
    const d = await this.deps.devices.byId(id);
    if (!d || !(await this.deps.org.inScope(c, d.school_id))) throw notFound(`设备${OUT_OF_SCOPE}`);
    return d;
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────

  private select() {
    return this.db
      .select({ r: recording, class_name: schoolClass.name, grade_name: grade.name, account_name: account.realname })
      .from(recording)
      .leftJoin(schoolClass, eq(schoolClass.id, recording.class_id))
      .leftJoin(grade, eq(grade.id, schoolClass.grade_id))
      .leftJoin(account, eq(account.id, recording.account_id));
  }

  private async toRows(
    rows: { r: RecordingRow; class_name: string | null; grade_name: string | null; account_name: string | null }[],
  ): Promise<SupervisionRow[]> {
    const titles = await this.deps.org.schoolTitles([...new Set(rows.map((x) => x.r.school_id))]);
    const devices = await this.deps.devices.byIds(rows.map((x) => x.r.equipment_id));
    const capturing = this.deps.recorder.capturing(rows.map((x) => x.r.id));
    return rows.map(({ r, class_name, grade_name, account_name }) => {
      const ts = TRANSCRIBE[r.state] ?? TRANSCRIBE_STATUS.failed;
      return {
        id: r.id,
        record_id: r.id,
        course_name: r.course_name,
        start_date: formatTime(r.start_at),
        end_date: formatTime(r.end_at),
        transcribe_status: ts,
        transcribe_status_name: TRANSCRIBE_STATUS_NAMES[ts] ?? "",
        record_type: r.record_type,
        record_type_name: RECORD_TYPE_NAMES[r.record_type] ?? "",
        class_id: r.class_id,
        class_name: class_name === null ? "" : `${grade_name ?? ""}${class_name}`,
        account_id: r.account_id,
        account_name: account_name ?? "",
        school_id: r.school_id,
        school_name: titles.get(r.school_id) ?? "",
        equipment_id: r.equipment_id,
        position: devices.get(r.equipment_id)?.position ?? "",
        timetable_id: r.timetable_id ?? 0,
        capturing: capturing.get(r.id) ?? [],
        duration: r.duration,
        video_id: r.video_id ?? 0,
        note: r.note,
        error: r.error,
        created_at: formatTime(r.created_at),
      };
    });
  }

  async row(id: number): Promise<SupervisionRow> {
    const rows = await this.select().where(eq(recording.id, id));
    const [row] = await this.toRows(rows);
    if (!row) throw notFound("录制记录不存在");
    return row;
  }

  // ── supervision ──────────────────────────────────────────────────────────────────────────────────────────

  /** c126: recordings in progress first, then the newest. */
  async supervision(c: Caller, q: z.output<typeof SupervisionPayload>): Promise<Page<SupervisionRow>> {
    const where = and2(
      inSchools(recording.school_id, await this.managed(c)),
      q.school_id ? eq(recording.school_id, q.school_id) : undefined,
      q.class_id ? eq(recording.class_id, q.class_id) : undefined,
      q.equipment_id ? eq(recording.equipment_id, q.equipment_id) : undefined,
      q.record_type ? eq(recording.record_type, q.record_type) : undefined,
      q.transcribe_status !== undefined ? eq(recording.state, STATE_OF[q.transcribe_status] ?? "") : undefined,
      q.course_name ? sql`${recording.course_name} ilike ${containsPattern(q.course_name)}` : undefined,
      q.start_date ? gte(recording.start_at, dayStart(q.start_date)) : undefined,
      q.end_date ? lt(recording.start_at, dayStart(addDays(q.end_date, 1))) : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(recording).where(where);
    const rows = await this.select()
      .where(where)
      .orderBy(sql`case when ${recording.state} = 'recording' then 0 else 1 end`, desc(recording.start_at), desc(recording.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: await this.toRows(rows), total: n, page: q.page, limit: q.limit };
  }

  /** c127: start a manual recording of a device now (status 1), or stop what it records (0); absent: toggle. */
  async startOrStop(c: Caller, p: z.output<typeof StartOrStopPayload>): Promise<StartOrStopAnswer> {
    const device = await this.managedDevice(c, p.equipment_id);
    const active = await this.deps.recorder.activeOf(device.id);
    const start = p.status === undefined ? active.length === 0 : p.status === 1;
    if (!start) {
      if (!active.length) throw conflict("该设备当前没有在录制");
      for (const r of active) await this.deps.recorder.stopNow(r.id);
      return { equipment_id: device.id, status: 0, record_id: active[0]!.id };
    }
    if (active.length) throw conflict(`该设备正在录制《${active[0]!.course_name}》`);
    if (device.status !== 1) throw conflict("设备已停用，不能录制");
    if (!this.deps.recorder.isLive(device.id)) throw conflict("设备未在推流，无法录制：请先开始推流");
    const now = this.deps.recorder.now();
    const rec = await this.deps.recorder.startManual({
      equipmentId: device.id,
      schoolId: device.school_id,
      classId: device.new_class_id,
      accountId: c.id,
      courseName: p.course_name || `${device.position} ${dateOf(now)} ${clockOf(now)} 手动录制`,
    });
    return { equipment_id: device.id, status: 1, record_id: rec.id };
  }

  /** c125: stops the recording of a slot now (the slot counts as recorded). */
  async stopSlot(c: Caller, timetableId: number): Promise<SupervisionRow> {
    const slot = await this.deps.timetables.managedSlot(c, timetableId);
    if (slot.status !== SLOT_STATUS.recording)
      throw conflict(slot.status === SLOT_STATUS.scheduled ? "该课程尚未开始录制（不录制请取消）" : "该课程不在录制中");
    const [rec] = await this.db.select().from(recording).where(eq(recording.timetable_id, slot.id));
    if (!rec) throw conflict("该课程不在录制中");
    await this.deps.recorder.stopNow(rec.id);
    return this.row(rec.id);
  }

  /** A failed recording is joined again from the parts left on disk (after space was freed, say). */
  async retry(c: Caller, id: number): Promise<SupervisionRow> {
    const [rec] = await this.db.select().from(recording).where(eq(recording.id, id));
    if (!rec || !(await this.deps.org.inScope(c, rec.school_id))) throw notFound(`录制记录${OUT_OF_SCOPE}`);
    if (rec.state !== "failed") throw conflict("只有处理失败的录制记录可以重新处理");
    if (!(await this.deps.recorder.retry(rec.id))) throw conflict("录像片段已不存在，无法重新处理");
    return this.row(rec.id);
  }

  /** c128: recordings (not in progress) go, with their video and files. */
  async remove(c: Caller, ids: number[]): Promise<BatchResult[]> {
    const out: BatchResult[] = [];
    for (const id of [...new Set(ids)]) {
      const [rec] = await this.db.select().from(recording).where(eq(recording.id, id));
      if (!rec || !(await this.deps.org.inScope(c, rec.school_id))) {
        out.push({ id, ok: false, msg: `录制记录${OUT_OF_SCOPE}` });
        continue;
      }
      if (rec.state === "recording") {
        out.push({ id, ok: false, msg: "正在录制，请先停止录制" });
        continue;
      }
      if (rec.state === "processing") {
        out.push({ id, ok: false, msg: "正在处理录像，请稍后再删除" });
        continue;
      }
      if (rec.video_id) await this.deps.removeVideo(c, rec.video_id);
      else for (const fileId of Object.values(rec.files)) if (fileId) await this.deps.removeFile(c, fileId);
      await this.db.delete(recording).where(eq(recording.id, id));
      await this.deps.recorder.removeParts([id]);
      out.push({ id, ok: true, msg: "已删除" });
    }
    return out;
  }

  // ── all-day recording ────────────────────────────────────────────────────────────────────────────────────

  /** all-day on / off for devices; off stops the hour in progress. */
  async allDaySet(c: Caller, ids: number[], status: number): Promise<BatchResult[]> {
    const out: BatchResult[] = [];
    for (const id of [...new Set(ids)]) {
      const d = await this.deps.devices.byId(id);
      if (!d || !(await this.deps.org.inScope(c, d.school_id))) {
        out.push({ id, ok: false, msg: `设备${OUT_OF_SCOPE}` });
        continue;
      }
      await this.db
        .insert(allDayDevice)
        .values({ equipment_id: id, school_id: d.school_id, enabled: status, account_id: c.id, updated_at: this.deps.recorder.now() })
        .onConflictDoUpdate({
          target: allDayDevice.equipment_id,
          set: { enabled: status, account_id: c.id, school_id: d.school_id, updated_at: this.deps.recorder.now() },
        });
      if (!status) for (const r of await this.deps.recorder.activeAllDay([id])) await this.deps.recorder.stopNow(r.id);
      else this.deps.recorder.kick();
      out.push({ id, ok: true, msg: status ? "已开启全天录制" : "已关闭全天录制" });
    }
    return out;
  }

  private async allDayWhere(c: Caller, q: { school_id?: number; equipment_id?: number }): Promise<SQL | undefined> {
    return and2(
      inSchools(recording.school_id, await this.managed(c)),
      eq(recording.record_type, RECORD_TYPE.allDay),
      q.school_id ? eq(recording.school_id, q.school_id) : undefined,
      q.equipment_id ? eq(recording.equipment_id, q.equipment_id) : undefined,
    );
  }

  /** c120: the all-day devices and the day's hourly parts. */
  async allDay(c: Caller, q: z.output<typeof AllDayPayload>): Promise<AllDayAnswer> {
    const date = q.date ?? dateOf(this.deps.recorder.now());
    const schools = await this.managed(c);
    const devRows = await this.db
      .select()
      .from(allDayDevice)
      .where(
        and2(
          eq(allDayDevice.enabled, 1),
          inSchools(allDayDevice.school_id, schools),
          q.school_id ? eq(allDayDevice.school_id, q.school_id) : undefined,
          q.equipment_id ? eq(allDayDevice.equipment_id, q.equipment_id) : undefined,
        ),
      );
    const facts = await this.deps.devices.byIds(devRows.map((d) => d.equipment_id));
    const where = and2(await this.allDayWhere(c, q), gte(recording.start_at, dayStart(date)), lt(recording.start_at, dayStart(addDays(date, 1))));
    const rows = await this.select().where(where).orderBy(recording.equipment_id, recording.start_at).limit(2000);
    return {
      date,
      devices: devRows.map((d) => ({
        equipment_id: d.equipment_id,
        position: facts.get(d.equipment_id)?.position ?? "",
        school_id: d.school_id,
        all_day: d.enabled,
      })),
      list: await this.toRows(rows),
    };
  }

  /** c121: the days of a month with all-day recordings (not failed). */
  async allDayStatus(c: Caller, q: z.output<typeof AllDayStatusPayload>): Promise<AllDayStatusAnswer> {
    const { from, to } = monthRange(q.month);
    const where = and2(
      await this.allDayWhere(c, q),
      gte(recording.start_at, dayStart(from)),
      lt(recording.start_at, dayStart(to)),
      inArray(recording.state, ["recording", "processing", "done"]),
    );
    const rows = await this.db
      .select({ start_at: recording.start_at, end_at: recording.end_at, duration: recording.duration, state: recording.state })
      .from(recording)
      .where(where);
    const byDay = new Map<string, { count: number; seconds: number }>();
    for (const r of rows) {
      const d = dateOf(r.start_at);
      const e = byDay.get(d) ?? { count: 0, seconds: 0 };
      e.count++;
      e.seconds +=
        r.state === "done" ? r.duration : Math.max(0, (Math.min(r.end_at.getTime(), this.deps.recorder.now().getTime()) - r.start_at.getTime()) / 1000);
      byDay.set(d, e);
    }
    const days = [...byDay.keys()].sort();
    return { month: q.month, days, detail: days.map((d) => ({ date: d, count: byDay.get(d)!.count, minutes: Math.round(byDay.get(d)!.seconds / 60) })) };
  }

  // ── patrol ───────────────────────────────────────────────────────────────────────────────────────────────

  /** c073: devices on patrol (is_tour 1) and online that the caller sees; how many of them push now. */
  async patrolNum(c: Caller): Promise<PatrolNumAnswer> {
    const rows = await this.deps.allDevices(c, { is_tour: 1, heartbeat_state: 1 });
    return { num: rows.length, live: rows.filter((r) => r.liveStreamStatus === 1).length };
  }
}

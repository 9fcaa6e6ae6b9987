/**
 * Classroom devices (录播主机; issue #6): the registry behind /middle/equipment/*, /middle/code/uuid,
 * /middle/machine/* and /v2/school_equipment/*, the device heartbeat (docs/api/device-protocol.md) and the
 * StreamAuthority the RTMP ingest asks.
 *
 * Wiring (app.ts):
 *   const equipment = new EquipmentService({ db, org, accounts, devices: config.devices });
 *   equipmentRoutes(app, host, { equipment, accounts });  deviceRoutes(app, equipment);
 *
 * The live module sets `equipment.rtmpPort` to the port its ingest actually listens on (or `rtmpUrlBase` for an
 * external ingest), `equipment.playbackSigner` to sign playback paths, and listens with `onRevoke` to drop the
 * publishers of a device whose keys were renewed, that was disabled or deleted. Tests set `equipment.now`.
 *
 * Scope (docs/decisions/0602): administration covers the schools the caller manages (OrgService.schoolsInScope);
 * allList and /middle/machine also the caller's own school. A device outside answers 404.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type BatchResult,
  type Camera,
  type CommandQueued,
  type CommandStatus,
  type CommandType,
  COMMAND_ACK_TIMEOUT_SECONDS,
  COMMAND_STATUS_NAMES,
  COMMAND_TYPE_NAMES,
  DEVICE_ROUTES,
  type DeviceCommand,
  type EquipmentAllListPayload,
  type EquipmentChangeClass,
  type EquipmentCommandRow,
  type EquipmentCommandsPayload,
  type EquipmentCredentials,
  type EquipmentExportPayload,
  type EquipmentFilter,
  type EquipmentIpStatus,
  type EquipmentIsRecord,
  type EquipmentListPayload,
  type EquipmentRow,
  type EquipmentSave,
  type EquipmentSendUpgrade,
  type EquipmentTargets,
  type EquipmentTour,
  type EquipmentUpdate,
  type EquipmentUpgradeVersion,
  type FileAnswer,
  type HeartbeatAnswer,
  type HeartbeatPayload,
  type HostCodeRecordAnswer,
  type HostCodeRecordSave,
  type IssuedCodes,
  type MachineAnswer,
  type Page,
  RECORD_TYPE_LOGOUT,
  type SchoolEquipmentListPayload,
  type SchoolEquipmentRow,
  type SchoolEquipmentSave,
  type SchoolEquipmentUpdate,
} from "@yanke/protocol";
import { type SQL, and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { AppError, badInput, conflict, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { XLSX_MIME } from "../../infra/xlsx.js";
import { perId } from "../org/class.service.js";
import { grade, school, schoolClass } from "../org/org.schema.js";
import type { OrgService } from "../org/org.service.js";
import type { Caller } from "../../http/caller.js";
import { OUT_OF_SCOPE, type OrgAccess, READ_CAP, and2, containsPattern, inSchools } from "../org/period.service.js";
import { EQUIPMENT_EXPORT_MAX_ROWS, buildEquipmentExport } from "./equipment-xlsx.js";
import { deviceCode, equipment, equipmentCommand, hostCodeRecord } from "./equipment.schema.js";

type EquipmentRecord = typeof equipment.$inferSelect;
type CommandRecord = typeof equipmentCommand.$inferSelect;

/** The contract between the ingest (modules/live) and the registry (docs/api/device-protocol.md). */
export interface StreamAuthority {
  /** The device and camera of a publish key, or undefined to refuse the publish. */
  authorizePublish(key: string): Promise<{ equipmentId: number; camera: Camera } | undefined>;
  /** A camera started / stopped publishing. */
  published(equipmentId: number, camera: Camera, live: boolean): Promise<void>;
}

export interface EquipmentDeps {
  db: Db;
  org: OrgService;
  /** Account names for the command list (AccountService satisfies it). */
  accounts: { byId(id: number): Promise<{ id: number; realname: string } | undefined> };
  devices: { rtmpPort: number; publicHost: string; heartbeatSeconds: number; offlineAfterSeconds: number };
  /** Where a new or moved device may go (the organization's one rule for new records: OrgAccess). */
  access: Pick<OrgAccess, "targetSchool" | "assertManagesSchool">;
}

/** A heartbeat refused: the envelope code and message the device gets. */
export class DeviceRefusal extends Error {
  constructor(
    readonly code: 400 | 401 | 403,
    msg: string,
  ) {
    super(msg);
    this.name = "DeviceRefusal";
  }
}

export const DEVICE_AUTH_FAILED = "设备编码或密钥错误";
export const DEVICE_DISABLED = "设备已停用";
const DEVICE_NOT_FOUND = `设备${OUT_OF_SCOPE}`;

/** The demo classroom devices (docs/demo-data.md): fixed codes in 银川市第一中学, secrets in DATA_DIR. */
export const DEMO_DEVICES = [
  { code: "YK-DE000001", position: "七年级1班教室", producer: "研课模拟录播", host_ip: "192.168.10.21" },
  { code: "YK-DE000002", position: "七年级2班教室", producer: "研课模拟录播", host_ip: "192.168.10.22" },
] as const;
export const DEMO_SCHOOL_CODE = "640104001";
export const DEMO_SECRETS_FILE = "demo-devices.json";

const sha256 = (s: string) => createHash("sha256").update(s).digest();
const newSecret = () => randomBytes(32).toString("base64url");
const newStreamKey = () => randomBytes(20).toString("hex");
const newCode = () => `YK-${randomBytes(4).toString("hex").toUpperCase()}`;
const DUMMY_HASH = sha256("no such device");

/** The row fields the screens see, joined with the class and grade names. */
const rowColumns = {
  e: equipment,
  class_name: schoolClass.name,
  grade_name: grade.name,
};

function targetIds(p: { id?: number; ids?: number[] }): { single: boolean; ids: number[] } {
  if (p.ids?.length) return { single: false, ids: [...new Set(p.ids)] };
  return { single: true, ids: [p.id!] };
}

/** A device software version of the registry (modules/software; docs/api/software.md). */
export interface UpgradeVersion {
  id: number;
  version: string;
  /** Device models (equipment.producer) it fits; empty = every model. */
  models: string[];
  /** 1 available, 0 withdrawn. */
  status: number;
  sha256: string;
  size: number;
  file_id: number;
}

/** What c103/c104 ask the software registry (the software module sets `equipment.versions`). */
export interface UpgradeRegistry {
  /** A device version by id or number (undefined: none, or not a device version). */
  deviceVersion(q: { id?: number; version?: string }): Promise<UpgradeVersion | undefined>;
  /** The current device version, when one is set and available. */
  currentDeviceVersion(): Promise<UpgradeVersion | undefined>;
  /** An address of the package readable without a session (signed). */
  packageUrl(v: UpgradeVersion): string;
}

export class EquipmentService implements StreamAuthority {
  private readonly db: Db;
  /** The software version registry (set by the software module; c103/c104 need it for registry versions). */
  versions: UpgradeRegistry | undefined;
  /** The clock (tests replace it). */
  now: () => Date = () => new Date();
  /** The port the RTMP ingest listens on (the live module sets the actual one). */
  rtmpPort: number;
  /** Overrides `rtmp://<host>:<rtmpPort>` for an external ingest (e.g. "rtmp://media.example.com:1935"). */
  rtmpUrlBase: string | undefined;
  /** Turns a playback path into the address the screens get (the live module signs it); identity by default. */
  playbackSigner: (path: string) => string = (p) => p;
  private readonly revokeListeners = new Set<(equipmentId: number) => void>();

  constructor(private readonly deps: EquipmentDeps) {
    this.db = deps.db;
    this.rtmpPort = deps.devices.rtmpPort;
  }

  /** Called when a device's keys stop being valid (renewed, device disabled or deleted). Answers the unsubscribe. */
  onRevoke(listener: (equipmentId: number) => void): () => void {
    this.revokeListeners.add(listener);
    return () => this.revokeListeners.delete(listener);
  }

  private revoked(id: number): void {
    for (const l of this.revokeListeners) {
      try {
        l(id);
      } catch {
        // a listener's failure is its own
      }
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Addresses

  rtmpUrl(key: string, requestHost?: string): string {
    const host = this.deps.devices.publicHost || requestHost || "127.0.0.1";
    const base = this.rtmpUrlBase ?? `rtmp://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${this.rtmpPort}`;
    return `${base.replace(/\/+$/, "")}/live/${key}`;
  }

  private rtmpUrls(e: EquipmentRecord, requestHost?: string): Record<Camera, string> {
    return { teacher: this.rtmpUrl(e.teacher_stream_key, requestHost), student: this.rtmpUrl(e.student_stream_key, requestHost) };
  }

  /** Playback paths (never the keys): HLS and HTTP-FLV. */
  static hlsPath(id: number, camera: Camera): string {
    return `/live/${id}/${camera}/index.m3u8`;
  }
  static flvPath(id: number, camera: Camera): string {
    return `/live/${id}/${camera}.flv`;
  }

  // -------------------------------------------------------------------------------------------------------
  // Scope

  /** Schools the caller administers: undefined = all. */
  private managed(c: Caller): Promise<number[] | undefined> {
    return this.deps.org.schoolsInScope(c);
  }

  /** Schools whose devices the caller sees (allList, /middle/machine): those he administers and his own. */
  private async visible(c: Caller): Promise<number[] | undefined> {
    const m = await this.managed(c);
    if (m === undefined) return undefined;
    return c.school_id && !m.includes(c.school_id) ? [...m, c.school_id] : m;
  }

  private async byId(id: number): Promise<EquipmentRecord | undefined> {
    const [row] = await this.db.select().from(equipment).where(eq(equipment.id, id));
    return row;
  }

  /** A device the caller administers (404 otherwise). */
  private async managedDevice(c: Caller, id: number): Promise<EquipmentRecord> {
    const row = await this.byId(id);
    if (!row || !(await this.deps.org.inScope(c, row.school_id))) throw notFound(DEVICE_NOT_FOUND);
    return row;
  }

  /** A class of the school (0 = none); 400 when it is another school's or does not exist. */
  private async checkClass(classId: number, schoolId: number): Promise<void> {
    if (!classId) return;
    const [row] = await this.db.select({ school_id: schoolClass.school_id }).from(schoolClass).where(eq(schoolClass.id, classId));
    if (!row) throw notFound("班级不存在");
    if (row.school_id !== schoolId) throw badInput("班级(new_class_id): 该班级不属于设备所在学校");
  }

  private async areaOf(schoolId: number): Promise<number> {
    const [row] = await this.db.select({ region_id: school.region_id }).from(school).where(eq(school.id, schoolId));
    return row?.region_id ?? 0;
  }

  // -------------------------------------------------------------------------------------------------------
  // Rows

  private onlineSql(online: boolean): SQL {
    const cutoff = new Date(this.now().getTime() - this.deps.devices.offlineAfterSeconds * 1000);
    return online
      ? sql`(${equipment.last_heartbeat_at} is not null and ${equipment.last_heartbeat_at} > ${cutoff.toISOString()}::timestamptz)`
      : sql`(${equipment.last_heartbeat_at} is null or ${equipment.last_heartbeat_at} <= ${cutoff.toISOString()}::timestamptz)`;
  }

  isOnline(e: Pick<EquipmentRecord, "last_heartbeat_at">): boolean {
    return !!e.last_heartbeat_at && this.now().getTime() - e.last_heartbeat_at.getTime() < this.deps.devices.offlineAfterSeconds * 1000;
  }

  private liveSql(live: boolean): SQL {
    return live ? sql`(${equipment.teacher_live} or ${equipment.student_live})` : sql`(not ${equipment.teacher_live} and not ${equipment.student_live})`;
  }

  private async whereFor(schools: number[] | undefined, q: Partial<z.output<typeof EquipmentFilter>>): Promise<SQL | undefined> {
    return and2(
      inSchools(equipment.school_id, schools),
      q.school_id ? eq(equipment.school_id, q.school_id) : undefined,
      q.position ? sql`${equipment.position} ilike ${containsPattern(q.position)}` : undefined,
      q.host_ip ? sql`${equipment.host_ip} ilike ${containsPattern(q.host_ip)}` : undefined,
      q.producer ? sql`${equipment.producer} ilike ${containsPattern(q.producer)}` : undefined,
      q.code ? sql`${equipment.code} ilike ${containsPattern(q.code)}` : undefined,
      q.new_class_name ? sql`(coalesce(${grade.name}, '') || coalesce(${schoolClass.name}, '')) ilike ${containsPattern(q.new_class_name)}` : undefined,
      q.heartbeat_state !== undefined ? this.onlineSql(q.heartbeat_state === 1) : undefined,
      q.status !== undefined ? eq(equipment.status, q.status) : undefined,
      q.liveStreamStatus !== undefined ? this.liveSql(q.liveStreamStatus === 1) : undefined,
      q.is_tour !== undefined ? eq(equipment.is_tour, q.is_tour) : undefined,
    );
  }

  private selectRows() {
    return this.db
      .select(rowColumns)
      .from(equipment)
      .leftJoin(schoolClass, eq(schoolClass.id, equipment.new_class_id))
      .leftJoin(grade, eq(grade.id, schoolClass.grade_id));
  }

  private async countRows(where: SQL | undefined): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipment)
      .leftJoin(schoolClass, eq(schoolClass.id, equipment.new_class_id))
      .leftJoin(grade, eq(grade.id, schoolClass.grade_id))
      .where(where);
    return row?.n ?? 0;
  }

  private async toRows(rows: { e: EquipmentRecord; class_name: string | null; grade_name: string | null }[]): Promise<EquipmentRow[]> {
    const titles = await this.deps.org.schoolTitles([...new Set(rows.map((r) => r.e.school_id))]);
    return rows.map(({ e, class_name, grade_name }) => {
      const online = this.isOnline(e);
      const hls = (cam: Camera, live: boolean) => (live ? this.playbackSigner(EquipmentService.hlsPath(e.id, cam)) : "");
      const flv = (cam: Camera, live: boolean) => (live ? this.playbackSigner(EquipmentService.flvPath(e.id, cam)) : "");
      const teacherStreamUrl = hls("teacher", e.teacher_live);
      const studentStreamUrl = hls("student", e.student_live);
      return {
        id: e.id,
        code: e.code,
        position: e.position,
        producer: e.producer,
        host_ip: e.host_ip,
        school_id: e.school_id,
        school_name: titles.get(e.school_id) ?? "",
        new_class_id: e.new_class_id,
        new_class_name: class_name === null ? "" : `${grade_name ?? ""}${class_name}`,
        area_id: e.area_id,
        teacherStreamUrl,
        studentStreamUrl,
        liveStream_url: teacherStreamUrl || studentStreamUrl,
        teacherFlvUrl: flv("teacher", e.teacher_live),
        studentFlvUrl: flv("student", e.student_live),
        remarks: e.remarks,
        is_record: e.is_record,
        heartbeat_state: online ? 1 : 0,
        heartbeat_state_name: online ? "在线" : "离线",
        status: e.status,
        liveStreamStatus: e.teacher_live || e.student_live ? 1 : 0,
        is_tour: e.is_tour,
        version: e.version,
        target_version: e.target_version,
        state: e.state,
        pushing: { teacher: !!e.pushing?.teacher, student: !!e.pushing?.student },
        recording: e.recording,
        last_heartbeat_at: formatTime(e.last_heartbeat_at),
        created_at: formatTime(e.created_at),
        updated_at: formatTime(e.updated_at),
      };
    });
  }

  private async rowOf(id: number): Promise<EquipmentRow> {
    const rows = await this.selectRows().where(eq(equipment.id, id));
    const [row] = await this.toRows(rows);
    if (!row) throw notFound(DEVICE_NOT_FOUND);
    return row;
  }

  // -------------------------------------------------------------------------------------------------------
  // Lists

  /** c094: one page of the devices the caller administers, newest first. */
  async list(c: Caller, q: z.output<typeof EquipmentListPayload>): Promise<Page<EquipmentRow>> {
    const where = await this.whereFor(await this.managed(c), q);
    const total = await this.countRows(where);
    const rows = await this.selectRows()
      .where(where)
      .orderBy(desc(equipment.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: await this.toRows(rows), total, page: q.page, limit: q.limit };
  }

  /** c060: every device the caller sees (his schools and his own), by school and position; at most 2000. */
  async allList(c: Caller, q: z.output<typeof EquipmentAllListPayload>): Promise<EquipmentRow[]> {
    const where = await this.whereFor(await this.visible(c), q);
    const rows = await this.selectRows().where(where).orderBy(asc(equipment.school_id), asc(equipment.position), asc(equipment.id)).limit(READ_CAP);
    return this.toRows(rows);
  }

  /** c112: the listed ids (those the caller administers), or everything the filters select. */
  async exportWorkbook(c: Caller, q: z.output<typeof EquipmentExportPayload>): Promise<FileAnswer> {
    const schools = await this.managed(c);
    const where = q.ids?.length ? and2(inSchools(equipment.school_id, schools), inArray(equipment.id, q.ids)) : await this.whereFor(schools, q);
    const rows = await this.selectRows().where(where).orderBy(asc(equipment.school_id), asc(equipment.id)).limit(EQUIPMENT_EXPORT_MAX_ROWS);
    const buf = await buildEquipmentExport(await this.toRows(rows));
    return { filename: `设备列表-${formatTime(this.now()).slice(0, 10)}.xlsx`, mime: XLSX_MIME, file: buf.toString("base64") };
  }

  // -------------------------------------------------------------------------------------------------------
  // Codes and registration

  /** c114: `number` new codes, unused until a device registers with one. */
  async issueCodes(c: Caller, n: number): Promise<IssuedCodes> {
    const codes: string[] = [];
    for (let tries = 0; codes.length < n && tries < n * 5 + 10; tries++) {
      const [row] = await this.db.insert(deviceCode).values({ code: newCode(), created_by: c.id }).onConflictDoNothing().returning({ code: deviceCode.code });
      if (row) codes.push(row.code);
    }
    if (codes.length < n) throw new Error("could not issue device codes");
    return { codes };
  }

  /** c096 njy_save (and c366 nxSave): the secret is answered this once. */
  async save(c: Caller, p: z.output<typeof EquipmentSave>, requestHost?: string): Promise<EquipmentCredentials> {
    const schoolId = await this.deps.access.targetSchool(c, p.school_id || undefined);
    await this.checkClass(p.new_class_id, schoolId);
    const area_id = await this.areaOf(schoolId);
    const secret = newSecret();
    const now = this.now();
    const row = await this.db.transaction(async (tx) => {
      let code = p.code;
      if (code) {
        const [used] = await tx
          .update(deviceCode)
          .set({ used_at: now })
          .where(and(eq(deviceCode.code, code), isNull(deviceCode.used_at)))
          .returning({ id: deviceCode.id });
        if (!used) {
          const [known] = await tx.select({ id: deviceCode.id }).from(deviceCode).where(eq(deviceCode.code, code));
          if (known) throw conflict(`设备编码 ${code} 已被其他设备使用`);
          throw badInput(`设备编码(code): ${code} 不是本平台发放的编码，请先生成设备编码`);
        }
      } else {
        for (let i = 0; !code && i < 10; i++) {
          const [issued] = await tx
            .insert(deviceCode)
            .values({ code: newCode(), created_by: c.id, used_at: now })
            .onConflictDoNothing()
            .returning({ code: deviceCode.code });
          code = issued?.code;
        }
        if (!code) throw new Error("could not issue a device code");
      }
      const [inserted] = await tx
        .insert(equipment)
        .values({
          code,
          position: p.position,
          producer: p.producer,
          host_ip: p.host_ip,
          school_id: schoolId,
          new_class_id: p.new_class_id,
          area_id,
          remarks: p.remarks,
          is_record: p.is_record,
          status: p.status,
          is_tour: p.is_tour,
          secret_hash: sha256(secret).toString("hex"),
          teacher_stream_key: newStreamKey(),
          student_stream_key: newStreamKey(),
          created_at: now,
          updated_at: now,
        })
        .returning();
      if (!inserted) throw new Error("insert failed");
      await tx.update(deviceCode).set({ equipment_id: inserted.id }).where(eq(deviceCode.code, code));
      return inserted;
    });
    return this.credentials(row, secret, requestHost);
  }

  private credentials(e: EquipmentRecord, secret: string, requestHost?: string): EquipmentCredentials {
    return { id: e.id, code: e.code, secret, rtmp: this.rtmpUrls(e, requestHost), heartbeat_url: DEVICE_ROUTES.heartbeat };
  }

  /** New secret and stream keys: the old ones stop working (heartbeats 401, publishes refused). */
  async resetSecret(c: Caller, id: number, requestHost?: string): Promise<EquipmentCredentials> {
    await this.managedDevice(c, id);
    return this.renew(id, requestHost);
  }

  private async renew(id: number, requestHost?: string): Promise<EquipmentCredentials> {
    const secret = newSecret();
    const [row] = await this.db
      .update(equipment)
      .set({ secret_hash: sha256(secret).toString("hex"), teacher_stream_key: newStreamKey(), student_stream_key: newStreamKey(), updated_at: this.now() })
      .where(eq(equipment.id, id))
      .returning();
    if (!row) throw notFound(DEVICE_NOT_FOUND);
    this.revoked(id);
    return this.credentials(row, secret, requestHost);
  }

  /**
   * c095 njy_update (and c367 nxUpdate): only the fields sent change. A new class, tour flag or recording flag is
   * also sent to the device (change_class, tour, record_start/record_stop) as the dedicated calls do.
   */
  async update(c: Caller, p: z.output<typeof EquipmentUpdate>): Promise<{ id: number; command_ids: number[] }> {
    const before = await this.managedDevice(c, p.id);
    const schoolId = p.school_id ?? before.school_id;
    if (schoolId !== before.school_id) await this.deps.access.assertManagesSchool(c, schoolId);
    let classId = p.new_class_id ?? before.new_class_id;
    // Moved to another school without naming a class: the old school's class no longer applies.
    if (schoolId !== before.school_id && p.new_class_id === undefined) classId = 0;
    if (classId !== before.new_class_id || schoolId !== before.school_id) await this.checkClass(classId, schoolId);
    const set: Partial<EquipmentRecord> = { updated_at: this.now() };
    if (p.position !== undefined) set.position = p.position;
    if (p.producer !== undefined) set.producer = p.producer;
    if (p.host_ip !== undefined) set.host_ip = p.host_ip;
    if (p.remarks !== undefined) set.remarks = p.remarks;
    if (p.is_record !== undefined) set.is_record = p.is_record;
    if (p.status !== undefined) set.status = p.status;
    if (p.is_tour !== undefined) set.is_tour = p.is_tour;
    if (schoolId !== before.school_id) {
      set.school_id = schoolId;
      set.area_id = await this.areaOf(schoolId);
    }
    if (classId !== before.new_class_id) set.new_class_id = classId;
    await this.db.update(equipment).set(set).where(eq(equipment.id, p.id));
    if (p.status === 0 && before.status !== 0) this.revoked(p.id);
    const enabled = (p.status ?? before.status) === 1;
    const commands: { type: CommandType; payload: Record<string, unknown> }[] = [];
    if (classId !== before.new_class_id) commands.push({ type: "change_class", payload: { class_id: classId } });
    if (p.is_tour !== undefined && p.is_tour !== before.is_tour) commands.push({ type: "tour", payload: { on: p.is_tour === 1 } });
    if (p.is_record !== undefined && p.is_record !== before.is_record) commands.push({ type: p.is_record ? "record_start" : "record_stop", payload: {} });
    const command_ids: number[] = [];
    if (enabled) for (const cmd of commands) command_ids.push(await this.queue(p.id, cmd.type, cmd.payload, c.id));
    return { id: p.id, command_ids };
  }

  /** c097: the device, its commands and its live state go; its code may register again. */
  async remove(c: Caller, id: number): Promise<void> {
    await this.managedDevice(c, id);
    await this.db.transaction(async (tx) => {
      await tx.delete(equipment).where(eq(equipment.id, id));
      await tx.update(deviceCode).set({ used_at: null, equipment_id: null }).where(eq(deviceCode.equipment_id, id));
    });
    this.revoked(id);
  }

  batchDelete(c: Caller, ids: number[]): Promise<BatchResult[]> {
    return perId(ids, (id) => this.remove(c, id));
  }

  // -------------------------------------------------------------------------------------------------------
  // Small reads and writes

  /** c099: reachability from the heartbeats. */
  async ipStatus(c: Caller, id: number): Promise<EquipmentIpStatus> {
    const e = await this.managedDevice(c, id);
    const online = this.isOnline(e);
    return {
      id: e.id,
      code: e.code,
      ip: e.host_ip,
      remote_ip: e.remote_ip,
      heartbeat_state: online ? 1 : 0,
      online,
      last_heartbeat_at: formatTime(e.last_heartbeat_at),
      seconds_since: e.last_heartbeat_at ? Math.max(0, Math.floor((this.now().getTime() - e.last_heartbeat_at.getTime()) / 1000)) : null,
    };
  }

  async getRemarks(c: Caller, id: number): Promise<{ id: number; remarks: string }> {
    const e = await this.managedDevice(c, id);
    return { id: e.id, remarks: e.remarks };
  }

  async setRemarks(c: Caller, id: number, remarks: string): Promise<void> {
    await this.managedDevice(c, id);
    await this.db.update(equipment).set({ remarks, updated_at: this.now() }).where(eq(equipment.id, id));
  }

  async setPosition(c: Caller, id: number, position: string): Promise<void> {
    await this.managedDevice(c, id);
    await this.db.update(equipment).set({ position, updated_at: this.now() }).where(eq(equipment.id, id));
  }

  // -------------------------------------------------------------------------------------------------------
  // Commands

  private async queue(equipmentId: number, type: CommandType, payload: Record<string, unknown>, createdBy: number): Promise<number> {
    const [row] = await this.db
      .insert(equipmentCommand)
      .values({ equipment_id: equipmentId, type, payload, created_by: createdBy, created_at: this.now() })
      .returning({ id: equipmentCommand.id });
    if (!row) throw new Error("insert failed");
    return row.id;
  }

  /**
   * Runs `fn` for one device ({id}: its refusal is the call's) or for each of several ({ids}: each answers
   * {id, ok, msg}).
   */
  private async forTargets(p: { id?: number; ids?: number[] }, fn: (id: number) => Promise<{ msg: string; command_id?: number }>): Promise<CommandQueued[]> {
    const { single, ids } = targetIds(p);
    const out: CommandQueued[] = [];
    for (const id of ids) {
      try {
        const r = await fn(id);
        out.push({ id, ok: true, msg: r.msg, ...(r.command_id !== undefined ? { command_id: r.command_id } : {}) });
      } catch (e) {
        if (single || !(e instanceof AppError)) throw e;
        out.push({ id, ok: false, msg: e.message });
      }
    }
    return out;
  }

  /** A command to an enabled device the caller administers. */
  private async command(c: Caller, id: number, type: CommandType, payload: (e: EquipmentRecord) => Promise<Record<string, unknown>> | Record<string, unknown>) {
    const e = await this.managedDevice(c, id);
    if (e.status !== 1) throw conflict("设备已停用，不能下发命令");
    return { msg: `已下发${COMMAND_TYPE_NAMES[type]}命令`, command_id: await this.queue(id, type, await payload(e), c.id) };
  }

  restart(c: Caller, p: z.output<typeof EquipmentTargets>): Promise<CommandQueued[]> {
    return this.forTargets(p, (id) => this.command(c, id, "restart", () => ({})));
  }

  allUpload(c: Caller, p: z.output<typeof EquipmentTargets>): Promise<CommandQueued[]> {
    return this.forTargets(p, (id) => this.command(c, id, "allupload", () => ({})));
  }

  /** c105 / c110: `sync` with what the platform knows of the device's school and class. */
  sendSync(c: Caller, p: z.output<typeof EquipmentTargets>): Promise<CommandQueued[]> {
    return this.forTargets(p, (id) => this.command(c, id, "sync", async (e) => ({ info: await this.syncInfo(e) })));
  }

  async syncInfo(e: EquipmentRecord): Promise<Record<string, unknown>> {
    const summary = await this.deps.org.schoolSummary(e.school_id);
    const [cls] = e.new_class_id
      ? await this.db
          .select({ name: schoolClass.name, grade_id: schoolClass.grade_id, grade_name: grade.name, entry_year: schoolClass.entry_year })
          .from(schoolClass)
          .innerJoin(grade, eq(grade.id, schoolClass.grade_id))
          .where(eq(schoolClass.id, e.new_class_id))
      : [];
    return {
      equipment_id: e.id,
      code: e.code,
      position: e.position,
      school_id: e.school_id,
      school_title: summary?.title ?? "",
      class_id: e.new_class_id,
      class_name: cls ? `${cls.grade_name}${cls.name}` : "",
      grade_id: cls?.grade_id ?? 0,
      grade_name: cls?.grade_name ?? "",
      entry_year: cls?.entry_year ?? 0,
      is_record: e.is_record,
      is_tour: e.is_tour,
      target_version: e.target_version,
      heartbeat_interval_s: this.deps.devices.heartbeatSeconds,
      server_time: formatTime(this.now()),
    };
  }

  /** A registry version for c103/c104: available, of product device (400 otherwise). */
  private async registryVersion(q: { id?: number; version?: string }): Promise<UpgradeVersion> {
    const v = this.versions ? await this.versions.deviceVersion(q) : undefined;
    const name = q.version ?? `编号 ${q.id}`;
    if (!v) throw badInput(`版本 ${name} 不在软件版本库中（录播主机软件），请先在“软件版本”中上传`);
    if (v.status !== 1) throw badInput(`版本 ${v.version} 已下架，不能使用`);
    return v;
  }

  private static fits(v: UpgradeVersion, e: EquipmentRecord): boolean {
    return v.models.length === 0 || v.models.includes(e.producer);
  }

  /** 400 naming the devices (of those the caller administers) whose model the version does not fit. */
  private async checkFit(c: Caller, v: UpgradeVersion, ids: number[]): Promise<void> {
    if (v.models.length === 0) return;
    const rows = await this.db.select().from(equipment).where(inArray(equipment.id, ids));
    const misfits: string[] = [];
    for (const e of rows) {
      if (EquipmentService.fits(v, e) || !(await this.deps.org.inScope(c, e.school_id))) continue;
      misfits.push(`${e.position}（${e.producer || "型号未填"}）`);
    }
    if (misfits.length)
      throw badInput(
        `版本 ${v.version} 适用型号为 ${v.models.join("、")}，不适用于：${misfits.slice(0, 10).join("、")}${misfits.length > 10 ? ` 等 ${misfits.length} 台设备` : ""}`,
      );
  }

  /** c103: the version the devices should run (stored; no command): a registry version fitting every device. */
  async setTargetVersion(c: Caller, p: z.output<typeof EquipmentUpgradeVersion>): Promise<CommandQueued[]> {
    const v = await this.registryVersion(p.version_id !== undefined ? { id: p.version_id } : { version: p.version });
    await this.checkFit(c, v, targetIds(p).ids);
    return this.forTargets(p, async (id) => {
      await this.managedDevice(c, id);
      await this.db.update(equipment).set({ target_version: v.version, updated_at: this.now() }).where(eq(equipment.id, id));
      return { msg: `目标版本已设为 ${v.version}` };
    });
  }

  /**
   * c104: `upgrade` {version, url, sha256[, size]}. With url + sha256 that package is sent (the version given, else
   * the target). Without them a registry version's package (signed address): version_id, else version, else the
   * device's target, else the current version. The version sent becomes the device's target.
   */
  async sendUpgrade(c: Caller, p: z.output<typeof EquipmentSendUpgrade>): Promise<CommandQueued[]> {
    const explicit = p.url !== undefined && p.sha256 !== undefined;
    const chosen =
      explicit || (p.version_id === undefined && p.version === undefined)
        ? undefined
        : await this.registryVersion(p.version_id !== undefined ? { id: p.version_id } : { version: p.version });
    if (chosen) await this.checkFit(c, chosen, targetIds(p).ids);
    const current = explicit || chosen ? undefined : await this.versions?.currentDeviceVersion();
    return this.forTargets(p, (id) =>
      this.command(c, id, "upgrade", async (e) => {
        let payload: Record<string, unknown>;
        if (explicit) {
          const version = p.version ?? e.target_version;
          if (!version) throw badInput("版本号(version): 请输入版本号，或先设置设备的目标版本");
          payload = { version, url: p.url, sha256: p.sha256 };
        } else {
          const v = chosen ?? (e.target_version ? await this.registryVersion({ version: e.target_version }) : current);
          if (!v) throw badInput("没有可下发的版本：请选择版本，或先设置设备的目标版本 / 软件版本中的当前版本");
          if (!EquipmentService.fits(v, e))
            throw badInput(`版本 ${v.version} 适用型号为 ${v.models.join("、")}，不适用于${e.position}（${e.producer || "型号未填"}）`);
          payload = { version: v.version, url: this.versions!.packageUrl(v), sha256: v.sha256, size: v.size };
        }
        if (payload.version !== e.target_version) {
          await this.db
            .update(equipment)
            .set({ target_version: payload.version as string, updated_at: this.now() })
            .where(eq(equipment.id, id));
        }
        return payload;
      }),
    );
  }

  /** A row change that the device also hears about when it is enabled. */
  private async updateAndTell(
    c: Caller,
    id: number,
    set: Partial<EquipmentRecord>,
    type: CommandType,
    payload: Record<string, unknown>,
  ): Promise<{ msg: string; command_id?: number }> {
    const e = await this.managedDevice(c, id);
    await this.db
      .update(equipment)
      .set({ ...set, updated_at: this.now() })
      .where(eq(equipment.id, id));
    if (e.status !== 1) return { msg: "已保存（设备已停用，未下发命令）" };
    return { msg: `已保存并下发${COMMAND_TYPE_NAMES[type]}命令`, command_id: await this.queue(id, type, payload, c.id) };
  }

  /** c108: the device's class (of its school) changes; `change_class` {class_id} is queued. */
  async changeClass(c: Caller, p: z.output<typeof EquipmentChangeClass>): Promise<CommandQueued[]> {
    const e = await this.managedDevice(c, p.id);
    await this.checkClass(p.new_class_id, e.school_id);
    return this.forTargets({ id: p.id }, (id) => this.updateAndTell(c, id, { new_class_id: p.new_class_id }, "change_class", { class_id: p.new_class_id }));
  }

  /** c109: is_tour for the devices; `tour` {on} is queued. */
  tour(c: Caller, p: z.output<typeof EquipmentTour>): Promise<CommandQueued[]> {
    return this.forTargets(p, (id) => this.updateAndTell(c, id, { is_tour: p.is_tour }, "tour", { on: p.is_tour === 1 }));
  }

  /** c111: is_record for the devices; `record_start` / `record_stop` is queued. */
  isRecord(c: Caller, p: z.output<typeof EquipmentIsRecord>): Promise<CommandQueued[]> {
    return this.forTargets(p, (id) => this.updateAndTell(c, id, { is_record: p.is_record }, p.is_record ? "record_start" : "record_stop", {}));
  }

  /** Delivered commands not acknowledged in time become timeout (lazily, on reads and heartbeats). */
  private async expire(equipmentId: number): Promise<void> {
    const cutoff = new Date(this.now().getTime() - COMMAND_ACK_TIMEOUT_SECONDS * 1000);
    await this.db
      .update(equipmentCommand)
      .set({ status: "timeout" })
      .where(and(eq(equipmentCommand.equipment_id, equipmentId), eq(equipmentCommand.status, "delivered"), lt(equipmentCommand.delivered_at, cutoff)));
  }

  /** The device's commands, newest first. */
  async commands(c: Caller, q: z.output<typeof EquipmentCommandsPayload>): Promise<Page<EquipmentCommandRow>> {
    await this.managedDevice(c, q.id);
    await this.expire(q.id);
    const where = eq(equipmentCommand.equipment_id, q.id);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(equipmentCommand).where(where);
    const rows = await this.db
      .select()
      .from(equipmentCommand)
      .where(where)
      .orderBy(desc(equipmentCommand.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const names = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.created_by).filter((x) => x > 0))) {
      const a = await this.deps.accounts.byId(id);
      if (a) names.set(id, a.realname);
    }
    return { list: rows.map((r) => this.commandRow(r, names)), total: n, page: q.page, limit: q.limit };
  }

  private commandRow(r: CommandRecord, names: ReadonlyMap<number, string>): EquipmentCommandRow {
    const type = r.type as CommandType;
    const status = r.status as CommandStatus;
    return {
      id: r.id,
      equipment_id: r.equipment_id,
      type,
      type_name: COMMAND_TYPE_NAMES[type] ?? r.type,
      payload: r.payload,
      status,
      status_name: COMMAND_STATUS_NAMES[status] ?? r.status,
      result: r.result,
      created_by: r.created_by,
      created_by_name: names.get(r.created_by) ?? "",
      created_at: formatTime(r.created_at),
      delivered_at: formatTime(r.delivered_at),
      acked_at: formatTime(r.acked_at),
    };
  }

  // -------------------------------------------------------------------------------------------------------
  // /middle/machine

  private async visibleByCode(c: Caller, code: string): Promise<EquipmentRecord | undefined> {
    const [row] = await this.db.select().from(equipment).where(eq(equipment.code, code.trim().toUpperCase()));
    if (!row) return undefined;
    const schools = await this.visible(c);
    return schools === undefined || schools.includes(row.school_id) ? row : undefined;
  }

  /**
   * c115–c118: push_start / push_stop for the device with that code. pushrtmp/stoprtmp: one camera (default the
   * teacher camera); pushallrtmp/stopallrtmp: both (docs/decisions/0605).
   */
  async machine(c: Caller, code: string, start: boolean, camera: Camera | "all"): Promise<MachineAnswer> {
    const e = await this.visibleByCode(c, code);
    if (!e) throw notFound(DEVICE_NOT_FOUND);
    if (e.status !== 1) throw conflict("设备已停用，不能下发命令");
    const id = await this.queue(e.id, start ? "push_start" : "push_stop", camera === "all" ? {} : { camera }, c.id);
    return { code: e.code, equipment_id: e.id, command_ids: [id] };
  }

  /** c119: the record is kept; record_type 2 (logout) also stops the pushing of a device the caller sees. */
  async hostCodeRecord(c: Caller, p: z.output<typeof HostCodeRecordSave>): Promise<HostCodeRecordAnswer> {
    const e = await this.visibleByCode(c, p.code);
    const command_ids: number[] = [];
    if (e && p.record_type === RECORD_TYPE_LOGOUT && e.status === 1) command_ids.push(await this.queue(e.id, "push_stop", {}, c.id));
    const [row] = await this.db
      .insert(hostCodeRecord)
      .values({ code: e?.code ?? p.code, record_type: p.record_type, account_id: c.id, equipment_id: e?.id ?? 0, created_at: this.now() })
      .returning({ id: hostCodeRecord.id });
    if (!row) throw new Error("insert failed");
    return { id: row.id, code: e?.code ?? p.code, record_type: p.record_type, released: command_ids.length > 0, command_ids };
  }

  // -------------------------------------------------------------------------------------------------------
  // /v2/school_equipment (community edition): same table, same rules

  async schoolList(c: Caller, q: z.output<typeof SchoolEquipmentListPayload>): Promise<Page<SchoolEquipmentRow>> {
    const page = await this.list(c, {
      ...q,
      heartbeat_state: undefined,
      status: undefined,
      liveStreamStatus: undefined,
      is_tour: undefined,
      new_class_name: undefined,
      code: undefined,
    });
    return {
      ...page,
      list: page.list.map((r) => ({
        id: r.id,
        code: r.code,
        host_ip: r.host_ip,
        position: r.position,
        school_id: r.school_id,
        school_name: r.school_name,
        producer: r.producer,
        liveStream_url: r.liveStream_url,
        studentStreamUrl: r.studentStreamUrl,
        teacherStreamUrl: r.teacherStreamUrl,
        heartbeat_state: r.heartbeat_state,
        liveStreamStatus: r.liveStreamStatus,
      })),
    };
  }

  schoolSave(c: Caller, p: z.output<typeof SchoolEquipmentSave>, requestHost?: string): Promise<EquipmentCredentials> {
    return this.save(c, { ...p, new_class_id: 0, remarks: "", is_record: 1, status: 1, is_tour: 0 }, requestHost);
  }

  schoolUpdate(c: Caller, p: z.output<typeof SchoolEquipmentUpdate>): Promise<{ id: number; command_ids: number[] }> {
    return this.update(c, p);
  }

  /** One row as the list shows it (for tests and other modules). */
  read(id: number): Promise<EquipmentRow> {
    return this.rowOf(id);
  }

  // -------------------------------------------------------------------------------------------------------
  // The device protocol

  /** Checks code and secret (constant time over the hashes); refuses a disabled device. */
  private async authenticateDevice(code: string, secret: string): Promise<EquipmentRecord> {
    const [row] = await this.db.select().from(equipment).where(eq(equipment.code, code.trim().toUpperCase()));
    const want = row ? Buffer.from(row.secret_hash, "hex") : DUMMY_HASH;
    const got = sha256(secret);
    const match = want.length === got.length && timingSafeEqual(want, got);
    if (!row || !match) throw new DeviceRefusal(401, DEVICE_AUTH_FAILED);
    if (row.status !== 1) throw new DeviceRefusal(403, DEVICE_DISABLED);
    return row;
  }

  /**
   * POST /device/v1/heartbeat: records the device's state, applies its acknowledgements, expires unacknowledged
   * commands, and delivers the queued ones exactly once (UPDATE … WHERE status = 'queued' RETURNING: of two
   * concurrent heartbeats only one gets a command).
   */
  async heartbeat(p: z.output<typeof HeartbeatPayload>, remoteIp: string, requestHost?: string): Promise<HeartbeatAnswer> {
    const e = await this.authenticateDevice(p.code, p.secret);
    const now = this.now();
    await this.db
      .update(equipment)
      .set({
        ...(p.ip ? { host_ip: p.ip } : {}),
        ...(p.version ? { version: p.version } : {}),
        remote_ip: remoteIp.slice(0, 45),
        state: p.state,
        pushing: { teacher: p.pushing.teacher, student: p.pushing.student },
        recording: p.recording,
        last_heartbeat_at: now,
      })
      .where(eq(equipment.id, e.id));
    for (const ack of p.acks) {
      await this.db
        .update(equipmentCommand)
        .set({ status: ack.ok ? "acked" : "failed", result: ack.result, acked_at: now })
        .where(
          and(
            eq(equipmentCommand.id, ack.id),
            eq(equipmentCommand.equipment_id, e.id),
            or(eq(equipmentCommand.status, "delivered"), eq(equipmentCommand.status, "timeout")),
          ),
        );
    }
    await this.expire(e.id);
    const delivered = await this.db
      .update(equipmentCommand)
      .set({ status: "delivered", delivered_at: now })
      .where(and(eq(equipmentCommand.equipment_id, e.id), eq(equipmentCommand.status, "queued")))
      .returning({ id: equipmentCommand.id, type: equipmentCommand.type, payload: equipmentCommand.payload });
    const commands: DeviceCommand[] = delivered.sort((a, b) => a.id - b.id).map((r) => ({ id: r.id, type: r.type as CommandType, payload: r.payload }));
    return { interval_s: this.deps.devices.heartbeatSeconds, commands, rtmp: this.rtmpUrls(e, requestHost), class_id: e.new_class_id };
  }

  // -------------------------------------------------------------------------------------------------------
  // StreamAuthority

  async authorizePublish(key: string): Promise<{ equipmentId: number; camera: Camera } | undefined> {
    if (!key || key.length > 200) return undefined;
    const [row] = await this.db
      .select({ id: equipment.id, status: equipment.status, teacher: equipment.teacher_stream_key, student: equipment.student_stream_key })
      .from(equipment)
      .where(or(eq(equipment.teacher_stream_key, key), eq(equipment.student_stream_key, key)));
    if (row?.status !== 1) return undefined;
    return { equipmentId: row.id, camera: row.teacher === key ? "teacher" : "student" };
  }

  /** May the caller watch the device's cameras: a device of a school he sees (his own, or those he administers). */
  async mayWatch(c: Caller, equipmentId: number): Promise<boolean> {
    const e = await this.byId(equipmentId);
    if (!e) return false;
    const schools = await this.visible(c);
    return schools === undefined || schools.includes(e.school_id);
  }

  /** At start nothing publishes yet: live flags a crash left behind are cleared. */
  async clearLive(): Promise<void> {
    await this.db.update(equipment).set({ teacher_live: false, student_live: false }).where(sql`${equipment.teacher_live} or ${equipment.student_live}`);
  }

  async published(equipmentId: number, camera: Camera, live: boolean): Promise<void> {
    const set = camera === "teacher" ? { teacher_live: live } : { student_live: live };
    await this.db.update(equipment).set(set).where(eq(equipment.id, equipmentId));
  }

  // -------------------------------------------------------------------------------------------------------
  // Demo devices (docs/decisions/0608)

  /**
   * The two demo devices of 银川市第一中学 (DEMO_DEVICES), registered on first use, with their secrets kept in
   * DATA_DIR/demo-devices.json (0600) so that `yanke device-sim` can sign in as them. A secret missing from the file
   * (or not matching) is renewed. Answers [] when the demo school does not exist (SEED_DEMO=0).
   */
  async ensureDemoDevices(dataDir: string): Promise<{ id: number; code: string; secret: string }[]> {
    const [demoSchool] = await this.db.select({ id: school.id, region_id: school.region_id }).from(school).where(eq(school.code, DEMO_SCHOOL_CODE));
    if (!demoSchool) return [];
    const file = path.join(dataDir, DEMO_SECRETS_FILE);
    let stored: Record<string, string> = {};
    if (existsSync(file)) {
      try {
        const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
        if (parsed && typeof parsed === "object")
          stored = Object.fromEntries(Object.entries(parsed).filter((kv): kv is [string, string] => typeof kv[1] === "string"));
      } catch {
        stored = {};
      }
    }
    const classes = await this.db
      .select({ id: schoolClass.id })
      .from(schoolClass)
      .where(eq(schoolClass.school_id, demoSchool.id))
      .orderBy(asc(schoolClass.grade_id), asc(schoolClass.name), asc(schoolClass.id))
      .limit(DEMO_DEVICES.length);
    const out: { id: number; code: string; secret: string }[] = [];
    for (const [i, d] of DEMO_DEVICES.entries()) {
      let [row] = await this.db.select().from(equipment).where(eq(equipment.code, d.code));
      const secret = stored[d.code];
      if (!row) {
        const fresh = newSecret();
        await this.db.insert(deviceCode).values({ code: d.code, used_at: this.now() }).onConflictDoNothing();
        [row] = await this.db
          .insert(equipment)
          .values({
            code: d.code,
            position: d.position,
            producer: d.producer,
            host_ip: d.host_ip,
            school_id: demoSchool.id,
            area_id: demoSchool.region_id ?? 0,
            new_class_id: classes[i]?.id ?? 0,
            is_tour: 1,
            secret_hash: sha256(fresh).toString("hex"),
            teacher_stream_key: newStreamKey(),
            student_stream_key: newStreamKey(),
          })
          .returning();
        if (!row) throw new Error("insert failed");
        await this.db.update(deviceCode).set({ used_at: this.now(), equipment_id: row.id }).where(eq(deviceCode.code, d.code));
        out.push({ id: row.id, code: d.code, secret: fresh });
      } else if (secret && timingSafeEqual(sha256(secret), Buffer.from(row.secret_hash, "hex"))) {
        out.push({ id: row.id, code: d.code, secret });
      } else {
        const renewed = await this.renew(row.id);
        out.push({ id: row.id, code: d.code, secret: renewed.secret });
      }
    }
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(Object.fromEntries(out.map((d) => [d.code, d.secret])), null, 2)}\n`, { mode: 0o600 });
    return out;
  }
}

/**
 * Classroom devices (#6, "Devices"): the /middle/equipment registry, /middle/code/uuid, /middle/machine,
 * /v2/school_equipment, the device heartbeat of docs/api/device-protocol.md and the StreamAuthority the RTMP ingest
 * asks. Time is the service's injectable clock (no waiting).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import {
  type BatchResult,
  type CommandQueued,
  DEVICE_CODE_PATTERN,
  DEVICE_ROUTES,
  EQUIPMENT_CALLS as C,
  type EquipmentCommandRow,
  type EquipmentCredentials,
  type EquipmentIpStatus,
  type EquipmentRow,
  type Envelope,
  type FileAnswer,
  type HeartbeatAnswer,
  type HostCodeRecordAnswer,
  type IssuedCodes,
  type MachineAnswer,
  type Page,
  type SchoolEquipmentRow,
} from "@yanke/protocol";
import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hostCodeRecord } from "../src/modules/equipment/equipment.schema.js";
import { DEMO_DEVICES, DEMO_SECRETS_FILE } from "../src/modules/equipment/equipment.service.js";
import { schoolClass } from "../src/modules/org/org.schema.js";
import { softwareVersion } from "../src/modules/software/software.schema.js";
import { TEST_TEACHER_PASSWORD, TMP_DIR } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";

const DEMO = "Demo12345";
let s: TestServer;
const tokens: Record<string, string> = {};
let school1 = 0; // 银川市第一中学 (兴庆区): xiaoji, zhanglaoshi
let school2 = 0; // 银川市第二中学 (西夏区): zhaolaoshi
let xqPrimary = 0; // 银川市兴庆区第一小学 (兴庆区)
let classes1: number[] = [];
let classes2: number[] = [];
const realNow = () => new Date();

function call<T = unknown>(path: string, payload: Record<string, unknown>, who: string): Promise<Envelope<T>> {
  return s.call<T>(path, payload, tokens[who]);
}

async function ok<T>(path: string, payload: Record<string, unknown>, who = "admin"): Promise<T> {
  const r = await call<T>(path, payload, who);
  expect(r.code, `${path} ${r.msg}`).toBe(200);
  return r.data;
}

async function beat(body: Record<string, unknown>): Promise<Envelope<HeartbeatAnswer>> {
  const res = await fetch(`${s.url}${DEVICE_ROUTES.heartbeat}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Envelope<HeartbeatAnswer>;
}

async function beatOk(dev: EquipmentCredentials, extra: Record<string, unknown> = {}): Promise<HeartbeatAnswer> {
  const r = await beat({ code: dev.code, secret: dev.secret, ip: "10.0.0.8", version: "1.0.0", state: "idle", ...extra });
  expect(r.code, r.msg).toBe(200);
  return r.data;
}

let seq = 0;
/** A registered device (a fresh code each time). */
async function register(fields: Record<string, unknown> = {}, who = "admin"): Promise<EquipmentCredentials> {
  const { codes } = await ok<IssuedCodes>(C.codeUuid, { number: 1 }, who);
  return ok<EquipmentCredentials>(C.equipmentSave, { code: codes[0], position: `测试教室${++seq}`, school_id: school1, ...fields }, who);
}

async function row(id: number): Promise<EquipmentRow> {
  return s.services.equipment.read(id);
}

async function commandsOf(id: number): Promise<EquipmentCommandRow[]> {
  return (await ok<Page<EquipmentCommandRow>>(C.equipmentCommands, { id, limit: 100 })).list;
}

async function listIds(filter: Record<string, unknown>, who = "admin"): Promise<number[]> {
  return (await ok<Page<EquipmentRow>>(C.equipmentList, { limit: 100, ...filter }, who)).list.map((r) => r.id);
}

async function classesOf(schoolId: number): Promise<number[]> {
  const rows = await s.database.db.select({ id: schoolClass.id }).from(schoolClass).where(eq(schoolClass.school_id, schoolId)).orderBy(asc(schoolClass.id));
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  s = await startTestServer({ LOGIN_MAX_FAILURES: "1000", LOGIN_MAX_FAILURES_PER_IP: "100000" });
  tokens.admin = (await s.login()).token;
  for (const u of ["quji", "xiaoji", "pingtai"]) tokens[u] = (await s.login(u, DEMO)).token;
  for (const u of ["zhanglaoshi", "zhaolaoshi"]) tokens[u] = (await s.login(u, TEST_TEACHER_PASSWORD)).token;
  school1 = (await s.services.org.schoolIdByCode("640104001"))!;
  school2 = (await s.services.org.schoolIdByCode("640105001"))!;
  xqPrimary = (await s.services.org.schoolIdByCode("640104101"))!;
  classes1 = await classesOf(school1);
  classes2 = await classesOf(school2);
  // c103 takes its versions from the software registry (#12): the version the tests below target.
  await s.database.db
    .insert(softwareVersion)
    .values({ product: "device", version: "3.0.0", file_id: 1, file_name: "pkg-3.0.0.bin", size: 1, sha256: "b".repeat(64) });
});
afterAll(async () => {
  await s?.close();
});
afterEach(() => {
  s.services.equipment.now = realNow;
});

/** Moves the service's clock to `ms` after the real now. */
function shiftClock(ms: number): void {
  const at = Date.now() + ms;
  s.services.equipment.now = () => new Date(at);
}

// ---------------------------------------------------------------------------------------------------------

describe("codes and registration", () => {
  it("issues codes, registers a device with one (secret answered once), refuses a used or unknown code", async () => {
    const { codes } = await ok<IssuedCodes>(C.codeUuid, { number: 3 });
    expect(codes).toHaveLength(3);
    for (const c of codes) expect(c).toMatch(DEVICE_CODE_PATTERN);
    expect(new Set(codes).size).toBe(3);

    const dev = await ok<EquipmentCredentials>(C.equipmentSave, {
      code: codes[0]!.toLowerCase(),
      position: "七年级1班",
      producer: "海康",
      host_ip: "192.168.1.20",
      school_id: school1,
      new_class_id: classes1[0],
    });
    expect(dev.code).toBe(codes[0]);
    expect(dev.secret.length).toBeGreaterThanOrEqual(40);
    const port = s.services.equipment.rtmpPort;
    expect(dev.rtmp.teacher).toMatch(new RegExp(`^rtmp://127\\.0\\.0\\.1:${port}/live/[0-9a-f]{40}$`));
    expect(dev.rtmp.student).not.toBe(dev.rtmp.teacher);
    expect(dev.heartbeat_url).toBe(DEVICE_ROUTES.heartbeat);

    // The list never shows the secret or the keys.
    const listed = await ok<Page<EquipmentRow>>(C.equipmentList, { code: codes[0] });
    expect(listed.total).toBe(1);
    const json = JSON.stringify(listed);
    expect(json).not.toContain(dev.secret);
    expect(json).not.toContain(dev.rtmp.teacher.split("/").pop()!);
    expect(listed.list[0]).toMatchObject({
      position: "七年级1班",
      producer: "海康",
      host_ip: "192.168.1.20",
      school_id: school1,
      school_name: "银川市第一中学",
      new_class_id: classes1[0],
      heartbeat_state: 0,
      status: 1,
      liveStreamStatus: 0,
      is_tour: 0,
      is_record: 1,
    });
    expect(listed.list[0]!.new_class_name).toMatch(/班$/);
    expect(listed.list[0]!.area_id).toBeGreaterThan(0);

    const again = await call(C.equipmentSave, { code: codes[0], position: "另一间", school_id: school1 }, "admin");
    expect(again.code).toBe(409);
    const unknown = await call(C.equipmentSave, { code: "YK-00000000", position: "另一间", school_id: school1 }, "admin");
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toContain("设备编码(code)");
    const badFormat = await call(C.equipmentSave, { code: "ABC", position: "x", school_id: school1 }, "admin");
    expect(badFormat.code).toBe(400);
    expect(badFormat.msg).toContain("设备编码(code)");

    // Without a code a fresh one is issued.
    const auto = await ok<EquipmentCredentials>(C.equipmentSave, { position: "录播教室", school_id: school1 });
    expect(auto.code).toMatch(DEVICE_CODE_PATTERN);
    expect(codes).not.toContain(auto.code);
  });

  it("bad input answers 400 with the field in Chinese; unknown ids 404", async () => {
    const noPos = await call(C.equipmentSave, { school_id: school1 }, "admin");
    expect(noPos.code).toBe(400);
    expect(noPos.msg).toBe("设备位置(position): 必填");
    const badIp = await call(C.equipmentSave, { position: "a", host_ip: "300.1.1.1", school_id: school1 }, "admin");
    expect(badIp).toMatchObject({ code: 400, msg: "IP 地址(host_ip): 不是有效的 IP 地址" });
    const noSchool = await call(C.equipmentSave, { position: "a" }, "admin");
    expect(noSchool).toMatchObject({ code: 400, msg: "学校(school_id): 必填" });
    const tooMany = await call(C.codeUuid, { number: 101 }, "admin");
    expect(tooMany.code).toBe(400);
    expect(tooMany.msg).toContain("数量(number)");
    const noTarget = await call(C.equipmentRestart, {}, "admin");
    expect(noTarget).toMatchObject({ code: 400 });
    expect(noTarget.msg).toContain("请至少选择一台设备");
    expect((await call(C.equipmentGetRemarks, { id: 999999 }, "admin")).code).toBe(404);
    expect((await call(C.equipmentRestart, { id: 999999 }, "admin")).code).toBe(404);
    expect((await call(C.equipmentDelete, { id: 999999 }, "admin")).code).toBe(404);
    const wrongClass = await call(C.equipmentSave, { position: "a", school_id: school1, new_class_id: classes2[0] }, "admin");
    expect(wrongClass.code).toBe(400);
    expect(wrongClass.msg).toContain("班级(new_class_id)");
  });

  it("njy_update changes only what is sent; remarks, position; delete frees the code", async () => {
    const dev = await register({ producer: "大华", remarks: "旧备注" });
    await ok(C.equipmentUpdate, { id: dev.id, host_ip: "10.1.2.3" });
    expect(await row(dev.id)).toMatchObject({ host_ip: "10.1.2.3", producer: "大华", remarks: "旧备注" });
    await ok(C.equipmentSetRemarks, { id: dev.id, remarks: "新备注" });
    expect(await ok<{ remarks: string }>(C.equipmentGetRemarks, { id: dev.id })).toEqual({ id: dev.id, remarks: "新备注" });
    await ok(C.equipmentSetPosition, { id: dev.id, position: "八年级2班" });
    expect((await row(dev.id)).position).toBe("八年级2班");

    await ok(C.equipmentDelete, { id: dev.id });
    expect((await call(C.equipmentGetRemarks, { id: dev.id }, "admin")).code).toBe(404);
    expect((await beat({ code: dev.code, secret: dev.secret })).code).toBe(401);
    // The code registers again.
    const again = await ok<EquipmentCredentials>(C.equipmentSave, { code: dev.code, position: "重新登记", school_id: school1 });
    expect(again.secret).not.toBe(dev.secret);

    const other = await register();
    const results = await ok<BatchResult[]>(C.equipmentBatchDelete, { ids: [again.id, other.id, 999999] });
    expect(results.map((r) => [r.id, r.ok])).toEqual([
      [again.id, true],
      [other.id, true],
      [999999, false],
    ]);
  });
});

describe("heartbeat", () => {
  it("refuses a wrong secret or code (401), a disabled device (403), a bad body (400)", async () => {
    const dev = await register();
    expect(await beat({ code: dev.code, secret: "wrong" })).toMatchObject({ code: 401, msg: "设备编码或密钥错误" });
    expect(await beat({ code: "YK-FFFFFFFF", secret: dev.secret })).toMatchObject({ code: 401, msg: "设备编码或密钥错误" });
    const bad = await beat({ code: dev.code });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe("设备密钥(secret): 必填");
    expect((await beat({ code: dev.code, secret: dev.secret, ip: "999.1.1.1" })).code).toBe(400);

    const answer = await beatOk(dev, { pushing: { teacher: true, student: false }, recording: true, state: "pushing", version: "2.3.1", ip: "192.168.10.21" });
    expect(answer.interval_s).toBe(s.config.devices.heartbeatSeconds);
    expect(answer.commands).toEqual([]);
    expect(answer.rtmp).toEqual(dev.rtmp);
    expect(await row(dev.id)).toMatchObject({
      heartbeat_state: 1,
      version: "2.3.1",
      state: "pushing",
      pushing: { teacher: true, student: false },
      recording: true,
      host_ip: "192.168.10.21",
    });
    const ip = await ok<EquipmentIpStatus>(C.equipmentIpStatus, { id: dev.id });
    expect(ip).toMatchObject({ id: dev.id, online: true, heartbeat_state: 1, ip: "192.168.10.21", remote_ip: "127.0.0.1" });
    expect(ip.seconds_since).toBeGreaterThanOrEqual(0);

    await ok(C.equipmentUpdate, { id: dev.id, status: 0 });
    expect(await beat({ code: dev.code, secret: dev.secret })).toMatchObject({ code: 403, msg: "设备已停用" });
    expect((await call(C.equipmentRestart, { id: dev.id }, "admin")).code).toBe(409);
    await ok(C.equipmentUpdate, { id: dev.id, status: 1 });
    expect((await beat({ code: dev.code, secret: dev.secret })).code).toBe(200);
  });

  it("delivers a command exactly once (two concurrent heartbeats), then records the acknowledgement", async () => {
    const dev = await register();
    const [queued] = await ok<CommandQueued[]>(C.equipmentRestart, { id: dev.id });
    expect(queued).toMatchObject({ id: dev.id, ok: true });
    expect((await commandsOf(dev.id))[0]).toMatchObject({ id: queued!.command_id, type: "restart", status: "queued" });

    const [more] = await ok<CommandQueued[]>(C.equipmentAllUpload, { id: dev.id });
    const answers = await Promise.all(Array.from({ length: 6 }, () => beatOk(dev)));
    // Both commands in one answer, none twice.
    expect(answers.filter((a) => a.commands.length > 0)).toHaveLength(1);
    expect(answers.flatMap((a) => a.commands)).toEqual([
      { id: queued!.command_id, type: "restart", payload: {} },
      { id: more!.command_id, type: "allupload", payload: {} },
    ]);
    expect((await beatOk(dev)).commands).toEqual([]);
    expect((await commandsOf(dev.id))[0]).toMatchObject({ status: "delivered", status_name: "已下发" });

    await beatOk(dev, {
      acks: [
        { id: queued!.command_id, ok: true, result: "已重启" },
        { id: 999999, ok: true },
      ],
    });
    const acked = (await commandsOf(dev.id)).find((c) => c.id === queued!.command_id);
    expect(acked).toMatchObject({ id: queued!.command_id, status: "acked", result: "已重启", created_by_name: "管理员" });
    expect(acked!.acked_at).not.toBe("");

    // A failed command keeps the device's reason; another device cannot acknowledge it.
    const other = await register();
    const [up] = await ok<CommandQueued[]>(C.equipmentSendUpgrade, {
      ids: [dev.id],
      version: "2.4.0",
      url: "https://example.invalid/pkg.bin",
      sha256: "A".repeat(64),
    });
    const delivered = await beatOk(dev);
    expect(delivered.commands).toEqual([
      { id: up!.command_id, type: "upgrade", payload: { version: "2.4.0", url: "https://example.invalid/pkg.bin", sha256: "a".repeat(64) } },
    ]);
    await beatOk(other, { acks: [{ id: up!.command_id, ok: true, result: "不是我的" }] });
    expect((await commandsOf(dev.id))[0]!.status).toBe("delivered");
    await beatOk(dev, { acks: [{ id: up!.command_id, ok: false, result: "校验值不一致" }] });
    expect((await commandsOf(dev.id))[0]).toMatchObject({ status: "failed", result: "校验值不一致" });
    expect((await row(dev.id)).target_version).toBe("2.4.0");
  });

  it("a delivered command not acknowledged within 120 s becomes timeout", async () => {
    const dev = await register();
    const [q] = await ok<CommandQueued[]>(C.equipmentAllUpload, { ids: [dev.id] });
    expect((await beatOk(dev)).commands.map((c) => c.id)).toEqual([q!.command_id]);
    shiftClock(119_000);
    expect((await commandsOf(dev.id))[0]!.status).toBe("delivered");
    shiftClock(121_000);
    expect((await commandsOf(dev.id))[0]).toMatchObject({ status: "timeout", status_name: "超时" });
    // A command queued now is still delivered, in its own heartbeat.
    const [q2] = await ok<CommandQueued[]>(C.equipmentRestart, { id: dev.id });
    expect((await beatOk(dev)).commands.map((c) => c.id)).toEqual([q2!.command_id]);
  });

  it("heartbeat_state: online after a beat, offline once DEVICE_OFFLINE_AFTER_SECONDS pass (list filter in SQL)", async () => {
    const producer = `心跳${Date.now()}`;
    const a = await register({ producer });
    const b = await register({ producer });
    await beatOk(a);
    expect(await listIds({ producer, heartbeat_state: 1 })).toEqual([a.id]);
    expect(await listIds({ producer, heartbeat_state: 0 })).toEqual([b.id]);
    expect((await ok<EquipmentIpStatus>(C.equipmentIpStatus, { id: b.id })).seconds_since).toBeNull();
    shiftClock((s.config.devices.offlineAfterSeconds + 1) * 1000);
    expect(await listIds({ producer, heartbeat_state: 1 })).toEqual([]);
    expect((await listIds({ producer, heartbeat_state: 0 })).sort()).toEqual([a.id, b.id].sort());
    expect(await ok<EquipmentIpStatus>(C.equipmentIpStatus, { id: a.id })).toMatchObject({ online: false, heartbeat_state: 0 });
    expect((await row(a.id)).heartbeat_state).toBe(0);
  });
});

describe("list filters and scope", () => {
  it("filters by every field of c094", async () => {
    const tag = `筛选${Date.now()}`;
    const a = await register({ producer: tag, position: "一号楼 101", host_ip: "172.16.5.10", new_class_id: classes1[0], is_tour: 1 });
    const b = await register({ producer: tag, position: "二号楼 202", host_ip: "172.16.6.20", new_class_id: classes1[1], status: 0 });
    const c = await register({ producer: tag, position: "三号楼 303", school_id: school2, new_class_id: classes2[0] });
    await s.services.equipment.published(c.id, "student", true);
    const all = [a.id, b.id, c.id].sort((x, y) => y - x);
    expect(await listIds({ producer: tag })).toEqual(all);
    expect(await listIds({ producer: tag, position: "二号" })).toEqual([b.id]);
    expect(await listIds({ producer: tag, host_ip: "172.16.5" })).toEqual([a.id]);
    expect(await listIds({ producer: tag, school_id: school2 })).toEqual([c.id]);
    expect(await listIds({ producer: tag, status: 0 })).toEqual([b.id]);
    expect(await listIds({ producer: tag, status: "" })).toEqual(all);
    expect(await listIds({ producer: tag, liveStreamStatus: 1 })).toEqual([c.id]);
    expect(await listIds({ producer: tag, liveStreamStatus: 0 })).toEqual([b.id, a.id]);
    expect(await listIds({ producer: tag, is_tour: 1 })).toEqual([a.id]);
    expect(await listIds({ producer: tag, heartbeat_state: 1 })).toEqual([]);
    const nameA = (await row(a.id)).new_class_name;
    // Class names repeat across schools (七年级1班): the name matches both, the school narrows it.
    expect(await listIds({ producer: tag, new_class_name: nameA })).toEqual((await row(c.id)).new_class_name === nameA ? [c.id, a.id] : [a.id]);
    expect(await listIds({ producer: tag, new_class_name: nameA, school_id: school1 })).toEqual([a.id]);
    expect(await listIds({ producer: tag, new_class_name: "不存在的班" })).toEqual([]);
    expect(await listIds({ producer: tag, code: b.code })).toEqual([b.id]);
    const page = await ok<Page<EquipmentRow>>(C.equipmentList, { producer: tag, page: 2, limit: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.list.map((r) => r.id)).toEqual([a.id]);
    const bad = await call(C.equipmentList, { heartbeat_state: 2 }, "admin");
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain("在线状态(heartbeat_state)");
  });

  it("a school administrator is confined to his school, a district administrator to his region; teachers are refused", async () => {
    const tag = `范围${Date.now()}`;
    const mine = await register({ producer: tag }, "xiaoji");
    expect((await row(mine.id)).school_id).toBe(school1);
    const primary = await register({ producer: tag, school_id: xqPrimary });
    const far = await register({ producer: tag, school_id: school2 });
    expect(await listIds({ producer: tag }, "xiaoji")).toEqual([mine.id]);
    expect(await listIds({ producer: tag, school_id: school2 }, "xiaoji")).toEqual([]);
    expect((await listIds({ producer: tag }, "quji")).sort()).toEqual([mine.id, primary.id].sort());
    expect((await listIds({ producer: tag }, "pingtai")).sort()).toEqual([mine.id, primary.id, far.id].sort());

    // Out of scope: 404 on every call, even a command.
    expect((await call(C.equipmentGetRemarks, { id: far.id }, "xiaoji")).code).toBe(404);
    expect((await call(C.equipmentRestart, { id: far.id }, "xiaoji")).code).toBe(404);
    expect((await call(C.equipmentUpdate, { id: far.id, position: "x" }, "quji")).code).toBe(404);
    expect((await call(C.equipmentDelete, { id: far.id }, "quji")).code).toBe(404);
    const mixed = await ok<CommandQueued[]>(C.equipmentRestart, { ids: [mine.id, far.id] }, "xiaoji");
    expect(mixed.map((r) => [r.id, r.ok])).toEqual([
      [mine.id, true],
      [far.id, false],
    ]);
    expect((await call(C.equipmentSave, { position: "x", school_id: school2 }, "xiaoji")).code).toBe(404);
    expect((await call(C.equipmentSave, { position: "x", school_id: school2 }, "quji")).code).toBe(404);
    expect((await call(C.equipmentUpdate, { id: mine.id, school_id: school2 }, "xiaoji")).code).toBe(404);

    // Teachers: no rule for the administration calls; allList shows their own school's devices.
    for (const path of [C.equipmentList, C.equipmentSave, C.equipmentRestart, C.codeUuid, C.equipmentExport, C.schoolEquipmentList]) {
      expect((await call(path, { id: mine.id, ids: [mine.id], position: "x" }, "zhanglaoshi")).code, path).toBe(403);
    }
    const seen = (await ok<EquipmentRow[]>(C.equipmentAllList, {}, "zhanglaoshi")).map((r) => r.id);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(far.id);
    expect(seen).not.toContain(primary.id);
    const theirs = (await ok<EquipmentRow[]>(C.equipmentAllList, {}, "zhaolaoshi")).map((r) => r.id);
    expect(theirs).toContain(far.id);
    expect(theirs).not.toContain(mine.id);
  });
});

describe("commands from the screens", () => {
  it("change_class and tour update the row and queue their command", async () => {
    const dev = await register({ new_class_id: classes1[0] });
    const [cc] = await ok<CommandQueued[]>(C.equipmentChangeClass, { id: dev.id, new_class_id: classes1[1] });
    expect(cc).toMatchObject({ ok: true });
    expect((await row(dev.id)).new_class_id).toBe(classes1[1]);
    const bad = await call(C.equipmentChangeClass, { id: dev.id, new_class_id: classes2[0] }, "admin");
    expect(bad.code).toBe(400);

    const tour = await ok<CommandQueued[]>(C.equipmentTour, { ids: [dev.id], is_tour: 1 });
    expect(tour[0]!.ok).toBe(true);
    expect((await row(dev.id)).is_tour).toBe(1);
    const rec = await ok<CommandQueued[]>(C.equipmentIsRecord, { id: dev.id, is_record: 0 });
    expect((await row(dev.id)).is_record).toBe(0);

    const answer = await beatOk(dev);
    expect(answer.class_id).toBe(classes1[1]);
    expect(answer.commands).toEqual([
      { id: cc!.command_id, type: "change_class", payload: { class_id: classes1[1] } },
      { id: tour[0]!.command_id, type: "tour", payload: { on: true } },
      { id: rec[0]!.command_id, type: "record_stop", payload: {} },
    ]);

    // njy_update tells the device too when the class or the tour flag changes.
    const upd = await ok<{ command_ids: number[] }>(C.equipmentUpdate, { id: dev.id, new_class_id: classes1[0], is_tour: 0, remarks: "r" });
    expect(upd.command_ids).toHaveLength(2);
    expect((await beatOk(dev)).commands.map((c) => [c.type, c.payload])).toEqual([
      ["change_class", { class_id: classes1[0] }],
      ["tour", { on: false }],
    ]);
  });

  it("sync carries the school and class from the rows; upgrade uses the target version; touchSynchronous reaches many", async () => {
    const a = await register({ new_class_id: classes1[0] });
    const b = await register();
    const [sync] = await ok<CommandQueued[]>(C.equipmentSendSync, { id: a.id });
    const [cmd] = (await beatOk(a)).commands;
    expect(cmd).toMatchObject({ id: sync!.command_id, type: "sync" });
    const info = (cmd!.payload as { info: Record<string, unknown> }).info;
    expect(info).toMatchObject({
      school_id: school1,
      school_title: "银川市第一中学",
      class_id: classes1[0],
      class_name: (await row(a.id)).new_class_name,
      code: a.code,
    });

    const set = await ok<CommandQueued[]>(C.equipmentUpgradeVersion, { ids: [a.id, b.id], version: "3.0.0" });
    expect(set.every((r) => r.ok && r.command_id === undefined)).toBe(true);
    expect((await row(b.id)).target_version).toBe("3.0.0");
    expect((await beatOk(b)).commands).toEqual([]);
    await ok(C.equipmentSendUpgrade, { id: b.id, url: "/files/1", sha256: "b".repeat(64) });
    expect((await beatOk(b)).commands[0]).toMatchObject({ type: "upgrade", payload: { version: "3.0.0", url: "/files/1", sha256: "b".repeat(64) } });
    const c = await register();
    const noVersion = await call(C.equipmentSendUpgrade, { id: c.id, url: "/files/1", sha256: "b".repeat(64) }, "admin");
    expect(noVersion.code).toBe(400);

    const many = await ok<CommandQueued[]>(C.equipmentTouchSync, { ids: [a.id, b.id] });
    expect(many.map((r) => r.ok)).toEqual([true, true]);
    expect((await beatOk(a)).commands.map((x) => x.type)).toEqual(["sync"]);
    expect((await beatOk(b)).commands.map((x) => x.type)).toEqual(["sync"]);
  });

  it("export answers an .xlsx holding the listed devices", async () => {
    const tag = `导出${Date.now()}`;
    const a = await register({ producer: tag, position: "导出教室A" });
    const b = await register({ producer: tag, position: "导出教室B", school_id: school2 });
    const file = await ok<FileAnswer>(C.equipmentExport, { ids: [a.id, b.id] });
    expect(file.filename).toMatch(/^设备列表-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.mime).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.file, "base64") as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("设备列表")!;
    expect(ws.getRow(1).getCell(2).text).toBe("设备编码");
    const codes = [ws.getRow(2).getCell(2).text, ws.getRow(3).getCell(2).text];
    expect(codes.sort()).toEqual([a.code, b.code].sort());
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(3).text).toBe("导出教室A");

    // A school administrator's export holds only his devices; without ids the list filters apply.
    const mine = await ok<FileAnswer>(C.equipmentExport, { ids: [a.id, b.id] }, "xiaoji");
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(Buffer.from(mine.file, "base64") as unknown as ArrayBuffer);
    expect(wb2.getWorksheet("设备列表")!.rowCount).toBe(2);
    const filtered = await ok<FileAnswer>(C.equipmentExport, { producer: tag, school_id: school2 });
    const wb3 = new ExcelJS.Workbook();
    await wb3.xlsx.load(Buffer.from(filtered.file, "base64") as unknown as ArrayBuffer);
    expect(wb3.getWorksheet("设备列表")!.getRow(2).getCell(2).text).toBe(b.code);
  });
});

describe("streams", () => {
  it("authorizePublish refuses unknown and revoked keys; published() flips liveStreamStatus and the stream URLs", async () => {
    const dev = await register();
    const svc = s.services.equipment;
    const teacherKey = dev.rtmp.teacher.split("/").pop()!;
    const studentKey = dev.rtmp.student.split("/").pop()!;
    expect(await svc.authorizePublish(teacherKey)).toEqual({ equipmentId: dev.id, camera: "teacher" });
    expect(await svc.authorizePublish(studentKey)).toEqual({ equipmentId: dev.id, camera: "student" });
    expect(await svc.authorizePublish("nope")).toBeUndefined();
    expect(await svc.authorizePublish("")).toBeUndefined();

    const revoked: number[] = [];
    const off = svc.onRevoke((id) => revoked.push(id));
    const fresh = await ok<EquipmentCredentials>(C.equipmentResetSecret, { id: dev.id });
    off();
    expect(revoked).toEqual([dev.id]);
    expect(await svc.authorizePublish(teacherKey)).toBeUndefined();
    expect(await svc.authorizePublish(studentKey)).toBeUndefined();
    const newKey = fresh.rtmp.teacher.split("/").pop()!;
    expect(newKey).not.toBe(teacherKey);
    expect(await svc.authorizePublish(newKey)).toEqual({ equipmentId: dev.id, camera: "teacher" });
    expect((await beat({ code: dev.code, secret: dev.secret })).code).toBe(401);
    expect((await beatOk({ ...dev, secret: fresh.secret })).rtmp).toEqual(fresh.rtmp);

    expect(await row(dev.id)).toMatchObject({ liveStreamStatus: 0, teacherStreamUrl: "", studentStreamUrl: "", liveStream_url: "" });
    await svc.published(dev.id, "student", true);
    expect(await row(dev.id)).toMatchObject({
      liveStreamStatus: 1,
      teacherStreamUrl: "",
      // Signed by the server's playback signer (players cannot send TOKEN); never the publish key.
      studentStreamUrl: expect.stringMatching(new RegExp(`^/live/${dev.id}/student/index\\.m3u8\\?exp=\\d+&sig=`)),
      liveStream_url: expect.stringMatching(new RegExp(`^/live/${dev.id}/student/index\\.m3u8\\?`)),
      studentFlvUrl: expect.stringMatching(new RegExp(`^/live/${dev.id}/student\\.flv\\?exp=`)),
    });
    await svc.published(dev.id, "teacher", true);
    expect((await row(dev.id)).liveStream_url).toMatch(new RegExp(`^/live/${dev.id}/teacher/index\\.m3u8\\?`));
    await svc.published(dev.id, "teacher", false);
    await svc.published(dev.id, "student", false);
    expect(await row(dev.id)).toMatchObject({ liveStreamStatus: 0, liveStream_url: "" });

    // The live module may sign the playback paths; a disabled device's keys are refused.
    svc.playbackSigner = (p) => `${p}?sig=x`;
    await svc.published(dev.id, "teacher", true);
    expect((await row(dev.id)).teacherStreamUrl).toBe(`/live/${dev.id}/teacher/index.m3u8?sig=x`);
    svc.playbackSigner = (p) => p;
    await ok(C.equipmentUpdate, { id: dev.id, status: 0 });
    expect(await svc.authorizePublish(newKey)).toBeUndefined();
  });

  it("the RTMP address follows the actual ingest port or an external base", async () => {
    const dev = await register();
    const svc = s.services.equipment;
    const before = svc.rtmpPort;
    try {
      svc.rtmpPort = 19350;
      expect((await beatOk(dev)).rtmp.teacher).toMatch(/^rtmp:\/\/127\.0\.0\.1:19350\/live\//);
      svc.rtmpUrlBase = "rtmp://media.example.com:1935";
      expect((await beatOk(dev)).rtmp.student).toMatch(/^rtmp:\/\/media\.example\.com:1935\/live\/[0-9a-f]{40}$/);
    } finally {
      svc.rtmpPort = before;
      svc.rtmpUrlBase = undefined;
    }
  });
});

describe("/middle/machine and /v2/school_equipment", () => {
  it("pushallrtmp/stopallrtmp queue push_start/push_stop for both cameras; pushrtmp one; others' devices are 404", async () => {
    const dev = await register();
    const far = await register({ school_id: school2 });
    const all = await ok<MachineAnswer>(C.machinePushAllRtmp, { code: dev.code.toLowerCase() }, "zhanglaoshi");
    expect(all).toMatchObject({ code: dev.code, equipment_id: dev.id });
    const one = await ok<MachineAnswer>(C.machinePushRtmp, { code: dev.code, camera: "student" }, "zhanglaoshi");
    const stop = await ok<MachineAnswer>(C.machineStopRtmp, { code: dev.code }, "xiaoji");
    const stopAll = await ok<MachineAnswer>(C.machineStopAllRtmp, { code: dev.code }, "zhanglaoshi");
    expect((await beatOk(dev)).commands).toEqual([
      { id: all.command_ids[0], type: "push_start", payload: {} },
      { id: one.command_ids[0], type: "push_start", payload: { camera: "student" } },
      { id: stop.command_ids[0], type: "push_stop", payload: { camera: "teacher" } },
      { id: stopAll.command_ids[0], type: "push_stop", payload: {} },
    ]);
    expect((await call(C.machinePushAllRtmp, { code: far.code }, "zhanglaoshi")).code).toBe(404);
    expect((await call(C.machinePushAllRtmp, { code: "YK-00000001" }, "zhanglaoshi")).code).toBe(404);
    expect((await call(C.machinePushRtmp, { code: dev.code, camera: "side" }, "zhanglaoshi")).code).toBe(400);
    expect((await ok<MachineAnswer>(C.machinePushAllRtmp, { code: far.code }, "zhaolaoshi")).equipment_id).toBe(far.id);
  });

  it("hostCodeRecord stores the record; record_type 2 also stops the pushing", async () => {
    const dev = await register();
    const zhang = (await s.services.accounts.byUsername("zhanglaoshi"))!.id;
    const rec = await ok<HostCodeRecordAnswer>(C.machineHostCodeRecord, { code: dev.code, record_type: 2, account_id: zhang }, "zhanglaoshi");
    expect(rec).toMatchObject({ code: dev.code, record_type: 2, released: true });
    expect((await beatOk(dev)).commands).toEqual([{ id: rec.command_ids[0], type: "push_stop", payload: {} }]);
    const other = await ok<HostCodeRecordAnswer>(C.machineHostCodeRecord, { code: dev.code, record_type: 1 }, "zhanglaoshi");
    expect(other).toMatchObject({ released: false, command_ids: [] });
    const unknown = await ok<HostCodeRecordAnswer>(C.machineHostCodeRecord, { code: "YK-0BADC0DE", record_type: 2 }, "zhanglaoshi");
    expect(unknown.released).toBe(false);
    const rows = await s.database.db.select().from(hostCodeRecord).where(eq(hostCodeRecord.account_id, zhang)).orderBy(asc(hostCodeRecord.id));
    expect(rows.map((r) => [r.code, r.record_type, r.equipment_id])).toEqual([
      [dev.code, 2, dev.id],
      [dev.code, 1, dev.id],
      ["YK-0BADC0DE", 2, 0],
    ]);
    expect((await call(C.machineHostCodeRecord, { record_type: 2 }, "zhanglaoshi")).code).toBe(400);
  });

  it("nxSave / equipmentList / nxUpdate (community edition) use the same table and rules", async () => {
    const saved = await ok<EquipmentCredentials>(C.schoolEquipmentSave, { host_ip: "10.9.8.7", position: "社区版教室", producer: "宁夏", school_id: school1 });
    expect(saved.secret).toBeTruthy();
    await ok(C.schoolEquipmentUpdate, { id: saved.id, position: "社区版教室2" });
    const page = await ok<Page<SchoolEquipmentRow>>(C.schoolEquipmentList, { position: "社区版教室2" });
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      id: saved.id,
      host_ip: "10.9.8.7",
      producer: "宁夏",
      school_id: school1,
      school_name: "银川市第一中学",
      liveStream_url: "",
    });
    expect(Object.keys(page.list[0]!)).not.toContain("secret");
    expect((await ok<Page<SchoolEquipmentRow>>(C.schoolEquipmentList, { position: "社区版教室2" }, "xiaoji")).total).toBe(1);
    expect((await call(C.schoolEquipmentSave, { position: "x", school_id: school2 }, "xiaoji")).code).toBe(404);
    expect((await beatOk(saved)).class_id).toBe(0);
  });
});

describe("demo devices", () => {
  it("ensureDemoDevices registers the two demo classrooms once and keeps their secrets in DATA_DIR", async () => {
    const dir = mkdtempSync(path.join(TMP_DIR, "demo-devices-"));
    try {
      const first = await s.services.equipment.ensureDemoDevices(dir);
      expect(first.map((d) => d.code)).toEqual(DEMO_DEVICES.map((d) => d.code));
      const file = path.join(dir, DEMO_SECRETS_FILE);
      expect(existsSync(file)).toBe(true);
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(Object.fromEntries(first.map((d) => [d.code, d.secret])));
      for (const d of first) {
        const r = await beat({ code: d.code, secret: d.secret });
        expect(r.code).toBe(200);
        expect(r.data.class_id).toBeGreaterThan(0);
        expect((await row(d.id)).school_id).toBe(school1);
      }
      const second = await s.services.equipment.ensureDemoDevices(dir);
      expect(second).toEqual(first);
      // A lost secrets file: the secrets are renewed (the old ones stop working).
      rmSync(file);
      const third = await s.services.equipment.ensureDemoDevices(dir);
      expect(third.map((d) => d.id)).toEqual(first.map((d) => d.id));
      expect(third[0]!.secret).not.toBe(first[0]!.secret);
      expect((await beat({ code: first[0]!.code, secret: first[0]!.secret })).code).toBe(401);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

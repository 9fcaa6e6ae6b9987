import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../src/device-sim/index.js";
import { type Camera, LiveIngest, type StreamAuthority } from "../src/modules/live/index.js";
import { TMP_DIR } from "./constants.js";
import { polling } from "./poll.js";

/**
 * `yanke device-sim` against a tiny heartbeat server implementing docs/api/device-protocol.md (the real one is
 * modules/equipment's) and a real LiveIngest: commands round-trip, pushes reach the ingest.
 */

const DEVICE = { code: "YK-SIM00001", secret: "sim-secret-1", id: 41 };
const KEYS: Record<string, { equipmentId: number; camera: Camera }> = {
  "k41-teacher": { equipmentId: 41, camera: "teacher" },
  "k41-student": { equipmentId: 41, camera: "student" },
};
const PACKAGE = Buffer.from("yanke device firmware 2.0.0\n".repeat(1000));
const PACKAGE_SHA = createHash("sha256").update(PACKAGE).digest("hex");

interface Beat {
  at: number;
  version: string;
  state: string;
  pushing: Record<Camera, boolean>;
  recording: boolean;
  acks: { id: number; ok: boolean; result: string }[];
}

const beats: Beat[] = [];
const queue: { id: number; type: string; payload: Record<string, unknown> }[] = [];
const acks = new Map<number, { ok: boolean; result: string; at: number }>();
const published: { camera: Camera; live: boolean; at: number }[] = [];
let nextId = 1;

const authority: StreamAuthority = {
  async authorizePublish(key) {
    return KEYS[key];
  },
  async published(_id, camera, live) {
    published.push({ camera, live, at: Date.now() });
  },
};

let dataDir: string;
let ingest: LiveIngest;
let app: FastifyInstance;
let base: string;
let sim: Simulator;
let wrong: Simulator;

function send(type: string, payload: Record<string, unknown> = {}): number {
  const id = nextId++;
  queue.push({ id, type, payload });
  return id;
}

const { untilFound } = polling({ ms: 15_000, every: 50 });

const ackOf = (id: number) => untilFound(`ack #${id}`, () => acks.get(id));
const lastBeat = () => beats[beats.length - 1];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(TMP_DIR, "sim-"));
  ingest = new LiveIngest();
  await ingest.start({ rtmpPort: 0, host: "127.0.0.1", dataDir, authority });
  app = Fastify();
  // The contract's heartbeat, reduced to what the simulator needs.
  app.post<{ Body: Record<string, unknown> }>("/device/v1/heartbeat", async (req) => {
    const b = req.body;
    if (b.code !== DEVICE.code || b.secret !== DEVICE.secret) return { code: 401, msg: "设备编码或密钥错误", data: null };
    const beat = b as unknown as Beat;
    beats.push({ ...beat, at: Date.now() });
    for (const a of beat.acks ?? []) if (!acks.has(a.id)) acks.set(a.id, { ok: a.ok, result: a.result, at: Date.now() });
    const commands = queue.splice(0);
    const rtmp = `rtmp://127.0.0.1:${ingest.port}/live`;
    return {
      code: 200,
      msg: "ok",
      data: { interval_s: 1, commands, rtmp: { teacher: `${rtmp}/k41-teacher`, student: `${rtmp}/k41-student` }, class_id: 12 },
    };
  });
  app.get("/pkg/firmware-2.0.0.bin", async (_req, res) => res.header("content-type", "application/octet-stream").send(PACKAGE));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  const cheap = { size: "320x180", fps: 10, preset: "ultrafast", videoBitrate: "150k" };
  sim = startSimulator({ server: base, devices: [{ code: DEVICE.code, secret: DEVICE.secret, version: "1.0.0" }], restartPauseMs: 3000, ...cheap });
  wrong = startSimulator({ server: base, devices: [{ code: DEVICE.code, secret: "not-the-secret" }], ...cheap });
});

afterAll(async () => {
  await Promise.all([sim?.stop(), wrong?.stop()]);
  await ingest?.stop();
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("device simulator", () => {
  it("beats with its code and secret and reports its state; a wrong secret is refused and shown", async () => {
    await untilFound("a beat", () => beats.length > 0);
    expect(lastBeat()).toMatchObject({ version: "1.0.0", state: "idle", pushing: { teacher: false, student: false }, recording: false });
    await untilFound("the refusal", () => wrong.state()[0].lastError);
    expect(wrong.state()[0]).toMatchObject({ online: false, beats: 0 });
    expect(wrong.state()[0].lastError).toContain("401");
    expect(sim.device(DEVICE.code)).toMatchObject({ online: true, classId: 12 });
  });

  it("push_start pushes the camera to its rtmp address (the ingest sees the publish); push_stop ends it", async () => {
    const start = send("push_start", { camera: "teacher" });
    expect(await ackOf(start)).toMatchObject({ ok: true });
    await untilFound("teacher published", () => published.find((p) => p.camera === "teacher" && p.live));
    expect(ingest.isLive(41, "teacher")).toBe(true);
    expect(ingest.isLive(41, "student")).toBe(false);
    await untilFound("a beat saying pushing", () => lastBeat().pushing.teacher && lastBeat().state === "pushing");

    const stop = send("push_stop", { camera: "teacher" });
    expect(await ackOf(stop)).toMatchObject({ ok: true });
    await untilFound("teacher unpublished", () => published.find((p) => p.camera === "teacher" && !p.live));
    expect(ingest.isLive(41, "teacher")).toBe(false);
    await untilFound("a beat saying idle", () => !lastBeat().pushing.teacher && lastBeat().state === "idle");
    expect(published.map((p) => `${p.camera}:${p.live}`)).toEqual(["teacher:true", "teacher:false"]);
  });

  it("restart acknowledges, stops pushing, pauses its beats 3 s and comes back", async () => {
    const start = send("push_start", { camera: "student" });
    await ackOf(start);
    await untilFound("student published", () => published.find((p) => p.camera === "student" && p.live));
    const restart = send("restart");
    const ack = await ackOf(restart);
    expect(ack).toMatchObject({ ok: true, result: "已重启" });
    await untilFound("student unpublished", () => published.find((p) => p.camera === "student" && !p.live));
    await untilFound("restarted", () => sim.device(DEVICE.code)!.restarts === 1, 10_000);
    await untilFound("a beat after the restart", () => lastBeat().at > ack.at + 2000, 10_000);
    // No beat arrived during the pause: the first after the ack's beat came 3 s or more later.
    const after = beats.filter((b) => b.at > ack.at);
    expect(after[0].at - ack.at).toBeGreaterThanOrEqual(3000);
    expect(after[0]).toMatchObject({ state: "idle", pushing: { teacher: false, student: false } });
    expect(ingest.isLive(41, "student")).toBe(false);
  });

  it("upgrade checks the sha256: a wrong sum fails with the reason and keeps the version; the right one upgrades", async () => {
    const bad = send("upgrade", { version: "2.0.0", url: "/pkg/firmware-2.0.0.bin", sha256: "0".repeat(64) });
    const badAck = await ackOf(bad);
    expect(badAck.ok).toBe(false);
    expect(badAck.result).toContain("sha256");
    expect(lastBeat().version).toBe("1.0.0");

    const missing = send("upgrade", { version: "2.0.0", url: "/pkg/nothing.bin", sha256: PACKAGE_SHA });
    expect(await ackOf(missing)).toMatchObject({ ok: false, result: expect.stringContaining("404") });

    const good = send("upgrade", { version: "2.0.0", url: `${base}/pkg/firmware-2.0.0.bin`, sha256: PACKAGE_SHA.toUpperCase() });
    expect(await ackOf(good)).toMatchObject({ ok: true, result: expect.stringContaining("2.0.0") });
    await untilFound("beats with the new version", () => lastBeat().version === "2.0.0");
  });

  it("record, tour, change_class, sync and allupload change its state and are acknowledged; unknown commands fail", async () => {
    const rec = send("record_start");
    expect(await ackOf(rec)).toMatchObject({ ok: true, result: "已开始录制" });
    await untilFound("a beat saying recording", () => lastBeat().recording && lastBeat().state === "recording");
    const tour = send("tour", { on: true });
    const cls = send("change_class", { class_id: 15 });
    const sync = send("sync", { info: { school: "银川市第一中学", class: "七年级1班" } });
    const all = send("allupload");
    const odd = send("self_destruct");
    expect(await ackOf(tour)).toMatchObject({ ok: true, result: "已加入巡课" });
    expect(await ackOf(cls)).toMatchObject({ ok: true, result: "已切换到班级 15" });
    expect(await ackOf(sync)).toMatchObject({ ok: true, result: "已同步" });
    expect(await ackOf(all)).toMatchObject({ ok: true, result: "无待上传录像" });
    expect(await ackOf(odd)).toMatchObject({ ok: false, result: expect.stringContaining("self_destruct") });
    const stop = send("record_stop");
    expect(await ackOf(stop)).toMatchObject({ ok: true, result: "已停止录制" });
    await untilFound("a beat not recording", () => !lastBeat().recording);
    expect(sim.device(DEVICE.code)).toMatchObject({
      tour: true,
      syncInfo: { school: "银川市第一中学", class: "七年级1班" },
      recording: false,
      version: "2.0.0",
    });
    // The heartbeat answer's class_id (12) is the platform's word; change_class took effect until then.
    expect(sim.device(DEVICE.code)!.commands.map((c) => c.type)).toEqual(
      expect.arrayContaining(["push_start", "push_stop", "restart", "upgrade", "record_start", "tour", "change_class", "sync", "allupload"]),
    );
    // Each command was acknowledged exactly once.
    const ackIds = beats.flatMap((b) => b.acks.map((a) => a.id));
    expect(new Set(ackIds).size).toBe(ackIds.length);
  });
});

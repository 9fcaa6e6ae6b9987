/**
 * The recorder survives a restart (#6 "Recording"): a slot being recorded when the server stops goes on recording as
 * the SAME lesson once a new server runs on the same DATA_DIR and database (the parts before and after are joined into
 * one MP4 per camera); a slot whose whole time passed while the server was down is marked missed at start.
 *
 * The database is PGlite under DATA_DIR (loaded from the run's template), or a PostgreSQL clone when DATABASE_URL is
 * set. Both servers listen on the same ports, so the simulated device finds the second one by itself.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import {
  CALLS,
  type EquipmentCredentials,
  type EquipmentRow,
  type Page,
  type SessionInfo,
  type SupervisionRow,
  type TimetableRow,
  type VideoRow,
  postCall,
} from "@yanke/protocol";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Config, loadConfig } from "../src/config.js";
import { DEMO_ADMIN_PASSWORD } from "../src/db/bootstrap.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { type Simulator, startSimulator } from "../src/device-sim/index.js";
import { formatTime } from "../src/http/time.js";
import { schoolClass } from "../src/modules/org/org.schema.js";
import { recordingPart } from "../src/modules/recording/recording.schema.js";
import { type RunningServer, startServer } from "../src/server.js";
import { TEST_APP_KEY, TMP_DIR } from "./constants.js";
import { clonePostgres } from "./harness.js";
import { polling } from "./poll.js";

const run = promisify(execFile);
let dataDir = "";
let config: Config;
let server: RunningServer | undefined;
let sim: Simulator | undefined;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let token = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The database of one server run: the same data every time. */
async function database(first: boolean): Promise<Database> {
  if (databaseUrl) return openDatabase({ databaseUrl });
  const dir = path.join(dataDir, "pglite");
  if (!first) return openDatabase({ dataDir: dir });
  const tpl = inject("dbTemplate");
  if (tpl.kind !== "pglite") throw new Error("unexpected template");
  return openDatabase({ dataDir: dir, loadDataDir: new Blob([readFileSync(tpl.file)]) });
}

const call = <T>(p: string, payload: Record<string, unknown> = {}) => postCall<T>(p, payload, { baseUrl: server!.url, appKey: TEST_APP_KEY, token });
async function ok<T>(p: string, payload: Record<string, unknown> = {}): Promise<T> {
  const r = await call<T>(p, payload);
  expect(r.code, `${p}: ${r.msg}`).toBe(200);
  return r.data;
}
// Budgets for a slow or loaded machine (each wait ends as soon as what it waits for is seen).
const { until } = polling({ ms: 90_000, every: 300 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The lesson's planned length: longer than any restart (stop, PGlite reopened, the device reconnecting) takes; the
 * test stops it (c125) once the resumed lesson has been recorded a while, as a teacher may.
 */
const SLOT_MS = 5 * 60_000;
/** How long the server stays down. */
const DOWN_MS = 6000;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(TMP_DIR, "rec-restart-"));
  const tpl = inject("dbTemplate");
  if (tpl.kind === "postgres") {
    const clone = await clonePostgres(tpl, "rec");
    databaseUrl = clone.databaseUrl;
    dropDatabase = clone.drop;
  }
  config = loadConfig({
    PORT: String(await freePort()),
    RTMP_PORT: String(await freePort()),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_KEY: TEST_APP_KEY,
    LOG_LEVEL: "silent",
    DEVICE_HEARTBEAT_SECONDS: "1",
    DEVICE_OFFLINE_AFTER_SECONDS: "5",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
});
afterAll(async () => {
  await sim?.stop();
  await server?.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a restart in the middle of a lesson", () => {
  it("resumes the same recording after a restart and marks a slot missed while down as missed", async () => {
    server = await startServer(config, { database: await database(true) });
    const me = await ok<SessionInfo>(CALLS.login, { username: "xiaoji", password: DEMO_ADMIN_PASSWORD });
    token = me.token;
    const classes = await server.database.db
      .select({ id: schoolClass.id })
      .from(schoolClass)
      .where(eq(schoolClass.school_id, me.school_id))
      .orderBy(asc(schoolClass.id))
      .limit(2);
    const [classA, classB] = classes.map((c) => c.id) as [number, number];
    const dev = await ok<EquipmentCredentials>(CALLS.equipmentSave, { position: "重启测试教室", new_class_id: classA });
    sim = startSimulator({
      server: server.url,
      devices: [{ code: dev.code, secret: dev.secret }],
      size: "320x180",
      fps: 10,
      preset: "ultrafast",
      pushOnBoot: true,
    });
    await until(
      "device live",
      () => ok<EquipmentRow[]>(CALLS.equipmentAllList, {}).then((l) => l.find((e) => e.id === dev.id)!),
      (e) => e.teacherStreamUrl !== "" && e.studentStreamUrl !== "",
    );

    const start = new Date(Date.now() + 2000);
    const slot = await ok<TimetableRow>(CALLS.timetableNewRecord, {
      class_id: classA,
      course_name: "重启中的课",
      start_date: formatTime(start),
      end_date: formatTime(new Date(start.getTime() + SLOT_MS)),
    });
    const rec = await until(
      "recording",
      () => ok<Page<SupervisionRow>>(CALLS.supervision, { page: 1 }).then((p) => p.list.find((r) => r.timetable_id === slot.id)),
      (r) => r !== undefined && r.capturing.length === 2,
    );
    // Both cameras captured for 5 s from when that is seen (not from a time guessed ahead), then the stop; a slot of
    // another class that starts and ends while the server is down.
    const downAt = Date.now() + 5000;
    const gone = await ok<TimetableRow>(CALLS.timetableNewRecord, {
      class_id: classB,
      course_name: "停机时段的课",
      start_date: formatTime(new Date(downAt + 2000)),
      end_date: formatTime(new Date(downAt + 4000)),
    });
    await sleep(Math.max(0, downAt - Date.now()));

    // Stop mid-slot; stay down DOWN_MS; a new server on the same data.
    await server.close();
    server = undefined;
    await sleep(DOWN_MS);
    server = await startServer(config, { database: await database(false) });
    token = (await ok<SessionInfo>(CALLS.login, { username: "xiaoji", password: DEMO_ADMIN_PASSWORD })).token;

    const missed = await until(
      "missed slot",
      () => ok<Page<TimetableRow>>(CALLS.timetableRecordList, { page: 1, class_id: classB }).then((p) => p.list[0]!),
      (r) => r.status !== 0,
    );
    expect(missed).toMatchObject({ id: gone.id, status: 4, status_name: "未录制", record_id: 0 });
    // The lesson goes on as the same recording once the device pushes again: a second part per camera (parts stay in
    // the database, so a slow poll cannot miss them); recorded 5 s more, then stopped.
    const parts = () => server!.database.db.select().from(recordingPart).where(eq(recordingPart.recording_id, rec!.id));
    await until("capturing again", parts, (ps) => ["teacher", "student"].every((cam) => ps.filter((p) => p.camera === cam).length >= 2));
    await sleep(5000);
    const stopAt = Date.now();
    await ok(CALLS.timetableStopRecord, { id: slot.id });
    const done = await until(
      "slot recorded",
      () => ok<Page<TimetableRow>>(CALLS.timetableRecordList, { page: 1, class_id: classA }).then((p) => p.list[0]!),
      (r) => r.status === 2 && r.video_id > 0,
    );
    expect(done.record_id).toBe(rec!.id);
    const records = await ok<Page<SupervisionRow>>(CALLS.supervision, { page: 1, class_id: classA });
    expect(records.list).toHaveLength(1);
    const all = await parts();
    for (const cam of ["teacher", "student"]) expect(all.filter((p) => p.camera === cam).length).toBeGreaterThanOrEqual(2);
    const video = await until(
      "video ready",
      () => ok<VideoRow>(CALLS.myVideoRead, { id: done.video_id }),
      (v) => v.status === "ready",
      180_000,
    );
    expect(video.cameras).toHaveLength(2);
    for (const cam of video.cameras) {
      const { stdout } = await run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", `${server.url}${cam.url}`], {
        timeout: 30_000,
      });
      const seconds = Number(stdout.trim());
      // Before the stop (5 s or more) and after the device came back (5 s or more): at most the lesson until it was
      // stopped less the time down.
      expect(seconds).toBeGreaterThan(8);
      expect(seconds).toBeLessThan((stopAt - start.getTime() - DOWN_MS) / 1000 + 0.5);
    }
  }, 600_000); // a budget for a loaded machine, not a measure
});

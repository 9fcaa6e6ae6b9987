/**
 * Lesson recording end to end (#6 "Recording", "Video on demand"): simulated classroom devices push both cameras to
 * the server's own RTMP ingest; 20 s timetable slots are recorded by the scheduler into one MP4 per camera
 * (ffprobe: 20 ± 2 s); a stream cut for 5 s inside a slot still yields ONE lesson record (two parts joined); the job
 * queue makes thumbnails and HLS VOD playlists (fetched and parsed through /vod); the video shows in myVideoAll and
 * plays from /files with Range; all-day recording makes an hourly part and the month calendar reports today.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  type AllDayAnswer,
  type AllDayStatusAnswer,
  type BatchResult,
  CALLS,
  type EquipmentCredentials,
  type EquipmentRow,
  type Page,
  type SessionInfo,
  type StartOrStopAnswer,
  type SupervisionRow,
  type TimetableRow,
  type VideoRow,
} from "@yanke/protocol";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD } from "../src/db/bootstrap.js";
import { type Simulator, startSimulator } from "../src/device-sim/index.js";
import { recordingPart } from "../src/modules/recording/recording.schema.js";
import { dateOf } from "../src/modules/recording/clock.js";
import { schoolClass } from "../src/modules/org/org.schema.js";
import { formatTime } from "../src/http/time.js";
import { type TestServer, startTestServer } from "./harness.js";
import { polling } from "./poll.js";

const run = promisify(execFile);
let s: TestServer;
let admin: SessionInfo;
const sims: Simulator[] = [];
const SIM = { size: "320x180", fps: 10, preset: "ultrafast", pushOnBoot: true } as const;

beforeAll(async () => {
  s = await startTestServer({ DEVICE_HEARTBEAT_SECONDS: "1", DEVICE_OFFLINE_AFTER_SECONDS: "5" });
  admin = await s.login("xiaoji", DEMO_ADMIN_PASSWORD);
});
afterAll(async () => {
  await Promise.all(sims.map((x) => x.stop()));
  await s?.close();
});

async function ok<T>(path: string, payload: Record<string, unknown>): Promise<T> {
  const r = await s.call<T>(path, payload, admin.token);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}

const { until } = polling({ every: 300 });

async function duration(url: string): Promise<number> {
  const { stdout } = await run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", url], { timeout: 30_000 });
  return Number(stdout.trim());
}

const device = async (id: number) => (await ok<EquipmentRow[]>(CALLS.equipmentAllList, {})).find((e) => e.id === id)!;
const slot = (id: number) => ok<Page<TimetableRow>>(CALLS.timetableRecordList, { page: 1, limit: 50 }).then((p) => p.list.find((r) => r.id === id)!);
const record = (id: number) => ok<Page<SupervisionRow>>(CALLS.supervision, { page: 1, limit: 50 }).then((p) => p.list.find((r) => r.id === id)!);

describe("timetable slots recorded from simulated devices", () => {
  it("records a 20 s slot per camera, keeps one lesson across a 5 s cut, packages it, lists it, and records all day", async () => {
    const classes = await s.database.db
      .select({ id: schoolClass.id })
      .from(schoolClass)
      .where(eq(schoolClass.school_id, admin.school_id))
      .orderBy(asc(schoolClass.id))
      .limit(2);
    const [classA, classB] = classes.map((c) => c.id) as [number, number];
    const devA = await ok<EquipmentCredentials>(CALLS.equipmentSave, { position: "录制测试A", new_class_id: classA });
    const devB = await ok<EquipmentCredentials>(CALLS.equipmentSave, { position: "录制测试B", new_class_id: classB });
    sims.push(startSimulator({ server: s.url, devices: [{ code: devA.code, secret: devA.secret }], ...SIM }));
    const simB = startSimulator({ server: s.url, devices: [{ code: devB.code, secret: devB.secret }], ...SIM });
    sims.push(simB);
    await until(
      "both devices live",
      async () => [await device(devA.id), await device(devB.id)],
      (d) => d.every((e) => e.teacherStreamUrl !== "" && e.studentStreamUrl !== ""),
    );

    // Two 20 s slots starting in 3 s.
    const start = new Date(Date.now() + 3000);
    const end = new Date(start.getTime() + 20_000);
    const a = await ok<TimetableRow>(CALLS.timetableNewRecord, {
      class_id: classA,
      course_name: "数学·录制测试",
      start_date: formatTime(start),
      end_date: formatTime(end),
      is_ai: 1,
    });
    const b = await ok<TimetableRow>(CALLS.timetableNewRecord, {
      class_id: classB,
      course_name: "语文·断流测试",
      start_date: formatTime(start),
      end_date: formatTime(end),
    });
    expect(a).toMatchObject({ status: 0, status_name: "待录制", record_model: 1, is_ai: 1, currency_date: dateOf(start) });

    const recA = await until(
      "slot A recording",
      () => slot(a.id),
      (r) => r.status === 1 && r.record_id > 0,
    );
    await until(
      "slot B recording",
      () => slot(b.id),
      (r) => r.status === 1 && r.record_id > 0,
    );
    // Both cameras are being captured, as supervision shows.
    await until(
      "A captures both cameras",
      () => record(recA.record_id),
      (r) => r.capturing.length === 2,
    );

    // Device B's streams drop for 5 s (the simulator goes away and comes back) inside the slot.
    await new Promise((r) => setTimeout(r, 4000));
    await simB.stop();
    await new Promise((r) => setTimeout(r, 5000));
    sims.push(startSimulator({ server: s.url, devices: [{ code: devB.code, secret: devB.secret }], ...SIM }));

    // Both slots end, their parts are joined, stored and packaged.
    const doneA = await until(
      "slot A processed",
      () => slot(a.id),
      (r) => r.status === 2 && r.video_id > 0,
      60_000,
    );
    const doneB = await until(
      "slot B processed",
      () => slot(b.id),
      (r) => r.status === 2 && r.video_id > 0,
      60_000,
    );
    const videoA = await until(
      "video A ready",
      () => ok<VideoRow>(CALLS.myVideoRead, { id: doneA.video_id }),
      (v) => v.status === "ready",
      60_000,
    );
    const videoB = await until(
      "video B ready",
      () => ok<VideoRow>(CALLS.myVideoRead, { id: doneB.video_id }),
      (v) => v.status === "ready",
      60_000,
    );

    // A: one MP4 per camera of 20 ± 2 s.
    expect(videoA.cameras.map((c) => c.camera)).toEqual(["teacher", "student"]);
    for (const cam of videoA.cameras) {
      const d = await duration(`${s.url}${cam.url}`);
      expect(d).toBeGreaterThanOrEqual(18);
      expect(d).toBeLessThanOrEqual(22);
    }
    expect(videoA.analysis_status).toBe("pending");

    // B: ONE lesson record, each camera captured in two parts joined into one file.
    const recordsB = (await ok<Page<SupervisionRow>>(CALLS.supervision, { page: 1, limit: 50, class_id: classB })).list;
    expect(recordsB).toHaveLength(1);
    expect(recordsB[0]).toMatchObject({
      record_id: doneB.record_id,
      transcribe_status: 2,
      record_type: 1,
      course_name: "语文·断流测试",
      video_id: doneB.video_id,
    });
    const parts = await s.database.db.select().from(recordingPart).where(eq(recordingPart.recording_id, doneB.record_id));
    expect(parts.filter((p) => p.camera === "teacher").length).toBeGreaterThanOrEqual(2);
    expect(parts.filter((p) => p.camera === "student").length).toBeGreaterThanOrEqual(2);
    expect(videoB.cameras).toHaveLength(2);
    for (const cam of videoB.cameras) {
      const d = await duration(`${s.url}${cam.url}`);
      // 20 s less the cut (and the reconnection): clearly shorter than A, clearly more than one part.
      expect(d).toBeGreaterThan(8);
      expect(d).toBeLessThan(19);
    }

    // Thumbnails, HLS VOD playlists (segments fetched through the signed path) and Range reads of the MP4.
    for (const cam of [...videoA.cameras, ...videoB.cameras]) {
      const thumb = await fetch(`${s.url}${cam.thumbnail_url}`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get("content-type")).toBe("image/jpeg");
      expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(500);
      const playlist = await (await fetch(`${s.url}${cam.hls_url}`)).text();
      expect(playlist).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
      expect(playlist).toContain("#EXT-X-ENDLIST");
      const segments = playlist.split("\n").filter((l) => l && !l.startsWith("#"));
      expect(segments.length).toBeGreaterThan(1);
      const segUrl = new URL(segments[0]!, `${s.url}${cam.hls_url}`).toString();
      const seg = await fetch(segUrl);
      expect(seg.status).toBe(200);
      expect(seg.headers.get("content-type")).toBe("video/mp2t");
    }
    const hlsDuration = await duration(`${s.url}${videoA.cameras[0]!.hls_url}`);
    expect(Math.abs(hlsDuration - videoA.duration)).toBeLessThanOrEqual(2);
    const ranged = await fetch(`${s.url}${videoA.url}`, { headers: { range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    // A tampered playback address is refused.
    const forged = videoA.cameras[0]!.hls_url.replace(/\/(\d+)\.([A-Za-z0-9_-]{32})\//, (_m, exp: string, sig: string) => `/${Number(exp) + 1}.${sig}/`);
    expect((await fetch(`${s.url}${forged}`)).status).toBe(403);

    // The lesson is the slot's creator's video (no teacher named): myVideoAll lists both, searchable by name.
    const mine = await ok<Page<VideoRow>>(CALLS.myVideoAll, { page: 1 });
    expect(mine.list.map((v) => v.id)).toEqual(expect.arrayContaining([videoA.id, videoB.id]));
    const found = await ok<Page<VideoRow>>(CALLS.myVideoAll, { page: 1, search_name: "断流" });
    expect(found.list.map((v) => v.id)).toEqual([videoB.id]);
    expect(found.list[0]).toMatchObject({
      name: "语文·断流测试",
      source: "recording",
      account_name: expect.any(String),
      grade_name: expect.stringMatching(/年级|高/),
      period_id: expect.any(Number),
    });

    // All-day recording of device A (an hourly part while it pushes) and, meanwhile, a manual recording of device B.
    const on = await ok<BatchResult[]>(CALLS.allDaySet, { ids: [devA.id], status: 1 });
    expect(on[0]).toMatchObject({ ok: true });
    const manual = await ok<StartOrStopAnswer>(CALLS.supervisionStartOrStop, { equipment_id: devB.id, status: 1, course_name: "手动录制测试" });
    expect(manual.status).toBe(1);
    const again = await s.call(CALLS.supervisionStartOrStop, { equipment_id: devB.id, status: 1 }, admin.token);
    expect(again).toMatchObject({ code: 409, msg: "该设备正在录制《手动录制测试》" });
    const day = await until(
      "all-day part capturing",
      () => ok<AllDayAnswer>(CALLS.allDay, { equipment_id: devA.id }),
      (r) => r.list.some((x) => x.capturing.length === 2),
    );
    expect(day.devices).toEqual([expect.objectContaining({ equipment_id: devA.id, all_day: 1 })]);
    expect(day.list[0]).toMatchObject({ record_type: 3, record_type_name: "全天录制", transcribe_status: 0 });
    await until(
      "manual capturing",
      () => record(manual.record_id),
      (r) => r.capturing.length === 2,
    );
    await new Promise((r) => setTimeout(r, 4000));
    // Switched off / toggled: the part and the manual recording are finished and processed.
    await ok<BatchResult[]>(CALLS.allDaySet, { ids: [devA.id], status: 0 });
    expect(await ok<StartOrStopAnswer>(CALLS.supervisionStartOrStop, { equipment_id: devB.id })).toMatchObject({ status: 0, record_id: manual.record_id });
    const finished = await until(
      "all-day part done",
      () => ok<AllDayAnswer>(CALLS.allDay, { equipment_id: devA.id }),
      (r) => r.list.length === 1 && r.list[0]!.transcribe_status === 2,
      60_000,
    );
    expect(finished.devices).toEqual([]);
    const manualDone = await until(
      "manual done",
      () => record(manual.record_id),
      (r) => r.transcribe_status === 2,
      60_000,
    );
    expect(manualDone).toMatchObject({ record_type: 2, record_type_name: "手动录制", course_name: "手动录制测试", account_name: expect.any(String) });
    expect(manualDone.duration).toBeGreaterThanOrEqual(3);
    // Deleting a recording takes its video and files with it.
    await until(
      "manual video ready",
      () => ok<VideoRow>(CALLS.myVideoRead, { id: manualDone.video_id }),
      (v) => v.status === "ready",
      60_000,
    );
    expect(await ok<BatchResult[]>(CALLS.supervisionDelete, { id: manual.record_id })).toEqual([{ id: manual.record_id, ok: true, msg: "已删除" }]);
    expect((await s.call(CALLS.myVideoRead, { id: manualDone.video_id }, admin.token)).code).toBe(404);
    const today = dateOf(new Date());
    const cal = await ok<AllDayStatusAnswer>(CALLS.allDayStatus, { month: today.slice(0, 7), school_id: admin.school_id });
    expect(cal.days).toContain(today);
    expect(cal.detail.find((d) => d.date === today)?.count).toBe(1);
    const lastMonth = await ok<AllDayStatusAnswer>(CALLS.allDayStatus, { month: "2020-01" });
    expect(lastMonth.days).toEqual([]);
  }, 150_000);
});

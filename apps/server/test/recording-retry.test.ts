/**
 * Retrying a failed recording (/middle/supervision/retry): a recording whose join failed (the owner's space was full,
 * say) keeps its parts on disk; the retry joins them again into a video. Refused for a recording that did not fail,
 * one whose parts are gone, another school's, and a teacher without the rule.
 */
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { CALLS, type SessionInfo, type SupervisionRow } from "@yanke/protocol";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { schoolClass } from "../src/modules/org/org.schema.js";
import { recording, recordingPart } from "../src/modules/recording/recording.schema.js";
import { h264Mp4 } from "./media-fixtures.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
let admin: SessionInfo;
let teacher: SessionInfo;
let zhao: SessionInfo;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login("xiaoji", DEMO_ADMIN_PASSWORD);
  teacher = await s.login("zhanglaoshi", DEMO_TEACHER_PASSWORD);
  // A teacher of another school: his school's recordings are outside xiaoji's.
  zhao = await s.login("zhaolaoshi", DEMO_TEACHER_PASSWORD);
  expect(zhao.school_id).not.toBe(admin.school_id);
});
afterAll(async () => {
  await s?.close();
});

/** A failed teacher-camera recording (of xiaoji's school owned by zhanglaoshi by default), with `parts` MP4 parts on disk. */
async function failedRecording(parts: number, owner: SessionInfo = teacher): Promise<number> {
  const db = s.database.db;
  const [cls] = await db
    .select({ id: schoolClass.id })
    .from(schoolClass)
    .where(eq(schoolClass.school_id, owner.school_id))
    .orderBy(asc(schoolClass.id))
    .limit(1);
  const start = new Date(Date.now() - 10 * 60_000);
  const [rec] = await db
    .insert(recording)
    .values({
      record_type: 2,
      equipment_id: 0,
      school_id: owner.school_id,
      class_id: cls!.id,
      account_id: owner.account_id,
      course_name: `重试测试-${parts}`,
      record_model: 2,
      start_at: start,
      end_at: new Date(start.getTime() + 60_000),
      state: "failed",
      error: "存储空间不足",
    })
    .returning({ id: recording.id });
  const source = await h264Mp4(2);
  for (let i = 0; i < parts; i++) {
    const rel = path.join("recordings", String(rec!.id), `teacher-${i}.mp4`);
    await mkdir(path.dirname(path.join(s.config.dataDir, rel)), { recursive: true });
    await copyFile(source, path.join(s.config.dataDir, rel));
    await db
      .insert(recordingPart)
      .values({ recording_id: rec!.id, camera: "teacher", seq: i, path: rel, state: "closed", started_at: start, ended_at: new Date() });
  }
  return rec!.id;
}

const row = async (id: number): Promise<SupervisionRow | undefined> => {
  const r = await s.call<{ list: SupervisionRow[] }>(CALLS.supervision, { page: 1, limit: 100 }, admin.token);
  expect(r.code, r.msg).toBe(200);
  return r.data.list.find((x) => x.id === id);
};

describe("retrying a failed recording", () => {
  it("joins the parts left on disk into a video", async () => {
    const id = await failedRecording(2);
    expect((await row(id))?.transcribe_status).toBe(3);

    // Not every caller may: a teacher lacks the rule; another school's recording is not xiaoji's to see.
    expect((await s.call(CALLS.supervisionRetry, { id }, teacher.token)).code).toBe(403);
    const outside = await s.call(CALLS.supervisionRetry, { id: await failedRecording(1, zhao) }, admin.token);
    expect(outside.code).toBe(404);
    expect((await s.call(CALLS.supervisionRetry, { id: "abc" }, admin.token)).code).toBe(400);

    const r = await s.call<SupervisionRow>(CALLS.supervisionRetry, { id }, admin.token);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.transcribe_status).toBe(1);
    expect(r.data.error).toBe("");

    const end = Date.now() + 60_000;
    let done: SupervisionRow | undefined;
    while (Date.now() < end) {
      done = await row(id);
      if (done?.transcribe_status === 2 || done?.transcribe_status === 3) break;
      await new Promise((res) => setTimeout(res, 300));
    }
    expect(done?.transcribe_status, done?.error).toBe(2);
    expect(done!.video_id).toBeGreaterThan(0);
    // Two 2 s parts joined.
    expect(done!.duration).toBeGreaterThanOrEqual(3);

    // Done now: a second retry is refused.
    const again = await s.call(CALLS.supervisionRetry, { id }, admin.token);
    expect(again.code).toBe(409);
    expect(again.msg).toContain("只有处理失败");
  });

  it("refuses when no part is left, and keeps the record as it was", async () => {
    const id = await failedRecording(0);
    const r = await s.call(CALLS.supervisionRetry, { id }, admin.token);
    expect(r.code).toBe(409);
    expect(r.msg).toContain("录像片段已不存在");
    const after = await row(id);
    expect(after?.transcribe_status).toBe(3);
    expect(after?.error).toBe("存储空间不足");
  });
});

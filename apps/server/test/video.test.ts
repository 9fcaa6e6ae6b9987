/**
 * Videos (#6 "Video on demand"; community.md §3 My video): an uploaded file (#5) registered as a video is processed
 * by the job queue (probe, thumbnail, HLS, sprite), listed (c333, c092), updated (c335), shared, counted on the
 * dashboard (c059) and deleted with its file; refusals for other people's files and videos, wrong kinds, mismatched
 * grade / subject, bad share tokens.
 */
import {
  type BaseVideoAnswer,
  CALLS,
  type Envelope,
  type FileRecord,
  type Page,
  type SessionInfo,
  type VideoRow,
  type VideoShareAnswer,
  postCall,
} from "@yanke/protocol";
import { readFileSync } from "node:fs";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { grade, subject } from "../src/modules/org/org.schema.js";
import { dateOf } from "../src/modules/recording/clock.js";
import { type TestServer, startTestServer } from "./harness.js";
import { h264Mp4, png } from "./media-fixtures.js";
import { until } from "./poll.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ["xiaoji", "pingtai"]) who[u] = await s.login(u, DEMO_ADMIN_PASSWORD);
  for (const u of ["zhanglaoshi", "lilaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
});
afterAll(async () => {
  await s?.close();
});

function call<T = unknown>(path: string, payload: Record<string, unknown>, user: string): Promise<Envelope<T>> {
  return s.call<T>(path, payload, who[user]!.token);
}
async function ok<T>(path: string, payload: Record<string, unknown>, user = "zhanglaoshi"): Promise<T> {
  const r = await call<T>(path, payload, user);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}
async function refused(path: string, payload: Record<string, unknown>, user: string, code: number, msg?: string | RegExp): Promise<void> {
  const r = await call(path, payload, user);
  expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
  if (typeof msg === "string") expect(r.msg).toBe(msg);
  else if (msg) expect(r.msg).toMatch(msg);
}
async function upload(file: string, name: string, module = "video", user = "zhanglaoshi"): Promise<FileRecord> {
  const fd = new FormData();
  fd.append("module", module);
  fd.append("file", new Blob([readFileSync(file)]), name);
  const res = await fetch(`${s.url}${CALLS.fileUpload}`, { method: "POST", body: fd, headers: { TOKEN: who[user]!.token } });
  const env = (await res.json()) as Envelope<FileRecord>;
  expect(env.code, env.msg).toBe(200);
  return env.data;
}

describe("my videos", () => {
  it("registers an upload as a video, processes, lists, updates, shares, counts and deletes it — and refuses the rest", async () => {
    const db = s.database.db;
    const [g] = await db.select().from(grade).where(eq(grade.school_id, who.zhanglaoshi!.school_id)).orderBy(asc(grade.id)).limit(1);
    const [subj] = await db.select().from(subject).where(eq(subject.period_id, g!.period_id)).orderBy(asc(subject.id)).limit(1);
    const mp4 = await upload(await h264Mp4(6), "课堂实录.mp4");
    const imageRecord = await upload(await png(), "封面.png", "image");

    // Refusals first: not a video, not his, unknown grade, subject of another period.
    await refused(CALLS.myVideoSave, { file_id: imageRecord.id, name: "图片" }, "zhanglaoshi", 400, "文件(file_id): 只能登记视频文件");
    await refused(CALLS.myVideoSave, { file_id: mp4.id, name: "别人的" }, "lilaoshi", 404, "文件(file_id): 不存在或不是您上传的文件");
    await refused(CALLS.myVideoSave, { file_id: mp4.id, name: "x", grade_config_id: 999999 }, "zhanglaoshi", 400, "年级(grade_config_id): 不存在");
    const foreign = (await db.select().from(subject).orderBy(asc(subject.id))).find((x) => x.period_id !== g!.period_id)!;
    await refused(
      CALLS.myVideoSave,
      { file_id: mp4.id, name: "x", grade_config_id: g!.id, subject_id: foreign.id },
      "zhanglaoshi",
      400,
      "学科(subject_id): 不属于所选学段",
    );
    await refused(CALLS.myVideoSave, { file_id: mp4.id }, "zhanglaoshi", 400, "视频名称(name): 必填");

    const saved = await ok<VideoRow>(CALLS.myVideoSave, { file_id: mp4.id, name: "函数公开课", grade_config_id: g!.id, subject_id: subj!.id });
    expect(saved).toMatchObject({
      name: "函数公开课",
      source: "upload",
      status: "processing",
      grade_config_id: g!.id,
      grade_name: g!.name,
      period_id: g!.period_id,
      subject_id: subj!.id,
      subject_name: subj!.name,
      account_name: "张老师",
      analysis_status: "none",
    });
    await refused(CALLS.myVideoSave, { file_id: mp4.id, name: "再来一次" }, "zhanglaoshi", 409, "该文件已登记为视频《函数公开课》");

    const ready = await until(
      "processed",
      () => ok<VideoRow>(CALLS.myVideoRead, { id: saved.id }),
      (v) => v.status === "ready",
    );
    expect(ready.duration).toBeGreaterThanOrEqual(5);
    expect(ready.cameras).toHaveLength(1);
    const cam = ready.cameras[0]!;
    expect(cam).toMatchObject({ camera: "main", file_id: mp4.id });
    expect(ready.url).toBe(cam.url);
    expect((await fetch(`${s.url}${cam.thumbnail_url}`)).headers.get("content-type")).toBe("image/jpeg");
    expect((await fetch(`${s.url}${cam.sprite_url}`)).status).toBe(200);
    const playlist = await (await fetch(`${s.url}${cam.hls_url}`)).text();
    expect(playlist).toMatch(/#EXT-X-ENDLIST/);
    // Without its signature the HLS address is refused.
    expect((await fetch(`${s.url}${cam.hls_url.replace(/\/vod\/[^/]+\//, "/vod/1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/")}`)).status).toBe(403);

    // Update: only what is sent; another teacher cannot.
    const renamed = await ok<VideoRow>(CALLS.myVideoUpdate, { id: saved.id, name: "函数公开课（终版）" });
    expect(renamed).toMatchObject({ name: "函数公开课（终版）", grade_config_id: g!.id, subject_id: subj!.id });
    await refused(CALLS.myVideoUpdate, { id: saved.id, name: "抢" }, "lilaoshi", 404, "视频不存在或不在您的管理范围");
    await refused(CALLS.myVideoRead, { id: saved.id }, "zhaolaoshi", 404);

    // Lists: his own; his school's administrator; nobody else.
    expect((await ok<Page<VideoRow>>(CALLS.myVideoList, { page: 1 })).list.map((v) => v.id)).toEqual([saved.id]);
    expect((await ok<Page<VideoRow>>(CALLS.myVideoList, { page: 1, subject_id: subj!.id })).total).toBe(1);
    expect((await ok<Page<VideoRow>>(CALLS.myVideoList, { page: 1, source: "recording" })).total).toBe(0);
    expect((await ok<Page<VideoRow>>(CALLS.myVideoList, { page: 1 }, "lilaoshi")).total).toBe(0);
    expect((await ok<Page<VideoRow>>(CALLS.myVideoList, { page: 1 }, "xiaoji")).list.map((v) => v.id)).toContain(saved.id);
    expect((await ok<Page<VideoRow>>(CALLS.myVideoList, { page: 1 }, "zhaolaoshi")).total).toBe(0);
    const zhangId = saved.account_id;
    expect((await ok<Page<VideoRow>>(CALLS.myVideoAll, { page: 1, search_name: "终版" })).total).toBe(1);
    expect((await ok<Page<VideoRow>>(CALLS.myVideoAll, { page: 1, account_id: zhangId }, "xiaoji")).list[0]!.id).toBe(saved.id);
    await refused(CALLS.myVideoAll, { page: 1, account_id: zhangId }, "zhaolaoshi", 404, "账号不存在或不在您的管理范围");

    // Sharing: anyone with the token reads it (no login); a forged token does not.
    const share = await ok<VideoShareAnswer>(CALLS.myVideoShare, { id: saved.id });
    expect(share.path).toBe(`/videoSharing?id=${saved.id}&token=${encodeURIComponent(share.token)}`);
    const anon = await postCall<VideoRow>(CALLS.myVideoShared, { id: saved.id, token: share.token }, { baseUrl: s.url, appKey: s.config.appKey });
    expect(anon.code).toBe(200);
    expect(anon.data.cameras[0]!.hls_url).toMatch(/^\/vod\//);
    const forged = await postCall(CALLS.myVideoShared, { id: saved.id + 1, token: share.token }, { baseUrl: s.url, appKey: s.config.appKey });
    expect(forged).toMatchObject({ code: 404, msg: "分享链接无效或已过期" });

    // The dashboard: computed from the rows, in the caller's scope.
    const board = await ok<BaseVideoAnswer>(CALLS.baseVideo, {}, "xiaoji");
    expect(board.days).toHaveLength(30);
    expect(board.days.at(-1)).toMatchObject({ date: dateOf(new Date()), videos: 1 });
    expect(board.totals).toMatchObject({ videos: 1, recordings: 0 });
    expect(board.schools).toEqual([expect.objectContaining({ school_id: who.xiaoji!.school_id, videos: 1 })]);
    const elsewhere = await ok<BaseVideoAnswer>(CALLS.baseVideo, {}, "zhaolaoshi");
    expect(elsewhere.totals.videos).toBe(0);
    await refused(CALLS.baseVideo, { school_id: who.xiaoji!.school_id }, "zhaolaoshi", 404);
    expect((await ok<BaseVideoAnswer>(CALLS.baseVideo, { days: 7 }, "pingtai")).days).toHaveLength(7);

    // Delete: another teacher cannot; the owner can, and the file goes with it.
    await refused(CALLS.myVideoDelete, { id: saved.id }, "lilaoshi", 404);
    await ok(CALLS.myVideoDelete, { id: saved.id });
    expect((await fetch(`${s.url}${ready.url}`)).status).toBe(404);
    expect((await fetch(`${s.url}${cam.hls_url}`)).status).toBe(404);
    expect((await ok<Page<VideoRow>>(CALLS.myVideoList, { page: 1 })).total).toBe(0);
  });
});

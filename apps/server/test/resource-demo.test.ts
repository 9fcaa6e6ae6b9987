/**
 * The resource demo (#11; resource.demo.ts, the first step of the front site's demo): generated clips registered as
 * videos of the demo teachers, published courses across subjects, periods, schools and all four course types with
 * units, lessons and playable videos bound, a document, a draft that never shows, and views for the rankings.
 * Runs ffmpeg (six short clips).
 */
import { CALLS, type Page, type RankingList, type VideoRow, type WebResourceInfo, type WebResourceRow } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseResource } from "../src/modules/resource/resource.schema.js";
import { seedResourceDemo } from "../src/modules/resource/resource.demo.js";
import { type TestServer, startTestServer } from "./harness.js";
import { until } from "./poll.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe("seedResourceDemo", () => {
  it("makes published courses with playable videos, a document and a hidden draft; a second run adds nothing", async () => {
    const deps = { db: s.database.db, files: s.services.files, videos: s.services.media.videos, ffmpeg: s.config.uploads.ffmpeg, dataDir: s.config.dataDir };
    const { videos } = await seedResourceDemo(deps);
    expect(videos).toHaveLength(6);
    expect(new Set(videos.map((v) => v.account_id)).size).toBe(4);
    expect(videos.every((v) => v.subject_id > 0 && v.name.length > 0)).toBe(true);

    const list = await s.call<Page<WebResourceRow>>(CALLS.webResourceList, { limit: 50 });
    expect(list.code).toBe(200);
    const rows = list.data.list;
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.course_type))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(rows.map((r) => r.school_id)).size).toBe(2);
    expect(new Set(rows.map((r) => r.period_name))).toEqual(new Set(["初中", "高中"]));
    expect(new Set(rows.map((r) => r.subject_name)).size).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => /^#[0-9a-f]{6}$/i.test(r.color) && r.course_introduce.length > 20)).toBe(true);
    expect(rows.some((r) => r.file_count > 0)).toBe(true);
    const drafts = await s.database.db.select().from(courseResource).where(eq(courseResource.status, 0));
    expect(drafts.filter((d) => d.level === 1)).toHaveLength(1);
    expect(rows.find((r) => r.id === drafts.find((d) => d.level === 1)!.id)).toBeUndefined();

    // A course's tree: 2 units × 2 lessons, a video bound that plays once processed.
    const withVideo = rows.find((r) => r.video_count > 0)!;
    const info = await s.call<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: withVideo.id });
    expect(info.data.tree).toHaveLength(2);
    expect(info.data.tree.every((u) => u.children.length === 2)).toBe(true);
    expect(info.data.course.teaching_design).toContain("教学目标");
    const bind = info.data.tree
      .flatMap((u) => u.children)
      .flatMap((l) => l.binds)
      .find((b) => b.resources_type === 1)!;
    const ready = await until(
      "the demo video to be processed",
      () => s.services.media.videos.row(bind.resources_id),
      (v: VideoRow) => v.status !== "processing",
      60_000,
    );
    expect(ready.status).toBe("ready");
    const again = await s.call<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: withVideo.id });
    const played = again.data.tree
      .flatMap((u) => u.children)
      .flatMap((l) => l.binds)
      .find((b) => b.id === bind.id)!;
    expect(played.duration).toBeGreaterThanOrEqual(4);
    const res = await fetch(`${s.url}${played.play_url}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const rank = await s.call<RankingList>(CALLS.webRankingList, {});
    expect(rank.data.videos.length).toBeGreaterThan(0);
    expect(rank.data.resources[0]!.views).toBe(Math.max(...rows.map((r) => r.view_count)));

    const count = (await s.database.db.select().from(courseResource)).length;
    await seedResourceDemo(deps);
    expect((await s.database.db.select().from(courseResource)).length).toBe(count);
  }, 120_000);
});

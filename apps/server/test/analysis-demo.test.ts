/**
 * The demo lessons of AI lesson analysis (decision 1004): generated at seed time (espeak-ng lessons, or an ffmpeg
 * tone lesson without it), queued once, and analysed by the real queue and pipeline — never a hand-written result.
 */
import { CALLS, type AnalysisCourseRow, type CourseReport, type Page } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisCourse } from "../src/modules/analysis/analysis.schema.js";
import { DEMO_SUFFIX, seedAnalysisDemo } from "../src/modules/analysis/demo.js";
import { type AKit, hasEspeak, hasFfmpeg, startAnalysisKit } from "./analysis-kit.js";

describe.skipIf(!hasFfmpeg)("analysis demo lessons", () => {
  let k: AKit;
  const deps = () => ({
    db: k.db,
    files: k.s.services.files,
    videos: k.s.services.media.videos,
    ffmpeg: "ffmpeg",
    dataDir: k.s.config.dataDir,
    enqueue: (id: number) => k.s.services.analysis!.queue.enqueue(id),
  });
  beforeAll(async () => {
    k = await startAnalysisKit();
  }, 120_000);
  afterAll(async () => {
    await k?.s.close();
  });

  it("without espeak-ng: one ffmpeg tone lesson with a demo SRT, published, analysed by the queue", async () => {
    expect(await seedAnalysisDemo({ ...deps(), espeak: "no-such-espeak-binary" })).toBe(1);
    const list = await k.ok<Page<AnalysisCourseRow>>(CALLS.courseIndex, { scope: "mine" }, "lilaoshi");
    expect(list.list.map((r) => r.name)).toEqual([`分数的初步认识${DEMO_SUFFIX}`]);
    const d = await k.waitDone(list.list[0]!.id, "lilaoshi");
    expect(d.status).toBe(2);
    const r = await k.ok<CourseReport>(CALLS.courseReport, { id: d.id });
    expect(r.result!.talk.available && r.result!.transcript.available && r.result!.st.available).toBe(true);
    // Seeded once.
    expect(await seedAnalysisDemo({ ...deps(), espeak: "no-such-espeak-binary" })).toBe(0);
    await k.db.delete(analysisCourse).where(eq(analysisCourse.id, d.id));
  }, 300_000); // the real pipeline on a 2-minute lesson (waitDone's own budget is 240 s)

  it.skipIf(!hasEspeak)(
    "with espeak-ng: two generated lessons, one with its transcript",
    async () => {
      expect(await seedAnalysisDemo(deps())).toBe(2);
      const list = await k.ok<Page<AnalysisCourseRow>>(CALLS.courseIndex, { scope: "mine" }, "lilaoshi");
      expect(list.list.map((r) => r.name).sort()).toEqual([`分数的初步认识${DEMO_SUFFIX}`, `分数的大小比较${DEMO_SUFFIX}`].sort());
      for (const row of list.list) {
        const d = await k.waitDone(row.id, "lilaoshi");
        expect(d.status, d.error).toBe(2);
        const r = (await k.ok<CourseReport>(CALLS.courseReport, { id: row.id }, "lilaoshi")).result!;
        expect(r.speech.available && r.st.available && r.behavior.available).toBe(true);
        expect(r.transcript.available).toBe(row.has_transcript);
      }
    },
    540_000,
  ); // two lessons through the real pipeline, each within waitDone's 240 s (the media come from the cache)
});

/** ANALYSIS_VAD (#10, decision 1006): silero runs Silero VAD and says so; a bad value is refused in Chinese. */
import { CALLS, type AnalysisCourseDetail, type CourseReport } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { tryLoadSileroVad } from "../src/modules/analysis/engine/vad-silero.js";
import { generateLesson } from "../src/modules/analysis/truth/gen-lesson.js";
import { type AKit, hasEspeak, hasFfmpeg, startAnalysisKit } from "./analysis-kit.js";

const silero = await tryLoadSileroVad();

it("ANALYSIS_VAD accepts energy or silero, energy by default", () => {
  expect(() => loadConfig({ ANALYSIS_VAD: "webrtc" })).toThrow("ANALYSIS_VAD 只能是 energy 或 silero");
  expect(loadConfig({}).analysis.vad).toBe("energy");
  expect(loadConfig({ ANALYSIS_VAD: "silero" }).analysis.vad).toBe("silero");
});

describe.skipIf(!hasFfmpeg || !hasEspeak)("ANALYSIS_VAD=silero", () => {
  let k: AKit;
  let r: CourseReport["result"];
  beforeAll(async () => {
    k = await startAnalysisKit({ ANALYSIS_VAD: "silero" });
    const g = await generateLesson({ dir: k.dir, seconds: 40, seed: 5 });
    const file = await k.adopt("zhanglaoshi", g.video, "生成的课.mp4");
    const id = (await k.ok<AnalysisCourseDetail>(CALLS.researchLocal, { file_id: file, name: "Silero 的课" }, "zhanglaoshi")).id;
    expect((await k.waitDone(id)).status).toBe(2);
    r = (await k.ok<CourseReport>(CALLS.courseReport, { id }, "zhanglaoshi")).result;
  }, 300_000);
  afterAll(async () => {
    await k?.s.close();
  });

  it("the vad stage names the VAD that ran (Silero, or the energy VAD with the reason)", () => {
    const vad = r!.stages.find((s) => s.name === "vad")!;
    if (!r!.speech.available) throw new Error("speech unavailable");
    if (silero.ok) {
      expect(vad.note).toMatch(/^检测到 \d+ 段语音（Silero VAD）$/);
      expect(r!.speech.vad_method).toBe("silero");
    } else {
      expect(vad.note).toContain(`能量法；${silero.reason}`);
      expect(r!.speech.vad_method).toBe("energy");
    }
  });
});

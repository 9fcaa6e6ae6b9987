/**
 * #10 media stages against the labelled lesson generator: decode, voice activity + roles (per-second agreement with
 * the ground truth), the tracked figure (within the stated error of its known path), and the honest failures (no
 * audio track → decodeAudio null; audio only → behaviour unavailable). Needs espeak-ng and ffmpeg.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignRoles, decodeAudio, detectSpeech } from "../src/modules/analysis/engine/audio.js";
import { NO_VIDEO, POSE_UNAVAILABLE, analyseFrames } from "../src/modules/analysis/engine/vision.js";
import { type GeneratedLesson, generateLesson, perSecond } from "../src/modules/analysis/truth/gen-lesson.js";

const hasEspeak = spawnSync("espeak-ng", ["--version"]).status === 0;
const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0;
const ok = hasEspeak && hasFfmpeg;

/** per-second T/S/silence agreement with the truth, voices far apart in pitch (measured 0.94–0.99 on 3-minute lessons) */
const AGREEMENT_FAR = 0.88;
/** tracked centre vs the figure's true centre, 0–1 of the frame (measured: at most 0.009 on 3-minute lessons) */
const POSITION_ERROR = 0.02;

describe.skipIf(!ok)("analysis media stages on a generated lesson", () => {
  let dir = "";
  let lesson: GeneratedLesson;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "yanke-analysis-media-"));
    lesson = await generateLesson({ dir, seconds: 75, seed: 3 });
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("the generator writes a lesson with both roles speaking, questions and a moving figure", () => {
    const t = lesson.truth;
    expect(t.duration).toBe(75);
    expect(t.segments.some((s) => s.role === "T")).toBe(true);
    expect(t.segments.some((s) => s.role === "S")).toBe(true);
    expect(t.questions.length).toBeGreaterThan(0);
    for (const q of t.questions) expect(t.lines[q]!.role).toBe("T");
    for (let i = 1; i < t.segments.length; i++) expect(t.segments[i]!.start).toBeGreaterThanOrEqual(t.segments[i - 1]!.end);
    const xs = t.positions.map((p) => p.x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(0.5);
    const probe = spawnSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name,width,height", "-of", "csv=p=0", lesson.video], {
      encoding: "utf8",
    });
    expect(probe.stdout).toContain("h264,video,640,360");
    expect(probe.stdout).toContain("aac,audio");
  });

  it(`decodes 16 kHz mono and agrees with the truth on at least ${AGREEMENT_FAR * 100} % of seconds (teacher/student/silence)`, async () => {
    const audio = await decodeAudio("ffmpeg", lesson.video);
    expect(audio).not.toBeNull();
    expect(audio!.sampleRate).toBe(16000);
    expect(Math.abs(audio!.duration - 75)).toBeLessThan(0.2);
    const regions = detectSpeech(audio!);
    expect(regions.length).toBeGreaterThan(3);
    const segments = assignRoles(audio!, regions);
    const truth = perSecond(lesson.truth.segments, 75);
    const got = perSecond(segments, 75);
    const agree = truth.filter((x, i) => x === got[i]).length / truth.length;
    expect(agree).toBeGreaterThanOrEqual(AGREEMENT_FAR);
    // both roles found, the teacher the larger share as in the script
    const secs = (r: string) => got.filter((x) => x === r).length;
    expect(secs("S")).toBeGreaterThan(0);
    expect(secs("T")).toBeGreaterThan(secs("S"));
  });

  it(`tracks the moving figure within ${POSITION_ERROR} of its known path`, async () => {
    const b = await analyseFrames("ffmpeg", lesson.video, { interval: 1, duration: 75 });
    expect(b.available).toBe(true);
    if (!b.available) return;
    expect(b.method).toBe("frame_diff");
    expect(b.positions.length).toBe(75);
    let worst = 0;
    let tracked = 0;
    for (const p of b.positions) {
      if (!p) continue;
      const q = lesson.truth.positions.find((x) => Math.abs(x.t - p.t) < 1e-6)!;
      worst = Math.max(worst, Math.hypot(p.x - q.x, p.y - q.y));
      tracked++;
    }
    expect(tracked).toBeGreaterThanOrEqual(70);
    expect(worst).toBeLessThanOrEqual(POSITION_ERROR);
    expect(b.heatmap.cells.reduce((a, c) => a + c, 0)).toBeCloseTo(tracked, 5);
    expect(b.zones.front + b.zones.among_students + b.zones.board).toBeCloseTo(1, 3);
    expect(b.movement).toBeGreaterThan(0);
    expect(b.motion.some((m) => m.value > 0)).toBe(true);
    expect(b.heads_up).toEqual({ available: false, reason: POSE_UNAVAILABLE });
    expect(b.hands_up).toEqual({ available: false, reason: POSE_UNAVAILABLE });
  });

  it("a file without an audio track decodes to null; an audio-only file has no behaviour section", async () => {
    const mute = await generateLesson({ dir, seconds: 12, seed: 5, withAudio: false, name: "mute" });
    expect(await decodeAudio("ffmpeg", mute.video)).toBeNull();
    const audioOnly = await generateLesson({ dir, seconds: 12, seed: 6, withVideo: false, name: "audio-only" });
    expect(await analyseFrames("ffmpeg", audioOnly.video, { interval: 1, duration: 12 })).toEqual({ available: false, reason: NO_VIDEO });
    expect(await decodeAudio("ffmpeg", audioOnly.video)).not.toBeNull();
  }, 60_000);

  it("a broken file is a Chinese error, and a cancelled decode stops", async () => {
    await expect(decodeAudio("ffmpeg", path.join(dir, "missing.mp4"))).rejects.toThrow(/音频解码失败/);
    const ac = new AbortController();
    ac.abort();
    await expect(decodeAudio("ffmpeg", lesson.video, ac.signal)).rejects.toThrow(/取消/);
  });
});

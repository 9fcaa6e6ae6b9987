/**
 * Demo lessons of AI lesson analysis (#10; docs/decisions/1004-analysis-demo.md), seeded with the demo content
 * (SEED_DEMO and SEED_DEMO_CONTENT) once: two uploaded lessons of 李老师 (数学), made at seed time —
 *
 * - with espeak-ng: the labelled lesson generator (truth/gen-lesson.ts; teacher and student voices, a moving figure)
 *   — 《分数的初步认识》 with its SRT (published: the report pages show it without login) and 《分数的大小比较》
 *   (close voices, no transcript);
 * - without it: an ffmpeg lesson of two tones (a low "teacher", a higher "student", pauses) with a demo SRT.
 *
 * They are queued, not analysed here: the server's queue runs the real pipeline on them when it starts. No result is
 * ever written by hand.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { and, eq, like } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { account } from "../account/account.schema.js";
import { cachedDemoMedia, sourceHash } from "../file/demo-media.js";
import type { FileService } from "../file/file.service.js";
import type { VideoService } from "../video/video.service.js";
import { video } from "../video/video.schema.js";
import { analysisCourse } from "./analysis.schema.js";

const run = promisify(execFile);
export const DEMO_SUFFIX = "（AI 分析演示）";

export interface AnalysisDemoDeps {
  db: Db;
  files: FileService;
  videos: VideoService;
  ffmpeg: string;
  dataDir: string;
  espeak?: string;
  /** Announces a queued course to the queue (BullMQ runs only what is announced; its sweep would find it in 15 s). */
  enqueue?: (courseId: number) => Promise<void>;
}

interface DemoMedia {
  video: string;
  srt: string;
}

async function toneLesson(ffmpeg: string, dir: string, seconds: number): Promise<DemoMedia> {
  const out = path.join(dir, "tones.mp4");
  const expr = "if(lt(mod(t,20),12),0.5*sin(2*PI*140*t),if(between(mod(t,20),13,18),0.25*sin(2*PI*320*t),0))";
  await run(ffmpeg, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=320x180:rate=5:duration=${seconds}`,
    "-f",
    "lavfi",
    "-i",
    `aevalsrc=exprs='${expr}':s=16000:d=${seconds}`,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-b:a",
    "48k",
    "-movflags",
    "+faststart",
    out,
  ]);
  const ts = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")},000`;
  const blocks: string[] = [];
  let i = 0;
  for (let c = 0; c + 20 <= seconds; c += 20) {
    blocks.push(`${++i}\n${ts(c)} --> ${ts(c + 6)}\n老师：同学们，把一个蛋糕平均分成四份，每份是多少？`);
    blocks.push(`${++i}\n${ts(c + 6)} --> ${ts(c + 12)}\n老师：请大家想一想，再举手回答。`);
    blocks.push(`${++i}\n${ts(c + 13)} --> ${ts(c + 18)}\n学生：每份是四分之一。`);
  }
  const srt = path.join(dir, "tones.srt");
  await writeFile(srt, `${blocks.join("\n\n")}\n`);
  return { video: out, srt };
}

/** This file and the lesson generator, whose code decides the media's bytes (part of their cache key). */
const here = fileURLToPath(import.meta.url);
const generator = path.join(path.dirname(here), "truth", `gen-lesson${path.extname(here)}`);

/**
 * The demo lessons' media in `dir`, copied from the machine's demo media cache (file/demo-media.ts), generated there
 * first when missing: the espeak-ng lessons when `espeak` runs, else the ffmpeg tone lesson.
 */
export async function demoLessonMedia(
  ffmpeg: string,
  espeak: string,
  dir: string,
): Promise<Array<{ name: string; media: DemoMedia; transcript: boolean; publish: number }>> {
  if (spawnSync(espeak, ["--version"]).status === 0) {
    const gen = await sourceHash(generator);
    const lesson = async (opts: { seconds: number; seed: number; closePitch?: boolean; name: string }): Promise<DemoMedia> => {
      const [video, srt] = await cachedDemoMedia({ demo: "analysis-lesson", gen, opts }, [`${opts.name}.mp4`, `${opts.name}.srt`], dir, async (w) => {
        const { generateLesson } = await import("./truth/gen-lesson.js");
        await generateLesson({ ...opts, dir: w, ffmpeg, espeak });
      });
      return { video: video!, srt: srt! };
    };
    const a = await lesson({ seconds: 120, seed: 3, name: "demo-a" });
    const b = await lesson({ seconds: 75, seed: 2, closePitch: true, name: "demo-b" });
    return [
      { name: `分数的初步认识${DEMO_SUFFIX}`, media: a, transcript: true, publish: 1 },
      { name: `分数的大小比较${DEMO_SUFFIX}`, media: b, transcript: false, publish: 0 },
    ];
  }
  const [video, srt] = await cachedDemoMedia({ demo: "analysis-tones", src: await sourceHash(here), seconds: 120 }, ["tones.mp4", "tones.srt"], dir, (w) =>
    toneLesson(ffmpeg, w, 120).then(() => undefined),
  );
  return [{ name: `分数的初步认识${DEMO_SUFFIX}`, media: { video: video!, srt: srt! }, transcript: true, publish: 1 }];
}

/** Seeds the demo lessons when none exist; answers how many were queued. */
export async function seedAnalysisDemo(d: AnalysisDemoDeps): Promise<number> {
  const [teacher] = await d.db.select().from(account).where(eq(account.username, "lilaoshi"));
  if (!teacher) return 0;
  const [existing] = await d.db
    .select({ id: analysisCourse.id })
    .from(analysisCourse)
    .where(and(eq(analysisCourse.account_id, teacher.id), like(analysisCourse.name, `%${DEMO_SUFFIX}`)));
  if (existing) return 0;
  const tmp = path.join(d.dataDir, "tmp");
  await mkdir(tmp, { recursive: true });
  const dir = await mkdtemp(path.join(tmp, "analysis-demo-"));
  try {
    const lessons = await demoLessonMedia(d.ffmpeg, d.espeak ?? "espeak-ng", dir);
    let n = 0;
    for (const l of lessons) {
      const file = await d.files.adopt(teacher.id, l.media.video, `${l.name}.mp4`, "chunk");
      const tfile = l.transcript ? await d.files.adopt(teacher.id, l.media.srt, `${l.name}.srt`, "chunk") : undefined;
      const v = await d.videos.save(teacher, {
        file_id: file.id,
        name: l.name,
        period_id: teacher.period_id,
        subject_id: teacher.subject_id,
        grade_config_id: 0,
      });
      const [row] = await d.db
        .insert(analysisCourse)
        .values({
          video_id: v.id,
          name: l.name,
          account_id: teacher.id,
          creator_id: teacher.id,
          school_id: teacher.school_id,
          period_id: v.period_id,
          subject_id: v.subject_id,
          source: "local",
          interval: 10,
          transcript_file_id: tfile?.id ?? null,
          publish_status: l.publish,
        })
        .returning({ id: analysisCourse.id });
      await d.db.update(video).set({ analysis_status: "pending" }).where(eq(video.id, v.id));
      await d.enqueue?.(row!.id);
      n++;
    }
    return n;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

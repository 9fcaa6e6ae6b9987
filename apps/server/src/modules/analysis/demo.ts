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
import { promisify } from "node:util";
import { and, eq, like } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { account } from "../account/account.schema.js";
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
    const espeak = d.espeak ?? "espeak-ng";
    const hasEspeak = spawnSync(espeak, ["--version"]).status === 0;
    const lessons: Array<{ name: string; media: DemoMedia; transcript: boolean; publish: number }> = [];
    if (hasEspeak) {
      const { generateLesson } = await import("./truth/gen-lesson.js");
      const a = await generateLesson({ dir, seconds: 120, seed: 3, name: "demo-a", ffmpeg: d.ffmpeg, espeak });
      const b = await generateLesson({ dir, seconds: 75, seed: 2, closePitch: true, name: "demo-b", ffmpeg: d.ffmpeg, espeak });
      lessons.push({ name: `分数的初步认识${DEMO_SUFFIX}`, media: { video: a.video, srt: a.srt }, transcript: true, publish: 1 });
      lessons.push({ name: `分数的大小比较${DEMO_SUFFIX}`, media: { video: b.video, srt: b.srt }, transcript: false, publish: 0 });
    } else {
      lessons.push({ name: `分数的初步认识${DEMO_SUFFIX}`, media: await toneLesson(d.ffmpeg, dir, 120), transcript: true, publish: 1 });
    }
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

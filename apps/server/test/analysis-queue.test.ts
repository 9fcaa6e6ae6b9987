/**
 * The analysis job queue (docs/decisions/1001-analysis-queue.md): claims, retries with backoff (10 s, 60 s, failed
 * after the 3rd attempt), recovery of jobs left running, and the BullMQ path with a real Redis — REDIS_URL, or a
 * redis-server started here when the binary exists (skipped otherwise): a queue in one "process" and a worker in
 * another, and the whole server analysing a lesson through BullMQ.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { CALLS, type AnalysisCourseDetail, type CourseReport } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisCourse } from "../src/modules/analysis/analysis.schema.js";
import { ANALYSIS_LEASE_MS, BullQueue, InProcessQueue, JobRunner } from "../src/modules/analysis/queue.js";
import { startWorker } from "../src/modules/analysis/worker.js";
import { type AKit, hasFfmpeg, startAnalysisKit, toneLesson, toneSrt } from "./analysis-kit.js";
import { polling } from "./poll.js";

async function insertCourse(k: AKit, set: Partial<typeof analysisCourse.$inferInsert> = {}): Promise<number> {
  const [r] = await k.db
    .insert(analysisCourse)
    .values({ video_id: 1, name: "队列测试", account_id: k.id.zhanglaoshi!, creator_id: k.id.zhanglaoshi!, source: "local", ...set })
    .returning({ id: analysisCourse.id });
  return r!.id;
}

async function rowOf(k: AKit, id: number) {
  return (await k.db.select().from(analysisCourse).where(eq(analysisCourse.id, id)))[0]!;
}

const { untilTrue } = polling({ ms: 20_000, every: 50 });

describe("analysis queue (in process)", () => {
  let k: AKit;
  beforeAll(async () => {
    // No in-server worker: the queues under test are the only ones running jobs.
    k = await startAnalysisKit({ ANALYSIS_WORKERS: "0" });
  }, 120_000);
  afterAll(async () => {
    await k?.s.close();
  });

  it("a failing job is retried after 10 s, then 60 s, and failed after the 3rd attempt with result null", async () => {
    let clock = new Date("2026-11-02T08:00:00Z");
    const now = () => clock;
    const id = await insertCourse(k, { run_after: clock });
    const runs: number[] = [];
    const runner = new JobRunner({
      db: k.db,
      retrySeconds: [10, 60],
      now,
      run: async (c) => {
        runs.push(c);
        throw new Error("ffmpeg exploded");
      },
    });
    expect(await runner.nextDue()).toBe(id);
    expect(await runner.runOne(id)).toEqual({ claimed: true, retryInMs: 10_000 });
    let r = await rowOf(k, id);
    expect(r).toMatchObject({ status: 0, attempts: 1, error: "分析出错：ffmpeg exploded" });
    expect(r.run_after.getTime() - clock.getTime()).toBe(10_000);
    // Not due yet.
    expect(await runner.nextDue()).toBeUndefined();
    clock = new Date(clock.getTime() + 10_000);
    expect(await runner.nextDue()).toBe(id);
    expect((await runner.runOne(id)).retryInMs).toBe(60_000);
    expect((await rowOf(k, id)).attempts).toBe(2);
    clock = new Date(clock.getTime() + 60_000);
    expect(await runner.runOne(id)).toEqual({ claimed: true });
    r = await rowOf(k, id);
    expect(r).toMatchObject({ status: 3, attempts: 3, error: "分析出错：ffmpeg exploded", result: null });
    expect(runs).toEqual([id, id, id]);
    // A failed course is not claimed again.
    expect(await runner.runOne(id)).toEqual({ claimed: false });
  });

  it("a Chinese error is kept as is; a job left running goes back to the queue at start and runs once", async () => {
    const left = await insertCourse(k, { status: 1, attempts: 1 });
    const runs: number[] = [];
    const runner = new JobRunner({
      db: k.db,
      retrySeconds: [0, 0],
      run: async (c) => {
        runs.push(c);
        await k.db.update(analysisCourse).set({ status: 2, progress: 100 }).where(eq(analysisCourse.id, c));
      },
    });
    const q = new InProcessQueue(runner, true, 50);
    await q.start();
    await untilTrue("the recovered job to finish", async () => (await rowOf(k, left)).status === 2);
    // Announcing it again does not run it again.
    await q.enqueue(left);
    await new Promise((r) => setTimeout(r, 200));
    await q.stop();
    expect(runs).toEqual([left]);
    expect((await rowOf(k, left)).attempts).toBe(2);

    const failing = new JobRunner({
      db: k.db,
      retrySeconds: [0, 0],
      run: async () => {
        throw new Error("无法读取视频文件（文件损坏或格式不支持）");
      },
    });
    const id = await insertCourse(k);
    await failing.runOne(id);
    await failing.runOne(id);
    await failing.runOne(id);
    expect(await rowOf(k, id)).toMatchObject({ status: 3, error: "无法读取视频文件（文件损坏或格式不支持）" });
  });

  it("with other processes about, only a row silent past the lease is taken back", async () => {
    const runner = new JobRunner({ db: k.db, retrySeconds: [0, 0], run: async () => undefined });
    const live = await insertCourse(k, { status: 1, updated_at: new Date(Date.now() - 60_000) });
    const dead = await insertCourse(k, { status: 1, updated_at: new Date(Date.now() - ANALYSIS_LEASE_MS - 60_000) });
    expect(await runner.recover(ANALYSIS_LEASE_MS)).toBe(1);
    expect((await rowOf(k, live)).status).toBe(1);
    expect((await rowOf(k, dead)).status).toBe(0);
    await k.db.delete(analysisCourse).where(eq(analysisCourse.id, live));
    await k.db.delete(analysisCourse).where(eq(analysisCourse.id, dead));
  });

  it("stopping aborts the job in hand: it goes back to the queue, the attempt not counted", async () => {
    const id = await insertCourse(k);
    let started = false;
    const runner = new JobRunner({
      db: k.db,
      retrySeconds: [0, 0],
      run: (_c, signal) =>
        new Promise((_, reject) => {
          started = true;
          signal.addEventListener("abort", () => reject(signal.reason));
        }),
    });
    const q = new InProcessQueue(runner, true, 50);
    await q.start();
    await untilTrue("the job to start", () => started);
    await q.stop();
    expect(await rowOf(k, id)).toMatchObject({ status: 0, attempts: 0 });
    await k.db.delete(analysisCourse).where(eq(analysisCourse.id, id));
  });
});

// ── BullMQ ───────────────────────────────────────────────────────────────────────────────────────────────────────

const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!process.env.REDIS_URL && !hasRedisServer)("analysis queue on BullMQ (Redis)", () => {
  let redis: ChildProcess | undefined;
  let url = process.env.REDIS_URL ?? "";
  let k: AKit;
  const prefix = `yanke-aq-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    if (!url) {
      const port = await freePort();
      redis = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"], { stdio: "ignore" });
      url = `redis://127.0.0.1:${port}`;
      await new Promise((r) => setTimeout(r, 300));
    }
    k = await startAnalysisKit({ REDIS_URL: url, REDIS_PREFIX: prefix });
  }, 120_000);
  afterAll(async () => {
    await k?.s.close();
    redis?.kill("SIGTERM");
  });

  it("a job announced by a queue without workers runs on a worker elsewhere; a failed attempt is retried there", async () => {
    const id = await insertCourse(k);
    const ran: string[] = [];
    let fail = true;
    const mk = (who: string, workers: number) =>
      new BullQueue(
        new JobRunner({
          db: k.db,
          retrySeconds: [0, 0],
          run: async (c) => {
            ran.push(who);
            if (fail) {
              fail = false;
              throw new Error("第一次失败");
            }
            await k.db.update(analysisCourse).set({ status: 2, progress: 100 }).where(eq(analysisCourse.id, c));
          },
        }),
        { url, prefix: `${prefix}unit:`, workers, name: "analysis-test" },
      );
    const server = mk("server", 0);
    const worker = mk("worker", 1);
    await server.start();
    await worker.start();
    try {
      await server.enqueue(id);
      await untilTrue("the worker to finish the job", async () => (await rowOf(k, id)).status === 2);
      expect(ran).toEqual(["worker", "worker"]);
      expect((await rowOf(k, id)).attempts).toBe(2);
    } finally {
      await worker.stop();
      await server.stop();
    }
  });

  it.skipIf(!hasFfmpeg)("the server with REDIS_URL analyses an uploaded lesson through BullMQ", async () => {
    expect(k.s.services.analysis!.queue.kind).toBe("bullmq");
    const file = await k.adopt("zhanglaoshi", toneLesson(k.dir, "bull.mp4", { seconds: 20 }), "队列.mp4");
    const tx = await k.adopt("zhanglaoshi", toneSrt(k.dir, 20, "bull.srt"), "队列.srt");
    const id = (await k.ok<AnalysisCourseDetail>(CALLS.researchLocal, { file_id: file, transcript_file_id: tx, name: "BullMQ 分析" }, "zhanglaoshi")).id;
    const d = await k.waitDone(id);
    expect(d.error).toBe("");
    expect(d).toMatchObject({ status: 2, attempts: 1 });
    const r = await k.ok<CourseReport>(CALLS.courseReport, { id }, "zhanglaoshi");
    expect(r.result!.transcript.available && r.result!.transcript.lines.length).toBe(6);
  });
});

// `yanke worker` needs the server's PostgreSQL database (the PostgreSQL + Redis pass of .ci/run).
describe.skipIf(!process.env.DATABASE_URL || !hasFfmpeg)("yanke worker: a separate process analyses what the server queues", () => {
  let k: AKit;
  beforeAll(async () => {
    k = await startAnalysisKit({ ANALYSIS_WORKERS: "0" });
  }, 120_000);
  afterAll(async () => {
    await k?.s.close();
  });

  it("the server (ANALYSIS_WORKERS=0) only queues; the worker runs the job", async () => {
    const file = await k.adopt("zhanglaoshi", toneLesson(k.dir, "worker.mp4", { seconds: 20 }), "工作进程.mp4");
    const id = (await k.ok<AnalysisCourseDetail>(CALLS.researchLocal, { file_id: file, name: "工作进程分析", interval: 5 }, "zhanglaoshi")).id;
    await new Promise((r) => setTimeout(r, 2500));
    expect((await rowOf(k, id)).status).toBe(0);
    const worker = await startWorker({ ...k.s.config, analysis: { workers: 1, retrySeconds: [0, 0] } });
    try {
      expect(worker.kind).toBe(k.s.config.redisUrl ? "bullmq" : "in-process");
      const d = await k.waitDone(id);
      expect(d).toMatchObject({ status: 2, attempts: 1, error: "" });
    } finally {
      await worker.close();
    }
  });
});

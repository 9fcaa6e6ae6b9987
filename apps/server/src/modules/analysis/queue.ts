/**
 * The analysis job queue (issue #10; docs/decisions/1001-analysis-queue.md). The job's state is its analysis_course
 * row in every mode: status 0 排队中 + run_after, claimed with `UPDATE … SET status = 1 WHERE id = ? AND status = 0`
 * (so a job runs once even if it is announced twice), attempts counted on the row; a failed attempt is queued again
 * after retrySeconds[attempt − 1] (10 s, 60 s) and after the 3rd attempt the course is failed (status 3, a Chinese
 * error, result null).
 *
 * - InProcessQueue (default): the server polls the table and runs one job at a time. Jobs left running by a stop or
 *   crash go back to the queue at start.
 * - BullQueue (REDIS_URL): enqueue adds a BullMQ job (delayed for a retry); a BullMQ Worker in every process that runs
 *   workers (the server unless ANALYSIS_WORKERS=0, and `yanke worker`) claims the row and runs it. The row stays the
 *   truth: at start the queue re-announces queued rows, and rows left running longer than the lease go back.
 */
import { type ConnectionOptions, Queue, Worker } from "bullmq";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { analysisCourse } from "./analysis.schema.js";

export const MAX_ATTEMPTS = 3;

export interface AnalysisQueue {
  /** Announces a course whose row is queued (status 0); runs it when due. */
  enqueue(courseId: number): Promise<void>;
  start(): Promise<void>;
  /** Waits for the job in hand; no new one starts. */
  stop(): Promise<void>;
  /** Resolves when no job is due or running (tests, demo seeding). */
  idle(): Promise<void>;
  readonly kind: "in-process" | "bullmq";
}

/** Runs one attempt of a claimed course; throws when the attempt failed. */
export type AnalysisRunner = (courseId: number, signal: AbortSignal) => Promise<void>;

export interface QueueLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  run: AnalysisRunner;
  /** Delays before the 2nd and 3rd attempts, seconds. */
  retrySeconds: number[];
  /** Called when an attempt failed for the last time (the course is failed). */
  onFailed?: (courseId: number, error: string) => Promise<void>;
  log?: QueueLog;
  now?: () => Date;
}

/** A Chinese message for an error thrown by a stage. */
export function failureMessage(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  const text = /[\u4e00-\u9fff]/.test(msg) ? msg : `分析出错：${msg}`;
  return text.slice(0, 500);
}

/**
 * Claims and runs one course (both queue kinds use it): answers true when the claim succeeded. A failed attempt is
 * queued again with backoff, or fails the course after MAX_ATTEMPTS; the result of a failed course is null.
 */
export class JobRunner {
  private readonly now: () => Date;
  private readonly controllers = new Set<AbortController>();
  constructor(private readonly o: JobRunnerOptions) {
    this.now = o.now ?? (() => new Date());
  }

  async claim(courseId: number): Promise<{ attempts: number } | undefined> {
    const [row] = await this.o.db
      .update(analysisCourse)
      .set({ status: 1, attempts: sql`${analysisCourse.attempts} + 1`, progress: 0, stage: "", started_at: this.now(), updated_at: this.now() })
      .where(and(eq(analysisCourse.id, courseId), eq(analysisCourse.status, 0)))
      .returning({ attempts: analysisCourse.attempts });
    return row;
  }

  /** Runs the course if it can be claimed; answers the delay (ms) of a retry, or undefined. */
  async runOne(courseId: number): Promise<{ claimed: boolean; retryInMs?: number }> {
    const claimed = await this.claim(courseId);
    if (!claimed) return { claimed: false };
    const ctl = new AbortController();
    this.controllers.add(ctl);
    // The row's heartbeat (besides each stage's write): other processes take back a row only after a silent lease.
    const beat = setInterval(() => {
      void this.o.db
        .update(analysisCourse)
        .set({ updated_at: this.now() })
        .where(and(eq(analysisCourse.id, courseId), eq(analysisCourse.status, 1)))
        .catch(() => undefined);
    }, 60_000);
    beat.unref();
    try {
      await this.o.run(courseId, ctl.signal);
      return { claimed: true };
    } catch (e) {
      if (ctl.signal.aborted) {
        // Stopped (server shutting down): back to the queue, the attempt not counted.
        await this.o.db
          .update(analysisCourse)
          .set({ status: 0, stage: "", attempts: sql`greatest(${analysisCourse.attempts} - 1, 0)`, run_after: this.now(), updated_at: this.now() })
          .where(and(eq(analysisCourse.id, courseId), eq(analysisCourse.status, 1)))
          .catch(() => undefined);
        return { claimed: true };
      }
      const error = failureMessage(e);
      if (claimed.attempts >= MAX_ATTEMPTS) {
        await this.o.db
          .update(analysisCourse)
          .set({ status: 3, error, result: null, stage: "", finished_at: this.now(), updated_at: this.now() })
          .where(eq(analysisCourse.id, courseId));
        this.o.log?.warn(`课堂分析 ${courseId} 失败（已重试 ${MAX_ATTEMPTS - 1} 次）：${error}`);
        await this.o.onFailed?.(courseId, error).catch(() => undefined);
        return { claimed: true };
      }
      const delayS = this.o.retrySeconds[claimed.attempts - 1] ?? this.o.retrySeconds.at(-1) ?? 60;
      await this.o.db
        .update(analysisCourse)
        .set({ status: 0, error, stage: "", run_after: new Date(this.now().getTime() + delayS * 1000), updated_at: this.now() })
        .where(eq(analysisCourse.id, courseId));
      this.o.log?.info(`课堂分析 ${courseId} 第 ${claimed.attempts} 次失败，${delayS} 秒后重试：${error}`);
      return { claimed: true, retryInMs: delayS * 1000 };
    } finally {
      clearInterval(beat);
      this.controllers.delete(ctl);
    }
  }

  /** Aborts the jobs in hand (they go back to the queue). */
  abortAll(): void {
    for (const c of this.controllers) c.abort(new Error("分析已中止（服务停止）"));
  }

  /** The next due course id. */
  async nextDue(): Promise<number | undefined> {
    const [row] = await this.o.db
      .select({ id: analysisCourse.id })
      .from(analysisCourse)
      .where(and(eq(analysisCourse.status, 0), lte(analysisCourse.run_after, this.now())))
      .orderBy(asc(analysisCourse.run_after), asc(analysisCourse.id))
      .limit(1);
    return row?.id;
  }

  /** A queued course's attempt count and due time (undefined unless status 0). */
  async queuedRow(courseId: number): Promise<{ attempts: number; run_after: Date } | undefined> {
    const [row] = await this.o.db
      .select({ attempts: analysisCourse.attempts, run_after: analysisCourse.run_after })
      .from(analysisCourse)
      .where(and(eq(analysisCourse.id, courseId), eq(analysisCourse.status, 0)));
    return row;
  }

  /** Every queued course and when it is due. */
  async queued(): Promise<Array<{ id: number; run_after: Date }>> {
    return this.o.db
      .select({ id: analysisCourse.id, run_after: analysisCourse.run_after })
      .from(analysisCourse)
      .where(eq(analysisCourse.status, 0))
      .orderBy(asc(analysisCourse.id));
  }

  /** Rows left running (by a stop or crash, or a worker gone longer than leaseMs) go back to the queue. */
  async recover(leaseMs = 0): Promise<number> {
    const before = new Date(this.now().getTime() - leaseMs);
    const rows = await this.o.db
      .update(analysisCourse)
      .set({ status: 0, stage: "", run_after: this.now(), updated_at: this.now() })
      .where(leaseMs > 0 ? and(eq(analysisCourse.status, 1), lte(analysisCourse.updated_at, before)) : eq(analysisCourse.status, 1))
      .returning({ id: analysisCourse.id });
    return rows.length;
  }
}

/** In-process, durable in analysis_course: one job at a time, polled (a retry's run_after is honoured). */
export class InProcessQueue implements AnalysisQueue {
  readonly kind = "in-process" as const;
  private running: Promise<void> | undefined;
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly runner: JobRunner,
    /** false: this process only queues (ANALYSIS_WORKERS=0). */
    private readonly work: boolean,
    private readonly pollMs = 2000,
    /** 0: the only process (PGlite): every row left running is this process's, taken back at start. Otherwise rows
     *  silent for this long are taken back, at start and as it polls. */
    private readonly leaseMs = 0,
  ) {}

  async enqueue(_courseId: number): Promise<void> {
    if (this.work && !this.stopped) void this.drain();
  }

  async start(): Promise<void> {
    if (!this.work) return;
    this.stopped = false;
    await this.runner.recover(this.leaseMs);
    this.schedule();
    void this.drain();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.drain().finally(() => this.schedule());
    }, this.pollMs);
    this.timer.unref();
  }

  private drain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.loop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async loop(): Promise<void> {
    if (this.leaseMs > 0) await this.runner.recover(this.leaseMs).catch(() => 0);
    while (!this.stopped) {
      const id = await this.runner.nextDue().catch(() => undefined);
      if (id === undefined) return;
      await this.runner.runOne(id).catch(() => undefined);
    }
  }

  async idle(): Promise<void> {
    while (this.running !== undefined) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.runner.abortAll();
    await this.idle();
  }
}

/**
 * How long a row may stay 分析中 without a heartbeat (every stage and every minute) before a queue takes it back, when
 * several processes may be running jobs (PostgreSQL or Redis).
 */
export const ANALYSIS_LEASE_MS = 5 * 60_000;

/** BullMQ (REDIS_URL): a Queue here, a Worker in each process that runs workers. */
export class BullQueue implements AnalysisQueue {
  readonly kind = "bullmq" as const;
  private queue: Queue | undefined;
  private worker: Worker | undefined;

  private active = 0;
  private waiters: Array<() => void> = [];
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly runner: JobRunner,
    private readonly opts: { url: string; prefix: string; workers: number; name?: string; log?: QueueLog },
  ) {}

  /** BullMQ's own connection options from REDIS_URL (redis[s]://[user:password@]host:port[/db]). */
  private connection(): ConnectionOptions {
    const u = new URL(this.opts.url);
    return {
      host: u.hostname || "127.0.0.1",
      port: Number(u.port || 6379),
      username: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) || 0 : 0,
      ...(u.protocol === "rediss:" ? { tls: {} } : {}),
      maxRetriesPerRequest: null,
    };
  }

  private get name(): string {
    return this.opts.name ?? "analysis";
  }

  private q(): Queue {
    this.queue ??= new Queue(this.name, { connection: this.connection(), prefix: `${this.opts.prefix}bull` });
    return this.queue;
  }

  /**
   * Announces a queued course. The BullMQ job id is the course and its attempt, so announcing the same attempt twice
   * (the sweep, a re-announcement) adds one job; a retry is a new attempt, hence a new job.
   */
  async enqueue(courseId: number, delayMs?: number): Promise<void> {
    const row = await this.runner.queuedRow(courseId);
    if (!row) return;
    const delay = Math.max(0, delayMs ?? row.run_after.getTime() - Date.now());
    await this.q().add("analyse", { courseId }, { jobId: `c${courseId}-a${row.attempts}`, delay, removeOnComplete: true, removeOnFail: true });
  }

  /** Rows queued without an announcement (seeded, recovered, queued while Redis was away) are announced. */
  private async sweep(): Promise<void> {
    await this.runner.recover(ANALYSIS_LEASE_MS);
    for (const r of await this.runner.queued()) await this.enqueue(r.id).catch(() => undefined);
  }

  async start(): Promise<void> {
    // Rows left running by a worker gone longer than the lease go back; every queued row is announced (the job id and
    // the claim make a double announcement harmless), now and every 15 s.
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), 15_000);
    this.sweeper.unref();
    if (this.opts.workers > 0) {
      this.worker = new Worker(
        this.name,
        async (job) => {
          this.active++;
          try {
            const courseId = Number((job.data as { courseId: number }).courseId);
            const r = await this.runner.runOne(courseId);
            if (r.retryInMs !== undefined) await this.enqueue(courseId, r.retryInMs);
          } finally {
            this.active--;
            if (this.active === 0) for (const w of this.waiters.splice(0)) w();
          }
        },
        { connection: this.connection(), prefix: `${this.opts.prefix}bull`, concurrency: this.opts.workers },
      );
      this.worker.on("error", (e) => this.opts.log?.warn(`分析队列（BullMQ）异常：${e.message}`));
    }
  }

  async idle(): Promise<void> {
    if (this.active === 0) return;
    await new Promise<void>((r) => this.waiters.push(r));
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.runner.abortAll();
    await this.worker?.close();
    await this.queue?.close();
  }
}

export function createAnalysisQueue(
  o: JobRunnerOptions & {
    redisUrl?: string;
    redisPrefix: string;
    workers: number;
    log?: QueueLog /** other processes may run jobs on this database */;
    shared: boolean;
  },
): AnalysisQueue {
  const runner = new JobRunner(o);
  if (o.redisUrl) return new BullQueue(runner, { url: o.redisUrl, prefix: o.redisPrefix, workers: o.workers, log: o.log });
  return new InProcessQueue(runner, o.workers > 0, 2000, o.shared ? ANALYSIS_LEASE_MS : 0);
}

/**
 * The media job queue (docs/decisions/0625): in-process, durable in media_job. One job runs at a time (the machine
 * has 2 cores and the recorder comes first); a failed job is retried after 10 s, 60 s, then marked failed. Jobs left
 * running by a stop or a crash are queued again at start: every handler is idempotent.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { LiveLog } from "../live/live.types.js";
import { mediaJob } from "./recording.schema.js";

export type JobType = "recording.finalize" | "video.process";
export type JobHandler = (refId: number) => Promise<void>;

const MAX_ATTEMPTS = 3;
const BACKOFF_S = [10, 60];

export class MediaJobs {
  private readonly handlers = new Map<JobType, JobHandler>();
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Called when a job finally fails (after its attempts). */
  onFailed: (type: JobType, refId: number, error: string) => Promise<void> = async () => undefined;

  constructor(
    private readonly db: Db,
    private readonly log: LiveLog,
    private readonly now: () => Date,
  ) {}

  handle(type: JobType, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  /** Queues a job (a queued or running one of the same type and ref is not duplicated). */
  async enqueue(type: JobType, refId: number): Promise<void> {
    const [open] = await this.db
      .select({ id: mediaJob.id })
      .from(mediaJob)
      .where(and(eq(mediaJob.type, type), eq(mediaJob.ref_id, refId), sql`${mediaJob.status} in ('queued', 'running')`));
    if (open) return;
    await this.db.insert(mediaJob).values({ type, ref_id: refId, run_after: this.now(), created_at: this.now(), updated_at: this.now() });
  }

  /** At start: jobs a stop or crash left running go back to the queue. */
  async recover(): Promise<number> {
    const rows = await this.db
      .update(mediaJob)
      .set({ status: "queued", updated_at: this.now() })
      .where(eq(mediaJob.status, "running"))
      .returning({ id: mediaJob.id });
    return rows.length;
  }

  /** Runs due jobs one after another until none is due (one drain at a time). */
  drain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.loop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Waits for the job in hand; no new one starts. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** True while a drain is in progress. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const [job] = await this.db
        .select()
        .from(mediaJob)
        .where(and(eq(mediaJob.status, "queued"), lte(mediaJob.run_after, this.now())))
        .orderBy(asc(mediaJob.run_after), asc(mediaJob.id))
        .limit(1);
      if (!job) return;
      const [claimed] = await this.db
        .update(mediaJob)
        .set({ status: "running", attempts: job.attempts + 1, updated_at: this.now() })
        .where(and(eq(mediaJob.id, job.id), eq(mediaJob.status, "queued")))
        .returning();
      if (!claimed) continue;
      const type = claimed.type as JobType;
      const handler = this.handlers.get(type);
      try {
        if (!handler) throw new Error(`no handler for ${claimed.type}`);
        await handler(claimed.ref_id);
        await this.db.update(mediaJob).set({ status: "done", error: "", updated_at: this.now() }).where(eq(mediaJob.id, claimed.id));
      } catch (e) {
        const msg = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
        const final = claimed.attempts >= MAX_ATTEMPTS;
        const retryAt = new Date(this.now().getTime() + (BACKOFF_S[claimed.attempts - 1] ?? 60) * 1000);
        await this.db
          .update(mediaJob)
          .set({ status: final ? "failed" : "queued", error: msg, run_after: final ? claimed.run_after : retryAt, updated_at: this.now() })
          .where(eq(mediaJob.id, claimed.id));
        this.log.warn(`媒体任务 ${claimed.type} #${claimed.ref_id} 第 ${claimed.attempts} 次失败${final ? "，不再重试" : ""}：${msg}`);
        if (final) await this.onFailed(type, claimed.ref_id, msg).catch(() => undefined);
      }
    }
  }
}

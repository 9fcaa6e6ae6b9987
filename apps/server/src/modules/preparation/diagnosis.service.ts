/**
 * Diagnosis jobs of lesson plans (issue #8; docs/api/diagnosis.md, docs/decisions/0830–0833): c252 starts a job on
 * a preparation's plan (the main plan, else the newest, unless doc_id says which), c253 polls it. Jobs are
 * preparation_ai_job rows run in-process by a small queue, one at a time per process: rules first
 * (diagnosis-rules.ts), then the model when LLM_BASE_URL is configured (diagnosis-llm.ts). A second start while a
 * job of the same plan is pending or running answers that job. At start, jobs a stop or crash left running are
 * failed ("服务重启，诊断中断，请重新发起": they may have been half-way through a model call) and pending ones are
 * queued again. A failed job has its Chinese error and no result.
 */
import {
  DIAGNOSIS_STATUS,
  type DiagnosisEngine,
  type DiagnosisJob,
  type DiagnosisReport,
  type DiagnosisResultAnswer,
  type DiagnosisStatus,
} from "@yanke/protocol";
import type { DiagnosisResultPayload, DiagnosisStartPayload } from "@yanke/protocol";
import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { lessonDoc } from "../lessonplan/lessonplan.schema.js";
import type { Caller } from "../../http/caller.js";
import { textbookBook, textbookCatalog } from "../textbook/textbook.schema.js";
import { type LlmOptions, type LlmSettings, enrichWithLlm, mergeLlm } from "./diagnosis-llm.js";
import { diagnose, plainText } from "./diagnosis-rules.js";
import type { PreparationAccess, PreparationRow } from "./preparation-access.js";
import { preparationAiJob } from "./preparation.schema.js";

type JobRow = typeof preparationAiJob.$inferSelect;

export const DIAGNOSIS_ERRORS = {
  empty: "教案内容为空，无法诊断",
  restarted: "服务重启，诊断中断，请重新发起",
  docGone: "教案不存在或已删除",
  internal: "诊断过程出错，请稍后重新发起",
} as const;
const NO_DOC = "该集体备课还没有教案，请先创建教案";
const JOB_NOT_FOUND = "诊断任务不存在";
const NOT_ALLOWED = "只有备课参与人或管理员可以发起诊断";

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

export interface DiagnosisServiceOptions {
  llm?: LlmSettings;
  llmOptions?: LlmOptions;
  now: () => Date;
  log?: Logger;
}

/** 小学 40 minutes, 初中 and 高中 45 (docs/diagnosis-method.md); undefined when the stage is unknown. */
export function lessonMinutesOf(...names: string[]): number | undefined {
  const s = names.join(" ");
  if (/小学|[一二三四五六]年级/.test(s)) return 40;
  if (/初中|高中|[七八九]年级|初[一二三]|高[一二三]/.test(s)) return 45;
  return undefined;
}

export class DiagnosisService {
  private readonly queue: number[] = [];
  private current: Promise<void> | undefined;
  private started = false;
  private stopped = false;
  /** Serializes starts in this process, so parallel starts of one plan make one job. */
  private startLock: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly preps: PreparationAccess,
    private readonly opts: DiagnosisServiceOptions,
  ) {}

  // -------------------------------------------------------------------------------------------------------------
  // Lifecycle

  /** At start: jobs left running fail (a crash or stop interrupted them), pending ones are queued again. */
  async recover(): Promise<void> {
    const now = this.opts.now();
    await this.db
      .update(preparationAiJob)
      .set({ status: "failed", error: DIAGNOSIS_ERRORS.restarted, result: null, finished_at: now })
      .where(eq(preparationAiJob.status, "running"));
    const pending = await this.db
      .select({ id: preparationAiJob.id })
      .from(preparationAiJob)
      .where(eq(preparationAiJob.status, "pending"))
      .orderBy(preparationAiJob.id);
    this.started = true;
    for (const p of pending) this.queue.push(p.id);
    this.kick();
  }

  /** Stops taking jobs and waits for the one running (the model call is bounded by its timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    await this.current?.catch(() => undefined);
  }

  /** Resolves when the queue is empty (tests). */
  async idle(): Promise<void> {
    while (this.current !== undefined) await this.current.catch(() => undefined);
  }

  private enqueue(id: number): void {
    if (!this.queue.includes(id)) this.queue.push(id);
    this.kick();
  }

  private kick(): void {
    if (this.current || this.stopped || !this.started) return;
    const id = this.queue.shift();
    if (id === undefined) return;
    this.current = this.run(id)
      .catch((err: unknown) => this.opts.log?.warn({ err, job: id }, "diagnosis job failed unexpectedly"))
      .finally(() => {
        this.current = undefined;
        this.kick();
      });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Calls

  /** c252: a new job, or the one already pending or running for the same plan. */
  async start(c: Caller, p: DiagnosisStartPayload): Promise<DiagnosisJob> {
    const { prep, power } = await this.preps.require(c, p.preparation_id, "can_view");
    if (!power.is_member && !power.is_manager) throw forbidden(NOT_ALLOWED);
    const doc = await this.pickDoc(prep.id, p.doc_id);
    const run = this.startLock.then(async () => {
      const [active] = await this.db
        .select()
        .from(preparationAiJob)
        .where(and(eq(preparationAiJob.preparation_id, prep.id), eq(preparationAiJob.doc_id, doc.id), inArray(preparationAiJob.status, ["pending", "running"])))
        .orderBy(desc(preparationAiJob.id))
        .limit(1);
      if (active) return { row: active, reused: true };
      const [row] = await this.db
        .insert(preparationAiJob)
        .values({
          preparation_id: prep.id,
          doc_id: doc.id,
          account_id: c.id,
          status: "pending",
          progress: 0,
          engine: this.opts.llm ? "rules+llm" : "rules",
          created_at: this.opts.now(),
        })
        .returning();
      return { row: row!, reused: false };
    });
    this.startLock = run.catch(() => undefined);
    const { row, reused } = await run;
    if (!reused) this.enqueue(row.id);
    return { ...this.answer(row, doc.title), reused };
  }

  /** c253: a job by id, or the latest of a preparation (of one plan when doc_id is given); null when none. */
  async result(c: Caller, p: DiagnosisResultPayload): Promise<DiagnosisResultAnswer> {
    let row: JobRow | undefined;
    if (p.job_id !== undefined) {
      [row] = await this.db.select().from(preparationAiJob).where(eq(preparationAiJob.id, p.job_id));
      if (!row || (p.preparation_id !== undefined && row.preparation_id !== p.preparation_id)) throw notFound(JOB_NOT_FOUND);
      await this.preps.require(c, row.preparation_id, "can_view");
    } else {
      const { prep } = await this.preps.require(c, p.preparation_id, "can_view");
      [row] = await this.db
        .select()
        .from(preparationAiJob)
        .where(and(eq(preparationAiJob.preparation_id, prep.id), p.doc_id !== undefined ? eq(preparationAiJob.doc_id, p.doc_id) : undefined))
        .orderBy(desc(preparationAiJob.id))
        .limit(1);
      if (!row) return null;
    }
    const [doc] = await this.db.select({ title: lessonDoc.title }).from(lessonDoc).where(eq(lessonDoc.id, row.doc_id));
    return this.answer(row, doc?.title ?? "");
  }

  // -------------------------------------------------------------------------------------------------------------
  // Internals

  /** The plan asked for (of this preparation, not deleted), or the main plan, else the newest. */
  private async pickDoc(preparationId: number, docId: number | undefined): Promise<typeof lessonDoc.$inferSelect> {
    const live = and(eq(lessonDoc.preparation_id, preparationId), isNull(lessonDoc.deleted_at));
    if (docId !== undefined) {
      const [doc] = await this.db
        .select()
        .from(lessonDoc)
        .where(and(live, eq(lessonDoc.id, docId)));
      if (!doc) throw notFound(DIAGNOSIS_ERRORS.docGone);
      return doc;
    }
    const [doc] = await this.db.select().from(lessonDoc).where(live).orderBy(desc(lessonDoc.main), desc(lessonDoc.updated_at), desc(lessonDoc.id)).limit(1);
    if (!doc) throw notFound(NO_DOC);
    return doc;
  }

  private answer(r: JobRow, docTitle: string): DiagnosisJob {
    const status = (r.status in DIAGNOSIS_STATUS ? r.status : "failed") as DiagnosisStatus;
    return {
      job_id: r.id,
      preparation_id: r.preparation_id,
      doc_id: r.doc_id,
      doc_title: docTitle,
      status,
      status_name: DIAGNOSIS_STATUS[status],
      progress: r.progress,
      engine: (r.engine === "rules+llm" ? "rules+llm" : "rules") as DiagnosisEngine,
      result: status === "done" ? ((r.result as DiagnosisReport | null) ?? null) : null,
      error: status === "failed" ? r.error : "",
      account_id: r.account_id,
      created_at: formatTime(r.created_at),
      started_at: formatTime(r.started_at),
      finished_at: formatTime(r.finished_at),
    };
  }

  private async progress(id: number, progress: number): Promise<void> {
    await this.db
      .update(preparationAiJob)
      .set({ progress })
      .where(and(eq(preparationAiJob.id, id), eq(preparationAiJob.status, "running")));
  }

  private async fail(id: number, error: string): Promise<void> {
    await this.db.update(preparationAiJob).set({ status: "failed", error, result: null, finished_at: this.opts.now() }).where(eq(preparationAiJob.id, id));
  }

  /** The bound catalogue nodes' keywords (a node without keywords contributes its name) and the lesson length. */
  private async context(prep: PreparationRow): Promise<{ keywords: string[]; lessonMinutes?: number }> {
    const ids = [
      ...new Set(
        [prep.book_catalog_id, ...(Array.isArray(prep.catalog_code_ids) ? prep.catalog_code_ids : [])].map(Number).filter((n) => Number.isInteger(n) && n > 0),
      ),
    ];
    const codes = prep.catalog_code
      .split(/[,，;；\s]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    const conds = [ids.length ? inArray(textbookCatalog.id, ids) : undefined, codes.length ? inArray(textbookCatalog.code, codes) : undefined].filter(
      (x) => x !== undefined,
    );
    const nodes = conds.length
      ? await this.db
          .select({ name: textbookCatalog.name, keywords: textbookCatalog.keywords, book_id: textbookCatalog.book_id })
          .from(textbookCatalog)
          .where(or(...conds))
      : [];
    const keywords: string[] = [];
    for (const n of nodes) {
      const ks = Array.isArray(n.keywords) ? n.keywords.filter((k): k is string => typeof k === "string" && k.trim() !== "") : [];
      if (ks.length) keywords.push(...ks);
      else {
        const name = n.name.replace(/^[\d.．\s第一二三四五六七八九十章节课单元]+/, "").trim();
        if (name) keywords.push(name);
      }
    }
    const bookId = prep.book_id || nodes[0]?.book_id || 0;
    const [book] = bookId
      ? await this.db.select({ period: textbookBook.period_name, grade: textbookBook.grade_name }).from(textbookBook).where(eq(textbookBook.id, bookId))
      : [];
    return { keywords: [...new Set(keywords)], lessonMinutes: lessonMinutesOf(book?.period ?? "", book?.grade ?? "", prep.grade_name) };
  }

  private async run(id: number): Promise<void> {
    const claimed = await this.db
      .update(preparationAiJob)
      .set({ status: "running", progress: 10, started_at: this.opts.now() })
      .where(and(eq(preparationAiJob.id, id), eq(preparationAiJob.status, "pending")))
      .returning();
    const job = claimed[0];
    if (!job) return;
    try {
      const [doc] = await this.db
        .select()
        .from(lessonDoc)
        .where(and(eq(lessonDoc.id, job.doc_id), isNull(lessonDoc.deleted_at)));
      const prep = await this.preps.load(job.preparation_id).catch(() => undefined);
      if (!doc || !prep) return await this.fail(id, DIAGNOSIS_ERRORS.docGone);
      const text = plainText(doc.text, doc.html);
      if (!text.replace(/\s+/g, "")) return await this.fail(id, DIAGNOSIS_ERRORS.empty);
      await this.progress(id, 30);
      const ctx = await this.context(prep);
      await this.progress(id, 50);
      let report = diagnose({
        text: doc.text,
        html: doc.html,
        catalogKeywords: ctx.keywords,
        lessonMinutes: ctx.lessonMinutes,
        doc: { id: doc.id, title: doc.title },
        generatedAt: formatTime(this.opts.now()),
      });
      let engine: DiagnosisEngine = "rules";
      if (this.opts.llm) {
        await this.progress(id, 70);
        report = mergeLlm(report, await enrichWithLlm(this.opts.llm, report, text, this.opts.llmOptions));
        engine = report.engine;
      }
      await this.db
        .update(preparationAiJob)
        .set({ status: "done", progress: 100, engine, result: report, error: "", finished_at: this.opts.now() })
        .where(eq(preparationAiJob.id, id));
    } catch (err) {
      if (this.stopped) return;
      this.opts.log?.warn({ err, job: id }, "diagnosis failed");
      await this.fail(id, DIAGNOSIS_ERRORS.internal).catch(() => undefined);
    }
  }
}

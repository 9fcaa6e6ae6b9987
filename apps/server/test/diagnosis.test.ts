/**
 * AI diagnosis of lesson plans over the real wire (issue #8; docs/api/diagnosis.md): c252 preparationDiagnosisAi and
 * c253 getAiResult with the rules engine (no LLM configured). The model enrichment is diagnosis-llm.test.ts.
 */
import { CALLS, type DiagnosisJob, type DiagnosisResultAnswer } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommunityAccess } from "../src/modules/community/community-access.js";
import { DIAGNOSIS_ERRORS, DiagnosisService } from "../src/modules/preparation/diagnosis.service.js";
import { PreparationAccess } from "../src/modules/preparation/preparation-access.js";
import { preparation, preparationAiJob } from "../src/modules/preparation/preparation.schema.js";
import { type Kit, insertCommunity, startKit } from "./activity-kit.js";
import { insertCatalog, insertDoc } from "./diagnosis-db.js";
import { PYTHAGORAS_KEYWORDS, PYTHAGORAS_SECTIONS, planDoc, pollJob, without } from "./diagnosis-fixture.js";
import { insertPreparation } from "./prepare-kit.js";

const START = CALLS.preparationDiagnosisAi;
const RESULT = CALLS.getAiResult;

let k: Kit;
let prepId: number;
let mainDoc: number;
let cutDoc: number;
let emptyPrep: number;
let emptyDoc: number;
const full = planDoc(PYTHAGORAS_SECTIONS);
const cut = planDoc(without(PYTHAGORAS_SECTIONS, "教学目标", "教学重难点"));

beforeAll(async () => {
  k = await startKit();
  const communityId = await insertCommunity(k.db, { name: "八年级数学教研组", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!, k.id.wanglaoshi!] });
  const cat = await insertCatalog(k.db, "main", PYTHAGORAS_KEYWORDS);
  // 仅参与人: wanglaoshi (a member of the community, not of the preparation) sees nothing.
  prepId = await insertPreparation(k.db, {
    theme: "勾股定理集体备课",
    author: k.id.zhanglaoshi!,
    members: [k.id.lilaoshi!],
    community_id: communityId,
    open_model: 3,
    book_id: cat.bookId,
    book_catalog_id: cat.nodeId,
  });
  await insertDoc(k.db, { preparation_id: prepId, title: "旧稿", ...cut, by: k.id.zhanglaoshi! });
  mainDoc = await insertDoc(k.db, { preparation_id: prepId, title: "勾股定理教案", ...full, main: 1, by: k.id.zhanglaoshi! });
  cutDoc = await insertDoc(k.db, { preparation_id: prepId, title: "缺目标的教案", ...cut, by: k.id.lilaoshi! });
  emptyPrep = await insertPreparation(k.db, { theme: "空教案备课", author: k.id.lilaoshi!, community_id: communityId });
  emptyDoc = await insertDoc(k.db, { preparation_id: emptyPrep, title: "空白教案", html: "<p></p>", text: "  \n ", main: 1, by: k.id.lilaoshi! });
});
afterAll(async () => {
  await k?.s.close();
});

const poll = (jobId: number, user = "zhanglaoshi") => pollJob(() => k.ok<DiagnosisJob>(RESULT, { job_id: jobId }, user));

describe("c252 preparationDiagnosisAi + c253 getAiResult", () => {
  let jobId: number;

  it("diagnoses the main plan: start, poll until done, a scored report", async () => {
    const started = await k.ok<DiagnosisJob>(START, { preparation_id: prepId }, "zhanglaoshi");
    expect(started.doc_id).toBe(mainDoc);
    expect(started.doc_title).toBe("勾股定理教案");
    expect(["pending", "running", "done"]).toContain(started.status);
    expect(started.reused).toBe(false);
    jobId = started.job_id;
    const job = await poll(jobId);
    expect(job.status).toBe("done");
    expect(job.status_name).toBe("已完成");
    expect(job.progress).toBe(100);
    expect(job.engine).toBe("rules");
    expect(job.error).toBe("");
    expect(job.finished_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const r = job.result!;
    expect(r.engine).toBe("rules");
    expect(r.dimensions.map((d) => d.dimension)).toEqual(["structure", "objectives", "time", "questions", "keywords"]);
    expect(r.structure.missing_required).toEqual([]);
    // The bound catalogue node's keywords are checked; the book (初中) makes the lesson 45 minutes.
    expect(r.keywords.catalog).toEqual(PYTHAGORAS_KEYWORDS);
    expect(r.keywords.missing).toEqual([]);
    expect(r.time.expected_minutes).toBe(45);
    expect(r.time.total_minutes).toBe(45);
    expect(r.score).toBeGreaterThanOrEqual(85);
    expect(r.grade).toBe("优秀");
    expect(r.doc).toMatchObject({ id: mainDoc, title: "勾股定理教案" });
    // Stored: the row holds the same report.
    const [row] = await k.db.select().from(preparationAiJob).where(eq(preparationAiJob.id, jobId));
    expect(row!.status).toBe("done");
    expect((row!.result as { score: number }).score).toBe(r.score);
  });

  it("a plan without 教学目标 and 教学重难点 scores lower and the report names them", async () => {
    const started = await k.ok<DiagnosisJob>(START, { preparation_id: prepId, doc_id: cutDoc }, "lilaoshi");
    expect(started.doc_id).toBe(cutDoc);
    const job = await poll(started.job_id, "lilaoshi");
    expect(job.status).toBe("done");
    const main = (await k.ok<DiagnosisJob>(RESULT, { job_id: jobId }, "lilaoshi")).result!;
    expect(job.result!.score).toBeLessThan(main.score);
    expect(job.result!.structure.missing_required).toEqual(["教学目标", "教学重难点"]);
    expect(job.result!.suggestions[0]!.level).toBe("error");
    expect(job.result!.suggestions.map((s) => s.message).join("")).toContain("教学目标");
  });

  it("c253 by preparation answers the latest job (of one plan with doc_id); null when never diagnosed", async () => {
    const latest = await k.ok<DiagnosisResultAnswer>(RESULT, { preparation_id: prepId }, "zhanglaoshi");
    expect(latest!.doc_id).toBe(cutDoc);
    const ofMain = await k.ok<DiagnosisResultAnswer>(RESULT, { preparation_id: prepId, doc_id: mainDoc }, "zhanglaoshi");
    expect(ofMain!.job_id).toBe(jobId);
    const never = await insertPreparation(k.db, { theme: "未诊断", author: k.id.zhanglaoshi! });
    expect(await k.ok<DiagnosisResultAnswer>(RESULT, { preparation_id: never }, "zhanglaoshi")).toBeNull();
  });

  it("an empty plan fails with the Chinese error and no result", async () => {
    const started = await k.ok<DiagnosisJob>(START, { preparation_id: emptyPrep }, "lilaoshi");
    expect(started.doc_id).toBe(emptyDoc);
    const job = await poll(started.job_id, "lilaoshi");
    expect(job.status).toBe("failed");
    expect(job.status_name).toBe("诊断失败");
    expect(job.error).toBe("教案内容为空，无法诊断");
    expect(job.result).toBeNull();
    const [row] = await k.db.select().from(preparationAiJob).where(eq(preparationAiJob.id, started.job_id));
    expect(row!.result).toBeNull();
    expect(row!.error).toBe("教案内容为空，无法诊断");
  });

  it("refuses non-members, anonymous callers and bad ids", async () => {
    // wanglaoshi is no participant of the 仅参与人 preparation: neither start nor read.
    await k.refused(START, { preparation_id: prepId }, "wanglaoshi", 403);
    await k.refused(RESULT, { job_id: jobId }, "wanglaoshi", 403, "无权查看该集体备课");
    await k.refused(RESULT, { preparation_id: prepId }, "wanglaoshi", 403);
    // zhaolaoshi (another school) may not start a diagnosis even where the preparation is visible to him (公开).
    await k.db.update(preparation).set({ open_model: 1 }).where(eq(preparation.id, emptyPrep));
    await k.refused(START, { preparation_id: emptyPrep }, "zhaolaoshi", 403, "只有备课参与人或管理员可以发起诊断");
    expect((await k.ok<DiagnosisResultAnswer>(RESULT, { preparation_id: emptyPrep }, "zhaolaoshi"))!.status).toBe("failed");
    // Anonymous.
    expect((await k.s.call(START, { preparation_id: prepId })).code).toBe(1025);
    expect((await k.s.call(RESULT, { job_id: jobId })).code).toBe(1025);
    // Bad input: 400 with a Chinese message.
    await k.refused(START, {}, "zhanglaoshi", 400, /集体备课/);
    await k.refused(START, { preparation_id: "abc" }, "zhanglaoshi", 400, /集体备课|整数|数字/);
    await k.refused(START, { preparation_id: prepId, doc_id: -3 }, "zhanglaoshi", 400, /教案|大于 0/);
    await k.refused(RESULT, {}, "zhanglaoshi", 400, /请提供诊断任务编号或集体备课编号/);
    await k.refused(RESULT, { job_id: "x" }, "zhanglaoshi", 400);
    // Unknown ids: 404.
    await k.refused(START, { preparation_id: 999999 }, "zhanglaoshi", 404, "集体备课不存在或已删除");
    await k.refused(START, { preparation_id: prepId, doc_id: emptyDoc }, "zhanglaoshi", 404, "教案不存在或已删除");
    await k.refused(START, { preparation_id: prepId, doc_id: 999999 }, "zhanglaoshi", 404, "教案不存在或已删除");
    await k.refused(RESULT, { job_id: 999999 }, "zhanglaoshi", 404, "诊断任务不存在");
    await k.refused(RESULT, { job_id: jobId, preparation_id: emptyPrep }, "lilaoshi", 404, "诊断任务不存在");
    const noDoc = await insertPreparation(k.db, { theme: "无教案", author: k.id.zhanglaoshi! });
    await k.refused(START, { preparation_id: noDoc }, "zhanglaoshi", 404, "该集体备课还没有教案，请先创建教案");
  });

  it("after a restart, a job left running fails with the Chinese error and a pending one is run", async () => {
    const [running] = await k.db
      .insert(preparationAiJob)
      .values({ preparation_id: prepId, doc_id: mainDoc, account_id: k.id.zhanglaoshi!, status: "running", progress: 50, started_at: new Date() })
      .returning();
    const [pending] = await k.db
      .insert(preparationAiJob)
      .values({ preparation_id: prepId, doc_id: cutDoc, account_id: k.id.zhanglaoshi!, status: "pending" })
      .returning();
    // A second service on the same database stands for the restarted process.
    const restarted = new DiagnosisService(k.db, new PreparationAccess(k.db, new CommunityAccess(k.db)), { now: () => new Date() });
    await restarted.recover();
    await restarted.idle();
    const a = await k.ok<DiagnosisJob>(RESULT, { job_id: running!.id }, "zhanglaoshi");
    expect(a.status).toBe("failed");
    expect(a.error).toBe(DIAGNOSIS_ERRORS.restarted);
    expect(a.error).toBe("服务重启，诊断中断，请重新发起");
    expect(a.result).toBeNull();
    const b = await k.ok<DiagnosisJob>(RESULT, { job_id: pending!.id }, "zhanglaoshi");
    expect(b.status).toBe("done");
    expect(b.result!.structure.missing_required).toEqual(["教学目标", "教学重难点"]);
    await restarted.stop();
  });
});

/**
 * The model enrichment of the diagnosis over the real wire (docs/decisions/0833): a loopback OpenAI-compatible server
 * (diagnosis-llm-server.ts) checks the path, the bearer token and the model and answers fixture JSON; a 500 or a
 * nonsense answer leaves the rules' report with a note. Duplicate starts answer the job already queued or running.
 */
import type { DiagnosisJob, SessionInfo } from "@yanke/protocol";
import { CALLS } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { account } from "../src/modules/account/account.schema.js";
import { insertCommunity } from "./activity-kit.js";
import { insertCatalog, insertDoc } from "./diagnosis-db.js";
import { PYTHAGORAS_KEYWORDS, PYTHAGORAS_SECTIONS, planDoc, pollJob, without } from "./diagnosis-fixture.js";
import { type LlmServer, startLlmServer } from "./diagnosis-llm-server.js";
import { type TestServer, startTestServer } from "./harness.js";
import { insertPreparation } from "./prepare-kit.js";

const START = CALLS.preparationDiagnosisAi;
const RESULT = CALLS.getAiResult;

let llm: LlmServer;
let s: TestServer;
let token: string;
let prepId: number;
let docA: number;
let docB: number;

const ok = async <T>(path: string, payload: Record<string, unknown>): Promise<T> => {
  const r = await s.call<T>(path, payload, token);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
};
const poll = (id: number) => pollJob(() => ok<DiagnosisJob>(RESULT, { job_id: id }));

beforeAll(async () => {
  llm = await startLlmServer();
  s = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: "sk-test-diagnosis", LLM_MODEL: "qwen-test-model" });
  const who: SessionInfo = await s.login("zhanglaoshi", DEMO_TEACHER_PASSWORD);
  token = who.token;
  const db = s.database.db;
  const [me] = await db.select({ id: account.id }).from(account).where(eq(account.username, "zhanglaoshi"));
  const communityId = await insertCommunity(db, { name: "数学组", owner: me!.id });
  const cat = await insertCatalog(db, "llm", PYTHAGORAS_KEYWORDS);
  prepId = await insertPreparation(db, { theme: "勾股定理", author: me!.id, community_id: communityId, book_catalog_id: cat.nodeId });
  docA = await insertDoc(db, { preparation_id: prepId, title: "完整教案", ...planDoc(PYTHAGORAS_SECTIONS), main: 1, by: me!.id });
  docB = await insertDoc(db, { preparation_id: prepId, title: "缺目标", ...planDoc(without(PYTHAGORAS_SECTIONS, "教学目标")), by: me!.id });
});
afterAll(async () => {
  await s?.close();
  await llm?.close();
});

describe("diagnosis with an OpenAI-compatible model", () => {
  it("posts to {baseUrl}/chat/completions with the bearer token and model, and merges the model's suggestions", async () => {
    llm.mode = "ok";
    const started = await ok<DiagnosisJob>(START, { preparation_id: prepId });
    expect(started.engine).toBe("rules+llm");
    const job = await poll(started.job_id);
    expect(job.status).toBe("done");
    expect(job.engine).toBe("rules+llm");
    const req = llm.requests.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.authorization).toBe("Bearer sk-test-diagnosis");
    expect(req.body.model).toBe("qwen-test-model");
    const user = req.body.messages!.find((m) => m.role === "user")!.content;
    expect(user).toContain("勾股定理");
    expect(user).toContain("规则诊断结果");
    const r = job.result!;
    expect(r.engine).toBe("rules+llm");
    const fromModel = r.suggestions.filter((x) => x.source === "llm");
    // The empty message is dropped; an unknown dimension/level falls back; a quote the plan lacks is no evidence.
    expect(fromModel.map((x) => x.message)).toHaveLength(3);
    expect(fromModel.find((x) => x.dimension === "questions")!.evidence).toBe("小组用四个全等的直角三角形拼图");
    expect(fromModel.find((x) => x.dimension === "objectives")!.evidence).toBe("");
    expect(fromModel.find((x) => x.message.includes("梯子"))).toMatchObject({ dimension: "structure", level: "info" });
    expect(r.suggestions.filter((x) => x.source === "rules").length).toBeGreaterThan(0);
    expect(r.notes.join("")).not.toContain("AI 模型");
  });

  it("a model answering 500 leaves the rules' report, engine rules, and a note", async () => {
    llm.mode = "fail";
    const before = llm.requests.length;
    const started = await ok<DiagnosisJob>(START, { preparation_id: prepId, doc_id: docB });
    const job = await poll(started.job_id);
    expect(llm.requests.length).toBe(before + 1);
    expect(job.status).toBe("done");
    expect(job.engine).toBe("rules");
    expect(job.result!.engine).toBe("rules");
    expect(job.result!.suggestions.every((x) => x.source === "rules")).toBe(true);
    expect(job.result!.structure.missing_required).toEqual(["教学目标"]);
    expect(job.result!.notes.join("")).toContain("HTTP 500");
  });

  it("a model answering prose instead of JSON is noted, not used", async () => {
    llm.mode = "nonsense";
    const job = await poll((await ok<DiagnosisJob>(START, { preparation_id: prepId })).job_id);
    expect(job.status).toBe("done");
    expect(job.engine).toBe("rules");
    expect(job.result!.suggestions.every((x) => x.source === "rules")).toBe(true);
    expect(job.result!.notes.join("")).toContain("不是有效的 JSON");
  });

  it("parallel starts of a plan answer one job (the running one, or the one queued behind it)", async () => {
    llm.mode = "hold";
    const before = llm.requests.length;
    const first = await ok<DiagnosisJob>(START, { preparation_id: prepId, doc_id: docA });
    // Wait (bounded) until the job is running and its model call is held.
    for (let i = 0; i < 400 && llm.requests.length === before; i++) await new Promise((r) => setTimeout(r, 25));
    expect(llm.requests.length).toBe(before + 1);
    const again = await Promise.all(Array.from({ length: 5 }, () => ok<DiagnosisJob>(START, { preparation_id: prepId, doc_id: docA })));
    expect(new Set(again.map((j) => j.job_id))).toEqual(new Set([first.job_id]));
    expect(again.every((j) => j.reused && j.status === "running")).toBe(true);
    // Another plan queues behind it: five parallel starts, one new pending job.
    const other = await Promise.all(Array.from({ length: 5 }, () => ok<DiagnosisJob>(START, { preparation_id: prepId, doc_id: docB })));
    expect(new Set(other.map((j) => j.job_id)).size).toBe(1);
    expect(other.filter((j) => !j.reused)).toHaveLength(1);
    expect(other.every((j) => j.status === "pending")).toBe(true);
    expect(other[0]!.job_id).not.toBe(first.job_id);
    llm.mode = "ok";
    llm.release();
    expect((await poll(first.job_id)).status).toBe("done");
    const second = await poll(other[0]!.job_id);
    expect(second.status).toBe("done");
    expect(second.engine).toBe("rules+llm");
    // Once done, a new start makes a new job.
    const fresh = await ok<DiagnosisJob>(START, { preparation_id: prepId, doc_id: docA });
    expect(fresh.job_id).not.toBe(first.job_id);
    expect(fresh.reused).toBe(false);
    await poll(fresh.job_id);
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  CALLS,
  type ChunkStatusAnswer,
  Code,
  type Envelope,
  FILE_GET_PREFIX,
  type FileRecord,
  type MergeAnswer,
  type SessionInfo,
  type SliceAnswer,
  type SpaceFigures,
  UPLOAD,
  chunkCount,
  postCall,
} from "@yanke/protocol";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { account } from "../src/modules/account/account.schema.js";
import { storedFile, uploadSession } from "../src/modules/file/file.schema.js";
import { TEST_ADMIN_PASSWORD, TEST_APP_KEY, TMP_DIR } from "./constants.js";
import { clonePostgres } from "./harness.js";

/**
 * Crash safety of the chunk protocol (#5, docs/decisions/0506): the real server runs as a child process and is
 * killed with SIGKILL — (a) while chunks are in flight, (b) in the middle of a merge — then restarted on the same
 * DATA_DIR and database. The client resumes from action=status, merges (waiting out the 1 s merge lease when it
 * must), and the downloaded bytes hash to the original: nothing lost; one file row, one stored object and one quota
 * charge per upload: nothing duplicated.
 *
 * The database is the child's own: PGlite under DATA_DIR, or, when the run has DATABASE_URL, a fresh PostgreSQL
 * database cloned from the run's template and dropped afterwards.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MiB = 1024 * 1024;
const CHUNK = UPLOAD.chunkSize;
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rejects after `ms` with `label`, so no wait of this test is unbounded. */
async function bounded<T>(p: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${label}`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

// ── the child server ─────────────────────────────────────────────────────────────────────────────────────────────

interface Child {
  proc: ChildProcess;
  base: string;
  out: () => string;
  exited: Promise<number | string | null>;
}

const children = new Set<Child>();
let dataDir = "";
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

async function startChild(): Promise<Child> {
  // node --import tsx (not the tsx launcher): the pid is the server itself, so SIGKILL kills the server, not a wrapper.
  const proc = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: "0",
      RTMP_PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_KEY: TEST_APP_KEY,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      UPLOAD_MERGE_LEASE_SECONDS: "1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string | null>((r) => proc.on("exit", (code, signal) => r(signal ?? code)));
  const child: Child = { proc, base: "", out: () => out, exited };
  children.add(child);
  void exited.then(() => children.delete(child));
  // A start compiles the server with tsx and opens (or creates) its database: on a loaded machine that takes minutes.
  const end = Date.now() + 240_000;
  for (;;) {
    const m = /研课 Yanke 已启动：http:\/\/localhost:(\d+)/.exec(out);
    if (m) {
      child.base = `http://127.0.0.1:${m[1]}`;
      return child;
    }
    if (proc.exitCode !== null || proc.signalCode !== null || Date.now() > end) {
      proc.kill("SIGKILL");
      throw new Error(`the server did not start:\n${out}`);
    }
    await sleep(50);
  }
}

async function crash(c: Child): Promise<void> {
  c.proc.kill("SIGKILL");
  expect(await bounded(c.exited, 10_000, "SIGKILL exit")).toBe("SIGKILL");
}

// ── the wire ─────────────────────────────────────────────────────────────────────────────────────────────────────

let token = "";
let accountId = 0;

async function login(c: Child): Promise<void> {
  const r = await postCall<SessionInfo>(CALLS.login, { username: "admin", password: TEST_ADMIN_PASSWORD }, { baseUrl: c.base, appKey: TEST_APP_KEY });
  if (r.code !== 200) throw new Error(`login: ${r.code} ${r.msg}`);
  token = r.data.token;
  accountId = r.data.account_id;
}

const call = <T>(c: Child, p: string, payload: Record<string, unknown>) => postCall<T>(p, payload, { baseUrl: c.base, appKey: TEST_APP_KEY, token });

interface Upload {
  name: string;
  uuid: string;
  data: Buffer;
  sha256: string;
}

function makeUpload(label: string, bytes: number): Upload {
  const data = randomBytes(bytes);
  return { name: `崩溃测试-${label}-${randomBytes(4).toString("hex")}.bin`, uuid: `crash${label}${randomBytes(8).toString("hex")}`, data, sha256: sha(data) };
}

const fieldsOf = (u: Upload) => ({ uuid: u.uuid, size: u.data.length, chunkLength: chunkCount(u.data.length), real_file_name: u.name, type: "all" });

async function sections<T>(c: Child, fields: Record<string, string | number>, chunk?: Buffer, ms = 20_000): Promise<Envelope<T>> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  if (chunk) fd.append("file", new Blob([chunk]), "blob");
  const res = await fetch(`${c.base}${CALLS.fileSections}`, { method: "POST", body: fd, headers: { TOKEN: token }, signal: AbortSignal.timeout(ms) });
  return (await res.json()) as Envelope<T>;
}

const chunkOf = (u: Upload, i: number) => u.data.subarray(i * CHUNK, Math.min(u.data.length, (i + 1) * CHUNK));

async function slice(c: Child, u: Upload, i: number): Promise<void> {
  const r = await sections<SliceAnswer>(c, { ...fieldsOf(u), action: "slice", chunk: i, filename: `${u.name}-${i}` }, chunkOf(u, i));
  if (r.code !== 200) throw new Error(`slice ${i}: ${r.code} ${r.msg}`);
}

/**
 * Sends `indexes` with `parallel` requests in flight; `onAck` runs after each acknowledged chunk. Stops at the first
 * failure (the server was killed) and answers which chunks were acknowledged.
 */
async function sendChunks(
  c: Child,
  u: Upload,
  indexes: number[],
  parallel: number,
  onAck?: (acked: number[]) => void,
): Promise<{ acked: number[]; failed: unknown[] }> {
  const queue = [...indexes];
  const acked: number[] = [];
  const failed: unknown[] = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (queue.length > 0 && failed.length === 0) {
        const i = queue.shift()!;
        try {
          await slice(c, u, i);
        } catch (e) {
          failed.push(e);
          return;
        }
        acked.push(i);
        onAck?.(acked);
      }
    }),
  );
  return { acked, failed };
}

const status = (c: Child, u: Upload) => sections<ChunkStatusAnswer>(c, { ...fieldsOf(u), action: "status" });
const merge = (c: Child, u: Upload) => sections<MergeAnswer>(c, { ...fieldsOf(u), action: "merge" }, undefined, 60_000);

/** Merges, waiting out a crashed merge's lease (409) for at most 20 s. */
async function mergeAfterCrash(c: Child, u: Upload): Promise<Envelope<MergeAnswer>> {
  const end = Date.now() + 20_000;
  for (;;) {
    const r = await merge(c, u);
    if (r.code !== Code.CONFLICT || Date.now() > end) return r;
    await sleep(250);
  }
}

async function download(c: Child, id: number): Promise<Buffer> {
  const res = await fetch(`${c.base}${FILE_GET_PREFIX}/${id}`, { headers: { TOKEN: token }, signal: AbortSignal.timeout(20_000) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function usedBytes(c: Child): Promise<number> {
  const r = await call<SpaceFigures>(c, CALLS.accountSurplusSpace, { id: accountId });
  expect(r.code, r.msg).toBe(200);
  return r.data.used_bytes;
}

/** Files of the object store under `files/` (merged objects), temp files of interrupted writes apart. */
function storedObjects(): { whole: { rel: string; size: number }[]; temp: string[] } {
  const root = path.join(dataDir, "files", "files");
  let names: string[] = [];
  try {
    names = readdirSync(root, { recursive: true }) as string[];
  } catch {
    return { whole: [], temp: [] };
  }
  const whole: { rel: string; size: number }[] = [];
  const temp: string[] = [];
  for (const rel of names) {
    const s = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!s?.isFile()) continue;
    if (rel.includes(".tmp-")) temp.push(rel);
    else whole.push({ rel, size: s.size });
  }
  return { whole, temp };
}

/**
 * The upload's row as the crash left it, read while no server runs: from PostgreSQL directly, or from a copy of the
 * PGlite directory (so the restarted server, not this test, recovers the original).
 */
async function sessionAfterCrash(uuid: string): Promise<{ status: string; lease_until: Date | null } | undefined> {
  const scratch = databaseUrl ? "" : mkdtempSync(path.join(TMP_DIR, "crash-peek-"));
  if (scratch) cpSync(path.join(dataDir, "pglite"), scratch, { recursive: true });
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: scratch });
  try {
    const [row] = await database.db.select().from(uploadSession).where(eq(uploadSession.uuid, uuid));
    return row && { status: row.status, lease_until: row.lease_until };
  } finally {
    await database.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

// ── setup: a data directory and a database of the child's own ──────────────────────────────────────────────────

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(TMP_DIR, "crash-"));
  const tpl = inject("dbTemplate");
  if (tpl.kind !== "postgres") return; // PGlite under DATA_DIR, created by the child on first start
  const clone = await clonePostgres(tpl, "crash_");
  databaseUrl = clone.databaseUrl;
  dropDatabase = clone.drop;
});

afterAll(async () => {
  for (const c of children) {
    c.proc.kill("SIGKILL");
    await bounded(c.exited, 10_000, "child exit").catch(() => undefined);
  }
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// ── the crashes ──────────────────────────────────────────────────────────────────────────────────────────────────

/** f() run once, when first asked for; every caller gets its one promise (its answer, or its failure). */
function once<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= f());
}

describe("chunked uploads survive SIGKILL of the server", () => {
  let server: Child;
  let usedBefore = 0;
  const a = makeUpload("A", 30 * MiB + 12_345);
  const b = makeUpload("B", 80 * MiB + 777);

  // The real server, logged in over the wire, and the quota used before this file's uploads.
  beforeAll(async () => {
    server = await startChild();
    await login(server);
    usedBefore = await usedBytes(server);
  }, 300_000);

  /** The server, started again (same DATA_DIR and database, same session) when a test stopped it. */
  async function running(): Promise<Child> {
    if (server.proc.exitCode !== null || server.proc.signalCode !== null) server = await startChild();
    return server;
  }

  /**
   * The crash scenarios are fixtures run once, by the first test that needs them, so each test runs alone (-t) or in
   * any order: (a) and (b) check their own crash; the last test checks the accounts of both.
   */
  const crashedA = once(async (): Promise<MergeAnswer> => {
    const n = chunkCount(a.data.length);
    const victim = await running();
    const first = await bounded(
      sendChunks(victim, a, [...Array(n).keys()], 4, (acked) => {
        if (acked.length === 3) victim.proc.kill("SIGKILL");
      }),
      30_000,
      "chunks before the kill",
    );
    expect(first.acked.length).toBeGreaterThanOrEqual(3);
    // The worker that saw the third acknowledgement went on with a chunk the dead server never took.
    expect(first.failed.length).toBeGreaterThanOrEqual(1);
    expect(await bounded(victim.exited, 10_000, "SIGKILL exit")).toBe("SIGKILL");

    server = await startChild();
    // The session lives in the database: the client goes on with its token.
    const st = await status(server, a);
    expect(st.code, st.msg).toBe(200);
    expect(st.data.merged).toBeNull();
    // Every acknowledged chunk is held (nothing lost); whatever else is listed must be whole (checked by the hash).
    expect(st.data.chunks).toEqual(expect.arrayContaining(first.acked));
    expect(st.data.chunks.every((i) => i >= 0 && i < n)).toBe(true);
    const missing = [...Array(n).keys()].filter((i) => !st.data.chunks.includes(i));
    const rest = await bounded(sendChunks(server, a, missing, 4), 30_000, "missing chunks");
    expect(rest.failed).toEqual([]);

    const r = await merge(server, a);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.size).toBe(a.data.length);
    expect(r.data.sha256).toBe(a.sha256);
    return r.data;
  });

  const crashedB = once(async (): Promise<MergeAnswer> => {
    const n = chunkCount(b.data.length);
    const victim = await running();
    const sent = await bounded(sendChunks(victim, b, [...Array(n).keys()], 4), 30_000, "all chunks of B");
    expect(sent.failed).toEqual([]);

    // Start the merge and kill the server as soon as the merged object's temp file appears (mid-stream), or when
    // the merge answers first on a fast machine — either way the restarted server must end with one file.
    let answered = false;
    const pending = merge(victim, b).then(
      (r) => {
        answered = true;
        return r;
      },
      (e: unknown) => {
        answered = true;
        return e;
      },
    );
    const tempsBefore = new Set(storedObjects().temp);
    const until = Date.now() + 20_000;
    while (!answered && storedObjects().temp.every((t) => tempsBefore.has(t)) && Date.now() < until) await sleep(1);
    const midMerge = !answered;
    await crash(victim);
    await bounded(pending, 10_000, "the interrupted merge request");
    // Killed mid-stream, the upload is left "merging" under a lease nobody renews; the next merge must take it over.
    const left = await sessionAfterCrash(b.uuid);
    if (midMerge) {
      expect(left?.status).toBe("merging");
      expect(left?.lease_until).not.toBeNull();
    } else {
      expect(left?.status).toBe("done");
    }

    server = await startChild();
    const r = await mergeAfterCrash(server, b);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.size).toBe(b.data.length);
    expect(r.data.sha256).toBe(b.sha256);
    return r.data;
  });

  // Bounds: a scenario is two server starts (up to 240 s each) and bounded uploads.
  it("(a) killed while chunks are in flight: resumes from status with only the missing chunks", { timeout: 600_000 }, async () => {
    const merged = await crashedA();
    expect(sha(await download(await running(), merged.id))).toBe(a.sha256);
  });

  it("(b) killed during the merge: a later merge takes over the lease and stores the file once", { timeout: 600_000 }, async () => {
    const merged = await crashedB();
    const live = await running();
    expect(sha(await download(live, merged.id))).toBe(b.sha256);

    // Idempotent: merging again, or asking for the status, answers the same file.
    const again = await merge(live, b);
    expect(again.code, again.msg).toBe(200);
    expect(again.data.id).toBe(merged.id);
    const st = await status(live, b);
    expect(st.data.merged?.id).toBe(merged.id);
    const list = await call<{ list: FileRecord[]; total: number }>(live, CALLS.fileList, { keyword: b.name.slice(-12) });
    expect(list.code, list.msg).toBe(200);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]!.id).toBe(merged.id);
  });

  it("charges each upload exactly once and keeps one row and one object per upload", { timeout: 1_200_000 }, async () => {
    // One after the other: each kills the server.
    const merged = { a: await crashedA(), b: await crashedB() };
    const live = await running();
    expect(await usedBytes(live)).toBe(usedBefore + a.data.length + b.data.length);
    const list = await call<{ list: FileRecord[]; total: number }>(live, CALLS.fileList, { keyword: "崩溃测试", limit: 100 });
    expect(list.data.list.map((f) => f.id).sort()).toEqual([merged.a.id, merged.b.id].sort());

    // Stop the server cleanly and read its database and its store directly.
    live.proc.kill("SIGTERM");
    expect(await bounded(live.exited, 15_000, "SIGTERM exit")).toBe(0);
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, "pglite") });
    try {
      const rows = await database.db
        .select()
        .from(storedFile)
        .where(inArray(storedFile.real_file_name, [a.name, b.name]));
      expect(rows.map((f) => [f.real_file_name, f.size, f.sha256]).sort()).toEqual(
        [
          [a.name, a.data.length, a.sha256],
          [b.name, b.data.length, b.sha256],
        ].sort(),
      );
      const sessions = await database.db
        .select()
        .from(uploadSession)
        .where(inArray(uploadSession.uuid, [a.uuid, b.uuid]));
      expect(sessions.map((s) => [s.status, s.file_id]).sort()).toEqual(
        [
          ["done", merged.a.id],
          ["done", merged.b.id],
        ].sort(),
      );
      const [me] = await database.db.select().from(account).where(eq(account.id, accountId));
      expect(me!.used_bytes).toBe(usedBefore + a.data.length + b.data.length);
    } finally {
      await database.close();
    }
    const objects = storedObjects().whole;
    expect(objects.map((o) => o.size).sort((x, y) => x - y)).toEqual([a.data.length, b.data.length]);
    // The chunks went with the merges.
    const uploads = path.join(dataDir, "files", "uploads", String(accountId));
    let leftover: string[] = [];
    try {
      leftover = readdirSync(uploads);
    } catch {
      leftover = [];
    }
    expect(leftover.filter((d) => d === a.uuid || d === b.uuid)).toEqual([]);
  });
});

import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { type Envelope, type SessionInfo, postCall } from "@yanke/protocol";
import pg from "pg";
import { afterAll, inject, onTestFinished } from "vitest";
import { type Config, loadConfig } from "../src/config.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { type RunningServer, startServer } from "../src/server.js";
import { DEMO_CACHE_DIR, TEST_ADMIN_PASSWORD, TEST_APP_KEY, TMP_DIR } from "./constants.js";

// The demo media the run's global set-up made (decision 1300): servers of this process copy them from there.
process.env.YANKE_DEMO_CACHE ??= DEMO_CACHE_DIR;

/**
 * What a test file started, stopped when the file ends even if a test timed out or failed (a timed-out test's body
 * never reaches its own close): the servers of startTestServer() and the processes of spawnTracked().
 */
const servers = new Set<TestServer>();
const children = new Set<ChildProcess>();

/** Kills a tracked child's whole process group (tsx and the node it starts; ffmpeg under a server). */
function killGroup(child: ChildProcess): void {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

afterAll(async () => {
  for (const c of [...children]) killGroup(c);
  for (const s of [...servers]) await s.close().catch(() => undefined);
});
// A worker that exits without its hooks (cancelled run) still takes its children with it.
process.once("exit", () => {
  for (const c of [...children]) killGroup(c);
});

/**
 * spawn() in a process group of its own, killed (the whole group) when the test that started it finishes — passed,
 * failed or timed out — or, when started outside a test, when the file ends.
 */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  children.add(child);
  child.once("exit", () => children.delete(child));
  try {
    onTestFinished(() => killGroup(child));
  } catch {
    // Not inside a test (beforeAll): the file's end kills it.
  }
  return child;
}

export interface TestServer extends RunningServer {
  config: Config;
  /** One call through the real encrypted wire. */
  call<T = unknown>(path: string, payload?: Record<string, unknown>, token?: string): Promise<Envelope<T>>;
  /** Logs in and returns the session (throws when the answer is not 200). */
  login(username?: string, password?: string): Promise<SessionInfo>;
}

declare module "vitest" {
  export interface ProvidedContext {
    dbTemplate: { kind: "pglite"; file: string } | { kind: "postgres"; url: string; name: string };
  }
}

let seq = 0;

/**
 * A PostgreSQL database cloned from the run's migrated template (CREATE DATABASE … TEMPLATE), and how to drop it.
 * Only for the PostgreSQL run (DATABASE_URL); `tag` shows in its name.
 */
export async function clonePostgres(tpl: { url: string; name: string }, tag = ""): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const name = `yanke_t_${tpl.name.replace("yanke_tpl_", "")}_${tag}${process.pid}_${++seq}_${Date.now() % 100000}`;
  const admin = new pg.Client({ connectionString: tpl.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl.name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(tpl.url);
  u.pathname = `/${name}`;
  return {
    databaseUrl: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: tpl.url });
      await c.connect();
      try {
        // Closed pools' backends take a moment to exit; forcing them out would hit clients still saying goodbye.
        for (let i = 0; ; i++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (e) {
            if (i >= 50) {
              await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              return;
            }
            if (!(e instanceof Error && /being accessed by other users/.test(e.message))) throw e;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

/** A fresh database cloned from the run's migrated template. */
async function cloneTemplate(): Promise<{ database: Database; databaseUrl?: string; drop(): Promise<void> }> {
  const tpl = inject("dbTemplate");
  if (tpl.kind === "pglite") {
    const blob = new Blob([readFileSync(tpl.file)]);
    return { database: await openDatabase({ loadDataDir: blob }), drop: async () => undefined };
  }
  const clone = await clonePostgres(tpl);
  return { database: await openDatabase({ databaseUrl: clone.databaseUrl }), databaseUrl: clone.databaseUrl, drop: clone.drop };
}

/**
 * Starts the whole server on an ephemeral loopback port over a clone of the template.
 * Redis is used when REDIS_URL is set, under a prefix of its own.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(TMP_DIR, "data-"));
  const clone = await cloneTemplate();
  const config = loadConfig({
    PORT: "0",
    RTMP_PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_KEY: TEST_APP_KEY,
    LOG_LEVEL: "silent",
    // Tests create the community rows they count (a test may pass SEED_DEMO_CONTENT: "1").
    SEED_DEMO_CONTENT: "0",
    ...(clone.databaseUrl ? { DATABASE_URL: clone.databaseUrl } : {}),
    // A private copy of the built web app (local runs while someone else rebuilds apps/web/dist).
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `yanke-test:${process.pid}:${++seq}:${Date.now()}:` } : {}),
    ...env,
  });
  const server = await startServer(config, { database: clone.database });
  const call = <T = unknown>(p: string, payload: Record<string, unknown> = {}, token?: string) =>
    postCall<T>(p, payload, { baseUrl: server.url, appKey: config.appKey, token });
  let closing: Promise<void> | undefined;
  const started: TestServer = {
    ...server,
    config,
    call,
    login: async (username = "admin", password = TEST_ADMIN_PASSWORD) => {
      const r = await call<SessionInfo>("/middle/login", { username, password });
      if (r.code !== 200) throw new Error(`login ${username} failed: ${r.code} ${r.msg}`);
      return r.data;
    },
    // Once, however many times it is called (the test's own afterAll, then the file's).
    close: () =>
      (closing ??= (async () => {
        servers.delete(started);
        await server.close();
        await clone.drop();
        rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
  servers.add(started);
  return started;
}

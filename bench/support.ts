/**
 * What the benches share: the real server on an ephemeral port (on DATABASE_URL's PostgreSQL, else an embedded
 * database), a sign-in over the wire, calls that must answer 200, a bare Fastify route as a baseline, and p50/p99.
 */
import { CALLS, type SessionInfo, postCall } from "@yanke/protocol";
import { type Config, loadConfig } from "@yanke/server/src/config.ts";
import { openDatabase } from "@yanke/server/src/db/client.ts";
import { type RunningServer, startServer } from "@yanke/server/src/server.ts";
import Fastify from "fastify";

/** The first administrator's password on every bench server. */
export const BENCH_ADMIN_PASSWORD = "Bench12345";

export interface BenchSession {
  token: string;
  /** A call as this session that must answer 200: its data, or it throws "<path>: <code> <msg>". */
  call<T = unknown>(path: string, payload?: Record<string, unknown>): Promise<T>;
}

export interface BenchServer {
  server: RunningServer;
  config: Config;
  /** baseUrl and appKey, for postCall. */
  wire: { baseUrl: string; appKey: string };
  /** Signs in over the wire (the administrator unless told); throws when refused. */
  login(username?: string, password?: string): Promise<BenchSession>;
}

/** Starts the real server for a bench: port 0, silent log, admin password Bench12345, DATA_DIR `dataDir`; `env` adds settings. */
export async function startBenchServer(dataDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const config = loadConfig({
    PORT: "0",
    RTMP_PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    DATA_DIR: dataDir,
    ...env,
  });
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const server = await startServer(config, { database });
  const wire = { baseUrl: server.url, appKey: config.appKey };
  return {
    server,
    config,
    wire,
    async login(username = "admin", password = BENCH_ADMIN_PASSWORD) {
      const r = await postCall<SessionInfo>(CALLS.login, { username, password }, wire);
      if (r.code !== 200) throw new Error(`login ${username}: ${r.code} ${r.msg}`);
      const token = r.data.token;
      return {
        token,
        async call<T = unknown>(path: string, payload: Record<string, unknown> = {}): Promise<T> {
          const a = await postCall<T>(path, payload, { ...wire, token });
          if (a.code !== 200) throw new Error(`${path}: ${a.code} ${a.msg}`);
          return a.data;
        },
      };
    },
  };
}

/** The baseline of a bench: `answer` behind a bare Fastify POST route (no envelope, no session, no checks) on an ephemeral port. */
export async function bareRoute(answer: () => Promise<unknown>): Promise<{ url: string; close(): Promise<void> }> {
  const bare = Fastify();
  bare.post("/bare", answer);
  await bare.listen({ port: 0, host: "127.0.0.1" });
  const addr = bare.server.address();
  return { url: `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}/bare`, close: () => bare.close() };
}

/** The p-th percentile of xs (0 when empty). */
export function pct(xs: ArrayLike<number>, p: number): number {
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/**
 * Times fn() `rounds` times after `warmup` untimed calls and prints p50/p99 in ms under `label`. An answer with a
 * code other than 200 ({code, msg, …}) stops the bench.
 */
export async function measure(label: string, rounds: number, fn: () => Promise<unknown>, warmup = 5): Promise<{ p50: number; p99: number }> {
  const check = (r: unknown) => {
    if (r && typeof r === "object" && "code" in r && r.code !== 200) throw new Error(`${label}: ${String(r.code)} ${"msg" in r ? String(r.msg) : ""}`);
  };
  for (let i = 0; i < warmup; i++) check(await fn());
  const xs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const s = performance.now();
    const r = await fn();
    xs.push(performance.now() - s);
    check(r);
  }
  const p50 = pct(xs, 50);
  const p99 = pct(xs, 99);
  console.log(`${label.padEnd(40)} p50 ${p50.toFixed(2).padStart(8)} ms   p99 ${p99.toFixed(2).padStart(8)} ms`);
  return { p50, p99 };
}

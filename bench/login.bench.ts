/**
 * Request throughput on the real wire: an authenticated envelope call (c003 menu tree) and a login (argon2id),
 * each against GET /healthz measured in the same run on the same server. Prints figures only.
 */
import { CALLS, type SessionInfo, postCall } from "@yanke/protocol";
import { loadConfig } from "@yanke/server/src/config.ts";
import { openDatabase } from "@yanke/server/src/db/client.ts";
import { startServer } from "@yanke/server/src/server.ts";

const config = loadConfig({ PORT: "0", RTMP_PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", ADMIN_PASSWORD: "Bench12345", DATA_DIR: "/tmp/yanke-bench", LOGIN_MAX_FAILURES: "1000000" });
const server = await startServer(config, { database: await openDatabase({ databaseUrl: process.env.DATABASE_URL }) });
const opts = { baseUrl: server.url, appKey: config.appKey };

async function rate(label: string, seconds: number, concurrency: number, fn: () => Promise<unknown>): Promise<number> {
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await fn();
        done++;
      }
    }),
  );
  const r = done / seconds;
  console.log(`${label.padEnd(34)} ${r.toFixed(0).padStart(7)} req/s`);
  return r;
}

try {
  const login = await postCall<SessionInfo>(CALLS.login, { username: "admin", password: "Bench12345" }, opts);
  const token = login.data.token;
  const health = await rate("GET /healthz (baseline)", 3, 8, () => fetch(`${server.url}/healthz`).then((r) => r.text()));
  const menu = await rate("c003 menu tree (envelope+auth)", 3, 8, () => postCall(CALLS.menuTree, {}, { ...opts, token }));
  const logins = await rate("c001 login (argon2id)", 3, 4, () => postCall(CALLS.login, { username: "admin", password: "Bench12345" }, opts));
  console.log(`ratio menu/baseline ${(menu / health).toFixed(2)}, login/baseline ${(logins / health).toFixed(3)} (database: ${server.database.kind})`);
} finally {
  await server.close();
}

/**
 * Request throughput on the real wire: an authenticated envelope call (c003 menu tree) and a login (argon2id),
 * each against GET /healthz measured in the same run on the same server. Prints figures only.
 */
import { CALLS, postCall } from "@yanke/protocol";
import { BENCH_ADMIN_PASSWORD, startBenchServer } from "./support.ts";

const bench = await startBenchServer("/tmp/yanke-bench", { LOGIN_MAX_FAILURES: "1000000" });
const { server, wire: opts } = bench;

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
  const { token } = await bench.login();
  const health = await rate("GET /healthz (baseline)", 3, 8, () => fetch(`${server.url}/healthz`).then((r) => r.text()));
  const menu = await rate("c003 menu tree (envelope+auth)", 3, 8, () => postCall(CALLS.menuTree, {}, { ...opts, token }));
  const logins = await rate("c001 login (argon2id)", 3, 4, () => postCall(CALLS.login, { username: "admin", password: BENCH_ADMIN_PASSWORD }, opts));
  console.log(`ratio menu/baseline ${(menu / health).toFixed(2)}, login/baseline ${(logins / health).toFixed(3)} (database: ${server.database.kind})`);
} finally {
  await server.close();
}

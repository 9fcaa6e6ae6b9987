/**
 * Listing 100k students filtered by school and name through the full wire (envelope, TOKEN, rule check, scope,
 * zod, service) against the same SQL behind a bare Fastify route, measured in the same run on the same database.
 * Prints p50/p99 and the ratio; no thresholds.
 */
import { CALLS, type SessionInfo, postCall } from "@yanke/protocol";
import { loadConfig } from "@yanke/server/src/config.ts";
import { openDatabase } from "@yanke/server/src/db/client.ts";
import { school, student } from "@yanke/server/src/modules/org/org.schema.ts";
import { startServer } from "@yanke/server/src/server.ts";
import { and, asc, eq, ilike, sql } from "drizzle-orm";
import Fastify from "fastify";

const N = Number(process.env.BENCH_STUDENTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const config = loadConfig({ PORT: "0", RTMP_PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", ADMIN_PASSWORD: "Bench12345", DATA_DIR: "/tmp/yanke-bench" });
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const server = await startServer(config, { database });
const db = server.database.db;

const t0 = performance.now();
await db.execute(sql`
  WITH k AS (SELECT id, school_id, (row_number() OVER (ORDER BY id) - 1)::int AS i, (count(*) OVER ())::int AS n FROM school_class)
  INSERT INTO student (school_id, class_id, name, student_no, gender)
  SELECT k.school_id, k.id,
         (ARRAY['王','李','张','刘','陈','杨','黄','赵'])[1 + g % 8] || (ARRAY['伟','芳','娜','敏','静','磊','强','洋','艳'])[1 + (g / 8) % 9] || (g % 97)::text,
         'B' || g, 1 + g % 2
  FROM generate_series(1, ${N}) AS g JOIN k ON k.i = g % k.n`);
await db.execute(sql`ANALYZE student`);
console.log(`inserted ${N} students in ${((performance.now() - t0) / 1000).toFixed(1)} s (database: ${server.database.kind})`);

const [first] = await db.select({ id: school.id }).from(school).orderBy(asc(school.id)).limit(1);
const schoolId = first?.id ?? 0;

// Baseline: the same page query and count, no envelope, no session, no checks.
const bare = Fastify();
bare.post("/bare", async () => {
  const where = and(eq(student.school_id, schoolId), ilike(student.name, "%王伟%"));
  const [rows, [count]] = await Promise.all([
    db.select().from(student).where(where).orderBy(asc(student.school_id), asc(student.name), asc(student.id)).limit(10),
    db.select({ n: sql<number>`count(*)::int` }).from(student).where(where),
  ]);
  return { code: 200, msg: "", data: { list: rows, total: count?.n ?? 0, page: 1, limit: 10 } };
});
await bare.listen({ port: 0, host: "127.0.0.1" });
const bareAddr = bare.server.address();
const bareUrl = `http://127.0.0.1:${typeof bareAddr === "object" && bareAddr ? bareAddr.port : 0}/bare`;

const login = await postCall<SessionInfo>(CALLS.login, { username: "admin", password: "Bench12345" }, { baseUrl: server.url, appKey: config.appKey });
const token = login.data.token;

async function measure(label: string, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 10; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const s = performance.now();
    await fn();
    xs.push(performance.now() - s);
  }
  xs.sort((a, b) => a - b);
  const p50 = xs[Math.floor(xs.length * 0.5)]!;
  const p99 = xs[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;
  console.log(`${label.padEnd(36)} p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${p99.toFixed(2).padStart(7)} ms`);
  return { p50, p99 };
}

try {
  const base = await measure("bare Fastify + same SQL (baseline)", () => fetch(bareUrl, { method: "POST" }).then((r) => r.json()));
  const wire = await measure("/middle/student/list (full wire)", () =>
    postCall(CALLS.studentList, { school_id: schoolId, name: "王伟" }, { baseUrl: server.url, appKey: config.appKey, token }),
  );
  console.log(`ratio full wire / baseline: p50 ${(wire.p50 / base.p50).toFixed(2)}×, p99 ${(wire.p99 / base.p99).toFixed(2)}×`);
} finally {
  await bare.close();
  await server.close();
}

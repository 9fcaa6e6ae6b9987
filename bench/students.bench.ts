/**
 * Listing 100k students filtered by school and name through the full wire (envelope, TOKEN, rule check, scope,
 * zod, service) against the same SQL behind a bare Fastify route, measured in the same run on the same database.
 * Prints p50/p99 and the ratio; no thresholds.
 */
import { CALLS, postCall } from "@yanke/protocol";
import { school, student } from "@yanke/server/src/modules/org/org.schema.ts";
import { and, asc, eq, ilike, sql } from "drizzle-orm";
import { bareRoute, measure, startBenchServer } from "./support.ts";

const N = Number(process.env.BENCH_STUDENTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const bench = await startBenchServer("/tmp/yanke-bench");
const { server } = bench;
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
const bare = await bareRoute(async () => {
  const where = and(eq(student.school_id, schoolId), ilike(student.name, "%王伟%"));
  const [rows, [count]] = await Promise.all([
    db.select().from(student).where(where).orderBy(asc(student.school_id), asc(student.name), asc(student.id)).limit(10),
    db.select({ n: sql<number>`count(*)::int` }).from(student).where(where),
  ]);
  return { code: 200, msg: "", data: { list: rows, total: count?.n ?? 0, page: 1, limit: 10 } };
});

const { token } = await bench.login();

try {
  const base = await measure("bare Fastify + same SQL (baseline)", ROUNDS, () => fetch(bare.url, { method: "POST" }).then((r) => r.json()), 10);
  const wire = await measure(
    "/middle/student/list (full wire)",
    ROUNDS,
    () => postCall(CALLS.studentList, { school_id: schoolId, name: "王伟" }, { ...bench.wire, token }),
    10,
  );
  console.log(`ratio full wire / baseline: p50 ${(wire.p50 / base.p50).toFixed(2)}×, p99 ${(wire.p99 / base.p99).toFixed(2)}×`);
} finally {
  await bare.close();
  await server.close();
}

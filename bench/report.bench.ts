/**
 * Statistical reports (issue #12 bench): p50/p99 of /middle/report/query through the full wire (envelope, zod, scope,
 * one grouped SQL per measure) over a volume a district gathers in two years — VIDEOS recordings, as many analyses,
 * RECORDS listen-evaluate records with three submitted evaluations each, ACTIVITIES activities with three members each,
 * spread over the schools of the demo organization and 730 days — for the platform administrator: schools × all six
 * measures over a year, time by month × all measures, schools × months, subjects × week; then the xlsx and PDF exports
 * of schools × measures. No thresholds.
 *
 *   npx tsx bench/report.bench.ts          (BENCH_ROUNDS, BENCH_VIDEOS; DATABASE_URL for PostgreSQL)
 */
import { CALLS } from "@yanke/protocol";
import { DEMO_ADMIN_PASSWORD } from "@yanke/server/src/db/bootstrap.ts";
import { sql } from "drizzle-orm";
import { measure, startBenchServer } from "./support.ts";

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 50_000);
const RECORDS = Math.round(VIDEOS / 2);
const ACTIVITIES = Math.round(VIDEOS / 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);

const bench = await startBenchServer("/tmp/yanke-bench-report", { SEED_DEMO_CONTENT: "0" });
const db = bench.server.database.db;

const t0 = performance.now();
// Rows of every school, on its own periods and subjects, at a day of the last 730 (Shanghai noon ± hours).
const place = sql`
  s AS (SELECT array_agg(sb.id ORDER BY sb.id) AS subjects, array_agg(p.id ORDER BY sb.id) AS periods, array_agg(p.school_id ORDER BY sb.id) AS schools
        FROM subject sb JOIN period p ON p.id = sb.period_id),
  a AS (SELECT min(id) AS first, count(*) AS n FROM account)`;
const pick = (g: string) => sql.raw(`1 + (${g} * 7919) % greatest(array_length(s.subjects, 1), 1)`);
await db.execute(sql`
  WITH ${place}
  INSERT INTO video (name, account_id, school_id, period_id, subject_id, source, file_id, status, created_at)
  SELECT '录制课 ' || g, a.first + g % a.n, s.schools[${pick("g")}], s.periods[${pick("g")}], s.subjects[${pick("g")}], 'recording', 0, 'ready',
         now() - (g % 730) * interval '1 day' - (g % 10) * interval '1 hour'
  FROM generate_series(1, ${VIDEOS}) g, s, a`);
await db.execute(sql`
  INSERT INTO analysis_course (video_id, name, account_id, creator_id, school_id, period_id, subject_id, source, status, finished_at, created_at)
  SELECT id, name, account_id, account_id, school_id, period_id, subject_id, 'recording', CASE WHEN id % 5 = 0 THEN 3 ELSE 2 END, created_at + interval '1 hour', created_at
  FROM video WHERE name LIKE '录制课 %'`);
await db.execute(sql`
  WITH ${place}
  INSERT INTO listen_evaluate (name, account_id, teacher_account_id, school_id, period_id, subject_id, start_time, end_time)
  SELECT '听评课 ' || g, a.first + g % a.n, a.first + g % a.n, s.schools[${pick("g")}], s.periods[${pick("g")}], s.subjects[${pick("g")}],
         now() - (g % 730) * interval '1 day', now() - (g % 730) * interval '1 day' + interval '45 minutes'
  FROM generate_series(1, ${RECORDS}) g, s, a`);
await db.execute(sql`
  WITH a AS (SELECT min(id) AS first, count(*) AS n FROM account)
  INSERT INTO listen_evaluation (record_id, account_id, total_score, status)
  SELECT r.id, a.first + (r.id * 3 + k) % a.n, 60 + (r.id * 13 + k * 7) % 40, 1
  FROM listen_evaluate r, a, generate_series(0, 2) k WHERE r.name LIKE '听评课 %'
  ON CONFLICT DO NOTHING`);
await db.execute(sql`
  WITH ${place}
  INSERT INTO activity (type, name, account_id, school_id, period_id, subject_id, start_time, end_time)
  SELECT (ARRAY['research','preparation','listen','after_class'])[1 + g % 4], '活动 ' || g, a.first + g % a.n,
         s.schools[${pick("g")}], s.periods[${pick("g")}], s.subjects[${pick("g")}], now() - (g % 730) * interval '1 day', now() - (g % 730) * interval '1 day' + interval '2 hours'
  FROM generate_series(1, ${ACTIVITIES}) g, s, a`);
await db.execute(sql`
  WITH a AS (SELECT min(id) AS first, count(*) AS n FROM account)
  INSERT INTO activity_member (activity_id, account_id)
  SELECT x.id, a.first + (x.id * 5 + k * 11) % a.n FROM activity x, a, generate_series(1, 3) k WHERE x.name LIKE '活动 %'
  ON CONFLICT DO NOTHING`);
await db.execute(sql`ANALYZE`);
console.log(
  `seeded ${VIDEOS} recordings and analyses, ${RECORDS} listen records (×3 evaluations), ${ACTIVITIES} activities (×3 members) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const admin = await bench.login("pingtai", DEMO_ADMIN_PASSWORD);
const fmt = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const year = { date_from: fmt(new Date(Date.now() - 364 * 86400_000)), date_to: fmt(new Date()) };
const all = ["recorded", "analysed", "evaluated", "activity", "active_teachers", "score"];
const q =
  (dimensions: string[], measures: string[], granularity = "month") =>
  () =>
    admin.call(CALLS.reportQuery, { dimensions, measures, filters: { ...year, granularity }, limit: 1000 });

await measure("query school × 6 measures (1 year)", ROUNDS, q(["school"], all));
await measure("query time(month) × 6 measures", ROUNDS, q(["time"], all));
await measure("query school × time(month), 3 measures", ROUNDS, q(["school", "time"], ["recorded", "evaluated", "score"]));
await measure("query subject × time(week), recorded", ROUNDS, q(["subject", "time"], ["recorded"], "week"));
await measure("query time(day) × active_teachers", ROUNDS, q(["time"], ["active_teachers"], "day"));
const exp = { title: "基准报表", dimensions: ["school"], measures: all, filters: year };
await measure("exportXlsx school × 6 measures", Math.max(5, Math.round(ROUNDS / 5)), () => admin.call(CALLS.reportExportXlsx, exp), 2);
try {
  await measure("exportPdf school × 6 measures", Math.max(5, Math.round(ROUNDS / 5)), () => admin.call(CALLS.reportExportPdf, exp), 2);
} catch (e) {
  console.log(`exportPdf: ${(e as Error).message}`);
}
await bench.server.close();

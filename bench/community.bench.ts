/**
 * The community home and the rankings on a big community edition (issue #7 bench): 2,000 communities, 50,000
 * memberships, 200,000 articles and comments and 200,000 log rows. Through the full wire (envelope, TOKEN, zod,
 * CommunityAccess, service): c200 webIndex (a community's home), c177 list, c206 activeCommunity, c210
 * regionRanking, c338 njy statistics; against a bare Fastify route answering a community row with its member count
 * (the least a home needs) on the same database in the same run. Prints p50/p99 and the ratio; no thresholds.
 *
 *   npx tsx bench/community.bench.ts          (BENCH_COMMUNITIES, BENCH_ROUNDS; DATABASE_URL for PostgreSQL)
 */
import { CALLS, postCall } from "@yanke/protocol";
import { sql } from "drizzle-orm";
import { bareRoute, measure, startBenchServer } from "./support.ts";

const COMMUNITIES = Number(process.env.BENCH_COMMUNITIES ?? 2_000);
const MEMBERS_EACH = 25; // 50,000 memberships
const ACCOUNTS = 5_000;
const ARTICLES = COMMUNITIES * 50; // 100,000 articles
const COMMENTS = COMMUNITIES * 50; // 100,000 comments
const LOGS = COMMUNITIES * 100; // 200,000 log rows
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const bench = await startBenchServer("/tmp/yanke-bench-community", { SEED_DEMO_CONTENT: "0" });
const { server } = bench;
const db = server.database.db;

const t0 = performance.now();
await db.execute(sql`
  INSERT INTO account (username, realname, password_hash, identity, school_id)
  SELECT 'bench_' || g, '教师' || g, 'not-a-login', 2, (SELECT min(id) FROM school) FROM generate_series(1, ${ACCOUNTS}) g`);
await db.execute(sql`
  WITH a AS (SELECT min(id) AS first FROM account WHERE username LIKE 'bench\\_%'),
       r AS (SELECT array_agg(id ORDER BY id) AS ids FROM region WHERE level = 3)
  INSERT INTO community (name, introduction, type, level, status, is_display, area_id, region_id, account_id, created_at)
  SELECT '教研社区 ' || g, '基准测试社区 ' || g, 1 + g % 4, 1 + g % 4, 1, 1,
         COALESCE(r.ids[1 + g % greatest(array_length(r.ids, 1), 1)], 0), 0, a.first + (g % ${ACCOUNTS}), now() - (g % 120) * interval '1 day'
  FROM generate_series(1, ${COMMUNITIES}) g, a, r`);
await db.execute(sql`
  WITH c AS (SELECT id, account_id, row_number() OVER (ORDER BY id) AS i FROM community),
       a AS (SELECT min(id) AS first FROM account WHERE username LIKE 'bench\\_%')
  INSERT INTO community_member (community_id, account_id, role, status, joined_at)
  SELECT c.id, CASE WHEN m = 0 THEN c.account_id ELSE a.first + ((c.account_id - a.first + m * 197) % ${ACCOUNTS}) END,
         CASE WHEN m = 0 THEN 1 WHEN m < 3 THEN 2 ELSE 3 END, 1, now()
  FROM c, a, generate_series(0, ${MEMBERS_EACH - 1}) m
  ON CONFLICT DO NOTHING`);
await db.execute(sql`
  WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM community)
  INSERT INTO community_article (community_id, account_id, title, content, summary, created_at)
  SELECT c.ids[1 + g % ${COMMUNITIES}], (SELECT min(id) FROM account WHERE username LIKE 'bench\\_%') + g % ${ACCOUNTS},
         '文章 ' || g, '<p>正文 ' || g || '</p>', '正文 ' || g, now() - (g % 120) * interval '1 day'
  FROM generate_series(1, ${ARTICLES}) g, c`);
await db.execute(sql`
  WITH a AS (SELECT array_agg(id ORDER BY id) AS ids FROM community_article)
  INSERT INTO article_comment (article_id, account_id, content)
  SELECT a.ids[1 + g % ${ARTICLES}], (SELECT min(id) FROM account WHERE username LIKE 'bench\\_%') + g % ${ACCOUNTS}, '评论 ' || g
  FROM generate_series(1, ${COMMENTS}) g, a`);
await db.execute(sql`
  WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM community)
  INSERT INTO community_log (community_id, account_id, action, content, created_at)
  SELECT c.ids[1 + (g * 7) % ${COMMUNITIES}], (SELECT min(id) FROM account WHERE username LIKE 'bench\\_%') + g % ${ACCOUNTS},
         'article.save', '发布了文章', now() - (g % 60) * interval '1 day'
  FROM generate_series(1, ${LOGS}) g, c`);
for (const t of ["account", "community", "community_member", "community_article", "article_comment", "community_log"])
  await db.execute(sql.raw(`ANALYZE ${t}`));
console.log(
  `inserted ${COMMUNITIES} communities, ${COMMUNITIES * MEMBERS_EACH} memberships, ${ARTICLES + COMMENTS} articles and comments, ${LOGS} log rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (database: ${server.database.kind})`,
);

type Rows<T> = { rows: T[] };
const middle = (await db.execute(sql`SELECT id FROM community ORDER BY id LIMIT 1 OFFSET ${Math.floor(COMMUNITIES / 2)}`)) as unknown as Rows<{ id: number }>;
const target = Number(middle.rows[0]?.id ?? 0);

// Baseline: the community row and its member count, no envelope, no session, no checks.
const bare = await bareRoute(async () => {
  const r = (await db.execute(
    sql`SELECT c.*, (SELECT count(*)::int FROM community_member m WHERE m.community_id = c.id AND m.status = 1) AS member_num FROM community c WHERE c.id = ${target}`,
  )) as unknown as Rows<Record<string, unknown>>;
  return { code: 200, msg: "", data: r.rows[0] };
});

const { token } = await bench.login();

const wire = (path: string, payload: Record<string, unknown>) => () => postCall(path, payload, { ...bench.wire, token });

try {
  const base = await measure("bare Fastify: community + members", ROUNDS, () => fetch(bare.url, { method: "POST" }).then((r) => r.json()));
  const rows: [string, { p50: number; p99: number }][] = [];
  rows.push([
    "c200 webIndex (community home)",
    await measure("c200 webIndex (community home)", ROUNDS, wire(CALLS.communityWebIndex, { community_id: target })),
  ]);
  rows.push(["c177 list (first page)", await measure("c177 list (first page)", ROUNDS, wire(CALLS.communityList, { page: 1, limit: 10 }))]);
  rows.push(["c206 activeCommunity (30 days)", await measure("c206 activeCommunity (30 days)", ROUNDS, wire(CALLS.activeCommunity, { days: 30, limit: 10 }))]);
  rows.push(["c210 regionRanking (30 days)", await measure("c210 regionRanking (30 days)", ROUNDS, wire(CALLS.regionRanking, { days: 30, limit: 10 }))]);
  rows.push(["c338 njy_index statistics", await measure("c338 njy_index statistics", ROUNDS, wire(CALLS.njyStatistics, {}))]);
  for (const [label, m] of rows) console.log(`ratio ${label} / baseline: p50 ${(m.p50 / base.p50).toFixed(1)}×, p99 ${(m.p99 / base.p99).toFixed(1)}×`);
} finally {
  await bare.close();
  await server.close();
}

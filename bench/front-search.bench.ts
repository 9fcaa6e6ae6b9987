/**
 * The front site's resource search on 100,000 published courses (issue #11 bench; docs/decisions/1100): through the
 * full wire (envelope, zod, service) c076 /web/myResource with no filter, a subject filter, a full-text query and
 * filter + query, p50/p99; then the same queries straight through the service, the jieba tsvector + GIN search
 * against the baseline ILIKE '%q%' on name || introduction, with the ratio. Also prints the plan and what pg_trgm
 * makes of Chinese in PGlite. Prints figures; no thresholds.
 *
 *   npx tsx bench/front-search.bench.ts          (BENCH_COURSES, BENCH_ROUNDS; DATABASE_URL for PostgreSQL)
 */
import { CALLS, type Page, type WebResourceRow, postCall } from "@yanke/protocol";
import { loadConfig } from "@yanke/server/src/config.ts";
import { openDatabase } from "@yanke/server/src/db/client.ts";
import { courseResource } from "@yanke/server/src/modules/resource/resource.schema.ts";
import { ResourceService } from "@yanke/server/src/modules/resource/resource.service.ts";
import { segment } from "@yanke/server/src/modules/resource/search.ts";
import { startServer } from "@yanke/server/src/server.ts";
import { sql } from "drizzle-orm";

const COURSES = Number(process.env.BENCH_COURSES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const BATCH = 1_000;

const config = loadConfig({
  PORT: "0",
  RTMP_PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "silent",
  ADMIN_PASSWORD: "Bench12345",
  DATA_DIR: "/tmp/yanke-bench-front-search",
  SEED_DEMO_CONTENT: "0",
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const server = await startServer(config, { database });
const db = server.database.db;
type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown): T[] => (r as Rows<T>).rows ?? (r as T[]);

// Generated Chinese course names and introductions from word lists (deterministic).
const TOPICS = [
  "勾股定理",
  "一元二次方程",
  "光的折射",
  "浮力",
  "背影",
  "古诗词鉴赏",
  "函数的单调性",
  "细胞的结构",
  "化学反应速率",
  "三角形全等",
  "欧姆定律",
  "二次函数",
  "议论文写作",
  "文言文阅读",
  "牛顿第一定律",
  "电磁感应",
  "平行四边形",
  "概率初步",
  "分数的意义",
  "圆的面积",
  "丝绸之路",
  "工业革命",
  "地球的运动",
  "气候类型",
  "酸碱中和",
  "光合作用",
  "遗传与变异",
  "英语听说",
  "阅读理解",
  "完形填空",
];
const FORMS = ["探究", "复习", "新授", "实验", "拓展", "专题", "单元整体教学", "说课", "习题讲评", "项目式学习"];
const PHRASES = [
  "通过小组合作",
  "借助信息技术",
  "联系生活实际",
  "经历观察猜想验证",
  "以问题链驱动",
  "在真实情境中",
  "结合典型例题",
  "运用思维导图",
  "基于核心素养",
  "开展跨学科实践",
];
const GOALS = ["理解核心概念", "掌握基本方法", "提升推理能力", "发展语言运用", "培养科学思维", "形成解决问题的策略", "体会数学思想", "感受文化内涵"];
let seed = 42;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};
const pick = <T>(a: readonly T[]) => a[rnd(a.length)]!;

const scopes = rowsOf<{ school_id: number; period_id: number; subject_id: number; grade_id: number; area_code: string }>(
  await db.execute(sql`
    select s.id as school_id, p.id as period_id, sub.id as subject_id, g.id as grade_id, s.area_code
    from school s join period p on p.school_id = s.id join subject sub on sub.period_id = p.id join grade g on g.period_id = p.id`),
);
const [author] = rowsOf<{ id: number }>(await db.execute(sql`select min(id) as id from account`));

const t0 = performance.now();
let segMs = 0;
for (let done = 0; done < COURSES; done += BATCH) {
  const values: (typeof courseResource.$inferInsert)[] = [];
  for (let i = 0; i < Math.min(BATCH, COURSES - done); i++) {
    const sc = pick(scopes);
    const topic = pick(TOPICS);
    const name = `${topic}${pick(FORMS)}（${1 + rnd(12)}）`;
    const intro = `${pick(PHRASES)}，${pick(GOALS)}：本课围绕${topic}展开，${pick(PHRASES)}，${pick(GOALS)}。`;
    const s0 = performance.now();
    const search = segment(name, intro);
    segMs += performance.now() - s0;
    values.push({
      name,
      pid: 0,
      level: 1,
      subject_id: sc.subject_id,
      grade_id: sc.grade_id,
      period_id: sc.period_id,
      school_id: sc.school_id,
      account_id: author!.id,
      region_code: sc.area_code,
      course_type: 1 + rnd(4),
      color: "#2e86de",
      course_introduce: intro,
      status: 1,
      view_count: rnd(500),
      search_text: search,
      created_at: new Date(Date.now() - rnd(365 * 86_400) * 1000),
    });
  }
  await db.insert(courseResource).values(values);
}
await db.execute(sql`update course_resource set top_id = id where top_id = 0`);
await db.execute(sql`analyze course_resource`);
console.log(
  `inserted ${COURSES} published courses in ${((performance.now() - t0) / 1000).toFixed(1)} s (jieba cut_for_search ${(segMs / 1000).toFixed(1)} s; database: ${server.database.kind})`,
);

const subjectId = scopes.find((s) => s.period_id === scopes[0]!.period_id)!.subject_id;
const WORDS = ["勾股定理", "折射", "单调性", "光合作用", "探究", "文言文", "欧姆定律", "工业革命"];
const scenarios: [string, (i: number) => Record<string, unknown>][] = [
  ["no filter", () => ({})],
  ["subject filter", () => ({ subject_id: subjectId })],
  ["full-text query", (i) => ({ name: WORDS[i % WORDS.length] })],
  ["filter + query", (i) => ({ subject_id: subjectId, course_type: 1 + (i % 4), name: WORDS[i % WORDS.length] })],
];

function stats(ms: number[]): { p50: number; p99: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}
const f = (n: number) => n.toFixed(1).padStart(7);

console.log(`\nc076 /web/myResource through the full wire (${ROUNDS} calls each, page 1 of 20):`);
for (const [label, payload] of scenarios) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < ROUNDS + 3; i++) {
    const t = performance.now();
    const r = await postCall<Page<WebResourceRow>>(CALLS.webResourceList, { limit: 20, ...payload(i) }, { baseUrl: server.url, appKey: config.appKey });
    if (r.code !== 200) throw new Error(`${label}: ${r.code} ${r.msg}`);
    if (i >= 3) times.push(performance.now() - t);
    total = r.data.total;
  }
  const st = stats(times);
  console.log(`  ${label.padEnd(16)} p50 ${f(st.p50)} ms   p99 ${f(st.p99)} ms   (last total ${total})`);
}

const service = new ResourceService({ db, org: server.services.org, files: server.services.files, videos: server.services.media.videos });
console.log(`\nsearch in the service: jieba tsvector + GIN vs ILIKE '%q%' on name || introduction (${ROUNDS} each):`);
for (const [label, payload] of scenarios.slice(2)) {
  const run = async (mode: "fts" | "ilike") => {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < ROUNDS + 3; i++) {
      const t = performance.now();
      const page = await service.webList({ page: 1, limit: 20, ...payload(i) } as Parameters<ResourceService["webList"]>[0], mode);
      if (i >= 3) times.push(performance.now() - t);
      total += page.total;
    }
    return { ...stats(times), total };
  };
  const fts = await run("fts");
  const ilike = await run("ilike");
  console.log(
    `  ${label.padEnd(16)} tsvector p50 ${f(fts.p50)} p99 ${f(fts.p99)} ms | ILIKE p50 ${f(ilike.p50)} p99 ${f(ilike.p99)} ms | ILIKE/tsvector p50 ×${(ilike.p50 / fts.p50).toFixed(1)} p99 ×${(ilike.p99 / fts.p99).toFixed(1)} | rows found ${fts.total} vs ${ilike.total}`,
  );
}

const explain = async (label: string, query: ReturnType<typeof sql>) => {
  const plan = rowsOf<Record<string, string>>(await db.execute(sql`explain analyze ${query}`));
  console.log(`\nplan, ${label}:\n  ${plan.map((r) => Object.values(r)[0]).join("\n  ")}`);
};
await explain(
  "a full-text page (as the service runs it)",
  sql`select id, count(*) over () from course_resource where status = 1 and level = 1 and to_tsvector('simple', search_text) @@ to_tsquery('simple', ${"'勾股定理':*"}) order by id + 0 desc limit 20`,
);
await explain("the unfiltered page", sql`select id from course_resource where status = 1 and level = 1 order by id desc limit 20`);

// pg_trgm on Chinese in PGlite (the extension is not loaded by the app; a separate in-memory instance).
if (server.database.kind === "pglite") {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const p = await PGlite.create({ extensions: { pg_trgm } });
  await p.exec("CREATE EXTENSION pg_trgm");
  const q = async (text: string) => JSON.stringify((await p.query<Record<string, unknown>>(text)).rows[0]);
  console.log("\npg_trgm in PGlite:");
  console.log(`  ${await q("select datcollate, datctype from pg_database where datname = current_database()")}`);
  console.log(`  show_trgm('勾股定理') → ${await q("select show_trgm('勾股定理') as t")}`);
  console.log(`  similarity('探究勾股定理的证明', '勾股定理') → ${await q("select similarity('探究勾股定理的证明', '勾股定理') as s")}`);
  console.log(`  word_similarity('勾股定理', '探究勾股定理的证明') → ${await q("select word_similarity('勾股定理', '探究勾股定理的证明') as s")}`);
  await p.close();
}

await server.close();

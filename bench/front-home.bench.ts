/**
 * The front site's home (issue #11 bench):
 *   1. first-load JS of the /foreground route: the entry chunk and its static imports, plus the chunks the route
 *      loads (the FrontLayout and HomePages lazy chunks and their static imports), from Vite's manifest of
 *      apps/web/dist (build it first: npm run build -w @yanke/web), gzip-compressed; printed against the goal
 *      of 180 kB;
 *   2. p50/p99 of the home page's calls through the full wire (envelope, zod, service) against a server with the
 *      demo content (SEED_DEMO_CONTENT; the front-site demo is waited for): web_index (banners, shortcuts),
 *      /web/front/home, /web/myResource (8 latest), /web/video/rankingList, /web/website (footer), one by one and
 *      the five together as the browser sends them. No thresholds.
 *
 *   npx tsx bench/front-home.bench.ts          (BENCH_ROUNDS; DATABASE_URL for PostgreSQL)
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { CALLS, postCall } from "@yanke/protocol";
import { loadConfig } from "@yanke/server/src/config.ts";
import { openDatabase } from "@yanke/server/src/db/client.ts";
import { startServer } from "@yanke/server/src/server.ts";
import { sql } from "drizzle-orm";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const GOAL_KB = 180;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");

// ── 1. first-load JS ─────────────────────────────────────────────────────────────────────────────────────

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

function firstLoad(): void {
  const file = path.join(dist, ".vite/manifest.json");
  if (!existsSync(file)) {
    console.log(`first-load JS: no ${path.relative(process.cwd(), file)} — build the web first (npm run build -w @yanke/web)`);
    return;
  }
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error("the manifest has no entry chunk");
  const route = ["src/layout/FrontLayout.tsx", "src/front/home/HomePages.tsx"];
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const k of manifest[key]!.imports ?? []) walk(k);
  };
  walk(entry[0]);
  const fromEntry = new Set(seen);
  for (const k of route) {
    if (!manifest[k]) console.log(`  (the manifest has no ${k})`);
    walk(k);
  }
  const size = (key: string) => {
    const bytes = readFileSync(path.join(dist, manifest[key]!.file));
    return { raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
  };
  let raw = 0;
  let gz = 0;
  const rows: [string, number, number, string][] = [];
  for (const k of seen) {
    const s = size(k);
    raw += s.raw;
    gz += s.gz;
    rows.push([manifest[k]!.file, s.raw, s.gz, fromEntry.has(k) ? "entry" : "route"]);
  }
  rows.sort((a, b) => b[2] - a[2]);
  console.log("first-load JS of /foreground (entry + its imports, FrontLayout + HomePages + their imports):");
  for (const [f, r, g, why] of rows)
    console.log(`  ${f.padEnd(44)} ${(r / 1024).toFixed(1).padStart(8)} kB   gzip ${(g / 1024).toFixed(1).padStart(7)} kB   ${why}`);
  console.log(
    `  total ${rows.length} chunks: ${(raw / 1024).toFixed(1)} kB, gzip ${(gz / 1024).toFixed(1)} kB — goal ≤ ${GOAL_KB} kB gzip (${gz / 1024 <= GOAL_KB ? "within" : "over"} the goal by ${Math.abs(GOAL_KB - gz / 1024).toFixed(1)} kB)`,
  );
}

firstLoad();

// ── 2. the home's calls ──────────────────────────────────────────────────────────────────────────────────

const config = loadConfig({
  PORT: "0",
  RTMP_PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "silent",
  ADMIN_PASSWORD: "Bench12345",
  DATA_DIR: `/tmp/yanke-bench-front-${process.pid}`,
  SEED_DEMO_CONTENT: "1",
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const server = await startServer(config, { database });
const db = server.database.db;

// The front-site demo runs 2 s after the start, in the background (clips with ffmpeg): wait for its marker.
const t0 = performance.now();
for (;;) {
  const r = (await db.execute(sql`select 1 from system_setting where key = 'demo_front_site'`)) as unknown as { rows: unknown[] };
  if (r.rows.length) break;
  if (performance.now() - t0 > 180_000) {
    console.log("the front-site demo did not finish within 180 s; measuring what is there");
    break;
  }
  await new Promise((res) => setTimeout(res, 500));
}
const counts = (await db.execute(
  sql`select (select count(*)::int from course_resource where status = 1 and level = 1) as courses, (select count(*)::int from video) as videos, (select count(*)::int from analysis_course where publish_status = 1) as analyses, (select count(*)::int from notice where notice_type in (3, 4) and status = 1) as bulletins, (select count(*)::int from review_activity) as reviews`,
)) as unknown as { rows: Record<string, number>[] };
console.log(`demo content after ${((performance.now() - t0) / 1000).toFixed(1)} s (database: ${server.database.kind}):`, counts.rows[0]);

const wire = (p: string, payload: Record<string, unknown>) => postCall(p, payload, { baseUrl: server.url, appKey: config.appKey });
const calls: [string, string, Record<string, unknown>][] = [
  ["web_index (banners, shortcuts)", CALLS.websiteIndex, {}],
  ["/web/front/home", CALLS.frontHome, {}],
  ["/web/myResource (8 latest)", CALLS.webResourceList, { page: 1, limit: 8, order: "new" }],
  ["/web/video/rankingList", CALLS.webRankingList, { limit: 8 }],
  ["/web/website (footer)", CALLS.website, {}],
];
for (const [label, p, payload] of calls) {
  const r = await wire(p, payload);
  if (r.code !== 200) console.log(`  note: ${label} answers ${r.code} ${r.msg}`);
}

async function measure(label: string, fn: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 10; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  const p50 = xs[Math.floor(xs.length * 0.5)]!;
  const p99 = xs[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;
  console.log(`${label.padEnd(40)} p50 ${p50.toFixed(2).padStart(8)} ms   p99 ${p99.toFixed(2).padStart(8)} ms`);
}

console.log(`the home's calls through the full wire, anonymous, ${ROUNDS} rounds each:`);
for (const [label, p, payload] of calls) await measure(label, () => wire(p, payload));
await measure("the five together (the page's load)", () => Promise.all(calls.map(([, p, payload]) => wire(p, payload))));
await server.close();

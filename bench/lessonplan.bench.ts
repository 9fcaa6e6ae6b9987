/**
 * Co-edited lesson plans (issue #8 bench): N Node editors (HocuspocusProvider over `ws`) on one plan through the
 * real server at /ws/collab. Measures the time to connect and sync each editor, the time for one editor's edit to
 * reach all the others (sequential edits, each typed by the next editor), the server process's memory with the
 * editors connected (editors run in this process too, so it is an upper bound), the stored state's size, and
 * versionSaving / wpsFileCompare / wpsFileExport on the resulting plan. Baseline, in the same run: a bare `ws` relay
 * (no Yjs, no auth, no persistence) with as many clients, each message broadcast to the others — the least any
 * co-editing server must do. Prints p50/p99 and the ratio; no thresholds.
 *
 *   npx tsx bench/lessonplan.bench.ts       (BENCH_EDITORS default 50, BENCH_EDITS default 200; DATABASE_URL for PostgreSQL)
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { CALLS, COLLAB_WS_PATH, LESSON_PLAN_FIELD, type LessonPlanRow, lessonDocName } from "@yanke/protocol";
import { account } from "@yanke/server/src/modules/account/account.schema.ts";
import { lessonDoc } from "@yanke/server/src/modules/lessonplan/lessonplan.schema.ts";
import { preparation, preparationMember } from "@yanke/server/src/modules/preparation/preparation.schema.ts";
import { eq } from "drizzle-orm";
import WebSocket, { WebSocketServer } from "ws";
import * as Y from "yjs";
import { pct, startBenchServer } from "./support.ts";

const EDITORS = Number(process.env.BENCH_EDITORS ?? 50);
const EDITS = Number(process.env.BENCH_EDITS ?? 200);

const bench = await startBenchServer("/tmp/yanke-bench-lessonplan", { SEED_DEMO_CONTENT: "0" });
const { server } = bench;
const db = server.database.db;
const { token, call } = await bench.login("zhanglaoshi", "Teacher123");

const [me] = await db.select({ id: account.id }).from(account).where(eq(account.username, "zhanglaoshi"));
const [prep] = await db
  .insert(preparation)
  .values({ theme: "基准测试备课", account_id: me!.id, start_time: new Date(), end_time: new Date(Date.now() + 86400_000) })
  .returning({ id: preparation.id });
await db.insert(preparationMember).values({ preparation_id: prep!.id, account_id: me!.id, role: 1 });
const plan = await call<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prep!.id, title: "基准测试教案", template: true });

const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (x: number) => `${(x / 1048576).toFixed(1)} MB`;

interface Editor {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
}
global.gc?.();
const before = process.memoryUsage();
const editors: Editor[] = [];
const connectTimes: number[] = [];
for (let i = 0; i < EDITORS; i++) {
  const t = performance.now();
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({ url: `${server.url.replace(/^http/, "ws")}${COLLAB_WS_PATH}`, WebSocketPolyfill: WebSocket });
  const synced = new Promise<void>((resolve, reject) => {
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: lessonDocName(plan.id),
      document: doc,
      token,
      onSynced: () => resolve(),
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
    });
    provider.attach();
    editors.push({ doc, provider, socket });
  });
  await synced;
  connectTimes.push(performance.now() - t);
}
const connected = process.memoryUsage();
console.log(`${EDITORS} editors connected: connect+sync p50 ${ms(pct(connectTimes, 50))}, p99 ${ms(pct(connectTimes, 99))}`);
console.log(`memory (server and editors in one process): rss +${mb(connected.rss - before.rss)}, heap +${mb(connected.heapUsed - before.heapUsed)}`);

const lengthOf = (d: Y.Doc) => d.getXmlFragment(LESSON_PLAN_FIELD).length;
const latencies: number[] = [];
for (let k = 0; k < EDITS; k++) {
  const writer = editors[k % EDITORS]!;
  const want = lengthOf(writer.doc) + 1;
  const others = editors.filter((e) => e !== writer);
  const all = new Promise<void>((resolve) => {
    let left = others.filter((e) => lengthOf(e.doc) < want).length;
    if (left === 0) resolve();
    for (const e of others) {
      const on = () => {
        if (lengthOf(e.doc) >= want) {
          e.doc.off("update", on);
          if (--left === 0) resolve();
        }
      };
      if (lengthOf(e.doc) < want) e.doc.on("update", on);
    }
  });
  const t = performance.now();
  const p = new Y.XmlElement("paragraph");
  p.insert(0, [new Y.XmlText(`第 ${k + 1} 段：教师 ${k % EDITORS} 补充的教学过程，讨论勾股定理的多种证明方法。`)]);
  writer.doc.getXmlFragment(LESSON_PLAN_FIELD).push([p]);
  await all;
  latencies.push(performance.now() - t);
}
console.log(`${EDITS} edits, each seen by the other ${EDITORS - 1} editors after p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}`);

// Baseline: a bare relay with as many clients; one message (the size of a Yjs paragraph update) reaches all others.
const relay = new WebSocketServer({ port: 0, host: "127.0.0.1" });
relay.on("connection", (ws) =>
  ws.on("message", (data) =>
    relay.clients.forEach((c) => {
      if (c !== ws) c.send(data);
    }),
  ),
);
await new Promise<void>((r) => relay.once("listening", () => r()));
const relayUrl = `ws://127.0.0.1:${(relay.address() as { port: number }).port}`;
const raw: WebSocket[] = [];
for (let i = 0; i < EDITORS; i++) {
  const ws = new WebSocket(relayUrl);
  await new Promise<void>((r) => ws.once("open", () => r()));
  raw.push(ws);
}
const payload = Buffer.alloc(160, 1);
const rawLatencies: number[] = [];
for (let k = 0; k < EDITS; k++) {
  const writer = raw[k % EDITORS]!;
  const others = raw.filter((w) => w !== writer);
  const all = Promise.all(others.map((w) => new Promise<void>((r) => w.once("message", () => r()))));
  const t = performance.now();
  writer.send(payload);
  await all;
  rawLatencies.push(performance.now() - t);
}
for (const w of raw) w.close();
await new Promise<void>((r) => relay.close(() => r()));
console.log(
  `baseline: bare ws relay, ${EDITS} messages to the other ${EDITORS - 1} clients after p50 ${ms(pct(rawLatencies, 50))}, p99 ${ms(pct(rawLatencies, 99))}`,
);
console.log(
  `ratio co-editing / baseline: p50 ${(pct(latencies, 50) / pct(rawLatencies, 50)).toFixed(1)}×, p99 ${(pct(latencies, 99) / pct(rawLatencies, 99)).toFixed(1)}×`,
);

const timed = async (what: string, fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  console.log(`${what}: ${ms(performance.now() - t)}`);
};
const v = await call<{ id: number }>(CALLS.versionSaving, { id: plan.id, name: "基准版本" });
await timed("versionSaving (live document)", () => call(CALLS.versionSaving, { id: plan.id }));
await timed("wpsFileCompare (version vs current)", () => call(CALLS.lessonPlanCompare, { id: plan.id, version_id: v.id }));
await timed("wpsFileExport docx", () => call(CALLS.lessonPlanExport, { id: plan.id }));
await timed("wpsFileRestore (to the template, editors connected)", async () => {
  const first = await call<{ list: { id: number }[] }>(CALLS.wpsFileVersion, { id: plan.id });
  await call(CALLS.lessonPlanRestore, { id: plan.id, version_id: first.list.at(-1)!.id });
});

for (const e of editors) {
  e.provider.destroy();
  e.socket.destroy();
}
await new Promise((r) => setTimeout(r, 500));
await timed("wpsFileRestore (no editor connected)", async () => {
  const list = await call<{ list: { id: number }[] }>(CALLS.wpsFileVersion, { id: plan.id });
  await call(CALLS.lessonPlanRestore, { id: plan.id, version_id: list.list[0]!.id });
});
const [row] = await db.select({ state: lessonDoc.state, text: lessonDoc.text }).from(lessonDoc).where(eq(lessonDoc.id, plan.id));
console.log(`stored state ${row?.state?.length ?? 0} bytes, ${row?.text.length ?? 0} characters of text`);
await timed("server close", () => server.close());
process.exit(0);

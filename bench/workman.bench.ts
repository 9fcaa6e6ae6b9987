/**
 * Live-message fan-out (issue #9 bench): 2,000 sockets on the real server's /ws (token, init, c398 bind over the wire
 * with the preparation's can_view check) in 40 groups of 50; N messages per group published through the hub
 * (LiveServer.publish — what deps.live.publish reaches), in rounds of one message to every group. Measures messages
 * delivered per second (deliveries to sockets, from the first publish to the last arrival) and the delivery latency
 * (publish → parsed by the client) p50/p99. Baseline in the same run: socket.io 4.8 broadcasting the same load to
 * rooms (io.to(room).emit) on the same machine, websocket transport, as many clients. Clients run in this process too
 * (both sides pay for them alike). Prints both and the ratio; no thresholds.
 *
 *   npx tsx bench/workman.bench.ts      (BENCH_SOCKETS default 2000, BENCH_GROUP default 50, BENCH_MESSAGES default 50
 *                                        per group; DATABASE_URL for PostgreSQL)
 */
import { createServer } from "node:http";
import { CALLS, LIVE_WS_PATH } from "@yanke/protocol";
import { account } from "@yanke/server/src/modules/account/account.schema.ts";
import { preparation, preparationMember } from "@yanke/server/src/modules/preparation/preparation.schema.ts";
import { liveServerOf } from "@yanke/server/src/modules/workman/live-server.ts";
import { eq } from "drizzle-orm";
import { Server as IoServer } from "socket.io";
import { io as ioClient, type Socket as IoSocket } from "socket.io-client";
import WebSocket from "ws";
import { pct, startBenchServer } from "./support.ts";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2_000);
const GROUP = Number(process.env.BENCH_GROUP ?? 50);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50);
const GROUPS = Math.ceil(SOCKETS / GROUP);
const DELIVERIES = SOCKETS * MESSAGES; // every socket is in one group and gets its MESSAGES

const ms = (x: number) => `${x.toFixed(1)} ms`;
const rate = (x: number) => `${Math.round(x).toLocaleString("en-US")}/s`;

/** Runs fn over items with at most `width` in flight. */
async function pool<T>(items: T[], width: number, fn: (x: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/** Collects latencies until `total` deliveries arrived. */
class Meter {
  readonly lat = new Float64Array(DELIVERIES);
  n = 0;
  first = 0;
  last = 0;
  private done!: () => void;
  readonly all = new Promise<void>((r) => (this.done = r));
  hit(sentAt: number): void {
    const now = performance.now();
    if (this.n < this.lat.length) this.lat[this.n] = now - sentAt;
    this.last = now;
    if (++this.n === DELIVERIES) this.done();
  }
}

/** Publishes MESSAGES rounds, one message to every group per round, yielding to I/O between rounds. */
async function drive(publish: (group: number, data: { s: number; t: number }) => void | Promise<void>, meter: Meter): Promise<void> {
  meter.first = performance.now();
  for (let s = 0; s < MESSAGES; s++) {
    for (let g = 0; g < GROUPS; g++) await publish(g, { s, t: performance.now() });
    await new Promise((r) => setImmediate(r));
  }
  const timeout = new Promise<void>((_, reject) => setTimeout(() => reject(new Error(`only ${meter.n} of ${DELIVERIES} deliveries arrived`)), 120_000));
  await Promise.race([meter.all, timeout]);
}

function report(name: string, meter: Meter): { rate: number; p50: number; p99: number } {
  const secs = (meter.last - meter.first) / 1000;
  const r = { rate: meter.n / secs, p50: pct(meter.lat, 50), p99: pct(meter.lat, 99) };
  console.log(`${name}: ${meter.n.toLocaleString("en-US")} deliveries in ${secs.toFixed(2)} s = ${rate(r.rate)}; latency p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`);
  return r;
}

// ── ours ────────────────────────────────────────────────────────────────────────────────────────────────────
const bench = await startBenchServer("/tmp/yanke-bench-workman", { SEED_DEMO_CONTENT: "0" });
const { server } = bench;
const db = server.database.db;
const { token } = await bench.login("zhanglaoshi", "Teacher123");
const [me] = await db.select({ id: account.id }).from(account).where(eq(account.username, "zhanglaoshi"));
const preps = await db
  .insert(preparation)
  .values(
    Array.from({ length: GROUPS }, (_, i) => ({
      theme: `实时消息基准 ${i + 1}`,
      account_id: me!.id,
      open_model: 3,
      start_time: new Date(),
      end_time: new Date(Date.now() + 86400_000),
    })),
  )
  .returning({ id: preparation.id });
await db.insert(preparationMember).values(preps.map((p) => ({ preparation_id: p.id, account_id: me!.id, role: 1 })));
const groupName = (g: number) => `preparation:${preps[g]!.id}`;
const live = liveServerOf(server.app)!;

const ours = new Meter();
const sockets: WebSocket[] = [];
let t = performance.now();
await pool(
  Array.from({ length: SOCKETS }, (_, i) => i),
  100,
  async (i) => {
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}${LIVE_WS_PATH}?token=${token}&type=2`);
    sockets.push(ws);
    const clientId = await new Promise<string>((resolve, reject) => {
      ws.once("error", reject);
      ws.on("message", (d) => {
        const f = JSON.parse(String(d)) as { type: string; client_id?: string; data?: { t: number } };
        if (f.type === "init") resolve(f.client_id!);
        else if (f.type === "bench") ours.hit(f.data!.t);
      });
    });
    const r = await fetch(server.url + CALLS.workmanBind, {
      method: "POST",
      headers: { "content-type": "application/json", token },
      body: JSON.stringify({ client_id: clientId, uid: me!.id, group: groupName(i % GROUPS), ws_type: 2 }),
    });
    const body = (await r.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`bind: ${body.code} ${body.msg}`);
  },
);
console.log(`${SOCKETS} sockets opened (init) and bound through c398 into ${GROUPS} groups of ${GROUP}: ${ms(performance.now() - t)}`);
console.log(`${MESSAGES} messages per group, ${DELIVERIES.toLocaleString("en-US")} deliveries in all`);
await drive((g, data) => live.publish(groupName(g), { type: "bench", data }), ours);
const a = report("ours (/ws, LiveHub publish)", ours);
t = performance.now();
for (const ws of sockets) ws.close();
await server.close();
console.log(`server close with ${SOCKETS} sockets: ${ms(performance.now() - t)}`);

// ── baseline: socket.io rooms ───────────────────────────────────────────────────────────────────────────────
const http = createServer();
const io = new IoServer(http, { transports: ["websocket"], serveClient: false });
io.on("connection", (socket) => {
  void socket.join(`g${String(socket.handshake.query.g)}`);
  socket.emit("joined");
});
await new Promise<void>((r) => http.listen(0, "127.0.0.1", () => r()));
const ioUrl = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
const base = new Meter();
const clients: IoSocket[] = [];
t = performance.now();
await pool(
  Array.from({ length: SOCKETS }, (_, i) => i),
  100,
  async (i) => {
    const c = ioClient(ioUrl, { transports: ["websocket"], forceNew: true, reconnection: false, query: { g: String(i % GROUPS) } });
    clients.push(c);
    c.on("bench", (data: { t: number }) => base.hit(data.t));
    await new Promise<void>((resolve, reject) => {
      c.once("joined", () => resolve());
      c.once("connect_error", reject);
    });
  },
);
console.log(`baseline: ${SOCKETS} socket.io clients connected and joined ${GROUPS} rooms: ${ms(performance.now() - t)}`);
await drive((g, data) => void io.to(`g${g}`).emit("bench", data), base);
const b = report("baseline (socket.io 4.8 rooms)", base);
for (const c of clients) c.close();
await new Promise<void>((r) => io.close(() => r()));

console.log(
  `ratio ours / socket.io: throughput ${(a.rate / b.rate).toFixed(2)}×, latency p50 ${(a.p50 / b.p50).toFixed(2)}×, p99 ${(a.p99 / b.p99).toFixed(2)}×`,
);
process.exit(0);

/**
 * Live messages across two server processes (docs/decisions/0932): with REDIS_URL set, two servers on one PostgreSQL
 * database and the same REDIS_URL / REDIS_PREFIX relay group messages through Redis pub/sub, so a publish (or a c399
 * send) on one process reaches the sockets bound to the group on the other, and a bind answered by one process binds
 * a socket that lives on the other. Runs in the PostgreSQL + Redis pass of .ci/run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { CALLS, LIVE_SEND_TYPE, type WorkmanSendPush } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { liveServerOf } from "../src/modules/workman/live-server.js";
import { type RunningServer, startServer } from "../src/server.js";
import { insertCommunity, startKit, type Kit } from "./activity-kit.js";
import { TMP_DIR } from "./constants.js";
import { polling } from "./poll.js";
import { insertPreparation } from "./prepare-kit.js";

const shared = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

interface Frame {
  type: string;
  group?: string;
  client_id?: string;
  data?: unknown;
}

function open(base: string, token: string): { ws: WebSocket; frames: Frame[]; init: Promise<string> } {
  const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws?token=${encodeURIComponent(token)}&type=2`);
  const frames: Frame[] = [];
  const init = new Promise<string>((resolve, reject) => {
    ws.on("error", reject);
    ws.on("message", (d) => {
      const f = JSON.parse(String(d)) as Frame;
      frames.push(f);
      if (f.type === "init") resolve(String(f.client_id));
    });
  });
  return { ws, frames, init };
}

async function raw(base: string, p: string, body: Record<string, unknown>, token: string): Promise<{ code: number; msg: string; data: unknown }> {
  const r = await fetch(base + p, { method: "POST", headers: { "content-type": "application/json", token }, body: JSON.stringify(body) });
  return (await r.json()) as { code: number; msg: string; data: unknown };
}

const { holds } = polling({ ms: 5000, every: 20 });

describe.skipIf(!shared)("live messages on two server processes through Redis", () => {
  let k: Kit;
  let second: RunningServer;
  let dataDir = "";
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    k = await startKit();
    dataDir = mkdtempSync(path.join(TMP_DIR, "workman-redis-"));
    // The second process: same database, same Redis and key prefix, its own port and data directory.
    const config = loadConfig({
      PORT: "0",
      RTMP_PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_KEY: k.s.config.appKey,
      LOG_LEVEL: "silent",
      SEED_DEMO_CONTENT: "0",
      DATABASE_URL: k.s.config.databaseUrl!,
      REDIS_URL: k.s.config.redisUrl!,
      REDIS_PREFIX: k.s.config.redisPrefix,
    });
    second = await startServer(config, { database: await openDatabase({ databaseUrl: config.databaseUrl }) });
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await second?.close();
    await k?.s.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("a publish or a send on one process reaches the group's sockets on the other, and no other group's", async () => {
    const c = await insertCommunity(k.db, { name: "跨进程实时社区", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!] });
    const prep = await insertPreparation(k.db, { theme: "跨进程实时", author: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], community_id: c, open_model: 3 });
    const other = await insertPreparation(k.db, { theme: "另一组", author: k.id.lilaoshi!, community_id: c, open_model: 3 });
    const group = `preparation:${prep}`;
    const one = liveServerOf(k.s.app)!;
    const two = liveServerOf(second.app)!;
    expect(one.node).not.toBe(two.node);

    // zhang on process one, li on process two (and li's second socket, on another group, also on two).
    const a = open(k.s.url, k.who.zhanglaoshi!.token);
    const b = open(second.url, k.who.lilaoshi!.token);
    const x = open(second.url, k.who.lilaoshi!.token);
    sockets.push(a.ws, b.ws, x.ws);
    const [aid, bid, xid] = await Promise.all([a.init, b.init, x.init]);
    expect(new Set([aid, bid, xid]).size).toBe(3);
    expect(aid.startsWith(`${one.node}.`) && bid.startsWith(`${two.node}.`)).toBe(true);

    expect((await raw(k.s.url, CALLS.workmanBind, { client_id: aid, uid: k.id.zhanglaoshi, group }, k.who.zhanglaoshi!.token)).code).toBe(200);
    // b lives on process two; the bind is answered by process one and carried over Redis.
    const rb = await raw(k.s.url, CALLS.workmanBind, { client_id: bid, uid: k.id.lilaoshi, group }, k.who.lilaoshi!.token);
    expect(rb.code, rb.msg).toBe(200);
    expect(await holds(() => two.bound(group) === 1)).toBe(true);
    expect((await raw(second.url, CALLS.workmanBind, { client_id: xid, uid: k.id.lilaoshi, group: `preparation:${other}` }, k.who.lilaoshi!.token)).code).toBe(
      200,
    );

    // Process two publishes: a (on one) and b (on two) get it, x does not.
    await two.publish(group, { type: "discuss.save", data: { id: 42 } });
    expect(await holds(() => a.frames.some((f) => f.type === "discuss.save"))).toBe(true);
    expect(await holds(() => b.frames.some((f) => f.type === "discuss.save"))).toBe(true);
    expect(a.frames.find((f) => f.type === "discuss.save")).toEqual({ type: "discuss.save", group, data: { id: 42 } });
    expect(b.frames.filter((f) => f.type === "discuss.save")).toHaveLength(1); // delivered once, not echoed back

    // A c399 send on process one (from a) reaches b on process two.
    const s = await raw(k.s.url, CALLS.workmanSend, { type: "watching", client_id: aid, group, msg: "正在观看 12:30" }, k.who.zhanglaoshi!.token);
    expect(s.code, s.msg).toBe(200);
    expect(await holds(() => b.frames.some((f) => f.type === LIVE_SEND_TYPE))).toBe(true);
    const push = b.frames.find((f) => f.type === LIVE_SEND_TYPE)!.data as WorkmanSendPush;
    expect(push).toMatchObject({ kind: "watching", msg: "正在观看 12:30", client_id: aid, sender: { account_id: k.id.zhanglaoshi } });

    // A forged bind relayed for someone else's socket binds nothing on its owner.
    const forged = await raw(k.s.url, CALLS.workmanBind, { client_id: xid, uid: k.id.zhanglaoshi, group }, k.who.zhanglaoshi!.token);
    expect(forged.code).toBe(200); // process one cannot see x; process two refuses to bind it
    // Sent by process one after the forged bind on the same Redis connection: when it arrives, the bind has too.
    await one.publish(`preparation:${other}`, { type: "marker", data: 1 });
    expect(await holds(() => x.frames.some((f) => f.type === "marker"))).toBe(true);
    expect(two.connection(xid)!.groups.has(group)).toBe(false);
    expect(x.frames.some((f) => f.type === "discuss.save" || f.type === LIVE_SEND_TYPE)).toBe(false);
  });
});

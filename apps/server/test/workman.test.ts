/**
 * The live socket and its calls over real sockets (issue #9; docs/api/workman.md; docs/decisions/0930–0932):
 * GET /ws opens with init; c398 binds to a group the caller may read; a publish reaches the group's sockets and no
 * others; c399 pushes a transient message; bad tokens and forbidden groups are refused; heartbeats keep a socket busy
 * and a socket that stops answering is dropped; a client following the spec's rules (idle → reconnect, one pending)
 * comes back after the server drops it or the line goes silent. The heartbeat is shortened for this file through the
 * test-only hook setLiveOptionsForTests.
 */
import {
  CALLS,
  LIVE_CLOSE,
  LIVE_REFUSALS,
  LIVE_SEND_TYPE,
  type LiveServerMessage,
  type WorkmanBindResult,
  type WorkmanSendPush,
  type WorkmanSendResult,
} from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { count } from "drizzle-orm";
import { discussComment } from "../src/modules/discuss/discuss.schema.js";
import { afterClass } from "../src/modules/afterclass/afterclass.schema.js";
import { listenEvaluate, listenMember } from "../src/modules/listen/listen.schema.js";
import { liveServerOf, setLiveOptionsForTests } from "../src/modules/workman/live-server.js";
import { insertCommunity, startKit, type Kit } from "./activity-kit.js";
import { polling } from "./poll.js";
import { insertPreparation } from "./prepare-kit.js";

const HEARTBEAT_MS = 200;

type Frame = LiveServerMessage & Record<string, unknown>;

interface Sock {
  ws: WebSocket;
  frames: Frame[];
  closed: Promise<{ code: number; reason: string }>;
  /** The first frame (after the ones already taken) matching pred; rejects after ms. */
  take(pred: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  clientId(): Promise<string>;
}

function wsUrl(base: string, token: string, type = "2"): string {
  return `${base.replace(/^http/, "ws")}/ws?token=${encodeURIComponent(token)}&type=${type}`;
}

function open(base: string, token: string, opts: { type?: string; autoPong?: boolean } = {}): Sock {
  const ws = new WebSocket(wsUrl(base, token, opts.type), { autoPong: opts.autoPong ?? true });
  const frames: Frame[] = [];
  const taken = new Set<number>();
  const waiters = new Set<() => void>();
  ws.on("message", (d) => {
    frames.push(JSON.parse(String(d)) as Frame);
    for (const w of waiters) w();
  });
  ws.on("error", () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })));
  const take = (pred: (f: Frame) => boolean, ms = 3000) =>
    new Promise<Frame>((resolve, reject) => {
      const check = () => {
        for (let i = 0; i < frames.length; i++) {
          if (taken.has(i) || !pred(frames[i]!)) continue;
          taken.add(i);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(frames[i]!);
          return;
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(frames.filter((f) => f.type !== "ping"))}`));
      }, ms);
      waiters.add(check);
      check();
    });
  let id: Promise<string> | undefined;
  return { ws, frames, closed, take, clientId: () => (id ??= take((f) => f.type === "init").then((f) => String(f.client_id))) };
}

/** A raw (plain JSON) call. */
async function raw<T>(base: string, path: string, body: Record<string, unknown>, token?: string): Promise<{ code: number; msg: string; data: T }> {
  const r = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { code: number; msg: string; data: T };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A client that follows the spec's rules (community.md §4 Live socket, wire.md): any message resets an idle timer;
 * on idle, on an error or a close it did not ask for it reconnects reconnectMs later, one reconnect pending at most;
 * never after a final close code (4025/4028/4400); on init it binds (onInit).
 */
class LiveClient {
  ws?: WebSocket;
  connects = 0;
  readonly clientIds: string[] = [];
  readonly frames: Frame[] = [];
  private idle?: NodeJS.Timeout;
  private pending?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly t: { idleMs: number; reconnectMs: number },
    private readonly onInit: (clientId: string) => Promise<void>,
  ) {}

  start(): void {
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    this.connects++;
    const ws = new WebSocket(wsUrl(this.base, this.token));
    this.ws = ws;
    this.resetIdle();
    ws.on("message", (d) => {
      if (ws !== this.ws) return;
      this.resetIdle();
      const f = JSON.parse(String(d)) as Frame;
      this.frames.push(f);
      if (f.type === "init") {
        this.clientIds.push(String(f.client_id));
        void this.onInit(String(f.client_id));
      }
    });
    ws.on("error", () => {
      if (ws === this.ws) this.schedule();
    });
    ws.on("close", (code) => {
      if (ws !== this.ws) return;
      if (![LIVE_CLOSE.sessionInvalid, LIVE_CLOSE.sessionEnded, LIVE_CLOSE.badRequest].includes(code as 4025)) this.schedule();
    });
  }

  private resetIdle(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      // A dead socket: drop it (its close event still counts as unasked-for, but only one reconnect is pending).
      this.schedule();
      this.ws?.terminate();
    }, this.t.idleMs);
  }

  private schedule(): void {
    if (this.stopped || this.pending) return;
    clearTimeout(this.idle);
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.connect();
    }, this.t.reconnectMs);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.idle);
    clearTimeout(this.pending);
    this.ws?.close();
  }
}

const { holds } = polling({ ms: 5000, every: 20 });

describe("live socket (/ws) and c398 / c399", () => {
  let k: Kit;
  let base = "";
  let prepOpen = 0; // zhang's preparation, li a member
  let prepOther = 0; // li's preparation in the same community
  let prepPrivate = 0; // wang's, 仅参与人: zhang may not read it
  let listenPrivate = 0; // wang's listen record, 仅参与人
  let listenZhang = 0; // zhang is its evaluator
  let afterClassId = 0; // zhang's, in the community
  let afterClassHidden = 0; // zhang's, hidden (is_display 0): only its author and managers
  const token = (u: string) => k.who[u]!.token;
  const bind = <T = WorkmanBindResult>(body: Record<string, unknown>, user: string) => raw<T>(base, CALLS.workmanBind, body, token(user));
  const socks: Sock[] = [];
  const sock = (user: string, opts?: { type?: string; autoPong?: boolean }) => {
    const s = open(base, token(user), opts);
    socks.push(s);
    return s;
  };
  const bound = async (user: string, group: string) => {
    const s = sock(user);
    const r = await bind({ client_id: await s.clientId(), uid: k.id[user], group, ws_type: 2 }, user);
    expect(r.code, r.msg).toBe(200);
    return s;
  };

  beforeAll(async () => {
    setLiveOptionsForTests({ heartbeatMs: HEARTBEAT_MS });
    k = await startKit();
    setLiveOptionsForTests({});
    base = k.s.url;
    const c = await insertCommunity(k.db, { name: "实时消息社区", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!] });
    prepOpen = await insertPreparation(k.db, { theme: "实时一", author: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], community_id: c, open_model: 3 });
    prepOther = await insertPreparation(k.db, { theme: "实时二", author: k.id.lilaoshi!, community_id: c, open_model: 3 });
    prepPrivate = await insertPreparation(k.db, { theme: "实时私密", author: k.id.wanglaoshi!, open_model: 3 });
    const now = Date.now();
    const [l1] = await k.db
      .insert(listenEvaluate)
      .values({ name: "王老师的私密听课", account_id: k.id.wanglaoshi!, open_model: 3, start_time: new Date(now), end_time: new Date(now + 3600_000) })
      .returning({ id: listenEvaluate.id });
    listenPrivate = l1!.id;
    const [l2] = await k.db
      .insert(listenEvaluate)
      .values({ name: "张老师评课", account_id: k.id.wanglaoshi!, open_model: 3, start_time: new Date(now), end_time: new Date(now + 3600_000) })
      .returning({ id: listenEvaluate.id });
    listenZhang = l2!.id;
    await k.db.insert(listenMember).values({ record_id: listenZhang, account_id: k.id.zhanglaoshi!, role: 3 });
    const [a] = await k.db.insert(afterClass).values({ title: "课后反思", account_id: k.id.zhanglaoshi!, community_id: c }).returning({ id: afterClass.id });
    afterClassId = a!.id;
    const [h] = await k.db
      .insert(afterClass)
      .values({ title: "隐藏的反思", account_id: k.id.zhanglaoshi!, community_id: c, is_display: 0 })
      .returning({ id: afterClass.id });
    afterClassHidden = h!.id;
  });
  afterAll(async () => {
    setLiveOptionsForTests({});
    for (const s of socks) s.ws.terminate();
    await k?.s.close();
  });

  it("opens with init (a client id unique on the server), binds, and a publish reaches the group's sockets only", async () => {
    const a = await bound("zhanglaoshi", `preparation:${prepOpen}`);
    const a2 = await bound("lilaoshi", `preparation:${prepOpen}`);
    const b = await bound("lilaoshi", `preparation:${prepOther}`);
    const ids = await Promise.all([a.clientId(), a2.clientId(), b.clientId()]);
    expect(new Set(ids).size).toBe(3);
    expect(a.frames[0]).toEqual({ type: "init", client_id: ids[0] });

    const live = liveServerOf(k.s.app)!;
    await live.publish(`preparation:${prepOpen}`, { type: "discuss.save", data: { id: 1, content: "第一条" } });
    await live.publish(`preparation:${prepOther}`, { type: "discuss.save", data: { id: 2, content: "另一组" } });
    expect(await a.take((f) => f.type === "discuss.save")).toEqual({
      type: "discuss.save",
      group: `preparation:${prepOpen}`,
      data: { id: 1, content: "第一条" },
    });
    expect((await a2.take((f) => f.type === "discuss.save")).data).toEqual({ id: 1, content: "第一条" });
    // b's first group message is its own group's: the other group's never reached it.
    expect(await b.take((f) => f.type === "discuss.save")).toEqual({
      type: "discuss.save",
      group: `preparation:${prepOther}`,
      data: { id: 2, content: "另一组" },
    });
    await expect(a.take((f) => f.type === "discuss.save", 300)).rejects.toThrow();
    expect(b.frames.filter((f) => f.type === "discuss.save")).toHaveLength(1);

    // A socket may be bound to several groups; after closing it is bound to none.
    const r = await bind({ client_id: ids[0], uid: k.id.zhanglaoshi, group: `listen:${listenZhang}` }, "zhanglaoshi");
    expect(r.code, r.msg).toBe(200);
    expect(r.data.groups.sort()).toEqual([`listen:${listenZhang}`, `preparation:${prepOpen}`].sort());
    const r2 = await bind({ client_id: ids[0], uid: k.id.zhanglaoshi, group: `after_class:${afterClassId}` }, "zhanglaoshi");
    expect(r2.code, r2.msg).toBe(200);
    await live.publish(`listen:${listenZhang}`, { type: "listen.score", data: { total: 90 } });
    expect((await a.take((f) => f.type === "listen.score")).group).toBe(`listen:${listenZhang}`);
    expect(live.bound(`preparation:${prepOpen}`)).toBe(2);
    a.ws.close();
    await a.closed;
    expect(await holds(() => live.bound(`preparation:${prepOpen}`) === 1)).toBe(true);
    expect(live.bound(`listen:${listenZhang}`)).toBe(0);
  });

  it("a module's push through deps.live (a discussion message saved with c315) reaches the group's sockets", async () => {
    const group = `after_class:${afterClassId}`;
    const s = await bound("lilaoshi", group);
    const saved = await k.ok<{ id: number }>(CALLS.discussSave, { after_class_id: afterClassId, content: "课后研讨：实时推送" }, "zhanglaoshi");
    const f = await s.take((x) => x.type === "discuss.save");
    expect(f.group).toBe(group);
    expect(f.data).toMatchObject({ id: saved.id, content: "课后研讨：实时推送" });
  });

  it("c399 pushes a transient message with its real sender to the bound group, and stores nothing", async () => {
    const a = await bound("zhanglaoshi", `preparation:${prepOpen}`);
    const b = await bound("lilaoshi", `preparation:${prepOpen}`);
    const other = await bound("lilaoshi", `preparation:${prepOther}`);
    // Earlier sockets of this file may still be bound to the group: every bound socket counts.
    const stored = async () => (await k.db.select({ n: count() }).from(discussComment))[0]!.n;
    const before = await stored();
    const inGroup = liveServerOf(k.s.app)!.bound(`preparation:${prepOpen}`);
    expect(inGroup).toBeGreaterThanOrEqual(2);
    const r = await raw<WorkmanSendResult>(
      base,
      CALLS.workmanSend,
      {
        type: "typing",
        client_id: await a.clientId(),
        group: `preparation:${prepOpen}`,
        ws_type: 2,
        msg: "正在输入…",
        preparation_id: prepOpen,
        content_img: "",
      },
      token("zhanglaoshi"),
    );
    expect(r.code, r.msg).toBe(200);
    expect(r.msg).toBe("发送成功");
    expect(r.data).toEqual({ group: `preparation:${prepOpen}`, delivered: inGroup });
    const f = await b.take((x) => x.type === LIVE_SEND_TYPE);
    const push = f.data as WorkmanSendPush;
    expect(push).toMatchObject({ kind: "typing", client_id: await a.clientId(), msg: "正在输入…", content: "", content_img: [], preparation_id: prepOpen });
    expect(push.sender).toEqual({ account_id: k.id.zhanglaoshi, realname: k.who.zhanglaoshi!.realname, identity: k.who.zhanglaoshi!.identity });
    expect(push.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await a.take((x) => x.type === LIVE_SEND_TYPE); // the sender's socket is in the group too
    expect(await stored()).toBe(before);
    await expect(other.take((x) => x.type === LIVE_SEND_TYPE, 300)).rejects.toThrow();

    // Refusals: not bound to the group, someone else's socket, a forged sender, bad fields (Chinese), no session.
    const send = (body: Record<string, unknown>, user: string) => raw(base, CALLS.workmanSend, body, token(user));
    const oid = await other.clientId();
    expect(await send({ client_id: oid, group: `preparation:${prepOpen}`, msg: "x" }, "lilaoshi")).toMatchObject({ code: 403, msg: LIVE_REFUSALS.notBound });
    expect(await send({ client_id: oid, group: `preparation:${prepOther}`, msg: "x" }, "zhanglaoshi")).toMatchObject({
      code: 403,
      msg: LIVE_REFUSALS.notYours,
    });
    expect(await send({ client_id: await a.clientId(), group: `preparation:${prepOpen}`, account_id: k.id.lilaoshi }, "zhanglaoshi")).toMatchObject({
      code: 403,
    });
    expect(await send({ client_id: await a.clientId(), group: "room:1" }, "zhanglaoshi")).toMatchObject({
      code: 400,
      msg: expect.stringContaining("分组(group)"),
    });
    expect(await send({ client_id: await a.clientId(), group: `preparation:${prepOpen}`, ws_type: 1 }, "zhanglaoshi")).toMatchObject({
      code: 400,
      msg: "连接类型(ws_type): 只能是 2",
    });
    expect(await send({ client_id: await a.clientId(), group: `preparation:${prepOpen}`, msg: "长".repeat(2001) }, "zhanglaoshi")).toMatchObject({
      code: 400,
      msg: "消息(msg): 不能超过 2000 个字符",
    });
    expect(await send({ client_id: await a.clientId(), group: `preparation:${prepOpen}`, pid: -1 }, "zhanglaoshi")).toMatchObject({
      code: 400,
      msg: "上级消息(pid): 不能为负数",
    });
    expect(await send({ group: `preparation:${prepOpen}` }, "zhanglaoshi")).toMatchObject({ code: 400, msg: "连接编号(client_id): 必填" });
    expect(await raw(base, CALLS.workmanSend, { client_id: await a.clientId(), group: `preparation:${prepOpen}` })).toMatchObject({ code: 1025 });
  });

  it("bind refuses another's socket, a false uid, a group the caller may not read, a gone object, bad fields", async () => {
    const z = sock("zhanglaoshi");
    const zid = await z.clientId();
    const uid = k.id.zhanglaoshi;
    expect(await bind({ client_id: zid, uid, group: `preparation:${prepPrivate}` }, "zhanglaoshi")).toMatchObject({ code: 403, msg: LIVE_REFUSALS.noView });
    expect(await bind({ client_id: zid, uid, group: `listen:${listenPrivate}` }, "zhanglaoshi")).toMatchObject({ code: 403, msg: LIVE_REFUSALS.noView });
    expect(await bind({ client_id: zid, uid: k.id.wanglaoshi, group: `after_class:${afterClassId}` }, "wanglaoshi")).toMatchObject({
      code: 403,
      msg: LIVE_REFUSALS.notYours,
    });
    const w0 = sock("wanglaoshi");
    expect(await bind({ client_id: await w0.clientId(), uid: k.id.wanglaoshi, group: `after_class:${afterClassHidden}` }, "wanglaoshi")).toMatchObject({
      code: 403,
      msg: LIVE_REFUSALS.noView,
    });
    expect(await bind({ client_id: await w0.clientId(), uid: k.id.wanglaoshi, group: `after_class:${afterClassId}` }, "wanglaoshi")).toMatchObject({
      code: 200,
    });
    expect(await bind({ client_id: zid, uid, group: `after_class:${afterClassHidden}` }, "zhanglaoshi")).toMatchObject({ code: 200 });
    expect(await bind({ client_id: zid, uid: k.id.lilaoshi, group: `preparation:${prepOpen}` }, "zhanglaoshi")).toMatchObject({
      code: 403,
      msg: LIVE_REFUSALS.notYou,
    });
    expect(await bind({ client_id: zid, uid, group: "preparation:99999" }, "zhanglaoshi")).toMatchObject({ code: 404 });
    expect(await bind({ client_id: zid, uid, group: "after_class:99999" }, "zhanglaoshi")).toMatchObject({ code: 404 });
    const live = liveServerOf(k.s.app)!;
    // A client id of this process that is not open; one of no process is 404 too, unless REDIS_URL lets another
    // process own it (the bind is then carried there, and binds nothing when nobody has it).
    expect(await bind({ client_id: `${live.node}.zzzz`, uid, group: `preparation:${prepOpen}` }, "zhanglaoshi")).toMatchObject({
      code: 404,
      msg: LIVE_REFUSALS.noClient,
    });
    expect((await bind({ client_id: "nobody.1", uid, group: `preparation:${prepOpen}` }, "zhanglaoshi")).code).toBe(k.s.config.redisUrl ? 200 : 404);
    expect(await bind({ client_id: zid, uid, group: "preparation:12345678901" }, "zhanglaoshi")).toMatchObject({ code: 400 });
    expect(await bind({ client_id: zid, uid, group: "preparation:abc" }, "zhanglaoshi")).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^分组\(group\): 格式应为/),
    });
    expect(await bind({ client_id: zid, group: `preparation:${prepOpen}` }, "zhanglaoshi")).toMatchObject({
      code: 400,
      msg: expect.stringContaining("用户编号(uid)"),
    });
    // A refused bind binds nothing: a publish to that group does not reach the socket.
    expect(live.bound(`preparation:${prepPrivate}`)).toBe(0);
    // wang (its author) may.
    const w = await bound("wanglaoshi", `preparation:${prepPrivate}`);
    await live.publish(`preparation:${prepPrivate}`, { type: "discuss.save", data: 7 });
    expect((await w.take((f) => f.type === "discuss.save")).data).toBe(7);
    await expect(z.take((f) => f.type === "discuss.save", 300)).rejects.toThrow();
  });

  it("a bad token, an ended session or a wrong type is closed with a code and a Chinese reason", async () => {
    const bad = open(base, "not-a-token");
    expect(await bad.closed).toEqual({ code: LIVE_CLOSE.sessionInvalid, reason: LIVE_REFUSALS.noToken });
    expect(bad.frames).toEqual([]);
    const wrong = open(base, token("zhanglaoshi"), { type: "1" });
    expect(await wrong.closed).toEqual({ code: LIVE_CLOSE.badRequest, reason: LIVE_REFUSALS.badType });
    // A session that logged out.
    const s = await k.s.login("zhaolaoshi", "Teacher123");
    const out = await k.s.call(CALLS.logout, {}, s.token);
    expect(out.code, out.msg).toBe(200);
    const ended = open(base, s.token);
    const closed = await ended.closed;
    expect([LIVE_CLOSE.sessionInvalid, LIVE_CLOSE.sessionEnded]).toContain(closed.code);
    expect(closed.reason).toMatch(/[\u4e00-\u9fa5]/);
  });

  it("heartbeats keep a healthy socket busy; a socket that stops answering pings is dropped", async () => {
    const s = sock("zhanglaoshi");
    await s.clientId();
    await sleep(HEARTBEAT_MS * 6);
    const pings = s.frames.filter((f) => f.type === "ping");
    expect(pings.length).toBeGreaterThanOrEqual(3);
    expect(String(pings[0]!.time)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);

    // A client that never answers a WebSocket ping (and sends nothing) is terminated after two missed beats.
    const mute = sock("zhanglaoshi", { autoPong: false });
    const mid = await mute.clientId();
    const live = liveServerOf(k.s.app)!;
    expect(live.connection(mid)).toBeDefined();
    const closed = await mute.closed;
    expect(closed.code).toBe(1006); // terminated, no close frame
    expect(await holds(() => live.connection(mid) === undefined)).toBe(true);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("a client following the spec's rules reconnects once after the server drops it or the line goes silent, and binds again", async () => {
    const group = `preparation:${prepOpen}`;
    const c = new LiveClient(base, token("lilaoshi"), { idleMs: HEARTBEAT_MS * 10, reconnectMs: 150 }, async (id) => {
      const r = await bind({ client_id: id, uid: k.id.lilaoshi, group }, "lilaoshi");
      expect(r.code, r.msg).toBe(200);
    });
    const live = liveServerOf(k.s.app)!;
    try {
      c.start();
      expect(await holds(() => c.clientIds.length === 1)).toBe(true);
      // Heartbeats keep it alive well past its idle limit: no reconnect.
      await sleep(HEARTBEAT_MS * 14);
      expect(c.connects).toBe(1);

      // The server drops the socket: one reconnect, a new client id, bound again, and messages arrive again.
      live.connection(c.clientIds[0]!)!.ws.terminate();
      expect(await holds(() => c.clientIds.length === 2)).toBe(true);
      expect(c.connects).toBe(2);
      expect(c.clientIds[1]).not.toBe(c.clientIds[0]);
      expect(await holds(() => live.connection(c.clientIds[1]!)?.groups.has(group) === true)).toBe(true);
      await live.publish(group, { type: "after.reconnect", data: 1 });
      expect(await holds(() => c.frames.some((f) => f.type === "after.reconnect"))).toBe(true);

      // The line goes silent (the client stops reading): after its idle limit it gives up the socket and reconnects.
      const ws = c.ws as unknown as { _socket: { pause(): void } };
      ws._socket.pause();
      expect(await holds(() => c.clientIds.length === 3, 8000)).toBe(true);
      expect(c.connects).toBe(3);
      await sleep(HEARTBEAT_MS * 3);
      expect(c.connects).toBe(3);
    } finally {
      c.stop();
    }
  });

  it("shuts down cleanly: open sockets are closed with 1001 when the app closes", async () => {
    setLiveOptionsForTests({ heartbeatMs: HEARTBEAT_MS });
    const { startTestServer } = await import("./harness.js");
    const s2 = await startTestServer();
    setLiveOptionsForTests({});
    try {
      const admin = await s2.login();
      const s = open(s2.url, admin.token);
      await s.clientId();
      const closing = s2.close();
      expect((await s.closed).code).toBe(LIVE_CLOSE.goingAway);
      await closing;
    } finally {
      await s2.close();
    }
  });
});

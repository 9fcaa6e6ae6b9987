/**
 * The live socket (issue #9; ../shared/design/wire.md "Live messaging"; docs/api/workman.md; docs/decisions/0930):
 * GET /ws?token=<token>&type=2 on our Fastify port (ws WebSocketServer, noServer, registered with registerUpgrade).
 *
 * - Opening: the token is resolved (host.resolveToken); a bad, expired or ended session is accepted and closed at once
 *   with 4025 / 4028 and a Chinese reason, type ≠ 2 with 4400 (LIVE_CLOSE), so that a browser client can show why.
 *   Otherwise the first message is {"type":"init","client_id"}: client_id = this process's node id + a counter,
 *   unique across processes and restarts.
 * - Heartbeats: every heartbeatMs (LIVE_HEARTBEAT_MS, 25 s) each socket gets a {"type":"ping","time"} message (a
 *   healthy socket is never idle for the client's 32 s rule) and a WebSocket ping; a socket that answered neither of
 *   the last two (no pong, no message) is terminated (one late pong — a busy process — is forgiven). A socket whose send buffer passes 8 MiB (a reader
 *   that stopped reading) is terminated too.
 * - Groups: a socket is bound to any number of groups (c398); closing unbinds it from all.
 * - publish(group, message): {type, group, data} to every socket bound to the group on this process and, with
 *   REDIS_URL, through one Redis channel (`${REDIS_PREFIX}live`, one publisher and one subscriber connection per
 *   process) to every other process. Binds of sockets that live on another process travel the same channel.
 * - Shutdown (app preClose): stop accepting, close every socket with 1001, quit the Redis connections.
 *
 * Test-only hook: setLiveOptionsForTests({ heartbeatMs }) changes the interval of servers started afterwards (the
 * server's configuration stays as it is); pass {} to restore the default.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Code, LIVE_CLOSE, LIVE_HEARTBEAT_MS, LIVE_REFUSALS, LIVE_WS_PATH, type LiveInit, type LiveMessage, type LivePing } from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { type RawData, WebSocket, WebSocketServer } from "ws";
import type { Auth, CallHost } from "../../http/call.js";
import { AppError } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { registerUpgrade } from "../../http/ws-upgrade.js";
import { connectRedis } from "../../infra/redis.js";
import type { LivePublisher } from "./hub.js";

export interface LiveOptions {
  /** Heartbeat interval (ms); LIVE_HEARTBEAT_MS by default. */
  heartbeatMs?: number;
}

let testOptions: LiveOptions = {};
/** Test-only: options for servers started after this call ({} restores the defaults). */
export function setLiveOptionsForTests(o: LiveOptions): void {
  testOptions = { ...o };
}

/** A socket's send buffer beyond which it is dropped (it stopped reading). */
const MAX_BUFFERED = 8 << 20;

export interface LiveConnection {
  ws: WebSocket;
  clientId: string;
  accountId: number;
  sessionId: number;
  groups: Set<string>;
  /** Heartbeats sent since it last answered (pong or message). */
  missed: number;
}

/** What travels on the Redis channel between processes. */
type Relay = { n: string; k: "pub"; g: string; m: LiveMessage } | { n: string; k: "bind"; c: string; a: number; g: string };

const servers = new WeakMap<FastifyInstance, LiveServer>();
/** The live socket server of an app (tests and the bench publish and inspect through it). */
export function liveServerOf(app: FastifyInstance): LiveServer | undefined {
  return servers.get(app);
}

/** A close reason fits 123 bytes of UTF-8. */
function reasonOf(text: string): string {
  let out = text;
  while (Buffer.byteLength(out) > 123) out = out.slice(0, -1);
  return out;
}

export class LiveServer implements LivePublisher {
  /** This process's id: the prefix of its client ids. */
  readonly node = randomBytes(6).toString("hex");
  readonly heartbeatMs: number;
  private seq = 0;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 << 10 });
  private readonly connections = new Map<string, LiveConnection>();
  private readonly groups = new Map<string, Set<LiveConnection>>();
  private readonly timer: NodeJS.Timeout;
  private closing = false;
  private pub?: Redis;
  private sub?: Redis;
  private readonly channel: string;

  constructor(
    app: FastifyInstance,
    private readonly host: CallHost,
    private readonly opts: { redisUrl?: string; redisPrefix: string; log?: FastifyInstance["log"] } & LiveOptions,
  ) {
    this.heartbeatMs = Math.max(10, opts.heartbeatMs ?? testOptions.heartbeatMs ?? LIVE_HEARTBEAT_MS);
    this.channel = `${opts.redisPrefix}live`;
    this.timer = setInterval(() => this.beat(), this.heartbeatMs);
    this.timer.unref();
    servers.set(app, this);
    registerUpgrade(app, LIVE_WS_PATH, (req, socket, head) => this.upgrade(req, socket, head));
    app.addHook("onReady", async () => {
      await this.startRedis();
    });
    app.addHook("preClose", async () => {
      await this.shutdown();
    });
  }

  // ── sockets ─────────────────────────────────────────────────────────────────────────────────────────────

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.closing) {
      socket.destroy();
      return;
    }
    let token = "";
    let type = "";
    try {
      const u = new URL(req.url ?? "/", "http://localhost");
      token = u.searchParams.get("token")?.trim() ?? "";
      type = u.searchParams.get("type")?.trim() ?? "";
    } catch {
      // an unreadable address: no token
    }
    // Node's HTTP server has let go of the socket: a reset while the token is resolved must not go unhandled.
    socket.on("error", () => socket.destroy());
    void this.authenticate(token, type)
      .then((verdict) => {
        if (this.closing || socket.destroyed) {
          socket.destroy();
          return;
        }
        this.wss.handleUpgrade(req, socket, head, (ws) => {
          if ("refuse" in verdict) ws.close(verdict.refuse.code, reasonOf(verdict.refuse.reason));
          else this.open(ws, verdict.auth);
        });
      })
      .catch(() => socket.destroy());
  }

  private async authenticate(token: string, type: string): Promise<{ auth: Auth } | { refuse: { code: number; reason: string } }> {
    if (type !== "2") return { refuse: { code: LIVE_CLOSE.badRequest, reason: LIVE_REFUSALS.badType } };
    if (!token) return { refuse: { code: LIVE_CLOSE.sessionInvalid, reason: LIVE_REFUSALS.noToken } };
    try {
      return { auth: await this.host.resolveToken(token) };
    } catch (e) {
      if (e instanceof AppError && e.code === Code.SESSION_ENDED) return { refuse: { code: LIVE_CLOSE.sessionEnded, reason: e.message } };
      return { refuse: { code: LIVE_CLOSE.sessionInvalid, reason: LIVE_REFUSALS.noToken } };
    }
  }

  private open(ws: WebSocket, auth: Auth): void {
    const c: LiveConnection = {
      ws,
      clientId: `${this.node}.${(++this.seq).toString(36)}`,
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      groups: new Set(),
      missed: 0,
    };
    this.connections.set(c.clientId, c);
    const answered = () => {
      c.missed = 0;
    };
    ws.on("pong", answered);
    ws.on("message", (_data: RawData) => answered());
    ws.on("error", () => ws.terminate());
    ws.on("close", () => this.drop(c));
    ws.send(JSON.stringify({ type: "init", client_id: c.clientId } satisfies LiveInit));
  }

  private drop(c: LiveConnection): void {
    this.connections.delete(c.clientId);
    for (const g of c.groups) {
      const set = this.groups.get(g);
      set?.delete(c);
      if (set && set.size === 0) this.groups.delete(g);
    }
    c.groups.clear();
  }

  private beat(): void {
    const ping = JSON.stringify({ type: "ping", time: formatTime(new Date()) } satisfies LivePing);
    for (const c of this.connections.values()) {
      if (c.missed >= 2 || c.ws.bufferedAmount > MAX_BUFFERED) {
        c.ws.terminate();
        continue;
      }
      c.missed++;
      try {
        c.ws.ping();
        c.ws.send(ping);
      } catch {
        c.ws.terminate();
      }
    }
  }

  // ── groups ──────────────────────────────────────────────────────────────────────────────────────────────

  /** The socket of a client id on this process. */
  connection(clientId: string): LiveConnection | undefined {
    return this.connections.get(clientId);
  }

  /** Whether the client id was handed out by this process. */
  isLocal(clientId: string): boolean {
    return clientId.startsWith(`${this.node}.`);
  }

  /** Binds a local socket to a group (no checks: the caller did them); its groups after. */
  bindLocal(c: LiveConnection, group: string): string[] {
    c.groups.add(group);
    let set = this.groups.get(group);
    if (!set) {
      set = new Set();
      this.groups.set(group, set);
    }
    set.add(c);
    return [...c.groups];
  }

  /** Binds a socket of another process (its owner checks that it belongs to accountId). */
  async bindRemote(clientId: string, accountId: number, group: string): Promise<void> {
    await this.relay({ n: this.node, k: "bind", c: clientId, a: accountId, g: group });
  }

  /** How many sockets of this process are bound to the group. */
  bound(group: string): number {
    return this.groups.get(group)?.size ?? 0;
  }

  /** Open sockets on this process. */
  get size(): number {
    return this.connections.size;
  }

  // ── delivery ────────────────────────────────────────────────────────────────────────────────────────────

  /** Delivers on this process and relays to the others; the number of local sockets reached. Never throws. */
  async publish(group: string, message: LiveMessage): Promise<void> {
    await this.deliver(group, message);
  }

  /** publish, answering how many sockets of this process it reached. */
  async deliver(group: string, message: LiveMessage): Promise<number> {
    const n = this.deliverLocal(group, message);
    await this.relay({ n: this.node, k: "pub", g: group, m: message });
    return n;
  }

  private deliverLocal(group: string, message: LiveMessage): number {
    const set = this.groups.get(group);
    if (!set || set.size === 0) return 0;
    // Encoded once for the whole group; sent as a text frame without re-encoding per socket.
    const frame = Buffer.from(JSON.stringify({ type: message.type, group, data: message.data ?? null }));
    let n = 0;
    for (const c of set) {
      if (c.ws.readyState !== WebSocket.OPEN) continue;
      if (c.ws.bufferedAmount > MAX_BUFFERED) {
        c.ws.terminate();
        continue;
      }
      c.ws.send(frame, { binary: false });
      n++;
    }
    return n;
  }

  private async relay(r: Relay): Promise<void> {
    if (!this.pub) return;
    try {
      await this.pub.publish(this.channel, JSON.stringify(r));
    } catch (err) {
      this.opts.log?.warn({ err }, "实时消息未能转发到其他进程");
    }
  }

  private onRelay(raw: string): void {
    let r: Relay;
    try {
      r = JSON.parse(raw) as Relay;
    } catch {
      return;
    }
    if (!r || r.n === this.node) return;
    if (r.k === "pub" && typeof r.g === "string" && r.m && typeof r.m.type === "string") this.deliverLocal(r.g, r.m);
    else if (r.k === "bind" && typeof r.c === "string" && typeof r.g === "string") {
      const c = this.connections.get(r.c);
      if (c && c.accountId === r.a) this.bindLocal(c, r.g);
    }
  }

  private async startRedis(): Promise<void> {
    if (!this.opts.redisUrl || this.pub) return;
    try {
      this.pub = await connectRedis(this.opts.redisUrl);
      const sub = await connectRedis(this.opts.redisUrl);
      this.sub = sub;
      sub.on("message", (channel: string, message: string) => {
        if (channel === this.channel) this.onRelay(message);
      });
      await sub.subscribe(this.channel);
    } catch (err) {
      this.opts.log?.error({ err }, "实时消息无法连接 Redis：只在本进程内投递");
      this.pub?.disconnect();
      this.sub?.disconnect();
      this.pub = undefined;
      this.sub = undefined;
    }
  }

  async shutdown(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.timer);
    for (const c of this.connections.values()) c.ws.close(LIVE_CLOSE.goingAway, reasonOf(LIVE_REFUSALS.closing));
    // Give the close frames a moment, then cut whoever has not gone.
    const until = Date.now() + 1000;
    while (this.connections.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    for (const c of this.connections.values()) c.ws.terminate();
    this.wss.close();
    await Promise.all([this.pub?.quit().catch(() => undefined), this.sub?.quit().catch(() => undefined)]);
    this.pub = undefined;
    this.sub = undefined;
  }
}

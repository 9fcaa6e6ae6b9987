/**
 * The live-message socket (wire.md "Live messaging"; community.md §4 Live socket; issue #9).
 *
 * One shared socket per page. Components subscribe to a group (liveGroup(kind, id)); groups are ref-counted, the
 * socket opens with the first subscriber and closes (by the client, no reconnect) with the last.
 *
 *   GET /ws?token=<token>&type=2 → {"type":"init","client_id"} → POST /v2/workman/bind (raw) per group
 *   any message or activity resets a 32 s idle timer (LIVE_IDLE_MS)
 *   idle, close or error → reconnect after 2 s (LIVE_RECONNECT_MS) unless the client closed it; one reconnect pending
 *   a non-success code (bind, or any API call: api/client.ts closeLiveSockets, close code 4000) closes the socket; it
 *   is opened again by the next activity (a message sent, a new subscriber), not by the timer.
 *
 * LiveConnection is the pure logic (socket factory, bind and timers injected; live-socket.test.ts drives it with fake
 * timers). liveClient() binds it to the browser: WebSocket, the session token, the raw bind call.
 */
import { CALLS, Code, LIVE_IDLE_MS, LIVE_RECONNECT_MS, LIVE_WS_PATH, type LiveMessage, postCall } from "@yanke/protocol";
import { useEffect, useRef } from "react";
import { closeLiveSockets, registerLiveSocket } from "../../api/client";
import { toast } from "../../api/toast";
import { config } from "../../config";
import { getState } from "../../session/store";

/** The part of a WebSocket the connection uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

/** The close code api/client.ts uses when a call failed (community.md §4: a non-success code closes the socket). */
export const API_ERROR_CLOSE = 4000;
/** A message that is not for the subscribers: the handshake and the heartbeats. */
const CONTROL_TYPES = new Set(["init", "ping", "pong", "heartbeat"]);
/** Told to every subscriber after a reconnect (messages may have been missed: refetch). */
export const LIVE_RECONNECTED = "live.reconnected";
/** Told to a group's subscribers when the socket is bound to it (the panel shows it is live). */
export const LIVE_BOUND = "live.bound";
/** Told to every subscriber when the socket is gone (closed, idle, refused) until the next bind. */
export const LIVE_LOST = "live.lost";

export type LiveListener = (msg: LiveMessage & { group?: string }) => void;

export interface LiveConnectionDeps {
  /** Opens a socket (the URL carries the token). Null when it cannot (no session). */
  open(): SocketLike | null;
  /** c398: resolves the answer code (200 = bound). */
  bind(clientId: string, group: string): Promise<number>;
  /** A bind refused: close every open socket (the app's closeLiveSockets). */
  onFailure?(code: number): void;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (h: unknown) => void;
  idleMs?: number;
  reconnectMs?: number;
}

export type LiveState = "idle" | "connecting" | "open" | "waiting" | "suspended" | "closed";

/** Which group a pushed message belongs to: its own group field, else its data's target_type:ref_id. */
export function groupOf(msg: unknown): string | undefined {
  if (typeof msg !== "object" || msg === null) return undefined;
  const m = msg as { group?: unknown; data?: unknown };
  if (typeof m.group === "string" && m.group) return m.group;
  const d = m.data as { target_type?: unknown; ref_id?: unknown } | undefined;
  if (d && typeof d === "object" && typeof d.target_type === "string" && (typeof d.ref_id === "number" || typeof d.ref_id === "string")) {
    return `${d.target_type}:${d.ref_id}`;
  }
  return undefined;
}

export class LiveConnection {
  private readonly groups = new Map<string, number>();
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private readonly bound = new Set<string>();
  /** Groups whose bind succeeded on the current socket. */
  private readonly confirmed = new Set<string>();
  private ws: SocketLike | null = null;
  private clientId = "";
  private idleTimer: unknown = null;
  private reconnectTimer: unknown = null;
  private suspended = false;
  private inits = 0;
  private readonly st: (fn: () => void, ms: number) => unknown;
  private readonly ct: (h: unknown) => void;
  private readonly idleMs: number;
  private readonly reconnectMs: number;
  /** How many sockets this connection opened (tests; a reconnect opens one more). */
  opened = 0;

  constructor(private readonly deps: LiveConnectionDeps) {
    this.st = deps.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
    this.ct = deps.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
    this.idleMs = deps.idleMs ?? LIVE_IDLE_MS;
    this.reconnectMs = deps.reconnectMs ?? LIVE_RECONNECT_MS;
  }

  get state(): LiveState {
    if (this.groups.size === 0) return this.ws ? "open" : "closed";
    if (this.suspended) return "suspended";
    if (this.reconnectTimer !== null) return "waiting";
    if (!this.ws) return "idle";
    return this.clientId ? "open" : "connecting";
  }

  get reconnectPending(): boolean {
    return this.reconnectTimer !== null;
  }

  /** Listens to a group; the returned function stops listening (the last one out closes the socket). */
  subscribe(group: string, fn: LiveListener): () => void {
    let set = this.listeners.get(group);
    if (!set) {
      set = new Set();
      this.listeners.set(group, set);
    }
    set.add(fn);
    const n = (this.groups.get(group) ?? 0) + 1;
    this.groups.set(group, n);
    if (this.suspended) this.suspended = false;
    if (!this.ws && this.reconnectTimer === null) this.connect();
    else if (this.ws && this.clientId && !this.bound.has(group)) void this.bindGroup(group);
    else if (this.confirmed.has(group)) fn({ type: LIVE_BOUND, data: null, group });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      set.delete(fn);
      const left = (this.groups.get(group) ?? 1) - 1;
      if (left > 0) this.groups.set(group, left);
      else {
        this.groups.delete(group);
        this.listeners.delete(group);
        this.bound.delete(group);
        this.confirmed.delete(group);
      }
      if (this.groups.size === 0) this.shutdown();
    };
  }

  /** The user did something (typed, sent, liked): resets the idle timer, reopens a socket closed by a failed call. */
  activity(): void {
    if (this.groups.size === 0) return;
    if (this.suspended) {
      this.suspended = false;
      if (!this.ws && this.reconnectTimer === null) this.connect();
      return;
    }
    if (this.ws) this.armIdle();
  }

  /** Closes for good (page left). */
  shutdown(): void {
    this.clearReconnect();
    this.clearIdle();
    const ws = this.ws;
    this.detach();
    if (ws) ws.close(1000, "client");
  }

  private connect(): void {
    this.clearReconnect();
    if (this.groups.size === 0) return;
    const ws = this.deps.open();
    if (!ws) return;
    this.opened++;
    this.ws = ws;
    this.clientId = "";
    this.bound.clear();
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.armIdle();
      this.receive(ev.data);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.detach();
      this.clearIdle();
      if (ev.code >= 4000 && ev.code < 5000) {
        // 4000: closed by a failed call (api/client.ts); 4025 / 4028 / 4400: the server refused the session. Not the
        // timer's business: the next activity tries again.
        this.suspended = true;
        return;
      }
      this.scheduleReconnect();
    };
    ws.onerror = () => {
      if (this.ws !== ws) return;
      this.detach();
      this.clearIdle();
      try {
        ws.close();
      } catch {
        /* already closing */
      }
      this.scheduleReconnect();
    };
    ws.onopen = () => {
      if (this.ws === ws) this.armIdle();
    };
    this.armIdle();
  }

  private receive(raw: unknown): void {
    let msg: unknown;
    try {
      msg = typeof raw === "string" ? JSON.parse(raw) : raw;
    } catch {
      return;
    }
    if (typeof msg !== "object" || msg === null) return;
    const m = msg as { type?: unknown; client_id?: unknown };
    if (m.type === "init" && typeof m.client_id === "string") {
      this.clientId = m.client_id;
      this.inits++;
      for (const g of this.groups.keys()) void this.bindGroup(g);
      if (this.inits > 1) this.emitAll({ type: LIVE_RECONNECTED, data: null });
      return;
    }
    if (typeof m.type !== "string" || CONTROL_TYPES.has(m.type)) return;
    const live = msg as LiveMessage & { group?: string };
    const g = groupOf(live);
    if (g) {
      if (this.groups.has(g)) this.emit(g, { ...live, group: g });
    } else this.emitAll(live);
  }

  private emit(group: string, msg: LiveMessage & { group?: string }): void {
    for (const fn of [...(this.listeners.get(group) ?? [])]) {
      try {
        fn(msg);
      } catch {
        /* a listener's failure is its own */
      }
    }
  }

  private emitAll(msg: LiveMessage): void {
    for (const g of this.listeners.keys()) this.emit(g, { ...msg, group: g });
  }

  private async bindGroup(group: string): Promise<void> {
    const ws = this.ws;
    const clientId = this.clientId;
    if (!ws || !clientId) return;
    this.bound.add(group);
    let code: number;
    try {
      code = await this.deps.bind(clientId, group);
    } catch {
      code = -1;
    }
    if (this.ws !== ws) return;
    if (code === Code.OK) {
      this.confirmed.add(group);
      this.emit(group, { type: LIVE_BOUND, data: null, group });
      return;
    }
    this.bound.delete(group);
    // community.md §4: a non-success response code closes any open socket (the client's close: no timer reconnect).
    this.suspended = true;
    this.detach();
    this.clearIdle();
    this.clearReconnect();
    ws.close(API_ERROR_CLOSE, "api-error");
    this.deps.onFailure?.(code);
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer !== null || this.groups.size === 0) return;
    this.reconnectTimer = this.st(() => {
      this.reconnectTimer = null;
      if (!this.suspended && !this.ws) this.connect();
    }, this.reconnectMs);
  }

  private armIdle(): void {
    this.clearIdle();
    this.idleTimer = this.st(() => {
      this.idleTimer = null;
      const ws = this.ws;
      if (!ws) return;
      // 32 s without a message: a dead socket. Drop it and reconnect.
      this.detach();
      try {
        ws.close(1000, "idle");
      } catch {
        /* gone */
      }
      this.scheduleReconnect();
    }, this.idleMs);
  }

  private clearIdle(): void {
    if (this.idleTimer !== null) this.ct(this.idleTimer);
    this.idleTimer = null;
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) this.ct(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private detach(): void {
    const ws = this.ws;
    if (ws && this.clientId) this.emitAll({ type: LIVE_LOST, data: null });
    this.ws = null;
    this.clientId = "";
    this.bound.clear();
    this.confirmed.clear();
    if (ws) {
      ws.onmessage = null;
      ws.onclose = null;
      ws.onerror = null;
      ws.onopen = null;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The browser's one connection

/** ws(s)://<host>/ws?token=<token>&type=2 */
export function liveSocketUrl(loc: { protocol: string; host: string }, token: string): string {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}${LIVE_WS_PATH}?token=${encodeURIComponent(token)}&type=2`;
}

let shared: LiveConnection | null = null;

/** The page's shared connection. */
export function liveClient(): LiveConnection {
  if (shared) return shared;
  shared = new LiveConnection({
    open: () => {
      const token = getState().session.token;
      if (!token || typeof WebSocket === "undefined") return null;
      const ws = new WebSocket(liveSocketUrl(window.location, token));
      registerLiveSocket(ws);
      return ws as unknown as SocketLike;
    },
    bind: async (clientId, group) => {
      const s = getState().session;
      const env = await postCall(
        CALLS.workmanBind,
        { client_id: clientId, uid: s.account_id, group, ws_type: 2 },
        { appKey: config.appKey, token: s.token, raw: true },
      );
      if (env.code !== Code.OK && env.msg) toast.error(env.msg);
      return env.code;
    },
    onFailure: () => closeLiveSockets(),
  });
  return shared;
}

/**
 * Listens to a live group while the component is mounted (no group: nothing). The listener may change between
 * renders without resubscribing. Answers the connection's activity() to call on the user's actions.
 */
export function useLiveGroup(group: string | null, listener: LiveListener): () => void {
  const ref = useRef(listener);
  ref.current = listener;
  const token = getState().session.token;
  useEffect(() => {
    if (!group || !token) return;
    return liveClient().subscribe(group, (m) => ref.current(m));
  }, [group, token]);
  return () => liveClient().activity();
}

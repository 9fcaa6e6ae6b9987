import { LIVE_IDLE_MS, LIVE_RECONNECT_MS } from "@yanke/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API_ERROR_CLOSE, LIVE_RECONNECTED, LiveConnection, type SocketLike, groupOf, liveSocketUrl } from "./live-socket";

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  closed: { code?: number; reason?: string } | null = null;
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  send(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  /** The server (or the network) ended it. */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(bindCode = 200) {
  const sockets: FakeSocket[] = [];
  const binds: { clientId: string; group: string }[] = [];
  const failures: number[] = [];
  const conn = new LiveConnection({
    open: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    bind: async (clientId, group) => {
      binds.push({ clientId, group });
      return bindCode;
    },
    onFailure: (c) => failures.push(c),
  });
  return { conn, sockets, binds, failures };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("LiveConnection", () => {
  it("opens one socket for every subscriber and binds each group after init", async () => {
    const { conn, sockets, binds } = setup();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const data = (to: unknown[]) => (m: { type: string }) => (m.type.startsWith("live.") ? undefined : to.push(m));
    conn.subscribe("preparation:1", data(a));
    conn.subscribe("listen:2", data(b));
    conn.subscribe("preparation:1", () => {});
    expect(sockets).toHaveLength(1);
    sockets[0].send({ type: "init", client_id: "c1" });
    await vi.runAllTicks();
    await Promise.resolve();
    expect(binds.map((x) => x.group).sort()).toEqual(["listen:2", "preparation:1"]);
    expect(binds.every((x) => x.clientId === "c1")).toBe(true);
    // group isolation: a message reaches only its group's listeners
    sockets[0].send({ type: "discuss.save", data: { id: 5, target_type: "preparation", ref_id: 1 } });
    sockets[0].send({ type: "discuss.save", data: { id: 6, target_type: "after_class", ref_id: 9 } });
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(0);
    expect(conn.state).toBe("open");
  });

  it("a late subscriber's group is bound on the open socket", async () => {
    const { conn, sockets, binds } = setup();
    conn.subscribe("preparation:1", () => {});
    sockets[0].send({ type: "init", client_id: "c1" });
    await Promise.resolve();
    conn.subscribe("after_class:3", () => {});
    await Promise.resolve();
    expect(sockets).toHaveLength(1);
    expect(binds.map((x) => x.group)).toEqual(["preparation:1", "after_class:3"]);
  });

  it("32 s without a message drops the socket and reconnects 2 s later; messages reset the timer", async () => {
    const { conn, sockets } = setup();
    conn.subscribe("preparation:1", () => {});
    sockets[0].send({ type: "init", client_id: "c1" });
    vi.advanceTimersByTime(LIVE_IDLE_MS - 1000);
    sockets[0].send({ type: "ping" }); // heartbeat resets
    vi.advanceTimersByTime(LIVE_IDLE_MS - 1000);
    conn.activity(); // so does the user's activity
    vi.advanceTimersByTime(LIVE_IDLE_MS - 1);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].closed).toBeNull();
    vi.advanceTimersByTime(1);
    expect(sockets[0].closed?.reason).toBe("idle");
    expect(conn.state).toBe("waiting");
    vi.advanceTimersByTime(LIVE_RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it("a close or an error reconnects after 2 s, with only one reconnect pending", () => {
    const { conn, sockets } = setup();
    conn.subscribe("listen:1", () => {});
    sockets[0].onerror?.({});
    sockets[0].drop(); // the close after the error: handlers were detached, nothing more scheduled
    expect(conn.reconnectPending).toBe(true);
    conn.subscribe("listen:2", () => {}); // a new subscriber waits for the pending reconnect
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(LIVE_RECONNECT_MS);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(LIVE_RECONNECT_MS * 5);
    expect(sockets).toHaveLength(2);
    sockets[1].drop(1001);
    vi.advanceTimersByTime(LIVE_RECONNECT_MS);
    expect(sockets).toHaveLength(3);
  });

  it("tells subscribers after a reconnect so they refetch", () => {
    const { conn, sockets } = setup();
    const got: string[] = [];
    conn.subscribe("listen:1", (m) => got.push(m.type));
    sockets[0].send({ type: "init", client_id: "c1" });
    sockets[0].drop();
    vi.advanceTimersByTime(LIVE_RECONNECT_MS);
    sockets[1].send({ type: "init", client_id: "c2" });
    expect(got).toEqual(["live.lost", LIVE_RECONNECTED]);
  });

  it("the last unsubscribe closes the socket for good: no reconnect", () => {
    const { conn, sockets } = setup();
    const off1 = conn.subscribe("listen:1", () => {});
    const off2 = conn.subscribe("listen:1", () => {});
    off1();
    expect(sockets[0].closed).toBeNull();
    off2();
    expect(sockets[0].closed?.code).toBe(1000);
    vi.advanceTimersByTime(LIVE_IDLE_MS * 3);
    expect(sockets).toHaveLength(1);
    expect(conn.state).toBe("closed");
  });

  it("a refused bind closes the socket without a timer reconnect; the next activity reopens it", async () => {
    const { conn, sockets, failures } = setup(1001);
    conn.subscribe("listen:1", () => {});
    sockets[0].send({ type: "init", client_id: "c1" });
    await Promise.resolve();
    await Promise.resolve();
    expect(sockets[0].closed?.code).toBe(API_ERROR_CLOSE);
    expect(failures).toEqual([1001]);
    vi.advanceTimersByTime(LIVE_IDLE_MS + LIVE_RECONNECT_MS * 3);
    expect(sockets).toHaveLength(1);
    expect(conn.state).toBe("suspended");
    conn.activity();
    expect(sockets).toHaveLength(2);
  });

  it("a socket closed by a failed API call (code 4000) is not reconnected by the timer", () => {
    const { conn, sockets } = setup();
    conn.subscribe("listen:1", () => {});
    sockets[0].drop(API_ERROR_CLOSE);
    vi.advanceTimersByTime(LIVE_RECONNECT_MS * 10);
    expect(sockets).toHaveLength(1);
    conn.subscribe("listen:2", () => {});
    expect(sockets).toHaveLength(2);
  });
});

describe("helpers", () => {
  it("builds the socket URL and routes messages to groups", () => {
    expect(liveSocketUrl({ protocol: "https:", host: "a.b:8443" }, "t k")).toBe("wss://a.b:8443/ws?token=t%20k&type=2");
    expect(liveSocketUrl({ protocol: "http:", host: "x" }, "t")).toBe("ws://x/ws?token=t&type=2");
    expect(groupOf({ type: "x", group: "listen:3", data: {} })).toBe("listen:3");
    expect(groupOf({ type: "x", data: { target_type: "after_class", ref_id: 4 } })).toBe("after_class:4");
    expect(groupOf({ type: "x", data: null })).toBeUndefined();
  });
});

describe("bound and lost notices", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  it("a group's subscribers hear when it is bound, a late one at once, and everyone when the socket is lost", async () => {
    const { conn, sockets } = setup();
    const a: string[] = [];
    const b: string[] = [];
    conn.subscribe("listen:1", (m) => a.push(m.type));
    sockets[0].send({ type: "init", client_id: "c1" });
    await Promise.resolve();
    await Promise.resolve();
    expect(a).toEqual(["live.bound"]);
    conn.subscribe("listen:1", (m) => b.push(m.type));
    expect(b).toEqual(["live.bound"]);
    sockets[0].drop();
    expect(a).toEqual(["live.bound", "live.lost"]);
    expect(b).toEqual(["live.bound", "live.lost"]);
  });
});

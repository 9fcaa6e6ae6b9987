/**
 * Live messaging (../shared/design/wire.md "Live messaging"; community.md §4 Live socket, §7 Live messaging; issue #9;
 * docs/api/workman.md): GET /ws?token=&type=2 upgrades; the server sends {type:"init", client_id}; the client binds
 * with c398 and sends with c399 (both raw POST: plain JSON, not encrypted). Messages to a group reach every socket
 * bound to it on every server process (Redis pub/sub when REDIS_URL is set). Heartbeats at least every 25 s; the
 * client treats 32 s of silence as a dead socket and reconnects 2 s later (one reconnect pending at most).
 */
export const WORKMAN_CALLS = {
  /** c398 (raw) */ workmanBind: "/v2/workman/bind",
  /** c399 (raw) */ workmanSend: "/v2/workman/send",
} as const;

/** The live socket's path. */
export const LIVE_WS_PATH = "/ws";
/** The client's idle limit and reconnect delay (community.md §9). */
export const LIVE_IDLE_MS = 32_000;
export const LIVE_RECONNECT_MS = 2_000;
/** The server's heartbeat interval (wire.md: at least every 25 s). */
export const LIVE_HEARTBEAT_MS = 25_000;

/** Socket groups: one per discussed object, e.g. "preparation:12", "listen:7", "after_class:3". */
export type LiveGroupKind = "preparation" | "listen" | "after_class";
export const liveGroup = (kind: LiveGroupKind, id: number): string => `${kind}:${id}`;

/** A message the server pushes to a group's sockets (besides init and heartbeats). */
export interface LiveMessage<T = unknown> {
  /** What happened, e.g. "discuss.save", "discuss.delete", "discuss.like", "listen.score". */
  type: string;
  data: T;
}

/**
 * One dispatcher of HTTP "upgrade" requests (WebSockets) on the Fastify server, by pathname. Fastify does not own
 * "upgrade"; every WebSocket endpoint registers here instead of listening on app.server itself, so that an unknown
 * path is refused (socket destroyed) rather than left hanging, and two endpoints never both answer one request.
 *
 *   registerUpgrade(app, COLLAB_WS_PATH, (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => …));
 *
 * Users: the co-editing server (lesson plans, /ws/collab, lessonplan/lessonplan.collab.ts); the live-message socket
 * (#9) registers its own path the same way. A handler owns the socket from then on (it must answer or destroy it).
 * A handler that throws has its socket destroyed.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

const tables = new WeakMap<FastifyInstance, Map<string, UpgradeHandler>>();

/** The pathname of an upgrade request ("/" when unreadable). */
export function upgradePath(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? "/", "http://localhost").pathname;
  } catch {
    return "/";
  }
}

/** Registers the handler of one WebSocket path (exact pathname match; a second handler for one path is an error). */
export function registerUpgrade(app: FastifyInstance, path: string, handler: UpgradeHandler): void {
  let table = tables.get(app);
  if (!table) {
    const t = new Map<string, UpgradeHandler>();
    tables.set(app, t);
    table = t;
    app.server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const h = t.get(upgradePath(req));
      if (!h) {
        socket.destroy();
        return;
      }
      try {
        h(req, socket, head);
      } catch {
        socket.destroy();
      }
    });
  }
  if (table.has(path)) throw new Error(`WebSocket path registered twice: ${path}`);
  table.set(path, handler);
}

/** The registered WebSocket paths (for diagnostics and tests). */
export function upgradePaths(app: FastifyInstance): string[] {
  return [...(tables.get(app)?.keys() ?? [])];
}

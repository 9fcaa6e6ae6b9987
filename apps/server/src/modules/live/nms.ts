import { createRequire } from "node:module";
import type { Socket } from "node:net";

/**
 * The parts of node-media-server (pinned exactly in package.json) the ingest uses: its RTMP protocol session and
 * its broadcast fan-out (GOP cache, FLV/RTMP muxing). Its NodeMediaServer class is not used: it cannot listen on
 * port 0, calls process.exit(1) when its port is taken, forces its logger to debug, starts an Express admin server
 * and writes a JSON store under ./data (docs/decisions/0610-rtmp-ingest.md).
 *
 * These modules are internal to the package (no "exports" map, plain CommonJS); an upgrade of node-media-server
 * must re-check this file and test/live.test.ts.
 */

const require = createRequire(import.meta.url);

export interface NmsPacket {
  codec_type: number;
  flags: number;
  dts: number;
  pts: number;
  size: number;
  data: Buffer;
}

export interface NmsSession {
  id: string;
  ip: string;
  protocol: string;
  isPublisher: boolean;
  streamApp: string;
  streamName: string;
  streamHost: string;
  streamPath: string;
  streamQuery: Record<string, unknown>;
  sendBuffer: (buffer: Buffer) => void;
  close: () => void;
}

export interface NmsBroadcast {
  streamPath: string;
  publisher: NmsSession | null;
  subscribers: Map<string, NmsSession>;
  publishGraceMs: number;
  flvMetaData: Buffer | null;
  flvAudioHeader: Buffer | null;
  flvVideoHeader: Buffer | null;
  rtmpMetaData: Buffer | null;
  rtmpAudioHeader: Buffer | null;
  rtmpVideoHeader: Buffer | null;
  /** Registers a subscriber and sends it the FLV/RTMP header, the stream headers and the cached GOP. null = ok. */
  postPlay(session: NmsSession): string | null;
  donePlay(session: NmsSession): void;
  postPublish(session: NmsSession): string | null;
  donePublish(session: NmsSession): void;
  /** Ends the publish at once (the package waits publishGraceMs for the same client to come back). */
  _finishPublish(): void;
  broadcastMessage(packet: NmsPacket): void;
}

export interface NmsRtmpProtocol {
  onConnectCallback: (req: { app: string; name: string; host: string; query: Record<string, unknown> }) => void;
  onPlayCallback: () => void;
  onPushCallback: () => void;
}

export interface NmsRtmpSession extends NmsSession {
  socket: Socket;
  rtmp: NmsRtmpProtocol;
  broadcast: NmsBroadcast;
  run(): void;
  onPush(): void;
  onPlay(): void;
  onData(data: Buffer): void;
}

interface NmsLogger {
  level: string;
  log(message: string, level?: string): void;
}

export const RtmpSession = require("node-media-server/src/session/rtmp_session.js") as new (socket: Socket) => NmsRtmpSession;
export const BroadcastServer = require("node-media-server/src/server/broadcast_server.js") as new (streamPath: string) => NmsBroadcast;
export const BaseSession = require("node-media-server/src/session/base_session.js") as new () => NmsSession;
export const nmsLogger = require("node-media-server/src/core/logger.js") as NmsLogger;
export const nmsVersion = (require("node-media-server/package.json") as { version: string }).version;

type LogSink = (level: "debug" | "info" | "warn" | "error", message: string) => void;
let sink: LogSink = () => undefined;

// The package logs every session to console.log; its lines go to the ingest's logger instead (debug level: they
// are per-connection chatter; our own lines say what matters).
nmsLogger.log = (message: string, level = "info") => {
  sink(level === "error" ? "warn" : "debug", `node-media-server: ${message}`);
};

/** Where node-media-server's log lines go (one sink per process: the package's logger is a singleton). */
export function setNmsLogSink(next: LogSink): void {
  sink = next;
}

import type { Readable } from "node:stream";

/** The two cameras of a classroom device. */
export type Camera = "teacher" | "student";
export const CAMERAS: readonly Camera[] = ["teacher", "student"];

/**
 * What the ingest asks the equipment registry (docs/api/device-protocol.md, "The interface between the ingest and
 * the registry"). modules/equipment implements it.
 */
export interface StreamAuthority {
  /** The device and camera of a publish key, or undefined to refuse the publish. */
  authorizePublish(key: string): Promise<{ equipmentId: number; camera: Camera } | undefined>;
  /** A camera started / stopped publishing. */
  published(equipmentId: number, camera: Camera, live: boolean): Promise<void>;
}

/** The few logger methods the live module uses (a pino / Fastify logger fits). */
export interface LiveLog {
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export const silentLog: LiveLog = { debug() {}, info() {}, warn() {}, error() {} };

/** A camera being published right now. */
export interface LiveStreamInfo {
  equipmentId: number;
  camera: Camera;
  /** When the publish was accepted (ms since the epoch). */
  since: number;
  /** The publisher's address (ip:port). */
  remote: string;
}

/**
 * What the playback routes read: the in-process LiveIngest, or ExternalLive for an external RTMP server
 * (nginx-rtmp, SRS) calling the publish hooks.
 */
export interface LiveSource {
  /** The HLS folder of a live camera (undefined when not live). */
  hlsDir(equipmentId: number, camera: Camera): string | undefined;
  /** The playlist path once it exists (waiting at most timeoutMs); undefined when not live or not in time. */
  waitForPlaylist(equipmentId: number, camera: Camera, timeoutMs: number, signal?: AbortSignal): Promise<string | undefined>;
  /** A live FLV stream (from the last keyframe on), or undefined when not live / not available. */
  subscribe(equipmentId: number, camera: Camera): Readable | undefined | Promise<Readable | undefined>;
}

/** A loopback peer address (IPv4, IPv6 or IPv4-mapped). */
export function isLoopback(addr: string | undefined): boolean {
  return !!addr && (addr === "::1" || addr.startsWith("127.") || addr.startsWith("::ffff:127."));
}

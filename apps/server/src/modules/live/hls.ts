import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { BaseSession, type NmsBroadcast, type NmsSession } from "./nms.js";
import { flvPipeCopy } from "../../infra/ffmpeg-args.js";
import type { LiveLog } from "./live.types.js";

/**
 * Segment file names served: ours are seg<n>.ts (sequence numbers start at the epoch second: no clash after a
 * respawn); nginx-rtmp's <n>.ts and SRS's <seq>.ts fit too. Never a path.
 */
export const SEGMENT_NAME = /^[A-Za-z0-9_-]{1,64}\.ts$/;
export const PLAYLIST_NAME = "index.m3u8";

/**
 * Waits (at most timeoutMs, polling) for `<dir>/index.m3u8`; dir() is asked each time (undefined = not live).
 * A playlist last written before `notBefore` (ms; a previous publish's, left by an external server) does not count.
 */
export async function waitForPlaylistIn(dir: () => string | undefined, timeoutMs: number, signal?: AbortSignal, notBefore = 0): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const d = dir();
    if (!d) return undefined;
    const file = path.join(d, PLAYLIST_NAME);
    try {
      if ((await stat(file)).mtimeMs >= notBefore) return file;
    } catch {
      // not written yet
    }
    if (Date.now() >= deadline || signal?.aborted) return undefined;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface HlsOptions {
  ffmpegPath: string;
  /** Target segment length; segments are cut at keyframes, so the publisher's keyframe interval decides (≤ 2 s). */
  segmentSeconds: number;
  /** Segments in the rolling playlist (older ones are deleted). */
  listSize: number;
}

/**
 * One ffmpeg per live camera repackaging its FLV (fed on stdin from the broadcast, starting at the cached GOP)
 * into HLS without re-encoding, in `dir`. Respawned while the stream lives if ffmpeg dies.
 */
export class HlsPackager {
  private child?: ChildProcess;
  private subscriber?: NmsSession;
  private stopped = false;
  private restarts: number[] = [];
  private respawnTimer?: NodeJS.Timeout;

  constructor(
    private readonly broadcast: NmsBroadcast,
    readonly dir: string,
    private readonly opts: HlsOptions,
    private readonly log: LiveLog,
    private readonly label: string,
  ) {}

  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    if (!this.stopped) this.spawn();
  }

  private spawn(): void {
    const args = [
      ...flvPipeCopy(),
      "-f",
      "hls",
      "-hls_time",
      String(this.opts.segmentSeconds),
      "-hls_list_size",
      String(this.opts.listSize),
      "-hls_flags",
      "delete_segments+temp_file+independent_segments+omit_endlist",
      "-hls_start_number_source",
      "epoch",
      "-hls_segment_filename",
      "seg%d.ts",
      PLAYLIST_NAME,
    ];
    const child = spawn(this.opts.ffmpegPath, args, { cwd: this.dir, stdio: ["pipe", "ignore", "pipe"] });
    this.child = child;
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (s: string) => {
      stderr = (stderr + s).slice(-2000);
    });
    child.stdin?.on("error", () => undefined); // EPIPE when ffmpeg dies; handled by "exit"
    const sub = new BaseSession();
    sub.protocol = "flv";
    sub.ip = ""; // internal subscriber: no play events, not counted
    sub.sendBuffer = (buf: Buffer) => {
      if (child.stdin?.writable) child.stdin.write(buf);
    };
    this.subscriber = sub;
    child.on("error", (err) => {
      this.log.warn(`直播 ${this.label}：无法启动 ffmpeg（${this.opts.ffmpegPath}）做 HLS 切片：${err.message}`);
    });
    child.on("exit", (code, signal) => {
      this.broadcast.donePlay(sub);
      if (this.child === child) this.child = undefined;
      if (this.stopped) return;
      this.log.warn(`直播 ${this.label}：HLS 切片 ffmpeg 退出（${code ?? signal}）${stderr.trim() ? `：${stderr.trim()}` : ""}`);
      // Respawn while the publish lasts, at most 5 times a minute (a missing ffmpeg fails at once every time).
      const now = Date.now();
      this.restarts = this.restarts.filter((t) => now - t < 60_000);
      if (this.restarts.length >= 5) {
        this.log.error(`直播 ${this.label}：HLS 切片反复失败，本次推流不再提供 HLS（HTTP-FLV 不受影响）`);
        return;
      }
      this.restarts.push(now);
      this.respawnTimer = setTimeout(() => {
        if (!this.stopped) this.spawn();
      }, 1000);
    });
    if (child.pid === undefined) {
      // Not started (no such executable): the "error" handler above says so; no respawn.
      this.child = undefined;
      this.stopped = true;
      return;
    }
    this.broadcast.postPlay(sub);
  }

  /** Stops ffmpeg (closing its input lets it finish; killed after 2 s) and removes the folder. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.respawnTimer);
    const child = this.child;
    if (this.subscriber) this.broadcast.donePlay(this.subscriber);
    if (child && child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.stdin?.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 2000);
      await exited;
      clearTimeout(timer);
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}

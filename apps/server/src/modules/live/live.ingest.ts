import { EventEmitter } from "node:events";
import { rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { HlsPackager, waitForPlaylistIn } from "./hls.js";
import type { Camera, LiveLog, LiveSource, LiveStreamInfo, StreamAuthority } from "./live.types.js";
import { isLoopback, silentLog } from "./live.types.js";
import { BaseSession, BroadcastServer, type NmsBroadcast, type NmsRtmpSession, RtmpSession, setNmsLogSink } from "./nms.js";

export interface LiveIngestOptions {
  /** RTMP listen port (0 = any free port; the actual one is returned by start()). */
  rtmpPort: number;
  /** Listen address (default 0.0.0.0). */
  host?: string;
  /** HLS output goes under `<dataDir>/live/<equipmentId>/<camera>/` (wiped at start: nothing is live then). */
  dataDir: string;
  authority: StreamAuthority;
  ffmpegPath?: string;
  log?: LiveLog;
  /** HLS segment target length in seconds (default 2) and playlist length in segments (default 6). */
  hlsSegmentSeconds?: number;
  hlsListSize?: number;
  /** A connection that sends nothing this long is dropped (default 15 s; a dead publisher goes offline then). */
  idleTimeoutMs?: number;
}

/** The RTMP application devices publish to: rtmp://host:port/live/<key>. */
export const RTMP_APP = "live";
const SAFE_NAME = /^[A-Za-z0-9_-]{1,128}$/;
/** A publisher is dropped when the registry takes longer than this to authorize it, or it sends more meanwhile. */
const AUTHORIZE_TIMEOUT_MS = 10_000;
const MAX_HELD_BYTES = 8 * 1024 * 1024;
/** An FLV viewer this far behind is dropped rather than buffered without bound. */
const MAX_VIEWER_BACKLOG = 16 * 1024 * 1024;

interface LiveStream extends LiveStreamInfo {
  key: string;
  session: NmsRtmpSession;
  broadcast: NmsBroadcast;
  dir: string;
  packager?: HlsPackager;
  viewers: Set<PassThrough>;
  /** Resolves once the stream is torn down (set when the teardown starts). */
  ended?: Promise<void>;
  /** "publish" was emitted (so "unpublish" will be). */
  announced?: boolean;
}

type Events = { publish: [LiveStreamInfo]; unpublish: [LiveStreamInfo] };

/**
 * The RTMP ingest (#6): devices publish `rtmp://<host>:<port>/live/<key>`; each publish is authorized by the
 * equipment registry (StreamAuthority), repackaged to HLS by ffmpeg (`-c copy`) and fanned out as HTTP-FLV.
 * Unpublish is noticed when the publisher's socket closes (or after idleTimeoutMs of silence), not after
 * node-media-server's 30 s grace.
 *
 * Events: "publish" and "unpublish" with the stream (after the authority has been told).
 */
export class LiveIngest extends EventEmitter<Events> implements LiveSource {
  private server?: net.Server;
  private opts?: Required<Omit<LiveIngestOptions, "log">> & { log: LiveLog };
  private readonly sockets = new Set<net.Socket>();
  /** Live streams by "equipmentId/camera" and by key. */
  private readonly live = new Map<string, LiveStream>();
  private readonly byKey = new Map<string, LiveStream>();
  /** authority.published calls of one camera run in order. */
  private readonly chains = new Map<string, Promise<void>>();
  private actualPort = 0;

  /** Starts listening; resolves with the actual RTMP port. */
  async start(options: LiveIngestOptions): Promise<number> {
    if (this.server) throw new Error("LiveIngest already started");
    const log = options.log ?? silentLog;
    this.opts = {
      host: "0.0.0.0",
      ffmpegPath: "ffmpeg",
      hlsSegmentSeconds: 2,
      hlsListSize: 6,
      idleTimeoutMs: 15_000,
      ...options,
      log,
    };
    setNmsLogSink((level, msg) => log[level](msg));
    await rm(path.join(options.dataDir, "live"), { recursive: true, force: true });
    const server = net.createServer((socket) => this.onConnection(socket));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.rtmpPort, this.opts!.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
    server.on("error", (err) => log.error(`RTMP 服务出错：${err.message}`));
    this.server = server;
    const addr = server.address();
    this.actualPort = typeof addr === "object" && addr ? addr.port : options.rtmpPort;
    log.info(`RTMP 接入已启动，端口 ${this.actualPort}（推流地址 rtmp://<主机>:${this.actualPort}/${RTMP_APP}/<推流密钥>）`);
    return this.actualPort;
  }

  /** Stops listening, drops every connection, stops the packagers and tells the authority the streams ended. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    // Teardowns start from the sockets' close events; wait for them and for the authority calls.
    await new Promise((r) => setImmediate(r));
    await Promise.all([...this.live.values()].map((s) => this.teardown(s)));
    await Promise.all([...this.chains.values()]);
    await closed;
  }

  /** The RTMP port listened on (0 before start). */
  get port(): number {
    return this.actualPort;
  }

  isLive(equipmentId: number, camera: Camera): boolean {
    return this.live.has(`${equipmentId}/${camera}`);
  }

  /**
   * Drops the publishers of a device (one camera or both): its keys were revoked (resetSecret, disabled, deleted).
   * Resolves once they are torn down and the authority told.
   */
  async disconnect(equipmentId: number, camera?: Camera): Promise<void> {
    const gone = [...this.live.values()].filter((s) => s.equipmentId === equipmentId && (!camera || s.camera === camera));
    for (const s of gone) s.session.socket.destroy();
    await Promise.all(gone.map((s) => this.teardown(s)));
  }

  /** The cameras being published now. */
  streams(): LiveStreamInfo[] {
    return [...this.live.values()].map(({ equipmentId, camera, since, remote }) => ({ equipmentId, camera, since, remote }));
  }

  /** The HLS folder of a live camera (its playlist may not exist yet: the first segment takes ~2 s). */
  hlsDir(equipmentId: number, camera: Camera): string | undefined {
    return this.live.get(`${equipmentId}/${camera}`)?.dir;
  }

  /**
   * Waits (at most timeoutMs) for the playlist of a live camera; its path, or undefined when the camera is not
   * live or no playlist came in time.
   */
  waitForPlaylist(equipmentId: number, camera: Camera, timeoutMs: number, signal?: AbortSignal): Promise<string | undefined> {
    return waitForPlaylistIn(() => this.hlsDir(equipmentId, camera), timeoutMs, signal);
  }

  /**
   * A live FLV stream of a camera (FLV header, stream headers, the cached GOP from its last keyframe, then live
   * tags), or undefined when it is not live. It ends when the publish ends; destroy it to stop watching.
   */
  subscribe(equipmentId: number, camera: Camera): Readable | undefined {
    const stream = this.live.get(`${equipmentId}/${camera}`);
    if (!stream || stream.ended !== undefined) return undefined;
    const out = new PassThrough();
    const sub = new BaseSession();
    sub.protocol = "flv";
    sub.ip = "";
    sub.sendBuffer = (buf: Buffer) => {
      if (out.destroyed || out.writableEnded) return;
      if (out.writableLength > MAX_VIEWER_BACKLOG) {
        out.destroy(new Error("viewer too slow"));
        return;
      }
      out.write(buf);
    };
    const done = () => {
      stream.broadcast.donePlay(sub);
      stream.viewers.delete(out);
    };
    out.once("close", done);
    stream.viewers.add(out);
    stream.broadcast.postPlay(sub);
    return out;
  }

  // ---------------------------------------------------------------------------------------------------------------

  private onConnection(socket: net.Socket): void {
    const opts = this.opts!;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(opts.idleTimeoutMs, () => socket.destroy());
    const session = new RtmpSession(socket);
    session.run();
    socket.on("close", () => {
      this.sockets.delete(socket);
      const stream = this.byKey.get(session.streamName);
      if (stream && stream.session === session) void this.teardown(stream);
    });
    // Our own connect/publish/play handling: per-ingest broadcasts (not the package's process-wide map), publish
    // authorized by the registry, RTMP play only from this machine.
    session.rtmp.onConnectCallback = (req) => {
      if (req.app !== RTMP_APP || !SAFE_NAME.test(req.name)) {
        opts.log.warn(`RTMP ${session.ip} 地址无效（应用 ${String(req.app).slice(0, 40)}），已断开`);
        socket.destroy();
        return;
      }
      session.streamApp = req.app;
      session.streamName = req.name;
      session.streamHost = req.host;
      session.streamQuery = req.query;
      session.streamPath = `/${req.app}/${req.name}`;
      // Until authorized, whatever the publisher sends lands in a broadcast nobody watches.
      session.broadcast = new BroadcastServer(session.streamPath);
    };
    session.rtmp.onPushCallback = () => {
      if (socket.destroyed) return;
      this.onPublishRequest(session);
    };
    session.rtmp.onPlayCallback = () => {
      if (socket.destroyed) return;
      const stream = this.byKey.get(session.streamName);
      const local = isLoopback(socket.remoteAddress);
      if (!local || !stream || stream.ended !== undefined) {
        opts.log.warn(`RTMP ${session.ip} 拉流被拒绝（${local ? "该流未在直播" : "只允许本机拉流"}）`);
        socket.destroy();
        return;
      }
      session.broadcast = stream.broadcast;
      session.onPlay();
      socket.setTimeout(0); // a player sends little (acknowledgements)
    };
  }

  private onPublishRequest(session: NmsRtmpSession): void {
    const opts = this.opts!;
    const socket = session.socket;
    const key = session.streamName;
    // Hold the publisher's data until the registry answers (ffmpeg and devices wait for NetStream.Publish.Start,
    // which the package has already sent, before sending media; anything parsed before now went to the unwatched
    // placeholder broadcast, whose headers are carried over below).
    const held: Buffer[] = [];
    let heldBytes = 0;
    const shown = `${key.slice(0, 4)}…`;
    const hold = (buf: Buffer) => {
      held.push(buf);
      heldBytes += buf.length;
      if (heldBytes > MAX_HELD_BYTES) {
        opts.log.warn(`RTMP ${session.ip} 推流密钥 ${shown} 鉴权过慢，已断开`);
        socket.destroy();
      }
    };
    socket.removeListener("data", session.onData);
    socket.on("data", hold);
    const placeholder = session.broadcast;
    const slow = setTimeout(() => {
      opts.log.warn(`RTMP ${session.ip} 推流密钥 ${shown} 鉴权超时，已断开`);
      socket.destroy();
    }, AUTHORIZE_TIMEOUT_MS);
    opts.authority
      .authorizePublish(key)
      .finally(() => clearTimeout(slow))
      .then(
        async (who) => {
          if (socket.destroyed) return;
          if (!who) {
            opts.log.warn(`RTMP ${session.ip} 推流密钥 ${shown} 无效或已停用，已拒绝`);
            socket.destroy();
            return;
          }
          const id = `${who.equipmentId}/${who.camera}`;
          const previous = this.live.get(id);
          if (previous) {
            // The newest publisher of a camera wins (a device that restarted may leave a half-open socket behind).
            opts.log.info(`直播 ${id}：新的推流取代了上一个（${previous.remote}）`);
            previous.session.socket.destroy();
            await this.teardown(previous);
            if (socket.destroyed) return;
          }
          const broadcast = new BroadcastServer(session.streamPath);
          broadcast.publishGraceMs = 0;
          for (const f of ["flvMetaData", "flvAudioHeader", "flvVideoHeader", "rtmpMetaData", "rtmpAudioHeader", "rtmpVideoHeader"] as const) {
            broadcast[f] = placeholder[f];
          }
          session.broadcast = broadcast;
          session.onPush();
          if (!session.isPublisher) {
            socket.destroy();
            return;
          }
          const stream: LiveStream = {
            equipmentId: who.equipmentId,
            camera: who.camera,
            since: Date.now(),
            remote: session.ip,
            key,
            session,
            broadcast,
            dir: path.join(opts.dataDir, "live", String(who.equipmentId), who.camera),
            viewers: new Set(),
          };
          this.live.set(id, stream);
          this.byKey.set(key, stream);
          socket.removeListener("data", hold);
          socket.on("data", session.onData);
          for (const buf of held) if (!socket.destroyed) session.onData(buf);
          held.length = 0;
          if (socket.destroyed) {
            await this.teardown(stream);
            return;
          }
          opts.log.info(`直播 ${id} 开始推流（${session.ip}）`);
          stream.packager = new HlsPackager(
            broadcast,
            stream.dir,
            { ffmpegPath: opts.ffmpegPath, segmentSeconds: opts.hlsSegmentSeconds, listSize: opts.hlsListSize },
            opts.log,
            id,
          );
          const info = { equipmentId: stream.equipmentId, camera: stream.camera, since: stream.since, remote: stream.remote };
          await Promise.all([
            stream.packager.start().catch((e: unknown) => opts.log.error(`直播 ${id}：HLS 目录无法创建：${String(e)}`)),
            this.tell(stream, true),
          ]);
          if (!stream.ended) {
            stream.announced = true;
            this.emit("publish", info);
          }
        },
        (err: unknown) => {
          opts.log.error(`RTMP 推流鉴权失败（${shown}）：${err instanceof Error ? err.message : String(err)}`);
          socket.destroy();
        },
      );
  }

  private teardown(stream: LiveStream): Promise<void> {
    if (stream.ended !== undefined) return stream.ended;
    const opts = this.opts!;
    const id = `${stream.equipmentId}/${stream.camera}`;
    stream.ended = (async () => {
      if (this.live.get(id) === stream) this.live.delete(id);
      if (this.byKey.get(stream.key) === stream) this.byKey.delete(stream.key);
      // The package's own grace timer is 0 for our broadcasts; end the publish now all the same.
      stream.broadcast._finishPublish();
      for (const v of stream.viewers) v.end();
      stream.viewers.clear();
      opts.log.info(`直播 ${id} 结束推流`);
      await Promise.all([stream.packager?.stop().catch(() => undefined), this.tell(stream, false)]);
      if (stream.announced) this.emit("unpublish", { equipmentId: stream.equipmentId, camera: stream.camera, since: stream.since, remote: stream.remote });
    })();
    return stream.ended;
  }

  /** authority.published, in order per camera; failures are logged (the registry is told again next publish). */
  private tell(stream: LiveStream, live: boolean): Promise<void> {
    const id = `${stream.equipmentId}/${stream.camera}`;
    const prev = this.chains.get(id) ?? Promise.resolve();
    const next = prev.then(() =>
      this.opts!.authority.published(stream.equipmentId, stream.camera, live).catch((e: unknown) => {
        this.opts!.log.error(`直播 ${id}：登记${live ? "开始" : "结束"}推流失败：${e instanceof Error ? e.message : String(e)}`);
      }),
    );
    this.chains.set(id, next);
    void next.then(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
    return next;
  }
}

import { timingSafeEqual } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { waitForPlaylistIn } from "./hls.js";
import { RTMP_APP } from "./live.ingest.js";
import { type Camera, type LiveLog, type LiveSource, type LiveStreamInfo, type StreamAuthority, isLoopback, silentLog } from "./live.types.js";

/**
 * The production variant (docs/live.md): an external RTMP server — nginx with libnginx-mod-rtmp, or SRS — takes
 * the devices' pushes and writes HLS itself; it calls these publish hooks, which ask the same StreamAuthority as the
 * in-process ingest, and the same playback routes (liveRoutes) serve its HLS folder (and, with SRS, proxy its
 * HTTP-FLV).
 *
 *   POST /live/hooks/publish       nginx-rtmp on_publish (form: app, name, addr) or SRS on_publish (JSON: app, stream, ip)
 *   POST /live/hooks/publish_done  nginx-rtmp on_publish_done
 *   POST /live/hooks/unpublish     SRS on_unpublish
 *
 * Allowed: 200 {"code":0}; refused: 403 {"code":403} (nginx-rtmp refuses on any non-2xx, SRS on a non-zero code).
 * The hooks need `?token=<hookToken>` (or, with no token configured, a caller on this machine).
 */
export interface ExternalLiveOptions {
  authority: StreamAuthority;
  /** The external server's HLS folder of the `live` application: the playlist of a key is <hlsRoot>/<key>/index.m3u8. */
  hlsRoot: string;
  /** The external server's HTTP-FLV address of a key (SRS: `http://127.0.0.1:8080/live/${key}.flv`); none for nginx-rtmp. */
  flvUpstream?: (key: string) => string;
  /** Shared secret the hook addresses carry as ?token= (recommended; without it only loopback callers are accepted). */
  hookToken?: string;
  log?: LiveLog;
}

interface ExternalStream extends LiveStreamInfo {
  key: string;
}

export class ExternalLive implements LiveSource {
  private readonly live = new Map<string, ExternalStream>();
  private readonly byKey = new Map<string, ExternalStream>();
  private readonly log: LiveLog;

  constructor(private readonly opts: ExternalLiveOptions) {
    this.log = opts.log ?? silentLog;
  }

  isLive(equipmentId: number, camera: Camera): boolean {
    return this.live.has(`${equipmentId}/${camera}`);
  }

  streams(): LiveStreamInfo[] {
    return [...this.live.values()].map(({ equipmentId, camera, since, remote }) => ({ equipmentId, camera, since, remote }));
  }

  hlsDir(equipmentId: number, camera: Camera): string | undefined {
    const s = this.live.get(`${equipmentId}/${camera}`);
    return s ? path.join(this.opts.hlsRoot, s.key) : undefined;
  }

  waitForPlaylist(equipmentId: number, camera: Camera, timeoutMs: number, signal?: AbortSignal): Promise<string | undefined> {
    // The external server may have left the previous publish's playlist behind: only one written since counts.
    const since = this.live.get(`${equipmentId}/${camera}`)?.since ?? 0;
    return waitForPlaylistIn(() => this.hlsDir(equipmentId, camera), timeoutMs, signal, since - 1000);
  }

  async subscribe(equipmentId: number, camera: Camera): Promise<Readable | undefined> {
    const s = this.live.get(`${equipmentId}/${camera}`);
    if (!s || !this.opts.flvUpstream) return undefined;
    try {
      const res = await fetch(this.opts.flvUpstream(s.key));
      if (!res.ok || !res.body) return undefined;
      return Readable.fromWeb(res.body as import("node:stream/web").ReadableStream<Uint8Array>);
    } catch (e) {
      this.log.warn(`直播 ${equipmentId}/${camera}：外部 HTTP-FLV 无法读取：${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  /** A publish the external server announces; true when allowed. */
  async publish(key: string, remote: string): Promise<boolean> {
    const who = await this.opts.authority.authorizePublish(key);
    if (!who) {
      this.log.warn(`外部推流 ${remote} 密钥 ${key.slice(0, 4)}… 无效或已停用，已拒绝`);
      return false;
    }
    const id = `${who.equipmentId}/${who.camera}`;
    const previous = this.live.get(id);
    if (previous && previous.key !== key) this.byKey.delete(previous.key);
    const stream: ExternalStream = { equipmentId: who.equipmentId, camera: who.camera, since: Date.now(), remote, key };
    this.live.set(id, stream);
    this.byKey.set(key, stream);
    await this.opts.authority.published(who.equipmentId, who.camera, true);
    return true;
  }

  /** The external server says a publish ended. */
  async unpublish(key: string): Promise<void> {
    const stream = this.byKey.get(key);
    if (!stream) return;
    this.byKey.delete(key);
    const id = `${stream.equipmentId}/${stream.camera}`;
    if (this.live.get(id) === stream) this.live.delete(id);
    await this.opts.authority.published(stream.equipmentId, stream.camera, false);
  }

  /** Registers POST /live/hooks/:event (in a scope of its own: it parses form bodies, which the rest of the app does not). */
  hookRoutes(app: FastifyInstance): void {
    const token = this.opts.hookToken ? Buffer.from(this.opts.hookToken) : undefined;
    const trusted = (req: FastifyRequest<{ Querystring: { token?: string } }>) => {
      if (!token) return isLoopback(req.socket.remoteAddress);
      const got = Buffer.from(String(req.query.token ?? ""));
      return got.length === token.length && timingSafeEqual(got, token);
    };
    const answer = (res: FastifyReply, ok: boolean, msg: string) => res.code(ok ? 200 : 403).send({ code: ok ? 0 : 403, msg });
    // biome-ignore lint/nursery/noMisusedPromises: Fastify's register takes an async plugin (FastifyPluginAsync) and awaits it; the rule only sees the callback overload.
    void app.register(async (scope) => {
      if (!scope.hasContentTypeParser("application/x-www-form-urlencoded")) {
        scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        });
      }
      scope.post<{ Params: { event: string }; Querystring: { token?: string }; Body: Record<string, unknown> | undefined }>(
        "/live/hooks/:event",
        async (req, res) => {
          if (!trusted(req)) return answer(res, false, "推流回调未授权");
          const b = req.body ?? {};
          // nginx-rtmp: app, name, addr; SRS: app, stream, ip.
          const appName = String(b.app ?? "");
          const key = String(b.name ?? b.stream ?? "");
          const remote = String(b.addr ?? b.ip ?? "");
          switch (req.params.event) {
            case "publish":
            case "on_publish": {
              if (appName !== RTMP_APP || !key) return answer(res, false, "推流地址无效");
              const ok = await this.publish(key, remote);
              return answer(res, ok, ok ? "ok" : "推流密钥无效或设备已停用");
            }
            case "publish_done":
            case "on_publish_done":
            case "unpublish":
            case "on_unpublish":
              if (key) await this.unpublish(key);
              return answer(res, true, "ok");
            default:
              // Other hooks (play, connect …) are allowed and ignored.
              return answer(res, true, "ok");
          }
        },
      );
    });
  }
}

import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Code } from "@yanke/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SEGMENT_NAME } from "./hls.js";
import { CAMERAS, type Camera, type LiveSource } from "./live.types.js";

export interface LiveRouteDeps {
  /** The in-process LiveIngest, or an ExternalLive. */
  ingest: LiveSource;
  /** May the caller of this request watch this device? (session TOKEN or signed address; wired by the app.) */
  mayWatch(req: FastifyRequest, equipmentId: number): boolean | Promise<boolean>;
  /** How long a playlist request waits for the first playlist of a camera that just went live (default 8 s). */
  playlistWaitMs?: number;
}

type Params = { id: string; camera: string; segment?: string; file?: string };

function fail(res: FastifyReply, status: number, code: number, msg: string): FastifyReply {
  return res.code(status).header("content-type", "application/json; charset=utf-8").header("cache-control", "no-store").send({ code, msg, data: null });
}

const NOT_LIVE = "该摄像头当前没有直播";

/**
 * GET /live/:id/:camera/index.m3u8 — rolling HLS playlist (ffmpeg -c copy, 2 s segments);
 * GET /live/:id/:camera/:segment — its .ts segments;
 * GET /live/:id/:camera.flv — HTTP-FLV, streamed from the last keyframe on (low latency).
 * 404 when the camera is not live, 403 when mayWatch refuses. A query string on the playlist address (a signed
 * address) is carried onto the segment addresses in the playlist.
 */
export function liveRoutes(app: FastifyInstance, deps: LiveRouteDeps): void {
  const { ingest } = deps;
  const waitMs = deps.playlistWaitMs ?? 8000;

  /** The device and camera of the request, after the access check; undefined when a refusal was sent. */
  const target = async (req: FastifyRequest<{ Params: Params }>, res: FastifyReply, camera: string) => {
    const id = Number(req.params.id);
    if (!/^\d{1,15}$/.test(req.params.id) || !Number.isSafeInteger(id) || id <= 0 || !CAMERAS.includes(camera as Camera)) {
      fail(res, 404, Code.NOT_FOUND, "直播地址不存在");
      return undefined;
    }
    if (!(await deps.mayWatch(req, id))) {
      fail(res, 403, Code.FORBIDDEN, "没有权限观看该设备的直播");
      return undefined;
    }
    return { id, camera: camera as Camera };
  };

  app.get<{ Params: Params }>("/live/:id/:camera/index.m3u8", async (req, res) => {
    const t = await target(req, res, req.params.camera);
    if (!t) return res;
    const abort = new AbortController();
    // The response's close (not the request's: that fires once a GET has been read) = the client went away.
    res.raw.once("close", () => abort.abort());
    const file = await ingest.waitForPlaylist(t.id, t.camera, waitMs, abort.signal);
    if (!file) return fail(res, 404, Code.NOT_FOUND, NOT_LIVE);
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch {
      return fail(res, 404, Code.NOT_FOUND, NOT_LIVE);
    }
    const q = req.url.indexOf("?");
    if (q >= 0) {
      const query = req.url.slice(q);
      text = text.replace(/^(?!#)(\S+)$/gm, (line) => `${line}${query}`);
    }
    return res.header("content-type", "application/vnd.apple.mpegurl").header("cache-control", "no-cache, no-store").send(text);
  });

  app.get<{ Params: Params }>("/live/:id/:camera/:segment", async (req, res) => {
    const t = await target(req, res, req.params.camera);
    if (!t) return res;
    const segment = req.params.segment ?? "";
    const dir = ingest.hlsDir(t.id, t.camera);
    if (!dir || !SEGMENT_NAME.test(segment)) return fail(res, 404, Code.NOT_FOUND, NOT_LIVE);
    const file = path.join(dir, segment);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch {
      return fail(res, 404, Code.NOT_FOUND, "该直播分片已过期");
    }
    return res
      .header("content-type", "video/mp2t")
      .header("content-length", String(size))
      .header("cache-control", "private, max-age=60")
      .send(createReadStream(file));
  });

  app.get<{ Params: Params }>("/live/:id/:file", async (req, res) => {
    const m = /^(teacher|student)\.flv$/.exec(req.params.file ?? "");
    const t = await target(req, res, m ? m[1] : "");
    if (!t) return res;
    const stream = await ingest.subscribe(t.id, t.camera);
    if (!stream) return fail(res, 404, Code.NOT_FOUND, NOT_LIVE);
    res.raw.once("close", () => stream.destroy());
    return res.header("content-type", "video/x-flv").header("cache-control", "no-cache, no-store").header("x-content-type-options", "nosniff").send(stream);
  });
}

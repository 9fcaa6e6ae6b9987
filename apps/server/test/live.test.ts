import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Camera, LiveIngest, liveRoutes, type StreamAuthority } from "../src/modules/live/index.js";
import { TMP_DIR } from "./constants.js";
import { polling } from "./poll.js";

/**
 * #6 live ingest: RTMP publish authorized by the registry (a fake StreamAuthority here), HLS by ffmpeg -c copy,
 * HTTP-FLV from the broadcast, unpublish noticed when the publisher's socket closes.
 */

const KEYS: Record<string, { equipmentId: number; camera: Camera }> = {
  "tk-7-good": { equipmentId: 7, camera: "teacher" },
  "sk-8-good": { equipmentId: 8, camera: "student" },
  "tk-9-good": { equipmentId: 9, camera: "teacher" },
};

const calls: { equipmentId: number; camera: Camera; live: boolean; at: number }[] = [];
const asked: string[] = [];
const authority: StreamAuthority = {
  async authorizePublish(key) {
    asked.push(key);
    return KEYS[key];
  },
  async published(equipmentId, camera, live) {
    calls.push({ equipmentId, camera, live, at: Date.now() });
  },
};

let dataDir: string;
let ingest: LiveIngest;
let app: FastifyInstance;
let base: string;
const children = new Set<ChildProcess>();

const { untilFound } = polling({ ms: 15_000, every: 50 });

/** A cheap camera: 320x180, 15 fps, keyframe every 2 s, tone; runs until killed. */
function push(key: string, port = ingest.port): { child: ChildProcess; exited: Promise<number | null>; stderr: () => string } {
  const child = spawn(
    "ffmpeg",
    [
      ...["-hide_banner", "-nostdin", "-loglevel", "error", "-re"],
      ...["-f", "lavfi", "-i", "testsrc=size=320x180:rate=15", "-f", "lavfi", "-i", "sine=frequency=440"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "30", "-pix_fmt", "yuv420p"],
      ...["-c:a", "aac", "-b:a", "32k", "-f", "flv", `rtmp://127.0.0.1:${port}/live/${key}`],
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  children.add(child);
  let err = "";
  child.stderr?.setEncoding("utf8").on("data", (s: string) => (err += s));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, exited, stderr: () => err };
}

/** Reads a response body until `n` bytes came (or it ended); the reader is cancelled unless keepOpen. */
async function firstBytes(res: Response, n: number): Promise<Buffer> {
  const reader = res.body!.getReader();
  let buf = Buffer.alloc(0);
  while (buf.length < n) {
    const { value, done } = await reader.read();
    if (done) break;
    buf = Buffer.concat([buf, Buffer.from(value)]);
  }
  await reader.cancel();
  return buf;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(TMP_DIR, "live-"));
  ingest = new LiveIngest();
  // A long idle timeout: the unpublish test below must be satisfied by the socket closing, not by silence.
  await ingest.start({ rtmpPort: 0, host: "127.0.0.1", dataDir, authority, idleTimeoutMs: 60_000 });
  app = Fastify();
  liveRoutes(app, { ingest, mayWatch: (req, id) => req.headers["x-test-deny"] !== String(id) });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await ingest?.stop();
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("live ingest", () => {
  it("listens on the port it was given (0 = a free one)", () => {
    expect(ingest.port).toBeGreaterThan(0);
  });

  it("a valid key publishes: the registry is told, HLS plays over HTTP, HTTP-FLV streams; stopping the push ends it at once", async () => {
    expect((await fetch(`${base}/live/7/teacher.flv`)).status).toBe(404);
    const t0 = Date.now();
    const p = push("tk-7-good");
    const started = await untilFound("published(true)", () => calls.find((c) => c.live));
    expect(started).toMatchObject({ equipmentId: 7, camera: "teacher", live: true });
    expect(asked).toContain("tk-7-good");
    expect(ingest.isLive(7, "teacher")).toBe(true);
    expect(ingest.isLive(7, "student")).toBe(false);
    expect(ingest.streams()).toEqual([expect.objectContaining({ equipmentId: 7, camera: "teacher" })]);

    // HTTP-FLV: an FLV header, then tags; left open to see it end with the publish.
    const flv = await fetch(`${base}/live/7/teacher.flv`);
    expect(flv.status).toBe(200);
    expect(flv.headers.get("content-type")).toBe("video/x-flv");
    const flvReader = flv.body!.getReader();
    let head = Buffer.alloc(0);
    let tFlv = 0;
    let keyframeAt = -1;
    // Read tags (9-byte header, then [prev size 4][type 1][size 3][ts 4][stream 3][data]) up to the first video
    // keyframe that is a picture (AVC NALU), not the sequence header.
    for (let off = 9 + 4; keyframeAt < 0; ) {
      const { value, done } = await flvReader.read();
      if (done) break;
      head = Buffer.concat([head, Buffer.from(value)]);
      if (!tFlv) tFlv = Date.now();
      while (head.length >= off + 11) {
        const size = head.readUIntBE(off + 1, 3);
        if (head.length < off + 11 + size + 4) break;
        if (head[off] === 9 && head[off + 11] >> 4 === 1 && head[off + 12] === 1) keyframeAt = Date.now();
        off += 11 + size + 4;
      }
    }
    expect(head.subarray(0, 3).toString("latin1")).toBe("FLV");
    expect(keyframeAt).toBeGreaterThan(0);

    // HLS: the playlist request waits for the first segment; ffprobe plays it over HTTP.
    const pl = await fetch(`${base}/live/7/teacher/index.m3u8`);
    const tHls = Date.now();
    expect(pl.status).toBe(200);
    expect(pl.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    const text = await pl.text();
    expect(text).toMatch(/^#EXTM3U/);
    const segment = text.split("\n").find((l) => l.endsWith(".ts"));
    expect(segment).toMatch(/^seg\d+\.ts$/);
    const probe = await promisify(execFile)(
      "ffprobe",
      ["-v", "error", "-show_entries", "stream=codec_type,codec_name,width", "-of", "json", `${base}/live/7/teacher/index.m3u8`],
      { timeout: 20_000 },
    );
    const streams = (JSON.parse(probe.stdout) as { streams: { codec_type: string; codec_name: string; width?: number }[] }).streams;
    expect(streams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codec_type: "video", codec_name: "h264", width: 320 }),
        expect.objectContaining({ codec_type: "audio", codec_name: "aac" }),
      ]),
    );
    const seg = await fetch(`${base}/live/7/teacher/${segment}`);
    expect(seg.status).toBe(200);
    expect(seg.headers.get("content-type")).toBe("video/mp2t");
    expect((await firstBytes(seg, 1))[0]).toBe(0x47); // MPEG-TS sync byte

    // A signed address's query string is carried onto the segment addresses.
    const signed = await (await fetch(`${base}/live/7/teacher/index.m3u8?exp=1&sig=abc`)).text();
    expect(signed).toMatch(/^seg\d+\.ts\?exp=1&sig=abc$/m);
    // Paths that are no segment, and refused viewers.
    expect((await fetch(`${base}/live/7/teacher/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    expect((await fetch(`${base}/live/7/teacher/index.m3u8`, { headers: { "x-test-deny": "7" } })).status).toBe(403);
    expect((await fetch(`${base}/live/7/teacher.flv`, { headers: { "x-test-deny": "7" } })).status).toBe(403);
    expect((await fetch(`${base}/live/7/projector.flv`)).status).toBe(404);
    expect((await fetch(`${base}/live/7/student/index.m3u8`)).status).toBe(404);
    console.log(
      `[live] publish accepted ${started.at - t0} ms after ffmpeg spawn; first FLV bytes ${tFlv - started.at} ms, first FLV keyframe ${keyframeAt - started.at} ms and first HLS playlist ${tHls - started.at} ms after publish`,
    );

    const dir = ingest.hlsDir(7, "teacher")!;
    expect(existsSync(dir)).toBe(true);
    // Stop the camera: ffmpeg closes its connection; the ingest notices at once (not after a 30 s grace).
    const tStop = Date.now();
    p.child.kill("SIGTERM");
    await p.exited;
    const ended = await untilFound("published(false)", () => calls.find((c) => !c.live), 10_000);
    console.log(`[live] unpublish noticed ${ended.at - tStop} ms after the push was stopped`);
    expect(ended).toMatchObject({ equipmentId: 7, camera: "teacher", live: false });
    expect(calls.map((c) => c.live)).toEqual([true, false]);
    // The open FLV response ends with the publish.
    for (;;) {
      const { done } = await flvReader.read();
      if (done) break;
    }
    expect(ingest.isLive(7, "teacher")).toBe(false);
    expect((await fetch(`${base}/live/7/teacher/index.m3u8`)).status).toBe(404);
    expect((await fetch(`${base}/live/7/teacher.flv`)).status).toBe(404);
    await untilFound("HLS folder removed", () => !existsSync(dir), 5000);
  });

  it("a wrong key is refused: the push fails and the registry hears nothing", async () => {
    const before = calls.length;
    const p = push("nope-unknown-key");
    const code = await Promise.race([p.exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), 15_000))]);
    if (code === "hung") p.child.kill("SIGKILL");
    expect(code).not.toBe("hung");
    expect(code).not.toBe(0);
    expect(asked).toContain("nope-unknown-key");
    expect(calls.length).toBe(before);
    expect(ingest.streams()).toEqual([]);
  });

  it("the newest publisher of a camera takes over; disconnect (revoked keys) drops it", async () => {
    const mine = () => calls.filter((c) => c.equipmentId === 8).map((c) => c.live);
    const first = push("sk-8-good");
    await untilFound("first publish", () => mine().length === 1);
    const second = push("sk-8-good");
    // The first loses its connection, the second is live: the registry hears false then true, in order.
    const code = await first.exited;
    expect(code).not.toBe(0);
    await untilFound("takeover", () => mine().length === 3);
    expect(mine()).toEqual([true, false, true]);
    expect(ingest.isLive(8, "student")).toBe(true);
    await ingest.disconnect(8);
    expect(mine()).toEqual([true, false, true, false]);
    expect(ingest.isLive(8, "student")).toBe(false);
    second.child.kill("SIGKILL");
    await second.exited;
  });

  it("a publisher that goes silent without closing (network lost) is dropped after the idle timeout", async () => {
    // A second ingest in the same process (broadcasts are per ingest) with a short idle timeout.
    const mine: boolean[] = [];
    const other = new LiveIngest();
    const otherDir = mkdtempSync(path.join(TMP_DIR, "live-idle-"));
    try {
      const port = await other.start({
        rtmpPort: 0,
        host: "127.0.0.1",
        dataDir: otherDir,
        idleTimeoutMs: 1500,
        authority: { authorizePublish: async (key) => KEYS[key], published: async (_id, _cam, live) => void mine.push(live) },
      });
      const p = push("tk-9-good", port);
      await untilFound("publish", () => mine.length === 1);
      p.child.kill("SIGSTOP");
      await untilFound("dropped as silent", () => mine.length === 2, 10_000);
      expect(mine).toEqual([true, false]);
      expect(other.isLive(9, "teacher")).toBe(false);
      p.child.kill("SIGKILL");
      await p.exited;
    } finally {
      await other.stop();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

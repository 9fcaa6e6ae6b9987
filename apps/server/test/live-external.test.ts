import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Camera, ExternalLive, liveRoutes } from "../src/modules/live/index.js";
import { TMP_DIR } from "./constants.js";
import { untilTrue } from "./poll.js";

/**
 * The production variant of docs/live.md: an external RTMP server calls the publish hooks; the playback routes serve
 * its HLS folder. The last test runs a real nginx with libnginx-mod-rtmp when it is installed (apt), else is skipped.
 */

const KEYS: Record<string, { equipmentId: number; camera: Camera }> = { "ext-good": { equipmentId: 5, camera: "student" } };
const calls: string[] = [];
let dir: string;
let ext: ExternalLive;
let app: FastifyInstance;
let api: number;
const children = new Set<ChildProcess>();

const NGINX_RTMP = "/usr/lib/nginx/modules/ngx_rtmp_module.so";
const hasNginxRtmp = existsSync(NGINX_RTMP) && existsSync("/usr/sbin/nginx");

beforeAll(async () => {
  dir = mkdtempSync(path.join(TMP_DIR, "live-ext-"));
  mkdirSync(path.join(dir, "hls"));
  // nginx's worker runs as nobody: it must reach the folder and write in it.
  chmodSync(dir, 0o755);
  chmodSync(path.join(dir, "hls"), 0o777);
  ext = new ExternalLive({
    hlsRoot: path.join(dir, "hls"),
    hookToken: "hook-token-1234",
    authority: {
      authorizePublish: async (key) => KEYS[key],
      published: async (id, camera, live) => void calls.push(`${id}/${camera}:${live}`),
    },
  });
  app = Fastify();
  ext.hookRoutes(app);
  liveRoutes(app, { ingest: ext, mayWatch: () => true, playlistWaitMs: 8000 });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  api = typeof addr === "object" && addr ? addr.port : 0;
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const hook = (event: string, body: string, type: string, token = "hook-token-1234") =>
  fetch(`http://127.0.0.1:${api}/live/hooks/${event}${token ? `?token=${token}` : ""}`, { method: "POST", headers: { "content-type": type }, body });
const form = "application/x-www-form-urlencoded";

describe("external ingest hooks", () => {
  it("nginx-rtmp style (form) and SRS style (JSON) publish hooks ask the authority; refusals are 403", async () => {
    expect((await hook("publish", "call=publish&app=live&name=ext-good&addr=10.0.0.9", form, "")).status).toBe(403);
    expect((await hook("publish", "call=publish&app=live&name=ext-good&addr=10.0.0.9", form, "wrong-token-0000")).status).toBe(403);
    expect(calls).toEqual([]);
    const bad = await hook("on_publish", JSON.stringify({ action: "on_publish", app: "live", stream: "nope", ip: "10.0.0.9" }), "application/json");
    expect(bad.status).toBe(403);
    expect(await bad.json()).toMatchObject({ code: 403 });
    expect((await hook("publish", "app=other&name=ext-good", form)).status).toBe(403);

    const ok = await hook("publish", "call=publish&app=live&name=ext-good&addr=10.0.0.9", form);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ code: 0 });
    expect(ext.isLive(5, "student")).toBe(true);
    expect(ext.hlsDir(5, "student")).toBe(path.join(dir, "hls", "ext-good"));

    // Its HLS folder is served under the device's address, never the key's.
    mkdirSync(path.join(dir, "hls", "ext-good"));
    writeFileSync(path.join(dir, "hls", "ext-good", "index.m3u8"), "#EXTM3U\n#EXTINF:2.000,\n0.ts\n");
    writeFileSync(path.join(dir, "hls", "ext-good", "0.ts"), Buffer.from([0x47, 0, 0, 0]));
    const pl = await fetch(`http://127.0.0.1:${api}/live/5/student/index.m3u8`);
    expect(pl.status).toBe(200);
    expect(await pl.text()).toContain("0.ts");
    expect((await fetch(`http://127.0.0.1:${api}/live/5/student/0.ts`)).status).toBe(200);
    // No HTTP-FLV upstream configured (nginx-rtmp has none): 404.
    expect((await fetch(`http://127.0.0.1:${api}/live/5/student.flv`)).status).toBe(404);

    const done = await hook("unpublish", JSON.stringify({ action: "on_unpublish", app: "live", stream: "ext-good" }), "application/json");
    expect(done.status).toBe(200);
    expect(ext.isLive(5, "student")).toBe(false);
    expect((await fetch(`http://127.0.0.1:${api}/live/5/student/index.m3u8`)).status).toBe(404);
    expect(calls).toEqual(["5/student:true", "5/student:false"]);
  });

  it("a playlist left from an earlier publish is not served as the new one's", async () => {
    calls.length = 0;
    const old = path.join(dir, "hls", "ext-good", "index.m3u8");
    const past = new Date(Date.now() - 60_000);
    utimesSync(old, past, past);
    expect((await hook("publish", "app=live&name=ext-good", form)).status).toBe(200);
    const fast = Fastify();
    liveRoutes(fast, { ingest: ext, mayWatch: () => true, playlistWaitMs: 300 });
    const res = await fast.inject({ method: "GET", url: "/live/5/student/index.m3u8" });
    expect(res.statusCode).toBe(404);
    await fast.close();
    expect((await hook("publish_done", "app=live&name=ext-good", form)).status).toBe(200);
    rmSync(path.join(dir, "hls", "ext-good"), { recursive: true, force: true });
    expect(calls).toEqual(["5/student:true", "5/student:false"]);
  });

  // Its bound is the sum of its waits (nginx, two pushes, a playlist), not the 30 s default.
  it.skipIf(!hasNginxRtmp)(
    "a real nginx-rtmp calling the hooks: refused key fails, valid key plays as HLS, publish_done ends it",
    { timeout: 120_000 },
    async () => {
      calls.length = 0;
      const rtmpPort = await freePort();
      const conf = path.join(dir, "nginx.conf");
      const hooks = `http://127.0.0.1:${api}/live/hooks`;
      writeFileSync(
        conf,
        `load_module ${NGINX_RTMP};
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 64; }
rtmp {
  server {
    listen 127.0.0.1:${rtmpPort};
    application live {
      live on;
      record off;
      allow play 127.0.0.1;
      deny play all;
      notify_method post;
      on_publish ${hooks}/publish?token=hook-token-1234;
      on_publish_done ${hooks}/publish_done?token=hook-token-1234;
      hls on;
      hls_path ${dir}/hls;
      hls_nested on;
      hls_fragment 2s;
      hls_playlist_length 12s;
    }
  }
}
`,
      );
      // -e: its error log from the start (before the configuration is read), in the test's folder, not /var/log.
      const nginx = spawn("nginx", ["-p", dir, "-e", path.join(dir, "nginx-error.log"), "-c", conf], { stdio: "ignore" });
      children.add(nginx);
      try {
        await untilTrue(
          `a listener on port ${rtmpPort}`,
          () => {
            if (nginx.exitCode !== null) throw new Error(`nginx exited ${nginx.exitCode}: ${readFileSync(path.join(dir, "nginx-error.log"), "utf8")}`);
            return listens(rtmpPort);
          },
          20_000,
          50,
        );
        const bad = push(rtmpPort, "nope");
        expect(await bad.exited).not.toBe(0);
        expect(calls).toEqual([]);
        const good = push(rtmpPort, "ext-good");
        await untilTrue("the publish hook", () => calls.length > 0, 20_000, 50);
        expect(calls).toEqual(["5/student:true"]);
        const probe = await promisify(execFile)(
          "ffprobe",
          ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", `http://127.0.0.1:${api}/live/5/student/index.m3u8`],
          { timeout: 20_000 },
        );
        expect([...new Set(probe.stdout.split("\n").filter(Boolean))].sort()).toEqual(["aac", "h264"]);
        expect(calls).toEqual(["5/student:true"]);
        good.child.kill("SIGTERM");
        await good.exited;
        await untilTrue("the publish_done hook", () => calls.length >= 2, 20_000, 50);
        expect(calls).toEqual(["5/student:true", "5/student:false"]);
      } finally {
        nginx.kill("SIGQUIT");
        await new Promise((r) => (nginx.exitCode !== null ? r(null) : nginx.once("exit", r)));
        children.delete(nginx);
      }
    },
  );
});

function push(port: number, key: string): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(
    "ffmpeg",
    [
      ...["-hide_banner", "-nostdin", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15"],
      ...["-f", "lavfi", "-i", "sine", "-t", "20", "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p"],
      ...["-c:a", "aac", "-b:a", "32k", "-f", "flv", `rtmp://127.0.0.1:${port}/live/${key}`],
    ],
    { stdio: "ignore" },
  );
  children.add(child);
  const exited = new Promise<number | null>((r) =>
    child.once("exit", (code) => {
      children.delete(child);
      r(code);
    }),
  );
  return { child, exited };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
  });
}

/** Whether something accepts a connection on the port now. */
function listens(port: number): Promise<boolean> {
  return new Promise<boolean>((r) => {
    const c = net.connect(port, "127.0.0.1", () => {
      c.destroy();
      r(true);
    });
    c.once("error", () => r(false));
  });
}

/**
 * Live ingest (#6): RTMP in, HTTP-FLV fan-out and HLS repackaging (ffmpeg -c copy), measured on this machine.
 *
 * 1. Latency, 5 runs (median, max): ffmpeg spawn → publish accepted; publish → first HTTP-FLV video keyframe at an
 *    HTTP client; publish → first HLS playlist with a segment over HTTP. Baselines in the same run: ffmpeg writing
 *    the same input straight to a local FLV file (spawn → first keyframe written) and to a local HLS folder (spawn →
 *    first playlist) — the ratios show what the ingest adds.
 * 2. Capacity: one 20 s 1280x720 25 fps H.264 clip (2 Mbit/s CBR, keyframe every 2 s, AAC tone) is encoded once,
 *    then N copies are pushed with `ffmpeg -re -stream_loop -1 -c copy` (cheap: the ingest is measured, not an
 *    encoder) for N = 1, 2, 4, 8, 12, 16 …, stopping at the first N that drops frames or is unhealthy. Per N, over a
 *    BENCH_LIVE_SECONDS window: an HTTP-FLV reader per stream must receive ≥ 95 % of the expected video frames, and
 *    the HLS packager must keep up (new segments ≥ window / 2 s − 1); the ingest's CPU (its Node process + its HLS
 *    ffmpeg children, from /proc) gives CPU-seconds per stream-minute.
 *
 * The ingest (LiveIngest + liveRoutes with a fake StreamAuthority, as in apps/server/test/live.test.ts) runs in a
 * child process so its CPU is its own; pushers and readers run here. Prints figures only; no thresholds.
 *
 *   npx tsx bench/live.bench.ts     (BENCH_LIVE_MAX_STREAMS, default 16; BENCH_LIVE_SECONDS, default 15)
 *
 * Needs ffmpeg on PATH and Linux (/proc). Only 127.0.0.1 is used. Overall ≤ ~3 minutes with the defaults.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { StreamAuthority } from "@yanke/server/src/modules/live/index.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const FPS = 25;
const CLIP_SECONDS = 20;
const REPS = 5;
const TOTAL_BUDGET_MS = 180_000;
const STEPS = [1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 96, 128];
const WARMUP_MS = 2500;

// ── small helpers ────────────────────────────────────────────────────────────────────────────────────────────────

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : NaN);
const min = (xs: number[]) => (xs.length ? Math.min(...xs) : NaN);

async function until<T>(what: string, fn: () => T | undefined | false, timeoutMs: number, stepMs = 5): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(stepMs);
  }
}

/** Every process this bench started (pushers, baselines, the ingest), killed at the end whatever happens. */
const procs = new Set<ChildProcess>();

function ffmpeg(args: string[]): ChildProcess {
  const child = spawn("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", ...args], { stdio: ["ignore", "ignore", "pipe"] });
  procs.add(child);
  child.stderr?.resume();
  child.once("exit", () => procs.delete(child));
  return child;
}

async function end(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill("SIGTERM");
  const t = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(t);
}

// ── FLV tags ─────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * An incremental FLV parser: calls onFrame for every video tag that is a picture (not the AVC sequence header),
 * with whether it is a keyframe.
 */
function flvParser(onFrame: (keyframe: boolean) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  let headerDone = false;
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let off = 0;
    if (!headerDone) {
      if (pending.length < 13) return;
      if (pending.toString("latin1", 0, 3) !== "FLV") throw new Error("not an FLV stream");
      off = pending.readUInt32BE(5) + 4;
      headerDone = true;
    }
    while (pending.length >= off + 11) {
      const size = pending.readUIntBE(off + 1, 3);
      if (pending.length < off + 11 + size + 4) break;
      if ((pending[off] & 0x1f) === 9 && size >= 2) {
        const b0 = pending[off + 11];
        const sequenceHeader = (b0 & 0x0f) === 7 && pending[off + 12] === 0;
        if (!sequenceHeader) onFrame(b0 >> 4 === 1);
      }
      off += 11 + size + 4;
    }
    pending = pending.subarray(off);
  };
}

/** An HTTP-FLV viewer counting video frames. */
class FlvReader {
  frames = 0;
  firstKeyframeAt = 0;
  ended = false;
  status = 0;
  private req: http.ClientRequest;

  constructor(url: string, onKeyframe?: (at: number) => void) {
    const parse = flvParser((key) => {
      this.frames++;
      if (key && !this.firstKeyframeAt) {
        this.firstKeyframeAt = Date.now();
        onKeyframe?.(this.firstKeyframeAt);
      }
    });
    this.req = http.get(url, (res) => {
      this.status = res.statusCode ?? 0;
      if (this.status !== 200) {
        res.resume();
        this.ended = true;
        return;
      }
      res.on("data", (b: Buffer) => {
        try {
          parse(b);
        } catch {
          this.ended = true;
          res.destroy();
        }
      });
      res.on("close", () => (this.ended = true));
    });
    this.req.on("error", () => (this.ended = true));
  }

  close(): void {
    this.req.destroy();
  }
}

// ── HLS playlists ────────────────────────────────────────────────────────────────────────────────────────────────

/** Segment names and durations of a playlist text. */
function segments(text: string): Map<string, number> {
  const out = new Map<string, number>();
  let dur = 0;
  for (const line of text.split("\n")) {
    const m = /^#EXTINF:([\d.]+)/.exec(line);
    if (m) dur = Number(m[1]);
    else if (line && !line.startsWith("#")) out.set(line.trim(), dur);
  }
  return out;
}

async function getText(url: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  return { status: res.status, text: await res.text() };
}

// ── CPU from /proc ───────────────────────────────────────────────────────────────────────────────────────────────

const HZ = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** Fields of /proc/<pid>/stat after the command name: [0] = state (field 3), so field n is at n − 3. */
function statFields(pid: number): string[] | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    return s.slice(s.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(Number(name));
    if (f && Number(f[1]) === ppid) out.push(Number(name));
  }
  return out;
}

/** CPU seconds of a process so far: its own, its reaped children's, and (with kids) its live children's. */
function cpuOf(pid: number, kids: number[] = []): { self: number; kids: number } {
  const f = statFields(pid);
  if (!f) return { self: 0, kids: 0 };
  let k = (Number(f[13]) + Number(f[14])) / HZ; // cutime + cstime: children already reaped
  for (const c of kids) {
    const g = statFields(c);
    if (g) k += (Number(g[11]) + Number(g[12])) / HZ;
  }
  return { self: (Number(f[11]) + Number(f[12])) / HZ, kids: k };
}

/** Busy and total jiffies of the whole machine (/proc/stat "cpu" line). */
function machine(): { busy: number; total: number } {
  const nums = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = nums.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - nums[3] - (nums[4] ?? 0), total };
}

function rssMiB(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

// ── the ingest, in a child process ───────────────────────────────────────────────────────────────────────────────

/** Child mode: LiveIngest + liveRoutes on 127.0.0.1; keys "bench-<n>" are device n's teacher camera. */
async function serveIngest(dataDir: string): Promise<void> {
  const { LiveIngest, liveRoutes } = await import("@yanke/server/src/modules/live/index.ts");
  const { default: Fastify } = await import("fastify");
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const authority: StreamAuthority = {
    async authorizePublish(key) {
      const m = /^bench-(\d{1,6})$/.exec(key);
      return m ? { equipmentId: Number(m[1]), camera: "teacher" } : undefined;
    },
    async published(id, _camera, live) {
      say(`PUB ${id} ${live ? 1 : 0} ${Date.now()}`);
    },
  };
  const ingest = new LiveIngest();
  const rtmpPort = await ingest.start({ rtmpPort: 0, host: "127.0.0.1", dataDir, authority });
  const app = Fastify({ logger: false });
  liveRoutes(app, { ingest, mayWatch: () => true });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await ingest.stop();
    await app.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
  // The bench holds our stdin: when it goes away (killed), so do we (and the HLS ffmpegs with us).
  process.stdin.on("end", () => void shutdown()).resume();
  say(`READY ${rtmpPort} ${typeof addr === "object" && addr ? addr.port : 0}`);
}

interface Ingest {
  proc: ChildProcess;
  pid: number;
  rtmp: string;
  http: string;
  dataDir: string;
  /** Publish (live=true) and unpublish times per device id, from the ingest's StreamAuthority. */
  pub: Map<number, number>;
  unpub: Map<number, number>;
}

async function startIngest(dataDir: string): Promise<Ingest> {
  const proc = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--ingest-server", dataDir], {
    cwd: here,
    stdio: ["pipe", "pipe", "pipe"],
  });
  procs.add(proc);
  proc.once("exit", () => procs.delete(proc));
  const pub = new Map<number, number>();
  const unpub = new Map<number, number>();
  let ready: [number, number] | undefined;
  let err = "";
  let buf = "";
  proc.stderr?.setEncoding("utf8").on("data", (s: string) => (err = (err + s).slice(-4000)));
  proc.stdout?.setEncoding("utf8").on("data", (s: string) => {
    buf += s;
    for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
      const line = buf.slice(0, nl).trim().split(" ");
      buf = buf.slice(nl + 1);
      if (line[0] === "READY") ready = [Number(line[1]), Number(line[2])];
      else if (line[0] === "PUB") (line[2] === "1" ? pub : unpub).set(Number(line[1]), Number(line[3]));
    }
  });
  try {
    const [rtmpPort, httpPort] = await until(
      "the ingest to start",
      () => {
        if (proc.exitCode !== null) throw new Error("the ingest exited");
        return ready;
      },
      30_000,
      20,
    );
    return { proc, pid: proc.pid!, rtmp: `rtmp://127.0.0.1:${rtmpPort}/live`, http: `http://127.0.0.1:${httpPort}`, dataDir, pub, unpub };
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${err}`);
  }
}

// ── pushes ───────────────────────────────────────────────────────────────────────────────────────────────────────

let nextId = 1;
const pushArgs = (clip: string) => ["-re", "-stream_loop", "-1", "-i", clip, "-c", "copy"];

function push(ingest: Ingest, clip: string, id: number): ChildProcess {
  return ffmpeg([...pushArgs(clip), "-f", "flv", `${ingest.rtmp}/bench-${id}`]);
}

async function stopPush(ingest: Ingest, child: ChildProcess, id: number): Promise<void> {
  await end(child);
  if (ingest.pub.has(id)) await until(`unpublish of ${id}`, () => ingest.unpub.has(id), 5000, 10).catch(() => undefined);
}

// ── 1. latency ───────────────────────────────────────────────────────────────────────────────────────────────────

interface LatencyRun {
  accepted: number;
  flv: number;
  hls: number;
}

async function latencyRun(ingest: Ingest, clip: string): Promise<LatencyRun> {
  const id = nextId++;
  const t0 = Date.now();
  const child = push(ingest, clip, id);
  try {
    const pubAt = await until("publish accepted", () => ingest.pub.get(id), 10_000, 2);
    // A player opened right after the publish: HTTP-FLV and the HLS playlist, side by side.
    let done = () => {};
    const flvDone = new Promise<void>((r) => (done = r));
    const flvAt = new Promise<number>((resolve, reject) => {
      const r = new FlvReader(`${ingest.http}/live/${id}/teacher.flv`, (at) => {
        r.close();
        done();
        resolve(at);
      });
      const timer = setTimeout(() => {
        r.close();
        reject(new Error(`no FLV keyframe (status ${r.status})`));
      }, 10_000);
      void flvDone.then(() => clearTimeout(timer));
    });
    const hlsAt = (async () => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const r = await getText(`${ingest.http}/live/${id}/teacher/index.m3u8`, 10_000).catch(() => undefined);
        if (r?.status === 200 && segments(r.text).size > 0) return Date.now();
        await sleep(20);
      }
      throw new Error("no HLS playlist");
    })();
    const [flv, hls] = await Promise.all([flvAt, hlsAt]);
    return { accepted: pubAt - t0, flv: flv - pubAt, hls: hls - pubAt };
  } finally {
    await stopPush(ingest, child, id);
  }
}

/** Baseline: spawn → first video keyframe tag in a local FLV file (flushed per packet; polled every 2 ms). */
async function baselineFlv(dir: string, clip: string): Promise<number> {
  const file = path.join(dir, "baseline.flv");
  rmSync(file, { force: true });
  const t0 = Date.now();
  const child = ffmpeg([...pushArgs(clip), "-flush_packets", "1", "-f", "flv", file]);
  let at = 0;
  const parse = flvParser((key) => {
    if (key && !at) at = Date.now();
  });
  try {
    await until("ffmpeg to create the file", () => existsSync(file), 10_000, 2);
    const fd = openSync(file, "r");
    try {
      const buf = Buffer.alloc(1 << 20);
      let pos = 0;
      await until(
        "a keyframe in the FLV file",
        () => {
          for (;;) {
            const n = readSync(fd, buf, 0, buf.length, pos);
            if (n <= 0) break;
            pos += n;
            parse(Buffer.from(buf.subarray(0, n)));
          }
          return at || undefined;
        },
        10_000,
        2,
      );
    } finally {
      closeSync(fd);
    }
    return at - t0;
  } finally {
    await end(child);
    rmSync(file, { force: true });
  }
}

/** Baseline: spawn → first playlist with a segment, ffmpeg -c copy -f hls straight from the clip (same HLS flags). */
async function baselineHls(dir: string, clip: string): Promise<number> {
  const out = path.join(dir, "baseline-hls");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  const playlist = path.join(out, "index.m3u8");
  const t0 = Date.now();
  const child = ffmpeg([
    ...pushArgs(clip),
    ...["-f", "hls", "-hls_time", "2", "-hls_list_size", "6", "-hls_flags", "delete_segments+temp_file+independent_segments+omit_endlist"],
    ...["-hls_segment_filename", path.join(out, "seg%d.ts"), playlist],
  ]);
  try {
    const at = await until(
      "a local playlist",
      () => {
        try {
          return segments(readFileSync(playlist, "utf8")).size > 0 ? Date.now() : undefined;
        } catch {
          return undefined;
        }
      },
      15_000,
      5,
    );
    return at - t0;
  } finally {
    await end(child);
    rmSync(out, { recursive: true, force: true });
  }
}

// ── 2. capacity ──────────────────────────────────────────────────────────────────────────────────────────────────

interface Step {
  n: number;
  window: number;
  published: number;
  /** Lowest share of the expected video frames one HTTP-FLV reader received. */
  flvMin: number;
  /** Fewest new HLS segments of one stream, and the expected count (window / 2 s). */
  segMin: number;
  segExpected: number;
  /** Largest HLS lag at the end (wall time since publish − media time packaged) and its largest growth over the window. */
  hlsLagMax: number;
  hlsLagGrowth: number;
  node: number;
  ffmpeg: number;
  clients: number;
  busyCores: number;
  rss: number;
  healthy: boolean;
  why: string[];
}

async function capacityStep(ingest: Ingest, clip: string, n: number, seconds: number): Promise<Step> {
  const ids = Array.from({ length: n }, () => nextId++);
  const pushers = ids.map((id) => push(ingest, clip, id));
  const readers: FlvReader[] = [];
  const why: string[] = [];
  try {
    await until("every publish", () => ids.every((id) => ingest.pub.has(id)), 10_000, 10).catch(() => undefined);
    const published = ids.filter((id) => ingest.pub.has(id)).length;
    if (published < n) why.push(`${n - published} publishes not accepted in 10 s`);
    for (const id of ids) readers.push(new FlvReader(`${ingest.http}/live/${id}/teacher.flv`));
    const lastPub = max(ids.map((id) => ingest.pub.get(id) ?? Date.now()));
    await sleep(Math.max(0, lastPub + WARMUP_MS - Date.now()));

    // The HLS side: every stream's playlist polled every second (hls.js polls once a target duration); every
    // segment name ever seen, with its duration.
    const seen = ids.map(() => new Map<string, number>());
    const poll = () =>
      Promise.all(
        ids.map(async (id, i) => {
          const r = await getText(`${ingest.http}/live/${id}/teacher/index.m3u8`, 3000).catch(() => undefined);
          if (r?.status === 200) for (const [k, v] of segments(r.text)) seen[i].set(k, v);
        }),
      );
    await poll();
    const before = seen.map((m) => new Set(m.keys()));
    const packaged = (i: number) => [...seen[i].values()].reduce((a, b) => a + b, 0);
    const lagAt = (at: number) => ids.map((id, i) => (at - (ingest.pub.get(id) ?? at)) / 1000 - packaged(i));
    const lag0 = lagAt(Date.now());

    const kids0 = childrenOf(ingest.pid);
    const cpu0 = cpuOf(ingest.pid, kids0);
    const pushCpu0 = pushers.reduce((a, p) => a + cpuOf(p.pid!).self, 0);
    const me0 = process.cpuUsage();
    const m0 = machine();
    const frames0 = readers.map((r) => r.frames);
    const w0 = performance.now();
    while (performance.now() - w0 < seconds * 1000 - 1000) {
      await sleep(Math.min(1000, seconds * 1000 - 1000 - (performance.now() - w0)));
      await poll();
    }
    await sleep(Math.max(0, seconds * 1000 - (performance.now() - w0)));
    const window = (performance.now() - w0) / 1000;
    const frames1 = readers.map((r) => r.frames);
    const kids1 = [...new Set([...kids0, ...childrenOf(ingest.pid)])];
    const cpu1 = cpuOf(ingest.pid, kids1);
    const pushCpu1 = pushers.reduce((a, p) => a + cpuOf(p.pid!).self, 0);
    const me1 = process.cpuUsage(me0);
    const m1 = machine();
    const rss = rssMiB(ingest.pid);
    const now = Date.now();
    await poll();

    const expectedFrames = FPS * window;
    const flvShares = readers.map((_, i) => (frames1[i] - frames0[i]) / expectedFrames);
    const segExpected = window / 2;
    const newSegs = seen.map((m, i) => [...m.keys()].filter((k) => !before[i].has(k)).length);
    const lags = lagAt(now);
    const growth = max(lags.map((l, i) => l - lag0[i]));
    const dead = pushers.filter((p) => p.exitCode !== null || p.signalCode !== null).length;
    const ended = readers.filter((r) => r.ended).length;
    const dropped = ids.filter((id) => ingest.unpub.has(id)).length;
    const flvMin = min(flvShares);
    const segMin = min(newSegs);
    if (dead) why.push(`${dead} pushers exited`);
    if (ended) why.push(`${ended} FLV readers ended`);
    if (dropped) why.push(`${dropped} streams unpublished`);
    if (flvMin < 0.95) why.push(`FLV frames ${(flvMin * 100).toFixed(1)} % < 95 %`);
    if (segMin < Math.floor(segExpected) - 1) why.push(`HLS ${segMin} segments < ${Math.floor(segExpected) - 1}`);
    if (growth > 3) why.push(`HLS lag grew ${growth.toFixed(1)} s`);
    return {
      n,
      window,
      published,
      flvMin,
      segMin,
      segExpected,
      hlsLagMax: max(lags),
      hlsLagGrowth: growth,
      node: cpu1.self - cpu0.self,
      ffmpeg: cpu1.kids - cpu0.kids,
      clients: pushCpu1 - pushCpu0 + (me1.user + me1.system) / 1e6,
      busyCores: ((m1.busy - m0.busy) / (m1.total - m0.total)) * os.cpus().length,
      rss,
      healthy: why.length === 0,
      why,
    };
  } finally {
    for (const r of readers) r.close();
    await Promise.all(pushers.map((p, i) => stopPush(ingest, p, ids[i])));
  }
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────────────────────────

function envInt(name: string, dflt: number, lo: number, hi: number): number {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isInteger(v) || v < lo || v > hi) throw new Error(`${name}: a whole number, ${lo}–${hi}`);
  return v;
}

/** HLS ffmpegs the ingest started (cwd under its data folder) that outlived it: killed by pid. */
function killLeftovers(dataDir: string): number {
  let n = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readlinkSync(`/proc/${name}/cwd`).startsWith(dataDir)) {
        process.kill(Number(name), "SIGKILL");
        n++;
      }
    } catch {
      // gone, or not ours
    }
  }
  return n;
}

async function main(): Promise<void> {
  const maxStreams = envInt("BENCH_LIVE_MAX_STREAMS", 16, 1, 128);
  const seconds = envInt("BENCH_LIVE_SECONDS", 15, 4, 120);
  const started = Date.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), "yanke-live-bench-"));
  const dataDir = path.join(dir, "data");
  let ingest: Ingest | undefined;
  const cleanup = () => {
    for (const p of procs) p.kill("SIGKILL");
    killLeftovers(dir);
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => {
    cleanup();
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const ff = spawnSync("ffmpeg", ["-version"], { encoding: "utf8" });
    if (ff.status !== 0) throw new Error("ffmpeg is not on PATH");
    const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    console.log(
      `live bench: ${os.cpus().length} CPUs, load average ${load} at start, node ${process.version}, ${ff.stdout.split("\n")[0].split(" Copyright")[0]}; ` +
        `capacity up to ${maxStreams} streams, ${seconds} s per step`,
    );

    // One clip, encoded once: 1280x720 25 fps, 2 Mbit/s CBR (a real camera fills its bitrate), keyframe every 2 s.
    const clip = path.join(dir, "clip.mp4");
    const e0 = Date.now();
    const enc = spawnSync(
      "ffmpeg",
      [
        ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y"],
        ...["-f", "lavfi", "-i", `testsrc=size=1280x720:rate=${FPS}`, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t", String(CLIP_SECONDS)],
        ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-b:v", "2000k", "-minrate", "2000k", "-maxrate", "2000k", "-bufsize", "2000k"],
        ...["-x264-params", "nal-hrd=cbr", "-g", String(FPS * 2), "-keyint_min", String(FPS * 2), "-sc_threshold", "0"],
        ...["-c:a", "aac", "-b:a", "64k", "-movflags", "+faststart", clip],
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    if (enc.status !== 0) throw new Error(`encoding the clip failed: ${enc.stderr}`);
    const probe = spawnSync("ffprobe", ["-v", "error", "-show_entries", "format=bit_rate", "-of", "default=nw=1:nk=1", clip], { encoding: "utf8" });
    console.log(
      `clip: ${CLIP_SECONDS} s 1280x720 ${FPS} fps H.264 + AAC, ${(Number(probe.stdout.trim()) / 1e6).toFixed(2)} Mbit/s, encoded once in ${((Date.now() - e0) / 1000).toFixed(1)} s; ` +
        "pushed with ffmpeg -re -stream_loop -1 -c copy",
    );

    ingest = await startIngest(dataDir);

    // 1. Latency.
    const runs: LatencyRun[] = [];
    const baseFlv: number[] = [];
    const baseHls: number[] = [];
    await latencyRun(ingest, clip); // warm-up (first spawn, JIT), not counted
    for (let i = 0; i < REPS; i++) {
      runs.push(await latencyRun(ingest, clip));
      baseFlv.push(await baselineFlv(dir, clip));
      baseHls.push(await baselineHls(dir, clip));
    }
    const rows: [string, number[], string?][] = [
      ["ffmpeg spawn → publish accepted", runs.map((r) => r.accepted)],
      ["publish → first HTTP-FLV keyframe at the client", runs.map((r) => r.flv)],
      ["publish → first HLS playlist with a segment (HTTP)", runs.map((r) => r.hls)],
      ["spawn → first HTTP-FLV keyframe (end to end)", runs.map((r) => r.accepted + r.flv)],
      ["  baseline: spawn → first keyframe in a local FLV file", baseFlv],
      ["spawn → first HLS playlist over HTTP (end to end)", runs.map((r) => r.accepted + r.hls)],
      ["  baseline: spawn → first local HLS playlist", baseHls],
    ];
    console.log(`\nlatency (${REPS} runs)${"".padEnd(38)} ${"median".padStart(9)} ${"max".padStart(9)}`);
    for (const [label, xs] of rows) console.log(`${label.padEnd(57)} ${`${median(xs).toFixed(0)} ms`.padStart(9)} ${`${max(xs).toFixed(0)} ms`.padStart(9)}`);
    const e2eFlv = median(runs.map((r) => r.accepted + r.flv));
    const e2eHls = median(runs.map((r) => r.accepted + r.hls));
    console.log(
      `ratio (medians): HTTP-FLV end to end / local FLV file ${(e2eFlv / median(baseFlv)).toFixed(2)}× (+${(e2eFlv - median(baseFlv)).toFixed(0)} ms), ` +
        `HLS end to end / local HLS ${(e2eHls / median(baseHls)).toFixed(2)}× (+${(e2eHls - median(baseHls)).toFixed(0)} ms)`,
    );

    // 2. Capacity.
    const steps: Step[] = [];
    let stopped = "";
    let lastStepMs = 0;
    for (const n of STEPS.filter((s) => s <= maxStreams)
      .concat(STEPS.includes(maxStreams) ? [] : [maxStreams])
      .sort((a, b) => a - b)) {
      if (Date.now() - started + Math.max(seconds * 1000 + WARMUP_MS + 3000, lastStepMs * 1.3) > TOTAL_BUDGET_MS) {
        stopped = `stopped before ${n} streams: the 3-minute budget`;
        break;
      }
      const s0 = Date.now();
      const step = await capacityStep(ingest, clip, n, seconds);
      lastStepMs = Date.now() - s0;
      steps.push(step);
      if (!step.healthy) {
        stopped = `stopped at ${n} streams: ${step.why.join("; ")}`;
        break;
      }
    }
    console.log(`\ncapacity (720p 25 fps 2 Mbit/s streams, ${seconds} s window each; ingest = its Node process + its HLS ffmpegs)`);
    const head = [
      "streams",
      "FLV frames (min)",
      "HLS segs (min/exp)",
      "HLS lag (+growth)",
      "node CPU-s",
      "HLS ffmpeg CPU-s",
      "CPU-s/stream-min",
      "ingest cores",
      "machine busy",
      "clients CPU-s",
      "ingest RSS",
      "ok",
    ];
    const widths = [7, 16, 18, 17, 10, 16, 16, 12, 12, 13, 10, 3];
    console.log(head.map((h, i) => h.padStart(widths[i])).join(" "));
    for (const s of steps) {
      const total = s.node + s.ffmpeg;
      const cells = [
        String(s.n),
        `${(s.flvMin * 100).toFixed(1)} %`,
        `${s.segMin}/${s.segExpected.toFixed(1)}`,
        `${s.hlsLagMax.toFixed(1)} s (${s.hlsLagGrowth >= 0 ? "+" : ""}${s.hlsLagGrowth.toFixed(1)})`,
        s.node.toFixed(2),
        s.ffmpeg.toFixed(2),
        (total / (s.n * (s.window / 60))).toFixed(2),
        (total / s.window).toFixed(2),
        `${s.busyCores.toFixed(2)}/${os.cpus().length}`,
        s.clients.toFixed(2),
        `${s.rss.toFixed(0)} MiB`,
        s.healthy ? "yes" : "NO",
      ];
      console.log(cells.map((c, i) => c.padStart(widths[i])).join(" "));
    }
    const good = steps.filter((s) => s.healthy).map((s) => s.n);
    const last = steps[steps.length - 1];
    console.log(
      `\ncapacity: ${good.length ? `${max(good)} streams ingested and repackaged without drops` : "no step was healthy"}` +
        `${last?.healthy && !stopped ? ` (every step up to BENCH_LIVE_MAX_STREAMS=${maxStreams} passed: the limit is higher)` : ""}` +
        `${stopped ? `; ${stopped}` : ""}`,
    );
    const per = steps.filter((s) => s.healthy).map((s) => (s.node + s.ffmpeg) / (s.n * (s.window / 60)));
    if (per.length) console.log(`ingest CPU-s per stream-minute (healthy steps): median ${median(per).toFixed(2)}, max ${max(per).toFixed(2)}`);
    console.log(
      "FLV frames: video frames one reader got in the window / 25 × window (lowest stream; ≥ 95 % to pass). HLS segs: new segments of the " +
        "slowest stream / window ÷ 2 s (≥ ⌊expected⌋ − 1 to pass). HLS lag: wall time since publish − media time in segments (stays ≤ ~2 s " +
        "while the packager keeps up; largest at the end, and its largest growth over the window: > 3 s fails). clients = the pushers (ffmpeg -c copy) and this process's FLV readers and playlist polls; " +
        "machine busy = all CPUs over the window, including anything else running on the machine.",
    );
    console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const p of [...procs]) if (p !== ingest?.proc) await end(p);
    if (ingest) await end(ingest.proc, 5000);
    const left = killLeftovers(dir);
    if (left) console.log(`killed ${left} leftover HLS ffmpeg processes`);
    rmSync(dir, { recursive: true, force: true });
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

if (process.argv[2] === "--ingest-server") {
  await serveIngest(process.argv[3]!);
} else {
  await main();
}

/**
 * A large upload (#5): BENCH_UPLOAD_MB (default 1024) MiB through the chunk protocol — 5 MiB slices, 4 in
 * parallel, then the streamed merge — against, in the same run on the same disk, a raw disk write (dd conv=fsync and
 * a plain fs write of the same bytes) and @tus/server with its file store (which takes one PATCH at a time: tus
 * cannot take parallel chunks of one file). Both servers run as child processes so their peak memory (VmHWM) is
 * theirs alone. Prints figures only; no thresholds.
 *
 *   BENCH_UPLOAD_MB=64 npx tsx bench/upload.bench.ts      (BENCH_DIR: where the files go, default the OS temp dir)
 *
 * The server uses PGlite under its DATA_DIR (most of its resident memory is PGlite's), or, when DATABASE_URL is set,
 * a fresh database created on that PostgreSQL server for the run and dropped after it.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FileStore } from "@tus/file-store";
import { Server as TusServer } from "@tus/server";
import pg from "pg";
import { CALLS, type Envelope, type MergeAnswer, type SessionInfo, UPLOAD, chunkCount, postCall } from "@yanke/protocol";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, "../apps/server");
const MiB = 1024 * 1024;
const CHUNK = UPLOAD.chunkSize;

// ── the bytes: chunk i of a file of SIZE bytes, generated (never the whole file in the client's memory) ───────────

function chunkSource(size: number): { n: number; chunk(i: number): Buffer } {
  const pool = randomBytes(64 * MiB + CHUNK);
  const n = chunkCount(size);
  return {
    n,
    chunk(i: number): Buffer {
      const len = i < n - 1 ? CHUNK : size - (n - 1) * CHUNK;
      const off = ((i * 7919) % 16384) * 4096;
      const b = Buffer.from(pool.subarray(off, off + len));
      if (len >= 8) b.writeBigUInt64BE(BigInt(i)); // every chunk differs
      return b;
    },
  };
}

// ── child processes and their memory ─────────────────────────────────────────────────────────────────────────────

interface Child {
  proc: ChildProcess;
  out: () => string;
}

const children: Child[] = [];

function launch(args: string[], cwd: string, env: Record<string, string>): Child {
  const proc = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const c = { proc, out: () => out };
  children.push(c);
  return c;
}

async function waitFor(c: Child, re: RegExp, ms = 60_000): Promise<RegExpExecArray> {
  const end = Date.now() + ms;
  for (;;) {
    const m = re.exec(c.out());
    if (m) return m;
    if (c.proc.exitCode !== null || Date.now() > end) throw new Error(`child did not start:\n${c.out()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** kB → MiB of a /proc/<pid>/status field (VmRSS now, VmHWM the peak); undefined off Linux. */
function memMiB(pid: number | undefined, field: "VmRSS" | "VmHWM"): number | undefined {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const shownMiB = (v: number | undefined) => (v === undefined ? "n/a" : `${v.toFixed(0)} MiB`);

async function stop(c: Child): Promise<void> {
  if (c.proc.exitCode !== null || c.proc.signalCode !== null) return;
  const gone = new Promise((r) => c.proc.once("exit", r));
  c.proc.kill("SIGTERM");
  const t = setTimeout(() => c.proc.kill("SIGKILL"), 15_000);
  await gone;
  clearTimeout(t);
}

// ── the runs ─────────────────────────────────────────────────────────────────────────────────────────────────────

interface Run {
  label: string;
  seconds: number;
}

const flush = () => spawnSync("sync");

async function timed(fn: () => Promise<void>): Promise<number> {
  flush();
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}

function dd(dir: string, mib: number): number {
  const file = path.join(dir, "dd.bin");
  flush();
  const t0 = performance.now();
  const r = spawnSync("dd", ["if=/dev/zero", `of=${file}`, "bs=1M", `count=${mib}`, "conv=fsync"], { encoding: "utf8" });
  const s = (performance.now() - t0) / 1000;
  rmSync(file, { force: true });
  if (r.status !== 0) throw new Error(`dd failed: ${r.stderr}`);
  return s;
}

async function fsWrite(dir: string, src: ReturnType<typeof chunkSource>): Promise<number> {
  const file = path.join(dir, "fs.bin");
  const s = await timed(async () => {
    const fh = await open(file, "w");
    try {
      for (let i = 0; i < src.n; i++) await fh.write(src.chunk(i));
    } finally {
      await fh.close();
    }
  });
  rmSync(file, { force: true });
  return s;
}

/** A fresh PostgreSQL database for the server when DATABASE_URL is set (dropped by the returned function). */
async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { drop: async () => undefined };
  const name = `yanke_bench_upload_${process.pid}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name}`);
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function yanke(dir: string, size: number, src: ReturnType<typeof chunkSource>, sha256: string, databaseUrl: string | undefined) {
  const appKey = "bench-upload-app-key-0123456789";
  const password = "Bench12345";
  const c = launch(["--import", "tsx", "src/main.ts"], serverDir, {
    PORT: "0",
    RTMP_PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: path.join(dir, "yanke"),
    APP_KEY: appKey,
    ADMIN_PASSWORD: password,
    SEED_DEMO: "0",
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const port = (await waitFor(c, /研课 Yanke 已启动：http:\/\/localhost:(\d+)/))[1];
  const base = `http://127.0.0.1:${port}`;
  const login = await postCall<SessionInfo>(CALLS.login, { username: "admin", password }, { baseUrl: base, appKey });
  if (login.code !== 200) throw new Error(`login: ${login.msg}`);
  const token = login.data.token;
  const fields = { uuid: `bench${randomBytes(8).toString("hex")}`, size: String(size), chunkLength: String(src.n), real_file_name: "bench.bin", type: "all" };
  const post = async <T>(extra: Record<string, string>, chunk?: Buffer): Promise<Envelope<T>> => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...fields, ...extra })) fd.append(k, v);
    if (chunk) fd.append("file", new Blob([chunk]), "blob");
    const res = await fetch(`${base}${CALLS.fileSections}`, { method: "POST", body: fd, headers: { TOKEN: token } });
    return (await res.json()) as Envelope<T>;
  };
  const idle = memMiB(c.proc.pid, "VmRSS");

  const chunks = await timed(async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < src.n) {
          const i = next++;
          const r = await post({ action: "slice", chunk: String(i) }, src.chunk(i));
          if (r.code !== 200) throw new Error(`slice ${i}: ${r.code} ${r.msg}`);
        }
      }),
    );
  });
  const peakChunks = memMiB(c.proc.pid, "VmHWM");
  let merged: MergeAnswer | undefined;
  const merge = await timed(async () => {
    const r = await post<MergeAnswer>({ action: "merge" });
    if (r.code !== 200) throw new Error(`merge: ${r.code} ${r.msg}`);
    merged = r.data;
  });
  const peak = memMiB(c.proc.pid, "VmHWM");
  if (merged?.sha256 !== sha256 || merged.size !== size) throw new Error(`merged file differs: ${JSON.stringify(merged)}`);
  await stop(c);
  return { chunks, merge, idle, peakChunks, peak };
}

async function tus(dir: string, size: number, src: ReturnType<typeof chunkSource>) {
  const store = path.join(dir, "tus");
  const c = launch(["--import", "tsx", fileURLToPath(import.meta.url), "--tus-server", store], here, {});
  const port = (await waitFor(c, /TUS_LISTENING (\d+)/))[1];
  const base = `http://127.0.0.1:${port}`;
  const idle = memMiB(c.proc.pid, "VmRSS");
  let id = "";
  const seconds = await timed(async () => {
    const created = await fetch(`${base}/files`, { method: "POST", headers: { "Tus-Resumable": "1.0.0", "Upload-Length": String(size) } });
    const location = created.headers.get("location");
    if (created.status !== 201 || !location) throw new Error(`tus create: ${created.status} ${await created.text()}`);
    id = location.split("/").pop()!;
    let offset = 0;
    for (let i = 0; i < src.n; i++) {
      const body = src.chunk(i);
      const r = await fetch(new URL(location, base), {
        method: "PATCH",
        headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
        body,
      });
      await r.arrayBuffer();
      if (r.status !== 204) throw new Error(`tus PATCH ${i}: ${r.status}`);
      offset += body.length;
    }
  });
  const peak = memMiB(c.proc.pid, "VmHWM");
  const stored = statSync(path.join(store, id)).size;
  if (stored !== size) throw new Error(`tus stored ${stored} bytes, expected ${size}`);
  await stop(c);
  return { seconds, idle, peak };
}

async function main(): Promise<void> {
  const mib = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
  if (!Number.isInteger(mib) || mib < 1 || mib > 5000) throw new Error("BENCH_UPLOAD_MB: a whole number of MiB, 1–5000");
  const size = mib * MiB;
  const dir = mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), "yanke-upload-bench-"));
  const onSignal = () => {
    for (const c of children) c.proc.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const src = chunkSource(size);
    const hash = createHash("sha256");
    for (let i = 0; i < src.n; i++) hash.update(src.chunk(i));
    const sha256 = hash.digest("hex");
    console.log(
      `upload bench: ${mib} MiB in ${src.n} chunks of 5 MiB; ${os.cpus().length} CPUs, node ${process.version}, files under ${dir}, ` +
        `yanke on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
    );

    const ddS = dd(dir, mib);
    const fsS = await fsWrite(dir, src);
    const database = await freshDatabase();
    const ours = await yanke(dir, size, src, sha256, database.url).finally(() => database.drop());
    rmSync(path.join(dir, "yanke"), { recursive: true, force: true });
    const theirs = await tus(dir, size, src);

    const e2e = ours.chunks + ours.merge;
    const rate = (s: number) => mib / s;
    const rows: (Run & { ratio?: boolean })[] = [
      { label: "raw disk write (dd bs=1M conv=fsync)", seconds: ddS, ratio: true },
      { label: "fs write of the same bytes (no fsync)", seconds: fsS, ratio: true },
      { label: "@tus/server 2.4.5 + file-store (PATCH 5 MiB, 1 at a time)", seconds: theirs.seconds, ratio: true },
      { label: "yanke slices (5 MiB, 4 in parallel)", seconds: ours.chunks },
      { label: "yanke merge (streamed)", seconds: ours.merge },
      { label: "yanke end to end (slices + merge)", seconds: e2e },
    ];
    console.log(`\n${"".padEnd(60)} ${"time".padStart(8)} ${"MiB/s".padStart(8)} ${"yanke e2e / this".padStart(17)}`);
    for (const r of rows) {
      console.log(
        `${r.label.padEnd(60)} ${`${r.seconds.toFixed(2)} s`.padStart(8)} ${rate(r.seconds).toFixed(0).padStart(8)} ${(r.ratio ? (rate(e2e) / rate(r.seconds)).toFixed(2) : "").padStart(17)}`,
      );
    }
    console.log(
      `\nratios: yanke e2e/dd ${(ddS / e2e).toFixed(2)}, yanke e2e/tus ${(theirs.seconds / e2e).toFixed(2)}, yanke slices only/tus ${(theirs.seconds / ours.chunks).toFixed(2)}`,
    );
    console.log(`merge: ${ours.merge.toFixed(2)} s for ${mib} MiB (${rate(ours.merge).toFixed(0)} MiB/s)`);
    const grew = (peak?: number, idle?: number) => (peak === undefined || idle === undefined ? "n/a" : `+${(peak - idle).toFixed(0)} MiB`);
    console.log(
      `peak server memory (VmHWM): yanke ${shownMiB(ours.peak)} (idle RSS ${shownMiB(ours.idle)}, ${grew(ours.peak, ours.idle)}; after the slices ${shownMiB(ours.peakChunks)}), ` +
        `tus ${shownMiB(theirs.peak)} (idle RSS ${shownMiB(theirs.idle)}, ${grew(theirs.peak, theirs.idle)})`,
    );
    console.log("dd flushes to disk (conv=fsync); the fs write, tus and yanke leave the bytes in the page cache.");
  } finally {
    for (const c of children) await stop(c);
    rmSync(dir, { recursive: true, force: true });
  }
}

// ── entry: the bench, or (child mode) the tus server ─────────────────────────────────────────────────────────────────────────────────────

if (process.argv[2] === "--tus-server") {
  const tus = new TusServer({ path: "/files", datastore: new FileStore({ directory: process.argv[3]! }) });
  const srv = http.createServer((req, res) => void tus.handle(req, res));
  srv.listen(0, "127.0.0.1", () => {
    const addr = srv.address();
    console.log(`TUS_LISTENING ${typeof addr === "object" && addr ? addr.port : 0}`);
  });
} else {
  await main();
}

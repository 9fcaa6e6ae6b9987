/**
 * The ffmpeg work of recording and video on demand (docs/decisions/0624): capturing a live FLV into a fragmented MP4
 * part, joining parts (concat demuxer, -c copy, faststart), thumbnails (fast seek), HLS VOD packaging (-c copy),
 * timeline sprites.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { FFMPEG_QUIET, flvPipeCopy } from "../../infra/ffmpeg-args.js";
import { FlvStartGate } from "./flv-gate.js";

/** Runs ffmpeg to the end; rejects with the tail of its stderr. */
export function runFfmpeg(ffmpeg: string, args: string[], timeoutMs = 10 * 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, [...FFMPEG_QUIET, "-y", ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let tail = "";
    child.stderr?.setEncoding("utf8").on("data", (s: string) => {
      tail = (tail + s).slice(-2000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg ${signal ?? code}: ${tail.trim().split("\n").slice(-3).join(" | ") || "failed"}`));
    });
  });
}

/**
 * One camera captured from a live FLV stream (LiveIngest.subscribe) into a fragmented MP4 (a fragment per keyframe,
 * flushed as it goes): a crash loses at most the last fragment, and the part stays readable for the join.
 */
export class Capture {
  readonly done: Promise<void>;
  private readonly child: ChildProcess;
  private readonly gate: FlvStartGate;
  private stopping = false;

  constructor(
    ffmpeg: string,
    private readonly source: Readable,
    readonly out: string,
    onLog: (line: string) => void,
  ) {
    this.child = spawn(
      ffmpeg,
      ["-y", ...flvPipeCopy({ quickStart: true }), "-f", "mp4", "-flush_packets", "1", "-movflags", "+frag_keyframe+empty_moov+default_base_moof", out],
      { stdio: ["pipe", "ignore", "pipe"] },
    );
    let tail = "";
    this.child.stderr?.setEncoding("utf8").on("data", (s: string) => {
      tail = (tail + s).slice(-1000);
    });
    this.child.stdin?.on("error", () => undefined);
    // What the subscription buffered at once: the headers and the cached GOP (read before anything else arrives).
    // (read until empty: a PassThrough hands out its writable backlog only as its readable side is drained).
    const chunks: Buffer[] = [];
    for (let c = source.read() as Buffer | null; c !== null; c = source.read() as Buffer | null) chunks.push(c);
    this.gate = new FlvStartGate(chunks.length ? Buffer.concat(chunks) : null);
    source.on("error", () => this.gate.end());
    source.pipe(this.gate).pipe(this.child.stdin!);
    this.done = new Promise((resolve) => {
      this.child.on("error", (e) => {
        onLog(`录制进程无法启动：${e.message}`);
        source.destroy();
        resolve();
      });
      this.child.on("exit", (code, signal) => {
        source.destroy();
        if (code !== 0 && !this.stopping) onLog(`录制进程退出（${signal ?? code}）${tail ? `：${tail.trim().split("\n").pop()}` : ""}`);
        resolve();
      });
    });
  }

  /** Ends the input (ffmpeg writes its last fragment and exits); killed after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    this.stopping = true;
    this.source.unpipe(this.gate);
    this.source.destroy();
    if (!this.gate.writableEnded) this.gate.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), graceMs);
    await this.done;
    clearTimeout(timer);
  }
}

/** Joins parts (in order) into one MP4 with its index at the front. */
export async function joinParts(ffmpeg: string, parts: string[], listFile: string, out: string): Promise<void> {
  const quote = (p: string) => `'${p.replace(/'/g, "'\\''")}'`;
  await writeFile(listFile, parts.map((p) => `file ${quote(p)}\n`).join(""));
  await runFfmpeg(ffmpeg, ["-f", "concat", "-safe", "0", "-i", listFile, "-map", "0", "-c", "copy", "-movflags", "+faststart", out]);
}

/** A JPEG of the picture at `at` seconds (seek before the input: fast), 480 px wide. */
export function thumbnail(ffmpeg: string, input: string, out: string, at: number): Promise<void> {
  return runFfmpeg(ffmpeg, ["-ss", String(at), "-i", input, "-frames:v", "1", "-vf", "scale=480:-2", "-q:v", "4", out], 120_000);
}

/** HLS VOD (-c copy): `dir/index.m3u8` and `dir/seg_000.ts`…, 4 s target segments (cut at keyframes). */
export function packageHls(ffmpeg: string, input: string, dir: string): Promise<void> {
  return runFfmpeg(ffmpeg, [
    "-i",
    input,
    "-map",
    "0:v:0?",
    "-map",
    "0:a:0?",
    "-c",
    "copy",
    "-f",
    "hls",
    "-hls_time",
    "4",
    "-hls_playlist_type",
    "vod",
    "-hls_segment_filename",
    `${dir}/seg_%04d.ts`,
    `${dir}/index.m3u8`,
  ]);
}

/** Timeline thumbnails: one 160 px frame every `interval` s, `columns` per row, in one JPEG sprite. */
export function sprite(ffmpeg: string, input: string, out: string, interval: number, columns: number, rows: number): Promise<void> {
  // Only keyframes are decoded (cheap on long lessons).
  return runFfmpeg(ffmpeg, [
    "-skip_frame",
    "nokey",
    "-i",
    input,
    "-an",
    "-vf",
    `fps=1/${interval},scale=160:-2,tile=${columns}x${rows}`,
    "-frames:v",
    "1",
    "-q:v",
    "5",
    out,
  ]);
}

/**
 * The chunked upload engine against an in-memory fake of the server's chunk protocol (action status / slice /
 * merge of packages/protocol ChunkFields): parallelism, resume, progress cap, failure handling, size alerts.
 */
import { createHash } from "node:crypto";
import { CALLS, UPLOAD, type MergeAnswer } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { ChunkedUpload, defaultParallel, sliceProgress, type ChunkedUploadOptions, type UploadSource } from "./chunked-upload";
import { MSG } from "./messages";

interface Upload {
  chunks: Map<number, Uint8Array>;
  size: number;
  chunkLength: number;
  name: string;
  merged: MergeAnswer | null;
}

interface Seen {
  action: string;
  chunk?: number;
  path: string;
  token: string;
  fields: Record<string, string>;
}

/** The server side of the protocol, in memory: a test double for unit-testing the client engine. */
class FakeServer {
  uploads = new Map<string, Upload>();
  seen: Seen[] = [];
  inFlight = 0;
  maxInFlight = 0;
  aborted = 0;
  nextId = 1;
  /** Answer this slice with code 400 (once). */
  failSlice: number | null = null;
  failMerge: { code: number; msg: string } | null = null;
  failNetworkOnSlice: number | null = null;
  /** ms a slice takes */
  latency = 3;

  constructor(readonly chunkSize: number) {}

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const form = init?.body as FormData;
    const fields: Record<string, string> = {};
    let file: Blob | null = null;
    for (const [k, v] of form.entries()) {
      if (typeof v === "string") fields[k] = v;
      else file = v;
    }
    const token = (init?.headers as Record<string, string>)?.TOKEN ?? "";
    const action = fields.action;
    const chunk = fields.chunk === undefined ? undefined : Number(fields.chunk);
    this.seen.push({ action, chunk, path: String(input), token, fields });
    const signal = init?.signal;
    const json = (code: number, msg: string, data: unknown = null) => new Response(JSON.stringify({ code, msg, data }));
    const up = this.uploads.get(fields.uuid) ?? {
      chunks: new Map(),
      size: Number(fields.size),
      chunkLength: Number(fields.chunkLength),
      name: fields.real_file_name,
      merged: null,
    };
    this.uploads.set(fields.uuid, up);
    if (action === "status") {
      return json(200, "ok", {
        uuid: fields.uuid,
        chunks: [...up.chunks.keys()].sort((a, b) => a - b),
        chunkLength: up.chunkLength,
        size: up.size,
        merged: up.merged,
      });
    }
    if (action === "slice") {
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        await new Promise<void>((resolve, reject) => {
          const onAbort = () => {
            clearTimeout(t);
            this.aborted++;
            reject(new DOMException("aborted", "AbortError"));
          };
          const t = setTimeout(
            () => {
              signal?.removeEventListener("abort", onAbort);
              resolve();
            },
            this.latency + Math.random() * this.latency,
          );
          signal?.addEventListener("abort", onAbort, { once: true });
        });
      } finally {
        this.inFlight--;
      }
      if (chunk === this.failNetworkOnSlice) throw new TypeError("Failed to fetch");
      if (chunk === this.failSlice) {
        this.failSlice = null;
        return json(400, `分片 ${chunk} 大小不正确`);
      }
      const bytes = new Uint8Array(await file!.arrayBuffer());
      const want = chunk! < up.chunkLength - 1 ? this.chunkSize : up.size - (up.chunkLength - 1) * this.chunkSize;
      if (bytes.length !== want) return json(400, `分片 ${chunk} 大小不正确`);
      up.chunks.set(chunk!, bytes);
      return json(200, "ok", { uuid: fields.uuid, chunk, size: bytes.length, chunkLength: up.chunkLength });
    }
    if (action === "merge") {
      if (this.failMerge) return json(this.failMerge.code, this.failMerge.msg);
      if (up.merged) return json(200, "ok", up.merged);
      if (up.chunks.size !== up.chunkLength) return json(400, "分片不完整，无法合并");
      const all = new Uint8Array(up.size);
      for (let i = 0; i < up.chunkLength; i++) all.set(up.chunks.get(i)!, i * this.chunkSize);
      up.merged = {
        id: this.nextId++,
        save_path: `/files/${this.nextId - 1}`,
        size: up.size,
        real_file_name: up.name,
        sha256: createHash("sha256").update(all).digest("hex"),
      };
      return json(200, "ok", up.merged);
    }
    return json(400, "只能是 slice、merge 或 status");
  };

  actions(a: string): Seen[] {
    return this.seen.filter((s) => s.action === a);
  }
}

function bytesOf(n: number, seed = 7): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

function fileOf(bytes: Uint8Array<ArrayBuffer>, name = "资料.pdf", lastModified = 1_700_000_000_000): File {
  return new File([bytes], name, { lastModified, type: "application/pdf" });
}

interface Run {
  progress: [number, string][];
  errors: { message: string; code: number; stage: string }[];
  successes: MergeAnswer[];
  resets: number;
}

function engine(server: FakeServer, file: UploadSource, extra: Partial<ChunkedUploadOptions> = {}) {
  const run: Run = { progress: [], errors: [], successes: [], resets: 0 };
  const up = new ChunkedUpload({
    file,
    type: "all",
    fetch: server.fetch,
    token: () => "tok-1",
    accountId: 42,
    chunkSize: server.chunkSize,
    startDelayMs: 0,
    doneResetMs: 0,
    onProgress: (p, t) => run.progress.push([p, t]),
    onError: (f) => run.errors.push(f),
    onSuccess: (a) => run.successes.push(a),
    onReset: () => run.resets++,
    ...extra,
  });
  return { up, run };
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

describe("ChunkedUpload", () => {
  it("status, then every slice, then merge: the server's file equals the source", async () => {
    const server = new FakeServer(1000);
    const bytes = bytesOf(10_500);
    const { up, run } = engine(server, fileOf(bytes));
    const r = await up.start();
    expect(r.ok).toBe(true);
    expect(server.seen[0].action).toBe("status");
    expect(server.seen.at(-1)!.action).toBe("merge");
    expect(
      server
        .actions("slice")
        .map((s) => s.chunk)
        .sort((a, b) => a! - b!),
    ).toEqual([...Array(11).keys()]);
    expect(run.successes).toHaveLength(1);
    expect(run.successes[0].sha256).toBe(sha(bytes));
    expect(run.progress.at(-1)).toEqual([100, MSG.done]);
    // every request carries the token and the ChunkFields
    for (const s of server.seen) {
      expect(s.token).toBe("tok-1");
      expect(s.path).toBe(CALLS.fileSections);
      expect(s.fields).toMatchObject({ real_file_name: "资料.pdf", size: "10500", chunkLength: "11", account_id: "42", type: "all", research: "0" });
      expect(s.fields.uuid).toMatch(/^[0-9a-f]{32}$/);
    }
    await new Promise((res) => setTimeout(res, 5));
    expect(run.resets).toBe(1);
  });

  it("real 5 MiB slices: a 12 MiB file is 3 chunks of 5, 5 and 2 MiB", async () => {
    const server = new FakeServer(UPLOAD.chunkSize);
    const bytes = bytesOf(12 * 1024 * 1024);
    const { up, run } = engine(server, fileOf(bytes, "lesson.mp4"), { chunkSize: undefined });
    expect((await up.start()).ok).toBe(true);
    expect(server.actions("slice")).toHaveLength(3);
    expect(run.successes[0].sha256).toBe(sha(bytes));
  });

  for (const parallel of [4, 1, 2]) {
    it(`never has more than ${parallel} slices in flight`, async () => {
      const server = new FakeServer(100);
      const { up } = engine(server, fileOf(bytesOf(4000)), { parallel });
      expect((await up.start()).ok).toBe(true);
      expect(server.maxInFlight).toBe(parallel);
    });
  }

  it("4 in parallel by default, 1 for the slice uploader (§9)", async () => {
    expect(defaultParallel(CALLS.fileSections)).toBe(4);
    expect(defaultParallel(CALLS.fileChunkUpload)).toBe(4);
    expect(defaultParallel(CALLS.fileSliceUpload)).toBe(1);
    const server = new FakeServer(100);
    const { up } = engine(server, fileOf(bytesOf(2000)), { endpoint: CALLS.fileSliceUpload });
    expect((await up.start()).ok).toBe(true);
    expect(server.maxInFlight).toBe(1);
    expect(server.seen.every((s) => s.path === CALLS.fileSliceUpload)).toBe(true);
    const server4 = new FakeServer(100);
    const e4 = engine(server4, fileOf(bytesOf(2000)));
    expect((await e4.up.start()).ok).toBe(true);
    expect(server4.maxInFlight).toBe(4);
  });

  it("resumes: a re-chosen file (same name, size, date, bytes) sends only the chunks the server lacks", async () => {
    const server = new FakeServer(1000);
    const bytes = bytesOf(9_999);
    server.failSlice = 6;
    const first = engine(server, fileOf(bytes), { parallel: 1 });
    const r1 = await first.up.start();
    expect(r1.ok).toBe(false);
    const uuid = server.seen[0].fields.uuid;
    const held = [...server.uploads.get(uuid)!.chunks.keys()].sort((a, b) => a - b);
    expect(held).toEqual([0, 1, 2, 3, 4, 5]);

    server.seen = [];
    const again = engine(server, fileOf(bytes.slice()));
    const r2 = await again.up.start();
    expect(r2.ok).toBe(true);
    expect(server.seen[0].fields.uuid).toBe(uuid);
    expect(
      server
        .actions("slice")
        .map((s) => s.chunk)
        .sort((a, b) => a! - b!),
    ).toEqual([6, 7, 8, 9]);
    // progress starts where the server is: 6 of 10 held
    expect(again.run.progress[0]).toEqual([60, MSG.uploading]);
    expect(again.run.successes[0].sha256).toBe(sha(bytes));
  });

  it("a file the server already merged succeeds at once (merge is idempotent)", async () => {
    const server = new FakeServer(1000);
    const bytes = bytesOf(3000);
    expect((await engine(server, fileOf(bytes)).up.start()).ok).toBe(true);
    server.seen = [];
    const again = engine(server, fileOf(bytes));
    const r = await again.up.start();
    expect(r.ok).toBe(true);
    expect(server.seen.map((s) => s.action)).toEqual(["status"]);
    expect(again.run.successes).toHaveLength(1);
  });

  it("another file (different bytes or name) is another upload", async () => {
    const server = new FakeServer(1000);
    await engine(server, fileOf(bytesOf(3000, 1))).up.start();
    await engine(server, fileOf(bytesOf(3000, 2))).up.start();
    await engine(server, fileOf(bytesOf(3000, 1), "other.pdf")).up.start();
    expect(server.uploads.size).toBe(3);
  });

  it("progress from slices is capped at 95 until the merge answers; 文件合并中 from 90 %", async () => {
    const server = new FakeServer(10);
    const { up, run } = engine(server, fileOf(bytesOf(1000)), { parallel: 3 });
    let mergeSeenAt = -1;
    const inner = server.fetch;
    server.fetch = async (input, init) => {
      if ((init!.body as FormData).get("action") === "merge") mergeSeenAt = run.progress.length;
      return inner(input, init);
    };
    expect((await up.start()).ok).toBe(true);
    const before = run.progress.slice(0, mergeSeenAt);
    expect(before.length).toBeGreaterThan(50);
    expect(Math.max(...before.map(([p]) => p))).toBe(95);
    for (const [p, t] of before) expect(t).toBe(p >= 90 ? MSG.merging : MSG.uploading);
    // monotonic
    for (let i = 1; i < before.length; i++) expect(before[i][0]).toBeGreaterThanOrEqual(before[i - 1][0]);
    expect(run.progress.slice(mergeSeenAt)).toEqual([[100, MSG.done]]);
  });

  it("sliceProgress: floor, cap 95, title from 90", () => {
    expect(sliceProgress(0, 10)).toEqual({ percent: 0, title: MSG.uploading });
    expect(sliceProgress(89, 100)).toEqual({ percent: 89, title: MSG.uploading });
    expect(sliceProgress(9, 10)).toEqual({ percent: 90, title: MSG.merging });
    expect(sliceProgress(10, 10)).toEqual({ percent: 95, title: MSG.merging });
    expect(MSG.merging).toBe("文件合并中");
  });

  it("a refused slice (code 400) stops everything: in-flight slices aborted, no merge, the server's msg, reset", async () => {
    const server = new FakeServer(100);
    server.latency = 20;
    server.failSlice = 5;
    const { up, run } = engine(server, fileOf(bytesOf(5000)));
    const r = await up.start();
    expect(r).toMatchObject({ ok: false, cancelled: false, failure: { code: 400, stage: "slice", message: "分片 5 大小不正确" } });
    expect(run.errors).toEqual([{ code: 400, stage: "slice", message: "分片 5 大小不正确" }]);
    expect(server.actions("merge")).toHaveLength(0);
    expect(server.aborted).toBeGreaterThan(0);
    // no slice was started after the failure
    const sliceCount = server.actions("slice").length;
    await new Promise((res) => setTimeout(res, 60));
    expect(server.actions("slice").length).toBe(sliceCount);
    expect(sliceCount).toBeLessThan(50);
    expect(run.successes).toHaveLength(0);
    expect(run.resets).toBe(1);
    expect(up.percent).toBe(0);
  });

  it("a network failure on a slice stops with 请联系管理员！！！", async () => {
    const server = new FakeServer(100);
    server.failNetworkOnSlice = 2;
    const { up, run } = engine(server, fileOf(bytesOf(1000)), { parallel: 1 });
    const r = await up.start();
    expect(r.ok).toBe(false);
    expect(run.errors).toEqual([{ code: -1, stage: "slice", message: "请联系管理员！！！" }]);
    expect(server.actions("merge")).toHaveLength(0);
  });

  it("a merge refused with code 400 stops and resets, no success", async () => {
    const server = new FakeServer(100);
    server.failMerge = { code: 400, msg: "文件大小与分片不符" };
    const { up, run } = engine(server, fileOf(bytesOf(1000)));
    const r = await up.start();
    expect(r).toMatchObject({ ok: false, failure: { code: 400, stage: "merge", message: "文件大小与分片不符" } });
    expect(run.successes).toHaveLength(0);
    expect(run.resets).toBe(1);
    expect(run.progress.some(([p]) => p === 100)).toBe(false);
  });

  it("413 over quota on merge carries the server's msg", async () => {
    const server = new FakeServer(100);
    server.failMerge = { code: 413, msg: "存储空间不足，剩余 1 MB" };
    const { up, run } = engine(server, fileOf(bytesOf(500)));
    await up.start();
    expect(run.errors[0]).toMatchObject({ code: 413, message: "存储空间不足，剩余 1 MB" });
  });

  it("cancel() aborts the slices in flight, merges nothing and reports no error", async () => {
    const server = new FakeServer(100);
    server.latency = 15;
    const { up, run } = engine(server, fileOf(bytesOf(5000)));
    const done = up.start();
    await new Promise((res) => setTimeout(res, 25));
    up.cancel();
    const r = await done;
    expect(r).toMatchObject({ ok: false, cancelled: true, failure: null });
    expect(run.errors).toHaveLength(0);
    expect(server.actions("merge")).toHaveLength(0);
    expect(run.resets).toBe(1);
  });

  it("waits the start delay before the first slice", async () => {
    const server = new FakeServer(100);
    const t0 = Date.now();
    let firstSliceAt = 0;
    const inner = server.fetch;
    server.fetch = async (input, init) => {
      if ((init!.body as FormData).get("action") === "slice" && !firstSliceAt) firstSliceAt = Date.now();
      return inner(input, init);
    };
    const { up } = engine(server, fileOf(bytesOf(300)), { startDelayMs: 80 });
    await up.start();
    expect(firstSliceAt - t0).toBeGreaterThanOrEqual(75);
    expect(UPLOAD.startDelayMs).toBe(500);
  });
});

/** A file of any size without its bytes (for the size checks, nothing is read). */
function hugeFile(size: number, name = "lesson.mp4"): UploadSource {
  return { size, name, type: "video/mp4", lastModified: 0, slice: () => new Blob([]) };
}

describe("ChunkedUpload checks", () => {
  it("over 5 GB: '文件大小限制：5GB，实际文件大小：…', nothing sent", async () => {
    const server = new FakeServer(100);
    const { up, run } = engine(server, hugeFile(UPLOAD.bigFileMax + 1024 ** 3), { type: "video" });
    const r = await up.start();
    expect(r.ok).toBe(false);
    expect(run.errors).toEqual([{ code: 0, stage: "size", message: "文件大小限制：5GB，实际文件大小：6 GB" }]);
    expect(server.seen).toHaveLength(0);
  });

  it("research mode: 1 GB", async () => {
    const server = new FakeServer(100);
    const { up, run } = engine(server, hugeFile(1.5 * 1024 ** 3), { research: true });
    await up.start();
    expect(run.errors[0].message).toBe("文件大小限制：1GB，实际文件大小：1.5 GB");
    expect(server.seen).toHaveLength(0);
  });

  it("exactly 5 GB passes the size check", async () => {
    const server = new FakeServer(100);
    const { up, run } = engine(server, hugeFile(UPLOAD.bigFileMax), { type: "video", checkCodec: async () => false });
    await up.start();
    expect(run.errors[0].stage).toBe("codec");
  });

  it("type video: not an MP4 or not H.264 → the codec message; type all skips the check", async () => {
    const server = new FakeServer(100);
    const notMp4 = engine(server, fileOf(bytesOf(100), "lesson.avi"), { type: "video", checkCodec: async () => true });
    await notMp4.up.start();
    expect(notMp4.run.errors).toEqual([{ code: 0, stage: "codec", message: "请上传正确的视频编码格式,H264-MPEG-4 AVC" }]);
    const hevc = engine(server, fileOf(bytesOf(100), "lesson.mp4"), { type: "video", checkCodec: async () => false });
    await hevc.up.start();
    expect(hevc.run.errors[0].stage).toBe("codec");
    expect(server.seen).toHaveLength(0);
    let checked = 0;
    const any = engine(server, fileOf(bytesOf(100), "lesson.avi"), {
      type: "all",
      checkCodec: async () => {
        checked++;
        return false;
      },
    });
    expect((await any.up.start()).ok).toBe(true);
    expect(checked).toBe(0);
    expect(server.seen[0].fields.type).toBe("all");
  });

  it("type video with an H.264 check that passes uploads with type=video and research=1", async () => {
    const server = new FakeServer(100);
    const { up } = engine(server, fileOf(bytesOf(300), "课堂.MP4"), { type: "video", research: true, checkCodec: async () => true });
    expect((await up.start()).ok).toBe(true);
    expect(server.seen[0].fields).toMatchObject({ type: "video", research: "1", real_file_name: "课堂.MP4" });
  });
});

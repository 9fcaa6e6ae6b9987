/**
 * The chunked, resumable upload engine of platform.md §4/§5/§9 and issue #5, framework-free (React wraps it in
 * ChunkedUploader; node tests drive it with a fake fetch).
 *
 *   check size (5 GB, 1 GB in research mode) → check H.264 MP4 unless type 'all' → uuid from the file's bytes →
 *   action=status (chunks the server holds: resume) → after 500 ms, the missing 5 MiB slices, at most `parallel`
 *   in flight (4; 1 for the slice uploader) → action=merge → 100 %, success, reset 0.5 s later.
 *
 * Progress from slices is held/total·100 capped at 95; the title is 文件合并中 from 90 %. Any failed slice, status
 * or merge (network error or a non-200 code, 400 included) aborts the requests in flight, reports the server's
 * msg and resets; nothing is merged after a failure.
 */
import { CALLS, MergeAnswer, UPLOAD, chunkBytes, chunkCount, type ChunkStatusAnswer, type ChunkType } from "@yanke/protocol";
import { fileUploadId, type BlobLike } from "./file-id";
import { MSG } from "./messages";
import { checkH264Mp4 } from "./mp4-codec";
import { ABORT_CODE, NETWORK_CODE, UploadError, postMultipart, type Fields } from "./multipart";
import { checkBigFileSize, fileExt } from "./upload-rules";

export type ChunkStage = "idle" | "checking" | "status" | "uploading" | "merging" | "done";

export type ChunkFailureStage = "size" | "codec" | "status" | "slice" | "merge";

export interface ChunkedUploadFailure {
  /** What to show the user (the server's msg for refusals). */
  message: string;
  /** Envelope code; NETWORK_CODE (-1) without a usable answer; 0 for the client's own checks. */
  code: number;
  stage: ChunkFailureStage;
}

export type ChunkedResult = { ok: true; answer: MergeAnswer; uuid: string } | { ok: false; cancelled: boolean; failure: ChunkedUploadFailure | null };

/** A File, or anything with its size, slice and (optionally) name and lastModified. */
export interface UploadSource extends BlobLike {
  readonly name?: string;
  readonly lastModified?: number;
  readonly type?: string;
}

export interface ChunkedUploadOptions {
  file: UploadSource;
  /** real_file_name (default: the file's name). */
  name?: string;
  /** 'video' (default): H.264 MP4 only; 'all': any file. */
  type?: ChunkType;
  /** Research mode (lessons sent to AI analysis): 1 GB limit. */
  research?: boolean;
  /** CALLS.fileSections (default), CALLS.fileChunkUpload or CALLS.fileSliceUpload. */
  endpoint?: string;
  /** Slices in flight: UPLOAD.parallel (4), UPLOAD.sliceParallel (1) for CALLS.fileSliceUpload. */
  parallel?: number;
  fetch?: typeof fetch;
  /** The session token (TOKEN header). */
  token?: () => string;
  accountId?: number;
  baseUrl?: string;
  /** Tests only: the server slices at UPLOAD.chunkSize. */
  chunkSize?: number;
  startDelayMs?: number;
  doneResetMs?: number;
  /** The H.264 check (default: checkH264Mp4). */
  checkCodec?: (file: UploadSource) => Promise<boolean>;
  onProgress?: (percent: number, title: string) => void;
  onStage?: (stage: ChunkStage) => void;
  onSuccess?: (answer: MergeAnswer) => void;
  onError?: (failure: ChunkedUploadFailure) => void;
  /** The widget goes back to its initial state (0.5 s after success, at once after a failure or cancel). */
  onReset?: () => void;
}

/** The parallelism of an endpoint: 1 for the slice uploader, else 4 (§9). */
export function defaultParallel(endpoint: string): number {
  return endpoint === CALLS.fileSliceUpload ? UPLOAD.sliceParallel : UPLOAD.parallel;
}

/** §4: the progress from slices, capped at 95, and the title (文件合并中 from 90 %). */
export function sliceProgress(held: number, total: number): { percent: number; title: string } {
  const raw = total > 0 ? (held / total) * 100 : 0;
  const percent = Math.min(UPLOAD.progressCap, Math.floor(raw));
  return { percent, title: percent >= UPLOAD.mergeTitleAt ? MSG.merging : MSG.uploading };
}

/** Is the chosen file an MP4 by its type or name (the box walk then decides)? */
export function looksLikeMp4(f: UploadSource): boolean {
  return f.type === "video/mp4" || fileExt(f.name ?? "") === "mp4";
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });
}

class Failure extends Error {
  constructor(readonly failure: ChunkedUploadFailure) {
    super(failure.message);
  }
}

export class ChunkedUpload {
  private readonly o: ChunkedUploadOptions;
  private readonly controller = new AbortController();
  private started = false;
  private resetTimer: ReturnType<typeof setTimeout> | null = null;
  stage: ChunkStage = "idle";
  percent = 0;
  title: string = MSG.uploading;

  constructor(options: ChunkedUploadOptions) {
    this.o = options;
  }

  get endpoint(): string {
    return this.o.endpoint ?? CALLS.fileSections;
  }

  get parallel(): number {
    return Math.max(1, Math.floor(this.o.parallel ?? defaultParallel(this.endpoint)));
  }

  /** Stops everything (requests in flight are aborted) and resets; nothing is reported as an error. */
  cancel(): void {
    if (this.controller.signal.aborted) return;
    this.controller.abort();
  }

  get cancelled(): boolean {
    return this.controller.signal.aborted;
  }

  private setStage(s: ChunkStage) {
    this.stage = s;
    this.o.onStage?.(s);
  }

  private progress(percent: number, title: string) {
    this.percent = percent;
    this.title = title;
    this.o.onProgress?.(percent, title);
  }

  private reset() {
    this.percent = 0;
    this.title = MSG.uploading;
    this.stage = "idle";
    this.o.onReset?.();
  }

  private async post<T>(fields: Fields, stage: ChunkFailureStage, signal: AbortSignal): Promise<T> {
    try {
      return await postMultipart<T>(this.endpoint, fields, { token: this.o.token?.() ?? "", fetch: this.o.fetch, baseUrl: this.o.baseUrl, signal });
    } catch (e) {
      const err = e instanceof UploadError ? e : new UploadError(NETWORK_CODE, MSG.network);
      throw new Failure({ message: err.message, code: err.code, stage });
    }
  }

  /** Runs the upload once; resolves (never rejects) with the merge answer or why it stopped. */
  async start(): Promise<ChunkedResult> {
    if (this.started) throw new Error("ChunkedUpload.start() runs once; create a new one");
    this.started = true;
    const signal = this.controller.signal;
    try {
      const answer = await this.run(signal);
      this.setStage("done");
      this.progress(100, MSG.done);
      this.o.onSuccess?.(answer.answer);
      const resetMs = this.o.doneResetMs ?? UPLOAD.doneResetMs;
      this.resetTimer = setTimeout(() => {
        this.resetTimer = null;
        this.reset();
      }, resetMs);
      return { ok: true, answer: answer.answer, uuid: answer.uuid };
    } catch (e) {
      // The first failure wins; the aborts it caused in the other requests are not failures of their own.
      if (this.firstFailure) return this.stopped(this.firstFailure);
      if (e instanceof Failure && e.failure.code !== ABORT_CODE && !signal.aborted) return this.stopped(e.failure);
      if (signal.aborted) return this.stopped(null);
      return this.stopped({ message: MSG.network, code: NETWORK_CODE, stage: "slice" });
    }
  }

  /** The failure that stopped the upload (the requests in flight were aborted because of it). */
  private firstFailure: ChunkedUploadFailure | null = null;

  private stopped(failure: ChunkedUploadFailure | null): ChunkedResult {
    if (!this.controller.signal.aborted) this.controller.abort();
    if (failure) this.o.onError?.(failure);
    this.reset();
    return { ok: false, cancelled: failure === null, failure };
  }

  private async run(signal: AbortSignal): Promise<{ answer: MergeAnswer; uuid: string }> {
    const o = this.o;
    const file = o.file;
    const name = o.name ?? file.name ?? "file";
    const type: ChunkType = o.type ?? "video";
    const research = o.research === true;
    const chunkSize = o.chunkSize ?? UPLOAD.chunkSize;

    this.setStage("checking");
    const tooBig = checkBigFileSize(file.size, research);
    if (tooBig) throw new Failure({ message: tooBig, code: 0, stage: "size" });
    if (type !== "all") {
      const check = o.checkCodec ?? (async (f: UploadSource) => (await checkH264Mp4(f)).ok);
      if (!looksLikeMp4(file) || !(await check(file))) throw new Failure({ message: MSG.codec, code: 0, stage: "codec" });
    }
    if (signal.aborted) throw new Failure({ message: MSG.uploadCancelled, code: ABORT_CODE, stage: "status" });

    const uuid = await fileUploadId({ file, name, lastModified: file.lastModified ?? 0, accountId: o.accountId ?? "" });
    const total = chunkCount(file.size, chunkSize);
    const base: Fields = {
      uuid,
      real_file_name: name,
      size: file.size,
      chunkLength: total,
      account_id: o.accountId,
      type,
      research: research ? "1" : "0",
    };

    this.setStage("status");
    const status = await this.post<ChunkStatusAnswer>({ ...base, action: "status" }, "status", signal);
    if (status?.merged) return { answer: status.merged, uuid };
    const held = new Set((status?.chunks ?? []).filter((i) => Number.isInteger(i) && i >= 0 && i < total));
    const missing: number[] = [];
    for (let i = 0; i < total; i++) if (!held.has(i)) missing.push(i);
    let count = held.size;
    const report = () => {
      const p = sliceProgress(count, total);
      this.progress(p.percent, p.title);
    };
    report();

    await sleep(o.startDelayMs ?? UPLOAD.startDelayMs, signal);
    if (signal.aborted) throw new Failure({ message: MSG.uploadCancelled, code: ABORT_CODE, stage: "slice" });

    this.setStage("uploading");
    const queue = missing.slice();
    const worker = async () => {
      while (!this.firstFailure && !signal.aborted && queue.length > 0) {
        const i = queue.shift()!;
        const start = i * chunkSize;
        const blob = file.slice(start, start + chunkBytes(file.size, i, chunkSize));
        try {
          await this.post({ ...base, action: "slice", chunk: i, filename: `${uuid}_${i}`, file: { blob, filename: name } }, "slice", signal);
        } catch (e) {
          if (!this.firstFailure && !signal.aborted) {
            this.firstFailure = e instanceof Failure ? e.failure : { message: MSG.network, code: NETWORK_CODE, stage: "slice" };
            this.controller.abort();
          }
          throw e;
        }
        count++;
        report();
      }
    };
    const workers = Array.from({ length: Math.min(this.parallel, Math.max(1, queue.length)) }, worker);
    const settled = await Promise.allSettled(workers);
    if (this.firstFailure) throw new Failure(this.firstFailure);
    if (signal.aborted || settled.some((r) => r.status === "rejected")) {
      throw new Failure({ message: MSG.uploadCancelled, code: ABORT_CODE, stage: "slice" });
    }

    this.setStage("merging");
    this.progress(UPLOAD.progressCap, MSG.merging);
    const merged = await this.post<unknown>({ ...base, action: "merge" }, "merge", signal);
    const parsed = MergeAnswer.safeParse(merged);
    if (!parsed.success) throw new Failure({ message: MSG.network, code: NETWORK_CODE, stage: "merge" });
    return { answer: parsed.data, uuid };
  }

  /** Clears the pending reset (the widget unmounts). */
  dispose(): void {
    this.cancel();
    if (this.resetTimer) clearTimeout(this.resetTimer);
    this.resetTimer = null;
  }
}

/** One upload, started at once: `const up = uploadChunked({...}); up.cancel(); await up.done`. */
export function uploadChunked(options: ChunkedUploadOptions): { upload: ChunkedUpload; done: Promise<ChunkedResult>; cancel: () => void } {
  const upload = new ChunkedUpload(options);
  return { upload, done: upload.start(), cancel: () => upload.cancel() };
}

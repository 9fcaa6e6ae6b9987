import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AUDIO_MAX,
  type ChunkFields,
  type ChunkStatusAnswer,
  Code,
  FILE_GET_PREFIX,
  type FileKind,
  type FileListAnswer,
  type FileListPayload,
  type FilePowerAnswer,
  type FileRecord,
  type MergeAnswer,
  type PreviewAnswer,
  type SliceAnswer,
  UPLOAD,
  UPLOAD_MODULES,
  type UploadModule,
  chunkBytes,
  chunkCount,
  formatBytes,
} from "@yanke/protocol";
import { and, count, desc, eq, ilike, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { AppError, badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { overLimit, type ReceivedFile } from "../../http/multipart.js";
import { LocalObjectStore, type ObjectStore } from "../../infra/storage/index.js";
import type { AccountRow } from "../account/account.service.js";
import type { QuotaService } from "../quota/quota.service.js";
import { kindOf, nameExt, probe, sniffFile, type Sniffed } from "./media.js";
import { runSoffice } from "../../infra/soffice.js";
import { storedFile, uploadSession } from "./file.schema.js";

export const FILE_MESSAGES = {
  codec: "请上传正确的视频编码格式,H264-MPEG-4 AVC",
  videoFormat: "请上传正确的视频格式",
  imageFormat: "请上传正确的图片格式",
  fileFormat: "请上传正确的文件格式",
  simpleVideoTooLarge: "上传视频大小不能超过600MB!",
  imageTooLarge: "图片大小不能超过5M",
  commentTooLarge: "上传文件大小限制：100MB",
  noFile: "请选择要上传的文件(file)",
  empty: "文件为空，请重新选择",
  notMp3: "录音文件格式错误：请上传 MP3 格式的录音",
  noSession: "没有找到该上传编号(uuid)的分片，请重新上传",
  otherFile: "上传编号(uuid)已用于另一个文件（文件名、大小或分片数不同），请重新选择文件",
  merging: "文件正在合并，请稍候再试",
  fileGone: "文件不存在或已删除",
  noPermission: "无权访问该文件",
  noSoffice: "服务器未安装 LibreOffice，暂不能在线预览 Word、Excel、PowerPoint 文件，请下载后查看",
  convertFailed: "该文档无法转换为 PDF 预览（文件可能已损坏或加密），请下载后查看",
  convertTimeout: "文档转换超时，请稍后再试或下载后查看",
} as const;

/** Who acts: the account row (identity, school) of the session. */
export type Actor = Pick<AccountRow, "id" | "identity" | "school_id" | "region_code">;

export interface FileServiceOptions {
  db: Db;
  store: ObjectStore;
  quota: QuotaService;
  /** Schools the actor administers (undefined = all); a teacher administers none. */
  schoolsInScope: (a: Actor) => Promise<number[] | undefined>;
  /** The school of an account (0 when none or gone). */
  schoolOf: (accountId: number) => Promise<number>;
  /** Key of signed addresses (derived from the server secret, never APP_KEY, which browsers hold). */
  signingKey: Buffer;
  ttlMs: number;
  mergeLeaseMs: number;
  soffice: string;
  ffprobe: string;
  now?: () => Date;
}

const TEACHER = 2;
const ADMIN_IDENTITIES = new Set([1, 5]);
/** Signed addresses stay valid this long. */
const SIGNED_TTL_S = 6 * 3600;
const PUBLIC_MODULES = new Set<string>(["image", "editor", "comment"]);
const MP4_FAMILY = new Set(["mp4", "mov"]);

/** A stored file's row, as other modules see it (they do not import file.schema.ts). */
export type FileRow = typeof storedFile.$inferSelect;
type SessionRow = typeof uploadSession.$inferSelect;

const partPrefix = (accountId: number, uuid: string) => `uploads/${accountId}/${uuid}/`;
const partKey = (accountId: number, uuid: string, index: number) => `${partPrefix(accountId, uuid)}${String(index).padStart(6, "0")}`;

/** A fresh object key: files/<yyyy>/<mm>/<random>[.ext] — never a name the user gave. */
function newKey(ext: string): string {
  const d = new Date();
  const mm = String(d.getUTCMonth() + 1).padStart(2, "0");
  return `files/${d.getUTCFullYear()}/${mm}/${randomBytes(12).toString("hex")}${ext ? `.${ext}` : ""}`;
}

/** The limit a chunked upload is held to (§5: 5 GB, 1 GB in research mode). */
function chunkLimit(f: Pick<ChunkFields, "research">): { bytes: number; text: string } {
  return f.research ? { bytes: UPLOAD.researchBigFileMax, text: "1GB" } : { bytes: UPLOAD.bigFileMax, text: "5GB" };
}

function viewerOf(kind: FileKind): PreviewAnswer["viewer"] {
  switch (kind) {
    case "image":
    case "audio":
    case "video":
    case "pdf":
    case "text":
      return kind;
    case "office":
      return "pdf";
    default:
      return "none";
  }
}

/**
 * Files (issue #5): chunked resumable uploads (slice / status / merge), one-request uploads by module, the audio
 * recorder's MP3, reading with ranges and permissions, previews (Office → PDF by LibreOffice, once) and deletion
 * with the quota given back. The object store holds the bytes; this service the records and the rules.
 */
export class FileService {
  private readonly db: Db;
  private readonly store: ObjectStore;
  private readonly o: FileServiceOptions;
  private readonly now: () => Date;
  private readonly converting = new Map<number, Promise<string>>();

  constructor(o: FileServiceOptions) {
    this.o = o;
    this.db = o.db;
    this.store = o.store;
    this.now = o.now ?? (() => new Date());
  }

  get tmpDir(): string {
    return this.store.tmpDir;
  }

  // ── chunked uploads ──────────────────────────────────────────────────────────────────────────────────────────

  /** The geometry every action checks: the chunk count matches the size at 5 MiB; the size is within the limit. */
  private checkGeometry(f: ChunkFields): void {
    const limit = chunkLimit(f);
    if (f.size > limit.bytes) throw new AppError(Code.TOO_LARGE, `文件大小限制：${limit.text}，实际文件大小：${formatBytes(f.size)}`);
    const n = chunkCount(f.size);
    if (f.chunkLength !== n) throw badInput(`分片数(chunkLength): 与文件大小不符，${formatBytes(f.size)} 按 5MB 分片应为 ${n} 片，实际 ${f.chunkLength} 片`);
  }

  private async sessionRow(accountId: number, uuid: string): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(uploadSession)
      .where(and(eq(uploadSession.account_id, accountId), eq(uploadSession.uuid, uuid)));
    return row;
  }

  private sameFile(row: SessionRow, f: ChunkFields): void {
    if (row.size !== f.size || row.chunk_length !== f.chunkLength || row.real_file_name !== f.real_file_name || row.type !== f.type) {
      throw badInput(FILE_MESSAGES.otherFile);
    }
  }

  /** Would `bytes` fit every quota of the account now? 413 with what is left otherwise (charged and rolled back). */
  private async precheckQuota(accountId: number, bytes: number): Promise<void> {
    const probeOnly = new Error("quota-precheck");
    try {
      await this.db.transaction(async (tx) => {
        await this.o.quota.charge(accountId, bytes, { tx });
        throw probeOnly;
      });
    } catch (e) {
      if (e !== probeOnly) throw e;
    }
  }

  private async openSession(accountId: number, f: ChunkFields): Promise<SessionRow> {
    const existing = await this.sessionRow(accountId, f.uuid);
    if (existing) {
      this.sameFile(existing, f);
      return existing;
    }
    await this.precheckQuota(accountId, f.size);
    await this.db
      .insert(uploadSession)
      .values({
        account_id: accountId,
        uuid: f.uuid,
        real_file_name: f.real_file_name,
        size: f.size,
        chunk_length: f.chunkLength,
        type: f.type,
        research: f.research,
        storage_key: newKey(f.type === "video" ? "mp4" : nameExt(f.real_file_name)),
      })
      .onConflictDoNothing();
    const row = await this.sessionRow(accountId, f.uuid);
    if (!row) throw new Error("upload session vanished");
    this.sameFile(row, f);
    return row;
  }

  /** action=slice: keeps chunk `chunk` whole (temp file renamed into place) or refuses it with a precise message. */
  async slice(accountId: number, f: ChunkFields, file: ReceivedFile | undefined): Promise<SliceAnswer> {
    this.checkGeometry(f);
    if (f.chunk === undefined) throw badInput("分片序号(chunk): 必填");
    if (f.chunk >= f.chunkLength) throw badInput(`分片序号(chunk): 超出范围，应为 0–${f.chunkLength - 1}，实际 ${f.chunk}`);
    if (!file) throw badInput("缺少分片文件(file)");
    const expected = chunkBytes(f.size, f.chunk);
    if (file.size !== expected) throw badInput(`第 ${f.chunk + 1} 片大小不符：应为 ${expected} 字节，实际 ${file.size} 字节`);
    if (f.type === "video" && f.chunk === 0) {
      // The first chunk tells whether this is an MP4 at all; the codec is checked on the whole file at merge.
      const s = await sniffFile(file.path, f.real_file_name);
      if (!MP4_FAMILY.has(s.ext)) throw badInput(FILE_MESSAGES.codec);
    }
    const row = await this.openSession(accountId, f);
    if (row.status !== "done") {
      await this.store.putFile(partKey(accountId, f.uuid, f.chunk), file.path);
      await this.db
        .update(uploadSession)
        .set({ updated_at: this.now() })
        .where(and(eq(uploadSession.account_id, accountId), eq(uploadSession.uuid, f.uuid)));
    }
    return { uuid: f.uuid, chunk: f.chunk, size: file.size, chunkLength: f.chunkLength };
  }

  /** Indexes of the chunks held whole, ascending. */
  private async heldChunks(accountId: number, row: SessionRow): Promise<number[]> {
    const prefix = partPrefix(accountId, row.uuid);
    const held: number[] = [];
    for (const o of await this.store.list(prefix)) {
      const name = o.key.slice(prefix.length);
      if (!/^\d{6}$/.test(name)) continue;
      const i = Number(name);
      if (i < row.chunk_length && o.size === chunkBytes(row.size, i)) held.push(i);
    }
    return held.sort((a, b) => a - b);
  }

  /** action=status: what the server holds, so the client sends only the rest. */
  async status(accountId: number, f: ChunkFields): Promise<ChunkStatusAnswer> {
    this.checkGeometry(f);
    const row = await this.sessionRow(accountId, f.uuid);
    if (!row) return { uuid: f.uuid, chunks: [], chunkLength: f.chunkLength, size: f.size, merged: null };
    this.sameFile(row, f);
    if (row.status === "done" && row.file_id) {
      const file = await this.fileRow(row.file_id);
      if (file)
        return {
          uuid: f.uuid,
          chunks: Array.from({ length: row.chunk_length }, (_, i) => i),
          chunkLength: row.chunk_length,
          size: row.size,
          merged: this.mergeAnswer(file),
        };
    }
    return { uuid: f.uuid, chunks: await this.heldChunks(accountId, row), chunkLength: row.chunk_length, size: row.size, merged: null };
  }

  private mergeAnswer(file: FileRow): MergeAnswer {
    return { id: file.id, save_path: `${FILE_GET_PREFIX}/${file.id}`, size: file.size, real_file_name: file.real_file_name, sha256: file.sha256 };
  }

  /**
   * action=merge: streams the chunks in order into the file's key (never the whole file in memory), checks it,
   * records it and charges the quotas in one transaction, then drops the chunks. Idempotent: a merged upload
   * answers the same file again. One merge at a time per upload (a lease; a crashed merge is taken over).
   */
  async merge(accountId: number, f: ChunkFields): Promise<MergeAnswer> {
    this.checkGeometry(f);
    const row = await this.sessionRow(accountId, f.uuid);
    if (!row) throw badInput(FILE_MESSAGES.noSession);
    this.sameFile(row, f);
    const done = await this.mergedFile(row);
    if (done) return done;

    const key = { account_id: accountId, uuid: f.uuid };
    const where = and(eq(uploadSession.account_id, key.account_id), eq(uploadSession.uuid, key.uuid));
    const leaseUntil = () => new Date(this.now().getTime() + this.o.mergeLeaseMs);
    const [claimed] = await this.db
      .update(uploadSession)
      .set({ status: "merging", lease_until: leaseUntil(), updated_at: this.now() })
      .where(and(where, or(eq(uploadSession.status, "open"), and(eq(uploadSession.status, "merging"), lt(uploadSession.lease_until, this.now())))))
      .returning();
    if (!claimed) {
      const again = await this.sessionRow(accountId, f.uuid);
      const merged = again && (await this.mergedFile(again));
      if (merged) return merged;
      throw conflict(FILE_MESSAGES.merging);
    }
    const heartbeat = setInterval(
      () => {
        void this.db
          .update(uploadSession)
          .set({ lease_until: leaseUntil() })
          .where(and(where, eq(uploadSession.status, "merging")))
          .catch(() => undefined);
      },
      Math.max(200, Math.floor(this.o.mergeLeaseMs / 3)),
    );
    heartbeat.unref();
    const reopen = () =>
      this.db
        .update(uploadSession)
        .set({ status: "open", lease_until: null, updated_at: this.now() })
        .where(and(where, eq(uploadSession.status, "merging")));
    try {
      const held = new Set(await this.heldChunks(accountId, claimed));
      const missing = Array.from({ length: claimed.chunk_length }, (_, i) => i).filter((i) => !held.has(i));
      if (missing.length > 0) {
        const shown = missing
          .slice(0, 10)
          .map((i) => i + 1)
          .join("、");
        throw badInput(
          `分片不完整：缺少第 ${shown}${missing.length > 10 ? " 等" : ""} 片（共 ${claimed.chunk_length} 片，缺 ${missing.length} 片），请继续上传`,
        );
      }
      const hash = createHash("sha256");
      const store = this.store;
      const source = Readable.from(
        (async function* () {
          for (let i = 0; i < claimed.chunk_length; i++) {
            for await (const c of await store.read(partKey(accountId, f.uuid, i))) {
              hash.update(c as Buffer);
              yield c as Buffer;
            }
          }
        })(),
      );
      const written = await this.store.putStream(claimed.storage_key, source, { fileName: claimed.real_file_name });
      if (written !== claimed.size) throw badInput(`文件大小不符：应为 ${claimed.size} 字节，合并得到 ${written} 字节，请重新上传`);
      const sha256 = hash.digest("hex");

      const described = await this.describe(claimed.storage_key, claimed.real_file_name);
      if (claimed.type === "video" && !(MP4_FAMILY.has(described.sniffed.ext) && described.codec === "h264")) {
        await this.store.delete(claimed.storage_key);
        await this.store.deletePrefix(partPrefix(accountId, f.uuid));
        await this.db.delete(uploadSession).where(where);
        throw badInput(FILE_MESSAGES.codec);
      }
      let file: FileRow;
      try {
        file = await this.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(storedFile)
            .values({
              storage_key: claimed.storage_key,
              real_file_name: claimed.real_file_name,
              file_type: described.sniffed.ext || nameExt(claimed.real_file_name),
              kind: described.kind,
              mime: described.sniffed.mime,
              size: claimed.size,
              sha256,
              module: "chunk",
              account_id: accountId,
              is_public: false,
              duration: described.duration,
              codec: described.codec,
            })
            .returning();
          await this.o.quota.charge(accountId, claimed.size, { tx });
          await tx.update(uploadSession).set({ status: "done", file_id: created!.id, lease_until: null, updated_at: this.now() }).where(where);
          return created!;
        });
      } catch (e) {
        // Over quota (413) or a failed write: the merged object goes, the chunks stay for a later merge.
        await this.store.delete(claimed.storage_key).catch(() => undefined);
        throw e;
      }
      await this.store.deletePrefix(partPrefix(accountId, f.uuid)).catch(() => undefined);
      return this.mergeAnswer(file);
    } catch (e) {
      await reopen().catch(() => undefined);
      throw e;
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async mergedFile(row: SessionRow): Promise<MergeAnswer | undefined> {
    if (row.status !== "done" || !row.file_id) return undefined;
    const file = await this.fileRow(row.file_id);
    // Chunks a crash left after the commit.
    await this.store.deletePrefix(partPrefix(row.account_id, row.uuid)).catch(() => undefined);
    return file ? this.mergeAnswer(file) : undefined;
  }

  /**
   * Removes uploads nobody touched for the TTL (chunks and row), and the rows of merged uploads past it.
   * Runs on a timer; `now` is injectable for tests. Answers how many uploads were removed.
   */
  async sweep(now: Date = this.now()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.o.ttlMs);
    const stale = await this.db
      .select()
      .from(uploadSession)
      .where(
        and(
          lt(uploadSession.updated_at, cutoff),
          or(ne(uploadSession.status, "merging"), isNull(uploadSession.lease_until), lt(uploadSession.lease_until, now)),
        ),
      );
    for (const row of stale) {
      await this.store.deletePrefix(partPrefix(row.account_id, row.uuid));
      // A merge that wrote the file but never committed (a crash in between) leaves it unreferenced.
      if (row.status !== "done") await this.store.delete(row.storage_key).catch(() => undefined);
      await this.db
        .delete(uploadSession)
        .where(and(eq(uploadSession.account_id, row.account_id), eq(uploadSession.uuid, row.uuid), lt(uploadSession.updated_at, cutoff)));
    }
    // Temporary files a crash left: parts being received, copies for ffprobe, LibreOffice work, half-written objects.
    await this.sweepTemporary(cutoff);
    return stale.length;
  }

  private async sweepTemporary(olderThan: Date): Promise<void> {
    const entries = await readdir(this.store.tmpDir).catch(() => [] as string[]);
    for (const name of entries) {
      if (!/^(part|copy|soffice)-/.test(name)) continue;
      const full = path.join(this.store.tmpDir, name);
      const st = await stat(full).catch(() => undefined);
      if (st && st.mtime < olderThan) await rm(full, { recursive: true, force: true });
    }
    await this.store.sweepTemporary?.(olderThan);
  }

  // ── one-request uploads ──────────────────────────────────────────────────────────────────────────────────────

  /** /file/upload: checks the module's types (by the bytes) and size, stores, records and charges. */
  async upload(accountId: number, module: UploadModule, name: string | undefined, file: ReceivedFile | undefined): Promise<FileRecord> {
    if (!file) throw badInput(FILE_MESSAGES.noFile);
    const spec = UPLOAD_MODULES[module];
    if (file.size > spec.max) {
      const msg =
        module === "connectivity"
          ? FILE_MESSAGES.simpleVideoTooLarge
          : module === "image" || module === "editor"
            ? FILE_MESSAGES.imageTooLarge
            : module === "comment"
              ? FILE_MESSAGES.commentTooLarge
              : overLimit(spec.max, file.size);
      throw new AppError(Code.TOO_LARGE, msg);
    }
    if (file.size === 0) throw badInput(FILE_MESSAGES.empty);
    const realName = name?.trim() || file.filename || "file";
    const sniffed = await sniffFile(file.path, realName);
    const allowed: readonly string[] = spec.exts;
    const ok = allowed.length === 0 || allowed.includes(sniffed.ext) || (sniffed.ext === "jpg" && allowed.includes("jpeg"));
    if (!ok) {
      const msg =
        module === "image" || module === "editor" || module === "comment"
          ? FILE_MESSAGES.imageFormat
          : module === "connectivity" || module === "video"
            ? FILE_MESSAGES.videoFormat
            : FILE_MESSAGES.fileFormat;
      throw badInput(msg);
    }
    return this.keep(accountId, file, realName, sniffed, module, PUBLIC_MODULES.has(module));
  }

  /** /file/audioUpload: the recorder's MP3 (name + .mp3, default record.mp3). */
  async audio(accountId: number, name: string | undefined, file: ReceivedFile | undefined): Promise<FileRecord> {
    if (!file) throw badInput("请选择要上传的录音(audio)");
    if (file.size > AUDIO_MAX) throw new AppError(Code.TOO_LARGE, overLimit(AUDIO_MAX, file.size));
    if (file.size === 0) throw badInput(FILE_MESSAGES.empty);
    const base = name?.trim() || "record";
    const realName = base.toLowerCase().endsWith(".mp3") ? base : `${base}.mp3`;
    const sniffed = await sniffFile(file.path, realName);
    if (sniffed.ext !== "mp3") throw badInput(FILE_MESSAGES.notMp3);
    return this.keep(accountId, file, realName, sniffed, "audio", false);
  }

  /**
   * A file the server made itself (a lesson recording, #6): moved from local disk into the store, recorded and
   * charged to the account's quotas like an upload (413 when full, checked before the file is moved: it stays where
   * it was).
   */
  async adopt(accountId: number, localPath: string, realName: string, module: string): Promise<FileRecord> {
    const st = await stat(localPath);
    if (st.size === 0) throw badInput(FILE_MESSAGES.empty);
    await this.precheckQuota(accountId, st.size);
    const sniffed = await sniffFile(localPath, realName);
    return this.keep(accountId, { path: localPath, size: st.size, filename: realName }, realName, sniffed, module, false);
  }

  private async keep(accountId: number, file: ReceivedFile, realName: string, sniffed: Sniffed, module: string, isPublic: boolean): Promise<FileRecord> {
    const ext = sniffed.ext || nameExt(realName);
    const kind = kindOf({ ...sniffed, ext });
    const media = kind === "video" || kind === "audio" ? await probe(this.o.ffprobe, file.path) : undefined;
    if ((kind === "video" || kind === "audio") && !media) throw badInput(`${kind === "video" ? "视频" : "音频"}文件已损坏或无法识别，请检查后重新上传`);
    const sha256 = await sha256File(file.path);
    const key = newKey(ext);
    await this.store.putFile(key, file.path, { contentType: sniffed.mime, fileName: realName });
    try {
      const row = await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(storedFile)
          .values({
            storage_key: key,
            real_file_name: realName,
            file_type: ext,
            kind,
            mime: sniffed.ext ? sniffed.mime : "application/octet-stream",
            size: file.size,
            sha256,
            module,
            account_id: accountId,
            is_public: isPublic,
            duration: media?.duration ?? null,
            codec: media?.videoCodec ?? null,
          })
          .returning();
        await this.o.quota.charge(accountId, file.size, { tx });
        return created!;
      });
      return this.record(row);
    } catch (e) {
      await this.store.delete(key).catch(() => undefined);
      throw e;
    }
  }

  /** Sniff, kind, duration and codec of a stored object (read in place on local disk, else copied to a temp file). */
  private async describe(key: string, realName: string): Promise<{ sniffed: Sniffed; kind: FileKind; duration: number | null; codec: string | null }> {
    return this.withLocalCopy(key, realName, async (file) => {
      const sniffed = await sniffFile(file, realName);
      const kind = kindOf(sniffed.ext ? sniffed : { ...sniffed, ext: nameExt(realName) });
      const media = kind === "video" || kind === "audio" ? await probe(this.o.ffprobe, file) : undefined;
      return { sniffed, kind, duration: media?.duration ?? null, codec: media?.videoCodec ?? null };
    });
  }

  private async withLocalCopy<T>(key: string, realName: string, fn: (file: string) => Promise<T>): Promise<T> {
    if (this.store instanceof LocalObjectStore) return fn(this.store.file(key));
    const dir = await mkdtemp(path.join(this.store.tmpDir, "copy-"));
    const file = path.join(dir, `object.${nameExt(realName) || "bin"}`);
    try {
      await pipeline(await this.store.read(key), createWriteStream(file));
      return await fn(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  // ── records, reading and permissions ─────────────────────────────────────────────────────────────────────────

  async fileRow(id: number): Promise<FileRow | undefined> {
    const [row] = await this.db.select().from(storedFile).where(eq(storedFile.id, id));
    return row;
  }

  record(r: FileRow): FileRecord {
    return {
      id: r.id,
      file_path: `${FILE_GET_PREFIX}/${r.id}`,
      file_name: r.real_file_name,
      file_type: r.file_type,
      type: r.kind,
      size: r.size,
      mime: r.mime,
      module: r.module,
      account_id: r.account_id,
      duration: r.duration,
      codec: r.codec,
      sha256: r.sha256,
      is_public: r.is_public,
      create_time: r.created_at.toISOString(),
    };
  }

  /** May `actor` manage (delete) the file: its owner, a platform administrator, or an administrator of the owner's school. */
  private async manages(actor: Actor, file: FileRow): Promise<boolean> {
    if (actor.id === file.account_id) return true;
    if (ADMIN_IDENTITIES.has(actor.identity)) return true;
    if (actor.identity === TEACHER) return false;
    const schools = await this.o.schoolsInScope(actor);
    if (schools === undefined) return true;
    const ownerSchool = await this.o.schoolOf(file.account_id);
    return ownerSchool !== 0 && schools.includes(ownerSchool);
  }

  /** May `actor` (null: anonymous) read the file? */
  async mayRead(actor: Actor | null, file: FileRow): Promise<boolean> {
    if (file.is_public) return true;
    if (!actor) return false;
    return this.manages(actor, file);
  }

  /** An address that reads a private file for SIGNED_TTL_S without a token (for <video>, <img>, pdf.js). */
  signedPath(id: number, suffix = ""): string {
    const exp = Math.floor(this.now().getTime() / 1000) + SIGNED_TTL_S;
    return `${FILE_GET_PREFIX}/${id}${suffix}?exp=${exp}&sig=${this.signature(id, exp)}`;
  }

  private signature(id: number, exp: number): string {
    return createHmac("sha256", this.o.signingKey).update(`${id}.${exp}`).digest("base64url").slice(0, 32);
  }

  validSignature(id: number, exp: string | undefined, sig: string | undefined): boolean {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
    const e = Number(exp);
    if (e * 1000 < this.now().getTime()) return false;
    const want = Buffer.from(this.signature(id, e));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  /** The file for GET /files/:id, or the refusal (404 absent; 403 not allowed). */
  async forReading(id: number, actor: Actor | null, exp?: string, sig?: string): Promise<FileRow> {
    const file = await this.fileRow(id);
    if (!file) throw notFound(FILE_MESSAGES.fileGone);
    if (this.validSignature(id, exp, sig) || (await this.mayRead(actor, file))) return file;
    throw forbidden(FILE_MESSAGES.noPermission);
  }

  statObject(key: string): Promise<{ size: number } | undefined> {
    return this.store.stat(key);
  }

  async readObject(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return this.store.read(key, range);
  }

  async list(accountId: number, p: FileListPayload): Promise<FileListAnswer> {
    const kw = p.keyword ? `%${p.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined;
    const where = and(
      eq(storedFile.account_id, accountId),
      p.type ? eq(storedFile.kind, p.type) : undefined,
      kw ? ilike(storedFile.real_file_name, kw) : undefined,
    );
    const [n] = await this.db.select({ n: count() }).from(storedFile).where(where);
    const rows = await this.db
      .select()
      .from(storedFile)
      .where(where)
      .orderBy(desc(storedFile.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    const kinds = await this.db
      .select({ type: storedFile.kind, count: count(), size: sql<string>`coalesce(sum(${storedFile.size}), 0)` })
      .from(storedFile)
      .where(eq(storedFile.account_id, accountId))
      .groupBy(storedFile.kind);
    const by_type = kinds.map((k) => ({ type: k.type as FileKind, count: Number(k.count), size: Number(k.size) })).sort((a, b) => b.size - a.size);
    const own = await this.o.quota.ownSpace(accountId);
    const space = { quota_bytes: own.quota_bytes, used_bytes: own.used_bytes, available_bytes: own.available_bytes };
    return { list: rows.map((r) => this.record(r)), total: Number(n?.n ?? 0), by_type, space };
  }

  /** Deletes the record, gives its bytes back to the uploader's quotas, then removes the objects. */
  async remove(actor: Actor, id: number): Promise<{ id: number }> {
    const file = await this.fileRow(id);
    if (!file || !(await this.mayRead(actor, file))) throw notFound(FILE_MESSAGES.fileGone);
    if (!(await this.manages(actor, file))) throw forbidden("只有上传者或管理员可以删除该文件");
    const gone = await this.db.transaction(async (tx) => {
      const [deleted] = await tx.delete(storedFile).where(eq(storedFile.id, id)).returning();
      if (!deleted) return undefined;
      await this.o.quota.release(deleted.account_id, deleted.size, { tx });
      await tx.delete(uploadSession).where(eq(uploadSession.file_id, id));
      return deleted;
    });
    if (!gone) throw notFound(FILE_MESSAGES.fileGone);
    await this.store.delete(gone.storage_key).catch(() => undefined);
    if (gone.preview_key) await this.store.delete(gone.preview_key).catch(() => undefined);
    return { id };
  }

  async power(actor: Actor, id: number): Promise<FilePowerAnswer> {
    const file = await this.fileRow(id);
    if (!file) return { id, preview: false, download: false, delete: false, reason: FILE_MESSAGES.fileGone, url: "" };
    const read = await this.mayRead(actor, file);
    const manage = read && (await this.manages(actor, file));
    const url = !read ? "" : file.is_public ? `${FILE_GET_PREFIX}/${id}` : this.signedPath(id);
    return { id, preview: read, download: read, delete: manage, reason: read ? "" : FILE_MESSAGES.noPermission, url };
  }

  /** c386: how to show the file; Office documents are converted to PDF once (cached). */
  async preview(actor: Actor | null, id: number): Promise<PreviewAnswer> {
    const file = await this.fileRow(id);
    if (!file) throw notFound(FILE_MESSAGES.fileGone);
    if (!(await this.mayRead(actor, file))) throw forbidden(FILE_MESSAGES.noPermission);
    const kind = file.kind as FileKind;
    const url = file.is_public ? `${FILE_GET_PREFIX}/${id}` : this.signedPath(id);
    let preview_url: string | null = null;
    if (kind === "office") {
      await this.ensurePdf(file);
      preview_url = file.is_public ? `${FILE_GET_PREFIX}/${id}/preview.pdf` : this.signedPath(id, "/preview.pdf");
    } else if (viewerOf(kind) !== "none") {
      preview_url = url;
    }
    return { id, file_name: file.real_file_name, file_type: file.file_type, type: kind, size: file.size, url, preview_url, viewer: viewerOf(kind) };
  }

  /** The PDF rendition's key, converting once (concurrent callers share one conversion). */
  async ensurePdf(file: FileRow): Promise<string> {
    if (file.preview_key && (await this.store.stat(file.preview_key))) return file.preview_key;
    let job = this.converting.get(file.id);
    if (!job) {
      job = this.convert(file).finally(() => this.converting.delete(file.id));
      this.converting.set(file.id, job);
    }
    return job;
  }

  private async convert(file: FileRow): Promise<string> {
    const dir = await mkdtemp(path.join(this.store.tmpDir, "soffice-"));
    try {
      const input = path.join(dir, `document.${file.file_type || "docx"}`);
      if (this.store instanceof LocalObjectStore) await symlink(this.store.file(file.storage_key), input);
      else await pipeline(await this.store.read(file.storage_key), createWriteStream(input));
      await runSoffice(this.o.soffice, dir, input, FILE_MESSAGES);
      const pdf = path.join(dir, "document.pdf");
      const made = await stat(pdf).catch(() => undefined);
      if (!made || made.size === 0) throw badInput(FILE_MESSAGES.convertFailed);
      const key = `previews/${file.id}-${randomBytes(4).toString("hex")}.pdf`;
      await this.store.putFile(key, pdf, { contentType: "application/pdf" });
      await this.db.update(storedFile).set({ preview_key: key }).where(eq(storedFile.id, file.id));
      return key;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const c of createReadStream(file)) hash.update(c as Buffer);
  return hash.digest("hex");
}

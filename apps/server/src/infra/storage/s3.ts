import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  S3Client,
  S3ServiceException,
  type PutObjectCommandInput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  assertKey,
  assertPrefix,
  assertRange,
  byKey,
  countBytes,
  InvalidRange,
  ObjectNotFound,
  type ByteRange,
  type ObjectMeta,
  type ObjectStore,
  type StoredObject,
} from "./store.js";

export interface S3Settings {
  /** Absent: AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Multipart tuning: 8 MiB parts, 4 in flight, so at most ~32 MiB of one upload is in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

function status(e: unknown): number | undefined {
  return (e as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}
function errName(e: unknown): string | undefined {
  return e instanceof S3ServiceException || e instanceof Error ? e.name : undefined;
}

/** One bucket of S3 or an S3-compatible server (MinIO, Ceph, OSS, COS, s3rver in tests). */
export class S3ObjectStore implements ObjectStore {
  readonly kind = "s3";
  readonly client: S3Client;
  readonly bucket: string;
  readonly tmpDir: string;
  /** Keys per list request (S3 gives at most 1000); smaller only in tests, to exercise paging. */
  private readonly pageSize: number;

  private constructor(s: S3Settings, dataDir: string, pageSize: number) {
    this.bucket = s.bucket;
    this.tmpDir = path.join(path.resolve(dataDir), "tmp");
    this.pageSize = pageSize;
    this.client = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
      // Since 3.729 the SDK adds CRC32 checksums (x-amz-checksum-*, aws-chunked trailers) to every upload; many
      // S3-compatible servers refuse them. Only send them where an operation requires one (DeleteObjects).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  /** Connects and creates the bucket when missing (a fresh MinIO or s3rver has none). */
  static async open(s: S3Settings, dataDir: string, opts: { pageSize?: number } = {}): Promise<S3ObjectStore> {
    const store = new S3ObjectStore(s, dataDir, Math.min(1000, opts.pageSize ?? 1000));
    try {
      await fs.mkdir(store.tmpDir, { recursive: true });
      await store.ensureBucket();
    } catch (e) {
      store.client.destroy();
      throw e;
    }
    return store;
  }

  private async ensureBucket(): Promise<void> {
    const where = `${this.bucket}${this.client.config.endpoint ? "" : " (AWS)"}`;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (e) {
      if (status(e) === 403) throw new Error(`对象存储拒绝访问存储桶 ${where}：请检查 S3_ACCESS_KEY_ID 和 S3_SECRET_ACCESS_KEY`, { cause: e });
      if (status(e) !== 404) throw new Error(`无法连接对象存储（存储桶 ${where}）：${(e as Error).message}`, { cause: e });
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (e) {
      if (errName(e) === "BucketAlreadyOwnedByYou") return;
      // Created meanwhile by another instance (s3rver answers BucketAlreadyExists then): fine if we can reach it now.
      const usable = await this.client.send(new HeadBucketCommand({ Bucket: this.bucket })).then(
        () => true,
        () => false,
      );
      if (!usable) throw new Error(`无法创建存储桶 ${where}：${(e as Error).message}`, { cause: e });
    }
  }

  private params(key: string, meta?: ObjectMeta): PutObjectCommandInput {
    return {
      Bucket: this.bucket,
      Key: key,
      ContentType: meta?.contentType,
      // Metadata travels as HTTP headers: ASCII only, hence URI encoding.
      Metadata: meta?.fileName ? { "file-name": encodeURIComponent(meta.fileName) } : undefined,
    };
  }

  private async upload(key: string, body: Readable, meta?: ObjectMeta): Promise<void> {
    // Parts are uploaded as they fill; the object appears only at CompleteMultipartUpload (or the single
    // PutObject of a body smaller than one part), so a failure leaves the key as it was.
    const upload = new Upload({
      client: this.client,
      params: { ...this.params(key, meta), Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // We abort ourselves: Upload's own abort lets a failed AbortMultipartUpload (s3rver has none) replace the
      // original error. Parts an abort could not remove are for a bucket lifecycle rule to expire.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (e) {
      if (upload.uploadId) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: upload.uploadId })).catch(() => {});
      }
      throw e;
    }
  }

  async putFile(key: string, localPath: string, meta?: ObjectMeta): Promise<void> {
    assertKey(key);
    const body = createReadStream(localPath);
    try {
      await this.upload(key, body, meta);
    } finally {
      body.destroy();
    }
    await fs.rm(localPath, { force: true });
  }

  async putStream(key: string, body: NodeJS.ReadableStream | Readable, meta?: ObjectMeta): Promise<number> {
    assertKey(key);
    const counter = { bytes: 0 };
    try {
      await this.upload(key, Readable.from(countBytes(body, counter), { objectMode: false }), meta);
    } catch (e) {
      // Leave no half-read source behind (an HTTP request would otherwise stall).
      if (body instanceof Readable) body.destroy();
      throw e;
    }
    return counter.bytes;
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    assertKey(key);
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: r.ContentLength ?? 0 };
    } catch (e) {
      if (status(e) === 404) return undefined;
      throw e;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    if (range) assertRange(range);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      // In Node the body is an http.IncomingMessage, i.e. a Readable.
      return r.Body as Readable;
    } catch (e) {
      if (errName(e) === "NoSuchKey" || status(e) === 404) throw new ObjectNotFound(key);
      if (range && (errName(e) === "InvalidRange" || status(e) === 416)) throw new InvalidRange(key, range);
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    // S3 answers 204 for an absent key too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertPrefix(prefix);
    const out: StoredObject[] = [];
    // ListObjects (v1) paged by Marker = last key: every S3-compatible server has it, and s3rver's v2
    // continuation tokens use DES, which Node 17+ (OpenSSL 3) refuses, so v2 paging fails there with a 500.
    let marker: string | undefined;
    for (;;) {
      const r = await this.client.send(new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix || undefined, Marker: marker, MaxKeys: this.pageSize }));
      for (const o of r.Contents ?? []) if (o.Key !== undefined) out.push({ key: o.Key, size: o.Size ?? 0 });
      const last = r.Contents?.at(-1)?.Key;
      if (!r.IsTruncated || last === undefined) break;
      marker = r.NextMarker ?? last;
    }
    return out.sort(byKey);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix);
    if (prefix === "") throw new TypeError("deletePrefix needs a non-empty prefix");
    const keys = (await this.list(prefix)).map((o) => o.key);
    // DeleteObjects takes at most 1000 keys a request.
    for (let i = 0; i < keys.length; i += 1000) {
      const r = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = (r.Errors ?? []).filter((x) => x.Code !== "NoSuchKey");
      if (failed.length)
        throw new Error(`could not delete ${failed.length} object(s) under ${prefix}: ${failed[0].Key} ${failed[0].Code} ${failed[0].Message}`);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "../../config.js";
import { InvalidRange, LocalObjectStore, ObjectNotFound, openStore, S3ObjectStore, type ObjectStore } from "./index.js";

// s3rver ships no types; this is the little of it the tests use.
type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)("s3rver") as new (opts: Record<string, unknown>) => S3rverServer;

const MiB = 1024 * 1024;
const BUCKET = "yanke-test";
const dirs: string[] = [];
const tmp = async (name: string) => {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), `yanke-${name}-`));
  dirs.push(d);
  return d;
};

/** One s3rver for the whole file, started on a free port. */
let s3rver: S3rverServer | undefined;
let s3Endpoint = "";
beforeAll(async () => {
  s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: await tmp("s3rver") });
  const addr = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await s3rver?.close();
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

const s3Settings = () => ({
  endpoint: s3Endpoint,
  bucket: BUCKET,
  region: "us-east-1",
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  forcePathStyle: true,
});

/** `size` bytes of random data in 1 MiB chunks, optionally failing after `failAfter` bytes; `digest()` gives the sha256 of what was sent. */
function source(size: number, failAfter?: number) {
  const hash = createHash("sha256");
  let sent = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error("client went away"));
      if (sent >= size) return this.push(null);
      const chunk = randomBytes(Math.min(MiB, size - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest("hex") };
}

async function bytes(r: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(c as Buffer);
  return Buffer.concat(parts);
}
async function sha256(r: Readable): Promise<string> {
  const h = createHash("sha256");
  for await (const c of r) h.update(c as Buffer);
  return h.digest("hex");
}

interface Case {
  name: "local" | "s3";
  open(): Promise<ObjectStore>;
}
const cases: Case[] = [
  { name: "local", open: async () => LocalObjectStore.open(await tmp("local")) },
  // Two keys a list page, so list() and deletePrefix() go through several pages.
  { name: "s3", open: async () => S3ObjectStore.open(s3Settings(), await tmp("s3data"), { pageSize: 2 }) },
];

describe.each(cases)("$name object store", ({ name, open }) => {
  let store: ObjectStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store?.close();
  });
  // Each store has its own directory but the s3 cases share one bucket: keys are prefixed by the case.
  const k = (key: string) => `${name}/${key}`;

  it("has its kind and a temp directory", async () => {
    expect(store.kind).toBe(name);
    expect((await fs.stat(store.tmpDir)).isDirectory()).toBe(true);
  });

  it("moves a finished temp file in and reads it whole or by range", async () => {
    const data = Buffer.from("0123456789abcdefghij");
    const file = path.join(store.tmpDir, "part-1");
    await fs.writeFile(file, data);
    await store.putFile(k("files/one.txt"), file, { contentType: "text/plain", fileName: "教案 1.txt" });

    await expect(fs.stat(file)).rejects.toMatchObject({ code: "ENOENT" });
    expect(await store.stat(k("files/one.txt"))).toEqual({ key: k("files/one.txt"), size: 20 });
    expect(await bytes(await store.read(k("files/one.txt")))).toEqual(data);
    expect((await bytes(await store.read(k("files/one.txt"), { start: 3, end: 7 }))).toString()).toBe("34567");
    expect((await bytes(await store.read(k("files/one.txt"), { start: 19, end: 19 }))).toString()).toBe("j");
    // The end is clamped to the last byte, as HTTP ranges are; a start past it is refused.
    expect((await bytes(await store.read(k("files/one.txt"), { start: 15, end: 1000 }))).toString()).toBe("fghij");
    await expect(store.read(k("files/one.txt"), { start: 20, end: 25 })).rejects.toBeInstanceOf(InvalidRange);
    await expect(store.read(k("files/one.txt"), { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
  });

  it("streams 20 MiB in (several S3 parts) and reads back the same bytes", async () => {
    const src = source(20 * MiB);
    const n = await store.putStream(k("big/video.mp4"), src.stream);
    expect(n).toBe(20 * MiB);
    expect(await store.stat(k("big/video.mp4"))).toEqual({ key: k("big/video.mp4"), size: 20 * MiB });
    expect(await sha256(await store.read(k("big/video.mp4")))).toBe(src.digest());

    // A range across the first part boundary (8 MiB) matches the same range of the whole.
    const whole = await bytes(await store.read(k("big/video.mp4")));
    const cut = await bytes(await store.read(k("big/video.mp4"), { start: 8 * MiB - 5, end: 8 * MiB + 4 }));
    expect(cut).toEqual(whole.subarray(8 * MiB - 5, 8 * MiB + 5));
    await store.delete(k("big/video.mp4"));
  });

  it("stores an empty stream as an empty object", async () => {
    expect(await store.putStream(k("empty"), Readable.from([]))).toBe(0);
    expect(await store.stat(k("empty"))).toEqual({ key: k("empty"), size: 0 });
    expect(await bytes(await store.read(k("empty")))).toHaveLength(0);
  });

  it("replaces an object, and a failed write leaves the previous one whole", async () => {
    await store.putStream(k("over/x"), Readable.from([Buffer.from("old")]));
    await store.putStream(k("over/x"), Readable.from([Buffer.from("new!")]));
    expect((await bytes(await store.read(k("over/x")))).toString()).toBe("new!");

    // The source fails after 10 MiB: on S3 one 8 MiB part has gone up by then.
    await expect(store.putStream(k("over/x"), source(20 * MiB, 10 * MiB).stream)).rejects.toThrow("client went away");
    expect((await bytes(await store.read(k("over/x")))).toString()).toBe("new!");
  });

  it("leaves nothing at the key when the source stream fails midway", async () => {
    // The commands the S3 client sends from here on.
    const sent: string[] = [];
    if (store instanceof S3ObjectStore) {
      store.client.middlewareStack.add(
        (next, context) => (args) => {
          sent.push(String(context.commandName));
          return next(args);
        },
        { step: "initialize", name: "recordCommands" },
      );
    }
    await expect(store.putStream(k("broken/file"), source(20 * MiB, 10 * MiB).stream)).rejects.toThrow("client went away");
    await expect(store.putStream(k("broken/small"), source(MiB, MiB / 2).stream)).rejects.toThrow("client went away");
    expect(await store.stat(k("broken/file"))).toBeUndefined();
    expect(await store.stat(k("broken/small"))).toBeUndefined();
    await expect(store.read(k("broken/file"))).rejects.toBeInstanceOf(ObjectNotFound);
    expect(await store.list(k("broken/"))).toEqual([]);
    if (store instanceof LocalObjectStore) {
      // No temp file left behind either.
      expect(await fs.readdir(path.join(store.root, name, "broken"))).toEqual([]);
    }
    if (store instanceof S3ObjectStore) {
      // The started multipart upload is aborted (s3rver has no AbortMultipartUpload and answers 405; the
      // store must still report the source's error, as above), and nothing completes it.
      expect(sent).toContain("AbortMultipartUploadCommand");
      expect(sent).not.toContain("CompleteMultipartUploadCommand");
    }
  });

  it("lists by prefix, sorted, whole objects only", async () => {
    // No sibling like "uploads/a.mp4" beside "uploads/a/": s3rver walks directories, so with such a pair its
    // pages are not in key order and Marker paging skips keys (real S3 orders by key; see the local test below).
    const keys = ["uploads/a/2", "uploads/a/10", "uploads/a/1", "uploads/a/0", "uploads/ab/0", "uploads/a_x", "uploads/b/sub/deep"];
    for (const [i, key] of keys.entries()) await store.putStream(k(key), Readable.from([Buffer.alloc(i + 1, 0x61)]));

    expect(await store.list(k("uploads/a/"))).toEqual([
      { key: k("uploads/a/0"), size: 4 },
      { key: k("uploads/a/1"), size: 3 },
      { key: k("uploads/a/10"), size: 2 },
      { key: k("uploads/a/2"), size: 1 },
    ]);
    expect((await store.list(k("uploads/ab/"))).map((o) => o.key)).toEqual([k("uploads/ab/0")]);
    // Without the slash a prefix is a plain string prefix, as on S3.
    expect((await store.list(k("uploads/a"))).map((o) => o.key)).toEqual(
      ["uploads/a/0", "uploads/a/1", "uploads/a/10", "uploads/a/2", "uploads/a_x", "uploads/ab/0"].map(k),
    );
    expect((await store.list(k("uploads/b/"))).map((o) => o.key)).toEqual([k("uploads/b/sub/deep")]);
    expect(await store.list(k("uploads/none/"))).toEqual([]);
    expect(await store.list(k("uploads/a/0/"))).toEqual([]);

    await store.deletePrefix(k("uploads/a/"));
    expect(await store.list(k("uploads/a/"))).toEqual([]);
    expect((await store.list(k("uploads/"))).map((o) => o.key)).toEqual(["uploads/a_x", "uploads/ab/0", "uploads/b/sub/deep"].map(k));
    await store.deletePrefix(k("uploads/"));
    expect(await store.list(k("uploads/"))).toEqual([]);
    await store.deletePrefix(k("uploads/"));
    await expect(store.deletePrefix("")).rejects.toThrow();
  });

  it("deletes; absent is fine; reading the absent is ObjectNotFound", async () => {
    await store.putStream(k("del/x"), Readable.from([Buffer.from("x")]));
    await store.delete(k("del/x"));
    await store.delete(k("del/x"));
    await store.delete(k("never/was"));
    expect(await store.stat(k("del/x"))).toBeUndefined();
    await expect(store.read(k("del/x"))).rejects.toBeInstanceOf(ObjectNotFound);
    await expect(store.read(k("del/x"), { start: 0, end: 0 })).rejects.toBeInstanceOf(ObjectNotFound);
    // A key that is only a prefix of others is no object.
    await store.putStream(k("dir/inner"), Readable.from([Buffer.from("y")]));
    expect(await store.stat(k("dir"))).toBeUndefined();
    await expect(store.read(k("dir"))).rejects.toBeInstanceOf(ObjectNotFound);
  });

  it("refuses keys that are not plain relative paths", async () => {
    for (const bad of ["../x", "/abs", "a/../b", "a//b", "a/./b", "a/", "", "a\\b", "空格 名", "x.tmp-123abc"]) {
      await expect(store.stat(bad), bad).rejects.toThrow(/invalid object key/);
      await expect(store.putStream(bad, Readable.from([Buffer.from("x")])), bad).rejects.toThrow(/invalid object key/);
    }
    await expect(store.list("../")).rejects.toThrow(/invalid object key/);
    await expect(store.deletePrefix("/")).rejects.toThrow(/invalid object key/);
  });
});

describe("local object store", () => {
  it("keeps objects under <DATA_DIR>/files and never lists a leftover temp file", async () => {
    const dataDir = await tmp("local2");
    const store = await openStore({ dataDir });
    expect(store).toBeInstanceOf(LocalObjectStore);
    expect(store.tmpDir).toBe(path.join(dataDir, "tmp"));
    await store.putStream("uploads/u1/0", Readable.from([Buffer.from("abc")]));
    expect(await fs.readFile(path.join(dataDir, "files", "uploads", "u1", "0"), "utf8")).toBe("abc");
    // A crash mid-write leaves `<key>.tmp-<random>` beside the target.
    await fs.writeFile(path.join(dataDir, "files", "uploads", "u1", "1.tmp-0a1b2c"), "half");
    expect(await store.list("uploads/u1/")).toEqual([{ key: "uploads/u1/0", size: 3 }]);
    expect(await store.list("")).toEqual([{ key: "uploads/u1/0", size: 3 }]);
    // deletePrefix removes the directory tree, leftovers included.
    await store.deletePrefix("uploads/u1/");
    await expect(fs.stat(path.join(dataDir, "files", "uploads", "u1"))).rejects.toMatchObject({ code: "ENOENT" });
    await store.close();
  });

  it("copies a temp file from another filesystem (EXDEV) and still removes it", async () => {
    const dataDir = await tmp("local-exdev");
    const store = await openStore({ dataDir });
    const file = path.join(store.tmpDir, "upload");
    await fs.writeFile(file, "across devices");
    const spy = vi.spyOn(fs, "rename").mockImplementationOnce(async () => {
      throw Object.assign(new Error("EXDEV: cross-device link not permitted"), { code: "EXDEV" });
    });
    let renames: unknown[][];
    try {
      await store.putFile("files/moved", file);
    } finally {
      renames = [...spy.mock.calls];
      spy.mockRestore();
    }
    // The refused move, then the copy renamed into place.
    expect(renames).toHaveLength(2);
    expect(String(renames[1][0])).toMatch(/moved\.tmp-[0-9a-f]+$/);
    expect((await bytes(await store.read("files/moved"))).toString()).toBe("across devices");
    await expect(fs.stat(file)).rejects.toMatchObject({ code: "ENOENT" });
    expect(await fs.readdir(path.join(dataDir, "files", "files"))).toEqual(["moved"]);
    await store.close();
  });

  it("lists in key byte order across directories", async () => {
    const store = await openStore({ dataDir: await tmp("local3") });
    for (const key of ["v/a/0", "v/a.mp4", "v/a-b", "v/a_c", "v/A"]) await store.putStream(key, Readable.from([Buffer.from("x")]));
    expect((await store.list("v/")).map((o) => o.key)).toEqual(["v/A", "v/a-b", "v/a.mp4", "v/a/0", "v/a_c"]);
    expect((await store.list("v/a")).map((o) => o.key)).toEqual(["v/a-b", "v/a.mp4", "v/a/0", "v/a_c"]);
    // deletePrefix without a slash is a string prefix too.
    await store.deletePrefix("v/a.");
    expect((await store.list("v/")).map((o) => o.key)).toEqual(["v/A", "v/a-b", "v/a/0", "v/a_c"]);
    await store.close();
  });
});

describe("S3 object store", () => {
  it("creates a missing bucket on open, tolerates an existing one, keeps content type and file name", async () => {
    const bucket = "fresh-bucket";
    const config = { dataDir: await tmp("s3open"), s3: { ...s3Settings(), bucket } };
    const a = await openStore(config);
    const b = await openStore(config); // the bucket exists now
    expect(a.kind).toBe("s3");
    await a.putStream("files/x.pdf", Readable.from([Buffer.from("%PDF")]), { contentType: "application/pdf", fileName: "第一课 教案.pdf" });
    expect(await b.stat("files/x.pdf")).toEqual({ key: "files/x.pdf", size: 4 });
    const head = await (a as S3ObjectStore).client.send(new HeadObjectCommand({ Bucket: bucket, Key: "files/x.pdf" }));
    expect(head.ContentType).toBe("application/pdf");
    expect(decodeURIComponent(head.Metadata?.["file-name"] ?? "")).toBe("第一课 教案.pdf");
    await a.close();
    await b.close();
  });

  it("says in Chinese when the server cannot be reached", async () => {
    const config = { dataDir: await tmp("s3down"), s3: { ...s3Settings(), endpoint: "http://127.0.0.1:1" } };
    await expect(openStore(config)).rejects.toThrow(/无法连接对象存储/);
  });
});

describe("S3 configuration", () => {
  const err = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (e) {
      if (e instanceof ConfigError) return e.message;
      throw e;
    }
    throw new Error("expected a ConfigError");
  };

  it("is off by default and read when S3_BUCKET is set", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: "", S3_ENDPOINT: "" }).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: "yanke-files", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" }).s3).toEqual({
      endpoint: undefined,
      bucket: "yanke-files",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    const c = loadConfig({
      S3_ENDPOINT: "https://oss.example.cn",
      S3_BUCKET: "yanke.files",
      S3_REGION: "cn-north-1",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "0",
    });
    expect(c.s3).toMatchObject({ endpoint: "https://oss.example.cn", bucket: "yanke.files", region: "cn-north-1", forcePathStyle: false });
  });

  it("refuses incomplete or stray S3 settings without printing the secret", () => {
    expect(err({ S3_BUCKET: "yanke-files" })).toMatch(/S3_ACCESS_KEY_ID.*需要同时设置/);
    expect(err({ S3_BUCKET: "yanke-files", S3_ACCESS_KEY_ID: "id" })).toMatch(/S3_SECRET_ACCESS_KEY=""/);
    expect(err({ S3_BUCKET: "Yanke_Files", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "s" })).toMatch(/S3_BUCKET 必须是 3–63 位/);
    expect(err({ S3_BUCKET: "yanke-files", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "s", S3_ENDPOINT: "ftp://x" })).toMatch(/S3_ENDPOINT 必须是/);
    const stray = err({ S3_ENDPOINT: "http://minio:9000", S3_SECRET_ACCESS_KEY: "top-secret" });
    expect(stray).toMatch(/设置了 S3_ENDPOINT、S3_SECRET_ACCESS_KEY 但没有设置 S3_BUCKET/);
    expect(stray).not.toContain("top-secret");
  });
});

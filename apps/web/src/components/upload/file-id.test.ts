import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ID_SAMPLE_BYTES, fileUploadId, sha256Fallback, toHex } from "./file-id";

const nodeSha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

describe("sha256Fallback (for http origins without crypto.subtle)", () => {
  it("matches node's SHA-256 for the FIPS vectors and random lengths around the block edges", () => {
    expect(toHex(sha256Fallback(new Uint8Array()))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(toHex(sha256Fallback(new TextEncoder().encode("abc")))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    for (const n of [1, 55, 56, 63, 64, 65, 119, 120, 1000, 70_000]) {
      const b = new Uint8Array(randomBytes(n));
      expect(toHex(sha256Fallback(b)), `length ${n}`).toBe(nodeSha(b));
    }
  });
});

describe("fileUploadId", () => {
  const bytes = new Uint8Array(randomBytes(300_000));
  const file = (b: Uint8Array, name = "课堂.mp4", lastModified = 1) => new File([b as Uint8Array<ArrayBuffer>], name, { lastModified });

  it("32 hex digits (the ChunkFields uuid pattern), the same for the same file chosen again", async () => {
    const a = await fileUploadId({ file: file(bytes), name: "课堂.mp4", lastModified: 1, accountId: 7 });
    const b = await fileUploadId({ file: file(bytes.slice()), name: "课堂.mp4", lastModified: 1, accountId: 7 });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toBe(a);
  });

  it("differs by name, date, account, first and last 64 KB", async () => {
    const base = { file: file(bytes), name: "课堂.mp4", lastModified: 1, accountId: 7 };
    const a = await fileUploadId(base);
    const head = bytes.slice();
    head[10] ^= 1;
    const tail = bytes.slice();
    tail[tail.length - 10] ^= 1;
    const others = [
      await fileUploadId({ ...base, name: "其他.mp4" }),
      await fileUploadId({ ...base, lastModified: 2 }),
      await fileUploadId({ ...base, accountId: 8 }),
      await fileUploadId({ ...base, file: file(head) }),
      await fileUploadId({ ...base, file: file(tail) }),
    ];
    expect(new Set([a, ...others]).size).toBe(6);
  });

  it("reads only the first and last 64 KB", async () => {
    const reads: [number, number][] = [];
    const size = 5 * 1024 ** 3;
    const fake = {
      size,
      slice(start = 0, end = size) {
        reads.push([start, end]);
        return new Blob([new Uint8Array(end - start)]);
      },
    };
    await fileUploadId({ file: fake, name: "x", lastModified: 0 });
    expect(reads).toEqual([
      [0, ID_SAMPLE_BYTES],
      [size - ID_SAMPLE_BYTES, size],
    ]);
  });

  it("small files: the tail is not read twice", async () => {
    const small = new Uint8Array([1, 2, 3]);
    expect(await fileUploadId({ file: file(small), name: "s" })).toMatch(/^[0-9a-f]{32}$/);
  });
});

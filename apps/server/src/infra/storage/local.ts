import { createWriteStream, type Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertKey,
  assertPrefix,
  assertRange,
  byKey,
  countBytes,
  InvalidRange,
  ObjectNotFound,
  TMP_MARK,
  tmpSuffix,
  type ByteRange,
  type ObjectStore,
  type StoredObject,
} from "./store.js";

const code = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code;
/** Error codes that mean "no object there" (the path, or one of its parents, is missing or a file). */
const ABSENT = new Set(["ENOENT", "ENOTDIR"]);

/**
 * Files under `<DATA_DIR>/files`, one file per key. Writes land in `<key>.tmp-<random>` beside the target and are
 * renamed into place, so readers never see half an object; rename replaces an existing object atomically.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = "local";
  readonly root: string;
  readonly tmpDir: string;

  private constructor(dataDir: string) {
    this.root = path.join(dataDir, "files");
    this.tmpDir = path.join(dataDir, "tmp");
  }

  static async open(dataDir: string): Promise<LocalObjectStore> {
    const store = new LocalObjectStore(path.resolve(dataDir));
    await fs.mkdir(store.root, { recursive: true });
    await fs.mkdir(store.tmpDir, { recursive: true });
    return store;
  }

  /** The file of a key (ffprobe and LibreOffice read it in place); validation guarantees it stays inside root. */
  file(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const dest = this.file(key);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    try {
      await fs.rename(localPath, dest);
    } catch (e) {
      if (code(e) !== "EXDEV") throw e;
      // Another filesystem (tmp file from elsewhere): copy beside the target, then rename into place.
      const tmp = dest + tmpSuffix();
      try {
        await fs.copyFile(localPath, tmp);
        await fs.rename(tmp, dest);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
      await fs.rm(localPath, { force: true });
    }
  }

  async putStream(key: string, body: NodeJS.ReadableStream | Readable): Promise<number> {
    const dest = this.file(key);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    const tmp = dest + tmpSuffix();
    const counter = { bytes: 0 };
    try {
      // pipeline destroys every stream on error, the source included.
      await pipeline(body, (src) => countBytes(src, counter), createWriteStream(tmp, { flags: "wx" }));
      await fs.rename(tmp, dest);
    } catch (e) {
      await fs.rm(tmp, { force: true });
      throw e;
    }
    return counter.bytes;
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const s = await fs.stat(this.file(key));
      return s.isFile() ? { key, size: s.size } : undefined;
    } catch (e) {
      if (ABSENT.has(code(e) ?? "")) return undefined;
      throw e;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    if (range) assertRange(range);
    const file = this.file(key);
    // Open first, so absence is a rejection here rather than an error event on the stream later.
    let fh: fs.FileHandle;
    try {
      fh = await fs.open(file, "r");
    } catch (e) {
      if (ABSENT.has(code(e) ?? "")) throw new ObjectNotFound(key);
      throw e;
    }
    try {
      const s = await fh.stat();
      if (!s.isFile()) throw new ObjectNotFound(key);
      if (!range) return fh.createReadStream();
      if (range.start >= s.size) throw new InvalidRange(key, range);
      return fh.createReadStream({ start: range.start, end: Math.min(range.end, s.size - 1) });
    } catch (e) {
      await fh.close();
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await fs.unlink(this.file(key));
    } catch (e) {
      // A directory (a key that is only a prefix of others) is not an object either.
      if (!ABSENT.has(code(e) ?? "") && code(e) !== "EISDIR") throw e;
    }
  }

  async sweepTemporary(olderThan: Date): Promise<number> {
    let removed = 0;
    const walk = async (dir: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const ent of entries) {
        const full = path.join(dir, ent.name);
        if (ent.isDirectory()) await walk(full);
        else if (ent.name.includes(TMP_MARK)) {
          const st = await fs.stat(full).catch(() => undefined);
          if (st && st.mtime < olderThan) {
            await fs.rm(full, { force: true });
            removed++;
          }
        }
      }
    };
    await walk(this.root);
    return removed;
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertPrefix(prefix);
    // Walk the deepest directory that holds every match, then filter by the string prefix.
    const cut = prefix.lastIndexOf("/");
    const base = cut < 0 ? "" : prefix.slice(0, cut);
    const out: StoredObject[] = [];
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (e) {
        if (ABSENT.has(code(e) ?? "")) return;
        throw e;
      }
      for (const ent of entries) {
        const key = rel ? `${rel}/${ent.name}` : ent.name;
        if (ent.isDirectory()) {
          // Only descend where a match can be: the directory's key is a prefix of `prefix` or the other way round.
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(path.join(dir, ent.name), key);
        } else if (ent.isFile() && !ent.name.includes(TMP_MARK) && key.startsWith(prefix)) {
          try {
            out.push({ key, size: (await fs.stat(path.join(dir, ent.name))).size });
          } catch (e) {
            if (!ABSENT.has(code(e) ?? "")) throw e; // deleted meanwhile
          }
        }
      }
    };
    await walk(base ? path.join(this.root, ...base.split("/")) : this.root, base);
    return out.sort(byKey);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix);
    if (prefix === "") throw new TypeError("deletePrefix needs a non-empty prefix");
    if (prefix.endsWith("/")) {
      // A whole directory: remove the tree (leftover temp files included). A file of that name is not under it.
      const dir = path.join(this.root, ...prefix.slice(0, -1).split("/"));
      const s = await fs.lstat(dir).catch((e) => {
        if (ABSENT.has(code(e) ?? "")) return undefined;
        throw e;
      });
      if (s?.isDirectory()) await fs.rm(dir, { recursive: true, force: true });
      return;
    }
    for (const o of await this.list(prefix)) await this.delete(o.key);
  }

  async close(): Promise<void> {}
}

import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  CALLS,
  type ChunkStatusAnswer,
  Code,
  type Envelope,
  type FileListAnswer,
  type FilePowerAnswer,
  type FileRecord,
  type MergeAnswer,
  type PreviewAnswer,
  type SliceAnswer,
  UPLOAD,
  chunkCount,
} from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { DEMO_ADMIN_PASSWORD } from "../src/db/bootstrap.js";
import { FILE_MESSAGES } from "../src/modules/file/file.service.js";
import { TEST_TEACHER_PASSWORD, TMP_DIR } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";
import { docx, h264Mp4, hasSoffice, hevcMp4, mp3, png, wav } from "./media-fixtures.js";

/**
 * Files (#5) through the real wire: the chunk protocol (slice, status, merge) with every refusal, one-request
 * uploads by module, the recorder's MP3, reading with ranges and permissions, previews, deletion with the quota given
 * back, two uploads racing for the last bytes, and the sweep of abandoned uploads — on the local store and on S3.
 */

type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)("s3rver") as new (opts: Record<string, unknown>) => S3rverServer;

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const MiB = 1024 * 1024;

interface Ctx {
  s: TestServer;
  tok: Record<string, string>;
}

async function post<T>(
  c: Ctx,
  pathName: string,
  fields: Record<string, string | number | boolean>,
  file?: { field?: string; data: Buffer; name: string },
  who = "zhanglaoshi",
): Promise<Envelope<T>> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  if (file) fd.append(file.field ?? "file", new Blob([file.data]), file.name);
  const headers: Record<string, string> = {};
  if (who) headers.TOKEN = c.tok[who]!;
  const res = await fetch(`${c.s.url}${pathName}`, { method: "POST", body: fd, headers });
  return (await res.json()) as Envelope<T>;
}

const chunkOf = (data: Buffer, i: number) => data.subarray(i * UPLOAD.chunkSize, Math.min(data.length, (i + 1) * UPLOAD.chunkSize));

function fieldsFor(uuid: string, data: Buffer, name: string, extra: Record<string, string | number | boolean> = {}) {
  return { uuid, size: data.length, chunkLength: chunkCount(data.length), real_file_name: name, ...extra };
}

async function sendChunk(
  c: Ctx,
  uuid: string,
  data: Buffer,
  name: string,
  i: number,
  extra: Record<string, string | number | boolean> = {},
  who = "zhanglaoshi",
) {
  return post<SliceAnswer>(
    c,
    CALLS.fileSections,
    { ...fieldsFor(uuid, data, name, extra), action: "slice", chunk: i, filename: `${name}-${i}` },
    { data: chunkOf(data, i), name: "blob" },
    who,
  );
}

async function uploadWhole(
  c: Ctx,
  data: Buffer,
  name: string,
  extra: Record<string, string | number | boolean> = {},
  who = "zhanglaoshi",
): Promise<Envelope<MergeAnswer>> {
  const uuid = `u${randomBytes(8).toString("hex")}`;
  for (let i = 0; i < chunkCount(data.length); i++) {
    const r = await sendChunk(c, uuid, data, name, i, extra, who);
    if (r.code !== 200) throw new Error(`slice ${i}: ${r.code} ${r.msg}`);
  }
  return post<MergeAnswer>(c, CALLS.fileSections, { ...fieldsFor(uuid, data, name, extra), action: "merge" }, undefined, who);
}

async function getFile(c: Ctx, p: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${c.s.url}${p}`, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

async function usedBytes(c: Ctx, who: string): Promise<number> {
  const a = await c.s.services.accounts.byUsername(who);
  return (await c.s.services.quota.ownSpace(a!.id)).used_bytes;
}

const stores = [
  { name: "local store", s3: false },
  { name: "S3 store (s3rver on loopback)", s3: true },
];

describe.each(stores)("files on the $name", ({ s3 }) => {
  const c = {} as Ctx;
  let s3rver: S3rverServer | undefined;
  let s3dir = "";

  beforeAll(async () => {
    const env: Record<string, string> = { UPLOAD_MERGE_LEASE_SECONDS: "2" };
    if (s3) {
      s3dir = mkdtempSync(path.join(TMP_DIR, "s3rver-"));
      s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3dir });
      const addr = await s3rver.run();
      Object.assign(env, {
        S3_ENDPOINT: `http://127.0.0.1:${addr.port}`,
        S3_BUCKET: "yanke-files",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      });
    }
    c.s = await startTestServer(env);
    c.tok = {};
    c.tok.admin = (await c.s.login("admin")).token;
    for (const who of ["zhanglaoshi", "lilaoshi", "zhaolaoshi"]) c.tok[who] = (await c.s.login(who, TEST_TEACHER_PASSWORD)).token;
    c.tok.xiaoji = (await c.s.login("xiaoji", DEMO_ADMIN_PASSWORD)).token;
  });
  afterAll(async () => {
    await c.s?.close();
    await s3rver?.close();
    if (s3dir) rmSync(s3dir, { recursive: true, force: true });
  });

  it("slices out of order, reports what it holds, refuses an incomplete merge, then merges byte for byte", async () => {
    const data = randomBytes(2 * UPLOAD.chunkSize + 12345);
    const name = "第一单元 教学设计.bin";
    const uuid = `t${randomBytes(8).toString("hex")}`;
    const base = fieldsFor(uuid, data, name, { type: "all" });
    const before = await usedBytes(c, "zhanglaoshi");

    const empty = await post<ChunkStatusAnswer>(c, CALLS.fileSections, { ...base, action: "status" });
    expect(empty.code).toBe(200);
    expect(empty.data.chunks).toEqual([]);

    expect((await sendChunk(c, uuid, data, name, 2, { type: "all" })).data).toEqual({
      uuid,
      chunk: 2,
      size: data.length - 2 * UPLOAD.chunkSize,
      chunkLength: 3,
    });
    expect((await sendChunk(c, uuid, data, name, 0, { type: "all" })).data.size).toBe(UPLOAD.chunkSize);
    const held = await post<ChunkStatusAnswer>(c, CALLS.fileChunkUpload, { ...base, action: "status" });
    expect(held.data.chunks).toEqual([0, 2]);
    expect(held.data.merged).toBeNull();

    const early = await post(c, CALLS.fileSections, { ...base, action: "merge" });
    expect(early.code).toBe(Code.BAD_INPUT);
    expect(early.msg).toBe("分片不完整：缺少第 2 片（共 3 片，缺 1 片），请继续上传");

    // The same chunk twice is harmless (a retry after a lost answer).
    await sendChunk(c, uuid, data, name, 1, { type: "all" });
    await sendChunk(c, uuid, data, name, 1, { type: "all" });
    const merged = await post<MergeAnswer>(c, CALLS.fileSliceUpload, { ...base, action: "merge" });
    expect(merged.code).toBe(200);
    expect(merged.data.size).toBe(data.length);
    expect(merged.data.real_file_name).toBe(name);
    expect(merged.data.sha256).toBe(sha(data));
    expect(merged.data.save_path).toBe(`/files/${merged.data.id}`);

    // Idempotent: merging again answers the same file, and status says it is merged.
    const again = await post<MergeAnswer>(c, CALLS.fileSections, { ...base, action: "merge" });
    expect(again.data).toEqual(merged.data);
    const after = await post<ChunkStatusAnswer>(c, CALLS.fileSections, { ...base, action: "status" });
    expect(after.data.merged?.id).toBe(merged.data.id);

    // Charged once, at every level.
    expect(await usedBytes(c, "zhanglaoshi")).toBe(before + data.length);

    // Read back whole and by range, with the Chinese name in RFC 5987 form.
    const whole = await getFile(c, merged.data.save_path, { TOKEN: c.tok.zhanglaoshi! });
    expect(whole.status).toBe(200);
    expect(sha(whole.body)).toBe(sha(data));
    expect(whole.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    const part = await getFile(c, merged.data.save_path, { TOKEN: c.tok.zhanglaoshi!, Range: "bytes=5242870-5242889" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 5242870-5242889/${data.length}`);
    expect(part.body.equals(data.subarray(5242870, 5242890))).toBe(true);
    const tail = await getFile(c, merged.data.save_path, { TOKEN: c.tok.zhanglaoshi!, Range: "bytes=-100" });
    expect(tail.body.equals(data.subarray(data.length - 100))).toBe(true);
    const beyond = await getFile(c, merged.data.save_path, { TOKEN: c.tok.zhanglaoshi!, Range: `bytes=${data.length}-` });
    expect(beyond.status).toBe(416);
  });

  it("refuses every malformed chunk with code 400 or 413 and a precise message", async () => {
    const data = randomBytes(UPLOAD.chunkSize + 10);
    const name = "a.bin";
    const uuid = `r${randomBytes(8).toString("hex")}`;
    const base = { ...fieldsFor(uuid, data, name), type: "all" };
    const short = await post(c, CALLS.fileSections, { ...base, action: "slice", chunk: 0 }, { data: data.subarray(0, 1000), name: "blob" });
    expect(short.code).toBe(Code.BAD_INPUT);
    expect(short.msg).toBe(`第 1 片大小不符：应为 ${UPLOAD.chunkSize} 字节，实际 1000 字节`);
    const outside = await post(c, CALLS.fileSections, { ...base, action: "slice", chunk: 2 }, { data: data.subarray(0, 10), name: "blob" });
    expect(outside.code).toBe(Code.BAD_INPUT);
    expect(outside.msg).toBe("分片序号(chunk): 超出范围，应为 0–1，实际 2");
    const count = await post(c, CALLS.fileSections, { ...base, chunkLength: 5, action: "slice", chunk: 0 }, { data: chunkOf(data, 0), name: "blob" });
    expect(count.code).toBe(Code.BAD_INPUT);
    expect(count.msg).toMatch(/^分片数\(chunkLength\): 与文件大小不符.*应为 2 片，实际 5 片$/);
    const huge = await post(c, CALLS.fileSections, { ...base, size: UPLOAD.bigFileMax + 1, chunkLength: chunkCount(UPLOAD.bigFileMax + 1), action: "status" });
    expect(huge.code).toBe(Code.BAD_INPUT); // zod: over the 5 GB ceiling of the field itself
    const research = await post(c, CALLS.fileSections, { ...base, size: 2 * 1024 ** 3, chunkLength: chunkCount(2 * 1024 ** 3), research: 1, action: "status" });
    expect(research.code).toBe(Code.TOO_LARGE);
    expect(research.msg).toBe("文件大小限制：1GB，实际文件大小：2 GB");
    const noFile = await post(c, CALLS.fileSections, { ...base, action: "slice", chunk: 0 });
    expect(noFile.code).toBe(Code.BAD_INPUT);
    const missing = await post(c, CALLS.fileSections, { uuid, action: "slice" });
    expect(missing.code).toBe(Code.BAD_INPUT);
    expect(missing.msg).toMatch(/文件名|real_file_name/);
    const unknown = await post(c, CALLS.fileSections, { ...base, action: "merge" });
    expect(unknown.code).toBe(Code.BAD_INPUT);
    expect(unknown.msg).toBe(FILE_MESSAGES.noSession);

    // The uuid now names this file: the same uuid for another size is refused.
    expect((await sendChunk(c, uuid, data, name, 0, { type: "all" })).code).toBe(200);
    const other = randomBytes(100);
    const clash = await post(c, CALLS.fileSections, { ...fieldsFor(uuid, other, name), type: "all", action: "slice", chunk: 0 }, { data: other, name: "blob" });
    expect(clash.code).toBe(Code.BAD_INPUT);
    expect(clash.msg).toBe(FILE_MESSAGES.otherFile);

    // Without a session: 1025.
    const anon = await post(c, CALLS.fileSections, { ...base, action: "status" }, undefined, "");
    expect(anon.code).toBe(Code.SESSION_INVALID);
  });

  it("a video upload takes H.264 MP4 only (moov at the end is fine); HEVC and non-MP4 are refused", async () => {
    const good = readFileSync(await h264Mp4());
    const ok = await uploadWhole(c, good, "课堂实录.mp4");
    expect(ok.code).toBe(200);
    const row = await c.s.services.files.fileRow(ok.data.id);
    expect(row?.codec).toBe("h264");
    expect(row?.kind).toBe("video");
    expect(row?.duration).toBeGreaterThan(1.5);

    const hevc = await uploadWhole(c, readFileSync(await hevcMp4()), "hevc.mp4");
    expect(hevc.code).toBe(Code.BAD_INPUT);
    expect(hevc.msg).toBe(FILE_MESSAGES.codec);
    const picture = readFileSync(await png());
    const notMp4 = await sendChunk(c, `p${randomBytes(8).toString("hex")}`, picture, "fake.mp4", 0);
    expect(notMp4.code).toBe(Code.BAD_INPUT);
    expect(notMp4.msg).toBe(FILE_MESSAGES.codec);
  });

  it("one-request uploads check type by the bytes and size by module", async () => {
    const picture = readFileSync(await png());
    const img = await post<FileRecord>(c, CALLS.fileUpload, { module: "image" }, { data: picture, name: "封面.png" });
    expect(img.code).toBe(200);
    expect(img.data).toMatchObject({ file_type: "png", type: "image", is_public: true, file_name: "封面.png", size: picture.length });
    // Public: read without a token.
    expect((await getFile(c, img.data.file_path)).body.equals(picture)).toBe(true);

    const text = await post(c, CALLS.fileUpload, { module: "image" }, { data: Buffer.from("not a picture"), name: "x.png" });
    expect(text.code).toBe(Code.BAD_INPUT);
    expect(text.msg).toBe(FILE_MESSAGES.imageFormat);
    const big = await post(c, CALLS.fileUpload, { module: "image" }, { data: Buffer.alloc(UPLOAD.imageMax + 1, 1), name: "big.png" });
    expect(big.code).toBe(Code.TOO_LARGE);
    expect(big.msg).toBe(FILE_MESSAGES.imageTooLarge);
    const word = await post(c, CALLS.fileUpload, { module: "word" }, { data: picture, name: "教案.docx" });
    expect(word.code).toBe(Code.BAD_INPUT);
    expect(word.msg).toBe(FILE_MESSAGES.fileFormat);
    const badModule = await post(c, CALLS.fileUpload, { module: "nope" }, { data: picture, name: "a.png" });
    expect(badModule.code).toBe(Code.BAD_INPUT);

    const video = readFileSync(await h264Mp4());
    const simple = await post<FileRecord>(c, CALLS.fileUpload, { module: "connectivity", account_id: 1 }, { data: video, name: "公开课.mp4" });
    expect(simple.code).toBe(200);
    expect(simple.msg).toBe("视频上传成功！");
    expect(simple.data.file_path).toBe(`/files/${simple.data.id}`);
    expect(simple.data.account_id).not.toBe(1); // the session decides the owner, not the field
    expect(simple.data.is_public).toBe(false);
  });

  it("the recorder's MP3 is kept as name.mp3 with its duration; other audio is refused", async () => {
    const audio = readFileSync(await mp3(3));
    const r = await post<FileRecord>(c, CALLS.fileAudioUpload, {}, { field: "audio", data: audio, name: "blob" });
    expect(r.code).toBe(200);
    expect(r.data.file_name).toBe("record.mp3");
    expect(r.data.duration).toBeGreaterThan(2.8);
    expect(r.data.duration).toBeLessThan(3.3);
    const named = await post<FileRecord>(c, CALLS.fileAudioUpload, { name: "评课语音" }, { field: "audio", data: audio, name: "blob" });
    expect(named.data.file_name).toBe("评课语音.mp3");
    const wave = await post(c, CALLS.fileAudioUpload, {}, { field: "audio", data: readFileSync(await wav()), name: "blob" });
    expect(wave.code).toBe(Code.BAD_INPUT);
    expect(wave.msg).toBe(FILE_MESSAGES.notMp3);
  });

  it("a private file: owner, his school's administrator and signed addresses read it; others do not; deleting gives the space back", async () => {
    const data = randomBytes(300_000);
    const up = await uploadWhole(c, data, "私有资料.bin", { type: "all" });
    expect(up.code).toBe(200);
    const id = up.data.id;
    expect((await getFile(c, up.data.save_path)).status).toBe(403);
    expect((await getFile(c, up.data.save_path, { TOKEN: c.tok.lilaoshi! })).status).toBe(403);
    expect((await getFile(c, up.data.save_path, { TOKEN: c.tok.xiaoji! })).status).toBe(200);

    const prev = await c.s.call<PreviewAnswer>(CALLS.filePreview, { id }, c.tok.zhanglaoshi);
    expect(prev.code).toBe(200);
    expect(prev.data.viewer).toBe("none");
    const signed = await getFile(c, prev.data.url);
    expect(signed.status).toBe(200);
    expect(sha(signed.body)).toBe(sha(data));
    expect((await getFile(c, prev.data.url.replace(/sig=[^&]+/, "sig=forged"))).status).toBe(403);
    expect((await c.s.call(CALLS.filePreview, { id }, c.tok.lilaoshi)).code).toBe(Code.FORBIDDEN);

    const power = await c.s.call<FilePowerAnswer>(CALLS.filePower, { id }, c.tok.lilaoshi);
    expect(power.data).toMatchObject({ preview: false, download: false, delete: false });
    const mine = await c.s.call<FilePowerAnswer>(CALLS.filePower, { id }, c.tok.zhanglaoshi);
    expect(mine.data).toMatchObject({ preview: true, download: true, delete: true });
    const saved = await getFile(c, `${mine.data.url}&download=1`);
    expect(saved.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(sha(saved.body)).toBe(sha(data));

    const list = await c.s.call<FileListAnswer>(CALLS.fileList, { keyword: "私有" }, c.tok.zhanglaoshi);
    expect(list.data.list.map((f) => f.id)).toContain(id);
    const everything = await c.s.call<FileListAnswer>(CALLS.fileList, { limit: 100 }, c.tok.zhanglaoshi);
    const other = everything.data.by_type.find((t) => t.type === "other")!;
    const listedOther = everything.data.list.filter((f) => f.type === "other");
    expect(other.count).toBe(listedOther.length);
    expect(other.size).toBe(listedOther.reduce((sum, f) => sum + f.size, 0));
    expect(everything.data.space.used_bytes).toBe(await usedBytes(c, "zhanglaoshi"));

    const before = await usedBytes(c, "zhanglaoshi");
    expect((await c.s.call(CALLS.fileDelete, { id }, c.tok.lilaoshi)).code).toBe(Code.NOT_FOUND);
    const del = await c.s.call(CALLS.fileDelete, { id }, c.tok.zhanglaoshi);
    expect(del.code).toBe(200);
    expect(await usedBytes(c, "zhanglaoshi")).toBe(before - data.length);
    expect((await getFile(c, up.data.save_path, { TOKEN: c.tok.zhanglaoshi! })).status).toBe(404);
  });

  it("two uploads racing for the last bytes of a quota: one is kept, the other is refused with 413 and what is left", async () => {
    const zhao = (await c.s.services.accounts.byUsername("zhaolaoshi"))!;
    const used = await usedBytes(c, "zhaolaoshi");
    // Room for one file of 3 MiB, not two.
    await c.s.database.db
      .update(account)
      .set({ quota_bytes: used + 5 * MiB })
      .where(eq(account.id, zhao.id));
    const a = randomBytes(3 * MiB);
    const b = randomBytes(3 * MiB);
    const results = await Promise.all([uploadWhole(c, a, "a.bin", { type: "all" }, "zhaolaoshi"), uploadWhole(c, b, "b.bin", { type: "all" }, "zhaolaoshi")]);
    const codes = results.map((r) => r.code).sort();
    expect(codes).toEqual([200, Code.TOO_LARGE]);
    const refused = results.find((r) => r.code === Code.TOO_LARGE)!;
    expect(refused.msg).toMatch(/^存储空间不足：个人空间剩余 2 MB，本次需要 3 MB$/);
    expect(await usedBytes(c, "zhaolaoshi")).toBe(used + 3 * MiB);
  });

  it("abandoned partial uploads are swept after the TTL (injected clock), finished ones are not touched", async () => {
    const data = randomBytes(UPLOAD.chunkSize + 100);
    const uuid = `s${randomBytes(8).toString("hex")}`;
    const base = { ...fieldsFor(uuid, data, "left.bin"), type: "all" };
    await sendChunk(c, uuid, data, "left.bin", 0, { type: "all" });
    expect((await post<ChunkStatusAnswer>(c, CALLS.fileSections, { ...base, action: "status" })).data.chunks).toEqual([0]);
    expect(await c.s.services.files.sweep(new Date(Date.now() + 60_000))).toBe(0);
    // A part being received when the process died, left in the temporary folder.
    const leftover = path.join(c.s.services.files.tmpDir, "part-crashed");
    writeFileSync(leftover, "half a chunk");
    expect(existsSync(leftover)).toBe(true);
    const zhang = (await c.s.services.accounts.byUsername("zhanglaoshi"))!;
    expect((await uploadWhole(c, randomBytes(1000), "kept.bin", { type: "all" })).code).toBe(200);
    const kept = (await c.s.services.files.list(zhang.id, { page: 1, limit: 100 })).list.map((f) => f.sha256);
    const swept = await c.s.services.files.sweep(new Date(Date.now() + 25 * 3600_000));
    expect(swept).toBeGreaterThanOrEqual(1);
    expect((await post<ChunkStatusAnswer>(c, CALLS.fileSections, { ...base, action: "status" })).data.chunks).toEqual([]);
    expect(existsSync(leftover)).toBe(false);
    // Merged files stay, every byte.
    const after = await c.s.services.files.list(zhang.id, { page: 1, limit: 100 });
    expect(after.list.map((f) => f.sha256)).toEqual(kept);
    const first = after.list[after.list.length - 1]!;
    const body = await getFile(c, first.file_path, { TOKEN: c.tok.zhanglaoshi! });
    expect(sha(body.body)).toBe(first.sha256);
  });

  // CI installs LibreOffice; a developer machine without it skips this (the refusal is tested below).
  it.skipIf(!hasSoffice && !process.env.CI)(
    "previews a .docx as PDF through LibreOffice, once",
    async () => {
      const file = readFileSync(await docx());
      const up = await post<FileRecord>(c, CALLS.fileUpload, { module: "document" }, { data: file, name: "第一课 春.docx" });
      expect(up.code).toBe(200);
      expect(up.data).toMatchObject({ file_type: "docx", type: "office" });
      const p = await c.s.call<PreviewAnswer>(CALLS.filePreview, { id: up.data.id }, c.tok.zhanglaoshi);
      expect(p.code).toBe(200);
      expect(p.data.viewer).toBe("pdf");
      const pdf = await getFile(c, p.data.preview_url!);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");
      const key = (await c.s.services.files.fileRow(up.data.id))?.preview_key;
      expect(key).toBeTruthy();
      await c.s.call(CALLS.filePreview, { id: up.data.id }, c.tok.zhanglaoshi);
      expect((await c.s.services.files.fileRow(up.data.id))?.preview_key).toBe(key);
    },
    180_000,
  );
});

describe("without LibreOffice", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ SOFFICE_PATH: "/nonexistent/soffice" });
  });
  afterAll(async () => {
    await s?.close();
  });
  it("an Office preview says LibreOffice is missing (503), and the file itself still downloads", async () => {
    const token = (await s.login("zhanglaoshi", TEST_TEACHER_PASSWORD)).token;
    const fd = new FormData();
    fd.append("module", "document");
    // A minimal .xlsx written by ExcelJS is an Office file the bytes identify.
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("成绩").addRow(["姓名", "分数"]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    fd.append("file", new Blob([xlsx]), "成绩.xlsx");
    const up = (await (await fetch(`${s.url}${CALLS.fileUpload}`, { method: "POST", body: fd, headers: { TOKEN: token } })).json()) as Envelope<FileRecord>;
    expect(up.code).toBe(200);
    expect(up.data.type).toBe("office");
    const p = await s.call(CALLS.filePreview, { id: up.data.id }, token);
    expect(p.code).toBe(Code.UNAVAILABLE);
    expect(p.msg).toBe(FILE_MESSAGES.noSoffice);
    const res = await fetch(`${s.url}${up.data.file_path}`, { headers: { TOKEN: token } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(xlsx)).toBe(true);
  });
});

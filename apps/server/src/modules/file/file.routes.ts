/**
 * Routes of files and uploads (issue #5; docs/api/files.md): the three chunk providers (c093, c172, c173), the
 * one-request upload (c171), the recorder's MP3 (c174), previews and permissions (c386, c387), the caller's files,
 * deletion, and GET /files/:id with ranges.
 */
import {
  AudioFields,
  ChunkFields,
  Code,
  FILE_CALLS as C,
  FILE_GET_PREFIX,
  FileIdPayload,
  FileListPayload,
  FilePowerPayload,
  UPLOAD,
  UPLOAD_MODULES,
  UploadFields,
  parsePayload,
} from "@yanke/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type CallHost, authenticate, defineCall, reply } from "../../http/call.js";
import { AppError, badInput } from "../../http/errors.js";
import { type Multipart, readMultipart } from "../../http/multipart.js";
import { InvalidRange, ObjectNotFound } from "../../infra/storage/index.js";
import type { Actor, FileService } from "./file.service.js";

export interface FileRouteDeps {
  files: FileService;
  accounts: { subject(id: number): Promise<Actor> };
}

/** A chunk is at most 5 MiB; the request may carry a little more (fields, boundaries). */
const CHUNK_PART_MAX = UPLOAD.chunkSize;
const UPLOAD_PART_MAX = Math.max(...Object.values(UPLOAD_MODULES).map((m) => m.max));

/** RFC 5987 Content-Disposition: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "file";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** bytes=a-b, a-, -n (one range). undefined: no (usable) Range header → the whole file; "bad": unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined | "bad" {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return undefined; // several ranges or another unit: answer the whole file
  const [, a, b] = m;
  if (a === "" && b === "") return "bad";
  if (a === "") {
    const n = Number(b);
    if (n === 0) return "bad";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === "" ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return "bad";
  return { start, end };
}

function fail(res: FastifyReply, status: number, code: number, msg: string): FastifyReply {
  return res.code(status).header("content-type", "application/json; charset=utf-8").send({ code, msg, data: null });
}

export function fileRoutes(app: FastifyInstance, host: CallHost, deps: FileRouteDeps): void {
  const { files } = deps;
  const actorOf = async (req: FastifyRequest, access: "user" | "public"): Promise<Actor | null> => {
    const auth = await authenticate(host, req, access);
    return auth ? deps.accounts.subject(auth.accountId) : null;
  };

  /** Multipart (or, for status and merge, a plain JSON body) → validated fields; the part's temp file is always cleaned. */
  async function withParts<T>(req: FastifyRequest, fileField: string, maxBytes: number, tooLarge: string, fn: (mp: Multipart) => Promise<T>): Promise<T> {
    const mp: Multipart = req.isMultipart()
      ? await readMultipart(req, { fileField, maxBytes, tooLarge, tmpDir: files.tmpDir })
      : { fields: jsonFields(req.body), file: undefined, discard: async () => undefined };
    try {
      return await fn(mp);
    } finally {
      await mp.discard();
    }
  }

  function jsonFields(body: unknown): Record<string, string> {
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw badInput("请使用 multipart/form-data 上传文件");
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));
  }

  const raw = (id: string, path: string, summary: string, schema: Parameters<typeof parsePayload>[0]) =>
    host.registry.push({ id, path, summary, access: "user", raw: true, schema });

  // c093 / c172 / c173: the chunk protocol (the providers differ only in how many slices the client sends at once).
  for (const [id, path, label] of [
    ["c093", C.fileSections, "分片上传"],
    ["c172", C.fileChunkUpload, "分片上传（通道 1，4 片并行）"],
    ["c173", C.fileSliceUpload, "分片上传（通道 2，逐片）"],
  ] as const) {
    raw(
      id,
      path,
      `${label}：action=slice 保存第 chunk 片（0 起），status 列出已收到的分片（断点续传），merge 按序流式合并并返回 {save_path, size, id, real_file_name}；multipart`,
      ChunkFields,
    );
    app.post(path, async (req, res) => {
      const actor = await actorOf(req, "user");
      if (!actor) throw new AppError(Code.SESSION_INVALID);
      const answer = await withParts(req, "file", CHUNK_PART_MAX, `分片大小不能超过 ${UPLOAD.chunkSize} 字节`, async (mp) => {
        const parsed = parsePayload(ChunkFields, mp.fields);
        if (!parsed.ok) throw badInput(parsed.message);
        const f = parsed.data;
        if (f.action === "slice") return { msg: "分片上传成功", data: await files.slice(actor.id, f, mp.file) };
        if (f.action === "status") return { msg: "操作成功", data: await files.status(actor.id, f) };
        return { msg: "文件合并成功", data: await files.merge(actor.id, f) };
      });
      return reply(res, Code.OK, answer.msg, answer.data);
    });
  }

  raw(
    "c171",
    C.fileUpload,
    "上传文件：module 决定允许的类型和大小（connectivity 视频 600MB；image 图片 5MB；word、video、exe、document、any 500MB …），按文件内容识别类型；multipart，文件字段 file",
    UploadFields,
  );
  app.post(C.fileUpload, async (req, res) => {
    const actor = await actorOf(req, "user");
    if (!actor) throw new AppError(Code.SESSION_INVALID);
    const record = await withParts(req, "file", UPLOAD_PART_MAX, "文件过大", async (mp) => {
      const parsed = parsePayload(UploadFields, mp.fields);
      if (!parsed.ok) throw badInput(parsed.message);
      return files.upload(actor.id, parsed.data.module, parsed.data.name, mp.file);
    });
    return reply(res, Code.OK, record.type === "video" ? "视频上传成功！" : "文件上传成功", record);
  });

  raw("c174", C.fileAudioUpload, "上传录音：multipart 字段 audio（MP3），name 缺省 record，保存为 name.mp3，返回时长", AudioFields);
  app.post(C.fileAudioUpload, async (req, res) => {
    const actor = await actorOf(req, "user");
    if (!actor) throw new AppError(Code.SESSION_INVALID);
    const record = await withParts(req, "audio", 200 * 1024 * 1024, "录音文件过大", async (mp) => {
      const parsed = parsePayload(AudioFields, mp.fields);
      if (!parsed.ok) throw badInput(parsed.message);
      return files.audio(actor.id, parsed.data.name, mp.file);
    });
    return reply(res, Code.OK, "录音上传成功", record);
  });

  defineCall(app, host, {
    id: "c386",
    path: C.filePreview,
    summary: "文件预览：按类型给出查看方式与地址（私有文件为 6 小时有效的签名地址）；Word/Excel/PowerPoint 由 LibreOffice 转为 PDF（只转一次）",
    access: "public",
    schema: FileIdPayload,
    handler: async ({ payload, caller }) => files.preview(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c387",
    path: C.filePower,
    summary: "文件权限：调用者能否预览、下载、删除该文件（按账号；活动与类型的授权由各活动模块接入）",
    access: "user",
    schema: FilePowerPayload,
    handler: async ({ payload, caller }) => files.power(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.fileList,
    summary: "我的文件：本人上传的文件，按类型、文件名筛选，分页",
    access: "user",
    schema: FileListPayload,
    handler: async ({ payload, auth }) => files.list(auth.accountId, payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.fileDelete,
    summary: "删除文件（上传者或其学校的管理员）；占用的空间退还给上传者、学校和区域",
    access: "user",
    schema: FileIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => files.remove(await caller(), payload.id),
  });

  // GET /files/:id[/preview.pdf] — public files for anyone; private ones with the TOKEN header or a signed address.
  const serve = async (
    req: FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>,
    res: FastifyReply,
    rendition: boolean,
  ) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) return fail(res, 404, Code.NOT_FOUND, "文件不存在或已删除");
    let actor: Actor | null = null;
    try {
      actor = await actorOf(req, "public");
    } catch {
      actor = null;
    }
    let file: Awaited<ReturnType<FileService["forReading"]>>;
    try {
      file = await files.forReading(id, actor, req.query.exp, req.query.sig);
    } catch (e) {
      if (e instanceof AppError) return fail(res, e.code === Code.FORBIDDEN ? 403 : 404, e.code, e.message);
      throw e;
    }
    let key = file.storage_key;
    let size = file.size;
    let mime = file.mime;
    let name = file.real_file_name;
    if (rendition) {
      if (file.kind !== "office") return fail(res, 404, Code.NOT_FOUND, "该文件没有 PDF 预览");
      try {
        key = await files.ensurePdf(file);
      } catch (e) {
        if (e instanceof AppError) return fail(res, e.code === Code.UNAVAILABLE ? 503 : 400, e.code, e.message);
        throw e;
      }
      const st = await files.statObject(key);
      if (!st) return fail(res, 404, Code.NOT_FOUND, "预览文件不存在");
      size = st.size;
      mime = "application/pdf";
      name = `${name.replace(/\.[^.]+$/, "")}.pdf`;
    }
    const range = parseRange(req.headers.range, size);
    if (range === "bad") return res.code(416).header("content-range", `bytes */${size}`).send();
    const download = req.query.download === "1";
    res
      .header("accept-ranges", "bytes")
      .header("content-type", mime)
      .header("content-disposition", contentDisposition(download ? "attachment" : "inline", name))
      .header("x-content-type-options", "nosniff")
      .header("cache-control", file.is_public ? "public, max-age=86400" : "private, max-age=3600");
    try {
      if (range) {
        const body = await files.readObject(key, range);
        return res
          .code(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
          .header("content-length", String(range.end - range.start + 1))
          .send(body);
      }
      const body = await files.readObject(key);
      return res.code(200).header("content-length", String(size)).send(body);
    } catch (e) {
      if (e instanceof ObjectNotFound) return fail(res, 404, Code.NOT_FOUND, "文件内容缺失，请联系管理员");
      if (e instanceof InvalidRange) return res.code(416).header("content-range", `bytes */${size}`).send();
      throw e;
    }
  };
  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(`${FILE_GET_PREFIX}/:id`, (req, res) => serve(req, res, false));
  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(`${FILE_GET_PREFIX}/:id/preview.pdf`, (req, res) =>
    serve(req, res, true),
  );
}

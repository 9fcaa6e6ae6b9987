import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Code, formatBytes } from "@yanke/protocol";
import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError, badInput } from "./errors.js";

/** The file part of a multipart upload, already on local disk (the caller moves or removes it). */
export interface ReceivedFile {
  path: string;
  size: number;
  /** The name the browser sent with the part. */
  filename: string;
}

export interface Multipart {
  fields: Record<string, string>;
  file: ReceivedFile | undefined;
  /** Removes the temporary file (idempotent; after it was moved it does nothing). */
  discard(): Promise<void>;
}

export interface MultipartOptions {
  /** Field name of the file part ("file", or "audio" for the recorder). */
  fileField: string;
  /** Largest file part; over it: 413 with `tooLarge`. */
  maxBytes: number;
  tooLarge: string;
  /** Where the part is written (the object store's tmpDir, so it can be renamed into place). */
  tmpDir: string;
}

/**
 * Reads a multipart/form-data request: text fields into `fields`, the one file part streamed to a temporary file
 * (never held in memory), counted, and cut off past `maxBytes`. Fields may come before or after the file.
 * Refusals are AppErrors with Chinese messages; the temporary file is removed on every refusal.
 */
export async function readMultipart(req: FastifyRequest, o: MultipartOptions): Promise<Multipart> {
  if (!req.isMultipart()) throw badInput("请使用 multipart/form-data 上传文件");
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let tmp: string | undefined;
  const discard = async () => {
    if (tmp) await rm(tmp, { force: true });
  };
  try {
    for await (const part of req.parts({ limits: { fileSize: o.maxBytes + 1, files: 1, fields: 40, fieldSize: 64 * 1024 } })) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== o.fileField || file) {
        part.file.resume();
        continue;
      }
      tmp = path.join(o.tmpDir, `part-${Date.now()}-${randomBytes(8).toString("hex")}`);
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          if (size > o.maxBytes) cb(new AppError(Code.TOO_LARGE, o.tooLarge));
          else cb(null, chunk);
        },
      });
      await pipeline(part.file, count, createWriteStream(tmp));
      if (part.file.truncated) throw new AppError(Code.TOO_LARGE, o.tooLarge);
      file = { path: tmp, size, filename: part.filename ?? "" };
    }
  } catch (e) {
    await discard();
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(Code.TOO_LARGE, o.tooLarge);
    if (code === "FST_FILES_LIMIT_REACHED") throw badInput("一次只能上传一个文件");
    if (code === "FST_FIELDS_LIMIT_REACHED" || code === "FST_PARTS_LIMIT_REACHED") throw badInput("表单字段过多");
    // The client went away or sent a broken body: nothing was kept.
    throw badInput(`上传中断或请求格式错误，请重试（已接收的部分未保存）`);
  }
  return { fields, file, discard };
}

/** 413 text for a file over a limit. */
export function overLimit(limitBytes: number, actual: number): string {
  return `文件大小限制：${formatBytes(limitBytes)}，实际文件大小：${formatBytes(actual)}`;
}

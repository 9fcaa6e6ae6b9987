/**
 * Multipart uploads (the "raw" rows of calls.tsv): a plain multipart POST with header TOKEN; the answer is the
 * JSON envelope {code, msg, data}, code 200 = success. Framework-free: fetch and XMLHttpRequest are injectable.
 *
 * Refusals (400, 413 over quota …) carry the server's Chinese msg; UploadError keeps it for the caller to show.
 */
import { Code, DEFAULT_MESSAGES, type CodeValue } from "@yanke/protocol";
import { MSG } from "./messages";

/** UploadError.code of a request that got no usable answer (as the API client's NETWORK_FAILURE_CODE). */
export const NETWORK_CODE = -1;
/** UploadError.code of a request cancelled by the caller. */
export const ABORT_CODE = -2;

export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    /** The envelope's code, NETWORK_CODE or ABORT_CODE. */
    readonly code: number,
    msg: string,
  ) {
    super(msg);
  }
  get aborted(): boolean {
    return this.code === ABORT_CODE;
  }
  /** 1025/1028: the session has ended (the user must sign in again). */
  get sessionEnded(): boolean {
    return this.code === Code.SESSION_INVALID || this.code === Code.SESSION_ENDED;
  }
}

export type FieldValue = string | number | boolean | Blob | { blob: Blob; filename: string };
export type Fields = Record<string, FieldValue | undefined | null>;

export function toFormData(fields: Fields): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null) continue;
    if (v instanceof Blob) fd.append(k, v);
    else if (typeof v === "object") fd.append(k, v.blob, v.filename);
    else fd.append(k, String(v));
  }
  return fd;
}

/** The envelope's data, or an UploadError with its code and msg. */
export function unwrapEnvelope<T>(body: unknown): T {
  if (typeof body !== "object" || body === null || typeof (body as { code?: unknown }).code !== "number") {
    throw new UploadError(NETWORK_CODE, MSG.network);
  }
  const env = body as { code: number; msg?: unknown; data?: unknown };
  if (env.code === Code.OK) return env.data as T;
  const msg = typeof env.msg === "string" && env.msg ? env.msg : (DEFAULT_MESSAGES[env.code as CodeValue] ?? "操作失败");
  throw new UploadError(env.code, msg);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface RequestOptions {
  /** The session token for the TOKEN header ('' = none). */
  token?: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  baseUrl?: string;
}

/** POSTs the fields as multipart/form-data; resolves the envelope's data. */
export async function postMultipart<T>(path: string, fields: Fields | FormData, o: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (o.token) headers.TOKEN = o.token;
  const body = fields instanceof FormData ? fields : toFormData(fields);
  const doFetch = o.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let text: string;
  try {
    const res = await doFetch(`${o.baseUrl ?? ""}${path}`, { method: "POST", headers, body, signal: o.signal });
    text = await res.text();
  } catch (e) {
    if (o.signal?.aborted) throw new UploadError(ABORT_CODE, MSG.uploadCancelled);
    if (e instanceof UploadError) throw e;
    throw new UploadError(NETWORK_CODE, MSG.network);
  }
  return unwrapEnvelope<T>(parseJson(text));
}

export interface XhrOptions extends RequestOptions {
  /** Upload progress, 0–100 (of the request body's bytes). */
  onProgress?: (percent: number) => void;
  /** Tests: a fake XMLHttpRequest. */
  xhr?: () => XMLHttpRequest;
}

/** The same POST through XMLHttpRequest, for its upload progress events (fetch has none). */
export function xhrMultipart<T>(path: string, fields: Fields | FormData, o: XhrOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = o.xhr ? o.xhr() : new XMLHttpRequest();
    xhr.open("POST", `${o.baseUrl ?? ""}${path}`);
    if (o.token) xhr.setRequestHeader("TOKEN", o.token);
    xhr.upload.onprogress = (e: ProgressEvent) => {
      if (e.lengthComputable && e.total > 0) o.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      try {
        resolve(unwrapEnvelope<T>(parseJson(xhr.responseText)));
      } catch (e) {
        reject(e);
      }
    };
    xhr.onerror = () => reject(new UploadError(NETWORK_CODE, MSG.network));
    xhr.onabort = () => reject(new UploadError(ABORT_CODE, MSG.uploadCancelled));
    if (o.signal) {
      if (o.signal.aborted) {
        reject(new UploadError(ABORT_CODE, MSG.uploadCancelled));
        return;
      }
      o.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(fields instanceof FormData ? fields : toFormData(fields));
  });
}

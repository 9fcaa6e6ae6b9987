/**
 * The request envelope of wire.md, one implementation for server, web and tests.
 *
 *   key     = HMAC-SHA256(APP_KEY, Atime as decimal string)   (32 bytes)
 *   iv      = 12 random bytes; AES-256-GCM; 16-byte tag
 *   plain   = UTF-8 JSON of payload + { request_time: Atime }
 *   encrypt = base64(iv ‖ ciphertext ‖ tag)
 *
 * Web Crypto only, so the same code runs in Node ≥ 20 and in browsers.
 */

export const REPLAY_WINDOW_SECONDS = 300;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

type Subtle = (typeof globalThis)["crypto"]["subtle"];
type Key = Awaited<ReturnType<Subtle["importKey"]>>;

function subtle(): Subtle {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new Error("Web Crypto (crypto.subtle) is not available in this runtime");
  return c.subtle;
}

export function toBase64(bytes: Uint8Array): string {
  let bin = "";
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    bin += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(bin);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw new EnvelopeError("bad_base64");
  }
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export type EnvelopeFailure = "bad_base64" | "too_short" | "bad_atime" | "stale_atime" | "decrypt_failed" | "bad_json" | "not_object" | "request_time_mismatch";

/** Chinese messages shown to a user for each envelope failure (code 400). */
export const ENVELOPE_MESSAGES: Record<EnvelopeFailure, string> = {
  bad_base64: "请求数据格式错误：encrypt 不是有效的 base64",
  too_short: "请求数据格式错误：encrypt 长度不足",
  bad_atime: "请求头 Atime 缺失或不是有效的秒级时间戳",
  stale_atime: "请求时间与服务器时间相差超过 300 秒，请校准本机时间后重试",
  decrypt_failed: "请求数据无法解密，请刷新页面后重试",
  bad_json: "请求数据不是有效的 JSON",
  not_object: "请求数据必须是 JSON 对象",
  request_time_mismatch: "请求数据中的 request_time 与请求头 Atime 不一致",
};

export class EnvelopeError extends Error {
  constructor(readonly reason: EnvelopeFailure) {
    super(ENVELOPE_MESSAGES[reason]);
    this.name = "EnvelopeError";
  }
}

const keyCache = new Map<string, Promise<Key>>();

async function hmacKey(appKey: string): Promise<Key> {
  let k = keyCache.get(appKey);
  if (!k) {
    k = subtle().importKey("raw", encoder.encode(appKey), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keyCache.set(appKey, k);
  }
  return k;
}

/** AES key for one Atime: HMAC-SHA256(APP_KEY, String(atime)). */
export async function deriveKey(appKey: string, atime: number): Promise<Key> {
  const mac = await subtle().sign("HMAC", await hmacKey(appKey), encoder.encode(String(atime)));
  return subtle().importKey("raw", mac, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export interface SealedRequest {
  atime: number;
  body: { encrypt: string };
}

/** Encrypts a payload for sending; adds request_time = atime. */
export async function sealPayload(appKey: string, payload: Record<string, unknown>, atime: number = nowSeconds()): Promise<SealedRequest> {
  const iv = new Uint8Array(IV_BYTES);
  globalThis.crypto.getRandomValues(iv);
  const plain = encoder.encode(JSON.stringify({ ...payload, request_time: atime }));
  const key = await deriveKey(appKey, atime);
  const sealed = new Uint8Array(await subtle().encrypt({ name: "AES-GCM", iv, tagLength: TAG_BYTES * 8 }, key, plain));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv, 0);
  out.set(sealed, IV_BYTES);
  return { atime, body: { encrypt: toBase64(out) } };
}

/** Parses the Atime header; returns the number or throws bad_atime. */
export function parseAtime(header: unknown): number {
  const text = Array.isArray(header) ? header[0] : header;
  if (typeof text !== "string" || !/^\d{1,12}$/.test(text.trim())) throw new EnvelopeError("bad_atime");
  return Number(text.trim());
}

/**
 * Decrypts and checks an envelope. Throws EnvelopeError on any failure.
 * Returns the payload without request_time.
 */
export async function openPayload(appKey: string, encrypt: string, atime: number, now: number = nowSeconds()): Promise<Record<string, unknown>> {
  if (!Number.isSafeInteger(atime) || atime <= 0) throw new EnvelopeError("bad_atime");
  if (Math.abs(now - atime) > REPLAY_WINDOW_SECONDS) throw new EnvelopeError("stale_atime");
  const raw = fromBase64(encrypt);
  if (raw.length < IV_BYTES + TAG_BYTES) throw new EnvelopeError("too_short");
  const key = await deriveKey(appKey, atime);
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt({ name: "AES-GCM", iv: raw.subarray(0, IV_BYTES), tagLength: TAG_BYTES * 8 }, key, raw.subarray(IV_BYTES));
  } catch {
    throw new EnvelopeError("decrypt_failed");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(plain));
  } catch {
    throw new EnvelopeError("bad_json");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new EnvelopeError("not_object");
  const { request_time, ...payload } = parsed as Record<string, unknown>;
  if (request_time !== atime) throw new EnvelopeError("request_time_mismatch");
  return payload;
}

import { sealPayload } from "./codec.js";
import type { Envelope } from "./codes.js";

export interface PostCallOptions {
  baseUrl?: string;
  appKey: string;
  token?: string;
  /** Send the payload as plain JSON with header Raw: 1 (server must run with ALLOW_RAW=1). */
  raw?: boolean;
  fetchImpl?: typeof fetch;
  /** Override Atime (tests of the replay window). */
  atime?: number;
}

/**
 * One call on the wire: POST {encrypt}, headers TOKEN and Atime; answers the envelope as sent.
 * Throws only on network failure or a non-JSON answer (HTTP 5xx).
 */
export async function postCall<T = unknown>(path: string, payload: Record<string, unknown>, o: PostCallOptions): Promise<Envelope<T>> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (o.token) headers.TOKEN = o.token;
  let body: string;
  if (o.raw) {
    headers.Raw = "1";
    body = JSON.stringify(payload);
  } else {
    const sealed = await sealPayload(o.appKey, payload, o.atime);
    headers.Atime = String(sealed.atime);
    body = JSON.stringify(sealed.body);
  }
  const res = await (o.fetchImpl ?? fetch)(`${o.baseUrl ?? ""}${path}`, { method: "POST", headers, body });
  const text = await res.text();
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
  }
}

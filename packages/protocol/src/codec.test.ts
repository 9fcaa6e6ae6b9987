import { describe, expect, it } from "vitest";
import { EnvelopeError, REPLAY_WINDOW_SECONDS, fromBase64, openPayload, sealPayload, toBase64 } from "./codec.js";

const KEY = "unit-test-app-key-0123456789";

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof EnvelopeError) return e.reason;
    throw e;
  }
  throw new Error("expected an EnvelopeError");
}

describe("envelope codec", () => {
  it("round-trips a payload with Chinese text and adds request_time", async () => {
    const payload = { username: "张老师", n: 3, nested: { a: [1, 2] } };
    const { atime, body } = await sealPayload(KEY, payload);
    const raw = fromBase64(body.encrypt);
    expect(raw.length).toBeGreaterThan(12 + 16);
    expect(await openPayload(KEY, body.encrypt, atime)).toEqual(payload);
  });

  it("uses a fresh IV each time", async () => {
    const a = await sealPayload(KEY, { x: 1 }, 1_800_000_000);
    const b = await sealPayload(KEY, { x: 1 }, 1_800_000_000);
    expect(a.body.encrypt).not.toBe(b.body.encrypt);
  });

  it("refuses tampered ciphertext", async () => {
    const { atime, body } = await sealPayload(KEY, { x: 1 });
    const raw = fromBase64(body.encrypt);
    raw[20] ^= 0x01;
    expect(await failure(openPayload(KEY, toBase64(raw), atime))).toBe("decrypt_failed");
  });

  it("refuses a wrong key", async () => {
    const { atime, body } = await sealPayload(KEY, { x: 1 });
    expect(await failure(openPayload("another-key-0123456789", body.encrypt, atime))).toBe("decrypt_failed");
  });

  it("refuses a different Atime header (key is derived from it)", async () => {
    const { atime, body } = await sealPayload(KEY, { x: 1 });
    expect(await failure(openPayload(KEY, body.encrypt, atime + 1, atime))).toBe("decrypt_failed");
  });

  it("refuses a stale or future Atime beyond the replay window", async () => {
    const now = 1_800_000_000;
    const old = await sealPayload(KEY, { x: 1 }, now - REPLAY_WINDOW_SECONDS - 1);
    expect(await failure(openPayload(KEY, old.body.encrypt, old.atime, now))).toBe("stale_atime");
    const future = await sealPayload(KEY, { x: 1 }, now + REPLAY_WINDOW_SECONDS + 1);
    expect(await failure(openPayload(KEY, future.body.encrypt, future.atime, now))).toBe("stale_atime");
    const edge = await sealPayload(KEY, { x: 1 }, now - REPLAY_WINDOW_SECONDS);
    expect(await openPayload(KEY, edge.body.encrypt, edge.atime, now)).toEqual({ x: 1 });
  });

  it("refuses a request_time that differs from Atime", async () => {
    const now = 1_800_000_000;
    // Sealed with request_time = now - 10 but sent under Atime = now: the key differs, so craft it by hand.
    const inner = await sealPayload(KEY, { x: 1, request_time: now - 10 } as Record<string, unknown>, now);
    // sealPayload always overwrites request_time with atime; so emulate a client that sends a different one.
    expect(await openPayload(KEY, inner.body.encrypt, now, now)).toEqual({ x: 1 });
    const enc = new TextEncoder();
    const mac = await crypto.subtle.sign(
      "HMAC",
      await crypto.subtle.importKey("raw", enc.encode(KEY), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
      enc.encode(String(now)),
    );
    const key = await crypto.subtle.importKey("raw", mac, { name: "AES-GCM" }, false, ["encrypt"]);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, enc.encode(JSON.stringify({ x: 1, request_time: now - 10 }))));
    const all = new Uint8Array(12 + ct.length);
    all.set(iv);
    all.set(ct, 12);
    expect(await failure(openPayload(KEY, toBase64(all), now, now))).toBe("request_time_mismatch");
  });

  it("refuses malformed input", async () => {
    const now = 1_800_000_000;
    expect(await failure(openPayload(KEY, "not base64!!", now, now))).toBe("bad_base64");
    expect(await failure(openPayload(KEY, toBase64(new Uint8Array(10)), now, now))).toBe("too_short");
    expect(await failure(openPayload(KEY, "AAAA", Number.NaN, now))).toBe("bad_atime");
  });

  it("base64 helpers handle large buffers", () => {
    const big = new Uint8Array(200_000).map((_, i) => i % 251);
    expect(fromBase64(toBase64(big))).toEqual(big);
  });
});

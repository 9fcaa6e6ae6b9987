import { CALLS, type SessionInfo, fromBase64, nowSeconds, postCall, sealPayload, toBase64 } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN_PASSWORD } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

async function send(body: string, headers: Record<string, string> = {}, path: string = CALLS.login) {
  const res = await fetch(`${s.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return { status: res.status, json: (await res.json()) as { code: number; msg: string; data: unknown } };
}

const login = { username: "admin", password: TEST_ADMIN_PASSWORD };

describe("the envelope on the real wire", () => {
  it("accepts a sealed request", async () => {
    const sealed = await sealPayload(s.config.appKey, login);
    const r = await send(JSON.stringify(sealed.body), { Atime: String(sealed.atime) });
    expect(r.status).toBe(200);
    expect(r.json.code).toBe(200);
  });

  it.each([
    ["a plain JSON body", () => JSON.stringify(login), "请求体缺少加密字段 encrypt"],
    ["an array body", () => "[]", "请求体必须是 JSON 对象"],
    ["broken JSON", () => "{not json", "请求体不是有效的 JSON"],
    ["bad base64", () => JSON.stringify({ encrypt: "@@@@" }), "encrypt 不是有效的 base64"],
    ["a short ciphertext", () => JSON.stringify({ encrypt: "AAAA" }), "encrypt 长度不足"],
  ])("refuses %s with 400 and a Chinese message", async (_name, body, msg) => {
    const r = await send(body(), { Atime: String(nowSeconds()) });
    expect(r.status).toBe(200);
    expect(r.json.code).toBe(400);
    expect(r.json.msg).toContain(msg);
  });

  it("refuses a missing or non-numeric Atime", async () => {
    const sealed = await sealPayload(s.config.appKey, login);
    expect((await send(JSON.stringify(sealed.body))).json.msg).toContain("Atime");
    expect((await send(JSON.stringify(sealed.body), { Atime: "yesterday" })).json.code).toBe(400);
  });

  it("refuses an Atime outside the 300 s window", async () => {
    const r = await postCall(CALLS.login, login, { baseUrl: s.url, appKey: s.config.appKey, atime: nowSeconds() - 301 });
    expect(r.code).toBe(400);
    expect(r.msg).toContain("300 秒");
    const f = await postCall(CALLS.login, login, { baseUrl: s.url, appKey: s.config.appKey, atime: nowSeconds() + 400 });
    expect(f.code).toBe(400);
  });

  it("refuses a tampered ciphertext and a wrong key", async () => {
    const sealed = await sealPayload(s.config.appKey, login);
    const raw = fromBase64(sealed.body.encrypt);
    raw[raw.length - 1] ^= 0xff;
    const r = await send(JSON.stringify({ encrypt: toBase64(raw) }), { Atime: String(sealed.atime) });
    expect(r.json).toEqual({ code: 400, msg: "请求数据无法解密，请刷新页面后重试", data: null });
    const wrongKey = await postCall(CALLS.login, login, { baseUrl: s.url, appKey: "not-the-server-key-123" });
    expect(wrongKey.code).toBe(400);
  });

  it("refuses a header Atime that differs from the one sealed", async () => {
    const sealed = await sealPayload(s.config.appKey, login);
    const r = await send(JSON.stringify(sealed.body), { Atime: String(sealed.atime - 5) });
    expect(r.json.code).toBe(400);
  });

  it("answers an unknown path with a 404 envelope", async () => {
    const r = await postCall("/middle/no_such/call", {}, { baseUrl: s.url, appKey: s.config.appKey });
    expect(r).toEqual({ code: 404, msg: "接口不存在：POST /middle/no_such/call", data: null });
    const g = await fetch(`${s.url}/middle/login`);
    expect(((await g.json()) as { code: number }).code).toBe(404);
  });

  it("refuses the Raw header unless ALLOW_RAW is set", async () => {
    const r = await postCall(CALLS.login, login, { baseUrl: s.url, appKey: s.config.appKey, raw: true });
    expect(r.code).toBe(400);
    expect(r.msg).toContain("encrypt");
  });

  it("does not leak stack traces and never answers 500 for a client mistake", async () => {
    const bodies = ["", "null", '"x"', '{"encrypt": 5}', '{"encrypt": ""}', "x".repeat(100)];
    for (const b of bodies) {
      const r = await send(b, { Atime: String(nowSeconds()) });
      expect(r.status, b).toBe(200);
      expect(r.json.code, b).toBe(400);
      expect(JSON.stringify(r.json), b).not.toMatch(/at .*\.ts:|Error:/);
    }
    const huge = await send(JSON.stringify({ encrypt: "A".repeat(11 * 1024 * 1024) }), { Atime: String(nowSeconds()) });
    expect(huge.json.code).toBe(413);
  });
});

describe("ALLOW_RAW=1 (development and tests only)", () => {
  let raw: TestServer;
  beforeAll(async () => {
    raw = await startTestServer({ ALLOW_RAW: "1" });
  });
  afterAll(async () => raw?.close());

  it("takes a plain JSON body with header Raw: 1, and still the envelope without it", async () => {
    const r = await postCall<SessionInfo>(CALLS.login, login, { baseUrl: raw.url, appKey: raw.config.appKey, raw: true });
    expect(r.code).toBe(200);
    expect(r.data.realname).toBe("管理员");
    expect((await raw.call(CALLS.login, login)).code).toBe(200);
  });
});

describe("service routes", () => {
  it("GET /healthz answers when ready", async () => {
    const r = await fetch(`${s.url}/healthz`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { status: string; database: string; counters: string };
    expect(body.status).toBe("ok");
    expect(body.database).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    expect(body.counters).toBe(process.env.REDIS_URL ? "redis" : "memory");
  });

  it("GET /openapi.json documents every registered call with its payload schema", async () => {
    const doc = (await (await fetch(`${s.url}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<
        string,
        {
          post: {
            operationId: string;
            requestBody: { content: { "application/json": { schema: { properties?: Record<string, unknown>; required?: string[] } } } };
          };
        }
      >;
    };
    expect(doc.openapi).toBe("3.1.0");
    const loginDoc = doc.paths[CALLS.login]!.post;
    expect(loginDoc.operationId).toBe("c001");
    const schema = loginDoc.requestBody.content["application/json"].schema;
    expect(Object.keys(schema.properties ?? {})).toEqual(["username", "password"]);
    expect(schema.required).toEqual(["username", "password"]);
    for (const p of Object.values(CALLS).filter((p) => !p.includes("/machine/"))) expect(doc.paths, p).toHaveProperty([p]);
  });

  it("GET /config.js hands the web app its key and edition", async () => {
    const text = await (await fetch(`${s.url}/config.js`)).text();
    expect(text).toContain("window.__YANKE_CONFIG__");
    expect(text).toContain(s.config.appKey);
    expect(text).toContain('"edition":"foreground"');
  });
});

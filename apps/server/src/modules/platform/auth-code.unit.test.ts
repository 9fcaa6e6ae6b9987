import { describe, expect, it } from "vitest";
import { AppError } from "../../http/errors.js";
import { AuthCodes, CODE_REFUSALS, deriveLicenseKey, readCode, signCode } from "./auth-code.js";

const APP_KEY = "unit-test-app-key-0123456789";
const codes = new AuthCodes({ serverSecret: APP_KEY });
const inAYear = Math.floor(Date.now() / 1000) + 365 * 86400;

function refusal(fn: () => unknown): { code: number; msg: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, msg: e.message };
    throw e;
  }
  throw new Error("not refused");
}

describe("authorization codes", () => {
  it("round-trips: the claims come back, jti random unless given", () => {
    const code = codes.issue({ app: "ai", exp: inAYear, cap: 4 });
    expect(code).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const c = codes.verify(code, "ai");
    expect(c).toMatchObject({ app: "ai", exp: inAYear, cap: 4 });
    expect(c.jti).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(codes.verify(codes.issue({ app: "ai", exp: new Date(inAYear * 1000), cap: 1, jti: "fixed-id-1" }), "ai").jti).toBe("fixed-id-1");
    expect(codes.issue({ app: "ai", exp: inAYear, cap: 4 })).not.toBe(code);
  });

  it("derives the key from APP_KEY unless LICENSE_KEY is given", () => {
    expect(deriveLicenseKey(APP_KEY).equals(deriveLicenseKey(APP_KEY))).toBe(true);
    const code = signCode(deriveLicenseKey(APP_KEY), { app: "ai", exp: inAYear, cap: 2 });
    expect(codes.verify(code, "ai").cap).toBe(2);
    const licensed = new AuthCodes({ serverSecret: APP_KEY, licenseKey: "a-separate-licence-key" });
    expect(refusal(() => licensed.verify(code, "ai"))).toEqual({ code: 400, msg: CODE_REFUSALS.forged });
    expect(licensed.verify(licensed.issue({ app: "ai", exp: inAYear, cap: 3 }), "ai").cap).toBe(3);
  });

  it("refuses a forged code: another key, or claims changed after signing", () => {
    const other = new AuthCodes({ serverSecret: "another-platform-secret" }).issue({ app: "ai", exp: inAYear, cap: 4 });
    expect(refusal(() => codes.verify(other, "ai"))).toEqual({ code: 400, msg: CODE_REFUSALS.forged });
    const [body, sig] = codes.issue({ app: "ai", exp: inAYear, cap: 4 }).split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString("utf8"));
    const raised = Buffer.from(JSON.stringify({ ...claims, cap: 400 })).toString("base64url");
    expect(refusal(() => codes.verify(`${raised}.${sig}`, "ai"))).toEqual({ code: 400, msg: CODE_REFUSALS.forged });
    expect(refusal(() => codes.verify(`${body}.${sig!.slice(0, 20)}`, "ai"))).toEqual({ code: 400, msg: CODE_REFUSALS.forged });
  });

  it("refuses malformed codes", () => {
    const good = codes.issue({ app: "ai", exp: inAYear, cap: 4 });
    const [body, sig] = good.split(".");
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const bad of [
      "not-a-code",
      `${body}`,
      `${body}.${sig}.extra`,
      `${body}.`,
      `.${sig}`,
      `${body}!.${sig}`,
      `${Buffer.from("not json").toString("base64url")}.${sig}`,
      `${enc({ jti: "abcdefgh", app: "ai", exp: inAYear })}.${sig}`,
      `${enc({ jti: "abcdefgh", app: "ai", exp: inAYear, cap: 0 })}.${sig}`,
      `${enc({ jti: "abcdefgh", app: "a i", exp: inAYear, cap: 1 })}.${sig}`,
      `${enc({ jti: "short", app: "ai", exp: inAYear, cap: 1 })}.${sig}`,
      `${enc([1, 2])}.${sig}`,
    ]) {
      expect(
        refusal(() => codes.verify(bad, "ai")),
        bad,
      ).toEqual({ code: 400, msg: CODE_REFUSALS.malformed });
    }
  });

  it("refuses a code for another application, then an expired one", () => {
    const live = codes.issue({ app: "live", exp: inAYear, cap: 4 });
    expect(refusal(() => codes.verify(live, "ai"))).toEqual({ code: 400, msg: CODE_REFUSALS.wrongApp("live", "ai") });
    const exp = Math.floor(Date.now() / 1000) - 60;
    const old = codes.issue({ app: "ai", exp, cap: 4 });
    const r = refusal(() => codes.verify(old, "ai"));
    expect(r).toEqual({ code: 400, msg: CODE_REFUSALS.expired(new Date(exp * 1000)) });
    expect(r.msg).toMatch(/^授权码已过期（有效期至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}）$/);
    // valid until its expiry second
    expect(codes.verify(codes.issue({ app: "ai", exp: inAYear, cap: 1 }), "ai", new Date(inAYear * 1000 - 1)).cap).toBe(1);
    expect(refusal(() => codes.verify(codes.issue({ app: "ai", exp: inAYear, cap: 1 }), "ai", new Date(inAYear * 1000))).code).toBe(400);
  });

  it("readCode does not look at expiry; signCode refuses claims a verifier would refuse", () => {
    const old = codes.issue({ app: "ai", exp: 1000, cap: 1 });
    expect(readCode(deriveLicenseKey(APP_KEY), old).exp).toBe(1000);
    expect(() => codes.issue({ app: "a b", exp: inAYear, cap: 1 })).toThrow();
    expect(() => codes.issue({ app: "ai", exp: inAYear, cap: 0 })).toThrow();
    expect(() => codes.issue({ app: "ai", exp: inAYear, cap: 1.5 })).toThrow();
  });
});

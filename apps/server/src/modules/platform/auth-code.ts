import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Code } from "@yanke/protocol";
import { AppError } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";

/**
 * Authorization codes (c032, c033; docs/decisions/0432):
 *
 *   code = base64url(JSON {jti, app, exp, cap}) + "." + base64url(HMAC-SHA256(licenseKey, first part))
 *
 * jti: unique id (one activation per code), app: the application (apply_code), exp: expiry in unix seconds,
 * cap: the capacity it grants (≥ 1). The licence key is LICENSE_KEY, else HMAC-SHA256(APP_KEY, "yanke-license").
 */
export interface CodeClaims {
  jti: string;
  app: string;
  /** Expiry, unix seconds. */
  exp: number;
  cap: number;
}

export interface IssueInput {
  app: string;
  /** Expiry: a Date or unix seconds. */
  exp: Date | number;
  cap: number;
  /** Unique id; random when absent. */
  jti?: string;
}

const APP_RE = /^[A-Za-z0-9_-]{1,32}$/;
const JTI_RE = /^[A-Za-z0-9_-]{8,64}$/;
const B64URL_RE = /^[A-Za-z0-9_-]+$/;

export const CODE_REFUSALS = {
  malformed: "授权码格式不正确，请检查是否完整复制",
  forged: "授权码无效：签名校验失败，授权码可能被篡改或不是为本平台签发",
  wrongApp: (codeApp: string, type: string) => `授权码不适用于该应用（授权码用于「${codeApp}」，当前应用为「${type}」）`,
  expired: (exp: Date) => `授权码已过期（有效期至 ${formatTime(exp)}）`,
  reused: (at: Date) => `授权码已被使用（${formatTime(at)} 已激活），不能重复激活`,
} as const;

/** The licence key when LICENSE_KEY is not configured: HMAC-SHA256(server secret, "yanke-license"). */
export function deriveLicenseKey(serverSecret: string | Buffer): Buffer {
  return createHmac("sha256", serverSecret).update("yanke-license").digest();
}

function sign(key: string | Buffer, body: string): Buffer {
  return createHmac("sha256", key).update(body).digest();
}

function isClaims(v: unknown): v is CodeClaims {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const o: Record<string, unknown> = { ...v };
  return (
    typeof o.jti === "string" &&
    JTI_RE.test(o.jti) &&
    typeof o.app === "string" &&
    APP_RE.test(o.app) &&
    typeof o.exp === "number" &&
    Number.isSafeInteger(o.exp) &&
    o.exp > 0 &&
    typeof o.cap === "number" &&
    Number.isSafeInteger(o.cap) &&
    o.cap >= 1
  );
}

/** Signs claims into a code (throws on claims a verifier would refuse). */
export function signCode(key: string | Buffer, input: IssueInput): string {
  const exp = typeof input.exp === "number" ? input.exp : Math.floor(input.exp.getTime() / 1000);
  const claims: CodeClaims = { jti: input.jti ?? randomBytes(12).toString("base64url"), app: input.app, exp, cap: input.cap };
  if (!isClaims(claims)) throw new Error("invalid code claims: app 1–32 of [A-Za-z0-9_-], jti 8–64 of the same, exp > 0 (unix seconds), cap an integer ≥ 1");
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${sign(key, body).toString("base64url")}`;
}

/** The claims of a well-formed code whose signature holds; throws the refusal otherwise (expiry not checked). */
export function readCode(key: string | Buffer, code: string): CodeClaims {
  const parts = code.trim().split(".");
  const [body, sig] = parts;
  if (parts.length !== 2 || !body || !sig || !B64URL_RE.test(body) || !B64URL_RE.test(sig) || body.length > 1024) {
    throw new AppError(Code.BAD_INPUT, CODE_REFUSALS.malformed);
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    throw new AppError(Code.BAD_INPUT, CODE_REFUSALS.malformed);
  }
  if (!isClaims(claims)) throw new AppError(Code.BAD_INPUT, CODE_REFUSALS.malformed);
  const given = Buffer.from(sig, "base64url");
  const expected = sign(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(Code.BAD_INPUT, CODE_REFUSALS.forged);
  return claims;
}

/** Issues and checks codes with the platform's licence key. */
export class AuthCodes {
  private readonly key: string | Buffer;

  /**
   * licenseKey: LICENSE_KEY from the configuration; without it the key derives from the server secret (kept in the
   * database, never sent to browsers — unlike APP_KEY).
   */
  constructor(opts: { serverSecret: string | Buffer; licenseKey?: string }) {
    this.key = opts.licenseKey ? opts.licenseKey : deriveLicenseKey(opts.serverSecret);
  }

  /** A signed code (administrators' tooling and tests; see issue-code.ts). */
  issue(input: IssueInput): string {
    return signCode(this.key, input);
  }

  /**
   * The claims of a code that may be activated for application `type` at `now`: malformed, forged, wrong-application
   * and expired codes are each refused with their own message (400). Reuse is the activation's concern (409).
   */
  verify(code: string, type: string, now: Date = new Date()): CodeClaims {
    const claims = readCode(this.key, code);
    if (claims.app !== type) throw new AppError(Code.BAD_INPUT, CODE_REFUSALS.wrongApp(claims.app, type));
    if (claims.exp * 1000 <= now.getTime()) throw new AppError(Code.BAD_INPUT, CODE_REFUSALS.expired(new Date(claims.exp * 1000)));
    return claims;
  }
}

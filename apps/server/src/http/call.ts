import { Code, EnvelopeError, type Envelope, openPayload, parseAtime, parsePayload } from "@yanke/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { CallerAccount } from "./caller.js";
import { AppError, sessionInvalid } from "./errors.js";

/** Who is calling: resolved from the TOKEN header. */
export interface Auth {
  sessionId: number;
  accountId: number;
  identity: number;
  realname: string;
  token: string;
}

/**
 * public: no token needed (one is resolved when present and valid);
 * user: a live session; admin: a live session of an SF_ADMIN or SF_PINGTAI account.
 */
export type Access = "public" | "user" | "admin";

export interface CallContext<P> {
  payload: P;
  auth: Auth | null;
  req: FastifyRequest;
  /** Top-level fields the client actually sent (zod fills defaults in; updates must change only these). */
  sent: ReadonlySet<string>;
  /**
   * The caller's account (http/caller.ts), null on a public call without a session. Looked up on first use and at
   * most once per request (shared with the rule check): a call that does not ask pays nothing.
   */
  caller: () => Promise<CallerAccount | null>;
}

function isKey<T extends object>(obj: T, k: PropertyKey): k is keyof T {
  return k in obj;
}

/** The fields of a parsed payload that the client sent: an update changes only those. */
export function pickSent<T extends object>(obj: T, sent: ReadonlySet<string>): Partial<T> {
  const out: Partial<T> = {};
  for (const k of Object.keys(obj)) if (sent.has(k) && isKey(obj, k)) out[k] = obj[k];
  return out;
}

/** ctx.caller of any call (a public call's answers null without a session). */
export type CallerLookup = () => Promise<CallerAccount | null>;

export interface AuthedContext<P> extends CallContext<P> {
  auth: Auth;
  /** The caller's account, looked up at most once per request (1025 when the session's account is gone). */
  caller: () => Promise<CallerAccount>;
}

interface BaseDef<S extends z.ZodType> {
  /** calls.tsv id, e.g. "c001", or "new" for calls the spec leaves out. */
  id: string;
  path: string;
  summary: string;
  schema: S;
  /** Success message (default 操作成功). */
  message?: string;
  /** Row marked raw/multipart in calls.tsv: plain JSON body, no envelope. */
  raw?: boolean;
  /** Permission rule (auth_rule.name) the caller must hold; 403 无权限 otherwise. */
  rule?: string;
}

export type CallDef<S extends z.ZodType, R> =
  | (BaseDef<S> & { access: "public"; handler: (ctx: CallContext<z.output<S>>) => Promise<R> })
  | (BaseDef<S> & { access: "user" | "admin"; handler: (ctx: AuthedContext<z.output<S>>) => Promise<R> });

export interface RegisteredCall {
  id: string;
  path: string;
  summary: string;
  access: Access;
  rule?: string;
  raw: boolean;
  schema: z.ZodType;
}

export interface CallHost {
  appKey: string;
  allowRaw: boolean;
  /** Resolves a token; throws 1025/1028 AppErrors. */
  resolveToken(token: string): Promise<Auth>;
  /**
   * Throws 403 无权限 unless the caller holds the rule; `caller` is the request's memoized account lookup (callerOnce),
   * so the rule check and the handler share one.
   */
  authorize(auth: Auth, rule: string, caller?: () => Promise<CallerAccount>): Promise<void>;
  /** The account of a session (AccountService.subject: 1025 when it is gone); handlers reach it through ctx.caller(). */
  caller?(auth: Auth): Promise<CallerAccount>;
  registry: RegisteredCall[];
}

const ADMIN_IDENTITIES = new Set([1, 5]);

export function reply<T>(res: FastifyReply, code: number, msg: string, data: T): FastifyReply {
  const body: Envelope<T> = { code, msg, data };
  return res.code(200).header("content-type", "application/json; charset=utf-8").send(body);
}

async function readPayload(host: CallHost, req: FastifyRequest, raw: boolean): Promise<unknown> {
  const body = req.body;
  const rawHeader = req.headers.raw;
  if (raw || (host.allowRaw && (rawHeader === "1" || rawHeader === "true"))) return body ?? {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError(Code.BAD_INPUT, '请求体必须是 JSON 对象 {"encrypt": "…"}');
  }
  const encrypt = (body as Record<string, unknown>).encrypt;
  if (typeof encrypt !== "string" || encrypt.length === 0) {
    throw new AppError(Code.BAD_INPUT, "请求体缺少加密字段 encrypt");
  }
  try {
    return await openPayload(host.appKey, encrypt, parseAtime(req.headers.atime));
  } catch (e) {
    if (e instanceof EnvelopeError) throw new AppError(Code.BAD_INPUT, e.message);
    throw e;
  }
}

export function tokenOf(req: FastifyRequest): string | undefined {
  const t = req.headers.token;
  const v = Array.isArray(t) ? t[0] : t;
  return v && v.trim() !== "" ? v.trim() : undefined;
}

/**
 * Who calls, for routes that do not go through defineCall (multipart uploads): public → the session when a valid
 * token is sent, else null; user/admin → the live session (1025/1028/403 otherwise), holding `rule` when given.
 */
export async function authenticate(
  host: CallHost,
  req: FastifyRequest,
  access: Access,
  rule?: string,
  caller?: (auth: Auth) => Promise<CallerAccount>,
): Promise<Auth | null> {
  const token = tokenOf(req);
  if (access === "public") return token ? host.resolveToken(token).catch(() => null) : null;
  if (!token) throw sessionInvalid();
  const auth = await host.resolveToken(token);
  if (access === "admin" && !ADMIN_IDENTITIES.has(auth.identity)) throw new AppError(Code.FORBIDDEN, "仅管理员可以执行此操作");
  if (rule) await host.authorize(auth, rule, caller ? () => caller(auth) : undefined);
  return auth;
}

/**
 * One request's caller lookup: the first call asks host.caller, later calls (the rule check, the handler, helpers)
 * get the same promise. A session with no live account answers 1025 as AccountService.subject does.
 */
export function callerOnce(host: CallHost): (auth: Auth) => Promise<CallerAccount> {
  let found: Promise<CallerAccount> | undefined;
  return (auth) => {
    if (!found) {
      if (!host.caller) throw new Error("CallHost.caller is not set: ctx.caller() needs the composition root's account lookup");
      found = host.caller(auth);
    }
    return found;
  };
}

/** Registers one call: decrypt → auth → validate → service → {code,msg,data}. */
export function defineCall<S extends z.ZodType, R>(app: FastifyInstance, host: CallHost, def: CallDef<S, R>): void {
  host.registry.push({ id: def.id, path: def.path, summary: def.summary, access: def.access, rule: def.rule, raw: def.raw ?? false, schema: def.schema });
  app.post(def.path, async (req, res) => {
    const input = await readPayload(host, req, def.raw ?? false);
    const lookup = callerOnce(host);
    const auth = await authenticate(host, req, def.access, def.rule, lookup);
    const parsed = parsePayload(def.schema, input);
    if (!parsed.ok) throw new AppError(Code.BAD_INPUT, parsed.message);
    const sent = new Set(typeof input === "object" && input !== null ? Object.keys(input) : []);
    let data: R;
    if (def.access === "public") {
      const caller = async () => (auth ? lookup(auth) : null);
      data = await def.handler({ payload: parsed.data, auth, req, sent, caller });
    } else {
      if (!auth) throw sessionInvalid();
      const caller = () => lookup(auth);
      data = await def.handler({ payload: parsed.data, auth, req, sent, caller });
    }
    return reply(res, Code.OK, def.message ?? "操作成功", data ?? null);
  });
}

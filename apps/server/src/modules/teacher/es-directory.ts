import { Code } from "@yanke/protocol";
import { z } from "zod";
import { AppError, badInput, notFound, tooMany } from "../../http/errors.js";

/**
 * Client of the regional education cloud (区域教育云, 恩施) teacher directory: the contract of
 * docs/api/es-directory.md. Every answer is parsed with zod; every failure becomes an AppError with a
 * Chinese message (transport, timeout, refused token, odd status and malformed answers are 503).
 */

export interface EsDirectoryOptions {
  /** Base address, e.g. https://dir.example.edu.cn/api/v1 (ES_DIRECTORY_URL). Absent or "": not configured. */
  baseUrl?: string | undefined;
  /** Bearer token the directory issued to this platform (ES_DIRECTORY_TOKEN). */
  token?: string | undefined;
  /** Per request, connect to last byte (default 5000 ms). */
  timeoutMs?: number;
  /** page_size asked for when listing teachers (default 100; the directory may send fewer). */
  pageSize?: number;
  /** Safety stop for a directory whose paging never ends (default 1000 pages). */
  maxPages?: number;
}

/** A directory account as verified by POST accounts/verify. */
export interface EsAccount {
  id: string;
  account: string;
  name: string;
  phone: string;
  school_code: string;
}

export interface EsTeacher extends EsAccount {
  subject: string;
}

/** One row of the teacher listing: parsed, or why it could not be (the rest of the listing still counts). */
export type EsTeacherEntry = { ok: true; teacher: EsTeacher } | { ok: false; external_id: string; account: string; name: string; msg: string };

export const ES_MESSAGES = {
  notConfigured: "本平台未接入区域教育云目录服务，请联系管理员",
  unavailable: "区域教育云目录服务不可用，请稍后再试",
  timeout: "区域教育云目录服务响应超时，请稍后再试",
  tokenRefused: "区域教育云目录服务拒绝了本平台的访问令牌，请联系管理员",
  unknownAccount: "区域教育云账号不存在",
  wrongPassword: "区域教育云账号或密码错误",
  throttled: "区域教育云账号校验过于频繁，请稍后再试",
} as const;

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_MAX_PAGES = 1000;

/** The directory's ids may be strings or integers; they are stored as text. */
const zExternalId = z.union([z.string().trim().min(1).max(128), z.number().int().nonnegative()]).transform(String);
/** Optional text: absent or null reads as "". */
const zOptText = z
  .string()
  .max(200)
  .nullish()
  .transform((v) => (v ?? "").trim());

const AccountAnswer = z.object({
  id: zExternalId,
  account: z.string().trim().min(1).max(128),
  name: z
    .string()
    .max(200)
    .transform((v) => v.trim()),
  phone: zOptText,
  school_code: zOptText,
});

const TeacherRow = AccountAnswer.extend({ subject: zOptText });

/** Enough of a bad row to name it in the report. */
const LooseRow = z
  .object({
    id: zExternalId.optional().catch(undefined),
    account: z.string().optional().catch(undefined),
    name: z.string().optional().catch(undefined),
  })
  .catch({});

const TeacherPage = z.object({
  list: z.array(z.unknown()),
  total: z.number().int().nonnegative(),
});

const ErrorBody = z.object({ error: z.string(), message: z.string().optional() });

/** Marks an answer body that was not JSON. */
const NOT_JSON = Symbol("not-json");

interface Answer {
  status: number;
  body: unknown;
  retryAfter: number;
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "内容无效";
  const where = issue.path.map(String).join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}

function malformed(what: string, detail: string): AppError {
  return new AppError(Code.UNAVAILABLE, `区域教育云目录服务应答格式错误（${what}：${detail}），请联系管理员`);
}

function unexpected(what: string, status: number): AppError {
  return new AppError(Code.UNAVAILABLE, `区域教育云目录服务应答异常（${what}：HTTP ${status}），请稍后再试`);
}

function errorCode(body: unknown): string | undefined {
  const r = ErrorBody.safeParse(body);
  return r.success ? r.data.error : undefined;
}

function normaliseBase(raw: string): URL {
  if (!URL.canParse(raw)) throw new Error(`区域教育云目录服务地址无效：${raw}`);
  const u = new URL(raw.endsWith("/") ? raw : `${raw}/`);
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error(`区域教育云目录服务地址必须以 http:// 或 https:// 开头：${raw}`);
  return u;
}

export class EsDirectory {
  readonly kind = "remote" as const;
  private readonly base: URL | undefined;
  private readonly token: string | undefined;
  private readonly timeoutMs: number;
  private readonly pageSize: number;
  private readonly maxPages: number;

  /** Throws on an address that is not http(s) — a configuration error, found at start-up. */
  constructor(o: EsDirectoryOptions = {}) {
    this.base = o.baseUrl ? normaliseBase(o.baseUrl) : undefined;
    this.token = o.token || undefined;
    this.timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.pageSize = o.pageSize ?? DEFAULT_PAGE_SIZE;
    this.maxPages = o.maxPages ?? DEFAULT_MAX_PAGES;
  }

  get configured(): boolean {
    return this.base !== undefined;
  }

  /**
   * POST accounts/verify: the account when the password is right.
   * 400 wrong password, 404 unknown account, 429 the directory throttles, 503 anything else.
   */
  async verify(account: string, password: string): Promise<EsAccount> {
    const what = "账号校验";
    const a = await this.request("POST", "accounts/verify", undefined, { account, password });
    if (a.status === 200) {
      const r = AccountAnswer.safeParse(a.body);
      if (!r.success) throw malformed(what, a.body === NOT_JSON ? "不是 JSON" : issueText(r.error));
      return r.data;
    }
    const code = errorCode(a.body);
    if (a.status === 401 && code === "invalid_credentials") throw badInput(ES_MESSAGES.wrongPassword);
    if (a.status === 404 && code === "account_not_found") throw notFound(ES_MESSAGES.unknownAccount);
    if (a.status === 429) throw tooMany(ES_MESSAGES.throttled, a.retryAfter);
    throw this.refusal(what, a.status);
  }

  /**
   * GET teachers, every page: all teachers of the directory, or of one school code.
   * Rows are deduplicated by id (a row that moves between pages while paging counts once).
   */
  async teachers(schoolCode?: string): Promise<EsTeacherEntry[]> {
    const entries: EsTeacherEntry[] = [];
    const seen = new Set<string>();
    let received = 0;
    for (let page = 1; ; page++) {
      if (page > this.maxPages) {
        throw new AppError(Code.UNAVAILABLE, `区域教育云教师列表超过 ${this.maxPages} 页仍未结束，已停止同步，请联系管理员`);
      }
      const what = `教师列表第 ${page} 页`;
      const query: Record<string, string> = { page: String(page), page_size: String(this.pageSize) };
      if (schoolCode) query.school_code = schoolCode;
      const a = await this.request("GET", "teachers", query);
      if (a.status !== 200) throw this.refusal(what, a.status);
      const p = TeacherPage.safeParse(a.body);
      if (!p.success) throw malformed(what, a.body === NOT_JSON ? "不是 JSON" : issueText(p.error));
      for (const raw of p.data.list) {
        const r = TeacherRow.safeParse(raw);
        if (r.success) {
          if (seen.has(r.data.id)) continue;
          seen.add(r.data.id);
          entries.push({ ok: true, teacher: r.data });
        } else {
          const loose = LooseRow.parse(raw);
          entries.push({
            ok: false,
            external_id: loose.id ?? "",
            account: loose.account ?? "",
            name: loose.name ?? "",
            msg: `目录数据无效（${issueText(r.error)}）`,
          });
        }
      }
      received += p.data.list.length;
      if (p.data.list.length === 0 || received >= p.data.total) return entries;
    }
  }

  /** A status the contract does not give a meaning to. */
  private refusal(what: string, status: number): AppError {
    if (status === 401 || status === 403) return new AppError(Code.UNAVAILABLE, ES_MESSAGES.tokenRefused);
    return unexpected(what, status);
  }

  private async request(method: "GET" | "POST", path: string, query?: Record<string, string>, json?: unknown): Promise<Answer> {
    if (!this.base) throw notFound(ES_MESSAGES.notConfigured);
    const url = new URL(path, this.base);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (json !== undefined) headers["content-type"] = "application/json; charset=utf-8";
    const signal = AbortSignal.timeout(this.timeoutMs);
    let status: number;
    let text: string;
    let retryAfter = 60;
    try {
      // redirect "error": a redirect must never carry a teacher's password to another address.
      const res = await fetch(url, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal,
        redirect: "error",
      });
      status = res.status;
      const ra = Number(res.headers.get("retry-after"));
      if (Number.isInteger(ra) && ra > 0) retryAfter = ra;
      text = await res.text();
    } catch {
      throw new AppError(Code.UNAVAILABLE, signal.aborted ? ES_MESSAGES.timeout : ES_MESSAGES.unavailable);
    }
    let body: unknown = NOT_JSON;
    if (text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        body = NOT_JSON;
      }
    }
    return { status, body, retryAfter };
  }
}

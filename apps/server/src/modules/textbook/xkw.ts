/**
 * 学科网 documents (c397 /v2/book/getXkwDoc; docs/decisions/0823). Two providers, chosen by XKW_PROVIDER:
 *
 * - "local" (default): real, paged documents from our own catalogue — the approved textbook resources, filtered by
 *   textbookid (textbook_book.id), courseid (subject.id → the books of that subject's period and name) and catalogid
 *   (textbook_catalog.id, its descendants included).
 * - "remote": a 学科网-style HTTP API at XKW_API, asked with a signed GET
 *
 *     GET {XKW_API}/documents?catalog_id=…&course_id=…&page=…&page_size=…&textbook_id=…   (keys sorted, absent = left out)
 *     X-Xkw-App-Key: XKW_APP_KEY
 *     X-Xkw-Timestamp: unix seconds
 *     X-Xkw-Nonce: 16 random hex characters
 *     X-Xkw-Signature: hex( HMAC-SHA256( XKW_APP_SECRET, stringToSign ) )
 *
 *     stringToSign = "GET\n" + path (e.g. /api/documents) + "\n" + sorted query (as sent) + "\n" + app key + "\n"
 *                    + timestamp + "\n" + nonce
 *
 *   and answering {code: 0, msg, data: {total, list: [{id, title, type_name, course_name, textbook_name,
 *   catalog_name, catalog_code, url, file_type, size, author, date}]}}. Ids are passed through as they come (with
 *   the remote provider they are the remote API's own). A refusal (code ≠ 0 or HTTP ≠ 2xx), an unreadable answer,
 *   an unreachable server or a timeout becomes code 503 with a Chinese message, never a crash.
 */
import { createHmac, randomBytes } from "node:crypto";
import { Code, type GetXkwDocPayload, type XkwDoc, type XkwDocAnswer } from "@yanke/protocol";
import type { Config } from "../../config.js";
import { AppError } from "../../http/errors.js";
import type { TextbookService } from "./textbook.service.js";

export interface XkwProvider {
  readonly name: "local" | "remote";
  docs(p: GetXkwDocPayload): Promise<XkwDocAnswer>;
}

export class LocalXkwProvider implements XkwProvider {
  readonly name = "local" as const;
  constructor(private readonly textbooks: TextbookService) {}
  docs(p: GetXkwDocPayload): Promise<XkwDocAnswer> {
    return this.textbooks.localDocs(p);
  }
}

export interface RemoteXkwConfig {
  api: string;
  appKey: string;
  appSecret: string;
}

/** The X-Xkw-Signature of one request (the contract test recomputes it itself from the documented string). */
export function xkwSignature(secret: string, path: string, query: string, appKey: string, timestamp: string, nonce: string): string {
  return createHmac("sha256", secret).update(`GET\n${path}\n${query}\n${appKey}\n${timestamp}\n${nonce}`, "utf8").digest("hex");
}

interface RemoteDoc {
  id?: unknown;
  title?: unknown;
  type_name?: unknown;
  course_name?: unknown;
  textbook_name?: unknown;
  catalog_name?: unknown;
  catalog_code?: unknown;
  url?: unknown;
  file_type?: unknown;
  size?: unknown;
  author?: unknown;
  date?: unknown;
}
interface RemoteAnswer {
  code?: unknown;
  msg?: unknown;
  data?: { total?: unknown; list?: unknown };
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

export class RemoteXkwProvider implements XkwProvider {
  readonly name = "remote" as const;
  constructor(
    private readonly cfg: RemoteXkwConfig,
    private readonly opts: { timeoutMs?: number; now?: () => number } = {},
  ) {}

  private fail(why: string): AppError {
    return new AppError(Code.UNAVAILABLE, `学科网资源获取失败：${why}`);
  }

  async docs(p: GetXkwDocPayload): Promise<XkwDocAnswer> {
    const params: Record<string, string> = { page: String(p.page), page_size: String(p.pagesize) };
    if (p.textbookid) params.textbook_id = String(p.textbookid);
    if (p.courseid) params.course_id = String(p.courseid);
    if (p.catalogid) params.catalog_id = String(p.catalogid);
    if (p.keyword) params.keyword = p.keyword;
    const query = new URLSearchParams(
      Object.keys(params)
        .sort()
        .map((k): [string, string] => [k, params[k]!]),
    ).toString();
    const base = new URL(this.cfg.api.endsWith("/") ? this.cfg.api : `${this.cfg.api}/`);
    const url = new URL(`documents?${query}`, base);
    const timestamp = String(Math.floor((this.opts.now?.() ?? Date.now()) / 1000));
    const nonce = randomBytes(8).toString("hex");
    const headers = {
      Accept: "application/json",
      "X-Xkw-App-Key": this.cfg.appKey,
      "X-Xkw-Timestamp": timestamp,
      "X-Xkw-Nonce": nonce,
      "X-Xkw-Signature": xkwSignature(this.cfg.appSecret, url.pathname, query, this.cfg.appKey, timestamp, nonce),
    };
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { method: "GET", headers, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
      text = await res.text();
    } catch (e) {
      const timeout = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
      throw this.fail(timeout ? "学科网服务响应超时，请稍后再试" : "无法连接学科网服务，请稍后再试");
    }
    let json: RemoteAnswer;
    try {
      json = JSON.parse(text) as RemoteAnswer;
    } catch {
      throw this.fail(res.ok ? "学科网返回了无法识别的内容" : `服务返回 HTTP ${res.status}`);
    }
    if (!res.ok || (json.code !== 0 && json.code !== "0" && json.code !== 200)) {
      const msg = str(json?.msg).trim() || `服务返回 HTTP ${res.status}`;
      throw this.fail(json?.code !== undefined ? `${msg}（错误码 ${str(json.code)}）` : msg);
    }
    const list = Array.isArray(json.data?.list) ? (json.data.list as RemoteDoc[]) : undefined;
    if (!list) throw this.fail("学科网返回了无法识别的内容");
    const docs: XkwDoc[] = list.map((d) => ({
      id: str(d.id),
      title: str(d.title),
      type_name: str(d.type_name),
      course_name: str(d.course_name),
      textbook_name: str(d.textbook_name),
      catalog_name: str(d.catalog_name),
      catalog_code: str(d.catalog_code),
      url: /^https?:\/\//i.test(str(d.url)) ? str(d.url) : "",
      file_type: str(d.file_type),
      size: Number(d.size) || 0,
      author: str(d.author),
      date: str(d.date),
    }));
    return { list: docs, total: Number(json.data?.total) || 0, page: p.page, pagesize: p.pagesize, provider: "remote" };
  }
}

export function xkwProvider(config: Config, textbooks: TextbookService): XkwProvider {
  const x = config.xkw;
  return x.provider === "remote" ? new RemoteXkwProvider({ api: x.api, appKey: x.appKey, appSecret: x.appSecret }) : new LocalXkwProvider(textbooks);
}

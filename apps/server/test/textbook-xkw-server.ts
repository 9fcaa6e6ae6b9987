/**
 * A fake 学科网-style document API on loopback (docs/decisions/0823) for the remote getXkwDoc contract test. It
 * recomputes every request's signature itself from the documented string to sign
 *
 *   "GET\n" + path + "\n" + query (keys sorted) + "\n" + app key + "\n" + timestamp + "\n" + nonce
 *   → hex( HMAC-SHA256( app secret, · ) )
 *
 * checks the app key, a fresh timestamp, an unused nonce, sorted known query keys and their values, and answers
 * fixture documents filtered and paged like a real one would. `mode` makes it fail on purpose.
 */
import { createHmac } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeXkwDoc {
  id: string;
  title: string;
  type_name: string;
  course_name: string;
  textbook_name: string;
  catalog_name: string;
  catalog_code: string;
  url: string;
  file_type: string;
  size: number;
  author: string;
  date: string;
  textbook_id: number;
  course_id: number;
  catalog_ids: number[];
}

/** 7 documents of textbook 11 (course 3), in catalogue nodes 101 (4 docs) and 102 (3), and 2 of textbook 12. */
export const FAKE_DOCS: FakeXkwDoc[] = [
  ...Array.from({ length: 7 }, (_, i) => ({
    id: `xkw-${1000 + i}`,
    title: i < 4 ? `勾股定理 第${i + 1}课时 教学设计` : `勾股定理的逆定理 练习 ${i - 3}`,
    type_name: i < 4 ? "教案" : "试题",
    course_name: "初中数学",
    textbook_name: "人教版 八年级下册",
    catalog_name: i < 4 ? "17.1 勾股定理" : "17.2 勾股定理的逆定理",
    catalog_code: i < 4 ? "17.1" : "17.2",
    url: `https://www.zxxk.com/soft/${1000 + i}.html`,
    file_type: i < 4 ? "docx" : "pdf",
    size: 10_000 + i,
    author: "学科网",
    date: `2026-09-0${(i % 9) + 1} 10:00:00`,
    textbook_id: 11,
    course_id: 3,
    catalog_ids: i < 4 ? [100, 101] : [100, 102],
  })),
  ...Array.from({ length: 2 }, (_, i) => ({
    id: `xkw-${2000 + i}`,
    title: `春 朗读指导 ${i + 1}`,
    type_name: "课件",
    course_name: "初中语文",
    textbook_name: "统编版 七年级上册",
    catalog_name: "1 春",
    catalog_code: "1",
    url: "javascript:alert(1)",
    file_type: "pptx",
    size: 500,
    author: "学科网",
    date: "2026-09-10 09:00:00",
    textbook_id: 12,
    course_id: 1,
    catalog_ids: [200],
  })),
];

export interface SeenRequest {
  method: string;
  path: string;
  query: string;
  headers: IncomingMessage["headers"];
  problems: string[];
}

export class FakeXkw {
  server!: Server;
  url = "";
  seen: SeenRequest[] = [];
  nonces = new Set<string>();
  /** ok: answers; refuse: code 40301 in a 403; garbage: not JSON; hang: never answers; http500: an HTML 500. */
  mode: "ok" | "refuse" | "garbage" | "hang" | "http500" = "ok";

  constructor(
    readonly appKey: string,
    readonly appSecret: string,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const u = new URL(req.url ?? "/", "http://x");
    const query = u.search.replace(/^\?/, "");
    const problems: string[] = [];
    const h = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
    };
    this.seen.push({ method: req.method ?? "", path: u.pathname, query, headers: req.headers, problems });
    if (this.mode === "hang") return;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    if (this.mode === "garbage") {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end("<html>维护中</html>");
      return;
    }
    if (this.mode === "http500") {
      res.writeHead(500, { "Content-Type": "text/html" });
      res.end("<html>Internal Server Error</html>");
      return;
    }
    if (this.mode === "refuse") {
      send(403, { code: 40301, msg: "应用未开通该接口权限" });
      return;
    }

    if (req.method !== "GET") problems.push(`method ${req.method}`);
    if (u.pathname !== "/api/documents") problems.push(`path ${u.pathname}`);
    if (h("x-xkw-app-key") !== this.appKey) problems.push("app key");
    const ts = Number(h("x-xkw-timestamp"));
    if (!Number.isInteger(ts) || Math.abs(ts - Date.now() / 1000) > 300) problems.push("timestamp");
    const nonce = h("x-xkw-nonce");
    if (!/^[0-9a-f]{16}$/.test(nonce) || this.nonces.has(nonce)) problems.push("nonce");
    this.nonces.add(nonce);
    const expected = createHmac("sha256", this.appSecret)
      .update(`GET\n${u.pathname}\n${query}\n${this.appKey}\n${h("x-xkw-timestamp")}\n${nonce}`, "utf8")
      .digest("hex");
    if (h("x-xkw-signature") !== expected) problems.push("signature");
    const keys = [...u.searchParams.keys()];
    if (keys.join(",") !== [...keys].sort().join(",")) problems.push("query keys not sorted");
    const known = new Set(["catalog_id", "course_id", "keyword", "page", "page_size", "textbook_id"]);
    for (const k of keys) if (!known.has(k)) problems.push(`unknown key ${k}`);
    const page = Number(u.searchParams.get("page"));
    const size = Number(u.searchParams.get("page_size"));
    if (!(page >= 1) || !(size >= 1)) problems.push("page");
    if (problems.length) {
      send(401, { code: 40101, msg: `签名或参数错误：${problems.join("、")}` });
      return;
    }

    const textbook = Number(u.searchParams.get("textbook_id") ?? 0);
    const course = Number(u.searchParams.get("course_id") ?? 0);
    const catalog = Number(u.searchParams.get("catalog_id") ?? 0);
    const hits = FAKE_DOCS.filter(
      (d) => (!textbook || d.textbook_id === textbook) && (!course || d.course_id === course) && (!catalog || d.catalog_ids.includes(catalog)),
    );
    const list = hits.slice((page - 1) * size, page * size).map(({ textbook_id: _t, course_id: _c, catalog_ids: _ids, ...d }) => d);
    send(200, { code: 0, msg: "success", data: { total: hits.length, list } });
  }
}

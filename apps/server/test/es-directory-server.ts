import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A regional education cloud directory on loopback that speaks docs/api/es-directory.md, for the tests.
 * Its teachers are a plain array the test may change between calls; `mode` makes it misbehave.
 */

export interface DirectoryTeacher {
  id: string | number;
  account: string;
  password: string;
  name: string;
  phone: string | null;
  school_code: string;
  subject: string;
}

export type DirectoryMode = "normal" | "hang" | "not-json" | "http-500" | "throttle";

export interface DirectoryRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string;
}

export interface TestDirectory {
  /** Base address of the contract, e.g. http://127.0.0.1:4312/api/v1 */
  url: string;
  teachers: DirectoryTeacher[];
  /** Rows appended to every listing as they are (malformed rows for the failure report). */
  extraRows: unknown[];
  mode: DirectoryMode;
  requests: DirectoryRequest[];
  close(): Promise<void>;
}

const PREFIX = "/api/v1/";

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(String(c)));
  return Buffer.concat(chunks).toString("utf8");
}

function field(obj: unknown, key: string): string | undefined {
  if (typeof obj !== "object" || obj === null || !(key in obj)) return undefined;
  const v: unknown = Reflect.get(obj, key);
  return typeof v === "string" ? v : undefined;
}

function profile(t: DirectoryTeacher) {
  return { id: t.id, account: t.account, name: t.name, phone: t.phone, school_code: t.school_code };
}

/** Starts the directory; `token`, when set, must come as `Authorization: Bearer <token>`; pages hold at most `maxPageSize` rows. */
export async function startTestDirectory(teachers: DirectoryTeacher[], o: { token?: string; maxPageSize?: number } = {}): Promise<TestDirectory> {
  const maxPageSize = o.maxPageSize ?? 100;
  const state: Omit<TestDirectory, "url" | "close"> = { teachers, extraRows: [], mode: "normal", requests: [] };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://directory.test");
    const body = await readBody(req);
    state.requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization ?? "",
    });
    if (state.mode === "hang") return; // never answers; the client's timeout must end it
    if (state.mode === "not-json") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>gateway</html>");
      return;
    }
    if (state.mode === "http-500") return send(res, 500, { error: "internal" });
    if (state.mode === "throttle") {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "30" }).end(JSON.stringify({ error: "too_many_requests" }));
      return;
    }
    if (o.token && req.headers.authorization !== `Bearer ${o.token}`) return send(res, 401, { error: "invalid_token", message: "bad token" });

    if (req.method === "POST" && url.pathname === `${PREFIX}accounts/verify`) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return send(res, 400, { error: "bad_request" });
      }
      const account = field(parsed, "account");
      const password = field(parsed, "password");
      if (!account || password === undefined) return send(res, 400, { error: "bad_request" });
      const t = state.teachers.find((x) => x.account === account);
      if (!t) return send(res, 404, { error: "account_not_found", message: "no such account" });
      if (t.password !== password) return send(res, 401, { error: "invalid_credentials", message: "wrong password" });
      return send(res, 200, profile(t));
    }

    if (req.method === "GET" && url.pathname === `${PREFIX}teachers`) {
      const code = url.searchParams.get("school_code");
      const page = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1);
      const size = Math.min(maxPageSize, Math.max(1, Number(url.searchParams.get("page_size") ?? "20") || 20));
      const all: unknown[] = [
        ...state.teachers.filter((t) => !code || t.school_code === code).map((t) => ({ ...profile(t), subject: t.subject })),
        ...state.extraRows,
      ];
      return send(res, 200, { list: all.slice((page - 1) * size, page * size), total: all.length, page, page_size: size });
    }

    return send(res, 404, { error: "not_found" });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: "internal" }));
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const addr: AddressInfo | string | null = server.address();
      resolve(typeof addr === "object" && addr ? addr.port : 0);
    });
  });
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

/** A loopback port with nothing listening on it (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  const port = await new Promise<number>((resolve) =>
    s.listen(0, "127.0.0.1", () => {
      const addr: AddressInfo | string | null = s.address();
      resolve(typeof addr === "object" && addr ? addr.port : 0);
    }),
  );
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

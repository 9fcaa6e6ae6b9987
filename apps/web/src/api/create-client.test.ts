import { Code, COMMUNITY_ID_REQUIRED_MESSAGE, openPayload } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { ApiError, createApiClient, NETWORK_FAILURE_MESSAGE, type ApiClientDeps } from "./create-client";

const APP_KEY = "test-app-key-0123456789";

interface Seen {
  events: string[];
  requests: { path: string; headers: Record<string, string>; body: string }[];
}

function setup(answer: (path: string) => Response | Promise<Response>, opts: { path?: string; token?: string } = {}) {
  const seen: Seen = { events: [], requests: [] };
  const deps: ApiClientDeps = {
    appKey: () => APP_KEY,
    token: () => opts.token ?? "",
    currentPath: () => opts.path ?? "/dashboard",
    navigate: (to) => seen.events.push(`navigate:${to}`),
    clearSession: () => seen.events.push("clear"),
    toasts: {
      error: (m) => seen.events.push(`error:${m}`),
      success: (m) => seen.events.push(`success:${m}`),
      destroyAll: () => seen.events.push("destroyAll"),
    },
    closeLiveSockets: () => seen.events.push("closeSockets"),
    defaultPath: () => "/foreground",
    fetch: async (input, init) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(init?.headers ?? {})) headers[k] = String(v);
      seen.requests.push({ path: String(input), headers, body: String(init?.body) });
      return answer(String(input));
    },
  };
  return { client: createApiClient(deps), seen };
}

const envelope = (code: number, msg: string, data: unknown = null) =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { "Content-Type": "application/json" } });

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof ApiError)) throw new Error("expected an ApiError");
  return e;
}

describe("API client (wire.md envelope, spec §8)", () => {
  it("seals the payload, sends TOKEN and Atime, resolves data on 200", async () => {
    const { client, seen } = setup(() => envelope(200, "ok", { a: 1 }), { token: "tok" });
    await expect(client.call("/middle/x", { name: "研课" })).resolves.toEqual({ a: 1 });
    const req = seen.requests[0];
    expect(req?.headers.TOKEN).toBe("tok");
    expect(req?.headers["Content-Type"]).toBe("application/json");
    const atime = Number(req?.headers.Atime);
    const body: { encrypt: string } = JSON.parse(req?.body ?? "{}");
    await expect(openPayload(APP_KEY, body.encrypt, atime)).resolves.toEqual({ name: "研课" });
    expect(seen.events).toEqual([]);
  });

  it("sends no TOKEN header when anonymous", async () => {
    const { client, seen } = setup(() => envelope(200, "ok"));
    await client.call("/middle/login", {});
    expect(seen.requests[0]?.headers.TOKEN).toBeUndefined();
  });

  it("1025: clears the session and goes to login silently", async () => {
    const { client, seen } = setup(() => envelope(Code.SESSION_INVALID, "登录已失效"));
    const e = await rejection(client.call("/middle/x"));
    expect(e.code).toBe(1025);
    expect(seen.events).toEqual(["clear", "navigate:/login"]);
  });

  it("1028: clears the session, shows the server msg as a success toast, goes to login", async () => {
    const { client, seen } = setup(() => envelope(Code.SESSION_ENDED, "密码已修改，请重新登录"));
    await rejection(client.call("/middle/x"));
    expect(seen.events).toEqual(["clear", "success:密码已修改，请重新登录", "navigate:/login"]);
  });

  it("an upload's 1025/1028 (answered outside call) ends the session the same way; other codes are left to the caller", () => {
    const { client, seen } = setup(() => envelope(200, "ok"));
    expect(client.sessionCode(Code.BAD_INPUT, "分片大小不符")).toBe(false);
    expect(seen.events).toEqual([]);
    expect(client.sessionCode(Code.SESSION_ENDED, "您的账号已在其他地方登录")).toBe(true);
    expect(seen.events).toEqual(["clear", "success:您的账号已在其他地方登录", "navigate:/login"]);
  });

  it("1025/1028 on the login route are swallowed", async () => {
    for (const code of [1025, 1028]) {
      const { client, seen } = setup(() => envelope(code, "x"), { path: "/login" });
      const e = await rejection(client.call("/middle/x"));
      expect(e.handled).toBe(false);
      expect(seen.events).toEqual([]);
    }
  });

  it("other codes: msg as an error toast and the live socket closed", async () => {
    const { client, seen } = setup(() => envelope(400, "账号: 必填"));
    const e = await rejection(client.call("/middle/x"));
    expect(e.code).toBe(400);
    expect(e.message).toBe("账号: 必填");
    expect(seen.events).toEqual(["error:账号: 必填", "closeSockets"]);
  });

  it("a community-id message sends the user to the default path", async () => {
    const { client, seen } = setup(() => envelope(400, COMMUNITY_ID_REQUIRED_MESSAGE));
    await rejection(client.call("/middle/x"));
    expect(seen.events).toContain("navigate:/foreground");
  });

  it("network failure: all toasts closed, then 请联系管理员！！！", async () => {
    const { client, seen } = setup(() => {
      throw new TypeError("Failed to fetch");
    });
    const e = await rejection(client.call("/middle/x"));
    expect(e.code).toBe(-1);
    expect(seen.events).toEqual(["destroyAll", `error:${NETWORK_FAILURE_MESSAGE}`]);
  });

  it("an HTTP error without an envelope counts as a network failure", async () => {
    const { client, seen } = setup(() => new Response("Bad Gateway", { status: 502 }));
    await rejection(client.call("/middle/x"));
    expect(seen.events).toEqual(["destroyAll", `error:${NETWORK_FAILURE_MESSAGE}`]);
  });

  it("quiet calls have no side effects", async () => {
    const { client, seen } = setup(() => envelope(1025, "x"));
    await rejection(client.call("/middle/x", {}, { quiet: true }));
    expect(seen.events).toEqual([]);
  });
});

/**
 * The remote getXkwDoc provider (c397; docs/decisions/0823) against a fake 学科网-style API on loopback
 * (textbook-xkw-server.ts), which recomputes the signature from the documented string to sign and checks the
 * parameters. Through the wire: filters and paging reach the remote and its documents come back mapped; a refusal,
 * an unreadable answer, an HTTP 500, an unreachable server and a timeout become Chinese messages with code 503.
 */
import { CALLS, type SessionInfo, type XkwDocAnswer } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { AppError } from "../src/http/errors.js";
import { RemoteXkwProvider, xkwSignature } from "../src/modules/textbook/xkw.js";
import { type TestServer, startTestServer } from "./harness.js";
import { FAKE_DOCS, FakeXkw } from "./textbook-xkw-server.js";

const KEY = "yanke-test-app";
const SECRET = "xkw-secret-不可外泄-0001";

let fake: FakeXkw;
let s: TestServer;
let me: SessionInfo;

beforeAll(async () => {
  fake = new FakeXkw(KEY, SECRET);
  await fake.start();
  s = await startTestServer({ XKW_PROVIDER: "remote", XKW_API: fake.url, XKW_APP_KEY: KEY, XKW_APP_SECRET: SECRET });
  me = await s.login("lilaoshi", DEMO_TEACHER_PASSWORD);
});
afterAll(async () => {
  await s?.close();
  await fake?.stop();
});

const call = (p: Record<string, unknown>) => s.call<XkwDocAnswer>(CALLS.getXkwDoc, p, me.token);

describe("getXkwDoc with the remote provider", () => {
  it("signs the request, sends the filters and the page, and maps the documents", async () => {
    fake.mode = "ok";
    fake.seen = [];
    const r = await call({ textbookid: 11, courseid: 3, catalogid: 101, pagesize: 3, page: 1 });
    expect(r.code, r.msg).toBe(200);
    expect(fake.seen.length).toBe(1);
    const req = fake.seen[0]!;
    expect(req.problems).toEqual([]);
    expect(req.path).toBe("/api/documents");
    expect(req.query).toBe("catalog_id=101&course_id=3&page=1&page_size=3&textbook_id=11");
    expect(r.data).toMatchObject({ total: 4, page: 1, pagesize: 3, provider: "remote" });
    expect(r.data.list.map((d) => d.id)).toEqual(["xkw-1000", "xkw-1001", "xkw-1002"]);
    expect(r.data.list[0]).toEqual({
      id: "xkw-1000",
      title: "勾股定理 第1课时 教学设计",
      type_name: "教案",
      course_name: "初中数学",
      textbook_name: "人教版 八年级下册",
      catalog_name: "17.1 勾股定理",
      catalog_code: "17.1",
      url: "https://www.zxxk.com/soft/1000.html",
      file_type: "docx",
      size: 10000,
      author: "学科网",
      date: "2026-09-01 10:00:00",
    });

    const p2 = await call({ textbookid: 11, courseid: 3, catalogid: 101, pagesize: 3, page: 2 });
    expect(p2.data.list.map((d) => d.id)).toEqual(["xkw-1003"]);
    // Without filters: everything; a chapter node (100) holds both sections' documents.
    expect((await call({})).data.total).toBe(FAKE_DOCS.length);
    expect((await call({ catalogid: 100, pagesize: 50 })).data.list.length).toBe(7);
    expect(fake.seen.at(-2)!.query).toBe("page=1&page_size=10");
    // Only http(s) addresses are passed on.
    const yw = await call({ textbookid: 12 });
    expect(yw.data.list.map((d) => d.url)).toEqual(["", ""]);
    expect(fake.seen.every((x) => x.problems.length === 0)).toBe(true);
    // Bad input never reaches the remote.
    const before = fake.seen.length;
    expect((await call({ pagesize: 0 })).code).toBe(400);
    expect(fake.seen.length).toBe(before);
  });

  it("turns a refusal, an unreadable answer and an HTTP 500 into Chinese messages (503)", async () => {
    fake.mode = "refuse";
    let r = await call({ textbookid: 11 });
    expect(r.code).toBe(503);
    expect(r.msg).toBe("学科网资源获取失败：应用未开通该接口权限（错误码 40301）");
    fake.mode = "garbage";
    r = await call({ textbookid: 11 });
    expect(r).toMatchObject({ code: 503, msg: "学科网资源获取失败：学科网返回了无法识别的内容" });
    fake.mode = "http500";
    r = await call({ textbookid: 11 });
    expect(r).toMatchObject({ code: 503, msg: "学科网资源获取失败：服务返回 HTTP 500" });
    fake.mode = "ok";
  });

  it("a wrong secret is refused by the remote; a timeout and an unreachable server are reported", async () => {
    const wrong = new RemoteXkwProvider({ api: fake.url, appKey: KEY, appSecret: "wrong" });
    const page = { page: 1, pagesize: 10 };
    const err = await wrong.docs(page).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/^学科网资源获取失败：签名或参数错误：signature/);
    expect(fake.seen.at(-1)!.problems).toEqual(["signature"]);

    fake.mode = "hang";
    const slow = new RemoteXkwProvider({ api: fake.url, appKey: KEY, appSecret: SECRET }, { timeoutMs: 300 });
    const t = await slow.docs(page).catch((e: unknown) => e);
    expect((t as AppError).message).toBe("学科网资源获取失败：学科网服务响应超时，请稍后再试");
    fake.mode = "ok";

    const down = new RemoteXkwProvider({ api: "http://127.0.0.1:1/api", appKey: KEY, appSecret: SECRET });
    const d = await down.docs(page).catch((e: unknown) => e);
    expect((d as AppError).message).toBe("学科网资源获取失败：无法连接学科网服务，请稍后再试");

    // The documented signature, by hand.
    expect(xkwSignature("s", "/api/documents", "page=1&page_size=10", "k", "1700000000", "00112233aabbccdd")).toMatch(/^[0-9a-f]{64}$/);
  });
});

import { CALLS, Code, type EsBindAnswer, type EsSyncReport, type Envelope, postCall } from "@yanke/protocol";
import { asc, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../src/http/errors.js";
import { account } from "../src/modules/account/account.schema.js";
import { school } from "../src/modules/org/org.schema.js";
import { ES_MESSAGES, EsDirectory } from "../src/modules/teacher/es-directory.js";
import { TEACHER_MESSAGES, TeacherService, isUniqueViolation } from "../src/modules/teacher/teacher.service.js";
import { TEST_TEACHER_PASSWORD } from "./constants.js";
import { type DirectoryTeacher, type TestDirectory, closedPort, startTestDirectory } from "./es-directory-server.js";
import { type TestServer, startTestServer } from "./harness.js";

/**
 * The regional education cloud account (c035–c037) against a directory on loopback that speaks
 * docs/api/es-directory.md: the adapter's answers and failures, binding and unbinding through the real
 * encrypted wire, and the idempotent teacher sync with its per-row report, on a real database.
 */

const TOKEN = "es-directory-test-token";
const PAGE = 2;

function teacher(id: string | number, acct: string, name: string, phone: string | null, school: string): DirectoryTeacher {
  return { id, account: acct, password: `Es-${acct}-1`, name, phone, school_code: school, subject: "语文" };
}

const T1 = teacher("es-1001", "chenjing", "陈静", "13900000001", "SC01");
/** Numeric id, and the login name of a demo teacher: the synced account must get another one. */
const T2 = teacher(1002, "zhanglaoshi", "张伟", "13900000002", "SC01");
/** A login name our rule refuses: the synced account is named after the id. */
const T3 = teacher("es-1003", "王芳", "王芳", "13900000003", "SC02");
const T4 = teacher("es-1004", "liuyang", "刘洋", null, "SC02");
const T5 = teacher("es-1005", "zhaolei", "赵磊", "13900000005", "SC01");

let s: TestServer;
let dir: TestDirectory;
let teachers: TeacherService;
let routesUrl = "";
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

async function call<T>(path: string, payload: Record<string, unknown>, who: string): Promise<Envelope<T>> {
  return postCall<T>(path, payload, { baseUrl: routesUrl, appKey: s.config.appKey, token: tokens[who] });
}

async function esIdOf(accountId: number | undefined): Promise<string | null | undefined> {
  if (accountId === undefined) throw new Error("unknown account");
  return (await s.services.accounts.byId(accountId))?.es_account_id;
}

async function expectAppError(p: Promise<unknown>, code: number, msg?: string | RegExp): Promise<AppError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  if (!(e instanceof AppError)) throw new Error("not an AppError");
  expect(e.code).toBe(code);
  if (typeof msg === "string") expect(e.message).toBe(msg);
  else if (msg) expect(e.message).toMatch(msg);
  return e;
}

function syncedRows() {
  return s.database.db.select().from(account).where(isNotNull(account.es_account_id)).orderBy(asc(account.id));
}

beforeAll(async () => {
  dir = await startTestDirectory([T1, T2, T3, T4, T5], { token: TOKEN, maxPageSize: PAGE });
  // The real server, wired to the loopback directory.
  s = await startTestServer({ ES_DIRECTORY_URL: dir.url, ES_DIRECTORY_TOKEN: TOKEN });
  teachers = s.services.teachers;
  routesUrl = s.url;

  for (const [who, password] of [
    ["admin", undefined],
    ["zhanglaoshi", TEST_TEACHER_PASSWORD],
    ["lilaoshi", TEST_TEACHER_PASSWORD],
  ] as const) {
    const info = await s.login(who, password);
    tokens[who] = info.token;
    ids[who] = info.account_id;
  }
  const wang = await s.services.accounts.byUsername("wanglaoshi");
  if (!wang) throw new Error("demo teacher wanglaoshi missing");
  ids.wanglaoshi = wang.id;
});

afterAll(async () => {
  await s?.close();
  await dir?.close();
});

describe("EsDirectory (the contract client)", () => {
  it("verifies an account with the bearer token and answers its id as text", async () => {
    const d = new EsDirectory({ baseUrl: `${dir.url}/`, token: TOKEN });
    const before = dir.requests.length;
    const a = await d.verify(T2.account, T2.password);
    expect(a).toEqual({ id: "1002", account: "zhanglaoshi", name: "张伟", phone: "13900000002", school_code: "SC01" });
    const req = dir.requests[before];
    expect(req?.method).toBe("POST");
    expect(req?.path).toBe("/api/v1/accounts/verify");
    expect(req?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("maps wrong password to 400, unknown account to 404, directory throttling to 429", async () => {
    const d = new EsDirectory({ baseUrl: dir.url, token: TOKEN });
    await expectAppError(d.verify(T1.account, "nope"), Code.BAD_INPUT, ES_MESSAGES.wrongPassword);
    await expectAppError(d.verify("nobody", "x"), Code.NOT_FOUND, ES_MESSAGES.unknownAccount);
    dir.mode = "throttle";
    try {
      const e = await expectAppError(d.verify(T1.account, T1.password), Code.TOO_MANY, ES_MESSAGES.throttled);
      expect(e.data).toEqual({ retry_after: 30 });
    } finally {
      dir.mode = "normal";
    }
  });

  it("a refused token, a wrong base path and an HTTP 500 are the directory's fault: 503, never 账号不存在", async () => {
    await expectAppError(new EsDirectory({ baseUrl: dir.url, token: "wrong" }).verify(T1.account, T1.password), Code.UNAVAILABLE, ES_MESSAGES.tokenRefused);
    await expectAppError(new EsDirectory({ baseUrl: dir.url }).teachers(), Code.UNAVAILABLE, ES_MESSAGES.tokenRefused);
    const wrongBase = new EsDirectory({ baseUrl: dir.url.replace("/api/v1", "/api/v9"), token: TOKEN });
    await expectAppError(wrongBase.verify(T1.account, T1.password), Code.UNAVAILABLE, /HTTP 404/);
    dir.mode = "http-500";
    try {
      await expectAppError(new EsDirectory({ baseUrl: dir.url, token: TOKEN }).teachers(), Code.UNAVAILABLE, /教师列表第 1 页：HTTP 500/);
    } finally {
      dir.mode = "normal";
    }
  });

  it("a non-JSON answer is a 503 that says the format is wrong", async () => {
    dir.mode = "not-json";
    try {
      await expectAppError(
        new EsDirectory({ baseUrl: dir.url, token: TOKEN }).verify(T1.account, T1.password),
        Code.UNAVAILABLE,
        /应答格式错误（账号校验：不是 JSON）/,
      );
    } finally {
      dir.mode = "normal";
    }
  });

  it("a directory that does not answer times out with 503", async () => {
    dir.mode = "hang";
    try {
      const started = Date.now();
      await expectAppError(
        new EsDirectory({ baseUrl: dir.url, token: TOKEN, timeoutMs: 300 }).verify(T1.account, T1.password),
        Code.UNAVAILABLE,
        ES_MESSAGES.timeout,
      );
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      dir.mode = "normal";
    }
  });

  it("a closed port is 503 unavailable; no address configured is 404", async () => {
    const port = await closedPort();
    await expectAppError(new EsDirectory({ baseUrl: `http://127.0.0.1:${port}/api/v1` }).verify("a", "b"), Code.UNAVAILABLE, ES_MESSAGES.unavailable);
    await expectAppError(new EsDirectory({ baseUrl: "" }).verify("a", "b"), Code.NOT_FOUND, ES_MESSAGES.notConfigured);
    expect(() => new EsDirectory({ baseUrl: "ftp://example.com" })).toThrow(/http/);
  });

  it("lists every teacher across pages, filtered by school code", async () => {
    const d = new EsDirectory({ baseUrl: dir.url, token: TOKEN, pageSize: 50 });
    const before = dir.requests.length;
    const all = await d.teachers();
    expect(all.map((e) => (e.ok ? e.teacher.id : "bad"))).toEqual(["es-1001", "1002", "es-1003", "es-1004", "es-1005"]);
    // The directory caps pages at 2 rows: 3 pages.
    expect(dir.requests.slice(before).map((r) => r.query.page)).toEqual(["1", "2", "3"]);
    const sc02 = await d.teachers("SC02");
    expect(sc02.map((e) => (e.ok ? e.teacher.account : "bad"))).toEqual(["王芳", "liuyang"]);
    expect(dir.requests.at(-1)?.query.school_code).toBe("SC02");
  });
});

describe("c036 bindEsAccount / c037 unbind", () => {
  it("a teacher binds his own account: the verified directory id is stored", async () => {
    const r = await call<EsBindAnswer>(CALLS.teacherEsBind, { es_account: T1.account, es_password: T1.password }, "zhanglaoshi");
    expect(r).toMatchObject({ code: 200, msg: "绑定成功" });
    expect(r.data).toEqual({ account_id: ids.zhanglaoshi, es_account_id: "es-1001", es_account: "chenjing", es_name: "陈静" });
    expect(await esIdOf(ids.zhanglaoshi)).toBe("es-1001");
  });

  it("binding the same directory account again is a no-op", async () => {
    const r = await call(CALLS.teacherEsBind, { es_account: T1.account, es_password: T1.password }, "zhanglaoshi");
    expect(r.code).toBe(200);
    expect(await esIdOf(ids.zhanglaoshi)).toBe("es-1001");
  });

  it("wrong password → 400, unknown account → 404, missing field → 400; nothing stored", async () => {
    const wrong = await call(CALLS.teacherEsBind, { es_account: T5.account, es_password: "wrong-1" }, "lilaoshi");
    expect(wrong).toMatchObject({ code: 400, msg: ES_MESSAGES.wrongPassword });
    const unknown = await call(CALLS.teacherEsBind, { es_account: "ghost", es_password: "x" }, "lilaoshi");
    expect(unknown).toMatchObject({ code: 404, msg: ES_MESSAGES.unknownAccount });
    const missing = await call(CALLS.teacherEsBind, { es_account: T5.account }, "lilaoshi");
    expect(missing).toMatchObject({ code: 400, msg: "区域教育云密码(es_password): 必填" });
    expect(await esIdOf(ids.lilaoshi)).toBeNull();
  });

  it("a directory account bound elsewhere → 409; an account bound to another one → 409", async () => {
    const taken = await call(CALLS.teacherEsBind, { es_account: T1.account, es_password: T1.password }, "lilaoshi");
    expect(taken).toMatchObject({ code: 409, msg: TEACHER_MESSAGES.boundElsewhere });
    expect(await esIdOf(ids.lilaoshi)).toBeNull();
    const second = await call(CALLS.teacherEsBind, { es_account: T5.account, es_password: T5.password }, "zhanglaoshi");
    expect(second).toMatchObject({ code: 409, msg: TEACHER_MESSAGES.alreadyBound });
    expect(await esIdOf(ids.zhanglaoshi)).toBe("es-1001");
  });

  it("a teacher cannot bind or unbind another's account; an administrator can", async () => {
    const bind = await call(CALLS.teacherEsBind, { account_id: ids.wanglaoshi, es_account: T5.account, es_password: T5.password }, "lilaoshi");
    expect(bind).toMatchObject({ code: 403, msg: "无权限" });
    const unbind = await call(CALLS.teacherEsUnbind, { account_id: ids.zhanglaoshi }, "lilaoshi");
    expect(unbind).toMatchObject({ code: 403, msg: "无权限" });
    expect(await esIdOf(ids.wanglaoshi)).toBeNull();
    expect(await esIdOf(ids.zhanglaoshi)).toBe("es-1001");

    const byAdmin = await call<EsBindAnswer>(CALLS.teacherEsBind, { account_id: ids.lilaoshi, es_account: T4.account, es_password: T4.password }, "admin");
    expect(byAdmin.code).toBe(200);
    expect(await esIdOf(ids.lilaoshi)).toBe("es-1004");
    const ghost = await call(CALLS.teacherEsBind, { account_id: 999999, es_account: T5.account, es_password: T5.password }, "admin");
    // Someone else's account is reached only through account administration (rule and scope): an id that is not
    // there is refused like one out of scope, without saying which.
    expect(ghost).toMatchObject({ code: 403, msg: "无权限" });
  });

  it("a directory that is stopped or unreachable → 503 and nothing stored", async () => {
    const gone = await startTestDirectory([T5], { token: TOKEN });
    await gone.close();
    const stopped = new TeacherService({ accounts: s.services.accounts, directory: new EsDirectory({ baseUrl: gone.url, token: TOKEN }) });
    await expectAppError(stopped.bind(ids.wanglaoshi ?? 0, T5.account, T5.password), Code.UNAVAILABLE, ES_MESSAGES.unavailable);
    const port = await closedPort();
    const closed = new TeacherService({ accounts: s.services.accounts, directory: new EsDirectory({ baseUrl: `http://127.0.0.1:${port}/` }) });
    await expectAppError(closed.bind(ids.wanglaoshi ?? 0, T5.account, T5.password), Code.UNAVAILABLE, ES_MESSAGES.unavailable);
    const none = new TeacherService({ accounts: s.services.accounts, directory: new EsDirectory({}) });
    await expectAppError(none.bind(ids.wanglaoshi ?? 0, T5.account, T5.password), Code.NOT_FOUND, ES_MESSAGES.notConfigured);
    expect(await esIdOf(ids.wanglaoshi)).toBeNull();
  });

  it("unbind clears the binding with 解除绑定成功; a second unbind → 404; it needs no directory", async () => {
    const r = await call(CALLS.teacherEsUnbind, { account_id: ids.zhanglaoshi }, "zhanglaoshi");
    expect(r).toMatchObject({ code: 200, msg: "解除绑定成功", data: { account_id: ids.zhanglaoshi } });
    expect(await esIdOf(ids.zhanglaoshi)).toBeNull();
    const again = await call(CALLS.teacherEsUnbind, {}, "zhanglaoshi");
    expect(again).toMatchObject({ code: 404, msg: TEACHER_MESSAGES.notBound });

    // Unbind works with no directory configured; the freed directory account can be bound again.
    await s.services.accounts.setEsAccountId(ids.wanglaoshi ?? 0, "es-1001");
    const offline = new TeacherService({ accounts: s.services.accounts, directory: new EsDirectory({}) });
    await offline.unbind(ids.wanglaoshi ?? 0);
    expect(await esIdOf(ids.wanglaoshi)).toBeNull();
  });

  it("two accounts binding the same directory account at once: one wins, the other gets 409", async () => {
    const racers = [ids.wanglaoshi ?? 0, ids.admin ?? 0];
    const results = await Promise.allSettled(racers.map((id) => teachers.bind(id, T5.account, T5.password)));
    expect(results.map((x) => x.status).sort()).toEqual(["fulfilled", "rejected"]);
    const lost = results.find((x) => x.status === "rejected");
    expect(lost?.status === "rejected" && lost.reason instanceof AppError && [lost.reason.code, lost.reason.message]).toEqual([
      Code.CONFLICT,
      TEACHER_MESSAGES.boundElsewhere,
    ]);
    const bound = await Promise.all(racers.map((id) => esIdOf(id)));
    expect(bound.filter((x) => x === "es-1005")).toHaveLength(1);
    const winner = racers[results.findIndex((x) => x.status === "fulfilled")] ?? 0;
    await teachers.unbind(winner);

    // When both pass the holder check, the unique index refuses the second write: that error is recognised.
    await s.services.accounts.setEsAccountId(ids.wanglaoshi ?? 0, "es-race");
    const dup = await s.services.accounts.setEsAccountId(ids.admin ?? 0, "es-race").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(dup)).toBe(true);
    expect(isUniqueViolation(new Error("other"))).toBe(false);
    await s.services.accounts.setEsAccountId(ids.wanglaoshi ?? 0, null);
  });
});

describe("c035 esTeacherSync", () => {
  it("is for administrators", async () => {
    const r = await call(CALLS.teacherEsSync, {}, "zhanglaoshi");
    expect(r.code).toBe(403);
  });

  it("creates the missing teachers, refreshes the bound one, reports each row, reading every page", async () => {
    const before = dir.requests.length;
    const r = await call<EsSyncReport>(CALLS.teacherEsSync, {}, "admin");
    expect(r).toMatchObject({ code: 200, msg: "同步完成" });
    expect(dir.requests.slice(before).map((q) => `${q.method} ${q.path} ${q.query.page}`)).toEqual([
      "GET /api/v1/teachers 1",
      "GET /api/v1/teachers 2",
      "GET /api/v1/teachers 3",
    ]);
    const rep = r.data;
    expect({ total: rep.total, created: rep.created, updated: rep.updated, unchanged: rep.unchanged, failed: rep.failed }).toEqual({
      total: 5,
      created: 4,
      updated: 1,
      unchanged: 0,
      failed: 0,
    });
    expect(rep.list.map((x) => [x.external_id, x.account, x.realname, x.action, x.username])).toEqual([
      ["es-1001", "chenjing", "陈静", "created", "chenjing"],
      ["1002", "zhanglaoshi", "张伟", "created", "zhanglaoshi_2"],
      ["es-1003", "王芳", "王芳", "created", "es_es-1003"],
      // lilaoshi was bound to es-1004 by the administrator: her name follows the directory, her phone stays.
      ["es-1004", "liuyang", "刘洋", "updated", "lilaoshi"],
      ["es-1005", "zhaolei", "赵磊", "created", "zhaolei"],
    ]);
    expect(rep.list[1]?.msg).toContain("zhanglaoshi 已被占用");
    expect(rep.list[3]?.msg).toBe("已更新姓名");

    const rows = await syncedRows();
    expect(rows.map((a) => [a.username, a.realname, a.telephone, a.es_account_id, a.identity, a.school_id, a.status])).toEqual([
      ["lilaoshi", "刘洋", "", "es-1004", 2, rows[0]?.school_id, 1],
      ["chenjing", "陈静", "13900000001", "es-1001", 2, 0, 1],
      ["zhanglaoshi_2", "张伟", "13900000002", "1002", 2, 0, 1],
      ["es_es-1003", "王芳", "13900000003", "es-1003", 2, 0, 1],
      ["zhaolei", "赵磊", "13900000005", "es-1005", 2, 0, 1],
    ]);
    // The demo teacher whose login name the directory reused is untouched.
    expect((await s.services.accounts.byUsername("zhanglaoshi"))?.realname).toBe("张老师");
    expect(rep.list.find((x) => x.account === "chenjing")?.account_id).toBe(rows[1]?.id);
  });

  it("a second sync reports every row unchanged and writes nothing", async () => {
    const before = await syncedRows();
    const all = await s.database.db.select({ id: account.id }).from(account);
    const rep = await teachers.sync({});
    expect(rep.list.map((x) => x.action)).toEqual(["unchanged", "unchanged", "unchanged", "unchanged", "unchanged"]);
    expect(rep.list.every((x) => x.msg === "无变化")).toBe(true);
    expect(rep).toMatchObject({ total: 5, created: 0, updated: 0, unchanged: 5, failed: 0 });
    expect(await syncedRows()).toEqual(before);
    expect(await s.database.db.select({ id: account.id }).from(account)).toHaveLength(all.length);
  });

  it("a name or phone changed in the directory → updated, only that row is written", async () => {
    const before = await syncedRows();
    T3.name = "王芳芳";
    T1.phone = "13911111111";
    const rep = await teachers.sync({});
    expect(rep.list.map((x) => [x.external_id, x.action, x.msg])).toEqual([
      ["es-1001", "updated", "已更新手机号"],
      ["1002", "unchanged", "无变化"],
      ["es-1003", "updated", "已更新姓名"],
      ["es-1004", "unchanged", "无变化"],
      ["es-1005", "unchanged", "无变化"],
    ]);
    const after = await syncedRows();
    for (const row of after) {
      const old = before.find((b) => b.id === row.id);
      if (row.es_account_id === "es-1003") {
        expect(row.realname).toBe("王芳芳");
        expect(row.updated_at.getTime()).toBeGreaterThan(old?.updated_at.getTime() ?? Number.POSITIVE_INFINITY);
      } else if (row.es_account_id === "es-1001") {
        expect(row.telephone).toBe("13911111111");
      } else {
        expect(row).toEqual(old);
      }
    }
  });

  it("a malformed directory row fails alone; the others still count", async () => {
    dir.extraRows = [{ id: "es-bad", account: "broken" }, "not an object"];
    try {
      const rep = await teachers.sync({});
      expect(rep).toMatchObject({ total: 7, unchanged: 5, failed: 2 });
      expect(rep.list[5]).toMatchObject({ external_id: "es-bad", account: "broken", action: "failed", account_id: 0 });
      expect(rep.list[5]?.msg).toMatch(/目录数据无效（name/);
      expect(rep.list[6]).toMatchObject({ external_id: "", action: "failed" });
      expect(await s.services.accounts.byUsername("broken")).toBeUndefined();
    } finally {
      dir.extraRows = [];
    }
  });

  it("a directory that is down during sync → 503 and nothing changes", async () => {
    const before = await syncedRows();
    dir.mode = "http-500";
    try {
      const r = await call(CALLS.teacherEsSync, {}, "admin");
      expect(r.code).toBe(503);
    } finally {
      dir.mode = "normal";
    }
    expect(await syncedRows()).toEqual(before);
  });

  it("school_id places new teachers; it needs a school code (given or mapped); one sync at a time", async () => {
    const zhang = await s.services.accounts.byUsername("zhanglaoshi");
    const schoolId = zhang?.school_id ?? 0;
    expect(schoolId).toBeGreaterThan(0);

    const [noCode] = await s.database.db.insert(school).values({ title: "无编码学校" }).returning();
    const bad = await call(CALLS.teacherEsSync, { school_id: noCode!.id }, "admin");
    expect(bad).toMatchObject({ code: 400, msg: TEACHER_MESSAGES.noSchoolCode });

    dir.teachers.push(teacher("es-1006", "sunli", "孙丽", "13900000006", "SC02"));
    const r = await call<EsSyncReport>(CALLS.teacherEsSync, { school_id: schoolId, school_code: "SC02" }, "admin");
    expect(r.data.list.map((x) => [x.external_id, x.action])).toEqual([
      ["es-1003", "unchanged"],
      ["es-1004", "unchanged"],
      ["es-1006", "created"],
    ]);
    expect((await s.services.accounts.byEsAccountId("es-1006"))?.school_id).toBe(schoolId);

    // With a mapping, school_id alone selects the directory school, and codes place new teachers.
    dir.teachers.push(teacher("es-1007", "zhouyi", "周易", "", "SC01"));
    const mapped = new TeacherService({
      accounts: s.services.accounts,
      directory: new EsDirectory({ baseUrl: dir.url, token: TOKEN }),
      schools: {
        idOf: async (code) => (code === "SC01" ? schoolId : undefined),
        codeOf: async (id) => (id === schoolId ? "SC01" : undefined),
      },
    });
    const rep = await mapped.sync({ school_id: schoolId });
    expect(dir.requests.at(-1)?.query.school_code).toBe("SC01");
    expect(rep.list.map((x) => x.external_id)).toEqual(["es-1001", "1002", "es-1005", "es-1007"]);
    expect((await s.services.accounts.byEsAccountId("es-1007"))?.school_id).toBe(schoolId);

    const both = await Promise.allSettled([teachers.sync({}), teachers.sync({})]);
    expect(both.map((x) => x.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = both.find((x) => x.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason instanceof AppError && refused.reason.code).toBe(Code.CONFLICT);
  });
});

describe("binding is throttled like login", () => {
  it("repeated wrong directory passwords for one directory account end in 429, even with the right one", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await call(CALLS.teacherEsBind, { es_account: T2.account, es_password: "wrong-guess" }, "lilaoshi")).code).toBe(400);
    }
    const blocked = await call(CALLS.teacherEsBind, { es_account: T2.account, es_password: T2.password }, "lilaoshi");
    expect(blocked.code).toBe(Code.TOO_MANY);
    expect(blocked.msg).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
  });
});

import { CALLS, Code, type MenuNode, SESSION_END_MESSAGES, type SessionInfo, isProfileComplete, sealPayload } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { session } from "../src/modules/auth/auth.schema.js";
import { hashToken } from "../src/modules/auth/token.js";
import { TEST_ADMIN_PASSWORD, TEST_TEACHER_PASSWORD } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ LOGIN_MAX_FAILURES: "3", LOGIN_LOCK_SECONDS: "60" });
});
afterAll(async () => s?.close());

describe("c001 /middle/login", () => {
  it("answers every Session field of §3 with a usable token and the admin's home url", async () => {
    const r = await s.call<SessionInfo>(CALLS.login, { username: "admin", password: TEST_ADMIN_PASSWORD });
    expect(r.code).toBe(200);
    const keys = [
      "token",
      "username",
      "realname",
      "account_id",
      "school_id",
      "school_id_top",
      "period_id",
      "period_id_top",
      "id",
      "apply_id",
      "area_code",
      "region_code",
      "type",
      "ident",
      "identityCode",
      "identity",
      "identity_name",
      "account_school_user_id",
      "is_reset_pass",
      "url",
      "userToken",
      "userUuid",
      "access_token",
      "id_token",
      "njy_id_token",
      "njy_token",
      "reputation",
      "school_index_name",
      "school_index_logo",
      "total_space",
      "disk_space",
      "surplus_space_size",
      "school_type",
      "community_level",
      "province_id",
      "city_id",
      "area_id",
      "njy_area_id",
      "identity_area_id",
      "head_portrait_url",
      "isFullScreen",
      "subject_id",
      "entry_year",
      "identity_level",
    ];
    for (const k of keys) expect(r.data, k).toHaveProperty(k);
    expect(r.data.realname).toBe("管理员");
    expect(r.data.username).toBe("超级管理员 管理员");
    expect(r.data.identity).toBe(1);
    expect(r.data.url).toBe("/dashboard");
    expect(r.data.token.length).toBeGreaterThanOrEqual(40);
    const menu = await s.call<MenuNode[]>(CALLS.menuTree, {}, r.data.token);
    expect(menu.code).toBe(200);
    expect(menu.data.map((m) => m.title)).toContain("基础管理");
  });

  it("stores only a hash of the token", async () => {
    const info = await s.login();
    const rows = await s.database.db
      .select()
      .from(session)
      .where(eq(session.token_hash, hashToken(info.token)));
    expect(rows).toHaveLength(1);
    const plain = await s.database.db.select().from(session).where(eq(session.token_hash, info.token));
    expect(plain).toHaveLength(0);
  });

  it("a teacher's home is /foreground and the menu holds only the personal centre", async () => {
    const t = await s.login("zhanglaoshi", TEST_TEACHER_PASSWORD);
    expect(t.url).toBe("/foreground");
    expect(t.school_index_name).toBe("银川一中教研空间");
    expect(t.identity_name).toBe("教师");
    expect(isProfileComplete(t)).toBe(true);
    const menu = await s.call<MenuNode[]>(CALLS.menuTree, {}, t.token);
    expect(menu.data.map((m) => m.url)).toEqual(["/personalCenter"]);
    expect(menu.data[0]?.subnode.map((m) => m.url)).toEqual([
      "/personalCenter/personalSettings",
      "/personalCenter/message",
      "/personalCenter/myFiles",
      "/personalCenter/myVideo",
      "/personalCenter/myAnalysis",
      "/personalCenter/myPersonalCenter",
      "/personalCenter/spaceManagement",
      "/personalCenter/eventManagement",
      "/personalCenter/eventHistory",
      "/personalCenter/recommendedActivities",
      "/personalCenter/collect",
      "/personalCenter/personalCenter3",
      "/personalCenter/myQuestionnaire",
      "/personalCenter/myTraining",
    ]);
    expect(menu.data[0]?.subnode[0]?.level).toBe(1);
  });

  it("gives the same answer for an unknown account and a wrong password", async () => {
    const unknown = await s.call(CALLS.login, { username: "nobody-here", password: "whatever1" });
    const wrong = await s.call(CALLS.login, { username: "lilaoshi", password: "whatever1" });
    expect(unknown).toEqual({ code: 400, msg: "账号或密码错误", data: null });
    expect(wrong).toEqual(unknown);
  });

  it("names the missing field in Chinese", async () => {
    const r = await s.call(CALLS.login, { username: "admin" });
    expect(r.code).toBe(400);
    expect(r.msg).toBe("密码(password): 必填");
    const r2 = await s.call(CALLS.login, { username: 12, password: "x" });
    expect(r2.code).toBe(400);
    expect(r2.msg).toContain("账号(username)");
  });

  it("throttles repeated failures for one account with 429 and a wait time, even for the right password", async () => {
    for (let i = 0; i < 3; i++) {
      const r = await s.call(CALLS.login, { username: "wanglaoshi", password: "wrong-pass1" });
      expect(r.code).toBe(400);
    }
    const blocked = await s.call<{ retry_after: number }>(CALLS.login, { username: "wanglaoshi", password: TEST_TEACHER_PASSWORD });
    expect(blocked.code).toBe(Code.TOO_MANY);
    expect(blocked.msg).toMatch(/^登录失败次数过多，请 \d+ (秒|分钟)后再试$/);
    expect(blocked.data.retry_after).toBeGreaterThan(0);
    expect(blocked.data.retry_after).toBeLessThanOrEqual(60);
    // Unknown accounts are throttled the same way, so the answer reveals nothing.
    for (let i = 0; i < 3; i++) await s.call(CALLS.login, { username: "ghost-user", password: "wrong-pass1" });
    expect((await s.call(CALLS.login, { username: "ghost-user", password: "x" })).code).toBe(Code.TOO_MANY);
    // Other accounts are unaffected.
    expect((await s.call(CALLS.login, { username: "lilaoshi", password: TEST_TEACHER_PASSWORD })).code).toBe(200);
  });

  it("refuses a disabled account only after the password is right", async () => {
    const [t] = await s.database.db.select().from(account).where(eq(account.username, "lilaoshi"));
    await s.database.db.update(account).set({ status: 0 }).where(eq(account.id, t!.id));
    try {
      expect((await s.call(CALLS.login, { username: "lilaoshi", password: "nope-123a" })).msg).toBe("账号或密码错误");
      const r = await s.call(CALLS.login, { username: "lilaoshi", password: TEST_TEACHER_PASSWORD });
      expect(r.code).toBe(403);
      expect(r.msg).toBe("账号已被禁用，请联系管理员");
    } finally {
      await s.database.db.update(account).set({ status: 1 }).where(eq(account.id, t!.id));
    }
  });
});

describe("sessions: 1025 and 1028", () => {
  it("missing, unknown and logged-out tokens answer 1025", async () => {
    expect((await s.call(CALLS.menuTree, {})).code).toBe(1025);
    expect((await s.call(CALLS.menuTree, {}, "made-up-token")).code).toBe(1025);
    const info = await s.login();
    const out = await s.call<{ url: string }>(CALLS.logout, {}, info.token);
    expect(out.code).toBe(200);
    expect(out.data.url).toBe("");
    const after = await s.call(CALLS.menuTree, {}, info.token);
    expect(after.code).toBe(1025);
    expect(after.msg).toBe("登录已失效，请重新登录");
    expect((await s.call(CALLS.logout, {}, info.token)).code).toBe(1025);
  });

  it("an expired token answers 1025", async () => {
    const info = await s.login();
    await s.database.db
      .update(session)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(session.token_hash, hashToken(info.token)));
    expect((await s.call(CALLS.menuTree, {}, info.token)).code).toBe(1025);
  });

  it("a password change ends the account's other sessions with 1028 and its message", async () => {
    const a = await s.login("zhanglaoshi", TEST_TEACHER_PASSWORD);
    const b = await s.login("zhanglaoshi", TEST_TEACHER_PASSWORD);
    const other = await s.login("admin");
    const wrongOld = await s.call(CALLS.changePassword, { old_password: "nope", password: "NewPass123", password_confirmation: "NewPass123" }, a.token);
    expect(wrongOld.code).toBe(400);
    expect(wrongOld.msg).toContain("旧密码不正确");
    expect((await s.call(CALLS.menuTree, {}, b.token)).code).toBe(200);

    const mismatch = await s.call(
      CALLS.changePassword,
      { old_password: TEST_TEACHER_PASSWORD, password: "NewPass123", password_confirmation: "NewPass124" },
      a.token,
    );
    expect(mismatch).toMatchObject({ code: 400, msg: "确认密码(password_confirmation): 两次输入的新密码不一致" });

    const ok = await s.call(
      CALLS.changePassword,
      { old_password: TEST_TEACHER_PASSWORD, password: "NewPass123", password_confirmation: "NewPass123" },
      a.token,
    );
    expect(ok).toEqual({ code: 200, msg: "修改成功", data: null });
    const ended = await s.call(CALLS.menuTree, {}, b.token);
    expect(ended).toEqual({ code: 1028, msg: SESSION_END_MESSAGES.password_changed, data: null });
    expect(ended.msg).toBe("密码已修改，请重新登录");
    expect((await s.call(CALLS.menuTree, {}, a.token)).code).toBe(200);
    expect((await s.call(CALLS.menuTree, {}, other.token)).code).toBe(200);
    expect((await s.call(CALLS.login, { username: "zhanglaoshi", password: TEST_TEACHER_PASSWORD })).code).toBe(400);
    const again = await s.login("zhanglaoshi", "NewPass123");
    expect(again.is_reset_pass).toBe(0);
  });

  it("disabling an account ends its sessions with 1028", async () => {
    const t = await s.login("wanglaoshi", TEST_TEACHER_PASSWORD).catch(() => undefined);
    // wanglaoshi may still be throttled from the test above: use a fresh teacher instead.
    const acct = t ?? (await s.login("lilaoshi", TEST_TEACHER_PASSWORD));
    await s.database.db.update(account).set({ status: 0 }).where(eq(account.id, acct.account_id));
    const r = await s.call(CALLS.menuTree, {}, acct.token);
    expect(r).toEqual({ code: 1028, msg: "账号已被禁用，请联系管理员", data: null });
    await s.database.db.update(account).set({ status: 1 }).where(eq(account.id, acct.account_id));
    // The session stays ended after re-enabling.
    expect((await s.call(CALLS.menuTree, {}, acct.token)).code).toBe(1028);
  });

  it("the password rule is enforced and the change refuses the same password", async () => {
    const a = await s.login();
    const weak = await s.call(CALLS.changePassword, { old_password: TEST_ADMIN_PASSWORD, password: "123", password_confirmation: "123" }, a.token);
    expect(weak.code).toBe(400);
    expect(weak.msg).toContain("新密码(password)");
    const same = await s.call(
      CALLS.changePassword,
      { old_password: TEST_ADMIN_PASSWORD, password: TEST_ADMIN_PASSWORD, password_confirmation: TEST_ADMIN_PASSWORD },
      a.token,
    );
    expect(same.msg).toContain("新密码不能与旧密码相同");
    expect((await s.call(CALLS.changePassword, { old_password: "x", password: "Abc12345", password_confirmation: "Abc12345" })).code).toBe(1025);
  });
});

describe("SINGLE_SESSION=1", () => {
  let one: TestServer;
  beforeAll(async () => {
    one = await startTestServer({ SINGLE_SESSION: "1" });
  });
  afterAll(async () => one?.close());

  it("a newer login elsewhere ends the older session with 1028", async () => {
    const first = await one.login();
    const second = await one.login();
    expect(await one.call(CALLS.menuTree, {}, first.token)).toEqual({ code: 1028, msg: "账号已在其他设备登录，您已被迫下线", data: null });
    expect((await one.call(CALLS.menuTree, {}, second.token)).code).toBe(200);
  });
});

describe("throttling per address", () => {
  let ip: TestServer;
  beforeAll(async () => {
    ip = await startTestServer({ LOGIN_MAX_FAILURES: "100", LOGIN_MAX_FAILURES_PER_IP: "4", LOGIN_LOCK_SECONDS: "120" });
  });
  afterAll(async () => ip?.close());

  it("failures spread over many names from one address end in 429 for every name", async () => {
    for (const name of ["a1", "a2", "a3", "a4"]) expect((await ip.call(CALLS.login, { username: name, password: "wrong-1a" })).code).toBe(400);
    const r = await ip.call<{ retry_after: number }>(CALLS.login, { username: "admin", password: TEST_ADMIN_PASSWORD });
    expect(r.code).toBe(429);
    expect(r.msg).toBe("登录失败次数过多，请 2 分钟后再试");
    expect(r.data.retry_after).toBeGreaterThan(60);
    const sealed = await sealPayload(ip.config.appKey, { username: "admin", password: TEST_ADMIN_PASSWORD });
    const res = await fetch(`${ip.url}${CALLS.login}`, {
      method: "POST",
      headers: { "content-type": "application/json", Atime: String(sealed.atime) },
      body: JSON.stringify(sealed.body),
    });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(60);
  });
});

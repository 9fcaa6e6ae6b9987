import { type AccountRow, type BatchResult, CALLS, type MenuNode, type Page } from "@yanke/protocol";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSchoolUser, account } from "../src/modules/account/account.schema.js";
import { authGroup, authRule, occupationApply } from "../src/modules/rbac/rbac.schema.js";
import { TEST_TEACHER_PASSWORD } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";

const DEMO = "Demo12345";
let s: TestServer;
let admin = "";

beforeAll(async () => {
  s = await startTestServer({ LOGIN_MAX_FAILURES: "1000", LOGIN_MAX_FAILURES_PER_IP: "100000" });
  admin = (await s.login()).token;
});
afterAll(async () => s?.close());

async function tokenOf(username: string, password = DEMO): Promise<string> {
  return (await s.login(username, password)).token;
}

/** Everything the permission checks guard, so "nothing changed" can be asserted. */
async function snapshot(): Promise<string> {
  const db = s.database.db;
  const [a, g, r, o, m] = await Promise.all([
    db.select().from(account).orderBy(asc(account.id)),
    db.select().from(authGroup).orderBy(asc(authGroup.id)),
    db.select().from(authRule).orderBy(asc(authRule.id)),
    db.select().from(occupationApply).orderBy(asc(occupationApply.id)),
    db.select().from(accountSchoolUser).orderBy(asc(accountSchoolUser.id)),
  ]);
  return JSON.stringify({ a: a.map(({ updated_at: _u, ...x }) => x), g, r, o, m });
}

async function idOf(username: string): Promise<number> {
  const a = await s.services.accounts.byUsername(username);
  if (!a) throw new Error(username);
  return a.id;
}

/** A valid payload for every rule-guarded call, so a refusal can only come from the permission check. */
async function validPayloads(): Promise<Record<string, Record<string, unknown>>> {
  const zhao = await idOf("zhaolaoshi");
  const [role] = await s.database.db.select().from(authGroup).orderBy(asc(authGroup.id));
  const [app] = await s.database.db.select().from(occupationApply).orderBy(asc(occupationApply.id));
  const [rule] = await s.database.db.select().from(authRule).orderBy(asc(authRule.id));
  const workbook = Buffer.from("not really a workbook").toString("base64");
  return {
    [CALLS.ruleList]: {},
    [CALLS.ruleUseList]: {},
    [CALLS.ruleSave]: { name: "x/new", title: "新规则", pid: 0 },
    [CALLS.ruleUpdate]: { id: rule!.id, title: "改名" },
    [CALLS.ruleDelete]: { id: rule!.id },
    [CALLS.ruleSetAttribute]: { id: rule!.id, attribute: "status", value: 0 },
    [CALLS.groupList]: {},
    [CALLS.groupRead]: { id: role!.id },
    [CALLS.groupSave]: { title: "新角色", rules: [] },
    [CALLS.groupUpdate]: { id: role!.id, title: "改名" },
    [CALLS.groupDelete]: { id: role!.id },
    [CALLS.groupQuickOperate]: { id: role!.id, value: 0 },
    [CALLS.groupOptions]: {},
    [CALLS.groupAuthRole]: { id: role!.id },
    [CALLS.accountList]: {},
    [CALLS.accountRead]: { id: zhao },
    [CALLS.accountSave]: { username: "newone", realname: "新人", password: "Abc12345", password_confirmation: "Abc12345" },
    [CALLS.accountUpdate]: { id: zhao, realname: "改名" },
    [CALLS.accountDelete]: { id: zhao },
    [CALLS.accountBatchDelete]: { ids: [zhao] },
    [CALLS.accountQuickOperate]: { id: zhao, value: 0 },
    [CALLS.accountResetPassword]: { ids: [zhao] },
    [CALLS.accountImportTeacher]: { filename: "a.xlsx", file: workbook },
    [CALLS.accountImportAccount]: { filename: "a.xlsx", file: workbook },
    [CALLS.accountExport]: {},
    [CALLS.applySave]: { name: "新应用", apply_type: 7 },
    [CALLS.applyUpdate]: { id: app!.id, name: "改名" },
    [CALLS.applyDelete]: { id: app!.id },
    [CALLS.applyAuthRuleList]: { id: app!.id },
    [CALLS.applyAuthGroupList]: { id: app!.id },
    [CALLS.applyRulesAndApply]: {},
    [CALLS.teacherEsSync]: {},
  };
}

async function guardedCalls(): Promise<{ path: string; rule: string }[]> {
  const doc = (await (await fetch(`${s.url}/openapi.json`)).json()) as { paths: Record<string, { post: { "x-rule"?: string } }> };
  return Object.entries(doc.paths)
    .filter(([, v]) => v.post["x-rule"])
    .map(([path, v]) => ({ path, rule: v.post["x-rule"] ?? "" }));
}

describe("permission matrix", () => {
  it("every administrative call names its rule, and the rule exists in the seeded menu", async () => {
    const guarded = await guardedCalls();
    expect(guarded.length).toBeGreaterThanOrEqual(30);
    const names = new Set((await s.database.db.select({ name: authRule.name }).from(authRule)).map((r) => r.name));
    for (const g of guarded) expect(names, g.rule).toContain(g.rule);
  });

  it("a teacher without the rules gets 403 无权限 on every guarded call, and nothing changes", async () => {
    const teacher = await tokenOf("lilaoshi", TEST_TEACHER_PASSWORD);
    const payloads = await validPayloads();
    const before = await snapshot();
    for (const { path } of await guardedCalls()) {
      const r = await s.call(path, payloads[path] ?? {}, teacher);
      expect(r, path).toEqual({ code: 403, msg: "无权限", data: null });
    }
    expect(await snapshot()).toBe(before);
  });

  it("an account whose role holds exactly one rule may make that call and no other", async () => {
    const guarded = await guardedCalls();
    const payloads = await validPayloads();
    const [withRule] = guarded.filter((g) => g.path === CALLS.accountList);
    const ruleId = (await s.database.db.select().from(authRule)).find((r) => r.name === withRule!.rule)!.id;
    const role = await s.call<{ id: number }>(CALLS.groupSave, { title: "只读账号", rules: [ruleId] }, admin);
    expect(role.code, role.msg).toBe(200);
    const created = await s.call<{ id: number }>(
      CALLS.accountSave,
      { username: "onlylist", realname: "只读员", password: "Only12345", password_confirmation: "Only12345", identity: 5, group_id: role.data.id },
      admin,
    );
    expect(created.code, created.msg).toBe(200);
    const t = await tokenOf("onlylist", "Only12345");
    const list = await s.call<Page<AccountRow>>(CALLS.accountList, {}, t);
    expect(list.code).toBe(200);
    expect(list.data.total).toBeGreaterThan(5);
    const before = await snapshot();
    for (const g of guarded.filter((x) => x.path !== CALLS.accountList)) {
      expect((await s.call(g.path, payloads[g.path] ?? {}, t)).code, g.path).toBe(403);
    }
    expect(await snapshot()).toBe(before);
    // Its menu is exactly that rule with its ancestors.
    const menu = await s.call<MenuNode[]>(CALLS.menuTree, {}, t);
    expect(menu.data.map((m) => m.name)).toEqual(["PermissionManage"]);
    expect(menu.data[0]!.subnode.map((m) => m.name)).toEqual(["AccountManage"]);
    expect(menu.data[0]!.subnode[0]!.subnode.map((m) => m.name)).toEqual([CALLS.accountList]);
  });

  it("disabling the rule or the role takes the permission away at once", async () => {
    const t = await tokenOf("onlylist", "Only12345");
    const rule = (await s.database.db.select().from(authRule)).find((r) => r.name === CALLS.accountList)!;
    expect((await s.call(CALLS.ruleSetAttribute, { id: rule.id, attribute: "status", value: 0 }, admin)).code).toBe(200);
    expect((await s.call(CALLS.accountList, {}, t)).code).toBe(403);
    expect((await s.call(CALLS.ruleSetAttribute, { id: rule.id, attribute: "status", value: 1 }, admin)).code).toBe(200);
    expect((await s.call(CALLS.accountList, {}, t)).code).toBe(200);
    const acct = await s.services.accounts.byUsername("onlylist");
    expect((await s.call(CALLS.groupQuickOperate, { id: acct!.group_id, value: 0 }, admin)).code).toBe(200);
    expect((await s.call(CALLS.accountList, {}, t)).code).toBe(403);
    expect((await s.call(CALLS.groupQuickOperate, { id: acct!.group_id, value: 1 }, admin)).code).toBe(200);
  });
});

describe("scope: school and district administrators", () => {
  it("a school administrator lists only his school's accounts", async () => {
    const t = await tokenOf("xiaoji");
    const r = await s.call<Page<AccountRow>>(CALLS.accountList, { limit: 100 }, t);
    expect(r.code, r.msg).toBe(200);
    const schools = new Set(r.data.list.map((a) => a.school_name));
    expect([...schools]).toEqual(["银川市第一中学"]);
    expect(r.data.list.map((a) => a.username)).not.toContain("zhaolaoshi");
  });

  it("cannot read, change, disable, reset or delete another school's account; nothing changes", async () => {
    const t = await tokenOf("xiaoji");
    const zhao = await idOf("zhaolaoshi");
    const before = await snapshot();
    for (const [path, payload] of [
      [CALLS.accountRead, { id: zhao }],
      [CALLS.accountUpdate, { id: zhao, realname: "被改了" }],
      [CALLS.accountQuickOperate, { id: zhao, value: 0 }],
      [CALLS.accountDelete, { id: zhao }],
    ] as const) {
      const r = await s.call(path, payload, t);
      expect(r.code, path).toBe(404);
      expect(r.msg).toContain("不在您的管理范围");
    }
    const reset = await s.call<BatchResult[]>(CALLS.accountResetPassword, { ids: [zhao] }, t);
    expect(reset.data).toEqual([{ id: zhao, ok: false, msg: "账号不存在或不在您的管理范围" }]);
    const batch = await s.call<BatchResult[]>(CALLS.accountBatchDelete, { ids: [zhao] }, t);
    expect(batch.data[0]!.ok).toBe(false);
    expect(await snapshot()).toBe(before);
  });

  it("creates accounts only in his school, never above his standing", async () => {
    const t = await tokenOf("xiaoji");
    const base = { realname: "新老师", password: "Abc12345", password_confirmation: "Abc12345" };
    const roles = await s.call<{ id: number; title: string }[]>(CALLS.groupOptions, {}, t);
    expect(roles.data.map((r) => r.title)).toEqual(expect.arrayContaining(["教师", "校级管理员"]));
    expect(roles.data.map((r) => r.title)).not.toContain("平台管理员");
    const platformRole = (await s.database.db.select().from(authGroup)).find((g) => g.title === "平台管理员")!;
    const before = await snapshot();
    expect((await s.call(CALLS.accountSave, { ...base, username: "t1", identity: 5 }, t)).msg).toBe("不能设置身份「平台」");
    expect((await s.call(CALLS.accountSave, { ...base, username: "t2", group_id: platformRole.id }, t)).code).toBe(403);
    const someRule = (await s.database.db.select().from(authRule)).find((r) => r.name === CALLS.ruleDelete)!;
    expect((await s.call(CALLS.accountSave, { ...base, username: "t3", rules_special: [someRule.id] }, t)).code).toBe(403);
    expect(await snapshot()).toBe(before);
    // school_id is forced to his own school whatever is sent.
    const two = (await s.services.accounts.byUsername("zhaolaoshi"))!.school_id;
    const ok = await s.call<{ id: number }>(CALLS.accountSave, { ...base, username: "newteacher", school_id: two }, t);
    expect(ok.code, ok.msg).toBe(200);
    const created = await s.services.accounts.byId(ok.data.id);
    expect(created!.school_id).toBe((await s.services.accounts.byUsername("xiaoji"))!.school_id);
  });

  it("cannot build a role with rules beyond his own", async () => {
    const t = await tokenOf("xiaoji");
    const menuRule = (await s.database.db.select().from(authRule)).find((r) => r.name === CALLS.ruleSave)!;
    const before = await snapshot();
    const r = await s.call(CALLS.groupSave, { title: "越权角色", rules: [menuRule.id] }, t);
    expect(r.code).toBe(403);
    expect(r.msg).toContain("不能授予自己没有的权限");
    expect(await snapshot()).toBe(before);
    const own = (await s.database.db.select().from(authRule)).find((r2) => r2.name === CALLS.accountList)!;
    const ok = await s.call<{ id: number }>(CALLS.groupSave, { title: "一中只读", rules: [own.id], school_id: 0 }, t);
    expect(ok.code, ok.msg).toBe(200);
    const g = (await s.database.db.select().from(authGroup)).find((x) => x.id === ok.data.id)!;
    expect(g.school_id).toBe((await s.services.accounts.byUsername("xiaoji"))!.school_id);
  });

  it("a district administrator manages the schools of his region only", async () => {
    const t = await tokenOf("quji");
    const r = await s.call<Page<AccountRow>>(CALLS.accountList, { limit: 100 }, t);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.list.length).toBeGreaterThan(0);
    // 兴庆区 has two schools in the demo: 银川市第一中学 and 银川市兴庆区第一小学.
    expect(new Set(r.data.list.map((a) => a.school_name))).toEqual(new Set(["银川市第一中学", "银川市兴庆区第一小学"]));
    expect((await s.call(CALLS.accountRead, { id: await idOf("zhaolaoshi") }, t)).code).toBe(404);
    expect((await s.call(CALLS.accountRead, { id: await idOf("zhanglaoshi") }, t)).code).toBe(200);
  });
});

describe("account administration", () => {
  it("admin creates, reads, updates, disables and deletes an account", async () => {
    const teacherRole = (await s.database.db.select().from(authGroup)).find((g) => g.title === "教师")!;
    const one = (await s.services.accounts.byUsername("xiaoji"))!.school_id;
    const created = await s.call<{ id: number }>(
      CALLS.accountSave,
      {
        username: "crud1",
        realname: "增删改",
        password: "Crud12345",
        password_confirmation: "Crud12345",
        group_id: teacherRole.id,
        school_id: one,
        telephone: "13800000000",
      },
      admin,
    );
    expect(created.code, created.msg).toBe(200);
    const dup = await s.call(CALLS.accountSave, { username: "CRUD1", realname: "重复", password: "Crud12345", password_confirmation: "Crud12345" }, admin);
    expect(dup).toMatchObject({ code: 409, msg: "账号「CRUD1」已存在" });
    const read = await s.call<AccountRow>(CALLS.accountRead, { id: created.data.id }, admin);
    expect(read.data).toMatchObject({
      username: "crud1",
      realname: "增删改",
      group_title: "教师",
      school_name: "银川市第一中学",
      identity: 2,
      identity_name: "教师",
    });
    expect(read.data.school_list).toEqual([{ school_id: one, school_name: "银川市第一中学", period_ids: [], identity: 2 }]);
    expect(read.data.rules.length).toBeGreaterThan(0);

    const t = await tokenOf("crud1", "Crud12345");
    expect((await s.call(CALLS.accountUpdate, { id: created.data.id, realname: "改过了" }, admin)).code).toBe(200);
    expect((await s.call<AccountRow>(CALLS.accountRead, { id: created.data.id }, admin)).data.realname).toBe("改过了");
    expect((await s.call(CALLS.accountQuickOperate, { id: created.data.id, value: 0 }, admin)).code).toBe(200);
    expect((await s.call(CALLS.menuTree, {}, t)).code).toBe(1028);
    expect((await s.call(CALLS.accountDelete, { id: created.data.id }, admin)).code).toBe(200);
    expect(await s.services.accounts.byId(created.data.id)).toBeUndefined();
    expect((await s.call(CALLS.accountRead, { id: created.data.id }, admin)).code).toBe(404);
  });

  it("bad input is refused with the field named in Chinese", async () => {
    const r = await s.call(CALLS.accountSave, { username: "a b", realname: "x", password: "Abc12345", password_confirmation: "Abc12345" }, admin);
    expect(r).toMatchObject({ code: 400, msg: "账号(username): 账号只能包含字母、数字和 _ . @ -" });
    const r2 = await s.call(CALLS.accountSave, { username: "okname", realname: "x", password: "Abc12345", password_confirmation: "Abc" }, admin);
    expect(r2.msg).toBe("确认密码(password_confirmation): 两次输入的密码不一致");
    const r3 = await s.call(
      CALLS.accountSave,
      { username: "okname", realname: "x", password: "Abc12345", password_confirmation: "Abc12345", school_id: 99999 },
      admin,
    );
    expect(r3.msg).toBe("学校(school_id): 学校不存在");
    expect((await s.call(CALLS.accountBatchDelete, { ids: [] }, admin)).msg).toContain("请至少选择一项");
  });

  it("reset_password reports per id, hands out a working password once and ends the old sessions", async () => {
    const id = await idOf("wanglaoshi");
    const old = await tokenOf("wanglaoshi", TEST_TEACHER_PASSWORD);
    const r = await s.call<BatchResult[]>(CALLS.accountResetPassword, { ids: [id, 999999] }, admin);
    expect(r.code).toBe(200);
    expect(r.data[0]).toMatchObject({ id, ok: true });
    expect(r.data[0]!.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{10,}$/);
    expect(r.data[1]).toEqual({ id: 999999, ok: false, msg: "账号不存在或不在您的管理范围" });
    expect((await s.call(CALLS.menuTree, {}, old)).code).toBe(1028);
    const again = await s.login("wanglaoshi", r.data[0]!.password);
    expect(again.is_reset_pass).toBe(1);
  });

  it("refuses to delete oneself or the last super administrator", async () => {
    const me = await idOf("admin");
    expect(await s.call(CALLS.accountDelete, { id: me }, admin)).toMatchObject({ code: 409, msg: "不能删除自己的账号" });
    expect((await s.call(CALLS.accountQuickOperate, { id: me, value: 0 }, admin)).code).toBe(409);
  });
});

describe("roles, rules and applications", () => {
  it("rules: save with level, refuse cycles, refuse deleting a parent, delete removes it from roles", async () => {
    const parent = await s.call<{ id: number }>(CALLS.ruleSave, { name: "TestParent", title: "测试父级", url: "/test" }, admin);
    const child = await s.call<{ id: number }>(CALLS.ruleSave, { name: "TestChild", title: "测试子级", url: "/test/child", pid: parent.data.id }, admin);
    const rows = await s.database.db.select().from(authRule);
    expect(rows.find((r) => r.id === parent.data.id)!.level).toBe(0);
    expect(rows.find((r) => r.id === child.data.id)!.level).toBe(1);
    expect((await s.call(CALLS.ruleSave, { name: "TestChild", title: "重复" }, admin)).code).toBe(409);
    expect((await s.call(CALLS.ruleUpdate, { id: parent.data.id, pid: child.data.id }, admin)).msg).toContain("不能移动到自己的下级之下");
    expect((await s.call(CALLS.ruleDelete, { id: parent.data.id }, admin)).code).toBe(409);
    const role = await s.call<{ id: number }>(CALLS.groupSave, { title: "含测试规则", rules: [child.data.id] }, admin);
    expect((await s.call(CALLS.ruleDelete, { id: child.data.id }, admin)).code).toBe(200);
    const g = (await s.database.db.select().from(authGroup)).find((x) => x.id === role.data.id)!;
    expect(g.rules).toEqual([]);
    expect((await s.call(CALLS.ruleSetAttribute, { id: parent.data.id, attribute: "is_menu", value: 5 }, admin)).code).toBe(400);
  });

  it("a role in use cannot be deleted", async () => {
    const teacherRole = (await s.database.db.select().from(authGroup)).find((g) => g.title === "教师")!;
    const r = await s.call(CALLS.groupDelete, { id: teacherRole.id }, admin);
    expect(r.code).toBe(409);
    expect(r.msg).toMatch(/^还有 \d+ 个账号属于该角色，不能删除$/);
    const list = await s.call<Page<{ title: string; account_count: number; school_name: string }>>(CALLS.groupList, { title: "教师" }, admin);
    const teacherRow = list.data.list.find((g) => g.title === "教师")!;
    expect(teacherRow.account_count).toBe(Number(/\d+/.exec(r.msg)![0]));
    expect(teacherRow.school_name).toBe("全平台");
  });

  it("applications group into list1…list7 and drive the mode tabs", async () => {
    const lists = await s.call<Record<string, { name: string }[]>>(CALLS.applyList, {}, admin);
    expect(lists.code).toBe(200);
    expect(Object.keys(lists.data).sort()).toEqual(["list1", "list2", "list3", "list4", "list5", "list7"]);
    expect(lists.data.list7!.map((a) => a.name)).toEqual(["数据驾驶舱"]);
    const byCreds = await s.call<Record<string, unknown[]>>(CALLS.applyList, { username: "zhanglaoshi", password: TEST_TEACHER_PASSWORD });
    expect(byCreds.code).toBe(200);
    expect(byCreds.data.list4).toHaveLength(1);
    expect(byCreds.data.list3).toHaveLength(0);
    expect((await s.call(CALLS.applyList, { username: "zhanglaoshi", password: "wrong-1a" })).code).toBe(400);
    expect((await s.call(CALLS.applyList, {})).code).toBe(1025);

    const tabsOf = async (token: string) =>
      (await s.call<{ tabs: { mode: number; first_url: string; rules: number[] }[] }>(CALLS.applyIndex, {}, token)).data.tabs;
    const adminTabs = await tabsOf(admin);
    expect(adminTabs.map((t) => t.mode)).toEqual([4, 5, 1, 2, 3]);
    expect(adminTabs.find((t) => t.mode === 3)!.first_url).toBe("/dashboard");
    expect(adminTabs.find((t) => t.mode === 4)!.first_url).toBe("/personalCenter/personalSettings");
    const teacherTabs = await tabsOf(await tokenOf("zhanglaoshi", TEST_TEACHER_PASSWORD));
    expect(teacherTabs.map((t) => t.mode)).toEqual([4]);
    const schoolTabs = await tabsOf(await tokenOf("xiaoji"));
    // 教研管理 (mode 1) for his school's evaluation schemes (听课指标管理, decision 0910).
    expect(schoolTabs.map((t) => t.mode)).toEqual([4, 5, 1, 2, 3]);
  });

  it("getRules answers a route pid's rules and its tab; applications cannot grant beyond the caller", async () => {
    const rows = await s.database.db.select().from(authRule);
    const research = rows.find((r) => r.name === "ResearchManage")!;
    const r = await s.call<{ auth_rule_list: number[]; apply_type: number }>(CALLS.applyGetRules, { rules_id: research.id }, admin);
    expect(r.data.apply_type).toBe(1);
    expect(r.data.auth_rule_list).toContain(rows.find((x) => x.name === "IndicatorManage")!.id);
    const teacher = await tokenOf("zhanglaoshi", TEST_TEACHER_PASSWORD);
    expect((await s.call(CALLS.applyGetRules, { rules_id: research.id }, teacher)).code).toBe(403);
    expect((await s.call(CALLS.applyGetRules, { rules_id: 999999 }, teacher)).code).toBe(404);
    const app = await s.call<{ id: number }>(CALLS.applySave, { name: "测试应用", apply_type: 7, rules: [research.id], group_ids: [] }, admin);
    expect(app.code, app.msg).toBe(200);
    const ar = await s.call<{ checked: number[] }>(CALLS.applyAuthRuleList, { id: app.data.id }, admin);
    expect(ar.data.checked).toEqual([research.id]);
    expect((await s.call(CALLS.applySave, { name: "坏分组", apply_type: 6 }, admin)).msg).toContain("只能是 1、2、3、4、5 或 7");
    expect((await s.call(CALLS.applyDelete, { id: app.data.id }, admin)).code).toBe(200);
  });

  it("the school switcher lists every school of the account with its periods", async () => {
    const t = await tokenOf("zhanglaoshi", TEST_TEACHER_PASSWORD);
    const r = await s.call<{ title: string; ident: number; period_arr: { name: string }[]; info: { realname: string; type: number } }[]>(
      CALLS.accountSchoolList,
      {},
      t,
    );
    expect(r.code).toBe(200);
    expect(r.data.map((e) => e.title)).toEqual(["银川市第一中学", "银川市第二中学"]);
    expect(r.data[0]!.period_arr.map((p) => p.name)).toEqual(["初中", "高中"]);
    expect(r.data[1]!.period_arr.map((p) => p.name)).toEqual(["初中"]);
    expect(r.data[1]!.info).toMatchObject({ realname: "张老师", type: 2 });
  });
});

describe("tabs, route rules and the switcher agree with the session", () => {
  it("getRules answers the whole tab that owns a route's pid", async () => {
    const rows = await s.database.db.select().from(authRule);
    const id = (name: string) => rows.find((r) => r.name === name)!.id;
    const r = await s.call<{ auth_rule_list: number[]; apply_type: number }>(CALLS.applyGetRules, { rules_id: id("BasicManage") }, admin);
    expect(r.data.apply_type).toBe(3);
    for (const name of ["Dashboard", "BasicManage", "SchoolManage", "PermissionManage", "AccountManage"])
      expect(r.data.auth_rule_list, name).toContain(id(name));
    expect(r.data.auth_rule_list).not.toContain(id("PersonalCenter"));
  });

  it("an application granted through the role's apply_auth_list opens its tab", async () => {
    const personal = (await s.database.db.select().from(occupationApply)).find((a) => a.apply_type === 4)!;
    const pc = (await s.database.db.select().from(authRule)).filter((r) => r.name === "PersonalCenter" || r.name === "PersonalSettings").map((r) => r.id);
    const role = await s.call<{ id: number }>(CALLS.groupSave, { title: "仅个人研修", rules: pc, apply_auth_list: [personal.id] }, admin);
    expect(role.code, role.msg).toBe(200);
    const made = await s.call(
      CALLS.accountSave,
      { username: "viaapps", realname: "应用授权", password: "Apps12345", password_confirmation: "Apps12345", group_id: role.data.id },
      admin,
    );
    expect(made.code, made.msg).toBe(200);
    const t = await tokenOf("viaapps", "Apps12345");
    const idx = await s.call<{ list: { id: number }[]; tabs: { mode: number }[] }>(CALLS.applyIndex, {}, t);
    expect(idx.data.list.map((a) => a.id)).toEqual([personal.id]);
    expect(idx.data.tabs.map((x) => x.mode)).toEqual([4]);
  });

  it("the session's account_school_user_id and home url match the switcher's entry", async () => {
    const info = await s.login("zhanglaoshi", TEST_TEACHER_PASSWORD);
    const list = await s.call<{ id: number; url: string; info: { account_school_user_id: number } }[]>(CALLS.accountSchoolList, {}, info.token);
    const mine = list.data.find((e) => e.id === info.school_id)!;
    expect(info.account_school_user_id).toBeGreaterThan(0);
    expect(mine.info.account_school_user_id).toBe(info.account_school_user_id);
    expect(mine.url).toBe(info.url);
  });

  it("a school administrator sees platform roles only when he could assign them", async () => {
    const t = await tokenOf("xiaoji");
    const r = await s.call<Page<{ title: string }>>(CALLS.groupList, { limit: 100 }, t);
    const titles = r.data.list.map((g) => g.title);
    expect(titles).toContain("教师");
    expect(titles).not.toContain("超级管理员");
    expect(titles).not.toContain("平台管理员");
    const superRole = (await s.database.db.select().from(authGroup)).find((g) => g.title === "超级管理员")!;
    expect((await s.call(CALLS.groupRead, { id: superRole.id }, t)).code).toBe(404);
  });
});

describe("updates change only the fields sent", () => {
  it("renaming an account keeps its identity, role, school and status", async () => {
    const before = (await s.services.accounts.byUsername("xiaoji"))!;
    expect((await s.call(CALLS.accountUpdate, { id: before.id, realname: "一中教务处" }, admin)).code).toBe(200);
    const after = (await s.services.accounts.byUsername("xiaoji"))!;
    expect(after).toMatchObject({
      realname: "一中教务处",
      identity: before.identity,
      group_id: before.group_id,
      school_id: before.school_id,
      status: before.status,
      period_id: before.period_id,
    });
  });

  it('retitling a rule keeps its url and menu flag; status "" lists every account', async () => {
    const rule = (await s.database.db.select().from(authRule)).find((r) => r.name === "SchoolManage")!;
    expect((await s.call(CALLS.ruleUpdate, { id: rule.id, title: "学校" }, admin)).code).toBe(200);
    const after = (await s.database.db.select().from(authRule)).find((r) => r.id === rule.id)!;
    expect(after).toMatchObject({ title: "学校", url: rule.url, is_menu: rule.is_menu, sort: rule.sort, pid: rule.pid });
    const all = await s.call<Page<AccountRow>>(CALLS.accountList, { status: "" }, admin);
    const enabled = await s.call<Page<AccountRow>>(CALLS.accountList, { status: 1 }, admin);
    const disabled = await s.call<Page<AccountRow>>(CALLS.accountList, { status: 0 }, admin);
    expect(all.data.total).toBe(enabled.data.total + disabled.data.total);
  });
});

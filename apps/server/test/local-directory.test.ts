import { CALLS, Code, type EsBindAnswer, type EsSyncReport, type RosterListAnswer } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { DEMO_ROSTER } from "../src/db/demo-org.js";
import { ES_MESSAGES } from "../src/modules/teacher/es-directory.js";
import { ROSTER_MESSAGES } from "../src/modules/teacher/local-directory.js";
import { TEACHER_MESSAGES } from "../src/modules/teacher/teacher.service.js";
import { TEST_TEACHER_PASSWORD } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";

/**
 * The default directory (no ES_DIRECTORY_URL): the local roster answers sync (c035) and bind (c036) as the remote
 * directory would, and its administration (/middle/teacher/roster/*) is confined to the caller's schools.
 */

let s: TestServer;
const tok: Record<string, string> = {};

const ONE_ZHONG = "640104001"; // 银川市第一中学 (xiaoji's school; in 兴庆区, quji's district)
const XIXIA_ER = "640105001"; // 银川市第二中学 (西夏区)

beforeAll(async () => {
  s = await startTestServer();
  tok.admin = (await s.login("admin")).token;
  for (const who of ["quji", "xiaoji"]) tok[who] = (await s.login(who, DEMO_ADMIN_PASSWORD)).token;
  for (const who of ["zhanglaoshi", "lilaoshi"]) tok[who] = (await s.login(who, TEST_TEACHER_PASSWORD)).token;
});

afterAll(async () => {
  await s?.close();
});

const list = (who: string, payload: Record<string, unknown> = {}) => s.call<RosterListAnswer>(CALLS.rosterList, { limit: 100, ...payload }, tok[who]);

describe("the roster (本地教师名册)", () => {
  it("is the directory in use, and each administrator sees the entries of his own schools", async () => {
    const all = await list("admin");
    expect(all.code).toBe(200);
    expect(all.data.directory).toBe("local");
    expect(all.data.total).toBe(DEMO_ROSTER.length);
    expect(all.data.list.map((r) => r.account)).toEqual(DEMO_ROSTER.map((r) => r.account));
    const first = all.data.list[0]!;
    expect(first.directory_id).toBe(`local-${first.id}`);
    expect(first.school_title).toBe("银川市第一中学");
    expect(first.bound_account_id).toBe(0);

    const district = await list("quji");
    expect(district.data.list.every((r) => r.school_code.startsWith("640104"))).toBe(true);
    expect(district.data.total).toBe(DEMO_ROSTER.filter((r) => r.school_code.startsWith("640104")).length);
    const school = await list("xiaoji");
    expect(school.data.total).toBe(DEMO_ROSTER.filter((r) => r.school_code === ONE_ZHONG).length);

    const found = await list("admin", { keyword: "陈" });
    expect(found.data.list.map((r) => r.account)).toEqual(["chenjing"]);
  });

  it("refuses teachers, other schools, duplicates and bad fields with clear messages", async () => {
    const teacher = await list("zhanglaoshi");
    expect(teacher.code).toBe(Code.FORBIDDEN);

    const other = await s.call(CALLS.rosterSave, { account: "outsider", name: "外校", school_code: XIXIA_ER, password: "Roster123" }, tok.xiaoji);
    expect(other.code).toBe(Code.FORBIDDEN);
    expect(other.msg).toBe(ROSTER_MESSAGES.outOfScope);
    const noCode = await s.call(CALLS.rosterSave, { account: "nocode", name: "无校", password: "Roster123" }, tok.quji);
    expect(noCode.code).toBe(Code.FORBIDDEN);
    expect(noCode.msg).toBe(ROSTER_MESSAGES.noCode);

    const dup = await s.call(CALLS.rosterSave, { account: "chenjing", name: "陈静", school_code: ONE_ZHONG, password: "Roster123" }, tok.xiaoji);
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.msg).toBe(ROSTER_MESSAGES.duplicate);

    const bad = await s.call(CALLS.rosterSave, { account: "新账号", name: "", school_code: ONE_ZHONG, password: "short" }, tok.xiaoji);
    expect(bad.code).toBe(Code.BAD_INPUT);
    expect(bad.msg).toMatch(/名册账号|姓名|名册密码/);

    // Another school's entry is out of sight for a school administrator: 404, never a change.
    const theirs = (await list("admin", { school_code: XIXIA_ER })).data.list[0]!;
    const upd = await s.call(CALLS.rosterUpdate, { id: theirs.id, name: "改名" }, tok.xiaoji);
    expect(upd.code).toBe(Code.NOT_FOUND);
    expect((await list("admin", { school_code: XIXIA_ER })).data.list[0]!.name).toBe(theirs.name);
  });

  it("a school administrator registers a teacher; the sync creates the accounts once and then reports them unchanged", async () => {
    const saved = await s.call<{ id: number; directory_id: string }>(
      CALLS.rosterSave,
      { account: "maxin", name: "马欣", phone: "13995100099", school_code: ONE_ZHONG, subject: "生物", password: "Roster123" },
      tok.xiaoji,
    );
    expect(saved.code).toBe(200);
    expect(saved.data.directory_id).toBe(`local-${saved.data.id}`);

    const expected = DEMO_ROSTER.filter((r) => r.school_code === ONE_ZHONG).length + 1;
    const first = await s.call<EsSyncReport>(CALLS.teacherEsSync, { school_code: ONE_ZHONG }, tok.admin);
    expect(first.code).toBe(200);
    expect(first.data.total).toBe(expected);
    expect(first.data.created).toBe(expected);
    const ma = first.data.list.find((r) => r.account === "maxin")!;
    expect(ma.action).toBe("created");
    const acct = await s.services.accounts.byId(ma.account_id);
    expect(acct?.realname).toBe("马欣");
    expect(acct?.es_account_id).toBe(`local-${saved.data.id}`);
    expect(acct?.school_id).toBe(await s.services.org.schoolIdByCode(ONE_ZHONG));

    const again = await s.call<EsSyncReport>(CALLS.teacherEsSync, { school_code: ONE_ZHONG }, tok.admin);
    expect(again.data.created).toBe(0);
    expect(again.data.unchanged).toBe(expected);

    // A roster change reaches the account on the next sync.
    await s.call(CALLS.rosterUpdate, { id: saved.data.id, name: "马新" }, tok.xiaoji);
    const third = await s.call<EsSyncReport>(CALLS.teacherEsSync, { school_code: ONE_ZHONG }, tok.admin);
    expect(third.data.updated).toBe(1);
    expect((await s.services.accounts.byId(ma.account_id))?.realname).toBe("马新");

    // The bound entry shows its account, and cannot be deleted while bound.
    const row = (await list("xiaoji", { keyword: "maxin" })).data.list[0]!;
    expect(row.bound_account_id).toBe(ma.account_id);
    const del = await s.call(CALLS.rosterDelete, { id: saved.data.id }, tok.xiaoji);
    expect(del.code).toBe(Code.CONFLICT);
    expect(del.msg).toBe(ROSTER_MESSAGES.bound(ma.username));
  });

  it("a teacher binds his own account with his roster password", async () => {
    const entry = DEMO_ROSTER.find((r) => r.school_code === XIXIA_ER)!;
    const wrong = await s.call(CALLS.teacherEsBind, { es_account: entry.account, es_password: "not-it-123" }, tok.lilaoshi);
    expect(wrong.code).toBe(Code.BAD_INPUT);
    expect(wrong.msg).toBe(ES_MESSAGES.wrongPassword);
    const unknown = await s.call(CALLS.teacherEsBind, { es_account: "nobody-here", es_password: "x" }, tok.lilaoshi);
    expect(unknown.code).toBe(Code.NOT_FOUND);
    expect(unknown.msg).toBe(ES_MESSAGES.unknownAccount);

    const ok = await s.call<EsBindAnswer>(CALLS.teacherEsBind, { es_account: entry.account, es_password: DEMO_TEACHER_PASSWORD }, tok.lilaoshi);
    expect(ok.code).toBe(200);
    expect(ok.data.es_name).toBe(entry.name);
    expect(ok.data.es_account_id).toMatch(/^local-\d+$/);

    // Taken: another teacher cannot bind the same roster entry.
    const taken = await s.call(CALLS.teacherEsBind, { es_account: entry.account, es_password: DEMO_TEACHER_PASSWORD }, tok.zhanglaoshi);
    expect(taken.code).toBe(Code.CONFLICT);
    expect(taken.msg).toBe(TEACHER_MESSAGES.boundElsewhere);

    // Unbound, the entry can go.
    expect((await s.call(CALLS.teacherEsUnbind, {}, tok.lilaoshi)).code).toBe(200);
    const id = Number(ok.data.es_account_id.replace("local-", ""));
    const del = await s.call(CALLS.rosterDelete, { id }, tok.admin);
    expect(del.code).toBe(200);
    expect((await list("admin", { keyword: entry.account })).data.total).toBe(0);
  });
});

describe("with a remote directory configured", () => {
  let remote: TestServer;
  beforeAll(async () => {
    remote = await startTestServer({ ES_DIRECTORY_URL: "http://127.0.0.1:9/api/v1" });
  });
  afterAll(async () => {
    await remote?.close();
  });

  it("the roster is the cloud's: listing says so, writes answer 404", async () => {
    const token = (await remote.login("admin")).token;
    const l = await remote.call<RosterListAnswer>(CALLS.rosterList, {}, token);
    expect(l.code).toBe(200);
    expect(l.data).toEqual({ list: [], total: 0, directory: "remote" });
    const w = await remote.call(CALLS.rosterSave, { account: "someone", name: "某人", password: "Roster123" }, token);
    expect(w.code).toBe(Code.NOT_FOUND);
    expect(w.msg).toBe(ROSTER_MESSAGES.remote);
  });
});

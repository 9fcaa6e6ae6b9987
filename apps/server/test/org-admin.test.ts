/**
 * Regions (c038–c041), schools (/middle/school/*) and the community edition's /v2/school/* (c359–c364) through
 * the real encrypted wire, on the demo organization (docs/demo data: 宁夏 640000 → 银川 640100 (兴庆区 640104,
 * 西夏区 640105), 石嘴山 640200 (大武口区 640202, 惠农区 640205); 8 schools with teachers and classes).
 *
 * Until app.ts wires orgAdminRoutes, the calls are mounted on a side Fastify app over the test server's database,
 * token resolution and rule check (same envelope); and until the seed gives 校级管理员 the SchoolManage subtree,
 * beforeAll grants it to that role here. Once wired, the test server answers everything itself.
 */
import type { BatchResult, FileAnswer, Page } from "@yanke/protocol";
// Until @yanke/protocol exports schemas/org (lead: index.ts), straight from the file.
import { ORG_CALLS as C, type RegionNode, SCHOOL_TEMPLATE_PATH, type SchoolImportReport, type SchoolOption, type SchoolRow } from "@yanke/protocol";
import { Code, type Envelope, postCall } from "@yanke/protocol";
import { eq, inArray, or, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallHost, type RegisteredCall, reply } from "../src/http/call.js";
import { AppError } from "../src/http/errors.js";
import { account, accountSchoolUser } from "../src/modules/account/account.schema.js";
import { orgAdminRoutes } from "../src/modules/org/org-admin.routes.js";
import { grade, period, region, school, schoolClass, subject } from "../src/modules/org/org.schema.js";
import { type OrgAdminPorts, RegionService } from "../src/modules/org/region.service.js";
import { SchoolService } from "../src/modules/org/school.service.js";
import { parseSchoolImport } from "../src/modules/org/school-xlsx.js";
import { authGroup, authRule } from "../src/modules/rbac/rbac.schema.js";
import { TEST_TEACHER_PASSWORD } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";

const DEMO = "Demo12345";
let s: TestServer;
let admin = "";
let pingtai = "";
let quji = "";
let xiaoji = "";
let teacher = "";
/** Where the org calls are answered: the test server once wired, else the side app. */
let base = "";
let registry: RegisteredCall[] | undefined;
let closeSide: (() => Promise<void>) | undefined;
const ORG_PATHS = new Set<string>([...Object.values(C), SCHOOL_TEMPLATE_PATH]);

async function mount(): Promise<void> {
  if (s.app.hasRoute({ method: "POST", url: C.regionList })) {
    base = s.url;
    return;
  }
  const db = s.database.db;
  const ports: OrgAdminPorts = {
    accountsInSchool: async (id) => {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(account)
        .where(
          or(
            eq(account.school_id, id),
            inArray(account.id, db.select({ id: accountSchoolUser.account_id }).from(accountSchoolUser).where(eq(accountSchoolUser.school_id, id))),
          ),
        );
      return r?.n ?? 0;
    },
    accountsWithRegionCode: async (code) => {
      const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(account).where(eq(account.region_code, code));
      return r?.n ?? 0;
    },
  };
  const regions = new RegionService(db, ports);
  const app = Fastify({ bodyLimit: 10 * 1024 * 1024 });
  const host: CallHost = {
    appKey: s.config.appKey,
    allowRaw: false,
    resolveToken: (t) => s.services.auth.resolve(t),
    authorize: async (auth, rule) => s.services.rbac.authorize(await s.services.accounts.subject(auth.accountId), rule),
    registry: [],
  };
  app.setErrorHandler((err, _req, res) => {
    if (err instanceof AppError) return reply(res, err.code, err.message, err.data);
    return res.code(500).send({ code: Code.SERVER_ERROR, msg: String(err), data: null });
  });
  orgAdminRoutes(app, host, { regions, schools: new SchoolService(db, s.services.org, regions, ports), accounts: s.services.accounts });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  registry = host.registry;
  closeSide = () => app.close();
}

/** 校级管理员 reads and edits his own school (docs/decisions/0412): the role holds SchoolManage. */
async function grantSchoolManageToSchoolRole(): Promise<void> {
  const db = s.database.db;
  const rules = await db.select({ id: authRule.id, pid: authRule.pid, name: authRule.name }).from(authRule);
  const root = rules.find((r) => r.name === "SchoolManage");
  const [role] = await db.select().from(authGroup).where(eq(authGroup.title, "校级管理员"));
  if (!root || !role || role.rules.includes(root.id)) return;
  const ids = new Set<number>();
  const walk = (id: number) => {
    ids.add(id);
    for (const r of rules) if (r.pid === id) walk(r.id);
  };
  walk(root.id);
  await db
    .update(authGroup)
    .set({ rules: [...new Set([...role.rules, ...ids])] })
    .where(eq(authGroup.id, role.id));
}

function call<T = unknown>(path: string, payload: Record<string, unknown> = {}, token?: string): Promise<Envelope<T>> {
  if (!ORG_PATHS.has(path)) return s.call<T>(path, payload, token);
  return postCall<T>(path, payload, { baseUrl: base, appKey: s.config.appKey, token });
}

beforeAll(async () => {
  s = await startTestServer({ LOGIN_MAX_FAILURES: "1000", LOGIN_MAX_FAILURES_PER_IP: "100000" });
  await mount();
  await grantSchoolManageToSchoolRole();
  admin = (await s.login()).token;
  pingtai = (await s.login("pingtai", DEMO)).token;
  quji = (await s.login("quji", DEMO)).token;
  xiaoji = (await s.login("xiaoji", DEMO)).token;
  teacher = (await s.login("zhanglaoshi", TEST_TEACHER_PASSWORD)).token;
});
afterAll(async () => {
  await closeSide?.();
  await s?.close();
});

async function regionId(code: string): Promise<number> {
  const [r] = await s.database.db.select({ id: region.id }).from(region).where(eq(region.region_code, code));
  if (!r) throw new Error(`region ${code}`);
  return r.id;
}

async function schoolId(title: string): Promise<number> {
  const [r] = await s.database.db.select({ id: school.id }).from(school).where(eq(school.title, title));
  if (!r) throw new Error(`school ${title}`);
  return r.id;
}

async function schoolRow(id: number) {
  const [r] = await s.database.db.select().from(school).where(eq(school.id, id));
  return r;
}

async function ok<T>(path: string, payload: Record<string, unknown>, token: string): Promise<T> {
  const r = await call<T>(path, payload, token);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}

async function workbook(header: string[], rows: (string | number)[][], sheet = "导入模板"): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString("base64");
}

const ONE = "银川市第一中学"; // 兴庆区, xiaoji's school
const TWO = "银川市第二中学"; // 西夏区

describe("permissions", () => {
  it("a teacher gets 403 无权限 on every region and school call", async () => {
    const sid = await schoolId(ONE);
    const rid = await regionId("640104");
    const payloads: Record<string, Record<string, unknown>> = {
      [C.regionList]: {},
      [C.regionSave]: { pid: rid, name: "x", region_code: "640199" },
      [C.regionUpdate]: { id: rid, name: "x" },
      [C.regionDelete]: { id: rid },
      [C.schoolList]: {},
      [C.schoolRead]: { id: sid },
      [C.schoolSave]: { title: "x", region_id: rid },
      [C.schoolUpdate]: { id: sid, title: "x" },
      [C.schoolDelete]: { id: sid },
      [C.schoolBatchDelete]: { ids: [sid] },
      [C.schoolQuickOperate]: { id: sid, value: 0 },
      [C.schoolImport]: { filename: "a.xlsx", file: "AAAA" },
      [C.schoolExport]: {},
      [C.njySchoolList]: {},
      [C.njySchool]: { id: sid },
      [C.njySave]: { title: "x", region_id: rid },
      [C.njyUpdate]: { id: sid, title: "x" },
      [C.njyDelete]: { id: sid },
      [C.getRegionSchoolList]: { region_id: rid },
    };
    expect(Object.keys(payloads).sort()).toEqual(Object.values(C).sort());
    for (const [path, payload] of Object.entries(payloads)) {
      expect(await call(path, payload, teacher), path).toEqual({ code: 403, msg: "无权限", data: null });
    }
    expect((await schoolRow(sid))?.title).toBe(ONE);
  });

  it("every call names its own path as its rule, seeded under 区域管理 / 学校管理", async () => {
    const rules = new Map<string, string | undefined>();
    if (registry) for (const r of registry) rules.set(r.path, r.rule);
    else {
      const doc = (await (await fetch(`${s.url}/openapi.json`)).json()) as { paths: Record<string, { post: { "x-rule"?: string } }> };
      for (const [path, v] of Object.entries(doc.paths)) rules.set(path, v.post["x-rule"]);
    }
    const seeded = new Set((await s.database.db.select({ name: authRule.name }).from(authRule)).map((r) => r.name));
    for (const path of Object.values(C)) {
      expect(rules.get(path), path).toBe(path);
      expect(seeded, path).toContain(path);
    }
  });

  it("needs a session", async () => {
    expect((await call(C.schoolList, {})).code).toBe(1025);
    expect((await call(C.regionList, {})).code).toBe(1025);
  });
});

describe("regions: the lazy tree (c038)", () => {
  it("answers the top level, then each level's children with has_children and school counts", async () => {
    const top = await ok<RegionNode[]>(C.regionList, {}, admin);
    expect(top.map((r) => r.name)).toEqual(["宁夏回族自治区"]);
    expect(top[0]).toMatchObject({
      level: 1,
      region_code: "640000",
      province_code: "640000",
      has_children: true,
      school_count: 8,
      full_name: "宁夏回族自治区",
    });
    expect(top[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const cities = await ok<RegionNode[]>(C.regionList, { pid: top[0]!.id }, admin);
    expect(cities.map((r) => [r.name, r.level, r.school_count, r.has_children])).toEqual([
      ["银川市", 2, 4, true],
      ["石嘴山市", 2, 4, true],
    ]);
    const districts = await ok<RegionNode[]>(C.regionList, { pid: cities[0]!.id }, admin);
    expect(districts.map((r) => r.name)).toEqual(["兴庆区", "西夏区"]);
    expect(districts[0]).toMatchObject({
      level: 3,
      pid: cities[0]!.id,
      province_code: "640000",
      city_code: "640100",
      area_code: "640104",
      has_children: false,
      school_count: 2,
      full_name: "宁夏回族自治区/银川市/兴庆区",
    });
  });

  it("filters by name, within a pid when given", async () => {
    const all = await ok<RegionNode[]>(C.regionList, { name: "区" }, admin);
    expect(all.map((r) => r.name).sort()).toEqual(["兴庆区", "大武口区", "惠农区", "宁夏回族自治区", "西夏区"].sort());
    const under = await ok<RegionNode[]>(C.regionList, { name: "区", pid: await regionId("640200") }, admin);
    expect(under.map((r) => r.name).sort()).toEqual(["大武口区", "惠农区"].sort());
    expect(await ok<RegionNode[]>(C.regionList, { name: "不存在" }, admin)).toEqual([]);
  });

  it("refuses bad input and unknown parents", async () => {
    expect((await call(C.regionList, { pid: "abc" }, admin)).code).toBe(400);
    expect((await call(C.regionList, { pid: -1 }, admin)).msg).toBe("上级区域(pid): 不能为负数");
    const unknown = await call(C.regionList, { pid: 999999 }, admin);
    expect(unknown.code).toBe(404);
    expect(unknown.msg).toContain("上级区域不存在");
  });

  it("a district administrator sees his region as the top and nothing outside it", async () => {
    const top = await ok<RegionNode[]>(C.regionList, {}, quji);
    expect(top.map((r) => r.name)).toEqual(["兴庆区"]);
    expect((await call(C.regionList, { pid: await regionId("640100") }, quji)).code).toBe(404);
    expect(await ok<RegionNode[]>(C.regionList, { name: "西夏" }, quji)).toEqual([]);
    expect((await ok<RegionNode[]>(C.regionList, { name: "兴庆" }, quji)).map((r) => r.name)).toEqual(["兴庆区"]);
    expect(await ok<RegionNode[]>(C.regionList, { pid: top[0]!.id }, quji)).toEqual([]);
  });

  it("the platform administrator sees everything", async () => {
    expect((await ok<RegionNode[]>(C.regionList, {}, pingtai)).map((r) => r.name)).toEqual(["宁夏回族自治区"]);
  });

  it("a school administrator holds no region rule", async () => {
    expect((await call(C.regionList, {}, xiaoji)).code).toBe(403);
  });
});

describe("regions: save, update, delete (c039–c041)", () => {
  let wuzhong = 0;
  let litong = 0;

  it("creates a city and a district with codes derived from the parent", async () => {
    const prov = await regionId("640000");
    wuzhong = (await ok<{ id: number }>(C.regionSave, { pid: prov, name: "吴忠市", region_code: "640300", sort: 3 }, admin)).id;
    litong = (await ok<{ id: number }>(C.regionSave, { pid: wuzhong, name: "利通区", region_code: "640302", area_code: "640302", city_code: "640300" }, admin))
      .id;
    const [w] = await s.database.db.select().from(region).where(eq(region.id, wuzhong));
    expect(w).toMatchObject({ level: 2, province_code: "640000", city_code: "640300", area_code: "", sort: 3 });
    const kids = await ok<RegionNode[]>(C.regionList, { pid: wuzhong }, admin);
    expect(kids).toMatchObject([
      { id: litong, level: 3, province_code: "640000", city_code: "640300", area_code: "640302", full_name: "宁夏回族自治区/吴忠市/利通区" },
    ]);
  });

  it("creates a province at the top", async () => {
    const id = (await ok<{ id: number }>(C.regionSave, { name: "甘肃省", region_code: "620000" }, admin)).id;
    const top = await ok<RegionNode[]>(C.regionList, {}, admin);
    expect(top.find((r) => r.id === id)).toMatchObject({ level: 1, province_code: "620000", has_children: false });
    await ok(C.regionDelete, { id }, admin);
  });

  it("refuses bad input with the field named", async () => {
    const prov = await regionId("640000");
    const bad = async (payload: Record<string, unknown>) => (await call(C.regionSave, payload, admin)).msg;
    expect(await bad({ pid: prov, region_code: "640400" })).toBe("区域名称(name): 必填");
    expect(await bad({ pid: prov, name: "", region_code: "640400" })).toBe("区域名称(name): 请输入区域名称");
    expect(await bad({ pid: prov, name: "x", region_code: "6404" })).toBe("区域编码(region_code): 区域编码为 6 位数字（行政区划代码，如 640104）");
    expect(await bad({ pid: prov, name: "x" })).toBe("区域编码(region_code): 必填");
    expect(await bad({ name: "x", region_code: "640100" })).toContain("省级区域编码应以 0000 结尾");
    expect(await bad({ pid: prov, name: "x", region_code: "650100" })).toContain("前 2 位「64」");
    expect(await bad({ pid: wuzhong, name: "x", region_code: "640402" })).toContain("前 4 位「6403」");
    expect(await bad({ pid: litong, name: "x", region_code: "640303" })).toBe("上级区域(pid): 区县下不能再添加下级区域");
    expect(await bad({ pid: 999999, name: "x", region_code: "640400" })).toBe("上级区域(pid): 上级区域不存在");
    expect(await bad({ pid: prov, name: "x", region_code: "640400", province_code: "650000" })).toContain("省级编码(province_code): 应为「640000」");
    expect(await bad({ pid: prov, name: "x", region_code: "640400", area_code: "640401" })).toContain("区县编码(area_code): 应为「空」");
  });

  it("refuses duplicates with 409", async () => {
    const xq = await call(C.regionSave, { pid: await regionId("640100"), name: "另一个", region_code: "640104" }, admin);
    expect(xq.code).toBe(409);
    expect(xq.msg).toBe("区域编码「640104」已被「兴庆区」使用");
    const dup = await call(C.regionSave, { pid: wuzhong, name: "利通区", region_code: "640303" }, admin);
    expect(dup).toMatchObject({ code: 409, msg: "同一上级区域下已有名为「利通区」的区域" });
  });

  it("updates name and sort; region_code only while nothing hangs on it", async () => {
    await ok(C.regionUpdate, { id: litong, name: "利通区（新）", sort: 5 }, admin);
    await ok(C.regionUpdate, { id: litong, region_code: "640303" }, admin);
    const [l] = await s.database.db.select().from(region).where(eq(region.id, litong));
    expect(l).toMatchObject({ name: "利通区（新）", sort: 5, region_code: "640303", area_code: "640303", city_code: "640300" });
    const partial = await ok<RegionNode[]>(C.regionList, { pid: wuzhong }, admin);
    expect(partial[0]!.name).toBe("利通区（新）");
    const xq = await call(C.regionUpdate, { id: await regionId("640104"), region_code: "640106" }, admin);
    expect(xq.code).toBe(409);
    expect(xq.msg).toContain("所学校");
    expect((await call(C.regionUpdate, { id: await regionId("640104"), name: "西夏区" }, admin)).code).toBe(409);
    expect((await call(C.regionUpdate, { id: litong, region_code: "650303" }, admin)).code).toBe(400);
    expect((await call(C.regionUpdate, { id: 999999, name: "x" }, admin)).code).toBe(404);
    expect((await call(C.regionUpdate, { id: "x" }, admin)).msg).toMatch(/^区域编号\(id\): /);
    expect(await call(C.regionUpdate, { name: "x" }, admin)).toMatchObject({ code: 400, msg: expect.stringMatching(/^区域编号\(id\): /) });
  });

  it("deletes: 409 with children, schools or accounts; 404 when unknown", async () => {
    const yinchuan = await call(C.regionDelete, { id: await regionId("640100") }, admin);
    expect(yinchuan.code).toBe(409);
    expect(yinchuan.msg).toContain("下级区域");
    const xq = await call(C.regionDelete, { id: await regionId("640104") }, admin);
    expect(xq.code).toBe(409);
    expect(xq.msg).toContain("2 所学校");
    expect((await call(C.regionDelete, { id: 999999 }, admin)).code).toBe(404);
    expect(await call(C.regionDelete, {}, admin)).toMatchObject({ code: 400, msg: expect.stringMatching(/^编号\(id\): /) });
    await ok(C.regionDelete, { id: litong }, admin);
    expect(await ok<RegionNode[]>(C.regionList, { pid: wuzhong }, admin)).toEqual([]);
  });

  it("a city's district administrator manages the regions below his city only", async () => {
    const [districtRole] = await s.database.db.select().from(authGroup).where(eq(authGroup.title, "区级管理员"));
    await ok(
      "/middle/account/save",
      {
        username: "wuzhong",
        realname: "吴忠教研员",
        password: "Demo12345",
        password_confirmation: "Demo12345",
        identity: 3,
        group_id: districtRole!.id,
        region_code: "640300",
      },
      admin,
    );
    const t = (await s.login("wuzhong", DEMO)).token;
    expect((await ok<RegionNode[]>(C.regionList, {}, t)).map((r) => r.id)).toEqual([wuzhong]);
    const qt = (await ok<{ id: number }>(C.regionSave, { pid: wuzhong, name: "青铜峡市", region_code: "640381" }, t)).id;
    await ok(C.regionUpdate, { id: qt, name: "青铜峡" }, t);
    expect(await call(C.regionUpdate, { id: wuzhong, name: "改自己" }, t)).toMatchObject({ code: 403, msg: "不能修改或删除您所属的区域，请联系上级管理员" });
    expect((await call(C.regionDelete, { id: wuzhong }, t)).code).toBe(403);
    expect((await call(C.regionUpdate, { id: await regionId("640100"), name: "x" }, t)).code).toBe(404);
    expect((await call(C.regionDelete, { id: await regionId("640104") }, t)).code).toBe(404);
    expect((await call(C.regionSave, { pid: await regionId("640100"), name: "x", region_code: "640199" }, t)).code).toBe(403);
    expect((await call(C.regionSave, { name: "x", region_code: "650000" }, t)).code).toBe(403);
    await ok(C.regionDelete, { id: qt }, t);
    // The city itself: its administrator's account is scoped by its code.
    const still = await call(C.regionDelete, { id: wuzhong }, admin);
    expect(still.code).toBe(409);
    expect(still.msg).toContain("1 个账号");
  });

  it("a district (level 3) administrator cannot add levels below a district, nor elsewhere", async () => {
    const xq = await regionId("640104");
    expect((await call(C.regionSave, { pid: xq, name: "x", region_code: "640199" }, quji)).msg).toBe("上级区域(pid): 区县下不能再添加下级区域");
    expect((await call(C.regionSave, { pid: await regionId("640100"), name: "x", region_code: "640199" }, quji)).code).toBe(403);
    expect((await call(C.regionUpdate, { id: xq, name: "x" }, quji)).code).toBe(403);
    expect((await call(C.regionUpdate, { id: await regionId("640105"), name: "x" }, quji)).code).toBe(404);
  });
});

describe("schools: list and read", () => {
  it("lists every school for the platform, filtered by title, region, area, type, status; paged", async () => {
    const all = await ok<Page<SchoolRow>>(C.schoolList, { limit: 50 }, admin);
    expect(all.total).toBe(8);
    const one = all.list.find((x) => x.title === ONE)!;
    expect(one).toMatchObject({
      code: "640104001",
      province_code: "640000",
      city_code: "640100",
      area_code: "640104",
      region_id: await regionId("640104"),
      province_name: "宁夏回族自治区",
      city_name: "银川市",
      area_name: "兴庆区",
      region_name: "宁夏回族自治区/银川市/兴庆区",
      school_type: "MOSHI_k12",
      school_index_name: "银川一中教研空间",
      status: 1,
    });
    expect((await ok<Page<SchoolRow>>(C.schoolList, { region_id: await regionId("640100") }, admin)).total).toBe(4);
    expect((await ok<Page<SchoolRow>>(C.schoolList, { region_code: "640200" }, admin)).total).toBe(4);
    expect((await ok<Page<SchoolRow>>(C.schoolList, { area_code: "640104" }, admin)).total).toBe(2);
    expect((await ok<Page<SchoolRow>>(C.schoolList, { title: "第一" }, admin)).list.map((x) => x.title).sort()).toEqual(
      ["石嘴山市惠农区第一中学", "石嘴山市第一中学", "银川市兴庆区第一小学", "银川市第一中学"].sort(),
    );
    expect((await ok<Page<SchoolRow>>(C.schoolList, { school_type: "MOSHI_k12", status: "" }, admin)).total).toBe(8);
    expect((await ok<Page<SchoolRow>>(C.schoolList, { status: 0 }, admin)).total).toBe(0);
    expect((await ok<Page<SchoolRow>>(C.schoolList, { region_id: 999999 }, admin)).total).toBe(0);
    const page2 = await ok<Page<SchoolRow>>(C.schoolList, { page: 2, limit: 3 }, admin);
    expect(page2).toMatchObject({ total: 8, page: 2, limit: 3 });
    expect(page2.list).toHaveLength(3);
  });

  it("refuses bad list input", async () => {
    expect((await call(C.schoolList, { limit: 1000 }, admin)).code).toBe(400);
    expect((await call(C.schoolList, { status: 3 }, admin)).code).toBe(400);
    expect((await call(C.schoolList, { page: 0 }, admin)).msg).toContain("页码(page)");
  });

  it("confines the district administrator to his region and the school administrator to his school", async () => {
    const q = await ok<Page<SchoolRow>>(C.schoolList, { limit: 50 }, quji);
    expect(q.list.map((x) => x.title).sort()).toEqual([ONE, "银川市兴庆区第一小学"].sort());
    expect((await ok<Page<SchoolRow>>(C.schoolList, { area_code: "640105" }, quji)).total).toBe(0);
    const x = await ok<Page<SchoolRow>>(C.schoolList, {}, xiaoji);
    expect(x.list.map((r) => r.title)).toEqual([ONE]);
  });

  it("reads a school in scope; 404 for unknown or out-of-scope ids; 400 for a bad id", async () => {
    const one = await schoolId(ONE);
    const two = await schoolId(TWO);
    expect(await ok<SchoolRow>(C.schoolRead, { id: one }, admin)).toMatchObject({ id: one, title: ONE, area_name: "兴庆区" });
    expect((await ok<SchoolRow>(C.schoolRead, { id: one }, xiaoji)).title).toBe(ONE);
    expect((await ok<SchoolRow>(C.schoolRead, { id: one }, quji)).title).toBe(ONE);
    for (const [t, id] of [
      [admin, 999999],
      [xiaoji, two],
      [quji, two],
    ] as const) {
      expect(await call(C.schoolRead, { id }, t)).toEqual({ code: 404, msg: "学校不存在或不在您的管理范围", data: null });
    }
    expect((await call(C.schoolRead, { id: "abc" }, admin)).code).toBe(400);
    expect(await call(C.schoolRead, {}, admin)).toMatchObject({ code: 400, msg: expect.stringMatching(/^编号\(id\): /) });
  });
});

describe("schools: save, update", () => {
  let created = 0;

  it("creates a school from region_id with derived codes and defaults", async () => {
    created = (
      await ok<{ id: number }>(
        C.schoolSave,
        { title: "西夏区第九中学", code: "640105009", region_id: await regionId("640105"), telephone: "0951-1234567" },
        admin,
      )
    ).id;
    expect(await schoolRow(created)).toMatchObject({
      title: "西夏区第九中学",
      province_code: "640000",
      city_code: "640100",
      area_code: "640105",
      region_id: await regionId("640105"),
      school_type: "MOSHI_k12",
      status: 1,
      telephone: "0951-1234567",
    });
  });

  it("creates a school from area_code alone", async () => {
    const id = (await ok<{ id: number }>(C.schoolSave, { title: "大武口区第九小学", area_code: "640202", city_code: "640200" }, admin)).id;
    expect(await schoolRow(id)).toMatchObject({ region_id: await regionId("640202"), province_code: "640000", city_code: "640200", area_code: "640202" });
    await ok(C.schoolDelete, { id }, admin);
  });

  it("refuses bad input, unknown regions and duplicates", async () => {
    const xx = await regionId("640105");
    const bad = async (payload: Record<string, unknown>) => call(C.schoolSave, payload, admin);
    expect((await bad({ region_id: xx })).msg).toBe("学校名称(title): 必填");
    expect((await bad({ title: "x" })).msg).toBe("所属区域(region_id): 请选择学校所属的区域");
    expect((await bad({ title: "x", region_id: 999999 })).msg).toBe("所属区域(region_id): 区域不存在");
    expect((await bad({ title: "x", area_code: "640199" })).msg).toContain("区县编码(area_code): 未找到编码为 640199");
    expect((await bad({ title: "x", area_code: "640104", city_code: "640200" })).msg).toContain("市级编码(city_code)");
    expect((await bad({ title: "x", area_code: "6401" })).msg).toBe("区县编码(area_code): 区县编码为 6 位数字");
    expect((await bad({ title: "x", region_id: xx, telephone: "abc" })).msg).toBe("联系电话(telephone): 请输入正确的电话号码");
    expect((await bad({ title: "x", region_id: xx, status: 5 })).msg).toBe("状态(status): 只能是 0 或 1");
    expect((await bad({ title: "x", region_id: xx, code: "a b" })).code).toBe(400);
    expect((await bad({ title: "x".repeat(61), region_id: xx })).msg).toBe("学校名称(title): 学校名称不能超过 60 个字符");
    expect(await bad({ title: "x", region_id: xx, code: "640104001" })).toMatchObject({ code: 409, msg: "学校编码「640104001」已存在" });
    expect(await bad({ title: TWO, region_id: xx })).toMatchObject({ code: 409, msg: `区域「西夏区」已有名为「${TWO}」的学校` });
  });

  it("a district administrator creates schools only in his region; a school administrator not at all", async () => {
    const id = (await ok<{ id: number }>(C.schoolSave, { title: "兴庆区新建学校", region_id: await regionId("640104") }, quji)).id;
    expect((await schoolRow(id))?.area_code).toBe("640104");
    expect(await call(C.schoolSave, { title: "越界学校", region_id: await regionId("640105") }, quji)).toMatchObject({
      code: 403,
      msg: "只能把学校设在您所属的区域内",
    });
    expect((await call(C.schoolSave, { title: "越界学校", area_code: "640202" }, quji)).code).toBe(403);
    expect((await call(C.schoolSave, { title: "校级新建", region_id: await regionId("640104") }, xiaoji)).code).toBe(403);
    await ok(C.schoolDelete, { id }, quji);
  });

  it("updates only the fields sent", async () => {
    await ok(C.schoolUpdate, { id: created, address: "西夏区九中路 9 号" }, admin);
    expect(await schoolRow(created)).toMatchObject({
      title: "西夏区第九中学",
      code: "640105009",
      address: "西夏区九中路 9 号",
      telephone: "0951-1234567",
      status: 1,
      area_code: "640105",
    });
    await ok(C.schoolUpdate, { id: created, status: 0, school_type: "MOSHI_vocational" }, admin);
    expect(await schoolRow(created)).toMatchObject({ status: 0, school_type: "MOSHI_vocational", address: "西夏区九中路 9 号" });
  });

  it("moves a school to another region with its codes", async () => {
    await ok(C.schoolUpdate, { id: created, region_id: await regionId("640205") }, admin);
    expect(await schoolRow(created)).toMatchObject({ region_id: await regionId("640205"), city_code: "640200", area_code: "640205" });
    await ok(C.schoolUpdate, { id: created, area_code: "640105" }, admin);
    expect(await schoolRow(created)).toMatchObject({ region_id: await regionId("640105"), city_code: "640100", area_code: "640105" });
  });

  it("refuses unknown ids, bad input and duplicates on update", async () => {
    expect((await call(C.schoolUpdate, { id: 999999, title: "x" }, admin)).code).toBe(404);
    expect(await call(C.schoolUpdate, { title: "x" }, admin)).toMatchObject({ code: 400, msg: expect.stringMatching(/^学校编号\(id\): /) });
    expect((await call(C.schoolUpdate, { id: created, title: "" }, admin)).msg).toBe("学校名称(title): 请输入学校名称");
    expect((await call(C.schoolUpdate, { id: created, region_id: 999999 }, admin)).msg).toBe("所属区域(region_id): 区域不存在");
    expect((await call(C.schoolUpdate, { id: created, code: "640104001" }, admin)).code).toBe(409);
    expect((await call(C.schoolUpdate, { id: created, title: TWO }, admin)).code).toBe(409);
    // A school with a storage quota moves only once that is back to 不限 (region allocations); one with used
    // space not at all (the demo schools have both).
    const one = await schoolId(ONE);
    expect((await call(C.schoolUpdate, { id: one, region_id: await regionId("640105") }, admin)).code).toBe(409);
    await s.database.db
      .update(school)
      .set({ quota_bytes: 1024 ** 3 })
      .where(eq(school.id, created));
    expect(await call(C.schoolUpdate, { id: created, region_id: await regionId("640104") }, admin)).toMatchObject({
      code: 409,
      msg: "学校「西夏区第九中学」设有存储空间配额，请先在存储空间中改为不限再迁移区域",
    });
    await s.database.db.update(school).set({ quota_bytes: 0, used_bytes: 1024 }).where(eq(school.id, created));
    expect((await call(C.schoolUpdate, { id: created, region_id: await regionId("640104") }, admin)).msg).toBe(
      "学校「西夏区第九中学」已使用存储空间，不能迁移到其他区域",
    );
    expect((await call(C.schoolDelete, { id: created }, admin)).msg).toBe("学校「西夏区第九中学」仍占用存储空间，请先清理文件");
    await s.database.db.update(school).set({ used_bytes: 0 }).where(eq(school.id, created));
  });

  it("a district administrator edits his region's schools, cannot move them out, cannot touch others", async () => {
    const one = await schoolId(ONE);
    await ok(C.schoolUpdate, { id: one, address: "兴庆区解放西街 1 号" }, quji);
    expect((await call(C.schoolUpdate, { id: one, region_id: await regionId("640105") }, quji)).code).toBe(403);
    expect((await call(C.schoolUpdate, { id: await schoolId(TWO), title: "x" }, quji)).code).toBe(404);
    expect((await schoolRow(one))?.area_code).toBe("640104");
  });

  it("a school administrator edits only his own school's profile fields", async () => {
    const one = await schoolId(ONE);
    const before = await schoolRow(one);
    await ok(
      C.schoolUpdate,
      { id: one, title: ONE, school_index_name: "一中新空间", school_index_logo: "https://img.example/logo.png", address: "新地址", telephone: "0951-7654321" },
      xiaoji,
    );
    expect(await schoolRow(one)).toMatchObject({
      school_index_name: "一中新空间",
      school_index_logo: "https://img.example/logo.png",
      address: "新地址",
      telephone: "0951-7654321",
    });
    // The edit form sends the other fields unchanged: accepted.
    await ok(C.schoolUpdate, { id: one, code: before!.code, region_id: before!.region_id, status: 1, school_type: "MOSHI_k12", address: "新地址2" }, xiaoji);
    for (const change of [{ code: "X1" }, { status: 0 }, { region_id: await regionId("640105") }, { school_type: "OTHER" }, { area_code: "640105" }]) {
      expect(await call(C.schoolUpdate, { id: one, ...change }, xiaoji), JSON.stringify(change)).toMatchObject({
        code: 403,
        msg: "校级管理员只能修改本校的学校名称、首页名称、首页标志、地址和联系电话",
      });
    }
    expect((await call(C.schoolUpdate, { id: await schoolId(TWO), address: "x" }, xiaoji)).code).toBe(404);
    expect(await schoolRow(one)).toMatchObject({ code: before!.code, status: 1, area_code: "640104" });
  });
});

describe("schools: delete, batch_delete, quick_operate", () => {
  async function emptySchool(title: string, withPeriods = false): Promise<number> {
    const id = (await ok<{ id: number }>(C.schoolSave, { title, region_id: await regionId("640104") }, admin)).id;
    if (withPeriods) {
      const [p] = await s.database.db.insert(period).values({ school_id: id, name: "初中" }).returning();
      await s.database.db.insert(subject).values({ period_id: p!.id, name: "语文" });
      await s.database.db.insert(grade).values({ school_id: id, period_id: p!.id, name: "七年级" });
    }
    return id;
  }

  it("deletes a school with its periods, subjects and grades", async () => {
    const id = await emptySchool("待删学校", true);
    await ok(C.schoolDelete, { id }, admin);
    expect(await schoolRow(id)).toBeUndefined();
    expect(await s.database.db.select().from(period).where(eq(period.school_id, id))).toEqual([]);
    expect((await call(C.schoolRead, { id }, admin)).code).toBe(404);
  });

  it("409 while accounts or classes belong to it; 404 when unknown or out of scope; 403 for a school administrator", async () => {
    const one = await schoolId(ONE);
    const r = await call(C.schoolDelete, { id: one }, admin);
    expect(r.code).toBe(409);
    expect(r.msg).toMatch(/学校「银川市第一中学」下还有 \d+ 个账号/);
    const withClass = await emptySchool("有班级的学校", true);
    const [g] = await s.database.db.select().from(grade).where(eq(grade.school_id, withClass));
    await s.database.db.insert(schoolClass).values({ school_id: withClass, grade_id: g!.id, name: "1班" });
    const c = await call(C.schoolDelete, { id: withClass }, admin);
    expect(c).toMatchObject({ code: 409, msg: "学校「有班级的学校」下还有 1 个班级，请先删除这些班级" });
    await s.database.db.delete(schoolClass).where(eq(schoolClass.school_id, withClass));
    expect((await call(C.schoolDelete, { id: 999999 }, admin)).code).toBe(404);
    expect((await call(C.schoolDelete, { id: await schoolId(TWO) }, quji)).code).toBe(404);
    expect((await call(C.schoolDelete, { id: withClass }, xiaoji)).code).toBe(403);
    expect((await call(C.schoolDelete, { id: "x" }, admin)).code).toBe(400);
    await ok(C.schoolDelete, { id: withClass }, quji);
  });

  it("batch_delete answers a result per id", async () => {
    const a = await emptySchool("批量一");
    const b = await emptySchool("批量二");
    const one = await schoolId(ONE);
    const r = await ok<BatchResult[]>(C.schoolBatchDelete, { ids: [a, one, 999999, b] }, admin);
    expect(r.map((x) => [x.id, x.ok])).toEqual([
      [a, true],
      [one, false],
      [999999, false],
      [b, true],
    ]);
    expect(r[1]!.msg).toContain("个账号");
    expect(r[2]!.msg).toBe("学校不存在或不在您的管理范围");
    expect((await call(C.schoolBatchDelete, { ids: [] }, admin)).msg).toBe("编号列表(ids): 请至少选择一项");
    const c = await emptySchool("批量三");
    const byQuji = await ok<BatchResult[]>(C.schoolBatchDelete, { ids: [c, await schoolId(TWO)] }, quji);
    expect(byQuji.map((x) => x.ok)).toEqual([true, false]);
    expect((await call(C.schoolBatchDelete, { ids: [one] }, xiaoji)).data).toEqual([
      { id: one, ok: false, msg: "只有平台管理员或区级管理员可以新增、删除或启用禁用学校" },
    ]);
  });

  it("quick_operate switches the status", async () => {
    const two = await schoolId(TWO);
    await ok(C.schoolQuickOperate, { id: two, field: "status", value: 0 }, admin);
    expect((await schoolRow(two))?.status).toBe(0);
    expect((await ok<Page<SchoolRow>>(C.schoolList, { status: 0 }, admin)).list.map((x) => x.id)).toContain(two);
    await ok(C.schoolQuickOperate, { id: two, value: 1 }, pingtai);
    expect((await schoolRow(two))?.status).toBe(1);
    expect((await call(C.schoolQuickOperate, { id: two, value: 2 }, admin)).msg).toBe("值(value): 只能是 0 或 1");
    expect((await call(C.schoolQuickOperate, { id: 999999, value: 0 }, admin)).code).toBe(404);
    expect((await call(C.schoolQuickOperate, { id: two, value: 0 }, quji)).code).toBe(404);
    expect((await call(C.schoolQuickOperate, { id: await schoolId(ONE), value: 0 }, xiaoji)).code).toBe(403);
    await ok(C.schoolQuickOperate, { id: await schoolId(ONE), value: 1 }, quji);
  });
});

const HEADER = ["学校名称*", "学校编码", "区域编码*", "学校类型", "首页名称", "首页标志", "地址", "联系电话", "状态"];

describe("schools: import and export", () => {
  it("serves the template", async () => {
    const res = await fetch(`${base}${SCHOOL_TEMPLATE_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.getWorksheet("导入模板")!;
    expect(ws.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(wb.getWorksheet("说明")).toBeDefined();
    // The template as downloaded (example row only) imports nothing.
    const r = await ok<SchoolImportReport>(C.schoolImport, { filename: "t.xlsx", file: Buffer.from(await wb.xlsx.writeBuffer()).toString("base64") }, admin);
    expect(r.errors[0]!.msg).toBe("文件中没有数据");
  });

  it("mode all: one bad row stops the import and every bad row is reported", async () => {
    const file = await workbook(HEADER, [
      ["导入一中", "IMP001", "640104", "", "导入一中空间", "", "地址一", "0951-1000001", "启用"],
      ["", "IMP002", "640104", "", "", "", "", "", ""],
      ["导入二中", "IMP003", "649999", "", "", "", "", "", ""],
      ["导入三中", "640104001", "640105", "", "", "", "", "", ""],
      ["导入四中", "IMP001", "640105", "", "", "", "", "", "停用"],
      [ONE, "", "640104", "", "", "", "", "", ""],
      ["导入五中", "", "640105", "", "", "", "", "abc", ""],
    ]);
    const before = (await ok<Page<SchoolRow>>(C.schoolList, {}, admin)).total;
    const r = await ok<SchoolImportReport>(C.schoolImport, { filename: "学校.xlsx", file, mode: "all" }, admin);
    expect(r).toMatchObject({ total: 7, imported: 0, skipped: 7 });
    expect(r.errors).toEqual([
      { row: 3, field: "学校名称", msg: "必填" },
      { row: 4, field: "区域编码", msg: "未找到区域编码「649999」" },
      { row: 5, field: "学校编码", msg: "学校编码「640104001」已存在" },
      { row: 6, field: "学校编码", msg: "与第 2 行的学校编码重复" },
      { row: 6, field: "状态", msg: "状态只能是 启用 或 禁用" },
      { row: 7, field: "学校名称", msg: `区域「兴庆区」已有名为「${ONE}」的学校` },
      { row: 8, field: "联系电话", msg: "请输入正确的电话号码" },
    ]);
    expect((await ok<Page<SchoolRow>>(C.schoolList, {}, admin)).total).toBe(before);
  });

  it("mode valid: the good rows are imported with their region's codes", async () => {
    const file = await workbook(HEADER, [
      ["导入一中", "IMP001", "640104", "", "导入一中空间", "", "地址一", "0951-1000001", "启用"],
      ["导入二中", "IMP002", "640200", "MOSHI_k12", "", "", "", "", "禁用"],
      ["", "", "640104", "", "", "", "", "", ""],
    ]);
    const r = await ok<SchoolImportReport>(C.schoolImport, { filename: "学校.xlsx", file, mode: "valid" }, admin);
    expect(r).toMatchObject({ total: 3, imported: 2, skipped: 1 });
    expect(r.schools.map((x) => [x.row, x.title])).toEqual([
      [2, "导入一中"],
      [3, "导入二中"],
    ]);
    expect(await schoolRow(r.schools[0]!.id)).toMatchObject({
      area_code: "640104",
      city_code: "640100",
      region_id: await regionId("640104"),
      school_index_name: "导入一中空间",
      status: 1,
    });
    expect(await schoolRow(r.schools[1]!.id)).toMatchObject({ area_code: "", city_code: "640200", region_id: await regionId("640200"), status: 0 });
  });

  it("a district administrator's import stays inside his region; a school administrator may not import", async () => {
    const file = await workbook(HEADER, [
      ["区级导入甲", "", "640104", "", "", "", "", "", ""],
      ["区级导入乙", "", "640105", "", "", "", "", "", ""],
    ]);
    const r = await ok<SchoolImportReport>(C.schoolImport, { filename: "a.xlsx", file, mode: "valid" }, quji);
    expect(r.schools.map((x) => x.title)).toEqual(["区级导入甲"]);
    expect(r.errors).toEqual([{ row: 3, field: "区域编码", msg: "区域「西夏区」不在您的管理范围" }]);
    expect((await call(C.schoolImport, { filename: "a.xlsx", file }, xiaoji)).code).toBe(403);
  });

  it("refuses files that are not workbooks, wrong headers and bad payloads", async () => {
    const garbage = await ok<SchoolImportReport>(C.schoolImport, { filename: "x.xlsx", file: Buffer.from("hello").toString("base64") }, admin);
    expect(garbage.errors).toEqual([{ row: 0, field: "文件", msg: "文件不是有效的 Excel(.xlsx) 文件" }]);
    const wrong = await ok<SchoolImportReport>(C.schoolImport, { filename: "x.xlsx", file: await workbook(["名字", "电话"], [["a", "b"]]) }, admin);
    expect(wrong.errors).toEqual([{ row: 1, field: "表头", msg: "表头与模板不一致，请下载最新模板" }]);
    expect((await call(C.schoolImport, { filename: "x.csv", file: "AAAA" }, admin)).msg).toBe("文件名(filename): 只支持 .xlsx 文件");
    expect((await call(C.schoolImport, { filename: "x.xlsx", file: "@@@" }, admin)).msg).toBe("文件内容(file): 不是有效的 base64");
    expect((await call(C.schoolImport, { filename: "x.xlsx" }, admin)).msg).toBe("文件内容(file): 必填");
    expect((await call(C.schoolImport, { filename: "x.xlsx", file: "AAAA", mode: "some" }, admin)).code).toBe(400);
  });

  it("export round trip: the exported list parses back into the same schools and re-imports as duplicates", async () => {
    const r = await ok<FileAnswer>(C.schoolExport, { region_code: "640100" }, admin);
    expect(r.filename).toMatch(/^学校列表-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(r.mime).toContain("spreadsheetml");
    const list = await ok<Page<SchoolRow>>(C.schoolList, { region_code: "640100", limit: 100 }, admin);
    const regions = await s.database.db.select().from(region);
    const parsed = await parseSchoolImport(Buffer.from(r.file, "base64"), {
      regionByCode: (code) => regions.find((x) => x.region_code === code),
      mayPlace: () => true,
      existingCodes: new Set(),
      existingTitles: new Set(),
    });
    expect(parsed.errors).toEqual([]);
    const key = (x: { title: string; code: string; school_index_name: string; address: string; telephone: string; status: number }) =>
      `${x.title}|${x.code}|${x.school_index_name}|${x.address}|${x.telephone}|${x.status}`;
    expect(parsed.rows.map((x) => key(x.values)).sort()).toEqual(list.list.map(key).sort());
    expect(parsed.rows.map((x) => x.region.id).sort()).toEqual(list.list.map((x) => x.region_id).sort());

    // Through the wire: every row is already there …
    const again = await ok<SchoolImportReport>(C.schoolImport, { filename: r.filename, file: r.file, mode: "valid" }, admin);
    expect(again.imported).toBe(0);
    expect(again.errors.length).toBeGreaterThanOrEqual(list.total);
    // … until one is deleted: importing the export brings it back, the others stay reported.
    const gone = list.list.find((x) => x.title === "导入一中")!;
    await ok(C.schoolDelete, { id: gone.id }, admin);
    const back = await ok<SchoolImportReport>(C.schoolImport, { filename: r.filename, file: r.file, mode: "valid" }, admin);
    expect(back.schools.map((x) => x.title)).toEqual(["导入一中"]);
    expect(await schoolRow(back.schools[0]!.id)).toMatchObject({
      code: gone.code,
      area_code: gone.area_code,
      school_index_name: gone.school_index_name,
      address: gone.address,
    });
  });

  it("export is scoped like the list", async () => {
    const r = await ok<FileAnswer>(C.schoolExport, {}, xiaoji);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(Buffer.from(r.file, "base64")).buffer);
    const ws = wb.getWorksheet("学校列表")!;
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).text).toBe(ONE);
    expect((await call(C.schoolExport, { status: 7 }, admin)).code).toBe(400);
  });
});

describe("community edition: /v2/school/* (c359–c364)", () => {
  it("njySchoolList and njySchool answer like list and read", async () => {
    const a = await ok<Page<SchoolRow>>(C.njySchoolList, { region_code: "640200", limit: 50 }, admin);
    const b = await ok<Page<SchoolRow>>(C.schoolList, { region_code: "640200", limit: 50 }, admin);
    expect(a).toEqual(b);
    const one = await schoolId(ONE);
    expect(await ok<SchoolRow>(C.njySchool, { id: one }, admin)).toEqual(await ok<SchoolRow>(C.schoolRead, { id: one }, admin));
    expect((await call(C.njySchool, { id: 999999 }, admin)).code).toBe(404);
    expect((await call(C.njySchool, { id: await schoolId(TWO) }, xiaoji)).code).toBe(404);
    expect((await ok<Page<SchoolRow>>(C.njySchoolList, {}, quji)).total).toBeLessThan(a.total + 10);
  });

  it("njySave, njyUpdate and njyDelete keep the same rules", async () => {
    const id = (await ok<{ id: number }>(C.njySave, { title: "社区版新校", region_id: await regionId("640104") }, quji)).id;
    expect((await call(C.njySave, { title: "社区版越界", region_id: await regionId("640105") }, quji)).code).toBe(403);
    expect((await call(C.njySave, { region_id: await regionId("640104") }, quji)).msg).toBe("学校名称(title): 必填");
    await ok(C.njyUpdate, { id, address: "社区路 1 号" }, quji);
    expect((await schoolRow(id))?.address).toBe("社区路 1 号");
    expect((await call(C.njyUpdate, { id, code: "NJY1" }, xiaoji)).code).toBe(404);
    expect((await call(C.njyUpdate, { id: 999999, title: "x" }, admin)).code).toBe(404);
    expect((await call(C.njyDelete, { id: await schoolId(ONE) }, admin)).code).toBe(409);
    expect((await call(C.njyDelete, { id }, xiaoji)).code).toBe(403);
    await ok(C.njyDelete, { id }, quji);
    expect(await schoolRow(id)).toBeUndefined();
  });

  it("getRegionSchoolList answers every school of a region subtree within the caller's scope", async () => {
    const yc = await ok<SchoolOption[]>(C.getRegionSchoolList, { region_code: "640100" }, admin);
    const listed = await ok<Page<SchoolRow>>(C.schoolList, { region_code: "640100", limit: 100 }, admin);
    expect(yc.map((x) => x.id).sort()).toEqual(listed.list.map((x) => x.id).sort());
    expect(yc[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      code: expect.any(String),
      region_id: expect.any(Number),
      province_code: "640000",
      city_code: "640100",
      area_code: expect.stringMatching(/^64010[45]$/),
      school_type: expect.any(String),
      status: expect.any(Number),
    });
    const whole = await ok<SchoolOption[]>(C.getRegionSchoolList, { region_id: await regionId("640000") }, admin);
    expect(whole.length).toBe((await ok<Page<SchoolRow>>(C.schoolList, {}, admin)).total);
    const q = await ok<SchoolOption[]>(C.getRegionSchoolList, { region_code: "640100" }, quji);
    expect(q.every((x) => x.area_code === "640104")).toBe(true);
    expect(q.map((x) => x.title)).toContain(ONE);
    expect(await ok<SchoolOption[]>(C.getRegionSchoolList, { region_code: "640105" }, quji)).toEqual([]);
    expect((await ok<SchoolOption[]>(C.getRegionSchoolList, { region_code: "640100" }, xiaoji)).map((x) => x.title)).toEqual([ONE]);
    expect((await call(C.getRegionSchoolList, {}, admin)).msg).toBe("区域(region_id): 请选择区域");
    expect(await call(C.getRegionSchoolList, { region_id: 999999 }, admin)).toEqual({ code: 404, msg: "区域不存在", data: null });
    expect((await call(C.getRegionSchoolList, { region_id: "x" }, admin)).code).toBe(400);
  });
});

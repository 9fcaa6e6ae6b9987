/**
 * Storage quotas (#4: c021–c023, c042–c045) through the real wire, and the upload charging API of #5
 * (QuotaService.charge/release) on the database itself, including races for the last bytes. Runs on PGlite and,
 * with DATABASE_URL, on PostgreSQL (where the races are truly concurrent: a pool of 10 connections).
 */
import { type AccountSpace, CALLS, type AccountSpaceStatistics, QUOTA_CALLS as Q, type RegionSpace, type SchoolSpace, SPACE_UNIT_BYTES } from "@yanke/protocol";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountService } from "../src/modules/account/account.service.js";
import { account } from "../src/modules/account/account.schema.js";
import { region, school } from "../src/modules/org/org.schema.js";
import { OrgService } from "../src/modules/org/org.service.js";
import { QuotaService } from "../src/modules/quota/quota.service.js";
import { AppError } from "../src/http/errors.js";
import { TEST_TEACHER_PASSWORD } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";

const MB = SPACE_UNIT_BYTES.MB;
const DEMO = "Demo12345";
let s: TestServer;
let quota: QuotaService;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer({ LOGIN_MAX_FAILURES: "1000", LOGIN_MAX_FAILURES_PER_IP: "100000" });
  const db = s.database.db;
  quota = new QuotaService(db, new OrgService(db));
  tokens.admin = (await s.login()).token;
  for (const u of ["pingtai", "quji", "xiaoji"]) tokens[u] = (await s.login(u, DEMO)).token;
  tokens.teacher = (await s.login("lilaoshi", TEST_TEACHER_PASSWORD)).token;
});
afterAll(async () => s?.close());

const db = () => s.database.db;

async function accountId(username: string): Promise<number> {
  const [row] = await db().select({ id: account.id }).from(account).where(eq(account.username, username));
  if (!row) throw new Error(username);
  return row.id;
}
async function schoolId(title: string): Promise<number> {
  const [row] = await db().select({ id: school.id }).from(school).where(eq(school.title, title));
  if (!row) throw new Error(title);
  return row.id;
}
async function regionId(code: string): Promise<number> {
  const [row] = await db().select({ id: region.id }).from(region).where(eq(region.region_code, code));
  if (!row) throw new Error(code);
  return row.id;
}

let seq = 0;
/** A region tree of its own (root → district), schools in the district and accounts in the first school. */
async function tree(opts: { root?: number; district: number; schools: number[]; accounts: number[] }) {
  const tag = `${Date.now() % 100000}${++seq}`;
  const [root] = await db()
    .insert(region)
    .values({ name: `测试省${tag}`, level: 1, region_code: `91${tag}`, province_code: `91${tag}`, quota_bytes: opts.root ?? 0, space_size_type: "MB" })
    .returning();
  const [district] = await db()
    .insert(region)
    .values({
      name: `测试区${tag}`,
      level: 3,
      pid: root!.id,
      region_code: `92${tag}`,
      province_code: `91${tag}`,
      area_code: `92${tag}`,
      quota_bytes: opts.district,
      space_size_type: "MB",
    })
    .returning();
  const schools = await db()
    .insert(school)
    .values(
      opts.schools.map((q, i) => ({
        title: `测试学校${tag}-${i + 1}`,
        region_id: district!.id,
        province_code: `91${tag}`,
        area_code: `92${tag}`,
        quota_bytes: q,
        space_size_type: "MB",
      })),
    )
    .returning();
  const accounts = opts.accounts.length
    ? await db()
        .insert(account)
        .values(
          opts.accounts.map((q, i) => ({
            username: `q${tag}_${i + 1}`,
            realname: `测试${i + 1}`,
            password_hash: "x",
            school_id: schools[0]!.id,
            quota_bytes: q,
            space_size_type: "MB",
          })),
        )
        .returning()
    : [];
  return { root: root!, district: district!, schools, accounts };
}

async function used(t: Awaited<ReturnType<typeof tree>>) {
  const r = await db()
    .select()
    .from(region)
    .where(inArray(region.id, [t.root.id, t.district.id]));
  const sc = await db()
    .select()
    .from(school)
    .where(
      inArray(
        school.id,
        t.schools.map((x) => x.id),
      ),
    );
  const ac = t.accounts.length
    ? await db()
        .select()
        .from(account)
        .where(
          inArray(
            account.id,
            t.accounts.map((x) => x.id),
          ),
        )
    : [];
  return {
    root: r.find((x) => x.id === t.root.id)!.used_bytes,
    district: r.find((x) => x.id === t.district.id)!.used_bytes,
    schools: t.schools.map((x) => sc.find((y) => y.id === x.id)!.used_bytes),
    accounts: t.accounts.map((x) => ac.find((y) => y.id === x.id)!.used_bytes),
  };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("quota calls: permissions and scope", () => {
  it("a teacher gets 403 无权限 on every quota call", async () => {
    const zhang = await accountId("zhanglaoshi");
    const one = await schoolId("银川市第一中学");
    const xq = await regionId("640104");
    const payloads: [string, Record<string, unknown>][] = [
      [Q.accountSurplusSpace, { id: zhang }],
      [Q.setAccountSpace, { id: zhang, space_size: 1, space_size_type: "GB" }],
      [Q.accountSpaceStatistics, {}],
      [Q.regionSurplusSpace, { id: xq }],
      [Q.setRegionSpace, { id: xq, space_size: 1, space_size_type: "TB" }],
      [Q.schoolSurplusSpace, { id: one }],
      [Q.setSchoolSpace, { id: one, space_size: 1, space_size_type: "GB" }],
    ];
    for (const [path, payload] of payloads) expect(await s.call(path, payload, tokens.teacher), path).toEqual({ code: 403, msg: "无权限", data: null });
    // even reading his own space is an administrative call
    expect((await s.call(Q.accountSurplusSpace, { id: await accountId("lilaoshi") }, tokens.teacher)).code).toBe(403);
  });

  it("a school administrator manages his own school's accounts only, and no school or region quota", async () => {
    const zhang = await accountId("zhanglaoshi");
    const zhao = await accountId("zhaolaoshi");
    const one = await schoolId("银川市第一中学");
    const two = await schoolId("银川市第二中学");
    const read = await s.call<AccountSpace>(Q.accountSurplusSpace, { id: zhang }, tokens.xiaoji);
    expect(read.code, read.msg).toBe(200);
    expect(read.data).toMatchObject({ id: zhang, school_id: one, school_title: "银川市第一中学", unlimited: true, space_size: 0 });
    expect(read.data.school).toMatchObject({ id: one, space_size: 200, space_size_type: "GB", unlimited: false });
    const set = await s.call<AccountSpace>(Q.setAccountSpace, { id: zhang, space_size: 5, space_size_type: "GB" }, tokens.xiaoji);
    expect(set, set.msg).toMatchObject({ code: 200, msg: "设置成功", data: { id: zhang, space_size: 5, space_size_type: "GB", quota_bytes: 5 * 1024 ** 3 } });
    expect(set.data.school).toMatchObject({ allocated_space_size: 5, unallocated_space_size: 195 });

    for (const [path, payload] of [
      [Q.accountSurplusSpace, { id: zhao }],
      [Q.setAccountSpace, { id: zhao, space_size: 1 }],
      [Q.accountSpaceStatistics, { school_id: two }],
    ] as const) {
      const r = await s.call(path, payload, tokens.xiaoji);
      expect(r.code, path).toBe(404);
      expect(r.msg, path).toMatch(/不存在或不在您的管理范围/);
    }
    // school and region quotas are 存储空间 rules, which a school administrator does not hold
    for (const [path, payload] of [
      [Q.schoolSurplusSpace, { id: one }],
      [Q.setSchoolSpace, { id: one, space_size: 999, space_size_type: "GB" }],
      [Q.regionSurplusSpace, { id: await regionId("640104") }],
      [Q.setRegionSpace, { id: await regionId("640104"), space_size: 9, space_size_type: "TB" }],
    ] as const) {
      expect(await s.call(path, payload, tokens.xiaoji), path).toEqual({ code: 403, msg: "无权限", data: null });
    }
    // statistics: only his school's accounts
    const stats = await s.call<AccountSpaceStatistics>(Q.accountSpaceStatistics, { limit: 100 }, tokens.xiaoji);
    expect(stats.code, stats.msg).toBe(200);
    expect(stats.data.total).toBeGreaterThan(3);
    expect(stats.data.list.every((r) => r.school_id === one)).toBe(true);
  });

  it("a district administrator sets the schools of his district and the regions below it, never his own region", async () => {
    const one = await schoolId("银川市第一中学");
    const two = await schoolId("银川市第二中学");
    const xq = await regionId("640104");
    const xx = await regionId("640105");
    const yc = await regionId("640100");
    const r = await s.call<SchoolSpace>(Q.setSchoolSpace, { id: one, space_size: 300, space_size_type: "GB" }, tokens.quji);
    expect(r, r.msg).toMatchObject({ code: 200, data: { id: one, space_size: 300, region_id: xq, region_name: "兴庆区" } });
    expect((await s.call<SchoolSpace>(Q.schoolSurplusSpace, { id: one }, tokens.quji)).data.quota_bytes).toBe(300 * 1024 ** 3);
    const own = await s.call<RegionSpace>(Q.regionSurplusSpace, { id: xq }, tokens.quji);
    expect(own.code, own.msg).toBe(200);
    expect(own.data.children.map((c) => c.type)).toEqual(["school", "school"]);
    expect(own.data.allocated_bytes).toBe(500 * 1024 ** 3); // 300 GB + 200 GB
    expect(await s.call(Q.setRegionSpace, { id: xq, space_size: 10, space_size_type: "TB" }, tokens.quji)).toMatchObject({
      code: 403,
      msg: "不能设置本区域的存储空间，请联系上级管理员",
    });
    for (const [path, payload] of [
      [Q.schoolSurplusSpace, { id: two }],
      [Q.setSchoolSpace, { id: two, space_size: 1 }],
      [Q.regionSurplusSpace, { id: xx }],
      [Q.regionSurplusSpace, { id: yc }],
      [Q.setRegionSpace, { id: xx, space_size: 1 }],
      [Q.accountSpaceStatistics, { region_id: xx }],
      [Q.accountSurplusSpace, { id: await accountId("zhaolaoshi") }],
    ] as const) {
      const res = await s.call(path, payload, tokens.quji);
      expect(res.code, path).toBe(404);
      expect(res.msg, path).toMatch(/不存在或不在您的管理范围/);
    }
    const stats = await s.call<AccountSpaceStatistics>(Q.accountSpaceStatistics, { limit: 100 }, tokens.quji);
    expect(stats.code, stats.msg).toBe(200);
    const schools = await db().select({ id: school.id }).from(school).where(eq(school.area_code, "640104"));
    expect(stats.data.list.length).toBeGreaterThan(0);
    expect(stats.data.list.every((x) => schools.some((y) => y.id === x.school_id))).toBe(true);
    expect((await s.call<AccountSpaceStatistics>(Q.accountSpaceStatistics, { region_id: xq }, tokens.quji)).data.scope_name).toBe("兴庆区");
  });

  it("the platform administrator sets any region within its parent", async () => {
    const xq = await regionId("640104");
    const r = await s.call<RegionSpace>(Q.setRegionSpace, { id: xq, space_size: 3, space_size_type: "TB" }, tokens.pingtai);
    expect(r, r.msg).toMatchObject({ code: 200, data: { id: xq, space_size: 3, space_size_type: "TB", max_quota_bytes: 6 * 1024 ** 4 } });
    // 银川市 8 TB − 西夏区 2 TB = 6 TB left for 兴庆区
    const over = await s.call(Q.setRegionSpace, { id: xq, space_size: 6.5, space_size_type: "TB" }, tokens.pingtai);
    expect(over).toMatchObject({ code: 409, msg: "超出银川市可分配的存储空间：剩余可分配 6 TB，本次设置 6.5 TB" });
  });
});

describe("quota calls: bad input and unknown ids", () => {
  it("names the field in Chinese", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [Q.setRegionSpace, { space_size: 1 }, "区域编号(id): 必填"],
      [Q.setSchoolSpace, { id: 1 }, "空间大小(space_size): 必填"],
      [Q.setAccountSpace, { id: 1, space_size: -1 }, "空间大小(space_size): 不能小于 0"],
      [Q.setAccountSpace, { id: 1, space_size: "abc" }, "空间大小(space_size): 必须是数字"],
      [Q.setAccountSpace, { id: 1, space_size: "" }, "空间大小(space_size): 必须是数字"],
      [Q.setSchoolSpace, { id: 1, space_size: 1, space_size_type: "PB" }, "空间单位(space_size_type): 只能是 MB、GB 或 TB"],
      [Q.setRegionSpace, { id: 1, space_size: 2000, space_size_type: "TB" }, "空间大小(space_size): 不能超过 1024 TB"],
      [Q.regionSurplusSpace, {}, "区域编号(id): 必填"],
      [Q.schoolSurplusSpace, { id: "x" }, "学校编号(id)"],
      [Q.accountSurplusSpace, { id: 0 }, "账号编号(id): 必须大于 0"],
      [Q.accountSpaceStatistics, { page: 0 }, "页码(page)"],
      [Q.accountSpaceStatistics, { limit: 1000 }, "每页条数(limit)"],
      [Q.accountSpaceStatistics, { school_id: -1 }, "学校(school_id): 不能为负数"],
    ];
    for (const [path, payload, msg] of cases) {
      const r = await s.call(path, payload, tokens.admin);
      expect(r.code, `${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(r.msg, `${path} ${JSON.stringify(payload)}`).toContain(msg);
    }
  });

  it("unknown ids answer 404 …不存在", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [Q.regionSurplusSpace, { id: 999999 }, "区域不存在"],
      [Q.setRegionSpace, { id: 999999, space_size: 1 }, "区域不存在"],
      [Q.schoolSurplusSpace, { id: 999999 }, "学校不存在"],
      [Q.setSchoolSpace, { id: 999999, space_size: 1 }, "学校不存在"],
      [Q.accountSurplusSpace, { id: 999999 }, "账号不存在"],
      [Q.setAccountSpace, { id: 999999, space_size: 1 }, "账号不存在"],
      [Q.accountSpaceStatistics, { school_id: 999999 }, "学校不存在"],
      [Q.accountSpaceStatistics, { region_id: 999999 }, "区域不存在"],
    ];
    for (const [path, payload, msg] of cases) expect(await s.call(path, payload, tokens.admin), path).toEqual({ code: 404, msg, data: null });
  });
});

describe("quota arithmetic", () => {
  it("a school cannot exceed what its region has left, nor a region go below what it handed down", async () => {
    const t = await tree({ district: 100 * MB, schools: [0, 0], accounts: [] });
    const [s1, s2] = t.schools.map((x) => x.id);
    const ok = await s.call<SchoolSpace>(Q.setSchoolSpace, { id: s1, space_size: 60, space_size_type: "MB" }, tokens.admin);
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({
      space_size: 60,
      space_size_type: "MB",
      used_space_size: 0,
      surplus_space_size: 60,
      unallocated_space_size: 60,
      max_quota_bytes: 100 * MB,
    });
    let d = (await s.call<RegionSpace>(Q.regionSurplusSpace, { id: t.district.id }, tokens.admin)).data;
    expect(d).toMatchObject({ space_size: 100, allocated_space_size: 60, unallocated_space_size: 40, min_quota_bytes: 60 * MB, max_quota_bytes: null });
    expect(await s.call(Q.setSchoolSpace, { id: s2, space_size: 50, space_size_type: "MB" }, tokens.admin)).toEqual({
      code: 409,
      msg: `超出${t.district.name}可分配的存储空间：剩余可分配 40 MB，本次设置 50 MB`,
      data: { unallocated_bytes: 40 * MB, quota_bytes: 50 * MB },
    });
    expect((await s.call(Q.setSchoolSpace, { id: s2, space_size: 40, space_size_type: "MB" }, tokens.admin)).code).toBe(200);
    // s1 may keep its own 60 MB but not grow; the unit is kept when none is given
    expect((await s.call(Q.setSchoolSpace, { id: s1, space_size: 60 }, tokens.admin)).code).toBe(200);
    expect((await s.call(Q.setSchoolSpace, { id: s1, space_size: 61 }, tokens.admin)).code).toBe(409);
    // an unlimited school under a limited region is allowed (docs/decisions/0403)
    const unl = await s.call<SchoolSpace>(Q.setSchoolSpace, { id: s2, space_size: 0 }, tokens.admin);
    expect(unl.data).toMatchObject({ unlimited: true, surplus_space_size: null, used_percent: null });
    d = (await s.call<RegionSpace>(Q.regionSurplusSpace, { id: t.district.id }, tokens.admin)).data;
    expect(d.allocated_bytes).toBe(60 * MB);
    expect(d.children).toEqual([
      expect.objectContaining({ type: "school", id: s1, space_size: 60, unlimited: false }),
      expect.objectContaining({ type: "school", id: s2, space_size: 0, unlimited: true }),
    ]);
    expect(await s.call(Q.setRegionSpace, { id: t.district.id, space_size: 50 }, tokens.admin)).toMatchObject({
      code: 409,
      msg: "存储空间不能小于已分配给下级区域和学校的空间：已分配 60 MB，本次设置 50 MB",
    });
    const root = await s.call<RegionSpace>(Q.regionSurplusSpace, { id: t.root.id }, tokens.admin);
    expect(root.data.children).toEqual([expect.objectContaining({ type: "region", id: t.district.id, space_size: 100 })]);
  });

  it("an account cannot exceed what its school has left; units convert; used space is a floor", async () => {
    const t = await tree({ district: 0, schools: [60 * MB], accounts: [0, 0, 0] });
    const [a1, a2, a3] = t.accounts.map((x) => x.id);
    const r1 = await s.call<AccountSpace>(Q.setAccountSpace, { id: a1, space_size: 0.02, space_size_type: "GB" }, tokens.admin);
    expect(r1.code, r1.msg).toBe(200);
    expect(r1.data).toMatchObject({ space_size: 0.02, space_size_type: "GB", quota_bytes: Math.round(0.02 * 1024 ** 3), max_quota_bytes: 60 * MB });
    expect((await s.call(Q.setAccountSpace, { id: a2, space_size: 30, space_size_type: "MB" }, tokens.admin)).code).toBe(200);
    const left = 60 * MB - 30 * MB - Math.round(0.02 * 1024 ** 3);
    const over = await s.call(Q.setAccountSpace, { id: a3, space_size: 10, space_size_type: "MB" }, tokens.admin);
    expect(over).toMatchObject({ code: 409, msg: "超出学校可分配的存储空间：剩余可分配 9.52 MB，本次设置 10 MB", data: { unallocated_bytes: left } });
    const sch = await s.call<SchoolSpace>(Q.schoolSurplusSpace, { id: t.schools[0]!.id }, tokens.admin);
    expect(sch.data).toMatchObject({ account_count: 3, allocated_bytes: 60 * MB - left, unallocated_bytes: left, region_name: t.district.name });
    // the school cannot shrink below what its accounts hold
    expect((await s.call(Q.setSchoolSpace, { id: t.schools[0]!.id, space_size: 50 }, tokens.admin)).msg).toBe(
      "存储空间不能小于已分配给账号的空间：已分配 50.48 MB，本次设置 50 MB",
    );

    await quota.charge(a1, 10 * MB);
    const floor = await s.call(Q.setAccountSpace, { id: a1, space_size: 5, space_size_type: "MB" }, tokens.admin);
    expect(floor).toEqual({ code: 409, msg: "存储空间不能小于已用空间：已用 10 MB，本次设置 5 MB", data: { used_bytes: 10 * MB, quota_bytes: 5 * MB } });
    const a = await s.call<AccountSpace>(Q.accountSurplusSpace, { id: a1 }, tokens.admin);
    expect(a.data).toMatchObject({
      used_bytes: 10 * MB,
      surplus_bytes: Math.round(0.02 * 1024 ** 3) - 10 * MB,
      min_quota_bytes: 10 * MB,
      available_bytes: Math.round(0.02 * 1024 ** 3) - 10 * MB,
    });
    expect(a.data.used_percent).toBeCloseTo(48.8, 1);
    expect(a.data.school).toMatchObject({ used_space_size: 10, surplus_space_size: 50 });
    // unlimited again: allowed whatever is used
    expect((await s.call(Q.setAccountSpace, { id: a1, space_size: 0 }, tokens.admin)).code).toBe(200);
    expect((await s.call<AccountSpace>(Q.accountSurplusSpace, { id: a1 }, tokens.admin)).data.available_bytes).toBe(50 * MB);
  });

  it("charge reserves on account, school and every region; refuses with 413 naming the full level; release gives back", async () => {
    const t = await tree({ root: 1000 * MB, district: 100 * MB, schools: [60 * MB, 0], accounts: [20 * MB, 0] });
    const [a1, a2] = t.accounts.map((x) => x.id);
    await quota.charge(a1, 10 * MB);
    expect(await used(t)).toEqual({ root: 10 * MB, district: 10 * MB, schools: [10 * MB, 0], accounts: [10 * MB, 0] });

    let e = await refusal(quota.charge(a1, 15 * MB));
    expect([e.code, e.message]).toEqual([413, "存储空间不足：个人空间剩余 10 MB，本次需要 15 MB"]);
    expect(e.data).toEqual({ level: "account", id: a1, surplus_bytes: 10 * MB, need_bytes: 15 * MB });
    e = await refusal(quota.charge(a2, 55 * MB));
    expect([e.code, e.message]).toEqual([413, "存储空间不足：学校剩余 50 MB，本次需要 55 MB"]);
    // nothing was charged by the refused uploads
    expect(await used(t)).toEqual({ root: 10 * MB, district: 10 * MB, schools: [10 * MB, 0], accounts: [10 * MB, 0] });

    // the region level: an account of the unlimited second school
    const [b1] = await db()
      .insert(account)
      .values({ username: `qb${Date.now()}`, realname: "乙", password_hash: "x", school_id: t.schools[1]!.id })
      .returning();
    e = await refusal(quota.charge(b1!.id, 95 * MB));
    expect([e.code, e.message]).toEqual([413, `存储空间不足：${t.district.name}剩余 90 MB，本次需要 95 MB`]);
    await quota.charge(b1!.id, 90 * MB);
    expect(await quota.available(a2)).toBe(0);
    e = await refusal(quota.charge(a2, 1));
    expect(e.message).toBe(`存储空间不足：${t.district.name}剩余 0 B，本次需要 1 B`);

    // release: at most what the account used, never below 0, along the same chain
    await quota.release(b1!.id, 90 * MB);
    await quota.release(a1, 100 * MB);
    expect(await used(t)).toEqual({ root: 0, district: 0, schools: [0, 0], accounts: [0, 0] });
    await quota.release(a1, 5);
    await quota.release(999999, 5);
    expect(await used(t)).toEqual({ root: 0, district: 0, schools: [0, 0], accounts: [0, 0] });

    expect((await refusal(quota.charge(999999, 1))).code).toBe(404);
    expect((await refusal(quota.charge(a1, -1))).code).toBe(400);
    expect((await refusal(quota.charge(a1, 1.5))).code).toBe(400);
    await quota.charge(a1, 0);
  });

  it("charges inside the caller's transaction roll back with it", async () => {
    const t = await tree({ district: 0, schools: [0], accounts: [0] });
    const a1 = t.accounts[0]!.id;
    await refusal(
      db().transaction(async (tx) => {
        await quota.charge(a1, 3 * MB, { tx });
        throw new AppError(400, "upload failed after charging");
      }),
    );
    expect((await used(t)).accounts).toEqual([0]);
    await db().transaction(async (tx) => quota.charge(a1, 3 * MB, { tx }));
    expect(await used(t)).toMatchObject({ root: 3 * MB, district: 3 * MB, schools: [3 * MB], accounts: [3 * MB] });
  });

  it("statistics list the largest consumers first, with totals", async () => {
    const t = await tree({ district: 0, schools: [0], accounts: [0, 0, 0, 4 * MB] });
    const ids = t.accounts.map((x) => x.id);
    await quota.charge(ids[0]!, 1 * MB);
    await quota.charge(ids[1]!, 5 * MB);
    await quota.charge(ids[2]!, 3 * MB);
    await quota.charge(ids[3]!, 2 * MB);
    const r = await s.call<AccountSpaceStatistics>(Q.accountSpaceStatistics, { school_id: t.schools[0]!.id, limit: 3 }, tokens.admin);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ total: 4, page: 1, limit: 3, total_used_bytes: 11 * MB, scope_name: t.schools[0]!.title });
    expect(r.data.list.map((x) => x.id)).toEqual([ids[1], ids[2], ids[3]]);
    expect(r.data.list[2]).toMatchObject({ used_space_size: 2, space_size: 4, used_percent: 50, school_title: t.schools[0]!.title });
    const p2 = await s.call<AccountSpaceStatistics>(Q.accountSpaceStatistics, { school_id: t.schools[0]!.id, limit: 3, page: 2 }, tokens.admin);
    expect(p2.data.list.map((x) => x.id)).toEqual([ids[0]]);
    const byRegion = await s.call<AccountSpaceStatistics>(Q.accountSpaceStatistics, { region_id: t.root.id }, tokens.admin);
    expect(byRegion.data).toMatchObject({ total: 4, total_used_bytes: 11 * MB, scope_name: t.root.name });
  });
});

describe("races for the last bytes (no overdraw)", () => {
  const ATTEMPTS = 20;

  async function race(chargers: number[], bytes: number): Promise<{ ok: number; full: number }> {
    const results = await Promise.allSettled(chargers.map((id) => quota.charge(id, bytes)));
    let ok = 0;
    let fullCount = 0;
    for (const r of results) {
      if (r.status === "fulfilled") ok++;
      else if (r.reason instanceof AppError && r.reason.code === 413) fullCount++;
      else throw r.reason;
    }
    return { ok, full: fullCount };
  }

  it("one account: exactly what is left is granted", async () => {
    const t = await tree({ district: 0, schools: [0], accounts: [10 * MB] });
    const a = t.accounts[0]!.id;
    await quota.charge(a, 5 * MB);
    expect(await race(Array(ATTEMPTS).fill(a), MB)).toEqual({ ok: 5, full: ATTEMPTS - 5 });
    expect(await used(t)).toMatchObject({ accounts: [10 * MB], schools: [10 * MB], district: 10 * MB, root: 10 * MB });
  });

  it("twenty accounts racing for a school's last bytes", async () => {
    const t = await tree({ district: 0, schools: [7 * MB], accounts: Array(ATTEMPTS).fill(0) });
    await quota.charge(t.accounts[0]!.id, 2 * MB);
    expect(
      await race(
        t.accounts.map((x) => x.id),
        MB,
      ),
    ).toEqual({ ok: 5, full: ATTEMPTS - 5 });
    const u = await used(t);
    expect(u.schools).toEqual([7 * MB]);
    expect(u.accounts.reduce((a, b) => a + b, 0)).toBe(7 * MB);
    expect([u.district, u.root]).toEqual([7 * MB, 7 * MB]);
  });

  it("accounts of two schools racing for a region's last bytes, with releases and quota changes interleaved", async () => {
    const t = await tree({ root: 9 * MB, district: 0, schools: [0, 0], accounts: Array(ATTEMPTS).fill(0) });
    // half the accounts move to the second school
    const second = t.accounts.slice(ATTEMPTS / 2).map((x) => x.id);
    await db().update(account).set({ school_id: t.schools[1]!.id }).where(inArray(account.id, second));
    await quota.charge(t.accounts[0]!.id, 3 * MB);
    const admin = new AccountService(db());
    const me = (await admin.byUsername("admin"))!;
    // quota changes racing with the charges must neither deadlock nor break the invariants
    const noise = [
      quota.setRegionSpace(me, { id: t.root.id, space_size: 9, space_size_type: "MB" }),
      quota.setSchoolSpace(me, { id: t.schools[0]!.id, space_size: 0 }),
      quota.setRegionSpace(me, { id: t.district.id, space_size: 0 }),
      quota.setAccountSpace(me, { id: t.accounts[1]!.id, space_size: 0 }),
    ];
    const [r] = await Promise.all([
      race(
        t.accounts.map((x) => x.id),
        1 * MB,
      ),
      Promise.all(noise),
    ]);
    expect(r).toEqual({ ok: 6, full: ATTEMPTS - 6 });
    const u = await used(t);
    expect(u.root).toBe(9 * MB);
    expect(u.district).toBe(9 * MB);
    expect(u.schools[0]! + u.schools[1]!).toBe(9 * MB);
    expect(u.accounts.reduce((a, b) => a + b, 0)).toBe(9 * MB);
    // giving back concurrently brings every level to 0 exactly
    await Promise.all(t.accounts.map((x, i) => quota.release(x.id, u.accounts[i]!)));
    expect(await used(t)).toEqual({ root: 0, district: 0, schools: [0, 0], accounts: Array(ATTEMPTS).fill(0) });
  });

  it("concurrent quota settings cannot hand out more than the region has", async () => {
    const t = await tree({ district: 100 * MB, schools: Array(10).fill(0), accounts: [] });
    const me = (await new AccountService(db()).byUsername("admin"))!;
    const results = await Promise.allSettled(t.schools.map((x) => quota.setSchoolSpace(me, { id: x.id, space_size: 20, space_size_type: "MB" })));
    const ok = results.filter((x) => x.status === "fulfilled").length;
    for (const x of results) if (x.status === "rejected") expect(x.reason).toMatchObject({ code: 409 });
    expect(ok).toBe(5);
    const rows = await db()
      .select()
      .from(school)
      .where(
        inArray(
          school.id,
          t.schools.map((x) => x.id),
        ),
      );
    expect(rows.reduce((a, b) => a + b.quota_bytes, 0)).toBe(100 * MB);
  });
});

describe("quotas and account administration", () => {
  it("the session carries the account's storage figures; deleting an account gives its space back; a school move with used space is refused", async () => {
    const sv = await startTestServer();
    try {
      const adminToken = (await sv.login()).token;
      const one = (await sv.services.accounts.byUsername("xiaoji"))!.school_id;
      const two = (await sv.services.accounts.byUsername("zhaolaoshi"))!.school_id;
      const made = await sv.call<{ id: number }>(
        CALLS.accountSave,
        { username: "spaceuser", realname: "用空间的人", password: "Space12345", password_confirmation: "Space12345", school_id: one },
        adminToken,
      );
      expect(made.code, made.msg).toBe(200);
      await sv.services.quota.charge(made.data.id, 5 * 1024 * 1024);
      const info = await sv.login("spaceuser", "Space12345");
      expect(info.disk_space).toBe(5 * 1024 * 1024);
      expect(info.total_space).toBe(0);
      const schoolSpace = await sv.services.quota.ownSpace(made.data.id);
      expect(info.surplus_space_size).toBe(schoolSpace.available_bytes ?? -1);

      const move = await sv.call(CALLS.accountUpdate, { id: made.data.id, school_id: two }, adminToken);
      expect(move).toMatchObject({ code: 409, msg: "该账号已使用存储空间，不能更换学校：请先清理其文件" });

      const before = schoolSpace.school!.used_bytes;
      expect((await sv.call(CALLS.accountDelete, { id: made.data.id }, adminToken)).code).toBe(200);
      const xiaoji = (await sv.services.accounts.byUsername("xiaoji"))!;
      const after = (await sv.services.quota.ownSpace(xiaoji.id)).school!.used_bytes;
      expect(before - after).toBe(5 * 1024 * 1024);
    } finally {
      await sv.close();
    }
  });
});

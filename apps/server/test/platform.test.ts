import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { type Envelope, type Page, postCall } from "@yanke/protocol";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuthCodeRow,
  type CommonImgRow,
  type MandateAnswer,
  PLATFORM_CALLS as C,
  type SettingRow,
  type WebIndexAnswer,
  type WebsiteInfo,
} from "@yanke/protocol";
import { type CallHost, reply } from "../src/http/call.js";
import { AppError } from "../src/http/errors.js";
import { account } from "../src/modules/account/account.schema.js";
import { period, school } from "../src/modules/org/org.schema.js";
import { ANALYSIS_UNLICENSED, AnalysisSlots, MemorySlotStore, RedisSlotStore, analysisFullMessage } from "../src/modules/platform/analysis-slots.js";
import { loadServerSecret } from "../src/infra/server-secret.js";
import { AuthCodes, CODE_REFUSALS } from "../src/modules/platform/auth-code.js";
import { platformRoutes } from "../src/modules/platform/platform.routes.js";
import { authCode } from "../src/modules/platform/platform.schema.js";
import { PlatformService, seedPlatform } from "../src/modules/platform/platform.service.js";
import { authRule } from "../src/modules/rbac/rbac.schema.js";
import { TEST_TEACHER_PASSWORD } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";

const DEMO = "Demo12345";
let s: TestServer;
let platform: PlatformService;
let side: FastifyInstance | undefined;
let call: <T = unknown>(path: string, payload?: Record<string, unknown>, token?: string) => Promise<Envelope<T>>;
const tok: Record<string, string> = {};
let school1 = 0;
let school2 = 0;
let junior1 = 0;
let senior1 = 0;
let junior2 = 0;

/**
 * Until app.ts wires platformRoutes, the calls are mounted on a side Fastify instance over the same database, auth
 * and rbac services (the same CallHost as buildApp's), reached through the real encrypted wire. Once wired, the
 * real server answers.
 */
async function mount(): Promise<void> {
  const wired: unknown = Reflect.get(s.services, "platform");
  if (wired instanceof PlatformService && s.app.hasRoute({ method: "POST", url: C.website })) {
    platform = wired;
    call = s.call;
    return;
  }
  platform = new PlatformService(s.database.db, s.services.org, s.services.accounts, { serverSecret: await loadServerSecret(s.database.db) });
  const app = Fastify({ logger: false });
  const host: CallHost = {
    appKey: s.config.appKey,
    allowRaw: false,
    resolveToken: (t) => s.services.auth.resolve(t),
    authorize: async (auth, rule) => s.services.rbac.authorize(await s.services.accounts.subject(auth.accountId), rule),
    registry: [],
  };
  app.setErrorHandler((err, _req, res) => {
    if (err instanceof AppError) {
      if (err.code === 429 && typeof err.data === "object" && err.data && "retry_after" in err.data) res.header("retry-after", String(err.data.retry_after));
      return reply(res, err.code, err.message, err.data);
    }
    return res.code(500).send({ code: 500, msg: String(err), data: null });
  });
  platformRoutes(app, host, { platform, accounts: s.services.accounts });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  side = app;
  call = (p, payload = {}, token) => postCall(p, payload, { baseUrl: url, appKey: s.config.appKey, token });
}

async function grant(username: string, ...rules: string[]): Promise<void> {
  const db = s.database.db;
  const ids = (await db.select({ id: authRule.id, name: authRule.name }).from(authRule)).filter((r) => rules.includes(r.name)).map((r) => r.id);
  expect(ids).toHaveLength(rules.length);
  await db.update(account).set({ rules_special: ids }).where(eq(account.username, username));
}

beforeAll(async () => {
  s = await startTestServer({ LOGIN_MAX_FAILURES: "1000", LOGIN_MAX_FAILURES_PER_IP: "100000" });
  await seedPlatform(s.database.db);
  await seedPlatform(s.database.db); // idempotent
  await mount();
  tok.admin = (await s.login()).token;
  tok.pingtai = (await s.login("pingtai", DEMO)).token;
  tok.quji = (await s.login("quji", DEMO)).token;
  tok.xiaoji = (await s.login("xiaoji", DEMO)).token;
  tok.teacher = (await s.login("lilaoshi", TEST_TEACHER_PASSWORD)).token;
  const db = s.database.db;
  const schools = await db.select().from(school);
  school1 = schools.find((x) => x.title === "银川市第一中学")!.id;
  school2 = schools.find((x) => x.title === "银川市第二中学")!.id;
  const periods = await db.select().from(period);
  junior1 = periods.find((p) => p.school_id === school1 && p.name === "初中")!.id;
  senior1 = periods.find((p) => p.school_id === school1 && p.name === "高中")!.id;
  junior2 = periods.find((p) => p.school_id === school2)!.id;
});
afterAll(async () => {
  await side?.close();
  await s?.close();
});

const NO_PERMISSION = { code: 403, msg: "无权限", data: null };

describe("settings: /middle/system/read, list, update", () => {
  it("reads a known key (its default until set) for any session; unknown key 404; no token 1025", async () => {
    const r = await call<SettingRow>(C.systemRead, { key: "ai_capacity" }, tok.teacher);
    expect(r).toEqual({
      code: 200,
      msg: "操作成功",
      data: { key: "ai_capacity", title: "同时进行的课堂分析数量上限", value: 2, default_value: 2, updated_at: "" },
    });
    expect(await call(C.systemRead, { key: "no_such_key" }, tok.admin)).toEqual({ code: 404, msg: "设置项不存在", data: null });
    expect(await call(C.systemRead, { key: "__proto__" }, tok.admin)).toMatchObject({ code: 404, msg: "设置项不存在" });
    expect(await call(C.systemRead, {}, tok.admin)).toMatchObject({ code: 400, msg: "设置项(key): 必填" });
    expect(await call(C.systemRead, { key: 5 }, tok.admin)).toMatchObject({ code: 400 });
    expect((await call(C.systemRead, { key: "ai_capacity" })).code).toBe(1025);
    const d = await call<SettingRow>(C.systemRead, { key: "upload_disclaimer" }, tok.teacher);
    expect(d.data.value).toContain("法律责任");
  });

  it("lists every setting for administrators; a teacher gets 403", async () => {
    const r = await call<SettingRow[]>(C.systemList, {}, tok.admin);
    expect(r.code).toBe(200);
    expect(r.data.map((x) => x.key)).toEqual(["ai_capacity", "data_cockpit_url", "upload_disclaimer"]);
    expect(await call(C.systemList, {}, tok.teacher)).toEqual(NO_PERMISSION);
  });

  it("updates a setting with its own validation; platform administrators only", async () => {
    expect(await call(C.systemUpdate, { key: "ai_capacity", value: 5 }, tok.teacher)).toEqual(NO_PERMISSION);
    expect(await call(C.systemUpdate, { key: "ai_capacity", value: "abc" }, tok.admin)).toMatchObject({
      code: 400,
      msg: "同时进行的课堂分析数量上限(value): 必须是数字",
    });
    expect(await call(C.systemUpdate, { key: "ai_capacity", value: 0 }, tok.admin)).toMatchObject({
      code: 400,
      msg: "同时进行的课堂分析数量上限(value): 不能小于 1",
    });
    expect(await call(C.systemUpdate, { key: "ai_capacity", value: 2.5 }, tok.admin)).toMatchObject({
      code: 400,
      msg: "同时进行的课堂分析数量上限(value): 必须是整数",
    });
    expect(await call(C.systemUpdate, { key: "ai_capacity" }, tok.admin)).toMatchObject({ code: 400, msg: "设置值(value): 必填" });
    expect(await call(C.systemUpdate, { key: "upload_disclaimer", value: "  " }, tok.admin)).toMatchObject({ code: 400, msg: "上传免责说明(value): 不能为空" });
    expect(await call(C.systemUpdate, { key: "data_cockpit_url", value: "ftp://x" }, tok.admin)).toMatchObject({
      code: 400,
      msg: "数据驾驶舱地址(value): 必须是 http:// 或 https:// 开头的地址",
    });
    expect(await call(C.systemUpdate, { key: "nope", value: 1 }, tok.admin)).toEqual({ code: 404, msg: "设置项不存在", data: null });
    expect(await call(C.systemUpdate, { value: 1 }, tok.admin)).toMatchObject({ code: 400, msg: "设置项(key): 必填" });
    expect(await platform.aiCapacity()).toBe(2);

    const r = await call<SettingRow>(C.systemUpdate, { key: "ai_capacity", value: "5" }, tok.pingtai);
    expect(r).toMatchObject({ code: 200, msg: "设置成功", data: { key: "ai_capacity", value: 5, default_value: 2 } });
    expect(r.data.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await call<SettingRow>(C.systemRead, { key: "ai_capacity" }, tok.teacher)).data.value).toBe(5);
    expect(await platform.setting("ai_capacity")).toBe(5);
    expect(await platform.aiCapacity()).toBe(5);
    const url = await call<SettingRow>(C.systemUpdate, { key: "data_cockpit_url", value: " https://cockpit.example.cn/screen " }, tok.admin);
    expect(url.data.value).toBe("https://cockpit.example.cn/screen");
  });

  it("a school or district administrator holding the rule still may not change platform settings", async () => {
    await grant("xiaoji", C.systemUpdate);
    expect(await call(C.systemUpdate, { key: "ai_capacity", value: 9 }, tok.xiaoji)).toEqual({ code: 403, msg: "只有平台管理员可以修改平台设置", data: null });
    expect(await platform.setting("ai_capacity")).toBe(5);
    await grant("xiaoji");
  });
});

describe("website: /web/website, update", () => {
  it("answers the platform's information without a token (seeded defaults)", async () => {
    const r = await call<WebsiteInfo>(C.website, {});
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ school_id: 0, name: "研课教研平台", logo_url: "/favicon.svg", is_override: false });
    expect(Object.keys(r.data).sort()).toEqual(["host", "icp", "is_override", "logo_url", "name", "phone", "school_id", "support", "updated_at", "work_time"]);
    // an invalid token does not matter on a public call
    expect((await call(C.website, {}, "not-a-token")).code).toBe(200);
    const one = await call<WebsiteInfo>(C.website, { school_id: school1 });
    expect(one.data).toMatchObject({ school_id: school1, name: "研课教研平台", is_override: false });
  });

  it("refuses unknown schools and bad input", async () => {
    expect(await call(C.website, { school_id: 99999 })).toEqual({ code: 404, msg: "学校不存在", data: null });
    expect(await call(C.website, { school_id: "abc" })).toMatchObject({ code: 400, msg: expect.stringMatching(/^学校\(school_id\): /) });
    expect(await call(C.website, { school_id: -1 })).toMatchObject({ code: 400, msg: "学校(school_id): 不能为负数" });
  });

  it("platform administrators update the platform's information, validated field by field", async () => {
    expect(await call(C.websiteUpdate, { name: "x" }, tok.teacher)).toEqual(NO_PERMISSION);
    for (const [payload, msg] of [
      [{ name: "" }, "平台名称(name): 请输入平台名称"],
      [{ name: "名".repeat(51) }, "平台名称(name): 平台名称不能超过 50 个字符"],
      [{ phone: "call me" }, "联系电话(phone): 请输入正确的联系电话（数字、-、空格，多个号码用、分隔）"],
      [{ icp: "备案123" }, "ICP备案号(icp): ICP 备案号格式不正确（如 宁ICP备12345678号-1）"],
      [{ logo_url: "javascript:alert(1)" }, "平台标志(logo_url): 必须是 http(s):// 开头的地址或以 / 开头的路径"],
      [{ host: 5 }, expect.stringMatching(/^主办单位\(host\): /)],
    ] as const) {
      expect(await call(C.websiteUpdate, payload, tok.admin), JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    }
    const r = await call<WebsiteInfo>(
      C.websiteUpdate,
      { name: "宁夏教研云平台", phone: "0951-1234567、400-800-1234", icp: "宁ICP备12345678号-1", host: "银川市教育局", work_time: "工作日 8:30–17:30" },
      tok.pingtai,
    );
    expect(r).toMatchObject({
      code: 200,
      msg: "修改成功",
      data: { school_id: 0, name: "宁夏教研云平台", phone: "0951-1234567、400-800-1234", icp: "宁ICP备12345678号-1", logo_url: "/favicon.svg" },
    });
    expect((await call<WebsiteInfo>(C.website, {})).data).toMatchObject({ name: "宁夏教研云平台", host: "银川市教育局", support: "研课教研平台技术支持组" });
  });

  it("a school administrator sets his school's override only; empty fields fall back to the platform's", async () => {
    // 校级管理员 holds /web/website/update from the seed; a teacher does not.
    expect(await call(C.websiteUpdate, { name: "一中" }, tok.lilaoshi ?? (await s.login("lilaoshi", "Teacher123")).token)).toEqual(NO_PERMISSION);
    const r = await call<WebsiteInfo>(C.websiteUpdate, { name: "银川一中教研空间", logo_url: "https://cdn.example.cn/yc1.png" }, tok.xiaoji);
    expect(r).toMatchObject({
      code: 200,
      data: { school_id: school1, name: "银川一中教研空间", logo_url: "https://cdn.example.cn/yc1.png", host: "银川市教育局", is_override: true },
    });
    expect((await call<WebsiteInfo>(C.website, { school_id: school1 })).data).toMatchObject({
      name: "银川一中教研空间",
      phone: "0951-1234567、400-800-1234",
      is_override: true,
    });
    expect((await call<WebsiteInfo>(C.website, { school_id: school2 })).data).toMatchObject({ name: "宁夏教研云平台", is_override: false });
    expect((await call<WebsiteInfo>(C.website, {})).data.name).toBe("宁夏教研云平台");

    expect(await call(C.websiteUpdate, { school_id: 0, name: "改平台" }, tok.xiaoji)).toMatchObject({
      code: 403,
      msg: expect.stringContaining("只有平台管理员可以修改平台信息"),
    });
    expect(await call(C.websiteUpdate, { school_id: school2, name: "改别校" }, tok.xiaoji)).toEqual({ code: 403, msg: "只能修改本校的站点信息", data: null });
    expect(await call(C.websiteUpdate, { school_id: 99999, name: "x" }, tok.xiaoji)).toEqual({ code: 404, msg: "学校不存在", data: null });
    expect((await call<WebsiteInfo>(C.website, { school_id: school2 })).data.name).toBe("宁夏教研云平台");
    expect((await call<WebsiteInfo>(C.website, {})).data.name).toBe("宁夏教研云平台");

    // clearing a field of the override brings the platform's back
    const cleared = await call<WebsiteInfo>(C.websiteUpdate, { school_id: school1, name: "" }, tok.xiaoji);
    expect(cleared.data).toMatchObject({ name: "宁夏教研云平台", logo_url: "https://cdn.example.cn/yc1.png", is_override: true });
    await grant("xiaoji");
  });

  it("a district administrator sets the overrides of his region's schools only", async () => {
    await grant("quji", C.websiteUpdate);
    expect((await call<WebsiteInfo>(C.websiteUpdate, { school_id: school1, support: "兴庆区电教中心" }, tok.quji)).data).toMatchObject({
      support: "兴庆区电教中心",
    });
    expect(await call(C.websiteUpdate, { school_id: school2, support: "x" }, tok.quji)).toEqual({ code: 403, msg: "只能修改本辖区学校的站点信息", data: null });
    expect((await call(C.websiteUpdate, { support: "x" }, tok.quji)).code).toBe(403);
    await grant("quji");
  });
});

describe("images: /middle/common_img*, get_img_info, web_index", () => {
  const ids: Record<string, number> = {};

  it("saves images with validated fields and placement", async () => {
    const save = (p: Record<string, unknown>, t = tok.admin) => call<{ id: number }>(C.imgSave, p, t);
    expect(await save({ attribute: "banner", img_url: "/a.png" }, tok.teacher)).toEqual(NO_PERMISSION);
    expect(await save({ attribute: "banner" })).toMatchObject({ code: 400, msg: "图片地址(img_url): 必填" });
    expect(await save({ attribute: "banner", img_url: "" })).toMatchObject({ code: 400, msg: "图片地址(img_url): 请上传图片" });
    expect(await save({ attribute: "foo", img_url: "/a.png" })).toMatchObject({ code: 400, msg: "图片位置(attribute): 只能是 banner、module、ad 或 login" });
    expect(await save({ img_url: "/a.png" })).toMatchObject({ code: 400, msg: "图片位置(attribute): 必填" });
    expect(await save({ attribute: "banner", img_url: "/a.png", link_url: "javascript:x" })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^链接地址\(link_url\)/),
    });
    expect(await save({ attribute: "banner", img_url: "/a.png", is_shortcut: 2 })).toMatchObject({ code: 400, msg: "快捷入口(is_shortcut): 只能是 0 或 1" });
    expect(await save({ attribute: "banner", img_url: "/a.png", school_id: 99999 })).toMatchObject({ code: 400, msg: "学校(school_id): 学校不存在" });
    expect(await save({ attribute: "banner", img_url: "/a.png", school_id: school1, period_id: junior2 })).toMatchObject({
      code: 400,
      msg: "学段(period_id): 学段不存在或不属于该学校",
    });
    expect(await save({ attribute: "banner", img_url: "/a.png", period_id: junior1 })).toMatchObject({
      code: 400,
      msg: "学段(period_id): 平台的图片不能指定学段",
    });

    const ok = async (name: string, p: Record<string, unknown>) => {
      const r = await save(p);
      expect(r, name).toMatchObject({ code: 200, msg: "添加成功" });
      ids[name] = r.data.id;
    };
    await ok("A", { attribute: "banner", title: "平台轮播 A", img_url: "https://cdn.example.cn/a.jpg", link_url: "/foreground/courseResource", sort: 2 });
    await ok("B", { attribute: "banner", title: "平台轮播 B", img_url: "/img/b.jpg", sort: 1 });
    await ok("C", { attribute: "module", title: "课程资源", img_url: "/img/c.png", is_shortcut: 1 });
    await ok("D", { attribute: "banner", title: "一中初中轮播", img_url: "/img/d.jpg", school_id: school1, period_id: junior1 });
    await ok("off", { attribute: "banner", title: "停用的", img_url: "/img/off.jpg", status: 0 });
  });

  it("lists with filters and paging; teacher 403", async () => {
    expect(await call(C.imgList, {}, tok.teacher)).toEqual(NO_PERMISSION);
    const all = await call<Page<CommonImgRow>>(C.imgList, {}, tok.admin);
    expect(all.data).toMatchObject({ total: 5, page: 1, limit: 10 });
    const d = all.data.list.find((x) => x.id === ids.D)!;
    expect(d).toMatchObject({
      attribute: "banner",
      attribute_name: "首页轮播图",
      school_id: school1,
      school_name: "银川市第一中学",
      period_id: junior1,
      status: 1,
      is_shortcut: 0,
    });
    expect(d.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await call<Page<CommonImgRow>>(C.imgList, { attribute: "banner" }, tok.admin)).data.total).toBe(4);
    expect((await call<Page<CommonImgRow>>(C.imgList, { school_id: school1 }, tok.admin)).data.list.map((x) => x.id)).toEqual([ids.D]);
    expect((await call<Page<CommonImgRow>>(C.imgList, { keyword: "轮播" }, tok.admin)).data.total).toBe(3);
    expect((await call<Page<CommonImgRow>>(C.imgList, { is_shortcut: 1 }, tok.admin)).data.list.map((x) => x.id)).toEqual([ids.C]);
    const p2 = await call<Page<CommonImgRow>>(C.imgList, { page: 2, limit: 2 }, tok.admin);
    expect(p2.data).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(p2.data.list).toHaveLength(2);
    expect(await call(C.imgList, { limit: 1000 }, tok.admin)).toMatchObject({ code: 400, msg: expect.stringMatching(/^每页条数\(limit\)/) });
    expect(await call(C.imgList, { attribute: "x" }, tok.admin)).toMatchObject({ code: 400 });
  });

  it("get_img_info answers a school's own images, else the platform's, without a token", async () => {
    const info = (p: Record<string, unknown>) => call<CommonImgRow[]>(C.websiteImages, p);
    expect((await info({ attribute: "banner" })).data.map((x) => x.id)).toEqual([ids.B, ids.A]);
    expect((await info({ attribute: "banner", school_id: school1, period_id: junior1 })).data.map((x) => x.id)).toEqual([ids.D]);
    expect((await info({ attribute: "banner", school_id: school1, period_id: senior1 })).data.map((x) => x.id)).toEqual([ids.B, ids.A]);
    expect((await info({ attribute: "banner", school_id: school2 })).data.map((x) => x.id)).toEqual([ids.B, ids.A]);
    expect((await info({ attribute: "ad" })).data).toEqual([]);
    expect(await info({ attribute: "banner", school_id: 99999 })).toEqual({ code: 404, msg: "学校不存在", data: null });
    expect(await info({ attribute: "banner", school_id: school1, period_id: junior2 })).toEqual({ code: 404, msg: "学段不存在或不属于该学校", data: null });
    expect(await info({})).toMatchObject({ code: 400, msg: "图片位置(attribute): 必填" });
  });

  it("web_index answers the footer information, banners and shortcuts, without a token", async () => {
    const r = await call<WebIndexAnswer>(C.websiteIndex, { school_id: school1, period_id: junior1 });
    expect(r.code).toBe(200);
    expect(r.data.website).toMatchObject({ school_id: school1, is_override: true });
    expect(r.data.banner.map((x) => x.id)).toEqual([ids.D]);
    expect(r.data.shortcut.map((x) => x.id)).toEqual([ids.C]);
    const plat = await call<WebIndexAnswer>(C.websiteIndex, {});
    expect(plat.data.website).toMatchObject({ school_id: 0, name: "宁夏教研云平台" });
    expect(plat.data.banner.map((x) => x.id)).toEqual([ids.B, ids.A]);
    expect(await call(C.websiteIndex, { school_id: 99999, period_id: 0 })).toEqual({ code: 404, msg: "学校不存在", data: null });
    expect(await call(C.websiteIndex, { school_id: school2, period_id: junior1 })).toEqual({ code: 404, msg: "学段不存在或不属于该学校", data: null });
    expect(await call(C.websiteIndex, { school_id: "x" })).toMatchObject({ code: 400, msg: expect.stringMatching(/^学校\(school_id\)/) });
  });

  it("update, shortcut_operate and delete: fields given only; unknown id 404; teacher 403", async () => {
    expect(await call(C.imgUpdate, { id: ids.A, title: "x" }, tok.teacher)).toEqual(NO_PERMISSION);
    expect(await call(C.imgUpdate, { id: 99999, title: "x" }, tok.admin)).toEqual({ code: 404, msg: "图片不存在", data: null });
    expect(await call(C.imgUpdate, { id: "abc" }, tok.admin)).toMatchObject({ code: 400, msg: expect.stringMatching(/^图片编号\(id\)/) });
    expect(await call(C.imgUpdate, { id: ids.A, sort: -1 }, tok.admin)).toMatchObject({ code: 400, msg: "排序(sort): 不能为负数" });
    expect(await call(C.imgUpdate, { id: ids.A, period_id: junior1 }, tok.admin)).toMatchObject({ code: 400, msg: "学段(period_id): 平台的图片不能指定学段" });
    expect(await call(C.imgUpdate, { id: ids.A, title: "平台轮播 A2", sort: 0 }, tok.admin)).toEqual({ code: 200, msg: "修改成功", data: null });
    expect((await call<CommonImgRow[]>(C.websiteImages, { attribute: "banner" })).data.map((x) => [x.id, x.title])).toEqual([
      [ids.A, "平台轮播 A2"],
      [ids.B, "平台轮播 B"],
    ]);

    expect(await call(C.imgShortcut, { id: ids.A, value: 1 }, tok.teacher)).toEqual(NO_PERMISSION);
    expect(await call(C.imgShortcut, { id: ids.A, value: 2 }, tok.admin)).toMatchObject({ code: 400, msg: "快捷入口(value): 只能是 0 或 1" });
    expect(await call(C.imgShortcut, { id: 99999, value: 1 }, tok.admin)).toEqual({ code: 404, msg: "图片不存在", data: null });
    expect(await call(C.imgShortcut, { id: ids.A, value: 1 }, tok.admin)).toEqual({ code: 200, msg: "设置成功", data: null });
    expect((await call<WebIndexAnswer>(C.websiteIndex, {})).data.shortcut.map((x) => x.id)).toEqual([ids.A, ids.C]);
    await call(C.imgShortcut, { id: ids.A, value: 0 }, tok.admin);
    expect((await call<WebIndexAnswer>(C.websiteIndex, {})).data.shortcut.map((x) => x.id)).toEqual([ids.C]);

    expect(await call(C.imgDelete, { id: ids.off }, tok.teacher)).toEqual(NO_PERMISSION);
    expect(await call(C.imgDelete, {}, tok.admin)).toMatchObject({ code: 400, msg: "编号(id): 必填" });
    expect(await call(C.imgDelete, { id: ids.off }, tok.admin)).toEqual({ code: 200, msg: "删除成功", data: null });
    expect(await call(C.imgDelete, { id: ids.off }, tok.admin)).toEqual({ code: 404, msg: "图片不存在", data: null });
  });

  it("a school administrator manages his school's images only; a district administrator his region's", async () => {
    const imageRules = [C.imgList, C.imgSave, C.imgUpdate, C.imgDelete, C.imgShortcut];
    await grant("xiaoji", ...imageRules);
    expect((await call<Page<CommonImgRow>>(C.imgList, {}, tok.xiaoji)).data.list.map((x) => x.id)).toEqual([ids.D]);
    // his new images belong to his school whatever school_id says
    const own = await call<{ id: number }>(C.imgSave, { attribute: "ad", img_url: "/img/ad.png", school_id: school2 }, tok.xiaoji);
    expect(own.code).toBe(200);
    const [row] = (await call<Page<CommonImgRow>>(C.imgList, { attribute: "ad" }, tok.admin)).data.list;
    expect(row).toMatchObject({ id: own.data.id, school_id: school1 });
    expect(await call(C.imgUpdate, { id: ids.A, title: "x" }, tok.xiaoji)).toEqual({ code: 404, msg: "图片不存在", data: null });
    expect(await call(C.imgDelete, { id: ids.A }, tok.xiaoji)).toEqual({ code: 404, msg: "图片不存在", data: null });
    expect(await call(C.imgShortcut, { id: ids.A, value: 1 }, tok.xiaoji)).toEqual({ code: 404, msg: "图片不存在", data: null });
    expect(await call(C.imgUpdate, { id: ids.D, school_id: school2 }, tok.xiaoji)).toEqual({ code: 403, msg: "只能管理本校的图片", data: null });
    expect(await call(C.imgUpdate, { id: ids.D, period_id: senior1 }, tok.xiaoji)).toMatchObject({ code: 200 });
    expect(await call(C.imgShortcut, { id: ids.D, value: 1 }, tok.xiaoji)).toMatchObject({ code: 200 });
    expect(await call(C.imgDelete, { id: own.data.id }, tok.xiaoji)).toMatchObject({ code: 200 });
    await grant("xiaoji");

    await grant("quji", ...imageRules);
    expect(await call(C.imgSave, { attribute: "ad", img_url: "/x.png", school_id: school2 }, tok.quji)).toEqual({
      code: 403,
      msg: "只能管理本辖区学校的图片",
      data: null,
    });
    expect(await call(C.imgSave, { attribute: "ad", img_url: "/x.png" }, tok.quji)).toEqual({ code: 403, msg: "只有平台管理员可以管理平台的图片", data: null });
    expect((await call(C.imgSave, { attribute: "ad", img_url: "/x.png", school_id: school1 }, tok.quji)).code).toBe(200);
    expect((await call<Page<CommonImgRow>>(C.imgList, {}, tok.quji)).data.list.every((x) => x.school_id === school1)).toBe(true);
    await grant("quji");
  });
});

describe("authorization codes: /middle/auth_verify, /middle/mandate", () => {
  const inDays = (d: number) => Math.floor(Date.now() / 1000) + Math.round(d * 86400);
  const rows = async () => (await s.database.db.select({ n: count() }).from(authCode))[0]!.n;

  it("an application never activated: mandate answers not activated, for any session", async () => {
    expect(await call<MandateAnswer>(C.mandate, { apply_code: "ai" }, tok.teacher)).toEqual({
      code: 200,
      msg: "操作成功",
      data: { apply_code: "ai", activated: false, expires_at: "", capacity: 0, days_left: 0 },
    });
    expect((await call(C.mandate, { apply_code: "ai" })).code).toBe(1025);
    expect(await call(C.mandate, {}, tok.teacher)).toMatchObject({ code: 400, msg: "应用编码(apply_code): 必填" });
    expect(await call(C.mandate, { apply_code: "a b" }, tok.teacher)).toMatchObject({
      code: 400,
      msg: "应用编码(apply_code): 应用编码只能包含字母、数字、_ 和 -",
    });
  });

  it("a valid code is activated once; the application's status follows", async () => {
    const code = platform.issueCode({ app: "ai", exp: inDays(30), cap: 3 });
    expect(await call(C.authVerify, { authorization_code: code, type: "ai" }, tok.teacher)).toEqual(NO_PERMISSION);
    const r = await call<MandateAnswer>(C.authVerify, { authorization_code: code, type: "ai" }, tok.admin);
    expect(r).toMatchObject({ code: 200, msg: "授权码激活成功", data: { apply_code: "ai", activated: true, capacity: 3, days_left: 30 } });
    expect(r.data.expires_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await call<MandateAnswer>(C.mandate, { apply_code: "ai" }, tok.teacher)).data).toEqual(r.data);
    expect(await rows()).toBe(1);

    const again = await call(C.authVerify, { authorization_code: code, type: "ai" }, tok.pingtai);
    expect(again).toMatchObject({ code: 409, msg: expect.stringMatching(/^授权码已被使用（\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 已激活），不能重复激活$/) });
    expect(await rows()).toBe(1);
  });

  it("forged, malformed, expired, reused and wrong-application codes are each refused distinctly", async () => {
    const before = await rows();
    const used = platform.issueCode({ app: "ai", exp: inDays(10), cap: 1 });
    expect((await call(C.authVerify, { authorization_code: used, type: "ai" }, tok.admin)).code).toBe(200);
    const exp = inDays(-1);
    const cases = {
      forged: new AuthCodes({ serverSecret: "some-other-platform-key-000" }).issue({ app: "ai", exp: inDays(30), cap: 50 }),
      // Whoever holds APP_KEY (every browser does) still cannot sign a licence.
      fromAppKey: new AuthCodes({ serverSecret: s.config.appKey }).issue({ app: "ai", exp: inDays(30), cap: 50 }),
      malformed: "this-is-not-a-code",
      expired: platform.issueCode({ app: "ai", exp, cap: 3 }),
      reused: used,
      wrongApp: platform.issueCode({ app: "live", exp: inDays(30), cap: 3 }),
    };
    const answers = Object.fromEntries(
      await Promise.all(
        Object.entries(cases).map(async ([k, code]) => [k, await call(C.authVerify, { authorization_code: code, type: "ai" }, tok.admin)] as const),
      ),
    );
    expect(answers.forged).toEqual({ code: 400, msg: CODE_REFUSALS.forged, data: null });
    expect(answers.fromAppKey).toEqual({ code: 400, msg: CODE_REFUSALS.forged, data: null });
    expect(answers.malformed).toEqual({ code: 400, msg: CODE_REFUSALS.malformed, data: null });
    expect(answers.expired).toEqual({ code: 400, msg: CODE_REFUSALS.expired(new Date(exp * 1000)), data: null });
    expect(answers.reused).toMatchObject({ code: 409, msg: expect.stringContaining("授权码已被使用") });
    expect(answers.wrongApp).toEqual({ code: 400, msg: "授权码不适用于该应用（授权码用于「live」，当前应用为「ai」）", data: null });
    expect(new Set(Object.values(answers).map((a) => a?.msg)).size).toBe(5);
    // a tampered capacity is a forgery too
    const [body, sig] = platform.issueCode({ app: "ai", exp: inDays(30), cap: 1 }).split(".");
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), cap: 99 })).toString("base64url");
    expect(await call(C.authVerify, { authorization_code: `${raised}.${sig}`, type: "ai" }, tok.admin)).toEqual({
      code: 400,
      msg: CODE_REFUSALS.forged,
      data: null,
    });
    expect(await rows()).toBe(before + 1);
  });

  it("bad input names the field", async () => {
    expect(await call(C.authVerify, { type: "ai" }, tok.admin)).toMatchObject({ code: 400, msg: "授权码(authorization_code): 必填" });
    expect(await call(C.authVerify, { authorization_code: "  ", type: "ai" }, tok.admin)).toMatchObject({
      code: 400,
      msg: "授权码(authorization_code): 请输入授权码",
    });
    expect(await call(C.authVerify, { authorization_code: "x.y" }, tok.admin)).toMatchObject({ code: 400, msg: "应用(type): 必填" });
    expect(await call(C.authVerify, { authorization_code: "x.y", type: "人工智能" }, tok.admin)).toMatchObject({
      code: 400,
      msg: "应用(type): 应用只能包含字母、数字、_ 和 -",
    });
  });

  it("racing activations of one code: exactly one wins", async () => {
    const code = platform.issueCode({ app: "live", exp: inDays(90), cap: 8 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(C.authVerify, { authorization_code: code, type: "live" }, tok.admin)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(5);
    expect((await call<MandateAnswer>(C.mandate, { apply_code: "live" }, tok.teacher)).data).toMatchObject({ activated: true, capacity: 8, days_left: 90 });
  });

  it("the code list shows who activated what; teacher 403", async () => {
    expect(await call(C.authCodeList, {}, tok.teacher)).toEqual(NO_PERMISSION);
    const r = await call<Page<AuthCodeRow>>(C.authCodeList, { apply_code: "ai" }, tok.admin);
    expect(r.data.total).toBe(2);
    expect(r.data.list[0]).toMatchObject({ apply_code: "ai", activated_by_name: "管理员", expired: false });
    expect((await call<Page<AuthCodeRow>>(C.authCodeList, {}, tok.admin)).data.total).toBe(3);
  });

  it("ai_capacity is bounded by the active 'ai' code, and 0 once every 'ai' code has expired", async () => {
    // setting 5 (above), best active ai code capacity 3
    expect(await platform.aiCapacity()).toBe(3);
    const later = new PlatformService(s.database.db, s.services.org, s.services.accounts, {
      serverSecret: await loadServerSecret(s.database.db),
      now: () => new Date(Date.now() + 400 * 86_400_000),
    });
    expect(await later.aiCapacity()).toBe(0);
    const m = await later.mandate("ai");
    expect(m).toMatchObject({ apply_code: "ai", activated: false, capacity: 0, days_left: 0 });
    expect(m.expires_at).not.toBe("");
    await call(C.authVerify, { authorization_code: platform.issueCode({ app: "ai", exp: inDays(365), cap: 12 }), type: "ai" }, tok.admin);
    expect(await platform.aiCapacity()).toBe(5);
    expect((await call<MandateAnswer>(C.mandate, { apply_code: "ai" }, tok.admin)).data).toMatchObject({ capacity: 12, days_left: 365 });
  });
});

describe("AnalysisSlots", () => {
  async function refusal(p: Promise<unknown>): Promise<AppError> {
    try {
      await p;
    } catch (e) {
      if (e instanceof AppError) return e;
      throw e;
    }
    throw new Error("not refused");
  }

  it("refuses beyond the capacity with 429 and a clear message; renew and release", async () => {
    const slots = new AnalysisSlots({ capacity: async () => 2 });
    await slots.acquire(1);
    await slots.acquire(2);
    const e = await refusal(slots.acquire(3));
    expect(e.code).toBe(429);
    expect(e.message).toBe("同时进行的课堂分析已达上限（2），请稍后再试");
    expect(e.message).toBe(analysisFullMessage(2));
    expect(e.data).toEqual({ retry_after: 60, capacity: 2, running: 2 });
    await slots.acquire(1); // renewing a held slot
    await slots.release(1);
    await slots.release(1); // no-op
    await slots.acquire(3);
    expect((await slots.running()).sort()).toEqual(["2", "3"]);
  });

  it("many concurrent acquisitions: exactly the capacity wins", async () => {
    const slots = new AnalysisSlots({ capacity: async () => 3 });
    const r = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => slots.acquire(i)));
    expect(r.filter((x) => x.status === "fulfilled")).toHaveLength(3);
    expect(r.filter((x) => x.status === "rejected" && x.reason instanceof AppError && x.reason.code === 429)).toHaveLength(17);
  });

  it("capacity 0 (expired licence) refuses with 403; a lease ends by itself", async () => {
    const e = await refusal(new AnalysisSlots({ capacity: async () => 0 }).acquire(1));
    expect([e.code, e.message]).toEqual([403, ANALYSIS_UNLICENSED]);
    const slots = new AnalysisSlots({ capacity: async () => 1, leaseSeconds: 0.05 });
    await slots.acquire("a");
    expect((await refusal(slots.acquire("b"))).code).toBe(429);
    await new Promise((r) => setTimeout(r, 80));
    await slots.acquire("b");
  });

  it("follows the platform's ai capacity", async () => {
    const slots = new AnalysisSlots({ capacity: () => platform.aiCapacity(), store: new MemorySlotStore() });
    for (let i = 0; i < 5; i++) await slots.acquire(`x${i}`);
    expect((await refusal(slots.acquire("x5"))).message).toBe("同时进行的课堂分析已达上限（5），请稍后再试");
  });

  const redisBin = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) => existsSync(p));
  it.skipIf(!process.env.REDIS_URL && !redisBin)("shares the slots across processes through Redis", async () => {
    let proc: ChildProcess | undefined;
    let url = process.env.REDIS_URL;
    if (!url) {
      const port = await new Promise<number>((resolve) => {
        const srv = createServer().listen(0, "127.0.0.1", () => {
          const a = srv.address();
          const p = typeof a === "object" && a ? a.port : 0;
          srv.close(() => resolve(p));
        });
      });
      proc = spawn(redisBin!, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
      url = `redis://127.0.0.1:${port}`;
      for (let i = 0; i < 50; i++) {
        const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        const ok = await probe.connect().then(
          () => true,
          () => false,
        );
        probe.disconnect();
        if (ok) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const prefix = `yanke-test-slots:${process.pid}:${Date.now()}:`;
    const a = new RedisSlotStore(new Redis(url), prefix);
    const b = new RedisSlotStore(new Redis(url), prefix);
    try {
      // two "processes", one cap of 2
      const pa = new AnalysisSlots({ capacity: async () => 2, store: a });
      const pb = new AnalysisSlots({ capacity: async () => 2, store: b });
      const r = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => (i % 2 ? pa : pb).acquire(i)));
      expect(r.filter((x) => x.status === "fulfilled")).toHaveLength(2);
      const held = await pa.running();
      expect(held).toHaveLength(2);
      expect((await refusal(pb.acquire(99))).code).toBe(429);
      await pb.acquire(held[0]!); // renew, from the other process
      await pb.release(held[0]!);
      await pa.acquire(99);
      expect((await pb.running()).sort()).toEqual([held[1]!, "99"].sort());
      // leases expire on the Redis clock
      const short = new AnalysisSlots({ capacity: async () => 1, store: a, leaseSeconds: 0.05 });
      await pa.release(99);
      await pa.release(held[1]!);
      await short.acquire("s");
      expect((await refusal(short.acquire("t"))).code).toBe(429);
      await new Promise((r) => setTimeout(r, 100));
      await short.acquire("t");
    } finally {
      await a.close();
      await b.close();
      if (proc?.pid) process.kill(proc.pid);
    }
  });
});

/**
 * Software versions (#12; docs/api/software.md): the /middle/software_version calls, and the registry as equipment
 * c103 (target version) and c104 (upgrade without url: the version's package, signed) use it.
 */
import { createHash } from "node:crypto";
import {
  type CommandQueued,
  DEVICE_ROUTES,
  EQUIPMENT_CALLS as E,
  type EquipmentCredentials,
  type Envelope,
  type FileRecord,
  type HeartbeatAnswer,
  type IssuedCodes,
  SOFTWARE_CALLS as C,
  type SoftwareDownloadAnswer,
  type SoftwareListAnswer,
  type SoftwareProductRow,
  compareVersions,
} from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPackage } from "../src/modules/software/software.demo.js";
import { TEST_TEACHER_PASSWORD } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";

const DEMO = "Demo12345";
let s: TestServer;
const tokens: Record<string, string> = {};
let school1 = 0;

function call<T = unknown>(path: string, payload: Record<string, unknown>, who = "pingtai"): Promise<Envelope<T>> {
  return s.call<T>(path, payload, tokens[who]);
}
async function ok<T>(path: string, payload: Record<string, unknown>, who = "pingtai"): Promise<T> {
  const r = await call<T>(path, payload, who);
  expect(r.code, `${path} ${r.msg}`).toBe(200);
  return r.data;
}
async function codeOf(path: string, payload: Record<string, unknown>, who = "pingtai"): Promise<[number, string]> {
  const r = await call(path, payload, who);
  return [r.code, r.msg];
}

async function upload(who: string, name: string, bytes = demoPackage(name, 3000)): Promise<FileRecord> {
  const fd = new FormData();
  fd.append("module", "any");
  fd.append("file", new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${s.url}/file/upload`, { method: "POST", body: fd, headers: { TOKEN: tokens[who]! } });
  const env = (await res.json()) as Envelope<FileRecord>;
  expect(env.code, env.msg).toBe(200);
  return env.data;
}

async function addVersion(version: string, extra: Record<string, unknown> = {}, product = "device"): Promise<number> {
  const f = await upload("pingtai", `pkg-${product}-${version}.bin`);
  return (await ok<{ id: number }>(C.softwareSave, { product, version, file_id: f.id, notes: `更新 ${version}`, ...extra })).id;
}

async function list(product = "device", who = "pingtai", extra: Record<string, unknown> = {}): Promise<SoftwareListAnswer> {
  return ok<SoftwareListAnswer>(C.softwareList, { product, limit: 50, ...extra }, who);
}

let seq = 0;
async function device(producer: string): Promise<EquipmentCredentials & { position: string }> {
  const { codes } = await ok<IssuedCodes>(E.codeUuid, { number: 1 }, "admin");
  const position = `升级教室${++seq}`;
  return { ...(await ok<EquipmentCredentials>(E.equipmentSave, { code: codes[0], position, producer, school_id: school1 }, "admin")), position };
}
async function beat(dev: EquipmentCredentials, version = "3.0.0"): Promise<HeartbeatAnswer> {
  const res = await fetch(`${s.url}${DEVICE_ROUTES.heartbeat}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: dev.code, secret: dev.secret, ip: "10.0.0.9", version, state: "idle" }),
  });
  const env = (await res.json()) as Envelope<HeartbeatAnswer>;
  expect(env.code, env.msg).toBe(200);
  return env.data;
}

beforeAll(async () => {
  s = await startTestServer({ LOGIN_MAX_FAILURES: "1000", LOGIN_MAX_FAILURES_PER_IP: "100000" });
  tokens.admin = (await s.login()).token;
  for (const u of ["pingtai", "xiaoji"]) tokens[u] = (await s.login(u, DEMO)).token;
  tokens.zhanglaoshi = (await s.login("zhanglaoshi", TEST_TEACHER_PASSWORD)).token;
  school1 = (await s.services.org.schoolIdByCode("640104001"))!;
});
afterAll(async () => {
  await s?.close();
});

describe("compareVersions", () => {
  it("compares numerically, a -suffix before the release", () => {
    expect(compareVersions("3.10.0", "3.9.2")).toBeGreaterThan(0);
    expect(compareVersions("3.5.0-beta.1", "3.5.0")).toBeLessThan(0);
    expect(compareVersions("3.5", "3.5.0")).toBe(0);
    expect(compareVersions("2.0.0", "10.0.0")).toBeLessThan(0);
  });
});

describe("the registry", () => {
  it("save copies name, size and sha256 from the uploaded file; list sorts numerically; products and models", async () => {
    const f = await upload("pingtai", "recorder-3.9.2.pkg");
    const id = (
      await ok<{ id: number }>(C.softwareSave, {
        product: "device",
        version: "3.9.2",
        file_id: f.id,
        notes: "修复若干问题",
        models: ["海康 DS-1", "海康 DS-1"],
      })
    ).id;
    await addVersion("3.10.0");
    const l = await list();
    expect(l.list.map((r) => r.version).slice(0, 2)).toEqual(["3.10.0", "3.9.2"]);
    const row = l.list.find((r) => r.id === id)!;
    expect(row).toMatchObject({
      product_name: "录播主机软件",
      file_id: f.id,
      file_name: "recorder-3.9.2.pkg",
      size: 3000,
      sha256: f.sha256,
      models: ["海康 DS-1"],
      status: 1,
      status_name: "可用",
      is_current: 0,
      account_name: "平台管理员",
    });
    expect(row.sha256).toBe(createHash("sha256").update(demoPackage("recorder-3.9.2.pkg", 3000)).digest("hex"));
    expect((await list("device", "pingtai", { keyword: "3.9" })).list.map((r) => r.version)).toEqual(["3.9.2"]);
    expect((await list("windows")).total).toBe(0);

    await device("型号甲");
    const models = await ok<string[]>(C.softwareModels, {});
    expect(models).toEqual(expect.arrayContaining(["型号甲", "海康 DS-1"]));
    const products = await ok<SoftwareProductRow[]>(C.softwareProducts, {});
    expect(products.map((p) => p.product)).toEqual(["device", "windows", "android"]);
    expect(products[0]).toMatchObject({ name: "录播主机软件", versions: 2, current_version: "" });
  });

  it("400 on a bad version, a bad product or someone else's file; 409 on a duplicate", async () => {
    const f = await upload("pingtai", "x.pkg");
    const [c1, m1] = await codeOf(C.softwareSave, { product: "device", version: "v3", file_id: f.id });
    expect([c1, m1]).toEqual([400, expect.stringContaining("版本号格式应为")]);
    expect((await codeOf(C.softwareSave, { product: "device", version: "3", file_id: f.id }))[0]).toBe(400);
    expect((await codeOf(C.softwareSave, { product: "mac", version: "1.0.0", file_id: f.id }))[1]).toContain("产品只能是");
    const theirs = await upload("admin", "theirs.pkg");
    const [c2, m2] = await codeOf(C.softwareSave, { product: "device", version: "4.0.0", file_id: theirs.id });
    expect([c2, m2]).toEqual([400, expect.stringContaining("不是您上传的")]);
    expect((await codeOf(C.softwareSave, { product: "device", version: "4.0.0", file_id: 999999 }))[0]).toBe(400);
    await ok(C.softwareSave, { product: "android", version: "4.0.0", file_id: f.id });
    const [c3, m3] = await codeOf(C.softwareSave, { product: "android", version: "4.0.0", file_id: f.id });
    expect([c3, m3]).toEqual([409, "教师端(Android) 4.0.0 已存在"]);
    // The same number in another product is another version.
    await ok(C.softwareSave, { product: "windows", version: "4.0.0", file_id: f.id });
  });

  it("403 for a school administrator changing versions (he may read); 403 for a teacher reading; 404 for a missing id", async () => {
    const f = await upload("xiaoji", "school.pkg");
    expect((await codeOf(C.softwareSave, { product: "device", version: "5.0.0", file_id: f.id }, "xiaoji"))[0]).toBe(403);
    const id = (await list()).list[0]!.id;
    for (const p of [C.softwareUpdate, C.softwareDelete, C.softwareSetCurrent, C.softwareWithdraw]) expect((await codeOf(p, { id }, "xiaoji"))[0], p).toBe(403);
    expect((await list("device", "xiaoji")).total).toBeGreaterThan(0);
    expect((await codeOf(C.softwareDownload, { id }, "xiaoji"))[0]).toBe(200);
    expect((await codeOf(C.softwareList, { product: "device" }, "zhanglaoshi"))[0]).toBe(403);
    for (const p of [C.softwareUpdate, C.softwareDelete, C.softwareSetCurrent, C.softwareWithdraw, C.softwareDownload]) {
      const [code, msg] = await codeOf(p, { id: 999999 });
      expect([code, msg], p).toEqual([404, "软件版本不存在"]);
    }
  });

  it("update changes the fields sent (a new package's name, size, sha256); a duplicate number is 409", async () => {
    const id = await addVersion("6.0.0");
    const f = await upload("pingtai", "new-6.0.1.pkg", demoPackage("n", 4000));
    await ok(C.softwareUpdate, { id, version: "6.0.1", file_id: f.id, notes: "  第一行\r\n第二行  ", models: ["型号甲"] });
    const row = (await list()).list.find((r) => r.id === id)!;
    expect(row).toMatchObject({ version: "6.0.1", file_name: "new-6.0.1.pkg", size: 4000, sha256: f.sha256, notes: "第一行\n第二行", models: ["型号甲"] });
    expect((await codeOf(C.softwareUpdate, { id, version: "3.10.0" }))[0]).toBe(409);
    expect((await codeOf(C.softwareUpdate, { id, version: "bad" }))[0]).toBe(400);
  });

  it("setCurrent keeps one current version per product, also when calls race; withdraw and delete guard the current one", async () => {
    const a = await addVersion("7.0.0");
    const b = await addVersion("7.1.0");
    const c = await addVersion("7.2.0");
    await ok(C.softwareSetCurrent, { id: a });
    await ok(C.softwareSetCurrent, { id: b });
    let cur = (await list()).list.filter((r) => r.is_current === 1);
    expect(cur.map((r) => r.id)).toEqual([b]);
    expect((await list()).current).toBe("7.1.0");
    await Promise.all([a, b, c, a, c].map((id) => call(C.softwareSetCurrent, { id })));
    cur = (await list()).list.filter((r) => r.is_current === 1);
    expect(cur).toHaveLength(1);
    const curId = cur[0]!.id;

    expect(await codeOf(C.softwareWithdraw, { id: curId })).toEqual([409, "当前版本不能下架，请先将其他版本设为当前版本"]);
    expect((await codeOf(C.softwareDelete, { id: curId }))[0]).toBe(409);
    const other = [a, b, c].find((x) => x !== curId)!;
    await ok(C.softwareWithdraw, { id: other });
    expect((await list()).list.find((r) => r.id === other)!.status_name).toBe("已下架");
    expect((await list("device", "pingtai", { status: 1 })).list.some((r) => r.id === other)).toBe(false);
    expect((await codeOf(C.softwareSetCurrent, { id: other }))[0]).toBe(409);
    await ok(C.softwareWithdraw, { id: other, status: 1 });
    await ok(C.softwareDelete, { id: other });
    expect((await list()).list.some((r) => r.id === other)).toBe(false);
    // Products are independent.
    const w = (await list("windows")).list[0]!.id;
    await ok(C.softwareSetCurrent, { id: w });
    expect((await list()).list.filter((r) => r.is_current === 1)).toHaveLength(1);
  });

  it("download: a signed address that reads the package without a session", async () => {
    const f = await upload("pingtai", "dl-8.0.0.pkg", demoPackage("download me", 5000));
    const { id } = await ok<{ id: number }>(C.softwareSave, { product: "device", version: "8.0.0", file_id: f.id });
    const d = await ok<SoftwareDownloadAnswer>(C.softwareDownload, { id });
    expect(d).toMatchObject({ file_name: "dl-8.0.0.pkg", size: 5000, sha256: f.sha256 });
    expect(d.url).toMatch(/^\/files\/\d+\?exp=\d+&sig=/);
    const res = await fetch(`${s.url}${d.url}`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(f.sha256);
    expect((await fetch(`${s.url}/files/${f.id}`)).status).not.toBe(200);
  });
});

describe("device upgrades from the registry (equipment c103 / c104)", () => {
  it("c103 refuses an unknown, withdrawn or unfitting version (naming the devices); accepts a number or version_id; counts follow", async () => {
    const fits = await device("型号乙");
    const misfit = await device("型号丙");
    const v = await addVersion("9.0.0", { models: ["型号乙"] });
    const [c1, m1] = await codeOf(E.equipmentUpgradeVersion, { ids: [fits.id], version: "9.9.9" }, "admin");
    expect([c1, m1]).toEqual([400, expect.stringContaining("不在软件版本库中")]);
    const [c2, m2] = await codeOf(E.equipmentUpgradeVersion, { ids: [fits.id, misfit.id], version: "9.0.0" }, "admin");
    expect(c2).toBe(400);
    expect(m2).toContain(`${misfit.position}（型号丙）`);
    expect(m2).not.toContain(`${fits.position}（`);
    expect((await s.services.equipment.read(fits.id)).target_version).toBe("");
    expect((await codeOf(E.equipmentUpgradeVersion, { ids: [fits.id] }, "admin"))[1]).toContain("请选择版本");

    const set = await ok<CommandQueued[]>(E.equipmentUpgradeVersion, { ids: [fits.id], version_id: v }, "admin");
    expect(set[0]).toMatchObject({ ok: true, msg: "目标版本已设为 9.0.0" });
    await beat(fits, "9.0.0");
    const row = (await list()).list.find((r) => r.id === v)!;
    expect(row).toMatchObject({ devices_running: 1, devices_targeting: 1 });
    expect((await list()).running).toEqual(expect.arrayContaining([{ version: "9.0.0", count: 1, registered: true }]));
    // A version devices target cannot be deleted (nor renumbered).
    expect(await codeOf(C.softwareDelete, { id: v })).toEqual([409, "有 1 台设备以 9.0.0 为目标版本，不能删除（可先下架）"]);
    expect((await codeOf(C.softwareUpdate, { id: v, version: "9.0.1" }))[0]).toBe(409);

    await ok(C.softwareWithdraw, { id: v });
    expect((await codeOf(E.equipmentUpgradeVersion, { id: fits.id, version: "9.0.0" }, "admin"))[1]).toContain("已下架");
    expect((await codeOf(E.equipmentUpgradeVersion, { id: fits.id, version_id: (await list("windows")).list[0]!.id }, "admin"))[0]).toBe(400);
  });

  it("c104 without url queues `upgrade` with the package's signed address and sha256 (target, else current, else the version named)", async () => {
    const pkg = demoPackage("the real package", 7000);
    const f = await upload("pingtai", "recorder-10.0.0.pkg", pkg);
    const { id } = await ok<{ id: number }>(C.softwareSave, { product: "device", version: "10.0.0", file_id: f.id, models: [] });
    await ok(C.softwareSetCurrent, { id });
    const dev = await device("型号丁");
    await beat(dev);

    const [q] = await ok<CommandQueued[]>(E.equipmentSendUpgrade, { id: dev.id }, "admin");
    expect(q).toMatchObject({ ok: true, msg: "已下发升级命令" });
    const [cmd] = (await beat(dev)).commands;
    expect(cmd).toMatchObject({ id: q!.command_id, type: "upgrade", payload: { version: "10.0.0", sha256: f.sha256, size: 7000 } });
    const url = (cmd!.payload as { url: string }).url;
    const res = await fetch(new URL(url, s.url));
    expect(res.status).toBe(200);
    const got = Buffer.from(await res.arrayBuffer());
    expect(got.equals(pkg)).toBe(true);
    expect(createHash("sha256").update(got).digest("hex")).toBe((cmd!.payload as { sha256: string }).sha256);
    expect((await s.services.equipment.read(dev.id)).target_version).toBe("10.0.0");

    // By number (what 命令记录 → 重新下发 sends): the same package, signed afresh.
    await ok(E.equipmentSendUpgrade, { id: dev.id, version: "10.0.0" }, "admin");
    const [again] = (await beat(dev)).commands;
    expect(again!.payload).toMatchObject({ version: "10.0.0", sha256: f.sha256 });
    expect(String((again!.payload as { url: string }).url)).toMatch(new RegExp(`^/files/${f.id}\\?exp=\\d+&sig=`));

    // The version named (by number) fits or is refused naming the device; an unknown one is 400.
    const narrow = await addVersion("10.1.0", { models: ["别的型号"] });
    const [c1, m1] = await codeOf(E.equipmentSendUpgrade, { ids: [dev.id], version_id: narrow }, "admin");
    expect([c1, m1]).toEqual([400, expect.stringContaining(`${dev.position}（型号丁）`)]);
    expect((await codeOf(E.equipmentSendUpgrade, { id: dev.id, version: "11.0.0" }, "admin"))[0]).toBe(400);
    // url without sha256 (or the reverse) is refused; the explicit form still works as before.
    expect((await codeOf(E.equipmentSendUpgrade, { id: dev.id, url: "/files/1" }, "admin"))[1]).toContain("校验值");
    await ok(E.equipmentSendUpgrade, { id: dev.id, version: "0.0.1-test", url: "https://example.invalid/p.bin", sha256: "c".repeat(64) }, "admin");
    expect((await beat(dev)).commands[0]).toMatchObject({ payload: { version: "0.0.1-test", url: "https://example.invalid/p.bin", sha256: "c".repeat(64) } });
  });
});

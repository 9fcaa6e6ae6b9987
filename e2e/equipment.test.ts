import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { EquipmentSave, type HeartbeatAnswer } from "@yanke/protocol";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TMP_DIR } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { softwareVersion } from "../apps/server/src/modules/software/software.schema.js";
import { type BrowserHandle, hasChromium, inputOf, launchBrowser, signIn, snap } from "./support.js";

/**
 * #6 设备管理 in the browser, as a school administrator (xiaoji): register a device (生成编码, save, the secret shown
 * once), bring it online with the device's own heartbeat (the code and the secret read from the dialog), 重启 it and
 * follow the command in 命令记录 from 待下发 through 已下发 to 已完成 with the device's result, filter by 在线, and
 * export the filtered list as .xlsx. Then 观看: the LivePlayer plays a camera over HLS and over HTTP-FLV (the /live
 * addresses answered by the test with media made by ffmpeg, standing in for the live module) and shows 暂无直播信号
 * for a camera whose address fails.
 */

let server: TestServer;
let handle: BrowserHandle;

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer();
  // 设置目标版本 (c103) takes versions of the software registry (#12): the one set below.
  await server.database.db
    .insert(softwareVersion)
    .values({ product: "device", version: "2.4.0", file_id: 1, file_name: "firmware-2.4.0.bin", size: 1, sha256: "a".repeat(64) });
  handle = await launchBrowser();
});
const MEDIA_DIR = path.join(TMP_DIR, `equipment-e2e-${process.pid}`);
afterAll(async () => {
  await handle?.close();
  await server?.close();
  rmSync(MEDIA_DIR, { recursive: true, force: true });
});

const hasFfmpeg = existsSync("/usr/bin/ffmpeg") || existsSync("/usr/local/bin/ffmpeg");

/** 8 s of test pattern and tone, H.264/AAC, 1 s keyframes: an HLS playlist with 1 s segments and the same as FLV. */
function liveMedia(): string {
  mkdirSync(MEDIA_DIR, { recursive: true });
  const src = [
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=320x240:rate=25",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440",
    "-t",
    "8",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-g",
    "25",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
  ];
  const ff = (args: string[]) => execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...src, ...args], { timeout: 120_000 });
  ff(["-f", "hls", "-hls_time", "1", "-hls_list_size", "0", "-hls_segment_filename", path.join(MEDIA_DIR, "seg%03d.ts"), path.join(MEDIA_DIR, "index.m3u8")]);
  ff(["-f", "flv", path.join(MEDIA_DIR, "teacher.flv")]);
  return MEDIA_DIR;
}

async function choose(page: Page, selectTestId: string, text: string): Promise<string> {
  await page.getByTestId(selectTestId).click();
  const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: text }).first();
  await option.waitFor();
  const label = (await option.textContent()) ?? "";
  await option.click();
  await expect.poll(() => page.locator(".ant-select-dropdown:visible").count()).toBe(0);
  return label;
}

interface Beat {
  code: number;
  msg: string;
  data: HeartbeatAnswer | null;
}

/** One heartbeat of the device, as a 录播主机 sends it (plain JSON). */
async function heartbeat(body: Record<string, unknown>): Promise<Beat> {
  const res = await fetch(`${server.url}/device/v1/heartbeat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return (await res.json()) as Beat;
}

describe.skipIf(!hasChromium)("browser: 设备管理 (a school administrator)", () => {
  it("registers a device, shows its secret once, restarts it through the heartbeats, filters by 在线, exports .xlsx", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN", acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, server.url, "xiaoji", "Demo12345");
    await page.goto(`${server.url}/#/basic/device`);
    await page.getByTestId("device-page").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe("设备管理");

    // 新增: the protocol's Chinese messages first, then 生成编码 and save.
    await page.getByTestId("device-add").click();
    const form = page.getByTestId("device-form");
    await form.waitFor();
    await inputOf(page, "device-form-ip").fill("300.1.2.3");
    await page.getByTestId("device-submit").click();
    await form.getByText("请输入设备位置").waitFor();
    await form.getByText("不是有效的 IP 地址").waitFor();
    await inputOf(page, "device-form-code").fill("ABC");
    await form.getByText("格式应为 YK- 加 8 位十六进制数字").first().waitFor();
    await snap(page, "59-device-form-errors");
    await inputOf(page, "device-form-code").fill("");
    await page.getByTestId("device-form-generate").click();
    await expect.poll(() => inputOf(page, "device-form-code").inputValue()).toMatch(/^YK-[0-9A-F]{8}$/);
    const code = await inputOf(page, "device-form-code").inputValue();
    // A school administrator's devices go to his school: it is chosen already.
    await form.locator(".ant-select-content, .ant-select-selection-item").filter({ hasText: "银川市第一中学" }).first().waitFor();
    const classLabel = await choose(page, "device-form-class", "1班");
    await inputOf(page, "device-form-position").fill("教学楼 301 教室");
    await inputOf(page, "device-form-producer").fill("研课科技");
    await inputOf(page, "device-form-ip").fill("192.168.10.21");
    await page.getByTestId("device-submit").click();

    // The secret and the two RTMP addresses, once.
    const dialog = page.getByTestId("device-secret-dialog");
    await dialog.waitFor();
    await dialog.getByText("设备密钥和推流地址只显示这一次").waitFor();
    expect(await dialog.getAttribute("data-code")).toBe(code);
    const secret = ((await page.getByTestId("device-secret").textContent()) ?? "").trim();
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(await page.getByTestId("device-secret-rtmp-teacher").textContent()).toMatch(/^rtmp:\/\/.+\/live\/\S+$/);
    expect(await page.getByTestId("device-secret-rtmp-student").textContent()).toMatch(/^rtmp:\/\/.+\/live\/\S+$/);
    expect(await page.getByTestId("device-secret-heartbeat").textContent()).toBe(`${server.url}/device/v1/heartbeat`);
    await snap(page, "60-device-secret");
    await page.getByTestId("device-secret-close").click();
    await expect.poll(() => page.getByTestId("device-secret-dialog").count()).toBe(0);

    const table = page.getByTestId("device-table");
    const row = table.locator("tr.ant-table-row", { hasText: code });
    await row.waitFor();
    expect(await row.getByTestId("device-row-online").getAttribute("data-value")).toBe("0");
    await row.getByText("从未连接").waitFor();
    await row.getByText(classLabel.replace(/\s*·\s*/, "")).waitFor();

    // The device beats with the secret read from the dialog: online.
    const beat = { code, secret, ip: "192.168.10.21", version: "2.3.1", state: "idle" };
    const first = await heartbeat(beat);
    expect(first.code).toBe(200);
    expect(first.data?.commands).toEqual([]);
    expect((await heartbeat({ ...beat, secret: "not-the-secret" })).code).toBe(401);
    await page.getByTestId("device-search").click();
    await expect.poll(() => row.getByTestId("device-row-online").getAttribute("data-value")).toBe("1");
    await row.getByText("2.3.1").waitFor();
    await snap(page, "61-device-list");

    // 重启 → 命令记录: 待下发, delivered by the next beat (已下发), acknowledged by the one after (已完成 + result).
    await row.getByTestId("device-restart").click();
    await page.getByTestId("device-restart-ok").click();
    await page.getByText("重启：命令已下发").first().waitFor();
    await row.getByTestId("device-commands").click();
    const drawer = page.getByTestId("device-commands-drawer");
    const command = drawer.locator("tr.ant-table-row").first();
    await command.waitFor();
    expect(await command.getAttribute("data-type")).toBe("restart");
    expect(await command.getAttribute("data-status")).toBe("queued");
    await command.getByText("待下发").waitFor();
    await drawer.getByTestId("device-commands-polling").waitFor();

    const second = await heartbeat(beat);
    expect(second.data?.commands.map((c) => c.type)).toEqual(["restart"]);
    const commandId = second.data!.commands[0]!.id;
    await expect.poll(() => command.getAttribute("data-status"), { timeout: 10_000 }).toBe("delivered");
    await command.getByText("已下发").waitFor();
    // Delivered once: the next beat brings it no more.
    const third = await heartbeat({ ...beat, acks: [{ id: commandId, ok: true, result: "已重启（模拟设备）" }] });
    expect(third.data?.commands).toEqual([]);
    await expect.poll(() => command.getAttribute("data-status"), { timeout: 10_000 }).toBe("acked");
    await command.getByText("已完成").waitFor();
    await command.getByText("已重启（模拟设备）").waitFor();
    await expect.poll(() => drawer.getByTestId("device-commands-polling").count()).toBe(0);
    await snap(page, "62-device-commands");
    await page.locator(".ant-drawer-close").click();
    await expect.poll(() => page.getByTestId("device-commands-drawer").count()).toBe(0);

    // 在线 / 离线 filters (a fresh beat keeps it online for the next 15 s).
    await heartbeat(beat);
    await choose(page, "device-search-heartbeat_state", "离线");
    await page.getByTestId("device-search").click();
    await expect.poll(() => table.locator("tr.ant-table-row", { hasText: code }).count()).toBe(0);
    await choose(page, "device-search-heartbeat_state", "在线");
    await page.getByTestId("device-search").click();
    await row.waitFor();
    expect(await table.locator("tr.ant-table-row").count()).toBe(1);

    // 导出 with the current filters (nothing selected): the row is in the workbook.
    const download = page.waitForEvent("download");
    await page.getByTestId("device-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^设备列表-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const sheet = wb.getWorksheet("设备列表");
    expect(sheet).toBeDefined();
    const header = (sheet!.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain("设备编码");
    const rows: string[][] = [];
    sheet!.eachRow((r, n) => {
      if (n > 1) rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? "")));
    });
    expect(rows.length).toBe(1);
    const cells = Object.fromEntries(header.map((h, i) => [String(h), rows[0]![i] ?? ""]));
    expect(cells.设备编码).toBe(code);
    expect(cells.设备位置).toBe("教学楼 301 教室");
    expect(cells.在线状态).toBe("在线");
    expect(cells.学校).toBe("银川市第一中学");
    await context.close();
  });

  it.skipIf(!hasFfmpeg)("观看 plays a live camera over HLS and HTTP-FLV, and shows 暂无直播信号 for one that fails", async () => {
    const media = liveMedia();
    const xiaoji = await server.services.accounts.subject((await server.services.accounts.byUsername("xiaoji"))!.id);
    const device = await server.services.equipment.save(xiaoji, EquipmentSave.parse({ position: "教学楼 302 教室" }));
    await server.services.equipment.published(device.id, "teacher", true);
    await server.services.equipment.published(device.id, "student", true);

    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
    const page = await context.newPage();
    // The live module's playback addresses, answered from the files (the student camera's fail).
    const served: string[] = [];
    await page.route(/\/live\/\d+\//, async (route) => {
      const url = new URL(route.request().url());
      served.push(url.pathname);
      if (url.pathname.includes("/student"))
        return route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ code: 404, msg: "该摄像头当前没有直播", data: null }) });
      const name = url.pathname.endsWith(".flv") ? "teacher.flv" : path.basename(url.pathname);
      const type = name.endsWith(".flv") ? "video/x-flv" : name.endsWith(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t";
      return route.fulfill({ status: 200, contentType: type, body: readFileSync(path.join(media, name)) });
    });
    await signIn(page, server.url, "xiaoji", "Demo12345");
    await page.goto(`${server.url}/#/basic/device`);
    const row = page.getByTestId("device-table").locator("tr.ant-table-row", { hasText: device.code });
    await row.waitFor();
    expect(await row.getByTestId("device-row-live").getAttribute("data-value")).toBe("1");

    // 更多: the remaining row actions.
    await row.getByTestId("device-more").click();
    await page.getByTestId("device-action-remarks").waitFor();
    for (const key of ["position", "class", "sync", "allupload", "ip", "version", "upgrade", "watch", "secret", "delete"])
      await page.getByTestId(`device-action-${key}`).waitFor();
    await snap(page, "63-device-more");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".ant-dropdown:visible").count()).toBe(0);

    await row.getByTestId("device-watch").click();
    const player = page.getByTestId("device-watch-player");
    await player.waitFor();
    const playedSeconds = () => player.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime);
    // HLS (hls.js, or the browser's own HLS): the picture moves.
    expect(await player.getAttribute("data-kind")).toBe("hls");
    await expect.poll(() => player.getAttribute("data-state"), { timeout: 20_000 }).toBe("playing");
    await expect.poll(playedSeconds, { timeout: 20_000 }).toBeGreaterThan(1);
    expect(served.some((p) => p.endsWith("/teacher/index.m3u8"))).toBe(true);
    await snap(page, "64-device-watch-hls");

    // Low-latency FLV (mpegts.js).
    await page.getByTestId("device-watch-protocol").getByText("低延迟 FLV").click();
    await expect.poll(() => player.getAttribute("data-kind")).toBe("flv");
    await expect.poll(() => player.getAttribute("data-state"), { timeout: 20_000 }).toBe("playing");
    await expect.poll(playedSeconds, { timeout: 20_000 }).toBeGreaterThan(1);
    expect(served.some((p) => p.endsWith("/teacher.flv"))).toBe(true);

    // The student camera's address fails: the placeholder.
    await page.getByTestId("device-watch-camera").getByText("学生机位").click();
    await expect.poll(() => player.getAttribute("data-state"), { timeout: 20_000 }).toBe("error");
    await player.getByText("暂无直播信号").waitFor();
    await page.getByTestId("device-watch-camera").locator(".ant-segmented-item-selected").getByText("学生机位").waitFor();
    await snap(page, "65-device-watch-no-signal");
    await context.close();
  });

  it("备注, 位置, 更换班级, 巡课, 在线检测, 设置目标版本, 下发升级, 重置密钥 and 删除 each reach the device", async () => {
    const xiaoji = await server.services.accounts.subject((await server.services.accounts.byUsername("xiaoji"))!.id);
    const created = await server.services.equipment.save(xiaoji, EquipmentSave.parse({ position: "实验楼 101" }));
    const read = () => server.services.equipment.read(created.id);
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
    const page = await context.newPage();
    await signIn(page, server.url, "xiaoji", "Demo12345");
    await page.goto(`${server.url}/#/basic/device`);
    const table = page.getByTestId("device-table");
    const row = table.locator("tr.ant-table-row", { hasText: created.code });
    await row.waitFor();
    const more = async (key: string) => {
      await row.getByTestId("device-more").click();
      await page.getByTestId(`device-action-${key}`).click();
    };

    // 备注 (c100 read, c101 save) and 位置 (c102).
    await more("remarks");
    await inputOf(page, "device-remarks-input").fill("讲台左侧机柜");
    await page.getByTestId("device-remarks-submit").click();
    await expect.poll(async () => (await read()).remarks).toBe("讲台左侧机柜");
    await row.getByText("讲台左侧机柜").waitFor();
    await more("position");
    await inputOf(page, "device-position-input").fill("");
    await page.getByTestId("device-position-submit").click();
    await page.getByTestId("device-position").getByText("请输入设备位置").waitFor();
    await inputOf(page, "device-position-input").fill("实验楼 102");
    await page.getByTestId("device-position-submit").click();
    await row.getByText("实验楼 102").waitFor();

    // 更换班级 (c108 with the school's classes) queues change_class; 巡课 switch (c109) queues tour.
    await more("class");
    const label = await choose(page, "device-class-select", "2班");
    await page.getByTestId("device-class-submit").click();
    await row.getByText(label.replace(/\s*·\s*/, "")).waitFor();
    await row.getByTestId("device-tour").click();
    await expect.poll(async () => (await read()).is_tour).toBe(1);
    const commands = async () => (await server.services.equipment.commands(xiaoji, { id: created.id, page: 1, limit: 20 })).list.map((c) => c.type).sort();
    expect(await commands()).toEqual(["change_class", "tour"]);

    // 在线检测 (c099): never beaten.
    await more("ip");
    await expect.poll(() => page.getByTestId("device-ip-status-online").textContent()).toBe("离线");
    await page.getByTestId("device-ip-status").getByText("从未连接").waitFor();
    await page.keyboard.press("Escape");

    // Batch: 设置目标版本 (c103) on the selection, then 下发升级 (c104) with the protocol's checks.
    await row.locator(".ant-checkbox-input").check();
    await page.getByTestId("device-batch-version").click();
    await inputOf(page, "device-version-input").fill("2.4.0");
    await page.getByTestId("device-version-submit").click();
    await expect.poll(async () => (await read()).target_version).toBe("2.4.0");
    await row.getByText("→ 2.4.0").waitFor();
    await page.getByTestId("device-batch-upgrade").click();
    // The registry's version is offered first; a package by address is the other tab.
    await page.getByTestId("device-upgrade-mode-custom").click();
    await inputOf(page, "device-upgrade-url").fill("ftp://x");
    await inputOf(page, "device-upgrade-sha256").fill("abc");
    await page.getByTestId("device-upgrade-submit").click();
    await page.getByTestId("device-upgrade").getByText("应为 http(s):// 地址或以 / 开头的站内路径").waitFor();
    await page.getByTestId("device-upgrade").getByText("应为 64 位十六进制 SHA-256").waitFor();
    await inputOf(page, "device-upgrade-url").fill("/file/firmware-2.4.0.bin");
    await inputOf(page, "device-upgrade-sha256").fill("a".repeat(64));
    await page.getByTestId("device-upgrade-submit").click();
    await expect.poll(commands).toEqual(["change_class", "tour", "upgrade"]);
    await expect.poll(() => page.getByTestId("device-upgrade").count()).toBe(0);
    await snap(page, "66-device-actions");

    // 重置密钥: new credentials shown once; the old secret stops working.
    await more("secret");
    await page.getByTestId("device-reset-secret-ok").click();
    await page.getByTestId("device-secret-dialog").getByText("旧密钥和旧推流地址已立即失效", { exact: false }).waitFor();
    const secret = ((await page.getByTestId("device-secret").textContent()) ?? "").trim();
    expect(secret).not.toBe(created.secret);
    expect((await heartbeat({ code: created.code, secret: created.secret })).code).toBe(401);
    expect((await heartbeat({ code: created.code, secret })).code).toBe(200);
    await page.getByTestId("device-secret-close").click();
    await page.getByTestId("device-secret-dialog").waitFor({ state: "hidden" });

    // 删除 with its confirmation.
    await more("delete");
    await page.getByTestId("device-delete-ok").click();
    await expect.poll(() => table.locator("tr.ant-table-row", { hasText: created.code }).count()).toBe(0);
    expect((await heartbeat({ code: created.code, secret })).code).toBe(401);
    await context.close();
  });
});

import { existsSync } from "node:fs";
import { CALLS, type EquipmentCredentials, type EquipmentRow, type PatrolNumAnswer } from "@yanke/protocol";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../apps/server/src/device-sim/index.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { polling } from "../apps/server/test/poll.js";
import { type BrowserHandle, hasChromium, launchBrowser, signIn, snap } from "./support.js";

/**
 * #6 直播巡课 in Chromium, as a school administrator (xiaoji): two classrooms registered over the wire, simulated by
 * `startSimulator` pushing real RTMP (both cameras) to the test server's own ingest, and a third whose device never
 * connects. The patrol grid plays the two (each <video>'s currentTime advances) and shows the third offline, keeps its
 * players across the 10 s refreshes, switches a tile to the student camera, filters 仅巡课设备, enlarges a classroom
 * with both cameras side by side, and 自动轮巡 turns a 1×1 grid from one classroom to the next (paused on hover and
 * while enlarged).
 */

const hasFfmpeg = existsSync("/usr/bin/ffmpeg") || existsSync("/usr/local/bin/ffmpeg");

let server: TestServer;
let handle: BrowserHandle | undefined;
let sim: Simulator | undefined;
let token = "";
let silentId = 0;
const devices: { id: number; code: string; position: string }[] = [];

const { until } = polling({ ms: 45_000 });

beforeAll(async () => {
  if (!hasChromium || !hasFfmpeg) return;
  server = await startTestServer({ DEVICE_HEARTBEAT_SECONDS: "2" });
  token = (await server.login("xiaoji", "Demo12345")).token;
  const secrets = new Map<string, string>();
  for (const [position, tour] of [
    ["巡课 A 初二(1)班", 1],
    ["巡课 B 初二(2)班", 0],
  ] as const) {
    const saved = await server.call<EquipmentCredentials>(CALLS.equipmentSave, { position, producer: "模拟录播主机", is_tour: tour }, token);
    expect(saved.code, saved.msg).toBe(200);
    devices.push({ id: saved.data.id, code: saved.data.code, position });
    secrets.set(saved.data.code, saved.data.secret);
  }
  // A third classroom whose device never connects: its tile shows the placeholder.
  const silent = await server.call<EquipmentCredentials>(CALLS.equipmentSave, { position: "巡课 C 未接入", producer: "模拟录播主机" }, token);
  expect(silent.code, silent.msg).toBe(200);
  silentId = silent.data.id;
  // Small pictures: the machine has two cores, shared by four encoders, four HLS packagers and the browser.
  sim = await startSimulator({
    server: server.url,
    devices: devices.map((d) => ({ code: d.code, secret: secrets.get(d.code) ?? "" })),
    size: "320x180",
    fps: 10,
    preset: "ultrafast",
    pushOnBoot: true,
  });
  await until(
    "both classrooms online and live on both cameras",
    () => server.call<EquipmentRow[]>(CALLS.equipmentAllList, {}, token),
    (r) => devices.every((d) => r.data.some((e) => e.id === d.id && e.heartbeat_state === 1 && e.teacherStreamUrl !== "" && e.studentStreamUrl !== "")),
  );
  handle = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
});

afterAll(async () => {
  await handle?.close();
  await sim?.stop();
  await server?.close();
});

const tileOf = (page: Page, id: number): Locator => page.locator(`[data-testid="patrol-tile"][data-id="${id}"]`);
const videoTime = (player: Locator): Promise<number> => player.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime);

/** The player shows a picture and its currentTime moves on past where it was. */
async function expectPlaying(player: Locator, what: string): Promise<void> {
  await expect.poll(() => player.getAttribute("data-state"), { timeout: 40_000, message: `${what} playing` }).toBe("playing");
  // A camera that just went live has one short segment: the first frame shows, the clock starts with the next one.
  await expect.poll(() => videoTime(player), { timeout: 20_000, message: `${what} past its first frame` }).toBeGreaterThan(0);
  const before = await videoTime(player);
  await expect.poll(() => videoTime(player), { timeout: 20_000, message: `${what}: currentTime moves on from ${before}` }).toBeGreaterThan(before);
}

describe.skipIf(!hasChromium || !hasFfmpeg)("browser: 直播巡课 (two simulated classrooms)", () => {
  it("plays both classrooms, keeps players across refreshes, switches cameras, enlarges, and tours the pages", async () => {
    const context = await handle!.browser.newContext({ viewport: { width: 1440, height: 960 }, locale: "zh-CN" });
    const page = await context.newPage();
    const [a, b] = devices as [(typeof devices)[0], (typeof devices)[0]];
    await signIn(page, server.url, "xiaoji", "Demo12345");
    await page.goto(`${server.url}/#/device/live`);
    await page.getByTestId("patrol-page").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe("直播巡课");

    // The grid (2×2 by default) holds the three classrooms, teacher camera first; the two live ones play.
    await expect.poll(() => page.getByTestId("patrol-tile").count(), { timeout: 20_000 }).toBe(3);
    expect(await page.getByTestId("patrol-grid").getAttribute("data-layout")).toBe("2");
    for (const d of [a, b]) {
      const tile = tileOf(page, d.id);
      expect(await tile.getByTestId("patrol-tile-position").textContent()).toBe(d.position);
      expect(await tile.getByTestId("patrol-tile-school").textContent()).toContain("银川市第一中学");
      expect(await tile.getAttribute("data-camera")).toBe("teacher");
      expect(await tile.getAttribute("data-src")).toMatch(new RegExp(`^/live/${d.id}/teacher/index\\.m3u8\\?exp=\\d+&sig=`));
      await expectPlaying(tile.getByTestId("patrol-tile-player"), `${d.position} teacher`);
    }
    // The silent classroom: offline, the placeholder instead of a player.
    const tileC = tileOf(page, silentId);
    expect(await tileC.getAttribute("data-online")).toBe("0");
    expect(await tileC.getAttribute("data-src")).toBe("");
    expect(await tileC.getByTestId("patrol-tile-player").getAttribute("data-state")).toBe("idle");
    expect(await tileC.getByTestId("patrol-tile-player-empty").textContent()).toContain("设备离线");
    expect(await tileC.getByTestId("patrol-tile-live").count()).toBe(0);
    expect(await tileC.getByTestId("patrol-tile-online").textContent()).toBe("离线");
    // Patrol devices in the header: 巡课 and online — only A.
    expect(await page.getByTestId("patrol-count").getAttribute("data-value")).toBe("1");
    expect(await page.getByTestId("patrol-summary").getAttribute("data-total")).toBe("3");
    expect(await page.getByTestId("patrol-summary").getAttribute("data-online")).toBe("2");
    expect(await page.getByTestId("patrol-summary").getAttribute("data-live")).toBe("2");
    await tileOf(page, a.id).getByTestId("patrol-tile-live").waitFor();
    expect(await tileOf(page, a.id).getByTestId("patrol-tile-online").textContent()).toBe("在线");
    // The top bar's patrol count (c073, kept in the app state): what the server counts for xiaoji.
    const num = await server.call<PatrolNumAnswer>(CALLS.patrolNum, {}, token);
    expect(num.data).toMatchObject({ num: 1, live: 1 });
    await expect.poll(() => page.getByTestId("patrol-badge").getAttribute("data-num")).toBe(String(num.data.num));
    expect(await page.getByTestId("patrol-badge").getAttribute("data-live")).toBe(String(num.data.live));
    await page.mouse.move(5, 5);
    await snap(page, "70-patrol-grid");

    // A refresh (every 10 s) signs the addresses again; the players keep theirs and go on playing.
    const srcBefore = await tileOf(page, a.id).getAttribute("data-src");
    const blobBefore = await tileOf(page, a.id)
      .locator("video")
      .evaluate((v: HTMLVideoElement) => v.src);
    const updated = await page.getByTestId("patrol-page").getAttribute("data-updated");
    const timeBefore = await videoTime(tileOf(page, a.id).getByTestId("patrol-tile-player"));
    await expect.poll(() => page.getByTestId("patrol-page").getAttribute("data-updated"), { timeout: 20_000 }).not.toBe(updated);
    expect(await tileOf(page, a.id).getAttribute("data-src")).toBe(srcBefore);
    expect(
      await tileOf(page, a.id)
        .locator("video")
        .evaluate((v: HTMLVideoElement) => v.src),
    ).toBe(blobBefore);
    expect(await videoTime(tileOf(page, a.id).getByTestId("patrol-tile-player"))).toBeGreaterThan(timeBefore);
    // …while the server did sign them again.
    const fresh = await server.call<EquipmentRow[]>(CALLS.equipmentAllList, {}, token);
    const freshA = fresh.data.find((e) => e.id === a.id)!;
    expect(freshA.teacherStreamUrl.split("?")[0]).toBe(srcBefore!.split("?")[0]);

    // Tile B to the student camera.
    const tileB = tileOf(page, b.id);
    await tileB.getByTestId("patrol-tile-camera").getByText("学生").click();
    await expect.poll(() => tileB.getAttribute("data-camera")).toBe("student");
    expect(await tileB.getAttribute("data-src")).toMatch(new RegExp(`^/live/${b.id}/student/index\\.m3u8\\?`));
    await expectPlaying(tileB.getByTestId("patrol-tile-player"), `${b.position} student`);
    await page.mouse.move(5, 5);
    await snap(page, "71-patrol-student-camera");

    // 仅巡课设备: only A (is_tour); off again: both.
    await page.getByText("仅巡课设备").click();
    await expect.poll(() => page.getByTestId("patrol-tile").count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId("patrol-tile").getAttribute("data-id")).toBe(String(a.id));
    await page.getByText("仅巡课设备").click();
    await expect.poll(() => page.getByTestId("patrol-tile").count(), { timeout: 10_000 }).toBe(3);
    // The student camera chosen for B is remembered.
    expect(await tileB.getAttribute("data-camera")).toBe("student");

    // 3×3: all three on one page, still playing.
    await page.getByTestId("patrol-layout").getByText("3×3").click();
    await expect.poll(() => page.getByTestId("patrol-grid").getAttribute("data-layout")).toBe("3");
    expect(await page.getByTestId("patrol-grid").getAttribute("data-pages")).toBe("1");
    await expectPlaying(tileOf(page, a.id).getByTestId("patrol-tile-player"), "3×3 teacher");
    await page.mouse.move(5, 5);
    await snap(page, "72-patrol-3x3");

    // Enlarge A: both cameras side by side, both playing.
    await tileOf(page, a.id).getByTestId("patrol-tile-body").click();
    const enlarged = page.getByTestId("patrol-enlarge");
    await enlarged.waitFor();
    expect(await enlarged.getAttribute("data-id")).toBe(String(a.id));
    expect(await page.getByTestId("patrol-enlarge-title").textContent()).toBe(a.position);
    await expectPlaying(page.getByTestId("patrol-enlarge-teacher"), "enlarged teacher");
    await expectPlaying(page.getByTestId("patrol-enlarge-student"), "enlarged student");
    await snap(page, "73-patrol-enlarged");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("patrol-enlarge").count()).toBe(0);

    // 1×1: one classroom a page, two pages; 自动轮巡 every 10 s turns to B (the pointer off the grid).
    await page.getByTestId("patrol-layout").getByText("1×1").click();
    const grid = page.getByTestId("patrol-grid");
    await expect.poll(() => grid.getAttribute("data-pages")).toBe("3");
    expect(await grid.getAttribute("data-page")).toBe("1");
    expect(await page.getByTestId("patrol-tile").getAttribute("data-id")).toBe(String(a.id));
    const rotation = page.getByTestId("patrol-rotation");
    if ((await page.getByTestId("patrol-rotate").getAttribute("aria-checked")) !== "true") await page.getByTestId("patrol-rotate").click();
    await page.getByTestId("patrol-rotate-seconds").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "每 10 秒" }).click();
    await expect.poll(() => page.locator(".ant-select-dropdown:visible").count()).toBe(0);
    await page.mouse.move(5, 5);
    await expect.poll(() => rotation.getAttribute("data-state")).toBe("running");
    await page.getByTestId("patrol-rotation-status").getByText("切换到第 2 页", { exact: false }).waitFor();
    await snap(page, "74-patrol-rotation");
    // Hovering the grid pauses the tour; leaving it resumes.
    await grid.hover();
    await expect.poll(() => rotation.getAttribute("data-state")).toBe("paused");
    await page.getByTestId("patrol-rotation-status").getByText("已暂停（鼠标悬停）").waitFor();
    await page.mouse.move(5, 5);
    await expect.poll(() => rotation.getAttribute("data-state")).toBe("running");
    // …and so does an enlarged classroom.
    await tileOf(page, a.id).getByTestId("patrol-tile-body").click();
    await page.getByTestId("patrol-enlarge").waitFor();
    await expect.poll(() => rotation.getAttribute("data-state")).toBe("paused");
    await page.getByTestId("patrol-rotation-status").getByText("已暂停（查看大图）").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("patrol-enlarge").count()).toBe(0);
    await page.mouse.move(5, 5);
    await expect.poll(() => rotation.getAttribute("data-state")).toBe("running");
    await expect.poll(() => grid.getAttribute("data-page"), { timeout: 20_000 }).toBe("2");
    expect(await page.getByTestId("patrol-tile").getAttribute("data-id")).toBe(String(b.id));
    await expectPlaying(tileOf(page, b.id).getByTestId("patrol-tile-player"), "after the tour turned");
    await page.mouse.move(5, 5);
    await snap(page, "75-patrol-rotated");
    await context.close();
  }, 240_000);

  it("lets a district administrator pick one school", async () => {
    const context = await handle!.browser.newContext({ viewport: { width: 1440, height: 960 }, locale: "zh-CN" });
    const page = await context.newPage();
    await signIn(page, server.url, "quji", "Demo12345");
    await page.goto(`${server.url}/#/device/live`);
    await page.getByTestId("patrol-page").waitFor();
    // Several schools in his region: the school filter shows; all three classrooms of 银川市第一中学 are his.
    await page.getByTestId("patrol-school").waitFor();
    await expect.poll(() => page.getByTestId("patrol-tile").count(), { timeout: 20_000 }).toBe(3);
    await page.getByTestId("patrol-school").click();
    const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
    await options.first().waitFor();
    // The schools arrive after the dropdown opens on a loaded machine: wait for more than one.
    await expect.poll(() => options.count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await options.filter({ hasNotText: "银川市第一中学" }).first().click();
    await page.getByTestId("patrol-page").getByText("该学校还没有录播设备").waitFor();
    await page.getByTestId("patrol-school").click();
    await options.filter({ hasText: "银川市第一中学" }).first().click();
    await expect.poll(() => page.getByTestId("patrol-tile").count(), { timeout: 10_000 }).toBe(3);
    await expectPlaying(tileOf(page, devices[0]!.id).getByTestId("patrol-tile-player"), "district administrator's view");
    await page.mouse.move(5, 5);
    await snap(page, "76-patrol-district");
    await context.close();
  }, 120_000);
});

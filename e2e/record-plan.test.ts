import { existsSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import {
  type AllDayAnswer,
  type AllDayStatusAnswer,
  CALLS,
  type EquipmentCredentials,
  type EquipmentRow,
  type FlowLiveAnswer,
  type Page as ListPage,
  type SchoolClassItem,
  type SessionInfo,
  type SupervisionRow,
} from "@yanke/protocol";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../apps/server/src/device-sim/index.js";
import { recording, recordingPart } from "../apps/server/src/modules/recording/recording.schema.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { h264Mp4 } from "../apps/server/test/media-fixtures.js";
import { polling } from "../apps/server/test/poll.js";
import { type BrowserHandle, hasChromium, inputOf, launchBrowser, okOf, signIn, snap } from "./support.js";

/**
 * #6 录制计划 (/device/record) in Chromium, as a school administrator (xiaoji). A classroom device registered over the
 * wire is simulated by `startSimulator` pushing real RTMP (320x180, 5 fps) to the test server: 手动录制 is refused
 * with the server's message while the device does not push (stopped by a command), then starts a
 * recording from the screen, the row appears 录制中 (pulsing tag, both cameras captured, auto-refreshed), 停止录制
 * ends it, the row turns 已完成 with a play link that opens /playVideo; 全天录制 switches the device on (checked over
 * the wire), the calendar marks today and lists the hour; the recordings are deleted (single and batch) and gone over
 * the wire. Without ffmpeg only the all-day switch runs (on a device that never connects).
 */

const hasFfmpeg = existsSync("/usr/bin/ffmpeg") || existsSync("/usr/local/bin/ffmpeg");

let server: TestServer;
let handle: BrowserHandle | undefined;
let context: BrowserContext | undefined;
let page: Page;
let sim: Simulator | undefined;
let admin: SessionInfo;
let device = { id: 0, code: "", position: "录制计划 初一(1)班" };
let manualId = 0;
const COURSE = "手动录制测试 函数的图像";

const { until } = polling({ ms: 45_000, every: 300 });

const ok = okOf(
  () => server,
  () => admin.token,
);
const devices = () => ok<EquipmentRow[]>(CALLS.equipmentAllList, {});
const records = () => ok<ListPage<SupervisionRow>>(CALLS.supervision, { page: 1, limit: 50 }).then((p) => p.list);
const rowOf = (id: number): Locator => page.locator(`[data-testid="record-row"][data-id="${id}"]`);
const today = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Shanghai" }).format(new Date());

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ DEVICE_HEARTBEAT_SECONDS: "1" });
  admin = await server.login("xiaoji", "Demo12345");
  const classes = await ok<SchoolClassItem[]>(CALLS.schoolClasses, { school_id: admin.school_id });
  expect(classes.length).toBeGreaterThan(0);
  const saved = await ok<EquipmentCredentials>(CALLS.equipmentSave, { position: device.position, producer: "模拟录播主机", new_class_id: classes[0]!.id });
  device = { ...device, id: saved.id, code: saved.code };
  if (hasFfmpeg) {
    sim = await startSimulator({
      server: server.url,
      devices: [{ code: saved.code, secret: saved.secret }],
      size: "320x180",
      fps: 5,
      preset: "ultrafast",
      pushOnBoot: true,
    });
    await until(
      "the device online and live on both cameras",
      () => ok<EquipmentRow[]>(CALLS.equipmentAllList, {}),
      (r) => r.some((e) => e.id === device.id && e.heartbeat_state === 1 && e.teacherStreamUrl !== "" && e.studentStreamUrl !== ""),
    );
  }
  handle = await launchBrowser();
  context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
  page = await context.newPage();
  await signIn(page, server.url, "xiaoji", "Demo12345");
}, 90_000);

afterAll(async () => {
  await context?.close();
  await handle?.close();
  await sim?.stop();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: 录制计划", () => {
  it.skipIf(!hasFfmpeg)(
    "starts a manual recording from the screen, shows it 录制中, stops it and plays the video",
    async () => {
      // The device stops pushing (a command over its heartbeat): a recording is refused.
      await ok(CALLS.machineStopAllRtmp, { code: device.code });
      await until("the device not pushing", devices, (r) => r.some((e) => e.id === device.id && e.heartbeat_state === 1 && e.liveStreamStatus === 0));

      await page.goto(`${server.url}/#/device/record`);
      await page.getByTestId("record-plan-page").waitFor();
      expect(await page.getByTestId("page-title").textContent()).toBe("录制计划");
      await page.getByTestId("record-table").getByText("还没有录制记录").waitFor();

      // 手动录制: the online device; while it does not push the server's refusal shows.
      await page.getByTestId("manual-device").click();
      const option = page.locator(".ant-select-dropdown:visible").getByTestId("manual-device-option").filter({ hasText: device.position });
      expect(await option.textContent()).toContain("未推流");
      await option.click();
      expect(await page.getByTestId("manual-device-state").textContent()).toContain("设备未推流");
      await page.getByTestId("manual-start").click();
      const result = page.getByTestId("manual-result");
      await result.waitFor();
      expect(await result.getAttribute("data-type")).toBe("error");
      expect(await result.textContent()).toBe("设备未在推流，无法录制：请先开始推流");
      expect((await records()).length).toBe(0);
      await page.mouse.move(5, 5);
      await snap(page, "79-record-refused");

      // It pushes again: a course name, 开始录制.
      await ok(CALLS.machinePushAllRtmp, { code: device.code });
      await until("the device live again", devices, (r) => r.some((e) => e.id === device.id && e.teacherStreamUrl !== "" && e.studentStreamUrl !== ""));
      await expect.poll(() => page.getByTestId("manual-device-state").textContent(), { timeout: 15_000 }).toContain("设备正在推流");
      await inputOf(page, "manual-course").fill(COURSE);
      await page.getByTestId("manual-start").click();
      await expect.poll(() => result.getAttribute("data-type"), { timeout: 10_000 }).toBe("success");
      expect(await result.textContent()).toContain("已开始录制");

      // Over the wire: a manual recording of the device, in progress.
      const started = await until("the recording listed", records, (l) => l.some((r) => r.course_name === COURSE));
      const rec = started.find((r) => r.course_name === COURSE)!;
      manualId = rec.id;
      expect(rec).toMatchObject({ record_type: 2, equipment_id: device.id, transcribe_status: 0 });

      // The row: 录制中 (pulsing), both cameras captured once the list has been read again on its own.
      const row = rowOf(manualId);
      await row.waitFor();
      expect(await row.getByTestId("record-row-course").textContent()).toBe(COURSE);
      expect(await row.getByTestId("record-row-type").textContent()).toBe("手动录制");
      expect(await row.getByTestId("record-status").textContent()).toBe("录制中");
      expect(await row.locator(".yk-record-dot").count()).toBe(1);
      await expect.poll(() => row.getByTestId("record-row-cams").getAttribute("data-value"), { timeout: 20_000 }).toBe("teacher,student");
      await page.getByTestId("record-live-count").waitFor();
      expect(await row.getByTestId("record-delete-disabled").count()).toBe(1);
      // Starting again is not offered while it records.
      expect(await page.getByTestId("manual-start").isDisabled()).toBe(true);
      await page.mouse.move(5, 5);
      await snap(page, "80-record-supervision-live");

      // 实时分析 (#10, c154): the S-T curve of what has been captured so far grows while the lesson records.
      await row.getByTestId("record-flowlive").click();
      const flow = page.getByTestId("flowlive");
      await flow.waitFor();
      await flow.locator(".ant-segmented-item").filter({ hasText: "10 秒" }).click();
      await expect.poll(() => flow.getByTestId("flowlive-samples").count(), { timeout: 45_000, interval: 2000 }).toBe(1);
      const shown = Number(await flow.getByTestId("flowlive-samples").textContent());
      const wire = await ok<FlowLiveAnswer>(CALLS.flowLive, { recording_id: manualId, interval: 10 });
      expect(shown).toBeGreaterThanOrEqual(1);
      expect(wire.st.available && wire.st.n).toBeGreaterThanOrEqual(shown);
      expect(wire.captured_seconds).toBeGreaterThanOrEqual(10);
      await flow.getByTestId("flowlive-curve").locator("canvas").waitFor();
      await snap(page, "80b-record-flowlive");
      await page.locator(".ant-drawer-close").click();
      await flow.waitFor({ state: "detached" });

      // Then 停止录制.
      await page.getByTestId("manual-stop").click();
      await expect.poll(() => result.textContent(), { timeout: 10_000 }).toContain("已停止录制");
      expect(await result.getAttribute("data-type")).toBe("success");

      // The list follows the processing by itself: 已完成 with a play link.
      await expect.poll(() => row.getAttribute("data-status"), { timeout: 90_000 }).toBe("2");
      expect(await row.getByTestId("record-status").textContent()).toBe("已完成");
      const done = (await records()).find((r) => r.id === manualId)!;
      expect(done.transcribe_status).toBe(2);
      expect(done.video_id).toBeGreaterThan(0);
      expect(done.duration).toBeGreaterThan(0);
      const play = row.getByTestId("record-play");
      expect(await play.getAttribute("href")).toBe(`#/playVideo?id=${done.video_id}`);
      expect(await page.getByTestId("record-live-count").count()).toBe(0);
      await page.mouse.move(5, 5);
      await snap(page, "81-record-supervision-done");

      // The link opens the player in a new tab.
      const [player] = await Promise.all([context!.waitForEvent("page"), play.click()]);
      await player.getByTestId("play-video-page").waitFor({ timeout: 20_000 });
      expect(await player.getByTestId("play-video-page").getAttribute("data-video-id")).toBe(String(done.video_id));
      expect(await player.getByTestId("page-title").textContent()).toBe(COURSE);
      await player.close();
    },
    150_000,
  );

  it("switches all-day recording on for the device, shows the day in the calendar, and off again", async () => {
    await page.goto(`${server.url}/#/device/record?tab=allday`);
    await page.getByTestId("allday-tab").waitFor();
    const row = page.locator(`[data-testid="allday-row"][data-id="${device.id}"]`);
    await row.waitFor();
    const toggle = row.getByTestId("allday-switch");
    expect(await toggle.getAttribute("data-value")).toBe("0");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("data-value")).toBe("1");
    await expect.poll(() => page.getByTestId("allday-on-count").textContent()).toBe("1 台已开启全天录制");
    // Over the wire: the device records all day.
    const on = await ok<AllDayAnswer>(CALLS.allDay, {});
    expect(on.devices).toEqual([expect.objectContaining({ equipment_id: device.id, all_day: 1 })]);

    if (hasFfmpeg) {
      // It pushes: this hour's part starts; the calendar marks today and lists the part.
      await until(
        "the all-day part recording",
        () => ok<AllDayAnswer>(CALLS.allDay, { equipment_id: device.id }),
        (a) => a.list.some((r) => r.transcribe_status === 0),
      );
      const month = await ok<AllDayStatusAnswer>(CALLS.allDayStatus, { month: today().slice(0, 7) });
      expect(month.days).toContain(today());
      await page.getByTestId("allday-refresh").click();
      const cell = page.locator(`[data-testid="allday-day"][data-date="${today()}"]`);
      await expect.poll(() => cell.getAttribute("data-has"), { timeout: 15_000 }).toBe("1");
      await cell.click();
      const hour = page.getByTestId("allday-hour").first();
      await hour.waitFor();
      expect(await hour.getByTestId("record-status").textContent()).toBe("录制中");
      expect(await hour.textContent()).toContain(device.position);
    } else {
      await page.getByTestId("allday-hours").getByText("当天没有全天录像").waitFor();
    }
    await page.mouse.move(5, 5);
    await snap(page, "82-record-allday");

    // Off again from the screen.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("data-value")).toBe("0");
    expect((await ok<AllDayAnswer>(CALLS.allDay, {})).devices).toEqual([]);
  }, 90_000);

  it.skipIf(!hasFfmpeg)(
    "deletes recordings (one, then a batch) and they are gone over the wire",
    async () => {
      // The all-day part ended when switched off: wait for it to be processed.
      const part = await until(
        "the all-day part processed",
        () => ok<AllDayAnswer>(CALLS.allDay, { equipment_id: device.id }),
        (a) => a.list.length > 0 && a.list.every((r) => r.transcribe_status >= 2),
        90_000,
      );
      const partId = part.list[0]!.id;

      await page.goto(`${server.url}/#/device/record`);
      await page.getByTestId("supervision-tab").waitFor();
      const manual = rowOf(manualId);
      await manual.waitFor();
      await manual.getByTestId("record-delete").click();
      await page.getByTestId("record-delete-ok").click();
      // On a loaded machine a click can land while the confirm is still opening: click again while it stays open.
      await expect
        .poll(
          async () => {
            const ok = page.getByTestId("record-delete-ok");
            if ((await ok.count()) === 1 && (await ok.isEnabled().catch(() => false))) await ok.click({ timeout: 2000 }).catch(() => undefined);
            if ((await page.getByTestId("record-delete-failed").count()) > 0) return `failed: ${await page.getByTestId("record-delete-failed").textContent()}`;
            return manual.count();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(0);
      expect((await records()).some((r) => r.id === manualId)).toBe(false);
      // The first confirm dialog is gone (not just closing) before the next one opens: its 删除 button has the same test id.
      await expect.poll(() => page.getByTestId("record-delete-ok").count(), { timeout: 10_000 }).toBe(0);

      // Batch: the all-day part, selected by its checkbox.
      const partRow = rowOf(partId);
      await partRow.waitFor();
      expect(await partRow.getByTestId("record-row-type").textContent()).toBe("全天录制");
      await partRow.locator(".ant-checkbox-input").check();
      await page.getByTestId("record-batch-delete").click();
      await page.getByTestId("record-delete-ok").click();
      // .last(): the single delete's identical notice may still be fading out.
      await page.locator(".ant-message-notice").filter({ hasText: "已删除 1 条录制记录" }).last().waitFor({ timeout: 15_000 });
      await expect.poll(() => partRow.count(), { timeout: 10_000 }).toBe(0);
      expect((await records()).some((r) => r.id === partId)).toBe(false);
      await page.getByTestId("record-table").getByText("还没有录制记录").waitFor();
    },
    120_000,
  );

  it.skipIf(!hasFfmpeg)(
    "processes a failed recording again with 重新处理 (its parts are still on disk)",
    async () => {
      // A recording whose join failed (the owner's space was full), its two parts kept under DATA_DIR.
      const db = server.database.db;
      const start = new Date(Date.now() - 5 * 60_000);
      const [rec] = await db
        .insert(recording)
        .values({
          record_type: 2,
          equipment_id: device.id,
          school_id: admin.school_id,
          account_id: admin.account_id,
          course_name: "失败重试 勾股定理",
          record_model: 2,
          start_at: start,
          end_at: new Date(start.getTime() + 60_000),
          state: "failed",
          error: "存储空间不足",
        })
        .returning({ id: recording.id });
      const source = await h264Mp4(2);
      for (const seq of [0, 1]) {
        const rel = path.join("recordings", String(rec!.id), `teacher-${seq}.mp4`);
        await mkdir(path.dirname(path.join(server.config.dataDir, rel)), { recursive: true });
        await copyFile(source, path.join(server.config.dataDir, rel));
        await db
          .insert(recordingPart)
          .values({ recording_id: rec!.id, camera: "teacher", seq, path: rel, state: "closed", started_at: start, ended_at: new Date() });
      }
      expect((await records()).find((r) => r.id === rec!.id)?.transcribe_status).toBe(3);
      await page.goto(`${server.url}/#/device/record`);
      await page.reload();
      await page.getByTestId("supervision-tab").waitFor();
      const row = rowOf(rec!.id);
      await row.waitFor().catch(async (e: unknown) => {
        await snap(page, "83-record-retry-missing");
        throw e;
      });
      await row.getByTestId("record-retry").click();
      // Processed again: the row turns 已完成 with a play link, and the wire agrees.
      await expect.poll(() => row.getByTestId("record-retry").count(), { timeout: 60_000 }).toBe(0);
      const done = await until("the recording processed", records, (l) => l.some((r) => r.id === rec!.id && r.transcribe_status === 2), 60_000);
      expect(done.find((r) => r.id === rec!.id)!.video_id).toBeGreaterThan(0);
      await expect.poll(() => row.getByText("播放").count(), { timeout: 20_000 }).toBe(1);
    },
    90_000,
  );
});

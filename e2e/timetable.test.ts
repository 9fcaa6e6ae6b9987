import { CALLS, type EquipmentCredentials, type Page as PageOf, type TimetableRow } from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, inputOf, launchBrowser, signIn, snap } from "./support.js";

/**
 * #6 课表管理 in Chromium, as a school administrator (xiaoji), at 1366×800: the class's week grid warns that the class
 * has no device (and names it once one is bound), a lesson added next Wednesday through the drawer form lands in that
 * day's column, its course name is edited, an overlapping lesson is refused with the server's message inside the form,
 * the lesson is cancelled (it leaves the grid, 录制列表 shows 已取消), and a reservation is booked and deleted in
 * 预约录制 — each step checked against the server over the wire as well.
 */

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
let token = "";

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer();
  handle = await launchBrowser();
  token = (await server.login("xiaoji", "Demo12345")).token;
  context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN", timezoneId: "Asia/Shanghai" });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
});

async function wire<T>(path: string, payload: Record<string, unknown>): Promise<T> {
  const r = await server.call<T>(path, payload, token);
  if (r.code !== 200) throw new Error(`${path}: ${r.code} ${r.msg}`);
  return r.data as T;
}

/** "YYYY-MM-DD" of a day `offset` days from today in Asia/Shanghai. */
function shanghaiDay(offset: number): string {
  return new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}
/** Next week's day (1 Monday … 7 Sunday) in Asia/Shanghai. */
function nextWeekDay(week: number): string {
  const today = shanghaiDay(0);
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
  return shanghaiDay(-((dow + 6) % 7) + 7 + (week - 1));
}

const slotCard = (date: string, course: string) => page.locator(`[data-testid="timetable-slot"][data-date="${date}"]`).filter({ hasText: course });

describe.skipIf(!hasChromium)("browser: 课表管理 (a school administrator)", () => {
  const wednesday = nextWeekDay(3);
  let classId = 0;
  let slotId = 0;

  it("adds a lesson next Wednesday through the form and shows it in that day's column", async () => {
    await signIn(page, server.url, "xiaoji", "Demo12345");
    await page.goto(`${server.url}/#/basic/timetable`);
    await page.getByTestId("timetable-page").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe("课表管理");
    // A school administrator's own school and its first class are chosen already; the fresh class has no device.
    await page.getByTestId("timetable-grid").waitFor();
    await page.getByTestId("timetable-no-device").getByText("该班级还没有绑定录播设备").waitFor();
    expect(await page.getByTestId("timetable-day").count()).toBe(7);

    await page.getByTestId("timetable-next-week").click();
    await page.locator(`[data-testid="timetable-day"][data-date="${wednesday}"]`).waitFor();
    expect(await page.getByTestId("timetable-week-label").textContent()).toContain(
      `${Number(nextWeekDay(7).slice(5, 7))}月${Number(nextWeekDay(7).slice(8))}日`,
    );

    await page.getByTestId(`timetable-add-${wednesday}`).click();
    const form = page.getByTestId("slot-form");
    await form.waitFor();
    // The form's own check first (no call made).
    await page.getByTestId("slot-submit").click();
    await form.getByText("请输入课程名称").waitFor();
    await inputOf(page, "slot-form-course").fill("函数的图像");
    await inputOf(page, "slot-form-chapter").fill("第三章 第二节");
    expect(await inputOf(page, "slot-form-date").inputValue()).toBe(wednesday);
    expect(await inputOf(page, "slot-form-start").inputValue()).toBe("08:00");
    expect(await inputOf(page, "slot-form-end").inputValue()).toBe("08:45");
    await page.getByTestId("slot-form-teacher").click();
    await page.getByTestId("slot-form-teacher").locator("input").fill("李老师");
    const teacher = page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "李老师" }).first();
    await teacher.click();
    await page.getByTestId("slot-form-subject").click();
    await page.getByTestId("slot-form-subject").locator("input").fill("数学");
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "数学" }).first().click();
    await page.getByTestId("slot-form-is_ai").check();
    await page.getByTestId("slot-form-is_live").check();
    await expect.poll(() => page.locator(".ant-select-dropdown:visible").count()).toBe(0);
    await snap(page, "80-timetable-form");
    await page.getByTestId("slot-submit").click();

    const card = slotCard(wednesday, "函数的图像");
    await card.waitFor();
    expect(await card.getAttribute("data-status")).toBe("0");
    expect(await card.getByTestId("timetable-slot-status").textContent()).toBe("待录制");
    await card.getByText("李老师").waitFor();
    await card.getByText("AI", { exact: true }).waitFor();
    await card.getByText("直播", { exact: true }).waitFor();
    await card.getByText("08:00–08:45").waitFor();
    // The card sits in Wednesday's 08:00–08:45 cell.
    expect(await page.locator(`[data-testid="timetable-cell"][data-date="${wednesday}"][data-time="08:00-08:45"]`).getByText("函数的图像").count()).toBe(1);

    const list = await wire<PageOf<TimetableRow>>(CALLS.timetableRecordList, { page: 1, limit: 10, course_name: "函数的图像" });
    expect(list.total).toBe(1);
    const row = list.list[0]!;
    expect(row).toMatchObject({
      currency_date: wednesday,
      week: 3,
      start_date: `${wednesday} 08:00:00`,
      end_date: `${wednesday} 08:45:00`,
      chapter_name: "第三章 第二节",
      subject_name: "数学",
      account_name: "李老师",
      is_ai: 1,
      is_live: 1,
      status: 0,
      kind: "timetable",
    });
    classId = row.class_id;
    slotId = row.id;

    // A few more lessons of the week over the wire, and a device for the class: the grid shows them and the device.
    await wire(CALLS.timetableNewRecord, {
      class_id: classId,
      course_name: "古诗词鉴赏",
      chapter_name: "第二单元",
      currency_date: nextWeekDay(1),
      start_date: "08:00",
      end_date: "08:45",
      is_research: 1,
    });
    await wire(CALLS.timetableNewRecord, {
      class_id: classId,
      course_name: "英语听说",
      currency_date: nextWeekDay(2),
      start_date: "09:00",
      end_date: "09:45",
      is_observe: 1,
    });
    await wire(CALLS.timetableNewRecord, {
      class_id: classId,
      course_name: "物理实验",
      currency_date: nextWeekDay(4),
      start_date: "14:00",
      end_date: "14:45",
      is_active: 0,
    });
    await wire<EquipmentCredentials>(CALLS.equipmentSave, { position: "教学楼 201 教室", producer: "研课科技", new_class_id: classId });
    await page.getByTestId("timetable-refresh").click();
    await slotCard(nextWeekDay(4), "物理实验").getByText("不录制").waitFor();
    await page.getByTestId("timetable-device").getByText("教学楼 201 教室").waitFor();
    expect(await page.getByTestId("timetable-no-device").count()).toBe(0);
    await snap(page, "81-timetable-grid");
  });

  it("edits the course name, refuses an overlapping lesson with the server's message, cancels the lesson", async () => {
    await slotCard(wednesday, "函数的图像").getByTestId("timetable-slot-edit").click();
    const form = page.getByTestId("slot-form");
    await form.waitFor();
    expect(await inputOf(page, "slot-form-course").inputValue()).toBe("函数的图像");
    await inputOf(page, "slot-form-course").fill("函数的图像与性质");
    await page.getByTestId("slot-submit").click();
    await slotCard(wednesday, "函数的图像与性质").waitFor();
    await expect.poll(() => page.getByTestId("slot-form").count()).toBe(0);
    const edited = await wire<PageOf<TimetableRow>>(CALLS.timetableRecordList, {
      page: 1,
      limit: 10,
      class_id: classId,
      start_date: wednesday,
      end_date: wednesday,
    });
    expect(edited.list.map((r) => [r.id, r.course_name, r.start_date])).toEqual([[slotId, "函数的图像与性质", `${wednesday} 08:00:00`]]);

    // Wednesday 08:00–08:45 again: the server refuses, its message shows in the form.
    await page.getByTestId(`timetable-add-${wednesday}`).click();
    await page.getByTestId("slot-form").waitFor();
    await inputOf(page, "slot-form-course").fill("重复的课");
    await page.getByTestId("slot-submit").click();
    const error = page.getByTestId("slot-form-error");
    await error.waitFor();
    expect(await error.textContent()).toContain(`时间冲突：该班级 ${wednesday} 08:00–08:45 已安排《函数的图像与性质》`);
    await snap(page, "82-timetable-form-conflict");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("slot-form").count()).toBe(0);
    expect((await wire<PageOf<TimetableRow>>(CALLS.timetableRecordList, { page: 1, limit: 10, course_name: "重复的课" })).total).toBe(0);

    // 取消录制: the lesson leaves the week (cancelled slots are not shown) and 录制列表 shows 已取消.
    await slotCard(wednesday, "函数的图像与性质").getByTestId("timetable-slot-cancel").click();
    await page.getByTestId("slot-cancel-ok").click();
    await expect.poll(() => slotCard(wednesday, "函数的图像与性质").count()).toBe(0);
    const cancelled = await wire<PageOf<TimetableRow>>(CALLS.timetableRecordList, { page: 1, limit: 10, course_name: "函数的图像与性质" });
    expect(cancelled.list[0]).toMatchObject({ id: slotId, status: 3, status_name: "已取消" });

    await page.getByTestId("timetable-tab-list").click();
    const table = page.getByTestId("record-table");
    const listRow = table.locator("tr.ant-table-row", { hasText: "函数的图像与性质" });
    await listRow.waitFor();
    expect(await listRow.getByTestId("record-row-status").textContent()).toBe("已取消");
    expect(await table.locator("tr.ant-table-row").count()).toBe(4);
    // 仅看待录制: the cancelled lesson and the others' statuses filter as the server does.
    await page.getByTestId("record-search-to-record").check();
    await page.getByTestId("record-search").click();
    await expect.poll(() => table.locator("tr.ant-table-row", { hasText: "函数的图像与性质" }).count()).toBe(0);
    expect(await table.locator("tr.ant-table-row").count()).toBe(3);
    await page.getByTestId("record-search-reset").click();
    await listRow.waitFor();
    await snap(page, "83-timetable-list");
  });

  it("books a reservation and deletes it", async () => {
    await page.getByTestId("timetable-tab-reservation").click();
    await page.getByTestId("reservation-tab").waitFor();
    await page.getByTestId("reservation-add").click();
    await page.getByTestId("reservation-form").waitFor();
    await inputOf(page, "reservation-form-course").fill("公开课预约");
    await page.getByTestId("reservation-submit").click();
    const row = page.getByTestId("reservation-table").locator("tr.ant-table-row", { hasText: "公开课预约" });
    await row.waitFor();
    expect(await row.getByTestId("reservation-row-status").textContent()).toBe("待录制");
    await expect.poll(() => page.locator(".ant-modal-wrap:visible").count()).toBe(0);
    const booked = await wire<PageOf<TimetableRow>>(CALLS.reservationList, { page: 1, limit: 10 });
    expect(booked.list.map((r) => [r.course_name, r.kind, r.currency_date, r.start_date.slice(11)])).toEqual([
      ["公开课预约", "reservation", shanghaiDay(1), "10:00:00"],
    ]);
    await snap(page, "84-timetable-reservations");

    await row.getByTestId("reservation-delete").click();
    await page.getByTestId("reservation-delete-ok").click();
    await expect.poll(() => row.count()).toBe(0);
    expect((await wire<PageOf<TimetableRow>>(CALLS.reservationList, { page: 1, limit: 10 })).total).toBe(0);
  });
});

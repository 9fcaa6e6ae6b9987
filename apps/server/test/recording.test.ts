/**
 * Timetables, reservations, supervision and the recorder's bookkeeping (#6 "Recording") through the wire, without
 * streams: slot rules (overlaps, times, week, subject, teacher), scope and permission refusals, the NINGXIA week,
 * teachers' reservations, missed slots by the injectable clock, manual recording refused without a stream, the patrol
 * count, all-day settings. Recording from real streams: recording-capture.test.ts; restarts: recording-restart.test.ts.
 */
import {
  type BatchResult,
  CALLS,
  DEVICE_ROUTES,
  type EquipmentCredentials,
  type Envelope,
  type Page,
  type PatrolNumAnswer,
  type SessionInfo,
  type SupervisionRow,
  type TimetableRow,
  type TimetableWeek,
} from "@yanke/protocol";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { formatTime } from "../src/http/time.js";
import { account } from "../src/modules/account/account.schema.js";
import { period, schoolClass, subject } from "../src/modules/org/org.schema.js";
import { addDays, dateOf, weekdayOf } from "../src/modules/recording/clock.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};
let classes1: number[] = [];
let classes2: number[] = [];
let subject1 = 0;
let subject2 = 0;
let zhang = 0;
let zhao = 0;
const tomorrow = dateOf(new Date(Date.now() + 86400_000));

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ["xiaoji", "quji", "pingtai"]) who[u] = await s.login(u, DEMO_ADMIN_PASSWORD);
  for (const u of ["zhanglaoshi", "lilaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
  const db = s.database.db;
  const school1 = who.xiaoji!.school_id;
  const school2 = who.zhaolaoshi!.school_id;
  expect(school2).not.toBe(school1);
  const cls = async (id: number) =>
    (await db.select({ id: schoolClass.id }).from(schoolClass).where(eq(schoolClass.school_id, id)).orderBy(asc(schoolClass.id))).map((r) => r.id);
  classes1 = await cls(school1);
  classes2 = await cls(school2);
  const subj = async (id: number) =>
    (
      await db
        .select({ id: subject.id })
        .from(subject)
        .innerJoin(period, eq(period.id, subject.period_id))
        .where(eq(period.school_id, id))
        .orderBy(asc(subject.id))
        .limit(1)
    )[0]!.id;
  subject1 = await subj(school1);
  subject2 = await subj(school2);
  zhang = (await db.select({ id: account.id }).from(account).where(eq(account.username, "zhanglaoshi")))[0]!.id;
  zhao = (
    await db
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.username, "zhaolaoshi")))
  )[0]!.id;
});
afterAll(async () => {
  await s?.close();
});

function call<T = unknown>(path: string, payload: Record<string, unknown>, user: string): Promise<Envelope<T>> {
  return s.call<T>(path, payload, who[user]!.token);
}
async function ok<T>(path: string, payload: Record<string, unknown>, user = "xiaoji"): Promise<T> {
  const r = await call<T>(path, payload, user);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}
async function refused(path: string, payload: Record<string, unknown>, user: string, code: number, msg?: string | RegExp): Promise<void> {
  const r = await call(path, payload, user);
  expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
  if (typeof msg === "string") expect(r.msg).toBe(msg);
  else if (msg) expect(r.msg).toMatch(msg);
}

describe("timetable slots", () => {
  it("creates slots with the §3 fields, refuses overlaps and bad times, edits only what is sent, cancels", async () => {
    const slot = await ok<TimetableRow>(CALLS.timetableNewRecord, {
      class_id: classes1[0],
      currency_date: tomorrow,
      start_date: "08:00",
      end_date: "08:45",
      course_name: "函数的图像",
      chapter_name: "第三章",
      subject_id: subject1,
      account_id: zhang,
      course_type: 2,
      resolution: "720P",
      record_model: 2,
      is_research: 1,
      is_observe: 1,
      is_live: 1,
      is_upload: 1,
      is_ai: 1,
      cover_url: "/files/1",
      joint_id: 7,
    });
    expect(slot).toMatchObject({
      class_id: classes1[0],
      currency_date: tomorrow,
      week: weekdayOf(tomorrow),
      start_date: `${tomorrow} 08:00:00`,
      end_date: `${tomorrow} 08:45:00`,
      course_name: "函数的图像",
      chapter_name: "第三章",
      subject_id: subject1,
      subject_name: expect.any(String),
      account_id: zhang,
      account_name: "张老师",
      course_type: 2,
      resolution: "720P",
      record_model: 2,
      is_research: 1,
      is_active: 1,
      is_observe: 1,
      is_live: 1,
      is_upload: 1,
      is_ai: 1,
      cover_url: "/files/1",
      joint_id: 7,
      kind: "timetable",
      status: 0,
      status_name: "待录制",
      record_id: 0,
    });
    expect(slot.class_name).toMatch(/班$/);

    // Overlaps of one class are refused with the slot in the way; the next period is fine; another class is fine.
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], currency_date: tomorrow, start_date: "08:30", end_date: "09:10", course_name: "重叠" },
      "xiaoji",
      409,
      `时间冲突：该班级 ${tomorrow} 08:00–08:45 已安排《函数的图像》`,
    );
    const next = await ok<TimetableRow>(CALLS.timetableNewRecord, {
      class_id: classes1[0],
      start_date: `${tomorrow} 08:45:00`,
      end_date: `${tomorrow} 09:30`,
      course_name: "英语",
    });
    expect(next.currency_date).toBe(tomorrow);
    await ok(CALLS.timetableNewRecord, { class_id: classes1[1], currency_date: tomorrow, start_date: "08:00", end_date: "08:45", course_name: "同时段另一班" });

    // Bad times, a wrong weekday, another school's subject or teacher.
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], currency_date: tomorrow, start_date: "10:00", end_date: "09:00", course_name: "x" },
      "xiaoji",
      400,
      "结束时间(end_date): 必须晚于开始时间",
    );
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], start_date: "2020-01-01 08:00", end_date: "2020-01-01 08:45", course_name: "x" },
      "xiaoji",
      400,
      "结束时间(end_date): 已经过去，不能安排录制",
    );
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], start_date: "08:00", end_date: "08:45", course_name: "x" },
      "xiaoji",
      400,
      /上课日期\(currency_date\)/,
    );
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], currency_date: tomorrow, start_date: "25:00", end_date: "26:00", course_name: "x" },
      "xiaoji",
      400,
      "开始时间(start_date): 不是有效的时间",
    );
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], currency_date: tomorrow, start_date: "10:00", end_date: "15:00", course_name: "x" },
      "xiaoji",
      400,
      "一节课最长 240 分钟",
    );
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], currency_date: tomorrow, week: (weekdayOf(tomorrow) % 7) + 1, start_date: "10:00", end_date: "10:40", course_name: "x" },
      "xiaoji",
      400,
      /星期\(week\)/,
    );
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], currency_date: tomorrow, start_date: "10:00", end_date: "10:40", course_name: "x", subject_id: subject2 },
      "xiaoji",
      400,
      "学科(subject_id): 不是该班级所在学校的学科",
    );
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], currency_date: tomorrow, start_date: "10:00", end_date: "10:40", course_name: "x", account_id: zhao },
      "xiaoji",
      400,
      "授课教师(account_id): 不是该班级所在学校的教师",
    );
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], currency_date: tomorrow, start_date: "10:00", end_date: "10:40" },
      "xiaoji",
      400,
      "课程名称(course_name): 必填",
    );
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[0], currency_date: tomorrow, start_date: "10:00", end_date: "10:40", course_name: "x", record_model: 4 },
      "xiaoji",
      400,
      "录制模式(record_model): 只能是 1、2 或 3",
    );

    // The class's week.
    const week = await ok<TimetableWeek>(CALLS.timetableRecord, { class_id: classes1[0], date: tomorrow });
    expect(week.days).toHaveLength(7);
    expect(week.days[0]!.week).toBe(1);
    const day = week.days.find((d) => d.date === tomorrow)!;
    expect(day.list.map((r) => r.course_name)).toEqual(["函数的图像", "英语"]);
    expect(week.days.filter((d) => d.date !== tomorrow).every((d) => d.list.length === 0)).toBe(true);

    // Edit: only the sent fields change; a move into another slot is refused; a free move is fine.
    const edited = await ok<TimetableRow>(CALLS.timetableEditRecord, { id: slot.id, course_name: "函数的图像（二）" });
    expect(edited).toMatchObject({ course_name: "函数的图像（二）", chapter_name: "第三章", account_id: zhang, start_date: `${tomorrow} 08:00:00`, is_ai: 1 });
    await refused(CALLS.timetableEditRecord, { id: slot.id, end_date: "09:00" }, "xiaoji", 409, /时间冲突/);
    const moved = await ok<TimetableRow>(CALLS.timetableEditRecord, { id: slot.id, start_date: "07:10", end_date: "07:55" });
    expect(moved).toMatchObject({ start_date: `${tomorrow} 07:10:00`, end_date: `${tomorrow} 07:55:00`, course_name: "函数的图像（二）" });

    // The list of slots to record, soonest first.
    const todo = await ok<Page<TimetableRow>>(CALLS.timetableRecordList, { page: 1, limit: 50, class_id: classes1[0], to_record: 1 });
    expect(todo.list.map((r) => r.id)).toEqual([slot.id, next.id]);

    // Cancel: the time is free again; a cancelled slot cannot be cancelled or stopped.
    const cancelled = await ok<TimetableRow>(CALLS.timetableCancelRecord, { id: next.id });
    expect(cancelled).toMatchObject({ status: 3, status_name: "已取消" });
    await refused(CALLS.timetableCancelRecord, { id: next.id }, "xiaoji", 409, "该课程已取消，不能取消");
    await refused(CALLS.timetableStopRecord, { id: slot.id }, "xiaoji", 409, "该课程尚未开始录制（不录制请取消）");
    await ok(CALLS.timetableNewRecord, { class_id: classes1[0], currency_date: tomorrow, start_date: "08:45", end_date: "09:30", course_name: "英语（改）" });
    expect((await ok<Page<TimetableRow>>(CALLS.timetableRecordList, { page: 1, limit: 50, class_id: classes1[0], status: 3 })).list.map((r) => r.id)).toEqual([
      next.id,
    ]);
  });

  it("keeps administrators to their schools, refuses teachers, and shows the NINGXIA week to the school's teachers", async () => {
    const at = { currency_date: tomorrow, start_date: "14:00", end_date: "14:40", course_name: "范围" };
    await refused(CALLS.timetableNewRecord, { ...at, class_id: classes2[0] }, "xiaoji", 404, "班级不存在或不在您的管理范围");
    await refused(CALLS.timetableNewRecord, { ...at, class_id: classes1[0] }, "zhanglaoshi", 403);
    await refused(CALLS.timetableRecordList, { page: 1 }, "zhanglaoshi", 403);
    await refused(CALLS.supervision, { page: 1 }, "zhanglaoshi", 403);
    await refused(CALLS.allDayStatus, { month: "2026-01" }, "zhanglaoshi", 403);
    // The district administrator manages his district's schools only.
    const byDistrict = await ok<TimetableRow>(CALLS.timetableNewRecord, { ...at, class_id: classes1[2] }, "quji");
    await refused(CALLS.timetableNewRecord, { ...at, class_id: classes2[0] }, "quji", 404);
    await refused(CALLS.timetableEditRecord, { id: byDistrict.id, course_name: "改" }, "zhanglaoshi", 403);
    const other = await ok<TimetableRow>(CALLS.timetableNewRecord, { ...at, class_id: classes2[0] }, "pingtai");
    await refused(CALLS.timetableEditRecord, { id: other.id, course_name: "改" }, "xiaoji", 404, "课程不存在或不在您的管理范围");
    await refused(CALLS.timetableCancelRecord, { id: other.id }, "xiaoji", 404);
    expect((await ok<Page<TimetableRow>>(CALLS.timetableRecordList, { page: 1, limit: 100 })).list.some((r) => r.id === other.id)).toBe(false);

    // c358: a teacher reads his school's week (default) and a class of it; not another school's.
    const schoolWeek = await ok<TimetableWeek>(CALLS.nxTimetable, { date: tomorrow }, "zhanglaoshi");
    expect(schoolWeek.class_id).toBe(0);
    const names = schoolWeek.days.flatMap((d) => d.list.map((r) => r.course_name));
    expect(names).toEqual(expect.arrayContaining(["范围", "函数的图像（二）"]));
    expect(schoolWeek.days.flatMap((d) => d.list).every((r) => r.school_id === who.zhanglaoshi!.school_id)).toBe(true);
    const classWeek = await ok<TimetableWeek>(CALLS.nxTimetable, { class_id: classes1[2], date: tomorrow }, "zhanglaoshi");
    expect(classWeek.days.flatMap((d) => d.list).map((r) => r.id)).toEqual([byDistrict.id]);
    await refused(CALLS.nxTimetable, { class_id: classes1[0] }, "zhaolaoshi", 404, "班级不存在");
    await refused(CALLS.nxTimetable, { school_id: who.xiaoji!.school_id }, "zhaolaoshi", 404, "学校不存在");
    await refused(CALLS.nxTimetable, { date: "2026-02-30" }, "zhanglaoshi", 400, "日期(date): 格式应为 YYYY-MM-DD");
  });
});

describe("reservations", () => {
  it("lets a teacher book a class of his school, keeps it his, and refuses overlaps and other schools", async () => {
    const day = addDays(tomorrow, 1);
    const r = await ok<TimetableRow>(
      CALLS.reservationSave,
      { class_id: classes1[3], currency_date: day, start_date: "10:00", end_date: "10:45", course_name: "公开课预约", is_ai: 1 },
      "zhanglaoshi",
    );
    expect(r).toMatchObject({ kind: "reservation", account_id: zhang, account_name: "张老师", status: 0, is_ai: 1 });
    await refused(
      CALLS.timetableNewRecord,
      { class_id: classes1[3], currency_date: day, start_date: "10:30", end_date: "11:00", course_name: "撞" },
      "xiaoji",
      409,
      /已安排《公开课预约》/,
    );
    await refused(
      CALLS.reservationSave,
      { class_id: classes1[3], currency_date: day, start_date: "10:40", end_date: "11:00", course_name: "撞" },
      "lilaoshi",
      409,
    );
    await refused(
      CALLS.reservationSave,
      { class_id: classes1[3], currency_date: day, start_date: "12:00", end_date: "12:40", course_name: "外校" },
      "zhaolaoshi",
      404,
      "班级不存在",
    );

    expect((await ok<Page<TimetableRow>>(CALLS.reservationList, { page: 1 }, "zhanglaoshi")).list.map((x) => x.id)).toEqual([r.id]);
    expect((await ok<Page<TimetableRow>>(CALLS.reservationList, { page: 1 }, "lilaoshi")).total).toBe(0);
    expect((await ok<Page<TimetableRow>>(CALLS.reservationList, { page: 1 }, "xiaoji")).list.map((x) => x.id)).toContain(r.id);
    expect((await ok<Page<TimetableRow>>(CALLS.reservationList, { page: 1 }, "zhaolaoshi")).total).toBe(0);

    await refused(CALLS.reservationDelete, { id: r.id }, "lilaoshi", 403, "只能删除自己的预约");
    await refused(CALLS.reservationDelete, { id: r.id }, "zhaolaoshi", 404, "预约不存在");
    const slotId = (
      await ok<TimetableRow>(CALLS.timetableNewRecord, {
        class_id: classes1[3],
        currency_date: day,
        start_date: "13:00",
        end_date: "13:40",
        course_name: "课表",
      })
    ).id;
    await refused(CALLS.reservationDelete, { id: slotId }, "xiaoji", 404, "预约不存在");
    await ok(CALLS.reservationDelete, { id: r.id }, "zhanglaoshi");
    expect((await ok<Page<TimetableRow>>(CALLS.reservationList, { page: 1 }, "zhanglaoshi")).total).toBe(0);
  });
});

describe("the recorder's bookkeeping", () => {
  it("marks a slot whose time passed without a stream as missed (injectable clock)", async () => {
    const start = new Date(Date.now() + 60_000);
    const slot = await ok<TimetableRow>(CALLS.timetableNewRecord, {
      class_id: classes1[4],
      start_date: formatTime(start),
      end_date: formatTime(new Date(start.getTime() + 120_000)),
      course_name: "无设备的课",
    });
    const recorder = s.services.media.recorder;
    const real = recorder.now;
    try {
      // During the slot: waiting (the class has no device).
      recorder.now = () => new Date(start.getTime() + 30_000);
      await recorder.tick();
      expect((await ok<Page<TimetableRow>>(CALLS.timetableRecordList, { page: 1, class_id: classes1[4] })).list[0]).toMatchObject({
        id: slot.id,
        status: 0,
        note: "班级没有启用的录播设备",
      });
      recorder.now = () => new Date(start.getTime() + 300_000);
      await recorder.tick();
    } finally {
      recorder.now = real;
    }
    const missed = (await ok<Page<TimetableRow>>(CALLS.timetableRecordList, { page: 1, class_id: classes1[4] })).list[0]!;
    expect(missed).toMatchObject({ id: slot.id, status: 4, status_name: "未录制", record_id: 0, note: "班级没有启用的录播设备" });
  });

  it("refuses manual recording without a stream, counts patrol devices by scope and heartbeat, scopes all-day settings", async () => {
    const dev = await ok<EquipmentCredentials>(CALLS.equipmentSave, { position: "巡课教室", new_class_id: classes1[5], is_tour: 1 });
    const far = await ok<EquipmentCredentials>(CALLS.equipmentSave, { position: "外校教室", school_id: who.zhaolaoshi!.school_id, is_tour: 1 }, "pingtai");
    await refused(CALLS.supervisionStartOrStop, { equipment_id: dev.id, status: 1 }, "xiaoji", 409, "设备未在推流，无法录制：请先开始推流");
    await refused(CALLS.supervisionStartOrStop, { equipment_id: dev.id, status: 0 }, "xiaoji", 409, "该设备当前没有在录制");
    await refused(CALLS.supervisionStartOrStop, { equipment_id: far.id }, "xiaoji", 404, "设备不存在或不在您的管理范围");
    await refused(CALLS.supervisionStartOrStop, { equipment_id: dev.id }, "zhanglaoshi", 403);

    // Patrol: tour devices that are online (a heartbeat), of the schools the caller sees.
    expect(await ok<PatrolNumAnswer>(CALLS.patrolNum, {}, "xiaoji")).toEqual({ num: 0, live: 0 });
    for (const d of [dev, far]) {
      const res = await fetch(`${s.url}${DEVICE_ROUTES.heartbeat}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: d.code, secret: d.secret }),
      });
      expect(res.status).toBe(200);
    }
    expect(await ok<PatrolNumAnswer>(CALLS.patrolNum, {}, "xiaoji")).toEqual({ num: 1, live: 0 });
    expect(await ok<PatrolNumAnswer>(CALLS.patrolNum, {}, "zhanglaoshi")).toEqual({ num: 1, live: 0 });
    expect(await ok<PatrolNumAnswer>(CALLS.patrolNum, {}, "zhaolaoshi")).toEqual({ num: 1, live: 0 });
    expect(await ok<PatrolNumAnswer>(CALLS.patrolNum, {}, "pingtai")).toMatchObject({ num: 2 });

    const set = await ok<BatchResult[]>(CALLS.allDaySet, { ids: [dev.id, far.id], status: 1 });
    expect(set).toEqual([
      { id: dev.id, ok: true, msg: "已开启全天录制" },
      { id: far.id, ok: false, msg: "设备不存在或不在您的管理范围" },
    ]);
    await refused(CALLS.allDayStatus, { month: "2026-13" }, "xiaoji", 400, "月份(month): 格式应为 YYYY-MM");
    await ok(CALLS.allDaySet, { ids: [dev.id], status: 0 });

    // Supervision: nothing recorded yet; deleting what is not there (or not his) is answered per id.
    expect((await ok<Page<SupervisionRow>>(CALLS.supervision, { page: 1 })).total).toBe(0);
    expect(await ok<BatchResult[]>(CALLS.supervisionDelete, { ids: [999999] })).toEqual([{ id: 999999, ok: false, msg: "录制记录不存在或不在您的管理范围" }]);
    await refused(CALLS.supervisionDelete, {}, "xiaoji", 400, /请至少选择一条录制记录/);
  });
});

/**
 * The demo timetable (DEMO_DEVICES=1): the demo devices' classes get a 3-minute 演示课 a minute from now and the
 * periods of this week and the next, taught by 张老师; nothing in the past; a second start adds nothing.
 */
import { CALLS, type Page, type TimetableRow } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { parseWhen } from "../src/modules/recording/clock.js";
import { demoLessons } from "../src/modules/recording/demo.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe("the demo timetable", () => {
  it("schedules the demo classes once, from now on, as 张老师's lessons", async () => {
    const devices = await s.services.equipment.ensureDemoDevices(s.config.dataDir);
    expect(devices).toHaveLength(2);
    const lessons = await demoLessons(
      s.database.db,
      devices.map((d) => d.id),
    );
    expect(new Set(lessons.map((l) => l.class_id)).size).toBe(2);
    const zhang = await s.login("zhanglaoshi", DEMO_TEACHER_PASSWORD);
    expect(lessons.every((l) => l.account_id === zhang.account_id && l.subject_id > 0)).toBe(true);

    const before = Date.now();
    const added = await s.services.media.timetables.ensureDemoTimetable(lessons);
    expect(added).toBeGreaterThanOrEqual(2);

    const admin = await s.login("xiaoji", DEMO_ADMIN_PASSWORD);
    const list = await s.call<Page<TimetableRow>>(CALLS.timetableRecordList, { page: 1, limit: 100, to_record: 1 }, admin.token);
    expect(list.code, list.msg).toBe(200);
    const mine = list.data.list.filter((r) => lessons.some((l) => l.class_id === r.class_id));
    expect(mine).toHaveLength(added);
    for (const l of lessons) {
      const demo = mine.filter((r) => r.class_id === l.class_id && r.course_name === "演示课");
      expect(demo).toHaveLength(1);
      const start = parseWhen(demo[0]!.start_date)!.getTime();
      expect(start).toBeGreaterThan(before);
      expect(start).toBeLessThanOrEqual(Date.now() + 121_000);
      expect(parseWhen(demo[0]!.end_date)!.getTime() - start).toBe(3 * 60_000);
    }
    expect(mine.every((r) => r.account_id === zhang.account_id && parseWhen(r.end_date)!.getTime() > before)).toBe(true);

    // A second start: everything is there already.
    expect(await s.services.media.timetables.ensureDemoTimetable(lessons)).toBe(0);
  });
});

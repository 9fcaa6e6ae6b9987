import type { EquipmentRow, TimetableRow, WeekDay } from "@yanke/protocol";
import dayjs from "../../dayjs";
import { describe, expect, it } from "vitest";
import { blankWeek, classDevice, createPayload, formValues, mondayOf, slotFlags, slotsAt, timeRows, updatePayload, ymd } from "./timetable-view";

const slot: TimetableRow = {
  id: 9,
  school_id: 1,
  class_id: 3,
  class_name: "七年级1班",
  subject_id: 0,
  subject_name: "",
  account_id: 5,
  account_name: "李老师",
  chapter_name: "第三章",
  course_name: "函数的图像",
  course_type: 1,
  resolution: "1080P",
  record_model: 1,
  is_research: 0,
  is_active: 1,
  is_observe: 0,
  is_live: 0,
  is_upload: 0,
  is_ai: 1,
  cover_url: "",
  joint_id: 0,
  week: 3,
  start_date: "2026-03-04 08:00:00",
  end_date: "2026-03-04 08:45:00",
  currency_date: "2026-03-04",
  kind: "timetable",
  status: 0,
  status_name: "待录制",
  record_id: 0,
  video_id: 0,
  note: "",
  created_by: 2,
  created_at: "2026-03-01 10:00:00",
};

describe("timetable view", () => {
  it("weeks start on Monday, also from a Sunday", () => {
    expect(ymd(mondayOf(dayjs("2026-03-08")))).toBe("2026-03-02");
    expect(ymd(mondayOf(dayjs("2026-03-02")))).toBe("2026-03-02");
    expect(ymd(mondayOf(dayjs("2026-03-04")))).toBe("2026-03-02");
    expect(blankWeek(dayjs("2026-03-02")).map((d) => [d.date, d.week])).toEqual([
      ["2026-03-02", 1],
      ["2026-03-03", 2],
      ["2026-03-04", 3],
      ["2026-03-05", 4],
      ["2026-03-06", 5],
      ["2026-03-07", 6],
      ["2026-03-08", 7],
    ]);
  });

  it("makes one time row per distinct start–end, earliest first, and finds a day's slots in it", () => {
    const days: WeekDay[] = blankWeek(dayjs("2026-03-02"));
    const late = { ...slot, id: 10, start_date: "2026-03-02 14:00:00", end_date: "2026-03-02 14:45:00", currency_date: "2026-03-02", week: 1 };
    days[2]!.list.push(slot);
    days[0]!.list.push(late, { ...slot, id: 11, currency_date: "2026-03-02", start_date: "2026-03-02 08:00:00", end_date: "2026-03-02 08:45:00" });
    const rows = timeRows(days);
    expect(rows.map((r) => r.key)).toEqual(["08:00-08:45", "14:00-14:45"]);
    expect(slotsAt(days[0]!, rows[0]!).map((r) => r.id)).toEqual([11]);
    expect(slotsAt(days[2]!, rows[1]!)).toEqual([]);
  });

  it("sends times as HH:mm with the day, and on edit only what changed", () => {
    const v = formValues(slot, slot.currency_date);
    expect(createPayload(3, v)).toMatchObject({
      class_id: 3,
      currency_date: "2026-03-04",
      start_date: "08:00",
      end_date: "08:45",
      is_ai: 1,
      account_id: 5,
      subject_id: 0,
    });
    expect(updatePayload(slot, 3, v)).toEqual({});
    expect(updatePayload(slot, 3, { ...v, course_name: " 函数的性质 " })).toEqual({ course_name: "函数的性质" });
    expect(updatePayload(slot, 3, { ...v, end: v.end.minute(50) })).toEqual({ currency_date: "2026-03-04", start_date: "08:00", end_date: "08:50" });
    const fresh = formValues(null, "2026-03-05", { start: "09:00", end: "09:45" });
    expect(createPayload(3, { ...fresh, course_name: "新课" })).toMatchObject({
      currency_date: "2026-03-05",
      start_date: "09:00",
      end_date: "09:45",
      is_active: 1,
      account_id: 0,
    });
  });

  it("tells whether a class has a device that records (the enabled one with the lowest id)", () => {
    const dev = (id: number, o: Partial<EquipmentRow>) => ({ id, new_class_id: 3, status: 1, is_record: 1, ...o }) as EquipmentRow;
    expect(classDevice([], 3).state).toBe("none");
    expect(classDevice([dev(1, { status: 0 })], 3).state).toBe("none");
    expect(classDevice([dev(4, {}), dev(2, { is_record: 0 })], 3)).toMatchObject({ state: "off", device: { id: 2 } });
    expect(classDevice([dev(4, {}), dev(2, { new_class_id: 8 })], 3)).toMatchObject({ state: "ok", device: { id: 4 } });
  });

  it("labels the flags", () => {
    expect(slotFlags({ ...slot, is_live: 1, is_active: 0 }).map((f) => f.label)).toEqual(["不录制", "AI", "直播"]);
    expect(slotFlags({ ...slot, kind: "reservation", is_ai: 0 }).map((f) => f.label)).toEqual(["预约"]);
  });
});

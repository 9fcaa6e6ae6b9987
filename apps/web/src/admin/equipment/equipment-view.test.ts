import type { EquipmentRow } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import {
  BLANK_FILTERS,
  commandPayloadText,
  filterPayload,
  formValues,
  hasPending,
  singleOutcome,
  summarizeQueued,
  updatePayload,
  type EquipmentFormValues,
} from "./equipment-view";

const row: EquipmentRow = {
  id: 7,
  code: "YK-0A1B2C3D",
  position: "301教室",
  producer: "研课",
  host_ip: "192.168.1.20",
  school_id: 1,
  school_name: "银川市第一中学",
  new_class_id: 3,
  new_class_name: "七年级1班",
  area_id: 640104,
  teacherStreamUrl: "",
  studentStreamUrl: "",
  liveStream_url: "",
  teacherFlvUrl: "",
  studentFlvUrl: "",
  remarks: "",
  is_record: 1,
  heartbeat_state: 0,
  heartbeat_state_name: "离线",
  status: 1,
  liveStreamStatus: 0,
  is_tour: 0,
  version: "",
  target_version: "",
  state: "",
  pushing: { teacher: false, student: false },
  recording: false,
  last_heartbeat_at: "",
  created_at: "2026-01-01 08:00:00",
  updated_at: "2026-01-01 08:00:00",
};

describe("filterPayload", () => {
  it("leaves out blank texts and unset choices, keeps 0 (离线 / 停用)", () => {
    expect(filterPayload(BLANK_FILTERS)).toEqual({});
    expect(filterPayload({ ...BLANK_FILTERS, position: "  301 ", heartbeat_state: 0, status: 1, school_id: 2 })).toEqual({
      position: "301",
      heartbeat_state: 0,
      status: 1,
      school_id: 2,
    });
  });
});

describe("summarizeQueued / singleOutcome", () => {
  it("splits refusals, queued commands and rows saved without a command", () => {
    const s = summarizeQueued([
      { id: 1, ok: true, msg: "操作完成", command_id: 9 },
      { id: 2, ok: true, msg: "已保存（设备已停用，未下发命令）" },
      { id: 3, ok: false, msg: "设备已停用，不能下发命令" },
    ]);
    expect(s.ok.map((r) => r.id)).toEqual([1, 2]);
    expect(s.queued.map((r) => r.id)).toEqual([1]);
    expect(s.failed).toEqual([{ id: 3, ok: false, msg: "设备已停用，不能下发命令" }]);
  });
  it("words one device's outcome", () => {
    expect(singleOutcome([{ id: 1, ok: true, msg: "", command_id: 4 }], "重启")).toEqual({ type: "success", text: "重启：命令已下发，设备将在下次心跳时执行" });
    expect(singleOutcome([{ id: 1, ok: true, msg: "已保存（设备已停用，未下发命令）" }], "巡课").text).toBe("已保存（设备已停用，未下发命令）");
    expect(singleOutcome([{ id: 1, ok: false, msg: "设备已停用，不能下发命令" }], "重启")).toEqual({
      type: "warning",
      text: "重启失败：设备已停用，不能下发命令",
    });
    expect(summarizeQueued(null).ok).toEqual([]);
  });
});

describe("command list helpers", () => {
  it("polls while a command is queued or delivered", () => {
    expect(hasPending([{ status: "acked" }, { status: "delivered" }])).toBe(true);
    expect(hasPending([{ status: "acked" }, { status: "failed" }, { status: "timeout" }])).toBe(false);
  });
  it("describes parameters", () => {
    expect(commandPayloadText("push_start", { camera: "student" })).toBe("学生机位");
    expect(commandPayloadText("push_stop", {})).toBe("全部机位");
    expect(commandPayloadText("tour", { on: true })).toBe("加入巡课");
    expect(commandPayloadText("upgrade", { version: "2.4.0", url: "/file/a.bin", sha256: "x" })).toBe("版本 2.4.0，/file/a.bin");
    expect(commandPayloadText("upgrade", { version: "3.5.0", url: "/files/12?exp=1790000000&sig=abc", sha256: "x" })).toBe("版本 3.5.0，软件版本库安装包");
    expect(commandPayloadText("sync", { info: { school_title: "一中", grade_name: "七年级", class_name: "1班" } })).toBe("一中 七年级 1班");
    expect(commandPayloadText("restart", {})).toBe("");
  });
});

describe("updatePayload", () => {
  const values = (patch: Partial<EquipmentFormValues>): EquipmentFormValues => ({ ...(formValues(row) as EquipmentFormValues), ...patch });
  it("sends nothing but the id when nothing changed", () => {
    expect(updatePayload(row, values({}))).toEqual({ id: 7 });
  });
  it("sends only the changed fields (a changed tour flag queues a command on the server)", () => {
    expect(updatePayload(row, values({ position: " 302教室 ", is_tour: true }))).toEqual({ id: 7, position: "302教室", is_tour: 1 });
    expect(updatePayload(row, values({ new_class_id: undefined }))).toEqual({ id: 7, new_class_id: 0 });
  });
  it("a move to another school names the class (0: none)", () => {
    expect(updatePayload(row, values({ school_id: 2, new_class_id: undefined }))).toEqual({ id: 7, school_id: 2, new_class_id: 0 });
  });
});

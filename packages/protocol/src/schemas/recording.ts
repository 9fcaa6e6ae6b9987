/**
 * Timetables, reservations, lesson recording, supervision and all-day recording (issue #6 "Recording";
 * docs/api/recording.md). Field names are the spec's (platform.md §3 Timetable record, Recording and supervision).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { zIdList } from "./rbac.js";
import { call } from "../contract.js";
import { EmptyPayload } from "./common.js";
import type { Page } from "../codes.js";
import type { BatchResult } from "./rbac.js";

export const RECORDING_CALLS = {
  /** c062 */ timetableNewRecord: "/middle/timetable/new_record",
  /** c063 */ timetableEditRecord: "/middle/timetable/editRecord",
  /** c122: a class's week */ timetableRecord: "/middle/timetable/record",
  /** c123 */ timetableCancelRecord: "/middle/timetable/cancel_record",
  /** c124: the slots (paged) */ timetableRecordList: "/middle/timetable/record_list",
  /** c125 */ timetableStopRecord: "/middle/timetable/stopRecord",
  /** c358: a class's or school's week (NINGXIA edition) */ nxTimetable: "/v2/provinceSchedule/getNxTimetable",
  /** new */ reservationList: "/middle/reservation/list",
  /** new */ reservationSave: "/middle/reservation/save",
  /** c129 */ reservationDelete: "/middle/reservation/delete",
  /** c126 */ supervision: "/middle/supervision",
  /** c127 */ supervisionStartOrStop: "/middle/supervision/startOrStopRecord",
  /** c128 */ supervisionDelete: "/middle/supervision/delete",
  /** new: join a failed recording again */ supervisionRetry: "/middle/supervision/retry",
  /** c120: the all-day recordings of a day */ allDay: "/middle/allDay",
  /** new: all-day recording on / off for devices */ allDaySet: "/middle/allDay/set",
  /** c121 */ allDayStatus: "/middle/allDay/getDateAllRecordStatus",
  /** c073 */ patrolNum: "/middle/getPatrolNum",
} as const;

/** record_model: which cameras a slot records. */
export const RECORD_MODELS = { 1: "双机位（教师+学生）", 2: "仅教师机位", 3: "仅学生机位" } as const;
/** Timetable slot status. */
export const SLOT_STATUS = { scheduled: 0, recording: 1, done: 2, cancelled: 3, missed: 4, failed: 5 } as const;
export const SLOT_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "待录制", 1: "录制中", 2: "已录制", 3: "已取消", 4: "未录制", 5: "录制失败" };
/** record_type of a recording (Recording and supervision). */
export const RECORD_TYPE = { timetable: 1, manual: 2, allDay: 3, reservation: 4 } as const;
export const RECORD_TYPE_NAMES: Readonly<Record<number, string>> = { 1: "课表录制", 2: "手动录制", 3: "全天录制", 4: "预约录制" };
/** transcribe_status of a recording. */
export const TRANSCRIBE_STATUS = { recording: 0, processing: 1, done: 2, failed: 3 } as const;
export const TRANSCRIBE_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "录制中", 1: "处理中", 2: "已完成", 3: "失败" };
/** A slot may last at most this long. */
export const SLOT_MAX_MINUTES = 240;
/** A manual recording (startOrStopRecord) stops by itself after this long. */
export const MANUAL_MAX_MINUTES = 120;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const CLOCK = /^\d{2}:\d{2}(:\d{2})?$/;

const zFlag = (label: string) => z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe(label);
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const zIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);
const opt = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? "");
export const zDate = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v,
      "格式应为 YYYY-MM-DD",
    )
    .describe(label);
/** "YYYY-MM-DD HH:mm[:ss]" or, with currency_date, "HH:mm[:ss]". */
const zWhen = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => DATETIME.test(v) || CLOCK.test(v), "格式应为 YYYY-MM-DD HH:mm:ss 或 HH:mm")
    .describe(label);

/** The §3 Timetable record fields an administrator sets. */
const SlotFields = {
  chapter_name: zText("章节名称", 100),
  course_name: z.string().trim().min(1, "请输入课程名称").max(100, "课程名称不能超过 100 个字符").describe("课程名称"),
  course_type: z.coerce.number().int("必须是整数").min(0, "不能为负数").max(99, "不能超过 99").describe("课程类型"),
  resolution: z.enum(["1080P", "720P", "480P"], { message: "只能是 1080P、720P 或 480P" }).describe("分辨率"),
  record_model: z.coerce.number().int("必须是整数").min(1, "只能是 1、2 或 3").max(3, "只能是 1、2 或 3").describe("录制模式"),
  is_research: zFlag("教研课"),
  is_active: zFlag("启用"),
  is_observe: zFlag("观摩课"),
  is_live: zFlag("直播"),
  is_upload: zFlag("上传资源库"),
  is_ai: zFlag("AI 分析"),
  cover_url: zText("封面", 500),
  joint_id: z.coerce.number().int("必须是整数").min(0, "不能为负数").describe("联合教研"),
  /** 1–7 (Monday 1); computed from the date when absent. */
  week: z.coerce.number().int("必须是整数").min(1, "只能是 1–7").max(7, "只能是 1–7").describe("星期"),
  start_date: zWhen("开始时间"),
  end_date: zWhen("结束时间"),
  subject_id: z.coerce.number().int("必须是整数").min(0, "不能为负数").describe("学科"),
  class_id: zId("班级"),
  currency_date: zDate("上课日期"),
  /** The teacher whose lesson it is (the recording is his video); 0 = none. */
  account_id: z.coerce.number().int("必须是整数").min(0, "不能为负数").describe("授课教师"),
};

/** c062 new_record. */
export const TimetableSave = z.object({
  ...SlotFields,
  chapter_name: SlotFields.chapter_name.default(""),
  course_type: SlotFields.course_type.default(1),
  resolution: SlotFields.resolution.default("1080P"),
  record_model: SlotFields.record_model.default(1),
  is_research: SlotFields.is_research.default(0),
  is_active: SlotFields.is_active.default(1),
  is_observe: SlotFields.is_observe.default(0),
  is_live: SlotFields.is_live.default(0),
  is_upload: SlotFields.is_upload.default(0),
  is_ai: SlotFields.is_ai.default(0),
  cover_url: SlotFields.cover_url.default(""),
  joint_id: SlotFields.joint_id.default(0),
  week: opt(SlotFields.week),
  subject_id: SlotFields.subject_id.default(0),
  currency_date: opt(SlotFields.currency_date),
  account_id: SlotFields.account_id.default(0),
});
/** c063 editRecord: only the fields sent change (a slot being recorded or past cannot be moved). */
export const TimetableUpdate = z.object({
  id: zId("课表编号"),
  chapter_name: opt(SlotFields.chapter_name),
  course_name: opt(SlotFields.course_name),
  course_type: opt(SlotFields.course_type),
  resolution: opt(SlotFields.resolution),
  record_model: opt(SlotFields.record_model),
  is_research: opt(SlotFields.is_research),
  is_active: opt(SlotFields.is_active),
  is_observe: opt(SlotFields.is_observe),
  is_live: opt(SlotFields.is_live),
  is_upload: opt(SlotFields.is_upload),
  is_ai: opt(SlotFields.is_ai),
  cover_url: opt(SlotFields.cover_url),
  joint_id: opt(SlotFields.joint_id),
  week: opt(SlotFields.week),
  start_date: opt(SlotFields.start_date),
  end_date: opt(SlotFields.end_date),
  subject_id: opt(SlotFields.subject_id),
  class_id: opt(SlotFields.class_id),
  currency_date: opt(SlotFields.currency_date),
  account_id: opt(SlotFields.account_id),
});
export const TimetableIdPayload = z.object({ id: zId("课表编号") });
/** c122: a class's week (the week holding `date`, default today). */
export const TimetableWeekPayload = z.object({ class_id: zId("班级"), date: opt(zDate("日期")) });
/** c358: a class's week, or (no class) the school's. */
export const NxTimetablePayload = z.object({
  class_id: zIdFilter("班级"),
  school_id: zIdFilter("学校"),
  date: opt(zDate("日期")),
});
/** c124: slots, newest first. */
export const TimetableListPayload = z.object({
  page: zPage,
  limit: zLimit,
  school_id: zIdFilter("学校"),
  class_id: zIdFilter("班级"),
  status: opt(z.coerce.number().int("必须是整数").min(0, "只能是 0–5").max(5, "只能是 0–5").describe("状态")),
  start_date: opt(zDate("开始日期")),
  end_date: opt(zDate("结束日期")),
  course_name: opt(zText("课程名称", 60)),
  /** 1 = only the slots still to record (scheduled or recording). */
  to_record: opt(zFlag("待录制")),
});

/** Reservations: a one-off recording a teacher books for a class of his school (his own video). */
export const ReservationSave = z.object({
  class_id: zId("班级"),
  course_name: SlotFields.course_name,
  chapter_name: SlotFields.chapter_name.default(""),
  subject_id: SlotFields.subject_id.default(0),
  start_date: zWhen("开始时间"),
  end_date: zWhen("结束时间"),
  currency_date: opt(SlotFields.currency_date),
  record_model: SlotFields.record_model.default(1),
  is_ai: SlotFields.is_ai.default(0),
});
export const ReservationListPayload = z.object({
  page: zPage,
  limit: zLimit,
  class_id: zIdFilter("班级"),
  status: opt(z.coerce.number().int("必须是整数").min(0, "只能是 0–5").max(5, "只能是 0–5").describe("状态")),
});
export const ReservationDeletePayload = z.object({ id: zId("预约编号") });

/** c126: recordings in progress and done. */
export const SupervisionPayload = z.object({
  page: zPage,
  limit: zLimit,
  school_id: zIdFilter("学校"),
  class_id: zIdFilter("班级"),
  equipment_id: zIdFilter("设备"),
  record_type: opt(z.coerce.number().int("必须是整数").min(1, "只能是 1–4").max(4, "只能是 1–4").describe("录制类型")),
  transcribe_status: opt(z.coerce.number().int("必须是整数").min(0, "只能是 0–3").max(3, "只能是 0–3").describe("处理状态")),
  course_name: opt(zText("课程名称", 60)),
  start_date: opt(zDate("开始日期")),
  end_date: opt(zDate("结束日期")),
});
/** c127: start (status 1) or stop (0) a manual recording of a device now; absent = toggle. */
export const StartOrStopPayload = z.object({
  equipment_id: zId("设备"),
  status: opt(zFlag("开始/停止")),
  course_name: opt(zText("课程名称", 100)),
});
export const SupervisionDeletePayload = z
  .object({ id: opt(zId("录制编号")), ids: opt(zIdList("录制编号列表")) })
  .refine((v) => v.id !== undefined || (v.ids?.length ?? 0) > 0, { message: "请至少选择一条录制记录", path: ["ids"] });

export const SupervisionRetryPayload = z.object({ id: zId("录制编号") });

/** c120: the all-day recordings (hourly parts) of a day. */
export const AllDayPayload = z.object({
  date: opt(zDate("日期")),
  school_id: zIdFilter("学校"),
  equipment_id: zIdFilter("设备"),
});
export const AllDaySetPayload = z.object({ ids: zIdList("设备编号列表").refine((a) => a.length > 0, "请至少选择一台设备"), status: zFlag("全天录制") });
/** c121: month "YYYY-MM". */
export const AllDayStatusPayload = z.object({
  month: z
    .string()
    .trim()
    .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), "格式应为 YYYY-MM")
    .describe("月份"),
  school_id: zIdFilter("学校"),
  equipment_id: zIdFilter("设备"),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

/** A timetable slot (§3 Timetable record) with its names and state. */
export interface TimetableRow {
  id: number;
  school_id: number;
  class_id: number;
  class_name: string;
  subject_id: number;
  subject_name: string;
  account_id: number;
  account_name: string;
  chapter_name: string;
  course_name: string;
  course_type: number;
  resolution: string;
  record_model: number;
  is_research: number;
  is_active: number;
  is_observe: number;
  is_live: number;
  is_upload: number;
  is_ai: number;
  cover_url: string;
  joint_id: number;
  /** 1–7, Monday 1. */
  week: number;
  /** "YYYY-MM-DD HH:mm:ss" (Asia/Shanghai). */
  start_date: string;
  end_date: string;
  currency_date: string;
  /** timetable or reservation. */
  kind: "timetable" | "reservation";
  status: number;
  status_name: string;
  /** The recording of the slot, 0 before it starts. */
  record_id: number;
  video_id: number;
  note: string;
  created_by: number;
  created_at: string;
}

export interface WeekDay {
  date: string;
  week: number;
  list: TimetableRow[];
}

/** c122 / c358: one week, Monday to Sunday. */
export interface TimetableWeek {
  school_id: number;
  class_id: number;
  week_start: string;
  week_end: string;
  days: WeekDay[];
}

/** A recording (§3 Recording and supervision) with the supervision screen's extras. */
export interface SupervisionRow {
  id: number;
  record_id: number;
  course_name: string;
  start_date: string;
  end_date: string;
  transcribe_status: number;
  transcribe_status_name: string;
  record_type: number;
  record_type_name: string;
  class_id: number;
  class_name: string;
  account_id: number;
  account_name: string;
  school_id: number;
  school_name: string;
  equipment_id: number;
  position: string;
  timetable_id: number;
  /** Cameras being captured now. */
  capturing: ("teacher" | "student")[];
  /** Seconds recorded (per camera, the longest), once processed. */
  duration: number;
  video_id: number;
  note: string;
  error: string;
  created_at: string;
}

export interface StartOrStopAnswer {
  equipment_id: number;
  /** 1 recording now, 0 stopped. */
  status: number;
  record_id: number;
}

export interface AllDayDevice {
  equipment_id: number;
  position: string;
  school_id: number;
  all_day: number;
}

/** c120: the day's all-day parts and the devices recording all day. */
export interface AllDayAnswer {
  date: string;
  devices: AllDayDevice[];
  list: SupervisionRow[];
}

/** c121: the days of the month that have recordings. */
export interface AllDayStatusAnswer {
  month: string;
  /** "YYYY-MM-DD", ascending. */
  days: string[];
  /** Per day: how many recordings and minutes. */
  detail: { date: string; count: number; minutes: number }[];
}

export interface PatrolNumAnswer {
  /** Devices on patrol (is_tour 1) and online that the caller sees. */
  num: number;
  /** Of those, pushing now. */
  live: number;
}

/** The calls of RECORDING_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const RECORDING = {
  timetableNewRecord: call<TimetableRow>()(RECORDING_CALLS.timetableNewRecord, TimetableSave),
  timetableEditRecord: call<TimetableRow>()(RECORDING_CALLS.timetableEditRecord, TimetableUpdate),
  timetableRecord: call<TimetableWeek>()(RECORDING_CALLS.timetableRecord, TimetableWeekPayload),
  timetableCancelRecord: call<TimetableRow>()(RECORDING_CALLS.timetableCancelRecord, TimetableIdPayload),
  timetableRecordList: call<Page<TimetableRow>>()(RECORDING_CALLS.timetableRecordList, TimetableListPayload),
  timetableStopRecord: call<SupervisionRow>()(RECORDING_CALLS.timetableStopRecord, TimetableIdPayload),
  nxTimetable: call<TimetableWeek>()(RECORDING_CALLS.nxTimetable, NxTimetablePayload),
  reservationList: call<Page<TimetableRow>>()(RECORDING_CALLS.reservationList, ReservationListPayload),
  reservationSave: call<TimetableRow>()(RECORDING_CALLS.reservationSave, ReservationSave),
  reservationDelete: call<{ id: number }>()(RECORDING_CALLS.reservationDelete, ReservationDeletePayload),
  supervision: call<Page<SupervisionRow>>()(RECORDING_CALLS.supervision, SupervisionPayload),
  supervisionStartOrStop: call<StartOrStopAnswer>()(RECORDING_CALLS.supervisionStartOrStop, StartOrStopPayload),
  supervisionDelete: call<BatchResult[]>()(RECORDING_CALLS.supervisionDelete, SupervisionDeletePayload),
  supervisionRetry: call<SupervisionRow>()(RECORDING_CALLS.supervisionRetry, SupervisionRetryPayload),
  allDay: call<AllDayAnswer>()(RECORDING_CALLS.allDay, AllDayPayload),
  allDaySet: call<BatchResult[]>()(RECORDING_CALLS.allDaySet, AllDaySetPayload),
  allDayStatus: call<AllDayStatusAnswer>()(RECORDING_CALLS.allDayStatus, AllDayStatusPayload),
  patrolNum: call<PatrolNumAnswer>()(RECORDING_CALLS.patrolNum, EmptyPayload),
} as const;

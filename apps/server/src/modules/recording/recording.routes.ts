/**
 * Routes of timetables, reservations, supervision, all-day recording and the patrol count (issue #6 "Recording";
 * docs/api/recording.md).
 */
import {
  AllDayPayload,
  AllDaySetPayload,
  AllDayStatusPayload,
  EmptyPayload,
  NxTimetablePayload,
  RECORDING_CALLS as C,
  ReservationDeletePayload,
  ReservationListPayload,
  ReservationSave,
  StartOrStopPayload,
  SupervisionDeletePayload,
  SupervisionRetryPayload,
  SupervisionPayload,
  TimetableIdPayload,
  TimetableListPayload,
  TimetableSave,
  TimetableUpdate,
  TimetableWeekPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { Caller } from "../../http/caller.js";
import type { RecordingService } from "./recording.service.js";
import type { TimetableService } from "./timetable.service.js";

export interface RecordingRouteDeps {
  timetables: TimetableService;
  recordings: RecordingService;
  accounts: { subject(id: number): Promise<Caller> };
}

export function recordingRoutes(app: FastifyInstance, host: CallHost, deps: RecordingRouteDeps): void {
  const { timetables, recordings } = deps;

  // ---- timetable (课表管理)
  defineCall(app, host, {
    id: "c062",
    path: C.timetableNewRecord,
    rule: C.timetableNewRecord,
    summary: "新增课程（录制计划）：班级、日期与起止时间、课程与章节、分辨率、录制模式（1 双机位 2 教师 3 学生）、各开关；同一班级时间重叠时拒绝",
    access: "user",
    schema: TimetableSave,
    message: "添加成功",
    handler: async ({ payload, caller }) => timetables.create(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c063",
    path: C.timetableEditRecord,
    rule: C.timetableEditRecord,
    summary: "修改课程：只改传入的字段；已开始录制或已结束的课程不能改时间或班级",
    access: "user",
    schema: TimetableUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => timetables.update(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c122",
    path: C.timetableRecord,
    rule: C.timetableRecord,
    summary: "班级周课表：date 所在的一周（周一至周日），每天的课程及录制状态",
    access: "user",
    schema: TimetableWeekPayload,
    handler: async ({ payload, caller }) => timetables.week(await caller(), payload.class_id, payload.date),
  });
  defineCall(app, host, {
    id: "c123",
    path: C.timetableCancelRecord,
    rule: C.timetableCancelRecord,
    summary: "取消录制：尚未开始录制的课程改为已取消（正在录制的请先停止）",
    access: "user",
    schema: TimetableIdPayload,
    message: "已取消",
    handler: async ({ payload, caller }) => timetables.cancel(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c124",
    path: C.timetableRecordList,
    rule: C.timetableRecordList,
    summary: "录制课程列表（分页）：按学校、班级、状态、日期、课程名筛选；to_record=1 只列待录制和录制中的（按开始时间）",
    access: "user",
    schema: TimetableListPayload,
    handler: async ({ payload, caller }) => timetables.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c125",
    path: C.timetableStopRecord,
    rule: C.timetableStopRecord,
    summary: "停止录制：正在录制的课程立即结束录制（已录内容生成视频）",
    access: "user",
    schema: TimetableIdPayload,
    message: "已停止录制",
    handler: async ({ payload, caller }) => recordings.stopSlot(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c358",
    path: C.nxTimetable,
    summary: "周课表（宁夏版）：某班级的一周，或某学校（默认本校）所有班级的一周",
    access: "user",
    schema: NxTimetablePayload,
    handler: async ({ payload, caller }) => timetables.nxWeek(await caller(), payload),
  });

  // ---- reservations (session: a teacher books a recording of a class of his school)
  defineCall(app, host, {
    id: "new",
    path: C.reservationList,
    summary: "预约录制列表：教师看自己的预约，管理员看所辖学校的预约",
    access: "user",
    schema: ReservationListPayload,
    handler: async ({ payload, caller }) => timetables.reservationList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reservationSave,
    summary: "预约录制：本校班级的一段时间（不得与该班级已有课程重叠），录像归预约人",
    access: "user",
    schema: ReservationSave,
    message: "预约成功",
    handler: async ({ payload, caller }) => timetables.reservationSave(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c129",
    path: C.reservationDelete,
    summary: "删除预约：本人的预约或所辖学校的预约（正在录制的不能删除）",
    access: "user",
    schema: ReservationDeletePayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => timetables.reservationDelete(await caller(), payload.id),
  });

  // ---- supervision and all-day recording (录制计划)
  defineCall(app, host, {
    id: "c126",
    path: C.supervision,
    rule: C.supervision,
    summary: "录制监管：正在录制的在前，然后是已结束的录制（课程、起止时间、处理状态、录制类型、班级、教师、学校）",
    access: "user",
    schema: SupervisionPayload,
    handler: async ({ payload, caller }) => recordings.supervision(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c127",
    path: C.supervisionStartOrStop,
    rule: C.supervisionStartOrStop,
    summary: "手动开始/停止录制设备：status 1 开始（设备须在推流，最长 120 分钟），0 停止该设备正在进行的录制；不传则切换",
    access: "user",
    schema: StartOrStopPayload,
    handler: async ({ payload, caller }) => recordings.startOrStop(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c128",
    path: C.supervisionDelete,
    rule: C.supervisionDelete,
    summary: "删除录制记录（{id} 或 {ids}）：连同生成的视频和文件；正在录制或处理中的不能删除",
    access: "user",
    schema: SupervisionDeletePayload,
    handler: async ({ payload, caller }) => recordings.remove(await caller(), payload.ids?.length ? payload.ids : [payload.id!]),
  });
  defineCall(app, host, {
    id: "new",
    path: C.supervisionRetry,
    rule: C.supervisionRetry,
    summary: "重新处理失败的录制（如空间不足导致合成失败，释放空间后）：用磁盘上保留的录像片段重新合成",
    access: "user",
    schema: SupervisionRetryPayload,
    handler: async ({ payload, caller }) => recordings.retry(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c120",
    path: C.allDay,
    rule: C.allDay,
    summary: "全天录制：开启全天录制的设备，以及某天（默认今天）按小时分段的录像",
    access: "user",
    schema: AllDayPayload,
    handler: async ({ payload, caller }) => recordings.allDay(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.allDaySet,
    rule: C.allDaySet,
    summary: "开启/关闭设备的全天录制（status 1/0）：开启后设备推流期间按整点分段录制",
    access: "user",
    schema: AllDaySetPayload,
    handler: async ({ payload, caller }) => recordings.allDaySet(await caller(), payload.ids, payload.status),
  });
  defineCall(app, host, {
    id: "c121",
    path: C.allDayStatus,
    rule: C.allDayStatus,
    summary: "全天录制日历：某月（YYYY-MM）有全天录像的日期，及每天的段数和分钟数",
    access: "user",
    schema: AllDayStatusPayload,
    handler: async ({ payload, caller }) => recordings.allDayStatus(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c073",
    path: C.patrolNum,
    summary: "巡课数量：调用者可见的、设为巡课且在线的设备数（num），其中正在推流的数（live）",
    access: "user",
    schema: EmptyPayload,
    handler: async ({ caller }) => recordings.patrolNum(await caller()),
  });
}

/**
 * Permission rules of the recording calls, merged into the seeded menu by rbac.seed (MODULE_RULES):
 * the timetable under 课表管理 (TimetableManage), supervision and all-day recording under 录制计划 (DeviceRecord).
 *
 * Session calls (no rule; scope still applies — docs/api/recording.md, decision 0627): the NINGXIA week c358,
 * reservations (a teacher's own), the patrol count c073, and the video calls (docs/api/video.md).
 */
import { RECORDING_CALLS as C } from "@yanke/protocol";

export const RULES: Record<string, [string, string][]> = {
  TimetableManage: [
    ["新增课程", C.timetableNewRecord],
    ["修改课程", C.timetableEditRecord],
    ["班级周课表", C.timetableRecord],
    ["取消录制", C.timetableCancelRecord],
    ["录制课程列表", C.timetableRecordList],
    ["停止录制", C.timetableStopRecord],
  ],
  DeviceRecord: [
    ["录制监管", C.supervision],
    ["手动开始/停止录制", C.supervisionStartOrStop],
    ["删除录制记录", C.supervisionDelete],
    ["重新处理录制", C.supervisionRetry],
    ["全天录制记录", C.allDay],
    ["全天录制设置", C.allDaySet],
    ["全天录制日历", C.allDayStatus],
  ],
};

/** Typed calls of the 课表管理 screen (docs/api/recording.md). */
import { type PayloadOf, calls, type ReservationSave, type TimetableSave, type TimetableUpdate } from "@yanke/protocol";
import type { z } from "zod";
import { call, handleSessionCode } from "../../api/client";
import { ApiError } from "../../api/create-client";

type In<T extends z.ZodType> = z.input<T>;

/** Form calls answer quietly: the form shows the server's refusal itself (an ended session still goes to the login). */
const QUIET = { quiet: true } as const;

/** The message to show in a form for a refused form call; null when the session ended (the login page follows). */
export function formRefusal(e: unknown): string | null {
  if (e instanceof ApiError) {
    if (handleSessionCode(e.code, e.message)) return null;
    return e.message || "操作失败";
  }
  return e instanceof Error && e.message ? e.message : "操作失败";
}

export const timetableApi = {
  /** c122: a class's week (Monday first; cancelled slots left out). */
  week: (classId: number, date: string) => call(calls.timetableRecord, { class_id: classId, date }),
  /** c062 */
  create: (p: In<typeof TimetableSave>) => call(calls.timetableNewRecord, p, QUIET),
  /** c063: only the fields sent change. */
  update: (p: In<typeof TimetableUpdate>) => call(calls.timetableEditRecord, p, QUIET),
  /** c123 */
  cancel: (id: number) => call(calls.timetableCancelRecord, { id }),
  /** c125 */
  stop: (id: number) => call(calls.timetableStopRecord, { id }),
  /** c124 */
  list: (p: PayloadOf<typeof calls.timetableRecordList>) => call(calls.timetableRecordList, p),

  reservationList: (p: PayloadOf<typeof calls.reservationList>) => call(calls.reservationList, p),
  reservationSave: (p: In<typeof ReservationSave>) => call(calls.reservationSave, p, QUIET),
  /** c129 */
  reservationDelete: (id: number) => call(calls.reservationDelete, { id }),

  /** c047: the subjects of a school (every period). */
  subjects: (schoolId: number) => call(calls.periodSubjectList, { school_id: schoolId }),
  /** c060: the devices of a school (to tell whether a class has one that records). */
  devices: (schoolId: number) => call(calls.equipmentAllList, { school_id: schoolId }),
};

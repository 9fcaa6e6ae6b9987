/** Typed calls of the 录制计划 screen (docs/api/recording.md: c126–c128, c120, c121, /middle/allDay/set). */
import { type PayloadOf, calls, type EquipmentAllListPayload } from "@yanke/protocol";
import type { z } from "zod";
import { call } from "../../api/client";

type In<T extends z.ZodType> = z.input<T>;

export const recordApi = {
  supervision: (p: PayloadOf<typeof calls.supervision>) => call(calls.supervision, p),
  startOrStop: (p: PayloadOf<typeof calls.supervisionStartOrStop>) => call(calls.supervisionStartOrStop, p),
  remove: (ids: number[]) => call(calls.supervisionDelete, ids.length === 1 ? { id: ids[0] } : { ids }),
  retry: (id: number) => call(calls.supervisionRetry, { id }),
  allDay: (p: PayloadOf<typeof calls.allDay>) => call(calls.allDay, p),
  allDaySet: (ids: number[], status: number) => call(calls.allDaySet, { ids, status }),
  allDayStatus: (p: PayloadOf<typeof calls.allDayStatus>) => call(calls.allDayStatus, p),
  devices: async (p: In<typeof EquipmentAllListPayload>) => {
    const rows = await call(calls.equipmentAllList, p);
    return Array.isArray(rows) ? rows : [];
  },
};

/** Typed calls of the 录制计划 screen (docs/api/recording.md: c126–c128, c120, c121, /middle/allDay/set). */
import {
  CALLS,
  type AllDayAnswer,
  type AllDayPayload,
  type AllDayStatusAnswer,
  type AllDayStatusPayload,
  type BatchResult,
  type EquipmentAllListPayload,
  type EquipmentRow,
  type Page,
  type StartOrStopAnswer,
  type StartOrStopPayload,
  type SupervisionPayload,
  type SupervisionRow,
} from "@yanke/protocol";
import type { z } from "zod";
import { call } from "../../api/client";

type In<T extends z.ZodType> = z.input<T>;

export const recordApi = {
  supervision: (p: In<typeof SupervisionPayload>) => call<Page<SupervisionRow>>(CALLS.supervision, p),
  startOrStop: (p: In<typeof StartOrStopPayload>) => call<StartOrStopAnswer>(CALLS.supervisionStartOrStop, p),
  remove: (ids: number[]) => call<BatchResult[]>(CALLS.supervisionDelete, ids.length === 1 ? { id: ids[0] } : { ids }),
  retry: (id: number) => call<SupervisionRow>(CALLS.supervisionRetry, { id }),
  allDay: (p: In<typeof AllDayPayload>) => call<AllDayAnswer>(CALLS.allDay, p),
  allDaySet: (ids: number[], status: number) => call<BatchResult[]>(CALLS.allDaySet, { ids, status }),
  allDayStatus: (p: In<typeof AllDayStatusPayload>) => call<AllDayStatusAnswer>(CALLS.allDayStatus, p),
  devices: async (p: In<typeof EquipmentAllListPayload>) => {
    const rows = await call<EquipmentRow[]>(CALLS.equipmentAllList, p);
    return Array.isArray(rows) ? rows : [];
  },
};

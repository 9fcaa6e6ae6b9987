/** Typed calls of the 设备管理 screen (docs/api/equipment.md). */
import {
  CALLS,
  type BatchResult,
  type CommandQueued,
  type EquipmentCommandRow,
  type EquipmentCredentials,
  type EquipmentIpStatus,
  type EquipmentRow,
  type EquipmentSave,
  type EquipmentUpdate,
  type FileAnswer,
  type IssuedCodes,
  type MachineAnswer,
  type Page,
} from "@yanke/protocol";
import type { z } from "zod";
import { call } from "../../api/client";

type In<T extends z.ZodType> = z.input<T>;
type Q = Record<string, unknown>;
/** One device ({id}) or several ({ids}). */
export type Targets = { id: number } | { ids: number[] };

export const equipmentApi = {
  list: (p: Q) => call<Page<EquipmentRow>>(CALLS.equipmentList, p),
  issueCode: async () => (await call<IssuedCodes>(CALLS.codeUuid, { number: 1 })).codes[0] ?? "",
  save: (p: In<typeof EquipmentSave>) => call<EquipmentCredentials>(CALLS.equipmentSave, p),
  update: (p: In<typeof EquipmentUpdate>) => call<{ id: number; command_ids: number[] }>(CALLS.equipmentUpdate, p),
  remove: (id: number) => call<null>(CALLS.equipmentDelete, { id }),
  batchRemove: (ids: number[]) => call<BatchResult[]>(CALLS.equipmentBatchDelete, { ids }),
  resetSecret: (id: number) => call<EquipmentCredentials>(CALLS.equipmentResetSecret, { id }),
  ipStatus: (id: number) => call<EquipmentIpStatus>(CALLS.equipmentIpStatus, { id }),
  getRemarks: (id: number) => call<{ id: number; remarks: string }>(CALLS.equipmentGetRemarks, { id }),
  setRemarks: (id: number, remarks: string) => call<null>(CALLS.equipmentSetRemarks, { id, remarks }),
  setPosition: (id: number, position: string) => call<null>(CALLS.equipmentSetPosition, { id, position }),
  exportList: (p: Q) => call<FileAnswer>(CALLS.equipmentExport, p),
  commands: (id: number, page: number, limit: number) => call<Page<EquipmentCommandRow>>(CALLS.equipmentCommands, { id, page, limit }),

  // Commands: each answers one CommandQueued per device.
  restart: (t: Targets) => call<CommandQueued[]>(CALLS.equipmentRestart, t),
  allUpload: (t: Targets) => call<CommandQueued[]>(CALLS.equipmentAllUpload, t),
  sendSync: (t: Targets) => call<CommandQueued[]>(CALLS.equipmentSendSync, t),
  touchSync: (ids: number[]) => call<CommandQueued[]>(CALLS.equipmentTouchSync, { ids }),
  tour: (t: Targets, is_tour: number) => call<CommandQueued[]>(CALLS.equipmentTour, { ...t, is_tour }),
  isRecord: (t: Targets, is_record: number) => call<CommandQueued[]>(CALLS.equipmentIsRecord, { ...t, is_record }),
  changeClass: (id: number, new_class_id: number) => call<CommandQueued[]>(CALLS.equipmentChangeClass, { id, new_class_id }),
  setTargetVersion: (t: Targets, version: string) => call<CommandQueued[]>(CALLS.equipmentUpgradeVersion, { ...t, version }),
  sendUpgrade: (t: Targets, p: { version_id: number } | { version: string } | { version?: string; url: string; sha256: string }) =>
    call<CommandQueued[]>(CALLS.equipmentSendUpgrade, { ...t, ...p }),
  pushStart: (code: string, camera?: string) =>
    camera ? call<MachineAnswer>(CALLS.machinePushRtmp, { code, camera }) : call<MachineAnswer>(CALLS.machinePushAllRtmp, { code }),
  pushStop: (code: string, camera?: string) =>
    camera ? call<MachineAnswer>(CALLS.machineStopRtmp, { code, camera }) : call<MachineAnswer>(CALLS.machineStopAllRtmp, { code }),
};

/** Typed calls of the 设备管理 screen (docs/api/equipment.md). */
import { type Camera, type PayloadOf, calls } from "@yanke/protocol";
import { call } from "../../api/client";

/** One device ({id}) or several ({ids}). */
export type Targets = { id: number } | { ids: number[] };

export const equipmentApi = {
  list: (p: PayloadOf<typeof calls.equipmentList>) => call(calls.equipmentList, p),
  issueCode: async () => (await call(calls.codeUuid, { number: 1 })).codes[0] ?? "",
  save: (p: PayloadOf<typeof calls.equipmentSave>) => call(calls.equipmentSave, p),
  update: (p: PayloadOf<typeof calls.equipmentUpdate>) => call(calls.equipmentUpdate, p),
  remove: (id: number) => call(calls.equipmentDelete, { id }),
  batchRemove: (ids: number[]) => call(calls.equipmentBatchDelete, { ids }),
  resetSecret: (id: number) => call(calls.equipmentResetSecret, { id }),
  ipStatus: (id: number) => call(calls.equipmentIpStatus, { id }),
  getRemarks: (id: number) => call(calls.equipmentGetRemarks, { id }),
  setRemarks: (id: number, remarks: string) => call(calls.equipmentSetRemarks, { id, remarks }),
  setPosition: (id: number, position: string) => call(calls.equipmentSetPosition, { id, position }),
  exportList: (p: PayloadOf<typeof calls.equipmentExport>) => call(calls.equipmentExport, p),
  commands: (id: number, page: number, limit: number) => call(calls.equipmentCommands, { id, page, limit }),

  // Commands: each answers one CommandQueued per device.
  restart: (t: Targets) => call(calls.equipmentRestart, t),
  allUpload: (t: Targets) => call(calls.equipmentAllUpload, t),
  sendSync: (t: Targets) => call(calls.equipmentSendSync, t),
  touchSync: (ids: number[]) => call(calls.equipmentTouchSync, { ids }),
  tour: (t: Targets, is_tour: number) => call(calls.equipmentTour, { ...t, is_tour }),
  isRecord: (t: Targets, is_record: number) => call(calls.equipmentIsRecord, { ...t, is_record }),
  changeClass: (id: number, new_class_id: number) => call(calls.equipmentChangeClass, { id, new_class_id }),
  setTargetVersion: (t: Targets, version: string) => call(calls.equipmentUpgradeVersion, { ...t, version }),
  sendUpgrade: (t: Targets, p: { version_id: number } | { version: string } | { version?: string; url: string; sha256: string }) =>
    call(calls.equipmentSendUpgrade, { ...t, ...p }),
  pushStart: (code: string, camera?: Camera) => (camera ? call(calls.machinePushRtmp, { code, camera }) : call(calls.machinePushAllRtmp, { code })),
  pushStop: (code: string, camera?: Camera) => (camera ? call(calls.machineStopRtmp, { code, camera }) : call(calls.machineStopAllRtmp, { code })),
};

/**
 * Classroom devices (录播主机), their commands and streams (issue #6; docs/api/equipment.md,
 * docs/api/device-protocol.md). Field names are the spec's (platform.md §3 Equipment; community.md §3 School
 * equipment).
 */

export const EQUIPMENT_CALLS = {
  /** c114 */ codeUuid: "/middle/code/uuid",
  /** c060 */ equipmentAllList: "/middle/equipment/allList",
  /** c094 */ equipmentList: "/middle/equipment/list",
  /** c095 */ equipmentUpdate: "/middle/equipment/njy_update",
  /** c096 */ equipmentSave: "/middle/equipment/njy_save",
  /** c097 */ equipmentDelete: "/middle/equipment/delete",
  /** c098 */ equipmentBatchDelete: "/middle/equipment/batch_delete",
  /** c099 */ equipmentIpStatus: "/middle/equipment/getIpStatus",
  /** c100 */ equipmentGetRemarks: "/middle/equipment/getRemarks",
  /** c101 */ equipmentSetRemarks: "/middle/equipment/setRemarks",
  /** c102 */ equipmentSetPosition: "/middle/equipment/setPosition",
  /** c103 */ equipmentUpgradeVersion: "/middle/equipment/UpgradeVersionNumber",
  /** c104 */ equipmentSendUpgrade: "/middle/equipment/sendUpgradeProcedure",
  /** c105 */ equipmentSendSync: "/middle/equipment/sendEquipmentSyncInfo",
  /** c106 */ equipmentRestart: "/middle/equipment/restart",
  /** c107 */ equipmentAllUpload: "/middle/equipment/allupload",
  /** c108 */ equipmentChangeClass: "/middle/equipment/change_class",
  /** c109 */ equipmentTour: "/middle/equipment/tour",
  /** c110 */ equipmentTouchSync: "/middle/equipment/touchSynchronous",
  /** c111 */ equipmentIsRecord: "/middle/equipment/is_record",
  /** c112 */ equipmentExport: "/middle/equipment/export",
  /** new: a new secret and new stream keys (the old ones stop working) */ equipmentResetSecret: "/middle/equipment/resetSecret",
  /** new: the commands sent to a device and their results */ equipmentCommands: "/middle/equipment/commands",
  /** c115 */ machinePushRtmp: "/middle/machine/pushrtmp",
  /** c116 */ machineStopRtmp: "/middle/machine/stoprtmp",
  /** c365 */ schoolEquipmentList: "/v2/school_equipment/equipmentList",
  /** c366 */ schoolEquipmentSave: "/v2/school_equipment/nxSave",
  /** c367 */ schoolEquipmentUpdate: "/v2/school_equipment/nxUpdate",
} as const;

/** The device-facing endpoints (plain JSON, not the envelope's encryption). */
export const DEVICE_ROUTES = {
  heartbeat: "/device/v1/heartbeat",
} as const;

export const CAMERAS = ["teacher", "student"] as const;
export type Camera = (typeof CAMERAS)[number];

export const COMMAND_TYPES = ["restart", "upgrade", "sync", "push_start", "push_stop", "record_start", "record_stop", "tour", "change_class", "allupload"] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/**
 * Classroom devices (录播主机), their commands and streams (issue #6; docs/api/equipment.md,
 * docs/api/device-protocol.md). Field names are the spec's (platform.md §3 Equipment; community.md §3 School
 * equipment).
 */
import { z } from "zod";
import { RECORD_TYPE_LOGOUT } from "../constants.js";
import { zId, zLimit, zPage } from "./common.js";
import { zIdList } from "./rbac.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";
import type { BatchResult } from "./rbac.js";
import type { FileAnswer } from "./account.js";

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
  /** c117 */ machinePushAllRtmp: "/middle/machine/pushallrtmp",
  /** c118 */ machineStopAllRtmp: "/middle/machine/stopallrtmp",
  /** c119 */ machineHostCodeRecord: "/middle/machine/hostCodeRecord",
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

export const COMMAND_TYPES = [
  "restart",
  "upgrade",
  "sync",
  "push_start",
  "push_stop",
  "record_start",
  "record_stop",
  "tour",
  "change_class",
  "allupload",
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

export const COMMAND_STATUSES = ["queued", "delivered", "acked", "failed", "timeout"] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/** Screen names of the command types and statuses. */
export const COMMAND_TYPE_NAMES: Readonly<Record<CommandType, string>> = {
  restart: "重启",
  upgrade: "升级",
  sync: "同步信息",
  push_start: "开始推流",
  push_stop: "停止推流",
  record_start: "开始录制",
  record_stop: "停止录制",
  tour: "巡课设置",
  change_class: "更换班级",
  allupload: "全部上传",
};
export const COMMAND_STATUS_NAMES: Readonly<Record<CommandStatus, string>> = {
  queued: "待下发",
  delivered: "已下发",
  acked: "已完成",
  failed: "失败",
  timeout: "超时",
};

/** A delivered command not acknowledged within this many seconds is marked timeout. */
export const COMMAND_ACK_TIMEOUT_SECONDS = 120;

/** Device codes issued by /middle/code/uuid: "YK-" and 8 uppercase hexadecimal digits. */
export const DEVICE_CODE_PATTERN = /^YK-[0-9A-F]{8}$/;
export const DEVICE_CODE_MAX_PER_CALL = 100;

// ---------------------------------------------------------------------------------------------------------
// Field schemas

const zFlag = (label: string) => z.coerce.number().int("必须是整数").min(0, "只能是 0 或 1").max(1, "只能是 0 或 1").describe(label);
/** A 0/1 list filter: absent, "" or null = not filtered. */
const zFlagFilter = (label: string) => z.preprocess((v) => (v === "" || v === null ? undefined : v), zFlag(label).optional()).describe(label);
/** An optional id filter: absent, "", null or 0 = not filtered. */
const zIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);
const zKeyword = (label: string) => z.string().trim().max(60, `${label}不能超过 60 个字符`).optional().describe(label);
const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
/** Optional, keeping the label. */
const opt = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? "");

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:.]{2,45}$/;
/** An IPv4 or IPv6 address, or "" (not known yet). */
export const zHostIp = z
  .string()
  .trim()
  .max(45, "IP 地址不能超过 45 个字符")
  .refine((v) => v === "" || IPV4.test(v) || (v.includes(":") && IPV6.test(v)), "不是有效的 IP 地址")
  .describe("IP 地址");
export const zDeviceCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => DEVICE_CODE_PATTERN.test(v), "格式应为 YK- 加 8 位十六进制数字（点击“生成编码”获取）")
  .describe("设备编码");
const zPosition = z.string().trim().min(1, "请输入设备位置").max(60, "设备位置不能超过 60 个字符").describe("设备位置");
const zProducer = zText("厂商", 60);
const zRemarks = zText("备注", 500);
const zClassId = z.coerce.number().int("必须是整数").min(0, "不能为负数").describe("班级");
const zVersion = z.string().trim().min(1, "请输入版本号").max(40, "版本号不能超过 40 个字符").describe("版本号");

/** {id} or {ids}: the devices a command call goes to (at least one). */
const TargetBase = z.object({ id: opt(zId("设备编号")), ids: opt(zIdList("设备编号列表")) });
const hasTarget = (v: { id?: number; ids?: number[] }) => v.id !== undefined || (v.ids?.length ?? 0) > 0;
const NO_TARGET = { message: "请至少选择一台设备", path: ["ids"] };

// ---------------------------------------------------------------------------------------------------------
// Payloads

export const EquipmentIdPayload = z.object({ id: zId("设备编号") });
export const EquipmentIdsPayload = z.object({ ids: zIdList("设备编号列表").refine((a) => a.length > 0, "请至少选择一台设备") });

/** c114: how many new codes. */
export const CodeUuidPayload = z.object({
  number: z.coerce
    .number()
    .int("必须是整数")
    .min(1, "至少 1 个")
    .max(DEVICE_CODE_MAX_PER_CALL, `一次最多 ${DEVICE_CODE_MAX_PER_CALL} 个`)
    .default(1)
    .describe("数量"),
});

/** c094 filters (also the export's when no ids are given). */
export const EquipmentFilter = z.object({
  school_id: zIdFilter("学校"),
  position: zKeyword("设备位置"),
  host_ip: zKeyword("IP 地址"),
  /** 1 online, 0 offline (docs/api/device-protocol.md). */
  heartbeat_state: zFlagFilter("在线状态"),
  status: zFlagFilter("启用状态"),
  liveStreamStatus: zFlagFilter("直播状态"),
  new_class_name: zKeyword("班级名称"),
  is_tour: zFlagFilter("巡课"),
  producer: zKeyword("厂商"),
  code: zKeyword("设备编码"),
});
export const EquipmentListPayload = EquipmentFilter.extend({ page: zPage, limit: zLimit });

/** c060: every device the caller sees (no paging), for pickers and the patrol grid. */
export const EquipmentAllListPayload = z.object({
  school_id: zIdFilter("学校"),
  is_tour: zFlagFilter("巡课"),
  liveStreamStatus: zFlagFilter("直播状态"),
  heartbeat_state: zFlagFilter("在线状态"),
});

/** c096 njy_save. `code` absent: a new code is issued for the device. */
export const EquipmentSave = z.object({
  code: opt(zDeviceCode),
  position: zPosition,
  producer: zProducer.default(""),
  host_ip: zHostIp.default(""),
  /** A school administrator's devices always go to his school; everyone else names one. */
  school_id: zIdFilter("学校"),
  new_class_id: zClassId.default(0),
  remarks: zRemarks.default(""),
  is_record: zFlag("录制").default(1),
  status: zFlag("启用状态").default(1),
  is_tour: zFlag("巡课").default(0),
});
/** c095 njy_update: only the fields sent change (the code never does). */
export const EquipmentUpdate = z.object({
  id: zId("设备编号"),
  position: opt(zPosition),
  producer: opt(zProducer),
  host_ip: opt(zHostIp),
  school_id: opt(zId("学校")),
  new_class_id: opt(zClassId),
  remarks: opt(zRemarks),
  is_record: opt(zFlag("录制")),
  status: opt(zFlag("启用状态")),
  is_tour: opt(zFlag("巡课")),
});

export const EquipmentSetRemarks = z.object({ id: zId("设备编号"), remarks: zRemarks });
export const EquipmentSetPosition = z.object({ id: zId("设备编号"), position: zPosition });
/** c103: the version the devices should run (stored; sendUpgradeProcedure delivers it): a version of the software
 * registry (product device, available, fitting the devices' models), by number or by `version_id`. */
export const EquipmentUpgradeVersion = TargetBase.extend({ version: opt(zVersion), version_id: opt(zId("版本编号")) })
  .refine(hasTarget, NO_TARGET)
  .refine((v) => v.version !== undefined || v.version_id !== undefined, { message: "请选择版本", path: ["version"] });
/**
 * c104: queue `upgrade` {version, url, sha256, size?}. With url + sha256 (both or neither) that package is sent as
 * given; without them the registry version's package is (a signed address and its sha256). The version: `version_id`,
 * else `version`, else each device's target version, else (registry form only) the current device version.
 */
export const EquipmentSendUpgrade = TargetBase.extend({
  version: opt(zVersion),
  version_id: opt(zId("版本编号")),
  url: opt(
    z
      .string()
      .trim()
      .min(1, "请输入升级包地址")
      .max(1000, "升级包地址不能超过 1000 个字符")
      .refine((v) => /^(https?:\/\/|\/)/.test(v), "应为 http(s):// 地址或以 / 开头的站内路径")
      .describe("升级包地址"),
  ),
  sha256: opt(
    z
      .string()
      .trim()
      .transform((v) => v.toLowerCase())
      .refine((v) => /^[0-9a-f]{64}$/.test(v), "应为 64 位十六进制 SHA-256")
      .describe("升级包校验值"),
  ),
})
  .refine(hasTarget, NO_TARGET)
  .refine((v) => v.url !== undefined || v.sha256 === undefined, { message: "填写校验值时请同时填写升级包地址", path: ["url"] })
  .refine((v) => v.sha256 !== undefined || v.url === undefined, { message: "填写升级包地址时请同时填写校验值", path: ["sha256"] });
/** c105, c106, c107, c110: a command to one device ({id}) or to several ({ids}). */
export const EquipmentTargets = TargetBase.refine(hasTarget, NO_TARGET);
export const EquipmentChangeClass = z.object({ id: zId("设备编号"), new_class_id: zClassId });
export const EquipmentTour = TargetBase.extend({ is_tour: zFlag("巡课") }).refine(hasTarget, NO_TARGET);
export const EquipmentIsRecord = TargetBase.extend({ is_record: zFlag("录制") }).refine(hasTarget, NO_TARGET);
/** c112: the listed ids, or (no ids) everything the list filters select. */
export const EquipmentExportPayload = EquipmentFilter.extend({ ids: opt(zIdList("设备编号列表")) });
export const EquipmentCommandsPayload = z.object({ id: zId("设备编号"), page: zPage, limit: zLimit });

/** c115–c118 (schemas/auth.ts MachineCodePayload is the logout's subset): a device by its code; pushrtmp/stoprtmp may name one camera (absent: the teacher camera). */
export const MachineRtmpPayload = z.object({
  code: zDeviceCode,
  camera: opt(z.enum(CAMERAS, { message: "只能是 teacher 或 student" }).describe("机位")),
});
/** c119 (schemas/auth.ts HostCodeRecordPayload is what the logout sends): the host code record; record_type 2 (logout) also stops the device's pushing. */
export const HostCodeRecordSave = z.object({
  code: z.string().trim().min(1, "请输入设备编码").max(40, "设备编码不能超过 40 个字符").describe("设备编码"),
  record_type: z.coerce.number().int("必须是整数").min(1, "必须大于 0").max(99, "不能超过 99").default(RECORD_TYPE_LOGOUT).describe("记录类型"),
  /** Accepted; the record holds the caller's account (the session decides). */
  account_id: zIdFilter("账号"),
});

/** c365 (community edition): one page of devices. */
export const SchoolEquipmentListPayload = z.object({
  page: zPage,
  limit: zLimit,
  school_id: zIdFilter("学校"),
  position: zKeyword("设备位置"),
  host_ip: zKeyword("IP 地址"),
  producer: zKeyword("厂商"),
});
/** c366: community.md §3 School equipment fields (the stream URLs are the platform's, never sent). */
export const SchoolEquipmentSave = z.object({
  code: opt(zDeviceCode),
  host_ip: zHostIp.default(""),
  position: zPosition,
  school_id: zIdFilter("学校"),
  producer: zProducer.default(""),
});
export const SchoolEquipmentUpdate = z.object({
  id: zId("设备编号"),
  host_ip: opt(zHostIp),
  position: opt(zPosition),
  school_id: opt(zId("学校")),
  producer: opt(zProducer),
});

// ---------------------------------------------------------------------------------------------------------
// The device protocol (docs/api/device-protocol.md)

const zPushing = z
  .object({ teacher: z.boolean().default(false), student: z.boolean().default(false) })
  .default({ teacher: false, student: false })
  .describe("推流状态");
export const HeartbeatAck = z.object({
  id: z.coerce.number().int("必须是整数").positive("必须大于 0").describe("命令编号"),
  ok: z.boolean().describe("是否成功"),
  result: z.string().max(500, "结果不能超过 500 个字符").default("").describe("结果"),
});
export const HeartbeatPayload = z.object({
  code: z.string().trim().min(1, "请输入设备编码").max(40, "设备编码不能超过 40 个字符").describe("设备编码"),
  secret: z.string().min(1, "请输入设备密钥").max(200, "设备密钥不能超过 200 个字符").describe("设备密钥"),
  ip: zHostIp.default(""),
  version: z.string().trim().max(40, "版本号不能超过 40 个字符").default("").describe("版本号"),
  /** idle, pushing, recording, upgrading, or free text up to 20 characters. */
  state: z.string().trim().max(20, "状态不能超过 20 个字符").default("").describe("状态"),
  pushing: zPushing,
  recording: z.boolean().default(false).describe("录制状态"),
  acks: z.array(HeartbeatAck).max(100, "一次最多确认 100 条命令").default([]).describe("命令结果"),
});

export interface DeviceCommand {
  id: number;
  type: CommandType;
  payload: Record<string, unknown>;
}

export interface HeartbeatAnswer {
  interval_s: number;
  commands: DeviceCommand[];
  rtmp: Record<Camera, string>;
  /** The device's class (new_class_id), 0 = none. */
  class_id: number;
}

// ---------------------------------------------------------------------------------------------------------
// Answers

/** A device as the screens see it (never its secret or stream keys). */
export interface EquipmentRow {
  id: number;
  code: string;
  position: string;
  producer: string;
  host_ip: string;
  school_id: number;
  school_name: string;
  new_class_id: number;
  new_class_name: string;
  area_id: number;
  /** HLS playback of the teacher camera while it publishes, else "". */
  teacherStreamUrl: string;
  studentStreamUrl: string;
  /** The teacher camera's HLS address while it publishes, else the student camera's, else "". */
  liveStream_url: string;
  /** HTTP-FLV (low latency) addresses, same rule. */
  teacherFlvUrl: string;
  studentFlvUrl: string;
  remarks: string;
  is_record: number;
  /** 1 online (a heartbeat within DEVICE_OFFLINE_AFTER_SECONDS), 0 offline. */
  heartbeat_state: number;
  heartbeat_state_name: string;
  status: number;
  /** 1 while any camera publishes. */
  liveStreamStatus: number;
  is_tour: number;
  version: string;
  target_version: string;
  state: string;
  pushing: Record<Camera, boolean>;
  recording: boolean;
  last_heartbeat_at: string;
  created_at: string;
  updated_at: string;
}

/** Answer of njy_save / nxSave / resetSecret: the secret is shown this once. */
export interface EquipmentCredentials {
  id: number;
  code: string;
  secret: string;
  rtmp: Record<Camera, string>;
  heartbeat_url: string;
}

export interface IssuedCodes {
  codes: string[];
}

export interface EquipmentIpStatus {
  id: number;
  code: string;
  /** The address the device reports (else the one entered). */
  ip: string;
  /** The address its last heartbeat came from. */
  remote_ip: string;
  heartbeat_state: number;
  online: boolean;
  last_heartbeat_at: string;
  /** Seconds since the last heartbeat, null when never. */
  seconds_since: number | null;
}

/** One device's outcome of a command call. */
export interface CommandQueued {
  id: number;
  ok: boolean;
  msg: string;
  /** The queued command, when ok. */
  command_id?: number;
}

export interface EquipmentCommandRow {
  id: number;
  equipment_id: number;
  type: CommandType;
  type_name: string;
  payload: Record<string, unknown>;
  status: CommandStatus;
  status_name: string;
  result: string;
  created_by: number;
  created_by_name: string;
  created_at: string;
  delivered_at: string;
  acked_at: string;
}

export interface MachineAnswer {
  /** The device's code (the client stores it as host_code / pushallrtmp_code). */
  code: string;
  equipment_id: number;
  command_ids: number[];
}

export interface HostCodeRecordAnswer {
  id: number;
  code: string;
  record_type: number;
  /** A push_stop was queued (record_type 2 for a device the caller sees). */
  released: boolean;
  command_ids: number[];
}

/** community.md §3 School equipment. */
export interface SchoolEquipmentRow {
  id: number;
  code: string;
  host_ip: string;
  position: string;
  school_id: number;
  school_name: string;
  producer: string;
  liveStream_url: string;
  studentStreamUrl: string;
  teacherStreamUrl: string;
  heartbeat_state: number;
  liveStreamStatus: number;
}

/** The calls of EQUIPMENT_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const EQUIPMENT = {
  codeUuid: call<IssuedCodes>()(EQUIPMENT_CALLS.codeUuid, CodeUuidPayload),
  equipmentAllList: call<EquipmentRow[]>()(EQUIPMENT_CALLS.equipmentAllList, EquipmentAllListPayload),
  equipmentList: call<Page<EquipmentRow>>()(EQUIPMENT_CALLS.equipmentList, EquipmentListPayload),
  equipmentUpdate: call<{ id: number; command_ids: number[] }>()(EQUIPMENT_CALLS.equipmentUpdate, EquipmentUpdate),
  equipmentSave: call<EquipmentCredentials>()(EQUIPMENT_CALLS.equipmentSave, EquipmentSave),
  equipmentDelete: call<null>()(EQUIPMENT_CALLS.equipmentDelete, EquipmentIdPayload),
  equipmentBatchDelete: call<BatchResult[]>()(EQUIPMENT_CALLS.equipmentBatchDelete, EquipmentIdsPayload),
  equipmentIpStatus: call<EquipmentIpStatus>()(EQUIPMENT_CALLS.equipmentIpStatus, EquipmentIdPayload),
  equipmentGetRemarks: call<{ id: number; remarks: string }>()(EQUIPMENT_CALLS.equipmentGetRemarks, EquipmentIdPayload),
  equipmentSetRemarks: call<null>()(EQUIPMENT_CALLS.equipmentSetRemarks, EquipmentSetRemarks),
  equipmentSetPosition: call<null>()(EQUIPMENT_CALLS.equipmentSetPosition, EquipmentSetPosition),
  equipmentUpgradeVersion: call<CommandQueued[]>()(EQUIPMENT_CALLS.equipmentUpgradeVersion, EquipmentUpgradeVersion),
  equipmentSendUpgrade: call<CommandQueued[]>()(EQUIPMENT_CALLS.equipmentSendUpgrade, EquipmentSendUpgrade),
  equipmentSendSync: call<CommandQueued[]>()(EQUIPMENT_CALLS.equipmentSendSync, EquipmentTargets),
  equipmentRestart: call<CommandQueued[]>()(EQUIPMENT_CALLS.equipmentRestart, EquipmentTargets),
  equipmentAllUpload: call<CommandQueued[]>()(EQUIPMENT_CALLS.equipmentAllUpload, EquipmentTargets),
  equipmentChangeClass: call<CommandQueued[]>()(EQUIPMENT_CALLS.equipmentChangeClass, EquipmentChangeClass),
  equipmentTour: call<CommandQueued[]>()(EQUIPMENT_CALLS.equipmentTour, EquipmentTour),
  equipmentTouchSync: call<CommandQueued[]>()(EQUIPMENT_CALLS.equipmentTouchSync, EquipmentTargets),
  equipmentIsRecord: call<CommandQueued[]>()(EQUIPMENT_CALLS.equipmentIsRecord, EquipmentIsRecord),
  equipmentExport: call<FileAnswer>()(EQUIPMENT_CALLS.equipmentExport, EquipmentExportPayload),
  equipmentResetSecret: call<EquipmentCredentials>()(EQUIPMENT_CALLS.equipmentResetSecret, EquipmentIdPayload),
  equipmentCommands: call<Page<EquipmentCommandRow>>()(EQUIPMENT_CALLS.equipmentCommands, EquipmentCommandsPayload),
  machinePushRtmp: call<MachineAnswer>()(EQUIPMENT_CALLS.machinePushRtmp, MachineRtmpPayload),
  machineStopRtmp: call<MachineAnswer>()(EQUIPMENT_CALLS.machineStopRtmp, MachineRtmpPayload),
  machinePushAllRtmp: call<MachineAnswer>()(EQUIPMENT_CALLS.machinePushAllRtmp, MachineRtmpPayload),
  machineStopAllRtmp: call<MachineAnswer>()(EQUIPMENT_CALLS.machineStopAllRtmp, MachineRtmpPayload),
  machineHostCodeRecord: call<HostCodeRecordAnswer>()(EQUIPMENT_CALLS.machineHostCodeRecord, HostCodeRecordSave),
  schoolEquipmentList: call<Page<SchoolEquipmentRow>>()(EQUIPMENT_CALLS.schoolEquipmentList, SchoolEquipmentListPayload),
  schoolEquipmentSave: call<EquipmentCredentials>()(EQUIPMENT_CALLS.schoolEquipmentSave, SchoolEquipmentSave),
  schoolEquipmentUpdate: call<{ id: number; command_ids: number[] }>()(EQUIPMENT_CALLS.schoolEquipmentUpdate, SchoolEquipmentUpdate),
} as const;

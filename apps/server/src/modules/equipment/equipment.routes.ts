/**
 * Routes of the device registry (issue #6; docs/api/equipment.md): /middle/equipment/*, /middle/code/uuid,
 * /middle/machine/*, /v2/school_equipment/*.
 *
 *   equipmentRoutes(app, host, { equipment, accounts })
 */
import {
  CodeUuidPayload,
  EQUIPMENT_CALLS as C,
  EquipmentAllListPayload,
  EquipmentChangeClass,
  EquipmentCommandsPayload,
  EquipmentExportPayload,
  EquipmentIdPayload,
  EquipmentIdsPayload,
  EquipmentIsRecord,
  EquipmentListPayload,
  EquipmentSave,
  EquipmentSendUpgrade,
  EquipmentSetPosition,
  EquipmentSetRemarks,
  EquipmentTargets,
  EquipmentTour,
  EquipmentUpdate,
  EquipmentUpgradeVersion,
  HostCodeRecordSave,
  MachineRtmpPayload,
  SchoolEquipmentListPayload,
  SchoolEquipmentSave,
  SchoolEquipmentUpdate,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { Caller } from "../../http/caller.js";
import type { EquipmentService } from "./equipment.service.js";

export interface EquipmentRouteDeps {
  equipment: EquipmentService;
  /** The caller's account (AccountService.subject: 1025 when it is gone). */
  accounts: { subject(id: number): Promise<Caller> };
}

export function equipmentRoutes(app: FastifyInstance, host: CallHost, deps: EquipmentRouteDeps): void {
  const { equipment } = deps;

  // ---- reads
  defineCall(app, host, {
    id: "c094",
    path: C.equipmentList,
    rule: C.equipmentList,
    summary: "设备列表（管辖学校），可按学校、位置、IP、在线状态、启用状态、直播状态、班级名称、巡课、厂商、编码筛选",
    access: "user",
    schema: EquipmentListPayload,
    handler: async ({ payload, caller }) => equipment.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c060",
    path: C.equipmentAllList,
    summary: "全部设备（不分页，最多 2000 台）：管辖学校及本校的设备，供选择器和巡课使用",
    access: "user",
    schema: EquipmentAllListPayload,
    handler: async ({ payload, caller }) => equipment.allList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c099",
    path: C.equipmentIpStatus,
    rule: C.equipmentIpStatus,
    summary: "设备是否在线（由心跳判断）：在线状态、最后心跳时间、上报 IP",
    access: "user",
    schema: EquipmentIdPayload,
    handler: async ({ payload, caller }) => equipment.ipStatus(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c100",
    path: C.equipmentGetRemarks,
    rule: C.equipmentGetRemarks,
    summary: "设备备注",
    access: "user",
    schema: EquipmentIdPayload,
    handler: async ({ payload, caller }) => equipment.getRemarks(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.equipmentCommands,
    rule: C.equipmentCommands,
    summary: "设备的命令记录（最新在前）：类型、状态（待下发/已下发/已完成/失败/超时）、结果",
    access: "user",
    schema: EquipmentCommandsPayload,
    handler: async ({ payload, caller }) => equipment.commands(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c112",
    path: C.equipmentExport,
    rule: C.equipmentExport,
    summary: "导出设备（.xlsx，base64）：所选 ids，或按列表筛选条件（最多 50000 台）",
    access: "user",
    schema: EquipmentExportPayload,
    handler: async ({ payload, caller }) => equipment.exportWorkbook(await caller(), payload),
  });

  // ---- registration
  defineCall(app, host, {
    id: "c114",
    path: C.codeUuid,
    rule: C.codeUuid,
    summary: "生成设备编码（YK- 加 8 位十六进制），number 为数量（1–100）",
    access: "user",
    schema: CodeUuidPayload,
    handler: async ({ payload, caller }) => equipment.issueCodes(await caller(), payload.number),
  });
  defineCall(app, host, {
    id: "c096",
    path: C.equipmentSave,
    rule: C.equipmentSave,
    summary: "登记设备：答复设备密钥（仅此一次）和两路 RTMP 推流地址",
    access: "user",
    schema: EquipmentSave,
    message: "添加成功",
    handler: async ({ payload, req, caller }) => equipment.save(await caller(), payload, req.hostname),
  });
  defineCall(app, host, {
    id: "c095",
    path: C.equipmentUpdate,
    rule: C.equipmentUpdate,
    summary: "修改设备（只改所传字段；班级、巡课、录制变化时同时下发命令）",
    access: "user",
    schema: EquipmentUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => equipment.update(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c097",
    path: C.equipmentDelete,
    rule: C.equipmentDelete,
    summary: "删除设备（其编码可重新登记）",
    access: "user",
    schema: EquipmentIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => {
      await equipment.remove(await caller(), payload.id);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c098",
    path: C.equipmentBatchDelete,
    rule: C.equipmentBatchDelete,
    summary: "批量删除设备，逐条返回结果",
    access: "user",
    schema: EquipmentIdsPayload,
    message: "操作完成",
    handler: async ({ payload, caller }) => equipment.batchDelete(await caller(), payload.ids),
  });
  defineCall(app, host, {
    id: "new",
    path: C.equipmentResetSecret,
    rule: C.equipmentResetSecret,
    summary: "重置设备密钥和推流密钥：答复新密钥（仅此一次）和新推流地址，旧的立即失效",
    access: "user",
    schema: EquipmentIdPayload,
    message: "密钥已重置",
    handler: async ({ payload, req, caller }) => equipment.resetSecret(await caller(), payload.id, req.hostname),
  });
  defineCall(app, host, {
    id: "c101",
    path: C.equipmentSetRemarks,
    rule: C.equipmentSetRemarks,
    summary: "修改设备备注",
    access: "user",
    schema: EquipmentSetRemarks,
    message: "修改成功",
    handler: async ({ payload, caller }) => {
      await equipment.setRemarks(await caller(), payload.id, payload.remarks);
      return null;
    },
  });
  defineCall(app, host, {
    id: "c102",
    path: C.equipmentSetPosition,
    rule: C.equipmentSetPosition,
    summary: "修改设备位置",
    access: "user",
    schema: EquipmentSetPosition,
    message: "修改成功",
    handler: async ({ payload, caller }) => {
      await equipment.setPosition(await caller(), payload.id, payload.position);
      return null;
    },
  });

  // ---- commands ({id} or {ids}; each answers {id, ok, msg, command_id?})
  defineCall(app, host, {
    id: "c103",
    path: C.equipmentUpgradeVersion,
    rule: C.equipmentUpgradeVersion,
    summary: "设置设备的目标版本（保存，不下发）",
    access: "user",
    schema: EquipmentUpgradeVersion,
    message: "操作完成",
    handler: async ({ payload, caller }) => equipment.setTargetVersion(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c104",
    path: C.equipmentSendUpgrade,
    rule: C.equipmentSendUpgrade,
    summary: "下发升级命令 upgrade {version, url, sha256}（不传 version 时用目标版本）",
    access: "user",
    schema: EquipmentSendUpgrade,
    message: "操作完成",
    handler: async ({ payload, caller }) => equipment.sendUpgrade(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c105",
    path: C.equipmentSendSync,
    rule: C.equipmentSendSync,
    summary: "下发同步命令 sync（学校、班级等信息）",
    access: "user",
    schema: EquipmentTargets,
    message: "操作完成",
    handler: async ({ payload, caller }) => equipment.sendSync(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c106",
    path: C.equipmentRestart,
    rule: C.equipmentRestart,
    summary: "下发重启命令 restart",
    access: "user",
    schema: EquipmentTargets,
    message: "操作完成",
    handler: async ({ payload, caller }) => equipment.restart(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c107",
    path: C.equipmentAllUpload,
    rule: C.equipmentAllUpload,
    summary: "下发全部上传命令 allupload",
    access: "user",
    schema: EquipmentTargets,
    message: "操作完成",
    handler: async ({ payload, caller }) => equipment.allUpload(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c108",
    path: C.equipmentChangeClass,
    rule: C.equipmentChangeClass,
    summary: "更换设备所在班级（本校班级）并下发 change_class",
    access: "user",
    schema: EquipmentChangeClass,
    message: "操作完成",
    handler: async ({ payload, caller }) => equipment.changeClass(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c109",
    path: C.equipmentTour,
    rule: C.equipmentTour,
    summary: "设置是否参与巡课并下发 tour",
    access: "user",
    schema: EquipmentTour,
    message: "操作完成",
    handler: async ({ payload, caller }) => equipment.tour(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c110",
    path: C.equipmentTouchSync,
    rule: C.equipmentTouchSync,
    summary: "批量下发同步命令 sync",
    access: "user",
    schema: EquipmentTargets,
    message: "操作完成",
    handler: async ({ payload, caller }) => equipment.sendSync(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c111",
    path: C.equipmentIsRecord,
    rule: C.equipmentIsRecord,
    summary: "设置是否录制并下发 record_start / record_stop",
    access: "user",
    schema: EquipmentIsRecord,
    message: "操作完成",
    handler: async ({ payload, caller }) => equipment.isRecord(await caller(), payload),
  });

  // ---- /middle/machine (session calls: the caller's own school and the schools he administers)
  const machine = (id: string, path: string, summary: string, start: boolean, both: boolean) =>
    defineCall(app, host, {
      id,
      path,
      summary,
      access: "user",
      schema: MachineRtmpPayload,
      handler: async ({ payload, caller }) => equipment.machine(await caller(), payload.code, start, both ? "all" : (payload.camera ?? "teacher")),
    });
  machine("c115", C.machinePushRtmp, "设备开始推流（一路机位，默认教师机位）", true, false);
  machine("c116", C.machineStopRtmp, "设备停止推流（一路机位，默认教师机位）", false, false);
  machine("c117", C.machinePushAllRtmp, "设备两路机位都开始推流；答复设备编码（客户端存为 pushallrtmp_code）", true, true);
  machine("c118", C.machineStopAllRtmp, "设备两路机位都停止推流（注销时释放 pushallrtmp_code）", false, true);
  defineCall(app, host, {
    id: "c119",
    path: C.machineHostCodeRecord,
    summary: "主机编码记录；record_type 2（注销）时同时停止该设备推流",
    access: "user",
    schema: HostCodeRecordSave,
    handler: async ({ payload, caller }) => equipment.hostCodeRecord(await caller(), payload),
  });

  // ---- /v2/school_equipment (community edition)
  defineCall(app, host, {
    id: "c365",
    path: C.schoolEquipmentList,
    rule: C.schoolEquipmentList,
    summary: "学校设备列表（社区版）：host_ip, position, school_id, producer 与播放地址",
    access: "user",
    schema: SchoolEquipmentListPayload,
    handler: async ({ payload, caller }) => equipment.schoolList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c366",
    path: C.schoolEquipmentSave,
    rule: C.schoolEquipmentSave,
    summary: "登记学校设备（社区版）：答复设备密钥（仅此一次）和推流地址",
    access: "user",
    schema: SchoolEquipmentSave,
    message: "添加成功",
    handler: async ({ payload, req, caller }) => equipment.schoolSave(await caller(), payload, req.hostname),
  });
  defineCall(app, host, {
    id: "c367",
    path: C.schoolEquipmentUpdate,
    rule: C.schoolEquipmentUpdate,
    summary: "修改学校设备（社区版，只改所传字段）",
    access: "user",
    schema: SchoolEquipmentUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => equipment.schoolUpdate(await caller(), payload),
  });
}

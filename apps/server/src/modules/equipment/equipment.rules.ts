/**
 * Permission rules of the device calls, under the DeviceManage menu entry (设备管理): { MenuName: [[title, path]] }
 * merged into the seeded menu by rbac.seed (MODULE_RULES).
 *
 * Not listed (session calls, no rule; scope still applies — docs/api/equipment.md): c060 allList and the
 * /middle/machine calls, which teachers make from the classroom and at logout (docs/decisions/0602).
 */
import { EQUIPMENT_CALLS as C } from "@yanke/protocol";

export const RULES: Record<string, [string, string][]> = {
  DeviceManage: [
    ["查看设备", C.equipmentList],
    ["新增设备", C.equipmentSave],
    ["修改设备", C.equipmentUpdate],
    ["删除设备", C.equipmentDelete],
    ["批量删除设备", C.equipmentBatchDelete],
    ["设备在线状态", C.equipmentIpStatus],
    ["查看设备备注", C.equipmentGetRemarks],
    ["修改设备备注", C.equipmentSetRemarks],
    ["修改设备位置", C.equipmentSetPosition],
    ["设置目标版本", C.equipmentUpgradeVersion],
    ["下发升级", C.equipmentSendUpgrade],
    ["同步设备信息", C.equipmentSendSync],
    ["重启设备", C.equipmentRestart],
    ["全部上传", C.equipmentAllUpload],
    ["更换班级", C.equipmentChangeClass],
    ["巡课设置", C.equipmentTour],
    ["批量同步", C.equipmentTouchSync],
    ["录制设置", C.equipmentIsRecord],
    ["导出设备", C.equipmentExport],
    ["重置设备密钥", C.equipmentResetSecret],
    ["设备命令记录", C.equipmentCommands],
    ["生成设备编码", C.codeUuid],
    ["设备列表(社区版)", C.schoolEquipmentList],
    ["新增设备(社区版)", C.schoolEquipmentSave],
    ["修改设备(社区版)", C.schoolEquipmentUpdate],
  ],
};

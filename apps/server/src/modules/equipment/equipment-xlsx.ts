/**
 * The device list as a workbook (c112 /middle/equipment/export). Pure: rows in, bytes out.
 */
import type { EquipmentRow } from "@yanke/protocol";
import ExcelJS from "exceljs";
import { styleHeader } from "../../infra/xlsx.js";

export const EQUIPMENT_EXPORT_SHEET = "设备列表";
export const EQUIPMENT_EXPORT_MAX_ROWS = 50_000;

const onOff = (v: number, on: string, off: string) => (v ? on : off);

export const EQUIPMENT_EXPORT_COLUMNS: readonly { header: string; width: number; value: (r: EquipmentRow) => string | number }[] = [
  { header: "编号", width: 8, value: (r) => r.id },
  { header: "设备编码", width: 14, value: (r) => r.code },
  { header: "设备位置", width: 20, value: (r) => r.position },
  { header: "厂商", width: 14, value: (r) => r.producer },
  { header: "IP 地址", width: 16, value: (r) => r.host_ip },
  { header: "学校", width: 20, value: (r) => r.school_name },
  { header: "班级", width: 14, value: (r) => r.new_class_name },
  { header: "在线状态", width: 10, value: (r) => onOff(r.heartbeat_state, "在线", "离线") },
  { header: "启用状态", width: 10, value: (r) => onOff(r.status, "启用", "停用") },
  { header: "直播状态", width: 10, value: (r) => onOff(r.liveStreamStatus, "直播中", "未直播") },
  { header: "巡课", width: 8, value: (r) => onOff(r.is_tour, "是", "否") },
  { header: "录制", width: 8, value: (r) => onOff(r.is_record, "是", "否") },
  { header: "当前版本", width: 12, value: (r) => r.version },
  { header: "目标版本", width: 12, value: (r) => r.target_version },
  { header: "最后心跳", width: 20, value: (r) => r.last_heartbeat_at },
  { header: "备注", width: 30, value: (r) => r.remarks },
];

export async function buildEquipmentExport(rows: readonly EquipmentRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(EQUIPMENT_EXPORT_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = EQUIPMENT_EXPORT_COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  styleHeader(ws.getRow(1));
  for (const r of rows) ws.addRow(EQUIPMENT_EXPORT_COLUMNS.map((c) => c.value(r)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Pure helpers of the 设备管理 screen (unit-tested in equipment-view.test.ts). */
import type { CommandQueued, CommandStatus, CommandType, EquipmentCommandRow, EquipmentRow } from "@yanke/protocol";

export interface EquipmentFilters {
  school_id: number | undefined;
  code: string;
  position: string;
  host_ip: string;
  producer: string;
  new_class_name: string;
  /** 1 在线, 0 离线, undefined = any. */
  heartbeat_state: number | undefined;
  status: number | undefined;
  liveStreamStatus: number | undefined;
  is_tour: number | undefined;
}

export const BLANK_FILTERS: EquipmentFilters = {
  school_id: undefined,
  code: "",
  position: "",
  host_ip: "",
  producer: "",
  new_class_name: "",
  heartbeat_state: undefined,
  status: undefined,
  liveStreamStatus: undefined,
  is_tour: undefined,
};

/** The filters as the c094 / c112 payload: blank texts and unset choices left out, texts trimmed. */
export function filterPayload(f: EquipmentFilters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of ["code", "position", "host_ip", "producer", "new_class_name"] as const) {
    const v = f[key].trim();
    if (v) out[key] = v;
  }
  for (const key of ["school_id", "heartbeat_state", "status", "liveStreamStatus", "is_tour"] as const) {
    const v = f[key];
    if (v !== undefined && v !== null) out[key] = v;
  }
  return out;
}

/** Whether any filter is set (the export then says "按筛选条件"). */
export function hasFilters(f: EquipmentFilters): boolean {
  return Object.keys(filterPayload(f)).length > 0;
}

export interface QueuedSummary {
  /** Devices that took the call (a command queued, or the row saved). */
  ok: CommandQueued[];
  /** Devices that refused, with the server's reason. */
  failed: CommandQueued[];
  /** Of `ok`, those whose command was queued (a disabled device only saves the row). */
  queued: CommandQueued[];
}

/** A command call's answer (one CommandQueued per device), read defensively. */
export function summarizeQueued(answer: unknown): QueuedSummary {
  const list = Array.isArray(answer) ? answer : [];
  const rows: CommandQueued[] = list
    .filter((r): r is Record<string, unknown> => typeof r === "object" && r !== null)
    .map((r) => ({
      id: Number(r.id) || 0,
      ok: r.ok === true || r.ok === 1,
      msg: typeof r.msg === "string" ? r.msg : "",
      ...(Number(r.command_id) > 0 ? { command_id: Number(r.command_id) } : {}),
    }));
  const ok = rows.filter((r) => r.ok);
  return { ok, failed: rows.filter((r) => !r.ok), queued: ok.filter((r) => r.command_id !== undefined) };
}

/**
 * The toast after a command call to one device: what happened to its command (or, for a disabled device
 * whose row was saved, the server's note).
 */
export function singleOutcome(answer: unknown, action: string): { type: "success" | "warning"; text: string } {
  const s = summarizeQueued(answer);
  const first = s.ok[0] ?? s.failed[0];
  if (!first) return { type: "success", text: `${action}：已提交` };
  if (!first.ok) return { type: "warning", text: `${action}失败：${first.msg || "设备拒绝了该操作"}` };
  if (first.command_id === undefined) return { type: "warning", text: first.msg || `${action}：已保存，未下发命令` };
  return { type: "success", text: `${action}：命令已下发，设备将在下次心跳时执行` };
}

/** Commands the device has not finished yet: the drawer keeps polling while any is shown. */
export const PENDING_STATUSES: readonly CommandStatus[] = ["queued", "delivered"];
export const hasPending = (rows: readonly Pick<EquipmentCommandRow, "status">[]): boolean => rows.some((r) => PENDING_STATUSES.includes(r.status));

export const COMMAND_STATUS_COLORS: Readonly<Record<CommandStatus, string>> = {
  queued: "default",
  delivered: "processing",
  acked: "success",
  failed: "error",
  timeout: "warning",
};

/** A command's parameters in words (the command list's 参数 column). */
export function commandPayloadText(type: CommandType, payload: Record<string, unknown> | null | undefined): string {
  const p = payload ?? {};
  const camera = (v: unknown) => (v === "teacher" ? "教师机位" : v === "student" ? "学生机位" : "全部机位");
  switch (type) {
    case "upgrade":
      return [
        p.version ? `版本 ${String(p.version)}` : "",
        // A registry package travels as a signed /files address: named, not shown.
        typeof p.url === "string" && /^\/files\/\d+\?.*sig=/.test(p.url) ? "软件版本库安装包" : p.url ? String(p.url) : "",
      ]
        .filter(Boolean)
        .join("，");
    case "push_start":
    case "push_stop":
      return camera(p.camera);
    case "tour":
      return p.on ? "加入巡课" : "退出巡课";
    case "change_class":
      return Number(p.class_id) > 0 ? `班级编号 ${Number(p.class_id)}` : "不绑定班级";
    case "sync": {
      const info = (typeof p.info === "object" && p.info !== null ? p.info : {}) as Record<string, unknown>;
      const where = [info.school_title, info.grade_name, info.class_name].filter((v) => typeof v === "string" && v).join(" ");
      return where || "设备信息";
    }
    default:
      return "";
  }
}

/** Failed or timed-out commands may be sent again (a new command with the same parameters). */
export const mayResend = (r: Pick<EquipmentCommandRow, "status">): boolean => r.status === "failed" || r.status === "timeout";

/** The create/edit dialog's values. */
export interface EquipmentFormValues {
  code: string;
  school_id: number | undefined;
  new_class_id: number | undefined;
  position: string;
  producer: string;
  host_ip: string;
  remarks: string;
  is_record: boolean;
  is_tour: boolean;
  status: boolean;
}

export function formValues(r: EquipmentRow | null, defaults: { school_id?: number } = {}): Partial<EquipmentFormValues> {
  if (!r)
    return { code: "", school_id: defaults.school_id, position: "", producer: "", host_ip: "", remarks: "", is_record: true, is_tour: false, status: true };
  return {
    code: r.code,
    school_id: r.school_id || undefined,
    new_class_id: r.new_class_id || undefined,
    position: r.position,
    producer: r.producer,
    host_ip: r.host_ip,
    remarks: r.remarks,
    is_record: r.is_record === 1,
    is_tour: r.is_tour === 1,
    status: r.status === 1,
  };
}

const flag = (b: boolean | undefined) => (b ? 1 : 0);

/** njy_save payload from the dialog (a blank code: the server issues one). */
export function savePayload(v: EquipmentFormValues) {
  const code = (v.code ?? "").trim();
  return {
    ...(code ? { code } : {}),
    ...(v.school_id ? { school_id: v.school_id } : {}),
    new_class_id: v.new_class_id ?? 0,
    position: v.position.trim(),
    producer: (v.producer ?? "").trim(),
    host_ip: (v.host_ip ?? "").trim(),
    remarks: (v.remarks ?? "").trim(),
    is_record: flag(v.is_record),
    is_tour: flag(v.is_tour),
    status: flag(v.status),
  };
}

/**
 * njy_update payload: only the fields that changed (the server queues change_class / tour / record commands for
 * a changed class, tour or recording flag, so unchanged ones must not be sent).
 */
export function updatePayload(r: EquipmentRow, v: EquipmentFormValues): { id: number } & Record<string, string | number> {
  const next = savePayload(v);
  const out: { id: number } & Record<string, string | number> = { id: r.id };
  if (v.school_id && v.school_id !== r.school_id) out.school_id = v.school_id;
  if (next.new_class_id !== r.new_class_id || out.school_id !== undefined) out.new_class_id = next.new_class_id;
  if (next.position !== r.position) out.position = next.position;
  if (next.producer !== r.producer) out.producer = next.producer;
  if (next.host_ip !== r.host_ip) out.host_ip = next.host_ip;
  if (next.remarks !== r.remarks) out.remarks = next.remarks;
  if (next.is_record !== r.is_record) out.is_record = next.is_record;
  if (next.is_tour !== r.is_tour) out.is_tour = next.is_tour;
  if (next.status !== r.status) out.status = next.status;
  return out;
}

/** "YK-1A2B3C4D · 301教室" — how dialogs name a device. */
export const deviceName = (r: Pick<EquipmentRow, "code" | "position">): string => (r.position ? `${r.code} · ${r.position}` : r.code);

/** The heartbeat address a device is configured with (the API answers a site path). */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (!pathOrUrl) return "";
  try {
    return new URL(pathOrUrl, origin).toString();
  } catch {
    return pathOrUrl;
  }
}

/** Pure helpers of the storage screens: quota input (size + unit ↔ bytes), limits, progress. */
import { formatBytes, fromBytes, SPACE_UNITS, toBytes, type AccountSpaceRow, type SpaceUnit } from "@yanke/protocol";

export { formatBytes, SPACE_UNITS };

/** The unit that shows `bytes` as a number ≥ 1 (MB floor), for a dialog's initial choice. */
export function bestUnit(bytes: number): SpaceUnit {
  if (bytes >= 1024 ** 4) return "TB";
  if (bytes >= 1024 ** 3) return "GB";
  return "MB";
}

/** The size to show for `bytes` in `unit` (two decimals). */
export function sizeIn(bytes: number, unit: SpaceUnit): number {
  return fromBytes(bytes, unit);
}

export interface QuotaLimits {
  min_quota_bytes: number;
  max_quota_bytes: number | null;
}

/**
 * Why a new quota (size in unit; 0 = not limited) cannot be set, in Chinese, or "" when it can.
 * Mirrors the server's range: not below what is used and handed down, not above what the parent
 * has left; "not limited" only when no parent limits it.
 */
export function quotaProblem(size: number | null | undefined, unit: SpaceUnit, limits: QuotaLimits): string {
  if (size === null || size === undefined || Number.isNaN(size)) return "请输入空间大小";
  if (size < 0) return "空间大小不能小于 0";
  const bytes = toBytes(size, unit);
  if (bytes === 0) return limits.max_quota_bytes !== null ? `上级空间有限，不能设为不限，最多可分配 ${formatBytes(limits.max_quota_bytes)}` : "";
  if (bytes < limits.min_quota_bytes) return `不能小于已使用和已分配的 ${formatBytes(limits.min_quota_bytes)}`;
  if (limits.max_quota_bytes !== null && bytes > limits.max_quota_bytes) return `不能超过上级剩余可分配的 ${formatBytes(limits.max_quota_bytes)}`;
  if (bytes > 1024 ** 5) return "不能超过 1024 TB";
  return "";
}

/** Progress percent (0–100, one decimal) of used over quota; 0 for an unlimited quota. */
export function usedPercent(used: number, quota: number): number {
  if (quota <= 0) return 0;
  return Math.min(100, Math.round((used / quota) * 1000) / 10);
}

/** antd Progress status: exception at ≥ 90 %, normal otherwise. */
export function progressStatus(percent: number): "exception" | "normal" {
  return percent >= 90 ? "exception" : "normal";
}

/** "1.2 GB / 10 GB" or "1.2 GB / 不限". */
export function usageText(used: number, quota: number): string {
  return `${formatBytes(used)} / ${quota > 0 ? formatBytes(quota) : "不限"}`;
}

/** The c023 chart: the largest consumers, one bar each, in the 20 chart colours. */
export function consumersOption(rows: readonly AccountSpaceRow[]) {
  // Accounts that use nothing are not consumers: they would only add empty bars.
  const top = rows
    .filter((r) => r.used_bytes > 0)
    .sort((a, b) => b.used_bytes - a.used_bytes)
    .slice(0, 20);
  const unit = bestUnit(top[0]?.used_bytes ?? 0);
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" }, valueFormatter: (v: unknown): string => `${typeof v === "number" ? v : 0} ${unit}` },
    grid: { left: 8, right: 40, top: 12, bottom: 8, containLabel: true },
    xAxis: { type: "value", name: unit, axisLabel: { formatter: `{value}` } },
    yAxis: {
      type: "category",
      inverse: true,
      data: top.map((r) => `${r.realname || r.username}${r.school_title ? `（${r.school_title}）` : ""}`),
      axisLabel: { width: 180, overflow: "truncate" },
    },
    series: [{ type: "bar", colorBy: "data", barMaxWidth: 18, data: top.map((r) => sizeIn(r.used_bytes, unit)) }],
  };
}

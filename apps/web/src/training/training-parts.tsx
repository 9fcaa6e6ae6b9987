/** Small shared pieces of the training pages (#12). */
import { calls, TRAINING_STATUS_NAMES } from "@yanke/protocol";
import { Tag } from "antd";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { downloadFile } from "../admin/files";

/** Downloads my certificate of a completed programme (a PDF). */
export async function downloadCertificate(id: number): Promise<void> {
  const f = await call(calls.trainingCertificate, { id });
  downloadFile(f, "培训证书.pdf");
  toast.success("证书已下载");
}

const STATUS_COLORS: Record<number, string> = { 0: "default", 1: "green", 2: "orange" };

export function StatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLORS[status]}>{TRAINING_STATUS_NAMES[status] ?? "未知"}</Tag>;
}

export function hoursText(h: number): string {
  return h > 0 ? `${h} 学时` : "—";
}

/** "2026-05-01 — 2026-06-01" from two wire times (dates only); "不限" when both are empty. */
export function timeRange(a: string, b: string): string {
  const d = (s: string) => (s ? s.slice(0, 10) : "");
  if (!a && !b) return "不限";
  return `${d(a) || "不限"} — ${d(b) || "不限"}`;
}

/** 1:05:09 / 5:09 from seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}

/** "1 小时 5 分" / "12 分钟" / "40 秒" from seconds. */
export function spentText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} 秒`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h} 小时 ${m} 分` : `${m} 分钟`;
}

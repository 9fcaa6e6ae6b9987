/**
 * Pure helpers of the collective-preparation pages (#8): links, the discussion's image check, the time window of the
 * form, grade names by period, statistics series. No React, no DOM (unit-tested in prepare-rules.test.ts).
 */
import { DISCUSS_IMAGE_EXTS, DISCUSS_MESSAGES, type PreparationStatistics } from "@yanke/protocol";

/** The detail page of a preparation (public when it is open). */
export const prepDetailHref = (id: number): string => `/editDetail?id=${id}`;
/** The form: create in a community (or none), or edit one. */
export const prepFormHref = (o: { id?: number; communityId?: number }): string =>
  o.id ? `/addBKDetail?id=${o.id}` : o.communityId ? `/addBKDetail?community_id=${o.communityId}` : "/addBKDetail";
/** The co-editing page of one lesson plan of a preparation. */
export const coEditHref = (preparationId: number, docId?: number): string =>
  docId ? `/collectivePrepare/editDetail?id=${preparationId}&doc=${docId}` : `/collectivePrepare/editDetail?id=${preparationId}`;
/** The community's preparation list. */
export const prepListHref = (communityId: number): string =>
  communityId > 0 ? `/community/collectivePrepare?community_id=${communityId}` : "/community/collectivePrepare";

/** Discussion images: png, jpg, jpeg, at most 100 MB each (community.md §5). */
export const DISCUSS_IMAGE_MAX_BYTES = 100 * 1024 * 1024;

/** The refusal of a discussion image before it is uploaded, or null when it may go. */
export function checkDiscussImage(file: { name: string; size: number }): string | null {
  const ext = (file.name.split(".").pop() ?? "").toLowerCase();
  if (!file.name.includes(".") || !(DISCUSS_IMAGE_EXTS as readonly string[]).includes(ext)) return DISCUSS_MESSAGES.imageFormat;
  if (file.size > DISCUSS_IMAGE_MAX_BYTES) return DISCUSS_MESSAGES.imageTooLarge;
  return null;
}

/** What may be sent as a discussion message: text (trimmed) or at least one image; else the spec's refusal. */
export function checkDiscussMessage(content: string, images: readonly string[]): string | null {
  return content.trim() === "" && images.length === 0 ? DISCUSS_MESSAGES.empty : null;
}

/** The form's time window check: both ends, the end after the start. Times as "YYYY-MM-DD HH:mm:ss". */
export function checkWindow(start: string | undefined, end: string | undefined): string | null {
  if (!start || !end) return "请选择备课时间";
  if (end <= start) return "结束时间必须晚于开始时间";
  return null;
}

const PRIMARY = ["一年级", "二年级", "三年级", "四年级", "五年级", "六年级"];
const JUNIOR = ["七年级", "八年级", "九年级"];
const SENIOR = ["高一", "高二", "高三"];

/** The grade names a period offers (by its name: 小学 / 初中 / 高中); every grade when it is not known. */
export function gradeNamesFor(periodName: string | undefined): string[] {
  const n = periodName ?? "";
  if (n.includes("小学")) return PRIMARY;
  if (n.includes("初中")) return JUNIOR;
  if (n.includes("高中")) return SENIOR;
  return [...PRIMARY, ...JUNIOR, ...SENIOR];
}

/** "YYYY-MM" → "M月" (the chart's axis); a year change shows the year: "2026-01" → "2026年1月". */
export function monthLabels(months: readonly { month: string }[]): string[] {
  return months.map((m, i) => {
    const [y, mo] = m.month.split("-");
    const n = Number(mo);
    return i === 0 || n === 1 ? `${y}年${n}月` : `${n}月`;
  });
}

/** The status pie's slices: verify states with a count (an empty chart otherwise shows nothing). */
export function statusSlices(s: PreparationStatistics): { name: string; value: number }[] {
  return s.verify.filter((v) => v.count > 0).map((v) => ({ name: v.name, value: v.count }));
}

/** The phase pie's slices. */
export function phaseSlices(s: PreparationStatistics): { name: string; value: number }[] {
  return [
    { name: "未开始", value: s.totals.upcoming },
    { name: "进行中", value: s.totals.running },
    { name: "已结束", value: s.totals.ended },
  ].filter((x) => x.value > 0);
}

/** A byte count as text (文件大小). */
export function bytes(n: number): string {
  if (!n) return "—";
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

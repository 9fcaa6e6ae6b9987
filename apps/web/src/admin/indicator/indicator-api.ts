/** Typed calls of the 听课指标管理 screen (docs/api/indicator.md). */
import { type PayloadOf, calls } from "@yanke/protocol";
import { call } from "../../api/client";

export const indicatorApi = {
  list: (p: PayloadOf<typeof calls.indicatorList>) => call(calls.indicatorList, p),
  read: (id: number) => call(calls.indicatorRead, { id }),
  save: (p: PayloadOf<typeof calls.indicatorSave>) => call(calls.indicatorSave, p),
  update: (p: PayloadOf<typeof calls.indicatorUpdate>) => call(calls.indicatorUpdate, p),
  remove: (id: number) => call(calls.indicatorDelete, { id }),
  targets: (p: PayloadOf<typeof calls.listenTargetList>) => call(calls.listenTargetList, p),
  saveTarget: (p: PayloadOf<typeof calls.listenTargetSave>) => call(calls.listenTargetSave, p),
  updateTarget: (p: PayloadOf<typeof calls.listenTargetUpdate>) => call(calls.listenTargetUpdate, p),
  removeTarget: (id: number) => call(calls.listenTargetDelete, { id }),
};

/** May the signed-in user create rows (platform administrators: the platform's; school administrators: the school's)? */
export function mayCreate(identity: number, schoolId: number): boolean {
  return identity === 1 || identity === 5 || (identity === 4 && schoolId > 0);
}

/** The new order of a sibling group after moving one row up (-1) or down (+1): the rows whose sort must change. */
export function reorder<T extends { id: number; sort: number }>(siblings: readonly T[], id: number, delta: -1 | 1): { id: number; sort: number }[] {
  const list = [...siblings];
  const i = list.findIndex((r) => r.id === id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= list.length) return [];
  [list[i], list[j]] = [list[j]!, list[i]!];
  return list.map((r, k) => ({ id: r.id, sort: k + 1 })).filter((r) => siblings.find((s) => s.id === r.id)!.sort !== r.sort);
}

/** "0–10 分" */
export function rangeText(min: number, max: number): string {
  return `${min}–${max} 分`;
}

/** Typed calls of the 听课指标管理 screen (docs/api/indicator.md). */
import {
  CALLS,
  type IndicatorDeleteAnswer,
  type IndicatorList,
  type IndicatorListAnswer,
  type IndicatorReadAnswer,
  type IndicatorRow,
  type IndicatorSave,
  type IndicatorUpdate,
  type ListenTargetList,
  type ListenTargetListAnswer,
  type ListenTargetRow,
  type ListenTargetSave,
  type ListenTargetUpdate,
} from "@yanke/protocol";
import type { z } from "zod";
import { call } from "../../api/client";

type In<T extends z.ZodType> = z.input<T>;

export const indicatorApi = {
  list: (p: In<typeof IndicatorList>) => call<IndicatorListAnswer>(CALLS.indicatorList, p),
  read: (id: number) => call<IndicatorReadAnswer>(CALLS.indicatorRead, { id }),
  save: (p: In<typeof IndicatorSave>) => call<IndicatorRow>(CALLS.indicatorSave, p),
  update: (p: In<typeof IndicatorUpdate>) => call<IndicatorRow>(CALLS.indicatorUpdate, p),
  remove: (id: number) => call<IndicatorDeleteAnswer>(CALLS.indicatorDelete, { id }),
  targets: (p: In<typeof ListenTargetList>) => call<ListenTargetListAnswer>(CALLS.listenTargetList, p),
  saveTarget: (p: In<typeof ListenTargetSave>) => call<ListenTargetRow>(CALLS.listenTargetSave, p),
  updateTarget: (p: In<typeof ListenTargetUpdate>) => call<ListenTargetRow>(CALLS.listenTargetUpdate, p),
  removeTarget: (id: number) => call<{ id: number }>(CALLS.listenTargetDelete, { id }),
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

/**
 * Typed calls of the permission and account screens (docs/api/rbac.md). Payload types are the
 * protocol's zod input types; answers are the protocol's answer types.
 */
import { type PayloadOf, calls, type AccountImport, type MenuNode, type OccupationApplyRow } from "@yanke/protocol";
import type { z } from "zod";
import { call } from "../api/client";
import { normalizeMenus } from "../menu/menu";

type In<T extends z.ZodType> = z.input<T>;

export interface TreeAndChecked {
  tree: MenuNode[];
  checked: number[];
}

export interface GroupOption {
  id: number;
  title: string;
  school_id: number;
}

function numbers(v: unknown): number[] {
  return Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** {tree, checked} answers (c031, c054), read defensively. */
export function readTreeAndChecked(raw: unknown): TreeAndChecked {
  const r = isRecord(raw) ? raw : {};
  return { tree: normalizeMenus(r.tree), checked: numbers(r.checked) };
}

export type AccountStatusField = "status";

export const rbacApi = {
  // rules (menus and permissions)
  ruleList: async () => normalizeMenus(await call(calls.ruleList, {})),
  ruleUseList: async () => normalizeMenus(await call(calls.ruleUseList, {})),
  ruleSave: (p: PayloadOf<typeof calls.ruleSave>) => call(calls.ruleSave, p),
  ruleUpdate: (p: PayloadOf<typeof calls.ruleUpdate>) => call(calls.ruleUpdate, p),
  ruleDelete: (id: number) => call(calls.ruleDelete, { id }),
  ruleSetAttribute: (id: number, attribute: "status" | "is_menu" | "sort", value: number) => call(calls.ruleSetAttribute, { id, attribute, value }),

  // roles
  groupList: (p: PayloadOf<typeof calls.groupList>) => call(calls.groupList, p),
  groupRead: (id: number) => call(calls.groupRead, { id }),
  groupSave: (p: PayloadOf<typeof calls.groupSave>) => call(calls.groupSave, p),
  groupUpdate: (p: PayloadOf<typeof calls.groupUpdate>) => call(calls.groupUpdate, p),
  groupDelete: (id: number) => call(calls.groupDelete, { id }),
  groupStatus: (id: number, value: number) => call(calls.groupQuickOperate, { id, field: "status", value }),
  groupOptions: () => call(calls.groupOptions, {}),
  groupAuthRole: async (id: number) => readTreeAndChecked(await call(calls.groupAuthRole, { id })),

  // accounts
  accountList: (p: PayloadOf<typeof calls.accountList>) => call(calls.accountList, p),
  accountRead: (id: number) => call(calls.accountRead, { id }),
  accountSave: (p: PayloadOf<typeof calls.accountSave>) => call(calls.accountSave, p),
  accountUpdate: (p: PayloadOf<typeof calls.accountUpdate>) => call(calls.accountUpdate, p),
  accountDelete: (id: number) => call(calls.accountDelete, { id }),
  accountBatchDelete: (ids: number[]) => call(calls.accountBatchDelete, { ids }),
  accountStatus: (id: number, value: number) => call(calls.accountQuickOperate, { id, field: "status", value }),
  accountResetPassword: (ids: number[]) => call(calls.accountResetPassword, { ids }),
  accountImport: (kind: "teacher" | "account", p: In<typeof AccountImport>) =>
    call(kind === "teacher" ? calls.accountImportTeacher : calls.accountImportAccount, p),
  accountExport: (p: PayloadOf<typeof calls.accountExport>) => call(calls.accountExport, p),

  // applications
  applyList: (p: PayloadOf<typeof calls.applyList>) => call(calls.applyList, p),
  applySave: (p: PayloadOf<typeof calls.applySave>) => call(calls.applySave, p),
  applyUpdate: (p: PayloadOf<typeof calls.applyUpdate>) => call(calls.applyUpdate, p),
  applyDelete: (id: number) => call(calls.applyDelete, { id }),
  applyAuthRuleList: async (id: number) => readTreeAndChecked(await call(calls.applyAuthRuleList, { id })),
  applyAuthGroupList: (id: number) => call(calls.applyAuthGroupList, { id }),
  applyIndex: () => call(calls.applyIndex, {}),
  rulesAndApply: async () => {
    const r = await call(calls.applyRulesAndApply, {});
    return { rules: normalizeMenus(r.rules), applies: r.applies };
  },
};

export function readApplyRow(a: Record<string, unknown>): OccupationApplyRow {
  return {
    id: Number(a.id) || 0,
    name: typeof a.name === "string" ? a.name : "",
    icon: typeof a.icon === "string" ? a.icon : "",
    rules: numbers(a.rules),
    group_ids: numbers(a.group_ids),
    type: Number(a.type) || 0,
    is_display: Number(a.is_display) || 0,
    apply_type: Number(a.apply_type) || 0,
  };
}

/** The c050 answer's lists as one array per apply_type key, read defensively. */
export function applyGroupList(groups: unknown, applyType: number): OccupationApplyRow[] {
  const raw: unknown = isRecord(groups) ? groups[`list${applyType}`] : undefined;
  return Array.isArray(raw) ? raw.filter(isRecord).map(readApplyRow) : [];
}

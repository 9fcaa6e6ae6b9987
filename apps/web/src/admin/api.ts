/**
 * Typed calls of the permission and account screens (docs/api/rbac.md). Payload types are the
 * protocol's zod input types; answers are the protocol's answer types.
 */
import {
  CALLS,
  type AccountExport,
  type AccountImport,
  type AccountList,
  type AccountRow,
  type AccountSave,
  type AccountUpdate,
  type ApplyIndexAnswer,
  type AuthGroupList,
  type AuthGroupRow,
  type AuthGroupSave,
  type AuthGroupUpdate,
  type AuthRuleSave,
  type AuthRuleUpdate,
  type BatchResult,
  type FileAnswer,
  type ImportReport,
  type MenuNode,
  type OccupationApplyGroups,
  type OccupationApplyList,
  type OccupationApplyRow,
  type OccupationApplySave,
  type OccupationApplyUpdate,
  type Page,
} from "@yanke/protocol";
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
  ruleList: async () => normalizeMenus(await call<unknown>(CALLS.ruleList, {})),
  ruleUseList: async () => normalizeMenus(await call<unknown>(CALLS.ruleUseList, {})),
  ruleSave: (p: In<typeof AuthRuleSave>) => call<{ id: number }>(CALLS.ruleSave, p),
  ruleUpdate: (p: In<typeof AuthRuleUpdate>) => call<null>(CALLS.ruleUpdate, p),
  ruleDelete: (id: number) => call<null>(CALLS.ruleDelete, { id }),
  ruleSetAttribute: (id: number, attribute: "status" | "is_menu" | "sort", value: number) => call<null>(CALLS.ruleSetAttribute, { id, attribute, value }),

  // roles
  groupList: (p: In<typeof AuthGroupList>) => call<Page<AuthGroupRow>>(CALLS.groupList, p),
  groupRead: (id: number) => call<AuthGroupRow>(CALLS.groupRead, { id }),
  groupSave: (p: In<typeof AuthGroupSave>) => call<{ id: number }>(CALLS.groupSave, p),
  groupUpdate: (p: In<typeof AuthGroupUpdate>) => call<null>(CALLS.groupUpdate, p),
  groupDelete: (id: number) => call<null>(CALLS.groupDelete, { id }),
  groupStatus: (id: number, value: number) => call<null>(CALLS.groupQuickOperate, { id, field: "status", value }),
  groupOptions: () => call<GroupOption[]>(CALLS.groupOptions, {}),
  groupAuthRole: async (id: number) => readTreeAndChecked(await call<unknown>(CALLS.groupAuthRole, { id })),

  // accounts
  accountList: (p: In<typeof AccountList>) => call<Page<AccountRow>>(CALLS.accountList, p),
  accountRead: (id: number) => call<AccountRow>(CALLS.accountRead, { id }),
  accountSave: (p: In<typeof AccountSave>) => call<{ id: number }>(CALLS.accountSave, p),
  accountUpdate: (p: In<typeof AccountUpdate>) => call<null>(CALLS.accountUpdate, p),
  accountDelete: (id: number) => call<null>(CALLS.accountDelete, { id }),
  accountBatchDelete: (ids: number[]) => call<BatchResult[]>(CALLS.accountBatchDelete, { ids }),
  accountStatus: (id: number, value: number) => call<null>(CALLS.accountQuickOperate, { id, field: "status", value }),
  accountResetPassword: (ids: number[]) => call<BatchResult[]>(CALLS.accountResetPassword, { ids }),
  accountImport: (kind: "teacher" | "account", p: In<typeof AccountImport>) =>
    call<ImportReport>(kind === "teacher" ? CALLS.accountImportTeacher : CALLS.accountImportAccount, p),
  accountExport: (p: In<typeof AccountExport>) => call<FileAnswer>(CALLS.accountExport, p),

  // applications
  applyList: (p: In<typeof OccupationApplyList>) => call<OccupationApplyGroups>(CALLS.applyList, p),
  applySave: (p: In<typeof OccupationApplySave>) => call<{ id: number }>(CALLS.applySave, p),
  applyUpdate: (p: In<typeof OccupationApplyUpdate>) => call<null>(CALLS.applyUpdate, p),
  applyDelete: (id: number) => call<null>(CALLS.applyDelete, { id }),
  applyAuthRuleList: async (id: number) => readTreeAndChecked(await call<unknown>(CALLS.applyAuthRuleList, { id })),
  applyAuthGroupList: async (id: number) => {
    const raw = await call<unknown>(CALLS.applyAuthGroupList, { id });
    const r = isRecord(raw) ? raw : {};
    const list = Array.isArray(r.list) ? r.list.filter(isRecord).map((g) => ({ id: Number(g.id), title: typeof g.title === "string" ? g.title : "" })) : [];
    return { list, checked: numbers(r.checked) };
  },
  applyIndex: () => call<ApplyIndexAnswer>(CALLS.applyIndex, {}),
  rulesAndApply: async () => {
    const raw = await call<unknown>(CALLS.applyRulesAndApply, {});
    const r = isRecord(raw) ? raw : {};
    const applies: OccupationApplyRow[] = Array.isArray(r.applies) ? r.applies.filter(isRecord).map(readApplyRow) : [];
    return { rules: normalizeMenus(r.rules), applies };
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

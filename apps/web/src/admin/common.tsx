import { menuTitle, PAGE } from "@yanke/protocol";
import { Switch, type TablePaginationConfig } from "antd";
import type { Rule } from "antd/es/form";
import { useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { z } from "zod";
import { config } from "../config";
import { findMenuByPath } from "../menu/menu";
import { normalizePath } from "../router/access";
import { useAppState } from "../session/store";
import { normalizeSchoolEntries } from "../switcher/switcher";
import { useSchoolEntries } from "../switcher/useSchoolEntries";

/** The title of the menu entry that opened the current screen (version suffix cut), else `fallback`. */
export function useScreenTitle(fallback: string): string {
  const path = normalizePath(useLocation().pathname);
  const menus = useAppState((s) => s.menus);
  const node = findMenuByPath(menus, path);
  return node ? menuTitle(node.title, config.showVersionName) || fallback : fallback;
}

export interface PageState {
  page: number;
  limit: number;
}

export const FIRST_PAGE: PageState = { page: PAGE.defaultPage, limit: PAGE.defaultLimit };

/** §9 pagination: 10/20/50 per page, total, prev, pager, next, jumper. */
export function tablePagination(state: PageState, total: number, onChange: (next: PageState) => void): TablePaginationConfig {
  return {
    current: state.page,
    pageSize: state.limit,
    total,
    showTotal: (t) => <span data-testid="pagination-total">共 {t} 条</span>,
    showSizeChanger: true,
    pageSizeOptions: PAGE.limitChoices.map(String),
    showQuickJumper: true,
    size: "small",
    onChange: (page, limit) => onChange({ page: limit !== state.limit ? 1 : page, limit }),
  };
}

/**
 * An antd rule from a protocol zod field schema: the first issue's message. Empty values are left
 * to a `required` rule (or the schema's default) so each field speaks once.
 */
export function zodRule(schema: z.ZodType, { skipEmpty = true }: { skipEmpty?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (skipEmpty && (value === undefined || value === null || value === "")) return;
      const r = schema.safeParse(value);
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? "格式不正确");
    },
  };
}

/**
 * A status switch toggled through quick_operate / setAttribute: optimistic, rolled back when the
 * server refuses (the API client shows the message).
 */
export function StatusSwitch({
  value,
  onToggle,
  disabled,
  testId,
  on = "启用",
  off = "禁用",
}: {
  value: number;
  onToggle: (next: number) => Promise<unknown>;
  disabled?: boolean;
  testId: string;
  on?: string;
  off?: string;
}) {
  const [shown, setShown] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const current = shown ?? value;
  return (
    <Switch
      size="small"
      data-testid={testId}
      data-value={current}
      checked={current === 1}
      checkedChildren={on}
      unCheckedChildren={off}
      loading={busy}
      disabled={disabled}
      onChange={async (checked) => {
        const next = checked ? 1 : 0;
        setShown(next);
        setBusy(true);
        try {
          await onToggle(next);
        } catch {
          setShown(null);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

export interface Option {
  value: number;
  label: string;
}

/**
 * School choices for role and account forms and filters: the caller's own schools (c046). The
 * full school list arrives with #4 (basic data); platform-wide records use 0 (平台).
 */
export function useSchoolOptions(extra: readonly { id: number; name: string }[] = []): Option[] {
  const q = useSchoolEntries();
  const out = new Map<number, string>();
  for (const e of normalizeSchoolEntries(q.data ?? [])) out.set(e.id, e.title || `学校 ${e.id}`);
  for (const x of extra) if (x.id > 0 && !out.has(x.id)) out.set(x.id, x.name || `学校 ${x.id}`);
  return [...out.entries()].map(([value, label]) => ({ value, label }));
}

export function YesNo({ value, yes = "是", no = "否" }: { value: number; yes?: string; no?: string }): ReactNode {
  return <span className={value === 1 ? undefined : "yk-muted"}>{value === 1 ? yes : no}</span>;
}

export const DRAWER_WIDTH = "max(480px, 32vw)";

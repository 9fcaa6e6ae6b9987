import { CALLS, PAGE } from "@yanke/protocol";
/** Shared choices of the basic-data screens: schools, periods, grades, classes, regions. */
import { useQuery } from "@tanstack/react-query";
import { Select, TreeSelect } from "antd";
import { useEffect } from "react";
import { useAppState } from "../session/store";
import { usePermission } from "../rbac/usePermission";
import { basicApi } from "./basic-api";
import { useSchoolOptions, type Option } from "./common";
import { regionPickNodes } from "./region-tree";
import { useRegionTree } from "./useRegionTree";

/**
 * Every school the caller may administer (the school list, first 100, with its rule) plus his own
 * schools (c046) and `extra` (schools seen in rows).
 */
export function useAllSchools(extra: readonly { id: number; name: string }[] = []): Option[] {
  const can = usePermission();
  const own = useSchoolOptions(extra);
  const q = useQuery({
    queryKey: ["schools", "options"],
    enabled: can(CALLS.schoolList),
    staleTime: 60_000,
    queryFn: () => basicApi.schoolList({ page: 1, limit: PAGE.maxLimit }),
  });
  const list = q.data?.list ?? [];
  const out = list.map((s) => ({ value: s.id, label: s.title }));
  for (const o of own) if (!out.some((x) => x.value === o.value)) out.push(o);
  return out;
}

/** Periods of a school (or of every school in scope when none is given). */
export function usePeriods(schoolId: number | undefined, enabled = true): Option[] {
  const can = usePermission();
  const admin = can(CALLS.periodList);
  const q = useQuery({
    queryKey: ["periods", "options", schoolId ?? 0, admin],
    enabled,
    staleTime: 30_000,
    // Without the period screen's rule: the session read c048 (no rule).
    queryFn: () => (admin ? basicApi.periodList : basicApi.commonPeriods)({ page: 1, limit: PAGE.maxLimit, ...(schoolId ? { school_id: schoolId } : {}) }),
  });
  return (q.data?.list ?? []).map((p) => ({ value: p.id, label: schoolId ? p.name : `${p.school_name} · ${p.name}` }));
}

/** Grades of a school (labelled with their period), optionally of one period. */
export function useGrades(schoolId: number | undefined, periodId?: number): Option[] {
  const can = usePermission();
  const admin = can(CALLS.gradeList);
  const scope = { ...(schoolId ? { school_id: schoolId } : {}), ...(periodId ? { period_id: periodId } : {}) };
  const q = useQuery({
    queryKey: ["grades", "options", schoolId ?? 0, periodId ?? 0, admin],
    enabled: Boolean(schoolId || periodId),
    staleTime: 30_000,
    queryFn: async (): Promise<Option[]> => {
      if (admin) {
        const page = await basicApi.gradeList({ page: 1, limit: PAGE.maxLimit, ...scope });
        return page.list.map((g) => ({ value: g.id, label: periodId ? g.name : `${g.period_name} · ${g.name}` }));
      }
      // Without the period screen's rule: the session read c083 (no rule).
      const list = await basicApi.periodGrades(scope);
      return (Array.isArray(list) ? list : []).map((g) => ({ value: g.id, label: g.name }));
    },
  });
  return q.data ?? [];
}

/** Classes of a school (c113), optionally of one grade. */
export function useClasses(schoolId: number | undefined, gradeId?: number): Option[] {
  const q = useQuery({
    queryKey: ["classes", "options", schoolId ?? 0, gradeId ?? 0],
    enabled: Boolean(schoolId),
    staleTime: 30_000,
    queryFn: () => basicApi.schoolClasses({ school_id: schoolId, ...(gradeId ? { grade_id: gradeId } : {}) }),
  });
  const list = Array.isArray(q.data) ? q.data : [];
  return list.map((c) => ({ value: c.id, label: gradeId ? c.name : `${c.grade_name} · ${c.name}` }));
}

/** A school choice (searchable). */
export function SchoolSelect({
  value,
  onChange,
  testId,
  width = 180,
  placeholder = "学校",
  allowClear = true,
  disabled,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  testId: string;
  width?: number | string;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
}) {
  const schools = useAllSchools();
  return (
    <Select
      allowClear={allowClear}
      showSearch={{ optionFilterProp: "label" }}
      placeholder={placeholder}
      value={value}
      onChange={(v: number | undefined) => onChange?.(v)}
      options={schools}
      style={{ width }}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/** A region choice from the lazily loaded tree. */
export function RegionSelect({
  value,
  onChange,
  testId,
  width = "100%",
  placeholder = "所属区域",
  initialLabel,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  testId: string;
  width?: number | string;
  placeholder?: string;
  /** The current region's name (shown before its level is loaded). */
  initialLabel?: string;
}) {
  const { state, load } = useRegionTree();
  const can = usePermission();
  const mayList = can(CALLS.regionList);
  useEffect(() => {
    if (mayList) void load(0);
  }, [load, mayList]);
  const nodes = regionPickNodes(state);
  const known = value === undefined || value === 0 || nodes.some((n) => n.value === value);
  return (
    <TreeSelect
      allowClear
      showSearch={{ treeNodeFilterProp: "title" }}
      treeDataSimpleMode
      treeData={known || !value ? nodes : [...nodes, { id: value, pId: -1, value, title: initialLabel || `区域 ${value}`, isLeaf: true }]}
      loadData={async (node) => {
        const id = Number(node.value);
        if (Number.isInteger(id)) await load(id);
      }}
      value={value || undefined}
      onChange={(v: number | undefined) => onChange?.(v)}
      placeholder={placeholder}
      style={{ width }}
      // Without the region list's rule only the current region shows (a school administrator).
      disabled={!mayList}
      data-testid={testId}
    />
  );
}

/** The school a filter starts on: a school-level user's own school; none for those who see many. */
export function useDefaultSchool(): number | undefined {
  const can = usePermission();
  const own = useAppState((s) => s.session.school_id);
  return can(CALLS.schoolList) || !own ? undefined : own;
}

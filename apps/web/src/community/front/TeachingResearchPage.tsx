import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, COMMUNITY_LEVELS, COMMUNITY_TYPES, type CommunityItem } from "@yanke/protocol";
import { Input, Pagination, Select, Skeleton } from "antd";
import { useMemo, useState } from "react";
import { call } from "../../api/client";
import { CommunityCard, Empty } from "../common";
import { PageHead, Section } from "./parts";

interface Filters {
  name: string;
  type: number;
  level: number;
  period_id: number;
  subject_id: number;
  region_id: number;
}
const NONE: Filters = { name: "", type: 0, level: 0, period_id: 0, subject_id: 0, region_id: 0 };

/** A row of choices: 全部 and each value; the chosen one is highlighted. */
function ChoiceRow({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  options: Record<number, string>;
  onChange: (v: number) => void;
  testId: string;
}) {
  const entries: [number, string][] = [[0, "全部"], ...Object.entries(options).map(([k, v]) => [Number(k), v] as [number, string])];
  return (
    <div className="ykf-choice" data-testid={testId}>
      <span className="ykf-choice-label">{label}</span>
      {entries.map(([k, v]) => (
        <a key={k} className={`ykf-choice-item${value === k ? " active" : ""}`} onClick={() => onChange(k)} data-value={k}>
          {v}
        </a>
      ))}
    </div>
  );
}

/** Distinct {id, name} pairs (names of the communities themselves: the pick lists need no login). */
function distinct(rows: CommunityItem[], id: (c: CommunityItem) => number, name: (c: CommunityItem) => string): { value: number; label: string }[] {
  const seen = new Map<number, string>();
  for (const c of rows) {
    const k = id(c);
    if (k > 0 && !seen.has(k) && name(c)) seen.set(k, name(c));
  }
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, "zh-CN"));
}

/**
 * 教学研究 (/foreground/teachingRresearch, public): the directory of communities (c208 allList: normal displayed ones,
 * recommended first) by type, level, period, subject, region and name; a card opens the community's blog.
 * The period, subject and region choices are those the listed communities have (the pick-list calls need a session).
 */
export function TeachingResearchPage() {
  const [filters, setFilters] = useState<Filters>(NONE);
  const [paging, setPaging] = useState({ page: 1, limit: 12 });
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const payload = useMemo(() => {
    const p: Record<string, unknown> = { ...paging };
    for (const [k, v] of Object.entries(filters)) if (v) p[k] = v;
    return p;
  }, [filters, paging]);
  const q = useQuery({
    queryKey: ["front", "directory", payload],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.communityAllList, payload),
  });
  const facets = useQuery({
    queryKey: ["front", "directory", "facets"],
    staleTime: 5 * 60_000,
    queryFn: () => call(calls.communityAllList, { page: 1, limit: 100 }, { quiet: true }),
  });
  const all = facets.data?.list ?? [];
  const periods = useMemo(
    () =>
      distinct(
        all,
        (c) => c.period_id,
        (c) => c.period_name,
      ),
    [all],
  );
  const subjects = useMemo(
    () =>
      distinct(
        all,
        (c) => c.subject_id,
        (c) => c.subject_name,
      ),
    [all],
  );
  const regions = useMemo(
    () =>
      distinct(
        all.filter((c) => c.level >= 2),
        (c) => c.region_id,
        (c) => c.region_name,
      ),
    [all],
  );
  const rows = q.data?.list ?? [];
  return (
    <div className="yk-page ykf-page" data-testid="TeachingResearchPage">
      <PageHead title="教学研究" sub="浏览各级教研社区与名师工作室，进入社区空间查看文章、活动与成员" />
      <Section title="社区筛选" testId="directory-filters">
        <ChoiceRow label="类型" value={filters.type} options={COMMUNITY_TYPES} onChange={(type) => set({ type })} testId="filter-type" />
        <ChoiceRow label="级别" value={filters.level} options={COMMUNITY_LEVELS} onChange={(level) => set({ level })} testId="filter-level" />
        <div className="ykf-filters" style={{ marginTop: 8 }}>
          <Select
            allowClear
            placeholder={periods.length ? "学段" : "学段（暂无）"}
            disabled={!periods.length && !filters.period_id}
            style={{ width: 130 }}
            options={periods}
            value={filters.period_id || undefined}
            onChange={(v?: number) => set({ period_id: v ?? 0 })}
            data-testid="filter-period"
          />
          <Select
            allowClear
            placeholder={subjects.length ? "学科" : "学科（暂无）"}
            disabled={!subjects.length && !filters.subject_id}
            style={{ width: 130 }}
            options={subjects}
            value={filters.subject_id || undefined}
            onChange={(v?: number) => set({ subject_id: v ?? 0 })}
            data-testid="filter-subject"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            placeholder={regions.length ? "地区" : "地区（暂无）"}
            disabled={!regions.length && !filters.region_id}
            style={{ width: 160 }}
            options={regions}
            value={filters.region_id || undefined}
            onChange={(v?: number) => set({ region_id: v ?? 0 })}
            data-testid="filter-region"
          />
          <Input.Search allowClear placeholder="社区名称" style={{ width: 240 }} onSearch={(v) => set({ name: v.trim() })} data-testid="filter-name" />
        </div>
      </Section>
      <Section
        title="社区列表"
        extra={
          <span className="ykf-note" data-testid="directory-total">
            共 {q.data?.total ?? 0} 个社区
          </span>
        }
        testId="directory-list"
      >
        {q.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : rows.length ? (
          <>
            <div className="ykf-cards three">
              {rows.map((c) => (
                <CommunityCard key={c.id} c={c} />
              ))}
            </div>
            <div className="ykf-pager">
              <Pagination
                size="small"
                current={paging.page}
                pageSize={paging.limit}
                total={q.data?.total ?? 0}
                showSizeChanger
                pageSizeOptions={["12", "24", "48"]}
                onChange={(page, limit) => setPaging({ page: limit !== paging.limit ? 1 : page, limit })}
              />
            </div>
          </>
        ) : (
          <Empty compact={false} note="没有符合条件的社区" />
        )}
      </Section>
    </div>
  );
}

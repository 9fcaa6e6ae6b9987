/**
 * THE list of published courses (c076) with its filters, shared by /foreground/courseResource (every type) and the
 * four /foregroundResource children (one course_type fixed). Every filter lives in the URL query (period, subject,
 * grade, region, school, type, q, order, page, limit), so a copied link shows the same view
 * (docs/decisions/1110-front-resource-filters-in-url.md).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type PayloadOf, calls, COURSE_TYPE_NAMES, PAGE, type ResourceOption } from "@yanke/protocol";
import { Input, Pagination, Segmented, Spin } from "antd";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { ResourceCard } from "./resource-common";
import { filtersOf, nextQuery, payloadOf, type BrowserFilters } from "./resource-filters";

/** The option lists (c077, c079, c080, c081) without the synthetic 全部 entry: the page adds its own. */
function useOptions(
  source: typeof calls.webResourceSubjects | typeof calls.webResourceGrades | typeof calls.webResourceRegions | typeof calls.webResourceSchools,
  scope: PayloadOf<typeof calls.webResourceSubjects>,
) {
  const q = useQuery({
    queryKey: ["webResource", source.path, scope],
    staleTime: 60_000,
    retry: 2,
    queryFn: () => call(source, scope, { quiet: true }),
  });
  return (q.data ?? []).filter((o) => o.id !== 0 && o.id !== "" && o.id !== "0");
}

/**
 * 学段: there is no public period list in the contract, so the periods offered are those of published courses (one
 * read of the newest 100; docs/decisions/1111-front-resource-periods.md).
 */
function usePeriodOptions(fixedType: number) {
  const q = useQuery({
    queryKey: ["webResource", "periods", fixedType],
    staleTime: 5 * 60_000,
    queryFn: () => call(calls.webResourceList, { page: 1, limit: PAGE.maxLimit, ...(fixedType ? { course_type: fixedType } : {}) }, { quiet: true }),
  });
  const seen = new Map<number, ResourceOption>();
  for (const r of q.data?.list ?? []) {
    if (!r.period_id) continue;
    const o = seen.get(r.period_id);
    if (o) o.count += 1;
    else seen.set(r.period_id, { id: r.period_id, name: r.period_name || `学段 ${r.period_id}`, count: 1 });
  }
  return [...seen.values()];
}

const FOLD_AT = 12;

/** One filter row: 全部 plus the options, as buttons (aria-pressed); long rows fold behind 更多. */
function ChoiceRow({
  label,
  options,
  value,
  onPick,
  testId,
}: {
  label: string;
  options: { id: number | string; name: string }[];
  value: number | string;
  onPick: (v: number | string) => void;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const shown = open ? options : options.slice(0, FOLD_AT);
  const active = (v: number | string) => String(v) === String(value);
  return (
    <div className="ykr-choice" data-testid={testId} role="group" aria-label={label}>
      <span className="ykr-choice-label">{label}</span>
      <div className="ykr-choice-items">
        <button type="button" className={`ykr-chip${!value ? " on" : ""}`} aria-pressed={!value} onClick={() => onPick(0)} data-testid={`${testId}-all`}>
          全部
        </button>
        {shown.map((o) => (
          <button
            key={String(o.id)}
            type="button"
            className={`ykr-chip${active(o.id) ? " on" : ""}`}
            aria-pressed={active(o.id)}
            onClick={() => onPick(o.id)}
            data-testid={`${testId}-option`}
            data-value={o.id}
          >
            {o.name}
          </button>
        ))}
        {options.length > FOLD_AT ? (
          <button type="button" className="ykr-chip ykr-chip-more" onClick={() => setOpen((x) => !x)} aria-expanded={open}>
            {open ? "收起" : "更多"}
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function ResourceBrowser({ fixedType = 0, testId = "resource-browser" }: { fixedType?: number; testId?: string }) {
  const [params, setParams] = useSearchParams();
  const f = filtersOf(params, fixedType);
  const [text, setText] = useState(f.q);
  useEffect(() => setText(f.q), [f.q]);

  /** Changes some filters in the URL; any change but paging goes back to page 1. */
  const set = (patch: Partial<Record<keyof BrowserFilters, string | number>>) => setParams(nextQuery(params, patch));

  const scope = { ...(f.period ? { period_id: f.period } : {}), ...(f.school ? { school_id: f.school } : {}) };
  const periods = usePeriodOptions(fixedType);
  const subjects = useOptions(calls.webResourceSubjects, scope);
  const grades = useOptions(calls.webResourceGrades, scope);
  const regions = useOptions(calls.webResourceRegions, f.period ? { period_id: f.period } : {});
  const schools = useOptions(calls.webResourceSchools, f.period ? { period_id: f.period } : {});

  const list = useQuery({
    queryKey: ["webResource", "list", payloadOf(f)],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.webResourceList, payloadOf(f)),
  });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;

  return (
    <div className="ykr-browser" data-testid={testId}>
      <section className="ykr-filters" aria-label="筛选">
        <ChoiceRow label="学段" options={periods} value={f.period} onPick={(v) => set({ period: v, subject: 0, grade: 0 })} testId="resource-filter-period" />
        <ChoiceRow label="学科" options={subjects} value={f.subject} onPick={(v) => set({ subject: v })} testId="resource-filter-subject" />
        <ChoiceRow label="年级" options={grades} value={f.grade} onPick={(v) => set({ grade: v })} testId="resource-filter-grade" />
        <ChoiceRow label="区域" options={regions} value={f.region} onPick={(v) => set({ region: v === 0 ? "" : String(v) })} testId="resource-filter-region" />
        <ChoiceRow label="学校" options={schools} value={f.school} onPick={(v) => set({ school: v })} testId="resource-filter-school" />
      </section>

      <div className="ykr-toolbar">
        {fixedType ? (
          <h2 className="ykr-toolbar-title">{COURSE_TYPE_NAMES[fixedType]}</h2>
        ) : (
          <div className="ykr-tabs" role="tablist" aria-label="课程类型" data-testid="resource-type-tabs">
            {[0, ...Object.keys(COURSE_TYPE_NAMES).map(Number)].map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={f.type === t}
                className={`ykr-tab${f.type === t ? " on" : ""}`}
                onClick={() => set({ type: t })}
                data-testid="resource-type-tab"
                data-value={t}
              >
                {t ? COURSE_TYPE_NAMES[t] : "全部"}
              </button>
            ))}
          </div>
        )}
        <div className="ykr-toolbar-right">
          <Input.Search
            allowClear
            placeholder="搜索课程名称或简介"
            enterButton="搜索"
            value={text}
            maxLength={60}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => set({ q: v.trim() })}
            className="ykr-search"
            data-testid="resource-search"
          />
          <Segmented
            value={f.order}
            onChange={(v) => set({ order: String(v) })}
            options={[
              { value: "new", label: "最新" },
              { value: "hot", label: "最热" },
            ]}
            data-testid="resource-order"
          />
        </div>
      </div>

      <div className="ykr-result-line">
        共 <b data-testid="resource-total">{list.isLoading ? "…" : total}</b> 门课程{f.q ? `，含“${f.q}”` : ""}
      </div>
      {list.isLoading ? (
        <Spin style={{ display: "block", margin: "48px auto" }} />
      ) : list.isError ? (
        <EmptyState text="课程加载失败，请稍后再试" />
      ) : rows.length === 0 ? (
        <div data-testid="resource-empty">
          <EmptyState />
        </div>
      ) : (
        <div className="ykr-grid" data-testid="resource-grid" aria-busy={list.isFetching}>
          {rows.map((r) => (
            <ResourceCard key={r.id} row={r} />
          ))}
        </div>
      )}
      {total > 0 ? (
        <div className="ykr-pager">
          <Pagination
            current={f.page}
            pageSize={f.limit}
            total={total}
            showSizeChanger
            pageSizeOptions={PAGE.limitChoices.map(String)}
            showQuickJumper
            showTotal={(t) => `共 ${t} 条`}
            onChange={(page, limit) => (limit !== f.limit ? set({ limit }) : set({ page }))}
            data-testid="resource-pagination"
          />
        </div>
      ) : null}
    </div>
  );
}

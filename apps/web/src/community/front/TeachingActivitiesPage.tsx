import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, ACTIVITY_PHASES, ACTIVITY_TYPES } from "@yanke/protocol";
import { Input, Pagination, Skeleton } from "antd";
import { useMemo, useState } from "react";
import { call } from "../../api/client";
import { ActivityCard, Empty, LoginHint, useLoggedIn } from "../common";
import { ActivityDrawer, PageHead, Section } from "./parts";

interface Filters {
  type: string;
  phase: string;
  keyword: string;
}

function Choices({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: Record<string, string>;
  onChange: (v: string) => void;
  testId: string;
}) {
  const entries: [string, string][] = [["", "全部"], ...Object.entries(options)];
  return (
    <div className="ykf-choice" data-testid={testId}>
      <span className="ykf-choice-label">{label}</span>
      {entries.map(([k, v]) => (
        <a key={k || "all"} className={`ykf-choice-item${value === k ? " active" : ""}`} onClick={() => onChange(k)} data-value={k}>
          {v}
        </a>
      ))}
    </div>
  );
}

/**
 * 教研活动 (/foreground/teachingActivities): the activities the caller may see (c393: public ones, his communities',
 * his organization's) by type, phase and keyword, newest first; one opens in a drawer (c394). The activity calls need a
 * session (platform.md §2: teaching activities need login), so an anonymous visitor is asked to sign in.
 */
export function TeachingActivitiesPage() {
  const loggedIn = useLoggedIn();
  const [filters, setFilters] = useState<Filters>({ type: "", phase: "", keyword: "" });
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [openId, setOpenId] = useState<number | null>(null);
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
    queryKey: ["front", "activities", payload],
    enabled: loggedIn,
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.activityList, payload),
  });
  const rows = q.data?.list ?? [];
  return (
    <div className="yk-page ykf-page" data-testid="TeachingActivitiesPage">
      <PageHead title="教研活动" sub="各社区的教研活动、集体备课、听评课与会议研讨" />
      {!loggedIn ? (
        <Section title="活动列表">
          <LoginHint text="教研活动需登录后查看" />
        </Section>
      ) : (
        <>
          <Section title="活动筛选" testId="activity-filters">
            <Choices label="类型" value={filters.type} options={ACTIVITY_TYPES} onChange={(type) => set({ type })} testId="filter-activity-type" />
            <Choices label="状态" value={filters.phase} options={ACTIVITY_PHASES} onChange={(phase) => set({ phase })} testId="filter-activity-phase" />
            <div className="ykf-filters" style={{ marginTop: 8 }}>
              <Input.Search
                allowClear
                placeholder="活动名称关键词"
                style={{ width: 280 }}
                onSearch={(v) => set({ keyword: v.trim() })}
                data-testid="filter-activity-keyword"
              />
            </div>
          </Section>
          <Section
            title="活动列表"
            extra={
              <span className="ykf-note" data-testid="activity-total">
                共 {q.data?.total ?? 0} 项
              </span>
            }
            testId="activity-list"
          >
            {q.isLoading ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : rows.length ? (
              <>
                <div className="ykf-cards two">
                  {rows.map((a) => (
                    <ActivityCard key={a.id} a={a} onOpen={setOpenId} />
                  ))}
                </div>
                <div className="ykf-pager">
                  <Pagination
                    size="small"
                    current={paging.page}
                    pageSize={paging.limit}
                    total={q.data?.total ?? 0}
                    showTotal={(t) => `共 ${t} 条`}
                    showSizeChanger
                    pageSizeOptions={["10", "20", "50"]}
                    onChange={(page, limit) => setPaging({ page: limit !== paging.limit ? 1 : page, limit })}
                  />
                </div>
              </>
            ) : (
              <Empty compact={false} note="没有符合条件的活动" />
            )}
          </Section>
        </>
      )}
      <ActivityDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

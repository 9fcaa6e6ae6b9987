import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CALLS, type ActivityRow, type Page } from "@yanke/protocol";
import { Card, Pagination, Space, Spin, Tag, Timeline, Typography } from "antd";
import { useState } from "react";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { ActivityDrawer, ActivityFilterBar, type ActivityFilterState, filterPayload } from "./activity-parts";
import { minutes, PageHead } from "./common";

/** 活动历史 (/personalCenter/eventHistory): the ended activities the caller took part in (c375), as a timeline by month. */
export function EventHistoryPage() {
  const [opened, setOpened] = useState<number | null>(null);
  const [filters, setFilters] = useState<ActivityFilterState>({ keyword: "" });
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const q = useQuery({
    queryKey: ["pc", "history", filters, paging],
    placeholderData: keepPreviousData,
    queryFn: () => call<Page<ActivityRow>>(CALLS.involvedActivity, { ...paging, ...filterPayload(filters), phase: "ended" }),
  });
  const rows = q.data?.list ?? [];
  let month = "";
  const items = rows.flatMap((a) => {
    const m = a.start_time.slice(0, 7);
    const out = [];
    if (m !== month) {
      month = m;
      out.push({ key: `m-${m}`, color: "gray", children: <Typography.Text strong>{m.replace("-", " 年 ")} 月</Typography.Text> });
    }
    out.push({
      key: String(a.id),
      color: "green",
      children: (
        <div className="yk-pc-timeline-card" data-testid="history-row" data-id={a.id}>
          <Space size={6} wrap>
            <Typography.Link strong onClick={() => setOpened(a.id)}>
              {a.name}
            </Typography.Link>
            <Tag color="cyan">{a.type_name}</Tag>
          </Space>
          <div className="yk-muted yk-pc-meta">
            <span>
              {minutes(a.start_time)} ～ {minutes(a.end_time)}
            </span>
            {a.community_name ? <span>社区：{a.community_name}</span> : null}
            <span>发起人：{a.account_name}</span>
            <span>参与 {a.participant_count} 人</span>
          </div>
        </div>
      ),
    });
    return out;
  });
  return (
    <div className="yk-page" data-testid="EventHistoryPage">
      <Card variant="borderless">
        <PageHead title="活动历史" sub={`我参加过的、已结束的活动${q.data ? `，共 ${q.data.total} 个` : ""}`} />
      </Card>
      <Card variant="borderless">
        <ActivityFilterBar
          phases={false}
          value={filters}
          onChange={(f) => {
            setFilters(f);
            setPaging({ ...paging, page: 1 });
          }}
        />
        <Spin spinning={q.isFetching}>
          {rows.length === 0 ? <EmptyState text={q.isLoading ? "加载中…" : "暂无数据"} /> : <Timeline style={{ marginTop: 16 }} items={items} data-testid="history-timeline" />}
        </Spin>
        {(q.data?.total ?? 0) > paging.limit ? (
          <Pagination align="end" size="small" current={paging.page} pageSize={paging.limit} total={q.data?.total ?? 0} onChange={(page) => setPaging({ ...paging, page })} />
        ) : null}
      </Card>
      <ActivityDrawer id={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

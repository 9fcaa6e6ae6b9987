import { FormOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, type ActivityRow } from "@yanke/protocol";
import { Button, Card, Drawer, Pagination, Space, Spin, Tag, Timeline, Typography } from "antd";
import { useState } from "react";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { ActivityDrawer, ActivityFilterBar, type ActivityFilterState, filterPayload } from "./activity-parts";
import { minutes, PageHead } from "./common";
import { type ReflectActivity, ReflectionEditor, ReflectionPanel, useReflectCount } from "./ReflectionPanel";

/** The reflection side of an ended activity: 写反思, and how many of his reflections are on it (opening them). */
function ReflectSide({ a, onWrite, onOpen }: { a: ActivityRow; onWrite: () => void; onOpen: () => void }) {
  const n = useReflectCount(a.id).data;
  return (
    <div className="yk-reflect-history-side">
      <Button size="small" icon={<FormOutlined />} onClick={onWrite} data-testid="history-reflect-write">
        写反思
      </Button>
      {n ? (
        <Typography.Link className="yk-reflect-history-count" onClick={onOpen} data-testid="history-reflect-count" data-count={n}>
          我的反思 {n} 篇
        </Typography.Link>
      ) : (
        <span className="yk-muted yk-reflect-history-count" data-testid="history-reflect-count" data-count={n ?? ""}>
          {n === 0 ? "暂无反思" : "\u00a0"}
        </span>
      )}
    </div>
  );
}

/**
 * 活动历史 (/personalCenter/eventHistory): the ended activities the caller took part in (c375), as a timeline by month;
 * on each, 写反思 and his reflections on it (c388–c390).
 */
export function EventHistoryPage() {
  const [opened, setOpened] = useState<number | null>(null);
  const [writing, setWriting] = useState<ReflectActivity | null>(null);
  const [reading, setReading] = useState<ReflectActivity | null>(null);
  const [filters, setFilters] = useState<ActivityFilterState>({ keyword: "" });
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const q = useQuery({
    queryKey: ["pc", "history", filters, paging],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.involvedActivity, { ...paging, ...filterPayload(filters), phase: "ended" }),
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
        <div className="yk-pc-timeline-card yk-reflect-history-card" data-testid="history-row" data-id={a.id}>
          <div className="yk-reflect-history-main">
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
          <ReflectSide a={a} onWrite={() => setWriting({ id: a.id, name: a.name })} onOpen={() => setReading({ id: a.id, name: a.name })} />
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
          {rows.length === 0 ? (
            <EmptyState text={q.isLoading ? "加载中…" : "暂无数据"} />
          ) : (
            <Timeline style={{ marginTop: 16 }} items={items} data-testid="history-timeline" />
          )}
        </Spin>
        {(q.data?.total ?? 0) > paging.limit ? (
          <Pagination
            align="end"
            size="small"
            current={paging.page}
            pageSize={paging.limit}
            total={q.data?.total ?? 0}
            onChange={(page) => setPaging({ ...paging, page })}
          />
        ) : null}
      </Card>
      <ActivityDrawer id={opened} onClose={() => setOpened(null)} />
      <ReflectionEditor open={writing !== null} row={null} activity={writing} lockActivity onClose={() => setWriting(null)} />
      <Drawer title={reading ? `我的反思 · ${reading.name}` : "我的反思"} open={reading !== null} onClose={() => setReading(null)} size={720} destroyOnHidden>
        {reading ? <ReflectionPanel activity={reading} /> : null}
      </Drawer>
    </div>
  );
}

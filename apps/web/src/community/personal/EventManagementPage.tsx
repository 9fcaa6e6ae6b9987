import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, type ActivityRow } from "@yanke/protocol";
import { Button, Card, Pagination, Popconfirm, Space, Spin, Tabs, Tooltip } from "antd";
import { useState } from "react";
import { StatusSwitch } from "../../admin/common";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { ActivityDrawer, ActivityEditDialog, ActivityFilterBar, type ActivityFilterState, filterPayload, useManagesActivities } from "./activity-parts";
import { ActivityLine, PageHead } from "./common";

function RecommendSwitch({ a, onDone }: { a: ActivityRow; onDone: () => void }) {
  return (
    <Tooltip title="推荐后显示在推荐活动中">
      <span>
        <StatusSwitch
          testId="activity-recommend"
          value={a.is_recommend}
          on="推荐"
          off="不推荐"
          onToggle={async (next) => {
            await call(calls.recommendActivityManage, { id: a.id, is_recommend: next });
            toast.success(next ? "已推荐" : "已取消推荐");
            onDone();
          }}
        />
      </span>
    </Tooltip>
  );
}

/** One paged activity list with its filters. */
function ActivityList({ source, mine, manages }: { source: typeof calls.myActivity | typeof calls.activityList; mine: boolean; manages: boolean }) {
  const qc = useQueryClient();
  const [opened, setOpened] = useState<number | null>(null);
  const [filters, setFilters] = useState<ActivityFilterState>({ keyword: "" });
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [editing, setEditing] = useState<ActivityRow | null>(null);
  const q = useQuery({
    queryKey: ["pc", "activities", source.path, filters, paging],
    placeholderData: keepPreviousData,
    queryFn: () => call(source, { ...paging, ...filterPayload(filters) }),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ["pc", "activities"] });
  const remove = async (a: ActivityRow) => {
    try {
      await call(calls.activityDelete, { id: a.id });
      toast.success("删除成功");
      if ((q.data?.list.length ?? 0) === 1 && paging.page > 1) setPaging({ ...paging, page: paging.page - 1 });
      refresh();
    } catch {
      /* shown by the API client */
    }
  };
  const rows = q.data?.list ?? [];
  return (
    <>
      <ActivityFilterBar
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
          <div data-testid="activity-list">
            {rows.map((a) => (
              <ActivityLine
                key={a.id}
                a={a}
                onOpen={() => setOpened(a.id)}
                extra={
                  <Space size={4}>
                    {manages ? <RecommendSwitch a={a} onDone={refresh} /> : null}
                    {mine ? (
                      <>
                        <Tooltip title={a.type === "research" ? "" : `${a.type_name}请在其所属模块中修改`}>
                          <Button
                            type="link"
                            size="small"
                            icon={<EditOutlined />}
                            disabled={a.type !== "research"}
                            onClick={() => setEditing(a)}
                            data-testid="activity-edit"
                          >
                            编辑
                          </Button>
                        </Tooltip>
                        <Popconfirm title={`确定删除活动「${a.name}」吗？`} okText="删除" cancelText="取消" onConfirm={() => remove(a)}>
                          <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="activity-delete">
                            删除
                          </Button>
                        </Popconfirm>
                      </>
                    ) : null}
                  </Space>
                }
              />
            ))}
          </div>
        )}
      </Spin>
      {(q.data?.total ?? 0) > 0 ? (
        <Pagination
          align="end"
          style={{ marginTop: 12 }}
          size="small"
          current={paging.page}
          pageSize={paging.limit}
          total={q.data?.total ?? 0}
          showTotal={(t) => `共 ${t} 条`}
          onChange={(page, limit) => setPaging({ page: limit !== paging.limit ? 1 : page, limit })}
        />
      ) : null}
      <ActivityDrawer id={opened} onClose={() => setOpened(null)} />
      <ActivityEditDialog
        row={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}

/** 活动管理 (/personalCenter/eventManagement): activities the caller created (c374) with edit / delete; for managers the 推荐 switch (c371). */
export function EventManagementPage() {
  const manages = useManagesActivities();
  return (
    <div className="yk-page" data-testid="EventManagementPage">
      <Card variant="borderless">
        <PageHead title="活动管理" sub="我发起的活动；教研活动可在此编辑，集体备课、听评课等请在其所属模块中修改" />
        <Tabs
          style={{ marginTop: 8 }}
          destroyOnHidden
          items={[
            { key: "mine", label: "我发起的活动", children: <ActivityList source={calls.myActivity} mine manages={manages} /> },
            ...(manages
              ? [
                  {
                    key: "recommend",
                    label: <span data-testid="activity-recommend-tab">推荐管理</span>,
                    children: <ActivityList source={calls.activityList} mine={false} manages />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </div>
  );
}

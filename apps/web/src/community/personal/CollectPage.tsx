import { StarFilled } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, COLLECT_TARGETS, COLLECTABLE_TYPES, type CollectRow } from "@yanke/protocol";
import { Button, Card, Popconfirm, Table, Tabs, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { tablePagination } from "../../admin/common";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { collectHref, PageHead } from "./common";

const TYPE_COLORS: Record<string, string> = { community: "green", article: "orange", activity: "cyan", video: "purple", preparation: "blue" };

/** 我的收藏 (/personalCenter/collect): the caller's collects by target type, each opening its target; 取消收藏 toggles c391. */
export function CollectPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [type, setType] = useState<string>("all");
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const q = useQuery({
    queryKey: ["pc", "collect", type, paging],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.collectList, { ...paging, ...(type !== "all" ? { target_type: type } : {}) }),
  });
  const uncollect = async (r: CollectRow) => {
    try {
      const a = await call(calls.collectSave, { target_type: r.target_type, target_id: r.target_id });
      // The call toggles: a row that was somehow not collected any more is collected again — undo that.
      if (a.is_collect) await call(calls.collectSave, { target_type: r.target_type, target_id: r.target_id });
      toast.success("已取消收藏");
      if ((q.data?.list.length ?? 0) === 1 && paging.page > 1) setPaging({ ...paging, page: paging.page - 1 });
      void qc.invalidateQueries({ queryKey: ["pc", "collect"] });
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <div className="yk-page" data-testid="CollectPage">
      <Card variant="borderless">
        <PageHead title="我的收藏" sub="收藏的社区、文章、活动和视频，点击标题打开" />
        <Tabs
          style={{ marginTop: 8 }}
          activeKey={type}
          onChange={(k) => {
            setType(k);
            setPaging({ ...paging, page: 1 });
          }}
          items={[
            { key: "all", label: "全部" },
            ...COLLECTABLE_TYPES.map((t) => ({ key: t, label: <span data-testid={`collect-tab-${t}`}>{COLLECT_TARGETS[t]}</span> })),
          ]}
        />
        <Table<CollectRow>
          rowKey="id"
          size="middle"
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          data-testid="collect-table"
          pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
          columns={[
            {
              title: "标题",
              dataIndex: "title",
              render: (v: string, r) => {
                const to = collectHref(r);
                return (
                  <span data-testid="collect-row" data-type={r.target_type} data-target={r.target_id}>
                    <StarFilled style={{ color: "#faad14", marginInlineEnd: 6 }} />
                    {to ? (
                      <Typography.Link onClick={() => navigate(to)} data-testid="collect-title">
                        {v}
                      </Typography.Link>
                    ) : (
                      <Typography.Text type="secondary" delete data-testid="collect-title">
                        {v}
                      </Typography.Text>
                    )}
                  </span>
                );
              },
            },
            {
              title: "类型",
              dataIndex: "target_type_name",
              width: 90,
              render: (v: string, r) => <Tag color={TYPE_COLORS[r.target_type]}>{v || COLLECT_TARGETS[r.target_type]}</Tag>,
            },
            { title: "所属社区", dataIndex: "community_name", width: 200, render: (v: string) => v || "—" },
            { title: "作者", dataIndex: "account_name", width: 110, render: (v: string) => v || "—" },
            { title: "收藏时间", dataIndex: "created_at", width: 170 },
            {
              title: "操作",
              width: 110,
              render: (_: unknown, r) => (
                <Popconfirm title={`确定取消收藏「${r.title}」吗？`} okText="取消收藏" cancelText="保留" onConfirm={() => uncollect(r)}>
                  <Button type="link" size="small" danger data-testid="collect-remove">
                    取消收藏
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

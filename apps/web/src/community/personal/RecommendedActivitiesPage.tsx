import { FireOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, ACTIVITY_TYPES } from "@yanke/protocol";
import { Card, Col, Pagination, Row, Space, Spin, Tabs, Tag, Typography } from "antd";
import { useState } from "react";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { ActivityDrawer } from "./activity-parts";
import { minutes, PageHead, PHASE_COLORS } from "./common";

/** 推荐活动 (/personalCenter/recommendedActivities): recommended activities the caller may see (c370), by type. */
export function RecommendedActivitiesPage() {
  const [opened, setOpened] = useState<number | null>(null);
  const [type, setType] = useState("all");
  const [paging, setPaging] = useState({ page: 1, limit: 12 });
  const q = useQuery({
    queryKey: ["pc", "recommended", type, paging],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.recommendActivity, { ...paging, ...(type !== "all" ? { type } : {}) }),
  });
  const rows = q.data?.list ?? [];
  return (
    <div className="yk-page" data-testid="RecommendedActivitiesPage">
      <Card variant="borderless">
        <PageHead title="推荐活动" sub="社区和学校推荐的教研活动" />
        <Tabs
          style={{ marginTop: 8 }}
          activeKey={type}
          onChange={(k) => {
            setType(k);
            setPaging({ ...paging, page: 1 });
          }}
          items={[{ key: "all", label: "全部" }, ...Object.entries(ACTIVITY_TYPES).map(([key, label]) => ({ key, label }))]}
        />
        <Spin spinning={q.isFetching}>
          {rows.length === 0 ? (
            <EmptyState text={q.isLoading ? "加载中…" : "暂无数据"} />
          ) : (
            <Row gutter={[12, 12]} data-testid="recommended-list">
              {rows.map((a) => (
                <Col key={a.id} xs={24} md={12} xl={8}>
                  <div className="yk-pc-studio" onClick={() => setOpened(a.id)} data-testid="recommended-card" data-id={a.id}>
                    <FireOutlined style={{ fontSize: 28, color: "#fa8c16", marginTop: 4 }} />
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <div className="yk-pc-studio-name" title={a.name}>
                        {a.name}
                      </div>
                      <Space size={4} wrap style={{ margin: "4px 0" }}>
                        <Tag color="cyan">{a.type_name}</Tag>
                        <Tag color={PHASE_COLORS[a.phase]}>{a.phase_name}</Tag>
                      </Space>
                      <div className="yk-pc-ellipsis2">{a.introduction || "暂无简介"}</div>
                      <div className="yk-muted yk-pc-meta">
                        <span>
                          {minutes(a.start_time)} ～{" "}
                          {a.end_time.slice(0, 10) === a.start_time.slice(0, 10) ? minutes(a.end_time).slice(11) : minutes(a.end_time)}
                        </span>
                        <span>{a.community_name || a.school_name}</span>
                        <span>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {a.account_name} · {a.participant_count} 人参与
                          </Typography.Text>
                        </span>
                      </div>
                    </div>
                  </div>
                </Col>
              ))}
            </Row>
          )}
        </Spin>
        {(q.data?.total ?? 0) > paging.limit ? (
          <Pagination
            align="end"
            style={{ marginTop: 12 }}
            size="small"
            current={paging.page}
            pageSize={paging.limit}
            total={q.data?.total ?? 0}
            onChange={(page) => setPaging({ ...paging, page })}
          />
        ) : null}
      </Card>
      <ActivityDrawer id={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

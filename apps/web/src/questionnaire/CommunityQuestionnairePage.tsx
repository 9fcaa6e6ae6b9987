/**
 * 问卷 of a community space (NINGXIA /community/questionnaire; the community comes as on the other space pages:
 * ?community_id= or the current one): the community's published questionnaires with my state and 填写 / 查看结果, and
 * the ones I manage for this community (members create them here with the audience preset to the community).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AUDIENCE_TYPES, type QuestionnaireRow } from "@yanke/protocol";
import { Button, Card, Space, Table, Tabs, Tag, type TableColumnsType } from "antd";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { FIRST_PAGE, tablePagination, type PageState } from "../admin/common";
import { CommunityScreen, SpaceHeader } from "../community/space/common";
import { config } from "../config";
import { answerPath, qnApi, STATUS_COLORS } from "./api";
import { ManagedList, MyState } from "./QuestionnaireManagePage";
import { ResultsDrawer } from "./Results";

export function CommunityQuestionnairePage() {
  return (
    <CommunityScreen testId="CommunityQuestionnairePage" target="/community/questionnaire">
      {(id) => <CommunityQuestionnaires communityId={id} />}
    </CommunityScreen>
  );
}

function CommunityQuestionnaires({ communityId }: { communityId: number }) {
  const navigate = useNavigate();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [results, setResults] = useState<QuestionnaireRow | null>(null);
  const preset = useMemo(() => ({ audience_type: AUDIENCE_TYPES.community, audience_id: communityId }), [communityId]);
  const q = useQuery({
    queryKey: ["questionnaire", "community", communityId, paging],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () => qnApi.community(communityId, paging.page, paging.limit),
  });
  const open = (r: QuestionnaireRow) => navigate(answerPath(r.id, config.edition === "NINGXIA"));
  const columns: TableColumnsType<QuestionnaireRow> = [
    {
      title: "问卷",
      dataIndex: "title",
      ellipsis: true,
      render: (v: string, r) => (
        <div>
          <a onClick={() => open(r)} data-testid="cq-title">
            {v}
          </a>
          <div style={{ color: "#8a9690", fontSize: 12 }}>
            {r.question_count} 题 · {r.author_name}
          </div>
        </div>
      ),
    },
    { title: "状态", dataIndex: "status", width: 90, render: (v: number, r) => <Tag color={STATUS_COLORS[v]}>{r.status_name}</Tag> },
    { title: "截止时间", dataIndex: "end_time", width: 160, render: (v: string | null) => v?.slice(0, 16) ?? "不限" },
    { title: "答卷", dataIndex: "response_count", width: 70, align: "right" },
    { title: "我的状态", dataIndex: "my_state", width: 100, render: (v: QuestionnaireRow["my_state"]) => <MyState state={v} /> },
    {
      title: "操作",
      key: "ops",
      width: 180,
      render: (_, r) => (
        <Space size={0}>
          {r.status === 1 && r.my_state !== "submitted" ? (
            <Button type="link" size="small" onClick={() => open(r)} data-testid="cq-answer">
              {r.my_state === "draft" ? "继续填写" : "填写"}
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => open(r)}>
              查看
            </Button>
          )}
          {r.can_manage ? (
            <Button type="link" size="small" onClick={() => setResults(r)} data-testid="cq-results">
              查看结果
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <div className="yk-page" data-testid="CommunityQuestionnairePage">
      <SpaceHeader communityId={communityId} active="questionnaire" />
      <Card style={{ marginTop: 12 }}>
        <Tabs
          items={[
            {
              key: "all",
              label: "社区问卷",
              children: (
                <Table
                  rowKey="id"
                  size="middle"
                  loading={q.isFetching && !q.data}
                  dataSource={q.data?.list ?? []}
                  columns={columns}
                  locale={{ emptyText: "暂无数据" }}
                  scroll={{ x: 800 }}
                  pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
                />
              ),
            },
            { key: "mine", label: "我发起的", children: <ManagedList communityId={communityId} preset={preset} /> },
          ]}
        />
      </Card>
      <ResultsDrawer id={results?.id ?? null} title={results?.title} onClose={() => setResults(null)} />
    </div>
  );
}

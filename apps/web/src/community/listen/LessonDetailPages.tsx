/**
 * The lesson detail pages the spec names without content (docs/decisions/0950-listen-detail-pages.md):
 * - 作业详情 /addZYDetail: an evaluator's evaluation tasks (c271 role 3) with his status (c292: his draft or submitted
 *   evaluation); ?id= one task: the record, the deadline, the status and the ScoreForm.
 * - 作业详情（二）/addzyTow: the organiser's view of the same task (c271 role 1): who has handed in; ?id= one record's
 *   evaluators with their status (ListenDetail.members) and the progress.
 * - 我的作业详情 /addMYZYDetail: my own evaluations (c271 role 3 + c292, mine only); ?id= my evaluation of that record
 *   read-only: total, per-item scores and comments, overall comment.
 * - 授课详情 /addSQDetail: the teaching teacher's lessons (c271 role 2); ?id= the record, his preparation (#8) and
 *   lesson-plan link, the lesson's own files, the evaluations he received (as in the comment report), the discussion
 *   summary.
 */
import { FileTextOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls, type ListenDetail, type ListenEvaluationRow, type ListenRow } from "@yanke/protocol";
import { Alert, Button, Card, Descriptions, Pagination, Progress, Space, Spin, Table, Tag } from "antd";
import { useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { useSession } from "../../session/store";
import { span } from "../common/util";
import { reviewHref } from "./ClassroomReviewPage";
import { scoreText } from "./report-model";
import { DiscussSummary, idParam, listenCall, RecordFrame, RecordHeader, ScoreReport, useListenDetail, useScoreView, WindowTag } from "./report-view";
import { ScoreForm } from "./ScoreForm";
import "./report.css";

const STATUS_TAG: Record<string, ReactNode> = {
  none: <Tag>未评价</Tag>,
  draft: <Tag color="orange">草稿</Tag>,
  done: <Tag color="green">已提交</Tag>,
};
const statusKey = (e: ListenEvaluationRow | null | undefined) => (!e ? "none" : e.status === 1 ? "done" : "draft");

/** c292: the caller's own evaluation of a record (his draft included), or null. */
function useMyEvaluation(recordId: number) {
  const me = useSession().account_id;
  return useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["listen", "mine", recordId, me],
    queryFn: async () => {
      const r = await listenCall(calls.listenGetEvaluationScore, { record_id: recordId });
      return r.list.find((e) => e.account_id === me) ?? null;
    },
  });
}

function MyStatus({ recordId }: { recordId: number }) {
  const q = useMyEvaluation(recordId);
  if (q.isLoading) return <Spin size="small" />;
  return <span data-testid="hw-status">{STATUS_TAG[statusKey(q.data)]}</span>;
}

/** c271 with a role: the caller's records, paged. */
function useMyRecords(role: number, page: number) {
  const me = useSession().account_id;
  return useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["listen", "userRecords", role, page, me],
    queryFn: () => listenCall(calls.listenUserRecordList, { role, page, limit: 10 }),
  });
}

function RecordTable({
  title,
  recordRole,
  detail,
  testId,
  extra,
}: {
  title: string;
  recordRole: number;
  detail: string;
  testId: string;
  extra?: { title: string; render: (r: ListenRow) => ReactNode };
}) {
  const [page, setPage] = useState(1);
  const q = useMyRecords(recordRole, page);
  return (
    <div className="yk-page" data-testid={testId}>
      <div className="yk-report">
        <Card title={title}>
          {q.isLoading ? (
            <Spin style={{ display: "block", margin: "40px auto" }} />
          ) : q.error || !q.data ? (
            <EmptyState text="加载失败" />
          ) : (
            <>
              <Table<ListenRow>
                rowKey="id"
                size="middle"
                pagination={false}
                dataSource={q.data.list}
                columns={[
                  { title: "听评课", dataIndex: "name", render: (v: string, r) => <Link to={`${detail}?id=${r.id}`}>{v}</Link> },
                  { title: "类型", dataIndex: "is_type_name", width: 110 },
                  { title: "授课教师", dataIndex: "teacher_name", width: 100 },
                  { title: "时间", width: 270, render: (_, r) => <span style={{ whiteSpace: "nowrap" }}>{span(r.start_time, r.end_time)}</span> },
                  { title: "阶段", width: 90, render: (_, r) => <WindowTag start={r.start_time} end={r.end_time} /> },
                  ...(extra ? [{ title: extra.title, width: 130, render: (_: unknown, r: ListenRow) => extra.render(r) }] : []),
                  { title: "操作", width: 90, render: (_, r) => <Link to={`${detail}?id=${r.id}`}>查看</Link> },
                ]}
              />
              {q.data.total > 10 ? (
                <Pagination
                  style={{ marginTop: 12, textAlign: "right" }}
                  current={page}
                  total={q.data.total}
                  pageSize={10}
                  onChange={setPage}
                  showSizeChanger={false}
                />
              ) : null}
            </>
          )}
        </Card>
      </div>
    </div>
  );
}

function DetailOrList({ list, detail, testId }: { list: () => ReactNode; detail: (d: ListenDetail) => ReactNode; testId: string }) {
  const [params] = useSearchParams();
  const id = idParam(params);
  const q = useListenDetail(id);
  if (!params.get("id")) return <>{list()}</>;
  return (
    <RecordFrame id={id} q={q} testId={testId}>
      {() => <div className="yk-report">{detail(q.data!)}</div>}
    </RecordFrame>
  );
}

const actions = (d: ListenDetail) => (
  <Space direction="vertical" align="end">
    <Link to={reviewHref(d)}>
      <Button type="primary">进入听评课</Button>
    </Link>
    <Link to={`/foreground2_0/commentReport?id=${d.id}`}>
      <FileTextOutlined /> 评课报告
    </Link>
  </Space>
);

/** 作业详情: my evaluation tasks. */
export function HomeworkDetailPage() {
  return (
    <DetailOrList
      testId="HomeworkDetailPage"
      list={() => (
        <RecordTable
          title="我的评课作业"
          recordRole={3}
          detail="/addZYDetail"
          testId="HomeworkDetailPage"
          extra={{ title: "我的状态", render: (r) => <MyStatus recordId={r.id} /> }}
        />
      )}
      detail={(d) => (
        <>
          <RecordHeader d={d} extra={actions(d)} />
          <Card size="small" title="作业要求">
            <Descriptions size="small" column={2}>
              <Descriptions.Item label="评价方式">
                {d.evaluation_type_name}
                {d.indicator_name ? `（${d.indicator_name}）` : ""}
              </Descriptions.Item>
              <Descriptions.Item label="截止时间">{d.end_time.slice(0, 16)}</Descriptions.Item>
              <Descriptions.Item label="我的状态">
                <MyStatus recordId={d.id} />
              </Descriptions.Item>
              <Descriptions.Item label="说明">{d.introduction || "—"}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title="评分">
            {d.power.can_evaluate ? <ScoreForm recordId={d.id} /> : <Alert type="info" showIcon message="您不是该听评课的评课人，无需提交评价。" />}
          </Card>
        </>
      )}
    />
  );
}

/** 作业详情（二）: the organiser's view — who has handed in. */
export function HomeworkTwoPage() {
  return (
    <DetailOrList
      testId="HomeworkTwoPage"
      list={() => (
        <RecordTable
          title="我组织的评课作业"
          recordRole={1}
          detail="/addzyTow"
          testId="HomeworkTwoPage"
          extra={{ title: "已提交评价", render: (r) => `${r.evaluation_count} 份` }}
        />
      )}
      detail={(d) => {
        const evaluators = d.members.filter((m) => m.role === 3);
        const done = evaluators.filter((m) => m.evaluation_status === 1).length;
        return (
          <>
            <RecordHeader d={d} extra={actions(d)} />
            <Card size="small" title="提交情况" data-testid="hw2-progress">
              <div style={{ display: "flex", alignItems: "center", gap: 16, marginBottom: 12 }}>
                <Progress type="circle" size={72} percent={evaluators.length ? Math.round((done / evaluators.length) * 100) : 0} />
                <div>
                  已提交 <b data-testid="hw2-done">{done}</b> / {evaluators.length} 位评课人
                  <div className="yk-muted" style={{ fontSize: 12 }}>
                    截止 {d.end_time.slice(0, 16)}
                  </div>
                </div>
              </div>
              <Table
                rowKey="account_id"
                size="small"
                pagination={false}
                dataSource={evaluators}
                columns={[
                  { title: "评课人", dataIndex: "realname" },
                  {
                    title: "状态",
                    width: 120,
                    render: (_, m) => STATUS_TAG[m.evaluation_status === 1 ? "done" : m.evaluation_status === 0 ? "draft" : "none"],
                  },
                ]}
              />
            </Card>
          </>
        );
      }}
    />
  );
}

/** 我的作业详情: my own evaluations, read-only. */
export function MyHomeworkDetailPage() {
  return (
    <DetailOrList
      testId="MyHomeworkDetailPage"
      list={() => (
        <RecordTable
          title="我的评价"
          recordRole={3}
          detail="/addMYZYDetail"
          testId="MyHomeworkDetailPage"
          extra={{ title: "我的状态", render: (r) => <MyStatus recordId={r.id} /> }}
        />
      )}
      detail={(d) => <MyEvaluation d={d} />}
    />
  );
}

function MyEvaluation({ d }: { d: ListenDetail }) {
  const q = useMyEvaluation(d.id);
  const e = q.data;
  return (
    <>
      <RecordHeader d={d} extra={actions(d)} />
      <Card size="small" title="我的评价" data-testid="my-evaluation">
        {q.isLoading ? (
          <Spin />
        ) : !e ? (
          <EmptyState compact text="您还没有评价这节课" extra={d.power.can_evaluate ? <Link to={`/addZYDetail?id=${d.id}`}>去评价</Link> : undefined} />
        ) : (
          <>
            <Descriptions size="small" column={3}>
              <Descriptions.Item label="总分">
                <b data-testid="my-total">{scoreText(e.total_score)}</b>
              </Descriptions.Item>
              <Descriptions.Item label="状态">{STATUS_TAG[statusKey(e)]}</Descriptions.Item>
              <Descriptions.Item label="更新时间">{e.updated_at.slice(0, 16)}</Descriptions.Item>
              <Descriptions.Item label="总体评价" span={3}>
                <span style={{ whiteSpace: "pre-wrap" }}>{e.comment || "—"}</span>
              </Descriptions.Item>
            </Descriptions>
            <Table
              rowKey="indicator_id"
              size="small"
              pagination={false}
              dataSource={e.scores}
              columns={[
                { title: "评分项", dataIndex: "indicator_name" },
                { title: "得分", dataIndex: "score", width: 90, render: (v: number) => scoreText(v) },
                { title: "评语", dataIndex: "comment", render: (v: string) => v || "—" },
              ]}
            />
          </>
        )}
      </Card>
    </>
  );
}

/** 授课详情: the teaching teacher's view of his lesson. */
export function TeachingDetailPage() {
  return (
    <DetailOrList
      testId="TeachingDetailPage"
      list={() => (
        <RecordTable
          title="我的授课"
          recordRole={2}
          detail="/addSQDetail"
          testId="TeachingDetailPage"
          extra={{ title: "平均分", render: (r) => (r.average_score === null ? "—" : scoreText(r.average_score)) }}
        />
      )}
      detail={(d) => <Teaching d={d} />}
    />
  );
}

function Teaching({ d }: { d: ListenDetail }) {
  const s = useScoreView(d.id);
  return (
    <>
      <RecordHeader d={d} extra={actions(d)} />
      <Card size="small" title="教学设计" data-testid="teaching-plan">
        <Descriptions size="small" column={2}>
          <Descriptions.Item label="集体备课">
            {d.preparation_id ? (
              <Link to={`/editDetail?id=${d.preparation_id}`} data-testid="teaching-prep">
                {d.preparation_name || `集体备课 ${d.preparation_id}`}
              </Link>
            ) : (
              "未关联集体备课"
            )}
          </Descriptions.Item>
          <Descriptions.Item label="教案">
            {d.preparation_id ? <Link to={`/collectivePrepare/editDetail?id=${d.preparation_id}`}>查看教案</Link> : "—"}
          </Descriptions.Item>
          <Descriptions.Item label="课堂资料" span={2}>
            {d.fileArr.length
              ? d.fileArr.map((f) => (
                  <a key={f.id} href={f.file_path} target="_blank" rel="noreferrer" style={{ marginRight: 12 }}>
                    {f.file_name}
                  </a>
                ))
              : "暂无"}
          </Descriptions.Item>
          <Descriptions.Item label="说明" span={2}>
            {d.introduction || "—"}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {s.isLoading ? <Spin /> : s.data ? <ScoreReport v={s.data.view} /> : <EmptyState text="评分加载失败" />}
      <Card size="small" title="研讨概况">
        <DiscussSummary id={d.id} />
      </Card>
    </>
  );
}

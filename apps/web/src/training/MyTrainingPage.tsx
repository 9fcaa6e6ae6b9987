/**
 * 个人中心 → 我的培训 (#12): my programmes (progress ring, 继续学习, 下载证书) and the published programmes I may
 * enrol in. TrainingDetailPage (route /trainingDetail?id=) lives in TrainingDetailPage.tsx and is exported here for
 * the page registry (admin/module-pages.ts).
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, type TrainingTeacherRow } from "@yanke/protocol";
import { Button, Card, Col, Input, Pagination, Progress, Row, Space, Tabs, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { FIRST_PAGE, type PageState } from "../admin/common";
import { EmptyState } from "../components/EmptyState";
import { downloadCertificate, hoursText, timeRange } from "./training-parts";
import "./training.css";

export { TrainingDetailPage } from "./TrainingDetailPage";

export function MyTrainingPage() {
  const [tab, setTab] = useState("mine");
  return (
    <div className="yk-page" data-testid="MyTrainingPage">
      <Card title="我的培训">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: "mine", label: "我的培训", children: <TrainingGrid kind="mine" /> },
            { key: "available", label: "可报名的培训", children: <TrainingGrid kind="available" /> },
          ]}
        />
      </Card>
    </div>
  );
}

function TrainingGrid({ kind }: { kind: "mine" | "available" }) {
  const [paging, setPaging] = useState<PageState>({ ...FIRST_PAGE, limit: 12 });
  const [keyword, setKeyword] = useState("");
  const payload = { ...paging, ...(keyword ? { keyword } : {}) };
  const q = useQuery({
    queryKey: ["training", kind, payload],
    placeholderData: keepPreviousData,
    queryFn: () => call(kind === "mine" ? calls.trainingMine : calls.trainingAvailable, payload),
  });
  const rows = q.data?.list ?? [];
  return (
    <div data-testid={`training-grid-${kind}`}>
      <Input.Search
        allowClear
        placeholder="培训名称"
        style={{ width: 240, maxWidth: "100%", marginBottom: 16 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      {!q.isLoading && !rows.length ? <EmptyState text={kind === "mine" ? "还没有报名培训，去「可报名的培训」看看吧" : "暂无可报名的培训"} /> : null}
      <Row gutter={[16, 16]}>
        {rows.map((t) => (
          <Col key={t.id} xs={24} sm={12} lg={8} xxl={6}>
            <TrainingCard t={t} />
          </Col>
        ))}
      </Row>
      {(q.data?.total ?? 0) > paging.limit ? (
        <Pagination
          style={{ marginTop: 16, textAlign: "right" }}
          current={paging.page}
          pageSize={paging.limit}
          total={q.data?.total ?? 0}
          showTotal={(n) => `共 ${n} 条`}
          onChange={(page, limit) => setPaging({ page, limit })}
          size="small"
        />
      ) : null}
    </div>
  );
}

function TrainingCard({ t }: { t: TrainingTeacherRow }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const open = () => {
    void navigate(`/trainingDetail?id=${t.id}`);
  };
  const enrol = async () => {
    setBusy(true);
    try {
      await call(calls.trainingEnrol, { id: t.id });
      toast.success("报名成功");
      void qc.invalidateQueries({ queryKey: ["training"] });
      open();
    } finally {
      setBusy(false);
    }
  };
  const done = Boolean(t.me.completed_at);
  return (
    <Card
      hoverable
      className="yk-train-card"
      data-testid="training-card"
      cover={
        <div className="yk-train-cover" onClick={open}>
          {t.cover_url ? (
            <img src={t.cover_url} alt="" />
          ) : (
            <div className="yk-train-cover-blank">
              <span>{t.title}</span>
            </div>
          )}
          {t.status === 2 ? <Tag className="yk-train-cover-tag">已结束</Tag> : null}
        </div>
      }
    >
      <div className="yk-train-card-body">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={5} ellipsis={{ rows: 2 }} style={{ marginTop: 0 }} onClick={open}>
            <a data-testid="training-card-title">{t.title}</a>
          </Typography.Title>
          <div className="yk-train-meta">
            <span>{t.scope_name}</span>
            <span>{hoursText(t.hours)}</span>
            <span>{t.item_count} 个课程</span>
          </div>
          <div className="yk-train-meta">报名：{timeRange(t.enrol_start, t.enrol_end)}</div>
        </div>
        {t.me.enrolled ? (
          <Progress type="circle" size={64} percent={t.me.progress} status={done ? "success" : "normal"} data-testid="training-card-progress" />
        ) : null}
      </div>
      <Space wrap style={{ marginTop: 12 }}>
        {t.me.enrolled ? (
          <>
            <Button type="primary" onClick={open} data-testid="training-continue">
              {done ? "查看" : t.me.progress > 0 || t.me.watched_seconds > 0 ? "继续学习" : "开始学习"}
            </Button>
            {done ? (
              <Button onClick={() => void downloadCertificate(t.id)} data-testid="training-cert">
                下载证书
              </Button>
            ) : null}
          </>
        ) : t.me.can_enrol ? (
          <Button type="primary" loading={busy} onClick={() => void enrol()} data-testid="training-enrol">
            报名
          </Button>
        ) : (
          <Typography.Text type="secondary">{t.me.enrol_hint}</Typography.Text>
        )}
        {!t.me.enrolled ? <Button onClick={open}>查看详情</Button> : null}
      </Space>
    </Card>
  );
}

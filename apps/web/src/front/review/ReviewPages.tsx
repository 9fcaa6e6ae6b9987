/**
 * Review activities on the front site (#11; docs/api/review.md):
 *   /foreground/reviewActivity            activity cards with phase badges, filtered by phase and keyword;
 *   /foreground/activityCourseDetails?id= one activity: introduction, phase steps, rules, the scheme, 报名 / 提交作品,
 *                                         the works (phase ≥ 2) and the results (phase 4: podium, table, chart);
 *   /foreground/activityWorks?id=         one work: video, documents, author; the assigned reviewer's scoring panel
 *                                         (phase 3) or the per-item means as a radar (phase 4).
 * Anonymous visitors see everything public; an action asks them to 登录.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  calls,
  REVIEW_PHASE_NAMES,
  REVIEW_SCORE_STATES,
  type MergeAnswer,
  type ReviewActivityRow,
  type ReviewDetail,
  type ReviewMineRow,
  type ReviewScoreAnswer,
  type ReviewWorkDetail,
} from "@yanke/protocol";
import { Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Pagination, Result, Select, Skeleton, Table, Tag } from "antd";
import { useMemo, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { DocumentUpload } from "../../components/upload/DocumentUpload";
import { useSession } from "../../session/store";
import { Cover, ItemRadar, PhaseBadge, PhaseSteps, range, SchemeTable, ScoreBarChart, day } from "./review-parts";

const DETAIL = "/foreground/activityCourseDetails";
const WORK = "/foreground/activityWorks";
const PAGE_SIZES = [10, 20, 50];

function useId(): number {
  const [params] = useSearchParams();
  const n = Number(params.get("id"));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

function LoginLink({ text }: { text: string }) {
  return (
    <span className="ykr-login-hint" data-testid="login-hint">
      {text}，请<Link to="/login">登录</Link>
    </span>
  );
}

// ── /foreground/reviewActivity ──────────────────────────────────────────────────────────────────────────────

export function ReviewActivityPage() {
  const [phase, setPhase] = useState<number | null>(null);
  const [keyword, setKeyword] = useState("");
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const payload = useMemo(() => ({ ...paging, ...(phase !== null ? { phase } : {}), ...(keyword ? { keyword } : {}) }), [paging, phase, keyword]);
  const q = useQuery({
    queryKey: ["review", "public-list", payload],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.webReviewList, payload),
  });
  const rows = q.data?.list ?? [];
  const choose = (p: number | null) => {
    setPhase(p);
    setPaging((x) => ({ ...x, page: 1 }));
  };
  return (
    <div className="ykr-page" data-testid="ReviewActivityPage">
      <header className="ykr-hero">
        <div>
          <h1>评课活动</h1>
          <p>优课评选、课堂教学展评：教师报名并提交课例，专家依据评价量表网络评审，结果公开透明。</p>
        </div>
      </header>
      <section className="ykr-panel" aria-label="筛选">
        <div className="ykr-filters" data-testid="phase-filter">
          <span style={{ color: "#6b7280", fontSize: 13 }}>阶段</span>
          {[null, 1, 2, 3, 4].map((p) => (
            <button key={p ?? "all"} type="button" className={`ykr-chip${phase === p ? " active" : ""}`} onClick={() => choose(p)} data-value={p ?? ""}>
              {p === null ? "全部" : REVIEW_PHASE_NAMES[p]}
            </button>
          ))}
          <Input.Search
            allowClear
            placeholder="搜索活动名称"
            className="ykr-search"
            style={{ width: 240, marginLeft: "auto", maxWidth: "100%" }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPaging((x) => ({ ...x, page: 1 }));
            }}
            data-testid="activity-keyword"
          />
        </div>
      </section>
      <section className="ykr-panel" aria-label="活动列表">
        <h2 className="ykr-panel-title">
          活动列表 <span style={{ fontSize: 13, color: "#6b7280", fontWeight: "normal" }}>共 {q.data?.total ?? 0} 项</span>
        </h2>
        {q.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : rows.length ? (
          <>
            <div className="ykr-grid" data-testid="activity-cards">
              {rows.map((a) => (
                <ActivityCard key={a.id} a={a} />
              ))}
            </div>
            <div className="ykr-pager">
              <Pagination
                current={paging.page}
                pageSize={paging.limit}
                total={q.data?.total ?? 0}
                showSizeChanger
                pageSizeOptions={PAGE_SIZES}
                showTotal={(t) => `共 ${t} 项`}
                onChange={(page, limit) => setPaging({ page: limit !== paging.limit ? 1 : page, limit })}
              />
            </div>
          </>
        ) : (
          <EmptyState />
        )}
      </section>
    </div>
  );
}

function ActivityCard({ a }: { a: ReviewActivityRow }) {
  return (
    <article className="ykr-card" data-testid="activity-card" data-id={a.id}>
      <Link className="ykr-card-link" to={`${DETAIL}?id=${a.id}`}>
        <Cover url={a.cover_url} title={a.title}>
          <PhaseBadge phase={a.phase} />
        </Cover>
        <div className="ykr-card-body">
          <h3 className="ykr-card-title">{a.title}</h3>
          <div className="ykr-meta">
            <span>{a.scope_name || "全平台"}</span>
            {a.subject_name ? <span>{a.subject_name}</span> : null}
            {a.period_name ? <span>{a.period_name}</span> : null}
          </div>
          <div className="ykr-meta">
            <span>报名：{range(a.signup_start, a.signup_end)}</span>
          </div>
          <div className="ykr-counts">
            <span>
              <b>{a.signup_count}</b> 人报名
            </span>
            <span>
              <b>{a.work_count}</b> 件作品
            </span>
            <span>
              <b>{a.view_count}</b> 次浏览
            </span>
          </div>
        </div>
      </Link>
    </article>
  );
}

// ── /foreground/activityCourseDetails?id= ───────────────────────────────────────────────────────────────────

export function ActivityCourseDetailsPage() {
  const id = useId();
  const session = useSession();
  const qc = useQueryClient();
  const [submitOpen, setSubmitOpen] = useState(false);
  const q = useQuery({
    queryKey: ["review", "detail", id, session.token],
    enabled: id > 0,
    queryFn: () => call(calls.webReviewDetail, { id }),
    retry: false,
  });
  const a = q.data;
  if (!id || q.isError)
    return <Result status="404" title="活动不存在" subTitle="活动不存在或尚未发布" extra={<Link to="/foreground/reviewActivity">返回评课活动</Link>} />;
  if (!a) return <Skeleton active paragraph={{ rows: 12 }} />;
  const refresh = () => void qc.invalidateQueries({ queryKey: ["review"] });
  const signup = async () => {
    await call(calls.reviewSignup, { id: a.id });
    toast.success("报名成功");
    refresh();
  };
  return (
    <div className="ykr-page" data-testid="ActivityCourseDetailsPage" data-phase={a.phase}>
      <section className="ykr-panel">
        <div className="ykr-detail-head">
          <Cover url={a.cover_url} title={a.title}>
            <PhaseBadge phase={a.phase} />
          </Cover>
          <div style={{ minWidth: 0 }}>
            <h1 className="ykr-detail-title" data-testid="activity-title">
              {a.title}
            </h1>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} colon>
              <Descriptions.Item label="范围">{a.scope_name || "全平台"}</Descriptions.Item>
              <Descriptions.Item label="组织者">{a.account_name || "—"}</Descriptions.Item>
              <Descriptions.Item label="学段学科">{[a.period_name, a.subject_name].filter(Boolean).join(" · ") || "不限"}</Descriptions.Item>
              <Descriptions.Item label="评价量表">{a.indicator_name || "—"}</Descriptions.Item>
              <Descriptions.Item label="报名时间">{range(a.signup_start, a.signup_end)}</Descriptions.Item>
              <Descriptions.Item label="评审截止">{day(a.review_end) || "待定"}</Descriptions.Item>
            </Descriptions>
            <div className="ykr-counts" style={{ borderTop: 0 }}>
              <span>
                <b>{a.signup_count}</b> 人报名
              </span>
              <span>
                <b>{a.work_count}</b> 件作品
              </span>
              <span>
                <b>{a.reviewer_count}</b> 位评审专家
              </span>
              <span>
                <b>{a.view_count}</b> 次浏览
              </span>
            </div>
            <div className="ykr-actions" data-testid="activity-actions">
              <Actions a={a} onSignup={signup} onSubmit={() => setSubmitOpen(true)} />
            </div>
          </div>
        </div>
      </section>
      <section className="ykr-panel">
        <h2>活动进程</h2>
        <PhaseSteps a={a} />
      </section>
      <section className="ykr-panel">
        <h2>活动介绍</h2>
        <p className="ykr-intro">{a.introduce || "暂无介绍"}</p>
      </section>
      <section className="ykr-panel">
        <h2>活动规则</h2>
        <ol className="ykr-intro" style={{ paddingLeft: 20 }}>
          <li>{a.scope_name && a.scope_name !== "全平台" ? `面向「${a.scope_name}」的教师` : "面向全平台教师"}，登录后在报名阶段报名。</li>
          <li>提交作品阶段，每位报名教师提交一件作品：一节自己的课例视频，可附教学设计等文档。</li>
          <li>
            评审阶段，每件作品由 {a.reviewers_per_work} 位评审专家（不含作者本人）依据《{a.indicator_name || "评价量表"}》逐项打分，按权重折算为百分制。
          </li>
          <li>结果公示阶段，作品按各评审总分的平均分排名，同分同名次。</li>
        </ol>
      </section>
      <section className="ykr-panel">
        <h2>评价量表{a.indicator_name ? `：${a.indicator_name}` : ""}</h2>
        {a.scheme ? <SchemeTable scheme={a.scheme} /> : <EmptyState />}
      </section>
      {a.me.assigned_count && a.phase >= 3 ? <MyTasksPanel id={a.id} /> : null}
      {a.phase === 4 ? <ResultsPanel id={a.id} /> : null}
      {a.phase >= 2 || a.me.is_manager ? <WorksPanel a={a} /> : null}
      <SubmitWorkDialog open={submitOpen} a={a} onClose={() => setSubmitOpen(false)} onDone={refresh} />
    </div>
  );
}

function Actions({ a, onSignup, onSubmit }: { a: ReviewDetail; onSignup: () => void; onSubmit: () => void }) {
  const me = a.me;
  if (a.phase === 1) {
    if (!me.logged_in) return <LoginLink text="报名需登录" />;
    if (me.signed_up)
      return (
        <Tag color="success" data-testid="signed-up">
          已报名
        </Tag>
      );
    if (me.signup_hint) return <span style={{ color: "#6b7280" }}>{me.signup_hint}</span>;
    return (
      <Button type="primary" size="large" onClick={onSignup} data-testid="signup-button">
        立即报名
      </Button>
    );
  }
  if (a.phase === 2) {
    if (!me.logged_in) return <LoginLink text="提交作品需登录" />;
    if (!me.signed_up) return <span style={{ color: "#6b7280" }}>报名已截止，仅已报名教师可提交作品</span>;
    if (me.my_work_id)
      return (
        <>
          <Tag color="success" data-testid="work-submitted">
            作品已提交
          </Tag>
          <Link to={`${WORK}?id=${me.my_work_id}`}>查看我的作品</Link>
        </>
      );
    return (
      <Button type="primary" size="large" onClick={onSubmit} data-testid="submit-work-button">
        提交作品
      </Button>
    );
  }
  if (a.phase === 3) {
    if (!me.logged_in) return <LoginLink text="评审专家请登录后评分" />;
    if (me.assigned_count)
      return (
        <span data-testid="review-progress">
          我的评审任务：已提交 {me.submitted_count} / {me.assigned_count}，请在下方作品中进入评分
        </span>
      );
    return <span style={{ color: "#6b7280" }}>评审进行中</span>;
  }
  if (a.phase === 4) return <Tag color="purple">结果已公示</Tag>;
  return <span style={{ color: "#6b7280" }}>活动尚未发布</span>;
}

function SubmitWorkDialog({ open, a, onClose, onDone }: { open: boolean; a: ReviewDetail; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ title: string; introduce: string; video_id: number; docs: MergeAnswer[] }>();
  const [saving, setSaving] = useState(false);
  const videos = useQuery({
    queryKey: ["review", "my-videos"],
    enabled: open,
    queryFn: () => call(calls.myVideoList, { page: 1, limit: 100 }),
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await call(calls.reviewWorkSave, {
        activity_id: a.id,
        title: v.title,
        introduce: v.introduce ?? "",
        video_id: v.video_id,
        file_ids: (v.docs ?? []).map((d) => d.id),
        subject_id: a.subject_id || undefined,
      });
      toast.success("作品已提交");
      onClose();
      form.resetFields();
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="提交参评作品"
      onCancel={onClose}
      onOk={() => void submit()}
      okText="提交"
      confirmLoading={saving}
      destroyOnHidden
      width={600}
      data-testid="submit-work-dialog"
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="title"
          label="作品名称"
          rules={[
            { required: true, whitespace: true, message: "请输入作品名称" },
            { max: 100, message: "不能超过 100 个字符" },
          ]}
        >
          <Input placeholder="如：《背影》细读与情感体验" data-testid="work-title" />
        </Form.Item>
        <Form.Item name="video_id" label="课例视频（我的视频）" rules={[{ required: true, message: "请选择参评课例视频" }]}>
          <Select
            data-testid="work-video"
            placeholder={videos.isLoading ? "加载中…" : "选择一节我的课例视频"}
            loading={videos.isLoading}
            showSearch
            optionFilterProp="label"
            notFoundContent="暂无视频，请先在个人中心上传课例视频"
            options={(videos.data?.list ?? []).map((v) => ({ value: v.id, label: v.name }))}
          />
        </Form.Item>
        <Form.Item name="introduce" label="作品简介">
          <Input.TextArea rows={3} maxLength={2000} showCount placeholder="教学设计思路、亮点" />
        </Form.Item>
        <Form.Item name="docs" label="教学设计等文档（可选）" valuePropName="value">
          <DocumentUpload max={5} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function WorksPanel({ a }: { a: ReviewDetail }) {
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const q = useQuery({
    queryKey: ["review", "works", a.id, paging],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.webReviewWorkList, { activity_id: a.id, ...paging, order: a.phase === 4 ? "rank" : "new" }),
  });
  const rows = q.data?.list ?? [];
  return (
    <section className="ykr-panel" data-testid="works-panel">
      <h2>
        参评作品 <span style={{ fontSize: 13, color: "#6b7280", fontWeight: "normal" }}>共 {q.data?.total ?? 0} 件</span>
      </h2>
      {q.isLoading ? (
        <Skeleton active />
      ) : rows.length ? (
        <>
          <div className="ykr-grid" data-testid="work-cards">
            {rows.map((w) => (
              <article key={w.id} className="ykr-card" data-testid="work-card" data-id={w.id}>
                <Link className="ykr-card-link" to={`${WORK}?id=${w.id}`}>
                  <Cover url={w.cover_url} title={w.title}>
                    {w.rank ? <span className="ykr-rank">第 {w.rank} 名</span> : null}
                  </Cover>
                  <div className="ykr-card-body">
                    <h3 className="ykr-card-title">{w.title}</h3>
                    <div className="ykr-meta">
                      <span>{w.account_name}</span>
                      <span>{w.school_name}</span>
                      {w.subject_name ? <span>{w.subject_name}</span> : null}
                    </div>
                    <div className="ykr-counts">
                      {w.score !== null ? (
                        <span>
                          平均分 <b>{w.score}</b>
                        </span>
                      ) : null}
                      <span>
                        <b>{w.view_count}</b> 次浏览
                      </span>
                      {!w.video_id ? <span>暂无视频</span> : null}
                    </div>
                  </div>
                </Link>
              </article>
            ))}
          </div>
          {(q.data?.total ?? 0) > paging.limit ? (
            <div className="ykr-pager">
              <Pagination
                current={paging.page}
                pageSize={paging.limit}
                total={q.data?.total ?? 0}
                showSizeChanger
                pageSizeOptions={PAGE_SIZES}
                onChange={(page, limit) => setPaging({ page, limit })}
              />
            </div>
          ) : null}
        </>
      ) : (
        <EmptyState text="暂无参评作品" />
      )}
    </section>
  );
}

/** The caller's assigned works (a reviewer), each linking to its scoring panel. */
function MyTasksPanel({ id }: { id: number }) {
  const q = useQuery({ queryKey: ["review", "mine", id], queryFn: () => call(calls.reviewScoreMine, { activity_id: id }) });
  return (
    <section className="ykr-panel" data-testid="my-tasks">
      <h2>我的评审任务</h2>
      <Table
        size="small"
        rowKey="work_id"
        pagination={false}
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 520 }}
        columns={[
          { title: "作品", dataIndex: "work_title", render: (v: string, r) => <Link to={`${WORK}?id=${r.work_id}`}>{v}</Link> },
          { title: "作者", dataIndex: "account_name", width: 100 },
          {
            title: "状态",
            dataIndex: "state",
            width: 90,
            render: (v: ReviewMineRow["state"]) => (
              <Tag color={v === "submitted" ? "success" : v === "draft" ? "processing" : "default"}>{REVIEW_SCORE_STATES[v]}</Tag>
            ),
          },
          { title: "总分", dataIndex: "total", width: 80, render: (v: number | null) => v ?? "—" },
          {
            title: "",
            key: "go",
            width: 90,
            render: (_: unknown, r) => <Link to={`${WORK}?id=${r.work_id}`}>{r.phase === 3 ? (r.state === "submitted" ? "修改评分" : "去评分") : "查看"}</Link>,
          },
        ]}
      />
    </section>
  );
}

function ResultsPanel({ id }: { id: number }) {
  const q = useQuery({ queryKey: ["review", "results", id], queryFn: () => call(calls.webReviewResults, { id }) });
  const list = q.data?.list ?? [];
  const top = list.filter((r) => r.rank !== null).slice(0, 3);
  // The podium: 2nd, 1st, 3rd.
  const podium = [top[1], top[0], top[2]];
  return (
    <section className="ykr-panel" data-testid="results-panel">
      <h2>评审结果</h2>
      {q.isLoading ? (
        <Skeleton active />
      ) : list.length ? (
        <>
          <div className="ykr-podium" data-testid="podium">
            {podium.map((r, i) =>
              r ? (
                <Link key={r.work_id} to={`${WORK}?id=${r.work_id}`} className={`ykr-podium-item ykr-podium-${r.rank}`} style={{ color: "#fff" }}>
                  <div className="ykr-podium-rank">{r.rank}</div>
                  <div className="ykr-podium-title">{r.title}</div>
                  <div className="ykr-podium-sub">
                    {r.account_name} · {r.school_name}
                  </div>
                  <div className="ykr-podium-score">{r.score} 分</div>
                </Link>
              ) : (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: an empty podium place is identified by its position only.
                  key={`empty-${i}`}
                />
              ),
            )}
          </div>
          <Table
            size="middle"
            rowKey="work_id"
            pagination={false}
            dataSource={list}
            scroll={{ x: 620 }}
            data-testid="results-table"
            columns={[
              { title: "名次", dataIndex: "rank", width: 70, render: (v: number | null) => (v ? <b data-testid="result-rank">{v}</b> : "—") },
              {
                title: "作品",
                dataIndex: "title",
                render: (v: string, r) => (
                  <Link to={`${WORK}?id=${r.work_id}`} data-testid="result-title">
                    {v}
                  </Link>
                ),
              },
              { title: "作者", dataIndex: "account_name", width: 100 },
              { title: "学校", dataIndex: "school_name", width: 180 },
              { title: "评审人数", dataIndex: "reviewer_count", width: 90 },
              { title: "平均分", dataIndex: "score", width: 90, render: (v: number | null) => (v === null ? "未评" : <b>{v}</b>) },
            ]}
          />
          <div style={{ marginTop: 16 }}>
            <ScoreBarChart list={list} />
          </div>
        </>
      ) : (
        <EmptyState />
      )}
    </section>
  );
}

// ── /foreground/activityWorks?id= ───────────────────────────────────────────────────────────────────────────

export function ActivityWorksPage() {
  const id = useId();
  const session = useSession();
  const q = useQuery({
    queryKey: ["review", "work", id, session.token],
    enabled: id > 0,
    retry: false,
    queryFn: () => call(calls.webReviewWorkDetail, { id }),
  });
  const d = q.data;
  const navigate = useNavigate();
  if (!id || q.isError)
    return <Result status="404" title="作品不存在" subTitle="作品不存在或尚未公开" extra={<Link to="/foreground/reviewActivity">返回评课活动</Link>} />;
  if (!d) return <Skeleton active paragraph={{ rows: 12 }} />;
  const w = d.work;
  const cam = d.video?.cameras[0];
  return (
    <div className="ykr-page" data-testid="ActivityWorksPage">
      <nav style={{ fontSize: 13, color: "#6b7280" }} aria-label="位置">
        <Link to="/foreground/reviewActivity">评课活动</Link> / <Link to={`${DETAIL}?id=${d.activity.id}`}>{d.activity.title}</Link> / 作品
      </nav>
      <div className="ykr-work-layout">
        <div className="ykr-page" style={{ gap: 16 }}>
          <section className="ykr-panel">
            {d.video && (cam?.url || d.video.url) ? (
              <video
                className="ykr-video"
                controls
                preload="metadata"
                poster={d.video.thumbnail_url || undefined}
                src={cam?.url || d.video.url}
                data-testid="work-video-player"
              />
            ) : (
              <div className="ykr-novideo" data-testid="no-video">
                <span style={{ fontSize: 32 }}>▶</span>
                暂无课例视频
              </div>
            )}
            <h1 className="ykr-detail-title" style={{ marginTop: 14 }} data-testid="work-title-heading">
              {w.title} {w.rank ? <Tag color="gold">第 {w.rank} 名</Tag> : null}
            </h1>
            <div className="ykr-meta" style={{ marginBottom: 8 }}>
              <span>作者：{w.account_name}</span>
              <span>{w.school_name}</span>
              {w.subject_name ? <span>{w.subject_name}</span> : null}
              {w.grade_name ? <span>{w.grade_name}</span> : null}
              <span>提交于 {w.created_at.slice(0, 16)}</span>
              <span>{w.view_count} 次浏览</span>
            </div>
            <p className="ykr-intro">{w.introduce || "暂无简介"}</p>
          </section>
          <section className="ykr-panel">
            <h2>作品文档</h2>
            {d.documents.length ? (
              <ul className="ykr-docs" data-testid="work-docs">
                {d.documents.map((f) => (
                  <li key={f.id}>
                    <Tag>{f.file_type.toUpperCase() || "文件"}</Tag>
                    <a href={f.url} target="_blank" rel="noreferrer">
                      {f.file_name}
                    </a>
                    <span style={{ color: "#9ca3af", fontSize: 12 }}>{(f.size / 1024).toFixed(0)} KB</span>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState compact text="暂无文档" />
            )}
          </section>
          <section className="ykr-panel">
            <h2>所属活动</h2>
            <div style={{ display: "flex", flexDirection: "column", gap: 8 }}>
              <Link to={`${DETAIL}?id=${d.activity.id}`} style={{ fontWeight: 600 }}>
                {d.activity.title}
              </Link>
              <div>
                <PhaseBadge phase={d.activity.phase} inline /> <span style={{ color: "#6b7280", fontSize: 13 }}>{d.activity.scope_name}</span>
              </div>
              {d.activity.phase === 3 && !d.my_score ? (
                session.token ? (
                  <span style={{ color: "#6b7280", fontSize: 13 }}>评审进行中，结果公示后可查看得分</span>
                ) : (
                  <LoginLink text="评审专家评分需登录" />
                )
              ) : null}
              <Button onClick={() => navigate(`${DETAIL}?id=${d.activity.id}`)}>返回活动</Button>
            </div>
          </section>
        </div>
        <aside className="ykr-page" style={{ gap: 16 }}>
          {d.my_score ? <ScorePanel d={d} /> : null}
          {d.result ? (
            <section className="ykr-panel" data-testid="work-result">
              <h2>评审结果</h2>
              <div style={{ display: "flex", alignItems: "baseline", gap: 12 }}>
                <span className="ykr-total">{d.result.score ?? "—"}</span>
                <span style={{ color: "#6b7280" }}>
                  平均分 · {d.result.rank ? `第 ${d.result.rank} 名` : "未排名"} · {d.result.reviewer_count} 位评审
                </span>
              </div>
              {d.result.items.length ? <ItemRadar items={d.result.items} height={280} /> : null}
              <Table
                size="small"
                rowKey="indicator_id"
                pagination={false}
                dataSource={d.result.items}
                columns={[
                  { title: "评分项", dataIndex: "name" },
                  { title: "平均分", dataIndex: "mean", width: 80, render: (v: number | null, r) => (v === null ? "—" : `${v} / ${r.max_score}`) },
                ]}
              />
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

function ScorePanel({ d }: { d: ReviewWorkDetail }) {
  const qc = useQueryClient();
  const my = d.my_score!;
  const items = (d.scheme?.children ?? []).flatMap((dim) => dim.children.map((it) => ({ ...it, dim: dim.name })));
  const [scores, setScores] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(items.map((it) => [String(it.id), my.scores[String(it.id)] ?? null])),
  );
  const [comment, setComment] = useState(my.comment);
  const [saving, setSaving] = useState<"" | "draft" | "submit">("");
  const [last, setLast] = useState<ReviewScoreAnswer | null>(null);
  const save = async (submit: boolean) => {
    const payload: Record<string, number> = {};
    for (const [k, v] of Object.entries(scores)) if (v !== null && v !== undefined) payload[k] = v;
    if (submit && Object.keys(payload).length < items.length) {
      toast.error("请为每一项评分后再提交");
      return;
    }
    setSaving(submit ? "submit" : "draft");
    try {
      const r = await call(calls.reviewScoreSave, { work_id: d.work.id, scores: payload, comment, submit });
      setLast(r);
      toast.success(submit ? `评分已提交，总分 ${r.total}` : "草稿已保存");
      void qc.invalidateQueries({ queryKey: ["review"] });
    } finally {
      setSaving("");
    }
  };
  const state = last?.state ?? my.state;
  return (
    <section className="ykr-panel" data-testid="score-panel">
      <h2>
        评分{" "}
        <Tag color={state === "submitted" ? "success" : state === "draft" ? "processing" : "default"} data-testid="score-state">
          {REVIEW_SCORE_STATES[state]}
        </Tag>
      </h2>
      {!my.editable ? <Alert type="info" showIcon message="当前不在评审阶段，评分不可修改" style={{ marginBottom: 8 }} /> : null}
      {items.map((it) => (
        <div key={it.id} className="ykr-score-item" data-testid="score-item">
          <div className="ykr-score-name">
            <span>
              {it.name} <small>（{it.dim}）</small>
            </span>
            <small>
              {it.min_score}–{it.max_score} 分 · 权重 {it.weight}%
            </small>
          </div>
          <InputNumber
            aria-label={`${it.name}分数`}
            data-testid={`score-input-${it.id}`}
            min={it.min_score}
            max={it.max_score}
            step={0.5}
            disabled={!my.editable}
            value={scores[String(it.id)]}
            onChange={(v) => setScores((s) => ({ ...s, [String(it.id)]: typeof v === "number" ? v : null }))}
            style={{ width: "100%" }}
            placeholder={`${it.min_score}–${it.max_score}`}
          />
        </div>
      ))}
      <Input.TextArea
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        placeholder="评语（可选）"
        maxLength={2000}
        disabled={!my.editable}
        style={{ margin: "8px 0" }}
        data-testid="score-comment"
      />
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, flexWrap: "wrap" }}>
        <span>
          总分{" "}
          <b className="ykr-total" style={{ fontSize: 22 }} data-testid="score-total">
            {last?.total ?? my.total ?? "—"}
          </b>
        </span>
        <span style={{ display: "flex", gap: 8 }}>
          <Button disabled={!my.editable} loading={saving === "draft"} onClick={() => void save(false)} data-testid="score-draft">
            保存草稿
          </Button>
          <Button type="primary" disabled={!my.editable} loading={saving === "submit"} onClick={() => void save(true)} data-testid="score-submit">
            提交评分
          </Button>
        </span>
      </div>
    </section>
  );
}

/**
 * 备课详情 (/editDetail?id=): the header (theme, cover, author, members, window, phase, textbook binding, verify /
 * display / recommend), the actions by power (编辑, 删除, 点赞, 收藏, managers' verify / display / recommend), and tabs:
 * 教案 (c246 list, links to the co-editing page, a read-only preview of the main plan from c242, sanitized), 研讨
 * (PrepareDiscussion), 备课文件 (c258 / c257 / c259) and AI 诊断 (DiagnosisPanel). Anonymous visitors see a public
 * preparation read-only; the calls stay quiet for them.
 */
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FileTextOutlined,
  LikeFilled,
  LikeOutlined,
  PlusOutlined,
  StarFilled,
  StarOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type Call, type PayloadOf, calls, type PreparationDetail, type PreparationFileRow } from "@yanke/protocol";
import { App, Button, Card, Input, Modal, Popconfirm, Result, Space, Spin, Switch, Table, Tabs, Tag } from "antd";
import { useMemo, useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { FileUpload } from "../../components/upload/FileUpload";
import { downloadUrl } from "../../components/upload/FilePreview";
import { useToken } from "../../session/store";
import { sanitizeHtml } from "../blog/blog-common";
import { LoginHint } from "../common/util";
import { DiagnosisPanel } from "./DiagnosisPanel";
import { PrepareDiscussion } from "./PrepareDiscussion";
import {
  MemberAvatars,
  patchDetail,
  PhaseTag,
  PrepCover,
  TypeTag,
  VerifyTag,
  bytes,
  coEditHref,
  prepCall,
  prepFormHref,
  prepListHref,
  windowText,
} from "./prepare-common";

export function PrepareDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? "") || 0;
  const token = useToken();
  const navigate = useNavigate();
  const q = useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["prepare", "detail", id, token !== ""],
    enabled: id > 0,
    queryFn: () => prepCall(calls.preparationDetail, { id }),
  });
  let body: ReactNode;
  if (id <= 0) body = <Result status="warning" title="缺少集体备课编号" />;
  else if (q.isLoading) body = <Spin style={{ display: "block", margin: "80px auto" }} />;
  else if (q.error || !q.data) {
    const e = q.error;
    const code = e instanceof ApiError ? e.code : 0;
    body =
      code === 403 && !token ? (
        <Result
          status="403"
          title="请登录后查看"
          subTitle="该集体备课未公开，登录后即可查看。"
          extra={
            <Button type="primary" onClick={() => navigate("/login")}>
              去登录
            </Button>
          }
          data-testid="prep-need-login"
        />
      ) : (
        <Result
          status={code === 403 ? "403" : code === 404 ? "404" : "warning"}
          title={(e instanceof ApiError && e.message) || "集体备课不存在或已删除"}
          data-testid="prep-refused"
        />
      );
  } else body = <Detail d={q.data} />;
  return (
    <div className="yk-page" data-testid="PrepareDetailPage">
      {body}
    </div>
  );
}

function Detail({ d }: { d: PreparationDetail }) {
  const token = useToken();
  const loggedIn = token !== "";
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const p = d.power;
  const [tab, setTab] = useState("plans");
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [likeBusy, setLikeBusy] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ["prepare"] });
  const act = async <C extends Call>(c: C, payload: PayloadOf<C>, done: string) => {
    try {
      await prepCall(c, payload);
      toast.success(done);
      await refresh();
      return true;
    } catch {
      return false;
    }
  };
  const like = async () => {
    setLikeBusy(true);
    try {
      const r = await prepCall(calls.preparationLikeNums, { id: d.id });
      toast.success(r.liked ? "点赞成功" : "已取消点赞");
      patchDetail(qc, d.id, () => ({ liked: r.liked, like_count: r.like_count }));
      void qc.invalidateQueries({ queryKey: ["prepare", "list"] });
    } catch {
      /* shown */
    } finally {
      setLikeBusy(false);
    }
  };
  const collect = async () => {
    try {
      const r = await prepCall(calls.collectSave, { target_type: "preparation", target_id: d.id });
      toast.success(r.is_collect ? "收藏成功" : "已取消收藏");
      patchDetail(qc, d.id, () => ({ collected: r.is_collect }));
    } catch {
      /* shown */
    }
  };
  const remove = () =>
    modal.confirm({
      title: "删除集体备课",
      content: `确定删除「${d.theme}」吗？其教案、研讨和文件将一并删除。`,
      okText: "删除",
      cancelText: "取消",
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await prepCall(calls.preparationDelete, { id: d.id });
          toast.success("删除成功");
          await refresh();
          void navigate(prepListHref(d.community_id));
        } catch {
          /* shown */
        }
      },
    });
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <div data-testid={testId}>
      <span className="yk-prep-fact-label">{label}</span>
      {value || "—"}
    </div>
  );
  return (
    <div className="yk-prep-detail">
      <Card data-testid="prep-header">
        <div className="yk-prep-head">
          <PrepCover id={d.id} theme={d.theme} url={d.cover_url} width={240} height={150} />
          <div className="yk-prep-head-main">
            <div style={{ display: "flex", alignItems: "center", gap: 8, flexWrap: "wrap" }}>
              <h1 className="yk-prep-title" data-testid="prep-theme">
                {d.theme}
              </h1>
              <PhaseTag phase={d.phase} name={d.phase_name} />
              <TypeTag type={d.type} name={d.type_name} />
              <Tag>{d.open_model_name}</Tag>
              {p.can_manage || d.verify_status !== 1 ? <VerifyTag status={d.verify_status} name={d.verify_status_name} /> : null}
              {d.is_display === 0 ? <Tag data-testid="prep-hidden">已隐藏</Tag> : null}
              {d.is_recommend === 1 ? <Tag color="orange">推荐</Tag> : null}
            </div>
            <div className="yk-prep-facts">
              {fact("主备人", `${d.account_name}${d.school_name ? `（${d.school_name}）` : ""}`, "prep-author")}
              {fact(
                "所属社区",
                d.community_id ? <Link to={`/blog/collectivePrepare/detailList?community_id=${d.community_id}`}>{d.community_name}</Link> : "不属于社区",
              )}
              {fact("备课时间", windowText(d.start_time, d.end_time), "prep-window")}
              {fact("学段学科", [d.period_name, d.subject_name, d.grade_name].filter(Boolean).join(" · "))}
              <div style={{ gridColumn: "1 / -1" }} data-testid="prep-binding" title={d.njy_structure}>
                <span className="yk-prep-fact-label">教材目录</span>
                {d.njy_structure || "未绑定教材"}
              </div>
              {d.verify_status === 2 && d.verify_reason ? (
                <div style={{ gridColumn: "1 / -1", color: "#cf1322" }}>
                  <span className="yk-prep-fact-label">未通过原因</span>
                  {d.verify_reason}
                </div>
              ) : null}
            </div>
            <div style={{ display: "flex", alignItems: "center", gap: 10 }}>
              <span className="yk-muted" style={{ fontSize: 13 }}>
                <TeamOutlined /> 参与人 {d.member_count}
              </span>
              <MemberAvatars members={d.members} />
              <span className="yk-muted" style={{ fontSize: 12, marginLeft: "auto" }}>
                <EyeOutlined /> {d.view_count} 次浏览
              </span>
            </div>
            <div className="yk-prep-actions" data-testid="prep-actions">
              {loggedIn ? (
                <Button
                  icon={d.liked ? <LikeFilled /> : <LikeOutlined />}
                  type={d.liked ? "primary" : "default"}
                  ghost={d.liked}
                  loading={likeBusy}
                  onClick={() => void like()}
                  data-testid="prep-like"
                >
                  {d.liked ? "已赞" : "点赞"} <span data-testid="prep-like-count">{d.like_count}</span>
                </Button>
              ) : (
                <Tag icon={<LikeOutlined />} data-testid="prep-like-count-static">
                  {d.like_count}
                </Tag>
              )}
              {loggedIn ? (
                <Button
                  icon={d.collected ? <StarFilled style={{ color: "#faad14" }} /> : <StarOutlined />}
                  onClick={() => void collect()}
                  data-testid="prep-collect"
                >
                  {d.collected ? "已收藏" : "收藏"}
                </Button>
              ) : null}
              {p.can_edit ? (
                <Button type="primary" icon={<FileTextOutlined />} onClick={() => setTab("plans")} data-testid="prep-goto-plans">
                  协同备课
                </Button>
              ) : null}
              {p.can_manage ? (
                <Button icon={<EditOutlined />} onClick={() => navigate(prepFormHref({ id: d.id }))} data-testid="prep-edit">
                  编辑
                </Button>
              ) : null}
              {p.can_manage ? (
                <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="prep-delete">
                  删除
                </Button>
              ) : null}
              {p.can_verify && d.verify_status !== 1 ? (
                <Popconfirm
                  title="确定审核通过吗？"
                  okText="通过"
                  cancelText="取消"
                  onConfirm={() => act(calls.preparationVerify, { id: d.id, verify_status: 1 }, "已通过")}
                >
                  <Button data-testid="prep-approve">审核通过</Button>
                </Popconfirm>
              ) : null}
              {p.can_verify && d.verify_status !== 2 ? (
                <Button
                  onClick={() => {
                    setReason("");
                    setRejecting(true);
                  }}
                  data-testid="prep-reject"
                >
                  不通过
                </Button>
              ) : null}
              {p.can_manage ? (
                <span className="yk-muted" style={{ fontSize: 13 }}>
                  展示{" "}
                  <Switch
                    size="small"
                    checked={d.is_display === 1}
                    onChange={(v) => void act(calls.preparationIsDisplay, { id: d.id, is_display: v ? 1 : 0 }, v ? "已展示" : "已隐藏")}
                    data-testid="prep-display"
                  />
                </span>
              ) : null}
              {p.can_recommend ? (
                <span className="yk-muted" style={{ fontSize: 13 }}>
                  推荐{" "}
                  <Switch
                    size="small"
                    checked={d.is_recommend === 1}
                    onChange={(v) => void act(calls.preparationIsRecommend, { id: d.id, is_recommend: v ? 1 : 0 }, v ? "已推荐" : "已取消推荐")}
                    data-testid="prep-recommend"
                  />
                </span>
              ) : null}
            </div>
          </div>
        </div>
        {d.introduction ? <div className="yk-prep-intro">{d.introduction}</div> : null}
      </Card>
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: "plans", label: <span data-testid="prep-tab-plans">教案（{d.plan_count}）</span>, children: <Plans d={d} /> },
            {
              key: "discuss",
              label: <span data-testid="prep-tab-discuss">研讨（{d.discuss_count}）</span>,
              children: <PrepareDiscussion preparationId={d.id} canDiscuss={p.can_discuss} />,
            },
            { key: "files", label: <span data-testid="prep-tab-files">备课文件（{d.fileArr.length}）</span>, children: <Files d={d} /> },
            {
              key: "ai",
              label: <span data-testid="prep-tab-ai">AI 诊断</span>,
              children: tab === "ai" ? loggedIn ? <DiagnosisPanel preparationId={d.id} canRun={p.can_edit} /> : <LoginHint text="登录后查看 AI 诊断" /> : null,
            },
          ]}
        />
      </Card>
      <Modal
        title={`不通过「${d.theme}」`}
        open={rejecting}
        okText="确定"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onCancel={() => setRejecting(false)}
        onOk={async () => {
          if (!reason.trim()) {
            toast.error("请填写不通过的原因");
            return;
          }
          if (await act(calls.preparationVerify, { id: d.id, verify_status: 2, reason: reason.trim() }, "已设为不通过")) setRejecting(false);
        }}
        destroyOnHidden
      >
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="请填写不通过的原因" value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </div>
  );
}

/** 教案: the plans (c246), the co-editing links and a read-only preview of the main plan (c242, sanitized). */
function Plans({ d }: { d: PreparationDetail }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const token = useToken();
  const [creating, setCreating] = useState(false);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const list = useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["prepare", "plans", d.id, token !== ""],
    queryFn: () => prepCall(calls.wpsFileList, { preparation_id: d.id }),
  });
  const plans = list.data?.list ?? [];
  const main = plans.find((x) => x.main === 1) ?? plans[0];
  const shown = plans.find((x) => x.id === previewId) ?? main;
  const detail = useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["prepare", "planHtml", shown?.id ?? 0, token !== ""],
    enabled: Boolean(shown),
    queryFn: () => prepCall(calls.wpsDetailFile, { id: shown?.id }),
  });
  const html = useMemo(() => (detail.data ? sanitizeHtml(detail.data.html) : ""), [detail.data]);
  const canEdit = Boolean(list.data?.can_edit);
  const create = async () => {
    setCreating(true);
    try {
      const plan = await prepCall(calls.wpsFilePreparation, { preparation_id: d.id, title: `${d.theme} 教案`, template: true });
      await qc.invalidateQueries({ queryKey: ["prepare"] });
      void navigate(coEditHref(d.id, plan.id));
    } catch {
      /* shown */
    } finally {
      setCreating(false);
    }
  };
  if (list.isLoading) return <Spin style={{ display: "block", margin: "32px auto" }} />;
  if (list.error)
    return token ? <EmptyState text={(list.error instanceof ApiError && list.error.message) || "教案加载失败"} /> : <LoginHint text="登录后查看教案" />;
  return (
    <div data-testid="prep-plans">
      <div style={{ display: "flex", gap: 8, marginBottom: 8, alignItems: "center" }}>
        <span className="yk-muted" style={{ fontSize: 13 }}>
          {canEdit ? "参与人可进入协同备课，多人实时共同编辑教案。" : "教案为只读预览。"}
        </span>
        <span style={{ marginLeft: "auto", display: "flex", gap: 8 }}>
          {canEdit ? (
            <Button icon={<PlusOutlined />} loading={creating} onClick={() => void create()} data-testid="prep-plan-create">
              新建教案
            </Button>
          ) : null}
          {main ? (
            <Button type="primary" onClick={() => navigate(coEditHref(d.id, main.id))} data-testid="prep-coedit">
              {canEdit ? "进入协同备课" : "查看教案"}
            </Button>
          ) : null}
        </span>
      </div>
      {plans.length === 0 ? (
        <EmptyState text={canEdit ? "还没有教案，点击「新建教案」开始协同备课" : "暂无教案"} />
      ) : (
        <>
          <div>
            {plans.map((x) => (
              <div key={x.id} className="yk-prep-plan-row" data-testid="prep-plan" data-id={x.id}>
                <FileTextOutlined style={{ fontSize: 20, color: "#2f8f76" }} />
                <div className="yk-prep-plan-main">
                  <Link to={coEditHref(d.id, x.id)} data-testid="prep-plan-link">
                    {x.title}
                  </Link>
                  {x.main === 1 ? (
                    <Tag color="green" style={{ marginLeft: 8 }}>
                      主教案
                    </Tag>
                  ) : null}
                  {x.editors > 0 ? <Tag color="processing">{x.editors} 人正在编辑</Tag> : null}
                  <div className="yk-muted" style={{ fontSize: 12 }}>
                    {x.updated_by_name || x.created_by_name} 更新于 {x.updated_at.slice(0, 16)} · {x.text_length} 字 · {x.version_count} 个版本
                  </div>
                </div>
                <Button size="small" type={shown?.id === x.id ? "primary" : "default"} ghost={shown?.id === x.id} onClick={() => setPreviewId(x.id)}>
                  预览
                </Button>
              </div>
            ))}
          </div>
          {shown ? (
            <div className="yk-prep-preview" data-testid="prep-plan-preview">
              {detail.isLoading ? (
                <Spin />
              ) : html.trim() ? (
                <div
                  className="yk-article-content"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: html is the plan passed through sanitizeHtml (blog-common.tsx) above.
                  dangerouslySetInnerHTML={{ __html: html }}
                />
              ) : (
                <div className="yk-muted">（教案暂无内容）</div>
              )}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

/** 备课文件: list (c258), upload for editors (c257), preview / download, delete (c259) for the uploader or a manager. */
function Files({ d }: { d: PreparationDetail }) {
  const qc = useQueryClient();
  const token = useToken();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const q = useQuery({
    staleTime: 0,
    retry: false,
    queryKey: ["prepare", "files", d.id, paging, token !== ""],
    queryFn: () => prepCall(calls.preparationFileList, { preparation_id: d.id, ...paging }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ["prepare"] });
  const attach = async (fileId: number) => {
    try {
      await prepCall(calls.preparationFileSave, { preparation_id: d.id, fileArr: [{ file_id: fileId, type: 1 }] });
      await refresh();
    } catch {
      /* shown */
    }
  };
  const del = async (f: PreparationFileRow) => {
    try {
      await prepCall(calls.preparationFileDelete, { id: f.id });
      toast.success("删除成功");
      await refresh();
    } catch {
      /* shown */
    }
  };
  if (q.error && !token) return <LoginHint text="登录后查看备课文件" />;
  return (
    <div data-testid="prep-files">
      {d.power.can_edit ? (
        <div style={{ marginBottom: 12 }}>
          <FileUpload kind="any" value={[]} showList={false} buttonText="上传备课文件" onSuccess={(rec) => void attach(rec.id)} />
        </div>
      ) : null}
      <Table<PreparationFileRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={
          (q.data?.total ?? 0) > paging.limit
            ? {
                current: paging.page,
                pageSize: paging.limit,
                total: q.data?.total ?? 0,
                onChange: (page, limit) => setPaging({ page, limit }),
                showTotal: (t) => `共 ${t} 条`,
              }
            : false
        }
        columns={[
          { title: "文件名称", dataIndex: "file_name", ellipsis: true },
          { title: "类别", dataIndex: "type_name", width: 100, render: (v: string) => <Tag>{v}</Tag> },
          { title: "大小", dataIndex: "size", width: 100, render: (v: number) => bytes(v) },
          { title: "上传人", dataIndex: "account_name", width: 100 },
          { title: "上传时间", dataIndex: "created_at", width: 150, render: (v: string) => v.slice(0, 16) },
          {
            title: "操作",
            width: 170,
            render: (_: unknown, f) => (
              <Space size={4}>
                <Button type="link" size="small" icon={<EyeOutlined />} href={f.file_path} target="_blank" rel="noopener noreferrer">
                  预览
                </Button>
                <Button type="link" size="small" icon={<DownloadOutlined />} href={downloadUrl(f.file_path)}>
                  下载
                </Button>
                {f.can_delete ? (
                  <Popconfirm title={`确定删除「${f.file_name}」吗？`} okText="删除" cancelText="取消" onConfirm={() => del(f)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}

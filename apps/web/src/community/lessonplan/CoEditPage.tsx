/**
 * 集体备课编辑 (/collectivePrepare/editDetail?id=<preparation>&doc=<plan>; issue #8, docs/notes/0800 §5): the plans of
 * the preparation on the left (wpsFileList: choose, 新建 wpsFilePreparation, 导入 Word upWpsFile, 删除 delWpsFile),
 * the live co-editor in the centre (LiveEditor, its own lazy chunk), versions in the right drawer (VersionPanel),
 * export as .docx / PDF. Visitors who are not signed in cannot open the socket (it needs a token): they read the
 * plan's html (wpsDetailFile) when the preparation is public.
 */
import { ArrowLeftOutlined, DeleteOutlined, FileAddOutlined, FileTextOutlined, HistoryOutlined, ImportOutlined, LoginOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, type FileRecord, type LessonPlanRow } from "@yanke/protocol";
import { Alert, App, Button, Checkbox, Form, Input, Modal, Progress, Radio, Space, Spin, Tag, Tooltip, Typography } from "antd";
import { Suspense, lazy, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { useFilePicker } from "../../components/upload/useFilePicker";
import { useModuleUpload } from "../../components/upload/useModuleUpload";
import { useToken } from "../../session/store";
import { ExportButton } from "./ExportButton";
import { PlanHtml } from "./PlanHtml";
import { VersionPanel } from "./VersionPanel";
import "./lessonplan.css";

const LiveEditor = lazy(() => import("./LiveEditor"));

/** The plan to open: the one asked for when it is in the list, else the main plan, else the first. */
export function pickPlan(list: LessonPlanRow[], asked: number): LessonPlanRow | null {
  return list.find((p) => p.id === asked) ?? list.find((p) => p.main === 1) ?? list[0] ?? null;
}

export function CoEditPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const token = useToken();
  const loggedIn = token !== "";
  const prepId = Number(params.get("id") || 0);
  const asked = Number(params.get("doc") || 0);
  const valid = Number.isInteger(prepId) && prepId > 0;
  const [versionsOpen, setVersionsOpen] = useState(false);
  const qc = useQueryClient();

  const plans = useQuery({
    queryKey: ["lessonplan", "list", prepId, loggedIn],
    enabled: valid,
    retry: false,
    // Word counts and who is editing, for the list (the editor itself is live).
    refetchInterval: loggedIn ? 30_000 : false,
    // A visitor's refusal must not send him to the login page: quiet, and the page says so.
    queryFn: () => call(calls.wpsFileList, { preparation_id: prepId }, loggedIn ? undefined : { quiet: true }),
  });
  const prep = useQuery({
    queryKey: ["preparation", "detail", prepId, loggedIn],
    enabled: valid,
    retry: false,
    queryFn: () => call(calls.preparationDetail, { id: prepId }, { quiet: true }),
  });
  const list = plans.data?.list ?? [];
  const current = pickPlan(list, asked);
  const canEdit = loggedIn && (plans.data?.can_edit ?? false);

  // Keep ?doc= on the plan shown (a deleted or missing one falls back to the main plan).
  useEffect(() => {
    if (current && current.id !== asked && !plans.isFetching) {
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          n.set("doc", String(current.id));
          return n;
        },
        { replace: true },
      );
    }
  }, [current, asked, setParams, plans.isFetching]);

  const choose = (id: number) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set("doc", String(id));
      return n;
    });

  if (!valid) {
    return (
      <div className="yk-page" data-testid="CoEditPage">
        <EmptyState text="集体备课编号无效" extra={<Button onClick={() => navigate(-1)}>返回</Button>} />
      </div>
    );
  }

  const theme = prep.data?.theme ?? "";
  return (
    <div className="yk-lp" data-testid="CoEditPage">
      <div className="yk-lp-head">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/editDetail?id=${prepId}`)} data-testid="lp-back">
          备课详情
        </Button>
        <div className="yk-lp-head-title">
          <b data-testid="lp-title">{current?.title ?? "集体备课教案"}</b>
          <small>
            {theme ? `集体备课：${theme}` : "集体备课"}
            {current ? ` · 最后修改：${current.updated_by_name || current.created_by_name} ${current.updated_at}` : ""}
          </small>
        </div>
        {current && loggedIn ? (
          <Space>
            <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)} data-testid="lp-versions-open">
              版本{current.version_count > 0 ? `（${current.version_count}）` : ""}
            </Button>
            <ExportButton docId={current.id} type="primary" />
          </Space>
        ) : null}
      </div>

      {plans.isError ? (
        <div className="yk-lp-main" style={{ minHeight: 320, paddingTop: 40 }}>
          <EmptyState
            text={loggedIn ? (plans.error as Error)?.message || "教案加载失败" : "该集体备课不公开，请登录后查看"}
            extra={
              loggedIn ? undefined : (
                <Button type="primary" icon={<LoginOutlined />} onClick={() => navigate("/login")}>
                  去登录
                </Button>
              )
            }
          />
        </div>
      ) : (
        <div className="yk-lp-body">
          <PlanList prepId={prepId} list={list} loading={plans.isFetching} currentId={current?.id ?? 0} canEdit={canEdit} onChoose={choose} />
          <section className="yk-lp-main">
            {current ? (
              loggedIn ? (
                <Suspense
                  fallback={
                    <Spin style={{ display: "block", margin: "120px auto" }} tip="正在加载编辑器…">
                      <div />
                    </Spin>
                  }
                >
                  <LiveEditor
                    key={current.id}
                    docId={current.id}
                    canEdit={canEdit}
                    onStored={() => void qc.invalidateQueries({ queryKey: ["lessonplan", "list", prepId] })}
                  />
                </Suspense>
              ) : (
                <VisitorView docId={current.id} />
              )
            ) : plans.isFetching ? (
              <Spin style={{ display: "block", margin: "120px auto" }} />
            ) : (
              <EmptyState text={canEdit ? "还没有教案，点击左侧“新建教案”或“导入 Word”开始备课" : "还没有教案"} style={{ paddingTop: 100 }} />
            )}
          </section>
        </div>
      )}
      {current && loggedIn ? (
        <VersionPanel open={versionsOpen} onClose={() => setVersionsOpen(false)} docId={current.id} planTitle={current.title} canEdit={canEdit} />
      ) : null}
    </div>
  );
}

/** A visitor who is not signed in: the plan's current html, read-only. */
function VisitorView({ docId }: { docId: number }) {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ["lessonplan", "detail", docId, 0, "visitor"],
    retry: false,
    queryFn: () => call(calls.wpsDetailFile, { id: docId }, { quiet: true }),
  });
  return (
    <div data-testid="lp-visitor">
      <Alert
        type="info"
        showIcon
        banner
        title="只读：登录并成为备课参与人后可以协同编辑"
        action={
          <Button size="small" type="primary" onClick={() => navigate("/login")}>
            登录
          </Button>
        }
      />
      <div className="yk-lp-paper">
        <Spin spinning={q.isFetching}>
          {q.isError ? (
            <EmptyState text="该教案不公开，请登录后查看" />
          ) : q.data ? (
            q.data.text.trim() === "" ? (
              <EmptyState text="教案还没有内容" />
            ) : (
              <PlanHtml html={q.data.html} />
            )
          ) : (
            <div style={{ height: 200 }} />
          )}
        </Spin>
      </div>
    </div>
  );
}

function PlanList({
  prepId,
  list,
  loading,
  currentId,
  canEdit,
  onChoose,
}: {
  prepId: number;
  list: LessonPlanRow[];
  loading: boolean;
  currentId: number;
  canEdit: boolean;
  onChoose: (id: number) => void;
}) {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ["lessonplan"] });

  const remove = (p: LessonPlanRow) =>
    modal.confirm({
      title: "删除教案",
      content: `确定删除教案「${p.title}」吗？它的所有版本将一并删除。`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await call(calls.delWpsFile, { id: p.id });
          toast.success("教案已删除");
          await refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  return (
    <aside className="yk-lp-side" data-testid="lp-plans">
      <div className="yk-lp-side-title">
        <span>教案（{list.length}）</span>
      </div>
      <Spin spinning={loading && list.length === 0}>
        <div className="yk-lp-plans">
          {list.length === 0 && !loading ? <EmptyState text="暂无教案" compact /> : null}
          {list.map((p) => (
            <div
              key={p.id}
              className={`yk-lp-plan${p.id === currentId ? " active" : ""}`}
              onClick={() => onChoose(p.id)}
              data-testid="lp-plan"
              data-id={p.id}
              role="button"
              tabIndex={0}
              onKeyDown={(e) => (e.key === "Enter" ? onChoose(p.id) : undefined)}
            >
              <FileTextOutlined style={{ marginTop: 4, color: "var(--yk-primary)" }} />
              <div className="yk-lp-plan-main">
                <div className="yk-lp-plan-title" title={p.title}>
                  {p.title}
                </div>
                <div
                  className="yk-lp-plan-meta"
                  title={p.editor_names.length > 0 ? `在线：${p.editor_names.join("、")}` : undefined}
                  data-testid="lp-plan-meta"
                >
                  {p.main === 1 ? (
                    <Tag color="green" style={{ marginInlineEnd: 4, fontSize: 11, lineHeight: "16px", padding: "0 4px" }}>
                      主教案
                    </Tag>
                  ) : null}
                  {p.text_length} 字{p.editor_names.length > 0 ? ` · ${p.editor_names.length} 人在线` : ""}
                </div>
              </div>
              {p.can_delete ? (
                <Tooltip title="删除教案">
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除教案"
                    data-testid="lp-plan-delete"
                    className="yk-lp-plan-delete"
                    onClick={(e) => {
                      e.stopPropagation();
                      remove(p);
                    }}
                  />
                </Tooltip>
              ) : null}
            </div>
          ))}
        </div>
      </Spin>
      {canEdit ? (
        <div className="yk-lp-side-actions">
          <Button icon={<FileAddOutlined />} onClick={() => setCreating(true)} data-testid="lp-plan-create" block>
            新建教案
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="lp-plan-import" block>
            导入 Word
          </Button>
        </div>
      ) : null}
      <CreatePlanModal
        open={creating}
        prepId={prepId}
        onClose={() => setCreating(false)}
        onCreated={async (id) => {
          setCreating(false);
          await refresh();
          onChoose(id);
        }}
      />
      <ImportModal
        open={importing}
        prepId={prepId}
        currentId={currentId}
        onClose={() => setImporting(false)}
        onImported={async (id) => {
          setImporting(false);
          await refresh();
          onChoose(id);
        }}
      />
    </aside>
  );
}

function CreatePlanModal({
  open,
  prepId,
  onClose,
  onCreated,
}: {
  open: boolean;
  prepId: number;
  onClose: () => void;
  onCreated: (id: number) => Promise<void>;
}) {
  const [form] = Form.useForm<{ title: string; template: boolean }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const row = await call(calls.wpsFilePreparation, { preparation_id: prepId, title: v.title.trim(), template: v.template });
      toast.success("教案已创建");
      form.resetFields();
      await onCreated(row.id);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="新建教案"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="创建"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ "data-testid": "lp-create-ok" } as Record<string, string>}
    >
      <Form form={form} layout="vertical" initialValues={{ title: "", template: true }} preserve={false}>
        <Form.Item
          name="title"
          label="教案标题"
          rules={[
            { required: true, whitespace: true, message: "请输入教案标题" },
            { max: 100, message: "教案标题不能超过 100 个字符" },
          ]}
        >
          <Input placeholder="例如：勾股定理（第一课时）" maxLength={100} data-testid="lp-create-title" />
        </Form.Item>
        <Form.Item name="template" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox data-testid="lp-create-template">使用教案模板（教学目标、教学重难点、教学过程、板书设计、作业布置、教学反思）</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

const DOCX_ONLY = "仅支持导入 .docx 格式的 Word 文档（.doc 请先另存为 .docx）";

function ImportModal({
  open,
  prepId,
  currentId,
  onClose,
  onImported,
}: {
  open: boolean;
  prepId: number;
  currentId: number;
  onClose: () => void;
  onImported: (id: number) => Promise<void>;
}) {
  const [target, setTarget] = useState<"new" | "current">("new");
  const [converting, setConverting] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);
  const upload = useModuleUpload({
    module: "word",
    check: (f) => (/\.docx$/i.test(f.name) ? null : DOCX_ONLY),
    success: "文件上传成功",
    fail: "文件上传失败，请重试",
    onDone: (rec: FileRecord) => void convert(rec),
  });
  const picker = useFilePicker({
    accept: ".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    testId: "lp-import-input",
    onFiles: (f) => void upload.upload(f[0]!),
  });

  const convert = async (rec: FileRecord) => {
    setConverting(true);
    try {
      const payload = target === "current" && currentId ? { file_id: rec.id, id: currentId } : { file_id: rec.id, preparation_id: prepId };
      const r = await call(calls.upWpsFile, payload);
      toast.success(r.backup ? `已导入到「${r.plan.title}」，导入前的内容已保存为「${r.backup.name}」` : `已导入为新教案「${r.plan.title}」`);
      setWarnings(r.warnings);
      if (r.warnings.length === 0) setTarget("new");
      await onImported(r.plan.id);
    } catch {
      /* shown by the API client */
    } finally {
      setConverting(false);
    }
  };
  const busy = upload.percent !== null || converting;
  return (
    <>
      <Modal
        title="导入 Word 教案"
        open={open}
        onCancel={busy ? undefined : onClose}
        footer={
          <Button onClick={onClose} disabled={busy}>
            关闭
          </Button>
        }
        destroyOnHidden
      >
        {picker.input}
        <Radio.Group
          value={target}
          onChange={(e) => setTarget(e.target.value as "new" | "current")}
          style={{ display: "flex", flexDirection: "column", gap: 8, marginBottom: 16 }}
          disabled={busy}
        >
          <Radio value="new" data-testid="lp-import-new">
            导入为新教案（标题取文件名）
          </Radio>
          <Radio value="current" disabled={!currentId} data-testid="lp-import-current">
            导入到当前教案（替换现有内容，系统会先自动保存一个版本）
          </Radio>
        </Radio.Group>
        <Button type="primary" icon={<ImportOutlined />} onClick={picker.open} loading={busy} data-testid="lp-import-choose">
          选择 .docx 文件
        </Button>
        {upload.percent !== null ? <Progress percent={upload.percent} size="small" style={{ marginTop: 12 }} /> : null}
        {converting ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            正在转换文档…
          </Typography.Paragraph>
        ) : null}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
          支持 Word 的标题、加粗、列表、表格和图片；其他排版（字体、颜色、页眉页脚）不会保留。
        </Typography.Paragraph>
      </Modal>
      <Modal title="转换提示" open={warnings.length > 0} onCancel={() => setWarnings([])} footer={<Button onClick={() => setWarnings([])}>知道了</Button>}>
        <Alert
          type="warning"
          showIcon
          title="文档已导入，但以下内容可能没有完整保留："
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {warnings.slice(0, 20).map((w, i) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of import warnings (texts may repeat), shown once and never reordered.
                  key={i}
                >
                  {w}
                </li>
              ))}
            </ul>
          }
        />
      </Modal>
    </>
  );
}

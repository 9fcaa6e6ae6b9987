/**
 * 我的反思 (#7, c388–c390): the caller's reflections — title search, by activity, paged — each with where it belongs,
 * when, its content folded out on demand (rich text the server sanitizes, docs/decisions/0703), edit and delete; and
 * the dialog that writes or edits one (title, rich-text content, optionally one of the activities he takes part in).
 */
import { DeleteOutlined, EditOutlined, FormOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, CALLS, REFLECT_LIMITS, type ActivityRow, type ReflectRow } from "@yanke/protocol";
import { Button, Form, Input, Modal, Pagination, Popconfirm, Select, Space, Spin, Tag, Typography } from "antd";
import { lazy, Suspense, useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { minutes } from "./common";
import { reflectDraftError, reflectEdited, reflectSavePayload } from "./reflection";
import "./reflection.css";

const RichTextEditor = lazy(() => import("../../components/editor/RichTextEditor").then((m) => ({ default: m.RichTextEditor })));

/** The query keys of the reflections (lists and per-activity counts), invalidated together after a change. */
export const REFLECT_KEY = ["pc", "reflect"] as const;

/** An activity a reflection is (or may be) about. */
export interface ReflectActivity {
  id: number;
  name: string;
}

/** The activities the caller takes part in (c375), for the pickers. */
function useInvolvedActivities(enabled = true) {
  return useQuery({
    queryKey: ["pc", "activities", CALLS.involvedActivity, "reflect-picker"],
    enabled,
    staleTime: 60_000,
    queryFn: () => call(calls.involvedActivity, { page: 1, limit: 100 }),
  });
}

/** Picker options: his activities, plus `extra` ones (the preset or the edited reflection's) he may no longer list. */
function activityOptions(rows: ActivityRow[], extra: (ReflectActivity | null | undefined)[]) {
  const seen = new Set<number>();
  const out: { value: number; label: string }[] = [];
  for (const a of rows) {
    seen.add(a.id);
    out.push({ value: a.id, label: `${a.name}（${a.phase_name}）` });
  }
  for (const a of extra) {
    if (!a || a.id <= 0 || seen.has(a.id)) continue;
    seen.add(a.id);
    out.push({ value: a.id, label: a.name });
  }
  return out;
}

interface EditorValues {
  title: string;
  content: string;
  activity_id?: number;
}

interface EditorProps {
  open: boolean;
  row: ReflectRow | null;
  activity?: ReflectActivity | null;
  lockActivity?: boolean;
  onClose: () => void;
  onSaved?: (r: ReflectRow) => void;
}

/**
 * Writes a reflection (row null) or edits the caller's own (c389). `activity` presets the activity of a new one
 * (写反思 of an activity); `lockActivity` keeps it fixed. Every opening gets a fresh dialog (and form store): a form
 * kept between openings would start from the values of the last one.
 */
export function ReflectionEditor(props: EditorProps) {
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setSession((n) => n + 1);
  }
  return <ReflectionDialog key={session} {...props} />;
}

function ReflectionDialog({ open, row, activity, lockActivity = false, onClose, onSaved }: EditorProps) {
  const qc = useQueryClient();
  const [form] = Form.useForm<EditorValues>();
  const [busy, setBusy] = useState(false);
  const acts = useInvolvedActivities(open && !lockActivity);
  const rowActivity = row?.activity_id ? { id: row.activity_id, name: row.activity_name || `活动 ${row.activity_id}` } : null;
  const initialActivity = row ? row.activity_id || undefined : activity?.id;
  const submit = async () => {
    const v = await form.validateFields();
    const draft = { title: v.title ?? "", content: v.content ?? "", activity_id: v.activity_id ?? 0 };
    const err = reflectDraftError(draft);
    if (err) {
      toast.error(err);
      return;
    }
    setBusy(true);
    try {
      const saved = await call(calls.reflectSave, reflectSavePayload(draft, row));
      toast.success(row ? "修改成功" : "保存成功");
      void qc.invalidateQueries({ queryKey: REFLECT_KEY });
      onSaved?.(saved);
      onClose();
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={row ? "编辑反思" : "写反思"}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ "data-testid": "reflect-save" } as Record<string, string>}
      destroyOnHidden
      width={780}
      className="yk-reflect-editor"
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        data-testid="reflect-form"
        initialValues={{ title: row?.title ?? "", content: row?.content ?? "", activity_id: initialActivity }}
      >
        <Form.Item
          name="title"
          label="反思标题"
          rules={[
            { required: true, whitespace: true, message: "请输入反思标题" },
            { max: REFLECT_LIMITS.title, message: `反思标题不能超过 ${REFLECT_LIMITS.title} 个字符` },
          ]}
        >
          <Input maxLength={REFLECT_LIMITS.title} showCount placeholder="例如：《背影》教学后的几点思考" data-testid="reflect-title" />
        </Form.Item>
        <Form.Item name="activity_id" label="关联活动" extra={lockActivity ? undefined : "选填：我参与的活动，关联后反思归入活动所在社区"}>
          <Select
            allowClear={!lockActivity}
            disabled={lockActivity}
            showSearch={{ optionFilterProp: "label" }}
            placeholder="不关联活动"
            loading={acts.isFetching}
            options={activityOptions(acts.data?.list ?? [], [activity, rowActivity])}
            notFoundContent={<EmptyState compact />}
            data-testid="reflect-activity"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label="反思内容"
          rules={[
            {
              validator: async (_r, v?: string) => {
                if (v && v.length > REFLECT_LIMITS.content) throw new Error(`反思内容不能超过 ${REFLECT_LIMITS.content} 个字符`);
              },
            },
          ]}
        >
          <LazyEditor />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The rich-text editor (loaded on first use) as a form control. */
function LazyEditor({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <Suspense fallback={<div className="yk-reflect-editor-loading">编辑器加载中…</div>}>
      <RichTextEditor
        value={value ?? ""}
        onChange={onChange}
        minHeight={240}
        placeholder="记录教学中的收获、问题与改进设想……"
        data-testid="reflect-content-editor"
      />
    </Suspense>
  );
}

/** One reflection: title, where, when, the summary or (展开) the content, edit and delete. */
function ReflectionItem({ r, onEdit, onDelete }: { r: ReflectRow; onEdit: () => void; onDelete: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="yk-reflect-item" data-testid="reflect-row" data-id={r.id}>
      <div className="yk-reflect-item-head">
        <div className="yk-reflect-item-main">
          <Typography.Link strong className="yk-reflect-title" onClick={() => setOpen(!open)} data-testid="reflect-title-text" title={r.title}>
            {r.title}
          </Typography.Link>
          <div className="yk-muted yk-pc-meta">
            {r.activity_name ? (
              <span>
                <Tag color="cyan" className="yk-reflect-tag">
                  活动
                </Tag>
                <span data-testid="reflect-activity-name">{r.activity_name}</span>
              </span>
            ) : null}
            {r.community_name ? (
              <span>
                <Tag color="green" className="yk-reflect-tag">
                  社区
                </Tag>
                {r.community_name}
              </span>
            ) : null}
            {!r.activity_name && !r.community_name ? <span>个人反思</span> : null}
            <span>写于 {minutes(r.created_at)}</span>
            {reflectEdited(r) ? <span>更新于 {minutes(r.updated_at)}</span> : null}
          </div>
        </div>
        {r.can_delete ? (
          <Space size={0} className="yk-reflect-actions">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="reflect-edit">
              编辑
            </Button>
            <Popconfirm
              title={`确定删除反思「${r.title}」吗？`}
              description="删除后不可恢复"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={onDelete}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="reflect-delete">
                删除
              </Button>
            </Popconfirm>
          </Space>
        ) : null}
      </div>
      {open ? (
        r.content ? (
          <div
            className="yk-reflect-content"
            data-testid="reflect-content"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server before it is stored (reflect.service.ts → sanitizeRichText).
            dangerouslySetInnerHTML={{ __html: r.content }}
          />
        ) : (
          <div className="yk-muted yk-reflect-summary" data-testid="reflect-content">
            未填写内容
          </div>
        )
      ) : (
        <div className="yk-reflect-summary" data-testid="reflect-summary">
          {r.summary || <span className="yk-muted">未填写内容</span>}
        </div>
      )}
      {r.content ? (
        <Typography.Link className="yk-reflect-toggle" onClick={() => setOpen(!open)} data-testid="reflect-toggle">
          {open ? "收起" : "展开全文"}
        </Typography.Link>
      ) : null}
    </div>
  );
}

/**
 * The caller's reflections (c388). With `activity` only those on that activity (the filter and the dialog's activity
 * fixed to it).
 */
export function ReflectionPanel({ activity }: { activity?: ReflectActivity }) {
  const qc = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [title, setTitle] = useState("");
  const [kw, setKw] = useState("");
  const [activityId, setActivityId] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<{ row: ReflectRow | null } | null>(null);
  const acts = useInvolvedActivities(!activity);
  const filterActivity = activity?.id ?? activityId;
  const q = useQuery({
    queryKey: [...REFLECT_KEY, "list", paging, title, filterActivity ?? 0],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.reflectList, { ...paging, ...(title ? { title } : {}), activity_id: filterActivity || undefined, community_id: undefined }),
  });
  const rows = q.data?.list ?? [];
  const total = q.data?.total ?? 0;
  const remove = async (r: ReflectRow) => {
    try {
      await call(calls.reflectDelete, { id: r.id });
      toast.success("删除成功");
      if (rows.length === 1 && paging.page > 1) setPaging({ ...paging, page: paging.page - 1 });
      void qc.invalidateQueries({ queryKey: REFLECT_KEY });
    } catch {
      /* shown by the API client */
    }
  };
  const filtered = Boolean(title || activityId);
  return (
    <div data-testid="reflection-panel">
      <div className="yk-toolbar yk-reflect-toolbar">
        <Input.Search
          allowClear
          placeholder="反思标题"
          style={{ width: 240 }}
          value={kw}
          onChange={(e) => setKw(e.target.value)}
          onSearch={(v) => {
            setTitle(v.trim());
            setPaging({ ...paging, page: 1 });
          }}
          data-testid="reflect-search"
        />
        {activity ? null : (
          <Select
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            placeholder="按活动筛选"
            style={{ width: 260 }}
            value={activityId}
            loading={acts.isFetching}
            onChange={(v?: number) => {
              setActivityId(v);
              setPaging({ ...paging, page: 1 });
            }}
            options={activityOptions(acts.data?.list ?? [], [])}
            notFoundContent={<EmptyState compact />}
            data-testid="reflect-filter-activity"
          />
        )}
        <span className="yk-muted yk-reflect-total">{q.data ? `共 ${total} 篇` : ""}</span>
        <Button type="primary" icon={<FormOutlined />} onClick={() => setEditing({ row: null })} data-testid="reflect-new">
          写反思
        </Button>
      </div>
      <Spin spinning={q.isFetching}>
        {rows.length === 0 ? (
          <EmptyState text={q.isLoading ? "加载中…" : filtered ? "没有符合条件的反思" : "暂无数据"} />
        ) : (
          <div className="yk-reflect-list" data-testid="reflect-list">
            {rows.map((r) => (
              <ReflectionItem key={r.id} r={r} onEdit={() => setEditing({ row: r })} onDelete={() => remove(r)} />
            ))}
          </div>
        )}
      </Spin>
      {total > paging.limit ? (
        <Pagination
          align="end"
          style={{ marginTop: 12 }}
          size="small"
          current={paging.page}
          pageSize={paging.limit}
          total={total}
          onChange={(page) => setPaging({ ...paging, page })}
        />
      ) : null}
      <ReflectionEditor
        open={editing !== null}
        row={editing?.row ?? null}
        activity={activity}
        lockActivity={Boolean(activity)}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

/** How many reflections the caller wrote on an activity (c388, one row asked for, the total read). */
export function useReflectCount(activityId: number) {
  return useQuery({
    queryKey: [...REFLECT_KEY, "count", activityId],
    queryFn: async () => (await call(calls.reflectList, { page: 1, limit: 1, activity_id: activityId, community_id: undefined })).total,
  });
}

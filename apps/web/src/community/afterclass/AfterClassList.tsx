/**
 * 课后反思 (after-class reflections; community.md §3 After-class record, §7 After-class; issue #9): the reflections of
 * a community or of one listen record (c298), 写反思 (c304 createDirectly in a community, c300 save on a record),
 * 编辑 (c305 / c301), 删除 (c302), 展示 toggle for managers (c309), and a detail drawer (c314 read: the rich text,
 * the files with c306 / c308 / c313, the comments in the shared discussion panel, kind "after_class").
 */
import { DeleteOutlined, EditOutlined, EyeOutlined, FileTextOutlined, MessageOutlined, PaperClipOutlined, PlusOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, AFTER_CLASS_FILE_TYPES, type AfterClassDetail, type AfterClassRow, type FileRecord, type Call, type PayloadOf } from "@yanke/protocol";
import { App, Button, Drawer, Form, Input, Modal, Pagination, Popconfirm, Select, Space, Spin, Switch, Tag, Typography } from "antd";
import { useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { RichTextEditor } from "../../components/editor/RichTextEditor";
import { EmptyState } from "../../components/EmptyState";
import { FileUpload } from "../../components/upload";
import { getState, useSession } from "../../session/store";
import { RichHtml, sanitizeHtml } from "../blog/blog-common";
import { DiscussionPanel } from "../discuss/DiscussionPanel";
import "../discuss/discuss.css";

const acall = <C extends Call>(c: C, payload: PayloadOf<C>) => call(c, payload, { quiet: getState().session.token === "" });

export function AfterClassList({
  communityId,
  recordId,
  readOnly = false,
}: {
  communityId?: number;
  recordId?: number /** No 写反思 (a public page seen by a non-member). */;
  readOnly?: boolean;
}) {
  const session = useSession();
  const token = session.token;
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [title, setTitle] = useState("");
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<AfterClassRow | "new" | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const limit = 8;
  const q = useQuery({
    queryKey: ["after_class", "list", communityId ?? 0, recordId ?? 0, search, page, token !== ""],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () =>
      acall(calls.afterClassList, {
        page,
        limit,
        ...(communityId ? { community_id: communityId } : {}),
        ...(recordId ? { record_id: recordId } : {}),
        ...(search ? { title: search } : {}),
      }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ["after_class"] });
  const canWrite = !readOnly && token !== "" && Boolean(communityId || recordId);

  const remove = async (r: AfterClassRow) => {
    try {
      await call(calls.afterClassDelete, { id: r.id });
      toast.success("删除成功");
      if (viewing === r.id) setViewing(null);
      await refresh();
    } catch {
      /* shown */
    }
  };
  const display = async (r: AfterClassRow, on: boolean) => {
    try {
      await call(calls.afterClassIsDisplay, { id: r.id, is_display: on ? 1 : 0 });
      toast.success(on ? "已展示" : "已隐藏");
      await refresh();
    } catch {
      /* shown */
    }
  };

  const list = q.data?.list ?? [];
  return (
    <div data-testid="after-class-list">
      <div style={{ display: "flex", gap: 8, marginBottom: 8, alignItems: "center" }}>
        <Input.Search
          allowClear
          placeholder="搜索反思标题"
          style={{ maxWidth: 260 }}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
          data-testid="ac-search"
        />
        <span style={{ flex: 1 }} />
        {canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="ac-new">
            写反思
          </Button>
        ) : null}
      </div>
      {q.isLoading ? (
        <Spin style={{ display: "block", margin: "40px auto" }} />
      ) : !list.length ? (
        <EmptyState text={q.error ? (token ? "加载失败" : "登录后查看课后反思") : search ? "没有找到相关反思" : "暂无课后反思"} />
      ) : (
        <div className="yk-ac-list">
          {list.map((r) => (
            <div key={r.id} className="yk-ac-item" data-testid="ac-item" data-id={r.id} onClick={() => setViewing(r.id)}>
              {r.after_logo_url ? (
                <img className="yk-ac-logo" src={r.after_logo_url} alt="" />
              ) : (
                <div className="yk-ac-logo">
                  <FileTextOutlined />
                </div>
              )}
              <div className="yk-ac-main">
                <div style={{ display: "flex", alignItems: "center", gap: 8, minWidth: 0 }}>
                  <Typography.Text strong ellipsis style={{ minWidth: 0 }} data-testid="ac-title">
                    {r.title}
                  </Typography.Text>
                  {r.is_display === 0 ? <Tag color="default">已隐藏</Tag> : null}
                  {r.record_id ? <Tag color="blue">听评课反思</Tag> : null}
                </div>
                {r.title_supplement ? (
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
                    {r.title_supplement}
                  </Typography.Text>
                ) : null}
                <div className="yk-ac-meta">
                  <span>{r.account?.realname}</span>
                  {r.subject_name ? <span>{[r.period_name, r.subject_name, r.grade_name].filter(Boolean).join(" · ")}</span> : null}
                  {r.record_name ? <span>听评课：{r.record_name}</span> : null}
                  <span>{r.created_at?.slice(0, 16)}</span>
                  <span>
                    <EyeOutlined /> {r.view_count}
                  </span>
                  <span data-testid="ac-comment-count">
                    <MessageOutlined /> {r.comment_count}
                  </span>
                  <span>
                    <PaperClipOutlined /> {r.file_count}
                  </span>
                </div>
              </div>
              <div className="yk-ac-actions" onClick={(e) => e.stopPropagation()}>
                {r.can_manage ? (
                  <span title="是否在社区展示">
                    <Switch
                      size="small"
                      checked={r.is_display === 1}
                      onChange={(on) => void display(r, on)}
                      checkedChildren="展示"
                      unCheckedChildren="隐藏"
                      data-testid="ac-display"
                    />
                  </span>
                ) : null}
                {r.can_edit ? (
                  <a onClick={() => setEditing(r)} data-testid="ac-edit">
                    <EditOutlined /> 编辑
                  </a>
                ) : null}
                {r.can_delete ? (
                  <Popconfirm title="确定删除这篇课后反思吗？" okText="确定" cancelText="取消" onConfirm={() => remove(r)}>
                    <a style={{ color: "#cf1322" }} data-testid="ac-delete">
                      <DeleteOutlined /> 删除
                    </a>
                  </Popconfirm>
                ) : null}
              </div>
            </div>
          ))}
        </div>
      )}
      {(q.data?.total ?? 0) > limit ? (
        <Pagination
          style={{ marginTop: 12, textAlign: "right" }}
          size="small"
          current={page}
          pageSize={limit}
          total={q.data?.total}
          onChange={setPage}
          showSizeChanger={false}
          showTotal={(t) => `共 ${t} 篇`}
        />
      ) : null}
      {editing ? (
        <AfterClassForm
          row={editing === "new" ? null : editing}
          communityId={communityId}
          recordId={recordId}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            void refresh();
            if (editing === "new") setViewing(id);
          }}
        />
      ) : null}
      <AfterClassDrawer id={viewing} onClose={() => setViewing(null)} onEdit={(r) => setEditing(r)} />
    </div>
  );
}

interface FormValues {
  title: string;
  title_supplement: string;
  content: string;
}

/** 写反思 / 编辑反思. */
function AfterClassForm({
  row,
  communityId,
  recordId,
  onClose,
  onSaved,
}: {
  row: AfterClassRow | null;
  communityId?: number;
  recordId?: number;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [files, setFiles] = useState<FileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  // the content of a reflection being edited (lists do not carry it)
  const detail = useQuery({
    queryKey: ["after_class", "detail", row?.id ?? 0],
    enabled: row !== null,
    queryFn: () => call(calls.afterClassDetail, { id: row?.id }),
  });
  const ready = row === null || detail.data !== undefined;

  const submit = async () => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const fields = { title: v.title.trim(), title_supplement: (v.title_supplement ?? "").trim(), content: v.content ?? "" };
      let saved: AfterClassDetail;
      if (row) {
        saved = await call(row.record_id ? calls.afterClassUpdate : calls.afterClassUpdateDirectly, { id: row.id, ...fields });
        if (files.length)
          await call(calls.afterFileSave, { after_class_id: row.id, fileArr: files.map((f) => ({ file_id: f.id, file_name: f.file_name, type: 1 })) });
      } else {
        const fileArr = files.map((f) => ({ file_id: f.id, file_name: f.file_name, type: 1 }));
        saved = recordId
          ? await call(calls.afterClassSave, { record_id: recordId, ...fields, fileArr })
          : await call(calls.afterClassCreateDirectly, { community_id: communityId, ...fields, fileArr });
      }
      toast.success(row ? "保存成功" : "发布成功");
      onSaved(saved?.id ?? row?.id ?? 0);
    } catch {
      /* shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={860}
      title={row ? "编辑课后反思" : "写课后反思"}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={row ? "保存" : "发布"}
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      data-testid="ac-form"
    >
      {!ready ? (
        <Spin style={{ display: "block", margin: "40px auto" }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ title: row?.title ?? "", title_supplement: row?.title_supplement ?? "", content: detail.data?.content ?? "" }}
        >
          <Form.Item
            name="title"
            label="反思标题"
            rules={[
              { required: true, whitespace: true, message: "请输入反思标题" },
              { max: 100, message: "反思标题不能超过 100 个字符" },
            ]}
          >
            <Input placeholder="例如：《背影》课后反思" maxLength={100} data-testid="ac-form-title" />
          </Form.Item>
          <Form.Item name="title_supplement" label="副标题" rules={[{ max: 200, message: "副标题不能超过 200 个字符" }]}>
            <Input placeholder="选填" maxLength={200} />
          </Form.Item>
          <Form.Item name="content" label="反思内容">
            <RichTextEditor minHeight={200} placeholder="写下本节课的收获、不足与改进设想" />
          </Form.Item>
          <Form.Item label={row ? "追加附件" : "附件"}>
            <FileUpload kind="any" value={files} onChange={setFiles} buttonText="上传附件" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The detail of one reflection with its files and comments. */
function AfterClassDrawer({ id, onClose, onEdit }: { id: number | null; onClose: () => void; onEdit: (r: AfterClassRow) => void }) {
  const session = useSession();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [adding, setAdding] = useState<FileRecord[]>([]);
  const [fileType, setFileType] = useState(1);
  const q = useQuery({
    queryKey: ["after_class", "read", id ?? 0, session.token !== ""],
    enabled: id !== null,
    staleTime: 60_000,
    queryFn: () => acall(calls.afterClassRead, { id }),
  });
  const d = q.data;
  const reload = () => qc.invalidateQueries({ queryKey: ["after_class"] });

  const saveFiles = async (recs: FileRecord[]) => {
    if (!d || !recs.length) return;
    try {
      await call(calls.afterFileSave, { after_class_id: d.id, fileArr: recs.map((f) => ({ file_id: f.id, file_name: f.file_name, type: fileType })) });
      toast.success("附件已添加");
      setAdding([]);
      await reload();
    } catch {
      /* shown */
    }
  };
  const dropFile = (fileId: number, mine: boolean) => {
    modal.confirm({
      title: "确定删除该附件吗？",
      okText: "确定",
      cancelText: "取消",
      onOk: async () => {
        try {
          await call(mine ? calls.afterFileDelete : calls.deleteAfterFile, { id: fileId });
          toast.success("删除成功");
          await reload();
        } catch {
          /* shown */
        }
      },
    });
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={800}
      destroyOnHidden
      title={d ? d.title : "课后反思"}
      data-testid="ac-drawer"
      extra={
        d?.can_edit ? (
          <Button icon={<EditOutlined />} onClick={() => onEdit(d)}>
            编辑
          </Button>
        ) : null
      }
    >
      {q.isLoading ? (
        <Spin style={{ display: "block", margin: "40px auto" }} />
      ) : !d ? (
        <EmptyState text="课后反思不存在或已删除" />
      ) : (
        <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
          <div>
            {d.title_supplement ? <Typography.Text type="secondary">{d.title_supplement}</Typography.Text> : null}
            <div className="yk-ac-meta" style={{ marginTop: 4 }}>
              <span>{d.account?.realname}</span>
              {d.community_name ? <span>{d.community_name}</span> : null}
              {d.subject_name ? <span>{[d.period_name, d.subject_name, d.grade_name].filter(Boolean).join(" · ")}</span> : null}
              {d.record_name ? <span>听评课：{d.record_name}</span> : null}
              <span>{d.created_at?.slice(0, 16)}</span>
              <span>
                <EyeOutlined /> {d.view_count}
              </span>
            </div>
          </div>
          <div className="yk-ac-content" data-testid="ac-content">
            {d.content ? <RichHtml html={sanitizeHtml(d.content)} /> : <Typography.Text type="secondary">（未填写反思内容）</Typography.Text>}
          </div>
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              <PaperClipOutlined /> 附件（{d.fileArr?.length ?? 0}）
            </Typography.Title>
            {d.fileArr?.length ? (
              <div style={{ display: "flex", flexDirection: "column", gap: 6 }} data-testid="ac-files">
                {d.fileArr.map((f) => (
                  <div key={f.id} style={{ display: "flex", alignItems: "center", gap: 8 }}>
                    <Tag>{f.type_name || AFTER_CLASS_FILE_TYPES[f.type]}</Tag>
                    <a
                      href={f.file_path}
                      target="_blank"
                      rel="noreferrer"
                      style={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
                    >
                      {f.file_name}
                    </a>
                    <span className="yk-muted" style={{ fontSize: 12 }}>
                      {f.account_name} · {f.created_at?.slice(0, 16)}
                    </span>
                    {f.can_delete ? (
                      <a style={{ color: "#cf1322" }} onClick={() => dropFile(f.id, f.account_id === session.account_id)}>
                        删除
                      </a>
                    ) : null}
                  </div>
                ))}
              </div>
            ) : (
              <div>
                <Typography.Text type="secondary">暂无附件</Typography.Text>
              </div>
            )}
            {d.can_edit ? (
              <Space style={{ marginTop: 10, display: "flex" }} align="start">
                <Select
                  size="small"
                  value={fileType}
                  onChange={setFileType}
                  style={{ width: 110 }}
                  options={Object.entries(AFTER_CLASS_FILE_TYPES).map(([k, v]) => ({ value: Number(k), label: v }))}
                />
                <FileUpload
                  kind="any"
                  value={adding}
                  showList={false}
                  buttonText="添加附件"
                  onChange={(recs) => {
                    setAdding(recs);
                    void saveFiles(recs);
                  }}
                />
              </Space>
            ) : null}
          </div>
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              <MessageOutlined /> 评论
            </Typography.Title>
            <DiscussionPanel
              kind="after_class"
              refId={d.id}
              status={d.discuss_status === 1 ? 1 : 2}
              onCount={() => void qc.invalidateQueries({ queryKey: ["after_class", "list"] })}
            />
          </div>
        </div>
      )}
    </Drawer>
  );
}

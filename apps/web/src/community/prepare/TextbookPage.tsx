/**
 * 教材资源 (/textbook; issue #8, community.md §3 Textbook resource, §4): on the left the catalogue (edition → books
 * filtered by period, subject and grade → the book's catalogue tree with codes); on the right the resources attached
 * to the node picked (its descendants included): preview, download, upload to the node, edit or delete one's own,
 * and for checkers the 待审核 list with approve / reject; 学科网 documents of the node in their own tab (c397).
 * A logged-in page: the route guard sends anonymous visitors to login with '请登录后查看！！！'.
 */
import { CheckOutlined, CloseOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, UploadOutlined } from "@ant-design/icons";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PayloadOf,
  calls,
  TEXTBOOK_RESOURCE_TYPES,
  type FileRecord,
  type TextbookBookRow,
  type TextbookCatalogNode,
  type TextbookResourceRow,
  type XkwDocAnswer,
} from "@yanke/protocol";
import { App, Button, type ButtonProps, Card, Form, Input, Modal, Popconfirm, Select, Space, Spin, Table, Tabs, Tag, Tooltip, Tree, Typography } from "antd";
import { useEffect, useMemo, useState, type HTMLAttributes } from "react";
import { useSearchParams } from "react-router";
import { tablePagination } from "../../admin/common";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { FilePreview, FileUpload, downloadUrl } from "../../components/upload";
import { useSession } from "../../session/store";
import { PageHead } from "../personal/common";
import { ADMIN_IDENTITIES } from "../space/common";
import { bookFilterOptions, filterBooks, findByCode, njyStructure, pathTo, sizeText, type BookFilter } from "./TextbookTree";
import { TEXTBOOK_STATUS_COLORS, TEXTBOOK_TYPE_COLORS, catalogTreeData, useBooks, useCatalog, useEditions } from "./textbook-common";

const TYPE_OPTIONS = Object.entries(TEXTBOOK_RESOURCE_TYPES).map(([value, label]) => ({ value: Number(value), label }));

/** Where the page stands: the edition, the book, the node (its code). */
interface Where {
  editionId?: number;
  bookId?: number;
  nodeId?: number;
}

export function TextbookPage() {
  const [params, setParams] = useSearchParams();
  const editions = useEditions();
  const [where, setWhere] = useState<Where>({
    editionId: Number(params.get("edition_id")) || undefined,
    bookId: Number(params.get("book_id")) || undefined,
  });
  const [filter, setFilter] = useState<BookFilter>({});
  const books = useBooks(where.editionId);
  const catalog = useCatalog(where.bookId);
  const editionList = editions.data ?? [];
  const bookList = books.data ?? [];
  const tree = catalog.data?.tree ?? [];

  // The first edition, then the first book of the filters, by default.
  useEffect(() => {
    if (!where.editionId && editionList.length > 0) setWhere({ editionId: editionList[0]!.id });
  }, [where.editionId, editionList]);
  const shown = useMemo(() => filterBooks(bookList, filter), [bookList, filter]);
  useEffect(() => {
    if (books.isSuccess && shown.length > 0 && !shown.some((b) => b.id === where.bookId)) setWhere((w) => ({ editionId: w.editionId, bookId: shown[0]!.id }));
  }, [books.isSuccess, shown, where.bookId]);
  // ?code= opens a node once its book's tree is there.
  const codeParam = params.get("code") ?? "";
  useEffect(() => {
    if (!codeParam || tree.length === 0) return;
    const n = findByCode(tree, codeParam);
    if (n) setWhere((w) => ({ ...w, nodeId: n.id }));
  }, [codeParam, tree]);

  const edition = editionList.find((e) => e.id === where.editionId);
  const book = bookList.find((b) => b.id === where.bookId) ?? catalog.data?.book;
  const path = where.nodeId ? pathTo(tree, where.nodeId) : [];
  const node = path[path.length - 1];
  const options = bookFilterOptions(bookList, filter);

  const pickNode = (id?: number) => {
    setWhere((w) => ({ ...w, nodeId: id }));
    const n = id ? pathTo(tree, id).at(-1) : undefined;
    const next = new URLSearchParams(params);
    if (where.editionId) next.set("edition_id", String(where.editionId));
    if (where.bookId) next.set("book_id", String(where.bookId));
    if (n) next.set("code", n.code);
    else next.delete("code");
    setParams(next, { replace: true });
  };

  return (
    <div className="yk-page" data-testid="TextbookPage">
      <Card variant="borderless">
        <PageHead title="教材资源" sub="按教材版本、册次和章节目录浏览、上传和审核教学资源" />
      </Card>
      <div className="yk-tb-layout">
        <Card variant="borderless" className="yk-tb-side" title="教材目录" data-testid="textbook-catalogue">
          <Select
            style={{ width: "100%" }}
            placeholder="教材版本"
            loading={editions.isLoading}
            value={where.editionId}
            onChange={(v: number) => {
              setFilter({});
              setWhere({ editionId: v });
            }}
            options={editionList.map((e) => ({ value: e.id, label: e.book_count ? `${e.name}（${e.book_count} 册）` : e.name }))}
            data-testid="textbook-edition"
          />
          <div className="yk-tb-filters">
            <Select
              allowClear
              placeholder="学段"
              value={filter.period}
              onChange={(v?: string) => setFilter({ ...filter, period: v })}
              options={options.periods.map((v) => ({ value: v, label: v }))}
              data-testid="textbook-filter-period"
            />
            <Select
              allowClear
              placeholder="学科"
              value={filter.subject}
              onChange={(v?: string) => setFilter({ ...filter, subject: v })}
              options={options.subjects.map((v) => ({ value: v, label: v }))}
              data-testid="textbook-filter-subject"
            />
            <Select
              allowClear
              placeholder="年级"
              value={filter.grade}
              onChange={(v?: string) => setFilter({ ...filter, grade: v })}
              options={options.grades.map((v) => ({ value: v, label: v }))}
              data-testid="textbook-filter-grade"
            />
          </div>
          <Spin spinning={books.isFetching}>
            <div className="yk-tb-books" data-testid="textbook-books">
              {shown.map((b) => (
                <BookCard key={b.id} b={b} active={b.id === where.bookId} onClick={() => setWhere({ editionId: where.editionId, bookId: b.id })} />
              ))}
              {books.isSuccess && shown.length === 0 ? <EmptyState compact text="没有符合条件的教材" /> : null}
            </div>
          </Spin>
          <div className="yk-tb-section-title">
            <span>章节目录</span>
            {node ? (
              <Typography.Link style={{ fontSize: 12, fontWeight: 400 }} onClick={() => pickNode(undefined)}>
                查看全册资源
              </Typography.Link>
            ) : null}
          </div>
          <div className="yk-tb-tree">
            {catalog.isLoading ? (
              <Spin style={{ display: "block", padding: 24 }} />
            ) : tree.length === 0 ? (
              <EmptyState compact text={where.bookId ? "该教材暂无目录" : "请选择教材"} />
            ) : (
              <Tree
                key={where.bookId}
                showLine
                defaultExpandAll
                blockNode
                selectedKeys={node ? [node.id] : []}
                onSelect={(keys) => pickNode(keys.length ? Number(keys[0]) : undefined)}
                treeData={catalogTreeData(tree)}
                data-testid="textbook-tree"
              />
            )}
          </div>
        </Card>
        <div className="yk-tb-main">
          <NodePanel editionName={edition?.name ?? ""} book={book} path={path} />
        </div>
      </div>
    </div>
  );
}

function BookCard({ b, active, onClick }: { b: TextbookBookRow; active: boolean; onClick: () => void }) {
  return (
    <div
      className={`yk-tb-book${active ? " active" : ""}`}
      onClick={onClick}
      role="button"
      tabIndex={0}
      data-testid="textbook-book"
      data-id={b.id}
      data-active={active ? "1" : "0"}
    >
      <div className="yk-tb-book-cover">{b.cover_url ? <img src={b.cover_url} alt="" /> : (b.subject_name || b.name).slice(0, 1)}</div>
      <div style={{ minWidth: 0 }}>
        <div className="yk-tb-book-name" title={b.name}>
          {b.subject_name && !b.name.includes(b.subject_name) ? `${b.subject_name} ${b.name}` : b.name}
        </div>
        <div className="yk-tb-book-meta">
          {[b.period_name, b.grade_name].filter(Boolean).join(" · ")}
          {b.node_count ? ` · ${b.node_count} 个目录节点` : ""}
        </div>
      </div>
    </div>
  );
}

/** The right side: the node (or the whole book) with its resources and 学科网 documents. */
function NodePanel({ editionName, book, path }: { editionName: string; book?: TextbookBookRow; path: TextbookCatalogNode[] }) {
  const session = useSession();
  const node = path.at(-1);
  const [tab, setTab] = useState("all");
  const [uploading, setUploading] = useState(false);
  const isAdmin = ADMIN_IDENTITIES.includes(session.identity);
  const scope = node ? { catalogCode: node.code } : book ? { book_id: book.id } : null;
  // What the caller may check: the tab shows for administrators and whoever has something to check.
  const checking = useQuery({
    queryKey: ["textbook", "resources", "checking-count"],
    queryFn: () => call(calls.textbookResourceList, { page: 1, limit: 1, checking: 1, status: 0 }),
  });
  const pendingTotal = checking.data?.total ?? 0;
  const showChecking = isAdmin || pendingTotal > 0;

  if (!book) {
    return (
      <Card variant="borderless">
        <EmptyState text="请在左侧选择教材和章节" />
      </Card>
    );
  }
  const structure = njyStructure(editionName, book.name, path);
  return (
    <Card variant="borderless" data-testid="textbook-node-panel" data-code={node?.code ?? ""}>
      <div className="yk-tb-head">
        <div style={{ minWidth: 0, flex: 1 }}>
          <div className="yk-tb-path" data-testid="textbook-node-path">
            {structure}
          </div>
          <div className="yk-tb-keywords">
            {node ? (
              <>
                <Tag color="green" data-testid="textbook-node-code">
                  {node.code}
                </Tag>
                {node.keywords.length > 0 ? <span>知识点：</span> : null}
                {node.keywords.map((k) => (
                  <Tag key={k} bordered={false}>
                    {k}
                  </Tag>
                ))}
              </>
            ) : (
              <span>全册资源 · 选择左侧章节可查看该章节的资源并上传</span>
            )}
          </div>
        </div>
        <Tooltip title={node ? "" : "请先在左侧选择章节"}>
          <Button type="primary" icon={<UploadOutlined />} disabled={!node} onClick={() => setUploading(true)} data-testid="textbook-upload">
            上传资源
          </Button>
        </Tooltip>
      </div>
      <Tabs
        style={{ marginTop: 8 }}
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: "all", label: <span data-testid="textbook-tab-all">{node ? "本节资源" : "全册资源"}</span> },
          { key: "mine", label: <span data-testid="textbook-tab-mine">我的上传</span> },
          ...(showChecking
            ? [{ key: "checking", label: <span data-testid="textbook-tab-checking">待审核{pendingTotal > 0 ? `（${pendingTotal}）` : ""}</span> }]
            : []),
          { key: "xkw", label: <span data-testid="textbook-tab-xkw">学科网资源</span> },
        ]}
      />
      {scope && tab === "all" ? <ResourceTable key={`all-${node?.id ?? 0}`} scope={scope} /> : null}
      {scope && tab === "mine" ? <ResourceTable key={`mine-${node?.id ?? 0}`} scope={{ ...scope, mine: 1 }} /> : null}
      {tab === "checking" ? <ResourceTable key="checking" scope={{ checking: 1, status: 0 }} showWhere empty="暂无待审核的资源" /> : null}
      {tab === "xkw" ? <XkwDocs key={`xkw-${book.id}-${node?.id ?? 0}`} bookId={book.id} catalogId={node?.id} /> : null}
      {uploading && node ? <ResourceDialog node={node} structure={structure} onClose={() => setUploading(false)} /> : null}
    </Card>
  );
}

function useRefreshResources() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ["textbook", "resources"] });
    void qc.invalidateQueries({ queryKey: ["textbook", "catalog"] });
  };
}

/** A page of resources (c379) with what the caller may do on each. */
function ResourceTable({ scope, showWhere = false, empty }: { scope: Record<string, unknown>; showWhere?: boolean; empty?: string }) {
  const { message } = App.useApp();
  const refresh = useRefreshResources();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [type, setType] = useState<number | undefined>();
  const [keyword, setKeyword] = useState("");
  const [search, setSearch] = useState("");
  const [preview, setPreview] = useState<TextbookResourceRow | null>(null);
  const [editing, setEditing] = useState<TextbookResourceRow | null>(null);
  const [rejecting, setRejecting] = useState<TextbookResourceRow | null>(null);
  const payload = { ...scope, ...paging, ...(type ? { resource_type: type } : {}), ...(search ? { keyword: search } : {}) };
  const q = useQuery({
    queryKey: ["textbook", "resources", payload],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.textbookResourceList, payload),
  });
  const check = useMutation({
    mutationFn: (p: PayloadOf<typeof calls.textbookResourceCheck>) => call(calls.textbookResourceCheck, p),
    onSuccess: (_d, p) => {
      void message.success(p.status === 1 ? "已通过审核" : "已驳回");
      setRejecting(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(calls.textbookResourceDelete, { id }),
    onSuccess: () => {
      void message.success("已删除");
      refresh();
    },
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="资源类型"
          style={{ width: 130 }}
          value={type}
          onChange={(v?: number) => {
            setType(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={TYPE_OPTIONS}
        />
        <Input.Search
          allowClear
          placeholder="资源名称"
          style={{ width: 220 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => {
            setSearch(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </Space>
      <Table<TextbookResourceRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        data-testid="textbook-resource-table"
        locale={{ emptyText: <EmptyState text={empty ?? "暂无资源"} /> }}
        pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
        onRow={(r) => ({ "data-testid": "textbook-resource-row", "data-id": r.id, "data-status": r.status }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: "资源",
            render: (_: unknown, r) => (
              <div>
                <Space size={6} wrap>
                  <Tag color={TEXTBOOK_TYPE_COLORS[r.resource_type]}>{r.resource_type_name || TEXTBOOK_RESOURCE_TYPES[r.resource_type]}</Tag>
                  <Typography.Link className="yk-tb-res-name" onClick={() => setPreview(r)} data-testid="textbook-resource-name">
                    {r.file_name}
                  </Typography.Link>
                </Space>
                <div className="yk-tb-res-meta">
                  {showWhere || r.catalog_name ? <span>{showWhere ? r.njy_structure || r.catalog_name : `目录：${r.catalog_name}`}</span> : null}
                  <span>
                    上传：{r.account_name} {r.created_at.slice(0, 16)}
                  </span>
                  {r.community_name ? <span>社区：{r.community_name}</span> : null}
                  {r.activity_name ? <span>活动：{r.activity_name}</span> : null}
                  {r.status === 2 && r.check_reason ? <span style={{ color: "#cf1322" }}>未通过原因：{r.check_reason}</span> : null}
                </div>
              </div>
            ),
          },
          { title: "作者", width: 100, ellipsis: true, render: (_: unknown, r) => r.author || r.account_name },
          {
            title: "状态",
            width: 84,
            render: (_: unknown, r) => (
              <Tag color={TEXTBOOK_STATUS_COLORS[r.status]} data-testid="textbook-resource-status">
                {r.status_name}
              </Tag>
            ),
          },
          { title: "大小", width: 84, render: (_: unknown, r) => sizeText(r.size) },
          {
            title: "操作",
            width: 176,
            render: (_: unknown, r) => (
              <Space size={0} wrap>
                <Tooltip title="预览">
                  <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreview(r)} disabled={!r.file_id} />
                </Tooltip>
                <Tooltip title="下载">
                  <Button
                    type="link"
                    size="small"
                    icon={<DownloadOutlined />}
                    href={r.file_url ? downloadUrl(r.file_url) : undefined}
                    target="_blank"
                    disabled={!r.file_url}
                  />
                </Tooltip>
                {r.can_edit ? (
                  <Tooltip title="编辑">
                    <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid="textbook-resource-edit" />
                  </Tooltip>
                ) : null}
                {r.can_delete ? (
                  <Popconfirm title="确定删除该资源？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(r.id)}>
                    <Tooltip title="删除">
                      <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="textbook-resource-delete" />
                    </Tooltip>
                  </Popconfirm>
                ) : null}
                {r.can_check && r.status !== 1 ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<CheckOutlined />}
                    loading={check.isPending}
                    onClick={() => check.mutate({ id: r.id, status: 1 })}
                    data-testid="textbook-resource-approve"
                  >
                    通过
                  </Button>
                ) : null}
                {r.can_check && r.status !== 2 ? (
                  <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => setRejecting(r)} data-testid="textbook-resource-reject">
                    驳回
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <FilePreview open={preview !== null} fileId={preview?.file_id ?? null} title={preview?.file_name} onClose={() => setPreview(null)} />
      {editing ? <ResourceDialog editing={editing} onClose={() => setEditing(null)} /> : null}
      {rejecting ? (
        <RejectDialog
          row={rejecting}
          pending={check.isPending}
          onOk={(reason) => check.mutate({ id: rejecting.id, status: 2, reason })}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </>
  );
}

function RejectDialog({ row, pending, onOk, onClose }: { row: TextbookResourceRow; pending: boolean; onOk: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  return (
    <Modal
      open
      title={`驳回：${row.file_name}`}
      okText="驳回"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: pending }}
      onCancel={onClose}
      onOk={() => {
        if (!reason.trim()) return setError("请填写不通过的原因");
        onOk(reason.trim());
      }}
    >
      <Input.TextArea
        rows={3}
        maxLength={500}
        showCount
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError("");
        }}
        placeholder="不通过的原因"
        data-testid="textbook-reject-reason"
      />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Modal>
  );
}

interface ResourceForm {
  resource_type?: number;
  file_name?: string;
  author?: string;
  community_id?: number;
  introduction?: string;
  files?: FileRecord[];
}

/** Upload a resource to a node (c376), or edit one (c377; a new file replaces the old one). */
function ResourceDialog({
  node,
  structure,
  editing,
  onClose,
}: {
  node?: TextbookCatalogNode;
  structure?: string;
  editing?: TextbookResourceRow;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const session = useSession();
  const refresh = useRefreshResources();
  const [form] = Form.useForm<ResourceForm>();
  const communities = useQuery({
    queryKey: ["textbook", "myCommunities"],
    enabled: !editing,
    queryFn: () => call(calls.myCommunityList, { page: 1, limit: 100 }),
    select: (p) => p.list.filter((c) => c.member_status === 1 && c.status === 1),
  });
  const save = useMutation({
    mutationFn: (v: ResourceForm) => {
      const file = v.files?.[0];
      const common = {
        resource_type: v.resource_type,
        file_name: v.file_name?.trim() || undefined,
        author: v.author?.trim() ?? "",
        introduction: v.introduction?.trim() ?? "",
        ...(file ? { file_id: file.id, up_file_name: file.file_name } : {}),
      };
      if (editing) return call(calls.textbookResourceUpdate, { id: editing.id, ...common });
      return call(calls.textbookResourceSave, {
        ...common,
        file_name: common.file_name || file?.file_name.replace(/\.[^.]+$/, ""),
        catalogCode: node!.code,
        njy_structure: structure,
        ...(v.community_id ? { community_id: v.community_id } : {}),
      });
    },
    onSuccess: () => {
      void message.success(editing ? "已保存" : "已上传，等待审核");
      refresh();
      onClose();
    },
  });
  return (
    <Modal
      open
      width={620}
      title={editing ? "编辑资源" : "上传资源"}
      okText={editing ? "保存" : "上传"}
      cancelText="取消"
      onCancel={onClose}
      okButtonProps={{ loading: save.isPending, "data-testid": "textbook-resource-submit" } as ButtonProps}
      onOk={() => void form.validateFields().then((v) => save.mutate(v))}
      destroyOnHidden
    >
      <div data-testid="textbook-resource-dialog">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {editing ? editing.njy_structure || editing.catalog_name : `${structure ?? ""}（${node?.code ?? ""}）`}
        </Typography.Paragraph>
        <Form<ResourceForm>
          form={form}
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 18 }}
          initialValues={
            editing
              ? { resource_type: editing.resource_type, file_name: editing.file_name, author: editing.author, introduction: editing.introduction, files: [] }
              : { resource_type: 1, author: session.realname, files: [] }
          }
        >
          <Form.Item name="resource_type" label="资源类型" rules={[{ required: true, message: "请选择资源类型" }]}>
            <Select options={TYPE_OPTIONS} data-testid="textbook-resource-type" />
          </Form.Item>
          <Form.Item
            name="files"
            label="资源文件"
            required={!editing}
            rules={
              editing
                ? []
                : [{ validator: (_r, v: FileRecord[] | undefined) => (v && v.length > 0 ? Promise.resolve() : Promise.reject(new Error("请上传资源文件"))) }]
            }
            extra={editing ? "不上传则保留原文件" : undefined}
          >
            <FileUpload kind="any" max={1} buttonText={editing ? "更换文件" : "选择文件"} />
          </Form.Item>
          <Form.Item
            name="file_name"
            label="资源名称"
            rules={[{ max: 100, message: "资源名称不能超过 100 个字符" }]}
            extra={editing ? undefined : "不填则使用文件名"}
          >
            <Input placeholder="资源名称" maxLength={100} data-testid="textbook-resource-name-input" />
          </Form.Item>
          <Form.Item name="author" label="作者" rules={[{ max: 50, message: "作者不能超过 50 个字符" }]}>
            <Input placeholder="作者" maxLength={50} />
          </Form.Item>
          {!editing ? (
            <Form.Item name="community_id" label="所属社区" extra="可选：资源同时归入该社区">
              <Select
                allowClear
                placeholder="不归入社区"
                loading={communities.isLoading}
                options={(communities.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                data-testid="textbook-resource-community"
              />
            </Form.Item>
          ) : null}
          <Form.Item name="introduction" label="资源简介" rules={[{ max: 2000, message: "资源简介不能超过 2000 个字符" }]}>
            <Input.TextArea rows={3} maxLength={2000} placeholder="可选" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

/** 学科网 documents of the book and node (c397), paged. */
function XkwDocs({ bookId, catalogId }: { bookId: number; catalogId?: number }) {
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const q = useQuery({
    queryKey: ["textbook", "xkw", bookId, catalogId, paging],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.getXkwDoc, { page: paging.page, pagesize: paging.limit, textbookid: bookId, ...(catalogId ? { catalogid: catalogId } : {}) }),
  });
  const d = q.data;
  return (
    <>
      {d ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          来源：{d.provider === "remote" ? "学科网" : "本平台教材资源库"}，共 {d.total} 份文档
        </Typography.Paragraph>
      ) : null}
      <Table
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={d?.list ?? []}
        data-testid="textbook-xkw-table"
        locale={{ emptyText: <EmptyState text="暂无学科网文档" /> }}
        pagination={tablePagination(paging, d?.total ?? 0, setPaging)}
        columns={[
          {
            title: "文档",
            render: (_: unknown, r: XkwDocAnswer["list"][number]) => (
              <div>
                <Space size={6} wrap>
                  {r.type_name ? <Tag color="blue">{r.type_name}</Tag> : null}
                  {r.url ? (
                    <Typography.Link href={r.url} target="_blank" rel="noopener noreferrer" className="yk-tb-res-name">
                      {r.title}
                    </Typography.Link>
                  ) : (
                    <span className="yk-tb-res-name">{r.title}</span>
                  )}
                </Space>
                <div className="yk-tb-res-meta">
                  {r.catalog_name ? <span>目录：{r.catalog_name}</span> : null}
                  {r.course_name ? <span>学科：{r.course_name}</span> : null}
                  {r.file_type ? <span>格式：{r.file_type}</span> : null}
                </div>
              </div>
            ),
          },
          { title: "作者", dataIndex: "author", width: 110, ellipsis: true },
          { title: "大小", width: 90, render: (_: unknown, r: XkwDocAnswer["list"][number]) => sizeText(r.size) },
          { title: "日期", width: 110, render: (_: unknown, r: XkwDocAnswer["list"][number]) => r.date.slice(0, 10) },
        ]}
      />
    </>
  );
}

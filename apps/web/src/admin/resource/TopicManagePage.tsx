/**
 * 资源中心 → 专题管理 (#11; docs/api/topic.md): the topics the caller manages — create and edit (title, description,
 * cover, scope), the items (add from candidates by type and keyword, remove, reorder), publish or take back.
 * Teachers do not manage topics (docs/decisions/1130); the server answers 403 and the page says so.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PayloadOf,
  calls,
  TOPIC_ITEM_TYPE_NAMES,
  type FileRecord,
  type TopicCandidate,
  type TopicDetail,
  type TopicItemCard,
  type TopicRow,
} from "@yanke/protocol";
import {
  App,
  Button,
  Card,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from "antd";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { ImageUpload } from "../../components/upload";
import { useSession } from "../../session/store";
import { FIRST_PAGE, tablePagination, useScreenTitle, type PageState } from "../common";
import { SchoolSelect } from "../pickers";

const api = {
  list: (p: PayloadOf<typeof calls.topicList>) => call(calls.topicList, p),
  detail: (id: number) => call(calls.topicDetail, { id }),
  save: (p: PayloadOf<typeof calls.topicSave>) => call(calls.topicSave, p),
  update: (p: PayloadOf<typeof calls.topicUpdate>) => call(calls.topicUpdate, p),
  remove: (id: number) => call(calls.topicDelete, { id }),
  setStatus: (id: number, status: number) => call(calls.topicSetStatus, { id, status }),
  add: (id: number, item_type: number, item_ids: number[]) => call(calls.topicItemsAdd, { id, item_type, item_ids }),
  removeItems: (id: number, item_ids: number[]) => call(calls.topicItemsRemove, { id, item_ids }),
  sort: (id: number, item_ids: number[]) => call(calls.topicItemsSort, { id, item_ids }),
  candidates: (p: PayloadOf<typeof calls.topicCandidates>) => call(calls.topicCandidates, p),
};

const TYPES = [1, 2, 3, 4, 5];

function Thumb({ src, name, width = 96 }: { src: string; name: string; width?: number }) {
  return (
    <div
      style={{
        width,
        aspectRatio: "16 / 9",
        borderRadius: 6,
        overflow: "hidden",
        background: "linear-gradient(135deg, #2f8f77, #1f6f5c)",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        color: "#fff",
        flex: "none",
      }}
    >
      {src ? (
        <img src={src} alt="" loading="lazy" style={{ width: "100%", height: "100%", objectFit: "cover" }} />
      ) : (
        <span style={{ fontSize: 18, fontWeight: 600 }}>{name.replace(/^[\s《「『“"'（(【[]+/, "").slice(0, 1) || "专"}</span>
      )}
    </div>
  );
}

/** A cover address shown in ImageUpload (which holds file records). */
function coverRecord(url: string): FileRecord[] {
  if (!url) return [];
  return [
    {
      id: 0,
      file_path: url,
      file_name: "封面",
      file_type: "",
      type: "image",
      size: 0,
      mime: "",
      module: "image",
      account_id: 0,
      duration: null,
      codec: null,
      sha256: "",
      is_public: true,
      create_time: "",
    },
  ];
}

interface FormValues {
  title: string;
  description: string;
  school_id?: number;
}

function TopicForm({ open, row, onClose, onSaved }: { open: boolean; row: TopicRow | null; onClose: () => void; onSaved: (t: TopicRow) => void }) {
  const [form] = Form.useForm<FormValues>();
  const [cover, setCover] = useState<FileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const session = useSession();
  const identity = Number(session?.identity ?? 0);
  const scoped = identity === 1 || identity === 3 || identity === 5;
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ title: row?.title ?? "", description: row?.description ?? "", school_id: row?.school_id || undefined });
    setCover(coverRecord(row?.cover_url ?? ""));
  }, [open, row, form]);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const cover_url = cover[0]?.file_path ?? "";
      const saved = row
        ? await api.update({ id: row.id, title: v.title, description: v.description ?? "", cover_url })
        : await api.save({ title: v.title, description: v.description ?? "", cover_url, ...(v.school_id ? { school_id: v.school_id } : {}) });
      toast.success(row ? "已保存" : "专题已创建（草稿）");
      onSaved(saved);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={row ? "编辑专题" : "新建专题"}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      okButtonProps={{ "data-testid": "topic-form-ok" } as never}
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="title"
          label="专题名称"
          rules={[
            { required: true, whitespace: true, message: "请输入专题名称" },
            { max: 60, message: "专题名称不能超过 60 个字符" },
          ]}
        >
          <Input placeholder="如：双减背景下的作业设计" data-testid="topic-form-title" />
        </Form.Item>
        <Form.Item name="description" label="专题简介" rules={[{ max: 2000, message: "专题简介不能超过 2000 个字符" }]}>
          <Input.TextArea rows={4} placeholder="这个专题收录什么、适合谁看" data-testid="topic-form-description" />
        </Form.Item>
        <Form.Item label="封面">
          <ImageUpload value={cover} onChange={setCover} max={1} multiple={false} size={120} />
        </Form.Item>
        {!row && scoped ? (
          <Form.Item name="school_id" label="所属学校" extra={identity === 3 ? "不选则为本区县专题" : "不选则为全平台专题"}>
            <SchoolSelect testId="topic-form-school" width="100%" placeholder="选择学校（可不选）" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

function CandidatePicker({ topicId, open, onClose, onAdded }: { topicId: number; open: boolean; onClose: () => void; onAdded: (d: TopicDetail) => void }) {
  const [type, setType] = useState(1);
  const [keyword, setKeyword] = useState("");
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ["topic-admin", "candidates", topicId, type, keyword, paging],
    enabled: open,
    placeholderData: keepPreviousData,
    queryFn: () => api.candidates({ id: topicId, item_type: type, keyword, ...paging }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: type and open are the triggers: another item type, or opening the picker again, clears the picked rows.
  useEffect(() => setPicked([]), [type, open]);
  const add = async () => {
    setBusy(true);
    try {
      const d = await api.add(topicId, type, picked);
      toast.success(`已加入 ${picked.length} 项`);
      setPicked([]);
      onAdded(d);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  const columns: TableColumnsType<TopicCandidate> = [
    {
      title: "内容",
      key: "name",
      render: (_, r) => (
        <Space>
          <Thumb src={r.cover_url} name={r.name} width={80} />
          <div style={{ minWidth: 0 }}>
            <div style={{ fontWeight: 600 }} data-testid="candidate-name">
              {r.name}
            </div>
            <div className="yk-muted" style={{ fontSize: 12 }}>
              {[r.teacher_name, r.subject_name, r.school_name].filter(Boolean).join(" · ") || "—"}
            </div>
          </div>
        </Space>
      ),
    },
    {
      title: "状态",
      dataIndex: "state",
      width: 130,
      render: (v: string) => <Tag color={v.startsWith("公开") || v.startsWith("已") ? "green" : "default"}>{v}</Tag>,
    },
    { title: "时间", dataIndex: "created_at", width: 110, responsive: ["md"], render: (v: string) => v.slice(0, 10) },
  ];
  return (
    <Modal
      open={open}
      title="添加内容"
      width={860}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="c" onClick={onClose}>
          关闭
        </Button>,
        <Button key="ok" type="primary" disabled={!picked.length} loading={busy} onClick={() => void add()} data-testid="candidate-add">
          加入专题{picked.length ? `（${picked.length}）` : ""}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: "100%" }} size={12}>
        <Segmented
          value={type}
          onChange={(v) => {
            setType(Number(v));
            setPaging(FIRST_PAGE);
          }}
          options={TYPES.map((t) => ({ value: t, label: <span data-testid={`candidate-type-${t}`}>{TOPIC_ITEM_TYPE_NAMES[t]}</span> }))}
          block
        />
        <Input.Search
          placeholder="按名称或教师搜索"
          allowClear
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging(FIRST_PAGE);
          }}
          data-testid="candidate-search"
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          只列出本身已公开的内容和您管理范围内的内容；加入已发布专题的视频将在前台公开。
        </Typography.Text>
        <Table<TopicCandidate>
          rowKey="item_id"
          size="small"
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          columns={columns}
          rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(Number)), preserveSelectedRowKeys: true }}
          pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
          locale={{ emptyText: <Empty description="暂无可加入的内容" /> }}
          scroll={{ x: 560 }}
          data-testid="candidate-table"
        />
      </Space>
    </Modal>
  );
}

function ItemsDrawer({ topicId, onClose, onChanged }: { topicId: number | null; onClose: () => void; onChanged: () => void }) {
  const qc = useQueryClient();
  const [picking, setPicking] = useState(false);
  const key = ["topic-admin", "detail", topicId];
  const q = useQuery({ queryKey: key, enabled: topicId !== null, queryFn: () => api.detail(topicId!) });
  const t = q.data;
  const put = (d: TopicDetail) => {
    qc.setQueryData(key, d);
    onChanged();
  };
  const move = async (index: number, by: number) => {
    if (!t) return;
    const ids = t.items.map((i) => i.id);
    const j = index + by;
    if (j < 0 || j >= ids.length) return;
    [ids[index], ids[j]] = [ids[j]!, ids[index]!];
    try {
      put(await api.sort(t.id, ids));
    } catch {
      /* shown by the API client */
    }
  };
  const remove = async (item: TopicItemCard) => {
    if (!t) return;
    try {
      put(await api.removeItems(t.id, [item.id]));
      toast.success("已移除");
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <Drawer
      open={topicId !== null}
      onClose={onClose}
      title={t ? `专题内容：${t.title}` : "专题内容"}
      size="large"
      destroyOnHidden
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="topic-items-add">
          添加内容
        </Button>
      }
      data-testid="topic-items-drawer"
    >
      {t && !t.items.length ? <Empty description="还没有内容，点击右上角“添加内容”" /> : null}
      <ol style={{ listStyle: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: 8 }}>
        {(t?.items ?? []).map((i, index) => (
          <li
            key={i.id}
            data-testid="topic-item-row"
            style={{
              display: "flex",
              gap: 10,
              alignItems: "center",
              padding: 8,
              border: "1px solid #e3e8e6",
              borderRadius: 8,
              background: i.visible ? "#fff" : "#fafafa",
            }}
          >
            <span className="yk-muted" style={{ width: 22, textAlign: "right", flex: "none" }}>
              {index + 1}
            </span>
            <Thumb src={i.cover_url} name={i.name} width={88} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} data-testid="topic-item-row-name">
                {i.name}
              </div>
              <div className="yk-muted" style={{ fontSize: 12 }}>
                <Tag bordered={false}>{i.type_name}</Tag>
                {[i.teacher_name, i.school_name].filter(Boolean).join(" · ")}
                {!i.visible ? (
                  <Tooltip title="该内容未公开或已删除，前台不展示">
                    <Tag color="warning" style={{ marginLeft: 6 }}>
                      前台不可见
                    </Tag>
                  </Tooltip>
                ) : null}
              </div>
            </div>
            <Space size={2}>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label="上移"
                disabled={index === 0}
                onClick={() => void move(index, -1)}
                data-testid="topic-item-up"
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label="下移"
                disabled={index === t!.items.length - 1}
                onClick={() => void move(index, 1)}
                data-testid="topic-item-down"
              />
              <Popconfirm title="从专题中移除该内容？" okText="移除" cancelText="取消" onConfirm={() => void remove(i)}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="移除" data-testid="topic-item-remove" />
              </Popconfirm>
            </Space>
          </li>
        ))}
      </ol>
      {t ? (
        <CandidatePicker
          topicId={t.id}
          open={picking}
          onClose={() => setPicking(false)}
          onAdded={(d) => {
            put(d);
            setPicking(false);
          }}
        />
      ) : null}
    </Drawer>
  );
}

/** 资源中心 → 专题管理. */
export function TopicManagePage() {
  const title = useScreenTitle("专题管理");
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState("");
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<TopicRow | "new" | null>(null);
  const [itemsOf, setItemsOf] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ["topic-admin", "list", paging, keyword, status],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => api.list({ ...paging, keyword, status }),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ["topic-admin", "list"] });
  const publish = async (r: TopicRow, next: number) => {
    try {
      await api.setStatus(r.id, next);
      toast.success(next ? "已发布，前台可见" : "已撤回为草稿");
      refresh();
    } catch {
      /* shown by the API client */
    }
  };
  const remove = (r: TopicRow) =>
    modal.confirm({
      title: "删除专题",
      content: `确定删除专题《${r.title}》吗？专题中的内容条目一并移除（视频与资源本身不受影响）。`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await api.remove(r.id);
          toast.success("已删除");
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  const columns: TableColumnsType<TopicRow> = [
    {
      title: "专题",
      key: "title",
      render: (_, r) => (
        <Space align="start">
          <Thumb src={r.cover_url} name={r.title} width={112} />
          <div style={{ minWidth: 0, maxWidth: 420 }}>
            <div style={{ fontWeight: 600 }} data-testid="topic-row-title">
              {r.title}
            </div>
            <div
              className="yk-muted"
              style={{ fontSize: 12, overflow: "hidden", textOverflow: "ellipsis", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical" }}
            >
              {r.description || "暂无简介"}
            </div>
          </div>
        </Space>
      ),
    },
    {
      title: "内容",
      key: "items",
      width: 90,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setItemsOf(r.id)} data-testid="topic-row-count">
          {r.item_count} 项
        </Button>
      ),
    },
    { title: "范围", key: "scope", width: 150, responsive: ["lg"], render: (_, r) => r.school_name || (r.region_code ? "区县专题" : "全平台") },
    {
      title: "状态",
      dataIndex: "status",
      width: 90,
      render: (v: number, r) => (
        <Tag color={v === 1 ? "green" : "default"} data-testid="topic-row-status">
          {r.status_name}
        </Tag>
      ),
    },
    { title: "更新时间", dataIndex: "updated_at", width: 150, responsive: ["md"], render: (v: string) => v.slice(0, 16) },
    {
      title: "操作",
      key: "ops",
      width: 260,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setItemsOf(r.id)} data-testid="topic-row-items">
            内容
          </Button>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
            编辑
          </Button>
          {r.status === 1 ? (
            <Button type="link" size="small" onClick={() => void publish(r, 0)} data-testid="topic-row-unpublish">
              撤回
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => void publish(r, 1)} data-testid="topic-row-publish">
              发布
            </Button>
          )}
          {r.status === 1 ? (
            <Link to={`/foreground/topicPage?id=${r.id}`} target="_blank" style={{ padding: "0 7px", fontSize: 14 }}>
              预览
            </Link>
          ) : null}
          <Button type="link" size="small" danger onClick={() => remove(r)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="yk-page" data-testid="topic-manage-page">
      <Card
        variant="borderless"
        title={<span data-testid="page-title">{title}</span>}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="topic-new">
            新建专题
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            placeholder="专题名称"
            allowClear
            style={{ width: 240 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            data-testid="topic-search"
          />
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 120 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={[
              { value: 0, label: "草稿" },
              { value: 1, label: "已发布" },
            ]}
          />
        </Space>
        <Table<TopicRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          columns={columns}
          pagination={tablePagination(paging, list.data?.total ?? 0, setPaging)}
          locale={{
            emptyText: list.isError ? <Empty description={list.error instanceof Error ? list.error.message : "加载失败"} /> : <Empty description="暂无数据" />,
          }}
          scroll={{ x: 720 }}
          data-testid="topic-table"
        />
      </Card>
      <TopicForm
        open={editing !== null}
        row={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(t) => {
          const created = editing === "new";
          setEditing(null);
          refresh();
          if (created) setItemsOf(t.id);
        }}
      />
      <ItemsDrawer topicId={itemsOf} onClose={() => setItemsOf(null)} onChanged={refresh} />
    </div>
  );
}

/**
 * The bindings of one course node (c089) in 我的资源 / 课程资源: bind one of 我的视频 (c092), a document uploaded here
 * (chunked upload → file id) or one of 我的文件, or a meeting recording (c091); unbind (c090).
 */
import { DeleteOutlined, FileTextOutlined, PlayCircleOutlined, VideoCameraAddOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, BIND_TYPE_NAMES, BIND_TYPES, type MergeAnswer, type ResourceBindRow } from "@yanke/protocol";
import { Button, Empty, Input, List, Modal, Pagination, Popconfirm, Space, Table, Tabs, Tag, Typography } from "antd";
import { useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { DocumentUpload, formatBytes } from "../../components/upload";
import { clock } from "../../pages/video/source";

const bindKey = (nodeId: number) => ["myResource", "binds", nodeId];

async function bind(nodeId: number, p: { resources_id: number; resources_type: number; title: string; url?: string; size?: number }): Promise<boolean> {
  try {
    await call(calls.resourceBind, { id: nodeId, ...p });
    toast.success(`已绑定${BIND_TYPE_NAMES[p.resources_type] ?? ""}「${p.title}」`);
    return true;
  } catch {
    return false; // shown by the API client
  }
}

function VideoPicker({ nodeId, onDone }: { nodeId: number; onDone: () => void }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ["myResource", "myVideos", search, page],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.myVideoAll, { page, limit: 8, ...(search ? { search_name: search } : {}) }),
  });
  return (
    <div data-testid="resource-bind-video-picker">
      <Input.Search
        allowClear
        placeholder="搜索我的视频"
        enterButton="搜索"
        onSearch={(v) => {
          setSearch(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 8 }}
        data-testid="resource-bind-video-search"
      />
      <List
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无视频，可先在 我的视频 上传" /> }}
        renderItem={(v) => (
          <List.Item
            data-testid="resource-bind-video-row"
            actions={[
              <Button
                key="bind"
                size="small"
                type="primary"
                data-testid="resource-bind-video-choose"
                onClick={async () => (await bind(nodeId, { resources_id: v.id, resources_type: BIND_TYPES.video, title: v.name })) && onDone()}
              >
                绑定
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={
                v.thumbnail_url ? (
                  <img src={v.thumbnail_url} alt="" loading="lazy" style={{ width: 72, height: 40, objectFit: "cover", borderRadius: 4 }} />
                ) : (
                  <PlayCircleOutlined style={{ fontSize: 28, color: "#2f8f77" }} />
                )
              }
              title={v.name}
              description={`${clock(v.duration)} · ${v.status_name}${v.subject_name ? ` · ${v.subject_name}` : ""}`}
            />
          </List.Item>
        )}
      />
      {(q.data?.total ?? 0) > 8 ? (
        <Pagination size="small" current={page} pageSize={8} total={q.data?.total} onChange={setPage} style={{ textAlign: "right" }} />
      ) : null}
    </div>
  );
}

function FilePicker({ nodeId, onDone }: { nodeId: number; onDone: () => void }) {
  const [uploaded, setUploaded] = useState<MergeAnswer[]>([]);
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState(1);
  const files = useQuery({
    queryKey: ["myResource", "myFiles", keyword, page],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.fileList, { page, limit: 6, ...(keyword ? { keyword } : {}) }),
  });
  return (
    <Tabs
      items={[
        {
          key: "upload",
          label: "上传文档",
          children: (
            <DocumentUpload
              max={1}
              value={uploaded}
              onChange={async (list) => {
                setUploaded(list);
                const f = list[list.length - 1];
                if (f && (await bind(nodeId, { resources_id: f.id, resources_type: BIND_TYPES.file, title: f.real_file_name, url: f.save_path, size: f.size })))
                  onDone();
              }}
            />
          ),
        },
        {
          key: "mine",
          label: "我的文件",
          children: (
            <div>
              <Input.Search
                allowClear
                placeholder="搜索文件名"
                enterButton="搜索"
                onSearch={(v) => {
                  setKeyword(v.trim());
                  setPage(1);
                }}
                style={{ marginBottom: 8 }}
              />
              <List
                loading={files.isLoading}
                dataSource={files.data?.list ?? []}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无文件" /> }}
                renderItem={(f) => (
                  <List.Item
                    actions={[
                      <Button
                        key="bind"
                        size="small"
                        type="primary"
                        onClick={async () =>
                          (await bind(nodeId, {
                            resources_id: f.id,
                            resources_type: f.type === "video" ? BIND_TYPES.video : BIND_TYPES.file,
                            title: f.file_name,
                            url: f.file_path,
                            size: f.size,
                          })) && onDone()
                        }
                        disabled={f.type === "video"}
                      >
                        绑定
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      avatar={<FileTextOutlined style={{ fontSize: 22, color: "#2f8f77" }} />}
                      title={f.file_name}
                      description={`${f.file_type.toUpperCase()} · ${formatBytes(f.size)} · ${f.create_time}`}
                    />
                  </List.Item>
                )}
              />
              {(files.data?.total ?? 0) > 6 ? (
                <Pagination size="small" current={page} pageSize={6} total={files.data?.total} onChange={setPage} style={{ textAlign: "right" }} />
              ) : null}
            </div>
          ),
        },
      ]}
    />
  );
}

function MeetingPicker({ nodeId, onDone }: { nodeId: number; onDone: () => void }) {
  const [title, setTitle] = useState("");
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ["myResource", "meetings", title, page],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.resourceMeetingInfo, { page, limit: 6, ...(title ? { title } : {}) }),
  });
  return (
    <div>
      <Input.Search
        allowClear
        placeholder="搜索会议名称"
        enterButton="搜索"
        onSearch={(v) => {
          setTitle(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 8 }}
      />
      <List
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无带录像的会议" /> }}
        renderItem={(m) => (
          <List.Item>
            <div style={{ width: "100%" }}>
              <Typography.Text strong>{m.title}</Typography.Text>
              <div className="yk-muted" style={{ fontSize: 12 }}>
                {m.start_time} · {m.account_name}
              </div>
              {m.videos.map((v) => (
                <div key={v.id} style={{ display: "flex", alignItems: "center", gap: 8, marginTop: 6 }}>
                  <PlayCircleOutlined />
                  <span style={{ flex: 1, minWidth: 0 }}>{v.name}</span>
                  <span className="yk-muted">{clock(v.duration)}</span>
                  <Button
                    size="small"
                    type="primary"
                    onClick={async () => (await bind(nodeId, { resources_id: v.id, resources_type: BIND_TYPES.video, title: v.name })) && onDone()}
                  >
                    绑定
                  </Button>
                </div>
              ))}
            </div>
          </List.Item>
        )}
      />
      {(q.data?.total ?? 0) > 6 ? (
        <Pagination size="small" current={page} pageSize={6} total={q.data?.total} onChange={setPage} style={{ textAlign: "right" }} />
      ) : null}
    </div>
  );
}

type Picker = "video" | "file" | "meeting" | null;

export function ResourceBindPanel({ nodeId, onChanged }: { nodeId: number; onChanged?: () => void }) {
  const qc = useQueryClient();
  const [picker, setPicker] = useState<Picker>(null);
  const q = useQuery({ queryKey: bindKey(nodeId), queryFn: () => call(calls.resourcesVideo, { id: nodeId }) });
  const rows = Array.isArray(q.data) ? q.data : [];
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: bindKey(nodeId) });
    void qc.invalidateQueries({ queryKey: ["myResource", "list"] });
    onChanged?.();
  };
  const done = () => {
    setPicker(null);
    refresh();
  };

  return (
    <div className="ykra-binds" data-testid="resource-binds">
      <div className="ykra-binds-head">
        <span className="ykra-subtitle">绑定资源（{rows.length}）</span>
        <Space wrap size={6}>
          <Button size="small" icon={<PlayCircleOutlined />} onClick={() => setPicker("video")} data-testid="resource-bind-video">
            绑定我的视频
          </Button>
          <Button size="small" icon={<FileTextOutlined />} onClick={() => setPicker("file")} data-testid="resource-bind-file">
            绑定文档
          </Button>
          <Button size="small" icon={<VideoCameraAddOutlined />} onClick={() => setPicker("meeting")} data-testid="resource-bind-meeting">
            绑定会议录像
          </Button>
        </Space>
      </div>
      <Table<ResourceBindRow>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 480 }}
        data-testid="resource-bind-table"
        columns={[
          {
            title: "类型",
            dataIndex: "resources_type",
            width: 70,
            render: (t: number) => <Tag color={t === BIND_TYPES.video ? "green" : "blue"}>{BIND_TYPE_NAMES[t] ?? "—"}</Tag>,
          },
          { title: "名称", dataIndex: "title", ellipsis: true, render: (t: string) => <span data-testid="resource-bind-title">{t || "—"}</span> },
          { title: "时长/大小", width: 100, render: (_, r) => (r.resources_type === BIND_TYPES.video ? clock(r.duration) : formatBytes(r.size)) },
          {
            title: "操作",
            width: 80,
            render: (_, r) => (
              <Popconfirm
                title="解除绑定"
                description={`确定解除「${r.title}」的绑定吗？视频或文件本身不会删除。`}
                okText="解除"
                cancelText="取消"
                okButtonProps={{ danger: true, "data-testid": "resource-unbind-ok" }}
                onConfirm={async () => {
                  try {
                    await call(calls.delResourcesVideo, { id: r.id });
                    toast.success("已解除绑定");
                    refresh();
                  } catch {
                    /* shown by the API client */
                  }
                }}
              >
                <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid="resource-unbind">
                  解绑
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Modal
        open={picker !== null}
        onCancel={() => setPicker(null)}
        footer={null}
        destroyOnHidden
        width={640}
        title={picker === "video" ? "绑定我的视频" : picker === "file" ? "绑定文档" : "绑定会议录像"}
        data-testid="resource-bind-dialog"
      >
        {picker === "video" ? (
          <VideoPicker nodeId={nodeId} onDone={done} />
        ) : picker === "file" ? (
          <FilePicker nodeId={nodeId} onDone={done} />
        ) : picker === "meeting" ? (
          <MeetingPicker nodeId={nodeId} onDone={done} />
        ) : null}
      </Modal>
    </div>
  );
}

import { CheckOutlined, DeleteOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, MESSAGE_SOURCES, type MessageRow } from "@yanke/protocol";
import { Badge, Button, Card, Pagination, Popconfirm, Segmented, Select, Space, Spin, Tag } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { messageHref, PageHead } from "./common";

const SOURCE_COLORS: Record<string, string> = { notice: "blue", meeting: "purple", community: "green", article: "orange", activity: "cyan", system: "default" };

/** 消息 (/message and /personalCenter/message): the caller's messages, unread first with a dot; read, delete, open. */
export function MessagePage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [only, setOnly] = useState<"all" | "unread">("all");
  const [source, setSource] = useState<string | undefined>(undefined);
  const list = useQuery({
    queryKey: ["pc", "messages", paging, only, source],
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(calls.messageList, {
        ...paging,
        order: "unread",
        ...(only === "unread" ? { is_read: 0 } : {}),
        ...(source ? { source_type: source } : {}),
      }),
  });
  const unread = useQuery({ queryKey: ["pc", "unread"], queryFn: () => call(calls.messageUnread, {}) });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ["pc", "messages"] });
    void qc.invalidateQueries({ queryKey: ["pc", "unread"] });
  };
  const markRead = async (payload: Record<string, unknown>, quiet = false) => {
    try {
      const r = await call(calls.messageRead, payload);
      if (!quiet) toast.success(r.count > 0 ? `已将 ${r.count} 条消息标记为已读` : "没有未读消息");
      refresh();
    } catch {
      /* shown by the API client */
    }
  };
  const remove = async (m: MessageRow) => {
    try {
      await call(calls.messageDelete, { id: m.id });
      toast.success("删除成功");
      if ((list.data?.list.length ?? 0) === 1 && paging.page > 1) setPaging({ ...paging, page: paging.page - 1 });
      refresh();
    } catch {
      /* shown by the API client */
    }
  };
  const open = async (m: MessageRow) => {
    if (!m.is_read) await markRead({ id: m.id }, true);
    const to = messageHref(m);
    if (to) void navigate(to);
  };
  const rows = list.data?.list ?? [];
  const u = unread.data;
  return (
    <div className="yk-page" data-testid="MessagePage">
      <Card variant="borderless">
        <PageHead
          title="我的消息"
          sub={
            <span data-testid="msg-summary">
              共 {u?.total ?? 0} 条，未读 <b style={{ color: u?.unread ? "#f5222d" : undefined }}>{u?.unread ?? 0}</b> 条
            </span>
          }
          extra={
            <>
              <Segmented
                value={only}
                onChange={(v) => {
                  setOnly(v as "all" | "unread");
                  setPaging({ ...paging, page: 1 });
                }}
                options={[
                  { value: "all", label: "全部" },
                  { value: "unread", label: <span data-testid="msg-filter-unread">未读</span> },
                ]}
              />
              <Select
                allowClear
                placeholder="消息类型"
                style={{ width: 130 }}
                value={source}
                onChange={(v) => {
                  setSource(v);
                  setPaging({ ...paging, page: 1 });
                }}
                options={Object.entries(MESSAGE_SOURCES).map(([value, label]) => ({ value, label }))}
              />
              <Button icon={<CheckOutlined />} disabled={!u?.unread} onClick={() => void markRead({ all: 1 })} data-testid="msg-read-all">
                全部标为已读
              </Button>
            </>
          }
        />
      </Card>
      <Card variant="borderless">
        <Spin spinning={list.isFetching}>
          {rows.length === 0 ? (
            list.isLoading ? (
              <div style={{ height: 160 }} />
            ) : (
              <EmptyState text={only === "unread" ? "没有未读消息" : "暂无数据"} />
            )
          ) : (
            <div data-testid="msg-list">
              {rows.map((m) => (
                <div
                  key={m.id}
                  className={`yk-pc-msg${m.is_read ? " read" : ""}`}
                  data-testid="msg-row"
                  data-id={m.id}
                  data-read={m.is_read}
                  onClick={() => void open(m)}
                >
                  <span className={`yk-pc-msg-dot${m.is_read ? " read" : ""}`} data-testid={m.is_read ? undefined : "msg-unread-dot"} />
                  <div className="yk-pc-msg-body">
                    <Space size={6} wrap>
                      <Tag color={SOURCE_COLORS[m.source_type] ?? "default"}>{m.source_type_name || MESSAGE_SOURCES[m.source_type] || "消息"}</Tag>
                      <span className="yk-pc-msg-title" data-testid="msg-title">
                        {m.title}
                      </span>
                    </Space>
                    {m.content ? <div className="yk-pc-msg-content">{m.content}</div> : null}
                    <div className="yk-muted yk-pc-meta">
                      <span>{m.created_at}</span>
                      <span>来自：{m.sender_name || "系统"}</span>
                      {m.community_name ? <span>社区：{m.community_name}</span> : null}
                      {m.is_read ? <span>已读 {m.read_at}</span> : <Badge status="error" text="未读" />}
                    </div>
                  </div>
                  <Space size={0} onClick={(e) => e.stopPropagation()}>
                    {m.is_read ? null : (
                      <Button type="link" size="small" onClick={() => void markRead({ id: m.id })} data-testid="msg-read">
                        标为已读
                      </Button>
                    )}
                    <Popconfirm title="确定删除这条消息吗？" okText="删除" cancelText="取消" onConfirm={() => remove(m)}>
                      <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="msg-delete">
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                </div>
              ))}
            </div>
          )}
        </Spin>
        {(list.data?.total ?? 0) > paging.limit ? (
          <Pagination
            align="end"
            style={{ marginTop: 12 }}
            size="small"
            current={paging.page}
            pageSize={paging.limit}
            total={list.data?.total ?? 0}
            showTotal={(t) => `共 ${t} 条`}
            showSizeChanger
            pageSizeOptions={[10, 20, 50]}
            onChange={(page, limit) => setPaging({ page: limit !== paging.limit ? 1 : page, limit })}
          />
        ) : null}
      </Card>
    </div>
  );
}

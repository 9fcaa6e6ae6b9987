/**
 * 通知公告 (/community/notice): the notices of the community for its members (c194, both kinds; managers see drafts);
 * managers write operate notices (c326 / c327), delete (c328 / c324), publish or withdraw (c332), with participants
 * picked from the members (none = every member); detail (c331).
 */
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, NOTICE_KIND_NAMES, NOTICE_TYPES, PAGE, type NoticeRow } from "@yanke/protocol";
import { App, Button, Card, DatePicker, Descriptions, Drawer, Form, Input, Modal, Radio, Select, Table, Tag, type TableColumnsType } from "antd";
import dayjs, { type Dayjs } from "../../dayjs";
import { useEffect, useState } from "react";
import { toast } from "../../api/toast";
import { CommunityScreen, SpaceHeader, api, plainText, useMemberOptions, usePower, useRefreshCommunity } from "./common";

const FMT = "YYYY-MM-DD HH:mm:ss";

export function CommunityNoticePage() {
  return (
    <CommunityScreen testId="CommunityNoticePage" target="/community/notice">
      {(id) => <Notices communityId={id} />}
    </CommunityScreen>
  );
}

function Notices({ communityId }: { communityId: number }) {
  const power = usePower(communityId);
  const canManage = Boolean(power.data?.can_manage);
  const { modal } = App.useApp();
  const refresh = useRefreshCommunity();
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: PAGE.defaultLimit });
  const [draft, setDraft] = useState<{ name: string; notice_type?: number; status?: number }>({ name: "" });
  const [filters, setFilters] = useState(draft);
  const [editing, setEditing] = useState<NoticeRow | "new" | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "notices", communityId, paging, filters],
    enabled: Boolean(power.data?.can_view),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api(calls.communityNoticeList, {
        community_id: communityId,
        ...paging,
        name: filters.name || undefined,
        notice_type: filters.notice_type,
        status: filters.status,
      }),
  });

  const setStatus = async (n: NoticeRow, status: 0 | 1) => {
    try {
      const r = await api(calls.operateNoticeSetStatus, { id: n.id, status });
      toast.success(status === 1 ? `已发布，已通知 ${r.message_count} 人` : "已撤回");
      refresh();
    } catch {
      /* shown */
    }
  };
  const remove = (n: NoticeRow) =>
    modal.confirm({
      title: "删除通知",
      content: `确定删除「${n.name}」吗？已发送给成员的消息一并删除。`,
      okText: "删除",
      cancelText: "取消",
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api(n.notice_type === 1 ? calls.activityNoticeDelete : calls.operateNoticeDelete, { id: n.id });
          toast.success("删除成功");
          refresh();
        } catch {
          /* shown */
        }
      },
    });

  const columns: TableColumnsType<NoticeRow> = [
    {
      title: "标题",
      dataIndex: "name",
      ellipsis: true,
      render: (v: string, n) => (
        <a onClick={() => setViewing(n.id)} data-testid="notice-name">
          {v}
        </a>
      ),
    },
    { title: "种类", dataIndex: "notice_type_name", width: 100, render: (v: string, n) => <Tag color={n.notice_type === 1 ? "purple" : "blue"}>{v}</Tag> },
    { title: "类别", dataIndex: "type_name", width: 70 },
    ...(canManage
      ? [
          {
            title: "状态",
            dataIndex: "status",
            width: 90,
            render: (v: number, n: NoticeRow) => (
              <Tag color={v === 1 ? "green" : "default"} data-testid="notice-status">
                {n.status_name}
              </Tag>
            ),
          },
          { title: "已通知", dataIndex: "message_count", width: 80, align: "right" as const, render: (v: number) => `${v} 人` },
        ]
      : []),
    { title: "发布人", dataIndex: "account_name", width: 100 },
    { title: "发布时间", dataIndex: "created_at", width: 170 },
    ...(canManage
      ? [
          {
            title: "操作",
            width: 170,
            render: (_: unknown, n: NoticeRow) => (
              <div style={{ display: "flex", gap: 12 }}>
                <a onClick={() => setEditing(n)} data-testid="notice-edit">
                  编辑
                </a>
                {n.status === 1 ? (
                  <a onClick={() => void setStatus(n, 0)} data-testid="notice-withdraw">
                    撤回
                  </a>
                ) : (
                  <a onClick={() => void setStatus(n, 1)} data-testid="notice-publish">
                    发布
                  </a>
                )}
                <a style={{ color: "#d4380d" }} onClick={() => remove(n)} data-testid="notice-delete">
                  删除
                </a>
              </div>
            ),
          },
        ]
      : []),
  ];
  const search = () => {
    setFilters(draft);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  return (
    <div className="yk-page" data-testid="CommunityNoticePage">
      <SpaceHeader communityId={communityId} active="notice" />
      <Card
        title="通知公告"
        extra={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="notice-create">
              发布公告
            </Button>
          ) : null
        }
      >
        {power.isSuccess && !power.data.can_view ? (
          <div style={{ padding: 24, textAlign: "center", color: "#8a9690" }}>请先加入社区后查看</div>
        ) : (
          <>
            <div style={{ display: "flex", gap: 8, marginBottom: 12 }}>
              <Input
                allowClear
                placeholder="标题"
                style={{ width: 220 }}
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                onPressEnter={search}
              />
              <Select
                allowClear
                placeholder="种类"
                style={{ width: 130 }}
                value={draft.notice_type}
                onChange={(v) => setDraft({ ...draft, notice_type: v })}
                options={[1, 2].map((k) => ({ value: k, label: NOTICE_KIND_NAMES[k] }))}
              />
              {canManage ? (
                <Select
                  allowClear
                  placeholder="状态"
                  style={{ width: 110 }}
                  value={draft.status}
                  onChange={(v) => setDraft({ ...draft, status: v })}
                  options={[
                    { value: 1, label: "已发布" },
                    { value: 0, label: "未发布" },
                  ]}
                />
              ) : null}
              <Button type="primary" icon={<SearchOutlined />} onClick={search}>
                查询
              </Button>
            </div>
            <Table
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={q.data?.list ?? []}
              loading={q.isFetching}
              pagination={{
                current: paging.page,
                pageSize: paging.limit,
                total: q.data?.total ?? 0,
                showTotal: (t) => `共 ${t} 条`,
                onChange: (page, limit) => setPaging({ page, limit }),
              }}
            />
          </>
        )}
      </Card>
      <NoticeForm
        communityId={communityId}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <NoticeDetail id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

interface NoticeValues {
  name: string;
  type: number;
  message_content: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  participation_account_ids: number[];
  status: number;
}

function NoticeForm({
  communityId,
  editing,
  onClose,
  onSaved,
}: {
  communityId: number;
  editing: NoticeRow | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<NoticeValues>();
  const [busy, setBusy] = useState(false);
  const open = editing !== null;
  const members = useMemberOptions(communityId, open);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing && editing !== "new") {
      form.setFieldsValue({
        name: editing.name,
        type: editing.type,
        message_content: plainText(editing.message_content),
        range:
          editing.start_time || editing.end_time
            ? [editing.start_time ? dayjs(editing.start_time) : null, editing.end_time ? dayjs(editing.end_time) : null]
            : null,
        participation_account_ids: editing.participation_account_ids,
        status: editing.status,
      });
    } else form.setFieldsValue({ type: 2, status: 1, participation_account_ids: [], message_content: "" });
  }, [open, editing, form]);

  const submit = async () => {
    let v: NoticeValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      name: v.name.trim(),
      type: v.type,
      message_content: v.message_content ?? "",
      start_time: v.range?.[0]?.format(FMT) ?? "",
      end_time: v.range?.[1]?.format(FMT) ?? "",
      participation_account_ids: v.participation_account_ids ?? [],
      status: v.status,
    };
    setBusy(true);
    try {
      if (editing && editing !== "new") {
        await api(editing.notice_type === 1 ? calls.activityNoticeUpdate : calls.operateNoticeUpdate, { id: editing.id, ...body });
        toast.success("修改成功");
      } else {
        const r = await api(calls.operateNoticeSave, { community_id: communityId, ...body });
        toast.success(r.status === 1 ? `已发布，已通知 ${r.message_count} 人` : "已保存为草稿");
      }
      onSaved();
    } catch {
      /* shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={editing && editing !== "new" ? "编辑通知" : "发布公告"}
      width={640}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ "data-testid": "notice-form-ok" } as Record<string, string>}
    >
      <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 19 }} data-testid="notice-form">
        <Form.Item
          name="name"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: "请输入标题" },
            { max: 100, message: "标题不能超过 100 个字符" },
          ]}
        >
          <Input placeholder="通知标题" data-testid="notice-form-name" />
        </Form.Item>
        <Form.Item name="type" label="类别">
          <Radio.Group options={Object.entries(NOTICE_TYPES).map(([k, l]) => ({ value: Number(k), label: l }))} />
        </Form.Item>
        <Form.Item name="message_content" label="内容">
          <Input.TextArea rows={5} placeholder="通知内容" data-testid="notice-form-content" />
        </Form.Item>
        <Form.Item name="range" label="时间">
          <DatePicker.RangePicker showTime format={FMT} allowEmpty={[true, true]} style={{ width: "100%" }} placeholder={["开始时间", "结束时间"]} />
        </Form.Item>
        <Form.Item name="participation_account_ids" label="通知对象" extra="不选则通知社区全部成员">
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            placeholder="全部成员"
            options={members}
            data-testid="notice-form-participants"
          />
        </Form.Item>
        <Form.Item name="status" label="发布">
          <Radio.Group data-testid="notice-form-status">
            <Radio value={1}>立即发布</Radio>
            <Radio value={0} data-testid="notice-form-draft">
              存为草稿
            </Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function NoticeDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "notice", id],
    enabled: id !== null,
    queryFn: () => api(calls.operateNoticeDetail, { id }),
  });
  const n = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={n?.name ?? "通知详情"} size={560} destroyOnHidden>
      {n ? (
        <div data-testid="notice-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="种类">
              {n.notice_type_name} · {n.type_name}
            </Descriptions.Item>
            <Descriptions.Item label="状态">{n.status_name}</Descriptions.Item>
            <Descriptions.Item label="发布人">{n.account_name}</Descriptions.Item>
            <Descriptions.Item label="发布时间">{n.created_at}</Descriptions.Item>
            {n.start_time || n.end_time ? (
              <Descriptions.Item label="时间">
                {n.start_time || "—"} 至 {n.end_time || "—"}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label="通知对象">{n.participants.length ? n.participants.map((p) => p.realname).join("、") : "全部成员"}</Descriptions.Item>
          </Descriptions>
          <div style={{ marginTop: 16, whiteSpace: "pre-wrap", lineHeight: 1.8 }}>{plainText(n.message_content) || "（无内容）"}</div>
        </div>
      ) : null}
    </Drawer>
  );
}

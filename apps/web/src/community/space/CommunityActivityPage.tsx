/**
 * 社区活动 (/community/community7): the activities of the community (c393 with community_id) with phase tags and
 * filters; managers create / edit research activities (/v2/activity/save, /v2/activity/update) with participants from
 * the members, and delete (c395); detail (c394).
 */
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, ACTIVITY_PHASES, ACTIVITY_TYPES, PAGE, type ActivityRow } from "@yanke/protocol";
import { App, Button, Card, DatePicker, Descriptions, Drawer, Form, Input, Modal, Select, Table, Tag, type TableColumnsType } from "antd";
import dayjs, { type Dayjs } from "../../dayjs";
import { useEffect, useState } from "react";
import { toast } from "../../api/toast";
import { CommunityScreen, MemberAvatar, PHASE_COLORS, SpaceHeader, api, useMemberOptions, usePower, useRefreshCommunity } from "./common";

const FMT = "YYYY-MM-DD HH:mm:ss";

export function CommunityActivityPage() {
  return (
    <CommunityScreen testId="CommunityActivityPage" target="/community/community7">
      {(id) => <Activities communityId={id} />}
    </CommunityScreen>
  );
}

function Activities({ communityId }: { communityId: number }) {
  const power = usePower(communityId);
  const canManage = Boolean(power.data?.can_manage);
  const { modal } = App.useApp();
  const refresh = useRefreshCommunity();
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: PAGE.defaultLimit });
  const [draft, setDraft] = useState<{ keyword: string; type?: string; phase?: string }>({ keyword: "" });
  const [filters, setFilters] = useState(draft);
  const [editing, setEditing] = useState<ActivityRow | "new" | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "activities", communityId, paging, filters],
    enabled: Boolean(power.data?.can_view),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api(calls.activityList, {
        community_id: communityId,
        ...paging,
        keyword: filters.keyword || undefined,
        type: filters.type,
        phase: filters.phase,
      }),
  });
  const remove = (a: ActivityRow) =>
    modal.confirm({
      title: "删除活动",
      content: `确定删除「${a.name}」吗？`,
      okText: "删除",
      cancelText: "取消",
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api(calls.activityDelete, { id: a.id });
          toast.success("删除成功");
          refresh();
        } catch {
          /* shown */
        }
      },
    });
  const columns: TableColumnsType<ActivityRow> = [
    {
      title: "活动名称",
      dataIndex: "name",
      ellipsis: true,
      render: (v: string, a) => (
        <a onClick={() => setViewing(a.id)} data-testid="activity-name">
          {v}
        </a>
      ),
    },
    { title: "类型", dataIndex: "type_name", width: 100, render: (v: string) => <Tag color="cyan">{v}</Tag> },
    {
      title: "状态",
      dataIndex: "phase",
      width: 90,
      render: (v: string, a) => (
        <Tag color={PHASE_COLORS[v]} data-testid="activity-phase">
          {a.phase_name}
        </Tag>
      ),
    },
    { title: "开始时间", dataIndex: "start_time", width: 150, render: (v: string) => v.slice(0, 16) },
    { title: "结束时间", dataIndex: "end_time", width: 150, render: (v: string) => v.slice(0, 16) },
    { title: "发起人", dataIndex: "account_name", width: 90 },
    { title: "参与", dataIndex: "participant_count", width: 70, align: "right", render: (v: number) => `${v} 人` },
    ...(canManage
      ? [
          {
            title: "操作",
            width: 110,
            render: (_: unknown, a: ActivityRow) =>
              a.type === "research" ? (
                <div style={{ display: "flex", gap: 12 }}>
                  <a onClick={() => setEditing(a)} data-testid="activity-edit">
                    编辑
                  </a>
                  <a style={{ color: "#d4380d" }} onClick={() => remove(a)} data-testid="activity-delete">
                    删除
                  </a>
                </div>
              ) : (
                <span style={{ color: "#b0bab5" }}>在所属模块管理</span>
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
    <div className="yk-page" data-testid="CommunityActivityPage">
      <SpaceHeader communityId={communityId} active="activity" />
      <Card
        title="社区活动"
        extra={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="activity-create">
              发起教研活动
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
                placeholder="活动名称"
                style={{ width: 220 }}
                value={draft.keyword}
                onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
                onPressEnter={search}
              />
              <Select
                allowClear
                placeholder="活动类型"
                style={{ width: 130 }}
                value={draft.type}
                onChange={(v) => setDraft({ ...draft, type: v })}
                options={Object.entries(ACTIVITY_TYPES).map(([k, l]) => ({ value: k, label: l }))}
              />
              <Select
                allowClear
                placeholder="活动状态"
                style={{ width: 120 }}
                value={draft.phase}
                onChange={(v) => setDraft({ ...draft, phase: v })}
                options={Object.entries(ACTIVITY_PHASES).map(([k, l]) => ({ value: k, label: l }))}
              />
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
                showTotal: (t) => `共 ${t} 个活动`,
                onChange: (page, limit) => setPaging({ page, limit }),
              }}
            />
          </>
        )}
      </Card>
      <ActivityForm
        communityId={communityId}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <ActivityInfo id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

interface ActivityValues {
  name: string;
  introduction: string;
  range: [Dayjs, Dayjs];
  participation_account_ids: number[];
}

function ActivityForm({
  communityId,
  editing,
  onClose,
  onSaved,
}: {
  communityId: number;
  editing: ActivityRow | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<ActivityValues>();
  const [busy, setBusy] = useState(false);
  const open = editing !== null;
  const members = useMemberOptions(communityId, open);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing && editing !== "new") {
      form.setFieldsValue({
        name: editing.name,
        introduction: editing.introduction,
        range: [dayjs(editing.start_time), dayjs(editing.end_time)],
        participation_account_ids: editing.participation_account_ids,
      });
    } else form.setFieldsValue({ participation_account_ids: [] });
  }, [open, editing, form]);
  const submit = async () => {
    let v: ActivityValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      name: v.name.trim(),
      introduction: v.introduction ?? "",
      start_time: v.range[0].format(FMT),
      end_time: v.range[1].format(FMT),
      participation_account_ids: v.participation_account_ids ?? [],
    };
    setBusy(true);
    try {
      if (editing && editing !== "new") await api(calls.activityUpdate, { id: editing.id, ...body });
      else await api(calls.activitySave, { community_id: communityId, ...body });
      toast.success(editing && editing !== "new" ? "修改成功" : "保存成功");
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
      title={editing && editing !== "new" ? "编辑教研活动" : "发起教研活动"}
      width={640}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ "data-testid": "activity-form-ok" } as Record<string, string>}
    >
      <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 19 }} data-testid="activity-form">
        <Form.Item
          name="name"
          label="活动名称"
          rules={[
            { required: true, whitespace: true, message: "请输入活动名称" },
            { max: 100, message: "活动名称不能超过 100 个字符" },
          ]}
        >
          <Input placeholder="例如：初三语文复习课同课异构" data-testid="activity-form-name" />
        </Form.Item>
        <Form.Item
          name="range"
          label="活动时间"
          rules={[
            { required: true, message: "请选择活动时间" },
            {
              validator: (_, r: [Dayjs, Dayjs] | undefined) =>
                r?.[0] && r[1] && !r[1].isAfter(r[0]) ? Promise.reject(new Error("结束时间应晚于开始时间")) : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker showTime format={FMT} style={{ width: "100%" }} placeholder={["开始时间", "结束时间"]} />
        </Form.Item>
        <Form.Item name="introduction" label="活动简介">
          <Input.TextArea rows={4} maxLength={5000} placeholder="活动内容、安排与要求" />
        </Form.Item>
        <Form.Item name="participation_account_ids" label="参与人" extra="从社区成员中选择">
          <Select mode="multiple" allowClear showSearch={{ optionFilterProp: "label" }} placeholder="选择参与的成员" options={members} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ActivityInfo({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    staleTime: 0,
    queryKey: ["community", "activity", id],
    enabled: id !== null,
    queryFn: () => api(calls.activityInfo, { id }),
  });
  const a = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={a?.name ?? "活动详情"} size={560} destroyOnHidden>
      {a ? (
        <div data-testid="activity-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="类型">{a.type_name}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={PHASE_COLORS[a.phase]}>{a.phase_name}</Tag>
              {a.is_participant ? <Tag color="green">我参与</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label="时间">
              {a.start_time} 至 {a.end_time}
            </Descriptions.Item>
            <Descriptions.Item label="发起人">{a.account_name}</Descriptions.Item>
            <Descriptions.Item label="所属">{a.community_name || a.school_name}</Descriptions.Item>
          </Descriptions>
          <div style={{ margin: "16px 0", whiteSpace: "pre-wrap", lineHeight: 1.8 }}>{a.introduction || "暂无简介"}</div>
          <div style={{ fontWeight: 600, marginBottom: 8 }}>参与人（{a.participants.length}）</div>
          <div style={{ display: "flex", flexWrap: "wrap", gap: 12 }}>
            {a.participants.map((p) => (
              <div key={p.id} style={{ width: 64, textAlign: "center" }} title={p.school_name}>
                <MemberAvatar id={p.id} name={p.realname} url={p.head_portrait_url} size={36} />
                <div style={{ fontSize: 12, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{p.realname}</div>
              </div>
            ))}
            {a.participants.length === 0 ? <span style={{ color: "#8a9690" }}>暂无参与人</span> : null}
          </div>
        </div>
      ) : null}
    </Drawer>
  );
}

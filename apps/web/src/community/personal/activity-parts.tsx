/** Activity filters and the edit dialog of the personal centre's activity pages. */
import { useQuery } from "@tanstack/react-query";
import { calls, ACTIVITY_PHASES, ACTIVITY_TYPES, type ActivityDetail, type ActivityRow } from "@yanke/protocol";
import { Button, DatePicker, Descriptions, Drawer, Form, Input, Modal, Select, Space, Spin, Tag } from "antd";
import dayjs, { type Dayjs } from "../../dayjs";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { useSession } from "../../session/store";
import { activityHref, minutes, PersonAvatar, PHASE_COLORS } from "./common";

export interface ActivityFilterState {
  type?: string;
  phase?: string;
  keyword: string;
}

export function ActivityFilterBar({
  value,
  onChange,
  phases = true,
}: {
  value: ActivityFilterState;
  onChange: (v: ActivityFilterState) => void;
  phases?: boolean;
}) {
  const [kw, setKw] = useState(value.keyword);
  return (
    <div className="yk-toolbar" style={{ flexWrap: "wrap" }}>
      <Input.Search
        allowClear
        placeholder="活动名称"
        style={{ width: 220 }}
        value={kw}
        onChange={(e) => setKw(e.target.value)}
        onSearch={(v) => onChange({ ...value, keyword: v.trim() })}
      />
      <Select
        allowClear
        placeholder="活动类型"
        style={{ width: 130 }}
        value={value.type}
        onChange={(type) => onChange({ ...value, type })}
        options={Object.entries(ACTIVITY_TYPES).map(([v, label]) => ({ value: v, label }))}
      />
      {phases ? (
        <Select
          allowClear
          placeholder="活动状态"
          style={{ width: 120 }}
          value={value.phase}
          onChange={(phase) => onChange({ ...value, phase })}
          options={Object.entries(ACTIVITY_PHASES).map(([v, label]) => ({ value: v, label }))}
        />
      ) : null}
    </div>
  );
}

/** The filters as a payload (empty ones left out). */
export function filterPayload(f: ActivityFilterState): Record<string, string> {
  return { ...(f.type ? { type: f.type } : {}), ...(f.phase ? { phase: f.phase } : {}), ...(f.keyword ? { keyword: f.keyword } : {}) };
}

const FMT = "YYYY-MM-DD HH:mm:ss";

interface EditValues {
  name: string;
  introduction: string;
  range: [Dayjs, Dayjs];
}

/** Edit a research activity (/v2/activity/update): name, introduction, times. */
export function ActivityEditDialog({ row, onClose, onSaved }: { row: ActivityRow | null; onClose: () => void; onSaved: (a: ActivityDetail) => void }) {
  const [form] = Form.useForm<EditValues>();
  const [busy, setBusy] = useState(false);
  // The form instance outlives the dialog: each activity opened sets its own values (initialValues apply only once).
  useEffect(() => {
    if (row) form.setFieldsValue({ name: row.name, introduction: row.introduction, range: [dayjs(row.start_time), dayjs(row.end_time)] });
  }, [row, form]);
  const submit = async () => {
    if (!row) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      const a = await call(calls.activityUpdate, {
        id: row.id,
        name: v.name.trim(),
        introduction: v.introduction ?? "",
        start_time: v.range[0].format(FMT),
        end_time: v.range[1].format(FMT),
      });
      toast.success("修改成功");
      onSaved(a);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="编辑活动"
      open={row !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        data-testid="activity-edit-form"
        initialValues={row ? { name: row.name, introduction: row.introduction, range: [dayjs(row.start_time), dayjs(row.end_time)] } : undefined}
      >
        <Form.Item
          name="name"
          label="活动名称"
          rules={[
            { required: true, whitespace: true, message: "请输入活动名称" },
            { max: 100, message: "活动名称不能超过 100 个字符" },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="range"
          label="活动时间"
          rules={[
            { required: true, message: "请选择活动时间" },
            {
              validator: async (_r, v: [Dayjs, Dayjs] | undefined) => {
                if (v && !v[1].isAfter(v[0])) throw new Error("结束时间应晚于开始时间");
              },
            },
          ]}
        >
          <DatePicker.RangePicker showTime={{ format: "HH:mm" }} format="YYYY-MM-DD HH:mm" style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="introduction" label="活动简介" rules={[{ max: 5000, message: "活动简介不能超过 5000 个字符" }]}>
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Identities of administrators (platform, district, school …) who may recommend activities of their scope. */
const ADMIN_IDENTITIES = new Set([1, 3, 4, 5]);

/** The caller may recommend activities: an administrator, or the owner / an administrator of some community. */
export function useManagesActivities(): boolean {
  const s = useSession();
  const admin = ADMIN_IDENTITIES.has(s.identity) || s.identityCode.some((c) => ADMIN_IDENTITIES.has(c));
  const q = useQuery({
    queryKey: ["pc", "myCommunities", "managed"],
    enabled: !admin,
    queryFn: () => call(calls.myCommunityList, { page: 1, limit: 100 }),
  });
  return admin || (q.data?.list ?? []).some((c) => c.member_status === 1 && (c.role === 1 || c.role === 2));
}

/** An activity's detail (c394) in a drawer: times, community, introduction, participants; a link to its community page. */
export function ActivityDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ["pc", "activityInfo", id],
    enabled: id !== null,
    retry: false,
    queryFn: () => call(calls.activityInfo, { id }),
  });
  const a = q.data;
  const to = a ? activityHref(a) : null;
  return (
    <Drawer
      title={a?.name ?? "活动详情"}
      open={id !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
      extra={
        to ? (
          <Button type="primary" onClick={() => navigate(to)} data-testid="activity-drawer-open">
            {a?.type === "preparation" ? "查看集体备课" : "到社区查看"}
          </Button>
        ) : null
      }
    >
      <Spin spinning={q.isFetching}>
        {a ? (
          <div data-testid="activity-drawer">
            <Space size={4} wrap style={{ marginBottom: 12 }}>
              <Tag color="cyan">{a.type_name}</Tag>
              <Tag color={PHASE_COLORS[a.phase]}>{a.phase_name}</Tag>
              {a.is_recommend ? <Tag color="gold">推荐</Tag> : null}
              {a.is_participant ? <Tag color="green">我参与</Tag> : null}
            </Space>
            <Descriptions
              column={1}
              size="small"
              bordered
              styles={{ label: { width: 96, whiteSpace: "nowrap" } }}
              items={[
                { key: "time", label: "活动时间", children: `${minutes(a.start_time)} ～ ${minutes(a.end_time)}` },
                { key: "community", label: "所属社区", children: a.community_name || "—" },
                ...(a.school_name ? [{ key: "school", label: "学校", children: a.school_name }] : []),
                { key: "creator", label: "发起人", children: a.account_name },
                { key: "intro", label: "活动简介", children: <div style={{ whiteSpace: "pre-wrap" }}>{a.introduction || "暂无简介"}</div> },
              ]}
            />
            <div style={{ margin: "16px 0 8px", fontWeight: 600 }}>参与人（{a.participants.length}）</div>
            {a.participants.length ? (
              <Space wrap size={[16, 10]}>
                {a.participants.map((p) => (
                  <Space key={p.id} size={6}>
                    <PersonAvatar id={p.id} name={p.realname} url={p.head_portrait_url} size={24} />
                    <span>{p.realname}</span>
                  </Space>
                ))}
              </Space>
            ) : (
              <EmptyState compact />
            )}
          </div>
        ) : q.isError ? (
          <EmptyState text={(q.error as Error).message || "活动不存在或已删除"} />
        ) : (
          <div style={{ height: 200 }} />
        )}
      </Spin>
    </Drawer>
  );
}

import { LinkOutlined, VideoCameraOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls, MEETING_PROVIDERS } from "@yanke/protocol";
import { Alert, Button, Card, Col, DatePicker, Form, Input, Radio, Row, Select, Space } from "antd";
import dayjs, { type Dayjs } from "../../dayjs";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { useAppState, useSession } from "../../session/store";
import { PageHead, PersonAvatar } from "../personal/common";
import { meetingDetailHref, useMyCommunities } from "./meeting-common";

const FMT = "YYYY-MM-DD HH:mm:ss";

interface Values {
  name: string;
  community_id?: number;
  range?: [Dayjs, Dayjs];
  participation_account_ids: number[];
  introduction?: string;
  provider: "link" | "tencent";
  meeting_url?: string;
}

/**
 * 会议 (/meeting): book a meeting of a community the caller manages. 会议链接 saves the join link he gives (c232);
 * 腾讯会议 books through the server's configured provider (c228) — when the server is not set up for Tencent Meeting
 * it answers why, and the client shows that.
 */
export function MeetingPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useSession();
  const current = useAppState((s) => s.community);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const communities = useMyCommunities();
  const managed = useMemo(() => (communities.data ?? []).filter((c) => c.role === 1 || c.role === 2), [communities.data]);
  const communityId = Form.useWatch("community_id", form);
  const provider = Form.useWatch("provider", form) ?? "link";
  // Which service c228 books with: Tencent Meeting is offered only where the platform is set up for it.
  const configured = useQuery({
    queryKey: ["meeting", "provider"],
    queryFn: () => call(calls.meetingProvider, {}),
    staleTime: Infinity,
  });
  const tencent = configured.data?.provider === "tencent";
  useEffect(() => {
    if (tencent) form.setFieldValue("provider", "tencent");
  }, [tencent, form]);

  useEffect(() => {
    if (form.getFieldValue("community_id") || managed.length === 0) return;
    const wanted = Number(params.get("community_id") || current?.community_id || 0);
    const pick = managed.find((c) => c.id === wanted) ?? managed[0];
    if (pick) form.setFieldValue("community_id", pick.id);
  }, [managed, params, current, form]);

  const members = useQuery({
    queryKey: ["meeting", "members", communityId],
    enabled: Boolean(communityId),
    queryFn: () => call(calls.communityMemberList, { community_id: communityId, page: 1, limit: 100 }),
  });
  const memberOptions = (members.data?.list ?? [])
    .filter((m) => m.account_id !== me.account_id)
    .map((m) => ({
      value: m.account_id,
      label: (
        <Space size={6}>
          <PersonAvatar id={m.account_id} name={m.realname} url={m.head_portrait_url} size={20} />
          {m.realname}
          <span className="yk-muted" style={{ fontSize: 12 }}>
            {m.role_name}
          </span>
        </Space>
      ),
      name: m.realname,
    }));

  const submit = async () => {
    const v = await form.validateFields();
    if (!v.range || !v.community_id) return;
    const payload = {
      community_id: v.community_id,
      name: v.name.trim(),
      start_time: v.range[0].format(FMT),
      end_time: v.range[1].format(FMT),
      participation_account_ids: v.participation_account_ids ?? [],
      introduction: v.introduction?.trim() ?? "",
    };
    setBusy(true);
    try {
      const row =
        v.provider === "link"
          ? await call(calls.meetingSave, { ...payload, meeting_url: v.meeting_url?.trim() ?? "" })
          : await call(calls.tencentMeetingReservation, payload);
      toast.success(v.provider === "link" ? "会议已保存，参会人已收到邀请" : "预约成功，参会人已收到邀请");
      void navigate(meetingDetailHref(row.id));
    } catch {
      /* shown by the API client (腾讯会议未配置、预约失败等) */
    } finally {
      setBusy(false);
    }
  };

  const noCommunity = communities.isSuccess && managed.length === 0;
  return (
    <div className="yk-page" data-testid="MeetingPage">
      <Card variant="borderless">
        <PageHead
          title="预约会议"
          sub="为社区成员预约线上会议，参会人会在个人中心收到邀请"
          extra={<Button onClick={() => navigate("/meetinglist")}>我的会议</Button>}
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={17}>
          <Card variant="borderless" style={{ height: "100%" }}>
            {noCommunity ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title="只有社区创建者或管理员可以预约会议"
                description="您还没有可以管理的社区；可以在会议列表中查看您参加的会议。"
                data-testid="meeting-no-community"
              />
            ) : null}
            <Form<Values>
              form={form}
              layout="horizontal"
              labelCol={{ flex: "110px" }}
              wrapperCol={{ flex: "auto" }}
              initialValues={{ provider: "link", participation_account_ids: [] }}
              disabled={noCommunity}
              data-testid="meeting-form"
            >
              <Form.Item
                name="name"
                label="会议主题"
                rules={[
                  { required: true, whitespace: true, message: "请输入会议主题" },
                  { max: 100, message: "会议主题不能超过 100 个字符" },
                ]}
              >
                <Input maxLength={100} placeholder="如：七年级语文集体备课研讨" data-testid="meeting-name" />
              </Form.Item>
              <Form.Item name="community_id" label="所属社区" rules={[{ required: true, message: "请选择社区" }]}>
                <Select
                  placeholder="选择您管理的社区"
                  loading={communities.isLoading}
                  options={managed.map((c) => ({ value: c.id, label: `${c.name}（${c.role_name}）` }))}
                  onChange={() => form.setFieldValue("participation_account_ids", [])}
                  data-testid="meeting-community"
                />
              </Form.Item>
              <Form.Item
                name="range"
                label="会议时间"
                rules={[
                  { required: true, message: "请选择会议时间" },
                  {
                    validator: async (_r, v: [Dayjs, Dayjs] | undefined) => {
                      if (!v) return;
                      if (!v[1].isAfter(v[0])) throw new Error("结束时间必须晚于开始时间");
                      if (!v[1].isAfter(dayjs())) throw new Error("结束时间已过，不能预约过去的会议");
                    },
                  },
                ]}
              >
                <DatePicker.RangePicker
                  showTime={{ format: "HH:mm" }}
                  format="YYYY-MM-DD HH:mm"
                  style={{ width: "100%" }}
                  disabledDate={(d) => d.isBefore(dayjs().startOf("day"))}
                  placeholder={["开始时间", "结束时间"]}
                  data-testid="meeting-range"
                />
              </Form.Item>
              <Form.Item name="participation_account_ids" label="参会人" extra="社区已加入的成员；组织者无需选择">
                <Select
                  mode="multiple"
                  allowClear
                  placeholder={communityId ? "选择参会人" : "请先选择社区"}
                  loading={members.isFetching}
                  options={memberOptions}
                  optionFilterProp="name"
                  maxTagCount="responsive"
                  data-testid="meeting-participants"
                />
              </Form.Item>
              <Form.Item name="provider" label="会议方式" data-testid="meeting-provider" data-configured={configured.data?.provider ?? ""}>
                <Radio.Group
                  options={[
                    ...(tencent
                      ? [
                          {
                            value: "tencent",
                            label: (
                              <span data-testid="meeting-provider-tencent">
                                <VideoCameraOutlined /> {MEETING_PROVIDERS.tencent}（由平台预约）
                              </span>
                            ),
                          },
                        ]
                      : []),
                    {
                      value: "link",
                      label: (
                        <span data-testid="meeting-provider-link">
                          <LinkOutlined /> {MEETING_PROVIDERS.link}（填写已创建会议的入会链接）
                        </span>
                      ),
                    },
                  ]}
                />
              </Form.Item>
              {provider === "link" ? (
                <Form.Item
                  name="meeting_url"
                  label="会议链接"
                  rules={[
                    { required: true, whitespace: true, message: "请输入会议链接" },
                    { pattern: /^https?:\/\/\S+$/i, message: "会议链接应以 http:// 或 https:// 开头" },
                    { max: 1000, message: "会议链接不能超过 1000 个字符" },
                  ]}
                >
                  <Input placeholder="https://" data-testid="meeting-url" />
                </Form.Item>
              ) : (
                <Form.Item label=" " colon={false}>
                  <Alert type="info" showIcon title="入会链接和会议号由腾讯会议生成，预约后发给参会人。" />
                </Form.Item>
              )}
              <Form.Item name="introduction" label="会议说明" rules={[{ max: 2000, message: "会议说明不能超过 2000 个字符" }]}>
                <Input.TextArea rows={4} maxLength={2000} showCount placeholder="议程、准备事项等" />
              </Form.Item>
              <Form.Item label=" " colon={false}>
                <Space>
                  <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="meeting-submit">
                    {provider === "link" ? "保存会议" : "预约腾讯会议"}
                  </Button>
                  <Button onClick={() => navigate(-1)}>返回</Button>
                </Space>
              </Form.Item>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={7}>
          <Card variant="borderless" title="预约须知" style={{ height: "100%" }} data-testid="meeting-help">
            <ul className="yk-pc-help">
              <li>社区创建者和管理员可以为本社区预约会议。</li>
              <li>参会人须是社区已加入的成员，预约后会在「我的消息」中收到会议邀请。</li>
              <li>
                <b>会议链接</b>：先在会议软件中创建会议，再把入会链接（http:// 或 https:// 开头）填在这里。
              </li>
              <li>
                <b>腾讯会议</b>：平台配置了腾讯会议时由平台直接预约，入会链接和会议号自动生成。
              </li>
              <li>会议开始前，组织者和社区管理员可以在会议详情中取消会议，参会人会收到取消通知。</li>
            </ul>
          </Card>
        </Col>
      </Row>
    </div>
  );
}

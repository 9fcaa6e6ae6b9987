import { CopyOutlined, LoginOutlined, StopOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import { Alert, App, Button, Card, Descriptions, Space, Spin, Typography } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { communityHref, PageHead, PersonAvatar } from "../personal/common";
import { MeetingPhaseTag } from "./meeting-common";

/** 会议详情 (/meetingdetail?id=): the meeting (c230), its join link, and 取消会议 for the organizer or a community manager. */
export function MeetingDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const id = Number(params.get("id") || 0);
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({
    queryKey: ["meeting", "detail", id],
    enabled: valid,
    retry: false,
    queryFn: () => call(calls.tencentMeetingDetail, { id }),
  });
  const m = q.data;

  const cancel = () =>
    modal.confirm({
      title: "取消会议",
      content: `确定取消「${m?.name ?? ""}」吗？参会人会收到取消通知。`,
      okText: "取消会议",
      okButtonProps: { danger: true },
      cancelText: "不取消",
      onOk: async () => {
        try {
          await call(calls.tencentMeetingCancel, { id });
          toast.success("会议已取消");
          void qc.invalidateQueries({ queryKey: ["meeting"] });
        } catch {
          /* shown by the API client */
        }
      },
    });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("已复制入会链接");
    } catch {
      toast.error("复制失败，请手动选择链接复制");
    }
  };

  if (!valid) {
    return (
      <div className="yk-page" data-testid="MeetingDetailPage">
        <Card variant="borderless">
          <EmptyState text="会议编号无效" extra={<Button onClick={() => navigate("/meetinglist")}>返回会议列表</Button>} />
        </Card>
      </div>
    );
  }
  const live = m ? m.status === 1 && m.phase !== "ended" : false;
  return (
    <div className="yk-page" data-testid="MeetingDetailPage">
      <Card variant="borderless">
        <PageHead
          title={m?.name ?? "会议详情"}
          sub={
            m ? (
              <Space size={8}>
                <MeetingPhaseTag m={m} />
                <span>{m.provider_name}</span>
                {m.meeting_code ? <span>会议号 {m.meeting_code}</span> : null}
              </Space>
            ) : undefined
          }
          extra={
            <>
              <Button onClick={() => navigate("/meetinglist")}>会议列表</Button>
              {m?.can_cancel && m.status === 1 ? (
                <Button danger icon={<StopOutlined />} onClick={cancel} data-testid="meeting-cancel">
                  取消会议
                </Button>
              ) : null}
              {m && live && m.join_url ? (
                <Button type="primary" icon={<LoginOutlined />} href={m.join_url} target="_blank" rel="noopener noreferrer" data-testid="meeting-join">
                  进入会议
                </Button>
              ) : null}
            </>
          }
        />
      </Card>
      <Card variant="borderless">
        <Spin spinning={q.isFetching}>
          {q.isError ? (
            <EmptyState text={(q.error as Error)?.message || "会议不存在或已删除"} />
          ) : m ? (
            <>
              {m.status === 2 ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="该会议已取消" /> : null}
              <Descriptions
                bordered
                size="middle"
                column={{ xs: 1, md: 2 }}
                data-testid="meeting-detail"
                items={[
                  { key: "name", label: "会议主题", children: m.name, span: 2 },
                  {
                    key: "community",
                    label: "所属社区",
                    children: (() => {
                      const to = communityHref(m.community_id);
                      return to ? <Typography.Link onClick={() => navigate(to)}>{m.community_name}</Typography.Link> : m.community_name;
                    })(),
                  },
                  {
                    key: "organizer",
                    label: "组织者",
                    children: (
                      <Space size={6}>
                        <PersonAvatar id={m.account_id} name={m.account_name} size={22} />
                        {m.account_name}
                      </Space>
                    ),
                  },
                  { key: "start", label: "开始时间", children: m.start_time },
                  { key: "end", label: "结束时间", children: m.end_time },
                  {
                    key: "url",
                    label: "入会链接",
                    span: 2,
                    children: m.join_url ? (
                      <Space wrap>
                        <Typography.Link className="yk-pc-meeting-link" href={m.join_url} target="_blank" rel="noopener noreferrer" data-testid="meeting-url">
                          {m.join_url}
                        </Typography.Link>
                        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(m.join_url)}>
                          复制
                        </Button>
                      </Space>
                    ) : (
                      <span className="yk-muted">暂无</span>
                    ),
                  },
                  {
                    key: "participants",
                    label: `参会人（${m.participants.length}）`,
                    span: 2,
                    children: m.participants.length ? (
                      <Space wrap size={[12, 8]} data-testid="meeting-participants">
                        {m.participants.map((p) => (
                          <Space key={p.id} size={4}>
                            <PersonAvatar id={p.id} name={p.realname} size={22} />
                            {p.realname}
                          </Space>
                        ))}
                      </Space>
                    ) : (
                      <span className="yk-muted">未指定参会人</span>
                    ),
                  },
                  { key: "intro", label: "会议说明", span: 2, children: <div style={{ whiteSpace: "pre-wrap" }}>{m.introduction || "—"}</div> },
                  { key: "created", label: "预约时间", children: m.created_at },
                  { key: "status", label: "状态", children: m.status_name },
                ]}
              />
            </>
          ) : (
            <div style={{ height: 200 }} />
          )}
        </Spin>
      </Card>
    </div>
  );
}

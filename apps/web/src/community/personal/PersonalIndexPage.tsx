import {
  BellOutlined,
  CalendarOutlined,
  CloudOutlined,
  HistoryOutlined,
  HomeOutlined,
  LikeOutlined,
  SettingOutlined,
  StarOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls, isProfileComplete } from "@yanke/protocol";
import { Alert, Button, Card, Tag } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { call } from "../../api/client";
import { missingProfileFields, PROFILE_FIELD_LABELS } from "../../pages/PersonalSettingsPage";
import { useSession } from "../../session/store";
import { hasCommunityRoutes, PersonAvatar } from "./common";

interface Entry {
  to: string;
  title: string;
  desc: string;
  icon: ReactNode;
}

const ENTRIES: Entry[] = [
  { to: "/personalCenter/myPersonalCenter", title: "我的主页", desc: "工作室、视频与活动", icon: <HomeOutlined /> },
  { to: "/personalCenter/message", title: "我的消息", desc: "通知、会议与社区消息", icon: <BellOutlined /> },
  { to: "/personalCenter/collect", title: "我的收藏", desc: "收藏的社区、文章和活动", icon: <StarOutlined /> },
  { to: "/personalCenter/spaceManagement", title: "空间管理", desc: "存储空间与文件", icon: <CloudOutlined /> },
  { to: "/personalCenter/eventManagement", title: "活动管理", desc: "我发起的活动", icon: <CalendarOutlined /> },
  { to: "/personalCenter/eventHistory", title: "活动历史", desc: "参加过的活动", icon: <HistoryOutlined /> },
  { to: "/personalCenter/recommendedActivities", title: "推荐活动", desc: "平台推荐的教研活动", icon: <LikeOutlined /> },
  { to: "/meetinglist", title: "我的会议", desc: "预约与参加的会议", icon: <VideoCameraOutlined /> },
  { to: "/personalCenter/personalSettings", title: "个人设置", desc: "完善个人资料", icon: <SettingOutlined /> },
];

/** 个人中心 (/personalCenter): the caller's card, his figures and the ways into the personal centre. */
export function PersonalIndexPage() {
  const s = useSession();
  const navigate = useNavigate();
  const studio = useQuery({ queryKey: ["pc", "accountStudio", "me"], queryFn: () => call(calls.accountStudio, {}) });
  const unread = useQuery({ queryKey: ["pc", "unread"], queryFn: () => call(calls.messageUnread, {}) });
  const collects = useQuery({ queryKey: ["pc", "collect", "count"], queryFn: () => call(calls.collectList, { page: 1, limit: 1 }) });
  const d = studio.data;
  const complete = isProfileComplete(s);
  const missing = complete ? [] : missingProfileFields(s);
  const school = d?.account.school_name || s.school_index_name;
  const stats: { label: string; value: number | undefined; to: string; id: string }[] = [
    { id: "unread", label: "未读消息", value: unread.data?.unread, to: "/personalCenter/message" },
    { id: "communities", label: "加入的社区", value: d?.community_count, to: "/personalCenter/myPersonalCenter" },
    { id: "studios", label: "工作室", value: d?.studio_count, to: "/personalCenter/myPersonalCenter" },
    { id: "activities", label: "发起的活动", value: d?.activity_count, to: "/personalCenter/eventManagement" },
    { id: "involved", label: "参与的活动", value: d?.involved_count, to: "/personalCenter/eventHistory" },
    { id: "articles", label: "发表的文章", value: d?.article_count, to: "/personalCenter/myPersonalCenter" },
    { id: "videos", label: "我的视频", value: d?.video_count, to: "/personalCenter/myPersonalCenter" },
    { id: "collects", label: "我的收藏", value: collects.data?.total, to: "/personalCenter/collect" },
  ];
  return (
    <div className="yk-page" data-testid="PersonalIndexPage">
      <Card variant="borderless">
        <div className="yk-pc-profile" data-testid="pc-profile">
          <PersonAvatar id={s.account_id} name={s.realname} url={d?.account.head_portrait_url || s.head_portrait_url} size={72} />
          <div className="yk-pc-profile-who">
            <div className="yk-pc-profile-name" data-testid="pc-name">
              {s.realname || "未命名用户"}
            </div>
            <div className="yk-muted" style={{ marginTop: 4 }}>
              <span data-testid="pc-school">{school || "未设置学校"}</span>
              {d?.account.period_name || d?.account.subject_name ? (
                <span>　{[d.account.period_name, d.account.subject_name].filter(Boolean).join(" · ")}</span>
              ) : null}
            </div>
            <div style={{ marginTop: 8 }}>
              <Tag color="green" data-testid="pc-identity">
                {s.identity_name || "教师"}
              </Tag>
              {s.reputation ? <Tag>{s.reputation}</Tag> : null}
              <Tag color={complete ? "success" : "warning"}>{complete ? "资料已完善" : "资料待完善"}</Tag>
            </div>
          </div>
          <Button onClick={() => navigate("/personalCenter/personalSettings")}>个人设置</Button>
        </div>
        {complete ? null : (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            data-testid="pc-incomplete"
            title="请完善个人资料后再使用平台的全部功能"
            description={
              <span>
                尚未填写：
                {missing.map((f) => (
                  <Tag key={f} color="warning" style={{ marginInlineEnd: 4 }}>
                    {PROFILE_FIELD_LABELS[f]}
                  </Tag>
                ))}
              </span>
            }
            action={
              <Button size="small" type="primary" onClick={() => navigate("/personalCenter/personalSettings")}>
                去完善
              </Button>
            }
          />
        )}
      </Card>
      <Card title="我的数据" variant="borderless">
        <div className="yk-pc-stats">
          {stats.map((x) => (
            <div key={x.id} className="yk-pc-stat" onClick={() => navigate(x.to)} data-testid={`pc-stat-${x.id}`}>
              <div className="yk-pc-stat-value">{x.value ?? "—"}</div>
              <div className="yk-pc-stat-label">{x.label}</div>
            </div>
          ))}
        </div>
      </Card>
      <Card title="功能入口" variant="borderless">
        <div className="yk-pc-links">
          {ENTRIES.filter((e) => hasCommunityRoutes() || !e.to.startsWith("/meeting")).map((e) => (
            <div key={e.to} className="yk-pc-link" onClick={() => navigate(e.to)} data-testid={`pc-link-${e.to.split("/").pop()}`}>
              <span className="yk-pc-link-icon">{e.icon}</span>
              <div>
                <div className="yk-pc-link-title">{e.title}</div>
                <div className="yk-pc-link-desc">{e.desc}</div>
              </div>
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}

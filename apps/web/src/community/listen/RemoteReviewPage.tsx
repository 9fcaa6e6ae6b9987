/**
 * 远程听评课 (/foreground2_0/remoteClassroomReview?id=): a 远程 record's live classroom — the device's cameras of #6
 * (ListenDetail.live_urls, teacher and student switchable, HLS or low-latency FLV) in the LivePlayer of the patrol
 * pages — with the record's time-window state (未开始 / 进行中 / 已结束), the ScoreForm beside it for evaluators, who
 * is listening (members with their evaluation status) and the DiscussionPanel (chat key TPK: listen-target tags).
 */
import { FileTextOutlined, TeamOutlined } from "@ant-design/icons";
import type { ListenDetail } from "@yanke/protocol";
import { Alert, Button, Card, Segmented, Space, Tag } from "antd";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { LivePlayer } from "../../components/player";
import { CAMERA_NAMES } from "../../pages/patrol/patrol-view";
import { UserAvatar } from "../blog/blog-common";
import { span } from "../common/util";
import { DiscussionPanel } from "../discuss/DiscussionPanel";
import { windowState } from "./report-model";
import { idParam, RecordFrame, useListenDetail, WindowTag } from "./report-view";
import { ScoreForm } from "./ScoreForm";

type Protocol = "hls" | "flv";

/** A camera's name ("teacher" → 教师机位); other names as they come. */
export const cameraName = (camera: string): string => (CAMERA_NAMES as Record<string, string>)[camera] ?? camera;

export function RemoteReviewPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const q = useListenDetail(id);
  return (
    <RecordFrame id={id} q={q} testId="RemoteReviewPage">
      {() => <Remote d={q.data!} />}
    </RecordFrame>
  );
}

function Remote({ d }: { d: ListenDetail }) {
  const cams = d.live_urls ?? [];
  const [camera, setCamera] = useState<string>(cams[0]?.camera ?? "teacher");
  const [protocol, setProtocol] = useState<Protocol>("hls");
  const state = windowState(d.start_time, d.end_time);
  const cur = cams.find((c) => c.camera === camera) ?? cams[0];
  const src = state === "running" && cur ? (protocol === "flv" ? cur.flv_url : cur.hls_url) : "";
  const empty =
    d.is_type !== 1
      ? "该听评课不是远程听评课，没有直播画面"
      : state === "upcoming"
        ? `听评课尚未开始（${d.start_time.slice(0, 16)} 开始）`
        : state === "ended"
          ? "听评课已结束"
          : !cams.length
            ? "该教室设备暂无直播信号"
            : `${cameraName(cur?.camera ?? camera)}暂无直播信号`;
  const p = d.power;
  return (
    <div className="yk-report" style={{ maxWidth: 1360 }} data-testid="remote-review">
      <Card size="small">
        <div style={{ display: "flex", gap: 12, alignItems: "center", flexWrap: "wrap" }}>
          <h1 className="yk-report-title" style={{ margin: 0 }} data-testid="report-name">
            {d.name}
          </h1>
          <Tag color="red">{d.is_type_name}</Tag>
          <WindowTag start={d.start_time} end={d.end_time} />
          <span className="yk-muted" style={{ fontSize: 13 }}>
            {[`授课 ${d.teacher_name}`, d.subject_name, d.grade_name, span(d.start_time, d.end_time), d.equiment_name].filter(Boolean).join(" · ")}
          </span>
          <Link to={`/foreground2_0/commentReport?id=${d.id}`} style={{ marginLeft: "auto" }}>
            <Button icon={<FileTextOutlined />}>评课报告</Button>
          </Link>
        </div>
      </Card>
      <div className="yk-remote">
        <div style={{ display: "flex", flexDirection: "column", gap: 12, minWidth: 0 }}>
          <Card size="small" styles={{ body: { padding: 12 } }}>
            <Space style={{ marginBottom: 10, justifyContent: "space-between", width: "100%" }} wrap>
              <Segmented<string>
                value={cur?.camera ?? camera}
                onChange={setCamera}
                options={(cams.length ? cams.map((c) => c.camera) : ["teacher", "student"]).map((c) => ({
                  value: c,
                  label: cameraName(c),
                  disabled: !cams.length,
                }))}
                data-testid="remote-camera"
              />
              <Segmented<Protocol>
                value={protocol}
                onChange={setProtocol}
                options={[
                  { value: "hls", label: "HLS" },
                  { value: "flv", label: "低延迟 FLV" },
                ]}
              />
            </Space>
            <div className="yk-remote-player">
              <LivePlayer key={`${cur?.camera}-${protocol}`} src={src} kind={protocol} muted testId="remote-player" emptyText={empty} />
            </div>
          </Card>
          <Card size="small" title="课堂研讨">
            <DiscussionPanel kind="listen" refId={d.id} chatKey="TPK" />
          </Card>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 12, minWidth: 0 }}>
          <Card
            size="small"
            title={
              <span>
                <TeamOutlined /> 听课成员（{d.members.length}）
              </span>
            }
            data-testid="remote-members"
            styles={{ body: { maxHeight: 240, overflowY: "auto" } }}
          >
            {d.members.map((m) => (
              <div key={m.account_id} style={{ display: "flex", gap: 8, alignItems: "center", padding: "5px 0" }} data-testid="remote-member">
                <UserAvatar id={m.account_id} name={m.realname} size={26} />
                <span style={{ flex: 1 }}>{m.realname}</span>
                <Tag>{m.role_name}</Tag>
                {m.role === 3 ? (
                  <Tag color={m.evaluation_status === 1 ? "green" : m.evaluation_status === 0 ? "orange" : "default"}>
                    {m.evaluation_status === 1 ? "已提交" : m.evaluation_status === 0 ? "草稿" : "未评价"}
                  </Tag>
                ) : null}
              </div>
            ))}
          </Card>
          <Card size="small" title="评分" styles={{ body: { maxHeight: 620, overflowY: "auto" } }} data-testid="remote-score">
            {p.can_evaluate ? (
              <ScoreForm recordId={d.id} />
            ) : (
              <Alert type="info" showIcon message={p.is_teacher ? "您是本节课的授课教师，可在评课报告中查看评价。" : "只有评课人可以评分。"} />
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}

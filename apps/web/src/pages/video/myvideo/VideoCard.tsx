import { DeleteOutlined, EditOutlined, PlayCircleFilled, ShareAltOutlined, VideoCameraOutlined } from "@ant-design/icons";
import type { VideoRow } from "@yanke/protocol";
import { Button, Popconfirm, Tag, Tooltip } from "antd";
import { useState } from "react";
import { clock } from "../source";

/** Where a card opens: both cameras in sync on /playVideos, one camera on /playVideo. */
export function playerPath(v: Pick<VideoRow, "id" | "cameras">): string {
  return v.cameras.length > 1 ? `/playVideos?id=${v.id}` : `/playVideo?id=${v.id}`;
}

export function cameraLabel(n: number): string {
  return n > 1 ? `${n} 机位` : "单机位";
}

export interface VideoCardProps {
  video: VideoRow;
  onOpen: (v: VideoRow) => void;
  onRename: (v: VideoRow) => void;
  onShare: (v: VideoRow) => void;
  onDelete: (v: VideoRow) => void;
}

/** One video of 我的视频: its picture (duration, state, cameras over it), name, date and source, and its actions. */
export function VideoCard({ video: v, onOpen, onRename, onShare, onDelete }: VideoCardProps) {
  const [broken, setBroken] = useState(false);
  const thumb = !broken && v.thumbnail_url ? v.thumbnail_url : "";
  const failed = v.status === "failed";
  return (
    <div className="yk-myvideo-card" data-testid="my-video-card" data-video-id={v.id} data-status={v.status}>
      <button type="button" className="yk-myvideo-cover" onClick={() => onOpen(v)} aria-label={`播放 ${v.name}`} data-testid="my-video-open">
        {thumb ? (
          <img src={thumb} alt="" loading="lazy" onError={() => setBroken(true)} data-testid="my-video-thumb" />
        ) : (
          <span className="yk-myvideo-cover-empty">
            <VideoCameraOutlined />
          </span>
        )}
        {!failed ? (
          <span className="yk-myvideo-play">
            <PlayCircleFilled />
          </span>
        ) : null}
        {v.status !== "ready" ? (
          <span className="yk-myvideo-state">
            <Tooltip title={failed ? v.error || undefined : "视频处理中，处理完成后可流畅拖动播放"}>
              <Tag color={failed ? "error" : "processing"} data-testid="my-video-status">
                {v.status_name || (failed ? "处理失败" : "处理中")}
              </Tag>
            </Tooltip>
          </span>
        ) : null}
        {v.cameras.length ? (
          <span className="yk-myvideo-cams" data-testid="my-video-cameras">
            {cameraLabel(v.cameras.length)}
          </span>
        ) : null}
        {v.duration > 0 ? (
          <span className="yk-myvideo-duration" data-testid="my-video-duration">
            {clock(v.duration)}
          </span>
        ) : null}
      </button>
      <div className="yk-myvideo-body">
        <Tooltip title={v.name} placement="topLeft" mouseEnterDelay={0.6}>
          <p className="yk-myvideo-title" data-testid="my-video-name">
            {v.name}
          </p>
        </Tooltip>
        <div className="yk-myvideo-meta">
          <Tag color={v.source === "recording" ? "green" : "blue"} data-testid="my-video-source">
            {v.source === "recording" ? "录制" : "上传"}
          </Tag>
          <span>{v.created_at ? v.created_at.slice(0, 16) : "—"}</span>
          {v.subject_name ? <span style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>· {v.subject_name}</span> : null}
        </div>
      </div>
      <div className="yk-myvideo-actions">
        <Button type="text" size="small" icon={<EditOutlined />} onClick={() => onRename(v)} data-testid="my-video-rename">
          编辑
        </Button>
        <Button type="text" size="small" icon={<ShareAltOutlined />} onClick={() => onShare(v)} disabled={failed} data-testid="my-video-share">
          分享
        </Button>
        <Popconfirm
          title="删除该视频？"
          description="视频文件将一并删除，且无法恢复。"
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(v)}
        >
          <Button type="text" size="small" icon={<DeleteOutlined />} data-testid="my-video-delete">
            删除
          </Button>
        </Popconfirm>
      </div>
    </div>
  );
}

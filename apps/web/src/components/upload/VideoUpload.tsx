/**
 * Simple video upload (platform.md §4/§5/§8): one request to /file/upload with module 'connectivity', a progress
 * circle during the upload, then '视频上传成功！' or '视频上传失败，请重新上传！'. Types mp4/ogg/flv/avi/wmv/rmvb
 * ('请上传正确的视频格式'), at most 600 MB ('上传视频大小不能超过600MB!'); the hint reads
 * '只能上传mp4/flv/avi文件，且不超过600M'. The value is the stored file record (file_path is its address; the
 * file is private, so it is played through the preview dialog's signed address).
 */
import { DeleteOutlined, VideoCameraAddOutlined, VideoCameraOutlined } from "@ant-design/icons";
import type { FileRecord } from "@yanke/protocol";
import { Button, Progress, Space, Typography } from "antd";
import { useState, type CSSProperties } from "react";
import { FilePreview } from "./FilePreview";
import { MSG } from "./messages";
import { SIMPLE_VIDEO_EXTS, acceptOf, checkSimpleVideo } from "./upload-rules";
import { UploadDisclaimer, ensureDisclaimer } from "./UploadDisclaimer";
import { useFilePicker } from "./useFilePicker";
import { useModuleUpload } from "./useModuleUpload";

export interface VideoUploadProps {
  value?: FileRecord | null;
  onChange?: (value: FileRecord | null) => void;
  /** Show the disclaimer and require it ticked. */
  disclaimer?: boolean;
  disabled?: boolean;
  /** The uploaded video's name opens the preview dialog (a player on the signed address; default true). */
  preview?: boolean;
  onError?: (err: unknown) => void;
  style?: CSSProperties;
}

export function VideoUpload({ value = null, onChange, disclaimer = false, disabled = false, preview = true, onError, style }: VideoUploadProps) {
  const [agreed, setAgreed] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const { percent, upload, cancel } = useModuleUpload({
    module: "connectivity",
    check: checkSimpleVideo,
    success: MSG.videoSuccess,
    fail: MSG.videoFail,
    onDone: (rec) => onChange?.(rec),
    onError,
  });

  const picker = useFilePicker({ accept: acceptOf(SIMPLE_VIDEO_EXTS), testId: "video-upload-input", onFiles: (f) => void upload(f[0]) });
  const busy = percent !== null;

  return (
    <div style={style} data-testid="video-upload">
      {picker.input}
      <Space align="center" wrap>
        <Button
          icon={<VideoCameraAddOutlined />}
          disabled={disabled || busy}
          onClick={() => {
            if (disclaimer && !ensureDisclaimer(agreed)) return;
            picker.open();
          }}
        >
          {value ? "重新上传" : MSG.chooseVideo}
        </Button>
        {busy ? <Progress type="circle" percent={percent} size={64} data-testid="video-upload-progress" /> : null}
        {busy ? (
          <Button type="link" size="small" onClick={cancel}>
            取消上传
          </Button>
        ) : null}
      </Space>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {MSG.videoHint}
        </Typography.Text>
      </div>
      {disclaimer ? <UploadDisclaimer checked={agreed} onChange={setAgreed} disabled={busy} style={{ marginTop: 4 }} /> : null}
      {value ? (
        <Space style={{ marginTop: 6 }} data-testid="video-upload-value">
          <VideoCameraOutlined style={{ color: "#8a9690" }} />
          {preview ? (
            <Typography.Link onClick={() => setPreviewOpen(true)} ellipsis style={{ maxWidth: 280 }}>
              {value.file_name}
            </Typography.Link>
          ) : (
            <Typography.Text ellipsis style={{ maxWidth: 280 }}>
              {value.file_name}
            </Typography.Text>
          )}
          {!disabled ? <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除视频" onClick={() => onChange?.(null)} /> : null}
        </Space>
      ) : null}
      {preview ? <FilePreview open={previewOpen && value !== null} fileId={value?.id ?? null} onClose={() => setPreviewOpen(false)} /> : null}
    </div>
  );
}

/**
 * Simple video upload (platform.md §4/§5/§8): one request to /file/upload with module 'connectivity', a progress
 * circle during the upload, then '视频上传成功！' or '视频上传失败，请重新上传！'. Types mp4/ogg/flv/avi/wmv/rmvb
 * ('请上传正确的视频格式'), at most 600 MB ('上传视频大小不能超过600MB!'); the hint reads
 * '只能上传mp4/flv/avi文件，且不超过600M'. The value is the stored file record (file_path is its address; the
 * file is private, so it is played through the preview dialog's signed address).
 */
import { DeleteOutlined, VideoCameraAddOutlined, VideoCameraOutlined } from "@ant-design/icons";
import { CALLS, type FileRecord } from "@yanke/protocol";
import { Button, Progress, Space, Typography } from "antd";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { toast } from "../../api/toast";
import { FilePreview } from "./FilePreview";
import { MSG } from "./messages";
import { xhrMultipart } from "./multipart";
import { sessionAccountId, sessionToken } from "./session";
import { toastUploadFailure } from "./upload-feedback";
import { SIMPLE_VIDEO_EXTS, acceptOf, checkSimpleVideo } from "./upload-rules";
import { UploadDisclaimer, ensureDisclaimer } from "./UploadDisclaimer";
import { useFilePicker } from "./useFilePicker";

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
  const [percent, setPercent] = useState<number | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (file: File) => {
    const refusal = checkSimpleVideo(file);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    const ac = new AbortController();
    abort.current = ac;
    setPercent(0);
    try {
      const rec = await xhrMultipart<FileRecord>(
        CALLS.fileUpload,
        { module: "connectivity", account_id: sessionAccountId(), name: file.name, file: { blob: file, filename: file.name } },
        { token: sessionToken(), signal: ac.signal, onProgress: setPercent },
      );
      toast.success(MSG.videoSuccess);
      onChange?.(rec);
    } catch (e) {
      if (!ac.signal.aborted) {
        toastUploadFailure(MSG.videoFail, e);
        onError?.(e);
      }
    } finally {
      if (abort.current === ac) abort.current = null;
      setPercent(null);
    }
  };

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
          <Button type="link" size="small" onClick={() => abort.current?.abort()}>
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

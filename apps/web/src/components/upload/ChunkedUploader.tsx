/**
 * The chunked, resumable uploader of platform.md §4/§5/§9 (issue #5): a button, a progress bar and its title
 * (文件上传中, 文件合并中 from 90 %), 5 MiB slices with 4 in flight (1 for the slice uploader), resume of a file
 * chosen again, the size alert '文件大小限制：5GB，实际文件大小：…' (1GB in research mode) and the codec alert
 * '请上传正确的视频编码格式,H264-MPEG-4 AVC' as messages; any failure shows the server's msg and resets.
 * The engine is chunked-upload.ts.
 */
import { UploadOutlined } from "@ant-design/icons";
import type { ChunkType, MergeAnswer } from "@yanke/protocol";
import { Button, Progress, Space, Typography } from "antd";
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { handleSessionCode } from "../../api/client";
import { toast } from "../../api/toast";
import { ChunkedUpload, type ChunkedUploadFailure } from "./chunked-upload";
import { MSG } from "./messages";
import { sessionAccountId, sessionToken } from "./session";
import { UploadDisclaimer, ensureDisclaimer } from "./UploadDisclaimer";
import { useFilePicker } from "./useFilePicker";

export interface ChunkedUploaderProps {
  /** 'video' (default): H.264 MP4 only; 'all': any file. */
  type?: ChunkType;
  /** Research mode (lessons sent to AI analysis): 1 GB limit. */
  research?: boolean;
  /** CALLS.fileSections (default), CALLS.fileChunkUpload or CALLS.fileSliceUpload. */
  endpoint?: string;
  /** Slices in flight (default 4; 1 for CALLS.fileSliceUpload). */
  parallel?: number;
  /** The file input's accept (default '.mp4,video/mp4' for type video, anything for 'all'). */
  accept?: string;
  buttonText?: ReactNode;
  /** Show the disclaimer checkbox and require it ticked ('请勾选免责说明！！！'). */
  disclaimer?: boolean;
  disabled?: boolean;
  /** Asked before the file dialog opens: a message refuses (shown as a warning), null lets it open. */
  canChoose?: () => string | null;
  /** Asked for the chosen file before anything else: a message refuses it (shown as an error). */
  check?: (file: File) => string | null;
  onStart?: (file: File) => void;
  onSuccess?: (answer: MergeAnswer, file: File) => void;
  onError?: (failure: ChunkedUploadFailure, file: File) => void;
  /** True while a file is being checked, sent or merged. */
  onBusyChange?: (busy: boolean) => void;
  style?: CSSProperties;
}

export function ChunkedUploader({
  type = "video",
  research = false,
  endpoint,
  parallel,
  accept,
  buttonText,
  disclaimer = false,
  disabled = false,
  canChoose,
  check,
  onStart,
  onSuccess,
  onError,
  onBusyChange,
  style,
}: ChunkedUploaderProps) {
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const [title, setTitle] = useState<string>(MSG.uploading);
  const [fileName, setFileName] = useState("");
  const current = useRef<ChunkedUpload | null>(null);

  useEffect(() => () => current.current?.dispose(), []);

  const setBusyBoth = (b: boolean) => {
    setBusy(b);
    onBusyChange?.(b);
  };

  const start = (file: File) => {
    const refusal = check?.(file);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    current.current?.dispose();
    const upload = new ChunkedUpload({
      file,
      type,
      research,
      endpoint,
      parallel,
      token: sessionToken,
      accountId: sessionAccountId(),
      onProgress: (p, t) => {
        setPercent(p);
        setTitle(t);
      },
      onSuccess: (answer) => onSuccess?.(answer, file),
      onError: (failure) => {
        if (handleSessionCode(failure.code, failure.message)) return onError?.(failure, file);
        toast.error(failure.message);
        onError?.(failure, file);
      },
      onReset: () => {
        if (current.current !== upload) return;
        current.current = null;
        setPercent(0);
        setTitle(MSG.uploading);
        setFileName("");
        setBusyBoth(false);
      },
    });
    current.current = upload;
    setFileName(file.name);
    setPercent(0);
    setTitle(MSG.uploading);
    setBusyBoth(true);
    onStart?.(file);
    void upload.start();
  };

  const picker = useFilePicker({
    accept: accept ?? (type === "video" ? ".mp4,video/mp4" : undefined),
    testId: "chunked-upload-input",
    onFiles: (f) => start(f[0]),
  });

  const choose = () => {
    if (disclaimer && !ensureDisclaimer(agreed)) return;
    const refusal = canChoose?.();
    if (refusal) {
      toast.warning(refusal);
      return;
    }
    picker.open();
  };

  return (
    <div style={style} data-testid="chunked-uploader">
      {picker.input}
      <Space wrap>
        <Button icon={<UploadOutlined />} onClick={choose} disabled={disabled || busy} loading={busy && percent === 0}>
          {buttonText ?? (type === "video" ? MSG.chooseVideo : MSG.chooseFile)}
        </Button>
        {busy ? (
          <Button type="link" size="small" onClick={() => current.current?.cancel()}>
            取消上传
          </Button>
        ) : null}
      </Space>
      {disclaimer ? <UploadDisclaimer checked={agreed} onChange={setAgreed} disabled={busy} style={{ marginTop: 8 }} /> : null}
      {busy ? (
        <div style={{ marginTop: 8, maxWidth: 420 }} data-testid="chunked-progress">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {title}
            {fileName ? `：${fileName}` : ""}
          </Typography.Text>
          <Progress percent={percent} size="small" status={percent >= 100 ? "success" : "active"} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * Generic file upload by kind (platform.md §5): 'word' (doc, docx), 'exe', 'video' (mp4, ogg, flv, avi, wmv, rmvb)
 * or 'any'; a wrong type gives '请上传正确的文件格式', over 500 MB '视频大小不能超过500MB!' (the spec's wording for
 * every kind). One request to /file/upload with module = kind, name and account_id; success only on code 200:
 * '文件上传成功', else '文件上传失败，请重试'. The value is the list of stored file records.
 */
import { UploadOutlined } from "@ant-design/icons";
import { UPLOAD_MODULES, type FileRecord } from "@yanke/protocol";
import { Button, Progress, Space } from "antd";
import { useRef, useState, type CSSProperties, type ReactNode } from "react";
import { MSG } from "./messages";
import { FilePreview } from "./FilePreview";
import { UploadedList } from "./UploadedList";
import { acceptOf, checkGenericFile, type FileUploadKind } from "./upload-rules";
import { UploadDisclaimer, ensureDisclaimer } from "./UploadDisclaimer";
import { useFilePicker } from "./useFilePicker";
import { useModuleUpload } from "./useModuleUpload";

export interface FileUploadProps {
  /** What it takes: 'word', 'exe', 'video' or 'any' (the /file/upload module). */
  kind: FileUploadKind;
  value?: FileRecord[];
  onChange?: (value: FileRecord[]) => void;
  /** The most files (the button disables at the limit); default no limit. */
  max?: number;
  /** The stored name (default: the chosen file's name). */
  name?: string;
  buttonText?: ReactNode;
  disclaimer?: boolean;
  disabled?: boolean;
  /** Show the list of uploaded files (default true). */
  showList?: boolean;
  onSuccess?: (record: FileRecord) => void;
  onError?: (err: unknown) => void;
  style?: CSSProperties;
}

export function FileUpload({
  kind,
  value = [],
  onChange,
  max = Infinity,
  name,
  buttonText,
  disclaimer = false,
  disabled = false,
  showList = true,
  onSuccess,
  onError,
  style,
}: FileUploadProps) {
  const [agreed, setAgreed] = useState(false);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const latest = useRef(value);
  latest.current = value;
  const { percent, upload, cancel } = useModuleUpload({
    module: kind,
    name,
    check: (file) => checkGenericFile(file, kind),
    success: MSG.fileSuccess,
    fail: MSG.fileFail,
    onDone: (rec) => {
      onChange?.([...latest.current, rec]);
      onSuccess?.(rec);
    },
    onError,
  });

  const picker = useFilePicker({ accept: acceptOf(UPLOAD_MODULES[kind].exts), testId: "file-upload-input", onFiles: (f) => void upload(f[0]) });
  const busy = percent !== null;
  const full = value.length >= max;

  return (
    <div style={style} data-testid="file-upload">
      {picker.input}
      <Space wrap>
        <Button
          icon={<UploadOutlined />}
          disabled={disabled || busy || full}
          loading={busy}
          onClick={() => {
            if (disclaimer && !ensureDisclaimer(agreed)) return;
            picker.open();
          }}
        >
          {buttonText ?? "上传文件"}
        </Button>
        {busy ? (
          <Button type="link" size="small" onClick={cancel}>
            取消上传
          </Button>
        ) : null}
      </Space>
      {busy ? <Progress percent={percent} size="small" style={{ maxWidth: 420, marginTop: 6 }} /> : null}
      {disclaimer ? <UploadDisclaimer checked={agreed} onChange={setAgreed} disabled={busy} style={{ marginTop: 6 }} /> : null}
      {showList ? (
        <UploadedList
          items={value.map((r) => ({ key: r.id, name: r.file_name, size: r.size }))}
          disabled={disabled}
          onPreview={(i) => setPreviewId(value[i].id)}
          onRemove={(i) => onChange?.(value.filter((_, j) => j !== i))}
        />
      ) : null}
      <FilePreview open={previewId !== null} fileId={previewId} onClose={() => setPreviewId(null)} />
    </div>
  );
}

/**
 * Generic file upload by kind (platform.md §5): 'word' (doc, docx), 'exe', 'video' (mp4, ogg, flv, avi, wmv, rmvb)
 * or 'any'; a wrong type gives '请上传正确的文件格式', over 500 MB '视频大小不能超过500MB!' (the spec's wording for
 * every kind). One request to /file/upload with module = kind, name and account_id; success only on code 200:
 * '文件上传成功', else '文件上传失败，请重试'. The value is the list of stored file records.
 */
import { UploadOutlined } from "@ant-design/icons";
import { CALLS, UPLOAD_MODULES, type FileRecord } from "@yanke/protocol";
import { Button, Progress, Space } from "antd";
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { toast } from "../../api/toast";
import { MSG } from "./messages";
import { xhrMultipart } from "./multipart";
import { sessionAccountId, sessionToken } from "./session";
import { FilePreview } from "./FilePreview";
import { toastUploadFailure } from "./upload-feedback";
import { UploadedList } from "./UploadedList";
import { acceptOf, checkGenericFile, type FileUploadKind } from "./upload-rules";
import { UploadDisclaimer, ensureDisclaimer } from "./UploadDisclaimer";
import { useFilePicker } from "./useFilePicker";

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

export function FileUpload({ kind, value = [], onChange, max = Infinity, name, buttonText, disclaimer = false, disabled = false, showList = true, onSuccess, onError, style }: FileUploadProps) {
  const [percent, setPercent] = useState<number | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (file: File) => {
    const refusal = checkGenericFile(file, kind);
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
        { module: kind, name: name ?? file.name, account_id: sessionAccountId(), file: { blob: file, filename: file.name } },
        { token: sessionToken(), signal: ac.signal, onProgress: setPercent },
      );
      toast.success(MSG.fileSuccess);
      onChange?.([...latest.current, rec]);
      onSuccess?.(rec);
    } catch (e) {
      if (!ac.signal.aborted) {
        toastUploadFailure(MSG.fileFail, e);
        onError?.(e);
      }
    } finally {
      if (abort.current === ac) abort.current = null;
      setPercent(null);
    }
  };

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
          <Button type="link" size="small" onClick={() => abort.current?.abort()}>
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

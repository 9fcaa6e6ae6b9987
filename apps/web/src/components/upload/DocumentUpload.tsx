/**
 * Document upload (platform.md §5 "big file"): doc, docx, xls, xlsx, pdf, ppt, pptx through the chunked uploader
 * (type 'all', 5 GB, resumable), at most 3 files ('最多只能上传3个文件'), with the warning that refreshing or
 * closing the page cancels the upload and clears the records (and the browser's own leave-page prompt while a
 * file is being sent). The value is the list of merge answers {id, save_path, size, real_file_name, sha256}.
 */
import { UPLOAD, type MergeAnswer } from "@yanke/protocol";
import { Alert } from "antd";
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { ChunkedUploader } from "./ChunkedUploader";
import { FilePreview } from "./FilePreview";
import { MSG, maxFilesMessage } from "./messages";
import { UploadedList } from "./UploadedList";
import { DOCUMENT_EXTS, acceptOf, checkDocument } from "./upload-rules";

export interface DocumentUploadProps {
  value?: MergeAnswer[];
  onChange?: (value: MergeAnswer[]) => void;
  /** The most documents (default 3, §9). */
  max?: number;
  /** The chunk endpoint (default CALLS.fileSections). */
  endpoint?: string;
  buttonText?: ReactNode;
  disclaimer?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
}

/** Asks the browser to confirm leaving the page while `active`. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [active]);
}

export function DocumentUpload({
  value = [],
  onChange,
  max = UPLOAD.maxFiles,
  endpoint,
  buttonText = "上传文档",
  disclaimer = false,
  disabled = false,
  style,
}: DocumentUploadProps) {
  const [busy, setBusy] = useState(false);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const latest = useRef(value);
  latest.current = value;
  useLeaveWarning(busy);

  return (
    <div style={style} data-testid="document-upload">
      <Alert type="warning" showIcon title={MSG.documentWarning} style={{ marginBottom: 8 }} />
      <ChunkedUploader
        type="all"
        endpoint={endpoint}
        accept={acceptOf(DOCUMENT_EXTS)}
        buttonText={buttonText}
        disclaimer={disclaimer}
        disabled={disabled}
        canChoose={() => (latest.current.length >= max ? maxFilesMessage(max) : null)}
        check={(f) => checkDocument(f) ?? (latest.current.length >= max ? maxFilesMessage(max) : null)}
        onBusyChange={setBusy}
        onSuccess={(answer) => {
          const next = [...latest.current.filter((d) => d.id !== answer.id), answer];
          latest.current = next;
          onChange?.(next);
        }}
      />
      <UploadedList
        items={value.map((d) => ({ key: d.id, name: d.real_file_name, size: d.size }))}
        disabled={disabled || busy}
        onPreview={(i) => setPreviewId(value[i].id)}
        onRemove={(i) => onChange?.(value.filter((_, j) => j !== i))}
      />
      <FilePreview open={previewId !== null} fileId={previewId} onClose={() => setPreviewId(null)} />
    </div>
  );
}

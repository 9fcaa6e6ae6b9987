/**
 * Image upload (platform.md §5): png or jpeg only ('请上传正确的图片格式'), at most 5 MB ('图片大小不能超过5M');
 * `max` caps the count and hides the add button at the limit. Each image is one request to /file/upload
 * (module 'image' by default; 'editor' for rich-text images, 'comment' for discussion images). The value is the
 * list of stored file records.
 */
import { CloseOutlined, PlusOutlined } from "@ant-design/icons";
import { CALLS, type FileRecord } from "@yanke/protocol";
import { Image, Progress } from "antd";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { toast } from "../../api/toast";
import { MSG, imageLimitMessage } from "./messages";
import { xhrMultipart } from "./multipart";
import { sessionAccountId, sessionToken } from "./session";
import { toastUploadFailure } from "./upload-feedback";
import { checkImage } from "./upload-rules";
import { useFilePicker } from "./useFilePicker";

export interface ImageUploadProps {
  value?: FileRecord[];
  onChange?: (value: FileRecord[]) => void;
  /** The most images (the add button hides at the limit); default no limit. */
  max?: number;
  /** /file/upload module: 'image' (default), 'editor' or 'comment'. */
  module?: "image" | "editor" | "comment";
  /** Choose several files at once (default true). */
  multiple?: boolean;
  disabled?: boolean;
  /** Side of each square, px (default 104). */
  size?: number;
  style?: CSSProperties;
}

interface Pending {
  key: number;
  name: string;
  percent: number;
}

let pendingKey = 0;

export function ImageUpload({
  value = [],
  onChange,
  max = Infinity,
  module = "image",
  multiple = true,
  disabled = false,
  size = 104,
  style,
}: ImageUploadProps) {
  const [pending, setPending] = useState<Pending[]>([]);
  // uploads finish one by one: build on the latest list, not on the value of the render that started them
  const latest = useRef(value);
  latest.current = value;
  const aborts = useRef(new Set<AbortController>());
  useEffect(
    () => () => {
      aborts.current.forEach((a) => {
        a.abort();
      });
    },
    [],
  );

  const uploadOne = async (file: File) => {
    const key = ++pendingKey;
    const ac = new AbortController();
    aborts.current.add(ac);
    setPending((p) => [...p, { key, name: file.name, percent: 0 }]);
    try {
      const rec = await xhrMultipart<FileRecord>(
        CALLS.fileUpload,
        { module, account_id: sessionAccountId(), name: file.name, file: { blob: file, filename: file.name } },
        { token: sessionToken(), signal: ac.signal, onProgress: (n) => setPending((p) => p.map((x) => (x.key === key ? { ...x, percent: n } : x))) },
      );
      const next = [...latest.current, rec];
      latest.current = next;
      onChange?.(next);
    } catch (e) {
      if (!ac.signal.aborted) toastUploadFailure(MSG.fileFail, e);
    } finally {
      aborts.current.delete(ac);
      setPending((p) => p.filter((x) => x.key !== key));
    }
  };

  const onFiles = (files: File[]) => {
    const room = max - latest.current.length - pending.length;
    for (const f of files) {
      const refusal = checkImage(f);
      if (refusal) {
        toast.error(refusal);
        return;
      }
    }
    if (files.length > room) toast.warning(imageLimitMessage(max));
    files.slice(0, Math.max(0, room)).forEach((f) => void uploadOne(f));
  };

  const picker = useFilePicker({
    accept: ".png,.jpg,.jpeg,image/png,image/jpeg",
    multiple: multiple && max - value.length > 1,
    testId: "image-upload-input",
    onFiles,
  });
  const cell: CSSProperties = { width: size, height: size, borderRadius: 6, position: "relative", overflow: "hidden", flex: "none" };
  const showAdd = !disabled && value.length + pending.length < max;

  return (
    <div style={{ display: "flex", flexWrap: "wrap", gap: 8, ...style }} data-testid="image-upload">
      {picker.input}
      <Image.PreviewGroup>
        {value.map((img, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the same image may be picked twice, so the id alone would not be unique.
            key={`${img.id}-${i}`}
            style={{ ...cell, border: "1px solid #e6ece9" }}
          >
            <Image src={img.file_path} alt={img.file_name} width={size} height={size} style={{ objectFit: "cover" }} />
            {!disabled ? (
              <button
                type="button"
                aria-label="删除图片"
                onClick={() => onChange?.(value.filter((_, j) => j !== i))}
                style={{
                  position: "absolute",
                  top: 2,
                  right: 2,
                  border: 0,
                  borderRadius: "50%",
                  width: 20,
                  height: 20,
                  cursor: "pointer",
                  background: "rgba(0,0,0,.45)",
                  color: "#fff",
                  lineHeight: "20px",
                  padding: 0,
                }}
              >
                <CloseOutlined style={{ fontSize: 10 }} />
              </button>
            ) : null}
          </div>
        ))}
      </Image.PreviewGroup>
      {pending.map((p) => (
        <div key={p.key} style={{ ...cell, border: "1px dashed #c9d6d0", display: "flex", alignItems: "center", justifyContent: "center" }} title={p.name}>
          <Progress type="circle" percent={p.percent} size={size * 0.5} />
        </div>
      ))}
      {showAdd ? (
        <button
          type="button"
          data-testid="image-upload-add"
          onClick={() => picker.open()}
          style={{
            ...cell,
            border: "1px dashed #c9d6d0",
            background: "#fafcfb",
            cursor: "pointer",
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
            justifyContent: "center",
            color: "#5f6f68",
          }}
        >
          <PlusOutlined />
          <span style={{ marginTop: 6, fontSize: 12 }}>上传图片</span>
        </button>
      ) : null}
    </div>
  );
}

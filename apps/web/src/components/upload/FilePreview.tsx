/**
 * The preview dialog for every file kind (issue #5; c386 /v2/filePreview/preview): asks the server how to show the
 * file, then renders preview_url by `viewer` — image, audio, video, pdf (pdf.js; Word, Excel and PowerPoint come
 * back as their PDF rendition), text (in a <pre>), none (a download link and a message).
 */
import { DownloadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls, type PreviewAnswer } from "@yanke/protocol";
import { Button, Empty, Modal, Spin, Typography } from "antd";
import { Suspense, lazy, useEffect, useState } from "react";
import { call } from "../../api/client";
import { MSG } from "./messages";
import { formatBytes } from "./upload-rules";

const PdfViewer = lazy(() => import("./PdfViewer"));

/** Text previews show at most this much. */
export const TEXT_PREVIEW_MAX = 1024 * 1024;

export interface FilePreviewProps {
  open: boolean;
  /** The file's id (FileRecord.id / MergeAnswer.id); null shows nothing. */
  fileId: number | null;
  onClose: () => void;
  /** Dialog title (default the file's name). */
  title?: string;
  width?: number;
}

/** The attachment address of a file (`?download=1`). */
export function downloadUrl(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}download=1`;
}

export function FilePreview({ open, fileId, onClose, title, width = 920 }: FilePreviewProps) {
  const q = useQuery({
    queryKey: ["filePreview", fileId],
    queryFn: () => call(calls.filePreview, { id: fileId }),
    enabled: open && fileId !== null && fileId > 0,
    staleTime: 60_000,
  });
  const p = q.data;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={title ?? p?.file_name ?? MSG.previewTitle}
      width={width}
      footer={
        p ? (
          <Button icon={<DownloadOutlined />} href={downloadUrl(p.url)} target="_blank">
            {MSG.previewDownload}
          </Button>
        ) : null
      }
      destroyOnHidden
      centered
    >
      <div data-testid="file-preview" data-viewer={p?.viewer ?? ""} style={{ maxHeight: "72vh", overflow: "auto" }}>
        {q.isLoading ? <Spin style={{ display: "block", padding: 48 }} /> : null}
        {q.isError ? <Empty description={q.error instanceof Error && q.error.message ? q.error.message : MSG.previewLoadFail} /> : null}
        {p ? <PreviewBody p={p} /> : null}
      </div>
    </Modal>
  );
}

function PreviewBody({ p }: { p: PreviewAnswer }) {
  const src = p.preview_url;
  if (!src || p.viewer === "none") {
    return (
      <div style={{ textAlign: "center", padding: 32 }}>
        <Typography.Paragraph>{MSG.previewNone}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {p.file_name}（{formatBytes(p.size)}）
        </Typography.Paragraph>
        <Button type="primary" icon={<DownloadOutlined />} href={downloadUrl(p.url)} target="_blank">
          {MSG.previewDownload}
        </Button>
      </div>
    );
  }
  switch (p.viewer) {
    case "image":
      return <img src={src} alt={p.file_name} style={{ display: "block", maxWidth: "100%", margin: "0 auto" }} />;
    case "audio":
      return <audio src={src} controls autoPlay={false} style={{ width: "100%" }} />;
    case "video":
      return <video src={src} controls style={{ width: "100%", maxHeight: "68vh", background: "#000" }} />;
    case "pdf":
      return (
        <Suspense fallback={<Spin style={{ display: "block", padding: 48 }} />}>
          <PdfViewer url={src} />
        </Suspense>
      );
    case "text":
      return <TextPreview url={src} />;
  }
}

function TextPreview({ url }: { url: string }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    const ac = new AbortController();
    setText(null);
    setError(false);
    // preview_url is a signed address (docs/decisions/0504): no TOKEN header, so no preflight either
    fetch(url, { signal: ac.signal, headers: { Range: `bytes=0-${TEXT_PREVIEW_MAX - 1}` } })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const buf = new Uint8Array(await res.arrayBuffer());
        const cut = buf.length > TEXT_PREVIEW_MAX ? buf.subarray(0, TEXT_PREVIEW_MAX) : buf;
        setText(new TextDecoder("utf-8").decode(cut) + (buf.length >= TEXT_PREVIEW_MAX ? "\n……" : ""));
      })
      .catch(() => {
        if (!ac.signal.aborted) setError(true);
      });
    return () => ac.abort();
  }, [url]);
  if (error) return <Typography.Text type="danger">{MSG.previewLoadFail}</Typography.Text>;
  if (text === null) return <Spin style={{ display: "block", padding: 48 }} />;
  return (
    <pre style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", fontSize: 13, margin: 0, padding: 12, background: "#f7f9f8", borderRadius: 4 }}>{text}</pre>
  );
}

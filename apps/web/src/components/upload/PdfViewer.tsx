/**
 * PDF pages rendered to canvases with pdf.js (loaded on demand: pdfjs-dist and its worker are separate chunks).
 * Pages render one after another, the first PAGE_BATCH at once, more on request.
 */
import { Button, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { MSG } from "./messages";

export const PAGE_BATCH = 10;

type PdfJs = typeof import("pdfjs-dist");
type PdfDocument = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;

let pdfjsPromise: Promise<PdfJs> | null = null;

/** pdf.js with its worker (vite serves the worker file; `?url` gives its address). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
  return pdfjsPromise;
}

export interface PdfViewerProps {
  url: string;
  /** Widest CSS width of the pages (px, default 860); narrower containers scale them down. */
  width?: number;
}

export default function PdfViewer({ url, width }: PdfViewerProps) {
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [error, setError] = useState("");
  const [shown, setShown] = useState(PAGE_BATCH);

  useEffect(() => {
    let cancelled = false;
    let task: ReturnType<PdfJs["getDocument"]> | null = null;
    setDoc(null);
    setError("");
    setShown(PAGE_BATCH);
    loadPdfJs()
      .then((pdfjs) => {
        if (cancelled) return;
        // preview_url is a signed address (docs/decisions/0504): pdf.js needs no TOKEN header
        task = pdfjs.getDocument({ url });
        return task.promise.then((d) => {
          if (!cancelled) setDoc(d);
        });
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof Error && e.message ? `${MSG.previewLoadFail}：${e.message}` : MSG.previewLoadFail);
      });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url]);

  if (error) return <Typography.Text type="danger">{error}</Typography.Text>;
  if (!doc) return <Spin style={{ display: "block", padding: 48 }} />;
  const pages = Math.min(shown, doc.numPages);
  const cssWidth = width ?? 860;
  return (
    <div data-testid="pdf-viewer" data-pages={doc.numPages} style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 12 }}>
      {Array.from({ length: pages }, (_, i) => (
        <PdfPage
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the page number, which is what identifies a page.
          key={i}
          doc={doc}
          pageNumber={i + 1}
          width={cssWidth}
        />
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        共 {doc.numPages} 页{pages < doc.numPages ? `，已显示 ${pages} 页` : ""}
      </Typography.Text>
      {pages < doc.numPages ? <Button onClick={() => setShown((n) => n + PAGE_BATCH)}>显示更多</Button> : null}
    </div>
  );
}

function PdfPage({ doc, pageNumber, width }: { doc: PdfDocument; pageNumber: number; width: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let render: { cancel: () => void } | null = null;
    void doc
      .getPage(pageNumber)
      .then((page) => {
        const el = canvas.current;
        if (cancelled || !el) return;
        const base = page.getViewport({ scale: 1 });
        const ratio = globalThis.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        el.width = Math.floor(viewport.width);
        el.height = Math.floor(viewport.height);
        // the pages keep their proportions when the dialog is narrower than `width`
        el.style.width = "100%";
        el.style.maxWidth = `${width}px`;
        el.style.height = "auto";
        const task = page.render({ canvas: el, viewport });
        render = task;
        return task.promise;
      })
      .catch((e: unknown) => {
        if (!cancelled && !(e instanceof Error && e.name === "RenderingCancelledException")) setFailed(true);
      });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [doc, pageNumber, width]);
  if (failed) return <Typography.Text type="danger">第 {pageNumber} 页加载失败</Typography.Text>;
  return <canvas ref={canvas} data-page={pageNumber} style={{ boxShadow: "0 1px 4px rgba(0,0,0,.15)", background: "#fff" }} />;
}

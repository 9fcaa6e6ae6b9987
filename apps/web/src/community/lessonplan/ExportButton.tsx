/** 导出: the plan (or one version) as .docx or PDF (wpsFileExport answers a signed, short-lived address). */
import { DownOutlined, ExportOutlined } from "@ant-design/icons";
import { calls } from "@yanke/protocol";
import { Button, Dropdown, type ButtonProps } from "antd";
import { useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";

/** Starts the browser's download of a same-origin address under the given name. */
export function startDownload(url: string, fileName: string): void {
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function ExportButton({
  docId,
  versionId,
  type = "default",
  size,
}: {
  docId: number;
  versionId?: number;
  type?: ButtonProps["type"];
  size?: ButtonProps["size"];
}) {
  const [busy, setBusy] = useState(false);
  const run = async (format: "docx" | "pdf") => {
    setBusy(true);
    try {
      const r = await call(calls.lessonPlanExport, { id: docId, format, ...(versionId ? { version_id: versionId } : {}) });
      startDownload(r.url, r.file_name);
      toast.success(`已导出「${r.file_name}」`);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={["click"]}
      disabled={busy}
      menu={{
        items: [
          { key: "docx", label: <span data-testid="lp-export-docx">Word 文档（.docx）</span> },
          { key: "pdf", label: <span data-testid="lp-export-pdf">PDF 文档（.pdf）</span> },
        ],
        onClick: ({ key }) => void run(key as "docx" | "pdf"),
      }}
    >
      <Button type={type} size={size} icon={<ExportOutlined />} loading={busy} data-testid={versionId ? "lp-version-export" : "lp-export"}>
        导出{type === "link" ? null : <DownOutlined style={{ fontSize: 10 }} />}
      </Button>
    </Dropdown>
  );
}

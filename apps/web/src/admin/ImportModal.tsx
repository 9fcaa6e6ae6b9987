import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import type { ImportRowError } from "@yanke/protocol";
import { normalizeImportReport, type ImportReportView } from "./entity";
import { Alert, Button, Descriptions, Modal, Progress, Radio, Space, Table, Typography, Upload } from "antd";
import { useState, type ReactNode } from "react";
import { toast } from "../api/toast";
import { bytesToBase64, importFileProblem, readFileBytes } from "./files";

export type ImportMode = "all" | "valid";
type Phase = { step: "idle" } | { step: "reading"; percent: number } | { step: "sending" } | { step: "done"; report: ImportReportView };

export interface ImportTemplate {
  label: string;
  href: string;
  testId: string;
}

/**
 * Excel import dialog shared by every entity: template links, optional extra fields (school, kind),
 * all-or-valid mode, an .xlsx (≤ 5 MB) sent as base64, then the row report (errors, generated passwords).
 */
export function ImportModal({
  open,
  title,
  templates,
  extra,
  send,
  onClose,
  onImported,
}: {
  open: boolean;
  title: string;
  templates: readonly ImportTemplate[];
  /** Extra lines above the mode (rendered disabled while busy). */
  extra?: (busy: boolean) => ReactNode;
  send: (payload: { filename: string; file: string; mode: ImportMode }) => Promise<unknown>;
  onClose: () => void;
  onImported: () => void;
}) {
  const [mode, setMode] = useState<ImportMode>("all");
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const busy = phase.step === "reading" || phase.step === "sending";

  const reset = () => {
    setFile(null);
    setPhase({ step: "idle" });
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const start = async () => {
    if (!file) {
      toast.warning("请先选择要导入的 .xlsx 文件");
      return;
    }
    const problem = importFileProblem(file.name, file.size);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      setPhase({ step: "reading", percent: 0 });
      const bytes = await readFileBytes(file, (percent) => setPhase({ step: "reading", percent }));
      setPhase({ step: "sending" });
      const report = normalizeImportReport(await send({ filename: file.name, file: bytesToBase64(bytes), mode }));
      setPhase({ step: "done", report });
      if (report.imported > 0) {
        toast.success(`成功导入 ${report.imported} 条`);
        onImported();
      }
    } catch (e) {
      if (e instanceof Error && e.message === "文件读取失败") toast.error(e.message);
      setPhase({ step: "idle" });
    }
  };

  const percent = phase.step === "reading" ? Math.round(phase.percent * 0.4) : phase.step === "sending" ? 70 : phase.step === "done" ? 100 : 0;
  return (
    <Modal
      title={title}
      open={open}
      onCancel={close}
      width={720}
      maskClosable={!busy}
      closable={!busy}
      destroyOnHidden
      footer={
        phase.step === "done" ? (
          <Space>
            <Button onClick={reset} data-testid="import-again">
              继续导入
            </Button>
            <Button type="primary" onClick={close} data-testid="import-close">
              完成
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close} disabled={busy}>
              取消
            </Button>
            <Button type="primary" loading={busy} onClick={start} disabled={!file} data-testid="import-submit">
              开始导入
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="import-modal">
        {phase.step === "done" ? (
          <ImportResult report={phase.report} mode={mode} />
        ) : (
          <Space orientation="vertical" size={12} style={{ width: "100%" }}>
            <div className="yk-form-line">
              <span className="yk-form-label">下载模板</span>
              {templates.map((t) => (
                <a key={t.href} href={t.href} download data-testid={t.testId}>
                  <DownloadOutlined /> {t.label}
                </a>
              ))}
            </div>
            {extra ? extra(busy) : null}
            <div className="yk-form-line">
              <span className="yk-form-label">导入方式</span>
              <Radio.Group value={mode} onChange={(e) => setMode(e.target.value === "valid" ? "valid" : "all")} disabled={busy} data-testid="import-mode">
                <Radio value="all">全部正确才导入</Radio>
                <Radio value="valid">只导入正确的行</Radio>
              </Radio.Group>
            </div>
            <Upload.Dragger
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              multiple={false}
              maxCount={1}
              disabled={busy}
              fileList={file ? [{ uid: "1", name: file.name, size: file.size, status: "done" }] : []}
              beforeUpload={(f) => {
                const problem = importFileProblem(f.name, f.size);
                if (problem) toast.error(problem);
                else setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
              data-testid="import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">点击或拖拽 .xlsx 文件到此处</p>
              <p className="ant-upload-hint">请使用上方的模板填写，单个文件不超过 5MB。</p>
            </Upload.Dragger>
            {busy ? (
              <div data-testid="import-progress">
                <Progress percent={percent} status="active" />
                <Typography.Text type="secondary">{phase.step === "reading" ? "正在读取文件…" : "正在上传并逐行校验，请稍候…"}</Typography.Text>
              </div>
            ) : null}
          </Space>
        )}
      </div>
    </Modal>
  );
}

function ImportResult({ report, mode }: { report: ImportReportView; mode: ImportMode }) {
  const ok = report.errors.length === 0;
  const nothing = report.imported === 0;
  return (
    <div data-testid="import-report" data-imported={report.imported} data-skipped={report.skipped} data-errors={report.errors.length}>
      <Alert
        showIcon
        type={ok ? "success" : nothing ? "error" : "warning"}
        icon={ok ? <CheckCircleFilled /> : <CloseCircleFilled />}
        title={
          ok
            ? `导入完成：共 ${report.total} 行，全部导入成功`
            : nothing && mode === "all"
              ? `有 ${report.errors.length} 处错误，未导入任何数据。请修改后重新导入，或选择“只导入正确的行”。`
              : `已导入 ${report.imported} 行，跳过 ${report.skipped} 行`
        }
        style={{ marginBottom: 12 }}
      />
      <Descriptions
        size="small"
        column={3}
        bordered
        items={[
          { key: "total", label: "总行数", children: <span data-testid="import-total">{report.total}</span> },
          {
            key: "imported",
            label: "已导入",
            children: (
              <b data-testid="import-imported" style={{ color: "#1f6f5c" }}>
                {report.imported}
              </b>
            ),
          },
          { key: "skipped", label: "已跳过", children: <span data-testid="import-skipped">{report.skipped}</span> },
        ]}
      />
      {report.passwords.length ? (
        <>
          <Alert type="info" showIcon style={{ marginTop: 12 }} title="以下账号的初始密码由系统生成，只显示这一次，请复制后交给本人。" />
          <Table
            style={{ marginTop: 8 }}
            size="small"
            data-testid="import-passwords"
            rowKey={(a) => `${a.row}-${a.username}`}
            dataSource={report.passwords}
            pagination={false}
            scroll={{ y: 200 }}
            columns={[
              { title: "行号", dataIndex: "row", width: 70, render: (v: number) => `第 ${v} 行` },
              { title: "账号", dataIndex: "username" },
              {
                title: "初始密码",
                dataIndex: "password",
                render: (v: string) => (
                  <Typography.Text code copyable>
                    {v}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </>
      ) : null}
      {report.errors.length ? (
        <Table<ImportRowError>
          style={{ marginTop: 12 }}
          size="small"
          data-testid="import-errors"
          rowKey={(e) => `${e.row}-${e.field}-${e.msg}`}
          dataSource={report.errors}
          pagination={report.errors.length > 10 ? { pageSize: 10, size: "small", showTotal: (t) => `共 ${t} 处错误` } : false}
          columns={[
            { title: "行号", dataIndex: "row", width: 70, render: (v: number) => `第 ${v} 行` },
            { title: "字段", dataIndex: "field", width: 140 },
            { title: "问题", dataIndex: "msg", render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
          ]}
        />
      ) : null}
    </div>
  );
}

import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import type { ImportReport, ImportRowError } from "@yanke/protocol";
import { Alert, Button, Descriptions, Modal, Progress, Radio, Select, Space, Table, Typography, Upload } from "antd";
import { useState } from "react";
import { toast } from "../api/toast";
import { useAppState } from "../session/store";
import { rbacApi } from "./api";
import { useSchoolOptions } from "./common";
import { bytesToBase64, importFileProblem } from "./files";

export type ImportKind = "teacher" | "account";
type Mode = "all" | "valid";
type Phase = { step: "idle" } | { step: "reading"; percent: number } | { step: "sending" } | { step: "done"; report: ImportReport };

export const TEMPLATE_URLS: Record<ImportKind, string> = { teacher: "/templates/teacher.xlsx", account: "/templates/account.xlsx" };
const KIND_LABEL: Record<ImportKind, string> = { teacher: "教师", account: "账号" };

function readFile(file: File, onProgress: (percent: number) => void): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    reader.onerror = () => reject(new Error("文件读取失败"));
    reader.onload = () => {
      const r = reader.result;
      if (r instanceof ArrayBuffer) resolve(new Uint8Array(r));
      else reject(new Error("文件读取失败"));
    };
    reader.readAsArrayBuffer(file);
  });
}

function normalizeReport(raw: ImportReport): ImportReport {
  return {
    total: Number(raw.total) || 0,
    imported: Number(raw.imported) || 0,
    skipped: Number(raw.skipped) || 0,
    errors: Array.isArray(raw.errors) ? raw.errors : [],
    accounts: Array.isArray(raw.accounts) ? raw.accounts : [],
  };
}

/** 导入教师 / 导入账号: choose an .xlsx (from the template), send it as base64, show the row report. */
export function AccountImport({
  open,
  onClose,
  onImported,
  knownSchools = [],
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
  knownSchools?: readonly { id: number; name: string }[];
}) {
  const [kind, setKind] = useState<ImportKind>("teacher");
  const [mode, setMode] = useState<Mode>("all");
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const ownSchool = useAppState((s) => s.session.school_id);
  const [schoolId, setSchoolId] = useState<number | undefined>(undefined);
  const schools = useSchoolOptions(knownSchools);
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
      const bytes = await readFile(file, (percent) => setPhase({ step: "reading", percent }));
      setPhase({ step: "sending" });
      const report = normalizeReport(await rbacApi.accountImport(kind, {
          filename: file.name,
          file: bytesToBase64(bytes),
          mode,
          ...(kind === "teacher" && schoolId ? { school_id: schoolId } : {}),
        }));
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
      title={`批量导入${KIND_LABEL[kind]}`}
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
              <span className="yk-form-label">导入类型</span>
              <Radio.Group value={kind} onChange={(e) => setKind(e.target.value === "account" ? "account" : "teacher")} disabled={busy} data-testid="import-kind">
                <Radio.Button value="teacher">教师</Radio.Button>
                <Radio.Button value="account">账号</Radio.Button>
              </Radio.Group>
              <a href={TEMPLATE_URLS.teacher} download data-testid="template-teacher" style={{ marginInlineStart: 16 }}>
                <DownloadOutlined /> 教师模板
              </a>
              <a href={TEMPLATE_URLS.account} download data-testid="template-account">
                <DownloadOutlined /> 账号模板
              </a>
            </div>
            {kind === "teacher" && (schools.length > 1 || !ownSchool) ? (
              <div className="yk-form-line">
                <span className="yk-form-label">所属学校</span>
                <Select
                  style={{ width: 260 }}
                  placeholder="默认：我所在的学校"
                  allowClear
                  value={schoolId}
                  onChange={(v: number | undefined) => setSchoolId(v)}
                  options={schools}
                  disabled={busy}
                  data-testid="import-school"
                />
                {ownSchool ? null : <span className="yk-muted">未选择时导入到您所在的学校</span>}
              </div>
            ) : null}
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

function ImportResult({ report, mode }: { report: ImportReport; mode: Mode }) {
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
          { key: "imported", label: "已导入", children: <b data-testid="import-imported" style={{ color: "#1f6f5c" }}>{report.imported}</b> },
          { key: "skipped", label: "已跳过", children: <span data-testid="import-skipped">{report.skipped}</span> },
        ]}
      />
      {report.accounts.some((a) => a.password) ? (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 12 }}
            title="以下账号的初始密码由系统生成，只显示这一次，请复制后交给本人。"
          />
          <Table
            style={{ marginTop: 8 }}
            size="small"
            data-testid="import-passwords"
            rowKey={(a) => `${a.row}-${a.id}`}
            dataSource={report.accounts.filter((a) => a.password)}
            pagination={false}
            scroll={{ y: 200 }}
            columns={[
              { title: "行号", dataIndex: "row", width: 70, render: (v: number) => `第 ${v} 行` },
              { title: "账号", dataIndex: "username" },
              { title: "初始密码", dataIndex: "password", render: (v: string) => <Typography.Text code copyable>{v}</Typography.Text> },
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

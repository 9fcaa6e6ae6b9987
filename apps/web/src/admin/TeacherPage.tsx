import { CloudSyncOutlined, ContactsOutlined, DownloadOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { calls, CALLS, type AccountRow, type EsSyncReport, type EsSyncRow } from "@yanke/protocol";
import { Alert, Button, Descriptions, Input, Modal, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { usePermission } from "../rbac/usePermission";
import { AccountForm } from "./AccountForm";
import { AccountImport, TEMPLATE_URLS } from "./AccountImport";
import { rbacApi } from "./api";
import { StatusSwitch } from "./common";
import { compact } from "./entity";
import { EntityPage } from "./EntityPage";
import { SchoolSelect } from "./pickers";
import { QuotaDialog, quotaApi, quotaTarget, type QuotaTarget } from "./quota";
import { RosterDrawer } from "./RosterDrawer";

interface TeacherFilters {
  keyword: string;
  school_id: number | undefined;
  status: number | undefined;
}
const BLANK: TeacherFilters = { keyword: "", school_id: undefined, status: undefined };
/** Identity code of 教师 (ROLE_NAMES[2]). */
export const TEACHER_IDENTITY = 2;

export const SYNC_ACTION: Record<EsSyncRow["action"], { label: string; color: string }> = {
  created: { label: "新建", color: "success" },
  updated: { label: "更新", color: "processing" },
  unchanged: { label: "无变化", color: "default" },
  failed: { label: "失败", color: "error" },
};

function EsSync({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [schoolId, setSchoolId] = useState<number | undefined>(undefined);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<EsSyncReport | null>(null);
  const close = () => {
    if (busy) return;
    setReport(null);
    onClose();
  };
  const start = async () => {
    setBusy(true);
    try {
      const r = await call(calls.teacherEsSync, {
        ...(schoolId ? { school_id: schoolId } : {}),
        ...(code.trim() ? { school_code: code.trim() } : {}),
      });
      setReport({ ...r, list: Array.isArray(r.list) ? r.list : [] });
      if (r.created || r.updated) onDone();
      toast.success(`同步完成：新建 ${r.created}，更新 ${r.updated}${r.failed ? `，失败 ${r.failed}` : ""}`);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="同步区域教育云教师"
      open={open}
      onCancel={close}
      width={760}
      maskClosable={!busy}
      destroyOnHidden
      footer={
        report ? (
          <Space>
            <Button onClick={() => setReport(null)}>再次同步</Button>
            <Button type="primary" onClick={close} data-testid="teacher-sync-close">
              完成
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close} disabled={busy}>
              取消
            </Button>
            <Button type="primary" loading={busy} onClick={start} data-testid="teacher-sync-submit">
              开始同步
            </Button>
          </Space>
        )
      }
    >
      {report ? (
        <div data-testid="teacher-sync-report" data-created={report.created} data-failed={report.failed}>
          <Descriptions
            size="small"
            bordered
            column={5}
            items={[
              { key: "t", label: "共", children: report.total },
              { key: "c", label: "新建", children: <b style={{ color: "#1f6f5c" }}>{report.created}</b> },
              { key: "u", label: "更新", children: report.updated },
              { key: "n", label: "无变化", children: report.unchanged },
              { key: "f", label: "失败", children: <Typography.Text type={report.failed ? "danger" : undefined}>{report.failed}</Typography.Text> },
            ]}
          />
          <Table<EsSyncRow>
            style={{ marginTop: 12 }}
            size="small"
            rowKey={(r) => `${r.external_id}-${r.account}`}
            dataSource={report.list}
            pagination={report.list.length > 10 ? { pageSize: 10, size: "small" } : false}
            columns={[
              { title: "教育云账号", dataIndex: "account", width: 130 },
              { title: "姓名", dataIndex: "realname", width: 90 },
              {
                title: "结果",
                dataIndex: "action",
                width: 80,
                render: (v: EsSyncRow["action"]) => <Tag color={SYNC_ACTION[v]?.color}>{SYNC_ACTION[v]?.label ?? v}</Tag>,
              },
              { title: "平台账号", dataIndex: "username", width: 120, render: (v: string) => v || <span className="yk-muted">—</span> },
              { title: "说明", dataIndex: "msg", render: (v: string, r) => (r.action === "failed" ? <Typography.Text type="danger">{v}</Typography.Text> : v) },
            ]}
          />
        </div>
      ) : (
        <Space orientation="vertical" size={12} style={{ width: "100%" }}>
          <Alert type="info" showIcon title="从区域教育云读取教师名单：新教师建为本平台账号（身份：教师），已有的按教育云信息更新。" />
          <div className="yk-form-line">
            <span className="yk-form-label">加入学校</span>
            <SchoolSelect
              testId="teacher-sync-school"
              width={260}
              placeholder="不选：按教育云学校编码匹配"
              value={schoolId}
              onChange={setSchoolId}
              disabled={busy}
            />
          </div>
          <div className="yk-form-line">
            <span className="yk-form-label">学校编码</span>
            <Input
              style={{ width: 260 }}
              placeholder="选填：只同步教育云中该学校的教师"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              maxLength={64}
              disabled={busy}
              data-testid="teacher-sync-code"
            />
          </div>
        </Space>
      )}
    </Modal>
  );
}

/** 教师管理 (/basic/teacher): accounts with identity 教师; Excel import; 区域教育云 sync (c035). */
export function TeacherPage() {
  const can = usePermission();
  const [syncing, setSyncing] = useState(false);
  const [roster, setRoster] = useState(false);
  const qc = useQueryClient();
  const [quota, setQuota] = useState<QuotaTarget | null>(null);
  const openQuota = async (r: AccountRow) => {
    try {
      setQuota(quotaTarget("account", r.realname || r.username, await quotaApi.account(r.id)));
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <>
      <EntityPage<AccountRow, TeacherFilters, never>
        testId="teacher"
        noun="教师"
        fallbackTitle="教师管理"
        queryKey={["accounts", "teachers-page"]}
        blank={BLANK}
        filters={(d, patch, search) => (
          <>
            <Input
              allowClear
              placeholder="账号、姓名或手机号"
              value={d.keyword}
              onChange={(e) => patch({ keyword: e.target.value })}
              onPressEnter={search}
              style={{ width: 190 }}
              data-testid="teacher-search-keyword"
            />
            <SchoolSelect testId="teacher-search-school" value={d.school_id} onChange={(v) => patch({ school_id: v })} />
          </>
        )}
        list={(pg, fl) => rbacApi.accountList({ ...pg, ...compact(fl), identity: TEACHER_IDENTITY })}
        rowName={(r) => r.realname || r.username}
        paths={{
          save: CALLS.accountSave,
          update: CALLS.accountUpdate,
          remove: CALLS.accountDelete,
          batchRemove: CALLS.accountBatchDelete,
          importer: CALLS.accountImportTeacher,
          exporter: CALLS.accountExport,
        }}
        remove={(r) => rbacApi.accountDelete(r.id)}
        batchRemove={(ids) => rbacApi.accountBatchDelete(ids)}
        exportList={(fl) => rbacApi.accountExport({ ...compact(fl), identity: TEACHER_IDENTITY })}
        exportName="教师列表.xlsx"
        rowActions={(r) =>
          can(CALLS.setAccountSpace) && can(CALLS.accountSurplusSpace) ? (
            <a onClick={() => void openQuota(r)} data-testid="teacher-quota">
              空间
            </a>
          ) : null
        }
        editor={(editing, close, saved) => <AccountForm editing={editing} onClose={close} onSaved={saved} />}
        importer={(open, close, refresh) => <AccountImport kinds={["teacher"]} open={open} onClose={close} onImported={refresh} />}
        toolbar={
          <>
            <Button icon={<DownloadOutlined />} href={TEMPLATE_URLS.teacher} download data-testid="teacher-template">
              教师模板
            </Button>
            {can(CALLS.rosterList) ? (
              <Button icon={<ContactsOutlined />} onClick={() => setRoster(true)} data-testid="teacher-roster">
                教师名册
              </Button>
            ) : null}
            {can(CALLS.teacherEsSync) ? (
              <Tooltip title="从区域教育云同步教师账号">
                <Button icon={<CloudSyncOutlined />} onClick={() => setSyncing(true)} data-testid="teacher-sync">
                  同步教育云
                </Button>
              </Tooltip>
            ) : null}
          </>
        }
        scrollX={1000}
        columns={[
          { title: "账号", dataIndex: "username", width: 130, render: (v: string) => <b>{v}</b> },
          {
            title: "姓名",
            dataIndex: "realname",
            width: 120,
            render: (v: string, r) => (
              <span data-testid="teacher-row-name">
                {v}
                {r.es_account_id ? (
                  <Tag color="green" bordered={false} style={{ marginInlineStart: 6 }}>
                    云
                  </Tag>
                ) : null}
              </span>
            ),
          },
          { title: "手机号", dataIndex: "telephone", width: 120, render: (v: string) => v || <span className="yk-muted">—</span> },
          { title: "学校", dataIndex: "school_name", ellipsis: true },
          { title: "角色", dataIndex: "group_title", width: 110, render: (v: string) => v || <span className="yk-muted">未分配</span> },
          {
            title: "状态",
            dataIndex: "status",
            width: 76,
            render: (v: number, r) => (
              <StatusSwitch
                testId="teacher-status"
                value={v}
                disabled={!can(CALLS.accountQuickOperate)}
                onToggle={async (next) => {
                  await rbacApi.accountStatus(r.id, next);
                  toast.success(next ? "已启用" : "已禁用，该账号已被强制下线");
                }}
              />
            ),
          },
          { title: "创建时间", dataIndex: "created_at", width: 150 },
        ]}
      />
      <QuotaDialog
        target={quota}
        onClose={() => setQuota(null)}
        send={quotaApi.set}
        onSaved={() => {
          setQuota(null);
          void qc.invalidateQueries({ queryKey: ["quota"] });
        }}
      />
      <RosterDrawer open={roster} onClose={() => setRoster(false)} />
      <EsSync open={syncing} onClose={() => setSyncing(false)} onDone={() => void qc.invalidateQueries({ queryKey: ["accounts"] })} />
    </>
  );
}

import {
  DeleteOutlined,
  DownloadOutlined,
  ExportOutlined,
  ImportOutlined,
  UnlockOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
} from "@ant-design/icons";
import { CALLS, type AccountRow, type BatchResult } from "@yanke/protocol";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Dropdown, Input, Modal, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { useState } from "react";
import { toast } from "../api/toast";
import { usePermission } from "../rbac/usePermission";
import { AccountForm, IDENTITY_OPTIONS } from "./AccountForm";
import { AccountImport, TEMPLATE_URLS } from "./AccountImport";
import { rbacApi } from "./api";
import { useAllSchools } from "./pickers";
import { QuotaDialog, quotaApi, quotaTarget, type QuotaTarget } from "./quota";
import { FIRST_PAGE, StatusSwitch, tablePagination, useScreenTitle, type PageState } from "./common";
import { downloadFile } from "./files";

export interface AccountFilters {
  keyword: string;
  school_id: number | undefined;
  group_id: number | undefined;
  identity: number | undefined;
  status: number | undefined;
}

const BLANK: AccountFilters = { keyword: "", school_id: undefined, group_id: undefined, identity: undefined, status: undefined };

/** The filters as the list / export payload (empty ones left out). */
export function accountFilterPayload(f: AccountFilters) {
  return {
    ...(f.keyword.trim() ? { keyword: f.keyword.trim() } : {}),
    ...(f.school_id !== undefined ? { school_id: f.school_id } : {}),
    ...(f.group_id !== undefined ? { group_id: f.group_id } : {}),
    ...(f.identity !== undefined ? { identity: f.identity } : {}),
    ...(f.status !== undefined ? { status: f.status } : {}),
  };
}

interface ResultView {
  kind: "reset" | "delete";
  results: BatchResult[];
}

/** 账号管理 (/permission/account): search, paging, create/edit, status, reset password, batch delete, import, export. */
export function AccountPage() {
  const title = useScreenTitle("账号管理");
  const can = usePermission();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [draft, setDraft] = useState<AccountFilters>(BLANK);
  const [filters, setFilters] = useState<AccountFilters>(BLANK);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<AccountRow | "new" | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [results, setResults] = useState<ResultView | null>(null);
  const [known, setKnown] = useState<Map<number, AccountRow>>(new Map());
  const [quota, setQuota] = useState<QuotaTarget | null>(null);
  const openQuota = async (r: AccountRow) => {
    try {
      setQuota(quotaTarget("account", r.realname || r.username, await quotaApi.account(r.id)));
    } catch {
      /* shown by the API client */
    }
  };

  const list = useQuery({
    queryKey: ["accounts", paging, filters],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const page = await rbacApi.accountList({ page: paging.page, limit: paging.limit, ...accountFilterPayload(filters) });
      setKnown((m) => {
        const next = new Map(m);
        for (const r of page.list) next.set(r.id, r);
        return next;
      });
      return page;
    },
  });
  const groups = useQuery({ queryKey: ["groupOptions"], queryFn: rbacApi.groupOptions, enabled: can(CALLS.groupOptions) });
  const knownSchools = [...known.values()].map((r) => ({ id: r.school_id, name: r.school_name }));
  const schools = useAllSchools(knownSchools);
  const rows = list.data?.list ?? [];
  const refresh = () => void qc.invalidateQueries({ queryKey: ["accounts"] });

  const search = () => {
    setPaging((p) => ({ ...p, page: 1 }));
    setFilters(draft);
  };
  const reset = () => {
    setDraft(BLANK);
    setFilters(BLANK);
    setPaging(FIRST_PAGE);
  };

  const resetPasswords = (ids: number[]) => {
    const names = ids.map((id) => known.get(id)?.realname || known.get(id)?.username || `#${id}`);
    modal.confirm({
      title: "重置密码",
      content: `确定重置 ${names.length > 3 ? `${names.slice(0, 3).join("、")} 等 ${names.length} 个账号` : names.join("、")} 的密码吗？新密码只显示一次。`,
      okText: "重置",
      cancelText: "取消",
      okButtonProps: { "data-testid": "reset-password-ok" },
      onOk: async () => {
        try {
          const res = await rbacApi.accountResetPassword(ids);
          setResults({ kind: "reset", results: res });
        } catch {
          /* shown by the API client */
        }
      },
    });
  };

  const batchDelete = () => {
    const ids = [...selected];
    modal.confirm({
      title: "批量删除",
      content: `确定删除选中的 ${ids.length} 个账号吗？删除后不能恢复。`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": "batch-delete-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          const res = await rbacApi.accountBatchDelete(ids);
          setResults({ kind: "delete", results: res });
          setSelected((s) => s.filter((id) => !res.some((r) => r.ok && r.id === id)));
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });
  };

  const removeOne = (r: AccountRow) => {
    modal.confirm({
      title: "删除账号",
      content: `确定删除账号「${r.realname || r.username}」吗？删除后不能恢复。`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": "account-delete-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          await rbacApi.accountDelete(r.id);
          toast.success("删除成功");
          setSelected((s) => s.filter((id) => id !== r.id));
          if (rows.length === 1 && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });
  };

  const exportList = async () => {
    setExporting(true);
    try {
      const file = await rbacApi.accountExport(accountFilterPayload(filters));
      downloadFile(file, "账号列表.xlsx");
      toast.success("导出成功");
    } catch {
      /* shown by the API client */
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<AccountRow> = [
    { title: "账号", dataIndex: "username", width: 130, ellipsis: true, render: (v: string) => <b>{v}</b> },
    {
      title: "姓名",
      dataIndex: "realname",
      width: 130,
      ellipsis: true,
      render: (v: string, r) => (
        <span>
          {v}
          {r.es_account_id ? (
            <Tooltip title="已绑定区域教育云账号">
              <Tag color="green" bordered={false} style={{ marginInlineStart: 6 }} data-testid="account-es-bound">
                云
              </Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    { title: "手机号", dataIndex: "telephone", width: 118, render: (v: string) => v || <span className="yk-muted">—</span> },
    {
      title: "身份",
      dataIndex: "identity_name",
      width: 76,
      render: (v: string, r) => <Tag bordered={false}>{v || IDENTITY_OPTIONS.find((o) => o.value === r.identity)?.label}</Tag>,
    },
    { title: "角色", dataIndex: "group_title", width: 110, ellipsis: true, render: (v: string) => v || <span className="yk-muted">未分配</span> },
    {
      title: "学校",
      dataIndex: "school_name",
      ellipsis: true,
      render: (v: string, r) => v || (r.school_id ? `学校 ${r.school_id}` : <span className="yk-muted">—</span>),
    },
    {
      title: "状态",
      dataIndex: "status",
      width: 76,
      render: (v: number, r) => (
        <StatusSwitch
          testId="account-status"
          value={v}
          disabled={!can(CALLS.accountQuickOperate)}
          onToggle={async (next) => {
            await rbacApi.accountStatus(r.id, next);
            toast.success(next ? "已启用" : "已禁用，该账号已被强制下线");
            refresh();
          }}
        />
      ),
    },
    { title: "创建时间", dataIndex: "created_at", width: 150 },
    {
      title: "操作",
      key: "op",
      width: 200,
      fixed: "right",
      render: (_, r) => (
        <Space size={2} className="yk-row-actions">
          {can(CALLS.accountUpdate) ? (
            <a onClick={() => setEditing(r)} data-testid="account-edit">
              编辑
            </a>
          ) : null}
          {can(CALLS.accountResetPassword) ? (
            <a onClick={() => resetPasswords([r.id])} data-testid="account-reset-password">
              重置密码
            </a>
          ) : null}
          {can(CALLS.setAccountSpace) && can(CALLS.accountSurplusSpace) ? (
            <a onClick={() => void openQuota(r)} data-testid="account-quota">
              空间
            </a>
          ) : null}
          {can(CALLS.accountDelete) ? (
            <a className="yk-danger-link" onClick={() => removeOne(r)} data-testid="account-delete">
              删除
            </a>
          ) : null}
        </Space>
      ),
    },
  ];

  const canImport = can(CALLS.accountImportTeacher) || can(CALLS.accountImportAccount);
  return (
    <div className="yk-page" data-testid="account-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <div className="yk-filter-bar">
          <Input
            allowClear
            placeholder="账号、姓名或手机号"
            prefix={<SearchOutlined />}
            value={draft.keyword}
            onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
            onPressEnter={search}
            style={{ width: 200 }}
            data-testid="account-search-keyword"
          />
          <Select
            allowClear
            placeholder="学校"
            value={draft.school_id}
            onChange={(v: number | undefined) => setDraft((d) => ({ ...d, school_id: v }))}
            options={schools}
            style={{ width: 160 }}
            data-testid="account-search-school"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            placeholder="角色"
            value={draft.group_id}
            onChange={(v: number | undefined) => setDraft((d) => ({ ...d, group_id: v }))}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.title }))}
            style={{ width: 140 }}
            data-testid="account-search-role"
          />
          <Select
            allowClear
            placeholder="身份"
            value={draft.identity}
            onChange={(v: number | undefined) => setDraft((d) => ({ ...d, identity: v }))}
            options={IDENTITY_OPTIONS}
            style={{ width: 100 }}
            data-testid="account-search-identity"
          />
          <Select
            allowClear
            placeholder="状态"
            value={draft.status}
            onChange={(v: number | undefined) => setDraft((d) => ({ ...d, status: v }))}
            options={[
              { value: 1, label: "启用" },
              { value: 0, label: "禁用" },
            ]}
            style={{ width: 90 }}
            data-testid="account-search-status"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="account-search">
            查询
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset} data-testid="account-search-reset">
            重置
          </Button>
        </div>
        <div className="yk-filter-bar">
          {can(CALLS.accountSave) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="account-add">
              新增账号
            </Button>
          ) : null}
          {can(CALLS.accountBatchDelete) ? (
            <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={batchDelete} data-testid="account-batch-delete">
              批量删除{selected.length ? `（${selected.length}）` : ""}
            </Button>
          ) : null}
          {can(CALLS.accountResetPassword) ? (
            <Button icon={<UnlockOutlined />} disabled={!selected.length} onClick={() => resetPasswords(selected)} data-testid="account-batch-reset">
              重置密码{selected.length ? `（${selected.length}）` : ""}
            </Button>
          ) : null}
          <div className="yk-topbar-spacer" />
          {canImport ? (
            <>
              <Dropdown
                menu={{
                  items: [
                    {
                      key: "teacher",
                      label: (
                        <a href={TEMPLATE_URLS.teacher} download data-testid="template-teacher-link">
                          教师导入模板
                        </a>
                      ),
                    },
                    {
                      key: "account",
                      label: (
                        <a href={TEMPLATE_URLS.account} download data-testid="template-account-link">
                          账号导入模板
                        </a>
                      ),
                    },
                  ],
                }}
              >
                <Button icon={<DownloadOutlined />} data-testid="account-templates">
                  下载模板
                </Button>
              </Dropdown>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="account-import">
                导入
              </Button>
            </>
          ) : null}
          {can(CALLS.accountExport) ? (
            <Tooltip title="按当前筛选条件导出">
              <Button icon={<ExportOutlined />} loading={exporting} onClick={exportList} data-testid="account-export">
                导出
              </Button>
            </Tooltip>
          ) : null}
        </div>
        <Table<AccountRow>
          rowKey="id"
          size="small"
          data-testid="account-table"
          loading={list.isFetching}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 1100 }}
          rowSelection={
            can(CALLS.accountBatchDelete) || can(CALLS.accountResetPassword)
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true }
              : undefined
          }
          pagination={tablePagination(paging, list.data?.total ?? 0, setPaging)}
        />
      </Card>
      <AccountForm
        knownSchools={knownSchools}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <AccountImport knownSchools={knownSchools} open={importing} onClose={() => setImporting(false)} onImported={refresh} />
      <QuotaDialog
        target={quota}
        onClose={() => setQuota(null)}
        send={quotaApi.set}
        onSaved={() => {
          setQuota(null);
          void qc.invalidateQueries({ queryKey: ["quota"] });
        }}
      />
      <BatchResultModal view={results} known={known} onClose={() => setResults(null)} />
    </div>
  );
}

function BatchResultModal({ view, known, onClose }: { view: ResultView | null; known: ReadonlyMap<number, AccountRow>; onClose: () => void }) {
  const reset = view?.kind === "reset";
  const okCount = view?.results.filter((r) => r.ok).length ?? 0;
  const failCount = (view?.results.length ?? 0) - okCount;
  const who = (id: number) => {
    const r = known.get(id);
    return r ? `${r.realname || r.username}（${r.username}）` : `#${id}`;
  };
  const copyAll = () => {
    const text = (view?.results ?? [])
      .filter((r) => r.ok && r.password)
      .map((r) => `${known.get(r.id)?.username ?? r.id}\t${r.password ?? ""}`)
      .join("\n");
    void navigator.clipboard?.writeText(text).then(
      () => toast.success("已复制全部新密码"),
      () => toast.error("复制失败，请逐个复制"),
    );
  };
  return (
    <Modal
      title={reset ? "重置密码结果" : "批量删除结果"}
      open={view !== null}
      onCancel={onClose}
      width={640}
      maskClosable={false}
      footer={
        <Space>
          {reset && okCount ? (
            <Button onClick={copyAll} data-testid="reset-password-copy-all">
              复制全部
            </Button>
          ) : null}
          <Button type="primary" onClick={onClose} data-testid="batch-result-close">
            我知道了
          </Button>
        </Space>
      }
    >
      <div data-testid={reset ? "reset-password-result" : "batch-delete-result"} data-ok={okCount} data-failed={failCount}>
        <Typography.Paragraph type="secondary">
          成功 {okCount} 个{failCount ? `，失败 ${failCount} 个` : ""}。{reset && okCount ? "新密码只显示这一次，请立即复制并告知账号本人。" : ""}
        </Typography.Paragraph>
        <Table<BatchResult>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={view?.results ?? []}
          columns={[
            { title: "账号", dataIndex: "id", render: (id: number) => who(id) },
            {
              title: "结果",
              dataIndex: "ok",
              width: 200,
              render: (ok: boolean, r) =>
                ok ? <Tag color="success">{r.msg || "成功"}</Tag> : <Typography.Text type="danger">{r.msg || "失败"}</Typography.Text>,
            },
            ...(reset
              ? [
                  {
                    title: "新密码",
                    dataIndex: "password",
                    width: 180,
                    render: (v: string | undefined) =>
                      v ? (
                        <Typography.Text code copyable data-testid="reset-password-value">
                          {v}
                        </Typography.Text>
                      ) : (
                        <span className="yk-muted">—</span>
                      ),
                  },
                ]
              : []),
          ]}
        />
      </div>
    </Modal>
  );
}

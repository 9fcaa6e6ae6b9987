import { PlusOutlined, ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { AuthGroupFields, CALLS, ROLE, type AuthGroupRow } from "@yanke/protocol";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Card, Drawer, Form, Input, Popconfirm, Select, Space, Switch, Table, Tag, type TableColumnsType } from "antd";
import { useEffect, useState } from "react";
import { toast } from "../api/toast";
import { usePermission } from "../rbac/usePermission";
import { useAppState } from "../session/store";
import { rbacApi } from "./api";
import { useAllSchools } from "./pickers";
import { DRAWER_WIDTH, FIRST_PAGE, StatusSwitch, tablePagination, useScreenTitle, zodRule, type PageState } from "./common";
import { RuleTree } from "./RuleTree";

interface Filters {
  title: string;
  status: number | undefined;
}

interface RoleValues {
  title: string;
  status: boolean;
  school_id: number;
  rules: number[];
  apply_auth_list: number[];
}

const STATUS_OPTIONS = [
  { value: 1, label: "启用" },
  { value: 0, label: "禁用" },
];

/** Platform-level users (SF_ADMIN, SF_PINGTAI) choose a role's school; others create roles of their own school. */
function choosesSchool(identity: number, codes: readonly number[]): boolean {
  const all = [identity, ...codes];
  return all.includes(ROLE.SF_ADMIN) || all.includes(ROLE.SF_PINGTAI);
}

/** 角色管理 (/permission/role): roles (auth groups) with their rules and applications. */
export function RolePage() {
  const title = useScreenTitle("角色管理");
  const can = usePermission();
  const qc = useQueryClient();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [draft, setDraft] = useState<Filters>({ title: "", status: undefined });
  const [filters, setFilters] = useState<Filters>(draft);
  const [editing, setEditing] = useState<AuthGroupRow | "new" | null>(null);

  const list = useQuery({
    queryKey: ["roles", paging, filters],
    placeholderData: keepPreviousData,
    queryFn: () =>
      rbacApi.groupList({
        page: paging.page,
        limit: paging.limit,
        ...(filters.title.trim() ? { title: filters.title.trim() } : {}),
        ...(filters.status !== undefined ? { status: filters.status } : {}),
      }),
  });
  const rows = list.data?.list ?? [];
  const refresh = () => void qc.invalidateQueries({ queryKey: ["roles"] });

  const search = () => {
    setPaging((p) => ({ ...p, page: 1 }));
    setFilters(draft);
  };
  const reset = () => {
    const blank: Filters = { title: "", status: undefined };
    setDraft(blank);
    setFilters(blank);
    setPaging(FIRST_PAGE);
  };
  const remove = async (row: AuthGroupRow) => {
    try {
      await rbacApi.groupDelete(row.id);
      toast.success("删除成功");
      if (rows.length === 1 && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
      refresh();
    } catch {
      /* 409: the role is in use — the API client shows the server's message */
    }
  };

  const columns: TableColumnsType<AuthGroupRow> = [
    { title: "角色名称", dataIndex: "title", render: (v: string) => <b>{v}</b> },
    {
      title: "所属学校",
      dataIndex: "school_name",
      render: (v: string, r) => (r.school_id ? v || `学校 ${r.school_id}` : <Tag bordered={false}>平台</Tag>),
    },
    {
      title: "状态",
      dataIndex: "status",
      width: 90,
      render: (v: number, r) => (
        <StatusSwitch
          testId="role-status"
          value={v}
          disabled={!can(CALLS.groupQuickOperate)}
          onToggle={async (next) => {
            await rbacApi.groupStatus(r.id, next);
            toast.success(next ? "已启用" : "已禁用");
            refresh();
          }}
        />
      ),
    },
    { title: "账号数", dataIndex: "account_count", width: 80, align: "right" },
    { title: "规则数", key: "rules", width: 80, align: "right", render: (_, r) => r.rules.length },
    { title: "创建时间", dataIndex: "created_at", width: 160 },
    {
      title: "操作",
      key: "op",
      width: 140,
      render: (_, r) => (
        <Space size={2} className="yk-row-actions">
          {can(CALLS.groupUpdate) ? (
            <a onClick={() => setEditing(r)} data-testid="role-edit">
              编辑
            </a>
          ) : null}
          {can(CALLS.groupDelete) ? (
            <Popconfirm
              title="删除角色"
              description={`确定删除角色「${r.title}」吗？仍有账号使用的角色不能删除。`}
              okText="删除"
              okButtonProps={{ danger: true, "data-testid": "role-delete-ok" }}
              cancelText="取消"
              onConfirm={() => remove(r)}
            >
              <a className="yk-danger-link" data-testid="role-delete">
                删除
              </a>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="yk-page" data-testid="role-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <div className="yk-filter-bar">
          <Input
            allowClear
            placeholder="角色名称"
            value={draft.title}
            onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
            onPressEnter={search}
            style={{ width: 200 }}
            data-testid="role-search-title"
          />
          <Select
            allowClear
            placeholder="状态"
            value={draft.status}
            onChange={(v: number | undefined) => setDraft((d) => ({ ...d, status: v }))}
            options={STATUS_OPTIONS}
            style={{ width: 120 }}
            data-testid="role-search-status"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="role-search">
            查询
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            重置
          </Button>
          <div className="yk-topbar-spacer" />
          {can(CALLS.groupSave) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="role-add">
              新增角色
            </Button>
          ) : null}
        </div>
        <Table<AuthGroupRow>
          rowKey="id"
          size="small"
          data-testid="role-table"
          loading={list.isFetching}
          columns={columns}
          dataSource={rows}
          pagination={tablePagination(paging, list.data?.total ?? 0, setPaging)}
        />
      </Card>
      <RoleDrawer
        knownSchools={rows.map((r) => ({ id: r.school_id, name: r.school_name }))}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </div>
  );
}

function RoleDrawer({
  editing,
  onClose,
  onSaved,
  knownSchools,
}: {
  editing: AuthGroupRow | "new" | null;
  onClose: () => void;
  onSaved: () => void;
  knownSchools: readonly { id: number; name: string }[];
}) {
  const [form] = Form.useForm<RoleValues>();
  const session = useAppState((s) => s.session);
  const [saving, setSaving] = useState(false);
  const open = editing !== null;
  const row = editing && editing !== "new" ? editing : null;
  const platform = choosesSchool(session.identity, session.identityCode);
  const schools = useAllSchools(row ? [{ id: row.school_id, name: row.school_name }, ...knownSchools] : knownSchools);

  // Grantable tree: the role's own (with its checked rules) when editing, else useList.
  const treeQuery = useQuery({
    queryKey: ["roleTree", row?.id ?? 0],
    enabled: open,
    queryFn: async () => (row ? rbacApi.groupAuthRole(row.id) : { tree: await rbacApi.ruleUseList(), checked: [] }),
    staleTime: 0,
  });
  // Application choices: every application for those who manage them (c057), else the caller's own (c056).
  const can = usePermission();
  const manager = can(CALLS.applyRulesAndApply);
  const applies = useQuery({
    queryKey: ["roleApplies", manager],
    enabled: open,
    queryFn: async () => (manager ? (await rbacApi.rulesAndApply()).applies : (await rbacApi.applyIndex()).list),
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? { title: row.title, status: row.status === 1, school_id: row.school_id, rules: row.rules, apply_auth_list: row.apply_auth_list }
        : { title: "", status: true, school_id: platform ? 0 : session.school_id, rules: [], apply_auth_list: [] },
    );
  }, [open, row, form, platform, session.school_id]);

  useEffect(() => {
    if (row && treeQuery.data?.checked.length) form.setFieldValue("rules", treeQuery.data.checked);
  }, [row, treeQuery.data, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      const payload = {
        title: v.title.trim(),
        status: v.status ? 1 : 0,
        school_id: v.school_id ?? 0,
        rules: v.rules ?? [],
        apply_auth_list: v.apply_auth_list ?? [],
      };
      if (row) await rbacApi.groupUpdate({ id: row.id, ...payload });
      else await rbacApi.groupSave(payload);
      toast.success(row ? "保存成功" : "新增成功");
      onSaved();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };

  const applyOptions = (applies.data ?? []).map((a) => ({ value: a.id, label: a.name }));

  return (
    <Drawer
      title={row ? `编辑角色：${row.title}` : "新增角色"}
      open={open}
      onClose={onClose}
      size={DRAWER_WIDTH}
      destroyOnHidden
      data-testid="role-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="role-submit">
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark data-testid="role-form">
        <Form.Item
          label="角色名称"
          name="title"
          rules={[{ required: true, whitespace: true, message: "请输入角色名称" }, zodRule(AuthGroupFields.shape.title)]}
        >
          <Input maxLength={60} showCount placeholder="如：学校管理员" data-testid="role-form-title" />
        </Form.Item>
        <Space size={24} align="start" wrap>
          <Form.Item label="状态" name="status" valuePropName="checked">
            <Switch checkedChildren="启用" unCheckedChildren="禁用" data-testid="role-form-status" />
          </Form.Item>
          <Form.Item label="所属学校" name="school_id" tooltip={platform ? "平台角色不属于任何学校" : "角色属于您所在的学校"}>
            <Select
              style={{ minWidth: 220 }}
              disabled={!platform}
              data-testid="role-form-school"
              options={[{ value: 0, label: "平台（不限学校）" }, ...schools]}
            />
          </Form.Item>
        </Space>
        <Form.Item label="可用应用" name="apply_auth_list" tooltip="选择后，角色的规则只在这些应用的范围内生效；不选则不限">
          <Select
            mode="multiple"
            allowClear
            placeholder="不限应用"
            loading={applies.isLoading}
            options={applyOptions}
            optionFilterProp="label"
            data-testid="role-form-applies"
          />
        </Form.Item>
        <Form.Item label="权限规则" name="rules" tooltip="勾选菜单与按钮权限；勾选子项会自动带上其上级菜单">
          <RuleTree tree={treeQuery.data?.tree ?? []} loading={treeQuery.isFetching} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

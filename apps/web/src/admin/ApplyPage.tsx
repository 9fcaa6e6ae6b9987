import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { APPLY_TYPE_NAMES, CALLS, MODES, OccupationApplyFields, OCCUPATION_APPLY_LIMIT, type OccupationApplyRow } from "@yanke/protocol";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Card, Col, Form, Input, Modal, Popconfirm, Row, Select, Space, Switch, Table, Tabs, Tag, type TableColumnsType } from "antd";
import { useEffect, useMemo, useState } from "react";
import { toast } from "../api/toast";
import { menuIcon } from "../layout/menu-icons";
import { usePermission } from "../rbac/usePermission";
import { applyGroupList, rbacApi } from "./api";
import { StatusSwitch, useScreenTitle, zodRule } from "./common";
import { RuleTree } from "./RuleTree";

/** apply_type of the standalone ability entries. */
export const ABILITY_TYPE = 7;
/** Menu-group tabs in the order of the top bar's mode tabs (§2). */
const GROUP_TYPES: readonly number[] = MODES.map((m) => m.mode);

const OPEN_TYPES = [
  { value: 1, label: "站内打开" },
  { value: 2, label: "新窗口打开" },
];
function openTypeLabel(t: number): string {
  return OPEN_TYPES.find((o) => o.value === t)?.label ?? `方式 ${t}`;
}

interface ApplyValues {
  name: string;
  icon: string;
  apply_type: number;
  type: number;
  is_display: boolean;
  rules: number[];
  group_ids: number[];
}

type Editing = { mode: "new"; applyType: number } | { mode: "edit"; row: OccupationApplyRow } | null;

function useApplyGroups() {
  return useQuery({ queryKey: ["applyGroups"], queryFn: () => rbacApi.applyList({ limit: OCCUPATION_APPLY_LIMIT }) });
}

function ApplyTable({
  rows,
  loading,
  onEdit,
  onChanged,
  testId,
}: {
  rows: OccupationApplyRow[];
  loading: boolean;
  onEdit: (r: OccupationApplyRow) => void;
  onChanged: () => void;
  testId: string;
}) {
  const can = usePermission();
  const remove = async (r: OccupationApplyRow) => {
    try {
      await rbacApi.applyDelete(r.id);
      toast.success("删除成功");
      onChanged();
    } catch {
      /* shown by the API client */
    }
  };
  const columns: TableColumnsType<OccupationApplyRow> = [
    {
      title: "名称",
      dataIndex: "name",
      render: (v: string, r) => (
        <span>
          <span className="yk-apply-icon">{menuIcon(r.icon, true)}</span>
          <b>{v}</b>
        </span>
      ),
    },
    { title: "图标", dataIndex: "icon", width: 160, render: (v: string) => v || <span className="yk-muted">—</span> },
    { title: "打开方式", dataIndex: "type", width: 110, render: (v: number) => openTypeLabel(v) },
    {
      title: "显示",
      dataIndex: "is_display",
      width: 90,
      render: (v: number, r) => (
        <StatusSwitch
          testId="apply-display"
          value={v}
          on="显示"
          off="隐藏"
          disabled={!can(CALLS.applyUpdate)}
          onToggle={async (next) => {
            await rbacApi.applyUpdate({ id: r.id, is_display: next });
            onChanged();
          }}
        />
      ),
    },
    { title: "规则数", key: "rules", width: 80, align: "right", render: (_, r) => r.rules.length },
    { title: "可用角色", key: "groups", width: 90, align: "right", render: (_, r) => r.group_ids.length || <span className="yk-muted">不限</span> },
    {
      title: "操作",
      key: "op",
      width: 140,
      render: (_, r) => (
        <Space size={2} className="yk-row-actions">
          {can(CALLS.applyUpdate) ? (
            <a onClick={() => onEdit(r)} data-testid="apply-edit">
              编辑
            </a>
          ) : null}
          {can(CALLS.applyDelete) ? (
            <Popconfirm
              title="删除应用"
              description={`确定删除「${r.name}」吗？`}
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true, "data-testid": "apply-delete-ok" }}
              onConfirm={() => remove(r)}
            >
              <a className="yk-danger-link" data-testid="apply-delete">
                删除
              </a>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return <Table<OccupationApplyRow> rowKey="id" size="small" data-testid={testId} loading={loading} columns={columns} dataSource={rows} pagination={false} />;
}

/** 菜单分组 (/permission/menuGroup): the application entries of the five mode tabs (apply_type 1–5). */
export function MenuGroupPage() {
  const title = useScreenTitle("菜单分组");
  const can = usePermission();
  const qc = useQueryClient();
  const groups = useApplyGroups();
  const [tab, setTab] = useState<number>(GROUP_TYPES[0] ?? 4);
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: ["applyGroups"] });
  return (
    <div className="yk-page" data-testid="menu-group-page">
      <Card
        variant="borderless"
        title={<span data-testid="page-title">{title}</span>}
        extra={
          <Space>
            <Button icon={<ReloadOutlined />} onClick={refresh}>
              刷新
            </Button>
            {can(CALLS.applySave) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: "new", applyType: tab })} data-testid="apply-add">
                新增分组
              </Button>
            ) : null}
          </Space>
        }
      >
        <Tabs
          activeKey={String(tab)}
          onChange={(k) => setTab(Number(k))}
          data-testid="apply-type-tabs"
          items={GROUP_TYPES.map((t) => {
            const rows = applyGroupList(groups.data, t);
            return {
              key: String(t),
              label: (
                <span data-testid="apply-type-tab" data-apply-type={t}>
                  {APPLY_TYPE_NAMES[t]} <Badge count={rows.length} showZero color={rows.length ? "#1f6f5c" : "#c9d6d0"} size="small" />
                </span>
              ),
              children: (
                <ApplyTable
                  rows={rows}
                  loading={groups.isFetching}
                  testId="apply-table"
                  onEdit={(r) => setEditing({ mode: "edit", row: r })}
                  onChanged={refresh}
                />
              ),
            };
          })}
        />
      </Card>
      <ApplyModal
        editing={editing}
        types={GROUP_TYPES}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </div>
  );
}

/** 应用管理 (/permission/ability): standalone ability entries (apply_type 7). */
export function AbilityPage() {
  const title = useScreenTitle("应用管理");
  const can = usePermission();
  const qc = useQueryClient();
  const groups = useApplyGroups();
  const [editing, setEditing] = useState<Editing>(null);
  const [keyword, setKeyword] = useState("");
  const refresh = () => void qc.invalidateQueries({ queryKey: ["applyGroups"] });
  const rows = useMemo(() => applyGroupList(groups.data, ABILITY_TYPE).filter((r) => r.name.includes(keyword.trim())), [groups.data, keyword]);
  return (
    <div className="yk-page" data-testid="ability-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <div className="yk-filter-bar">
          <Input.Search allowClear placeholder="应用名称" onChange={(e) => setKeyword(e.target.value)} style={{ width: 220 }} data-testid="ability-search" />
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            刷新
          </Button>
          <div className="yk-topbar-spacer" />
          {can(CALLS.applySave) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: "new", applyType: ABILITY_TYPE })} data-testid="apply-add">
              新增应用
            </Button>
          ) : null}
        </div>
        <ApplyTable rows={rows} loading={groups.isFetching} testId="ability-table" onEdit={(r) => setEditing({ mode: "edit", row: r })} onChanged={refresh} />
      </Card>
      <ApplyModal
        editing={editing}
        types={[ABILITY_TYPE]}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </div>
  );
}

function ApplyModal({ editing, types, onClose, onSaved }: { editing: Editing; types: readonly number[]; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<ApplyValues>();
  const [saving, setSaving] = useState(false);
  const open = editing !== null;
  const row = editing?.mode === "edit" ? editing.row : null;
  const icon = Form.useWatch("icon", form);

  // A new entry has no id for c054/c055: its tree comes from c057 (this screen's rule) or c005, its roles from c030.
  const can = usePermission();
  const rules = useQuery({
    queryKey: ["applyRules", row?.id ?? 0],
    enabled: open,
    staleTime: 0,
    queryFn: async () => {
      if (row) return rbacApi.applyAuthRuleList(row.id);
      const tree = can(CALLS.applyRulesAndApply) ? (await rbacApi.rulesAndApply()).rules : await rbacApi.ruleUseList();
      return { tree, checked: [] };
    },
  });
  const rolesAllowed = row ? can(CALLS.applyAuthGroupList) : can(CALLS.groupOptions);
  const roles = useQuery({
    queryKey: ["applyRoles", row?.id ?? 0],
    enabled: open && rolesAllowed,
    staleTime: 0,
    queryFn: async () => {
      if (row) return rbacApi.applyAuthGroupList(row.id);
      const list = await rbacApi.groupOptions();
      return { list: list.map((g) => ({ id: g.id, title: g.title })), checked: [] };
    },
  });

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === "edit") {
      const r = editing.row;
      form.setFieldsValue({
        name: r.name,
        icon: r.icon,
        apply_type: r.apply_type,
        type: r.type || 1,
        is_display: r.is_display === 1,
        rules: r.rules,
        group_ids: r.group_ids,
      });
    } else {
      form.setFieldsValue({ name: "", icon: "", apply_type: editing.applyType, type: 1, is_display: true, rules: [], group_ids: [] });
    }
  }, [editing, form]);

  useEffect(() => {
    if (row && rules.data?.checked.length) form.setFieldValue("rules", rules.data.checked);
  }, [row, rules.data, form]);
  useEffect(() => {
    if (row && roles.data?.checked.length) form.setFieldValue("group_ids", roles.data.checked);
  }, [row, roles.data, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    const payload = {
      name: v.name.trim(),
      icon: (v.icon ?? "").trim(),
      apply_type: v.apply_type,
      type: v.type,
      is_display: v.is_display ? 1 : 0,
      rules: v.rules ?? [],
      group_ids: v.group_ids ?? [],
    };
    try {
      if (row) await rbacApi.applyUpdate({ id: row.id, ...payload });
      else await rbacApi.applySave(payload);
      toast.success(row ? "保存成功" : "新增成功");
      onSaved();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };
  const f = OccupationApplyFields.shape;
  const ability = types.length === 1 && types[0] === ABILITY_TYPE;
  return (
    <Modal
      title={row ? `编辑：${row.name}` : ability ? "新增应用" : "新增分组"}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      width={760}
      destroyOnHidden
      okButtonProps={{ "data-testid": "apply-form-submit" }}
    >
      <Form form={form} layout="vertical" data-testid="apply-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: "请输入应用名称" }, zodRule(f.name)]}>
              <Input maxLength={60} placeholder={ability ? "如：听评课" : "如：教研管理"} data-testid="apply-form-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="图标" name="icon" rules={[zodRule(f.icon)]}>
              <Input placeholder="如 ExperimentOutlined" prefix={icon ? menuIcon(icon, true) : null} data-testid="apply-form-icon" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="分组" name="apply_type" rules={[{ required: true, message: "请选择分组" }]}>
              <Select
                disabled={ability}
                data-testid="apply-form-apply-type"
                options={types.map((t) => ({ value: t, label: APPLY_TYPE_NAMES[t] ?? String(t) }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="打开方式" name="type">
              <Select data-testid="apply-form-type" options={OPEN_TYPES} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="是否显示" name="is_display" valuePropName="checked">
              <Switch checkedChildren="显示" unCheckedChildren="隐藏" data-testid="apply-form-display" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="可用角色" name="group_ids" tooltip="只有这些角色的账号能看到该应用；不选则所有角色可用">
              <Select
                mode="multiple"
                allowClear
                placeholder={rolesAllowed ? "所有角色" : "您没有查看角色的权限"}
                disabled={!rolesAllowed}
                loading={roles.isFetching}
                optionFilterProp="label"
                data-testid="apply-form-roles"
                options={(roles.data?.list ?? []).map((g) => ({ value: g.id, label: g.title }))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              label={
                <span>
                  包含规则 <Tag bordered={false}>选择该应用打开的菜单与权限</Tag>
                </span>
              }
              name="rules"
            >
              <RuleTree tree={rules.data?.tree ?? []} loading={rules.isFetching} testId="apply-rule-tree" height={320} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

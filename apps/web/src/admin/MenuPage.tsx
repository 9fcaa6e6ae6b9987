import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { AuthRuleFields, CALLS, menuTitle, type MenuNode } from "@yanke/protocol";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
  type TableColumnsType,
} from "antd";
import { useEffect, useMemo, useState } from "react";
import { toast } from "../api/toast";
import { config } from "../config";
import { menuIcon } from "../layout/menu-icons";
import { usePermission } from "../rbac/usePermission";
import { rbacApi } from "./api";
import { StatusSwitch, useScreenTitle, zodRule } from "./common";
import { allRuleIds, filterMenuTree, menuRows, parentOptions, type MenuRow } from "./tree";

interface RuleValues {
  pid: number;
  is_menu: number;
  title: string;
  name: string;
  url: string;
  componentsUrl: string;
  activeMenu: string;
  icon: string;
  redirect: string;
  sort: number;
  status: boolean;
}

type Editing = { mode: "new"; pid: number } | { mode: "edit"; row: MenuRow } | null;

/** Sort field edited in place; saved on Enter or blur through setAttribute 'sort'. */
function SortCell({ row, disabled, onSaved }: { row: MenuRow; disabled: boolean; onSaved: () => void }) {
  const [value, setValue] = useState<number | null>(row.sort);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(row.sort), [row.sort]);
  const save = async () => {
    const next = value ?? 0;
    if (next === row.sort) return;
    setBusy(true);
    try {
      await rbacApi.ruleSetAttribute(row.id, "sort", next);
      toast.success("排序已更新");
      onSaved();
    } catch {
      setValue(row.sort);
    } finally {
      setBusy(false);
    }
  };
  return (
    <InputNumber
      size="small"
      min={0}
      max={100000}
      precision={0}
      value={value}
      disabled={disabled || busy}
      onChange={setValue}
      onBlur={save}
      onPressEnter={save}
      style={{ width: 72 }}
      data-testid="menu-sort"
    />
  );
}

/** 菜单管理 (/permission/menu): the rule tree (menus and permissions) as a tree table. */
export function MenuPage() {
  const title = useScreenTitle("菜单管理");
  const can = usePermission();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState("");
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const list = useQuery({ queryKey: ["ruleList"], queryFn: rbacApi.ruleList });
  const tree = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => filterMenuTree(tree, keyword), [tree, keyword]);
  const rows = useMemo(() => menuRows(shown), [shown]);
  const everyId = useMemo(() => allRuleIds(shown), [shown]);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ["ruleList"] });
    void qc.invalidateQueries({ queryKey: ["roleTree"] });
  };
  const canSet = can(CALLS.ruleSetAttribute);

  const remove = async (row: MenuRow) => {
    try {
      await rbacApi.ruleDelete(row.id);
      toast.success("删除成功");
      refresh();
    } catch {
      /* 409 while it has children: the API client shows the message */
    }
  };

  const columns: TableColumnsType<MenuRow> = [
    {
      title: "名称",
      dataIndex: "title",
      width: 220,
      render: (v: string, r) => {
        const shownTitle = menuTitle(v, config.showVersionName);
        return (
          <span data-testid="menu-title" data-id={r.id}>
            {r.is_menu ? menuIcon(r.icon, r.pid === 0) : null} {shownTitle || <span className="yk-muted">（无标题）</span>}
            {shownTitle !== v ? (
              <Tooltip title={`完整名称：${v}`}>
                <Tag bordered={false} style={{ marginInlineStart: 6, fontSize: 11 }}>
                  {v.slice(shownTitle.length)}
                </Tag>
              </Tooltip>
            ) : null}
          </span>
        );
      },
    },
    {
      title: "类型",
      dataIndex: "is_menu",
      width: 92,
      render: (v: number, r) => (
        <StatusSwitch
          testId="menu-is-menu"
          value={v}
          on="菜单"
          off="权限"
          disabled={!canSet}
          onToggle={async (next) => {
            await rbacApi.ruleSetAttribute(r.id, "is_menu", next);
            refresh();
          }}
        />
      ),
    },
    { title: "规则标识", dataIndex: "name", width: 190, ellipsis: true, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: "路由地址", dataIndex: "url", width: 170, ellipsis: true },
    { title: "组件路径", dataIndex: "componentsUrl", width: 150, ellipsis: true, render: (v: string) => v || <span className="yk-muted">—</span> },
    {
      title: "图标",
      dataIndex: "icon",
      width: 60,
      align: "center",
      render: (v: string) => (v ? <Tooltip title={v}>{menuIcon(v, true)}</Tooltip> : <span className="yk-muted">—</span>),
    },
    { title: "排序", dataIndex: "sort", width: 90, render: (_, r) => <SortCell row={r} disabled={!canSet} onSaved={refresh} /> },
    {
      title: "状态",
      dataIndex: "status",
      width: 84,
      render: (v: number, r) => (
        <StatusSwitch
          testId="menu-status"
          value={v}
          disabled={!canSet}
          onToggle={async (next) => {
            await rbacApi.ruleSetAttribute(r.id, "status", next);
            refresh();
          }}
        />
      ),
    },
    {
      title: "操作",
      key: "op",
      width: 150,
      fixed: "right",
      render: (_, r) => (
        <Space size={2} className="yk-row-actions">
          {can(CALLS.ruleSave) && r.is_menu ? (
            <a onClick={() => setEditing({ mode: "new", pid: r.id })} data-testid="menu-add-child">
              添加子项
            </a>
          ) : null}
          {can(CALLS.ruleUpdate) ? (
            <a onClick={() => setEditing({ mode: "edit", row: r })} data-testid="menu-edit">
              编辑
            </a>
          ) : null}
          {can(CALLS.ruleDelete) ? (
            <Popconfirm
              title="删除规则"
              description={r.children?.length ? "该菜单下还有子项，请先删除子项。" : `确定删除「${r.title}」吗？`}
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true, "data-testid": "menu-delete-ok" }}
              onConfirm={() => remove(r)}
            >
              <a className="yk-danger-link" data-testid="menu-delete">
                删除
              </a>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  const expandedKeys = keyword ? everyId : (expanded ?? everyId);
  return (
    <div className="yk-page" data-testid="menu-page-admin">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <div className="yk-filter-bar">
          <Input.Search
            allowClear
            placeholder="名称、标识或路由"
            onChange={(e) => setKeyword(e.target.value)}
            style={{ width: 240 }}
            data-testid="menu-search"
          />
          <Button onClick={() => setExpanded(expandedKeys.length ? [] : everyId)} data-testid="menu-expand-toggle">
            {expandedKeys.length ? "全部收起" : "全部展开"}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            刷新
          </Button>
          <div className="yk-topbar-spacer" />
          {can(CALLS.ruleSave) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: "new", pid: 0 })} data-testid="menu-add">
              新增菜单
            </Button>
          ) : null}
        </div>
        <Table<MenuRow>
          rowKey="id"
          size="small"
          data-testid="menu-table"
          loading={list.isFetching}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 1180 }}
          expandable={{
            expandedRowKeys: expandedKeys,
            onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
          }}
        />
      </Card>
      <RuleModal
        tree={tree}
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

function RuleModal({ tree, editing, onClose, onSaved }: { tree: readonly MenuNode[]; editing: Editing; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<RuleValues>();
  const [saving, setSaving] = useState(false);
  const open = editing !== null;
  const row = editing?.mode === "edit" ? editing.row : null;
  const isMenu = Form.useWatch("is_menu", form);
  const icon = Form.useWatch("icon", form);
  const parents = useMemo(() => parentOptions(tree, row?.id ?? 0, config.showVersionName), [tree, row]);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === "edit") {
      const r = editing.row;
      form.setFieldsValue({
        pid: r.pid,
        is_menu: r.is_menu,
        title: r.title,
        name: r.name,
        url: r.url,
        componentsUrl: r.componentsUrl,
        activeMenu: r.activeMenu,
        icon: r.icon,
        redirect: r.redirect,
        sort: r.sort,
        status: r.status === 1,
      });
    } else {
      form.setFieldsValue({
        pid: editing.pid,
        is_menu: 1,
        title: "",
        name: "",
        url: "",
        componentsUrl: "",
        activeMenu: "",
        icon: "",
        redirect: "",
        sort: 0,
        status: true,
      });
    }
  }, [editing, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    const payload = {
      pid: v.pid ?? 0,
      is_menu: v.is_menu,
      title: v.title.trim(),
      name: v.name.trim(),
      url: (v.url ?? "").trim(),
      componentsUrl: (v.componentsUrl ?? "").trim(),
      activeMenu: (v.activeMenu ?? "").trim(),
      icon: (v.icon ?? "").trim(),
      redirect: (v.redirect ?? "").trim(),
      sort: v.sort ?? 0,
      status: v.status ? 1 : 0,
    };
    try {
      if (row) await rbacApi.ruleUpdate({ id: row.id, ...payload });
      else await rbacApi.ruleSave(payload);
      toast.success(row ? "保存成功" : "新增成功");
      onSaved();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };

  const f = AuthRuleFields.shape;
  return (
    <Modal
      title={row ? `编辑：${row.title}` : editing?.mode === "new" && editing.pid ? "新增子项" : "新增菜单"}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      width={720}
      destroyOnHidden
      okButtonProps={{ "data-testid": "menu-form-submit" }}
    >
      <Form form={form} layout="vertical" data-testid="menu-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="上级菜单" name="pid">
              <TreeSelect treeData={parents} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: "title" }} data-testid="menu-form-pid" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="类型" name="is_menu">
              <Radio.Group
                optionType="button"
                data-testid="menu-form-is-menu"
                options={[
                  { value: 1, label: "菜单" },
                  { value: 0, label: "权限（按钮）" },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="名称" name="title" rules={[{ required: true, whitespace: true, message: "请输入名称" }, zodRule(f.title)]}>
              <Input maxLength={60} placeholder="如：角色管理" data-testid="menu-form-title" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="规则标识"
              name="name"
              tooltip="菜单填视图名（如 RoleManage）；权限填它放行的接口路径（如 /middle/auth_group/save）"
              rules={[{ required: true, whitespace: true, message: "请输入规则标识" }, zodRule(f.name)]}
            >
              <Input maxLength={120} placeholder={isMenu === 0 ? "/middle/…" : "RoleManage"} data-testid="menu-form-name" />
            </Form.Item>
          </Col>
          {isMenu === 0 ? null : (
            <>
              <Col span={12}>
                <Form.Item label="路由地址" name="url" rules={[zodRule(f.url)]}>
                  <Input placeholder="/permission/role 或 https://…" data-testid="menu-form-url" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  label="组件路径"
                  name="componentsUrl"
                  tooltip="页面组件，如 permission/role；不存在的组件会显示“模块不存在”"
                  rules={[zodRule(f.componentsUrl)]}
                >
                  <Input placeholder="permission/role" data-testid="menu-form-components-url" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="图标" name="icon" rules={[zodRule(f.icon)]}>
                  <Input placeholder="如 SafetyOutlined" prefix={icon ? menuIcon(icon, true) : null} data-testid="menu-form-icon" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="高亮菜单" name="activeMenu" tooltip="打开本页时高亮的菜单路由（详情页等隐藏路由使用）" rules={[zodRule(f.activeMenu)]}>
                  <Input placeholder="/permission/role" data-testid="menu-form-active-menu" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="重定向" name="redirect" rules={[zodRule(f.redirect)]}>
                  <Input placeholder="可选" data-testid="menu-form-redirect" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={6}>
            <Form.Item label="排序" name="sort" rules={[zodRule(f.sort)]}>
              <InputNumber min={0} max={100000} precision={0} style={{ width: "100%" }} data-testid="menu-form-sort" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="状态" name="status" valuePropName="checked">
              <Switch checkedChildren="启用" unCheckedChildren="禁用" data-testid="menu-form-status" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

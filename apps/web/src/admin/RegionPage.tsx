import { CALLS, REGION_LEVELS, REGION_MAX_LEVEL, type RegionNode, RegionSave } from "@yanke/protocol";
import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { App, Button, Card, Col, Form, Input, InputNumber, Modal, Row, Space, Table, Tag } from "antd";
import { useEffect, useState } from "react";
import { toast } from "../api/toast";
import { usePermission } from "../rbac/usePermission";
import { basicApi } from "./basic-api";
import { useScreenTitle, zodRule } from "./common";
import { childCodePrefix, regionById, regionRows, type RegionRow } from "./region-tree";
import { useRegionTree } from "./useRegionTree";

interface RegionFormValues {
  name: string;
  region_code: string;
  sort: number;
}
type Editing = { kind: "new"; parent: RegionNode | null } | { kind: "edit"; row: RegionNode } | null;

const f = RegionSave.shape;

/** 区域管理 (/basic/region): the region tree, each level fetched when it is first expanded. */
export function RegionPage() {
  const title = useScreenTitle("区域管理");
  const can = usePermission();
  const { modal } = App.useApp();
  const { state, load } = useRegionTree();
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<RegionFormValues>();
  useEffect(() => {
    void load(0);
  }, [load]);
  const rows = regionRows(state);
  const byId = regionById(state);

  const reloadParent = (pid: number) => void load(pid, true);

  const remove = (r: RegionNode) =>
    modal.confirm({
      title: "删除区域",
      content: `确定删除「${r.full_name || r.name}」吗？有下级区域或学校的区域不能删除。`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": "region-delete-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          await basicApi.regionDelete(r.id);
          toast.success("删除成功");
          reloadParent(r.pid);
        } catch {
          /* shown by the API client */
        }
      },
    });

  const submit = async () => {
    if (!editing) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      const body = { name: v.name.trim(), region_code: v.region_code.trim(), sort: v.sort ?? 0 };
      if (editing.kind === "edit") {
        await basicApi.regionUpdate({ id: editing.row.id, ...body });
        reloadParent(editing.row.pid);
      } else {
        const pid = editing.parent?.id ?? 0;
        await basicApi.regionSave({ pid, ...body });
        reloadParent(pid);
        if (pid) setExpanded((e) => (e.includes(pid) ? e : [...e, pid]));
      }
      toast.success(editing.kind === "edit" ? "保存成功" : "新增成功");
      setEditing(null);
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };

  const openNew = (parent: RegionNode | null) => {
    setEditing({ kind: "new", parent });
    form.resetFields();
    form.setFieldsValue({ name: "", region_code: childCodePrefix(parent ?? undefined), sort: 0 });
  };
  const openEdit = (row: RegionNode) => {
    setEditing({ kind: "edit", row });
    form.resetFields();
    form.setFieldsValue({ name: row.name, region_code: row.region_code, sort: row.sort });
  };

  const parentName =
    editing?.kind === "new" ? editing.parent?.full_name || editing.parent?.name || "" : editing?.kind === "edit" ? (byId.get(editing.row.pid)?.name ?? "") : "";
  return (
    <div className="yk-page" data-testid="region-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <div className="yk-filter-bar">
          {can(CALLS.regionSave) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openNew(null)} data-testid="region-add">
              新增顶级区域
            </Button>
          ) : null}
          <div className="yk-topbar-spacer" />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              setExpanded([]);
              void load(0, true);
            }}
            data-testid="region-reload"
          >
            刷新
          </Button>
        </div>
        <Table<RegionRow>
          rowKey="id"
          size="small"
          data-testid="region-tree"
          loading={state.loading.has(0)}
          dataSource={rows}
          pagination={false}
          expandable={{
            expandedRowKeys: [...expanded],
            onExpand: (open, r) => {
              setExpanded((e) => (open ? [...e, r.id] : e.filter((id) => id !== r.id)));
              if (open && !state.children.has(r.id)) void load(r.id);
            },
          }}
          columns={[
            {
              title: "区域名称",
              dataIndex: "name",
              render: (v: string, r) => (
                <span data-testid="region-row" data-id={r.id} data-level={r.level}>
                  <b>{v}</b>
                  {state.loading.has(r.id) ? <span className="yk-muted">（加载中…）</span> : null}
                </span>
              ),
            },
            { title: "级别", dataIndex: "level", width: 80, render: (v: number) => <Tag bordered={false}>{REGION_LEVELS[v] ?? v}</Tag> },
            { title: "区域编码", dataIndex: "region_code", width: 110, render: (v: string) => <span className="yk-mono">{v}</span> },
            {
              title: "省 / 市 / 区县编码",
              key: "codes",
              width: 220,
              render: (_, r) => <span className="yk-muted yk-mono">{[r.province_code, r.city_code, r.area_code].filter(Boolean).join(" / ") || "—"}</span>,
            },
            { title: "学校数", dataIndex: "school_count", width: 80, align: "right" },
            { title: "排序", dataIndex: "sort", width: 64 },
            {
              title: "操作",
              key: "op",
              width: 170,
              render: (_, r) => (
                <Space size={2} className="yk-row-actions">
                  {can(CALLS.regionSave) && r.level < REGION_MAX_LEVEL ? (
                    <a onClick={() => openNew(r)} data-testid="region-add-child">
                      添加下级
                    </a>
                  ) : null}
                  {can(CALLS.regionUpdate) ? (
                    <a onClick={() => openEdit(r)} data-testid="region-edit">
                      编辑
                    </a>
                  ) : null}
                  {can(CALLS.regionDelete) ? (
                    <a className="yk-danger-link" onClick={() => remove(r)} data-testid="region-delete">
                      删除
                    </a>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        title={<span data-testid="region-form-title">{editing?.kind === "edit" ? "编辑区域" : editing?.parent ? "添加下级区域" : "新增顶级区域"}</span>}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        maskClosable={false}
        forceRender
        footer={
          <Space>
            <Button onClick={() => setEditing(null)}>取消</Button>
            <Button type="primary" loading={saving} onClick={submit} data-testid="region-submit">
              保存
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" autoComplete="off" data-testid="region-form">
          {parentName ? (
            <Form.Item label="上级区域">
              <Input value={parentName} disabled />
            </Form.Item>
          ) : null}
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item label="区域名称" name="name" rules={[{ required: true, whitespace: true, message: "请输入区域名称" }, zodRule(f.name)]}>
                <Input maxLength={50} placeholder="如：兴庆区" data-testid="region-form-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="区域编码"
                name="region_code"
                rules={[{ required: true, message: "请输入区域编码" }, zodRule(f.region_code)]}
                extra="6 位行政区划代码，如 640104"
              >
                <Input maxLength={6} data-testid="region-form-code" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="排序" name="sort">
                <InputNumber min={0} max={100000} precision={0} style={{ width: "100%" }} data-testid="region-form-sort" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Modal>
    </div>
  );
}

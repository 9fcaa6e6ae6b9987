/** 听课目标 (c294–c297): the platform's and the school's tags a listen-evaluate record picks. */
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListenTargetRow } from "@yanke/protocol";
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag, type TableColumnsType } from "antd";
import { useEffect, useState } from "react";
import { toast } from "../../api/toast";
import { indicatorApi } from "./indicator-api";

export function ListenTargetTab({ canCreate }: { canCreate: boolean }) {
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState("");
  const [editing, setEditing] = useState<ListenTargetRow | "new" | null>(null);
  const q = useQuery({ queryKey: ["listen-target", keyword], queryFn: () => indicatorApi.targets({ keyword }) });
  const refresh = () => void qc.invalidateQueries({ queryKey: ["listen-target"] });
  const [form] = Form.useForm<{ name: string; sort?: number | null }>();
  useEffect(() => {
    if (editing === "new") form.setFieldsValue({ name: "", sort: null });
    else if (editing) form.setFieldsValue({ name: editing.name, sort: editing.sort });
  }, [editing, form]);

  const submit = async () => {
    const v = await form.validateFields();
    // No sort given: a new target goes last (the server numbers it).
    const body = { name: v.name, ...(typeof v.sort === "number" ? { sort: v.sort } : {}) };
    try {
      if (editing === "new") await indicatorApi.saveTarget(body);
      else if (editing) await indicatorApi.updateTarget({ id: editing.id, ...body });
      toast.success("保存成功");
      setEditing(null);
      refresh();
    } catch {
      /* shown by the API client */
    }
  };
  const toggle = async (r: ListenTargetRow, on: boolean) => {
    try {
      await indicatorApi.updateTarget({ id: r.id, status: on ? 1 : 0 });
      refresh();
    } catch {
      /* shown by the API client */
    }
  };
  const remove = async (r: ListenTargetRow) => {
    try {
      await indicatorApi.removeTarget(r.id);
      toast.success("删除成功");
      refresh();
    } catch {
      /* shown by the API client */
    }
  };

  const columns: TableColumnsType<ListenTargetRow> = [
    { title: "序号", key: "no", width: 70, render: (_, __, i) => i + 1 },
    { title: "听课目标", dataIndex: "name", render: (v: string) => <span data-testid="target-row-name">{v}</span> },
    {
      title: "来源",
      dataIndex: "school_name",
      width: 160,
      render: (v: string, r) => <Tag color={r.school_id === 0 ? "geekblue" : "green"}>{r.school_id === 0 ? "平台" : v}</Tag>,
    },
    { title: "排序", dataIndex: "sort", width: 80 },
    {
      title: "状态",
      dataIndex: "status",
      width: 100,
      render: (v: number, r) => (
        <Switch size="small" checked={v === 1} disabled={!r.editable} checkedChildren="启用" unCheckedChildren="停用" onChange={(on) => void toggle(r, on)} />
      ),
    },
    {
      title: "操作",
      key: "op",
      width: 160,
      render: (_, r) =>
        r.editable ? (
          <Space size={0}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid="target-row-edit">
              编辑
            </Button>
            <Popconfirm title={`删除听课目标「${r.name}」？`} okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => remove(r)}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="target-row-delete">
                删除
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <span className="yk-muted">只读</span>
        ),
    },
  ];

  return (
    <div data-testid="listen-target-tab">
      <div className="yk-filter-bar" style={{ display: "flex", gap: 8, marginBottom: 12 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="搜索听课目标"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ width: 240 }}
          data-testid="target-search"
        />
        {canCreate ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="target-add">
            新增听课目标
          </Button>
        ) : null}
      </div>
      <Table rowKey="id" size="middle" columns={columns} dataSource={q.data?.list ?? []} loading={q.isLoading} pagination={false} data-testid="target-table" />
      <Modal
        open={editing !== null}
        title={editing === "new" ? "新增听课目标" : "编辑听课目标"}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
        okButtonProps={{ "data-testid": "target-ok" }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label="听课目标"
            rules={[
              { required: true, whitespace: true, message: "请输入听课目标名称" },
              { max: 30, message: "听课目标不能超过 30 个字符" },
            ]}
          >
            <Input maxLength={30} placeholder="如：课堂提问" data-testid="target-name" />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={9999} precision={0} placeholder="默认排在最后" style={{ width: 160 }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

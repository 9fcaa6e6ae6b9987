import { PlusOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, CALLS, type RosterRow, RosterSave } from "@yanke/protocol";
import { Alert, Button, Drawer, Form, Input, Modal, Popconfirm, Space, Table, Tag } from "antd";
import type { Rule } from "antd/es/form";
import { useState } from "react";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { usePermission } from "../rbac/usePermission";
import { tablePagination } from "./common";

type Field = "account" | "name" | "phone" | "school_code" | "subject" | "password";

/** antd rule from the shared zod schema (the first issue on the field). */
function zodRule(field: Field, optional = false): Rule {
  return {
    validator: async (_r, value: unknown) => {
      if (optional && (value === undefined || value === "")) return;
      const shape = RosterSave.shape[field];
      const r = shape.safeParse(value ?? "");
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? "格式不正确");
    },
  };
}

function RosterForm({ editing, onClose, onSaved }: { editing: RosterRow | "new" | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<RosterSave>();
  const [saving, setSaving] = useState(false);
  const isNew = editing === "new";
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !editing) return;
    setSaving(true);
    try {
      if (editing === "new") await call(calls.rosterSave, { ...v });
      else {
        const { password, ...rest } = v;
        await call(calls.rosterUpdate, { id: editing.id, ...rest, ...(password ? { password } : {}) });
      }
      toast.success(isNew ? "登记成功" : "修改成功");
      onSaved();
      onClose();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={isNew ? "登记名册教师" : "修改名册教师"}
      open={editing !== null}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ "data-testid": "roster-form-submit" }}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          editing && editing !== "new"
            ? { account: editing.account, name: editing.name, phone: editing.phone, school_code: editing.school_code, subject: editing.subject }
            : {}
        }
      >
        <Form.Item label="名册账号" name="account" rules={[{ required: true, message: "请输入名册账号" }, zodRule("account")]}>
          <Input data-testid="roster-account" placeholder="字母、数字或 _ . @ -" />
        </Form.Item>
        <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: "请输入姓名" }, zodRule("name")]}>
          <Input data-testid="roster-name" />
        </Form.Item>
        <Space size={12} style={{ display: "flex" }}>
          <Form.Item label="学校编码" name="school_code" rules={[zodRule("school_code", true)]} style={{ flex: 1 }}>
            <Input data-testid="roster-code" placeholder="如 640104001" />
          </Form.Item>
          <Form.Item label="学科" name="subject" rules={[zodRule("subject", true)]} style={{ flex: 1 }}>
            <Input data-testid="roster-subject" />
          </Form.Item>
        </Space>
        <Form.Item label="手机号" name="phone" rules={[zodRule("phone", true)]}>
          <Input data-testid="roster-phone" />
        </Form.Item>
        <Form.Item
          label={isNew ? "名册密码" : "名册密码（不改请留空）"}
          name="password"
          rules={[...(isNew ? [{ required: true, message: "请输入名册密码" }] : []), zodRule("password", !isNew)]}
          extra="教师绑定平台账号时用它校验身份"
        >
          <Input.Password data-testid="roster-password" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 教师名册: the local teacher directory (decision 0443) that 同步教育云 reads and 绑定教育云账号 checks, while the platform
 * has no regional cloud. With a remote directory configured it only says so.
 */
export function RosterDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const can = usePermission();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState("");
  const [query, setQuery] = useState({ page: 1, limit: 10, keyword: "" });
  const [editing, setEditing] = useState<RosterRow | "new" | null>(null);
  const q = useQuery({
    queryKey: ["roster", query],
    queryFn: () => call(calls.rosterList, { page: query.page, limit: query.limit, ...(query.keyword ? { keyword: query.keyword } : {}) }),
    enabled: open,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ["roster"] });
  const remove = async (r: RosterRow) => {
    try {
      await call(calls.rosterDelete, { id: r.id });
      toast.success("删除成功");
      refresh();
    } catch {
      /* shown by the API client */
    }
  };
  const remote = q.data?.directory === "remote";
  return (
    <Drawer title="教师名册（本地目录）" open={open} onClose={onClose} size="large" destroyOnHidden data-testid="roster-drawer">
      {remote ? (
        <Alert type="info" showIcon title="本平台已接入区域教育云目录服务，教师名册由教育云维护。" />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="未接入区域教育云时，本名册即为区域教师目录：「同步教育云」按名册新建或更新教师账号，教师用名册账号和密码「绑定教育云账号」。"
          />
          <Space style={{ marginBottom: 12 }}>
            <Input.Search
              allowClear
              placeholder="账号或姓名"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => setQuery({ ...query, page: 1, keyword: v.trim() })}
              style={{ width: 220 }}
              data-testid="roster-search"
            />
            {can(CALLS.rosterSave) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="roster-add">
                登记教师
              </Button>
            ) : null}
          </Space>
          <Table<RosterRow>
            rowKey="id"
            size="small"
            loading={q.isFetching}
            dataSource={q.data?.list ?? []}
            data-testid="roster-table"
            pagination={tablePagination({ page: query.page, limit: query.limit }, q.data?.total ?? 0, (next) => setQuery({ ...query, ...next }))}
            columns={[
              { title: "名册账号", dataIndex: "account", width: 110, render: (v: string) => <b>{v}</b> },
              { title: "姓名", dataIndex: "name", width: 80 },
              { title: "学校", dataIndex: "school_title", render: (v: string, r) => v || <span className="yk-muted">{r.school_code || "—"}</span> },
              { title: "学科", dataIndex: "subject", width: 70 },
              {
                title: "平台账号",
                dataIndex: "bound_username",
                width: 110,
                render: (v: string) => (v ? <Tag color="green">{v}</Tag> : <span className="yk-muted">未绑定</span>),
              },
              {
                title: "操作",
                width: 110,
                render: (_: unknown, r) => (
                  <Space size={8}>
                    {can(CALLS.rosterUpdate) ? <a onClick={() => setEditing(r)}>编辑</a> : null}
                    {can(CALLS.rosterDelete) ? (
                      <Popconfirm title={`确定删除名册教师「${r.name}」吗？`} okText="删除" cancelText="取消" onConfirm={() => remove(r)}>
                        <a style={{ color: "#c0392b" }}>删除</a>
                      </Popconfirm>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
      <RosterForm editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </Drawer>
  );
}

import { calls } from "@yanke/protocol";
import { Alert, Form, Input, Modal } from "antd";
import { useState } from "react";
import { call } from "../api/client";
import { toast } from "../api/toast";

interface Values {
  es_account: string;
  es_password: string;
}

/**
 * 绑定教育云账号 (c036): the teacher proves the directory account with its password (the regional cloud's, or the
 * district roster's when the platform uses its local directory); the server keeps only the directory id.
 */
export function BindEsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      const r = await call(calls.teacherEsBind, { es_account: v.es_account.trim(), es_password: v.es_password });
      toast.success(`绑定成功：${r.es_name || r.es_account}`);
      onClose();
    } catch {
      /* the API client has shown the server's message */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="绑定教育云账号"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="绑定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      width={440}
      okButtonProps={{ "data-testid": "bind-es-submit" }}
      modalRender={(node) => <div data-testid="bind-es-dialog">{node}</div>}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="输入区域教育云（或区教师名册）中的账号和密码，校验通过后与本平台账号绑定。密码只用于校验，不会保存。"
      />
      <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
        <Form.Item
          label="教育云账号"
          name="es_account"
          rules={[
            { required: true, whitespace: true, message: "请输入区域教育云账号" },
            { max: 64, message: "区域教育云账号不能超过 64 个字符" },
          ]}
        >
          <Input data-testid="bind-es-account" autoComplete="off" placeholder="请输入区域教育云账号" />
        </Form.Item>
        <Form.Item label="教育云密码" name="es_password" rules={[{ required: true, message: "请输入区域教育云密码" }]}>
          <Input.Password data-testid="bind-es-password" autoComplete="off" placeholder="请输入区域教育云密码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { ChangePasswordPayload } from "@yanke/protocol";
import { Form, Input, Modal } from "antd";
import type { Rule } from "antd/es/form";
import { useState } from "react";
import { toast } from "../api/toast";
import { changePassword, logout } from "../session/auth";
import { useSession } from "../session/store";

interface Values {
  username: string;
  old_password: string;
  password: string;
  password_confirmation: string;
}

type Field = "old_password" | "password" | "password_confirmation";

/** antd rule from the shared zod schema: the first issue on this field, judged on the whole form. */
function zodRule(field: Field): Rule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const v: Partial<Values> = getFieldsValue();
      if (!v[field]) return; // the required rule speaks for an empty field
      const r = ChangePasswordPayload.safeParse({
        old_password: v.old_password ?? "",
        password: v.password ?? "",
        password_confirmation: v.password_confirmation ?? "",
      });
      if (r.success) return;
      const issue = r.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}

/** §2/§5 change-password dialog: username read-only; old, new and confirmation required; success '修改成功' then logout. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSession();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await changePassword({ old_password: v.old_password, password: v.password, password_confirmation: v.password_confirmation });
      toast.success("修改成功");
      onClose();
      await logout();
    } catch {
      /* the API client has shown the server's message */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      width={440}
      okButtonProps={{ "data-testid": "cp-submit" }}
      cancelButtonProps={{ "data-testid": "cp-cancel" }}
      modalRender={(node) => <div data-testid="change-password-dialog">{node}</div>}
    >
      <Form form={form} layout="vertical" requiredMark preserve={false} initialValues={{ username: session.username || session.realname }} onFinish={submit}>
        <Form.Item label="用户名" name="username">
          <Input data-testid="cp-username" readOnly disabled />
        </Form.Item>
        <Form.Item label="旧密码" name="old_password" rules={[{ required: true, message: "请输入旧密码" }, zodRule("old_password")]}>
          <Input.Password data-testid="cp-old" autoComplete="current-password" placeholder="请输入旧密码" />
        </Form.Item>
        <Form.Item label="新密码" name="password" dependencies={["old_password"]} rules={[{ required: true, message: "请输入新密码" }, zodRule("password")]}>
          <Input.Password data-testid="cp-new" autoComplete="new-password" placeholder="6 到 64 位，须同时包含字母和数字" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="password_confirmation"
          dependencies={["password"]}
          rules={[{ required: true, message: "请再次输入新密码" }, zodRule("password_confirmation")]}
        >
          <Input.Password data-testid="cp-confirm" autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}

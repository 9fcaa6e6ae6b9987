import { AccountFields, CALLS, PASSWORD_RULE, ROLE_NAMES, zNewPassword, type AccountRow } from "@yanke/protocol";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Space, Switch } from "antd";
import { useEffect, useState } from "react";
import { toast } from "../api/toast";
import { normalizeSchoolEntries } from "../switcher/switcher";
import { useSchoolEntries } from "../switcher/useSchoolEntries";
import { usePermission } from "../rbac/usePermission";
import { useAppState } from "../session/store";
import { accountFormValues, accountSavePayload, accountUpdatePayload, schemaFieldErrors, type AccountFormValues } from "./account-form";
import { rbacApi } from "./api";
import { useAllSchools, usePeriods } from "./pickers";
import { DRAWER_WIDTH, zodRule } from "./common";

export const IDENTITY_OPTIONS = [1, 2, 3, 4, 5].map((v) => ({ value: v, label: ROLE_NAMES[v] ?? String(v) }));

/** Create / edit an account (drawer). Validated with the protocol's AccountSave / AccountUpdate rules. */
export function AccountForm({
  editing,
  onClose,
  onSaved,
  knownSchools = [],
}: {
  editing: AccountRow | "new" | null;
  onClose: () => void;
  onSaved: () => void;
  /** Schools seen in the list (the full school list arrives with #4). */
  knownSchools?: readonly { id: number; name: string }[];
}) {
  const [form] = Form.useForm<AccountFormValues>();
  const [saving, setSaving] = useState(false);
  const open = editing !== null;
  const row = editing && editing !== "new" ? editing : null;
  const session = useAppState((s) => s.session);
  const changing = Form.useWatch("changePassword", form);
  const schoolId = Form.useWatch("school_id", form);
  const schools = useAllSchools(row ? [{ id: row.school_id, name: row.school_name }, ...knownSchools] : knownSchools);
  const entries = normalizeSchoolEntries(useSchoolEntries().data ?? []);
  const listed = usePeriods(schoolId || undefined, Boolean(schoolId));
  const own = entries.find((e) => e.id === schoolId)?.period_arr ?? [];
  // The school's periods (list calls, #4), else those of the caller's own school entries (c046).
  const periods = listed.length ? listed.map((p) => ({ id: p.value, name: p.label })) : own;
  const can = usePermission();
  const groups = useQuery({ queryKey: ["groupOptions"], enabled: open && can(CALLS.groupOptions), queryFn: rbacApi.groupOptions });
  const groupOptions = (groups.data ?? []).filter((g) => !g.school_id || !schoolId || g.school_id === schoolId).map((g) => ({ value: g.id, label: g.title }));
  const showPasswords = !row || changing === true;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? accountFormValues(row)
        : { identity: 2, status: true, school_id: session.school_id || undefined, period_id: session.period_id || undefined, changePassword: false },
    );
  }, [open, row, form, session.school_id, session.period_id]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const payload = row ? accountUpdatePayload(row.id, v) : accountSavePayload(v);
    const verdict = schemaFieldErrors(payload, !row);
    if (verdict.fields.length || verdict.other.length) {
      form.setFields(verdict.fields);
      if (verdict.other[0]) toast.error(verdict.other[0]);
      return;
    }
    setSaving(true);
    try {
      if (row) await rbacApi.accountUpdate(accountUpdatePayload(row.id, v));
      else await rbacApi.accountSave(accountSavePayload(v));
      toast.success(row ? "保存成功" : "新增成功");
      onSaved();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };

  const f = AccountFields.shape;
  return (
    <Drawer
      title={row ? `编辑账号：${row.realname || row.username}` : "新增账号"}
      open={open}
      onClose={onClose}
      size={DRAWER_WIDTH}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="account-form-submit">
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="account-form" autoComplete="off">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="账号" name="username" rules={[{ required: true, whitespace: true, message: "请输入账号" }, zodRule(f.username)]}>
              <Input maxLength={64} placeholder="字母、数字或 _ . @ -" data-testid="account-form-username" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="姓名" name="realname" rules={[{ required: true, whitespace: true, message: "请输入姓名" }, zodRule(f.realname)]}>
              <Input maxLength={30} data-testid="account-form-realname" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="手机号" name="telephone" rules={[zodRule(f.telephone)]}>
              <Input maxLength={20} placeholder="选填" data-testid="account-form-telephone" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="身份" name="identity" rules={[{ required: true, message: "请选择身份" }, zodRule(f.identity)]}>
              <Select options={IDENTITY_OPTIONS} data-testid="account-form-identity" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="学校" name="school_id">
              <Select
                allowClear
                placeholder="不属于学校"
                options={[{ value: 0, label: "不属于学校（区级、平台）" }, ...schools]}
                data-testid="account-form-school"
                onChange={() => form.setFieldsValue({ period_id: undefined })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="学段" name="period_id">
              <Select
                allowClear
                placeholder={periods.length ? "选择学段" : "该学校暂无学段"}
                disabled={!periods.length}
                options={periods.map((p) => ({ value: p.id, label: p.name || `学段 ${p.id}` }))}
                data-testid="account-form-period"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="角色" name="group_id" rules={can(CALLS.groupOptions) ? [{ required: true, message: "请选择角色" }] : []}>
              <Select
                showSearch={{ optionFilterProp: "label" }}
                placeholder="选择角色"
                loading={groups.isLoading}
                options={groupOptions}
                data-testid="account-form-role"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="职称" name="reputation" rules={[zodRule(f.reputation)]}>
              <Input maxLength={30} placeholder="如：一级教师" data-testid="account-form-reputation" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="入职年份" name="entry_year" rules={[zodRule(f.entry_year)]}>
              <InputNumber min={1950} max={2100} precision={0} style={{ width: "100%" }} placeholder="如 2015" data-testid="account-form-entry-year" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="状态" name="status" valuePropName="checked">
              <Switch checkedChildren="启用" unCheckedChildren="禁用" data-testid="account-form-status" />
            </Form.Item>
          </Col>
          {row ? (
            <Col span={24}>
              <Form.Item name="changePassword" valuePropName="checked" style={{ marginBottom: 8 }}>
                <Switch checkedChildren="修改密码" unCheckedChildren="不修改密码" data-testid="account-form-change-password" />
              </Form.Item>
            </Col>
          ) : null}
          {showPasswords ? (
            <>
              <Col span={24}>
                <Alert type="info" showIcon title={PASSWORD_RULE} style={{ marginBottom: 12 }} />
              </Col>
              <Col span={12}>
                <Form.Item label="密码" name="password" rules={[{ required: true, message: "请输入密码" }, zodRule(zNewPassword)]}>
                  <Input.Password autoComplete="new-password" data-testid="account-form-password" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  label="确认密码"
                  name="password_confirmation"
                  dependencies={["password"]}
                  rules={[
                    { required: true, message: "请再次输入密码" },
                    ({ getFieldValue }) => ({
                      validator: async (_r, value: unknown) => {
                        if (value && value !== getFieldValue("password")) throw new Error("两次输入的密码不一致");
                      },
                    }),
                  ]}
                >
                  <Input.Password autoComplete="new-password" data-testid="account-form-password-confirmation" />
                </Form.Item>
              </Col>
            </>
          ) : null}
        </Row>
      </Form>
    </Drawer>
  );
}

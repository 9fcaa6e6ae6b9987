import { CALLS, type SettingKey, type SettingRow, SETTINGS, WebsiteFields, type WebsiteInfo } from "@yanke/protocol";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Card, Col, Form, Input, InputNumber, Row, Space, Table, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { toast } from "../api/toast";
import { usePermission } from "../rbac/usePermission";
import { useAppState } from "../session/store";
import { useScreenTitle, zodRule } from "./common";
import { SchoolSelect } from "./pickers";
import { platformApi } from "./platform-api";

type WebsiteValues = Pick<WebsiteInfo, "name" | "logo_url" | "host" | "support" | "phone" | "work_time" | "icp">;
const WF = WebsiteFields.shape;
const FIELDS: { key: keyof WebsiteValues; label: string; max: number; placeholder: string }[] = [
  { key: "name", label: "平台名称", max: 50, placeholder: "如：研课教研平台" },
  { key: "logo_url", label: "平台标志地址", max: 500, placeholder: "https://… 或 /uploads/…" },
  { key: "host", label: "主办单位", max: 100, placeholder: "如：××区教育局" },
  { key: "support", label: "技术支持", max: 100, placeholder: "" },
  { key: "phone", label: "联系电话", max: 50, placeholder: "0951-1234567" },
  { key: "work_time", label: "工作时间", max: 50, placeholder: "周一至周五 9:00-17:00" },
  { key: "icp", label: "ICP 备案号", max: 40, placeholder: "宁ICP备12345678号-1" },
];

function WebsiteForm() {
  const can = usePermission();
  const qc = useQueryClient();
  const ownSchool = useAppState((s) => s.session.school_id);
  const [schoolId, setSchoolId] = useState<number>(0);
  const [form] = Form.useForm<WebsiteValues>();
  const [saving, setSaving] = useState(false);
  const q = useQuery({ queryKey: ["website", schoolId], queryFn: () => platformApi.website(schoolId || undefined) });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const canEdit = can(CALLS.websiteUpdate);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await platformApi.websiteUpdate({ ...v, school_id: schoolId });
      toast.success("平台信息已保存");
      void qc.invalidateQueries({ queryKey: ["website"] });
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      size="small"
      title="平台信息（前台页脚）"
      extra={
        <Space>
          <span className="yk-muted">适用于</span>
          <SchoolSelect
            testId="website-school"
            width={200}
            placeholder={ownSchool ? "我的学校" : "全平台"}
            value={schoolId || undefined}
            onChange={(v) => setSchoolId(v ?? 0)}
          />
        </Space>
      }
    >
      {schoolId ? <Typography.Paragraph type="secondary">学校的信息留空的项使用全平台的设置。</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" disabled={!canEdit} data-testid="website-form">
        <Row gutter={16}>
          {FIELDS.map((f) => (
            <Col key={f.key} xs={24} md={12}>
              <Form.Item label={f.label} name={f.key} rules={[zodRule(WF[f.key])]}>
                <Input maxLength={f.max} placeholder={f.placeholder} data-testid={`website-${f.key}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {canEdit ? (
          <Button type="primary" loading={saving} onClick={submit} data-testid="website-submit">
            保存平台信息
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}

function isSettingKey(k: string): k is SettingKey {
  return Object.hasOwn(SETTINGS, k);
}

function SettingEditor({ row, onSaved }: { row: SettingRow; onSaved: () => void }) {
  const can = usePermission();
  const [value, setValue] = useState<string>(String(row.value ?? ""));
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(String(row.value ?? "")), [row.value]);
  const def = isSettingKey(row.key) ? SETTINGS[row.key] : undefined;
  const numeric = typeof row.default_value === "number";
  const save = async () => {
    const parsed = def ? def.schema.safeParse(numeric ? Number(value) : value) : { success: true as const };
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "格式不正确");
      return;
    }
    setError("");
    setSaving(true);
    try {
      await platformApi.settingUpdate(row.key, numeric ? Number(value) : value);
      toast.success("设置已保存");
      onSaved();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };
  const editable = can(CALLS.systemUpdate);
  return (
    <Space orientation="vertical" size={2} style={{ width: "100%" }}>
      <Space.Compact style={{ width: "100%" }}>
        {numeric ? (
          <InputNumber
            value={Number(value)}
            onChange={(v) => setValue(String(v ?? ""))}
            disabled={!editable}
            style={{ width: 160 }}
            data-testid={`setting-${row.key}`}
          />
        ) : String(row.default_value ?? "").length > 30 ? (
          <Input.TextArea
            value={value}
            onChange={(e) => setValue(e.target.value)}
            disabled={!editable}
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid={`setting-${row.key}`}
          />
        ) : (
          <Input value={value} onChange={(e) => setValue(e.target.value)} disabled={!editable} data-testid={`setting-${row.key}`} />
        )}
        {editable ? (
          <Button type="primary" loading={saving} onClick={save} data-testid={`setting-${row.key}-save`}>
            保存
          </Button>
        ) : null}
      </Space.Compact>
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Space>
  );
}

function SettingsTable() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ["settings"], queryFn: platformApi.settings });
  const rows = Array.isArray(q.data) ? q.data : [];
  return (
    <Card size="small" title="系统设置">
      <Table<SettingRow>
        size="small"
        rowKey="key"
        loading={q.isFetching}
        dataSource={rows}
        pagination={false}
        data-testid="settings-table"
        columns={[
          {
            title: "设置项",
            dataIndex: "title",
            width: 260,
            render: (v: string, r) => (
              <div>
                <b>{v}</b>
                <div className="yk-muted yk-mono" style={{ fontSize: 12 }}>
                  {r.key}
                </div>
              </div>
            ),
          },
          { title: "值", key: "value", render: (_, r) => <SettingEditor row={r} onSaved={() => void qc.invalidateQueries({ queryKey: ["settings"] })} /> },
          {
            title: "状态",
            dataIndex: "updated_at",
            width: 170,
            render: (v: string) => (v ? <span className="yk-muted">修改于 {v}</span> : <Tag bordered={false}>默认值</Tag>),
          },
        ]}
      />
    </Card>
  );
}

/** 平台设置 (/platform/setting): the footer's platform information and the named settings (ai_capacity …). */
export function PlatformSettingPage() {
  const title = useScreenTitle("平台设置");
  const can = usePermission();
  return (
    <div className="yk-page" data-testid="platform-setting-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <Space orientation="vertical" size={12} style={{ width: "100%" }}>
          <WebsiteForm />
          {can(CALLS.systemList) ? <SettingsTable /> : null}
        </Space>
      </Card>
    </div>
  );
}

import { type AuthCodeRow, AuthVerifyPayload, CALLS, type MandateAnswer, MandatePayload } from "@yanke/protocol";
import { SafetyCertificateOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, AutoComplete, Button, Card, Col, Descriptions, Form, Input, Row, Table, Tag } from "antd";
import { useState } from "react";
import { ApiError } from "../api/client";
import { toast } from "../api/toast";
import { usePermission } from "../rbac/usePermission";
import { FIRST_PAGE, tablePagination, useScreenTitle, zodRule, type PageState } from "./common";
import { platformApi } from "./platform-api";

/** Application codes offered as suggestions (any code the server knows can be typed). */
export const KNOWN_APPS = [
  { value: "platform", label: "platform · 平台" },
  { value: "ai", label: "ai · 课堂智能分析" },
  { value: "live", label: "live · 直播巡课" },
];

/** One line describing an application's authorization. */
export function mandateText(m: MandateAnswer): string {
  if (!m.activated) return m.expires_at ? `已过期（${m.expires_at}）` : "未授权";
  return `已授权，有效期至 ${m.expires_at}（剩余 ${m.days_left} 天）${m.capacity ? `，容量 ${m.capacity}` : ""}`;
}

function MandateView({ m }: { m: MandateAnswer }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      data-testid="mandate-status"
      data-activated={m.activated ? 1 : 0}
      items={[
        { key: "a", label: "应用", children: m.apply_code },
        { key: "s", label: "状态", children: m.activated ? <Tag color="success">已授权</Tag> : <Tag color="error">{m.expires_at ? "已过期" : "未授权"}</Tag> },
        { key: "e", label: "有效期至", children: m.expires_at || "—" },
        { key: "d", label: "剩余天数", children: m.activated ? `${m.days_left} 天` : "—" },
        { key: "c", label: "容量", children: m.capacity || "—" },
      ]}
    />
  );
}

interface VerifyValues {
  authorization_code: string;
  type: string;
}

/** 授权码 (/platform/authCode): verify a code (the refusal shown in full), an application's status (mandate), codes used. */
export function AuthCodePage() {
  const title = useScreenTitle("授权码");
  const can = usePermission();
  const qc = useQueryClient();
  const [form] = Form.useForm<VerifyValues>();
  const [verifying, setVerifying] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true; m: MandateAnswer } | { ok: false; msg: string } | null>(null);
  const [app, setApp] = useState("platform");
  const [asked, setAsked] = useState("platform");
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const mandate = useQuery({
    queryKey: ["mandate", asked],
    enabled: MandatePayload.safeParse({ apply_code: asked }).success,
    queryFn: () => platformApi.mandate(asked),
    retry: false,
  });
  const codes = useQuery({
    queryKey: ["authCodes", paging],
    enabled: can(CALLS.authCodeList),
    placeholderData: keepPreviousData,
    queryFn: () => platformApi.authCodes({ page: paging.page, limit: paging.limit }),
  });

  const verify = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setVerifying(true);
    setOutcome(null);
    try {
      const m = await platformApi.authVerify(v.authorization_code.trim(), v.type.trim());
      setOutcome({ ok: true, m });
      toast.success("授权码验证通过，已激活");
      setAsked(v.type.trim());
      setApp(v.type.trim());
      void qc.invalidateQueries({ queryKey: ["mandate"] });
      void qc.invalidateQueries({ queryKey: ["authCodes"] });
    } catch (e) {
      setOutcome({ ok: false, msg: e instanceof ApiError ? e.message : "验证失败，请稍后重试" });
    } finally {
      setVerifying(false);
    }
  };

  const f = AuthVerifyPayload.shape;
  return (
    <div className="yk-page" data-testid="authcode-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <Row gutter={16}>
          {can(CALLS.authVerify) ? (
            <Col xs={24} xl={12}>
              <Card size="small" title="验证授权码">
                <Form form={form} layout="vertical" initialValues={{ type: "platform", authorization_code: "" }} data-testid="authcode-form">
                  <Form.Item label="应用" name="type" rules={[zodRule(f.type, { skipEmpty: false })]}>
                    <AutoComplete options={KNOWN_APPS} data-testid="authcode-app" placeholder="应用编码，如 ai" />
                  </Form.Item>
                  <Form.Item label="授权码" name="authorization_code" rules={[zodRule(f.authorization_code, { skipEmpty: false })]}>
                    <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} placeholder="粘贴厂商提供的授权码" data-testid="authcode-code" />
                  </Form.Item>
                  <Button type="primary" icon={<SafetyCertificateOutlined />} loading={verifying} onClick={verify} data-testid="authcode-verify">
                    验证并激活
                  </Button>
                </Form>
                {outcome ? (
                  <div style={{ marginTop: 12 }} data-testid="authcode-result" data-ok={outcome.ok ? 1 : 0}>
                    {outcome.ok ? (
                      <Alert type="success" showIcon title={mandateText(outcome.m)} />
                    ) : (
                      <Alert type="error" showIcon title="授权码未通过验证" description={outcome.msg} data-testid="authcode-refusal" />
                    )}
                  </div>
                ) : null}
              </Card>
            </Col>
          ) : null}
          <Col xs={24} xl={12}>
            <Card size="small" title="应用授权状态">
              <div className="yk-filter-bar">
                <AutoComplete options={KNOWN_APPS} value={app} onChange={(v: string) => setApp(v)} style={{ width: 220 }} data-testid="mandate-app" />
                <Button icon={<SearchOutlined />} onClick={() => setAsked(app.trim())} data-testid="mandate-query">
                  查询
                </Button>
              </div>
              {mandate.data ? <MandateView m={mandate.data} /> : mandate.isFetching ? null : <span className="yk-muted">输入应用编码后查询</span>}
            </Card>
          </Col>
        </Row>
        {can(CALLS.authCodeList) ? (
          <Card size="small" title="已使用的授权码" style={{ marginTop: 16 }}>
            <Table<AuthCodeRow>
              size="small"
              rowKey="id"
              data-testid="authcode-table"
              loading={codes.isFetching}
              dataSource={codes.data?.list ?? []}
              pagination={tablePagination(paging, codes.data?.total ?? 0, setPaging)}
              columns={[
                { title: "授权码编号", dataIndex: "code_id", ellipsis: true, render: (v: string) => <span className="yk-mono">{v}</span> },
                { title: "应用", dataIndex: "apply_code", width: 90 },
                { title: "容量", dataIndex: "capacity", width: 70 },
                { title: "有效期至", dataIndex: "expires_at", width: 160, render: (v: string, r) => (r.expired ? <Tag color="error">{v} 已过期</Tag> : v) },
                { title: "激活时间", dataIndex: "activated_at", width: 160 },
                { title: "激活人", dataIndex: "activated_by_name", width: 100 },
              ]}
            />
          </Card>
        ) : null}
      </Card>
    </div>
  );
}

import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from "@ant-design/icons";
import { LoginPayload } from "@yanke/protocol";
import { Alert, Button, Divider, Form, Input } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../api/client";
import { config } from "../config";
import { login } from "../session/auth";

interface Values {
  username: string;
  password: string;
}

const FEATURES = [
  { title: "听评课", text: "远程与精准听课，按指标评课，课后反思沉淀" },
  { title: "集体备课", text: "教材目录协同编辑，版本可追溯" },
  { title: "AI 课堂分析", text: "师生行为与课堂对话自动分析，生成报告" },
];

/** /login: account + password, and the SSO button when configured (§2, §4). */
export function LoginPage() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState("");

  const onFinish = async (v: Values) => {
    const parsed = LoginPayload.safeParse(v);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "请检查账号和密码");
      return;
    }
    setSubmitting(true);
    setError("");
    try {
      const url = await login(parsed.data.username, parsed.data.password);
      void navigate(url, { replace: true });
    } catch (e) {
      // Codes the client swallows on the login route (1025/1028) are shown here instead.
      if (e instanceof ApiError && !e.handled) setError(e.message || "登录失败，请重试");
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="yk-login">
      <section className="yk-login-hero" aria-hidden="true">
        <div className="yk-login-hero-inner">
          <div className="yk-login-logo">
            <span className="yk-brand-mark yk-brand-mark-lg">研</span>
            <div>
              <div className="yk-login-name">{config.platformName}</div>
              <div className="yk-login-tagline">教研与听评课平台</div>
            </div>
          </div>
          <h1 className="yk-login-slogan">
            让每一堂课
            <br />
            都被认真看见
          </h1>
          <ul className="yk-login-features">
            {FEATURES.map((f) => (
              <li key={f.title}>
                <b>{f.title}</b>
                <span>{f.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <svg className="yk-login-waves" viewBox="0 0 600 200" preserveAspectRatio="none" aria-hidden="true">
          <path d="M0 120 C 150 60 300 180 600 100 L600 200 L0 200 Z" fill="rgba(255,255,255,0.06)" />
          <path d="M0 150 C 200 100 350 200 600 140 L600 200 L0 200 Z" fill="rgba(255,255,255,0.08)" />
        </svg>
      </section>
      <section className="yk-login-panel">
        <div className="yk-login-card" data-testid="login-card">
          <h2>账号登录</h2>
          <p className="yk-login-sub">欢迎回来，请使用平台账号登录</p>
          {error ? <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 16 }} /> : null}
          <Form<Values> layout="vertical" size="large" onFinish={onFinish} requiredMark={false} data-testid="login-form" autoComplete="on">
            <Form.Item name="username" label="账号" rules={[{ required: true, whitespace: true, message: "请输入账号" }]}>
              <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" data-testid="login-username" maxLength={64} />
            </Form.Item>
            <Form.Item name="password" label="密码" rules={[{ required: true, message: "请输入密码" }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" data-testid="login-password" maxLength={128} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
              登录
            </Button>
          </Form>
          {config.sso.enabled ? (
            <>
              <Divider plain className="yk-login-divider" style={{ margin: "20px 0 16px" }}>
                或
              </Divider>
              <Button
                block
                size="large"
                icon={<SafetyCertificateOutlined />}
                data-testid="login-sso"
                onClick={() => window.location.assign(config.sso.authorizeUrl)}
              >
                统一身份认证登录
              </Button>
            </>
          ) : null}
        </div>
        <footer className="yk-login-footer">
          © {new Date().getFullYear()} {config.platformName} · 建议使用 Chrome、Firefox 或 Edge 浏览器
        </footer>
      </section>
    </div>
  );
}

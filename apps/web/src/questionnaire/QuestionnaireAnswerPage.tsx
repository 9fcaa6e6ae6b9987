/**
 * 填写问卷 (/questionnaire/answer?id= in every edition, NINGXIA's /add?id=): phone-first, one column. The questions
 * follow the skip rules (questionPath), answers are saved as the respondent goes (webQuestionnaireDraft, ~800 ms after
 * the last change) and restored from the form call on reload; submit checks every question on the path
 * (checkAnswer) and asks for a confirmation. A questionnaire that needs a login shows a login box on the page itself,
 * so the respondent comes back to the same questionnaire. Anonymous respondents are told apart by a random browser key.
 */
import { CheckCircleFilled, ClockCircleOutlined, StopOutlined } from "@ant-design/icons";
import { checkAnswer, questionPath, type AnswerValue, type Answers, type QuestionnaireForm } from "@yanke/protocol";
import { App, Button, Card, Form, Input, Progress, Result, Skeleton } from "antd";
import dayjs from "../dayjs";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../api/client";
import { login } from "../session/auth";
import { useAppState } from "../session/store";
import { qnApi, browserKey } from "./api";
import { QuestionInputs } from "./QuestionInputs";

const AUTOSAVE_MS = 800;
const LOGIN_CODES = new Set([401, 1025, 1028]);

type Load = { kind: "loading" } | { kind: "login" } | { kind: "error"; msg: string } | { kind: "form"; form: QuestionnaireForm };

export function QuestionnaireAnswerPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? "");
  const token = useAppState((s) => s.session.token);
  const [load, setLoad] = useState<Load>({ kind: "loading" });

  const fetchForm = useCallback(async () => {
    if (!Number.isInteger(id) || id <= 0) {
      setLoad({ kind: "error", msg: "问卷链接不完整，请检查链接中的问卷编号" });
      return;
    }
    setLoad({ kind: "loading" });
    try {
      const form = await qnApi.form(id, token ? undefined : browserKey(), { quiet: true });
      setLoad({ kind: "form", form });
    } catch (e) {
      if (e instanceof ApiError && LOGIN_CODES.has(e.code) && !token) setLoad({ kind: "login" });
      else setLoad({ kind: "error", msg: e instanceof ApiError && e.message ? e.message : "问卷加载失败，请稍后重试" });
    }
  }, [id, token]);

  useEffect(() => {
    void fetchForm();
  }, [fetchForm]);

  return (
    <div data-testid="QuestionnaireAnswerPage" style={{ maxWidth: 680, margin: "0 auto", padding: "12px 12px 96px", minHeight: "100%" }}>
      {load.kind === "loading" ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : load.kind === "login" ? (
        <LoginBox />
      ) : load.kind === "error" ? (
        <Result status="warning" title="无法打开问卷" subTitle={load.msg} data-testid="qn-load-error" />
      ) : (
        <Answering form={load.form} keyOf={token ? undefined : browserKey()} />
      )}
    </div>
  );
}

/** The login the questionnaire asks for, on the page itself: signing in reloads the form for the account. */
function LoginBox() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  return (
    <Card title="请先登录" data-testid="qn-login">
      <p style={{ color: "#5f6b66", marginTop: 0 }}>这份问卷需要登录后填写，登录后将回到本问卷。</p>
      <Form
        layout="vertical"
        onFinish={async (v: { username: string; password: string }) => {
          setBusy(true);
          setError("");
          try {
            await login(v.username, v.password);
          } catch (e) {
            if (e instanceof ApiError && !e.handled) setError(e.message || "登录失败，请重试");
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="username" label="账号" rules={[{ required: true, message: "请输入账号" }]}>
          <Input size="large" autoComplete="username" data-testid="qn-login-username" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: "请输入密码" }]}>
          <Input.Password size="large" autoComplete="current-password" data-testid="qn-login-password" />
        </Form.Item>
        {error ? <div style={{ color: "#ff4d4f", marginBottom: 12 }}>{error}</div> : null}
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="qn-login-submit">
          登录并填写
        </Button>
      </Form>
    </Card>
  );
}

const timeOf = (s: string | null | undefined) => (s ? dayjs(s).format("HH:mm:ss") : "");

function Answering({ form, keyOf }: { form: QuestionnaireForm; keyOf: string | undefined }) {
  const { modal } = App.useApp();
  const [answers, setAnswers] = useState<Answers>(form.answers ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [savedAt, setSavedAt] = useState<string | null>(form.saved_at);
  const [saveState, setSaveState] = useState<"idle" | "saving" | "failed">("idle");
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(answers);
  latest.current = answers;

  const save = useCallback(async () => {
    setSaveState("saving");
    try {
      const r = await qnApi.draft(form.id, keyOf, latest.current);
      setSavedAt(r.saved_at);
      setSaveState("idle");
    } catch {
      setSaveState("failed");
    }
  }, [form.id, keyOf]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  if (form.state !== "open" || submitted) {
    return <Closed form={form} submittedAt={submitted} />;
  }

  const path = questionPath(form.questions, answers);
  const done = path.filter((q) => !checkAnswer(q, answers[q.id], false) && answers[q.id] !== undefined).length;

  const change = (qid: string, v: AnswerValue | undefined) => {
    setAnswers((a) => {
      const next = { ...a };
      if (v === undefined) delete next[qid];
      else next[qid] = v;
      return next;
    });
    const q = form.questions.find((x) => x.id === qid);
    setErrors((e) => {
      const { [qid]: _gone, ...rest } = e;
      const problem = q ? checkAnswer(q, v, false) : undefined;
      return problem ? { ...rest, [qid]: problem } : rest;
    });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
  };

  const submit = () => {
    const found: Record<string, string> = {};
    for (const q of path) {
      const p = checkAnswer(q, answers[q.id], true);
      if (p) found[q.id] = p;
    }
    setErrors(found);
    const first = path.find((q) => found[q.id]);
    if (first) {
      document.getElementById(`qn-q-${first.id}`)?.scrollIntoView({ behavior: "smooth", block: "center" });
      return;
    }
    modal.confirm({
      title: "提交问卷",
      content: form.once_per_user ? "提交后不能再修改，确定提交吗？" : "确定提交吗？",
      okText: "提交",
      cancelText: "再看看",
      okButtonProps: { "data-testid": "qn-submit-ok" },
      onOk: async () => {
        if (timer.current) clearTimeout(timer.current);
        setSubmitting(true);
        try {
          const r = await qnApi.submit(form.id, keyOf, answers);
          setSubmitted(r.submitted_at || dayjs().format("YYYY-MM-DD HH:mm:ss"));
          window.scrollTo({ top: 0 });
        } catch {
          /* shown by the API client */
        } finally {
          setSubmitting(false);
        }
      },
    });
  };

  return (
    <div>
      <div style={{ padding: "4px 0 6px" }}>
        <Progress percent={path.length ? Math.round((done / path.length) * 100) : 0} format={() => `${done}/${path.length}`} data-testid="qn-progress" />
        <div style={{ fontSize: 12, color: saveState === "failed" ? "#ff4d4f" : "#8a9690", minHeight: 18 }} data-testid="qn-saved">
          {saveState === "saving" ? "正在保存…" : saveState === "failed" ? "自动保存失败，请检查网络" : savedAt ? `已自动保存 ${timeOf(savedAt)}` : ""}
        </div>
      </div>
      <div style={{ background: "#fff", borderRadius: 10, padding: 16, marginBottom: 14, border: "1px solid #e8ece9" }}>
        <h1 style={{ fontSize: 20, margin: "0 0 6px", lineHeight: 1.4 }} data-testid="qn-title">
          {form.title}
        </h1>
        {form.introduce ? <div style={{ color: "#5f6b66", whiteSpace: "pre-wrap", fontSize: 14 }}>{form.introduce}</div> : null}
        <div style={{ color: "#8a9690", fontSize: 12, marginTop: 6 }}>
          {form.anonymous ? "匿名问卷 · " : ""}
          {form.end_time ? `截止 ${form.end_time}` : "带 * 为必答题"}
        </div>
      </div>
      <QuestionInputs questions={form.questions} answers={answers} errors={errors} onChange={change} />
      <Button
        type="primary"
        size="large"
        block
        style={{ marginTop: 18, height: 48, fontSize: 16 }}
        onClick={submit}
        loading={submitting}
        data-testid="qn-submit"
      >
        提交问卷
      </Button>
    </div>
  );
}

function Closed({ form, submittedAt }: { form: QuestionnaireForm; submittedAt: string | null }) {
  if (submittedAt)
    return (
      <Result
        status="success"
        icon={<CheckCircleFilled />}
        title="提交成功，感谢您的参与！"
        subTitle={`《${form.title}》 · 提交于 ${submittedAt}`}
        data-testid="qn-thanks"
      />
    );
  if (form.state === "already_submitted")
    return (
      <Result
        status="success"
        title="您已填写过这份问卷"
        subTitle={`《${form.title}》${form.submitted_at ? ` · 提交于 ${form.submitted_at}` : ""}，感谢参与！`}
        data-testid="qn-already"
      />
    );
  if (form.state === "not_started")
    return (
      <Result
        icon={<ClockCircleOutlined style={{ color: "#1f8a5b" }} />}
        title="问卷尚未开始"
        subTitle={`《${form.title}》还没有开放填写，请稍后再来。`}
        data-testid="qn-not-started"
      />
    );
  return (
    <Result
      icon={<StopOutlined style={{ color: "#8a9690" }} />}
      title="问卷已结束"
      subTitle={`《${form.title}》已停止收集${form.end_time ? `（截止 ${form.end_time}）` : ""}，感谢关注。`}
      data-testid="qn-ended"
    />
  );
}

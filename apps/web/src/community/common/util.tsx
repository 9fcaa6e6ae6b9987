import { LockOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { useToken } from "../../session/store";

/** Whether a session is held: the front pages make calls that need login only then (platform.md §2 Access rules). */
export function useLoggedIn(): boolean {
  return useToken() !== "";
}

/** What an anonymous visitor sees where a part of a public page needs login. */
export function LoginHint({ text = "登录后查看", compact = false }: { text?: string; compact?: boolean }) {
  const navigate = useNavigate();
  return (
    <div
      data-testid="login-hint"
      style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 8, padding: compact ? "16px 0" : "32px 0", color: "#8a9690" }}
    >
      <LockOutlined style={{ fontSize: compact ? 22 : 30 }} />
      <div style={{ fontSize: 13 }}>{text}</div>
      <Button size="small" type="primary" onClick={() => navigate("/login")}>
        登录
      </Button>
    </div>
  );
}

/** 暂无数据 (platform.md §2) with an optional note. */
export function Empty({ note, compact = true }: { note?: string; compact?: boolean }) {
  return <EmptyState compact={compact} extra={note ? <span style={{ fontSize: 12 }}>{note}</span> : undefined} />;
}

/**
 * Text of stored rich text (notices): tags dropped, paragraphs and line breaks kept as new lines. Parsed by DOMParser,
 * which runs no script and loads nothing; the result is shown as text, never as HTML.
 */
export function plainText(html: string): string {
  if (!html) return "";
  const marked = html.replace(/<\s*br\s*\/?>/gi, "\n").replace(/<\/\s*(p|div|li|h[1-6])\s*>/gi, "\n");
  const doc = new DOMParser().parseFromString(marked, "text/html");
  return (doc.body.textContent ?? "").replace(/\n{3,}/g, "\n\n").trim();
}

/** "YYYY-MM-DD HH:mm:ss" → "YYYY-MM-DD HH:mm" (times are shown as the server sends them, Asia/Shanghai). */
export function minutes(t: string): string {
  return t ? t.slice(0, 16) : "";
}

/** A time span of an activity on one line: the end's date is left out when it is the start's day. */
export function span(start: string, end: string): string {
  if (!start) return "";
  if (!end) return minutes(start);
  return start.slice(0, 10) === end.slice(0, 10) ? `${minutes(start)} – ${end.slice(11, 16)}` : `${minutes(start)} – ${minutes(end)}`;
}

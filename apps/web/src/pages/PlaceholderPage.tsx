import { Card, Tag } from "antd";
import { useMatches } from "react-router";
import { EmptyState } from "../components/EmptyState";
import { deepestMeta } from "../router/meta";

/** A tidy page for a route whose content arrives with a later issue. */
export function PlaceholderPage() {
  const meta = deepestMeta(useMatches());
  const title = meta?.title ?? "页面";
  return (
    <div className="yk-page" data-testid="placeholder-page" data-issue={meta?.issue}>
      <Card
        title={<span data-testid="page-title">{title}</span>}
        extra={meta?.issue ? <Tag color="default">建设中 · #{meta.issue}</Tag> : null}
        variant="borderless"
      >
        <EmptyState extra={meta?.issue ? <span className="yk-muted">该页面将在 #{meta.issue} 中提供</span> : null} />
      </Card>
    </div>
  );
}

/** 发布 — being written (#7). */
export function AddArticlePage() {
  return <div className="yk-page" data-testid="AddArticlePage" />;
}

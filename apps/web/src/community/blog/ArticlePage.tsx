/** 文章 — being written (#7). */
export function ArticlePage() {
  return <div className="yk-page" data-testid="ArticlePage" />;
}

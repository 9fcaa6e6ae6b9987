/** 我的收藏 — being written (#7). */
export function CollectPage() {
  return <div className="yk-page" data-testid="CollectPage" />;
}

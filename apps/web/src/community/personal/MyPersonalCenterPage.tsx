/** 我的主页 — being written (#7). */
export function MyPersonalCenterPage() {
  return <div className="yk-page" data-testid="MyPersonalCenterPage" />;
}

/** 社区首页 — being written (#7). */
export function FrontHomePage() {
  return <div className="yk-page" data-testid="FrontHomePage" />;
}

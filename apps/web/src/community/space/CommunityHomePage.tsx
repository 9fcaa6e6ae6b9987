/** 社区首页 — being written (#7). */
export function CommunityHomePage() {
  return <div className="yk-page" data-testid="CommunityHomePage" />;
}

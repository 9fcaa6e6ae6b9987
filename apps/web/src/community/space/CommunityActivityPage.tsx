/** 社区活动 — being written (#7). */
export function CommunityActivityPage() {
  return <div className="yk-page" data-testid="CommunityActivityPage" />;
}

/** 通知公告 — being written (#7). */
export function CommunityNoticePage() {
  return <div className="yk-page" data-testid="CommunityNoticePage" />;
}

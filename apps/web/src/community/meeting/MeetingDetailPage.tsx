/** 会议详情 — being written (#7). */
export function MeetingDetailPage() {
  return <div className="yk-page" data-testid="MeetingDetailPage" />;
}

/** 会议列表 — being written (#7). */
export function MeetingListPage() {
  return <div className="yk-page" data-testid="MeetingListPage" />;
}

/** 会议 — being written (#7). */
export function MeetingPage() {
  return <div className="yk-page" data-testid="MeetingPage" />;
}

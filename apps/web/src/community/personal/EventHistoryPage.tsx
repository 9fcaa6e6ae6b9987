/** 活动历史 — being written (#7). */
export function EventHistoryPage() {
  return <div className="yk-page" data-testid="EventHistoryPage" />;
}

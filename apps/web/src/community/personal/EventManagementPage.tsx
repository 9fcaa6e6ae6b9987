/** 活动管理 — being written (#7). */
export function EventManagementPage() {
  return <div className="yk-page" data-testid="EventManagementPage" />;
}

/** 推荐活动 — being written (#7). */
export function RecommendedActivitiesPage() {
  return <div className="yk-page" data-testid="RecommendedActivitiesPage" />;
}

/** 教研活动 — being written (#7). */
export function TeachingActivitiesPage() {
  return <div className="yk-page" data-testid="TeachingActivitiesPage" />;
}
